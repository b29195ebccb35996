//! python-chess as a real UCI client of the `tessera` binary.

use std::path::Path;

use tessera_tests::binary::{python, tessera_bin};

fn run(mode: &str) {
    let script = concat!(env!("CARGO_MANIFEST_DIR"), "/python/uci_client.py");
    let bin = tessera_bin();
    let Some(o) = python(Path::new(script), &[bin.to_str().unwrap(), mode]) else {
        return;
    };
    let out = String::from_utf8_lossy(&o.stdout);
    let err = String::from_utf8_lossy(&o.stderr);
    assert!(o.status.success(), "{mode} failed:\n{out}\n{err}");
    println!("{out}");
}

#[test]
fn python_chess_analyses_with_a_time_limit() {
    run("analyse");
}

#[test]
fn python_chess_self_play_receives_only_legal_moves() {
    run("selfplay");
}

#[test]
fn python_chess_chess960_games() {
    run("chess960");
}
