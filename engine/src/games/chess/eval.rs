//! Search hooks for chess: a material-only evaluation and MVV-LVA ordering.

use super::{Chess, Move, MoveKind, PieceKind, Position};
use crate::game::{Evaluate, Player};

/// Centipawn values by `PieceKind` index (the king is never captured).
const VALUE: [i32; 6] = [100, 320, 330, 500, 900, 0];

impl Chess {
    fn material(&self, color: Player) -> i32 {
        PieceKind::ALL
            .iter()
            .map(|&k| self.pieces(color, k).count_ones() as i32 * VALUE[k as usize])
            .sum()
    }
}

impl Evaluate for Chess {
    fn evaluate(&self) -> i32 {
        let us = self.side_to_move();
        self.material(us) - self.material(us.opponent())
    }

    fn is_tactical(&self, a: Move) -> bool {
        match a.kind() {
            MoveKind::Promotion | MoveKind::EnPassant => true,
            MoveKind::Castling => false,
            MoveKind::Normal => self.piece_at(a.to()).is_some(),
        }
    }

    fn order_score(&self, a: Move) -> i32 {
        let victim = match a.kind() {
            MoveKind::EnPassant => VALUE[0],
            MoveKind::Castling => return 0,
            _ => self.piece_at(a.to()).map_or(0, |(_, k)| VALUE[k as usize]),
        };
        let promo = a.promotion_piece().map_or(0, |p| VALUE[p as usize]);
        if victim == 0 && promo == 0 {
            return 0;
        }
        let attacker = self.piece_at(a.from()).map_or(0, |(_, k)| k as i32);
        10 * (victim + promo) - attacker
    }

    fn in_check(&self) -> bool {
        self.checkers() != 0
    }

    fn play_null(&mut self) -> Option<Position> {
        if self.checkers() != 0 {
            return None;
        }
        Some(self.play_null_move())
    }
}
