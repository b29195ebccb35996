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
use crate::games::adrenaline::position::{KING, NO_SQUARE, PAWN, ROOK};
use crate::games::adrenaline::reach::turn_reaches;
use crate::games::adrenaline::tables::distance;
use crate::games::chess::attacks::{bb, Square};
use crate::games::chess::{Move, MoveKind, PieceKind};
use crate::kits::cards::Card;

use super::movegen::{
    card_targets, king_home, ordinary_legal, pseudo_regular, step_promotes, step_targets, Act,
    Coloured, CASTLES, PROMOTIONS,
};
use super::position::{Phase, Pos};
use crate::games::adrenaline::position::Pos as AdrenalinePos;

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

/// Mid-turn positions already decided within one generation call.
struct Memo {
    slots: [(u64, bool); 64],
}

impl Memo {
    fn new() -> Memo {
        Memo {
            slots: [(0, false); 64],
        }
    }
    fn get(&self, key: u64) -> Option<bool> {
        let (k, v) = self.slots[key as usize % 64];
        (k == key && key != 0).then_some(v)
    }
    fn put(&mut self, key: u64, v: bool) {
        self.slots[key as usize % 64] = (key, v);
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
        let us = self.side as usize;
        let them = us ^ 1;
        let (from, to) = (m.from(), m.to());
        let ep = self.ep;
        self.set_ep(NO_SQUARE);
        self.halfmove += 1;
        let moved = self.board.kind_at(from);
        let mut captured = false;
        let landing = match m.kind() {
            MoveKind::Castling => {
                let right = CASTLES
                    .iter()
                    .position(|c| c.0 == to)
                    .expect("castling names a rook square");
                let (_, _, rook_to, king_to) = CASTLES[right];
                self.toggle_piece(from, us, KING);
                self.toggle_piece(to, us, ROOK);
                self.toggle_piece(king_to, us, KING);
                self.toggle_piece(rook_to, us, ROOK);
                king_to
            }
            MoveKind::EnPassant => {
                let victim = if us == 0 { ep - 8 } else { ep + 8 };
                let (taken, colour) = (self.stacks[victim as usize], self.checker_colour(victim));
                self.set_stack(victim, 0, 0);
                self.toggle_piece(victim, them, PAWN);
                self.shift(from, to);
                if taken > 0 {
                    self.add_checkers(to, colour, taken);
                }
                captured = true;
                to
            }
            _ => {
                captured = self.shift(from, to);
                if let Some(p) = m.promotion_piece() {
                    self.toggle_piece(to, us, PAWN);
                    self.toggle_piece(to, us, p as usize);
                } else if moved == PAWN && from.abs_diff(to) == 16 {
                    let beside = crate::games::chess::attacks::tables().pawn(us, (from + to) / 2);
                    if beside & self.board.pieces(them, PAWN) != 0 {
                        self.set_ep((from + to) / 2);
                    }
                }
                to
            }
        };
        if captured || moved == PAWN {
            self.halfmove = 0;
            self.rep_window = 0;
        }
        self.set_castling(
            self.castling & AdrenalinePos::rights_kept(from) & AdrenalinePos::rights_kept(to),
        );
        self.after_move(landing);
    }

    fn play_step(&mut self, from: Square, to: Square, promo: Option<PieceKind>) {
        let us = self.side as usize;
        self.set_ep(NO_SQUARE);
        self.set_stack(from, us, self.stacks[from as usize] - 1);
        let pawn = self.board.by_kind[PAWN] & bb(from) != 0;
        let captured = self.shift(from, to);
        if let Some(p) = promo {
            self.toggle_piece(to, us, PAWN);
            self.toggle_piece(to, us, p as usize);
        }
        if captured || pawn {
            self.halfmove = 0;
        }
        self.rep_window = 0;
        self.set_castling(
            self.castling & AdrenalinePos::rights_kept(from) & AdrenalinePos::rights_kept(to),
        );
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
            && crate::games::adrenaline::reach::direct_attack(
                &self.board,
                us ^ 1,
                king,
                self.board.occupied(),
                pawnlike,
            )
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
            Phase::Steps(actor) => {
                if let Some(v) = memo.get(self.key) {
                    return v;
                }
                let ok = self.stop_is_safe(hand)
                    || Bits(step_targets(self, actor)).any(|to| {
                        let mut p = *self;
                        let promo = step_promotes(self, actor, to).then_some(PieceKind::Queen);
                        p.play_step(actor, to, promo);
                        p.can_finish(me, hand, memo)
                    });
                memo.put(self.key, ok);
                ok
            }
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
        let mut memo = Memo::new();
        let us = self.side as usize;
        match self.phase {
            Phase::Regular => {
                let mut moves = Vec::with_capacity(64);
                pseudo_regular(self, &mut moves);
                let mut last: Option<(Square, Square, bool)> = None;
                for m in moves {
                    if m.kind() == MoveKind::Promotion {
                        if let Some((f, t, ok)) = last {
                            if f == m.from() && t == m.to() {
                                if ok {
                                    sink(Act::Regular(m));
                                }
                                continue;
                            }
                        }
                    }
                    let ok = ordinary_legal(self, m)
                        && self.completes_after(Act::Regular(m), hand, &mut memo);
                    last = Some((m.from(), m.to(), ok));
                    if ok {
                        sink(Act::Regular(m));
                    }
                }
                for m in self.castlings() {
                    if self.completes_after(Act::Regular(m), hand, &mut memo) {
                        sink(Act::Regular(m));
                    }
                }
            }
            Phase::Steps(actor) => {
                for to in Bits(step_targets(self, actor)) {
                    if step_promotes(self, actor, to) {
                        let first = Act::Step {
                            from: actor,
                            to,
                            promo: Some(PieceKind::Queen),
                        };
                        if self.completes_after(first, hand, &mut memo) {
                            for p in PROMOTIONS {
                                sink(Act::Step {
                                    from: actor,
                                    to,
                                    promo: Some(p),
                                });
                            }
                        }
                    } else {
                        let a = Act::Step {
                            from: actor,
                            to,
                            promo: None,
                        };
                        if self.completes_after(a, hand, &mut memo) {
                            sink(a);
                        }
                    }
                }
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

    /// Castlings allowed before the end-of-turn test: the right is held, the squares between
    /// are empty, neither king nor rook stands on checkers, the king is not in adrenaline
    /// check and the square it crosses is not one the opponent's next turn could reach.
    fn castlings(&self) -> Vec<Move> {
        let us = self.side as usize;
        let mut out = Vec::new();
        let rights = self.castling >> (2 * us) & 3;
        if rights == 0 {
            return out;
        }
        let king = king_home(us);
        if self.board.pieces(us, KING) & bb(king) == 0 || self.stacks[king as usize] > 0 {
            return out;
        }
        let mut checked = None;
        for (i, &(rook, empty, crossed, _)) in CASTLES.iter().enumerate().skip(2 * us).take(2) {
            if rights & (1 << (i - 2 * us)) == 0
                || self.board.pieces(us, ROOK) & bb(rook) == 0
                || self.stacks[rook as usize] > 0
                || self.board.occupied() & empty != 0
            {
                continue;
            }
            if *checked.get_or_insert_with(|| self.in_adrenaline_check()) {
                return out;
            }
            let mut through = *self;
            through.toggle_piece(king, us, KING);
            through.toggle_piece(crossed, us, KING);
            if through.exposed(us, NO_SQUARE) {
                continue;
            }
            out.push(Move::castling(king, rook));
        }
        out
    }

    /// Whether the side to move has a legal action (stops at the first).
    pub fn has_legal(&self, hand: &Hand) -> bool {
        let mut any = false;
        // Cheap enough: mates are rare, and most positions answer on the first move.
        let us = self.side as usize;
        let mut memo = Memo::new();
        if self.phase == Phase::Regular {
            let mut moves = Vec::with_capacity(64);
            pseudo_regular(self, &mut moves);
            return moves.into_iter().any(|m| {
                ordinary_legal(self, m) && self.completes_after(Act::Regular(m), hand, &mut memo)
            }) || self
                .castlings()
                .into_iter()
                .any(|m| self.completes_after(Act::Regular(m), hand, &mut memo));
        }
        if self.is_chance_node() {
            return true;
        }
        let _ = us;
        self.legal(hand, &mut |_| any = true);
        any
    }
}
