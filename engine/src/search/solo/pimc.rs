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

use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

use super::bestfirst::{solve, Caps};
use super::Solitaire;
use crate::core::game::{GameRng, Hidden, View};

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
                expansions: None,
                time: Some(Duration::from_millis(200)),
                memory: 512 << 10,
            },
        }
    }
}

/// When a decision must end: a deadline and a stop flag (the protocol's `stop`).
#[derive(Clone, Copy, Debug)]
pub struct Budget<'a> {
    pub deadline: Option<Instant>,
    pub stop: &'a AtomicBool,
    /// Keep sampling after `samples` while the deadline (or, without one, `stop`) allows.
    pub extend: bool,
    /// Solver expansions the whole decision may use (`go nodes`), shared as the time is.
    pub nodes: Option<u64>,
}

impl<A> Default for Values<A> {
    fn default() -> Self {
        Values {
            actions: Vec::new(),
            samples: 0,
            expanded: 0,
        }
    }
}

impl Budget<'_> {
    fn over(&self, expanded: u64) -> bool {
        self.stop.load(Ordering::Relaxed)
            || self.deadline.is_some_and(|d| Instant::now() >= d)
            || self.nodes.is_some_and(|n| expanded >= n)
    }
}

/// What a decision found: each legal action with its weighted mean value over the samples
/// that were finished, in the order of the actions of the first sample.
#[derive(Clone, Debug)]
pub struct Values<A> {
    pub actions: Vec<(A, f64)>,
    /// Samples every action was valued in.
    pub samples: usize,
    /// Solver expansions over all samples.
    pub expanded: u64,
}

/// Each legal action with its weighted mean value over the samples, in the order of the
/// actions of the first sample. Empty when the view's player has nothing to decide (the game
/// is over, chance acts next, or no action is legal).
pub fn values<G>(view: &G::View, cfg: &PimcConfig, rng: &mut GameRng) -> Vec<(G::Action, f64)>
where
    G: Solitaire + Hidden,
{
    let stop = AtomicBool::new(false);
    let budget = Budget {
        deadline: None,
        stop: &stop,
        extend: false,
        nodes: None,
    };
    values_within::<G>(view, cfg, rng, budget).actions
}

/// `values` within a budget. Each (sample, action) solve gets an equal share of the time left
/// among the solves still planned (`cfg.samples` samples; once they are done, the sample under
/// way), at most `cfg.caps.time`, so solves that prove early leave their time to the rest. A
/// sample is counted only when every action was valued in it, except the first, which is
/// always finished (with whatever time is left) so that every action has a value.
pub fn values_within<G>(
    view: &G::View,
    cfg: &PimcConfig,
    rng: &mut GameRng,
    budget: Budget,
) -> Values<G::Action>
where
    G: Solitaire + Hidden,
{
    let never = AtomicBool::new(false);
    let mut out = Values::default();
    let mut actions: Vec<G::Action> = Vec::new();
    let mut sums: Vec<f64> = Vec::new();
    let mut this: Vec<f64> = Vec::new();
    let mut total_weight = 0.0;
    let mut here = Vec::new();
    let planned = cfg.samples.max(1);
    let mut spent = 0u64;
    let last = if budget.extend { usize::MAX } else { planned };
    'samples: for i in 0..last {
        if i > 0 && budget.over(spent) {
            break;
        }
        let sample = view.sample(rng);
        let mut g = sample.state;
        if g.is_chance_node() || g.terminal().is_some() {
            return Values::default();
        }
        here.clear();
        g.legal_actions(&mut here);
        if i == 0 {
            actions = here.clone();
            sums = vec![0.0; actions.len()];
        }
        if actions.is_empty() {
            return Values::default();
        }
        this.clear();
        for (k, &a) in actions.iter().enumerate() {
            // The player's actions are the same in every state consistent with its view.
            debug_assert!(here.contains(&a), "a sample offers other actions");
            let left = planned.saturating_sub(i).max(1) * actions.len() - k;
            let mut caps = cfg.caps.clone();
            if i > 0 && budget.over(spent) {
                break 'samples;
            }
            if let Some(d) = budget.deadline {
                let share = d.saturating_duration_since(Instant::now()) / left as u32;
                let share = share.max(Duration::from_micros(200));
                caps.time = Some(caps.time.map_or(share, |t| t.min(share)));
            }
            if let Some(n) = budget.nodes {
                let share = (n.saturating_sub(spent) / left as u64).max(1);
                caps.expansions = Some(caps.expansions.map_or(share, |c| c.min(share)));
            }
            // The first sample is finished even when stopped: its solves are then greedy.
            let stop = if i == 0 && budget.over(spent) {
                &never
            } else {
                budget.stop
            };
            let u = g.play(a);
            let sol = solve(&g, &caps, stop, &mut |_| {});
            g.undo(u);
            out.expanded += sol.expanded;
            // A solve settled without expanding (its greedy line is provably best) still
            // counts one node, so that a node budget always ends.
            spent += sol.expanded.max(1);
            this.push(sol.best.points as f64);
        }
        if i > 0 && budget.stop.load(Ordering::Relaxed) {
            // Some solves of this sample were cut short by `stop`, not by their share.
            break;
        }
        total_weight += sample.weight;
        for (s, v) in sums.iter_mut().zip(&this) {
            *s += sample.weight * v;
        }
        out.samples += 1;
    }
    let w = if total_weight > 0.0 {
        total_weight
    } else {
        1.0
    };
    out.actions = actions
        .into_iter()
        .zip(sums.into_iter().map(|s| s / w))
        .collect();
    out
}

/// The action with the highest mean value (the first of equals) and that value.
pub fn best<A: Copy>(vals: &[(A, f64)]) -> Option<(A, f64)> {
    let mut best: Option<(A, f64)> = None;
    for &(a, v) in vals {
        if best.is_none_or(|(_, b)| v > b) {
            best = Some((a, v));
        }
    }
    best
}

/// The action with the highest mean value (the first of equals), or `None` when there is
/// nothing to decide.
pub fn choose<G>(view: &G::View, cfg: &PimcConfig, rng: &mut GameRng) -> Option<G::Action>
where
    G: Solitaire + Hidden,
{
    best(&values::<G>(view, cfg, rng)).map(|(a, _)| a)
}
