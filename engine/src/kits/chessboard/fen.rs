//! FEN in and out. The fields are the FIDE ones; what the board field says of a cell
//! without a piece (a digit counts such cells in chess) is the game's. Castling fields may be
//! X-FEN (`KQkq`: the outermost rook on that wing, or a file letter for an inner rook) or
//! Shredder-FEN (`HAha`); output is X-FEN.

use super::attacks::{bb, file_of, rank_of, Square, RANK_1, RANK_8};
use super::castling::{CastlingRules, KING_SIDE, QUEEN_SIDE};
use super::pieces::{parse_square, square_name, PieceKind};
use super::position::{Floor, Position, NO_SQUARE};
use crate::core::game::RuleError;

pub const START_FEN: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";

fn err(msg: impl Into<String>) -> RuleError {
    RuleError::new(msg)
}

/// Parses a FEN (four to six fields; the clocks default to `0 1`). `board` reads the board
/// field into the empty position (`board_name` names that field in the error for a wrong
/// count of fields) and `castling` the castling field into rights and rules. The position
/// must then have one king a side, no pawn on the first or last rank, and the side not to
/// move out of check; an en-passant square is kept only when the capture is legal.
pub fn parse<F: Floor>(
    fen: &str,
    board_name: &str,
    board: impl FnOnce(&str, &mut Position<F>) -> Result<(), RuleError>,
    castling: impl FnOnce(&str, &Position<F>) -> Result<(u8, CastlingRules), RuleError>,
) -> Result<(Position<F>, CastlingRules), RuleError> {
    let fields: Vec<&str> = fen.split_whitespace().collect();
    if !(4..=6).contains(&fields.len()) {
        return Err(err(format!(
            "FEN needs 4 to 6 fields ({board_name}, side, castling, en passant, clocks), got {}",
            fields.len()
        )));
    }
    let mut pos = Position::empty();
    board(fields[0], &mut pos)?;
    for (color, name) in [(0, "white"), (1, "black")] {
        if pos.pieces(color, PieceKind::King as usize).count_ones() != 1 {
            return Err(err(format!("{name} needs exactly one king")));
        }
    }
    if pos.by_kind[PieceKind::Pawn as usize] & (RANK_1 | RANK_8) != 0 {
        return Err(err("pawns cannot stand on the first or last rank"));
    }
    pos.side = parse_side(fields[1])?;
    let (rights, rules) = castling(fields[2], &pos)?;
    pos.castling = rights;
    let ep = parse_ep(fields[3], &pos)?;
    (pos.halfmove, pos.fullmove) = parse_clocks(fields.get(4).copied(), fields.get(5).copied())?;
    // The side that just moved cannot have left its king in check.
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
    Ok((pos, rules))
}

/// Puts the piece a FEN letter names on `sq`, or says the letter names none.
pub fn put_piece<F: Floor>(pos: &mut Position<F>, sq: Square, c: char) -> Result<usize, RuleError> {
    let kind =
        PieceKind::from_letter(c).ok_or_else(|| err(format!("unknown piece '{c}' in FEN")))?;
    let color = usize::from(c.is_ascii_lowercase());
    pos.put(sq, color, kind as usize);
    Ok(color)
}

/// The side-to-move field: 0 for `w`, 1 for `b`.
pub fn parse_side(s: &str) -> Result<u8, RuleError> {
    match s {
        "w" => Ok(0),
        "b" => Ok(1),
        s => Err(err(format!("side to move must be 'w' or 'b', not '{s}'"))),
    }
}

/// The halfmove clock and the fullmove number, `0` and `1` where the FEN leaves them out.
pub fn parse_clocks(
    halfmove: Option<&str>,
    fullmove: Option<&str>,
) -> Result<(u32, u32), RuleError> {
    let number = |s: &str, what: &str, most: u32| {
        s.parse::<u32>()
            .ok()
            .filter(|&n| n <= most)
            .ok_or_else(|| err(format!("bad {what} '{s}'")))
    };
    let half = halfmove.map_or(Ok(0), |s| number(s, "halfmove clock", 10_000))?;
    let full = fullmove.map_or(Ok(1), |s| number(s, "fullmove number", 100_000))?;
    Ok((half, full.max(1)))
}

/// Walks a placement field of eight ranks, the eighth first: a digit skips that many cells and
/// any other character goes to `cell` with its square. The counts of ranks and of cells in
/// each are checked here; what a character means is the caller's.
pub fn parse_ranks(
    s: &str,
    mut cell: impl FnMut(Square, char) -> Result<(), RuleError>,
) -> Result<(), RuleError> {
    let ranks: Vec<&str> = s.split('/').collect();
    if ranks.len() != 8 {
        return Err(err(format!("the board needs 8 ranks, got {}", ranks.len())));
    }
    for (i, row) in ranks.iter().enumerate() {
        let rank = 7 - i as u8;
        let mut file = 0u8;
        for c in row.chars() {
            if let Some(d) = c.to_digit(10) {
                if !(1..=8).contains(&d) {
                    return Err(err(format!("bad digit '{c}' in rank {}", rank + 1)));
                }
                file += d as u8;
                if file > 8 {
                    return Err(err(format!("rank {} has more than 8 squares", rank + 1)));
                }
                continue;
            }
            if file >= 8 {
                return Err(err(format!("rank {} has more than 8 squares", rank + 1)));
            }
            cell(rank * 8 + file, c)?;
            file += 1;
        }
        if file != 8 {
            return Err(err(format!("rank {} has {file} squares, not 8", rank + 1)));
        }
    }
    Ok(())
}

/// A castling field of X-FEN or Shredder-FEN, with the rules it implies.
pub fn parse_castling<F: Floor>(
    s: &str,
    pos: &Position<F>,
) -> Result<(u8, CastlingRules), RuleError> {
    let kings = [pos.king_square(0), pos.king_square(1)];
    let mut rook_from = CastlingRules::none().rook_from;
    let mut rights = 0u8;
    if s == "-" {
        return Ok((0, CastlingRules::none()));
    }
    for c in s.chars() {
        let color = if c.is_ascii_uppercase() { 0 } else { 1 };
        let back = if color == 0 { RANK_1 } else { RANK_8 };
        let king = kings[color];
        if bb(king) & back == 0 {
            return Err(err(format!(
                "castling '{c}': the king is not on its first rank"
            )));
        }
        let rooks = pos.pieces(color, PieceKind::Rook as usize) & back;
        let kf = file_of(king);
        let rook = match c.to_ascii_lowercase() {
            'k' => (0..8u8)
                .rev()
                .map(|f| rank_of(king) * 8 + f)
                .find(|&s| file_of(s) > kf && rooks & bb(s) != 0),
            'q' => (0..8u8)
                .map(|f| rank_of(king) * 8 + f)
                .find(|&s| file_of(s) < kf && rooks & bb(s) != 0),
            f @ 'a'..='h' => {
                let s = rank_of(king) * 8 + (f as u8 - b'a');
                (rooks & bb(s) != 0 && file_of(s) != kf).then_some(s)
            }
            _ => return Err(err(format!("bad castling character '{c}'"))),
        }
        .ok_or_else(|| err(format!("castling '{c}': no rook for that right")))?;
        let wing = if file_of(rook) > kf {
            KING_SIDE
        } else {
            QUEEN_SIDE
        };
        let right = color * 2 + wing;
        if rights & (1 << right) != 0 {
            return Err(err(format!("castling field '{s}' names one right twice")));
        }
        rights |= 1 << right;
        rook_from[right] = rook;
    }
    Ok((rights, CastlingRules::new(rights, kings, rook_from)))
}

fn parse_ep<F: Floor>(s: &str, pos: &Position<F>) -> Result<Option<Square>, RuleError> {
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
        && pos.floor.landing() & bb(origin) != 0
        && pos.pieces(us ^ 1, PieceKind::Pawn as usize) & bb(pushed) != 0;
    if !ok {
        return Err(err(format!(
            "en-passant square {s} does not follow a double pawn step"
        )));
    }
    Ok(Some(sq))
}

/// The position as X-FEN; `cell` writes a cell without a piece (`None`: counted by a digit).
pub fn format<F: Floor>(
    pos: &Position<F>,
    rules: &CastlingRules,
    cell: impl Fn(Square) -> Option<char>,
) -> String {
    let mut out = String::with_capacity(100);
    for rank in (0..8u8).rev() {
        let mut gap = 0;
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
                None => cell(s),
            };
            match c {
                None => gap += 1,
                Some(c) => {
                    if gap > 0 {
                        out.push((b'0' + gap) as char);
                        gap = 0;
                    }
                    out.push(c);
                }
            }
        }
        if gap > 0 {
            out.push((b'0' + gap) as char);
        }
        if rank > 0 {
            out.push('/');
        }
    }
    out.push(' ');
    out.push(if pos.side == 0 { 'w' } else { 'b' });
    out.push(' ');
    out.push_str(&castling_field(pos, rules));
    out.push(' ');
    if pos.ep == NO_SQUARE {
        out.push('-');
    } else {
        out.push_str(&square_name(pos.ep));
    }
    out.push_str(&format!(" {} {}", pos.halfmove, pos.fullmove));
    out
}

fn castling_field<F: Floor>(pos: &Position<F>, rules: &CastlingRules) -> String {
    let mut s = String::new();
    for right in 0..4 {
        if pos.castling & (1 << right) == 0 {
            continue;
        }
        let color = right / 2;
        let rook = rules.rook_from[right];
        let back = if color == 0 { RANK_1 } else { RANK_8 };
        let rooks = pos.pieces(color, PieceKind::Rook as usize) & back;
        // Outermost: no other own rook between it and the board's edge on that wing.
        let outer = if right % 2 == KING_SIDE {
            rooks >> rook == 1
        } else {
            rooks & (bb(rook) - 1) == 0
        };
        let c = if outer {
            if right % 2 == KING_SIDE {
                'k'
            } else {
                'q'
            }
        } else {
            (b'a' + file_of(rook)) as char
        };
        s.push(if color == 0 {
            c.to_ascii_uppercase()
        } else {
            c
        });
    }
    if s.is_empty() {
        s.push('-');
    }
    s
}

/// Shredder-FEN castling field (`HAha`), for callers that want file letters.
pub fn shredder_castling<F: Floor>(pos: &Position<F>, rules: &CastlingRules) -> String {
    let mut s = String::new();
    for right in 0..4 {
        if pos.castling & (1 << right) != 0 {
            let c = (b'a' + file_of(rules.rook_from[right])) as char;
            s.push(if right < 2 { c.to_ascii_uppercase() } else { c });
        }
    }
    if s.is_empty() {
        s.push('-');
    }
    s
}

/// The same position with colours swapped and the board mirrored across the middle rank (a
/// FEN of six fields): `swap` gives each character of the board and castling fields its
/// other colour's.
pub fn mirror(fen: &str, swap: impl Fn(char) -> char) -> String {
    let f: Vec<&str> = fen.split(' ').collect();
    let board: Vec<String> = f[0]
        .split('/')
        .rev()
        .map(|r| r.chars().map(&swap).collect())
        .collect();
    let side = if f[1] == "w" { "b" } else { "w" };
    let castling: String = if f[2] == "-" {
        "-".into()
    } else {
        let mut c: Vec<char> = f[2].chars().map(&swap).collect();
        c.sort_by_key(|ch| (ch.is_lowercase(), *ch));
        c.into_iter().collect()
    };
    let ep = if f[3] == "-" {
        "-".to_string()
    } else {
        let b = f[3].as_bytes();
        format!("{}{}", b[0] as char, (b'9' - b[1] + b'0') as char)
    };
    format!(
        "{} {side} {castling} {ep} {} {}",
        board.join("/"),
        f[4],
        f[5]
    )
}
