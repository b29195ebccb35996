//! Reading moves as XBoard saves them (SAN, extended for drops and two-leg moves such as
//! `Fb4xc3`) back into actions of any variant on a square board, by matching them against
//! the legal actions: the piece letter, the cells named, the disambiguation and the
//! promotion must fit exactly one legal action.

use tessera::tools::render::cells_in;
use tessera::AnyGame;
use tessera_protocol::moves::{from_xboard, parts};

/// The legal action a SAN token means, or why none (or several) fit.
pub fn resolve(game: &dyn AnyGame, token: &str) -> Result<String, String> {
    let t = token.trim_end_matches(['+', '#', '!', '?']);
    if t.contains('@') || t.starts_with("O-O") || t.starts_with("0-0") {
        return from_xboard(game, t);
    }
    let geo = game.geometry();
    let (body, promo) = match t.split_once('=') {
        Some((b, p)) => (b, p.to_ascii_lowercase()),
        None => (t, String::new()),
    };
    let named = cells_in(geo, body);
    let Some(&first_cell) = named.first() else {
        return Err(format!("'{token}' names no cell"));
    };
    let first_at = body.find(geo.cell_name(first_cell)).unwrap_or(0);
    let head = &body[..first_at];
    let (piece, disamb) = match head.chars().next() {
        Some(c) if c.is_ascii_uppercase() => (c, &head[1..]),
        _ => ('P', head),
    };
    let disamb: String = disamb.chars().filter(|c| *c != 'x' && *c != '-').collect();
    // A trailing letter after the last cell is a promotion written without '='.
    let last = geo.cell_name(*named.last().unwrap());
    let tail = &body[body.rfind(last).unwrap() + last.len()..];
    let promo = if promo.is_empty() {
        tail.to_ascii_lowercase()
    } else {
        promo
    };
    let pieces = game.pieces();
    let fits: Vec<String> = game
        .legal_actions()
        .into_iter()
        .filter(|a| {
            let p = parts(geo, a);
            if p.drop.is_some() || p.cells.len() < 2 || !p.suffix.eq_ignore_ascii_case(&promo) {
                return false;
            }
            let mut cells = p.cells.clone();
            cells.dedup();
            let from = cells[0];
            let letter = pieces
                .iter()
                .find(|(c, _)| *c == from)
                .map(|(_, s)| s.clone());
            let letter_ok = letter.is_some_and(|s| s.to_ascii_uppercase().starts_with(piece));
            let name = geo.cell_name(from);
            let ends = cells.ends_with(&named) || (named.len() == 2 && cells == named);
            letter_ok && ends && disamb.chars().all(|c| name.contains(c))
        })
        .collect();
    match &fits[..] {
        [one] => Ok(one.clone()),
        [] => Err(format!("'{token}' fits no legal action")),
        many => Err(format!("'{token}' fits several actions: {many:?}")),
    }
}

/// The move tokens of a PGN game text (comments, move numbers, results and tags left out).
pub fn pgn_moves(pgn: &str) -> Vec<String> {
    let mut text = String::new();
    let mut depth = 0;
    for line in pgn.lines() {
        if line.starts_with('[') && depth == 0 {
            continue;
        }
        for c in line.chars() {
            match c {
                '{' | '(' => depth += 1,
                '}' | ')' => depth -= 1,
                _ if depth == 0 => text.push(c),
                _ => {}
            }
        }
        text.push(' ');
    }
    text.split_whitespace()
        .filter(|w| !w.ends_with('.') && !w.chars().next().is_some_and(|c| c.is_ascii_digit()))
        .filter(|w| !["*", "1-0", "0-1", "1/2-1/2"].contains(w))
        .map(|w| w.rsplit('.').next().unwrap_or(w).to_string())
        .filter(|w| !w.is_empty())
        .collect()
}
