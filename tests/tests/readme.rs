//! Every example in the README works when pasted. Fenced blocks are run by their language:
//!
//! - ```` ```sh ````: shell commands, run by `bash -euo pipefail` in a scratch directory with
//!   the built `tessera` first on `PATH`. `cargo run --release --` stands for `tessera`;
//!   other `cargo` lines (the build and this very test) are skipped. The block must exit 0.
//! - ```` ```uci ````: protocol lines typed into `tessera`. Each is sent as a user would after
//!   the previous answer: the test waits for a `go` to be answered (`bestmove` or, for
//!   `go perft`, `Nodes searched`) before the next line, then closes the input. No line may
//!   be an `info string error`.
//! - Any other fence (```` ```text ````, a bare ```` ``` ````) is not run: synopses, output,
//!   layouts.

use std::io::{BufRead, BufReader, Read, Write};
use std::path::Path;
use std::process::{Command, Stdio};
use std::sync::mpsc;
use std::time::{Duration, Instant};

use tessera_tests::binary::tessera_bin;

/// The longest a block may take: README examples are meant to be quick.
const BLOCK_TIMEOUT: Duration = Duration::from_secs(120);

struct Block {
    lang: String,
    /// 1-based line of the opening fence, for messages.
    line: usize,
    text: String,
}

fn blocks(markdown: &str) -> Vec<Block> {
    let mut out = Vec::new();
    let mut open: Option<Block> = None;
    for (i, l) in markdown.lines().enumerate() {
        match (&mut open, l.trim_start().strip_prefix("```")) {
            (None, Some(lang)) => {
                open = Some(Block {
                    lang: lang.trim().to_string(),
                    line: i + 1,
                    text: String::new(),
                })
            }
            (Some(_), Some(_)) => out.push(open.take().expect("open block")),
            (Some(b), None) => {
                b.text.push_str(l);
                b.text.push('\n');
            }
            (None, None) => {}
        }
    }
    assert!(open.is_none(), "a fenced block is not closed");
    out
}

fn readme() -> String {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("../README.md");
    std::fs::read_to_string(path).expect("README.md")
}

fn scratch(name: &str) -> tessera_tests::scratch::Scratch {
    tessera_tests::scratch::scratch(&format!("readme-{name}"))
}

/// The shell script a `sh` block stands for.
fn shell_script(text: &str) -> String {
    let mut script = String::new();
    for line in text.lines() {
        let t = line.trim_start();
        if t.starts_with("cargo ") && !t.starts_with("cargo run") {
            continue;
        }
        let line = line
            .replace("cargo run --release -- ", "tessera ")
            .replace("cargo run --release", "tessera");
        script.push_str(&line);
        script.push('\n');
    }
    script
}

/// Waits for a child, killing it after `limit`; its stdout and stderr.
fn finish(mut child: std::process::Child, limit: Duration, what: &str) -> (bool, String, String) {
    let mut out = child.stdout.take().expect("piped");
    let mut err = child.stderr.take().expect("piped");
    let o = std::thread::spawn(move || {
        let mut s = String::new();
        let _ = out.read_to_string(&mut s);
        s
    });
    let e = std::thread::spawn(move || {
        let mut s = String::new();
        let _ = err.read_to_string(&mut s);
        s
    });
    let t0 = Instant::now();
    let status = loop {
        if let Some(st) = child.try_wait().expect("wait") {
            break st;
        }
        if t0.elapsed() > limit {
            let _ = child.kill();
            panic!("{what} ran longer than {limit:?}");
        }
        std::thread::sleep(Duration::from_millis(20));
    };
    (status.success(), o.join().unwrap(), e.join().unwrap())
}

fn run_sh(b: &Block, bin_dir: &Path) {
    let dir = scratch(&format!("sh{}", b.line));
    let path = format!(
        "{}:{}",
        bin_dir.display(),
        std::env::var("PATH").unwrap_or_default()
    );
    let child = Command::new("bash")
        .args(["-euo", "pipefail", "-c", &shell_script(&b.text)])
        .current_dir(&dir)
        .env("PATH", path)
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("bash");
    let what = format!("README block at line {}", b.line);
    let (ok, out, err) = finish(child, BLOCK_TIMEOUT, &what);
    assert!(
        ok,
        "{what} failed:\n{}\nstdout:\n{out}\nstderr:\n{err}",
        b.text
    );
    assert!(!err.contains("panicked"), "{what}: {err}");
}

fn run_uci(b: &Block) {
    let what = format!("README block at line {}", b.line);
    let mut child = Command::new(tessera_bin())
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("tessera");
    let mut stdin = child.stdin.take().expect("piped");
    let (tx, rx) = mpsc::channel();
    let stdout = child.stdout.take().expect("piped");
    std::thread::spawn(move || {
        for l in BufReader::new(stdout).lines() {
            let Ok(l) = l else { break };
            if tx.send(l).is_err() {
                break;
            }
        }
    });
    let mut lines = Vec::new();
    let deadline = Instant::now() + BLOCK_TIMEOUT;
    for cmd in b.text.lines() {
        writeln!(stdin, "{cmd}").expect("write");
        stdin.flush().unwrap();
        let answer = if cmd.trim_start().starts_with("go perft") {
            Some("Nodes searched")
        } else if cmd.trim_start().starts_with("go") {
            Some("bestmove")
        } else {
            None
        };
        let Some(answer) = answer else { continue };
        loop {
            let left = deadline.saturating_duration_since(Instant::now());
            let l = rx
                .recv_timeout(left)
                .unwrap_or_else(|_| panic!("{what}: no '{answer}' for '{cmd}': {lines:?}"));
            let done = l.starts_with(answer);
            lines.push(l);
            if done {
                break;
            }
        }
    }
    drop(stdin);
    let status = child.wait().expect("wait");
    lines.extend(rx.iter());
    let mut err = String::new();
    let _ = child.stderr.take().unwrap().read_to_string(&mut err);
    assert!(status.success(), "{what}: exit {status:?}: {err}");
    let errors: Vec<&String> = lines
        .iter()
        .filter(|l| l.starts_with("info string error"))
        .collect();
    assert!(errors.is_empty(), "{what}:\n{}\n{errors:?}", b.text);
}

#[test]
fn every_readme_example_runs() {
    let bin = tessera_bin();
    let bin_dir = bin.parent().expect("binary directory").to_path_buf();
    let all = blocks(&readme());
    let mut run = 0;
    for b in &all {
        match b.lang.as_str() {
            "sh" => run_sh(b, &bin_dir),
            "uci" => run_uci(b),
            _ => continue,
        }
        run += 1;
    }
    assert!(run >= 5, "only {run} README blocks are run");
}

#[test]
fn fences_are_read_and_cargo_lines_stand_for_the_binary() {
    let md = "text\n```sh\ncargo build --release\ncargo run --release -- perft --depth 1\n```\n```\nnot run\n```\n";
    let b = blocks(md);
    assert_eq!(b.len(), 2);
    assert_eq!((b[0].lang.as_str(), b[0].line), ("sh", 2));
    assert_eq!(shell_script(&b[0].text), "tessera perft --depth 1\n");
    assert_eq!(b[1].lang, "");
}
