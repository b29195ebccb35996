//! Unit tests of the bare position: the solver's compact code, the key and the FEN agree with
//! the position along random games.

use rand_core::{RngCore, SeedableRng};
use rand_xoshiro::Xoshiro256PlusPlus;

use super::fen::{board_fen, parse_fen};
use super::position::{Config, Position};

/// Positions along seeded random games from the start.
fn random_positions(games: usize, seed: u64) -> Vec<Position> {
    let cfg = Config::default();
    let mut rng = Xoshiro256PlusPlus::seed_from_u64(seed);
    let mut out = Vec::new();
    for _ in 0..games {
        let mut p = Position::start(&cfg);
        for _ in 0..40 {
            out.push(p);
            let mut v = Vec::new();
            p.legal_actions(&cfg, &mut v);
            if v.is_empty() {
                break;
            }
            p.apply(v[rng.next_u32() as usize % v.len()]);
        }
    }
    out
}

#[test]
fn the_compact_code_round_trips() {
    for p in random_positions(30, 1) {
        assert_eq!(Position::decode(p.encode()), p);
    }
}

#[test]
fn the_incremental_key_equals_a_fresh_one() {
    for p in random_positions(30, 2) {
        assert_eq!(p.key, p.compute_key());
    }
}

#[test]
fn the_board_fen_round_trips() {
    for p in random_positions(30, 3) {
        let fen = format!("{} {} - - 0 1", board_fen(&p), p.to_move.fen_char());
        let parsed = parse_fen(&fen, 4).unwrap();
        assert_eq!(parsed.pos, p, "{fen}");
    }
}
