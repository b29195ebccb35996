//! The chess board: chess pieces on 8x8 squares, their attacks, legal move generation, making
//! moves, FEN and Zobrist keys. Standard chess plays on it as it is; a game that keeps chess
//! pieces but changes where they may stand describes that with a [`Floor`].
//!
//! A floor says three things about the cells: where a piece other than the king may *land*
//! (every cell in chess; only the tiles in Tiled Squares), which empty cells *stop sliders*
//! (none in chess; anti-tiles in Tiled Squares), and what happens to a cell when a piece
//! arrives on it (nothing in chess; the mover claims the tile in Tiled Squares). It also names
//! the game's Zobrist keys. The king lands wherever chess lets it. A chess-like floor is a
//! zero-sized type whose masks are constants, so the generator compiles to plain chess.
//!
//! - `attacks`: leaper and magic-bitboard slider tables, `between`/`line` masks.
//! - `position`: the copyable [`Position`], making moves, attacks and checks, draws by rule.
//! - `movegen`: legal generation with pin and check masks into a [`Sink`], counting without
//!   a list, and a direct legality test.
//! - `castling`: rights and the squares each castling needs (standard chess and Chess960).
//! - `fen`: the FEN fields, with the board field's empty cells left to the game.
//! - `keys`: the Zobrist keys of pieces, side, rights and en passant.
//!
//! Squares are numbered a1 = 0 .. h8 = 63. Colour indices: 0 White, 1 Black. A game keeps its
//! own action encoding: generation calls the sink with squares, and [`Play`] says what
//! `make_move` does.

pub mod attacks;
pub mod castling;
pub mod fen;
pub mod keys;
pub mod movegen;
pub mod moves;
mod pieces;
pub mod position;
#[cfg(test)]
pub mod testing;

pub use attacks::Square;
pub use castling::CastlingRules;
pub use keys::Keys;
pub use movegen::{BoardMove, Counter, Lister, Sink, Tactical};
pub use moves::{Move, MoveKind};
pub use pieces::{parse_square, square_name, PieceKind};
pub use position::{insufficient_material, Floor, Play, Position, NO_SQUARE};

use std::sync::OnceLock;

use crate::core::game::Player;
use crate::core::geometry::Geometry;

/// The board's cells as the engine's pictures and tools number them: 8x8, a1 = 0.
pub fn geometry() -> &'static Geometry {
    static G: OnceLock<Geometry> = OnceLock::new();
    G.get_or_init(|| Geometry::square(8, 8))
}

/// The player of a colour index (0 White, 1 Black).
#[inline]
pub fn player(color: usize) -> Player {
    if color == 0 {
        Player::White
    } else {
        Player::Black
    }
}
