//! Evaluation: measured material plus place bonuses from measured per-cell mobility, and
//! pawn progress towards promotion.

use crate::bitboard::Bits;
use crate::game::{Evaluate, Game, Player};

use super::pieces::Kind;
use super::position::Move;
use super::values::piece_values;
use super::Tches;

/// Centipawns per unit of cell mobility above the type's average.
const PLACE_WEIGHT: f64 = 3.0;
/// Centipawns per rank advanced, squared (a pawn near promotion is nearly a piece).
const PAWN_PROGRESS: i32 = 3;

impl Tches {
    fn side_score(&self, p: Player) -> i32 {
        let v = piece_values();
        let mut s = 0;
        for c in Bits(self.pos.occ[p.index()]) {
            let (_, k) = self.pos.at(c).expect("occupied cell");
            s += v.value[k.index()];
            let rank = (c / 8) as i32;
            let progress = if p == Player::White {
                rank - 1
            } else {
                6 - rank
            };
            if k.is_pawn() {
                s += PAWN_PROGRESS * progress.max(0).pow(2);
            } else if k != Kind::King {
                let view = if p == Player::White { c } else { c ^ 56 };
                let here = v.cell_mobility[k.index()][view as usize];
                s += ((here - v.mobility_empty[k.index()]) * PLACE_WEIGHT) as i32;
            }
        }
        s
    }

    fn value_of(&self, k: Kind) -> i32 {
        if k == Kind::King {
            20_000
        } else {
            piece_values().value[k.index()]
        }
    }
}

impl Evaluate for Tches {
    fn evaluate(&self) -> i32 {
        let me = self.to_move();
        self.side_score(me) - self.side_score(me.opponent())
    }

    fn is_tactical(&self, a: Move) -> bool {
        a.promo.is_some() || self.pos.at(a.to).is_some()
    }

    fn order_score(&self, a: Move) -> i32 {
        let mut s = 0;
        if let Some((_, victim)) = self.pos.at(a.to) {
            let attacker = self.pos.at(a.from).map_or(0, |(_, k)| self.value_of(k));
            s += 16 * self.value_of(victim) - attacker / 16;
        }
        if let Some(k) = a.promo {
            s += self.value_of(k);
        }
        s
    }

    fn in_check(&self) -> bool {
        self.pos.acts == 0 && !self.choosing() && self.royal_attacked(self.to_move())
    }
}
