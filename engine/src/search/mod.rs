//! Searchers, generic over the game. No variant names here: everything a searcher knows about
//! a game comes through the `Game` and `Evaluate` traits.

pub mod types;

pub use types::*;
pub mod tt;

use crate::game::Evaluate;
use tt::TranspositionTable;

/// Searches the position and returns the turn to play.
///
/// Placeholder until the alpha-beta searcher lands: plays the first legal action.
pub fn think<G: Evaluate>(
    root: &G,
    _limits: &Limits,
    _cfg: &SearchConfig,
    _ctl: &SearchControl,
    _tt: &TranspositionTable,
    _report: &mut dyn FnMut(&SearchInfo),
) -> SearchOutput {
    let mut v = Vec::new();
    root.legal_actions(&mut v);
    SearchOutput {
        turn: v
            .first()
            .map(|a| vec![root.format_action(*a)])
            .unwrap_or_default(),
        ponder: None,
        score: Score::Cp(0),
        nodes: 0,
        depth: 0,
    }
}
