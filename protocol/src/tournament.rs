//! `tessera match`: engine-vs-engine tournaments refereed with Tessera's rules.
//!
//! Engines run as separate processes speaking the UCI-like protocol. Each of `--concurrency`
//! workers holds its own processes and plays games from a shared schedule; the main thread
//! collects results as games finish, reports them, writes the PGN and runs the SPRT.

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
mod stats;

use std::collections::VecDeque;
use std::fs::OpenOptions;
use std::io::{IsTerminal, Write};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc;
use std::sync::Mutex;

use tessera::options::VariantOptions;
use tessera::registry;
use tessera::session::AnyGame;

pub use args::MatchArgs;
pub use args::MatchCommand;
use args::Plan;
use display::Reporter;
use openings::{Opening, SplitMix};
use referee::{EngineSlot, GameRecord, GameSetup};
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
    let plan = a.plan()?;
    let mut opts = VariantOptions::new();
    for (k, v) in &plan.variant_options {
        opts.set(k, v);
    }
    let proto = registry::create(&plan.variant, &opts).map_err(|e| e.to_string())?;
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
    let openings: Vec<Opening> = (0..distinct)
        .map(|k| {
            openings::randomize(
                &books[k % books.len()],
                plan.random_plies,
                proto.as_ref(),
                &mut rng,
            )
        })
        .collect();
    let summary = play_match(
        &plan,
        proto.as_ref(),
        &pairings,
        &openings,
        &header,
        std::io::stderr().is_terminal(),
    )?;
    print!("{summary}");
    Ok(())
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

/// Plays the schedule and returns the final report.
fn play_match(
    plan: &Plan,
    proto: &dyn AnyGame,
    pairings: &[Pairing],
    openings: &[Opening],
    header: &Header,
    tty: bool,
) -> Result<String, String> {
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
    let mut reporter = Reporter::new(tty);
    let mut failure = None;
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
                    let record = referee::play_game(setup, &openings[p.opening], w, b, stop);
                    if tx.send(Finished { pairing: p, record }).is_err() {
                        break;
                    }
                }
            });
        }
        drop(tx);
        for f in rx {
            let record = match f.record {
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
                reporter.progress(&display::progress_line(res.done, pairings.len(), &summary));
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
