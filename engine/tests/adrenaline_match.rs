//! The alpha-beta searcher against a greedy player that looks one whole turn ahead (every
//! regular move, step sequence and placement, scored by the static evaluation). A short match
//! runs in CI; the long one is ignored (several minutes):
//! `cargo test -p tessera-engine --release --test adrenaline_match -- --ignored --nocapture`.

use std::collections::HashSet;

use rand_core::{RngCore, SeedableRng};
use rand_xoshiro::Xoshiro256PlusPlus;
use tessera::games::adrenaline::{Act, Adrenaline};
use tessera::search::tt::TranspositionTable;
use tessera::search::{think, Limits, SearchConfig, SearchControl};
use tessera::{Evaluate, Game, Player};

/// Turns after which an unfinished game is scored by the evaluation.
const MAX_TURNS: u32 = 150;

/// The greedy player's turn: the complete turn whose end position evaluates best for it
/// (a win outright first), ties broken at random. Step orders that meet are explored once.
fn greedy(g: &Adrenaline, rng: &mut Xoshiro256PlusPlus) -> Vec<Act> {
    fn walk(
        g: &mut Adrenaline,
        me: Player,
        turn: &mut Vec<Act>,
        seen: &mut HashSet<u64>,
        best: &mut (i64, Vec<Act>),
        rng: &mut Xoshiro256PlusPlus,
    ) {
        let mut v = Vec::new();
        g.legal_actions(&mut v);
        for a in v {
            let u = g.play(a);
            turn.push(a);
            if g.to_move() != me {
                let score = match g.outcome() {
                    Some(o) => o.value_for(me) as i64 * 1_000_000,
                    None => -g.evaluate() as i64,
                };
                // Random low bits break ties.
                let keyed = score * 1024 + (rng.next_u32() % 1024) as i64;
                if keyed > best.0 {
                    *best = (keyed, turn.clone());
                }
            } else if seen.insert(g.key()) {
                walk(g, me, turn, seen, best, rng);
            }
            turn.pop();
            g.undo(u);
        }
    }
    let mut h = g.clone();
    let mut best = (i64::MIN, Vec::new());
    walk(
        &mut h,
        g.to_move(),
        &mut Vec::new(),
        &mut HashSet::new(),
        &mut best,
        rng,
    );
    best.1
}

/// Plays one game; returns +1 / 0 / -1 for the searcher, and whether it was adjudicated.
fn play_game(searcher: Player, depth: u32, seed: u64) -> (i32, bool) {
    let mut rng = Xoshiro256PlusPlus::seed_from_u64(seed);
    let mut g = Adrenaline::new();
    let cfg = SearchConfig {
        threads: 1,
        multipv: 1,
        move_overhead: 0,
        ..SearchConfig::default()
    };
    let tt = TranspositionTable::new(16);
    // Two random opening turns for variety.
    for _ in 0..2 {
        let mut v = Vec::new();
        g.legal_actions(&mut v);
        let a = v[rng.next_u32() as usize % v.len()];
        g.play(a);
    }
    for _ in 0..MAX_TURNS {
        if let Some(o) = g.outcome() {
            return (o.value_for(searcher), false);
        }
        let side = g.to_move();
        if side == searcher {
            let ctl = SearchControl::new(false);
            let out = think(&g, &Limits::depth(depth), &cfg, &ctl, &tt, &mut |_| {});
            assert!(!out.turn.is_empty());
            for s in &out.turn {
                let a = g
                    .parse_action(s)
                    .unwrap_or_else(|e| panic!("{s} in {}: {e}", g.fen()));
                g.play(a);
            }
        } else {
            for a in greedy(&g, &mut rng) {
                g.play(a);
            }
        }
        assert_ne!(g.to_move(), side, "a whole turn was played");
        assert_eq!(g.key(), g.recompute_key());
    }
    let e = g.evaluate() * if g.to_move() == searcher { 1 } else { -1 };
    (e.signum(), true)
}

fn run(depth: u32, games: u64) -> (u32, u32, u32, u32) {
    let (mut w, mut d, mut l, mut adj) = (0, 0, 0, 0);
    for seed in 0..games {
        let searcher = if seed % 2 == 0 {
            Player::White
        } else {
            Player::Black
        };
        let (r, a) = play_game(searcher, depth, seed);
        match r {
            1 => w += 1,
            0 => d += 1,
            _ => l += 1,
        }
        adj += a as u32;
    }
    println!("depth {depth}: searcher +{w} ={d} -{l} of {games} ({adj} adjudicated)");
    (w, d, l, adj)
}

#[test]
fn searcher_beats_greedy_in_a_short_match() {
    let (w, _, l, _) = run(5, 4);
    assert!(w == 4 && l == 0);
}

#[test]
#[ignore]
fn searcher_beats_greedy() {
    let (w, _, l, _) = run(5, 40);
    assert!(w >= 38 && l == 0);
}

/// The searcher at several depths against the greedy player:
/// `ADR_GAMES=40 ADR_DEPTHS=2,3,4,5,6 cargo test -p tessera-engine --release --test
/// adrenaline_match depth_scaling -- --ignored --nocapture`.
#[test]
#[ignore]
fn depth_scaling_against_greedy() {
    let games: u64 = std::env::var("ADR_GAMES").map_or(10, |v| v.parse().expect("a number"));
    let depths = std::env::var("ADR_DEPTHS").unwrap_or_else(|_| "2,3,4,5".into());
    for d in depths.split(',') {
        run(d.parse().expect("a depth"), games);
    }
}
