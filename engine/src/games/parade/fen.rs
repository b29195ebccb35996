//! Parade's position text: `<board> <deck> <negative> <state>`, e.g. after the setup
//! `8/8/8/8/1r2b3/1r1n1N2/5k2/2B3R1 9H,10H,KS,10S,8S,8H,10C,9S|8D,QH,KH,9D,10D,8C,QS,9C 0 -`.
//! - board: FEN piece placement, rank 8 first (no pawns);
//! - deck: the 16 cards (see `solitaire::pile`): the drawn ones in order (the setup's eight,
//!   then one per action, `*` for a card a move spent face down), `|`, the hand, top first;
//!   `?` for a card the player does not know;
//! - negative: negative points counted after the hand ran out (0 to 16);
//! - state: `-`, or `add` while an add waits for its unknown card (a chance node).
//!
//! `set_fen` also takes a bare deal (16 cards, `9H 10H KS ...`): the position after its setup.

use crate::core::game::RuleError;
use crate::kits::cards::{solitaire_piece_cards, Card};
use crate::kits::solitaire::options::cards;
use crate::kits::solitaire::{Board, Pile};

use super::position::{card_piece, Position, DECK, NEGATIVE_MAX, SETUP};

pub fn fen(p: &Position) -> String {
    format!(
        "{} {} {} {}",
        p.board.fen(),
        p.deck.text(),
        p.negative,
        if p.pending { "add" } else { "-" }
    )
}

pub fn parse(text: &str) -> Result<Position, RuleError> {
    let deck_cards = solitaire_piece_cards();
    let fields: Vec<&str> = text.split_whitespace().collect();
    if fields.len() == DECK && !text.contains('/') {
        return Position::deal(&cards(text)?);
    }
    let [board, deck, negative, state] = fields[..] else {
        return Err(RuleError::new(format!(
            "a Parade position is '<board> <deck> <negative> <state>' or a deal of {DECK} cards, \
             not '{text}'"
        )));
    };
    let board = Board::from_fen(board)?;
    let deck = Pile::parse(deck, &deck_cards, "deck")?;
    let negative: u8 = negative
        .parse()
        .ok()
        .filter(|n| *n <= NEGATIVE_MAX)
        .ok_or_else(|| {
            RuleError::new(format!(
                "negative points are 0 to {NEGATIVE_MAX}, not '{negative}'"
            ))
        })?;
    let pending = match state {
        "-" => false,
        "add" => true,
        _ => {
            return Err(RuleError::new(format!(
                "the state is '-' or 'add', not '{state}'"
            )))
        }
    };
    if deck.drawn() < SETUP {
        return Err(RuleError::new(format!(
            "the setup draws the first {SETUP} cards; only {} are drawn",
            deck.drawn()
        )));
    }
    if (0..SETUP).any(|i| !deck.is_shown(i)) {
        return Err(RuleError::new("the setup's cards are face up"));
    }
    if negative > 0 && deck.left() > 0 {
        return Err(RuleError::new(
            "negative points are counted only once the hand is empty",
        ));
    }
    if pending && (deck.left() == 0 || deck.top_is_known()) {
        return Err(RuleError::new(
            "an add waits for a card only when the next card is unknown",
        ));
    }
    // The pieces on the board are those of the cards turned face up, each once.
    let mut want: Vec<char> = (0..deck.drawn())
        .filter(|&i| deck.is_shown(i))
        .filter_map(|i| deck.card(i))
        .map(|c: Card| card_piece(c).symbol())
        .collect();
    let mut have: Vec<char> = board.pieces().map(|(_, pc)| pc.symbol()).collect();
    want.sort_unstable();
    have.sort_unstable();
    if want != have {
        return Err(RuleError::new(format!(
            "the board holds {} but the cards turned face up are {}",
            have.iter().collect::<String>(),
            want.iter().collect::<String>()
        )));
    }
    let mut p = Position {
        board,
        deck,
        negative,
        pending,
        fair: false,
        key: 0,
    };
    p.key = p.compute_key();
    Ok(p)
}
