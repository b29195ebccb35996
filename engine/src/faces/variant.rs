//! A registry entry: a game's `Variant` statement plus how its text face is built. Every
//! game is listed the same way: `VariantInfo::perfect::<G>()` for games of perfect
//! information, `hidden::<G>()` for hidden information or chance, `solitaire::<G>()` for
//! the one-player card games, each optionally `.solved_by(..)`.

use crate::core::game::{Evaluate, Hidden, RuleError};
use crate::core::options::{OptionSpec, VariantOptions};
use crate::core::solo::Dealt;
use crate::core::variant::Variant;
pub use crate::core::variant::{SolveFn, SolveProgress, SolveReport};
use crate::faces::hidden_session::HiddenSession;
use crate::faces::session::{AnyGame, Session};
use crate::faces::solo;

/// Builds a variant's start position from its options.
pub type CreateFn = fn(&VariantOptions) -> Result<Box<dyn AnyGame>, RuleError>;

/// A variant as the registry lists it.
pub struct VariantInfo {
    pub name: &'static str,
    pub summary: &'static str,
    pub options: &'static [OptionSpec],
    pub create: CreateFn,
    /// Computes the game-theoretic value of the start position, where the variant can.
    pub solve: Option<SolveFn>,
}

impl VariantInfo {
    const fn with<G: Variant>(create: CreateFn) -> VariantInfo {
        VariantInfo {
            name: G::NAME,
            summary: G::SUMMARY,
            options: G::OPTIONS,
            create,
            solve: None,
        }
    }

    /// A game of perfect information, played through `Session`.
    pub const fn perfect<G: Variant + Evaluate>() -> VariantInfo {
        VariantInfo::with::<G>(create_perfect::<G>)
    }

    /// A game with hidden information or chance, played through `HiddenSession`.
    pub const fn hidden<G: Variant + Evaluate + Hidden>() -> VariantInfo {
        VariantInfo::with::<G>(create_hidden::<G>)
    }

    /// A one-player card game: played by the fair player, solved by the clairvoyant solver,
    /// and compared over many deals by `tessera solve`.
    pub const fn solitaire<G: Variant + Dealt>() -> VariantInfo {
        VariantInfo {
            solve: Some(solo::study::<G>),
            ..VariantInfo::with::<G>(solo::create::<G>)
        }
    }

    /// The same entry with a solver for its start position.
    pub const fn solved_by(self, solve: SolveFn) -> VariantInfo {
        VariantInfo {
            solve: Some(solve),
            ..self
        }
    }
}

fn create_perfect<G: Variant + Evaluate>(
    opts: &VariantOptions,
) -> Result<Box<dyn AnyGame>, RuleError> {
    Ok(Session::boxed(G::from_options(opts)?))
}

fn create_hidden<G: Variant + Evaluate + Hidden>(
    opts: &VariantOptions,
) -> Result<Box<dyn AnyGame>, RuleError> {
    Ok(HiddenSession::boxed(G::from_options(opts)?))
}
