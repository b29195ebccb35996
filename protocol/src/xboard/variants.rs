//! Which variants XBoard can play, under which names, and what it is told about the ones it
//! does not know: a `setup` line (board size, holdings, piece letters, start position).

use tessera::core::options::{OptionKind, VariantOptions};
use tessera::faces::variant::VariantInfo;
use tessera::AnyGame;

use super::betza;
use crate::moves;
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
/// XBoard can carry (one action per move, possibly after `one_action_per_move`, each written
/// as a move or a drop; see `carried`).
pub fn feature_list(catalog: &'static [VariantInfo]) -> Vec<&'static str> {
    let mut out = Vec::new();
    for v in catalog {
        if playable(v, &VariantOptions::new()).is_ok() {
            out.extend(xboard_names(v));
        }
    }
    out
}

/// `Ok` when XBoard can play `info` under `opts`: a rectangular board, turns of one action
/// (after `one_action_per_move`), and actions XBoard can write. `Err` says why not.
pub fn playable(info: &'static VariantInfo, opts: &VariantOptions) -> Result<(), String> {
    let g = (info.create)(opts).map_err(|e| e.to_string())?;
    if g.geometry().rect().is_none() {
        return Err(format!(
            "{} is not played on a rectangular board",
            info.name
        ));
    }
    let (played, _) = one_action_per_move(info, opts).ok_or_else(|| {
        format!(
            "turns of several actions in {} cannot be played through the xboard protocol",
            info.name
        )
    })?;
    let g = (info.create)(&played).map_err(|e| e.to_string())?;
    carried(g.as_ref()).map_err(|why| {
        format!(
            "XBoard cannot play {}: {why} (an XBoard move is one piece moving, in at most \
             three legs, or one piece dropped, and it ends the turn)",
            info.name
        )
    })
}

/// Most legs XBoard 4.9 reads in one move (`a1b2,b2c3,c3d4`).
const MAX_LEGS: usize = 3;

/// True when XBoard can write `action` and the engine reads it back as the same action: a
/// drop `L@cell`, or a piece moving through 2 to `MAX_LEGS + 1` cells with at most a
/// promotion letter after the last one. Tile actions (`$-e4`, `-e6`), checker placements
/// (`+d8`), `end` and cards are not moves of a piece.
fn writable(game: &dyn AnyGame, action: &str) -> bool {
    let geo = game.geometry();
    let p = moves::parts(geo, action);
    let legs = p.cells.len().saturating_sub(1);
    let shape = match &p.drop {
        Some(letter) => {
            p.cells.len() == 1
                && letter.len() == 1
                && action == format!("{letter}@{}", geo.cell_name(p.cells[0]))
        }
        None => {
            (1..=MAX_LEGS).contains(&legs)
                && p.suffix.len() <= 1
                && p.suffix.chars().all(|c| c.is_ascii_alphabetic())
                && only_legs(geo, action, &p.cells, &p.suffix)
        }
    };
    shape && moves::from_xboard(game, &moves::to_xboard(geo, action)).as_deref() == Ok(action)
}

/// True when `action` is its cells in order, joined by nothing, `x` or `-`, then `suffix`:
/// a piece moving through them. Marks between or after the cells (`@` for a freed king set
/// down, `*` for a passenger left, `:` for a facing, `=` for a replacement) say more than
/// XBoard's legs can.
fn only_legs(geo: &tessera::Geometry, action: &str, cells: &[tessera::Cell], suffix: &str) -> bool {
    let mut rest = action;
    for (i, &c) in cells.iter().enumerate() {
        let name = geo.cell_name(c);
        let Some(at) = rest.find(name) else {
            return false;
        };
        let between = &rest[..at];
        let fits = if i == 0 {
            between.is_empty()
        } else {
            matches!(between, "" | "x" | "-")
        };
        if !fits {
            return false;
        }
        rest = &rest[at + name.len()..];
    }
    rest == suffix
}

/// Checks, over a few random games from the start position (a fixed seed, so the answer
/// never changes), that every legal action is `writable` and ends the turn. `Err` says
/// which action is not. Random games reach what the start position does not show: an
/// Adrenaline capture is followed by a checker placement in the same turn.
fn carried(start: &dyn AnyGame) -> Result<(), String> {
    let mut seed: u64 = 0x9E37_79B9_7F4A_7C15;
    for _ in 0..6 {
        let mut g = start.boxed_clone();
        for _ in 0..80 {
            if g.outcome().is_some() {
                break;
            }
            let legal = g.legal_actions();
            if let Some(bad) = legal.iter().find(|a| !writable(g.as_ref(), a)) {
                return Err(format!("'{bad}' is not an XBoard move"));
            }
            let Some(pick) = legal.get(next(&mut seed) as usize % legal.len().max(1)) else {
                break;
            };
            let side = g.to_move();
            g.play_str(pick)
                .map_err(|e| format!("'{pick}' was refused: {e}"))?;
            if g.to_move() == side && g.outcome().is_none() {
                return Err(format!("after '{pick}' the turn goes on"));
            }
        }
    }
    Ok(())
}

/// A small xorshift generator for `carried`'s random games.
fn next(s: &mut u64) -> u64 {
    *s ^= *s << 13;
    *s ^= *s >> 7;
    *s ^= *s << 17;
    *s
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

/// Variants in which a side with no legal action loses, attacked or not. XBoard 4.9 judges
/// the end of a game itself when it tests legality, before the engine's claim arrives, and
/// it scores a side without a move that is not in check as stalemated: a draw, except in
/// its Shatranj (and Xiangqi and Shogi), where that side loses. These variants get the
/// `shatranj` parent, which otherwise has no castling, en passant or pawn double step
/// (pieces move as the `piece` lines say). Its one rule these variants lack: XBoard ends a
/// game in which one side keeps a bare king as a win for the other side.
const NO_MOVE_LOSES: &[&str] = &["tches"];

/// The parent variant of the `setup` line: rules XBoard applies that no `piece` line says.
fn parent(name: &str, holdings: usize) -> &'static str {
    if holdings > 0 {
        // Captures do not go to the capturer's hand.
        "bughouse"
    } else if NO_MOVE_LOSES.contains(&name) {
        "shatranj"
    } else {
        "fairy"
    }
}

/// The `setup` line for a variant XBoard does not know:
/// `setup (PIECETOCHAR) WxH+S_PARENT FEN`. Pieces keep their letters: each letter takes the
/// XBoard slot whose default letter it is (so `F` is drawn as XBoard's Ferz), and a letter
/// with no slot of its own takes the first slot no letter of the game uses (drawn with that
/// slot's picture). The parent variant is chosen by `parent`.
pub fn setup_line(name: &str, g: &dyn AnyGame) -> Result<String, String> {
    let (w, h) = g
        .geometry()
        .rect()
        .ok_or_else(|| format!("{name} is not played on a rectangular board"))?;
    let fen = xboard_fen(g);
    let used = letters(&fen);
    let mut table: Vec<char> = SLOTS
        .chars()
        .map(|c| {
            if used.contains(&c) || c == 'K' {
                c
            } else {
                '.'
            }
        })
        .collect();
    for &c in used.iter().filter(|c| !SLOTS.contains(**c)) {
        let free = table
            .iter()
            .position(|&t| t == '.')
            .ok_or_else(|| format!("XBoard has no piece slot left for the letter {c}"))?;
        table[free] = c;
    }
    let white: String = table.into_iter().collect();
    let table = format!("{white}{}", white.to_ascii_lowercase());
    let hold = holdings(&fen);
    let parent = parent(name, hold);
    Ok(format!("setup ({table}) {w}x{h}+{hold}_{parent} {fen}"))
}

/// The `piece` commands that tell XBoard how the pieces of `g`'s start position move (see
/// `betza`), one per letter with a description.
pub fn piece_lines(name: &str, g: &dyn AnyGame) -> Vec<String> {
    letters(&xboard_fen(g))
        .into_iter()
        .filter_map(|c| betza::describe(name, c).map(|d| format!("piece {c}& {d}")))
        .collect()
}

/// True when the `piece` descriptions of `info` hold under `opts`: every option is one the
/// descriptions allow for (`betza::options_described`) or has its default value.
pub fn rules_described(info: &VariantInfo, opts: &VariantOptions) -> bool {
    let allowed = betza::options_described(info.name);
    opts.iter().all(|(k, v)| {
        if allowed.iter().any(|a| a.eq_ignore_ascii_case(k)) {
            return true;
        }
        let Some(spec) = info.options.iter().find(|o| o.name.eq_ignore_ascii_case(k)) else {
            return true;
        };
        let default = match &spec.kind {
            OptionKind::Check { default } => default.to_string(),
            OptionKind::Spin { default, .. } => default.to_string(),
            OptionKind::Combo { default, .. } => default.to_string(),
            OptionKind::Text { default } => default.to_string(),
        };
        default.eq_ignore_ascii_case(v)
    })
}

/// True when XBoard can test the legality of `g`'s moves itself with the `piece` commands.
pub fn legality_testable(name: &str, g: &dyn AnyGame) -> bool {
    betza::complete(name, &letters(&xboard_fen(g)))
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

    #[test]
    fn parents_carry_the_rules_no_piece_line_says() {
        assert_eq!(parent("tictacchess", 6), "bughouse");
        assert_eq!(parent("tches", 0), "shatranj");
        assert_eq!(parent("chess", 0), "fairy");
    }

    #[test]
    fn only_plain_legs_are_xboard_moves() {
        let g = tessera::Geometry::square(8, 8);
        let legs = |a: &str| {
            let p = moves::parts(&g, a);
            only_legs(&g, a, &p.cells, &p.suffix)
        };
        for a in ["e2e4", "c1d3xd4", "e7e8q", "c1-d3"] {
            assert!(legs(a), "{a}");
        }
        for a in ["c1d3xd4@e5", "c3*e4", "c3e5*xd6", "$-e4", "+h7"] {
            assert!(!legs(a), "{a}");
        }
    }

    #[test]
    fn reverse_sides_get_a_slot_and_their_description() {
        let mut o = VariantOptions::new();
        o.set("TchesReverse", "magister,griffin");
        let info = setup::find_variant(tessera::faces::registry::variants(), "tches").unwrap();
        let g = (info.create)(&o).unwrap();
        let line = setup_line("tches", g.as_ref()).unwrap();
        assert!(line.starts_with("setup (P...Q..AC..O...GD.L..K"), "{line}");
        assert!(line.contains(" 8x8+0_shatranj "), "{line}");
        let pieces = piece_lines("tches", g.as_ref());
        assert!(pieces.iter().any(|l| l == "piece O& mNcB"), "{pieces:?}");
        assert!(
            pieces.iter().any(|l| l.starts_with("piece A& ")),
            "{pieces:?}"
        );
        assert!(legality_testable("tches", g.as_ref()));
        // Templar (T) and Zealot (Z) have no slot of their own: they take free ones.
        o.set("TchesReverse", "guardian zealot");
        let g = (info.create)(&o).unwrap();
        let line = setup_line("tches", g.as_ref()).unwrap();
        let table = &line[line.find('(').unwrap() + 1..line.find(')').unwrap()];
        assert_eq!(table.len(), 44, "{line}");
        assert!(table.contains('T') && table.contains('z'), "{line}");
        let mut white: Vec<char> = table[..22].chars().filter(|&c| c != '.').collect();
        let n = white.len();
        white.sort_unstable();
        white.dedup();
        assert_eq!(white.len(), n, "a letter twice: {line}");
        let pieces = piece_lines("tches", g.as_ref());
        assert!(pieces.iter().any(|l| l == "piece T& mBcR"), "{pieces:?}");
        assert!(pieces.iter().any(|l| l == "piece Z& fF"), "{pieces:?}");
        o.set("TchesReverse", "queen");
        let g = (info.create)(&o).unwrap();
        assert!(!legality_testable("tches", g.as_ref()));
        assert!(rules_described(info, &o));
        o.set("Strike", "false");
        o.set("Replacement", "false");
        assert!(rules_described(info, &o));
        o.set("EscortTheKing", "true");
        assert!(!rules_described(info, &o));
    }
}
