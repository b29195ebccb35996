//! FEN in and out, by the board kit. The fields are the FIDE ones; in the board field a
//! digit counts *holes* (untiled empty cells), `$` is an empty White-owned tile, `%` an empty
//! Black-owned tile and `*` an anti-tile. A piece always stands on a tile its own side owns.
//! So the FIDE start FEN is exactly the Tiled Squares start position: ranks 3 to 6 are holes.

use super::position::{castling_rules, Position, KING, ROOK};
use crate::core::game::RuleError;
use crate::kits::chessboard::attacks::bb;
use crate::kits::chessboard::fen::{self, parse_ranks};
use crate::kits::chessboard::PieceKind;

pub use crate::kits::chessboard::fen::START_FEN;

/// FEN letters of the cell contents other than pieces.
pub const WHITE_TILE: char = '$';
pub const BLACK_TILE: char = '%';
pub const ANTI_TILE: char = '*';

fn err(msg: impl Into<String>) -> RuleError {
    RuleError::new(msg)
}

/// Parses a FEN (four to six fields; the clocks default to `0 1`). Anti-tiles are accepted
/// only when `anti_tiles` is on.
pub fn parse(text: &str, anti_tiles: bool) -> Result<Position, RuleError> {
    let board = |s: &str, pos: &mut Position| parse_board(s, anti_tiles, pos);
    let castling = |s: &str, pos: &Position| Ok((parse_castling(s, pos)?, *castling_rules()));
    Ok(fen::parse(text, "board", board, castling)?.0)
}

fn parse_board(s: &str, anti_tiles: bool, pos: &mut Position) -> Result<(), RuleError> {
    parse_ranks(s, |sq, c| {
        let floor = &mut pos.floor;
        match c {
            WHITE_TILE => {
                floor.tiles |= bb(sq);
                floor.white_tiles |= bb(sq);
            }
            BLACK_TILE => floor.tiles |= bb(sq),
            ANTI_TILE if anti_tiles => floor.anti |= bb(sq),
            ANTI_TILE => {
                return Err(err(
                    "'*' (an anti-tile) needs the option AntiTiles set to true",
                ))
            }
            _ => {
                let kind = PieceKind::from_letter(c)
                    .ok_or_else(|| err(format!("unknown piece or cell '{c}' in FEN")))?;
                let color = usize::from(!c.is_ascii_uppercase());
                pos.put(sq, color, kind as usize);
                pos.floor.tiles |= bb(sq);
                if color == 0 {
                    pos.floor.white_tiles |= bb(sq);
                }
            }
        }
        Ok(())
    })
}

/// `KQkq` or a subset, or `-`; a right needs its king and rook at home.
fn parse_castling(s: &str, pos: &Position) -> Result<u8, RuleError> {
    if s == "-" {
        return Ok(0);
    }
    let mut rights = 0u8;
    for c in s.chars() {
        let right = match c {
            'K' => 0,
            'Q' => 1,
            'k' => 2,
            'q' => 3,
            _ => return Err(err(format!("bad castling character '{c}' (KQkq or -)"))),
        };
        let color = right / 2;
        if rights & (1 << right) != 0 {
            return Err(err(format!("castling field '{s}' names '{c}' twice")));
        }
        let home = castling_rules();
        if pos.pieces(color, KING) & bb(home.king_from[color]) == 0
            || pos.pieces(color, ROOK) & bb(home.rook_from[right]) == 0
        {
            return Err(err(format!(
                "castling '{c}' needs the king and that rook on their home squares"
            )));
        }
        rights |= 1 << right;
    }
    Ok(rights)
}

/// The position as FEN.
pub fn format(pos: &Position) -> String {
    let f = &pos.floor;
    fen::format(pos, castling_rules(), |s| {
        if f.anti & bb(s) != 0 {
            Some(ANTI_TILE)
        } else if f.white_tiles & bb(s) != 0 {
            Some(WHITE_TILE)
        } else if f.tiles & bb(s) != 0 {
            Some(BLACK_TILE)
        } else {
            None
        }
    })
}
