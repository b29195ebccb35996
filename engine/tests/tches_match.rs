//! The alpha-beta searcher against a 1-ply greedy player, with and without Strike. Ignored in
//! CI (about two minutes); run with
//! `cargo test -p tessera-engine --release --test tches_match -- --ignored --nocapture`.

use rand_core::{RngCore, SeedableRng};
use rand_xoshiro::Xoshiro256PlusPlus;
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

/// Plays one game; returns +1 / 0 / -1 for the searcher, and whether it was adjudicated.
fn play_game(strike: bool, searcher: Player, depth: u32, seed: u64) -> (i32, bool) {
    let mut rng = Xoshiro256PlusPlus::seed_from_u64(seed);
    let mut g = Tches::new(strike, Vec::new());
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
            return (o.value_for(searcher), false);
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
            while g.to_move() == side && g.outcome().is_none() {
                let m = greedy(&g, &mut rng);
                g.play(m);
            }
        }
        assert_eq!(g.key(), g.recompute_key());
        turns += 1;
    }
    let e = g.evaluate() * if g.to_move() == searcher { 1 } else { -1 };
    (e.signum(), true)
}

fn run(strike: bool, depth: u32, games: u64) -> (u32, u32, u32, u32) {
    let (mut w, mut d, mut l, mut adj) = (0, 0, 0, 0);
    for seed in 0..games {
        let searcher = if seed % 2 == 0 {
            Player::White
        } else {
            Player::Black
        };
        let (r, a) = play_game(strike, searcher, depth, seed);
        match r {
            1 => w += 1,
            0 => d += 1,
            _ => l += 1,
        }
        adj += a as u32;
    }
    println!(
        "strike={strike} depth={depth}: searcher +{w} ={d} -{l} of {games} ({adj} adjudicated)"
    );
    (w, d, l, adj)
}

#[test]
#[ignore]
fn searcher_beats_greedy() {
    let (w, _, l, _) = run(false, 4, 20);
    assert!(w >= 18 && l == 0);
    let (w, _, l, _) = run(true, 6, 20);
    assert!(w >= 18 && l == 0);
}
