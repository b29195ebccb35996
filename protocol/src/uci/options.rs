//! The `option` lines the `uci` command prints.

use tessera::core::options::{OptionKind, OptionSpec};
use tessera::faces::variant::VariantInfo;

use crate::plumbing::options::VARIANT_OPTION;

/// The `option name ...` line the `uci` command prints for one option.
pub fn uci_line(spec: &OptionSpec) -> String {
    let name = spec.name;
    match &spec.kind {
        OptionKind::Check { default } => format!("option name {name} type check default {default}"),
        OptionKind::Spin { default, min, max } => {
            format!("option name {name} type spin default {default} min {min} max {max}")
        }
        OptionKind::Combo { default, values } => {
            let vars: String = values.iter().map(|v| format!(" var {v}")).collect();
            format!("option name {name} type combo default {default}{vars}")
        }
        OptionKind::Text { default } => {
            let d = if default.is_empty() {
                "<empty>"
            } else {
                default
            };
            format!("option name {name} type string default {d}")
        }
    }
}

/// The `UCI_Variant` combo line for the variants of `catalog`.
pub fn variant_line(catalog: &[VariantInfo]) -> String {
    let default = catalog.first().map(|v| v.name).unwrap_or("chess");
    let vars: String = catalog.iter().map(|v| format!(" var {}", v.name)).collect();
    format!("option name {VARIANT_OPTION} type combo default {default}{vars}")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn combo_lines_list_every_value() {
        let search = crate::plumbing::options::find_engine_option("Search").unwrap();
        assert_eq!(
            uci_line(search),
            "option name Search type combo default auto var auto var alphabeta var mcts var \
             greedy var random"
        );
    }
}
