//! Tiled Squares Chess against the independent reference generator (`tiledsquares_reference`):
//! perft counts and legal-action sets from the start and from positions built for each special
//! rule, with and without anti-tiles, and along seeded random games.
//!
//! Deeper counts are ignored in CI:
//! `cargo test -p tessera-engine --release --test tiledsquares -- --ignored`.

mod mailbox;
mod tiledsquares_reference;

use std::collections::{BTreeMap, BTreeSet};

use rand_core::{RngCore, SeedableRng};
use rand_xoshiro::Xoshiro256PlusPlus;
use tessera::games::tiledsquares::TiledSquares;
use tessera::tools::perft::{divide, perft};
use tessera::Game;
use tiledsquares_reference::RefPos;

const START: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";

/// Positions built to hit the special rules; `(name, fen, anti-tiles, depth in CI)`. Perft
/// ignores the draw rules, as the reference does (it knows none), so lines through drawn
/// positions count too.
const POSITIONS: &[(&str, &str, bool, u32)] = &[
    (
        "king and knight against king: counted although drawn",
        "4k3/8/8/8/8/2$5/8/4K1N1 w - - 0 1",
        false,
        3,
    ),
    (
        "a capture leaves king and knight against king; the clock at 99",
        "4k3/8/8/8/3p4/2$5/8/4K1N1 w - - 99 1",
        false,
        3,
    ),
    (
        "the king tiles where it lands, not where an enemy could capture",
        "4k3/p6b/8/r7/4K3/8/8/8 w - - 0 1",
        false,
        3,
    ),
    (
        "sliders pass holes and land on tiles",
        "r3k2r/p1pp%p1p/1$6/2%1$3/Q2$2%1/2$5/PPP2PPP/R3K2R w KQkq - 0 1",
        false,
        3,
    ),
    (
        "castling: holes on the rooks' landing cells",
        "r3k2r/pppppppp/8/8/8/8/PPPPPPPP/R3K2R w KQkq - 0 1",
        false,
        3,
    ),
    (
        "castling: rooks' landing cells tiled, the kings' untiled",
        "r2%k%1r/pppppppp/8/8/8/8/PPPPPPPP/R2$K$1R w KQkq - 0 1",
        false,
        3,
    ),
    (
        "double steps over holes, en passant onto a hole and onto a tile",
        "4k3/3p1p2/5%2/3$P$2/8/8/8/4K3 b - - 0 1",
        false,
        3,
    ),
    (
        "double step needs its landing cell tiled",
        "4k3/pppppppp/8/8/1$2$3/2$5/PPPPPPPP/4K3 w - - 0 1",
        false,
        3,
    ),
    (
        "removal rights move with the last piece on a tile",
        "4k3/p7/8/3n4/6$%/2$1n3/7P/4K2R b K - 0 1",
        false,
        3,
    ),
    (
        "pins across holes",
        "4k3/p7/4r3/8/3$1$2/2$3$1/4N3/4K3 w - - 0 1",
        false,
        3,
    ),
    (
        "check across holes: no tile action answers it",
        "4k3/4r3/8/8/8/2$1$3/8/R3K2Q w Q - 0 1",
        false,
        3,
    ),
    (
        "promotion onto a tile and by capture",
        "1n2k2%/P6P/8/2p5/8/8/8/4K3 w - - 0 1",
        false,
        3,
    ),
    (
        "kings face each other across holes",
        "8/p7/3k4/8/3K4/8/8/7R b - - 0 1",
        false,
        3,
    ),
    ("anti-tiles: the start", START, true, 2),
    (
        "anti-tiles block sliders, castling and double steps",
        "r3k2r/p1pp%p1p/1*6/2%1$3/Q2*2%1/2$1*3/PPP2PPP/R*1$K$*R w KQkq - 0 1",
        true,
        3,
    ),
    (
        "anti-tiles: one dropped between king and checker answers the check",
        "4k3/4r3/8/8/8/2$1$3/8/R3K2Q w Q - 0 1",
        true,
        3,
    ),
    (
        "anti-tiles: the king lands on one and tiles it",
        "4k3/p7/8/8/3*1*2/3*K3/3**3/7r w - - 0 1",
        true,
        3,
    ),
];

fn engine(fen: &str, anti: bool) -> TiledSquares {
    TiledSquares::from_fen(fen, anti).unwrap_or_else(|e| panic!("{fen}: {e}"))
}

fn engine_set(g: &TiledSquares) -> BTreeSet<String> {
    let mut v = Vec::new();
    g.legal_actions(&mut v);
    let set: BTreeSet<String> = v.iter().map(|&a| g.format_action(a)).collect();
    assert_eq!(set.len(), v.len(), "duplicate actions in {}", g.fen());
    set
}

/// Compares perft with the reference, naming the first actions whose counts differ.
fn check_perft(fen: &str, anti: bool, depth: u32) -> u64 {
    let mut g = engine(fen, anti);
    // The moves as perft sees them: the draw rules do not end a line.
    g.set_draw_rules(false);
    let r = RefPos::parse(fen, anti);
    assert_eq!(engine_set(&g), r.legal(), "root actions differ in {fen}");
    assert_eq!(
        g.fen().split(' ').next(),
        Some(r.board_field().as_str()),
        "{fen}"
    );
    let n = perft(&mut g, depth);
    let want = r.perft(depth);
    if n != want {
        let ours: BTreeMap<String, u64> = divide(&mut g, depth - 1)
            .into_iter()
            .map(|(a, k)| (g.format_action(a), k))
            .collect();
        let theirs: BTreeMap<String, u64> = r.divide(depth).into_iter().collect();
        let diff: Vec<String> = theirs
            .iter()
            .filter(|(a, k)| ours.get(*a) != Some(k))
            .map(|(a, k)| format!("{a}: engine {:?}, reference {k}", ours.get(a)))
            .collect();
        let mut line = Vec::new();
        let first = first_difference(&mut g, &r, depth - 1, &mut line);
        panic!("perft({depth}) of {fen}: engine {n}, reference {want}; {diff:?}; {first:?}");
    }
    n
}

/// The first position (depth first) where the engine's and the reference's action sets
/// differ, with the line leading there and both differences.
fn first_difference(
    g: &mut TiledSquares,
    r: &RefPos,
    depth: u32,
    line: &mut Vec<String>,
) -> Option<String> {
    let set = engine_set(g);
    let want = r.legal();
    if set != want {
        let extra: Vec<_> = set.difference(&want).collect();
        let missing: Vec<_> = want.difference(&set).collect();
        return Some(format!(
            "after {line:?} ({}): engine only {extra:?}, reference only {missing:?}",
            g.fen()
        ));
    }
    if depth == 0 {
        return None;
    }
    for a in want {
        let m = g.parse_action(&a).unwrap();
        let u = g.play(m);
        line.push(a.clone());
        let found = first_difference(g, &r.after(&a), depth - 1, line);
        line.pop();
        g.undo(u);
        if found.is_some() {
            return found;
        }
    }
    None
}

/// Plays seeded random games comparing the action sets and boards at every position.
fn random_walks(fen: &str, anti: bool, games: u64, plies: usize) {
    for seed in 0..games {
        let mut rng = Xoshiro256PlusPlus::seed_from_u64(seed);
        let mut g = engine(fen, anti);
        let mut r = RefPos::parse(fen, anti);
        for _ in 0..plies {
            if g.terminal().is_some() {
                break;
            }
            let set = engine_set(&g);
            assert_eq!(set, r.legal(), "actions differ in {}", g.fen());
            if set.is_empty() {
                break;
            }
            // Piece moves more often than tile actions, so games get somewhere.
            let all: Vec<&String> = set.iter().collect();
            let moves: Vec<&String> = set.iter().filter(|a| !a.contains('-')).collect();
            let pick = if !moves.is_empty() && rng.next_u32() % 3 != 0 {
                moves[rng.next_u32() as usize % moves.len()]
            } else {
                all[rng.next_u32() as usize % all.len()]
            };
            let m = g.parse_action(pick).unwrap();
            g.play(m);
            assert_eq!(g.key(), g.recompute_key());
            r = r.after(pick);
            assert_eq!(
                g.fen().split(' ').next(),
                Some(r.board_field().as_str()),
                "after {pick}"
            );
        }
    }
}

#[test]
fn start_position_perft_matches_reference() {
    assert_eq!(check_perft(START, false, 3), 32_612);
}

#[test]
fn special_positions_match_reference() {
    for &(name, fen, anti, depth) in POSITIONS {
        let n = check_perft(fen, anti, depth);
        println!("{name}: perft({depth}) = {n}");
    }
}

#[test]
fn random_games_match_reference() {
    random_walks(START, false, 12, 80);
    random_walks(START, true, 6, 60);
    random_walks(POSITIONS[1].1, false, 6, 60);
    random_walks(POSITIONS[12].1, true, 6, 60);
}

#[test]
#[ignore = "slow: deeper perft against the reference"]
fn deep_perft_matches_reference() {
    assert_eq!(check_perft(START, false, 4), 1_040_329);
    check_perft(START, true, 3);
    for &(name, fen, anti, depth) in POSITIONS {
        let n = check_perft(fen, anti, depth + 1);
        println!("{name}: perft({}) = {n}", depth + 1);
    }
}

#[test]
#[ignore = "slow: long random games against the reference"]
fn long_random_games_match_reference() {
    random_walks(START, false, 100, 200);
    random_walks(START, true, 50, 200);
    for &(_, fen, anti, _) in POSITIONS {
        random_walks(fen, anti, 10, 120);
    }
}
