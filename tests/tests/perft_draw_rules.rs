//! Perft counts legal moves whatever the draw rules say, as every engine and published table
//! does: Tessera's `go perft` and `tessera perft` side by side with Stockfish's `go perft` on
//! positions where the fifty-move rule, repetition or insufficient material would end a line.

use std::path::Path;
use std::process::Command;
use std::time::Duration;

use tessera_tests::binary::{tessera_bin, Engine};

const STOCKFISH: &str = "/usr/games/stockfish";

/// `(position command's argument, depth)`: each reaches a draw rule at the root or inside.
const POSITIONS: &[(&str, u32)] = &[
    // King and knight against king: insufficient material from the start.
    ("fen 4k3/8/8/8/8/8/8/4K1N1 w - - 0 1", 2),
    // The fifty-move clock reaches 100 after White's move.
    ("fen 4k3/8/8/8/8/8/8/4K2R w - - 99 1", 2),
    // Bishops on squares of one colour: insufficient material.
    ("fen 7k/8/7b/8/8/8/8/K1B5 w - - 0 1", 3),
    // A pawn capture leaves king and bishop against king on the way.
    ("fen 8/8/4k3/8/3p4/4B3/8/4K3 w - - 0 1", 3),
    // The start position twice repeated: a third occurrence at the root.
    ("startpos moves g1f3 g8f6 f3g1 f6g8 g1f3 g8f6 f3g1 f6g8", 3),
    // Repetitions reached inside the count, with the clock near its end.
    (
        "fen 8/8/4k3/8/8/3K4/8/R7 w - - 96 80 moves a1a2 e6e5 a2a1",
        4,
    ),
];

fn nodes(lines: &[String]) -> u64 {
    let last = lines.last().expect("a line");
    last.trim_start_matches("Nodes searched:")
        .trim()
        .parse()
        .unwrap_or_else(|_| panic!("not a perft total: {last}"))
}

fn perft(engine: &mut Engine, position: &str, depth: u32) -> u64 {
    engine.send(&format!("position {position}"));
    engine.send(&format!("go perft {depth}"));
    nodes(&engine.until("Nodes searched", Duration::from_secs(60)))
}

#[test]
fn perft_ignores_draw_rules_like_stockfish() {
    let mut tessera = Engine::start();
    let mut stockfish = if Path::new(STOCKFISH).exists() {
        Some(Engine::start_program(Path::new(STOCKFISH), &[]))
    } else {
        assert!(
            std::env::var("CI").is_err(),
            "{STOCKFISH} is required under CI"
        );
        eprintln!("Stockfish missing: comparing with the counts it printed when written");
        None
    };
    // What Stockfish 15.1 printed, for machines without it (checked against it when present).
    let known = [40, 63, 724, 1426, 8902, 17001];
    for (&(position, depth), &known) in POSITIONS.iter().zip(&known) {
        let ours = perft(&mut tessera, position, depth);
        let theirs = match &mut stockfish {
            Some(sf) => perft(sf, position, depth),
            None => known,
        };
        assert_eq!(ours, theirs, "perft {depth} of {position}");
        assert_eq!(theirs, known, "Stockfish's perft {depth} of {position}");
    }
    tessera.quit(Duration::from_secs(10));
    if let Some(sf) = stockfish {
        sf.quit(Duration::from_secs(10));
    }
}

#[test]
fn the_command_line_perft_counts_past_a_draw() {
    let out = Command::new(tessera_bin())
        .args([
            "perft",
            "--fen",
            "4k3/8/8/8/8/8/8/4K1N1 w - - 0 1",
            "--depth",
            "2",
        ])
        .output()
        .expect("run tessera perft");
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(out.status.success(), "{text}");
    assert!(
        text.lines().any(|l| l == "Nodes searched: 40"),
        "expected 40 nodes:\n{text}"
    );
}

#[test]
fn perft_leaves_the_draw_rules_on_for_play() {
    // After a count from a drawn position, the game is still drawn there: `go` says so.
    let mut tessera = Engine::start();
    tessera.send("position fen 4k3/8/8/8/8/8/8/4K1N1 w - - 0 1");
    tessera.send("go perft 1");
    let counted = tessera.until("Nodes searched", Duration::from_secs(20));
    assert_eq!(nodes(&counted), 8);
    tessera.send("go depth 3");
    let lines = tessera.until("bestmove", Duration::from_secs(20));
    assert_eq!(lines.last().unwrap(), "bestmove (none)", "{lines:?}");
    tessera.quit(Duration::from_secs(10));
}
