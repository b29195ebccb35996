//! Evaluation and move-ordering hints.
//!
//! Material counts the checkers: a piece on a stack is a stronger piece (each checker is one
//! more king step on some later turn), worth more the more it can do with them. King safety
//! looks at stepped attacks: the squares an enemy piece reaches by its move and then its
//! steps are the king's danger zone, beyond the ordinary attacks. Where a checker goes is a
//! search decision (every placement is an action the search tries); the ordering hint puts
//! the placements that give the opponent least first.

use crate::core::bitboard::Bits;
use crate::core::game::{Evaluate, RuleError};
use crate::core::param_table::{self, ParamTable};
use crate::kits::chessboard::attacks::{bb, rank_of, tables, Square};
use crate::kits::chessboard::MoveKind;

use crate::kits::steps::board::{piece_reach, BISHOP, KING, KNIGHT, NO_SQUARE, PAWN, QUEEN};
use crate::kits::steps::reach::{distance, spread, within};

use super::movegen::Act;
use super::position::{Phase, Pos};
use super::tables::keys;
use super::Adrenaline;

/// Evaluation weights in centipawns. The defaults are what the engine plays with. They form a
/// `ParamTable` (names such as `checker.4`, `stepped_threat`), loaded by the engine option
/// `EvalWeights` and fitted by `tessera tune texel`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Weights {
    /// By kind: pawn, knight, bishop, rook, queen (the king has no material value).
    pub values: [i32; 5],
    /// Per checker under a piece, by kind (pawn .. king): the worth of one more king step.
    pub checker: [i32; 6],
    /// Checkers beyond this many under one piece add only half as much each (a count, from
    /// 0 to `MAX_CHECKER_FULL`).
    pub checker_full: i32,
    /// A pawn's bonus by ranks advanced (0 = its start rank).
    pub pawn_advance: [i32; 7],
    /// Bonus for a knight or bishop by king-step distance from the centre (0 = central).
    pub centre: [i32; 4],
    /// Per square a knight, bishop, rook or queen may move to.
    pub mobility: i32,
    /// The king's own square reachable by an enemy turn with steps (a threat the opponent
    /// must be kept busy from); counted per threatening piece.
    pub stepped_threat: i32,
    /// Per square next to the king an enemy stepping piece reaches.
    pub king_zone: i32,
    /// Per enemy piece ordinarily attacking a square next to the king.
    pub king_attackers: i32,
    /// King on its back two ranks while queens are on: a shelter bonus.
    pub king_shelter: i32,
    /// A checker owed at the end of the turn in progress (it will go to the opponent).
    pub owed_checker: i32,
    pub tempo: i32,
}

impl Default for Weights {
    fn default() -> Self {
        Weights {
            values: [100, 320, 330, 500, 950],
            checker: [45, 50, 55, 55, 70, 60],
            checker_full: 3,
            pawn_advance: [0, 8, 18, 32, 55, 90, 0],
            centre: [18, 8, -4, -20],
            mobility: 3,
            stepped_threat: 60,
            king_zone: 10,
            king_attackers: 8,
            king_shelter: 25,
            owed_checker: 30,
            tempo: 10,
        }
    }
}

crate::param_table!(Weights {
    values,
    checker,
    checker_full,
    pawn_advance,
    centre,
    mobility,
    stepped_threat,
    king_zone,
    king_attackers,
    king_shelter,
    owed_checker,
    tempo,
});

/// The most checkers counted in full under one piece (a stack never grows past the supply).
pub const MAX_CHECKER_FULL: i32 = 64;

/// The largest magnitude of a weight: sums of them stay far from overflowing.
const WEIGHT_LIMIT: i32 = 100_000;

impl Weights {
    /// Material value of a piece of `kind` (0 for the king).
    #[inline]
    pub fn value(&self, kind: usize) -> i32 {
        if kind == KING {
            0
        } else {
            self.values[kind]
        }
    }

    /// What `n` checkers under a piece of `kind` are worth.
    #[inline]
    pub fn stack_value(&self, kind: usize, n: u8) -> i32 {
        let full = (n as i32).min(self.checker_full);
        let rest = n as i32 - full;
        self.checker[kind] * full + self.checker[kind] * rest / 2
    }
}

/// Value used to order captures; the king outranks everything.
const KING_ORDER_VALUE: i32 = 20_000;

impl Adrenaline {
    /// Both sides' scores, White's first, in one pass over the pieces (each piece's reach is
    /// computed once and serves its mobility, the attack on the enemy king's neighbourhood
    /// and, for a piece on checkers, its stepped reach).
    fn scores(&self) -> [i32; 2] {
        let pos = &self.pos;
        let b = &pos.board;
        let w = &self.weights;
        let t = tables();
        let occ = b.occupied();
        let kings = [b.king_square(0), b.king_square(1)];
        let near = kings.map(|k| if k == NO_SQUARE { 0 } else { t.king(k) });
        let mut s = [0i32; 2];
        for us in 0..2 {
            let them = us ^ 1;
            let own = b.by_color[us];
            let mut attackers = 0;
            for sq in Bits(own) {
                let kind = b.kind_at(sq);
                let n = pos.stacks[sq as usize];
                s[us] += w.value(kind) + w.stack_value(kind, n);
                let reach = match kind {
                    PAWN => {
                        let advanced = if us == 0 {
                            rank_of(sq) as i32 - 1
                        } else {
                            6 - rank_of(sq) as i32
                        };
                        s[us] += w.pawn_advance[advanced.clamp(0, 6) as usize];
                        t.pawn(us, sq)
                    }
                    KING => t.king(sq),
                    _ => {
                        let reach = piece_reach(kind, sq, occ);
                        s[us] += w.mobility * (reach & !own).count_ones() as i32;
                        if kind == KNIGHT || kind == BISHOP {
                            s[us] += w.centre[centre_distance(sq)];
                        }
                        reach
                    }
                };
                if kind != KING && reach & near[them] != 0 {
                    attackers += 1;
                }
                if n > 0 && kings[them] != NO_SQUARE {
                    // Where this piece's next turn may end: its move, then its steps.
                    let mut zone = reach & !own;
                    if kind == PAWN {
                        zone |= pawn_push(us, sq, occ);
                    }
                    for _ in 0..n.min(7) {
                        zone |= spread(zone) & !own;
                    }
                    if zone & bb(kings[them]) != 0 {
                        s[them] -= w.stepped_threat;
                    }
                    s[them] -= w.king_zone * (zone & near[them]).count_ones() as i32;
                }
            }
            s[them] -= w.king_attackers * attackers;
        }
        for (us, k) in kings.into_iter().enumerate() {
            let home = if us == 0 {
                rank_of(k) <= 1
            } else {
                rank_of(k) >= 6
            };
            if k != NO_SQUARE && home && b.pieces(us ^ 1, QUEEN) != 0 {
                s[us] += w.king_shelter;
            }
        }
        s
    }
}

#[inline]
fn pawn_push(color: usize, s: Square, occ: u64) -> u64 {
    let one = if color == 0 {
        s as i32 + 8
    } else {
        s as i32 - 8
    };
    if (0..64).contains(&one) && occ & bb(one as Square) == 0 {
        bb(one as Square)
    } else {
        0
    }
}

#[inline]
fn centre_distance(s: Square) -> usize {
    let d = |x: u8| if x < 4 { 3 - x } else { x - 4 };
    d(s & 7).max(d(s >> 3)) as usize
}

impl Adrenaline {
    /// Value of the piece on `s` for ordering (its checkers included).
    fn order_value(&self, s: Square) -> i32 {
        match self.pos.board.piece_at(s) {
            None => 0,
            Some((_, KING)) => KING_ORDER_VALUE,
            Some((_, k)) => {
                self.weights.value(k) + self.weights.stack_value(k, self.pos.stacks[s as usize])
            }
        }
    }

    /// How much a checker under the enemy piece on `s` helps the enemy, roughly: more for
    /// pieces near the mover's king, for strong pieces, for tall stacks; less for a piece
    /// the mover attacks (capturing it takes the checker back).
    fn placement_harm(&self, s: Square) -> i32 {
        let pos = &self.pos;
        let b = &pos.board;
        let us = pos.side as usize;
        let kind = b.kind_at(s);
        let king = b.king_square(us);
        let mut harm = self.weights.checker[kind] * 4;
        harm += 40 * (8 - distance(s, king)).max(0);
        harm += 15 * pos.stacks[s as usize] as i32;
        if kind != KING && b.attacked_by(s, us, b.occupied()) {
            harm -= 150 + self.weights.value(kind) / 4;
        }
        harm
    }

    /// The legal placement with the least `placement_harm`, if any.
    fn least_harmful_placement(&self) -> Option<Square> {
        let pos = &self.pos;
        if pos.exposed(pos.side as usize, pos.ep) {
            return None;
        }
        let mut left = pos.board.by_color[pos.side as usize ^ 1];
        while left != 0 {
            let c = Bits(left)
                .min_by_key(|&c| self.placement_harm(c))
                .expect("a square is left");
            if pos.placement_is_safe(c) {
                return Some(c);
            }
            left &= !bb(c);
        }
        None
    }

    /// Whether the capture on `to` by the piece on `from` probably loses material: the
    /// target is defended in the ordinary sense and worth less than the capturer.
    fn losing_capture(&self, from: Square, to: Square) -> bool {
        let b = &self.pos.board;
        let them = self.pos.side as usize ^ 1;
        let mut after = *b;
        after.by_color[self.pos.side as usize] &= !bb(from);
        let defended = after.attacked_by(to, them, b.occupied() & !bb(from));
        defended && self.order_value(from) > self.order_value(to)
    }
}

impl Evaluate for Adrenaline {
    fn evaluate(&self) -> i32 {
        let us = self.pos.side as usize;
        let both = self.scores();
        let mut s = both[us] - both[us ^ 1] + self.weights.tempo;
        if self.pos.phase == Phase::Place
            || (self.pos.captured && matches!(self.pos.phase, Phase::Steps(_)))
        {
            s -= self.weights.owed_checker;
        }
        s
    }

    /// Captures and promotions, by a regular move or a step; and the moves that bring a piece
    /// with checkers within stepping range of an enemy piece (a capture a step away).
    fn is_tactical(&self, a: Act) -> bool {
        let b = &self.pos.board;
        let targets = b.by_color[self.pos.side as usize ^ 1] & !b.by_kind[KING];
        match a {
            Act::Regular(m) => {
                m.kind() == MoveKind::EnPassant
                    || m.kind() == MoveKind::Promotion
                    || (m.kind() == MoveKind::Normal && b.occupied() & bb(m.to()) != 0)
                    || (m.kind() == MoveKind::Normal
                        && within(self.pos.stacks[m.from() as usize] as i32, m.to())
                            & targets
                            & !bb(m.to())
                            != 0
                        && self.pos.stacks[m.from() as usize] > 0)
            }
            Act::Step { from, to, promo } => {
                let left = self.pos.stacks[from as usize] as i32 - 1;
                promo.is_some()
                    || b.occupied() & bb(to) != 0
                    || (left > 0 && within(left, to) & targets & !bb(to) != 0)
            }
            Act::Place(_) | Act::End => false,
        }
    }

    fn order_score(&self, a: Act) -> i32 {
        match a {
            Act::Regular(m) => {
                let mut s = 0;
                if m.kind() == MoveKind::Normal || m.kind() == MoveKind::Promotion {
                    if self.pos.board.occupied() & bb(m.to()) != 0 {
                        s += 16 * self.order_value(m.to()) - self.order_value(m.from()) / 16;
                        if self.losing_capture(m.from(), m.to()) {
                            s = -(self.order_value(m.from()) - self.order_value(m.to()));
                        }
                    }
                } else if m.kind() == MoveKind::EnPassant {
                    s += 16 * self.weights.values[PAWN];
                }
                if let Some(p) = m.promotion_piece() {
                    s += self.weights.value(p as usize);
                }
                // A piece on checkers moving is the start of a stepping turn.
                s += 8 * self.pos.stacks[m.from() as usize] as i32;
                s
            }
            Act::Step { from, to, promo } => {
                let mut s = 0;
                if self.pos.board.occupied() & bb(to) != 0 {
                    s += 16 * self.order_value(to) - self.order_value(from) / 16;
                }
                if let Some(p) = promo {
                    s += self.weights.value(p as usize);
                }
                // Quiet steps towards the enemy king first.
                let enemy_king = self.pos.board.king_square(self.pos.side as usize ^ 1);
                s + 4 * (distance(from, enemy_king) - distance(to, enemy_king))
            }
            Act::Place(s) => -self.placement_harm(s),
            Act::End => 0,
        }
    }

    /// The ordinary check, at the start of a turn: what the search extends and answers with
    /// every action in quiescence. Adrenaline check is far more common (every stack near the
    /// king gives one) and has many answers; the evaluation weighs it instead, and null moves
    /// are refused in it.
    fn in_check(&self) -> bool {
        self.pos.phase == Phase::Regular && self.pos.in_ordinary_check()
    }

    /// Inside a turn the static score would mislead (the opponent has not answered the
    /// regular move yet): quiescence finishes the turn instead of standing on it.
    fn quiescence_continues(&self) -> bool {
        self.pos.phase != Phase::Regular
    }

    /// Captures, promotions and stepping attacks (see `is_tactical`); inside a turn, also
    /// the way to finish it: the placement judged least harmful when one is owed, else `end`.
    fn tactical_actions(&self, out: &mut Vec<Act>) {
        let tactical = |a: Act| self.is_tactical(a);
        self.pos.legal_where(&tactical, false, &mut |a| out.push(a));
        match self.pos.phase {
            Phase::Regular => {}
            Phase::Steps(_) if !self.pos.captured || self.pos.supply() == 0 => {
                if !self.pos.exposed(self.pos.side as usize, self.pos.ep) {
                    out.push(Act::End);
                }
            }
            _ => {
                if let Some(c) = self.least_harmful_placement() {
                    out.push(Act::Place(c));
                }
            }
        }
    }

    fn play_null(&mut self) -> Option<Self::Undo> {
        if self.pos.phase != Phase::Regular || self.pos.in_adrenaline_check() {
            return None;
        }
        // With only king and pawns, having to move is often what loses (zugzwang), as in
        // chess: passing would prove nothing there.
        let us = self.pos.side as usize;
        let b = &self.pos.board;
        if b.by_color[us] == b.pieces(us, KING) | b.pieces(us, PAWN) {
            return None;
        }
        let saved = self.pos;
        let p: &mut Pos = &mut self.pos;
        p.set_ep(NO_SQUARE);
        p.halfmove += 1;
        if p.side == 1 {
            p.fullmove += 1;
        }
        p.side ^= 1;
        p.key ^= keys().black_to_move;
        p.rep_window = 0;
        p.turn_key = p.key;
        self.history.push(saved.turn_key);
        Some(super::Undo {
            pos: saved,
            ended_turn: true,
        })
    }

    fn eval_weights(&self) -> Option<&dyn ParamTable> {
        Some(&self.weights)
    }

    fn set_eval_weights(&mut self, values: &[i32]) -> Result<(), RuleError> {
        if let Some(v) = values.iter().find(|v| v.abs() > WEIGHT_LIMIT) {
            return Err(RuleError::new(format!(
                "weight {v} is beyond the limit of {WEIGHT_LIMIT}"
            )));
        }
        let mut w = self.weights;
        param_table::set_values(&mut w, values)?;
        if !(0..=MAX_CHECKER_FULL).contains(&w.checker_full) {
            return Err(RuleError::new(format!(
                "checker_full is a count of checkers from 0 to {MAX_CHECKER_FULL}, not {}",
                w.checker_full
            )));
        }
        self.weights = w;
        Ok(())
    }
}
