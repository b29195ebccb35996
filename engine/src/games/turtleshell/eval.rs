//! Evaluation. Besides material, the game is a race: a king standing unchecked on the far row
//! wins outright, so king progress towards the end zone weighs like material, and pawns near
//! their promotion zone are worth more (a promoted pawn is a rook).

use crate::bitboard::{bit, Bits};
use crate::game::{Evaluate, Player};

use super::piece::Kind;
use super::position::Move;
use super::TurtleShell;

/// Centipawn values by kind (pawn, rook, knight, guard, king).
pub const VALUES: [i32; 5] = [100, 520, 310, 240, 0];

/// King bonus by king steps to the end zone: close kings decide games.
const KING_PROGRESS: [i32; 12] = [700, 300, 170, 100, 60, 35, 20, 10, 5, 0, 0, 0];

/// Pawn bonus by forward steps to the promotion zone.
const PAWN_PROGRESS: [i32; 8] = [70, 45, 28, 16, 8, 4, 0, 0];

const MOBILITY: i32 = 4;
const TEMPO: i32 = 12;

impl TurtleShell {
    fn side_score(&self, p: Player) -> i32 {
        let pos = &self.pos;
        let b = pos.b;
        let g = &b.geometry;
        let own = pos.occupied_by[p.index()];
        let pieces = &pos.pieces[p.index()];
        let mut s = 0;
        for k in Kind::ALL {
            s += VALUES[k as usize] * pieces[k as usize].count_ones() as i32;
        }
        let king = pos.kings[p.index()] as usize;
        let kd = b.king_distance[p.index()][king] as usize;
        s += KING_PROGRESS[kd.min(KING_PROGRESS.len() - 1)];
        for c in Bits(pieces[Kind::Pawn as usize]) {
            let d = b.pawn_distance[p.index()][c as usize] as usize;
            s += PAWN_PROGRESS[d.min(PAWN_PROGRESS.len() - 1)];
        }
        let occ = pos.occupied();
        let mut mobility = 0;
        for c in Bits(pieces[Kind::Rook as usize]) {
            mobility += (g.slide(b.rook, c, occ) & !own).count_ones();
        }
        for c in Bits(pieces[Kind::Knight as usize]) {
            mobility += (g.mask(b.corner, c) & !own).count_ones();
        }
        for c in Bits(pieces[Kind::Guard as usize]) {
            mobility += (g.mask(b.edge, c) & !own).count_ones();
        }
        s + MOBILITY * mobility as i32
    }

    fn captured_value(&self, a: Move) -> i32 {
        self.pos.squares[a.to as usize].map_or(0, |p| VALUES[p.kind as usize])
    }
}

impl Evaluate for TurtleShell {
    fn evaluate(&self) -> i32 {
        let us = self.pos.side;
        self.side_score(us) - self.side_score(us.opponent()) + TEMPO
    }

    fn is_tactical(&self, a: Move) -> bool {
        a.promote || self.pos.occupied() & bit(a.to) != 0
    }

    fn order_score(&self, a: Move) -> i32 {
        let pos = &self.pos;
        let Some(p) = pos.squares[a.from as usize] else {
            return 0;
        };
        let mut s = 0;
        let victim = self.captured_value(a);
        if victim > 0 {
            s += 10 * victim - VALUES[p.kind as usize] / 10 + 1000;
        }
        if a.promote {
            s += VALUES[Kind::Rook as usize];
        }
        if p.kind == Kind::King {
            // Steps towards the end zone first: the race is the point of the game.
            let dist = &pos.b.king_distance[p.side.index()];
            s += 20 * (dist[a.from as usize] as i32 - dist[a.to as usize] as i32);
        }
        s
    }

    fn in_check(&self) -> bool {
        self.pos.in_check(self.pos.side)
    }

    fn play_null(&mut self) -> Option<Self::Undo> {
        if self.pos.in_check(self.pos.side) {
            return None;
        }
        Some(self.pos.play_null())
    }
}
