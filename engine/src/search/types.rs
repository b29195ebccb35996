//! Limits, control flags and reports shared by the searchers and the protocol.

use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::time::Instant;

pub use crate::core::hints::{Leaf, TreeDefaults};

/// What `go` asked for. Times in milliseconds. Everything unset means "search until stopped".
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Limits {
    pub depth: Option<u32>,
    pub nodes: Option<u64>,
    pub movetime: Option<u64>,
    pub wtime: Option<u64>,
    pub btime: Option<u64>,
    pub winc: Option<u64>,
    pub binc: Option<u64>,
    pub movestogo: Option<u32>,
    /// Search for a mate in this many moves.
    pub mate: Option<u32>,
    pub infinite: bool,
    /// Start in ponder mode: no time limit applies until `ponderhit`.
    pub ponder: bool,
    /// Restrict the root to these actions (as the variant writes them).
    pub searchmoves: Vec<String>,
    /// Turns played since the start the protocol was given (`position ... moves`, or the
    /// moves since `new` on XBoard): how far into the game the clock must last from.
    pub turns_played: u32,
}

impl Limits {
    pub fn depth(d: u32) -> Limits {
        Limits {
            depth: Some(d),
            ..Limits::default()
        }
    }

    /// True when no limit at all was given: `go` alone searches until `stop`.
    pub fn is_unbounded(&self) -> bool {
        self.depth.is_none()
            && self.nodes.is_none()
            && self.movetime.is_none()
            && self.wtime.is_none()
            && self.btime.is_none()
            && self.mate.is_none()
    }
}

/// Engine settings that persist between searches (`setoption`). Build it with
/// `..SearchConfig::default()` so that settings added later keep their defaults.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SearchConfig {
    pub threads: usize,
    pub multipv: usize,
    /// Milliseconds kept in reserve for communication when playing on a clock.
    pub move_overhead: u64,
    /// Which searcher plays (the `Search` option).
    pub searcher: Searcher,
    /// Settings of the Monte Carlo tree searcher.
    pub mcts: MctsConfig,
    /// Truths sampled from a view by the searchers that search one truth at a time
    /// (determinized alpha-beta, the greedy player).
    pub determinizations: u32,
    /// `Search auto` plays a view by determinized alpha-beta over every truth it allows
    /// where there are at most this many (`View::worlds`; 1: only where the view is
    /// certain), and by information-set tree search otherwise (the `Exact Worlds` option).
    pub exact_worlds: u32,
    /// Those searchers draw their truths with the same random numbers at every move (the
    /// `Fixed Sample` option): with one determinization and a view whose draw stays put
    /// while it is possible, a player that believes one fixed sample.
    pub fixed_sample: bool,
    /// Determinized alpha-beta leaves out root actions whose `Evaluate::prior` is below this
    /// percent (a guess less likely right than that: a search of one truth would play it
    /// knowing the answer); 0 keeps every action (the `Prior Floor` option).
    pub prior_floor: u32,
    /// Alpha-beta leaves out the game's speculative actions (`Evaluate::speculative`) below
    /// the root, as the tree search's leaf searches do (the `Leave Speculative` option, for
    /// `Search alphabeta`; `Search auto` always does where it plays a view by alpha-beta).
    pub leave_speculative: bool,
    /// Reductions, margins and windows (the `SearchParams` option).
    pub params: super::params::SearchParams,
    /// Centipawns a draw is worth less than even to the side searching, and more to its
    /// opponents (the `Contempt` option; 0: a draw is even). Alpha-beta only.
    pub contempt: i32,
}

impl Default for SearchConfig {
    fn default() -> Self {
        SearchConfig {
            threads: 1,
            multipv: 1,
            move_overhead: 30,
            searcher: Searcher::Auto,
            mcts: MctsConfig::default(),
            determinizations: 8,
            exact_worlds: 1,
            fixed_sample: false,
            prior_floor: 0,
            leave_speculative: false,
            params: super::params::SearchParams::default(),
            contempt: 0,
        }
    }
}

/// The searcher that plays a position (the `Search` option).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Searcher {
    /// Alpha-beta for games without hidden information, MCTS (ISMCTS from a view) otherwise.
    #[default]
    Auto,
    /// Alpha-beta; from a view, determinized: alpha-beta on sampled truths, then a vote.
    AlphaBeta,
    /// Monte Carlo tree search (UCT); information-set MCTS from a view.
    Mcts,
    /// The action whose resulting position evaluates best (one ply), averaged over sampled
    /// truths from a view.
    Greedy,
    /// A legal action drawn uniformly.
    Random,
}

impl Searcher {
    pub const NAMES: &'static [&'static str] = &["auto", "alphabeta", "mcts", "greedy", "random"];

    pub fn name(self) -> &'static str {
        Self::NAMES[self as usize]
    }

    pub fn from_name(s: &str) -> Option<Searcher> {
        const ALL: [Searcher; 5] = [
            Searcher::Auto,
            Searcher::AlphaBeta,
            Searcher::Mcts,
            Searcher::Greedy,
            Searcher::Random,
        ];
        ALL.into_iter().find(|v| v.name().eq_ignore_ascii_case(s))
    }
}

/// Whose observations the information-set trees follow.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Observers {
    /// One tree for the searching player (SO-ISMCTS): opponents choose among their actions
    /// in each sampled truth, and chance branches on what the searching player sees.
    Single,
    /// One tree per player, each following that player's own observations (MO-ISMCTS): an
    /// opponent chooses from what it knows, not from what the searcher knows.
    #[default]
    Multiple,
}

/// Settings of the Monte Carlo tree searcher.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MctsConfig {
    /// The UCB exploration constant, in hundredths.
    pub exploration: u32,
    /// Plies a playout plays before the static evaluation scores it. `None`: the searcher's
    /// choice (the leaf's evaluation for games without chance or hidden information, or
    /// where the leaf is scored by a search; whole playouts to the end otherwise).
    pub playout_plies: Option<u32>,
    /// Playouts prefer tactical actions (the game's `order_score`) over uniform choice.
    pub guided: bool,
    pub observers: Observers,
    /// How a leaf (where the playout stops) is scored.
    pub leaf: Leaf,
    /// Information-set search trains the other players' trees only on worlds where the
    /// searching player's own secrets are drawn again from what they have seen
    /// (`Model::world_hiding_own`), and its own tree only on its own samples.
    pub hide_own: bool,
    /// Seed of the searcher's random numbers (playouts, samples), mixed with the position.
    pub seed: u64,
    /// Centipawns of a leaf's score that make odds of 10 to 1 in its reward (the logistic
    /// scale that turns scores into win probabilities); 0: the game's choice
    /// (`Evaluate::tree_defaults`).
    pub reward_scale: u32,
    /// Progressive widening of information-set search: a node opens a new action (the
    /// game's most urgent by `order_score`) only while it has tried fewer than 1 +
    /// `widening`/100 × √visits of the actions present; 0: every action is tried once
    /// before any twice. `None`: the game's choice.
    pub widening: Option<u32>,
    /// Information-set search stops its descent at the start of the other players' n-th
    /// turn and scores the leaf there (0: no limit). `None`: the game's choice.
    pub tree_turns: Option<u32>,
    /// Where the tree ends at the opponent's turn (`tree_turns`), a leaf search below a node
    /// of the searcher's tree with this many visits goes a ply deeper, and one more at each
    /// eightfold (two at most); 0: never. `None`: the game's choice.
    pub leaf_deepening: Option<u32>,
}

impl MctsConfig {
    /// Every setting left to the game (`None`, `Auto`, 0 for the reward scale) made the
    /// game's choice.
    pub fn resolve(&self, game: TreeDefaults) -> MctsConfig {
        MctsConfig {
            leaf: self.leaf.resolve(game.leaf),
            reward_scale: match self.reward_scale {
                0 => game.reward_scale.max(1),
                s => s,
            },
            widening: Some(self.widening.unwrap_or(game.widening)),
            tree_turns: Some(self.tree_turns.unwrap_or(game.tree_turns)),
            leaf_deepening: Some(self.leaf_deepening.unwrap_or(game.leaf_deepening)),
            ..self.clone()
        }
    }
}

impl Default for MctsConfig {
    fn default() -> Self {
        MctsConfig {
            exploration: 70,
            playout_plies: None,
            guided: true,
            observers: Observers::Multiple,
            leaf: Leaf::Auto,
            hide_own: false,
            seed: 0,
            reward_scale: 0,
            widening: None,
            tree_turns: None,
            leaf_deepening: None,
        }
    }
}

/// Flags the protocol thread sets while a search runs.
#[derive(Debug)]
pub struct SearchControl {
    /// Stop as soon as possible and report the best action found.
    pub stop: AtomicBool,
    /// While set, time limits do not apply (pondering); cleared by `ponderhit`.
    pub pondering: AtomicBool,
    /// Milliseconds since `start` at which `ponderhit` arrived (time is counted from there).
    pub ponderhit_at: AtomicU64,
    pub start: Instant,
}

impl SearchControl {
    pub fn new(pondering: bool) -> SearchControl {
        SearchControl {
            stop: AtomicBool::new(false),
            pondering: AtomicBool::new(pondering),
            ponderhit_at: AtomicU64::new(0),
            start: Instant::now(),
        }
    }

    pub fn stop(&self) {
        self.stop.store(true, Ordering::SeqCst);
    }

    pub fn stopped(&self) -> bool {
        self.stop.load(Ordering::Relaxed)
    }

    pub fn ponderhit(&self) {
        let ms = self.start.elapsed().as_millis() as u64;
        self.ponderhit_at.store(ms, Ordering::SeqCst);
        self.pondering.store(false, Ordering::SeqCst);
    }
}

/// A score as UCI prints it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Score {
    /// Centipawns from the side to move's point of view.
    Cp(i32),
    /// Mate in this many moves (negative: getting mated).
    Mate(i32),
}

/// One `info` report.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SearchInfo {
    pub depth: u32,
    pub seldepth: u32,
    pub multipv: u32,
    pub score: Score,
    pub nodes: u64,
    pub time_ms: u64,
    pub nps: u64,
    pub hashfull: u32,
    pub pv: Vec<String>,
    /// Free text, printed as `info string ...` (for example "solved position").
    pub note: Option<String>,
}

/// What a search returns: the whole turn to play (several actions when a turn has several),
/// an action to ponder on, and the score.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SearchOutput {
    pub turn: Vec<String>,
    pub ponder: Option<String>,
    pub score: Score,
    pub nodes: u64,
    pub depth: u32,
}
