//! Search knowledge: a static score built on material and line threats, move ordering, and
//! exact values from the solved table where one covers the position.

use crate::core::game::{Evaluate, Player, RuleError};
use crate::core::param_table::{self, ParamTable};

use super::movegen::tables;
use super::position::{kind_of, side_of, Position, TttAction, KINDS, PAWN};
use super::{solver, TicTacChess};

/// Evaluation weights in centipawns. The defaults are what the engine plays with.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Weights {
    /// Value of a piece on the board, by kind (P R N B Q K). The king is worth little as
    /// material: it is a line piece that can be checkmated.
    pub on_board: [i32; KINDS],
    /// A reserve piece is worth less than one in play: it still has to find a cell.
    pub in_reserve: [i32; KINDS],
    /// Two of a side's pieces on a line whose third cell is empty.
    pub open_two: i32,
    /// Per own piece under attack.
    pub attacked: i32,
    /// A piece on the centre cell, which lies on four lines.
    pub centre: i32,
    /// Having the move is worth most when a line of ours is one action from complete.
    pub tempo: i32,
    /// The side to move is in check.
    pub in_check: i32,
}

/// Fitted to 3000 self-play games by `tessera tune texel` and accepted by an SPRT match
/// against the hand-set values (on_board 100/450/280/300/800/150, in_reserve
/// 40/200/140/150/350/60, open_two 60, attacked 15, centre 30, tempo 20, in_check 40):
/// +269 Elo, 95% interval +203..+358, 140 games at 20000 nodes (docs/guide/tuning.md).
impl Default for Weights {
    fn default() -> Self {
        Weights {
            on_board: [289, 547, 362, 405, 896, 142],
            in_reserve: [99, 341, 219, 272, 730, 68],
            open_two: 45,
            attacked: 52,
            centre: 18,
            tempo: 118,
            in_check: 476,
        }
    }
}

crate::param_table!(Weights {
    on_board,
    in_reserve,
    open_two,
    attacked,
    centre,
    tempo,
    in_check,
});

fn side_score(p: &Position, side: Player, enemy_attacks: u64, w: &Weights) -> i32 {
    let mut s = 0;
    for (c, &pc) in p.board.iter().enumerate() {
        if pc != 0 && side_of(pc) == side {
            s += w.on_board[kind_of(pc) as usize];
            if enemy_attacks & (1 << c) != 0 {
                s -= w.attacked;
            }
        }
    }
    for (value, &n) in w.in_reserve.iter().zip(&p.reserve[side.index()]) {
        s += value * n as i32;
    }
    let mine = p.mask(side);
    let occ = p.occupied();
    for &l in &tables().lines {
        if (mine & l).count_ones() == 2 && (occ & l).count_ones() == 2 {
            s += w.open_two;
        }
    }
    if mine & (1 << 4) != 0 {
        s += w.centre;
    }
    s
}

/// Static score in centipawns for the side to move, with the default weights (the solver
/// orders its children by it).
pub fn evaluate(p: &Position) -> i32 {
    evaluate_with(p, &Weights::default())
}

/// Static score in centipawns for the side to move.
pub fn evaluate_with(p: &Position, w: &Weights) -> i32 {
    let me = p.to_move;
    let them = me.opponent();
    let my_attacks = p.attacked_by(me);
    let their_attacks = p.attacked_by(them);
    let mut s = side_score(p, me, their_attacks, w) - side_score(p, them, my_attacks, w);
    s += w.tempo;
    if p.in_check() {
        s -= w.in_check;
    }
    s
}

impl Evaluate for TicTacChess {
    fn evaluate(&self) -> i32 {
        evaluate_with(self.position(), &self.weights)
    }

    fn is_tactical(&self, a: TttAction) -> bool {
        match a {
            TttAction::Move { to, promo, .. } => {
                promo.is_some() || self.position().board[to as usize] != 0
            }
            TttAction::Drop { .. } => false,
        }
    }

    fn order_score(&self, a: TttAction) -> i32 {
        let p = self.position();
        match a {
            TttAction::Move { from, to, promo } => {
                let victim = p.board[to as usize];
                let mut s = 0;
                if victim != 0 {
                    s += 10 * self.weights.on_board[kind_of(victim) as usize]
                        - self.weights.on_board[kind_of(p.board[from as usize]) as usize] / 10;
                }
                if promo.is_some() {
                    s += 5000;
                }
                s
            }
            TttAction::Drop { kind, to } => {
                // Drops that complete or extend a line of ours first.
                let mine = p.mask(p.to_move) | (1 << to);
                let lines = tables().lines.iter().filter(|&&l| mine & l == l).count();
                let centre = i32::from(to == 4);
                lines as i32 * 3000 + centre * 50 + i32::from(kind != PAWN) * 10
            }
        }
    }

    fn in_check(&self) -> bool {
        self.position().in_check()
    }

    fn probe_solved(&self) -> Option<(i32, u32)> {
        solver::probe(self.config(), self.position())
    }

    fn eval_weights(&self) -> Option<&dyn ParamTable> {
        Some(&self.weights)
    }

    fn set_eval_weights(&mut self, values: &[i32]) -> Result<(), RuleError> {
        param_table::set_values(&mut self.weights, values)
    }
}
