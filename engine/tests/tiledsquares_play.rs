//! Playing strength of the Tiled Squares evaluation under the generic alpha-beta searcher,
//! against a one-ply greedy player. A short version runs in CI; the measurement is ignored:
//! `cargo test -p tessera-engine --release --test tiledsquares_play -- --ignored --nocapture`.
//! (Depth against depth is measured through `tessera match`, see `docs/variants/tiledsquares.md`.)

use rand_core::{RngCore, SeedableRng};
use rand_xoshiro::Xoshiro256PlusPlus;

use tessera::games::tiledsquares::{Move, TiledSquares};
use tessera::search::tt::TranspositionTable;
use tessera::search::{think, Limits, SearchConfig, SearchControl};
use tessera::{Evaluate, Game, Player};

/// Plies after which an unfinished game is scored by the evaluation.
const MAX_PLIES: u32 = 400;

/// The greedy player's action: an immediate win if there is one, else the best static
/// evaluation one action ahead (ties at random).
fn greedy(g: &TiledSquares, rng: &mut Xoshiro256PlusPlus) -> Move {
    let me = g.to_move();
    let mut v = Vec::new();
    g.legal_actions(&mut v);
    let mut best = (i32::MIN, 0u32, v[0]);
    for &a in &v {
        let mut h = g.clone();
        h.play(a);
        let score = match h.outcome() {
            Some(o) => o.value_for(me) * 1_000_000,
            None => -h.evaluate(),
        };
        let tie = rng.next_u32();
        if (score, tie) > (best.0, best.1) {
            best = (score, tie, a);
        }
    }
    best.2
}

/// One game from two random opening actions; +1 / 0 / -1 for the searcher, and whether the
/// ply limit ended it.
fn play_game(anti: bool, searcher: Player, depth: u32, seed: u64) -> (i32, bool) {
    let mut rng = Xoshiro256PlusPlus::seed_from_u64(seed);
    let mut g = TiledSquares::new(anti);
    let tt = TranspositionTable::new(16);
    for _ in 0..2 {
        let mut v = Vec::new();
        g.legal_actions(&mut v);
        g.play(v[rng.next_u32() as usize % v.len()]);
    }
    for _ in 0..MAX_PLIES {
        if let Some(o) = g.outcome() {
            return (o.value_for(searcher), false);
        }
        let m = if g.to_move() == searcher {
            let ctl = SearchControl::new(false);
            let out = think(
                &g,
                &Limits::depth(depth),
                &SearchConfig::default(),
                &ctl,
                &tt,
                &mut |_| {},
            );
            g.parse_action(&out.turn[0])
                .expect("the searcher plays legal actions")
        } else {
            greedy(&g, &mut rng)
        };
        g.play(m);
        assert_eq!(g.key(), g.recompute_key());
    }
    let e = g.evaluate() * if g.to_move() == searcher { 1 } else { -1 };
    (e.signum(), true)
}

/// Wins, draws, losses of the searcher, and games cut by the ply limit.
fn run(anti: bool, depth: u32, games: u64) -> (u32, u32, u32, u32) {
    let (mut w, mut d, mut l, mut cut) = (0, 0, 0, 0);
    for seed in 0..games {
        let side = if seed % 2 == 0 {
            Player::White
        } else {
            Player::Black
        };
        let (r, c) = play_game(anti, side, depth, seed);
        match r {
            1 => w += 1,
            0 => d += 1,
            _ => l += 1,
        }
        cut += c as u32;
    }
    println!("anti-tiles {anti}, depth {depth}: searcher +{w} ={d} -{l} of {games} ({cut} cut)");
    (w, d, l, cut)
}

#[test]
fn search_beats_greedy_player_quickly() {
    let (w, _, l, _) = run(false, 3, 2);
    assert_eq!((w, l), (2, 0));
}

#[test]
#[ignore = "slow: the strength measurement"]
fn search_beats_greedy_player() {
    let (w, _, l, _) = run(false, 4, 40);
    assert!(w >= 38 && l == 0, "{w} wins, {l} losses");
    let (w, _, l, _) = run(true, 4, 20);
    assert!(w >= 18 && l == 0, "{w} wins, {l} losses");
}
