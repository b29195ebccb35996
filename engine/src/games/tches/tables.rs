//! Everything fixed for one game setting: the board, compiled movement, Zobrist keys,
//! the promotion choices and the start position. Shared read-only between copies of a game.

use crate::bitboard::Cell;
use crate::game::Player;
use crate::geometry::Geometry;

use super::patterns::{compile_option, CompiledOption};
use super::pieces::{movement, Kind, ALL_KINDS, KIND_COUNT};

/// Number of values a "last moved type" slot takes: none, or a type.
pub const LAST_SLOTS: usize = KIND_COUNT + 1;

pub struct Keys {
    piece: Vec<u64>,
    pub side: u64,
    used: Vec<u64>,
    last: Vec<u64>,
}

impl Keys {
    #[inline]
    pub fn piece(&self, p: Player, k: Kind, c: Cell) -> u64 {
        self.piece[(p.index() * KIND_COUNT + k.index()) * 64 + c as usize]
    }

    #[inline]
    pub fn used(&self, c: Cell) -> u64 {
        self.used[c as usize]
    }

    /// `slot`: 0 for none, else type index + 1.
    #[inline]
    pub fn last(&self, p: Player, slot: u8) -> u64 {
        self.last[p.index() * LAST_SLOTS + slot as usize]
    }
}

pub struct Tables {
    pub geo: Geometry,
    /// Movement per side, per type.
    pub moves: [Vec<Vec<CompiledOption>>; 2],
    /// Per side, type and cell: every cell the piece could ever capture on (a quick filter
    /// for attack tests).
    pub capture_hull: [Vec<[u64; 64]>; 2],
    pub keys: Keys,
    /// Three actions per turn, each by a different piece.
    pub strike: bool,
    /// Types a pawn may promote to (the army's pieces other than pawns and the king).
    pub promotions: Vec<Kind>,
    /// The far rank of each side, where its pawns promote.
    pub far_rank: [u64; 2],
    /// The start placement, rank 8 first as FEN writes it.
    pub start_placement: String,
    /// Types flipped to their reverse side by the option, as main -> reverse.
    pub flips: Vec<(Kind, Kind)>,
}

/// The Layer 1 back rank, a-h.
pub const BACK_RANK: [Kind; 8] = [
    Kind::Guardian,
    Kind::Griffin,
    Kind::Paladin,
    Kind::Queen,
    Kind::King,
    Kind::Lion,
    Kind::Champion,
    Kind::Magister,
];

impl Tables {
    pub fn new(strike: bool, flips: Vec<(Kind, Kind)>) -> Tables {
        let geo = Geometry::square(8, 8);
        let side_moves = |forward: i8| -> Vec<Vec<CompiledOption>> {
            ALL_KINDS
                .iter()
                .map(|&k| {
                    movement(k)
                        .into_iter()
                        .map(|o| compile_option(&geo, o, forward))
                        .collect()
                })
                .collect()
        };
        let moves = [side_moves(1), side_moves(-1)];
        let hull = |side: &Vec<Vec<CompiledOption>>| -> Vec<[u64; 64]> {
            side.iter()
                .map(|opts| {
                    let mut t = [0u64; 64];
                    for (c, m) in t.iter_mut().enumerate() {
                        *m = opts.iter().fold(0, |m, o| m | o.capture_hull(c as Cell));
                    }
                    t
                })
                .collect()
        };
        let capture_hull = [hull(&moves[0]), hull(&moves[1])];
        let raw = crate::zobrist::keys(
            0x7c4e_5000_0000_0001,
            2 * KIND_COUNT * 64 + 1 + 64 + 2 * LAST_SLOTS,
        );
        let (piece, rest) = raw.split_at(2 * KIND_COUNT * 64);
        let keys = Keys {
            piece: piece.to_vec(),
            side: rest[0],
            used: rest[1..65].to_vec(),
            last: rest[65..].to_vec(),
        };
        let flip = |k: Kind| flips.iter().find(|(m, _)| *m == k).map_or(k, |(_, r)| *r);
        let mut promotions: Vec<Kind> = Vec::new();
        for k in BACK_RANK {
            if k != Kind::King {
                promotions.push(flip(k));
            }
        }
        let back: String = BACK_RANK.iter().map(|&k| flip(k).letter()).collect();
        let pawn = flip(Kind::Pawn).letter().to_string().repeat(8);
        let start_placement = format!(
            "{}/{}/8/8/8/8/{}/{}",
            back.to_ascii_lowercase(),
            pawn.to_ascii_lowercase(),
            pawn,
            back
        );
        Tables {
            geo,
            moves,
            capture_hull,
            keys,
            strike,
            promotions,
            far_rank: [0xff00_0000_0000_0000, 0xff],
            start_placement,
            flips,
        }
    }
}
