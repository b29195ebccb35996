//! The `tessera match` command line and its translation into a checked match plan.

use std::path::PathBuf;
use std::time::Duration;

use clap::{ArgMatches, Args, Command, FromArgMatches, Subcommand};
use serde_json::{json, Map, Value};

use super::clock::TimeControl;
use super::engine::EngineCommand;
use super::referee::{Adjudication, DrawRule, EngineSpec, MoveLimits, ResignRule};
use super::stats::Sprt;

/// `tessera match`: a tournament, or `merge` of the results files of a sharded one.
#[derive(Args, Debug)]
#[command(args_conflicts_with_subcommands = true, subcommand_negates_reqs = true)]
pub struct MatchCommand {
    #[command(subcommand)]
    pub merge: Option<MatchSub>,
    #[command(flatten)]
    pub args: MatchArgs,
}

#[derive(Subcommand, Debug)]
pub enum MatchSub {
    /// Combine the results files (`--results`) of a tournament's shards into the statistics
    /// of the whole: score, Elo with its interval, the SPRT on game pairs.
    Merge(MergeArgs),
}

#[derive(Args, Debug)]
pub struct MergeArgs {
    /// Results files, one per shard (in any order).
    #[arg(required = true)]
    pub files: Vec<PathBuf>,
    /// Write every game, in round order, to this PGN file.
    #[arg(long)]
    pub pgn: Option<PathBuf>,
    /// Write the merged results (one results file for the whole) here.
    #[arg(long)]
    pub results: Option<PathBuf>,
    /// Accept a merge that lacks shards (the statistics are those of the games present).
    #[arg(long)]
    pub partial: bool,
}

/// The command line: the flags below plus the `--engine` groups, kept apart per occurrence
/// (clap's derive flattens repeated multi-value flags, so they are read from the matches).
#[derive(Debug)]
pub struct MatchArgs {
    flags: Box<Flags>,
    engines: Vec<Vec<String>>,
}

impl FromArgMatches for MatchArgs {
    fn from_arg_matches(m: &ArgMatches) -> Result<Self, clap::Error> {
        let flags = Box::new(Flags::from_arg_matches(m)?);
        let engines = m
            .get_occurrences::<String>("engine")
            .map(|o| o.map(|group| group.cloned().collect()).collect())
            .unwrap_or_default();
        Ok(MatchArgs { flags, engines })
    }

    fn update_from_arg_matches(&mut self, m: &ArgMatches) -> Result<(), clap::Error> {
        *self = MatchArgs::from_arg_matches(m)?;
        Ok(())
    }
}

impl Args for MatchArgs {
    fn augment_args(cmd: Command) -> Command {
        Flags::augment_args(cmd)
    }

    fn augment_args_for_update(cmd: Command) -> Command {
        Flags::augment_args_for_update(cmd)
    }
}

#[derive(Args, Debug)]
struct Flags {
    /// The variant every game is played in (as `UCI_Variant` names it).
    #[arg(long, default_value = "chess")]
    pub variant: String,
    /// A variant option NAME=VALUE, used by the referee and sent to every engine.
    #[arg(long = "option", value_name = "NAME=VALUE")]
    pub variant_options: Vec<String>,
    /// An engine: cmd=PATH [name=N] [arg=A]... [dir=D] [option.X=Y]... [tc=..]
    /// [movetime=MS] [depth=D] [nodes=N] [view=own|full]. Give it once per engine.
    #[arg(long, num_args = 1.., action = clap::ArgAction::Append, value_name = "KEY=VALUE", required = true)]
    pub engine: Vec<String>,
    /// Games per pair of engines (colours alternate on each opening or deal); in a
    /// one-player variant, deals each engine plays.
    #[arg(long, default_value_t = 2)]
    pub games: u32,
    /// Time control for every engine: [moves/]seconds[+increment], e.g. 10+0.1.
    #[arg(long)]
    pub tc: Option<String>,
    /// Fixed time per move in milliseconds.
    #[arg(long)]
    pub movetime: Option<u64>,
    /// Fixed search depth.
    #[arg(long)]
    pub depth: Option<u32>,
    /// Fixed node count per move.
    #[arg(long)]
    pub nodes: Option<u64>,
    /// Games played side by side.
    #[arg(long, default_value_t = 1)]
    pub concurrency: usize,
    /// File of openings, one a line: a FEN [moves ...], or `moves ...` from the start.
    #[arg(long)]
    pub openings: Option<PathBuf>,
    /// Random turns played after the book opening (or from the start position).
    #[arg(long, default_value_t = 0)]
    pub random_plies: u32,
    /// Seed for random openings and for the deals of variants with chance.
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
    /// Append every finished game to this PGN file.
    #[arg(long)]
    pub pgn: Option<PathBuf>,
    /// Milliseconds an engine may overstep its clock or its move time before it loses on
    /// time. The default absorbs the scheduling noise of a busy machine (an engine told
    /// `movetime 100` answers in 99-110 ms), so that well-behaved engines never lose on
    /// time by it; 0 is strict.
    #[arg(long, default_value_t = DEFAULT_TIME_MARGIN_MS)]
    pub timemargin: u64,
    /// Milliseconds to wait for an answer no clock bounds (start-up, fixed depth or nodes)
    /// before the engine counts as hung.
    #[arg(long, default_value_t = 60_000)]
    pub timeout: u64,
    /// Draw adjudication: movenumber=N movecount=C score=S.
    #[arg(long, num_args = 1..=3, value_name = "KEY=VALUE")]
    pub draw: Option<Vec<String>>,
    /// Resign adjudication: movecount=C score=S.
    #[arg(long, num_args = 1..=2, value_name = "KEY=VALUE")]
    pub resign: Option<Vec<String>>,
    /// Draw after this many full moves.
    #[arg(long)]
    pub maxmoves: Option<u32>,
    /// Stop when decided: elo0=E0 elo1=E1 alpha=A beta=B (two engines only).
    #[arg(long, num_args = 1..=4, value_name = "KEY=VALUE")]
    pub sprt: Option<Vec<String>>,
    /// The first engine plays each other one; otherwise every pair plays (round robin).
    #[arg(long)]
    pub gauntlet: bool,
    /// The PGN `Event` tag.
    #[arg(long, default_value = "Tessera match")]
    pub event: String,
    /// Play only shard K of N: every N-th game pair, same openings, seeds and rounds as the
    /// whole tournament (`tessera match merge` combines the shards' results files).
    #[arg(long, value_name = "K/N")]
    pub shard: Option<String>,
    /// Write each finished game's result (and PGN) to this file, as JSON lines.
    #[arg(long)]
    pub results: Option<PathBuf>,
}

/// The default `--timemargin`: well above the few milliseconds engines overshoot a move time
/// by, and the tens of milliseconds a loaded machine may delay a process.
pub const DEFAULT_TIME_MARGIN_MS: u64 = 100;

/// A match ready to be played.
#[derive(Debug)]
pub struct Plan {
    pub variant: String,
    pub variant_options: Vec<(String, String)>,
    pub engines: Vec<EngineSpec>,
    pub games: u32,
    pub concurrency: usize,
    pub openings: Option<PathBuf>,
    pub random_plies: u32,
    pub seed: u64,
    pub pgn: Option<PathBuf>,
    pub margin_ms: u64,
    pub timeout: Duration,
    pub adjudication: Adjudication,
    pub sprt: Option<Sprt>,
    pub gauntlet: bool,
    pub event: String,
    /// `(k, n)`: play shard `k` of `n`.
    pub shard: Option<(u32, u32)>,
    pub results: Option<PathBuf>,
}

/// Reads `K/N` with `1 <= K <= N`.
fn parse_shard(s: &str) -> Result<(u32, u32), String> {
    let bad = || format!("--shard: expected K/N with 1 <= K <= N, got '{s}'");
    let (k, n) = s.split_once('/').ok_or_else(bad)?;
    let k: u32 = k.trim().parse().map_err(|_| bad())?;
    let n: u32 = n.trim().parse().map_err(|_| bad())?;
    if k == 0 || k > n {
        return Err(bad());
    }
    Ok((k, n))
}

/// What makes two runs (or shards) the same tournament: everything that decides who plays
/// whom, from where and how, but not the shard, the output files or the concurrency.
pub fn identity(plan: &Plan, openings_text: Option<&str>) -> Map<String, Value> {
    let engines: Vec<Value> = plan
        .engines
        .iter()
        .map(|e| {
            json!({
                "name": e.name,
                "cmd": e.command.cmd,
                "args": e.command.args,
                "options": e.command.options,
                "limits": format!("{:?}", e.limits),
            })
        })
        .collect();
    let sprt = plan
        .sprt
        .map(|s| json!({"elo0": s.elo0, "elo1": s.elo1, "alpha": s.alpha, "beta": s.beta}));
    let v = json!({
        "variant": plan.variant,
        "options": plan.variant_options,
        "engines": engines,
        "games": plan.games,
        "gauntlet": plan.gauntlet,
        "openings": openings_text,
        "random_plies": plan.random_plies,
        "seed": plan.seed,
        "adjudication": format!("{:?}", plan.adjudication),
        "timemargin": plan.margin_ms,
        "sprt": sprt,
        "event": plan.event,
    });
    match v {
        Value::Object(m) => m,
        _ => unreachable!("json! of an object"),
    }
}

fn split_kv(s: &str, what: &str) -> Result<(String, String), String> {
    match s.split_once('=') {
        Some((k, v)) if !k.trim().is_empty() => Ok((k.trim().to_string(), v.to_string())),
        _ => Err(format!("{what}: expected KEY=VALUE, got '{s}'")),
    }
}

fn number<T: std::str::FromStr>(v: &str, what: &str) -> Result<T, String> {
    v.trim()
        .parse()
        .map_err(|_| format!("{what}: '{v}' is not a valid number"))
}

/// Reads `key=value` pairs of a group flag, every key required exactly once.
fn keyed(values: &[String], flag: &str, keys: &[&str]) -> Result<Vec<String>, String> {
    let mut found: Vec<Option<String>> = vec![None; keys.len()];
    for v in values {
        let (k, val) = split_kv(v, flag)?;
        let i = keys
            .iter()
            .position(|x| x.eq_ignore_ascii_case(&k))
            .ok_or_else(|| format!("{flag}: unknown key '{k}' (expected {})", keys.join(", ")))?;
        if found[i].replace(val).is_some() {
            return Err(format!("{flag}: '{k}' given twice"));
        }
    }
    keys.iter()
        .zip(found)
        .map(|(k, v)| v.ok_or_else(|| format!("{flag}: '{k}=' is missing")))
        .collect()
}

fn engine_spec(values: &[String], defaults: &MoveLimits) -> Result<EngineSpec, String> {
    let mut cmd = None;
    let mut name = None;
    let mut args = Vec::new();
    let mut dir = None;
    let mut options = Vec::new();
    let mut limits = defaults.clone();
    let mut sees_all = false;
    for v in values {
        let (k, val) = split_kv(v, "--engine")?;
        match k.to_ascii_lowercase().as_str() {
            "cmd" => cmd = Some(val),
            "name" => name = Some(val),
            "arg" => args.push(val),
            "dir" => dir = Some(PathBuf::from(val)),
            "tc" => limits.tc = Some(TimeControl::parse(&val)?),
            "movetime" => limits.movetime = Some(number(&val, "movetime")?),
            "depth" => limits.depth = Some(number(&val, "depth")?),
            "nodes" => limits.nodes = Some(number(&val, "nodes")?),
            "view" => {
                sees_all = match val.as_str() {
                    "own" => false,
                    "full" => true,
                    _ => return Err(format!("--engine: view takes own or full, not '{val}'")),
                }
            }
            _ => match k.strip_prefix("option.") {
                Some(o) if !o.is_empty() => options.push((o.to_string(), val)),
                _ => return Err(format!("--engine: unknown key '{k}'")),
            },
        }
    }
    let cmd = cmd.ok_or("--engine: cmd=PATH is missing")?;
    if limits.is_empty() {
        return Err(format!(
            "engine '{cmd}' has no time control: give --tc, --movetime, --depth or --nodes"
        ));
    }
    let name = name.unwrap_or_else(|| {
        std::path::Path::new(&cmd)
            .file_name()
            .map(|f| f.to_string_lossy().into_owned())
            .unwrap_or_else(|| cmd.clone())
    });
    Ok(EngineSpec {
        name,
        command: EngineCommand {
            cmd,
            args,
            dir,
            options,
        },
        limits,
        sees_all,
    })
}

impl MatchArgs {
    pub fn plan(&self) -> Result<Plan, String> {
        let f = &self.flags;
        let defaults = MoveLimits {
            tc: f.tc.as_deref().map(TimeControl::parse).transpose()?,
            movetime: f.movetime,
            depth: f.depth,
            nodes: f.nodes,
        };
        // Said before any engine's settings are checked: a missing second engine is the
        // first thing to fix. Solitaires (and variants the registry does not know, which the
        // match itself checks) may have one engine.
        let one_player = tessera::faces::registry::create(&f.variant, &Default::default())
            .map_or(true, |g| g.players() == 1);
        if self.engines.len() < 2 && !one_player {
            return Err(format!(
                "a match needs at least two engines, each given by its own --engine (got {})",
                self.engines.len()
            ));
        }
        let mut engines = self
            .engines
            .iter()
            .map(|e| engine_spec(e, &defaults))
            .collect::<Result<Vec<_>, _>>()?;
        // One engine is enough for a solitaire; the variant is known when the match starts.
        if engines.is_empty() {
            return Err("a match needs an --engine".into());
        }
        // Names tell the engines apart in the standings and the PGN: make them unique.
        for i in 1..engines.len() {
            let base = engines[i].name.clone();
            let mut n = 2;
            while engines[..i].iter().any(|e| e.name == engines[i].name) {
                engines[i].name = format!("{base}-{n}");
                n += 1;
            }
        }
        if f.games == 0 {
            return Err("--games must be at least 1".into());
        }
        if f.concurrency == 0 {
            return Err("--concurrency must be at least 1".into());
        }
        let variant_options = f
            .variant_options
            .iter()
            .map(|o| split_kv(o, "--option"))
            .collect::<Result<Vec<_>, _>>()?;
        let draw = match &f.draw {
            Some(v) => {
                let k = keyed(v, "--draw", &["movenumber", "movecount", "score"])?;
                Some(DrawRule {
                    move_number: number(&k[0], "--draw movenumber")?,
                    move_count: number(&k[1], "--draw movecount")?,
                    score: number(&k[2], "--draw score")?,
                })
            }
            None => None,
        };
        let resign = match &f.resign {
            Some(v) => {
                let k = keyed(v, "--resign", &["movecount", "score"])?;
                Some(ResignRule {
                    move_count: number(&k[0], "--resign movecount")?,
                    score: number(&k[1], "--resign score")?,
                })
            }
            None => None,
        };
        if resign.is_some_and(|r| r.move_count == 0) || draw.is_some_and(|d| d.move_count == 0) {
            return Err("adjudication: movecount must be at least 1".into());
        }
        let sprt = match &f.sprt {
            Some(v) => {
                let k = keyed(v, "--sprt", &["elo0", "elo1", "alpha", "beta"])?;
                if engines.len() != 2 {
                    return Err("--sprt needs exactly two engines".into());
                }
                Some(Sprt::new(
                    number(&k[0], "--sprt elo0")?,
                    number(&k[1], "--sprt elo1")?,
                    number(&k[2], "--sprt alpha")?,
                    number(&k[3], "--sprt beta")?,
                )?)
            }
            None => None,
        };
        Ok(Plan {
            variant: f.variant.clone(),
            variant_options,
            engines,
            games: f.games,
            concurrency: f.concurrency,
            openings: f.openings.clone(),
            random_plies: f.random_plies,
            seed: f.seed,
            pgn: f.pgn.clone(),
            margin_ms: f.timemargin,
            timeout: Duration::from_millis(f.timeout.max(1)),
            adjudication: Adjudication {
                draw,
                resign,
                max_moves: f.maxmoves,
            },
            sprt,
            gauntlet: f.gauntlet,
            event: f.event.clone(),
            shard: f.shard.as_deref().map(parse_shard).transpose()?,
            results: f.results.clone(),
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use clap::Parser;

    #[derive(Parser)]
    struct Cli {
        #[command(flatten)]
        m: MatchArgs,
    }

    fn plan(line: &str) -> Result<Plan, String> {
        let cli = Cli::try_parse_from(std::iter::once("match").chain(line.split_whitespace()))
            .map_err(|e| e.to_string())?;
        cli.m.plan()
    }

    #[test]
    fn engines_limits_and_adjudication() {
        let p = plan(
            "--variant tches --option Layers=2 --engine cmd=/bin/a option.Hash=16 arg=-v depth=3 \
             --engine cmd=/x/a name=B tc=40/1+0.5 --movetime 100 --games 4 \
             --draw movenumber=30 movecount=8 score=10 --resign score=600 movecount=3 \
             --sprt elo0=0 elo1=5 alpha=0.05 beta=0.1 --maxmoves 200",
        )
        .unwrap();
        assert_eq!(p.variant_options, vec![("Layers".into(), "2".into())]);
        assert_eq!(p.engines[0].name, "a");
        assert_eq!(p.engines[0].command.args, vec!["-v".to_string()]);
        assert_eq!(
            p.engines[0].command.options,
            vec![("Hash".into(), "16".into())]
        );
        assert_eq!(p.engines[0].limits.depth, Some(3));
        assert_eq!(p.engines[0].limits.movetime, Some(100));
        assert_eq!(p.engines[1].name, "B");
        assert_eq!(p.engines[1].limits.tc.unwrap().moves, Some(40));
        assert_eq!(p.adjudication.draw.unwrap().move_number, 30);
        assert_eq!(p.adjudication.resign.unwrap().score, 600);
        assert_eq!(p.adjudication.max_moves, Some(200));
        assert_eq!(p.sprt.unwrap().beta, 0.1);
    }

    #[test]
    fn names_are_made_unique() {
        let p = plan("--depth 1 --engine cmd=e --engine cmd=e --engine cmd=e").unwrap();
        let names: Vec<&str> = p.engines.iter().map(|e| e.name.as_str()).collect();
        assert_eq!(names, ["e", "e-2", "e-3"]);
    }

    #[test]
    fn bad_command_lines_are_errors() {
        let one = plan("--engine cmd=a").unwrap_err();
        assert!(one.contains("two engines"), "{one}");
        for bad in [
            "--engine cmd=a --engine cmd=b",
            "--depth 1 --engine cmd=a view=half --engine cmd=b",
            "--depth 1 --engine name=x --engine cmd=b",
            "--depth 1 --engine cmd=a bogus=1 --engine cmd=b",
            "--depth 1 --engine cmd=a --engine cmd=b --games 0",
            "--depth 1 --engine cmd=a --engine cmd=b --draw movecount=2 score=3",
            "--depth 1 --engine cmd=a --engine cmd=b --resign movecount=x score=3",
            "--depth 1 --engine cmd=a --engine cmd=b --engine cmd=c --sprt elo0=0 elo1=5 alpha=0.05 beta=0.05",
            "--tc 0+0 --engine cmd=a --engine cmd=b",
            "--depth 1 --engine cmd=a tc=abc --engine cmd=b",
            "--depth 1 --engine cmd=a --engine cmd=b --concurrency 0",
            "--depth 1 --engine cmd=a --engine cmd=b --shard 0/2",
            "--depth 1 --engine cmd=a --engine cmd=b --shard 3/2",
            "--depth 1 --engine cmd=a --engine cmd=b --shard 2",
        ] {
            assert!(plan(bad).is_err(), "{bad}");
        }
    }
}
