//! Move notation: UCI long algebraic in and out, and SAN for game records.

use super::attacks::{file_of, rank_of};
use super::Chess;
use crate::core::game::{Game, RuleError};
use crate::kits::chessboard::castling::{king_to, KING_SIDE};
use crate::kits::chessboard::{parse_square, square_name, PieceKind};
use crate::kits::chessboard::{Move, MoveKind};

/// UCI text of a legal move. Castling is king-from to king-destination (`e1g1`) when the
/// king and rook stand on their classical squares and `chess960` is off, and king-takes-own-rook
/// (`e1h1`) otherwise (the only unambiguous form in Chess960 positions).
pub fn uci(m: Move, chess960: bool) -> String {
    let (from, to) = (m.from(), m.to());
    match m.kind() {
        MoveKind::Castling => {
            let classical = (from == 4 || from == 60) && matches!(file_of(to), 0 | 7);
            if classical && !chess960 {
                let right =
                    (rank_of(from) / 7) as usize * 2 + if to > from { KING_SIDE } else { 1 };
                format!("{}{}", square_name(from), square_name(king_to(right)))
            } else {
                format!("{}{}", square_name(from), square_name(to))
            }
        }
        MoveKind::Promotion => format!(
            "{}{}{}",
            square_name(from),
            square_name(to),
            m.promotion_piece().map_or('q', |p| p.letter())
        ),
        _ => format!("{}{}", square_name(from), square_name(to)),
    }
}

/// Parses UCI text: accepts exactly the legal moves, castling written either way (both forms
/// are unambiguous: a king never moves two squares or onto its own rook otherwise).
pub fn parse_uci(g: &Chess, s: &str) -> Result<Move, RuleError> {
    let s = s.trim();
    if !(4..=5).contains(&s.len()) || !s.is_ascii() {
        return Err(RuleError::new(format!(
            "'{s}' is not a move in UCI notation"
        )));
    }
    if parse_square(&s[0..2]).is_none()
        || parse_square(&s[2..4]).is_none()
        || (s.len() == 5 && !matches!(&s[4..], "q" | "r" | "b" | "n"))
    {
        return Err(RuleError::new(format!(
            "'{s}' is not a move in UCI notation"
        )));
    }
    if let Some(o) = g.terminal() {
        return Err(RuleError::new(format!(
            "game is over ({o}); '{s}' not legal"
        )));
    }
    let mut moves = Vec::new();
    g.legal_actions(&mut moves);
    moves
        .into_iter()
        .find(|&m| uci(m, false) == s || uci(m, true) == s)
        .ok_or_else(|| RuleError::new(format!("illegal move '{s}' in {}", g.fen())))
}

/// Standard algebraic notation of a legal move, with `+`/`#`.
pub fn san(g: &Chess, m: Move) -> String {
    let pos = g.position();
    let (from, to) = (m.from(), m.to());
    let mut out = String::new();
    if m.kind() == MoveKind::Castling {
        out.push_str(if to > from { "O-O" } else { "O-O-O" });
    } else {
        let kind = pos.piece_at(from).map_or(0, |(_, k)| k);
        let capture = pos.piece_at(to).is_some() || m.kind() == MoveKind::EnPassant;
        if kind == PieceKind::Pawn as usize {
            if capture {
                out.push((b'a' + file_of(from)) as char);
            }
        } else {
            out.push(PieceKind::from_index(kind).letter().to_ascii_uppercase());
            // Disambiguation: other pieces of the same kind that can reach the same square.
            let mut moves = Vec::new();
            g.legal_actions(&mut moves);
            let rivals: Vec<Move> = moves
                .into_iter()
                .filter(|o| {
                    o.to() == to
                        && o.from() != from
                        && o.kind() != MoveKind::Castling
                        && pos.piece_at(o.from()).map(|(_, k)| k) == Some(kind)
                })
                .collect();
            if !rivals.is_empty() {
                let same_file = rivals.iter().any(|o| file_of(o.from()) == file_of(from));
                let same_rank = rivals.iter().any(|o| rank_of(o.from()) == rank_of(from));
                if !same_file {
                    out.push((b'a' + file_of(from)) as char);
                } else if !same_rank {
                    out.push((b'1' + rank_of(from)) as char);
                } else {
                    out.push_str(&square_name(from));
                }
            }
        }
        if capture {
            out.push('x');
        }
        out.push_str(&square_name(to));
        if let Some(p) = m.promotion_piece() {
            out.push('=');
            out.push(p.letter().to_ascii_uppercase());
        }
    }
    let mut after = g.clone();
    after.play(m);
    if after.position().checkers() != 0 {
        out.push(if after.count_moves() == 0 { '#' } else { '+' });
    }
    out
}
