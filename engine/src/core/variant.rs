//! What a game states about itself to be playable by name: its name, a summary, the options
//! it reads and how its start position is built from them. The registry (`faces::registry`)
//! lists the games by these; a game never sees the registry.

use crate::core::game::RuleError;
use crate::core::options::{OptionSpec, VariantOptions};

/// A game the protocol can select by name.
pub trait Variant: Sized {
    /// The name `UCI_Variant`, `variant` and `--variant` select it by.
    const NAME: &'static str;
    /// One line for variant lists.
    const SUMMARY: &'static str;
    /// The options the game reads (each name once; shared names mean the same everywhere).
    const OPTIONS: &'static [OptionSpec];

    /// The start position the options describe; contradicting options are an error.
    fn from_options(opts: &VariantOptions) -> Result<Self, RuleError>;
}

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
