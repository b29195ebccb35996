//! The text face of a one-player game: a `HiddenSession` (the full state, or the player's
//! view). Under `Search auto`, a full state whose every card is known is searched by the exact
//! clairvoyant solver, and a view by the fair player (perfect-information Monte Carlo: deck
//! orders sampled from the view, each solved; `pimc`), within the `go` limits. The other
//! `Search` settings are played by the generic searchers (information-set MCTS, determinized
//! alpha-beta, greedy, random), so no searcher is copied. `go` answers the first action, with
//! the game's score (points) as the `cp` score.
//!
//! Every `go` limit bounds the solvers: `nodes` caps the positions expanded, `depth N` caps
//! them at `depth_expansions(N)`, `movetime` and the clock cap the time, and `searchmoves`
//! restricts the first action. A `go` without limits stops at the solver's own time cap
//! (`SolveSeconds`).

use std::hash::{Hash, Hasher};
use std::sync::Arc;
use std::time::Duration;

use rand_core::SeedableRng;
use rand_xoshiro::Xoshiro256PlusPlus;

use crate::core::game::{Evaluate, Hidden, RuleError, View};
use crate::core::options::VariantOptions;
use crate::core::solo::{Dealt, Solitaire};
use crate::core::variant::{SolveProgress, SolveReport};
use crate::faces::hidden_session::{HiddenSession, TruthSearch, ViewSearch};
use crate::faces::session::AnyGame;
use crate::search::solo::bestfirst::{self, Caps};
use crate::search::solo::pimc::{self, PimcConfig};
use crate::search::solo::{players, settings as options, study};
use crate::search::time::{self, TimeBudget};
use crate::search::{
    allowed_root_actions, Limits, Score, SearchConfig, SearchControl, SearchInfo, SearchOutput,
    Searcher,
};

/// The text face of a dealt solitaire built from its options: the fair game (the player
/// does not know the order of the cards), the solver's caps and the fair player's settings.
pub fn create<G: Dealt>(opts: &VariantOptions) -> Result<Box<dyn AnyGame>, RuleError> {
    let game = G::from_options(opts)?.played_fairly();
    Ok(session(
        game,
        options::caps(opts)?,
        options::fair_pimc(opts)?,
    ))
}

/// `tessera solve` for a dealt solitaire (`search::solo::study`).
pub fn study<G: Dealt>(
    opts: &VariantOptions,
    progress: &mut dyn FnMut(&SolveProgress),
) -> Result<SolveReport, RuleError> {
    study::solve::<G>(opts, progress)
}

/// The session of a one-player game with the solver's caps and, when `fair` is given, the
/// fair player for views.
pub fn session<G: Solitaire + Evaluate + Hidden>(
    game: G,
    caps: Caps,
    fair: Option<PimcConfig>,
) -> Box<dyn AnyGame> {
    HiddenSession::with_searches(game, Some(clairvoyant(caps)), fair.map(fair_player::<G>))
}

/// The fair player as the view's search: it applies under `Search auto` on the player's turn.
pub fn fair_player<G: Solitaire + Evaluate + Hidden>(cfg: PimcConfig) -> ViewSearch<G::View> {
    Arc::new(
        move |view: &G::View,
              limits: &Limits,
              scfg: &SearchConfig,
              ctl: &SearchControl,
              report: &mut dyn FnMut(&SearchInfo)| {
            if scfg.searcher != Searcher::Auto || view.to_move() != view.player() {
                return None;
            }
            let out = fair_turn::<G>(view, &cfg, limits, scfg, ctl, report);
            time::wait_for_stop(ctl, limits);
            Some(out)
        },
    )
}

/// One decision of the fair player, within the clock: the budget's hard limit is the deadline
/// (a `go` with no clock samples `cfg.samples` orders, a `go infinite` until `stop`).
fn fair_turn<G: Solitaire + Evaluate + Hidden>(
    view: &G::View,
    cfg: &PimcConfig,
    limits: &Limits,
    scfg: &SearchConfig,
    ctl: &SearchControl,
    report: &mut dyn FnMut(&SearchInfo),
) -> SearchOutput {
    let nothing = SearchOutput {
        turn: Vec::new(),
        ponder: None,
        score: Score::Cp(0),
        nodes: 0,
        depth: 0,
    };
    if view.outcome().is_some() {
        return nothing;
    }
    let hard = TimeBudget::new(limits, scfg, view.player()).hard_ms;
    let deadline = hard.map(|ms| ctl.start + Duration::from_millis(ms));
    // The configured samples share the clock's time (or `go nodes`' solver expansions); more
    // follow while it lasts. Without either, the configured count (`go infinite`: until
    // `stop`).
    let budget = pimc::Budget {
        deadline: if limits.infinite { None } else { deadline },
        stop: &ctl.stop,
        extend: limits.infinite || deadline.is_some() || expansions(limits).is_some(),
        nodes: expansions(limits),
    };
    // Seeded by the view: the same position gets the same answer under the same budget.
    let mut h = std::collections::hash_map::DefaultHasher::new();
    view.fen().hash(&mut h);
    let mut rng = crate::core::game::seeded_rng(h.finish() ^ 0x0fa1_7e55);
    let mut vals = pimc::values_within::<G>(view, cfg, &mut rng, budget);
    // The player's own actions are the same in every truth the view allows (with its own
    // generator, so that the samples stay those of an unrestricted search).
    let allowed = allowed_root_actions(
        &view.determinize(&mut crate::core::game::seeded_rng(0)),
        limits,
    );
    vals.actions.retain(|(a, _)| allowed.contains(a));
    let Some((best, mean)) = pimc::best(&vals.actions) else {
        return nothing;
    };
    let truth = view.determinize(&mut rng);
    let text = truth.format_action(best);
    let ms = ctl.start.elapsed().as_millis() as u64;
    report(&SearchInfo {
        depth: 1,
        seldepth: 1,
        multipv: 1,
        score: Score::Cp(mean.round() as i32),
        nodes: vals.expanded,
        time_ms: ms,
        nps: vals.expanded * 1000 / ms.max(1),
        hashfull: 0,
        pv: vec![text.clone()],
        note: Some(format!(
            "fair player: mean score {mean:.2} over {} sampled deck orders",
            vals.samples
        )),
    });
    SearchOutput {
        turn: vec![text],
        ponder: None,
        score: Score::Cp(mean.round() as i32),
        nodes: vals.expanded,
        depth: 1,
    }
}

/// The clairvoyant solver as the truth's search: it applies under `Search auto` to a full
/// state that knows every card.
pub fn clairvoyant<G: Solitaire + Evaluate + Hidden>(caps: Caps) -> TruthSearch<G> {
    Arc::new(
        move |game: &G,
              limits: &Limits,
              cfg: &SearchConfig,
              ctl: &SearchControl,
              report: &mut dyn FnMut(&SearchInfo)| {
            if cfg.searcher != Searcher::Auto || game.unknowns() > 0 {
                return None;
            }
            Some(solve_turn(game, &caps, limits, ctl, report))
        },
    )
}

fn formatted<G: Solitaire>(game: &G, line: &[G::Action]) -> Vec<String> {
    let mut g = game.clone();
    line.iter()
        .map(|&a| {
            let s = g.format_action(a);
            g.play(a);
            s
        })
        .collect()
}

/// Positions a `go depth N` lets the solvers expand: doubling with each step of depth, as an
/// alpha-beta search's work roughly does (depth 10: 102,400).
pub fn depth_expansions(depth: u32) -> u64 {
    100u64 << depth.min(40)
}

/// The expansions one `go` allows: `nodes`, or what its `depth` stands for (the smaller).
fn expansions(limits: &Limits) -> Option<u64> {
    match (limits.nodes, limits.depth.map(depth_expansions)) {
        (Some(n), Some(d)) => Some(n.min(d)),
        (n, d) => n.or(d),
    }
}

/// The time cap of one `go`: the solver's own cap, shortened by `movetime` or a clock.
fn time_cap(caps: &Caps, limits: &Limits) -> Option<Duration> {
    if limits.infinite {
        return None;
    }
    let mut cap = caps.time;
    let mut shorten = |ms: u64| {
        let d = Duration::from_millis(ms.max(1));
        cap = Some(cap.map_or(d, |c| c.min(d)));
    };
    if let Some(m) = limits.movetime {
        shorten(m);
    }
    if let Some(t) = limits.wtime {
        shorten(t / 3 + limits.winc.unwrap_or(0));
    }
    cap
}

/// Solves the full state and answers the first action of a best line.
fn solve_turn<G: Solitaire + Evaluate>(
    game: &G,
    own_caps: &Caps,
    limits: &Limits,
    ctl: &SearchControl,
    report: &mut dyn FnMut(&SearchInfo),
) -> SearchOutput {
    if game.result().is_some() {
        return SearchOutput {
            turn: Vec::new(),
            ponder: None,
            score: Score::Cp(game.result().map_or(0, |s| s.points)),
            nodes: 0,
            depth: 0,
        };
    }
    let caps = Caps {
        expansions: expansions(limits),
        time: time_cap(own_caps, limits),
        memory: own_caps.memory,
    };
    let allowed = allowed_root_actions(game, limits);
    if allowed.len() < game.count_actions() as usize {
        return solve_restricted(game, &allowed, &caps, ctl, report);
    }
    let root = game.clone();
    // One report per improvement of the best line found (the solver calls often).
    let mut last_best = None;
    let mut progress = |p: &bestfirst::Progress| {
        if last_best == Some(p.best) {
            return;
        }
        last_best = Some(p.best);
        let ms = p.elapsed.as_millis() as u64;
        report(&SearchInfo {
            depth: 0,
            seldepth: 0,
            multipv: 1,
            score: Score::Cp(p.best.points),
            nodes: p.expanded,
            time_ms: ms,
            nps: p.expanded * 1000 / ms.max(1),
            hashfull: 0,
            pv: Vec::new(),
            note: Some(format!(
                "best found {} upper bound {} positions {}",
                p.best, p.upper, p.generated
            )),
        });
    };
    // The greedy player's game is the first line to beat: stopped early, the answer is
    // no worse than it.
    let mut rng = Xoshiro256PlusPlus::seed_from_u64(root.key());
    let greedy = players::greedy_player(&root, &mut rng);
    let sol = bestfirst::solve_from(&root, &caps, &ctl.stop, &mut progress, Some(greedy));
    let pv = formatted(game, &sol.line);
    let ms = sol.elapsed.as_millis() as u64;
    report(&SearchInfo {
        depth: sol.line.len() as u32,
        seldepth: sol.line.len() as u32,
        multipv: 1,
        score: Score::Cp(sol.best.points),
        nodes: sol.expanded,
        time_ms: ms,
        nps: sol.expanded * 1000 / ms.max(1),
        hashfull: 0,
        pv: pv.clone(),
        note: Some(format!(
            "clairvoyant score {} {}; upper bound {}; {} positions",
            sol.best,
            sol.verdict.describe(),
            sol.upper,
            sol.generated
        )),
    });
    SearchOutput {
        turn: pv.into_iter().take(1).collect(),
        ponder: None,
        score: Score::Cp(sol.best.points),
        nodes: sol.expanded,
        depth: sol.line.len() as u32,
    }
}

/// Solves the full state with the first action restricted to `allowed` (`searchmoves`): each
/// allowed action's position solved in turn, the caps shared among them.
fn solve_restricted<G: Solitaire + Evaluate>(
    game: &G,
    allowed: &[G::Action],
    caps: &Caps,
    ctl: &SearchControl,
    report: &mut dyn FnMut(&SearchInfo),
) -> SearchOutput {
    let n = allowed.len() as u64;
    let share = Caps {
        expansions: caps.expansions.map(|e| (e / n).max(1)),
        time: caps.time.map(|t| t / n as u32),
        memory: caps.memory,
    };
    let mut best: Option<(bestfirst::Solution<G::Action>, G::Action)> = None;
    let mut expanded = 0;
    for &a in allowed {
        let mut child = game.clone();
        child.play(a);
        let mut rng = Xoshiro256PlusPlus::seed_from_u64(child.key());
        let greedy = players::greedy_player(&child, &mut rng);
        let sol = bestfirst::solve_from(&child, &share, &ctl.stop, &mut |_| {}, Some(greedy));
        expanded += sol.expanded;
        if best.as_ref().is_none_or(|(b, _)| sol.best > b.best) {
            best = Some((sol, a));
        }
    }
    let (sol, first) = best.expect("at least one allowed action");
    let mut line = vec![first];
    line.extend(sol.line.iter().copied());
    let pv = formatted(game, &line);
    let ms = ctl.start.elapsed().as_millis() as u64;
    report(&SearchInfo {
        depth: line.len() as u32,
        seldepth: line.len() as u32,
        multipv: 1,
        score: Score::Cp(sol.best.points),
        nodes: expanded,
        time_ms: ms,
        nps: expanded * 1000 / ms.max(1),
        hashfull: 0,
        pv: pv.clone(),
        note: Some(format!(
            "clairvoyant score {} {} among the searchmoves",
            sol.best,
            sol.verdict.describe()
        )),
    });
    SearchOutput {
        turn: pv.into_iter().take(1).collect(),
        ponder: None,
        score: Score::Cp(sol.best.points),
        nodes: expanded,
        depth: line.len() as u32,
    }
}
