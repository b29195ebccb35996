//! Search knowledge: a static score built on material and line threats, move ordering, and
//! exact values from the solved table where one covers the position.

use crate::game::{Evaluate, Player};

use super::movegen::tables;
use super::position::{kind_of, side_of, Position, TttAction, KINDS, PAWN};
use super::{solver, TicTacChess};

/// Value of a piece on the board, by kind (P R N B Q K). The king is worth little as
/// material: it is a line piece that can be checkmated.
const ON_BOARD: [i32; KINDS] = [100, 450, 280, 300, 800, 150];
/// A reserve piece is worth less than one in play: it still has to find a cell.
const IN_RESERVE: [i32; KINDS] = [40, 200, 140, 150, 350, 60];
/// Two of a side's pieces on a line whose third cell is empty.
const OPEN_TWO: i32 = 60;
/// An enemy piece under attack.
const ATTACKED: i32 = 15;

fn side_score(p: &Position, side: Player, enemy_attacks: u64) -> i32 {
    let mut s = 0;
    for (c, &pc) in p.board.iter().enumerate() {
        if pc != 0 && side_of(pc) == side {
            s += ON_BOARD[kind_of(pc) as usize];
            if enemy_attacks & (1 << c) != 0 {
                s -= ATTACKED;
            }
        }
    }
    for (value, &n) in IN_RESERVE.iter().zip(&p.reserve[side.index()]) {
        s += value * n as i32;
    }
    let mine = p.mask(side);
    let occ = p.occupied();
    for &l in &tables().lines {
        if (mine & l).count_ones() == 2 && (occ & l).count_ones() == 2 {
            s += OPEN_TWO;
        }
    }
    // The centre lies on four lines.
    if mine & (1 << 4) != 0 {
        s += 30;
    }
    s
}

/// Static score in centipawns for the side to move.
pub fn evaluate(p: &Position) -> i32 {
    let me = p.to_move;
    let them = me.opponent();
    let my_attacks = p.attacked_by(me);
    let their_attacks = p.attacked_by(them);
    let mut s = side_score(p, me, their_attacks) - side_score(p, them, my_attacks);
    // Having the move is worth most when a line of ours is one action from complete.
    s += 20;
    if p.in_check() {
        s -= 40;
    }
    s
}

impl Evaluate for TicTacChess {
    fn evaluate(&self) -> i32 {
        evaluate(self.position())
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
                    s += 10 * ON_BOARD[kind_of(victim) as usize]
                        - ON_BOARD[kind_of(p.board[from as usize]) as usize] / 10;
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
}
