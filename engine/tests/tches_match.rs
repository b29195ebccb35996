//! The alpha-beta searcher against a 1-ply greedy player, with and without Strike, and under
//! each Layer 3 modification. The long matches are ignored in CI; run them with
//! `cargo test -p tessera-engine --release --test tches_match -- --ignored --nocapture`
//! (one test at a time by name: `searcher_beats_greedy`, `layer3_searcher_beats_greedy`).

use rand_core::{RngCore, SeedableRng};
use rand_xoshiro::Xoshiro256PlusPlus;
use tessera::core::options::VariantOptions;
use tessera::games::tches::{Move, Tches};
use tessera::search::tt::TranspositionTable;
use tessera::search::{think, Limits, SearchConfig, SearchControl};
use tessera::{Evaluate, Game, Player};

/// Turns after which an unfinished game is scored by the evaluation.
const MAX_TURNS: u32 = 120;

/// The greedy player's action: the best static evaluation one action ahead (ties at random).
fn greedy(g: &Tches, rng: &mut Xoshiro256PlusPlus) -> Move {
    let me = g.to_move();
    let mut v = Vec::new();
    g.legal_actions(&mut v);
    let mut best = (i32::MIN, 0u32, v[0]);
    for &a in &v {
        let mut h = g.clone();
        h.play(a);
        let score = match h.terminal() {
            Some(o) => o.value_for(me) * 1_000_000,
            None if h.to_move() == me => h.evaluate(),
            None => -h.evaluate(),
        };
        let tie = rng.next_u32();
        if (score, tie) > (best.0, best.1) {
            best = (score, tie, a);
        }
    }
    best.2
}

fn game_with(pairs: &[(&str, &str)], strike: bool) -> Tches {
    let mut opts = VariantOptions::new();
    for (k, v) in pairs {
        opts.set(k, v);
    }
    opts.set("Strike", if strike { "true" } else { "false" });
    Tches::from_options(&opts).unwrap()
}

/// Plays one game; returns +1 / 0 / -1 for the searcher, whether it was adjudicated, and
/// how it ended.
fn play_game(
    pairs: &[(&str, &str)],
    strike: bool,
    searcher: Player,
    depth: u32,
    seed: u64,
) -> (i32, bool, String) {
    let mut rng = Xoshiro256PlusPlus::seed_from_u64(seed);
    let mut g = game_with(pairs, strike);
    let cfg = SearchConfig {
        threads: 1,
        multipv: 1,
        move_overhead: 0,
        ..SearchConfig::default()
    };
    let tt = TranspositionTable::new(16);
    // One random opening action for variety.
    let mut v = Vec::new();
    g.legal_actions(&mut v);
    let a = v[rng.next_u32() as usize % v.len()];
    g.play(a);
    let mut turns = 0;
    while turns < MAX_TURNS {
        if let Some(o) = g.outcome() {
            return (o.value_for(searcher), false, o.reason().to_string());
        }
        let side = g.to_move();
        if side == searcher {
            let ctl = SearchControl::new(false);
            let out = think(&g, &Limits::depth(depth), &cfg, &ctl, &tt, &mut |_| {});
            assert!(!out.turn.is_empty());
            for s in &out.turn {
                let m = g.parse_action(s).expect("the searcher plays legal actions");
                g.play(m);
            }
        } else {
            // The greedy side plays its turn (and any replacement the searcher owes it
            // meanwhile is the searcher's again, by the side to move).
            while g.to_move() == side && g.outcome().is_none() {
                let m = greedy(&g, &mut rng);
                g.play(m);
            }
        }
        assert_eq!(g.key(), g.recompute_key());
        turns += 1;
    }
    let e = g.evaluate() * if g.to_move() == searcher { 1 } else { -1 };
    (e.signum(), true, "adjudicated".to_string())
}

fn run(pairs: &[(&str, &str)], strike: bool, depth: u32, games: u64) -> (u32, u32, u32, u32) {
    let (mut w, mut d, mut l, mut adj) = (0, 0, 0, 0);
    let mut reasons = std::collections::BTreeMap::new();
    for seed in 0..games {
        let searcher = if seed % 2 == 0 {
            Player::White
        } else {
            Player::Black
        };
        let (r, a, why) = play_game(pairs, strike, searcher, depth, seed);
        match r {
            1 => w += 1,
            0 => d += 1,
            _ => l += 1,
        }
        adj += a as u32;
        *reasons.entry(why).or_insert(0) += 1;
    }
    println!(
        "{pairs:?} strike={strike} depth={depth}: searcher +{w} ={d} -{l} of {games} ({adj} adjudicated) {reasons:?}"
    );
    (w, d, l, adj)
}

#[test]
#[ignore]
fn searcher_beats_greedy() {
    let (w, _, l, _) = run(&[], false, 4, 20);
    assert!(w >= 18 && l == 0);
    let (w, _, l, _) = run(&[], true, 6, 20);
    assert!(w >= 18 && l == 0);
}

/// Each Layer 3 modification, alone (the last two sets are Polarity's variants).
const LAYER3: &[&[(&str, &str)]] = &[
    &[("EscortTheKing", "true")],
    &[("CaptureTheKing", "true")],
    &[("CaptureTheFlag", "true")],
    &[("Replacement", "true"), ("TchesReverse", "queen")],
    &[("Target", "assassin"), ("TchesReverse", "magister")],
    &[("Transportation", "true")],
    &[("Polarity", "true")],
    &[("Polarity", "true"), ("PolarityFacing", "keep")],
];

/// The searcher against the greedy player under every modification, with and without Strike.
#[test]
#[ignore]
fn layer3_searcher_beats_greedy() {
    for pairs in LAYER3 {
        let (w, _, l, _) = run(pairs, false, 4, 20);
        assert!(w >= 18 && l <= 1, "{pairs:?}");
        let (w, _, l, _) = run(pairs, true, 6, 20);
        assert!(w >= 18 && l <= 1, "{pairs:?} with Strike");
    }
}

/// A short match per modification in CI: four games each, a shallow searcher that wins at
/// least three. (At depth 3 a Strike turn is all the searcher sees: over 24 games under
/// EscortTheKing it wins 23 and loses one, so one loss in four is let pass.)
#[test]
fn layer3_searcher_is_not_beaten_by_greedy() {
    for pairs in LAYER3 {
        for (strike, depth) in [(false, 2), (true, 3)] {
            let (w, _, l, _) = run(pairs, strike, depth, 4);
            assert!(w >= 3 && l <= 1, "{pairs:?} strike {strike}");
        }
    }
}
