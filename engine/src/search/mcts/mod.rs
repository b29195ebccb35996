//! Monte Carlo tree search, and the searchers that play hidden-information and chance games.
//! Generic over the game; no variant names here.
//!
//! - `think`: UCT for perfect information (the `Search mcts` option of every variant).
//! - `think_truth`: the same over a full state of a game with chance: chance nodes are
//!   sampled with their probabilities.
//! - `think_view`: information-set MCTS from one player's view: every iteration searches a
//!   truth sampled from the view (`View::sample`), with one tree per player keyed by what that
//!   player observes (multiple observers, the default) or one tree for the searching player
//!   (`Observers::Single`).
//!
//! In every form: UCB1 selection (information-set UCB, counting availability, where actions
//! differ between samples), one node added per iteration, a playout by the playout policy
//! for a number of plies (none, by default, for perfect information: the leaf's static
//! evaluation, turned into a win probability, scores it), rewards on a 0..1 scale backed up
//! through every tree, root-parallel threads, time from `wtime/btime/movetime`, `nodes` as
//! iterations, `depth` as the length of the principal line. A turn of several actions comes
//! back whole; it pauses after an action that reveals something to its player, and before
//! chance acts inside a turn.
//!
//! The worlds a search draws come from `search::sampling` (`Model`: a position, a full state
//! or a view), where the determinized alpha-beta searcher also lives.

pub mod leaf;
mod run;
pub mod tree;
pub mod worker;

pub use crate::search::sampling::{FixedChance, FromView, Model, Perfect, Truth};
pub use run::MIN_TREE_MB;
pub use worker::{centipawns, win_probability};

use crate::core::game::{Evaluate, Hidden, View};
use crate::search::types::{Limits, SearchConfig, SearchControl, SearchInfo, SearchOutput};

/// UCT from a position of a perfect-information game. `tree_mb` bounds the trees' memory
/// (at least `MIN_TREE_MB`).
pub fn think<G: Evaluate>(
    root: &G,
    limits: &Limits,
    cfg: &SearchConfig,
    ctl: &SearchControl,
    tree_mb: usize,
    report: &mut dyn FnMut(&SearchInfo),
) -> SearchOutput {
    let model = Perfect { root: root.clone() };
    run::search(&model, limits, cfg, ctl, tree_mb, report)
}

/// MCTS over a full state of a game with chance (everything hidden is known here).
pub fn think_truth<G: Evaluate + Hidden>(
    root: &G,
    limits: &Limits,
    cfg: &SearchConfig,
    ctl: &SearchControl,
    tree_mb: usize,
    report: &mut dyn FnMut(&SearchInfo),
) -> SearchOutput {
    let model = Truth { root: root.clone() };
    run::search(&model, limits, cfg, ctl, tree_mb, report)
}

/// Information-set MCTS from one player's view (it must be that player's turn).
pub fn think_view<V>(
    view: &V,
    limits: &Limits,
    cfg: &SearchConfig,
    ctl: &SearchControl,
    tree_mb: usize,
    report: &mut dyn FnMut(&SearchInfo),
) -> SearchOutput
where
    V: View,
    V::Game: Evaluate,
{
    let model = FromView { view: view.clone() };
    run::search(&model, limits, cfg, ctl, tree_mb, report)
}

#[cfg(test)]
mod tests;
