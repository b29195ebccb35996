//! Building a position from text: variant, options, FEN and moves. Shared by the protocol
//! loop and the command line so both accept exactly the same input.

use tessera::core::options::VariantOptions;
use tessera::faces::variant::VariantInfo;
use tessera::AnyGame;

use crate::plumbing::options;

/// Looks a variant up by name (case-insensitive) with a message listing the known ones.
pub fn find_variant(
    catalog: &'static [VariantInfo],
    name: &str,
) -> Result<&'static VariantInfo, String> {
    catalog
        .iter()
        .find(|v| v.name.eq_ignore_ascii_case(name))
        .ok_or_else(|| {
            let names: Vec<&str> = catalog.iter().map(|v| v.name).collect();
            if names.is_empty() {
                format!("unknown variant '{name}' (no variant is registered)")
            } else {
                format!("unknown variant '{name}' (known: {})", names.join(", "))
            }
        })
}

/// Splits `NAME=VALUE`.
pub fn split_pair(s: &str) -> Result<(&str, &str), String> {
    match s.split_once('=') {
        Some((n, v)) if !n.trim().is_empty() => Ok((n.trim(), v.trim())),
        _ => Err(format!("expected NAME=VALUE, not '{s}'")),
    }
}

/// Validates a variant option (or `UCI_Chess960`) and stores its canonical value in `opts`.
/// An option of a variant other than `selected` is checked too, when it is set, against the
/// first variant that declares it; `selected`'s own declaration comes first.
pub fn set_variant_option(
    catalog: &'static [VariantInfo],
    selected: &VariantInfo,
    opts: &mut VariantOptions,
    name: &str,
    value: &str,
) -> Result<(), String> {
    let spec = selected
        .options
        .iter()
        .find(|o| o.name.eq_ignore_ascii_case(name))
        .or_else(|| options::find_variant_option(catalog, name))
        .or_else(|| options::find_engine_option(name).filter(|s| s.name == "UCI_Chess960"))
        .ok_or_else(|| format!("unknown option '{name}'"))?;
    let v = options::validate(spec, value)?;
    opts.set(spec.name, &v);
    Ok(())
}

/// Plays space-separated moves (each a single action or a comma-joined turn) on a copy of
/// `game`; the copy is returned only when every move is legal.
pub fn play_moves<'a>(
    game: &dyn AnyGame,
    moves: impl IntoIterator<Item = &'a str>,
) -> Result<Box<dyn AnyGame>, String> {
    let mut g = game.boxed_clone();
    for (i, m) in moves.into_iter().enumerate() {
        g.play_str(m)
            .map_err(|e| format!("illegal move '{m}' (move {}): {e}", i + 1))?;
    }
    Ok(g)
}

/// A variant's position: start position or `fen`, then `moves`.
pub fn build_position(
    info: &'static VariantInfo,
    opts: &VariantOptions,
    fen: Option<&str>,
    moves: &str,
) -> Result<Box<dyn AnyGame>, String> {
    let mut g = (info.create)(opts).map_err(|e| format!("variant {}: {e}", info.name))?;
    if let Some(f) = fen {
        g.set_fen(f.trim())
            .map_err(|e| format!("bad FEN '{}': {e}", f.trim()))?;
    }
    play_moves(g.as_ref(), moves.split_whitespace())
}
