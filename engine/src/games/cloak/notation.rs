//! Action and observation text.
//!
//! Moves as from-to (`e2e4`), promotion with the kind (`e7e8q`), castling as the king onto its
//! own rook's cell (`b1a1`, as Chess960 GUIs write it), a drop `P@c2`, a guess `3=n` (enemy
//! checker 3 is a knight; `guess 3=n` and `guess3=n` are read too), giving up a bonus `pass`,
//! uncloaking `u3`, ending the turn `end`, and chance's deal `deal-w-518`.
//!
//! Observations add what an action revealed: the kind of a captured cloaked checker or of an
//! uncloaked one (`d4f6!q`, `u3!r`), a guess's answer (`3=n+` right, `3=n-` wrong), and a
//! deal the player may not see (`deal-b-?`).

use super::position::{Act, CASTLE, EN_PASSANT, HIDDEN_DEAL, NORMAL};
use crate::core::game::{Player, RuleError};
use crate::kits::chessboard::{parse_square, square_name, PieceKind};

pub fn kind_letter(k: u8) -> char {
    PieceKind::from_index(k as usize).letter()
}

/// A kind's name, for messages.
pub fn kind_name(k: u8) -> &'static str {
    ["pawn", "knight", "bishop", "rook", "queen", "king"]
        .get(k as usize)
        .copied()
        .unwrap_or("piece")
}

pub fn format(a: Act) -> String {
    match a {
        Act::Deal { side, n } => {
            if n == HIDDEN_DEAL {
                format!("deal-{}-?", side.fen_char())
            } else {
                format!("deal-{}-{n}", side.fen_char())
            }
        }
        Act::Move { from, to, special } => {
            let mut s = format!("{}{}", square_name(from), square_name(to));
            if special != NORMAL && special != EN_PASSANT && special != CASTLE {
                s.push(kind_letter(special));
            }
            s
        }
        Act::Drop { to } => format!("P@{}", square_name(to)),
        Act::Pass => "pass".into(),
        Act::Guess { n, kind } => format!("{n}={}", kind_letter(kind)),
        Act::Uncloak { n } => format!("u{n}"),
        Act::End => "end".into(),
    }
}

/// The canonical form of an action's text, for comparing with `format` (case, the `guess`
/// word).
pub fn normalize(s: &str) -> String {
    let t = s.trim();
    let t = t
        .strip_prefix("guess")
        .map(|r| r.trim_start_matches([' ', ':']))
        .unwrap_or(t);
    if let Some(rest) = t.strip_prefix("P@").or_else(|| t.strip_prefix("p@")) {
        return format!("P@{}", rest.to_ascii_lowercase());
    }
    t.to_ascii_lowercase()
}

/// Reads the action part of an observation or a deal without the game's help (a view's
/// observations are checked against the view when applied).
pub fn parse_free(s: &str) -> Result<Act, RuleError> {
    let bad = || RuleError::new(format!("'{s}' is not a Cloak and Dagger action"));
    let t = normalize(s);
    if let Some(rest) = t.strip_prefix("deal-") {
        let (side, n) = rest.split_once('-').ok_or_else(bad)?;
        let side = match side {
            "w" => Player::White,
            "b" => Player::Black,
            _ => return Err(bad()),
        };
        let n = if n == "?" {
            HIDDEN_DEAL
        } else {
            n.parse::<u16>().ok().filter(|&n| n < 960).ok_or_else(bad)?
        };
        return Ok(Act::Deal { side, n });
    }
    match t.as_str() {
        "pass" => return Ok(Act::Pass),
        "end" => return Ok(Act::End),
        _ => {}
    }
    if let Some(rest) = t.strip_prefix("P@") {
        return Ok(Act::Drop {
            to: parse_square(rest).ok_or_else(bad)?,
        });
    }
    if let Some(rest) = t.strip_prefix('u') {
        let n: u8 = rest.parse().map_err(|_| bad())?;
        if !(1..=8).contains(&n) {
            return Err(bad());
        }
        return Ok(Act::Uncloak { n });
    }
    if let Some((n, k)) = t.split_once('=') {
        let n: u8 = n.parse().map_err(|_| bad())?;
        let mut cs = k.chars();
        let kind = cs
            .next()
            .and_then(PieceKind::from_letter)
            .filter(|k| *k != PieceKind::Pawn)
            .ok_or_else(bad)?;
        if cs.next().is_some() || !(1..=8).contains(&n) {
            return Err(bad());
        }
        return Ok(Act::Guess {
            n,
            kind: kind.index() as u8,
        });
    }
    if t.len() == 4 || t.len() == 5 {
        let from = parse_square(&t[0..2]).ok_or_else(bad)?;
        let to = parse_square(&t[2..4]).ok_or_else(bad)?;
        let special = match t[4..].chars().next() {
            None => NORMAL,
            Some(c) => match PieceKind::from_letter(c) {
                Some(k) if !matches!(k, PieceKind::Pawn | PieceKind::King) => k.index() as u8,
                _ => return Err(bad()),
            },
        };
        // En passant and castling are told apart by the position (`Position::resolve`).
        return Ok(Act::Move { from, to, special });
    }
    Err(bad())
}
