//! The `EvalWeights` and `SearchParams` options: parameter tables read from a JSON file, or
//! given inline as the JSON itself (a value starting with `{`), for tuning and experiments.
//! Format: `tessera::core::param_table` and `docs/guide/tuning.md`.

use tessera::core::options::VariantOptions;
use tessera::core::param_table::{self, ParamFile, ParamTable};
use tessera::faces::variant::VariantInfo;
use tessera::search::params::SearchParams;
use tessera::AnyGame;

/// The text of a parameter option's value: the JSON itself, or the file it names; `None`
/// for an empty value (the defaults).
fn source(value: &str) -> Result<Option<String>, String> {
    let v = value.trim();
    if v.is_empty() || v == "<empty>" {
        return Ok(None);
    }
    if v.starts_with('{') {
        return Ok(Some(v.to_string()));
    }
    std::fs::read_to_string(v)
        .map(Some)
        .map_err(|e| format!("cannot read {v}: {e}"))
}

/// Reads a `SearchParams` value: the defaults with the named parameters replaced.
pub fn search_params(value: &str) -> Result<SearchParams, String> {
    let mut p = SearchParams::default();
    let Some(text) = source(value)? else {
        return Ok(p);
    };
    let file = param_table::parse_json(&text).map_err(|e| e.to_string())?;
    let names = param_table::names(&p);
    let mut v = param_table::values(&p);
    param_table::assign(&names, &mut v, &file.values).map_err(|e| format!("SearchParams: {e}"))?;
    param_table::set_values(&mut p, &v).map_err(|e| e.to_string())?;
    p.check().map_err(|e| e.to_string())?;
    Ok(p)
}

/// Evaluation weights for one variant.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct EvalWeights {
    pub variant: String,
    pub values: Vec<(String, i32)>,
}

/// Reads an `EvalWeights` value. A file that names no variant is for `current`. The weights
/// are checked on a fresh game of their variant.
pub fn eval_weights(
    catalog: &'static [VariantInfo],
    current: &str,
    vopts: &VariantOptions,
    value: &str,
) -> Result<Option<EvalWeights>, String> {
    let Some(text) = source(value)? else {
        return Ok(None);
    };
    let ParamFile { variant, values } =
        param_table::parse_json(&text).map_err(|e| e.to_string())?;
    let variant = variant.unwrap_or_else(|| current.to_string());
    let info = crate::setup::find_variant(catalog, &variant)?;
    let mut g = (info.create)(vopts).map_err(|e| e.to_string())?;
    g.set_eval_weights(&values)
        .map_err(|e| format!("EvalWeights for {}: {e}", info.name))?;
    Ok(Some(EvalWeights {
        variant: info.name.to_string(),
        values,
    }))
}

/// Applies the weights to `game` when they are for its variant; otherwise resets `game` to
/// its variant's default weights (taken from `fresh`, a new game of the same variant).
pub fn apply(
    game: &mut dyn AnyGame,
    fresh: &dyn AnyGame,
    weights: Option<&EvalWeights>,
) -> Result<(), String> {
    match weights {
        Some(w) if w.variant.eq_ignore_ascii_case(game.variant()) => {
            game.set_eval_weights(&w.values).map_err(|e| e.to_string())
        }
        _ => {
            let defaults = fresh.eval_weights();
            if defaults.is_empty() {
                Ok(())
            } else {
                game.set_eval_weights(&defaults).map_err(|e| e.to_string())
            }
        }
    }
}

/// A table written as a parameter file.
pub fn table_json(variant: Option<&str>, key: &str, t: &dyn ParamTable) -> String {
    param_table::to_json(
        variant,
        key,
        &param_table::names(t),
        &param_table::values(t),
    )
}

/// Applies an `EvalWeights` value to `game` directly (the command line's `--option`): the
/// weights must be for the game's variant.
pub fn apply_to(game: &mut dyn AnyGame, value: &str) -> Result<(), String> {
    let Some(text) = source(value)? else {
        return Ok(());
    };
    let file = param_table::parse_json(&text).map_err(|e| e.to_string())?;
    if let Some(v) = &file.variant {
        if !v.eq_ignore_ascii_case(game.variant()) {
            return Err(format!(
                "EvalWeights are for {v}, the position is {}",
                game.variant()
            ));
        }
    }
    game.set_eval_weights(&file.values)
        .map_err(|e| format!("EvalWeights: {e}"))
}
