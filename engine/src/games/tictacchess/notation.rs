//! Action text (`Q@b2`, `a1b2`, `a2a3q`), cell names and piece letters.

use crate::core::bitboard::Cell;
use crate::core::game::{Player, RuleError};

use super::movegen::tables;
use super::position::{kind_of, side_of, TttAction, CELLS, KING, LETTERS, PAWN};

pub fn cell_name(c: Cell) -> &'static str {
    const NAMES: [&str; CELLS] = ["a1", "b1", "c1", "a2", "b2", "c2", "a3", "b3", "c3"];
    NAMES[c as usize]
}

pub fn parse_cell(s: &str) -> Option<Cell> {
    tables().geo.cell(s)
}

pub fn kind_from_letter(ch: char) -> Option<u8> {
    LETTERS
        .iter()
        .position(|&l| l == ch.to_ascii_uppercase())
        .map(|k| k as u8)
}

/// The FEN symbol of a piece code (upper case White, lower case Black).
pub fn symbol(p: u8) -> char {
    let l = LETTERS[kind_of(p) as usize];
    match side_of(p) {
        Player::White => l,
        Player::Black => l.to_ascii_lowercase(),
    }
}

pub fn format_action(a: TttAction) -> String {
    match a {
        TttAction::Drop { kind, to } => format!("{}@{}", LETTERS[kind as usize], cell_name(to)),
        TttAction::Move { from, to, promo } => {
            let mut s = format!("{}{}", cell_name(from), cell_name(to));
            if let Some(k) = promo {
                s.push(LETTERS[k as usize].to_ascii_lowercase());
            }
            s
        }
    }
}

/// Reads the shape of an action, legal or not: `X@c1` (either case), `c1c2`, `c2c3q`.
pub fn parse_shape(s: &str) -> Result<TttAction, RuleError> {
    let bad = || {
        RuleError::new(format!(
            "'{s}' is not a tic tac chess action (drops look like Q@b2, moves like a1b2, \
             promotions like a2a3q)"
        ))
    };
    if let Some((k, c)) = s.split_once('@') {
        let mut chars = k.chars();
        let kind = match (chars.next(), chars.next()) {
            (Some(ch), None) => kind_from_letter(ch).ok_or_else(bad)?,
            _ => return Err(bad()),
        };
        let to = parse_cell(c).ok_or_else(bad)?;
        return Ok(TttAction::Drop { kind, to });
    }
    if !s.is_ascii() || !(4..=5).contains(&s.len()) {
        return Err(bad());
    }
    let from = parse_cell(&s[0..2]).ok_or_else(bad)?;
    let to = parse_cell(&s[2..4]).ok_or_else(bad)?;
    let promo = match s[4..].chars().next() {
        None => None,
        Some(ch) if ch.is_ascii_lowercase() => match kind_from_letter(ch) {
            Some(k) if k != PAWN && k != KING => Some(k),
            _ => return Err(bad()),
        },
        Some(_) => return Err(bad()),
    };
    Ok(TttAction::Move { from, to, promo })
}
