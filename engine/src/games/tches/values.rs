//! Piece values measured from the movement table, not guessed.
//!
//! For every type: the average number of cells it can end an action on (moves and captures)
//! from each cell of an empty board, and from each cell of random boards (a third of the
//! other cells occupied, owners at random). The random-board mobility is mapped to
//! centipawns by the straight line that best fits the chess knight, bishop, rook and queen
//! (300, 300, 500, 900; least squares), never below a pawn (the line's negative intercept
//! would price the least mobile leapers under a pawn that can promote). Pawn types are the
//! unit (100). The Jester is valued
//! at the count-weighted mean mobility of the start army it may be copying. Place bonuses come
//! from the empty-board mobility of each cell.

use std::sync::OnceLock;

use rand_core::{RngCore, SeedableRng};
use rand_xoshiro::Xoshiro256PlusPlus;

use crate::core::bitboard::{bit, Cell};
use crate::core::game::Player;

use super::pieces::{Kind, ALL_KINDS, KIND_COUNT};
use super::position::{pack, Pos};
use super::tables::BACK_RANK;
use super::{Rules, Tches};

/// Random boards per type in the measurement.
const BOARDS: usize = 300;

pub struct PieceValues {
    /// Centipawns per type.
    pub value: [i32; KIND_COUNT],
    /// Average destinations on an empty board / on random boards.
    pub mobility_empty: [f64; KIND_COUNT],
    pub mobility_random: [f64; KIND_COUNT],
    /// Per type, per cell (White's view): empty-board destinations from that cell.
    pub cell_mobility: Vec<[f64; 64]>,
    /// Under Polarity: per type, facing (White's frame) and cell, empty-board destinations;
    /// and per type their mean over facings and cells.
    pub cell_mobility_polar: Vec<[[f64; 64]; 4]>,
    pub mobility_polar: [f64; KIND_COUNT],
    /// The fitted line: value = slope * mobility + intercept.
    pub slope: f64,
    pub intercept: f64,
}

/// Destinations of the White piece of type `k` on `c` in `pos` (other pieces as placed).
fn destinations(probe: &mut Tches, base: &Pos, k: Kind, c: Cell) -> u32 {
    destinations_facing(probe, base, k, c, 0)
}

fn destinations_facing(probe: &mut Tches, base: &Pos, k: Kind, c: Cell, facing: u8) -> u32 {
    probe.pos = *base;
    probe.pos.board[c as usize] = pack(Player::White, k) | facing << 6;
    probe.pos.occ[0] |= bit(c);
    probe.pos.side = Player::White;
    let mut v = Vec::new();
    probe.piece_actions(c, &mut v);
    v.iter()
        .filter(|a| a.from != a.to)
        .fold(0u64, |m, a| m | bit(a.to))
        .count_ones()
}

fn measure() -> PieceValues {
    // Probes carry no material: the default weights' material is what is measured here.
    let probe_weights = || super::eval::Weights::with_material([0; KIND_COUNT]);
    let mut probe = Tches::with_weights(Rules::plain(false, Vec::new()), probe_weights())
        .expect("Layers 1 and 2 are consistent");
    let mut rng = Xoshiro256PlusPlus::seed_from_u64(0x7c4e5);
    let boards: Vec<Pos> = (0..BOARDS)
        .map(|_| {
            let mut p = Pos::empty();
            for c in 0..64u8 {
                if rng.next_u32() % 3 == 0 {
                    let owner = if rng.next_u32() % 2 == 0 {
                        Player::White
                    } else {
                        Player::Black
                    };
                    p.board[c as usize] = pack(owner, Kind::Knight);
                    p.occ[owner.index()] |= bit(c);
                }
            }
            p
        })
        .collect();
    let mut mobility_empty = [0.0; KIND_COUNT];
    let mut mobility_random = [0.0; KIND_COUNT];
    let mut cell_mobility = vec![[0.0; 64]; KIND_COUNT];
    for k in ALL_KINDS {
        if k == Kind::Jester {
            continue;
        }
        for c in 0..64u8 {
            let e = destinations(&mut probe, &Pos::empty(), k, c) as f64;
            cell_mobility[k.index()][c as usize] = e;
            mobility_empty[k.index()] += e / 64.0;
        }
        let mut total = 0.0;
        for b in &boards {
            for c in 0..64u8 {
                let mut b = *b;
                b.board[c as usize] = 0;
                b.occ[0] &= !bit(c);
                b.occ[1] &= !bit(c);
                total += destinations(&mut probe, &b, k, c) as f64;
            }
        }
        mobility_random[k.index()] = total / (64.0 * BOARDS as f64);
    }
    // The Jester copies what the opponent moved: weight the start army by piece count.
    let army: Vec<(Kind, f64)> = BACK_RANK
        .iter()
        .map(|&k| (k, 1.0))
        .chain(std::iter::once((Kind::Pawn, 8.0)))
        .collect();
    let weight: f64 = army.iter().map(|a| a.1).sum();
    for table in [&mut mobility_empty, &mut mobility_random] {
        table[Kind::Jester.index()] =
            army.iter().map(|&(k, w)| w * table[k.index()]).sum::<f64>() / weight;
    }
    cell_mobility[Kind::Jester.index()] = [mobility_empty[Kind::Jester.index()]; 64];

    let mut rules = super::options::Rules::plain(false, Vec::new());
    rules.polarity = true;
    let mut polar = Tches::with_weights(rules, probe_weights()).expect("consistent rules");
    let mut cell_mobility_polar = vec![[[0.0; 64]; 4]; KIND_COUNT];
    let mut mobility_polar = [0.0; KIND_COUNT];
    for k in ALL_KINDS {
        if k == Kind::Jester {
            continue;
        }
        for f in 0..4u8 {
            for c in 0..64u8 {
                let e = destinations_facing(&mut polar, &Pos::empty(), k, c, f) as f64;
                cell_mobility_polar[k.index()][f as usize][c as usize] = e;
                mobility_polar[k.index()] += e / 256.0;
            }
        }
    }
    let jester = mobility_polar
        .iter()
        .zip(ALL_KINDS)
        .filter(|(_, k)| BACK_RANK.contains(k) || *k == Kind::Pawn)
        .map(|(m, k)| m * if k == Kind::Pawn { 8.0 } else { 1.0 })
        .sum::<f64>()
        / 16.0;
    mobility_polar[Kind::Jester.index()] = jester;
    cell_mobility_polar[Kind::Jester.index()] = [[jester; 64]; 4];

    let anchors = [
        (Kind::Knight, 300.0),
        (Kind::Bishop, 300.0),
        (Kind::Rook, 500.0),
        (Kind::Queen, 900.0),
    ];
    let n = anchors.len() as f64;
    let mx = anchors
        .iter()
        .map(|a| mobility_random[a.0.index()])
        .sum::<f64>()
        / n;
    let my = anchors.iter().map(|a| a.1).sum::<f64>() / n;
    let sxy: f64 = anchors
        .iter()
        .map(|a| (mobility_random[a.0.index()] - mx) * (a.1 - my))
        .sum();
    let sxx: f64 = anchors
        .iter()
        .map(|a| (mobility_random[a.0.index()] - mx).powi(2))
        .sum();
    let slope = sxy / sxx;
    let intercept = my - slope * mx;
    let mut value = [0; KIND_COUNT];
    for k in ALL_KINDS {
        value[k.index()] = if k == Kind::King {
            0
        } else if k.is_pawn() {
            100
        } else {
            ((slope * mobility_random[k.index()] + intercept).round() as i32).max(100)
        };
    }
    PieceValues {
        value,
        mobility_empty,
        mobility_random,
        cell_mobility,
        cell_mobility_polar,
        mobility_polar,
        slope,
        intercept,
    }
}

/// The measured values (computed once per process, a few milliseconds).
pub fn piece_values() -> &'static PieceValues {
    static VALUES: OnceLock<PieceValues> = OnceLock::new();
    VALUES.get_or_init(measure)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn measured_values_are_ordered_like_chess() {
        let v = piece_values();
        let val = |k: Kind| v.value[k.index()];
        assert!(val(Kind::Queen) > val(Kind::Rook));
        assert!(val(Kind::Rook) > val(Kind::Knight));
        assert!(val(Kind::Knight) > 100);
        assert!((v.mobility_empty[Kind::Knight.index()] - 5.25).abs() < 1e-9);
        assert!((v.mobility_empty[Kind::Rook.index()] - 14.0).abs() < 1e-9);
        assert!((v.mobility_empty[Kind::Bishop.index()] - 8.75).abs() < 1e-9);
    }

    /// Prints the table recorded in docs/variants/tches.md:
    /// `cargo test -p tessera-engine --release print_piece_values -- --ignored --nocapture`
    #[test]
    #[ignore]
    fn print_piece_values() {
        let v = piece_values();
        println!(
            "fit: value = {:.1} * mobility + {:.1}",
            v.slope, v.intercept
        );
        println!("| type | letter | empty board | random boards | value |");
        println!("|---|---|---|---|---|");
        for k in ALL_KINDS {
            println!(
                "| {} | {} | {:.2} | {:.2} | {} |",
                k.name(),
                k.letter(),
                v.mobility_empty[k.index()],
                v.mobility_random[k.index()],
                v.value[k.index()]
            );
        }
    }
}
