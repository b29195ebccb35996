//! FEN in and out, by the board kit: a digit counts empty squares. Castling fields may be
//! X-FEN (`KQkq`, or a file letter for an inner rook) or Shredder-FEN (`HAha`); output is
//! X-FEN.

use super::position::Position;
use crate::core::game::RuleError;
use crate::kits::chessboard::fen::{self, parse_castling, parse_ranks, put_piece};
use crate::kits::chessboard::CastlingRules;

pub use crate::kits::chessboard::fen::shredder_castling;

/// Parses a FEN (four to six fields; the clocks default to `0 1`).
pub fn parse(text: &str) -> Result<(Position, CastlingRules), RuleError> {
    fen::parse(
        text,
        "placement",
        |s, pos| parse_ranks(s, |sq, c| put_piece(pos, sq, c).map(|_| ())),
        parse_castling,
    )
}

/// The position as X-FEN.
pub fn format(pos: &Position, rules: &CastlingRules) -> String {
    fen::format(pos, rules, |_| None)
}
