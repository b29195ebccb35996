//! The xboard protocol's texts: thinking lines, result claims, option features, and the
//! `highlight` answer to `lift`.

use tessera::core::options::{OptionKind, OptionSpec};
use tessera::search::{Score, SearchInfo};
use tessera::{AnyGame, Outcome};

use crate::moves;

pub fn parse_num<T: std::str::FromStr>(s: &str) -> Option<T> {
    s.split_whitespace().next()?.parse().ok()
}

/// A line XBoard sends without a command word is a move: it names a cell or is castling.
pub fn looks_like_move(line: &str) -> bool {
    let first = line.chars().next().unwrap_or(' ');
    !line.contains(' ')
        && (line.chars().any(|c| c.is_ascii_digit()) || line.starts_with("O-O"))
        && (first.is_ascii_alphabetic() || first == '@')
}

/// `depth score time nodes pv`: score in centipawns (mates as 100000 + moves), time in
/// centiseconds, the line in XBoard's notation.
pub fn thinking_line(geo: &tessera::Geometry, i: &SearchInfo) -> String {
    let score = match i.score {
        Score::Cp(v) => v,
        Score::Mate(m) if m >= 0 => 100_000 + m,
        Score::Mate(m) => -100_000 + m,
    };
    let pv: Vec<String> =
        i.pv.iter()
            .flat_map(|t| t.split(','))
            .map(|a| moves::to_xboard(geo, a))
            .collect();
    format!(
        "{} {score} {} {} {}",
        i.depth,
        i.time_ms / 10,
        i.nodes,
        pv.join(" ")
    )
}

pub fn result_line(o: &Outcome) -> String {
    format!("{} {{{o}}}", o.result_string())
}

/// Sets a position from XBoard's FEN. XBoard writes chess-like trailing fields that a
/// variant's own FEN may not have: the whole text is tried first, then the placement and
/// side alone (a variant's FEN defaults the rest).
pub fn set_fen_leniently(g: &mut dyn AnyGame, fen: &str) -> Result<(), tessera::RuleError> {
    let first = g.set_fen(fen);
    if first.is_ok() {
        return first;
    }
    let short: Vec<&str> = fen.split_whitespace().take(2).collect();
    if short.len() == 2 && g.set_fen(&short.join(" ")).is_ok() {
        return Ok(());
    }
    first
}

/// Room for a text option's value in the `feature option` line: XBoard 4.9.1 copies a value
/// set with `-firstOptions NAME=VALUE` into the feature text it keeps, over the default,
/// without checking the length, so a value longer than the default overran its memory (and
/// XBoard aborted). The default is padded with spaces to this length; the engine trims values.
const TEXT_OPTION_ROOM: usize = 100;

/// One `feature option="..."` value: `NAME -spin DEF MIN MAX`, `-check 0|1`,
/// `-combo A /// *B` (the default starred), `-string DEF` (padded, `TEXT_OPTION_ROOM`).
pub fn option_feature(o: &OptionSpec) -> String {
    let name = o.name;
    match &o.kind {
        OptionKind::Check { default } => format!("{name} -check {}", u8::from(*default)),
        OptionKind::Spin { default, min, max } => format!("{name} -spin {default} {min} {max}"),
        OptionKind::Combo { default, values } => {
            let vals: Vec<String> = values
                .iter()
                .map(|v| {
                    if v == default {
                        format!("*{v}")
                    } else {
                        v.to_string()
                    }
                })
                .collect();
            format!("{name} -combo {}", vals.join(" /// "))
        }
        OptionKind::Text { default } => {
            format!("{name} -string {default:<width$}", width = TEXT_OPTION_ROOM)
        }
    }
}

/// The answer to `lift SQUARE`: the cells the piece there can reach, as a `highlight` colour FEN:
/// yellow for a move's end, red for a capture, cyan for the middle of a multi-leg move,
/// magenta where it promotes.
pub fn highlight(game: &dyn AnyGame, square: &str) -> Result<String, String> {
    let geo = game.geometry();
    let (files, ranks) = geo.rect().ok_or("not a rectangular board")?;
    let from = geo.cell(square).ok_or("not a square")?;
    let reach = moves::reach(geo, &game.legal_actions(), from);
    let occupied: Vec<tessera::Cell> = game.pieces().into_iter().map(|(c, _)| c).collect();
    let mut rows = Vec::new();
    for r in (0..ranks as usize).rev() {
        let mut row = String::new();
        let mut empty = 0;
        for f in 0..files as usize {
            let c = (r * files as usize + f) as tessera::Cell;
            let colour = if reach.promote.contains(&c) {
                Some('m')
            } else if reach.via.contains(&c) {
                Some('c')
            } else if reach.end.contains(&c) {
                Some(if occupied.contains(&c) { 'r' } else { 'y' })
            } else {
                None
            };
            match colour {
                Some(ch) => {
                    if empty > 0 {
                        row.push_str(&empty.to_string());
                        empty = 0;
                    }
                    row.push(ch.to_ascii_uppercase());
                }
                None => empty += 1,
            }
        }
        if empty > 0 {
            row.push_str(&empty.to_string());
        }
        rows.push(row);
    }
    Ok(format!("highlight {}", rows.join("/")))
}
