//! Parade's action notation:
//! - a move: origin and destination cells of the moved piece, `c1b2`;
//! - an add: the piece letter of the next card (upper case White) and its cell, `N@g4`, where
//!   the player knows the next card; `add` where it does not (a fair player's game, or a
//!   position that does not know the card). `add=8D` is also read where the position knows
//!   the next card is the 8D (a line written with what each add turned up);
//! - the card that turns up for such an add (a chance outcome), `8D`.

use crate::core::bitboard::{bit, Bits};
use crate::core::game::RuleError;
use crate::kits::cards::Card;
use crate::kits::solitaire::board::{cell_name, parse_cell};

use super::movegen::{self, move_targets};
use super::position::{card_piece, ParadeAction, Position};

pub fn format(p: &Position, a: ParadeAction) -> String {
    match a {
        ParadeAction::Move { from, to } => format!("{}{}", cell_name(from), cell_name(to)),
        ParadeAction::Add => match p.next_add() {
            Some((piece, cell)) if p.top_known_to_player() => {
                format!("{}@{}", piece.symbol(), cell_name(cell))
            }
            _ => "add".to_string(),
        },
        ParadeAction::Reveal(c) => c.to_string(),
    }
}

/// Reads an action; only legal actions are returned, with a reason otherwise.
pub fn parse(p: &Position, deck: &[Card], s: &str) -> Result<ParadeAction, RuleError> {
    let s = s.trim();
    let err = |why: String| Err(RuleError::new(format!("'{s}': {why}")));
    if p.pending {
        return match Card::parse(s) {
            Ok(c) if p.deck.unseen(deck).contains(&c) => Ok(ParadeAction::Reveal(c)),
            Ok(c) => err(format!("{c} is not among the cards the add can turn up")),
            Err(_) => err("an add waits for its card: name the card that turns up, e.g. 8D".into()),
        };
    }
    if s == "add" || s.starts_with("add=") || s.contains('@') {
        if p.hand() == 0 {
            return err("no card left in hand to add".into());
        }
        if !movegen::may_add(p) {
            let card = p.deck.top().expect("a known next card");
            return err(format!(
                "the next card, {card} ({}), would be placed past h8",
                card_piece(card).name()
            ));
        }
        let want = format(p, ParadeAction::Add);
        if s == want {
            return Ok(ParadeAction::Add);
        }
        // The forms that name what the position knows of the next card, where it knows it.
        let known = match p.deck.top() {
            Some(card) if s.strip_prefix("add=") == Some(card.to_string().as_str()) => true,
            Some(_) if p.fair => p.next_add().is_some_and(|(piece, cell)| {
                s == format!("{}@{}", piece.symbol(), cell_name(cell))
            }),
            _ => false,
        };
        if known {
            return Ok(ParadeAction::Add);
        }
        return err(format!("the add is written {want} here"));
    }
    let cells = (
        s.get(..2).and_then(parse_cell),
        s.get(2..).and_then(parse_cell),
    );
    let (Some(from), Some(to)) = cells else {
        return err("not an action (a move like c1b2, an add like N@g4)".into());
    };
    if !movegen::may_move(p) {
        return err("no card left to spend on a move".into());
    }
    let Some(piece) = p.board.piece_at(from) else {
        return err(format!("no piece on {}", cell_name(from)));
    };
    if p.board.occupied() & bit(to) != 0 {
        return err(format!("{} is not empty", cell_name(to)));
    }
    let targets = move_targets(p)[from as usize];
    if targets & bit(to) == 0 {
        let other = piece.colour.opponent().name();
        return err(if targets == 0 {
            format!(
                "no {other} piece attacks the {} on {}",
                piece.name(),
                cell_name(from)
            )
        } else {
            let list: Vec<String> = Bits(targets).map(cell_name).collect();
            format!(
                "the {} on {} can be moved to {} only",
                piece.name(),
                cell_name(from),
                list.join(" ")
            )
        });
    }
    Ok(ParadeAction::Move { from, to })
}
