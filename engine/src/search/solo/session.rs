//! The text face of a one-player game: a `HiddenSession` (the full state, or the player's
//! view) whose full state, when every card of it is known, is searched by the exact
//! clairvoyant solver under `Search auto`; views, and the other `Search` settings, are played by
//! the generic searchers (information-set MCTS, determinized alpha-beta, greedy, random), so
//! a view is played fairly and no searcher is copied. `go` answers the solver's first action,
//! with the game's score (points) as the `cp` score.

use std::sync::Arc;
use std::time::Duration;

use rand_core::SeedableRng;
use rand_xoshiro::Xoshiro256PlusPlus;

use super::bestfirst::{self, Caps};
use super::{players, Solitaire};
use crate::game::{Evaluate, Hidden};
use crate::hidden_session::{HiddenSession, TruthSearch};
use crate::search::{
    Limits, Score, SearchConfig, SearchControl, SearchInfo, SearchOutput, Searcher,
};
use crate::session::AnyGame;

/// The session of a one-player game with the solver's caps.
pub fn session<G: Solitaire + Evaluate + Hidden>(game: G, caps: Caps) -> Box<dyn AnyGame> {
    HiddenSession::with_truth_search(game, clairvoyant(caps))
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
        time: time_cap(own_caps, limits),
        memory: own_caps.memory,
    };
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
