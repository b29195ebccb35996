//! `tessera tune texel`: fits a variant's evaluation weights to the results of games that
//! `tessera match` recorded (PGN), then puts the fitted table to an SPRT match against the
//! table it started from.

use std::path::PathBuf;

use clap::Args;
use tessera::core::options::VariantOptions;
use tessera::core::param_table;
use tessera::faces::registry;
use tessera::tune::texel::EpochReport;
use tessera::tune::{self, FitOptions, RecordedGame, SampleOptions, Split};
use tessera::AnyGame;

use super::accept::{conclude, sprt_match, AcceptArgs, MatchSettings};
use super::progress::Progress;
use super::{pair, pgn_read, set_threads, sibling, write};

#[derive(Args)]
pub struct TexelArgs {
    /// The variant whose evaluation is tuned.
    #[arg(long, default_value = "chess")]
    pub variant: String,
    /// A variant option NAME=VALUE (also sent to the engines of the acceptance match).
    #[arg(long = "option", value_name = "NAME=VALUE")]
    pub options: Vec<String>,
    /// PGN files of games of the variant (repeatable).
    #[arg(long, required = true)]
    pub pgn: Vec<PathBuf>,
    /// The weights to start from (default: the variant's own).
    #[arg(long)]
    pub init: Option<PathBuf>,
    /// Where the accepted table is written (only if the acceptance match accepts it). The
    /// fitted table is always written next to it as NAME.candidate.json.
    #[arg(long)]
    pub out: PathBuf,
    /// Turns at the start of each game that are not sampled.
    #[arg(long = "skip-turns", default_value_t = 8)]
    pub skip_turns: usize,
    /// At most this many positions per game, spread over the game (0: every turn).
    #[arg(long = "per-game", default_value_t = 0)]
    pub per_game: usize,
    /// Use at most this many games (the first ones).
    #[arg(long = "max-games")]
    pub max_games: Option<usize>,
    /// Fraction of the games held out to measure the fit.
    #[arg(long, default_value_t = 0.1)]
    pub validation: f64,
    #[arg(long, default_value_t = 2000)]
    pub epochs: usize,
    /// Adam's step in centipawns.
    #[arg(long, default_value_t = 1.0)]
    pub rate: f64,
    /// Stop after this many epochs without a better held-out loss.
    #[arg(long, default_value_t = 200)]
    pub patience: usize,
    /// Pull towards the start weights: l2 * sum((w - w0)^2) is added to the loss.
    #[arg(long, default_value_t = 0.0)]
    pub l2: f64,
    /// Collect and fit this many times, each pass starting from the last one's weights
    /// (refreshes the quiet positions and the evaluation's slope where it is not linear).
    #[arg(long, default_value_t = 1)]
    pub passes: usize,
    /// Keep the weights fewer training positions use than this fixed.
    #[arg(long = "min-support", default_value_t = 500)]
    pub min_support: usize,
    /// Keep the weights whose names start with this fixed (repeatable).
    #[arg(long, value_name = "PREFIX")]
    pub freeze: Vec<String>,
    /// Tune only the weights whose names start with this (repeatable).
    #[arg(long, value_name = "PREFIX")]
    pub only: Vec<String>,
    /// Weight of the game's result in what the fit predicts; the rest goes to the engine's
    /// own search score recorded with each move (1: results only, Texel's method as
    /// published).
    #[arg(long, default_value_t = 1.0)]
    pub lambda: f64,
    /// Print the losses every this many epochs (0: only at the end).
    #[arg(long = "log-every", default_value_t = 0)]
    pub log_every: usize,
    /// Worker threads for collecting samples and fitting (default: every core).
    #[arg(long)]
    pub threads: Option<usize>,
    #[command(flatten)]
    pub accept: AcceptArgs,
    #[command(flatten)]
    pub matches: MatchSettings,
}

/// The games of the variant in the PGN files whose results were earned on the board.
pub fn read_games(
    pgn: &[PathBuf],
    max_games: Option<usize>,
    variant: &str,
) -> Result<Vec<RecordedGame>, String> {
    let mut games = Vec::new();
    let (mut other, mut forfeits) = (0, 0);
    for path in pgn {
        let text = std::fs::read_to_string(path)
            .map_err(|e| format!("cannot read {}: {e}", path.display()))?;
        let pgn = pgn_read::read(&text).map_err(|e| format!("{}: {e}", path.display()))?;
        for g in pgn {
            if !g.variant().0.eq_ignore_ascii_case(variant) {
                other += 1;
            } else if !g.result_is_earned() {
                forfeits += 1;
            } else if let Some(r) = g.record() {
                games.push(r);
            }
        }
    }
    if other + forfeits > 0 {
        eprintln!(
            "left out {other} games of other variants and {forfeits} lost by a fault (time, crash, illegal move)"
        );
    }
    if let Some(m) = max_games {
        games.truncate(m);
    }
    if games.is_empty() {
        return Err(format!("no {variant} games with a result in the PGN files"));
    }
    Ok(games)
}

/// Reads a weights file for `game`'s variant.
fn read_weights(path: &std::path::Path, game: &dyn AnyGame) -> Result<Vec<(String, i32)>, String> {
    let text = std::fs::read_to_string(path)
        .map_err(|e| format!("cannot read {}: {e}", path.display()))?;
    let f = param_table::parse_json(&text).map_err(|e| format!("{}: {e}", path.display()))?;
    if let Some(v) = &f.variant {
        if !v.eq_ignore_ascii_case(game.variant()) {
            return Err(format!("{} holds weights for {v}", path.display()));
        }
    }
    Ok(f.values)
}

/// The pairs of `w` that differ from `base` (a compact engine option).
pub fn changed(w: &[(String, i32)], base: &[(String, i32)]) -> Vec<(String, i32)> {
    w.iter()
        .zip(base)
        .filter(|(a, b)| a.1 != b.1)
        .map(|(a, _)| a.clone())
        .collect()
}

pub fn run(a: TexelArgs) -> Result<(), String> {
    set_threads(a.threads)?;
    let variant_options = a
        .options
        .iter()
        .map(|o| pair(o))
        .collect::<Result<Vec<_>, _>>()?;
    let mut vopts = VariantOptions::new();
    for (k, v) in &variant_options {
        vopts.set(k, v);
    }
    let mut game = registry::create(&a.variant, &vopts).map_err(|e| e.to_string())?;
    let variant = game.variant();
    let defaults = game.eval_weights();
    if defaults.is_empty() {
        return Err(format!("{variant} has no evaluation weights to tune"));
    }
    if let Some(init) = &a.init {
        let w = read_weights(init, game.as_ref())?;
        game.set_eval_weights(&w).map_err(|e| e.to_string())?;
    }
    let start = game.eval_weights();
    let games = read_games(&a.pgn, a.max_games, variant)?;
    eprintln!("{} {variant} games", games.len());

    let names: Vec<String> = start.iter().map(|(n, _)| n.clone()).collect();
    let frozen: Vec<bool> = names
        .iter()
        .map(|n| {
            a.freeze.iter().any(|p| n.starts_with(p.as_str()))
                || (!a.only.is_empty() && !a.only.iter().any(|p| n.starts_with(p.as_str())))
        })
        .collect();
    let sample_opts = SampleOptions {
        skip_turns: a.skip_turns,
        per_game: a.per_game,
        ..SampleOptions::default()
    };
    let mut k = None;
    for pass in 1..=a.passes.max(1) {
        let mut bar = Progress::new(&format!("pass {pass}: positions"), games.len() as u64);
        let bar_cell = std::sync::Mutex::new(&mut bar);
        let set = game
            .tuning_samples(&games, &sample_opts, &|done| {
                if let Ok(mut b) = bar_cell.lock() {
                    b.set(done as u64, "");
                }
            })
            .map_err(|e| e.to_string())?;
        bar.finish(&format!("{} samples", set.len()));
        for u in set.unreadable.iter().take(5) {
            eprintln!("unreadable {u}");
        }
        if set.unreadable.len() > 5 {
            eprintln!("... {} unreadable games in all", set.unreadable.len());
        }
        println!(
            "pass {pass}: {} games, {} positions, {} samples ({} decided or beyond the evaluation cap)",
            set.games - set.unreadable.len(),
            set.positions,
            set.len(),
            set.dropped
        );
        if set.len() < 100 {
            return Err(format!("only {} samples: too few to fit", set.len()));
        }
        let mut set = set;
        let split = Split::by_game(&set, a.validation.clamp(0.0, 0.5));
        let kk = *k.get_or_insert_with(|| tune::fit_k(&set, &split.train));
        if a.lambda < 1.0 {
            set.blend(kk, a.lambda.clamp(0.0, 1.0));
        }
        let opts = FitOptions {
            epochs: a.epochs,
            rate: a.rate,
            patience: a.patience,
            frozen: frozen.clone(),
            l2: a.l2,
            min_support: a.min_support,
        };
        let mut bar = Progress::new(&format!("pass {pass}: epochs"), a.epochs as u64);
        let log_every = a.log_every;
        let fit = tune::fit(&set, &split, kk, &opts, &mut |e: &EpochReport| {
            if log_every > 0 && e.epoch.is_multiple_of(log_every) {
                eprintln!(
                    "epoch {}: train {:.6} held-out {:.6}",
                    e.epoch, e.train, e.valid
                );
            }
            bar.epoch(e);
        });
        bar.finish(&format!("best held-out loss {:.6}", fit.best_valid));
        let rounded: Vec<f64> = fit.weights.iter().map(|w| w.round()).collect();
        println!(
            "pass {pass}: K {kk:.4}; loss train {:.6} -> {:.6}, held-out {:.6} -> {:.6} \
             (best at epoch {} of {}; {} training, {} held-out samples; {} weights held for \
             fewer than {} positions)",
            fit.start_train,
            tune::loss(&set, &split.train, &rounded, kk),
            fit.start_valid,
            tune::loss(&set, &split.valid, &rounded, kk),
            fit.best_epoch,
            fit.epochs,
            split.train.len(),
            split.valid.len(),
            fit.unsupported,
            a.min_support
        );
        let pairs: Vec<(String, i32)> = names
            .iter()
            .cloned()
            .zip(rounded.iter().map(|&w| w as i32))
            .collect();
        game.set_eval_weights(&pairs).map_err(|e| e.to_string())?;
    }

    let tuned = game.eval_weights();
    print_changes(&start, &tuned);
    let values: Vec<i32> = tuned.iter().map(|(_, v)| *v).collect();
    let text = param_table::to_json(Some(variant), "weights", &names, &values);
    let candidate = sibling(&a.out, "candidate");
    write(&candidate, &text)?;
    println!("fitted table: {}", candidate.display());

    if a.accept.no_sprt {
        write(&a.out, &text)?;
        println!("written without an acceptance match: {}", a.out.display());
        return Ok(());
    }
    let inline = |w: &[(String, i32)]| -> Vec<(String, String)> {
        let c = changed(w, &defaults);
        if c.is_empty() {
            Vec::new()
        } else {
            vec![("EvalWeights".to_string(), param_table::inline_json(&c))]
        }
    };
    let r = sprt_match(
        "acceptance",
        variant,
        &variant_options,
        &inline(&tuned),
        &inline(&start),
        &a.matches,
        &a.accept,
    )?;
    conclude(&r, &a.out, || write(&a.out, &text))
}

/// Prints the largest changes.
fn print_changes(start: &[(String, i32)], tuned: &[(String, i32)]) {
    let mut d: Vec<(&str, i32, i32)> = start
        .iter()
        .zip(tuned)
        .filter(|(a, b)| a.1 != b.1)
        .map(|(a, b)| (a.0.as_str(), a.1, b.1))
        .collect();
    println!("{} of {} weights changed", d.len(), start.len());
    d.sort_by_key(|(_, a, b)| std::cmp::Reverse((b - a).abs()));
    for (n, a, b) in d.iter().take(12) {
        println!("  {n}: {a} -> {b}");
    }
}
