//! A UCI search on its own thread: it prints the `info` lines and, at the end, one `bestmove`
//! line that is checked against the position first.

use std::sync::Arc;

use tessera::search::tt::TranspositionTable;
use tessera::search::{Limits, SearchConfig, SearchControl, SearchOutput};
use tessera::AnyGame;

use super::report::info_lines;
use crate::plumbing::search::{search_blocking, Running};
use crate::plumbing::{one_line, Output};

/// Starts searching a copy of `root`.
pub fn start(
    root: Box<dyn AnyGame>,
    limits: Limits,
    cfg: SearchConfig,
    tt: Arc<TranspositionTable>,
    out: Output,
) -> Running {
    let ctl = Arc::new(SearchControl::new(limits.ponder));
    Running::spawn(ctl, move |c| {
        let result = search_blocking(root.as_ref(), &limits, &cfg, c, &tt, &mut |info| {
            for l in info_lines(info) {
                out(&l);
            }
        });
        for l in answer(root.as_ref(), result.as_ref(), &limits) {
            out(&l);
        }
    })
}

/// The closing lines of a search: `bestmove <turn> [ponder <action>]`, the turn checked
/// against the position. A turn that is not legal there (or a failed search) is replaced
/// by a legal action, with a note saying so.
pub fn answer(root: &dyn AnyGame, result: Option<&SearchOutput>, limits: &Limits) -> Vec<String> {
    if root.outcome().is_some() {
        return vec!["bestmove (none)".into()];
    }
    let mut lines = Vec::new();
    match result {
        None => lines.push("info string search failed; playing a legal action".into()),
        Some(r) => {
            let turn = r.turn.join(",");
            if !turn.is_empty() && root.check_turn(&turn).is_ok() {
                let mut line = format!("bestmove {turn}");
                let mut after = root.boxed_clone();
                if let (Some(p), None, Ok(())) = (&r.ponder, root.viewer(), after.play_str(&turn)) {
                    if after.outcome().is_none() && after.boxed_clone().play_str(p).is_ok() {
                        line.push_str(&format!(" ponder {p}"));
                    }
                }
                lines.push(one_line(&line));
                return lines;
            }
            lines.push(one_line(&format!(
                "info string search returned '{turn}', not legal here; playing a legal action"
            )));
        }
    }
    let preferred = limits
        .searchmoves
        .iter()
        .find(|m| root.check_turn(m).is_ok())
        .cloned();
    match whole_turn_from(root, preferred) {
        Some(turn) => lines.push(one_line(&format!("bestmove {turn}"))),
        None => lines.push("bestmove (none)".into()),
    }
    lines
}

/// A legal whole turn: `first` (or the first legal action), then the first legal action
/// while the same side is still to move, up to where the turn ends or pauses (an action
/// that shows the player something, chance to act). Comma-joined; `None` with no action.
fn whole_turn_from(root: &dyn AnyGame, first: Option<String>) -> Option<String> {
    let side = root.to_move();
    let mut g = root.boxed_clone();
    let mut turn: Vec<String> = Vec::new();
    let mut next = first.or_else(|| g.legal_actions().into_iter().next());
    while let Some(a) = next.take() {
        let pauses = g.reveals(&a).unwrap_or(true);
        turn.push(a);
        let played = g.play_str(turn.last().expect("pushed"));
        if played.is_err()
            || pauses
            || g.outcome().is_some()
            || g.to_move() != side
            || g.is_chance_node()
            || g.players() == 1
            || turn.len() >= 64
        {
            break;
        }
        next = g.legal_actions().into_iter().next();
    }
    (!turn.is_empty()).then(|| turn.join(","))
}
