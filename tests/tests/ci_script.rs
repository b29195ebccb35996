//! `.ci/run` ends with the README's test command, and that command runs every test suite even
//! when one of them fails (cargo stops at the first failing suite otherwise, and a flaky
//! suite would hide the results of all the suites after it).

use std::path::Path;

fn root() -> &'static Path {
    Path::new(concat!(env!("CARGO_MANIFEST_DIR"), "/.."))
}

/// The `cargo test` line of the README's first `sh` block, without its comment.
fn readme_test_command() -> String {
    let readme = std::fs::read_to_string(root().join("README.md")).expect("README.md");
    let block = readme
        .split("```sh\n")
        .nth(1)
        .and_then(|b| b.split("```").next())
        .expect("a sh block in the README");
    block
        .lines()
        .find(|l| l.starts_with("cargo test"))
        .map(|l| l.split('#').next().unwrap().trim().to_string())
        .expect("the README's test command")
}

#[test]
fn ci_runs_the_readme_test_command_through_every_suite() {
    let script = std::fs::read_to_string(root().join(".ci/run")).expect(".ci/run");
    let last = script
        .lines()
        .rev()
        .map(str::trim)
        .find(|l| !l.is_empty() && !l.starts_with('#'))
        .expect("a command");
    let readme = readme_test_command();
    assert_eq!(last, readme, "the last command of .ci/run");
    let words: Vec<&str> = last.split_whitespace().collect();
    for w in ["--workspace", "--no-fail-fast"] {
        assert!(words.contains(&w), "{last}: no {w}");
    }
    // The failure of any suite still fails the run.
    assert!(script.contains("set -euo pipefail"), "{script}");
}
