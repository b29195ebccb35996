//! FEN in and out. The fields are the FIDE ones; in the board field a digit counts *holes*
//! (untiled empty cells), `$` is an empty White-owned tile, `%` an empty Black-owned tile and
//! `*` an anti-tile. A piece always stands on a tile its own side owns. So the FIDE start FEN
//! is exactly the Tiled Squares start position: ranks 3 to 6 are holes.

use super::action::Square;
use super::position::{Position, KING, KING_HOME, NO_SQUARE, PAWN, ROOK, ROOK_HOME};
use crate::core::game::RuleError;
use crate::games::chess::attacks::{bb, rank_of, RANK_1, RANK_8};
use crate::games::chess::{parse_clocks, parse_ranks, parse_side};
use crate::games::chess::{parse_square, square_name, PieceKind};

pub const START_FEN: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";

/// FEN letters of the cell contents other than pieces.
pub const WHITE_TILE: char = '$';
pub const BLACK_TILE: char = '%';
pub const ANTI_TILE: char = '*';

fn err(msg: impl Into<String>) -> RuleError {
    RuleError::new(msg)
}

/// Parses a FEN (four to six fields; the clocks default to `0 1`). Anti-tiles are accepted
/// only when `anti_tiles` is on.
pub fn parse(fen: &str, anti_tiles: bool) -> Result<Position, RuleError> {
    let fields: Vec<&str> = fen.split_whitespace().collect();
    if !(4..=6).contains(&fields.len()) {
        return Err(err(format!(
            "FEN needs 4 to 6 fields (board, side, castling, en passant, clocks), got {}",
            fields.len()
        )));
    }
    let mut pos = Position::empty();
    parse_board(fields[0], anti_tiles, &mut pos)?;
    pos.side = parse_side(fields[1])?;
    pos.castling = parse_castling(fields[2], &pos)?;
    let ep = parse_ep(fields[3], &pos)?;
    (pos.halfmove, pos.fullmove) = parse_clocks(fields.get(4).copied(), fields.get(5).copied())?;
    let mut other = pos;
    other.side ^= 1;
    if other.checkers() != 0 {
        return Err(err("the side not to move is in check"));
    }
    if let Some(ep) = ep {
        if pos.ep_capture_legal(ep) {
            pos.ep = ep;
        }
    }
    pos.key = pos.compute_key();
    Ok(pos)
}

fn parse_board(s: &str, anti_tiles: bool, pos: &mut Position) -> Result<(), RuleError> {
    parse_ranks(s, |sq, c| {
        match c {
            WHITE_TILE => {
                pos.tiles |= bb(sq);
                pos.white_tiles |= bb(sq);
            }
            BLACK_TILE => pos.tiles |= bb(sq),
            ANTI_TILE if anti_tiles => pos.anti |= bb(sq),
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
                pos.tiles |= bb(sq);
                if color == 0 {
                    pos.white_tiles |= bb(sq);
                }
            }
        }
        Ok(())
    })?;
    for (color, name) in [(0, "white"), (1, "black")] {
        if pos.pieces(color, KING).count_ones() != 1 {
            return Err(err(format!("{name} needs exactly one king")));
        }
    }
    if pos.by_kind[PAWN] & (RANK_1 | RANK_8) != 0 {
        return Err(err("pawns cannot stand on the first or last rank"));
    }
    Ok(())
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
        if pos.pieces(color, KING) & bb(KING_HOME[color]) == 0
            || pos.pieces(color, ROOK) & bb(ROOK_HOME[right]) == 0
        {
            return Err(err(format!(
                "castling '{c}' needs the king and that rook on their home squares"
            )));
        }
        rights |= 1 << right;
    }
    Ok(rights)
}

fn parse_ep(s: &str, pos: &Position) -> Result<Option<Square>, RuleError> {
    if s == "-" {
        return Ok(None);
    }
    let sq = parse_square(s).ok_or_else(|| err(format!("bad en-passant square '{s}'")))?;
    let us = pos.side as usize;
    let (rank, pushed, origin) = if us == 0 {
        (5, sq.wrapping_sub(8), sq.wrapping_add(8))
    } else {
        (2, sq.wrapping_add(8), sq.wrapping_sub(8))
    };
    let ok = rank_of(sq) == rank
        && pos.piece_at(sq).is_none()
        && pos.piece_at(origin).is_none()
        && pos.tiles & bb(origin) != 0
        && pos.pieces(us ^ 1, PAWN) & bb(pushed) != 0;
    if !ok {
        return Err(err(format!(
            "en-passant square {s} does not follow a double pawn step"
        )));
    }
    Ok(Some(sq))
}

/// The position as FEN.
pub fn format(pos: &Position) -> String {
    let mut out = String::with_capacity(100);
    for rank in (0..8u8).rev() {
        let mut holes = 0;
        for file in 0..8u8 {
            let s = rank * 8 + file;
            let c = match pos.piece_at(s) {
                Some((color, kind)) => {
                    let l = PieceKind::from_index(kind).letter();
                    Some(if color == 0 {
                        l.to_ascii_uppercase()
                    } else {
                        l
                    })
                }
                None if pos.anti & bb(s) != 0 => Some(ANTI_TILE),
                None if pos.white_tiles & bb(s) != 0 => Some(WHITE_TILE),
                None if pos.tiles & bb(s) != 0 => Some(BLACK_TILE),
                None => None,
            };
            match c {
                None => holes += 1,
                Some(c) => {
                    if holes > 0 {
                        out.push((b'0' + holes) as char);
                        holes = 0;
                    }
                    out.push(c);
                }
            }
        }
        if holes > 0 {
            out.push((b'0' + holes) as char);
        }
        if rank > 0 {
            out.push('/');
        }
    }
    out.push(' ');
    out.push(if pos.side == 0 { 'w' } else { 'b' });
    out.push(' ');
    let mut castling: String = "KQkq"
        .chars()
        .enumerate()
        .filter(|(i, _)| pos.castling & (1 << i) != 0)
        .map(|(_, c)| c)
        .collect();
    if castling.is_empty() {
        castling.push('-');
    }
    out.push_str(&castling);
    out.push(' ');
    if pos.ep == NO_SQUARE {
        out.push('-');
    } else {
        out.push_str(&square_name(pos.ep));
    }
    out.push_str(&format!(" {} {}", pos.halfmove, pos.fullmove));
    out
}
