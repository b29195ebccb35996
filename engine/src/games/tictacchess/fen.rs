//! The FEN with bracketed reserves, `3/3/3[PPPPPPPPRRNNBBQKpppppppprrnnbbqk] w - - 0 1`.

use crate::core::game::{Player, RuleError};

use super::movegen::tables;
use super::notation::{kind_from_letter, symbol};
use super::position::{piece, Position, CELLS, KINDS, KING, PAWN, RESERVE_MAX};

/// The board and reserves part of the FEN.
pub fn board_fen(p: &Position) -> String {
    let mut s = String::new();
    for rank in (0..3).rev() {
        let mut empty = 0;
        for file in 0..3 {
            let c = p.board[rank * 3 + file];
            if c == 0 {
                empty += 1;
            } else {
                if empty > 0 {
                    s.push(char::from(b'0' + empty));
                    empty = 0;
                }
                s.push(symbol(c));
            }
        }
        if empty > 0 {
            s.push(char::from(b'0' + empty));
        }
        if rank > 0 {
            s.push('/');
        }
    }
    s.push('[');
    for side in [Player::White, Player::Black] {
        for kind in 0..KINDS as u8 {
            for _ in 0..p.reserve[side.index()][kind as usize] {
                s.push(symbol(piece(side, kind)));
            }
        }
    }
    s.push(']');
    s
}

/// The parts of a FEN: position plus the two counters.
pub struct ParsedFen {
    pub pos: Position,
    pub halfmove: u32,
    pub fullmove: u32,
}

/// Parses and validates a FEN; see `docs/variants/tictacchess.md` for the form.
pub fn parse_fen(fen: &str, max_on_board: u8) -> Result<ParsedFen, RuleError> {
    let err = |m: &str| RuleError::new(format!("bad tic tac chess FEN '{fen}': {m}"));
    let mut fields = fen.split_whitespace();
    let placement = fields.next().ok_or_else(|| err("empty"))?;
    let (board_part, reserve_part) = match placement.find('[') {
        Some(i) => {
            let rest = &placement[i + 1..];
            let inner = rest
                .strip_suffix(']')
                .ok_or_else(|| err("the reserve must end with ']'"))?;
            (&placement[..i], inner)
        }
        None => return Err(err("the reserves are missing (write [] for none)")),
    };
    let mut board = [0u8; CELLS];
    let ranks: Vec<&str> = board_part.split('/').collect();
    if ranks.len() != 3 {
        return Err(err("the board needs three ranks separated by '/'"));
    }
    for (i, r) in ranks.iter().enumerate() {
        let rank = 2 - i;
        let mut file = 0usize;
        for ch in r.chars() {
            if let Some(d) = ch.to_digit(10) {
                if d == 0 {
                    return Err(err("a zero in the board"));
                }
                file += d as usize;
            } else {
                let kind = kind_from_letter(ch).ok_or_else(|| err("unknown piece letter"))?;
                let side = if ch.is_ascii_uppercase() {
                    Player::White
                } else {
                    Player::Black
                };
                if file >= 3 {
                    return Err(err("a rank longer than three cells"));
                }
                board[rank * 3 + file] = piece(side, kind);
                file += 1;
            }
            if file > 3 {
                return Err(err("a rank longer than three cells"));
            }
        }
        if file != 3 {
            return Err(err("a rank shorter than three cells"));
        }
    }
    let mut reserve = [[0u8; KINDS]; 2];
    if reserve_part != "-" {
        for ch in reserve_part.chars() {
            let kind = kind_from_letter(ch).ok_or_else(|| err("unknown reserve letter"))?;
            let side = if ch.is_ascii_uppercase() { 0 } else { 1 };
            reserve[side][kind as usize] += 1;
            if reserve[side][kind as usize] > RESERVE_MAX[kind as usize] {
                return Err(err(
                    "a reserve holds more of a kind than the game starts with",
                ));
            }
        }
    }
    let to_move = match fields.next() {
        None | Some("w") => Player::White,
        Some("b") => Player::Black,
        Some(_) => return Err(err("the side to move must be w or b")),
    };
    for what in ["castling", "en passant"] {
        match fields.next() {
            None | Some("-") => {}
            Some(_) => return Err(err(&format!("the {what} field must be '-'"))),
        }
    }
    let mut number = |name: &str, default: u32| -> Result<u32, RuleError> {
        match fields.next() {
            None => Ok(default),
            Some(n) => n
                .parse::<u32>()
                .map_err(|_| err(&format!("the {name} is not a number"))),
        }
    };
    let halfmove = number("halfmove clock", 0)?;
    let fullmove = number("move number", 1)?.max(1);
    if fields.next().is_some() {
        return Err(err("extra fields"));
    }
    let mut pos = Position {
        board,
        reserve,
        to_move,
        key: 0,
    };
    pos.key = pos.compute_key();
    for side in [Player::White, Player::Black] {
        let name = side.name();
        let kings = pos
            .board
            .iter()
            .filter(|&&p| p == piece(side, KING))
            .count()
            + reserve[side.index()][KING as usize] as usize;
        if kings > 1 {
            return Err(err(&format!("{name} has more than one king")));
        }
        if pos.on_board(side) > max_on_board as u32 {
            return Err(err(&format!(
                "{name} has more than {max_on_board} pieces on the board"
            )));
        }
        let pawn = piece(side, PAWN);
        let last = tables().last_rank[side.index()];
        if (0..CELLS).any(|c| pos.board[c] == pawn && last & (1 << c) != 0) {
            return Err(err(&format!("{name} has a pawn on its last rank")));
        }
    }
    if pos.king_attacked(to_move.opponent()) {
        return Err(err("the side not to move is in check"));
    }
    Ok(ParsedFen {
        pos,
        halfmove,
        fullmove,
    })
}
