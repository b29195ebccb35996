//! The six chess piece kinds and the names of the squares.

use super::attacks::Square;

/// The six chess piece kinds, in the order the bitboards are stored.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum PieceKind {
    Pawn = 0,
    Knight = 1,
    Bishop = 2,
    Rook = 3,
    Queen = 4,
    King = 5,
}

impl PieceKind {
    pub const ALL: [PieceKind; 6] = [
        PieceKind::Pawn,
        PieceKind::Knight,
        PieceKind::Bishop,
        PieceKind::Rook,
        PieceKind::Queen,
        PieceKind::King,
    ];

    #[inline]
    pub fn from_index(i: usize) -> PieceKind {
        PieceKind::ALL[i]
    }

    #[inline]
    pub fn index(self) -> usize {
        self as usize
    }

    /// Lower-case letter as FEN writes a black piece (`p n b r q k`).
    pub fn letter(self) -> char {
        b"pnbrqk"[self as usize] as char
    }

    pub fn from_letter(c: char) -> Option<PieceKind> {
        "pnbrqk"
            .find(c.to_ascii_lowercase())
            .map(PieceKind::from_index)
    }
}

/// `a1`..`h8`.
pub fn square_name(s: Square) -> String {
    format!("{}{}", (b'a' + (s & 7)) as char, (s >> 3) + 1)
}

/// Parses `a1`..`h8`.
pub fn parse_square(s: &str) -> Option<Square> {
    let b = s.as_bytes();
    if b.len() != 2 || !(b'a'..=b'h').contains(&b[0]) || !(b'1'..=b'8').contains(&b[1]) {
        return None;
    }
    Some((b[1] - b'1') * 8 + (b[0] - b'a'))
}
