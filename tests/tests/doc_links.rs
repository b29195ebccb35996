//! Every relative link of the documentation leads somewhere: each markdown link and image
//! (`[text](target)`, `![alt](target)`) in `README.md`, `DEVELOPING.md` and every `.md` file
//! under `docs/` names a file or directory of the repository that exists, relative to the
//! file holding it.
//! Web and mail links (`http:`, `https:`, `mailto:`) and links within the page (`#anchor`)
//! are not checked; a `#anchor` after a path is dropped (the path must exist, the anchor is
//! not looked up). Fenced code blocks and inline code are not markdown and are skipped.

use std::path::{Path, PathBuf};

/// One link as written: the 1-based line of its `[` and the target between the parentheses.
#[derive(Debug, PartialEq)]
struct Link {
    line: usize,
    target: String,
}

fn repo_root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("..")
        .canonicalize()
        .expect("the repository root")
}

/// The markdown files the check covers, in a fixed order.
fn doc_files(root: &Path) -> Vec<PathBuf> {
    fn walk(dir: &Path, out: &mut Vec<PathBuf>) {
        let mut entries: Vec<PathBuf> = std::fs::read_dir(dir)
            .unwrap_or_else(|e| panic!("cannot read {}: {e}", dir.display()))
            .map(|e| e.expect("a directory entry").path())
            .collect();
        entries.sort();
        for path in entries {
            if path.is_dir() {
                walk(&path, out);
            } else if path.extension().is_some_and(|x| x == "md") {
                out.push(path);
            }
        }
    }
    let mut files = vec![root.join("README.md"), root.join("DEVELOPING.md")];
    walk(&root.join("docs"), &mut files);
    files
}

/// The text with fenced code blocks and inline code spans blanked out (newlines kept, so
/// line numbers still count), leaving only what markdown reads as links.
fn prose(markdown: &str) -> String {
    let mut out = String::with_capacity(markdown.len());
    let mut fence: Option<&str> = None;
    for line in markdown.split_inclusive('\n') {
        let trimmed = line.trim_start();
        let marker = ["```", "~~~"].into_iter().find(|m| trimmed.starts_with(m));
        match (fence, marker) {
            (None, Some(m)) => fence = Some(m),
            (Some(open), Some(m)) if open == m => fence = None,
            (None, None) => {
                out.push_str(line);
                continue;
            }
            _ => {}
        }
        if line.ends_with('\n') {
            out.push('\n');
        }
    }
    without_code_spans(&out)
}

/// Blanks each inline code span: a run of N backticks up to the next run of exactly N.
/// A run with no closing run is left as it is, as markdown does.
fn without_code_spans(text: &str) -> String {
    let chars: Vec<char> = text.chars().collect();
    let run_at = |i: usize| chars[i..].iter().take_while(|&&c| c == '`').count();
    let mut out = String::with_capacity(text.len());
    let mut i = 0;
    while i < chars.len() {
        if chars[i] != '`' {
            out.push(chars[i]);
            i += 1;
            continue;
        }
        let n = run_at(i);
        let mut j = i + n;
        let mut close = None;
        while j < chars.len() {
            if chars[j] == '`' {
                let m = run_at(j);
                if m == n {
                    close = Some(j);
                    break;
                }
                j += m;
            } else {
                j += 1;
            }
        }
        match close {
            Some(j) => {
                for &c in &chars[i..j + n] {
                    if c == '\n' {
                        out.push('\n');
                    }
                }
                i = j + n;
            }
            None => {
                out.extend(&chars[i..i + n]);
                i += n;
            }
        }
    }
    out
}

/// Every `[text](target)` of the markdown, images and links nested in link text included.
fn links(markdown: &str) -> Vec<Link> {
    let chars: Vec<char> = prose(markdown).chars().collect();
    let mut found = Vec::new();
    for (open, &c) in chars.iter().enumerate() {
        if c != '[' || (open > 0 && chars[open - 1] == '\\') {
            continue;
        }
        let Some(close) = matching(&chars, open, '[', ']') else {
            continue;
        };
        if chars.get(close + 1) != Some(&'(') {
            continue;
        }
        let Some(end) = matching(&chars, close + 1, '(', ')') else {
            continue;
        };
        let inside: String = chars[close + 2..end].iter().collect();
        let inside = inside.trim();
        // `<target with spaces>` or `target "title"`.
        let target = match inside.strip_prefix('<') {
            Some(rest) => rest.split('>').next().unwrap_or_default().to_string(),
            None => inside
                .split_whitespace()
                .next()
                .unwrap_or_default()
                .to_string(),
        };
        let line = 1 + chars[..open].iter().filter(|&&c| c == '\n').count();
        found.push(Link { line, target });
    }
    found
}

/// The index of the bracket that closes the one at `open`, counting nested pairs and
/// skipping backslash-escaped brackets.
fn matching(chars: &[char], open: usize, left: char, right: char) -> Option<usize> {
    let mut depth = 0usize;
    for (i, &c) in chars.iter().enumerate().skip(open) {
        if i > open && chars[i - 1] == '\\' {
            continue;
        }
        if c == left {
            depth += 1;
        } else if c == right {
            depth -= 1;
            if depth == 0 {
                return Some(i);
            }
        }
    }
    None
}

/// Whether the link is one this check resolves on disk, and if so the path it names.
fn local_path(target: &str) -> Option<&str> {
    let lower = target.to_ascii_lowercase();
    if target.is_empty()
        || target.starts_with('#')
        || ["http:", "https:", "mailto:"]
            .iter()
            .any(|s| lower.starts_with(s))
    {
        return None;
    }
    let path = target.split('#').next().unwrap_or_default();
    (!path.is_empty()).then_some(path)
}

/// `file:line: target` for every link of `file` whose path does not exist, or lies outside
/// the repository.
fn broken_links(root: &Path, file: &Path) -> Vec<String> {
    let root = root.canonicalize().expect("the repository root exists");
    let text = std::fs::read_to_string(file)
        .unwrap_or_else(|e| panic!("cannot read {}: {e}", file.display()));
    let dir = file.parent().expect("a file has a directory");
    let canonical = file.canonicalize().unwrap_or_else(|_| file.to_path_buf());
    let shown = canonical
        .strip_prefix(&root)
        .unwrap_or(&canonical)
        .display()
        .to_string();
    links(&text)
        .into_iter()
        .filter_map(|link| {
            let path = local_path(&link.target)?;
            let resolved = match path.strip_prefix('/') {
                Some(from_root) => root.join(from_root),
                None => dir.join(path.replace("%20", " ")),
            };
            // A target outside the repository exists only on this machine, not in a clone.
            match resolved.canonicalize() {
                Err(_) => Some(format!("{shown}:{}: {}", link.line, link.target)),
                Ok(found) if !found.starts_with(&root) => Some(format!(
                    "{shown}:{}: {} (outside the repository)",
                    link.line, link.target
                )),
                Ok(_) => None,
            }
        })
        .collect()
}

#[test]
fn every_relative_link_in_the_docs_resolves() {
    let root = repo_root();
    let files = doc_files(&root);
    assert!(
        files.iter().any(|f| f.starts_with(root.join("docs"))),
        "no markdown file found under {}",
        root.join("docs").display()
    );
    let broken: Vec<String> = files.iter().flat_map(|f| broken_links(&root, f)).collect();
    assert!(
        broken.is_empty(),
        "{} broken relative link(s) in the docs:\n{}",
        broken.len(),
        broken.join("\n")
    );
}

#[test]
fn links_are_found_outside_code_and_across_lines() {
    let text = "See [a](a.md) and ![pic](img/p.png \"title\").\n\
                ```sh\n[not](code.md)\n```\n\
                Inline `[no](span.md)` is code; [`code` in\ntext](b.md#part) is a link.\n\
                [![badge](c.svg)](d/) and \\[escaped](e.md), [web](https://x.org).\n";
    let found: Vec<(usize, String)> = links(text)
        .into_iter()
        .map(|l| (l.line, l.target))
        .collect();
    let expected = [
        (1, "a.md"),
        (1, "img/p.png"),
        (5, "b.md#part"),
        (7, "d/"),
        (7, "c.svg"),
        (7, "https://x.org"),
    ];
    assert_eq!(found, expected.map(|(n, t)| (n, t.to_string())).to_vec());
    let checked: Vec<&str> = found.iter().filter_map(|(_, t)| local_path(t)).collect();
    assert_eq!(checked, vec!["a.md", "img/p.png", "b.md", "d/", "c.svg"]);
}

#[test]
fn a_missing_target_is_reported_with_its_file_and_line() {
    let dir = tessera_tests::scratch::scratch("doc-links");
    let root = dir.join("repo");
    std::fs::create_dir_all(root.join("docs/sub")).expect("docs/sub");
    std::fs::write(root.join("docs/here.md"), "x").expect("here.md");
    std::fs::write(dir.join("elsewhere.md"), "x").expect("elsewhere.md");
    std::fs::write(
        root.join("docs/sub/page.md"),
        "[ok](../here.md#top) [dir](../sub/)\n[gone](../missing.md#x) [self](#a)\n\
         [out](../../../elsewhere.md)\n",
    )
    .expect("page.md");
    assert_eq!(
        broken_links(&root, &root.join("docs/sub/page.md")),
        vec![
            "docs/sub/page.md:2: ../missing.md#x".to_string(),
            "docs/sub/page.md:3: ../../../elsewhere.md (outside the repository)".to_string(),
        ]
    );
}
