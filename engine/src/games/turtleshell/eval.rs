//! Evaluation. Besides material, the game is a race: a king standing unchecked on the far row
//! wins outright, so king progress towards the end zone weighs like material, and pawns near
//! their promotion zone are worth more (a promoted pawn is a rook).

use crate::core::bitboard::{bit, Bits};
use crate::core::game::{Evaluate, Player, RuleError};
use crate::core::param_table::{self, ParamTable};

use super::piece::Kind;
use super::position::Move;
use super::TurtleShell;

/// Evaluation weights in centipawns. The defaults are what the engine plays with; other
/// values serve tuning matches.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Weights {
    /// By kind: pawn, rook, knight, guard, king.
    pub values: [i32; 5],
    /// King bonus by king steps to the end zone while the opponent keeps all its pieces...
    pub king_progress_opening: [i32; 12],
    /// ...and once its rooks, knights and guards are gone (blended in between).
    pub king_progress_ending: [i32; 12],
    /// Pawn bonus by forward steps to the promotion zone.
    pub pawn_progress: [i32; 8],
    /// Per cell a rook, knight or guard may move to.
    pub mobility: i32,
    /// Penalty per cell next to the king (and the king's own) that the opponent attacks.
    pub king_danger: i32,
    pub tempo: i32,
}

impl Default for Weights {
    fn default() -> Self {
        Weights {
            values: [100, 520, 310, 240, 0],
            king_progress_opening: [700, 300, 170, 100, 60, 35, 20, 10, 5, 0, 0, 0],
            king_progress_ending: [900, 500, 360, 260, 190, 140, 100, 70, 45, 25, 10, 0],
            pawn_progress: [70, 45, 28, 16, 8, 4, 0, 0],
            mobility: 4,
            king_danger: 12,
            tempo: 12,
        }
    }
}

crate::param_table!(Weights {
    values,
    king_progress_opening,
    king_progress_ending,
    pawn_progress,
    mobility,
    king_danger,
    tempo,
});

/// Non-pawn material of a full army: the scale of the opening-to-ending blend.
fn full_army(w: &Weights) -> i32 {
    2 * (w.values[Kind::Rook as usize]
        + w.values[Kind::Knight as usize]
        + w.values[Kind::Guard as usize])
}

impl TurtleShell {
    fn side_score(&self, p: Player) -> i32 {
        let pos = &self.pos;
        let b = pos.b;
        let g = &b.geometry;
        let own = pos.occupied_by[p.index()];
        let pieces = &pos.pieces[p.index()];
        let w = &self.weights;
        let mut s = 0;
        for k in Kind::ALL {
            s += w.values[k as usize] * pieces[k as usize].count_ones() as i32;
        }
        // The fewer pieces the opponent has left to stop it, the more a king's march counts.
        let them = &pos.pieces[p.opponent().index()];
        let army: i32 = [Kind::Rook, Kind::Knight, Kind::Guard]
            .iter()
            .map(|&k| w.values[k as usize] * them[k as usize].count_ones() as i32)
            .sum();
        let full = full_army(w);
        let army = army.min(full);
        let king = pos.kings[p.index()];
        let kd = (b.king_distance[p.index()][king as usize] as usize).min(11);
        s += (w.king_progress_opening[kd] * army + w.king_progress_ending[kd] * (full - army))
            / full;
        let occ = pos.occupied();
        let near = g.mask(b.edge, king) | bit(king);
        let danger = Bits(near)
            .filter(|&c| b.attackers(c, p.opponent(), occ, them) != 0)
            .count() as i32;
        s -= w.king_danger * danger;
        for c in Bits(pieces[Kind::Pawn as usize]) {
            let d = b.pawn_distance[p.index()][c as usize] as usize;
            s += w.pawn_progress[d.min(w.pawn_progress.len() - 1)];
        }
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
        s + w.mobility * mobility as i32
    }

    fn captured_value(&self, a: Move) -> i32 {
        self.pos.squares[a.to as usize].map_or(0, |p| self.weights.values[p.kind as usize])
    }
}

impl Evaluate for TurtleShell {
    fn evaluate(&self) -> i32 {
        let us = self.pos.side;
        self.side_score(us) - self.side_score(us.opponent()) + self.weights.tempo
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
            s += 10 * victim - self.weights.values[p.kind as usize] / 10 + 1000;
        }
        if a.promote {
            s += self.weights.values[Kind::Rook as usize];
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

    fn eval_weights(&self) -> Option<&dyn ParamTable> {
        Some(&self.weights)
    }

    fn set_eval_weights(&mut self, values: &[i32]) -> Result<(), RuleError> {
        let mut w = self.weights;
        param_table::set_values(&mut w, values)?;
        // The opening-to-ending blend divides by the full army's value.
        if full_army(&w) <= 0 {
            return Err(RuleError::new(
                "the rook, knight and guard values must add up to more than zero",
            ));
        }
        self.weights = w;
        Ok(())
    }
}
