//! `tessera solve` for the solitaires: the clairvoyant solver on one deal, or the solver and
//! the reference players compared over many seeded deals.

use std::sync::atomic::AtomicBool;
use std::sync::mpsc;
use std::time::Instant;

use rand_core::SeedableRng;
use rand_xoshiro::Xoshiro256PlusPlus;
use rayon::prelude::*;

use super::settings as solver_options;
use crate::core::game::{Game, Player, RuleError};
use crate::core::options::VariantOptions;
use crate::core::solo::Dealt;
use crate::core::variant::{SolveProgress, SolveReport};
use crate::kits::solitaire::options;
use crate::search::solo::pimc::{self, PimcConfig};
use crate::search::solo::players::{greedy_player, random_player, Summary};
use crate::search::solo::{solve_from, Caps, SoloScore, Solution};

/// The fair player: information-set MCTS (the generic searcher of views) with `nodes`
/// iterations a decision and the static evaluation at its leaves, deciding from the view
/// alone; the truth only checks and plays its actions.
pub fn fair_player<G: Dealt>(root: &G, nodes: u64, seed: u64) -> SoloScore {
    let mut truth = root.clone().played_fairly();
    let tt = crate::search::tt::TranspositionTable::new(1);
    let mut cfg = crate::search::SearchConfig {
        threads: 1,
        ..Default::default()
    };
    cfg.mcts.playout_plies = Some(0);
    cfg.mcts.seed = seed;
    let limits = crate::search::Limits {
        nodes: Some(nodes),
        ..Default::default()
    };
    loop {
        if let Some(s) = truth.result() {
            return s;
        }
        let view = truth.view(Player::White);
        let ctl = crate::search::SearchControl::new(false);
        let out = crate::search::run_view(&view, &limits, &cfg, &ctl, &tt, &mut |_| {});
        let Some(a) = out.turn.first().and_then(|t| truth.parse_action(t).ok()) else {
            return truth.stuck_score();
        };
        truth.play(a);
    }
}

/// The fair player by perfect-information Monte Carlo (`search::solo::pimc`): each decision
/// samples `cfg.samples` deck orders consistent with the view and values every action by the
/// clairvoyant solver's best score after it in each; the truth only plays its actions.
pub fn pimc_player<G: Dealt>(root: &G, cfg: &PimcConfig, seed: u64) -> SoloScore {
    let mut truth = root.clone().played_fairly();
    let mut rng = crate::core::game::seeded_rng(seed ^ 0x9171_c0de);
    loop {
        if let Some(s) = truth.result() {
            return s;
        }
        let view = truth.view(Player::White);
        let Some(a) = pimc::choose::<G>(&view, cfg, &mut rng) else {
            return truth.stuck_score();
        };
        truth.play(a);
    }
}

/// Actions as text, each formatted where it is played.
pub fn line_text<G: Game>(root: &G, line: &[G::Action]) -> String {
    let mut g = root.clone();
    let words: Vec<String> = line
        .iter()
        .map(|&a| {
            let s = g.format_action(a);
            g.play(a);
            s
        })
        .collect();
    words.join(" ")
}

fn megabytes(bytes: usize) -> String {
    format!("{:.1} MB", bytes as f64 / (1 << 20) as f64)
}

fn caps_text(caps: &Caps) -> String {
    format!(
        "{} s and {} MB",
        caps.time.map_or(0, |t| t.as_secs()),
        caps.memory >> 20
    )
}

/// The solve command's answer for one variant.
pub fn solve<G: Dealt>(
    opts: &VariantOptions,
    progress: &mut dyn FnMut(&SolveProgress),
) -> Result<SolveReport, RuleError> {
    let caps = solver_options::caps(opts)?;
    let variant = G::NAME;
    match options::deals(opts)? {
        0 => solve_one::<G>(variant, opts, &caps, progress),
        n => compare::<G>(variant, opts, n, &caps, progress),
    }
}

fn solve_one<G: Dealt>(
    variant: &str,
    opts: &VariantOptions,
    caps: &Caps,
    progress: &mut dyn FnMut(&SolveProgress),
) -> Result<SolveReport, RuleError> {
    let g = G::from_options(opts)?;
    let stop = AtomicBool::new(false);
    let mut rng = Xoshiro256PlusPlus::seed_from_u64(g.key());
    let greedy = greedy_player(&g, &mut rng);
    let sol = solve_from(
        &g,
        caps,
        &stop,
        &mut |p| {
            progress(&SolveProgress {
                done: p.generated,
                total: None,
                message: format!(
                    "positions {}, best found {}, bound {}",
                    p.generated, p.best, p.upper
                ),
            })
        },
        Some(greedy),
    );
    let mut lines = vec![
        format!("variant {variant}"),
        format!("deal {}", g.deal_text()),
    ];
    if sol.verdict.proven() {
        lines.push(format!("best score {}, proven", sol.best));
    } else {
        lines.push(format!(
            "best score found {}, {}: no line scores more than {}",
            sol.best,
            sol.verdict.describe(),
            sol.upper
        ));
    }
    lines.push(format!("line {}", line_text(&g, &sol.line)));
    lines.push(format!(
        "positions {} generated, {} expanded, {:.2} s, {} (caps {})",
        sol.generated,
        sol.expanded,
        sol.elapsed.as_secs_f64(),
        megabytes(sol.memory),
        caps_text(caps)
    ));
    Ok(SolveReport { lines })
}

/// What each player scored on one deal.
struct DealResult {
    clairvoyant: Solution<()>,
    fair: Option<SoloScore>,
    greedy: SoloScore,
    random: SoloScore,
}

fn play_deal<G: Dealt>(
    seed: u64,
    opts: &VariantOptions,
    caps: &Caps,
) -> Result<DealResult, RuleError> {
    let g = G::from_seed(seed, opts)?;
    let fair = match (solver_options::fair_pimc(opts)?, options::fair_nodes(opts)?) {
        (Some(cfg), _) => Some(pimc_player(&g, &cfg, seed)),
        (None, 0) => None,
        (None, n) => Some(fair_player(&g, n, seed)),
    };
    let stop = AtomicBool::new(false);
    let mut rng = Xoshiro256PlusPlus::seed_from_u64(seed ^ 0x67ee_d1e5);
    let (greedy, greedy_line) = greedy_player(&g, &mut rng);
    let sol = solve_from(&g, caps, &stop, &mut |_| {}, Some((greedy, greedy_line)));
    let mut rng = Xoshiro256PlusPlus::seed_from_u64(seed ^ 0x7a4d_0a11);
    let (random, _) = random_player(&g, &mut rng);
    Ok(DealResult {
        clairvoyant: Solution {
            verdict: sol.verdict,
            best: sol.best,
            line: Vec::new(),
            upper: sol.upper,
            expanded: sol.expanded,
            generated: sol.generated,
            elapsed: sol.elapsed,
            memory: sol.memory,
        },
        fair,
        greedy,
        random,
    })
}

fn row(name: &str, s: &Summary) -> String {
    format!(
        "{name:<12} {:>7.3} {:>6.2} {:>7.3} {:>5} {:>5} {:>8.1}%",
        s.mean,
        s.sd,
        s.interval95(),
        s.min,
        s.max,
        100.0 * s.win_rate()
    )
}

fn compare<G: Dealt>(
    variant: &str,
    opts: &VariantOptions,
    n: usize,
    caps: &Caps,
    progress: &mut dyn FnMut(&SolveProgress),
) -> Result<SolveReport, RuleError> {
    let first = options::seed(opts)?;
    let start = Instant::now();
    let mut results: Vec<Option<DealResult>> = (0..n).map(|_| None).collect();
    let (tx, rx) = mpsc::channel();
    let mut failure = None;
    std::thread::scope(|scope| {
        scope.spawn(move || {
            (0..n).into_par_iter().for_each_with(tx, |tx, i| {
                let r = play_deal::<G>(first + i as u64, opts, caps);
                let _ = tx.send((i, r));
            });
        });
        let mut done = 0u64;
        let mut proven = 0u64;
        for (i, r) in rx {
            done += 1;
            match r {
                Ok(r) => {
                    proven += r.clairvoyant.verdict.proven() as u64;
                    results[i] = Some(r);
                }
                Err(e) => failure = Some(e),
            }
            progress(&SolveProgress {
                done,
                total: Some(n as u64),
                message: format!("{proven} of {done} deals proven"),
            });
        }
    });
    if let Some(e) = failure {
        return Err(e);
    }
    let results: Vec<DealResult> = results.into_iter().flatten().collect();
    let clair: Vec<SoloScore> = results.iter().map(|r| r.clairvoyant.best).collect();
    let greedy: Vec<SoloScore> = results.iter().map(|r| r.greedy).collect();
    let random: Vec<SoloScore> = results.iter().map(|r| r.random).collect();
    let fair: Vec<SoloScore> = results.iter().filter_map(|r| r.fair).collect();
    let unproven: Vec<&DealResult> = results
        .iter()
        .filter(|r| !r.clairvoyant.verdict.proven())
        .collect();
    let mut lines = vec![
        format!("variant {variant}"),
        format!(
            "deals {n} (seeds {first} to {}), clairvoyant caps {} per deal",
            first + n as u64 - 1,
            caps_text(caps)
        ),
        format!(
            "{:<12} {:>7} {:>6} {:>7} {:>5} {:>5} {:>9}",
            "player", "mean", "sd", "95% +-", "min", "max", "win rate"
        ),
        row("clairvoyant", &Summary::of(&clair)),
        if fair.is_empty() {
            format!("{:<12} not played (FairSamples 0, FairNodes 0)", "fair")
        } else {
            row("fair", &Summary::of(&fair))
        },
        row("greedy", &Summary::of(&greedy)),
        row("random", &Summary::of(&random)),
    ];
    if !fair.is_empty() {
        let c = Summary::of(&clair).mean;
        let f = Summary::of(&fair).mean;
        let how = match solver_options::fair_pimc(opts)? {
            Some(cfg) => format!(
                "perfect-information Monte Carlo, {} sampled orders a decision, each action \
                 solved in each within {} kB",
                cfg.samples,
                cfg.caps.memory >> 10
            ),
            None => format!(
                "information-set MCTS, {} iterations a decision, static evaluation at the leaves",
                options::fair_nodes(opts)?
            ),
        };
        lines.push(format!(
            "fair: {how}; {:.1}% of the clairvoyant mean (lower by {:.3} points)",
            if c != 0.0 { 100.0 * f / c } else { 0.0 },
            c - f
        ));
    }
    if unproven.is_empty() {
        lines.push(format!("clairvoyant: all {n} deals proven optimal"));
    } else {
        let uppers: Vec<SoloScore> = unproven.iter().map(|r| r.clairvoyant.upper).collect();
        let mut upper_all = clair.clone();
        for (r, s) in results.iter().zip(upper_all.iter_mut()) {
            *s = r.clairvoyant.upper;
        }
        lines.push(format!(
            "clairvoyant: {} of {n} deals not proven within the caps (their best found counted; \
             their upper bounds average {:.2}); with upper bounds the mean is at most {:.3}",
            unproven.len(),
            Summary::of(&uppers).mean,
            Summary::of(&upper_all).mean
        ));
    }
    let positions: u64 = results.iter().map(|r| r.clairvoyant.generated).sum();
    let slowest = results
        .iter()
        .map(|r| r.clairvoyant.elapsed.as_secs_f64())
        .fold(0.0, f64::max);
    lines.push(format!(
        "time {:.1} s on {} threads; clairvoyant positions {} in all, slowest deal {:.2} s",
        start.elapsed().as_secs_f64(),
        rayon::current_num_threads(),
        positions,
        slowest
    ));
    Ok(SolveReport { lines })
}
