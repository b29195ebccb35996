//! Playing the actions of a turn, ending it, and legality.
//!
//! A turn: a regular move; while the moved piece is boosted, optional king steps (each
//! returns one of its checkers to the mover's supply); optionally one card (a checker from
//! the supply under a matching piece); then chance draws until the mover's hand holds as many
//! cards as its supply holds checkers (reshuffling the discard pile when the draw pile is
//! empty). The mover's part ends by itself when nothing more may be done; otherwise with a
//! card or `end`.
//!
//! An action is legal only if the turn can still be completed with the mover's king safe
//! from the opponent's whole next turn (Adrenaline's check test with Booster's
//! `Coloured` rules), and a regular move must also be legal in the ordinary chess sense. A
//! card may save the king (a hobble turns an attacker into a pawn, a cancelling checker
//! takes a boost away), so the cards the mover may play take part in the test: `hand` is
//! the mask of card codes the mover may hold.

use crate::core::bitboard::Bits;
use crate::kits::cards::Card;
use crate::kits::chessboard::attacks::Square;
use crate::kits::chessboard::{Move, PieceKind};
use crate::kits::steps::board::{rights_kept, step_promotes, step_targets, NO_SQUARE, PAWN};
use crate::kits::steps::memo::Memo;
use crate::kits::steps::reach::{direct_attack, distance, turn_reaches};
use crate::kits::steps::turn::{self, step_fields, StepPos};

use super::movegen::{card_targets, ordinary_legal, pseudo_regular, Act, Coloured};
use super::position::{Phase, Pos};

/// What the mover may play: the card codes it may hold, and whether sevens are checker cards.
#[derive(Clone, Copy, Debug)]
pub struct Hand {
    pub cards: u64,
    pub sevens: bool,
}

impl Hand {
    /// Squares some card of the hand may put a checker under.
    fn targets(&self, pos: &Pos) -> u64 {
        Bits(self.cards).fold(0, |t, c| {
            t | card_targets(
                &pos.board,
                Card::from_code(c).expect("a card code"),
                self.sevens,
            )
        })
    }
}

impl StepPos for Pos {
    step_fields!();

    #[inline(always)]
    fn toggle_piece(&mut self, s: Square, color: usize, kind: usize) {
        Pos::toggle_piece(self, s, color, kind);
    }

    #[inline(always)]
    fn set_ep(&mut self, ep: Square) {
        Pos::set_ep(self, ep);
    }

    #[inline(always)]
    fn shift(&mut self, from: Square, to: Square) -> bool {
        Pos::shift(self, from, to)
    }

    fn take_en_passant(&mut self, victim: Square, from: Square, to: Square) {
        let (taken, colour) = (self.stacks[victim as usize], self.checker_colour(victim));
        self.set_stack(victim, 0, 0);
        Pos::toggle_piece(self, victim, self.side as usize ^ 1, PAWN);
        Pos::shift(self, from, to);
        if taken > 0 {
            self.add_checkers(to, colour, taken);
        }
    }

    #[inline(always)]
    fn spend_step(&mut self, from: Square) {
        self.set_stack(from, self.side as usize, self.stacks[from as usize] - 1);
    }

    #[inline(always)]
    fn exposed(&self, color: usize, ep: Square) -> bool {
        Pos::exposed(self, color, ep)
    }
}

impl Pos {
    // ----- playing -----------------------------------------------------------------------

    /// Plays an action (card identities are the caller's business: a draw only counts).
    pub fn apply(&mut self, a: Act) {
        match a {
            Act::Regular(m) => self.play_regular(m),
            Act::Step { from, to, promo } => self.play_step(from, to, promo),
            Act::Card { sq, .. } => {
                let us = self.side as usize;
                self.add_checkers(sq, us, 1);
                self.set_hand_len(us, self.hand_len[us] - 1);
                self.set_discard_len(self.discard_len + 1);
                self.rep_window = 0;
                self.after_cards();
            }
            Act::End => self.after_cards(),
            Act::Draw(_) => {
                let d = self.drawer();
                self.set_hand_len(d, self.hand_len[d] + 1);
                self.set_draw_len(self.draw_len - 1);
                if self.phase == Phase::Deal {
                    if self.drawer_in_deal().is_none() {
                        self.set_phase(Phase::Regular);
                        self.turn_key = self.key;
                    }
                } else if !self.needs_draw() {
                    self.end_turn();
                }
            }
            Act::Reshuffle => {
                self.set_draw_len(self.discard_len);
                self.set_discard_len(0);
            }
        }
    }

    /// Who draws at a chance node: in the deal White until its hand is full, then Black;
    /// otherwise the mover.
    pub fn drawer(&self) -> usize {
        if self.phase == Phase::Deal {
            self.drawer_in_deal().unwrap_or(0)
        } else {
            self.side as usize
        }
    }

    fn drawer_in_deal(&self) -> Option<usize> {
        (0..2).find(|&c| self.hand_len[c] < self.checkers[c])
    }

    pub fn is_chance_node(&self) -> bool {
        matches!(self.phase, Phase::Deal | Phase::Draw)
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
        self.after_move(landing);
    }

    fn play_step(&mut self, from: Square, to: Square, promo: Option<PieceKind>) {
        let (captured, pawn) = turn::play_step(self, from, to, promo);
        if captured || pawn {
            self.halfmove = 0;
        }
        self.rep_window = 0;
        self.set_castling(self.castling & rights_kept(from) & rights_kept(to));
        self.after_move(to);
    }

    /// After the regular move or a step landing on `at`: more steps, the card, or the end.
    fn after_move(&mut self, at: Square) {
        self.last_rank_release(at);
        if self.signed(at) > 0 {
            self.set_phase(Phase::Steps(at));
        } else {
            self.stop_moving();
        }
    }

    /// Whether the mover may still play a card: a card in hand and a checker in supply.
    pub fn card_possible(&self) -> bool {
        let us = self.side as usize;
        self.hand_len[us] > 0 && self.supply(us) > 0
    }

    fn stop_moving(&mut self) {
        if self.card_possible() {
            self.set_phase(Phase::Card);
        } else {
            self.after_cards();
        }
    }

    /// Whether the mover must draw: its hand is short of its supply and a card is left.
    pub fn needs_draw(&self) -> bool {
        let us = self.side as usize;
        self.hand_len[us] < self.supply(us) && self.draw_len + self.discard_len > 0
    }

    fn after_cards(&mut self) {
        if self.needs_draw() {
            self.set_phase(Phase::Draw);
        } else {
            self.end_turn();
        }
    }

    fn end_turn(&mut self) {
        self.set_phase(Phase::Regular);
        if self.side == 1 {
            self.fullmove += 1;
        }
        self.side ^= 1;
        self.key ^= super::position::keys().black_to_move;
        self.rep_window += 1;
        self.turn_key = self.key;
    }

    // ----- safety ------------------------------------------------------------------------

    /// Whether `color`'s king could be captured by the opponent's next turn (`ep`: the
    /// en-passant square the opponent may use).
    #[inline]
    pub fn exposed(&self, color: usize, ep: Square) -> bool {
        let king = self.board.king_square(color);
        king != NO_SQUARE && turn_reaches(&self.board, ep, color ^ 1, king, &Coloured(self))
    }

    /// Adrenaline check of the side to move at the start of its turn.
    pub fn in_adrenaline_check(&self) -> bool {
        self.exposed(self.side as usize, NO_SQUARE)
    }

    /// Whether the side to move's king is attacked by an enemy regular move.
    pub fn in_ordinary_check(&self) -> bool {
        let us = self.side as usize;
        let king = self.board.king_square(us);
        let pawnlike = self.hobbled() & self.board.by_color[us ^ 1];
        king != NO_SQUARE
            && direct_attack(&self.board, us ^ 1, king, self.board.occupied(), pawnlike)
    }

    fn card_is_safe(&self, sq: Square) -> bool {
        let mut p = *self;
        p.add_checkers(sq, self.side as usize, 1);
        !p.exposed(self.side as usize, self.ep)
    }

    /// With the mover stopping now (a card still allowed): can the turn end safely?
    fn stop_is_safe(&self, hand: &Hand) -> bool {
        if !self.exposed(self.side as usize, self.ep) {
            return true;
        }
        if !self.card_possible() {
            return false;
        }
        let king = self.board.king_square(self.side as usize);
        let mut cells: Vec<Square> = Bits(hand.targets(self)).collect();
        cells.sort_by_key(|&c| distance(c, king));
        cells.into_iter().any(|c| self.card_is_safe(c))
    }

    fn can_finish(&self, me: usize, hand: &Hand, memo: &mut Memo) -> bool {
        match self.phase {
            Phase::Regular | Phase::Deal | Phase::Draw => !self.exposed(me, self.ep),
            Phase::Card => self.stop_is_safe(hand),
            Phase::Steps(actor) => memo.decide(self.key, |memo| {
                let us = self.side as usize;
                self.stop_is_safe(hand)
                    || Bits(step_targets(&self.board, us, actor)).any(|to| {
                        let mut p = *self;
                        let promo =
                            step_promotes(&self.board, us, actor, to).then_some(PieceKind::Queen);
                        p.play_step(actor, to, promo);
                        p.can_finish(me, hand, memo)
                    })
            }),
        }
    }

    fn completes_after(&self, a: Act, hand: &Hand, memo: &mut Memo) -> bool {
        let mut p = *self;
        p.apply(a);
        p.can_finish(self.side as usize, hand, memo)
    }

    // ----- legal actions -----------------------------------------------------------------

    /// Feeds every legal player action to `sink` (nothing at a chance node: chance's actions
    /// need the cards' identities).
    pub fn legal(&self, hand: &Hand, sink: &mut impl FnMut(Act)) {
        let mut memo = Memo::default();
        let us = self.side as usize;
        match self.phase {
            Phase::Regular => {
                let mut moves = Vec::with_capacity(64);
                pseudo_regular(self, &mut moves);
                turn::legal_regular(
                    moves,
                    |_| true,
                    |m| {
                        ordinary_legal(self, m)
                            && self.completes_after(Act::Regular(m), hand, &mut memo)
                    },
                    |m| sink(Act::Regular(m)),
                );
                for m in turn::castlings(self) {
                    if self.completes_after(Act::Regular(m), hand, &mut memo) {
                        sink(Act::Regular(m));
                    }
                }
            }
            Phase::Steps(actor) => {
                turn::legal_steps(
                    step_targets(&self.board, us, actor),
                    |to| step_promotes(&self.board, us, actor, to),
                    |_| true,
                    |to, promo| {
                        self.completes_after(
                            Act::Step {
                                from: actor,
                                to,
                                promo,
                            },
                            hand,
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
                self.stops(us, hand, sink);
            }
            Phase::Card => self.stops(us, hand, sink),
            Phase::Deal | Phase::Draw => {}
        }
    }

    /// The ways to stop moving: each safe card play, and `end` when the king is safe.
    fn stops(&self, us: usize, hand: &Hand, sink: &mut impl FnMut(Act)) {
        if self.card_possible() {
            let mut safe = [None::<bool>; 64];
            for code in Bits(hand.cards) {
                let card = Card::from_code(code).expect("a card code");
                for sq in Bits(card_targets(&self.board, card, hand.sevens)) {
                    let ok = *safe[sq as usize].get_or_insert_with(|| self.card_is_safe(sq));
                    if ok {
                        sink(Act::Card { card, sq });
                    }
                }
            }
        }
        if !self.exposed(us, self.ep) {
            sink(Act::End);
        }
    }

    /// Whether the side to move has a legal action (stops at the first).
    pub fn has_legal(&self, hand: &Hand) -> bool {
        let mut any = false;
        // Cheap enough: mates are rare, and most positions answer on the first move.
        let us = self.side as usize;
        let mut memo = Memo::default();
        if self.phase == Phase::Regular {
            let mut moves = Vec::with_capacity(64);
            pseudo_regular(self, &mut moves);
            return turn::has_legal_regular(
                self,
                moves,
                |m| ordinary_legal(self, m),
                |m| self.completes_after(Act::Regular(m), hand, &mut memo),
            );
        }
        if self.is_chance_node() {
            return true;
        }
        let _ = us;
        self.legal(hand, &mut |_| any = true);
        any
    }
}
