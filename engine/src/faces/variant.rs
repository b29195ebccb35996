//! What a game module exports to be playable by name: its `INFO`. The registry is the list
//! of these entries and nothing more.

use crate::core::game::RuleError;
use crate::core::options::{OptionSpec, VariantOptions};
use crate::faces::session::AnyGame;

/// What a solver reports (for variants that can be solved).
#[derive(Clone, Debug)]
pub struct SolveReport {
    /// Human-readable lines: value, proof size, time, principal line.
    pub lines: Vec<String>,
}

/// How far a long solve has come, for a progress display: `done` of `total` (units the
/// solver chooses; `None` when the total is not known), and a short line of text.
#[derive(Clone, Debug)]
pub struct SolveProgress {
    pub done: u64,
    pub total: Option<u64>,
    pub message: String,
}

/// Computes the game-theoretic value of a variant's start position, reporting progress now
/// and then.
pub type SolveFn =
    fn(&VariantOptions, &mut dyn FnMut(&SolveProgress)) -> Result<SolveReport, RuleError>;

/// Builds a variant's start position from its options.
pub type CreateFn = fn(&VariantOptions) -> Result<Box<dyn AnyGame>, RuleError>;

/// A variant as the registry lists it; each game module exports one as `INFO`.
pub struct VariantInfo {
    pub name: &'static str,
    pub summary: &'static str,
    pub options: &'static [OptionSpec],
    pub create: CreateFn,
    /// Computes the game-theoretic value of the start position, where the variant can.
    pub solve: Option<SolveFn>,
}
