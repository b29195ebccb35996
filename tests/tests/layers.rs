//! The engine's layers point one way: `core` imports nothing above it, `kits` only `core`,
//! games only `core`, `kits` and their own folder. Test code is exempt (a game's tests may
//! drive a searcher), so `tests.rs` files and what follows `#[cfg(test)]` are left out.

use std::fs;
use std::path::{Path, PathBuf};

fn engine_src() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../engine/src")
}

fn rust_files(dir: &Path, out: &mut Vec<PathBuf>) {
    for entry in fs::read_dir(dir).unwrap() {
        let path = entry.unwrap().path();
        if path.is_dir() {
            rust_files(&path, out);
        } else if path.extension().is_some_and(|e| e == "rs") {
            out.push(path);
        }
    }
}

/// The lines of a file that are not test code.
fn production_lines(path: &Path) -> Vec<(usize, String)> {
    // Test folders and files inside the engine's source (the source path itself lies below
    // this crate's `tests/`, so only the part inside `engine/src` is looked at).
    let inside = path.strip_prefix(engine_src()).unwrap_or(path);
    if inside.file_name().is_some_and(|n| n == "tests.rs")
        || inside.components().any(|c| c.as_os_str() == "tests")
    {
        return Vec::new();
    }
    let text = fs::read_to_string(path).unwrap();
    let mut out = Vec::new();
    for (i, line) in text.lines().enumerate() {
        if line.trim_start().starts_with("#[cfg(test)]") {
            // A test module or test helper: everything after it in these files is test code
            // (the project keeps test modules last).
            if text
                .lines()
                .skip(i + 1)
                .take(1)
                .any(|l| l.trim_start().starts_with("mod "))
            {
                break;
            }
            continue;
        }
        if line.trim_start().starts_with("//") {
            continue;
        }
        out.push((i + 1, line.to_string()));
    }
    out
}

/// Every import of `crate::<layer>` in the files below `folder`, for the layers given.
fn imports_of(folder: &str, layers: &[&str]) -> Vec<String> {
    let mut files = Vec::new();
    rust_files(&engine_src().join(folder), &mut files);
    let mut found = Vec::new();
    for f in files {
        for (n, line) in production_lines(&f) {
            for layer in layers {
                if line.contains(&format!("crate::{layer}::"))
                    || line.contains(&format!("crate::{layer};"))
                {
                    let shown = f.strip_prefix(engine_src()).unwrap().display().to_string();
                    found.push(format!("engine/src/{shown}:{n}: {}", line.trim()));
                }
            }
        }
    }
    found
}

#[test]
fn core_imports_nothing_above_it() {
    let found = imports_of(
        "core",
        &["kits", "games", "search", "faces", "tools", "tune"],
    );
    assert!(found.is_empty(), "core reaches up:\n{}", found.join("\n"));
}

#[test]
fn kits_import_only_core() {
    let found = imports_of("kits", &["games", "search", "faces", "tools", "tune"]);
    assert!(found.is_empty(), "a kit reaches up:\n{}", found.join("\n"));
}

#[test]
fn games_import_only_core_kits_and_themselves() {
    let found = imports_of("games", &["search", "faces", "tools", "tune"]);
    assert!(found.is_empty(), "a game reaches up:\n{}", found.join("\n"));
}

/// Imports from one game into another still standing, each a known debt: Booster reads and
/// writes its board through Adrenaline's FEN and notation code (Booster's position is
/// Adrenaline's plus cards). A new entry here needs a reason; the list only shrinks.
const KNOWN_CROSS_GAME: &[(&str, &str)] = &[("booster", "adrenaline")];

#[test]
fn a_game_imports_no_other_game() {
    let mut files = Vec::new();
    rust_files(&engine_src().join("games"), &mut files);
    let mut found = Vec::new();
    for f in files {
        let rel = f.strip_prefix(engine_src().join("games")).unwrap();
        let own = rel
            .components()
            .next()
            .unwrap()
            .as_os_str()
            .to_string_lossy()
            .to_string();
        let own = own.trim_end_matches(".rs").to_string();
        for (n, line) in production_lines(&f) {
            if let Some(rest) = line.split("crate::games::").nth(1) {
                let other: String = rest
                    .chars()
                    .take_while(|c| c.is_alphanumeric() || *c == '_')
                    .collect();
                if other != own && !KNOWN_CROSS_GAME.contains(&(own.as_str(), other.as_str())) {
                    found.push(format!("games/{}:{n}: {}", rel.display(), line.trim()));
                }
            }
        }
    }
    assert!(
        found.is_empty(),
        "a game reaches into another:\n{}",
        found.join("\n")
    );
}

/// The scan reads the engine's own files: the registry is seen importing every game.
#[test]
fn the_scan_reads_the_engine() {
    let found = imports_of("faces", &["games"]);
    assert!(found.len() >= 10, "{found:?}");
}

/// The checks above must be able to fail: a line importing a searcher is seen.
#[test]
fn the_scan_sees_an_import() {
    let dir = std::env::temp_dir().join(format!("tessera-layers-{}", std::process::id()));
    fs::create_dir_all(&dir).unwrap();
    let f = dir.join("mod.rs");
    fs::write(&f, "use crate::search::Limits;\n#[cfg(test)]\nmod tests {\n    use crate::faces::registry;\n}\n").unwrap();
    let lines = production_lines(&f);
    fs::remove_dir_all(&dir).unwrap();
    assert_eq!(lines.len(), 1);
    assert!(lines[0].1.contains("crate::search::"));
}
