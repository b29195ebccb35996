//! Pieces and their one-letter symbols (uppercase White, lowercase Black).

use crate::core::game::Player;

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Kind {
    Pawn = 0,
    Rook = 1,
    Knight = 2,
    Guard = 3,
    King = 4,
}

impl Kind {
    pub const ALL: [Kind; 5] = [
        Kind::Pawn,
        Kind::Rook,
        Kind::Knight,
        Kind::Guard,
        Kind::King,
    ];

    pub fn letter(self) -> char {
        match self {
            Kind::Pawn => 'p',
            Kind::Rook => 'r',
            Kind::Knight => 'n',
            Kind::Guard => 'g',
            Kind::King => 'k',
        }
    }

    pub fn from_letter(c: char) -> Option<Kind> {
        Kind::ALL
            .into_iter()
            .find(|k| k.letter() == c.to_ascii_lowercase())
    }

    /// The piece names of the board data's setup.
    pub fn from_name(s: &str) -> Option<Kind> {
        match s {
            "pawn" => Some(Kind::Pawn),
            "rook" => Some(Kind::Rook),
            "knight" => Some(Kind::Knight),
            "guard" => Some(Kind::Guard),
            "king" => Some(Kind::King),
            _ => None,
        }
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Piece {
    pub side: Player,
    pub kind: Kind,
}

impl Piece {
    pub fn symbol(self) -> char {
        let c = self.kind.letter();
        match self.side {
            Player::White => c.to_ascii_uppercase(),
            Player::Black => c,
        }
    }

    pub fn from_symbol(c: char) -> Option<Piece> {
        let kind = Kind::from_letter(c)?;
        let side = if c.is_ascii_uppercase() {
            Player::White
        } else {
            Player::Black
        };
        Some(Piece { side, kind })
    }

    /// Index into Zobrist tables and compact boards: `side * 5 + kind`.
    #[inline]
    pub fn index(self) -> usize {
        self.side.index() * 5 + self.kind as usize
    }
}
