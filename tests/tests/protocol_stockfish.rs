//! Tessera against Stockfish 15.1 at `UCI_LimitStrength` Elo 1400, refereed by python-chess
//! on a real clock: no illegal move, crash or time forfeit by Tessera.

use std::path::Path;

use tessera_tests::binary::{python, tessera_bin};

const STOCKFISH: &str = "/usr/games/stockfish";

fn play(games: u32, base: &str, inc: &str) -> Option<String> {
    if !Path::new(STOCKFISH).exists() {
        assert!(
            std::env::var("CI").is_err(),
            "{STOCKFISH} is required under CI"
        );
        eprintln!("skipped: {STOCKFISH} is not installed");
        return None;
    }
    let script = concat!(env!("CARGO_MANIFEST_DIR"), "/python/stockfish_match.py");
    let bin = tessera_bin();
    let g = games.to_string();
    let o = python(
        Path::new(script),
        &[bin.to_str().unwrap(), STOCKFISH, &g, "1400", base, inc],
    )?;
    let out = String::from_utf8_lossy(&o.stdout).to_string();
    let err = String::from_utf8_lossy(&o.stderr);
    assert!(o.status.success(), "match failed:\n{out}\n{err}");
    println!("{out}");
    Some(out)
}

#[test]
fn two_games_against_stockfish_1400() {
    if let Some(out) = play(2, "2", "0.05") {
        assert!(out.lines().any(|l| l.starts_with("score ")));
    }
}

/// `cargo test --release -p tessera-tests --test protocol_stockfish -- --ignored --nocapture`
#[test]
#[ignore]
fn twenty_games_against_stockfish_1400() {
    if let Some(out) = play(20, "10", "0.1") {
        assert!(out.lines().any(|l| l.starts_with("score ")));
    }
}
