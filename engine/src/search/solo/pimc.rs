//! Perfect-information Monte Carlo for one-player games with hidden parts: a fair player that
//! decides from the player's view alone. It samples full states consistent with the view (the
//! game's own sampler, with its weights), and in each sample values every legal action by the
//! best score the clairvoyant solver (`bestfirst`) reaches after it, within small caps; the
//! action with the highest weighted mean over the samples is played.
//!
//! Why it is fair: the samples come from the view, never from the truth; the solver sees each
//! sample whole, which is the usual optimism of this method (it values a position as if the
//! order of the unseen cards were known from there on), averaged over orders the player cannot
//! tell apart. Why it is strong where a tree search with a heuristic leaf is not: the values
//! are scores reached by real lines, so an action that leaves no way to connect in most orders
//! is seen to lose.

use std::sync::atomic::AtomicBool;
use std::time::Duration;

use super::bestfirst::{solve, Caps};
use super::Solitaire;
use crate::game::{GameRng, Hidden, View};

/// How much work one decision gets.
#[derive(Clone, Debug)]
pub struct PimcConfig {
    /// Sampled full states a decision.
    pub samples: usize,
    /// The solver's caps for each (sample, action); a capped solve counts its best line found.
    pub caps: Caps,
}

impl Default for PimcConfig {
    fn default() -> Self {
        PimcConfig {
            samples: 4,
            caps: Caps {
                time: Some(Duration::from_millis(200)),
                memory: 512 << 10,
            },
        }
    }
}

/// Each legal action with its weighted mean value over the samples, in the order of the
/// actions of the first sample. Empty when the view's player has nothing to decide (the game
/// is over, chance acts next, or no action is legal).
pub fn values<G>(view: &G::View, cfg: &PimcConfig, rng: &mut GameRng) -> Vec<(G::Action, f64)>
where
    G: Solitaire + Hidden,
{
    let stop = AtomicBool::new(false);
    let mut actions: Vec<G::Action> = Vec::new();
    let mut sums: Vec<f64> = Vec::new();
    let mut total_weight = 0.0;
    let mut here = Vec::new();
    for i in 0..cfg.samples.max(1) {
        let sample = view.sample(rng);
        let mut g = sample.state;
        if g.is_chance_node() || g.terminal().is_some() {
            return Vec::new();
        }
        here.clear();
        g.legal_actions(&mut here);
        if i == 0 {
            actions = here.clone();
            sums = vec![0.0; actions.len()];
        }
        if actions.is_empty() {
            return Vec::new();
        }
        total_weight += sample.weight;
        for (k, &a) in actions.iter().enumerate() {
            // The player's actions are the same in every state consistent with its view.
            debug_assert!(here.contains(&a), "a sample offers other actions");
            let u = g.play(a);
            let v = solve(&g, &cfg.caps, &stop, &mut |_| {}).best;
            g.undo(u);
            sums[k] += sample.weight * v.points as f64;
        }
    }
    let w = if total_weight > 0.0 {
        total_weight
    } else {
        1.0
    };
    actions
        .into_iter()
        .zip(sums.into_iter().map(|s| s / w))
        .collect()
}

/// The action with the highest mean value (the first of equals), or `None` when there is
/// nothing to decide.
pub fn choose<G>(view: &G::View, cfg: &PimcConfig, rng: &mut GameRng) -> Option<G::Action>
where
    G: Solitaire + Hidden,
{
    let vals = values::<G>(view, cfg, rng);
    let mut best: Option<(G::Action, f64)> = None;
    for (a, v) in vals {
        if best.is_none_or(|(_, b)| v > b) {
            best = Some((a, v));
        }
    }
    best.map(|(a, _)| a)
}
