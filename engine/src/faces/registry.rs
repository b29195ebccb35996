//! The variant registry: every game, listed the same way (`VariantInfo::perfect`, `hidden` or
//! `solitaire`, from the game's `Variant` statement). The protocol knows variants only through
//! this list; games never import it.

use crate::core::game::RuleError;
use crate::core::options::{OptionSpec, VariantOptions};
use crate::faces::session::AnyGame;
use crate::faces::variant::VariantInfo;
use crate::games::adrenaline::Adrenaline;
use crate::games::booster::Booster;
use crate::games::chess::Chess;
use crate::games::cloak::Cloak;
use crate::games::neighbour::Neighbour;
use crate::games::parade::Parade;
use crate::games::tches::Tches;
use crate::games::tictacchess::{self, TicTacChess};
use crate::games::tiledsquares::TiledSquares;
use crate::games::turtleshell::TurtleShell;

/// Every registered variant, the default (`chess`) first.
pub fn variants() -> &'static [VariantInfo] {
    static VARIANTS: [VariantInfo; 10] = [
        VariantInfo::perfect::<Chess>(),
        VariantInfo::perfect::<TicTacChess>().solved_by(tictacchess::solver::solve),
        VariantInfo::perfect::<TurtleShell>(),
        VariantInfo::perfect::<Tches>(),
        VariantInfo::perfect::<TiledSquares>(),
        VariantInfo::perfect::<Adrenaline>(),
        VariantInfo::hidden::<Booster>(),
        VariantInfo::solitaire::<Parade>(),
        VariantInfo::solitaire::<Neighbour>(),
        VariantInfo::hidden::<Cloak>(),
    ];
    &VARIANTS
}

pub fn find(name: &str) -> Option<&'static VariantInfo> {
    variants()
        .iter()
        .find(|v| v.name.eq_ignore_ascii_case(name))
}

/// Builds a variant's start position with the given options.
pub fn create(name: &str, opts: &VariantOptions) -> Result<Box<dyn AnyGame>, RuleError> {
    let v = find(name).ok_or_else(|| {
        let names: Vec<&str> = variants().iter().map(|v| v.name).collect();
        RuleError::new(format!(
            "unknown variant '{name}' (known: {})",
            names.join(", ")
        ))
    })?;
    (v.create)(opts)
}

/// Every option of every variant, each name once (for the `uci` option list).
pub fn all_options() -> Vec<&'static OptionSpec> {
    let mut out: Vec<&'static OptionSpec> = Vec::new();
    for v in variants() {
        for o in v.options {
            if !out.iter().any(|x| x.name.eq_ignore_ascii_case(o.name)) {
                out.push(o);
            }
        }
    }
    out
}
