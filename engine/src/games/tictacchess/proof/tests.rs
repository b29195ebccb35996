//! The proof search: the board images it identifies, its answers against the retrograde tables
//! and the older iterative-deepening search, and stopping and resuming through a checkpoint.

use std::sync::atomic::AtomicBool;

use rand_core::{RngCore, SeedableRng};
use rand_xoshiro::Xoshiro256PlusPlus;

use crate::core::game::Player;

use super::super::position::{Config, Position, TttAction, KINDS};
use super::super::solver::{solve_from, Prover, Value};
use super::dfpn::{Answer, Kind, Searcher};
use super::symmetry::{canonical_code, images};
use super::table::Table;
use super::{prove, ProofOptions};

fn config(reserve: &str) -> Config {
    let mut r = [0u8; KINDS];
    for ch in reserve.chars() {
        r["PRNBQK".find(ch).expect("a piece letter")] += 1;
    }
    Config {
        reserve: r,
        max_on_board: 4,
    }
}

/// Positions along seeded random games from the start.
fn random_positions(cfg: &Config, games: usize, plies: usize, seed: u64) -> Vec<Position> {
    let mut rng = Xoshiro256PlusPlus::seed_from_u64(seed);
    let mut out = Vec::new();
    for _ in 0..games {
        let mut p = Position::start(cfg);
        for _ in 0..plies {
            out.push(p);
            let mut v = Vec::new();
            p.legal_actions(cfg, &mut v);
            if v.is_empty() {
                break;
            }
            p.apply(v[rng.next_u32() as usize % v.len()]);
        }
    }
    out
}

fn perft(cfg: &Config, p: &Position, depth: u32) -> u64 {
    if depth == 0 {
        return 1;
    }
    let mut v: Vec<TttAction> = Vec::new();
    p.legal_actions(cfg, &mut v);
    v.iter()
        .map(|&a| {
            let mut c = *p;
            c.apply(a);
            perft(cfg, &c, depth - 1)
        })
        .sum()
}

/// The image with files turned into ranks (a transposition of the board), which is not one of
/// the rules' symmetries.
fn transposed(p: &Position) -> Position {
    let mut q = *p;
    for (c, &piece) in p.board.iter().enumerate() {
        q.board[(c % 3) * 3 + c / 3] = piece;
    }
    q.key = q.compute_key();
    q
}

#[test]
fn every_image_has_the_same_canonical_code() {
    let cfg = Config::default();
    for p in random_positions(&cfg, 40, 30, 11) {
        let c = canonical_code(&p);
        for q in images(&p) {
            assert_eq!(canonical_code(&q), c, "{:?}", q.board);
        }
    }
}

#[test]
fn images_have_the_same_perft_and_the_transposition_does_not() {
    let cfg = Config::default();
    let mut transposition_differs = false;
    for p in random_positions(&cfg, 6, 12, 12) {
        let counts: Vec<u64> = (1..=3).map(|d| perft(&cfg, &p, d)).collect();
        for q in images(&p) {
            let qc: Vec<u64> = (1..=3).map(|d| perft(&cfg, &q, d)).collect();
            assert_eq!(qc, counts, "{:?} against {:?}", q.board, p.board);
        }
        let t = transposed(&p);
        if (1..=2).any(|d| perft(&cfg, &t, d) != counts[d as usize - 1]) {
            transposition_differs = true;
        }
    }
    assert!(transposition_differs, "the transposition kept every count");
}

/// The mover's image under the colour flip is the other side.
#[test]
fn the_flip_swaps_the_side_to_move_and_the_reserves() {
    let cfg = config("RNK");
    let mut p = Position::start(&cfg);
    p.reserve[0][1] = 0;
    let f = images(&p)[2];
    assert_eq!(f.to_move, Player::Black);
    assert_eq!(f.reserve[1], p.reserve[0]);
    assert_eq!(f.reserve[0], p.reserve[1]);
}

/// The df-pn answers for positions of a small configuration equal the retrograde tables':
/// a win within d exactly when the exact distance is at most d.
#[test]
fn dfpn_agrees_with_the_retrograde_distances() {
    let cfg = config("RK");
    let sol = solve_from(cfg, Position::start(&cfg), 1_000_000).expect("RK is small");
    let table = Table::new(16);
    let never = AtomicBool::new(false);
    let mut s = Searcher::new(cfg, &table, None, &never);
    let mut checked = 0;
    for (i, (p, v, dist)) in sol.iter().enumerate() {
        if i % 17 != 0 {
            continue;
        }
        for d in 1..=11 {
            let win = s.solve(&p, Kind::Win, d);
            assert_eq!(
                win == Answer::Proven,
                v == Value::Win && dist <= d,
                "win within {d} at {:?} ({v:?} in {dist})",
                p
            );
            let loss = s.solve(&p, Kind::Loss, d);
            assert_eq!(
                loss == Answer::Proven,
                v == Value::Loss && dist <= d,
                "loss within {d} at {:?} ({v:?} in {dist})",
                p
            );
            checked += 1;
        }
    }
    assert!(checked > 1000);
}

/// On the full game the df-pn answers equal the older search's, position by position.
#[test]
fn dfpn_agrees_with_the_bounded_search_on_full_game_positions() {
    let cfg = Config::default();
    let table = Table::new(64);
    let never = AtomicBool::new(false);
    let mut s = Searcher::new(cfg, &table, None, &never);
    let mut old = Prover::new(cfg, std::time::Duration::from_secs(3600));
    let mut wins = 0;
    // Positions from ply 8 on: nearer the start the older search needs seconds each.
    let positions: Vec<Position> = random_positions(&cfg, 5, 24, 13)
        .chunks(24)
        .flat_map(|g| g.iter().skip(8).copied().collect::<Vec<_>>())
        .collect();
    for p in positions {
        for d in [1, 3, 5] {
            let w = old.wins(&p, d);
            assert_eq!(s.solve(&p, Kind::Win, d) == Answer::Proven, w, "{p:?} {d}");
            wins += w as u32;
            let l = old.loses(&p, d + 1);
            assert_eq!(
                s.solve(&p, Kind::Loss, d + 1) == Answer::Proven,
                l,
                "{p:?} {d}"
            );
        }
    }
    assert!(wins > 0, "no position had a win to find");
}

/// The full game: no forced win within 7 plies for White and within 6 for Black, the way the
/// long run proves it, and the older search agrees.
#[test]
fn full_game_has_no_win_within_seven_plies() {
    let cfg = Config::default();
    let root = Position::start(&cfg);
    let opts = ProofOptions {
        depth: 7,
        seconds: 600.0,
        table_mib: 64,
        ..ProofOptions::default()
    };
    let r = prove(cfg, root, &opts, &mut |_, _| {}).expect("no checkpoint");
    assert_eq!(r.bounds(), [7, 6]);
    assert!(r.sides.iter().all(|s| s.win.is_none()));
    let mut old = Prover::new(cfg, std::time::Duration::from_secs(3600));
    assert!(!old.wins(&root, 7));
    assert!(!old.loses(&root, 6));
}

/// A reduced reserve with a known exact win: the proof finds the win at exactly the retrograde
/// distance and none two plies sooner, with a line that ends the game.
#[test]
fn a_reduced_reserve_is_won_at_the_retrograde_distance() {
    let cfg = config("RRK");
    let root = Position::start(&cfg);
    let sol = solve_from(cfg, root, 1_000_000).expect("RRK is small");
    let (v, exact) = sol.lookup(&root).expect("the root");
    assert_eq!(v, Value::Win);
    let opts = ProofOptions {
        depth: exact + 4,
        table_mib: 16,
        seconds: 600.0,
        threads: 2,
        ..ProofOptions::default()
    };
    let r = prove(cfg, root, &opts, &mut |_, _| {}).expect("no checkpoint");
    assert_eq!(r.sides[0].win, Some(exact));
    assert_eq!(r.sides[0].no_win, exact - 2);
    let line = r.line.expect("a line");
    assert_eq!(line.len() as u32, exact);
    // The line is legal, never repeats a position and ends with the loser out of actions.
    let mut p = root;
    let mut seen = vec![p.encode()];
    for m in &line {
        let mut v = Vec::new();
        p.legal_actions(&cfg, &mut v);
        let a = v
            .into_iter()
            .find(|&a| super::super::notation::format_action(a) == *m)
            .unwrap_or_else(|| panic!("{m} is not legal"));
        p.apply(a);
        assert!(!seen.contains(&p.encode()), "{m} repeats a position");
        seen.push(p.encode());
    }
    assert!(super::dfpn::lost_dead_end(&cfg, &p));
}

/// A proof stopped by its node budget and resumed from the checkpoint ends as one run
/// without a stop.
#[test]
fn a_stopped_proof_resumes_from_its_checkpoint() {
    let cfg = config("RRK");
    let root = Position::start(&cfg);
    let path = std::env::temp_dir().join(format!("tictac-proof-{}.ckpt", std::process::id()));
    let _ = std::fs::remove_file(&path);
    let base = ProofOptions {
        depth: 17,
        table_mib: 16,
        seconds: 600.0,
        threads: 1,
        ..ProofOptions::default()
    };
    let whole = prove(cfg, root, &base, &mut |_, _| {}).expect("no checkpoint");
    let stopped_opts = ProofOptions {
        checkpoint: Some(path.clone()),
        node_limit: 3_000,
        ..base.clone()
    };
    let stopped = prove(cfg, root, &stopped_opts, &mut |_, _| {}).expect("a checkpoint");
    assert!(stopped.sides[0].win.is_none(), "the budget did not stop it");
    let resumed_opts = ProofOptions {
        checkpoint: Some(path.clone()),
        ..base.clone()
    };
    let resumed = prove(cfg, root, &resumed_opts, &mut |_, _| {}).expect("a checkpoint");
    let _ = std::fs::remove_file(&path);
    assert!(resumed.resumed);
    assert_eq!(resumed.sides[0].win, whole.sides[0].win);
    assert_eq!(resumed.bounds(), whole.bounds());
    let depths = |r: &super::ProofResult| -> Vec<(u32, bool)> {
        r.sides
            .iter()
            .flat_map(|s| s.depths.iter().map(|d| (d.depth, d.won)))
            .collect()
    };
    assert_eq!(depths(&resumed), depths(&whole));
}

/// A checkpoint of another configuration is refused with a message.
#[test]
fn a_checkpoint_of_another_game_is_refused() {
    let path = std::env::temp_dir().join(format!("tictac-proof-other-{}.ckpt", std::process::id()));
    let _ = std::fs::remove_file(&path);
    let cfg = config("RK");
    let opts = ProofOptions {
        depth: 3,
        table_mib: 4,
        checkpoint: Some(path.clone()),
        ..ProofOptions::default()
    };
    prove(cfg, Position::start(&cfg), &opts, &mut |_, _| {}).expect("fresh");
    let other = config("QK");
    let e = prove(other, Position::start(&other), &opts, &mut |_, _| {}).unwrap_err();
    let _ = std::fs::remove_file(&path);
    assert!(e.contains("another configuration"), "{e}");
}
