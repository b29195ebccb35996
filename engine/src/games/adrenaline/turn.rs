//! Playing the actions of a turn, ending it, and legality.
//!
//! A turn is a regular move, then (while the moved piece stands on checkers) optional king
//! steps, then (if anything was captured and the supply is not empty) one placement. The turn
//! ends by itself when nothing more may be done: after the regular move or a step when the
//! piece has no checkers left and no checker is owed, and after the placement. A piece that
//! still has checkers but takes no more steps ends the turn with the placement, or with `end`
//! when no checker is owed.
//!
//! An action is legal only if the turn can still be completed with the mover's king safe from
//! the opponent's whole next turn (adrenaline check, `reach`), and a regular move must also be
//! legal in the ordinary chess sense. A small search over the rest of the turn decides it,
//! with two shortcuts: a placement only ever adds to the opponent's reach (so if ending the
//! turn without one is unsafe, every placement is), and the kind a pawn promotes to by a step
//! changes nothing about the mover's safety (only occupancy and checkers matter to the test).

use crate::core::bitboard::Bits;
use crate::kits::chessboard::attacks::Square;
use crate::kits::chessboard::{Move, PieceKind};
use crate::kits::steps::board::{
    king_home, ordinary_legal, rights_kept, step_promotes, step_targets, CASTLING, NO_SQUARE, PAWN,
};
use crate::kits::steps::memo::Memo;
use crate::kits::steps::reach::{distance, turn_reaches, Stacks};
use crate::kits::steps::turn::{self, step_fields, StepPos};

use super::movegen::{pseudo_regular, Act};
use super::position::{Phase, Pos};

impl StepPos for Pos {
    step_fields!();

    #[inline(always)]
    fn toggle_piece(&mut self, s: Square, color: usize, kind: usize) {
        self.put(s, color, kind);
    }

    #[inline(always)]
    fn set_ep(&mut self, ep: Square) {
        Pos::set_ep(self, ep);
    }

    #[inline(always)]
    fn shift(&mut self, from: Square, to: Square) -> bool {
        Pos::shift(self, from, to).is_some()
    }

    fn take_en_passant(&mut self, victim: Square, from: Square, to: Square) {
        let taken = self.stacks[victim as usize];
        self.set_stack(victim, 0);
        self.remove(victim, self.side as usize ^ 1, PAWN);
        Pos::shift(self, from, to);
        let n = self.stacks[to as usize] + taken;
        self.set_stack(to, n);
    }

    #[inline(always)]
    fn spend_step(&mut self, from: Square) {
        let n = self.stacks[from as usize] - 1;
        self.set_stack(from, n);
    }

    #[inline(always)]
    fn exposed(&self, color: usize, ep: Square) -> bool {
        Pos::exposed(self, color, ep)
    }
}

impl Pos {
    // ----- playing -----------------------------------------------------------------------

    /// Plays an action that is legal here (or at least pseudo-legal: the check search plays
    /// actions before knowing they are legal).
    pub fn apply(&mut self, a: Act) {
        match a {
            Act::Regular(m) => self.play_regular(m),
            Act::Step { from, to, promo } => self.play_step(from, to, promo),
            Act::Place(s) => {
                let n = self.stacks[s as usize] + 1;
                self.set_stack(s, n);
                self.rep_window = 0;
                self.end_turn();
            }
            Act::End => self.end_turn(),
        }
    }

    fn play_regular(&mut self, m: Move) {
        self.set_ep(NO_SQUARE);
        self.halfmove += 1;
        let (landing, captured, moved) = turn::play_regular(self, m);
        if captured || moved == PAWN {
            self.halfmove = 0;
            self.rep_window = 0;
        }
        self.set_castling(self.castling & rights_kept(m.from()) & rights_kept(m.to()));
        if captured {
            self.set_captured(true);
        }
        self.after_move(landing);
    }

    fn play_step(&mut self, from: Square, to: Square, promo: Option<PieceKind>) {
        let (captured, pawn) = turn::play_step(self, from, to, promo);
        if captured || pawn {
            self.halfmove = 0;
        }
        self.rep_window = 0;
        self.set_castling(self.castling & rights_kept(from) & rights_kept(to));
        if captured {
            self.set_captured(true);
        }
        self.after_move(to);
    }

    /// After the regular move or a step landing on `at`: more steps, a placement, or the end.
    fn after_move(&mut self, at: Square) {
        if self.stacks[at as usize] > 0 {
            self.set_phase(Phase::Steps(at));
        } else if self.captured && self.supply() > 0 {
            self.set_phase(Phase::Place);
        } else {
            self.end_turn();
        }
    }

    fn end_turn(&mut self) {
        self.set_phase(Phase::Regular);
        self.set_captured(false);
        if self.side == 1 {
            self.fullmove += 1;
        }
        self.side ^= 1;
        self.key ^= super::tables::keys().black_to_move;
        self.rep_window += 1;
        self.turn_key = self.key;
    }

    // ----- safety ------------------------------------------------------------------------

    /// Whether `color`'s king could be captured by the opponent's next turn, with `ep` the
    /// en-passant square the opponent may use.
    #[inline]
    pub fn exposed(&self, color: usize, ep: Square) -> bool {
        let king = self.board.king_square(color);
        king != NO_SQUARE
            && turn_reaches(
                &self.board,
                ep,
                color ^ 1,
                king,
                &Stacks {
                    stacks: &self.stacks,
                    stacked: self.stacked,
                },
            )
    }

    /// Whether the side to move's king is attacked in the ordinary chess sense.
    pub fn in_ordinary_check(&self) -> bool {
        let us = self.side as usize;
        let king = self.board.king_square(us);
        king != NO_SQUARE && self.board.attacked_by(king, us ^ 1, self.board.occupied())
    }

    /// Adrenaline check of the side to move at the start of its turn (the en-passant right,
    /// if any, is its own).
    pub fn in_adrenaline_check(&self) -> bool {
        self.exposed(self.side as usize, NO_SQUARE)
    }

    /// With the turn in progress stopping now (a placement, if owed, still to come): can it
    /// end with the mover safe?
    fn stop_is_safe(&self) -> bool {
        if self.captured && self.supply() > 0 {
            self.some_placement_is_safe()
        } else {
            !self.exposed(self.side as usize, self.ep)
        }
    }

    /// Whether some placement ends the turn with the mover safe.
    fn some_placement_is_safe(&self) -> bool {
        let us = self.side as usize;
        if self.exposed(us, self.ep) {
            return false;
        }
        let king = self.board.king_square(us);
        let mut cells: Vec<Square> = Bits(self.board.by_color[us ^ 1]).collect();
        cells.sort_by_key(|&c| std::cmp::Reverse(distance(c, king)));
        cells.into_iter().any(|c| self.placement_is_safe(c))
    }

    #[inline]
    pub fn placement_is_safe(&self, c: Square) -> bool {
        let mut p = *self;
        let n = p.stacks[c as usize] + 1;
        p.set_stack(c, n);
        !p.exposed(self.side as usize, self.ep)
    }

    /// Whether the turn of `me`, in progress or just ended, can end with `me`'s king safe.
    fn can_finish(&self, me: usize, memo: &mut Memo) -> bool {
        match self.phase {
            Phase::Regular => !self.exposed(me, self.ep),
            Phase::Place => self.some_placement_is_safe(),
            Phase::Steps(actor) => memo.decide(self.key, |memo| {
                self.stop_is_safe()
                    || Bits(step_targets(&self.board, self.side as usize, actor)).any(|to| {
                        let mut p = *self;
                        p.play_step(actor, to, self.promo_for(actor, to));
                        p.can_finish(me, memo)
                    })
            }),
        }
    }

    /// The promotion a step search tries (any kind would do: see the module comment).
    #[inline]
    fn promo_for(&self, from: Square, to: Square) -> Option<PieceKind> {
        step_promotes(&self.board, self.side as usize, from, to).then_some(PieceKind::Queen)
    }

    /// Whether the turn can still be completed after playing `a` here.
    fn completes_after(&self, a: Act, memo: &mut Memo) -> bool {
        let mut p = *self;
        p.apply(a);
        p.can_finish(self.side as usize, memo)
    }

    // ----- legal actions -----------------------------------------------------------------

    /// Feeds every legal action to `sink`.
    pub fn legal(&self, sink: &mut impl FnMut(Act)) {
        self.legal_where(&|_| true, true, sink)
    }

    /// Feeds the legal regular moves and steps for which `keep` holds to `sink` (tested before
    /// the costlier legality test; promotions by a step are always kept, and castling is
    /// asked about once, as a kind); then, if `stops`, the ways to stop stepping
    /// (placements, `end`) and the placements owed.
    pub fn legal_where(&self, keep: &dyn Fn(Act) -> bool, stops: bool, sink: &mut impl FnMut(Act)) {
        let mut memo = Memo::default();
        match self.phase {
            Phase::Regular => self.legal_regular(keep, &mut memo, sink),
            Phase::Steps(actor) => {
                let us = self.side as usize;
                turn::legal_steps(
                    step_targets(&self.board, us, actor),
                    |to| step_promotes(&self.board, us, actor, to),
                    |to| {
                        keep(Act::Step {
                            from: actor,
                            to,
                            promo: None,
                        })
                    },
                    |to, promo| {
                        self.completes_after(
                            Act::Step {
                                from: actor,
                                to,
                                promo,
                            },
                            &mut memo,
                        )
                    },
                    |to, promo| {
                        sink(Act::Step {
                            from: actor,
                            to,
                            promo,
                        })
                    },
                );
                if stops {
                    if self.captured && self.supply() > 0 {
                        self.legal_placements(sink);
                    } else if !self.exposed(self.side as usize, self.ep) {
                        sink(Act::End);
                    }
                }
            }
            Phase::Place if stops => self.legal_placements(sink),
            Phase::Place => {}
        }
    }

    fn legal_placements(&self, sink: &mut impl FnMut(Act)) {
        if self.exposed(self.side as usize, self.ep) {
            return;
        }
        for c in Bits(self.board.by_color[self.side as usize ^ 1]) {
            if self.placement_is_safe(c) {
                sink(Act::Place(c));
            }
        }
    }

    fn legal_regular(
        &self,
        keep: &dyn Fn(Act) -> bool,
        memo: &mut Memo,
        sink: &mut impl FnMut(Act),
    ) {
        let us = self.side as usize;
        let mut moves = Vec::with_capacity(64);
        pseudo_regular(self, &mut moves);
        turn::legal_regular(
            moves,
            |m| keep(Act::Regular(m)),
            |m| ordinary_legal(&self.board, us, m) && self.completes_after(Act::Regular(m), memo),
            |m| sink(Act::Regular(m)),
        );
        if !keep(Act::Regular(Move::castling(
            king_home(us),
            CASTLING[2 * us].0,
        ))) {
            return;
        }
        for m in turn::castlings(self) {
            if self.completes_after(Act::Regular(m), memo) {
                sink(Act::Regular(m));
            }
        }
    }

    /// Number of legal actions.
    pub fn count_legal(&self) -> u64 {
        let mut n = 0;
        self.legal(&mut |_| n += 1);
        n
    }

    /// Whether some legal action exists (stops at the first).
    pub fn has_legal(&self) -> bool {
        let us = self.side as usize;
        let mut memo = Memo::default();
        match self.phase {
            Phase::Regular => {
                let mut moves = Vec::with_capacity(64);
                pseudo_regular(self, &mut moves);
                turn::has_legal_regular(
                    self,
                    moves,
                    |m| ordinary_legal(&self.board, us, m),
                    |m| self.completes_after(Act::Regular(m), &mut memo),
                )
            }
            _ => self.can_finish(us, &mut memo),
        }
    }
}
