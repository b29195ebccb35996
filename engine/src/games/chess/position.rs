//! The chess position: the board kit's position on a floor of squares only, where every
//! piece may land and nothing but pieces blocks.

use super::keys::keys;
use crate::kits::chessboard::{self, CastlingRules, Floor, Keys, PieceKind, Play, Square};
use crate::kits::chessboard::{Move, MoveKind};

pub use crate::kits::chessboard::NO_SQUARE;

/// The chess floor: every cell a square, remembering nothing.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Default)]
pub struct Squares;

impl Floor for Squares {
    #[inline(always)]
    fn keys() -> &'static Keys {
        keys()
    }

    #[inline(always)]
    fn landing(&self) -> u64 {
        !0
    }

    #[inline(always)]
    fn walls(&self) -> u64 {
        0
    }

    #[inline(always)]
    fn arrive(&mut self, _s: Square, _color: usize, _key: &mut u64) {}

    #[inline(always)]
    fn key(&self) -> u64 {
        0
    }
}

pub type Position = chessboard::Position<Squares>;

/// How the board plays a chess move.
#[inline(always)]
pub fn play_of(m: Move) -> Play {
    match m.kind() {
        MoveKind::Normal => Play::Normal,
        MoveKind::Promotion => {
            Play::Promotion(PieceKind::from_index(((m.bits() >> 12) & 3) as usize + 1))
        }
        MoveKind::EnPassant => Play::EnPassant,
        MoveKind::Castling => Play::Castling,
    }
}

impl Position {
    /// Plays a legal move.
    #[inline]
    pub fn make(&mut self, m: Move, rules: &CastlingRules) {
        self.make_move(m.from(), m.to(), play_of(m), rules);
    }
}
