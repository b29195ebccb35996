//! Neighbour's position text: `<board> <pieces> <squares> <phase> <cell>`, e.g. at the start
//! `8/8/8/8/8/8/8/8 |9H,10H,... |3H,5S,... add -`.
//! - board: FEN piece placement, rank 8 first;
//! - pieces, squares: the two piles (see `solitaire::pile`): drawn cards in order, `|`, the
//!   cards left, top first; `*` marks a card spent on a move, `?` a card the player does not
//!   know;
//! - phase: `add` (adding: add or stop), `piece` or `square` (an add waits for its unknown
//!   piece or square card), `place` (the drawn piece is held over an occupied cell), `move`
//!   (adding has stopped);
//! - cell: the last piece added (`-` before the first) while adding, the cell the piece is held
//!   over while placing, `-` once moving.
//!
//! `set_fen` also takes a bare deal: the 16 piece cards then the 20 square cards, e.g.
//! `9H 10H KS ... | 3H 5S ...` (the `|` is optional).

use crate::core::game::RuleError;
use crate::kits::cards::Card;
use crate::kits::solitaire::board::{cell_name, parse_cell};
use crate::kits::solitaire::options::cards;
use crate::kits::solitaire::{Board, Pile};

use super::position::{
    card_piece, piece_cards, square_cards, Phase, Position, Rules, NO_CELL, PIECES, SQUARES,
};

pub fn fen(p: &Position) -> String {
    let (phase, cell) = match p.phase {
        Phase::Adding => ("add", p.last),
        Phase::PieceCard => ("piece", p.last),
        Phase::SquareCard => ("square", p.last),
        Phase::Placing(t) => ("place", t),
        Phase::Moving => ("move", NO_CELL),
    };
    let cell = if cell == NO_CELL {
        "-".to_string()
    } else {
        cell_name(cell)
    };
    format!(
        "{} {} {} {phase} {cell}",
        p.board.fen(),
        p.pieces.text(),
        p.squares.text()
    )
}

/// Splits a bare deal into its two piles by the cards' ranks.
pub fn split_deal(order: &[Card]) -> (Vec<Card>, Vec<Card>) {
    order.iter().partition(|c| piece_cards().contains(c))
}

/// The face-up cards drawn from a pile, then the count of cards spent face down after them;
/// an error when a face-down card comes before a face-up one.
fn drawn_split(pile: &Pile, name: &str) -> Result<(usize, usize), RuleError> {
    let up = (0..pile.drawn()).take_while(|&i| pile.is_shown(i)).count();
    if (up..pile.drawn()).any(|i| pile.is_shown(i)) {
        return Err(RuleError::new(format!(
            "the {name} pile: cards are spent on moves only after the adds"
        )));
    }
    Ok((up, pile.drawn() - up))
}

pub fn parse(text: &str, rules: Rules) -> Result<Position, RuleError> {
    let fields: Vec<&str> = text.split_whitespace().collect();
    if !text.contains('/') {
        let order = cards(text)?;
        if order.len() != PIECES + SQUARES {
            return Err(RuleError::new(format!(
                "a Neighbour deal is {PIECES} piece cards and {SQUARES} square cards, not {} cards",
                order.len()
            )));
        }
        let (p, s) = split_deal(&order);
        return Position::deal(&p, &s, rules);
    }
    let [board, pieces, squares, phase, cell] = fields[..] else {
        return Err(RuleError::new(format!(
            "a Neighbour position is '<board> <pieces> <squares> <phase> <cell>', not '{text}'"
        )));
    };
    let board = Board::from_fen(board)?;
    let pieces = Pile::parse(pieces, piece_cards(), "pieces pile")?;
    let squares = Pile::parse(squares, square_cards(), "squares pile")?;
    let cell = match cell {
        "-" => NO_CELL,
        c => parse_cell(c).ok_or_else(|| RuleError::new(format!("'{c}' is not a cell or '-'")))?,
    };
    let phase = match phase {
        "add" => Phase::Adding,
        "piece" => Phase::PieceCard,
        "square" => Phase::SquareCard,
        "place" if cell != NO_CELL => Phase::Placing(cell),
        "move" => Phase::Moving,
        _ => {
            return Err(RuleError::new(format!(
                "the phase is add, piece, square, place (with its cell) or move, not '{phase}'"
            )))
        }
    };
    let n = board.count() as usize;
    let (up_p, spent_p) = drawn_split(&pieces, "pieces")?;
    let (up_s, spent_s) = drawn_split(&squares, "squares")?;
    let held = matches!(phase, Phase::SquareCard | Phase::Placing(_)) as usize;
    let squares_for_held = matches!(phase, Phase::Placing(_)) as usize;
    if phase != Phase::Moving && spent_p + spent_s > 0 {
        return Err(RuleError::new(
            "cards are spent on moves only after adding stops",
        ));
    }
    if up_p != n + held || up_s != n + squares_for_held {
        return Err(RuleError::new(format!(
            "{n} pieces on the board, but {up_p} piece cards and {up_s} square cards drawn for adds"
        )));
    }
    let mut want: Vec<char> = (0..n)
        .filter_map(|i| pieces.card(i))
        .map(|c| card_piece(c).symbol())
        .collect();
    let mut have: Vec<char> = board.pieces().map(|(_, pc)| pc.symbol()).collect();
    want.sort_unstable();
    have.sort_unstable();
    if want != have {
        return Err(RuleError::new(format!(
            "the board holds {} but the cards added are {}",
            have.iter().collect::<String>(),
            want.iter().collect::<String>()
        )));
    }
    match phase {
        Phase::Adding if pieces.left() == 0 => {
            return Err(RuleError::new("no piece card left: the phase is move"))
        }
        Phase::PieceCard if pieces.left() == 0 || pieces.top_is_known() => {
            return Err(RuleError::new(
                "an add waits for a piece card only when the next one is unknown",
            ))
        }
        Phase::SquareCard if squares.top_is_known() => {
            return Err(RuleError::new(
                "an add waits for a square card only when the next one is unknown",
            ))
        }
        Phase::Placing(t) if board.occupied() & (1u64 << t) == 0 => {
            return Err(RuleError::new(format!(
                "a piece is held over {} only while it is occupied",
                cell_name(t)
            )))
        }
        _ => {}
    }
    let last_ok = match phase {
        Phase::Moving | Phase::Placing(_) => true,
        _ => (cell == NO_CELL) == (n == 0) && (cell == NO_CELL || board.piece_at(cell).is_some()),
    };
    if !last_ok {
        return Err(RuleError::new(
            "while adding, the cell is the last piece added ('-' before the first)",
        ));
    }
    let mut p = Position {
        board,
        pieces,
        squares,
        phase,
        last: if matches!(phase, Phase::Moving | Phase::Placing(_)) {
            NO_CELL
        } else {
            cell
        },
        rules,
        fair: false,
        key: 0,
    };
    p.key = p.compute_key();
    Ok(p)
}
