//! The variant registry: the list of every game module's `INFO`. The protocol knows variants
//! only through this list; games never import it.

use crate::core::game::RuleError;
use crate::core::options::{OptionSpec, VariantOptions};
use crate::faces::session::AnyGame;
use crate::faces::variant::VariantInfo;
use crate::games;

/// Every registered variant, the default (`chess`) first.
pub fn variants() -> &'static [VariantInfo] {
    &[
        games::chess::INFO,
        games::tictacchess::INFO,
        games::turtleshell::INFO,
        games::tches::INFO,
        games::tiledsquares::INFO,
        games::adrenaline::INFO,
        games::booster::INFO,
        games::parade::INFO,
        games::neighbour::INFO,
        games::cloak::INFO,
    ]
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
