//! The compact action: a piece move or a tile action, in 16 bits.

use std::fmt;

use crate::kits::chessboard::{square_name, BoardMove, PieceKind};

/// Squares are numbered a1 = 0 .. h8 = 63, as in the chess module.
pub type Square = u8;

/// One action of Tiled Squares Chess: a piece move (ordinary, en passant, castling,
/// promotion) or a tile action (a tile drop, an anti-tile drop, the removal of a tile).
///
/// Layout: from (6 bits), to (6 bits), tag (4 bits). Tile actions keep their cell in both
/// square fields. Castling is stored as the king's move (`e1g1`); the rook follows.
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct Move(u16);

/// What kind of action a [`Move`] is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum MoveKind {
    Normal,
    EnPassant,
    Castling,
    /// Promotion to a knight, bishop, rook or queen.
    Promotion(PieceKind),
    /// A tile of the mover's colour dropped on a hole.
    DropTile,
    /// An empty tile the mover owns taken off the board.
    RemoveTile,
    /// An anti-tile dropped on a hole (option `AntiTiles`).
    DropAnti,
}

const NORMAL: u16 = 0;
const EN_PASSANT: u16 = 1;
const CASTLING: u16 = 2;
const DROP_TILE: u16 = 3;
const REMOVE_TILE: u16 = 4;
const DROP_ANTI: u16 = 5;
/// Tags 8 + (kind - 1): promotion to knight, bishop, rook, queen.
const PROMOTION: u16 = 8;

impl Move {
    #[inline(always)]
    const fn new(from: Square, to: Square, tag: u16) -> Move {
        Move(from as u16 | (to as u16) << 6 | tag << 12)
    }

    #[inline(always)]
    pub const fn normal(from: Square, to: Square) -> Move {
        Move::new(from, to, NORMAL)
    }

    #[inline(always)]
    pub const fn en_passant(from: Square, to: Square) -> Move {
        Move::new(from, to, EN_PASSANT)
    }

    /// The king's castling move, from its home square to g1/c1 (g8/c8).
    #[inline(always)]
    pub const fn castling(from: Square, to: Square) -> Move {
        Move::new(from, to, CASTLING)
    }

    /// `kind` is a knight, bishop, rook or queen.
    #[inline(always)]
    pub fn promotion(from: Square, to: Square, kind: PieceKind) -> Move {
        debug_assert!(matches!(
            kind,
            PieceKind::Knight | PieceKind::Bishop | PieceKind::Rook | PieceKind::Queen
        ));
        Move::new(from, to, PROMOTION + kind as u16 - 1)
    }

    #[inline(always)]
    pub const fn drop_tile(cell: Square) -> Move {
        Move::new(cell, cell, DROP_TILE)
    }

    #[inline(always)]
    pub const fn remove_tile(cell: Square) -> Move {
        Move::new(cell, cell, REMOVE_TILE)
    }

    #[inline(always)]
    pub const fn drop_anti(cell: Square) -> Move {
        Move::new(cell, cell, DROP_ANTI)
    }

    #[inline(always)]
    pub const fn from(self) -> Square {
        (self.0 & 63) as Square
    }

    /// The destination, or the cell of a tile action.
    #[inline(always)]
    pub const fn to(self) -> Square {
        ((self.0 >> 6) & 63) as Square
    }

    #[inline(always)]
    pub fn kind(self) -> MoveKind {
        match self.0 >> 12 {
            NORMAL => MoveKind::Normal,
            EN_PASSANT => MoveKind::EnPassant,
            CASTLING => MoveKind::Castling,
            DROP_TILE => MoveKind::DropTile,
            REMOVE_TILE => MoveKind::RemoveTile,
            DROP_ANTI => MoveKind::DropAnti,
            t => MoveKind::Promotion(PieceKind::from_index((t - PROMOTION) as usize + 1)),
        }
    }

    /// Whether the action moves a piece (rather than a tile).
    #[inline(always)]
    pub fn is_piece_move(self) -> bool {
        !matches!(
            self.kind(),
            MoveKind::DropTile | MoveKind::RemoveTile | MoveKind::DropAnti
        )
    }

    #[inline(always)]
    pub fn promotion_piece(self) -> Option<PieceKind> {
        match self.kind() {
            MoveKind::Promotion(k) => Some(k),
            _ => None,
        }
    }

    #[inline(always)]
    pub const fn bits(self) -> u16 {
        self.0
    }
}

/// How the board kit's generator writes piece moves in this encoding.
impl BoardMove for Move {
    #[inline(always)]
    fn normal(from: Square, to: Square) -> Move {
        Move::new(from, to, NORMAL)
    }

    #[inline(always)]
    fn promotion(from: Square, to: Square, promo: PieceKind) -> Move {
        Move::new(from, to, PROMOTION + promo as u16 - 1)
    }

    #[inline(always)]
    fn en_passant(from: Square, to: Square) -> Move {
        Move::new(from, to, EN_PASSANT)
    }

    /// The king's move: the rook follows.
    #[inline(always)]
    fn castling(king: Square, _rook: Square, king_to: Square) -> Move {
        Move::new(king, king_to, CASTLING)
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
        let (a, b) = (square_name(self.from()), square_name(self.to()));
        match self.kind() {
            MoveKind::Normal => write!(f, "{a}{b}"),
            MoveKind::EnPassant => write!(f, "{a}{b}ep"),
            MoveKind::Castling => write!(f, "{a}{b}(castle)"),
            MoveKind::Promotion(k) => write!(f, "{a}{b}={}", k.letter()),
            MoveKind::DropTile => write!(f, "tile@{b}"),
            MoveKind::RemoveTile => write!(f, "-{b}"),
            MoveKind::DropAnti => write!(f, "anti@{b}"),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_kind_round_trips_through_the_bits() {
        for from in [0u8, 12, 63] {
            for to in [0u8, 28, 63] {
                assert_eq!(Move::normal(from, to).kind(), MoveKind::Normal);
                assert_eq!(Move::en_passant(from, to).kind(), MoveKind::EnPassant);
                assert_eq!(Move::castling(from, to).kind(), MoveKind::Castling);
                for k in [
                    PieceKind::Knight,
                    PieceKind::Bishop,
                    PieceKind::Rook,
                    PieceKind::Queen,
                ] {
                    let m = Move::promotion(from, to, k);
                    assert_eq!(
                        (m.from(), m.to(), m.kind()),
                        (from, to, MoveKind::Promotion(k))
                    );
                }
            }
            assert_eq!(Move::drop_tile(from).kind(), MoveKind::DropTile);
            assert_eq!(Move::remove_tile(from).to(), from);
            assert!(!Move::drop_anti(from).is_piece_move());
        }
    }
}
