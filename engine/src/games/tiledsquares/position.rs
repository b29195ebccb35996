//! The position: the board kit's, on a floor of three cell sets: the tiles, which of them
//! White owns, and the anti-tiles. Small and `Copy`, so undo is a copy.
//!
//! Invariants: every piece stands on a tile its own side owns; anti-tiles are neither tiles
//! nor occupied. Pieces other than the king land only on tiles; attacks are chess attacks
//! over the *blockers*: the pieces, plus the anti-tiles when that option is on (holes never
//! block).

use super::action::{Move, MoveKind, Square};
use super::keys::{board_keys, keys};
use crate::kits::chessboard::attacks::bb;
use crate::kits::chessboard::{self, CastlingRules, Floor, Keys, PieceKind, Play};

pub const PAWN: usize = PieceKind::Pawn as usize;
pub const KNIGHT: usize = PieceKind::Knight as usize;
pub const BISHOP: usize = PieceKind::Bishop as usize;
pub const ROOK: usize = PieceKind::Rook as usize;
pub const QUEEN: usize = PieceKind::Queen as usize;
pub const KING: usize = PieceKind::King as usize;

/// The floor: tiles, their owners and anti-tiles.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Default)]
pub struct Tiles {
    /// Every tiled cell, occupied ones included.
    pub tiles: u64,
    /// The tiles White owns; the other tiles are Black's.
    pub white_tiles: u64,
    /// Anti-tiles (only with the `AntiTiles` option).
    pub anti: u64,
}

impl Floor for Tiles {
    #[inline(always)]
    fn keys() -> &'static Keys {
        board_keys()
    }

    #[inline(always)]
    fn landing(&self) -> u64 {
        self.tiles
    }

    #[inline(always)]
    fn walls(&self) -> u64 {
        self.anti
    }

    /// The king creates a tile on a hole or an anti-tile, and whoever stands on a tile last
    /// owns it.
    #[inline(always)]
    fn arrive(&mut self, s: Square, color: usize, key: &mut u64) {
        let z = keys();
        let b = bb(s);
        if self.tiles & b == 0 {
            if self.anti & b != 0 {
                self.anti ^= b;
                *key ^= z.anti[s as usize];
            }
            self.tiles |= b;
            *key ^= z.tile[s as usize];
        }
        if (self.white_tiles & b != 0) != (color == 0) {
            self.white_tiles ^= b;
            *key ^= z.white_owns[s as usize];
        }
    }

    fn key(&self) -> u64 {
        let z = keys();
        let mut k = 0;
        for s in 0..64usize {
            let b = 1u64 << s;
            if self.tiles & b != 0 {
                k ^= z.tile[s];
            }
            if self.white_tiles & b != 0 {
                k ^= z.white_owns[s];
            }
            if self.anti & b != 0 {
                k ^= z.anti[s];
            }
        }
        k
    }
}

pub type Position = chessboard::Position<Tiles>;

/// Castling is the standard one: kings on e1/e8, rooks in the corners.
pub fn castling_rules() -> &'static CastlingRules {
    static RULES: std::sync::OnceLock<CastlingRules> = std::sync::OnceLock::new();
    RULES.get_or_init(CastlingRules::standard)
}

/// How the board plays a piece move (`None` for a tile action).
#[inline(always)]
pub fn play_of(m: Move) -> Option<Play> {
    Some(match m.kind() {
        MoveKind::Normal => Play::Normal,
        MoveKind::EnPassant => Play::EnPassant,
        MoveKind::Castling => Play::Castling,
        MoveKind::Promotion(p) => Play::Promotion(p),
        MoveKind::DropTile | MoveKind::RemoveTile | MoveKind::DropAnti => return None,
    })
}

impl Position {
    /// Untiled cells without an anti-tile (never occupied).
    #[inline(always)]
    pub fn holes(&self) -> u64 {
        !(self.floor.tiles | self.floor.anti)
    }

    /// Tiles without a piece.
    #[inline(always)]
    pub fn empty_tiles(&self) -> u64 {
        self.floor.tiles & !self.occupied()
    }

    /// The tiles `color` owns.
    #[inline(always)]
    pub fn owned(&self, color: usize) -> u64 {
        if color == 0 {
            self.floor.white_tiles
        } else {
            self.floor.tiles & !self.floor.white_tiles
        }
    }

    /// Plays a legal action.
    #[inline]
    pub fn make(&mut self, m: Move) {
        if let Some(play) = play_of(m) {
            self.make_move(m.from(), m.to(), play, castling_rules());
            return;
        }
        let z = keys();
        let us = self.side as usize;
        let to = m.to();
        self.begin_turn();
        match m.kind() {
            MoveKind::DropTile => self.floor.arrive(to, us, &mut self.key),
            MoveKind::RemoveTile => {
                self.floor.tiles ^= bb(to);
                self.key ^= z.tile[to as usize];
                if self.floor.white_tiles & bb(to) != 0 {
                    self.floor.white_tiles ^= bb(to);
                    self.key ^= z.white_owns[to as usize];
                }
            }
            _ => {
                self.floor.anti |= bb(to);
                self.key ^= z.anti[to as usize];
            }
        }
        self.end_turn(to, to, castling_rules());
    }
}
