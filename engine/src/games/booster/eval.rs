//! Evaluation and move-ordering hints.
//!
//! Material counts the checkers: a boosted piece is worth more by each step it may take, a
//! hobbled piece is worth much less (it moves as a pawn; a hobbled pawn not at all). Cards in
//! hand and checkers in supply are boosts and hobbles still to come.

use crate::core::bitboard::Bits;
use crate::core::game::Evaluate;
use crate::kits::chessboard::attacks::{bb, rank_of};
use crate::kits::chessboard::MoveKind;
use crate::kits::steps::board::{KING, PAWN};

use super::movegen::Act;
use super::position::Phase;
use super::Booster;

/// Evaluation weights in centipawns; the defaults are what the engine plays with.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Weights {
    /// By kind: pawn, knight, bishop, rook, queen (the king has no material value).
    pub values: [i32; 5],
    /// Per own checker under a piece, by kind (pawn .. king).
    pub boost: [i32; 6],
    /// What a hobbled piece keeps of its value, in percent.
    pub hobbled_keeps: i32,
    /// Per hobble checker beyond the first (harder to cancel).
    pub extra_hobble: i32,
    /// Per card in hand.
    pub card: i32,
    /// Per checker in supply.
    pub supply: i32,
    /// A pawn's bonus by ranks advanced (0 = its start rank).
    pub pawn_advance: [i32; 7],
    pub tempo: i32,
}

impl Default for Weights {
    fn default() -> Self {
        Weights {
            values: [100, 320, 330, 500, 950],
            boost: [40, 45, 50, 50, 60, 45],
            hobbled_keeps: 35,
            extra_hobble: 10,
            card: 15,
            supply: 5,
            pawn_advance: [0, 8, 18, 32, 55, 90, 0],
            tempo: 10,
        }
    }
}

impl Booster {
    fn side_score(&self, c: usize) -> i32 {
        let w = &self.weights;
        let pos = &self.pos;
        let b = &pos.board;
        let hobbled = pos.hobbled();
        let mut s = 0;
        for sq in Bits(b.by_color[c]) {
            let k = b.kind_at(sq);
            let base = if k == KING { 0 } else { w.values[k] };
            let n = pos.stacks[sq as usize] as i32;
            if hobbled & bb(sq) != 0 {
                s += base * w.hobbled_keeps / 100 - w.extra_hobble * (n - 1);
                if k == KING {
                    s -= 60;
                }
            } else {
                s += base + n * w.boost[k];
                if k == PAWN {
                    let adv = if c == 0 {
                        rank_of(sq) as i32 - 1
                    } else {
                        6 - rank_of(sq) as i32
                    };
                    s += w.pawn_advance[adv.clamp(0, 6) as usize];
                }
            }
        }
        s + w.card * pos.hand_len[c] as i32 + w.supply * pos.supply(c) as i32
    }
}

impl Evaluate for Booster {
    fn evaluate(&self) -> i32 {
        let us = self.pos.side as usize;
        self.side_score(us) - self.side_score(us ^ 1) + self.weights.tempo
    }

    fn is_tactical(&self, a: Act) -> bool {
        let occ = self.pos.board.occupied();
        match a {
            Act::Regular(m) => {
                occ & bb(m.to()) != 0 && m.kind() != MoveKind::Castling
                    || matches!(m.kind(), MoveKind::EnPassant | MoveKind::Promotion)
            }
            Act::Step { to, promo, .. } => occ & bb(to) != 0 || promo.is_some(),
            _ => false,
        }
    }

    fn order_score(&self, a: Act) -> i32 {
        let b = &self.pos.board;
        let victim = |to| {
            b.piece_at(to).map_or(
                0,
                |(_, k)| if k == KING { 0 } else { self.weights.values[k] },
            )
        };
        match a {
            Act::Regular(m) => victim(m.to()) * 10 - b.kind_at(m.from()) as i32,
            Act::Step { to, .. } => victim(to) * 10,
            Act::Card { sq, .. } => {
                // Hobble the most valuable enemy, or boost the most valuable own piece.
                b.piece_at(sq).map_or(0, |(_, k)| {
                    if k == KING {
                        50
                    } else {
                        self.weights.values[k] / 10
                    }
                })
            }
            _ => 0,
        }
    }

    fn in_check(&self) -> bool {
        self.pos.phase == Phase::Regular && self.pos.in_ordinary_check()
    }

    fn quiescence_continues(&self) -> bool {
        matches!(self.pos.phase, Phase::Steps(_))
    }
}
