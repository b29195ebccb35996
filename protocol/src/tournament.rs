//! `tessera match`: engine-vs-engine tournaments refereed with Tessera's rules.
//!
//! Engines run as separate processes speaking the UCI-like protocol. Each of `--concurrency`
//! workers holds its own processes and plays games from a shared schedule; the main thread
//! collects results as games finish, reports them, writes the PGN and runs the SPRT.
//!
//! In variants with hidden information or chance the referee holds the truth: it deals from
//! `--seed` (each deal played twice, colours swapped, as an opening is), sends each engine its
//! own view and observations only, and records everything (`table`). One-player variants are
//! played by each engine alone over the same seeded deals (`solo`).

mod args;
mod clock;
mod display;
mod engine;
mod merge;
mod openings;
mod pgn;
mod referee;
mod results;
mod schedule;
mod solo;
mod stats;
mod table;

use std::collections::VecDeque;
use std::fs::OpenOptions;
use std::io::{IsTerminal, Write};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc;
use std::sync::Mutex;

use crate::setup;
use tessera::core::game::Player;
use tessera::core::options::VariantOptions;
use tessera::faces::registry;
use tessera::faces::session::AnyGame;

use crate::print::outln;
use crate::uci::report::clip_echoes;
use tessera::faces::variant::VariantInfo;

pub use args::MatchArgs;
pub use args::MatchCommand;
use args::Plan;
use display::Reporter;
use openings::{Opening, SplitMix};
use referee::{EngineSlot, GameRecord, GameSetup, Start};
use results::{Header, Results, Row};
use schedule::Pairing;
use stats::SprtDecision;

/// `tessera match [merge]`.
pub fn command(c: MatchCommand) -> Result<(), String> {
    match c.merge {
        Some(args::MatchSub::Merge(m)) => merge::run(&m),
        None => run(c.args),
    }
}

pub fn run(a: MatchArgs) -> Result<(), String> {
    run_with(a, registry::variants())
}

/// A match in the variants of `catalog` (the registry's, or a test's).
pub fn run_with(a: MatchArgs, catalog: &'static [VariantInfo]) -> Result<(), String> {
    let plan = a.plan()?;
    let info = setup::find_variant(catalog, &plan.variant)?;
    let mut opts = VariantOptions::new();
    for (k, v) in &plan.variant_options {
        setup::set_variant_option(catalog, info, &mut opts, k, v)
            .map_err(|e| format!("--option {k}={v}: {e}"))?;
    }
    let proto = (info.create)(&opts).map_err(|e| format!("variant {}: {e}", info.name))?;
    if proto.is_hidden() && (plan.openings.is_some() || plan.random_plies > 0) {
        return Err(format!(
            "{} deals from --seed: openings and random plies are not used",
            plan.variant
        ));
    }
    if proto.players() == 1 {
        check_engines(&plan)?;
        let summary = solo::play(&plan, proto.as_ref(), std::io::stderr().is_terminal())?;
        outln!("{}", summary.trim_end());
        return Ok(());
    }
    if plan.engines.len() < 2 {
        return Err(format!(
            "a match needs at least two engines, each given by its own --engine (got {})",
            plan.engines.len()
        ));
    }
    let mut book_text = None;
    let books = match &plan.openings {
        Some(path) => {
            let text = std::fs::read_to_string(path)
                .map_err(|e| format!("cannot read {}: {e}", path.display()))?;
            let b = openings::parse_file(&text, proto.as_ref())?;
            book_text = Some(text);
            b
        }
        None => vec![Opening::start()],
    };
    let all = schedule::pairings(plan.engines.len(), plan.games, plan.gauntlet);
    let (k, n) = plan.shard.unwrap_or((1, 1));
    let pairings = schedule::shard(&all, plan.games, k, n);
    let header = Header {
        tournament: args::identity(&plan, book_text.as_deref()),
        shard: (k, n),
        games_in_shard: pairings.len(),
        games_total: all.len(),
    };
    let mut rng = SplitMix::new(plan.seed);
    let distinct = schedule::openings_needed(plan.games);
    let openings: Vec<Opening> = (0..if proto.is_hidden() { 0 } else { distinct })
        .map(|k| {
            openings::randomize(
                &books[k % books.len()],
                plan.random_plies,
                proto.as_ref(),
                &mut rng,
            )
        })
        .collect();
    if let Some(w) = repeated_openings_warning(&openings, plan.games) {
        eprintln!("{w}");
    }
    let summary = play_match(
        &plan,
        proto.as_ref(),
        &pairings,
        &openings,
        &header,
        std::io::stderr().is_terminal(),
    )?;
    for line in summary.lines() {
        outln!("{line}");
    }
    Ok(())
}

/// Start failures in a row after which an engine is taken to be unable to start at all.
const MAX_START_FAILURES: u32 = 2;

/// A warning when games will start from the same position more than once per pair of
/// engines: deterministic engines (fixed depth or nodes) then replay the same games.
fn repeated_openings_warning(openings: &[Opening], games: u32) -> Option<String> {
    // A set, not pairwise comparisons: a tournament of 200,000 games sat over a minute
    // before its first game.
    let mut seen = std::collections::HashSet::with_capacity(openings.len());
    let repeated = !openings.iter().all(|o| seen.insert(o));
    (repeated && games > 2).then(|| {
        "warning: several game pairs start from the same position (no --openings, too few \
         distinct lines, or --random-plies 0): deterministic engines will replay identical \
         games; give --random-plies N or --openings FILE"
            .to_string()
    })
}

/// What one worker reports.
struct Finished {
    pairing: Pairing,
    record: Result<Option<GameRecord>, String>,
}

/// The `[Variant]` tag: the registry's name, with Chess960 named as PGN readers know it.
fn variant_tag(plan: &Plan) -> String {
    let chess960 = plan
        .variant_options
        .iter()
        .any(|(k, v)| k.eq_ignore_ascii_case("UCI_Chess960") && v.eq_ignore_ascii_case("true"));
    if plan.variant.eq_ignore_ascii_case("chess") && chess960 {
        "Chess960".into()
    } else {
        plan.variant.clone()
    }
}

fn open_append(p: &std::path::Path) -> Result<std::fs::File, String> {
    OpenOptions::new()
        .create(true)
        .append(true)
        .open(p)
        .map_err(|e| format!("cannot open {}: {e}", p.display()))
}

/// Starts each engine once before the first game, and refuses the match when one cannot
/// start, lacks an option it is given (a misspelt `option.X`) or answers its settings with an
/// error (a value it does not take): its games would be forfeits, or would measure settings
/// nobody asked for, and the match would still end as if it had been played.
fn check_engines(plan: &Plan) -> Result<(), String> {
    for spec in &plan.engines {
        let p = engine::EngineProcess::start(
            &spec.command,
            &plan.variant,
            &plan.variant_options,
            plan.timeout,
        )
        .map_err(|e| format!("engine '{}' cannot be started: {e}", spec.name))?;
        if let Some(k) = p.undeclared(&spec.command.options) {
            return Err(format!(
                "engine '{}' has no option '{k}' (see its answer to 'uci')",
                spec.name
            ));
        }
        if !p.refusals.is_empty() {
            let said: Vec<String> = p.refusals.iter().map(|l| clip_echoes(l)).collect();
            return Err(format!(
                "engine '{}' refused its settings: {}",
                spec.name,
                said.join("; ")
            ));
        }
    }
    Ok(())
}

/// Plays the schedule and returns the final report.
fn play_match(
    plan: &Plan,
    proto: &dyn AnyGame,
    pairings: &[Pairing],
    openings: &[Opening],
    header: &Header,
    tty: bool,
) -> Result<String, String> {
    check_engines(plan)?;
    let mut pgn_file = plan.pgn.as_deref().map(open_append).transpose()?;
    let mut results_file = match &plan.results {
        Some(p) => {
            let mut f = std::fs::File::create(p)
                .map_err(|e| format!("cannot create {}: {e}", p.display()))?;
            writeln!(f, "{}", header.line())
                .map_err(|e| format!("cannot write {}: {e}", p.display()))?;
            Some(f)
        }
        None => None,
    };
    let sharded = header.shard.1 > 1;
    let setup = GameSetup {
        proto,
        variant: &plan.variant,
        variant_options: &plan.variant_options,
        margin_ms: plan.margin_ms,
        timeout: plan.timeout,
        adjudication: &plan.adjudication,
    };
    let tc_tag = {
        let tcs: Vec<_> = plan.engines.iter().map(|e| e.limits.tc).collect();
        tcs[0]
            .filter(|_| tcs.iter().all(|t| *t == tcs[0]))
            .map(|t| t.pgn_tag())
    };
    let variant_tag = variant_tag(plan);
    let tags = pgn::MatchTags {
        event: &plan.event,
        variant: &variant_tag,
        time_control: tc_tag,
    };
    let date = pgn::today();

    let queue = Mutex::new(pairings.iter().copied().collect::<VecDeque<_>>());
    let stop = AtomicBool::new(false);
    let (tx, rx) = mpsc::channel::<Finished>();
    let names: Vec<String> = plan.engines.iter().map(|e| e.name.clone()).collect();
    let mut res = Results::new(&names);
    let mut reporter = Reporter::new(tty, pairings.len());
    let mut failure = None;
    // Start failures of each engine in a row: one may be bad luck, two end the match.
    let mut start_failures = vec![0u32; plan.engines.len()];
    // Each game as played (engines, colours, actions), to find games replayed move for move.
    let mut seen_games: std::collections::HashSet<(usize, usize, Vec<String>)> =
        std::collections::HashSet::new();
    let mut repeated = 0;
    let mut sprt_verdict = None;

    std::thread::scope(|s| {
        for _ in 0..plan.concurrency.min(pairings.len()) {
            let tx = tx.clone();
            let (queue, stop, setup) = (&queue, &stop, &setup);
            s.spawn(move || {
                let mut slots: Vec<Option<EngineSlot>> =
                    plan.engines.iter().map(|_| None).collect();
                loop {
                    if stop.load(Ordering::Relaxed) {
                        break;
                    }
                    let Some(p) = queue.lock().expect("queue lock").pop_front() else {
                        break;
                    };
                    let [w, b] = two_slots(&mut slots, p.white, p.black, plan);
                    let start = if setup.proto.is_hidden() {
                        Start::Deal(deal_seed(plan.seed, p.opening))
                    } else {
                        Start::Opening(&openings[p.opening])
                    };
                    let record = referee::play_game(setup, start, w, Some(b), stop);
                    if tx.send(Finished { pairing: p, record }).is_err() {
                        break;
                    }
                }
            });
        }
        drop(tx);
        for f in rx {
            let record = match f.record {
                // Games that end after the match failed are not part of it.
                Ok(Some(_)) if failure.is_some() => continue,
                Ok(Some(r)) => r,
                Ok(None) => continue,
                Err(e) => {
                    failure.get_or_insert(e);
                    stop.store(true, Ordering::SeqCst);
                    continue;
                }
            };
            let p = f.pairing;
            for n in &record.notes {
                reporter.line(&format!("Note: {n}"));
            }
            let (w, b) = (p.white, p.black);
            let actions = record.actions().map(String::from).collect();
            if !seen_games.insert((w, b, actions)) {
                repeated += 1;
            }
            for (engine, side) in [(w, Player::White), (b, Player::Black)] {
                if record.start_failed == Some(side) {
                    start_failures[engine] += 1;
                    if start_failures[engine] >= MAX_START_FAILURES {
                        failure.get_or_insert(format!(
                            "engine {} could not be started {MAX_START_FAILURES} times in a \
                             row; the match is stopped ({})",
                            plan.engines[engine].name, record.result.reason
                        ));
                        stop.store(true, Ordering::SeqCst);
                    }
                } else if record.start_failed.is_none() || side == Player::White {
                    // Started for this game (White is started before Black).
                    start_failures[engine] = 0;
                }
            }
            let fault = record.result.termination.is_fault();
            res.add(&p, record.result.winner, fault);
            let text = pgn::write_game(&record, p.round, &tags, &date);
            if let Some(file) = &mut pgn_file {
                if let Err(e) = file.write_all(text.as_bytes()) {
                    failure.get_or_insert(format!("cannot write the PGN file: {e}"));
                    stop.store(true, Ordering::SeqCst);
                }
            }
            if let Some(file) = &mut results_file {
                let row = Row {
                    pairing: p,
                    winner: record.result.winner,
                    fault,
                    termination: record.result.termination.pgn().to_string(),
                    pgn: text,
                };
                if let Err(e) = writeln!(file, "{}", row.line()) {
                    failure.get_or_insert(format!("cannot write the results file: {e}"));
                    stop.store(true, Ordering::SeqCst);
                }
            }
            if !tty {
                reporter.line(&format!(
                    "Finished game {} ({} vs {}): {} {{{}}}",
                    p.round,
                    record.white,
                    record.black,
                    record.result.pgn_result(),
                    record.result.reason
                ));
            }
            let summary = res.running(tty, plan.sprt.as_ref());
            // A shard plays all its games: the SPRT decides on the merged results.
            if let (Some(sprt), false) = (&plan.sprt, sharded) {
                let decision = sprt.decision_pairs(&res.pairs);
                if decision != SprtDecision::Continue && sprt_verdict.is_none() {
                    sprt_verdict = Some(decision);
                    stop.store(true, Ordering::SeqCst);
                }
            }
            if tty {
                reporter.progress(res.done, &summary);
            } else if plan.engines.len() == 2 {
                reporter.line(&summary);
            }
        }
    });
    reporter.clear();
    if let Some(e) = failure {
        return Err(e);
    }

    let mut out = res.report(plan.sprt.as_ref());
    let done = res.done;
    if repeated > 0 {
        out.push_str(&format!(
            "Repeated games: {repeated} (same engines, colours and moves as an earlier game; \
             give --random-plies N or --openings FILE)\n"
        ));
    }
    if sprt_verdict.is_some() || done < pairings.len() {
        out.push_str(&format!(
            "Stopped after {done} of {} games\n",
            pairings.len()
        ));
    }
    if sharded {
        out.push_str(&format!(
            "Shard {}/{}: {done} of the tournament's {} games\n",
            header.shard.0, header.shard.1, header.games_total
        ));
    }
    out.push_str(&format!("Finished match: {done} games\n"));
    Ok(out)
}

/// The seed of deal `k` of a match: each deal is played twice, colours swapped.
pub fn deal_seed(seed: u64, k: usize) -> u64 {
    SplitMix::new(seed ^ (k as u64).wrapping_mul(0x9E37_79B9_7F4A_7C15)).next_u64()
}

/// The two participants' slots of this worker, started lazily, as two disjoint borrows.
fn two_slots<'a>(
    slots: &'a mut [Option<EngineSlot>],
    white: usize,
    black: usize,
    plan: &Plan,
) -> [&'a mut EngineSlot; 2] {
    for i in [white, black] {
        if slots[i].is_none() {
            slots[i] = Some(EngineSlot::new(plan.engines[i].clone()));
        }
    }
    let [w, b] = slots
        .get_disjoint_mut([white, black])
        .expect("a game has two different engines");
    [w.as_mut().expect("filled"), b.as_mut().expect("filled")]
}

#[cfg(test)]
mod fixture;
#[cfg(test)]
mod tests;
