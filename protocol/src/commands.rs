//! The one-shot subcommands: analyse, perft, bench, solve, render.

use std::sync::Arc;
use std::time::Instant;

use clap::Args;
use tessera::core::options::VariantOptions;
use tessera::faces::registry;
use tessera::faces::variant::VariantInfo;
use tessera::search::tt::TranspositionTable;
use tessera::search::{Limits, SearchConfig, SearchControl, SearchInfo};
use tessera::tools::render::{LastTurn, RenderOptions};
use tessera::AnyGame;

use tessera_protocol::params;
use tessera_protocol::setup;

use crate::print::outln;
use crate::progress;
use tessera_protocol::plumbing::options;
use tessera_protocol::plumbing::search::search_blocking;
use tessera_protocol::uci::report::{info_lines, score_text};
use tessera_protocol::uci::search_thread;

/// Engine options given as `--option NAME=VALUE`, validated, canonical names.
type EngineOptions = Vec<(String, String)>;

/// Where a position comes from: variant, options, FEN, moves.
#[derive(Args)]
pub struct PositionArgs {
    /// Variant name (see `tessera uci` then `variants`).
    #[arg(long, default_value = "chess")]
    pub variant: String,
    /// Start from this position instead of the variant's start position.
    #[arg(long)]
    pub fen: Option<String>,
    /// Moves to play first, space-separated; a turn of several actions is comma-joined.
    #[arg(long, default_value = "")]
    pub moves: String,
    /// A variant option (or an engine option for analyse), repeatable.
    #[arg(long = "option", value_name = "NAME=VALUE")]
    pub options: Vec<String>,
}

impl PositionArgs {
    /// Builds the position; engine options are handed back for the caller to apply.
    fn build(&self) -> Result<(Box<dyn AnyGame>, EngineOptions), String> {
        let catalog = registry::variants();
        let info = setup::find_variant(catalog, &self.variant)?;
        let mut vopts = VariantOptions::new();
        let mut engine_opts = Vec::new();
        for o in &self.options {
            let (name, value) = setup::split_pair(o)?;
            match options::find_engine_option(name) {
                Some(spec) if spec.name != "UCI_Chess960" => {
                    let v = options::validate(spec, value)?;
                    engine_opts.push((spec.name.to_string(), v));
                }
                _ => setup::set_variant_option(catalog, info, &mut vopts, name, value)?,
            }
        }
        let g = setup::build_position(info, &vopts, self.fen.as_deref(), &self.moves)?;
        Ok((g, engine_opts))
    }

    fn variant_info(&self) -> Result<&'static VariantInfo, String> {
        setup::find_variant(registry::variants(), &self.variant)
    }
}

#[derive(Args)]
pub struct AnalyseArgs {
    #[command(flatten)]
    pub pos: PositionArgs,
    /// Search to this depth (plies).
    #[arg(long, conflicts_with = "movetime")]
    pub depth: Option<u32>,
    /// Search for this many milliseconds (default 3000 when no depth is given).
    #[arg(long)]
    pub movetime: Option<u64>,
    /// Search threads (Lazy SMP), 1 to 256 (default 1).
    #[arg(long)]
    pub threads: Option<usize>,
    /// Transposition table size in MB.
    #[arg(long)]
    pub hash: Option<usize>,
}

#[derive(Args)]
pub struct PerftArgs {
    #[command(flatten)]
    pub pos: PositionArgs,
    /// Length of the counted sequences in actions (plies), 0 to 30.
    #[arg(long)]
    pub depth: u32,
    /// Print the count below each first action (each first turn with --turns).
    #[arg(long)]
    pub divide: bool,
    /// Count complete turns instead of actions: the depth is in turns, and each distinct
    /// sequence of actions making up a turn counts once (equal to plain perft where a turn
    /// is one action).
    #[arg(long)]
    pub turns: bool,
}

#[derive(Args)]
pub struct BenchArgs {
    /// Search every position to this depth (plies).
    #[arg(long)]
    pub depth: Option<u32>,
    /// Search threads (Lazy SMP), 1 to 256.
    #[arg(long)]
    pub threads: Option<usize>,
    /// The searcher: alphabeta (nodes per second) or mcts (playouts per second); with
    /// `--movetime` also auto (each variant's own choice, as `Search auto`).
    #[arg(long, default_value = "alphabeta")]
    pub search: String,
    /// Playouts per position for `--search mcts`.
    #[arg(long)]
    pub playouts: Option<u64>,
    /// With `--search mcts`: this variant's position (`--fen`) instead of the bench list; a
    /// hidden game's view-FEN measures information-set MCTS from that view.
    #[arg(long)]
    pub variant: Option<String>,
    /// The position for `--variant`.
    #[arg(long)]
    pub fen: Option<String>,
    /// Time to depth: search each variant's start position and bench positions (every
    /// variant, or `--variant`'s) for this many milliseconds each, and report nodes, nodes a
    /// second and the depth reached.
    #[arg(long, value_name = "MS")]
    pub movetime: Option<u64>,
    /// A variant option NAME=VALUE for the bench positions of the variants that have it
    /// (`EvalNet=net.nnue`: chess evaluated by a network); repeatable.
    #[arg(long = "option", value_name = "NAME=VALUE")]
    pub options: Vec<String>,
}

#[derive(Args)]
pub struct SolveArgs {
    /// The variant to solve (the `variants` command of the protocol marks those with a
    /// solver `[solvable]`).
    #[arg(long)]
    pub variant: String,
    /// A variant option, repeatable.
    #[arg(long = "option", value_name = "NAME=VALUE")]
    pub options: Vec<String>,
    /// Card games: the deck order, top card first (the option `Deal`).
    #[arg(long)]
    pub deal: Option<String>,
    /// Card games: the seed of a shuffled deal, or of the first of `--deals` (`DealSeed`).
    #[arg(long)]
    pub seed: Option<u64>,
    /// Card games: compare the solver and reference players over this many seeded deals
    /// (`Deals`).
    #[arg(long)]
    pub deals: Option<u64>,
    /// Seconds the solver may spend (per deal) (`SolveSeconds`).
    #[arg(long)]
    pub seconds: Option<u64>,
    /// Megabytes the solver may use (per deal) (`SolveMB`).
    #[arg(long)]
    pub memory: Option<u64>,
}

impl SolveArgs {
    /// Every option given, the flags as the options they stand for.
    fn option_pairs(&self) -> Vec<(String, String)> {
        let mut pairs = Vec::new();
        let flags = [
            ("Deal", self.deal.clone()),
            ("DealSeed", self.seed.map(|v| v.to_string())),
            ("Deals", self.deals.map(|v| v.to_string())),
            ("SolveSeconds", self.seconds.map(|v| v.to_string())),
            ("SolveMB", self.memory.map(|v| v.to_string())),
        ];
        for (name, value) in flags {
            if let Some(v) = value {
                pairs.push((name.to_string(), v));
            }
        }
        pairs
    }
}

#[derive(Args)]
pub struct RenderArgs {
    #[command(flatten)]
    pub pos: PositionArgs,
    /// Draw this action as an arrow.
    #[arg(long)]
    pub arrow: Option<String>,
    /// Highlight the cells the piece on this cell can reach.
    #[arg(long)]
    pub targets: Option<String>,
    /// Write the cell names in the cells.
    #[arg(long)]
    pub names: bool,
    /// Mark the cells of this turn (comma-joined actions, as played) as the last turn.
    #[arg(long)]
    pub last: Option<String>,
    /// Turn the board round: Black's side at the bottom.
    #[arg(long)]
    pub flip: bool,
    /// The SVG file to write.
    #[arg(long)]
    pub out: std::path::PathBuf,
}

fn engine_value(engine_opts: &[(String, String)], name: &str) -> Option<usize> {
    engine_opts
        .iter()
        .rev()
        .find(|(n, _)| n == name)
        .and_then(|(_, v)| v.parse().ok())
}

fn checked(name: &str, v: usize) -> Result<usize, String> {
    let spec = options::find_engine_option(name).ok_or("unknown option")?;
    options::validate(spec, &v.to_string())?;
    Ok(v)
}

fn engine_text<'a>(engine_opts: &'a [(String, String)], name: &str) -> Option<&'a str> {
    engine_opts
        .iter()
        .rev()
        .find(|(n, _)| n == name)
        .map(|(_, v)| v.as_str())
}

pub fn analyse(a: AnalyseArgs) -> Result<(), String> {
    let (mut game, engine_opts) = a.pos.build()?;
    if let Some(w) = engine_text(&engine_opts, "EvalWeights") {
        params::apply_to(game.as_mut(), w)?;
    }
    let mut cfg = SearchConfig::default();
    for (name, value) in &engine_opts {
        options::set_search_option(&mut cfg, name, value);
    }
    if let Some(p) = engine_text(&engine_opts, "SearchParams") {
        cfg.params = params::search_params(p)?;
    }
    if let Some(t) = a.threads {
        cfg.threads = checked("Threads", t)?;
    }
    let hash = match a.hash {
        Some(h) => checked("Hash", h)?,
        None => engine_value(&engine_opts, "Hash").unwrap_or(options::DEFAULT_HASH_MB as usize),
    };
    if let Some(o) = game.outcome() {
        outln!("info string game over: {o}");
        outln!("bestmove (none)");
        return Ok(());
    }
    game.searchable().map_err(|e| e.to_string())?;
    let limits = match (a.depth, a.movetime) {
        (Some(d), _) => Limits::depth(d.max(1)),
        (None, m) => Limits {
            movetime: Some(m.unwrap_or(3000).max(1)),
            ..Limits::default()
        },
    };
    options::check_hash_fits(hash)?;
    let tt = TranspositionTable::new(hash);
    let ctl = Arc::new(SearchControl::new(false));
    let mut last: Option<SearchInfo> = None;
    let result = search_blocking(game.as_ref(), &limits, &cfg, &ctl, &tt, &mut |i| {
        for l in info_lines(i) {
            outln!("{l}");
        }
        if i.multipv <= 1 && !i.pv.is_empty() {
            last = Some(i.clone());
        }
    });
    let answer = search_thread::answer(game.as_ref(), result.as_ref(), &limits);
    let (notes, best) = answer.split_at(answer.len() - 1);
    for n in notes {
        outln!("{n}");
    }
    // The ponder action is for GUIs; the summary line shows the turn, score and line.
    let mut line = best[0]
        .split(" ponder ")
        .next()
        .unwrap_or_default()
        .to_string();
    let score = last
        .as_ref()
        .map(|i| i.score)
        .or(result.as_ref().map(|r| r.score));
    if let Some(s) = score {
        line.push_str(&format!(" score {}", score_text(s)));
    }
    if let Some(i) = last.filter(|_| notes.is_empty()) {
        line.push_str(&format!(" pv {}", i.pv.join(" ")));
    }
    outln!("{line}");
    Ok(())
}

pub fn perft(a: PerftArgs) -> Result<(), String> {
    if a.depth > tessera_protocol::uci::parse::MAX_PERFT_DEPTH {
        return Err(format!(
            "depth must be at most {}",
            tessera_protocol::uci::parse::MAX_PERFT_DEPTH
        ));
    }
    let (mut game, _) = a.pos.build()?;
    let t0 = Instant::now();
    let nodes = if a.depth == 0 {
        game.perft(0)
    } else {
        // Counted first action by first action, so that a long count shows its progress.
        let bar = progress::bar(game.legal_actions().len() as u64);
        let mut total = 0;
        let never = std::sync::atomic::AtomicBool::new(false);
        let mut each = |m: &str, n: u64| {
            if a.divide {
                bar.suspend(|| outln!("{m}: {n}"));
            }
            bar.inc(1);
            bar.set_message(format!("{m}: {n}"));
            total += n;
        };
        if a.turns {
            game.divide_turns_until(a.depth, &never, &mut each);
        } else {
            game.divide_until(a.depth, &never, &mut each);
        }
        bar.finish_and_clear();
        if a.divide {
            outln!();
        }
        total
    };
    let secs = t0.elapsed().as_secs_f64();
    if a.turns {
        outln!("Turns counted: {nodes}");
    } else {
        outln!("Nodes searched: {nodes}");
    }
    outln!("Time: {} ms", (secs * 1000.0).round() as u64);
    outln!(
        "Nodes/second: {}",
        (nodes as f64 / secs.max(1e-9)).round() as u64
    );
    Ok(())
}

pub fn bench(a: BenchArgs) -> Result<(), String> {
    use tessera::tools::bench::{self as sb, BenchLine, DEFAULT_DEPTH};
    use tessera::tools::bench_positions::POSITIONS;
    if a.movetime.is_some() {
        return bench_time(&a);
    }
    match a.search.as_str() {
        "alphabeta" => {}
        "mcts" => return bench_mcts(&a),
        other => return Err(format!("--search takes alphabeta or mcts, not '{other}'")),
    }
    if a.fen.is_some() {
        return Err("--fen goes with --search mcts".into());
    }
    // `--variant` keeps that variant's positions only.
    let kept: Vec<(&str, &str)> = POSITIONS
        .iter()
        .copied()
        .filter(|(v, _)| {
            a.variant
                .as_deref()
                .is_none_or(|w| w.eq_ignore_ascii_case(v))
        })
        .collect();
    if kept.is_empty() {
        return Err(format!(
            "no bench position is of variant '{}'",
            a.variant.as_deref().unwrap_or("")
        ));
    }
    let vopts = bench_options(&a.options, &kept)?;
    let depth = a.depth.unwrap_or(DEFAULT_DEPTH).max(1);
    let threads = match a.threads {
        Some(t) => checked("Threads", t)?,
        None => 1,
    };
    let hash = options::DEFAULT_HASH_MB as usize;
    let (lines, nodes, elapsed) = if threads == 1 {
        let r = sb::bench_options(&kept, depth, hash, &vopts).map_err(|e| e.to_string())?;
        let nodes = r.nodes;
        (r.lines, nodes, r.elapsed)
    } else {
        // The library's bench is single-threaded by definition; with several threads the same
        // positions are searched the same way, each with a fresh table.
        let cfg = SearchConfig {
            threads,
            ..SearchConfig::default()
        };
        let mut games = Vec::new();
        for &(variant, fen) in &kept {
            let info = setup::find_variant(registry::variants(), variant)?;
            games.push((
                variant,
                fen,
                setup::build_position(info, &vopts, Some(fen), "")?,
            ));
        }
        let mut lines = Vec::new();
        let mut nodes = 0;
        let mut elapsed = std::time::Duration::ZERO;
        for (variant, fen, game) in games {
            let tt = TranspositionTable::new(hash);
            let ctl = Arc::new(SearchControl::new(false));
            let t0 = Instant::now();
            let out = search_blocking(
                game.as_ref(),
                &Limits::depth(depth),
                &cfg,
                &ctl,
                &tt,
                &mut |_| {},
            )
            .ok_or("the search failed")?;
            elapsed += t0.elapsed();
            nodes += out.nodes;
            lines.push(BenchLine {
                variant: variant.to_string(),
                fen: fen.to_string(),
                nodes: out.nodes,
                depth: out.depth,
                best: out.turn,
            });
        }
        (lines, nodes, elapsed)
    };
    let n = lines.len();
    for (i, l) in lines.iter().enumerate() {
        outln!(
            "Position {}/{n} ({} {}): nodes {} bestmove {}",
            i + 1,
            l.variant,
            l.fen,
            l.nodes,
            l.best.join(",")
        );
    }
    let ms = elapsed.as_millis().max(1);
    outln!();
    outln!("Total time (ms) : {ms}");
    outln!("Nodes searched: {nodes}");
    outln!("Nodes/second: {}", nodes as u128 * 1000 / ms);
    Ok(())
}

/// The bench's `--option` values, each checked against a variant of the positions that
/// has it.
fn bench_options(pairs: &[String], positions: &[(&str, &str)]) -> Result<VariantOptions, String> {
    let mut vopts = VariantOptions::new();
    for p in pairs {
        let (name, value) = p
            .split_once('=')
            .ok_or_else(|| format!("--option takes NAME=VALUE, not '{p}'"))?;
        let spec = positions
            .iter()
            .filter_map(|(v, _)| setup::find_variant(registry::variants(), v).ok())
            .flat_map(|info| info.options.iter())
            .find(|o| o.name.eq_ignore_ascii_case(name.trim()))
            .ok_or_else(|| format!("no bench variant has an option '{}'", name.trim()))?;
        // `validate` runs the option's own check too (a network file must load).
        let v = spec.validate(value.trim()).map_err(|e| e.to_string())?;
        vopts.set(spec.name, &v);
    }
    Ok(vopts)
}

/// `tessera bench --movetime MS`: how deep each variant's searcher gets in a fixed time,
/// from its start position and its bench positions, one thread, a fresh table each.
fn bench_time(a: &BenchArgs) -> Result<(), String> {
    use tessera::tools::bench::bench_with;
    use tessera::tools::bench_positions::POSITIONS;
    let ms = a.movetime.unwrap_or(0);
    if !(1..=3_600_000).contains(&ms) {
        return Err("--movetime takes 1 to 3600000 milliseconds".into());
    }
    if a.depth.is_some() || a.playouts.is_some() || a.fen.is_some() || !a.options.is_empty() {
        return Err("--movetime goes with --variant, --search and --threads only".into());
    }
    let cfg = SearchConfig {
        threads: match a.threads {
            Some(t) => checked("Threads", t)?,
            None => 1,
        },
        move_overhead: 0,
        searcher: match a.search.as_str() {
            "alphabeta" => tessera::search::Searcher::AlphaBeta,
            "mcts" => tessera::search::Searcher::Mcts,
            "auto" => tessera::search::Searcher::Auto,
            other => {
                return Err(format!(
                    "--search takes alphabeta, mcts or auto (with --movetime), not '{other}'"
                ))
            }
        },
        ..SearchConfig::default()
    };
    let limits = Limits {
        movetime: Some(ms),
        ..Limits::default()
    };
    let catalog = registry::variants();
    let chosen: Vec<&VariantInfo> = match &a.variant {
        Some(v) => vec![setup::find_variant(catalog, v)?],
        None => catalog.iter().collect(),
    };
    let vopts = VariantOptions::new();
    outln!("variant       positions        nodes    nodes/s  depth (mean, min-max)");
    for info in chosen {
        // A game that starts with a deal is measured from a fixed deal (seed 1).
        let mut game = (info.create)(&vopts).map_err(|e| e.to_string())?;
        let mut rng = tessera::core::game::seeded_rng(1);
        while game.outcome().is_none() && game.is_chance_node() {
            let Some(a) = game.sample_chance(&mut rng) else {
                break;
            };
            game.play_str(&a).map_err(|e| e.to_string())?;
        }
        let start = game.fen();
        let mut fens = vec![start];
        for &(v, f) in POSITIONS {
            if v == info.name && !fens.iter().any(|x| x == f) {
                fens.push(f.to_string());
            }
        }
        let positions: Vec<(&str, &str)> = fens.iter().map(|f| (info.name, f.as_str())).collect();
        let hash = options::DEFAULT_HASH_MB as usize;
        let r = bench_with(&positions, &limits, &cfg, hash, &vopts).map_err(|e| e.to_string())?;
        let depths: Vec<u32> = r.lines.iter().map(|l| l.depth).collect();
        let mean = depths.iter().sum::<u32>() as f64 / depths.len() as f64;
        outln!(
            "{:<13} {:>9} {:>12} {:>10}  {mean:.1}, {}-{}",
            info.name,
            positions.len(),
            r.nodes,
            r.nps(),
            depths.iter().min().unwrap_or(&0),
            depths.iter().max().unwrap_or(&0)
        );
    }
    Ok(())
}

/// `tessera bench --search mcts`: a fixed number of playouts from every bench position.
fn bench_mcts(a: &BenchArgs) -> Result<(), String> {
    use tessera::tools::bench::{self as sb, DEFAULT_PLAYOUTS};
    use tessera::tools::bench_positions::POSITIONS;
    if a.threads.is_some_and(|t| t != 1) || a.depth.is_some() {
        return Err("--search mcts takes --playouts only (one thread)".into());
    }
    let playouts = a.playouts.unwrap_or(DEFAULT_PLAYOUTS).max(1);
    let one;
    let positions: &[(&str, &str)] = match (&a.variant, &a.fen) {
        (Some(v), Some(f)) => {
            one = [(v.as_str(), f.as_str())];
            &one
        }
        (None, None) => POSITIONS,
        _ => return Err("--variant and --fen go together".into()),
    };
    let r = sb::bench_mcts(positions, playouts, options::DEFAULT_HASH_MB as usize)
        .map_err(|e| e.to_string())?;
    let n = r.lines.len();
    for (i, l) in r.lines.iter().enumerate() {
        println!(
            "Position {}/{n} ({} {}): playouts {} bestmove {}",
            i + 1,
            l.variant,
            l.fen,
            l.nodes,
            l.best.join(",")
        );
    }
    let ms = r.elapsed.as_millis().max(1);
    println!();
    println!("Total time (ms) : {ms}");
    println!("Playouts: {}", r.nodes);
    println!("Playouts/second: {}", r.nodes as u128 * 1000 / ms);
    Ok(())
}

pub fn solve(a: SolveArgs) -> Result<(), String> {
    let catalog = registry::variants();
    let info = setup::find_variant(catalog, &a.variant)?;
    let mut vopts = VariantOptions::new();
    for o in &a.options {
        let (name, value) = setup::split_pair(o)?;
        setup::set_variant_option(catalog, info, &mut vopts, name, value)?;
    }
    for (name, value) in a.option_pairs() {
        if !info.options.iter().any(|o| o.name == name) {
            return Err(format!(
                "variant {} has no option {name} (its flag does not apply)",
                info.name
            ));
        }
        setup::set_variant_option(catalog, info, &mut vopts, &name, &value)?;
    }
    let solve = info
        .solve
        .ok_or_else(|| format!("variant {} has no solver", info.name))?;
    let mut bar = progress::Bar::new(progress::shown(), &format!("solving {}", info.name));
    let report = solve(&vopts, &mut |p| bar.update(p));
    bar.finish();
    let report = report.map_err(|e| format!("solve {}: {e}", info.name))?;
    for l in report.lines {
        outln!("{l}");
    }
    Ok(())
}

pub fn render(a: RenderArgs) -> Result<(), String> {
    a.pos.variant_info()?;
    let (game, _) = a.pos.build()?;
    let last_turn = match &a.last {
        Some(turn) => {
            let t = LastTurn::of_turn(game.geometry(), turn);
            if t.from.is_empty() && t.to.is_empty() {
                return Err(format!(
                    "render: --last '{turn}' names no cell of this board"
                ));
            }
            t
        }
        None => LastTurn::default(),
    };
    let opts = RenderOptions {
        arrow: a.arrow,
        targets_of: a.targets,
        cell_names: a.names,
        last_turn,
        flip: a.flip,
    };
    let svg = game.svg(&opts).map_err(|e| format!("render: {e}"))?;
    std::fs::write(&a.out, svg).map_err(|e| format!("cannot write {}: {e}", a.out.display()))?;
    outln!("wrote {}", a.out.display());
    Ok(())
}
