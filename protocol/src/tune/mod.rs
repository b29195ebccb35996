//! `tessera tune`: evaluation weights fitted to game results (Texel's method) and search
//! parameters tuned by self-play (SPSA). Every table a tuner produces is accepted only after
//! an SPRT match against the table it started from.

mod accept;
mod cluster;
mod matches;
mod nnue;
mod pgn_read;
mod progress;
mod spsa;
mod texel;

use clap::{Args, Subcommand};

#[derive(Args)]
pub struct TuneArgs {
    #[command(subcommand)]
    pub command: TuneCommand,
}

#[derive(Subcommand)]
pub enum TuneCommand {
    /// Fit the evaluation weights to the results of recorded games (Texel's method).
    Texel(texel::TexelArgs),
    /// Tune the search parameters by self-play matches (SPSA).
    Spsa(spsa::SpsaArgs),
    /// Train a chess network on the quiet positions of recorded games (NNUE-style).
    Nnue(nnue::NnueArgs),
}

pub fn run(a: TuneArgs) -> Result<(), String> {
    match a.command {
        TuneCommand::Texel(t) => texel::run(t),
        TuneCommand::Spsa(s) => spsa::run(s),
        TuneCommand::Nnue(n) => nnue::run(n),
    }
}

/// Parses `NAME=VALUE`.
fn pair(s: &str) -> Result<(String, String), String> {
    match s.split_once('=') {
        Some((k, v)) if !k.trim().is_empty() => Ok((k.trim().to_string(), v.trim().to_string())),
        _ => Err(format!("expected NAME=VALUE, not '{s}'")),
    }
}

/// A table's file next to `out`: `weights.json` -> `weights.candidate.json`.
fn sibling(out: &std::path::Path, tag: &str) -> std::path::PathBuf {
    let stem = out
        .file_stem()
        .map(|s| s.to_string_lossy().into_owned())
        .unwrap_or_else(|| "table".into());
    let ext = out
        .extension()
        .map(|e| e.to_string_lossy().into_owned())
        .unwrap_or_else(|| "json".into());
    out.with_file_name(format!("{stem}.{tag}.{ext}"))
}

fn write(path: &std::path::Path, text: &str) -> Result<(), String> {
    std::fs::write(path, text).map_err(|e| format!("cannot write {}: {e}", path.display()))
}

/// Sets the number of worker threads of the fits and sample collection (rayon's pool).
fn set_threads(threads: Option<usize>) -> Result<(), String> {
    if let Some(t) = threads {
        rayon::ThreadPoolBuilder::new()
            .num_threads(t.max(1))
            .build_global()
            .map_err(|e| format!("--threads: {e}"))?;
    }
    Ok(())
}
