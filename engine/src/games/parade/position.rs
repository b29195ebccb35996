//! The state of a Parade game: the pieces, the deck of 16 cards (the setup's eight, then the
//! hand), the negative points after the hand ran out, and the Zobrist key.

use std::sync::OnceLock;

use crate::core::bitboard::{bit, Cell};
use crate::core::game::RuleError;
use crate::core::zobrist;
use crate::kits::cards::{solitaire_piece_cards, Card, Role};
use crate::kits::solitaire::board::tables;
use crate::kits::solitaire::pile::PileKeys;
use crate::kits::solitaire::{connect, Board, Kind, Piece, Pile};

/// Cards in the deck; the first `SETUP` are placed by the setup, the rest are the hand.
pub const DECK: usize = 16;
pub const SETUP: usize = 8;
/// Cards in hand after the setup: the best score.
pub const HAND: usize = DECK - SETUP;
/// Negative points the 16 cards can count after the hand runs out.
pub const NEGATIVE_MAX: u8 = 16;

/// An action: add the next card's piece, move a piece, or (in a position that does not know
/// the next card, while an add waits for it) the card that turns up.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum ParadeAction {
    Add,
    Move { from: Cell, to: Cell },
    Reveal(Card),
}

impl crate::core::game::Action for ParadeAction {
    fn code(self) -> u32 {
        match self {
            ParadeAction::Add => 0,
            ParadeAction::Move { from, to } => 1 + from as u32 * 64 + to as u32,
            ParadeAction::Reveal(c) => 1 + 64 * 64 + c.code() as u32,
        }
    }
}

pub(crate) struct Keys {
    pub pile: PileKeys,
    negative: Vec<u64>,
    pub pending: u64,
}

pub(crate) fn keys() -> &'static Keys {
    static K: OnceLock<Keys> = OnceLock::new();
    K.get_or_init(|| {
        let k = zobrist::keys(0x9a4a_de01, NEGATIVE_MAX as usize + 2);
        Keys {
            pile: PileKeys::new(0x9a4a_de02),
            negative: k[..NEGATIVE_MAX as usize + 1].to_vec(),
            pending: k[NEGATIVE_MAX as usize + 1],
        }
    })
}

/// The 16 cards of the deck, in card order.
pub fn deck_cards() -> &'static [Card] {
    static D: OnceLock<Vec<Card>> = OnceLock::new();
    D.get_or_init(solitaire_piece_cards)
}

/// The piece a card stands for.
pub fn card_piece(c: Card) -> Piece {
    match c.role() {
        Role::Piece(p, colour) => Piece::new(colour, Kind::from_card(p).expect("no pawn cards")),
        _ => unreachable!("only piece cards are dealt"),
    }
}

/// Where a piece with this card goes when added after the pieces on `occupied`: the gap of
/// empty cells after the piece farthest along a1..h1, a2..h8; `None` past h8.
pub fn add_cell(occupied: u64, card: Card) -> Option<Cell> {
    let Role::Piece(p, _) = card.role() else {
        return None;
    };
    let gap = p.gap()? as i32;
    let last = if occupied == 0 {
        -1
    } else {
        63 - occupied.leading_zeros() as i32
    };
    let c = last + gap + 1;
    (c <= 63).then_some(c as Cell)
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Position {
    pub board: Board,
    pub deck: Pile,
    /// Moves made after the hand ran out.
    pub negative: u8,
    /// An add was chosen and waits for its card to be turned up (only when the card is not
    /// known: a chance node).
    pub pending: bool,
    /// The player does not know the deck order (the real game, not the clairvoyant puzzle):
    /// an add is offered whenever the player has not seen the next card, even where that card
    /// will not fit (trying it shows the card and spends nothing), and is written `add`. Not
    /// part of the position text nor of the key: it is how the game is played.
    pub fair: bool,
    pub key: u64,
}

impl Position {
    /// The setup: the first eight cards placed a1 onwards, each after its gap.
    pub fn deal(order: &[Card]) -> Result<Position, RuleError> {
        crate::kits::solitaire::pile::check_order(order, deck_cards(), "deal")?;
        let mut p = Position {
            board: Board::default(),
            deck: Pile::new(order),
            negative: 0,
            pending: false,
            fair: false,
            key: 0,
        };
        for &card in &order[..SETUP] {
            let cell = add_cell(p.board.occupied(), card).expect("eight pieces always fit");
            p.board.toggle(card_piece(card), cell);
            p.deck.draw(true, &keys().pile);
        }
        p.key = p.compute_key();
        Ok(p)
    }

    pub fn compute_key(&self) -> u64 {
        let k = keys();
        let mut key =
            self.board.key() ^ self.deck.key(&k.pile) ^ k.negative[self.negative as usize];
        if self.pending {
            key ^= k.pending;
        }
        key
    }

    /// Cards left in the hand.
    pub fn hand(&self) -> usize {
        self.deck.left()
    }

    pub fn connected(&self) -> bool {
        connect::is_connected(self.board.occupied(), connect::Connectivity::Orthogonal)
    }

    /// Won: one group. Lost: the 16 negative points are spent.
    pub fn over(&self) -> bool {
        !self.pending && (self.connected() || self.negative >= NEGATIVE_MAX)
    }

    /// Points as they stand: cards in hand, less negative points.
    pub fn points(&self) -> i32 {
        self.hand() as i32 - self.negative as i32
    }

    /// Where the next card's piece would go, if the card is known and fits.
    pub fn next_add(&self) -> Option<(Piece, Cell)> {
        let card = self.deck.top()?;
        Some((card_piece(card), add_cell(self.board.occupied(), card)?))
    }

    /// Plays a legal action.
    pub fn play(&mut self, a: ParadeAction) {
        let k = keys();
        match a {
            ParadeAction::Add => {
                if self.next_add().is_some() {
                    self.place_top();
                } else if self.deck.top_is_known() {
                    // A fair player's try: the card does not fit, and now it is seen.
                    self.key ^= self.deck.mark_seen(self.deck.drawn(), &k.pile);
                } else {
                    self.pending = true;
                    self.key ^= k.pending;
                }
            }
            ParadeAction::Reveal(card) => {
                let place = self.deck.drawn();
                self.key ^= self.deck.learn(place, card, &k.pile);
                self.finish_add();
            }
            ParadeAction::Move { from, to } => {
                let p = self.board.relocate(from, to);
                let t = tables();
                self.key ^= t.piece_key(p, from) ^ t.piece_key(p, to);
                if self.hand() > 0 {
                    self.key ^= self.deck.draw(false, &k.pile);
                } else {
                    self.key ^=
                        k.negative[self.negative as usize] ^ k.negative[self.negative as usize + 1];
                    self.negative += 1;
                }
            }
        }
    }

    /// Completes a pending add once its card is known: the piece is placed, or, when it
    /// would pass h8, the add is not possible and the player now knows the next card.
    pub fn finish_add(&mut self) {
        let k = keys();
        debug_assert!(self.pending && self.deck.top_is_known());
        self.pending = false;
        self.key ^= k.pending;
        let card = self.deck.top().expect("a known next card");
        if add_cell(self.board.occupied(), card).is_some() {
            self.place_top();
        } else {
            self.key ^= self.deck.mark_seen(self.deck.drawn(), &k.pile);
        }
    }

    fn place_top(&mut self) {
        let card = self.deck.top().expect("a known next card");
        let cell = add_cell(self.board.occupied(), card).expect("the add fits");
        let piece = card_piece(card);
        debug_assert_eq!(self.board.occupied() & bit(cell), 0);
        self.board.toggle(piece, cell);
        self.key ^= tables().piece_key(piece, cell);
        self.key ^= self.deck.draw(true, &keys().pile);
    }

    /// True when the player knows the next card (it turned up for an add that could not
    /// place it, or the whole deal is known and the game is the clairvoyant puzzle).
    pub fn top_known_to_player(&self) -> bool {
        self.deck.top_is_known() && (!self.fair || self.deck.is_seen(self.deck.drawn()))
    }

    /// The key without the record of which drawn cards were face up or seen: positions that
    /// differ only there have the same future (a fair player's try of an add that cannot fit
    /// changes only what it has seen).
    pub fn solve_key(&self) -> u64 {
        let k = &keys().pile;
        (0..self.deck.len())
            .filter(|&i| self.deck.is_seen(i))
            .fold(self.key, |key, i| key ^ k.seen(i))
            ^ (0..self.deck.drawn())
                .filter(|&i| self.deck.is_shown(i))
                .fold(0, |key, i| key ^ k.shown(i))
    }
}
