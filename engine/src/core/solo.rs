//! One-player games (solitaires): the score they end with, the bounds the solvers need, and
//! how a deal is made and shown.

use std::fmt;

use crate::core::game::{Evaluate, Game, Hidden, RuleError};
use crate::core::options::VariantOptions;
use crate::core::variant::Variant;

/// The score of a finished one-player game: points, and whether it was won. Scores order by
/// points, then a win above a loss with the same points.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct SoloScore {
    pub points: i32,
    pub won: bool,
}

impl SoloScore {
    pub fn won(points: i32) -> SoloScore {
        SoloScore { points, won: true }
    }

    pub fn lost(points: i32) -> SoloScore {
        SoloScore { points, won: false }
    }

    /// A dense order-preserving code (for priority queues): `points * 2 + won`, shifted to be
    /// non-negative for points above -100000.
    pub fn ord(self) -> u32 {
        ((self.points + 100_000) * 2 + self.won as i32) as u32
    }
}

impl fmt::Display for SoloScore {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{} ({})",
            self.points,
            if self.won { "won" } else { "lost" }
        )
    }
}

/// What the one-player searchers need of a game beyond its rules.
pub trait Solitaire: Game {
    /// The final score when the game is over by `terminal()`; `None` while it goes on.
    fn final_score(&self) -> Option<SoloScore>;

    /// The final score of a position with no legal action that `terminal()` does not end
    /// (a dead end).
    fn stuck_score(&self) -> SoloScore;

    /// An upper bound on the final score of every game that can follow from here: never below
    /// the best reachable score (admissible), and equal to the final score of a finished game.
    fn score_bound(&self) -> SoloScore;

    /// A cheaper admissible bound, used when a position is first generated; the solver
    /// computes `score_bound` only for positions it takes from its queue.
    fn quick_bound(&self) -> SoloScore {
        self.score_bound()
    }

    /// A key for duplicate detection: positions with equal keys have the same futures and the
    /// same scores (the default, the Zobrist key, distinguishes more than it must).
    fn solve_key(&self) -> u64 {
        self.key()
    }

    /// How many facts of the position (cards in a pile) are not known. The clairvoyant solver
    /// needs every one.
    fn unknowns(&self) -> usize {
        0
    }

    /// The final score if the game is over, by `terminal()` or for want of an action.
    fn result(&self) -> Option<SoloScore> {
        self.final_score().or_else(|| {
            if self.count_actions() == 0 {
                Some(self.stuck_score())
            } else {
                None
            }
        })
    }
}

/// A solitaire built from a deal.
pub trait Dealt: Solitaire + Evaluate + Hidden + Variant {
    /// The deal shuffled from `seed`, with the other options.
    fn from_seed(seed: u64, opts: &VariantOptions) -> Result<Self, RuleError>;
    /// The deal as text, as the `Deal` option takes it.
    fn deal_text(&self) -> String;
    /// The same deal played by a player who does not know the order of the cards.
    fn played_fairly(self) -> Self;
}
