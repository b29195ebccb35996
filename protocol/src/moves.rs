//! Reading action text without knowing the variant: the cells an action names, in order, and
//! what follows the last one (a promotion letter). The xboard protocol and the web board use
//! this to translate between notations and to find where a clicked piece can go; everything
//! comes from the legal action strings, so a new variant needs no code here.

use tessera::tools::render::cells_in;
use tessera::{AnyGame, Cell, Geometry};

/// An action's text taken apart: the piece letter of a drop (`Q` in `Q@b2`), the cells in
/// order, and the text after the last cell (`q` in `e7e8q`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Parts {
    pub drop: Option<String>,
    pub cells: Vec<Cell>,
    pub suffix: String,
}

/// A drop's piece letter(s) and the rest (`Q@b2` -> `Q`, `b2`): the text before `@` must be
/// letters only, so that an `@` later in an action (TCHES's freed king set down,
/// `c1d3xd4@e5`) does not make it a drop.
fn split_drop(text: &str) -> Option<(&str, &str)> {
    text.split_once('@')
        .filter(|(p, _)| !p.is_empty() && p.chars().all(|c| c.is_ascii_alphabetic()))
}

/// Takes an action's text apart on the board `geo`.
pub fn parts(geo: &Geometry, text: &str) -> Parts {
    let drop = split_drop(text).map(|(p, _)| p.to_string());
    let cells = cells_in(geo, text);
    let suffix = match cells.last() {
        Some(&last) => {
            let name = geo.cell_name(last);
            match text.rfind(name) {
                Some(at) => text[at + name.len()..].to_string(),
                None => String::new(),
            }
        }
        None => text.to_string(),
    };
    Parts {
        drop,
        cells,
        suffix,
    }
}

/// The cells of a move as XBoard writes legs (`c1d3,d3d4` names d3 twice): repeats of the
/// same cell in a row collapse.
fn collapsed(mut cells: Vec<Cell>) -> Vec<Cell> {
    cells.dedup();
    cells
}

/// An action written for XBoard: drops with a capital piece letter (`Q@b2`, as XBoard writes
/// them for both sides), actions through several cells as legs joined by commas
/// (`c1d3xd4` -> `c1d3,d3d4`), everything else unchanged.
pub fn to_xboard(geo: &Geometry, action: &str) -> String {
    if let Some((piece, rest)) = split_drop(action) {
        return format!("{}@{rest}", piece.to_uppercase());
    }
    let p = parts(geo, action);
    if p.cells.len() <= 2 {
        return action.to_string();
    }
    let legs: Vec<String> = p
        .cells
        .windows(2)
        .map(|w| format!("{}{}", geo.cell_name(w[0]), geo.cell_name(w[1])))
        .collect();
    format!("{}{}", legs.join(","), p.suffix)
}

/// The legal action of `game` that a move written by XBoard (or a person) means: the exact
/// text, castling written `O-O`/`O-O-O`, a drop with its letter in either case, or legs
/// (`c1d3,d3d4`) naming the same cells as the action. `Err` says why none fits.
pub fn from_xboard(game: &dyn AnyGame, mv: &str) -> Result<String, String> {
    let legal = game.legal_actions();
    if legal.iter().any(|a| a == mv) {
        return Ok(mv.to_string());
    }
    if legal.is_empty() {
        return Err("no legal move".into());
    }
    let castle = mv.replace('0', "O");
    if castle == "O-O" || castle == "O-O-O" {
        return legal
            .iter()
            .find(|a| {
                game.san(a)
                    .is_some_and(|s| s.trim_end_matches(['+', '#']) == castle)
            })
            .cloned()
            .ok_or_else(|| "castling is not legal".into());
    }
    let geo = game.geometry();
    let want = parts(geo, mv);
    if want.cells.is_empty() {
        return Err("not a move".into());
    }
    let mut want_cells = collapsed(want.cells.clone());
    let mut want_suffix = want.suffix.trim_start_matches('=').to_string();
    if let Some(cells) = xboard_castling_kludge(geo, mv) {
        if !legal
            .iter()
            .any(|a| collapsed(parts(geo, a).cells) == want_cells)
        {
            // The text after the middle cell names the cell beside `to`, not a promotion.
            want_cells = cells;
            want_suffix.clear();
        }
    }
    let fits: Vec<&String> = legal
        .iter()
        .filter(|a| {
            let p = parts(geo, a);
            p.drop.as_deref().map(str::to_ascii_lowercase)
                == want.drop.as_deref().map(str::to_ascii_lowercase)
                && collapsed(p.cells) == want_cells
                && p.suffix.eq_ignore_ascii_case(&want_suffix)
        })
        .collect();
    match fits[..] {
        [one] => Ok(one.clone()),
        [] => Err("not a legal move".into()),
        _ => Err("ambiguous".into()),
    }
}

/// XBoard 4.9 writes a two-leg move whose middle cell holds no enemy piece the way it writes
/// castling when Black moves: `from to,middle X`, with X beside `to` (`c6c3,b4d3` for
/// `c6b4` then `b4c3`). Returns the cells `[from, middle, to]` of such a text.
///
/// X is one file beyond `to` away from the middle cell's side, so it may lie off the board
/// (`h8h7,g8i7` for `h8g8` then `g8h7`): it is read as text, not as a cell.
fn xboard_castling_kludge(geo: &Geometry, mv: &str) -> Option<Vec<Cell>> {
    let (a, b) = mv.split_once(',')?;
    let first = cells_in(geo, a);
    let &[from, to] = &first[..] else {
        return None;
    };
    let middle = *cells_in(geo, b).first()?;
    let beside = b.strip_prefix(geo.cell_name(middle))?;
    let tx = geo.cell_name(to);
    let same_rank = beside.get(1..) == tx.get(1..);
    let next_file = beside.bytes().next()?.abs_diff(tx.bytes().next()?) == 1;
    (same_rank && next_file).then(|| vec![from, middle, to])
}

/// Where the piece on `from` can go: for each cell, whether some legal action ends there
/// (`end`), passes through it on its way (`via`), or ends there with a promotion choice.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Reach {
    pub end: Vec<Cell>,
    pub via: Vec<Cell>,
    pub promote: Vec<Cell>,
}

pub fn reach(geo: &Geometry, legal: &[String], from: Cell) -> Reach {
    let mut r = Reach::default();
    for a in legal {
        let p = parts(geo, a);
        if p.drop.is_some() || p.cells.first() != Some(&from) || p.cells.len() < 2 {
            continue;
        }
        let last = *p.cells.last().unwrap();
        let list = if p.suffix.chars().any(char::is_alphabetic) {
            &mut r.promote
        } else {
            &mut r.end
        };
        if !list.contains(&last) {
            list.push(last);
        }
        for &c in &p.cells[1..p.cells.len() - 1] {
            if c != from && !r.via.contains(&c) {
                r.via.push(c);
            }
        }
    }
    r
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn actions_are_taken_apart() {
        let g = Geometry::square(8, 8);
        let p = parts(&g, "e7e8q");
        assert_eq!(p.cells.len(), 2);
        assert_eq!(p.suffix, "q");
        assert_eq!(parts(&g, "Q@b2").drop.as_deref(), Some("Q"));
        let freed = parts(&g, "c1d3xd4@e5");
        assert_eq!((freed.drop, freed.cells.len()), (None, 4));
        assert_eq!(parts(&g, "c1d3xd4").cells.len(), 3);
        assert_eq!(to_xboard(&g, "c1d3xd4"), "c1d3,d3d4");
        assert_eq!(to_xboard(&g, "c1d3xd4q"), "c1d3,d3d4q");
        assert_eq!(to_xboard(&g, "n@a3"), "N@a3");
        assert_eq!(to_xboard(&g, "e2e4"), "e2e4");
        let [c6, b4, c3] = ["c6", "b4", "c3"].map(|c| g.cell(c).unwrap());
        assert_eq!(
            xboard_castling_kludge(&g, "c6c3,b4d3"),
            Some(vec![c6, b4, c3])
        );
        assert_eq!(xboard_castling_kludge(&g, "c6b4,b4c3"), None);
        // Toward the h-file the cell beside `to` is off the board.
        let [h8, g8, h7] = ["h8", "g8", "h7"].map(|c| g.cell(c).unwrap());
        assert_eq!(
            xboard_castling_kludge(&g, "h8h7,g8i7"),
            Some(vec![h8, g8, h7])
        );
        assert_eq!(
            collapsed(parts(&g, "c1d3,d3d4").cells),
            parts(&g, "c1d3xd4").cells
        );
    }

    #[test]
    fn reach_marks_ends_legs_and_promotions() {
        let g = Geometry::square(8, 8);
        let legal: Vec<String> = ["c1d3", "c1d3xd4", "c1b3", "a7a8q", "a7a8r", "Q@e4"]
            .iter()
            .map(|s| s.to_string())
            .collect();
        let c1 = g.cell("c1").unwrap();
        let r = reach(&g, &legal, c1);
        assert_eq!(r.end.len(), 3);
        assert_eq!(r.via, vec![g.cell("d3").unwrap()]);
        let r = reach(&g, &legal, g.cell("a7").unwrap());
        assert_eq!(r.promote, vec![g.cell("a8").unwrap()]);
    }
}
