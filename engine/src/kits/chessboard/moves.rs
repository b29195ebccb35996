//! The compact move encoding of chess moves, shared by the games on a chess board.

use std::fmt;

use super::{BoardMove, PieceKind, Square};

/// A move in 16 bits: from (6), to (6), promotion piece (2: N B R Q), kind (2).
///
/// Castling is stored as the king moving onto its own rook's square, which names the rook
/// unambiguously in Chess960; en passant and promotion have their own kinds so that `play`
/// never has to guess.
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct Move(u16);

/// What kind of move a [`Move`] is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum MoveKind {
    Normal,
    Promotion,
    EnPassant,
    Castling,
}

impl Move {
    const PROMOTION: u16 = 1 << 14;
    const EN_PASSANT: u16 = 2 << 14;
    const CASTLING: u16 = 3 << 14;

    #[inline(always)]
    pub const fn normal(from: Square, to: Square) -> Move {
        Move(from as u16 | (to as u16) << 6)
    }

    /// `promo` is Knight, Bishop, Rook or Queen.
    #[inline(always)]
    pub fn promotion(from: Square, to: Square, promo: PieceKind) -> Move {
        debug_assert!(matches!(
            promo,
            PieceKind::Knight | PieceKind::Bishop | PieceKind::Rook | PieceKind::Queen
        ));
        Move(from as u16 | (to as u16) << 6 | (promo as u16 - 1) << 12 | Move::PROMOTION)
    }

    #[inline(always)]
    pub const fn en_passant(from: Square, to: Square) -> Move {
        Move(from as u16 | (to as u16) << 6 | Move::EN_PASSANT)
    }

    /// King on `king` castles with its rook on `rook`.
    #[inline(always)]
    pub const fn castling(king: Square, rook: Square) -> Move {
        Move(king as u16 | (rook as u16) << 6 | Move::CASTLING)
    }

    #[inline(always)]
    pub const fn from(self) -> Square {
        (self.0 & 63) as Square
    }

    /// Destination; for castling, the castling rook's square.
    #[inline(always)]
    pub const fn to(self) -> Square {
        ((self.0 >> 6) & 63) as Square
    }

    #[inline(always)]
    pub fn kind(self) -> MoveKind {
        match self.0 >> 14 {
            0 => MoveKind::Normal,
            1 => MoveKind::Promotion,
            2 => MoveKind::EnPassant,
            _ => MoveKind::Castling,
        }
    }

    /// The piece a promotion makes.
    #[inline(always)]
    pub fn promotion_piece(self) -> Option<PieceKind> {
        (self.kind() == MoveKind::Promotion)
            .then(|| PieceKind::from_index(((self.0 >> 12) & 3) as usize + 1))
    }

    #[inline(always)]
    pub const fn bits(self) -> u16 {
        self.0
    }
}

impl crate::core::game::Action for Move {
    #[inline]
    fn code(self) -> u32 {
        self.0 as u32
    }
}

impl fmt::Debug for Move {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let name = |s: Square| format!("{}{}", (b'a' + (s & 7)) as char, (s >> 3) + 1);
        write!(f, "{}{}", name(self.from()), name(self.to()))?;
        match self.kind() {
            MoveKind::Normal => Ok(()),
            MoveKind::Promotion => {
                write!(f, "={}", self.promotion_piece().map_or('?', |p| p.letter()))
            }
            MoveKind::EnPassant => f.write_str("ep"),
            MoveKind::Castling => f.write_str("(castle)"),
        }
    }
}

impl BoardMove for Move {
    #[inline(always)]
    fn normal(from: Square, to: Square) -> Move {
        Move::normal(from, to)
    }

    #[inline(always)]
    fn promotion(from: Square, to: Square, promo: PieceKind) -> Move {
        Move::promotion(from, to, promo)
    }

    #[inline(always)]
    fn en_passant(from: Square, to: Square) -> Move {
        Move::en_passant(from, to)
    }

    #[inline(always)]
    fn castling(king: Square, rook: Square, _king_to: Square) -> Move {
        Move::castling(king, rook)
    }
}
