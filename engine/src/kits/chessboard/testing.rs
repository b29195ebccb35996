//! Checks every game on the board runs in its tests.

use rand_core::{RngCore, SeedableRng};

use crate::core::game::{Evaluate, Game};

/// Plays `games` seeded random games of up to `plies` plies from `start()` and asserts, at
/// every position, that the evaluation equals that of the colour-mirrored twin `twin` builds
/// from the position's FEN.
pub fn assert_evaluation_symmetric<G: Game + Evaluate>(
    start: impl Fn() -> G,
    twin: impl Fn(&str) -> G,
    seed: u64,
    games: usize,
    plies: usize,
) {
    let mut rng = rand_xoshiro::Xoshiro256PlusPlus::seed_from_u64(seed);
    for _ in 0..games {
        let mut g = start();
        for _ in 0..plies {
            let mut v = Vec::new();
            g.legal_actions(&mut v);
            if v.is_empty() {
                break;
            }
            g.play(v[rng.next_u64() as usize % v.len()]);
            let m = twin(&g.fen());
            assert_eq!(g.evaluate(), m.evaluate(), "{}", g.fen());
        }
    }
}
