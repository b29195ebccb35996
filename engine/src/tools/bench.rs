//! The fixed search benchmark behind `tessera bench`: a list of positions, each searched to a
//! fixed depth by one thread with a fresh table, counting nodes and time. Positions are given
//! as `(variant, fen)` so that any registered variant can join the list; the default list is
//! `crate::tools::bench_positions::POSITIONS`, outside the searchers, which name no variant.

use std::time::{Duration, Instant};

use crate::core::game::RuleError;
use crate::core::options::VariantOptions;
use crate::faces::registry;
use crate::search::tt::TranspositionTable;
use crate::search::types::{Limits, SearchConfig, SearchControl};

pub const DEFAULT_DEPTH: u32 = 11;

/// Nodes searched in one position.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BenchLine {
    pub variant: String,
    pub fen: String,
    pub nodes: u64,
    /// The depth the search reported (alpha-beta: the last completed iteration; tree search:
    /// the length of its principal line).
    pub depth: u32,
    pub best: Vec<String>,
}

#[derive(Clone, Debug)]
pub struct BenchResult {
    pub lines: Vec<BenchLine>,
    pub nodes: u64,
    pub elapsed: Duration,
}

impl BenchResult {
    pub fn nps(&self) -> u64 {
        (self.nodes as u128 * 1000 / self.elapsed.as_millis().max(1)) as u64
    }
}

/// Searches every position to `depth` with one thread and a fresh `hash_mb` table each.
/// Fails on an unknown variant or a bad FEN, before searching anything.
pub fn bench(
    positions: &[(&str, &str)],
    depth: u32,
    hash_mb: usize,
) -> Result<BenchResult, RuleError> {
    bench_options(positions, depth, hash_mb, &VariantOptions::new())
}

/// `bench` with variant options (each variant reads the ones it has: `EvalNet` for chess).
pub fn bench_options(
    positions: &[(&str, &str)],
    depth: u32,
    hash_mb: usize,
    vopts: &VariantOptions,
) -> Result<BenchResult, RuleError> {
    let cfg = SearchConfig {
        threads: 1,
        multipv: 1,
        move_overhead: 0,
        ..SearchConfig::default()
    };
    bench_with(positions, &Limits::depth(depth), &cfg, hash_mb, vopts)
}

/// The default playouts per position of the MCTS benchmark.
pub const DEFAULT_PLAYOUTS: u64 = 20_000;

/// The MCTS benchmark: `playouts` iterations of the tree search from every position, one
/// thread; its nodes are playouts (iterations).
pub fn bench_mcts(
    positions: &[(&str, &str)],
    playouts: u64,
    hash_mb: usize,
) -> Result<BenchResult, RuleError> {
    let cfg = SearchConfig {
        threads: 1,
        move_overhead: 0,
        searcher: crate::search::Searcher::Mcts,
        ..SearchConfig::default()
    };
    let limits = Limits {
        nodes: Some(playouts),
        ..Limits::default()
    };
    bench_with(positions, &limits, &cfg, hash_mb, &VariantOptions::new())
}

/// Searches every position with `limits` and `cfg`, each with a fresh `hash_mb` table.
/// Fails on an unknown variant or a bad FEN, before searching anything.
pub fn bench_with(
    positions: &[(&str, &str)],
    limits: &Limits,
    cfg: &SearchConfig,
    hash_mb: usize,
    vopts: &VariantOptions,
) -> Result<BenchResult, RuleError> {
    let mut games = Vec::with_capacity(positions.len());
    for &(variant, fen) in positions {
        let mut g = registry::create(variant, vopts)?;
        g.set_fen(fen)
            .map_err(|e| RuleError::new(format!("{variant} '{fen}': {e}")))?;
        games.push((variant, fen, g));
    }
    let mut lines = Vec::with_capacity(games.len());
    let mut elapsed = Duration::ZERO;
    let mut nodes = 0;
    for (variant, fen, mut g) in games {
        let tt = TranspositionTable::new(hash_mb);
        let ctl = SearchControl::new(false);
        let t = Instant::now();
        let out = g.search(limits, cfg, &ctl, &tt, &mut |_| {});
        elapsed += t.elapsed();
        nodes += out.nodes;
        lines.push(BenchLine {
            variant: variant.to_string(),
            fen: fen.to_string(),
            nodes: out.nodes,
            depth: out.depth,
            best: out.turn,
        });
    }
    Ok(BenchResult {
        lines,
        nodes,
        elapsed,
    })
}
