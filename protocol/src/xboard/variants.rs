//! Which variants XBoard can play, under which names, and what it is told about the ones it
//! does not know: a `setup` line (board size, holdings, piece letters, start position).

use tessera::options::{OptionKind, VariantOptions};
use tessera::variant::VariantInfo;
use tessera::AnyGame;

use crate::setup;

/// An option and the value an XBoard variant name sets it to.
type Setting = (&'static str, &'static str);

/// XBoard's own names for variants it knows: (XBoard name, variant, option set with it).
const KNOWN: &[(&str, &str, Option<Setting>)] = &[
    ("normal", "chess", Some(("UCI_Chess960", "false"))),
    ("fischerandom", "chess", Some(("UCI_Chess960", "true"))),
];

/// XBoard's piece types in the order of its 22-letter piece-to-char table; each slot's
/// default letter, the king last.
const SLOTS: &str = "PNBRQFEACWMOHIJGDVLSUK";

/// A variant chosen by an XBoard name.
pub struct Choice {
    pub info: &'static VariantInfo,
    pub option: Option<(&'static str, &'static str)>,
    /// XBoard knows this variant's rules and start position: no `setup` is sent.
    pub known: bool,
}

/// The variant an XBoard name selects.
pub fn choose(catalog: &'static [VariantInfo], name: &str) -> Result<Choice, String> {
    if let Some((_, v, option)) = KNOWN.iter().find(|(n, _, _)| n.eq_ignore_ascii_case(name)) {
        if let Ok(info) = setup::find_variant(catalog, v) {
            return Ok(Choice {
                info,
                option: *option,
                known: true,
            });
        }
    }
    let info = setup::find_variant(catalog, name)?;
    if KNOWN.iter().any(|(_, v, _)| *v == info.name) {
        return Err(format!(
            "variant '{name}' is called {} here",
            xboard_names(info).join(" or ")
        ));
    }
    Ok(Choice {
        info,
        option: None,
        known: false,
    })
}

fn xboard_names(info: &VariantInfo) -> Vec<&'static str> {
    let known: Vec<&'static str> = KNOWN
        .iter()
        .filter(|(_, v, _)| *v == info.name)
        .map(|(n, _, _)| *n)
        .collect();
    if known.is_empty() {
        vec![info.name]
    } else {
        known
    }
}

/// The names for the `variants` feature: every variant on a rectangular board whose moves
/// XBoard can carry (one action per move, possibly after `one_action_per_move`).
pub fn feature_list(catalog: &'static [VariantInfo]) -> Vec<&'static str> {
    let mut out = Vec::new();
    for v in catalog {
        let Ok(g) = (v.create)(&VariantOptions::new()) else {
            continue;
        };
        if g.geometry().rect().is_none() {
            continue;
        }
        if one_action_per_move(v, &VariantOptions::new()).is_none() {
            continue;
        }
        out.extend(xboard_names(v));
    }
    out
}

/// True when every move of the game's start position is a whole turn (one action).
fn single_action(g: &dyn AnyGame) -> bool {
    let Some(first) = g.legal_actions().into_iter().next() else {
        return true;
    };
    let mut after = g.boxed_clone();
    after.play_str(&first).is_ok() && (after.to_move() != g.to_move() || after.outcome().is_some())
}

/// XBoard moves are one action each. A variant whose turns have several actions under
/// `opts` is played with the first check option of the variant that, flipped, gives turns of
/// one action (`Some(opts)`, with that option's name); `None` when no option does.
pub fn one_action_per_move(
    info: &'static VariantInfo,
    opts: &VariantOptions,
) -> Option<(VariantOptions, Option<&'static str>)> {
    let g = (info.create)(opts).ok()?;
    if single_action(g.as_ref()) {
        return Some((opts.clone(), None));
    }
    for o in info.options {
        let OptionKind::Check { default } = o.kind else {
            continue;
        };
        let now = opts.flag(o.name, default).ok()?;
        let mut flipped = opts.clone();
        flipped.set(o.name, if now { "false" } else { "true" });
        if let Ok(g) = (info.create)(&flipped) {
            if single_action(g.as_ref()) {
                return Some((flipped, Some(o.name)));
            }
        }
    }
    None
}

/// The FEN XBoard reads: the placement (with holdings) and the side to move; the rest of a
/// variant's own FEN fields would confuse it, so castling and en passant come from the
/// variant's FEN only when it has them in chess form.
pub fn xboard_fen(g: &dyn AnyGame) -> String {
    let fen = g.fen();
    let fields: Vec<&str> = fen.split_whitespace().collect();
    let placement = fields.first().copied().unwrap_or("");
    let side = fields.get(1).copied().unwrap_or("w");
    format!("{placement} {side} - - 0 1")
}

/// The letters of the pieces in a FEN's placement and holdings.
fn letters(fen: &str) -> Vec<char> {
    let placement = fen.split_whitespace().next().unwrap_or("");
    let mut v: Vec<char> = placement
        .chars()
        .filter(|c| c.is_ascii_alphabetic())
        .map(|c| c.to_ascii_uppercase())
        .collect();
    v.sort_unstable();
    v.dedup();
    v
}

/// The number of piece types in the start position's holdings (`[...]` in the FEN).
fn holdings(fen: &str) -> usize {
    let placement = fen.split_whitespace().next().unwrap_or("");
    match placement.split_once('[') {
        Some((_, h)) => letters(h.trim_end_matches(']')).len(),
        None => 0,
    }
}

/// The `setup` line for a variant XBoard does not know:
/// `setup (PIECETOCHAR) WxH+S_PARENT FEN`. Pieces keep their letters: each letter takes the
/// XBoard slot whose default letter it is (so `F` is drawn as XBoard's Ferz); a letter with no
/// slot cannot be shown by XBoard (`Err`). Variants with holdings use the `bughouse` parent,
/// whose captures do not go to the capturer's hand.
pub fn setup_line(name: &str, g: &dyn AnyGame) -> Result<String, String> {
    let (w, h) = g
        .geometry()
        .rect()
        .ok_or_else(|| format!("{name} is not played on a rectangular board"))?;
    let fen = xboard_fen(g);
    let used = letters(&fen);
    if let Some(c) = used.iter().find(|c| !SLOTS.contains(**c)) {
        return Err(format!("XBoard has no piece for the letter {c}"));
    }
    let white: String = SLOTS
        .chars()
        .map(|c| {
            if used.contains(&c) || c == 'K' {
                c
            } else {
                '.'
            }
        })
        .collect();
    let table = format!("{white}{}", white.to_ascii_lowercase());
    let hold = holdings(&fen);
    let parent = if hold > 0 { "bughouse" } else { "fairy" };
    Ok(format!("setup ({table}) {w}x{h}+{hold}_{parent} {fen}"))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn letters_and_holdings() {
        let fen = "3/3/3[PPPPPPPPRRNNBBQKpppppppprrnnbbqk] w - - 0 1";
        assert_eq!(letters(fen), vec!['B', 'K', 'N', 'P', 'Q', 'R']);
        assert_eq!(holdings(fen), 6);
        assert_eq!(holdings("8/8 w"), 0);
    }
}
