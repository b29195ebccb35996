//! Turtle Shell perft against the independent reference counter `turtleshell_reference.py`
//! (standard-library Python reading the same board data), move by move.

use std::collections::BTreeMap;
use std::path::Path;
use std::process::Command;

use tessera::games::turtleshell::{NoMoveRule, TurtleShell};
use tessera::tools::perft::perft;
use tessera::Game;

const START: &str = "rnggnr/p2k1p/ppp1pp/8/8/4/8/PPP1PP/P2K1P/RNGGNR w";

/// Positions chosen to exercise every rule: check, optional and compulsory promotion, the
/// E2/E7 branching pawns, kings one step from the end zone, and the ko rule (via moves).
const CASES: &[(&str, &[&str], u32)] = &[
    (START, &[], 4),
    // White in check from the pawn on D2; pawns about to promote on both sides.
    ("5r/1P1k2/3p2/5nP1/2Pg4/1pG1/2N5/2pP2/2K3/R5 w", &[], 3),
    (
        "5r/1P1k2/3p2/5nP1/2Pg4/1pG1/2N5/2pP2/2K3/R5 w",
        &["D1C1"],
        3,
    ),
    // Open board, kings far advanced: end-zone wins appear inside the tree.
    ("6/6/1K4/8/7r/R3/8/3k2/1n4/5G w", &[], 3),
    ("6/2K3/6/8/7r/R3/8/6/1n1k2/5G b", &[], 3),
    // Guards shuffling back and forth: the ko rule removes the returning moves.
    ("3k2/6/6/8/8/4/8/6/6/2KG2 w", &["E0F0", "E9F9", "F0E0"], 4),
    // Pawn races in the middle game.
    (
        "r1ggnr/p2k1p/p1p2p/2p5/1p2P3/2P1/3n4/PPP1PP/P2K1P/RNGG1R w",
        &[],
        3,
    ),
    (
        "r1ggnr/p2k1p/p1p2p/2p5/1p2P3/2P1/3n4/PPP1PP/P2K1P/RNGG1R b",
        &[],
        3,
    ),
];

fn reference(fen: &str, moves: &[&str], depth: u32) -> BTreeMap<String, u64> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR"));
    let out = Command::new("python3")
        .arg(dir.join("tests/turtleshell_reference.py"))
        .arg(dir.join("data/turtle-shell.json"))
        .arg(fen)
        .arg(depth.to_string())
        .args(moves)
        .output()
        .expect("python3 runs");
    assert!(
        out.status.success(),
        "reference failed: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8(out.stdout)
        .expect("utf-8")
        .lines()
        .filter(|l| !l.starts_with("total"))
        .map(|l| {
            let (m, n) = l.split_once(' ').expect("MOVE COUNT");
            (m.to_string(), n.parse().expect("count"))
        })
        .collect()
}

fn engine(fen: &str, moves: &[&str], depth: u32) -> BTreeMap<String, u64> {
    let mut g = TurtleShell::from_fen(fen, NoMoveRule::Loss).expect("fen");
    for m in moves {
        let a = g.parse_action(m).expect("legal move");
        g.play(a);
    }
    let mut actions = Vec::new();
    g.legal_actions(&mut actions);
    actions
        .into_iter()
        .map(|a| {
            let name = g.format_action(a);
            let u = g.play(a);
            let n = perft(&mut g, depth - 1);
            g.undo(u);
            (name, n)
        })
        .collect()
}

fn check(fen: &str, moves: &[&str], depth: u32) {
    let want = reference(fen, moves, depth);
    let got = engine(fen, moves, depth);
    assert_eq!(got, want, "divide({depth}) of {fen} after {moves:?}");
    assert!(!want.is_empty(), "a case with no moves tests little");
}

#[test]
fn perft_matches_reference() {
    for &(fen, moves, depth) in CASES {
        check(fen, moves, depth);
    }
}

#[test]
fn start_position_counts() {
    let mut g = TurtleShell::default();
    let counts: Vec<u64> = (1..=4).map(|d| perft(&mut g, d)).collect();
    assert_eq!(counts, vec![8, 64, 600, 5616]);
}

/// Positions reached by random games from the start, compared with the whole game's moves
/// given to both counters, so the ko history is part of the check.
fn random_lines(games: u64, max_plies: u64, depth: u32) {
    let mut seed = 0x9e37_79b9_7f4a_7c15u64;
    let mut next = move || {
        seed ^= seed << 13;
        seed ^= seed >> 7;
        seed ^= seed << 17;
        seed
    };
    for _ in 0..games {
        let mut g = TurtleShell::default();
        let mut moves = Vec::new();
        let plies = 10 + next() % max_plies;
        for _ in 0..plies {
            let mut v = Vec::new();
            g.legal_actions(&mut v);
            if v.is_empty() {
                break;
            }
            let m = v[(next() % v.len() as u64) as usize];
            moves.push(g.format_action(m));
            g.play(m);
        }
        if g.outcome().is_some() {
            continue;
        }
        let moves: Vec<&str> = moves.iter().map(String::as_str).collect();
        check(START, &moves, depth);
    }
}

#[test]
fn random_games_match_reference() {
    random_lines(6, 60, 2);
}

/// Deeper: `cargo test -p tessera-engine --release --test turtleshell_perft -- --ignored`.
#[test]
#[ignore]
fn perft_matches_reference_deep() {
    check(START, &[], 5);
    for &(fen, moves, depth) in CASES {
        check(fen, moves, depth + 1);
    }
    random_lines(40, 150, 3);
}
