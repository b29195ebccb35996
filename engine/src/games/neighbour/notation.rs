//! Neighbour's action notation:
//! - an add: the next piece card's letter (upper case White) and the cell the square card
//!   sends it to: `N@d4` when that cell is free (the piece is placed there), `N>d4` when it is
//!   occupied (the piece is held over it); `add` in a position that does not know the cards,
//!   and in a fair player's game (it does not know them either); `add=8D+3H` is also read
//!   where the position knows the next cards are the 8D and the 3H;
//! - the placement of a held piece on one of the nearest free cells: `@e5`;
//! - `stop`: no more adds;
//! - a move: origin and destination, then the pile the card is spent from, `/p` (pieces) or
//!   `/s` (squares): `d3e5/p`;
//! - a card that turns up for an add in a position that does not know it: `8D`, `3H`.

use crate::core::bitboard::{bit, Bits};
use crate::core::game::RuleError;
use crate::kits::cards::Card;
use crate::kits::solitaire::board::{cell_name, parse_cell};

use super::movegen::{self, move_targets};
use super::position::{
    nearest_free, piece_cards, square_cards, NeighbourAction, Phase, Position, Spend,
};

pub fn format(p: &Position, a: NeighbourAction) -> String {
    match a {
        NeighbourAction::Add => match p.next_add() {
            Some((piece, cell, free)) if !p.fair => {
                format!(
                    "{}{}{}",
                    piece.symbol(),
                    if free { '@' } else { '>' },
                    cell_name(cell)
                )
            }
            _ => "add".to_string(),
        },
        NeighbourAction::Place(c) => format!("@{}", cell_name(c)),
        NeighbourAction::Stop => "stop".to_string(),
        NeighbourAction::Move { from, to, spend } => format!(
            "{}{}/{}",
            cell_name(from),
            cell_name(to),
            match spend {
                Spend::Pieces => 'p',
                Spend::Squares => 's',
            }
        ),
        NeighbourAction::Reveal(c) => c.to_string(),
    }
}

/// Reads an action; only legal actions are returned, with a reason otherwise.
pub fn parse(p: &Position, s: &str) -> Result<NeighbourAction, RuleError> {
    let s = s.trim();
    let err = |why: String| Err(RuleError::new(format!("'{s}': {why}")));
    match p.phase {
        Phase::PieceCard | Phase::SquareCard => {
            let (pile, deck) = if p.phase == Phase::PieceCard {
                (&p.pieces, piece_cards())
            } else {
                (&p.squares, square_cards())
            };
            return match Card::parse(s) {
                Ok(c) if pile.unseen(deck).contains(&c) => Ok(NeighbourAction::Reveal(c)),
                Ok(c) => err(format!("{c} is not among the cards that can turn up")),
                Err(_) => err("an add waits for a card: name the card that turns up".into()),
            };
        }
        Phase::Placing(target) => {
            let free = nearest_free(p.board.occupied(), target);
            let list: Vec<String> = Bits(free).map(|c| format!("@{}", cell_name(c))).collect();
            return match s.strip_prefix('@').and_then(parse_cell) {
                Some(c) if free & bit(c) != 0 => Ok(NeighbourAction::Place(c)),
                _ => err(format!(
                    "the piece held over {} goes to a nearest free cell: {}",
                    cell_name(target),
                    list.join(" ")
                )),
            };
        }
        Phase::Adding => {
            if s == "stop" {
                return if p.count() > 0 {
                    Ok(NeighbourAction::Stop)
                } else {
                    err("stop comes after adding at least one piece".into())
                };
            }
            if p.pieces.left() == 0 {
                return err("no piece card left to add".into());
            }
            let want = format(p, NeighbourAction::Add);
            let cards = (p.pieces.top(), p.squares.top());
            let named = match cards {
                (Some(a), Some(b)) => {
                    s.strip_prefix("add=") == Some(format!("{a}+{b}").as_str())
                        || (p.fair
                            && Some(s.to_string())
                                == p.next_add().map(|_| {
                                    let mut q = *p;
                                    q.fair = false;
                                    format(&q, NeighbourAction::Add)
                                }))
                }
                _ => false,
            };
            return if s == want || named {
                Ok(NeighbourAction::Add)
            } else {
                err(format!("while adding, the actions are {want} and stop"))
            };
        }
        Phase::Moving => {}
    }
    let (body, spend) = match s.rsplit_once('/') {
        Some((b, "p")) => (b, Spend::Pieces),
        Some((b, "s")) => (b, Spend::Squares),
        _ => {
            return err(
                "a move is written like d3e5/p (card from the pieces pile) or d3e5/s \
                        (from the squares pile)"
                    .into(),
            )
        }
    };
    let cells = (
        body.get(..2).and_then(parse_cell),
        body.get(2..).and_then(parse_cell),
    );
    let (Some(from), Some(to)) = cells else {
        return err("a move names two cells, like d3e5/p".into());
    };
    if !movegen::spends(p).any(|x| x == spend) {
        return err("that pile is empty".into());
    }
    let Some(piece) = p.board.piece_at(from) else {
        return err(format!("no piece on {}", cell_name(from)));
    };
    if p.board.occupied() & bit(to) != 0 {
        return err(format!("{} is not empty", cell_name(to)));
    }
    let targets = move_targets(p)[from as usize];
    if targets & bit(to) == 0 {
        return err(if targets == 0 {
            format!(
                "the {} on {} has no move (it moves only with the move of a {} neighbour)",
                piece.name(),
                cell_name(from),
                piece.colour.name()
            )
        } else {
            let list: Vec<String> = Bits(targets).map(cell_name).collect();
            format!(
                "the {} on {} can move to {} only",
                piece.name(),
                cell_name(from),
                list.join(" ")
            )
        });
    }
    Ok(NeighbourAction::Move { from, to, spend })
}
