//! The board of the solitaires: an 8x8 square board holding at most 16 non-pawn pieces of
//! both colours, in colour and kind bitboards, with the chess attacks the two games use.

use std::sync::OnceLock;

use crate::core::bitboard::{bit, Bits, Cell};
use crate::core::game::{Player, RuleError};
use crate::core::geometry::{Geometry, TableId};
use crate::core::zobrist;
use crate::kits::cards::CardPiece;

/// The piece kinds a solitaire uses (no pawns), in a compact order.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Kind {
    Knight,
    Bishop,
    Rook,
    Queen,
    King,
}

impl Kind {
    pub const ALL: [Kind; 5] = [
        Kind::Knight,
        Kind::Bishop,
        Kind::Rook,
        Kind::Queen,
        Kind::King,
    ];

    pub fn from_card(p: CardPiece) -> Option<Kind> {
        match p {
            CardPiece::Pawn => None,
            CardPiece::Knight => Some(Kind::Knight),
            CardPiece::Bishop => Some(Kind::Bishop),
            CardPiece::Rook => Some(Kind::Rook),
            CardPiece::Queen => Some(Kind::Queen),
            CardPiece::King => Some(Kind::King),
        }
    }

    /// Lower-case FEN letter.
    pub fn letter(self) -> char {
        match self {
            Kind::Knight => 'n',
            Kind::Bishop => 'b',
            Kind::Rook => 'r',
            Kind::Queen => 'q',
            Kind::King => 'k',
        }
    }

    pub fn from_letter(c: char) -> Option<Kind> {
        Kind::ALL
            .into_iter()
            .find(|k| k.letter() == c.to_ascii_lowercase())
    }

    pub fn name(self) -> &'static str {
        match self {
            Kind::Knight => "knight",
            Kind::Bishop => "bishop",
            Kind::Rook => "rook",
            Kind::Queen => "queen",
            Kind::King => "king",
        }
    }
}

/// A piece: colour and kind, with a compact code `colour * 5 + kind` (0..10).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Piece {
    pub colour: Player,
    pub kind: Kind,
}

impl Piece {
    pub fn new(colour: Player, kind: Kind) -> Piece {
        Piece { colour, kind }
    }

    pub fn code(self) -> usize {
        self.colour.index() * 5 + self.kind as usize
    }

    /// FEN letter: upper case for White.
    pub fn symbol(self) -> char {
        match self.colour {
            Player::White => self.kind.letter().to_ascii_uppercase(),
            Player::Black => self.kind.letter(),
        }
    }

    pub fn from_symbol(c: char) -> Option<Piece> {
        let kind = Kind::from_letter(c)?;
        let colour = if c.is_ascii_uppercase() {
            Player::White
        } else {
            Player::Black
        };
        Some(Piece { colour, kind })
    }

    pub fn name(self) -> String {
        format!("{} {}", self.colour.name(), self.kind.name())
    }
}

/// Geometry and attack tables of the 8x8 board, built once.
pub struct Tables {
    pub geo: Geometry,
    king: TableId,
    knight: TableId,
    orthogonal: TableId,
    diagonal: TableId,
    /// Zobrist keys of a piece code on a cell: `piece_keys[code * 64 + cell]`.
    piece_keys: Vec<u64>,
}

pub fn tables() -> &'static Tables {
    static T: OnceLock<Tables> = OnceLock::new();
    T.get_or_init(|| {
        let geo = Geometry::square(8, 8);
        let id = |name: &str| geo.mask_id(name).expect("square board mask");
        let ray = |name: &str| geo.rays_id(name).expect("square board rays");
        Tables {
            king: id("king"),
            knight: id("knight"),
            orthogonal: ray("orthogonal"),
            diagonal: ray("diagonal"),
            piece_keys: zobrist::keys(0x5011_7a12e, 10 * 64),
            geo,
        }
    })
}

impl Tables {
    /// Cells a piece of `kind` on `c` attacks with the given occupancy (sliders stop at, and
    /// include, the first occupied cell).
    #[inline]
    pub fn attacks(&self, kind: Kind, c: Cell, occupied: u64) -> u64 {
        match kind {
            Kind::Knight => self.geo.mask(self.knight, c),
            Kind::King => self.geo.mask(self.king, c),
            Kind::Bishop => self.geo.slide(self.diagonal, c, occupied),
            Kind::Rook => self.geo.slide(self.orthogonal, c, occupied),
            Kind::Queen => {
                self.geo.slide(self.diagonal, c, occupied)
                    | self.geo.slide(self.orthogonal, c, occupied)
            }
        }
    }

    /// The eight cells around `c`.
    #[inline]
    pub fn around(&self, c: Cell) -> u64 {
        self.geo.mask(self.king, c)
    }

    #[inline]
    pub fn piece_key(&self, p: Piece, c: Cell) -> u64 {
        self.piece_keys[p.code() * 64 + c as usize]
    }
}

pub fn cell_name(c: Cell) -> String {
    format!("{}{}", (b'a' + c % 8) as char, c / 8 + 1)
}

/// Reads a cell name `a1`..`h8` (lower case only, as the notation writes it).
pub fn parse_cell(s: &str) -> Option<Cell> {
    let b = s.as_bytes();
    if b.len() != 2 || !(b'a'..=b'h').contains(&b[0]) || !(b'1'..=b'8').contains(&b[1]) {
        return None;
    }
    Some((b[1] - b'1') * 8 + (b[0] - b'a'))
}

/// Pieces on the board: one bitboard per colour and per kind.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Board {
    colour: [u64; 2],
    kind: [u64; 5],
}

impl Board {
    #[inline]
    pub fn occupied(&self) -> u64 {
        self.colour[0] | self.colour[1]
    }

    #[inline]
    pub fn colour(&self, p: Player) -> u64 {
        self.colour[p.index()]
    }

    #[inline]
    pub fn kind(&self, k: Kind) -> u64 {
        self.kind[k as usize]
    }

    pub fn count(&self) -> u32 {
        self.occupied().count_ones()
    }

    pub fn piece_at(&self, c: Cell) -> Option<Piece> {
        let b = bit(c);
        let colour = if self.colour[0] & b != 0 {
            Player::White
        } else if self.colour[1] & b != 0 {
            Player::Black
        } else {
            return None;
        };
        let kind = Kind::ALL
            .into_iter()
            .find(|&k| self.kind[k as usize] & b != 0)
            .expect("an occupied cell has a kind");
        Some(Piece { colour, kind })
    }

    /// Puts a piece on an empty cell, or takes it off its cell (the same toggle both ways).
    #[inline]
    pub fn toggle(&mut self, p: Piece, c: Cell) {
        self.colour[p.colour.index()] ^= bit(c);
        self.kind[p.kind as usize] ^= bit(c);
    }

    /// Moves the piece on `from` to the empty cell `to`; returns it.
    #[inline]
    pub fn relocate(&mut self, from: Cell, to: Cell) -> Piece {
        let p = self.piece_at(from).expect("a piece on the origin");
        let m = bit(from) | bit(to);
        self.colour[p.colour.index()] ^= m;
        self.kind[p.kind as usize] ^= m;
        p
    }

    /// The Zobrist key of the pieces.
    pub fn key(&self) -> u64 {
        let t = tables();
        Bits(self.occupied())
            .map(|c| t.piece_key(self.piece_at(c).expect("occupied"), c))
            .fold(0, |k, x| k ^ x)
    }

    /// Every piece with its cell, by cell.
    pub fn pieces(&self) -> impl Iterator<Item = (Cell, Piece)> + '_ {
        Bits(self.occupied()).map(|c| (c, self.piece_at(c).expect("occupied")))
    }

    /// FEN piece placement, rank 8 first: `8/8/8/8/1r2b3/1r1n1N2/5k2/2B3R1`.
    pub fn fen(&self) -> String {
        let mut s = String::new();
        for rank in (0..8).rev() {
            let mut empty = 0;
            for file in 0..8 {
                match self.piece_at(rank * 8 + file) {
                    Some(p) => {
                        if empty > 0 {
                            s.push(char::from(b'0' + empty));
                            empty = 0;
                        }
                        s.push(p.symbol());
                    }
                    None => empty += 1,
                }
            }
            if empty > 0 {
                s.push(char::from(b'0' + empty));
            }
            if rank > 0 {
                s.push('/');
            }
        }
        s
    }

    pub fn from_fen(text: &str) -> Result<Board, RuleError> {
        let ranks: Vec<&str> = text.split('/').collect();
        if ranks.len() != 8 {
            return Err(RuleError::new(format!(
                "the board '{text}' needs 8 ranks separated by '/'"
            )));
        }
        let mut b = Board::default();
        for (i, row) in ranks.iter().enumerate() {
            let rank = 7 - i as u8;
            let mut file = 0u8;
            for ch in row.chars() {
                if let Some(d) = ch.to_digit(10).filter(|d| (1..=8).contains(d)) {
                    file += d as u8;
                } else if let Some(p) = Piece::from_symbol(ch) {
                    if file >= 8 {
                        return Err(RuleError::new(format!(
                            "rank {} of the board '{row}' holds more than 8 cells",
                            rank + 1
                        )));
                    }
                    b.toggle(p, rank * 8 + file);
                    file += 1;
                } else {
                    return Err(RuleError::new(format!(
                        "'{ch}' in the board is not a piece (NBRQK, nbrqk) or a digit 1-8"
                    )));
                }
            }
            if file != 8 {
                return Err(RuleError::new(format!(
                    "rank {} of the board '{row}' does not hold 8 cells",
                    rank + 1
                )));
            }
        }
        Ok(b)
    }

    /// A text picture, rank 8 first, with coordinates.
    pub fn picture(&self) -> String {
        let mut s = String::new();
        for rank in (0..8).rev() {
            s.push_str(&format!("{} ", rank + 1));
            for file in 0..8 {
                s.push(self.piece_at(rank * 8 + file).map_or('.', Piece::symbol));
                s.push(' ');
            }
            s.push('\n');
        }
        s.push_str("  a b c d e f g h\n");
        s
    }

    /// The picture with a game's panel lines below it.
    pub fn picture_with(&self, panel: Vec<String>) -> String {
        let mut s = self.picture();
        for l in panel {
            s.push_str(&l);
            s.push('\n');
        }
        s
    }

    /// Each piece's cell and symbol, for the pictures of the front ends.
    pub fn symbols(&self) -> Vec<(Cell, String)> {
        self.pieces()
            .map(|(c, p)| (c, p.symbol().to_string()))
            .collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn fen_round_trips_and_bad_boards_are_refused() {
        let text = "8/8/8/8/1r2b3/1r1n1N2/5k2/2B3R1";
        let b = Board::from_fen(text).unwrap();
        assert_eq!(b.fen(), text);
        assert_eq!(b.count(), 8);
        assert_eq!(
            b.piece_at(parse_cell("d3").unwrap()),
            Some(Piece::new(Player::Black, Kind::Knight))
        );
        for bad in [
            "8/8/8/8/8/8/8",
            "8/8/8/8/8/8/8/9",
            "8/8/8/8/8/8/8/7P",
            "8/8/8/8/8/8/8/NNNNNNNNN",
        ] {
            assert!(Board::from_fen(bad).is_err(), "{bad}");
        }
    }

    #[test]
    fn attacks_stop_at_the_first_piece() {
        let t = tables();
        let b = Board::from_fen("8/8/8/8/1r2b3/1r1n1N2/5k2/2B3R1").unwrap();
        let e4 = parse_cell("e4").unwrap();
        let names = |m: u64| Bits(m).map(cell_name).collect::<Vec<_>>().join(" ");
        assert_eq!(
            names(t.attacks(Kind::Bishop, e4, b.occupied())),
            "d3 f3 d5 f5 c6 g6 b7 h7 a8"
        );
        assert_eq!(
            names(t.attacks(Kind::Knight, parse_cell("d3").unwrap(), b.occupied())),
            "c1 e1 b2 f2 b4 f4 c5 e5"
        );
    }
}
