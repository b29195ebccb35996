//! Searchers, generic over the game. No variant names here: everything a searcher knows about
//! a game comes through the `Game` and `Evaluate` traits.
//!
//! `think` is the alpha-beta searcher's entry: iterative deepening over the root actions
//! (`alphabeta`), spread over threads (`smp`), within a time budget (`time`), returning a
//! whole turn. `mcts` holds Monte Carlo tree search and the searchers for hidden information
//! and chance. `run`, `run_truth` and `run_view` play a position with the searcher the
//! `Search` setting names.

pub mod alphabeta;
pub mod baselines;
pub mod correction;
pub mod eval_cache;
pub mod mcts;
pub mod memory;
pub mod ordering;
pub mod params;
pub mod quiet;
pub mod sampling;
pub mod score;
pub mod smp;
pub mod solo;
pub mod time;
pub mod tt;
pub mod types;

#[cfg(test)]
mod tests;

pub use types::*;

use crate::core::game::{Action, Evaluate, Game, Hidden, View};
use alphabeta::Shared;
use score::MAX_PLY;
use time::TimeBudget;
use tt::TranspositionTable;

/// Searches the position and returns the turn to play: every action of it, so a turn of
/// several actions comes back whole. Blocks until a limit is reached or `ctl.stop` is set;
/// under `go infinite` (and while pondering) it returns only after `stop` (or `ponderhit`).
pub fn think<G: Evaluate>(
    root: &G,
    limits: &Limits,
    cfg: &SearchConfig,
    ctl: &SearchControl,
    tt: &TranspositionTable,
    report: &mut dyn FnMut(&SearchInfo),
) -> SearchOutput {
    let out = think_inner(root, limits, cfg, ctl, tt, report);
    time::wait_for_stop(ctl, limits);
    out
}

/// Tree memory for MCTS: the `Hash` size the table was made with.
fn tree_mb(tt: &TranspositionTable) -> usize {
    (tt.len() * 16) >> 20
}

/// Plays a position of a game without hidden information or chance with the searcher that
/// `cfg.searcher` names (`Auto`: alpha-beta).
pub fn run<G: Evaluate>(
    root: &G,
    limits: &Limits,
    cfg: &SearchConfig,
    ctl: &SearchControl,
    tt: &TranspositionTable,
    report: &mut dyn FnMut(&SearchInfo),
) -> SearchOutput {
    let out = match cfg.searcher {
        Searcher::Auto | Searcher::AlphaBeta => return think(root, limits, cfg, ctl, tt, report),
        Searcher::Mcts => mcts::think(root, limits, cfg, ctl, tree_mb(tt), report),
        Searcher::Greedy => baselines::greedy(
            &mcts::Perfect { root: root.clone() },
            cfg,
            &limits.searchmoves,
            report,
        ),
        Searcher::Random => baselines::random(
            &mcts::Perfect { root: root.clone() },
            cfg,
            &limits.searchmoves,
        ),
    };
    time::wait_for_stop(ctl, limits);
    out
}

/// Plays a full state of a game with chance or hidden parts, knowing all of it (`Auto`:
/// MCTS with chance nodes; alpha-beta: over futures with chance fixed, then a vote).
pub fn run_truth<G: Evaluate + Hidden>(
    truth: &G,
    limits: &Limits,
    cfg: &SearchConfig,
    ctl: &SearchControl,
    tt: &TranspositionTable,
    report: &mut dyn FnMut(&SearchInfo),
) -> SearchOutput {
    let model = mcts::Truth {
        root: truth.clone(),
    };
    let out = match cfg.searcher {
        Searcher::Auto | Searcher::Mcts => {
            mcts::think_truth(truth, limits, cfg, ctl, tree_mb(tt), report)
        }
        Searcher::AlphaBeta => sampling::determinized::search(&model, limits, cfg, ctl, tt, report),
        Searcher::Greedy => baselines::greedy(&model, cfg, &limits.searchmoves, report),
        Searcher::Random => baselines::random(&model, cfg, &limits.searchmoves),
    };
    time::wait_for_stop(ctl, limits);
    out
}

/// Plays from one player's view of a hidden-information game (`Auto`: information-set MCTS,
/// or alpha-beta on each truth where the view allows at most `Exact Worlds` of them;
/// alpha-beta: determinized, over truths sampled from the view, then a vote).
pub fn run_view<V>(
    view: &V,
    limits: &Limits,
    cfg: &SearchConfig,
    ctl: &SearchControl,
    tt: &TranspositionTable,
    report: &mut dyn FnMut(&SearchInfo),
) -> SearchOutput
where
    V: View,
    V::Game: Evaluate,
{
    let model = mcts::FromView { view: view.clone() };
    let out = match cfg.searcher {
        // A view that leaves nothing hidden is a perfect-information position: alpha-beta on
        // its one truth sees deeper than a tree search over samples that are all the same
        // (and so, with `Exact Worlds` above 1, over each of a few truths). It models the
        // opponent as the tree search's leaf searches do (no speculative actions): the view
        // may be certain while the opponent's is not.
        Searcher::Auto if view.worlds(cfg.exact_worlds.max(1) as usize).is_some() => {
            let exact = SearchConfig {
                determinizations: cfg.determinizations.max(cfg.exact_worlds),
                leave_speculative: true,
                ..cfg.clone()
            };
            sampling::determinized::search(&model, limits, &exact, ctl, tt, report)
        }
        Searcher::Auto | Searcher::Mcts => {
            mcts::think_view(view, limits, cfg, ctl, tree_mb(tt), report)
        }
        Searcher::AlphaBeta => sampling::determinized::search(&model, limits, cfg, ctl, tt, report),
        Searcher::Greedy => baselines::greedy(&model, cfg, &limits.searchmoves, report),
        Searcher::Random => baselines::random(&model, cfg, &limits.searchmoves),
    };
    time::wait_for_stop(ctl, limits);
    out
}

fn think_inner<G: Evaluate>(
    root: &G,
    limits: &Limits,
    cfg: &SearchConfig,
    ctl: &SearchControl,
    tt: &TranspositionTable,
    report: &mut dyn FnMut(&SearchInfo),
) -> SearchOutput {
    let actions = root_actions(root, limits, tt);
    if actions.is_empty() {
        let score = match root.outcome() {
            Some(o) if o.value_for(root.to_move()) != 0 => Score::Mate(0),
            _ => Score::Cp(0),
        };
        return SearchOutput {
            turn: Vec::new(),
            ponder: None,
            score,
            nodes: 0,
            depth: 0,
        };
    }
    if let Some(note) = solved_note(root) {
        report(&SearchInfo {
            depth: 0,
            seldepth: 0,
            multipv: 1,
            score: Score::Cp(0),
            nodes: 0,
            time_ms: 0,
            nps: 0,
            hashfull: 0,
            pv: Vec::new(),
            note: Some(note),
        });
    }
    tt.new_search();
    let budget = TimeBudget::new(limits, cfg, root.to_move());
    let mut sh = Shared::new(tt, ctl, limits, budget, cfg.multipv);
    sh.params = cfg.params;
    sh.leave_speculative = cfg.leave_speculative;
    sh.contempt = cfg.contempt;
    let max_depth = limits
        .depth
        .unwrap_or(MAX_PLY as u32 - 8)
        .clamp(1, MAX_PLY as u32 - 8);
    let mut last: Option<SearchInfo> = None;
    let found = smp::run(root, &actions, &sh, cfg.threads, max_depth, &mut |i| {
        if i.multipv <= 1 && i.note.is_none() {
            last = Some(i.clone());
        }
        report(i)
    });
    let (score, mut pv, seldepth) = match found.best {
        Some(b) => (b.score, b.pv, found.seldepth),
        // Stopped before the first iteration finished: the first action in search order.
        None => (0, vec![actions[0]], 0),
    };
    // A better action proven in an unfinished iteration comes with the line of its null-window
    // search, often that action alone: the table holds the rest (and the move to ponder on).
    if pv.len() < 2 {
        extend_from_table(root, &mut pv, tt, found.depth.max(2) as usize);
    }
    let (turn, ponder, line) = whole_turn(root, &pv, tt);
    let out = SearchOutput {
        turn,
        ponder,
        score: score::report_score(root, &pv, score),
        nodes: found.nodes,
        depth: found.depth,
    };
    // The reports so far may show another line than the one played (a better action proven
    // in an unfinished iteration, a turn completed after the line ended, a search stopped
    // early) or miss nodes of helper threads: then a closing report shows the turn played,
    // with the nodes of every thread.
    let shown = last.is_some_and(|l| {
        l.depth == found.depth && l.score == out.score && l.nodes == out.nodes && l.pv == line
    });
    if !shown {
        let ms = ctl.start.elapsed().as_millis() as u64;
        report(&SearchInfo {
            depth: found.depth,
            seldepth: seldepth.max(found.depth),
            multipv: 1,
            score: out.score,
            nodes: out.nodes,
            time_ms: ms,
            nps: out.nodes * 1000 / ms.max(1),
            hashfull: tt.hashfull(),
            pv: line,
            note: None,
        });
    }
    out
}

/// Legal root actions, restricted to `searchmoves` where given (ignoring entries that are not
/// legal here, and all of them if none is).
pub fn allowed_root_actions<G: Game>(root: &G, limits: &Limits) -> Vec<G::Action> {
    let mut all = Vec::new();
    root.legal_actions(&mut all);
    if !limits.searchmoves.is_empty() {
        let only: Vec<G::Action> = limits
            .searchmoves
            .iter()
            .filter_map(|s| root.parse_action(s).ok())
            .filter(|a| all.contains(a))
            .collect();
        if !only.is_empty() {
            all = only;
        }
    }
    all
}

/// `allowed_root_actions`, the table's action first.
fn root_actions<G: Evaluate>(root: &G, limits: &Limits, tt: &TranspositionTable) -> Vec<G::Action> {
    let all = allowed_root_actions(root, limits);
    let tt_code = tt.probe(root.key()).map(|e| e.action);
    let mut scores = Vec::new();
    ordering::score_actions(
        root,
        &all,
        &mut scores,
        tt_code,
        [u32::MAX; 2],
        &ordering::Learnt {
            quiet: &ordering::History::new(),
            captures: None,
            cont: None,
            structure: None,
        },
    );
    let mut keyed: Vec<(i32, usize)> = scores.iter().copied().zip(0..).collect();
    keyed.sort_by(|a, b| b.0.cmp(&a.0).then(a.1.cmp(&b.1)));
    keyed.into_iter().map(|(_, i)| all[i]).collect()
}

/// The whole turn starting with `pv[0]`: the line's actions while the side to move stays the
/// same, completed by short searches where the line stops inside the turn. Also the action to
/// ponder on (the opponent's reply in the line), and the line to report: the turn, then the
/// rest of `pv` where the turn came from it whole, all formatted.
fn whole_turn<G: Evaluate>(
    root: &G,
    pv: &[G::Action],
    tt: &TranspositionTable,
) -> (Vec<String>, Option<String>, Vec<String>) {
    let side = root.to_move();
    let mut g = root.clone();
    let mut turn = Vec::new();
    let mut rest = pv.iter();
    // A solitaire's side never changes: its turn is one action.
    let solo = root.players() == 1;
    for &a in rest.by_ref() {
        turn.push(g.format_action(a));
        g.play(a);
        if g.to_move() != side || g.terminal().is_some() || solo {
            break;
        }
    }
    let mut line = turn.clone();
    let mut ponder = None;
    if g.to_move() != side {
        let mut after = g.clone();
        for &a in rest {
            if after.terminal().is_some() || !after.is_legal(a) {
                break;
            }
            line.push(after.format_action(a));
            after.play(a);
        }
        ponder = line.get(turn.len()).cloned();
    }
    // The line ended inside the turn: finish it with short searches from where it stopped.
    while g.to_move() == side && g.terminal().is_none() && turn.len() < MAX_PLY && !solo {
        let Some(a) = short_search(&g, tt) else { break };
        turn.push(g.format_action(a));
        line.push(g.format_action(a));
        g.play(a);
    }
    (turn, ponder, line)
}

/// Appends to `pv` the table's best actions from where it ends, while they are legal and the
/// game goes on, up to `len` actions in all.
fn extend_from_table<G: Evaluate>(
    root: &G,
    pv: &mut Vec<G::Action>,
    tt: &TranspositionTable,
    len: usize,
) {
    let mut g = root.clone();
    for &a in pv.iter() {
        g.play(a);
    }
    let mut legal = Vec::new();
    while pv.len() < len && g.terminal().is_none() && !g.repeated() {
        let Some(code) = tt.probe(g.key()).map(|e| e.action) else {
            break;
        };
        legal.clear();
        g.legal_actions(&mut legal);
        let Some(&a) = legal.iter().find(|a| a.code() == code) else {
            break;
        };
        pv.push(a);
        g.play(a);
    }
}

/// Best action of a small fixed-effort search (never empty while an action is legal).
fn short_search<G: Evaluate>(g: &G, tt: &TranspositionTable) -> Option<G::Action> {
    let limits = Limits {
        depth: Some(4),
        nodes: Some(20_000),
        ..Limits::default()
    };
    let ctl = SearchControl::new(false);
    let actions = root_actions(g, &limits, tt);
    let first = *actions.first()?;
    let sh = Shared::new(
        tt,
        &ctl,
        &limits,
        TimeBudget::new(&limits, &SearchConfig::default(), g.to_move()),
        1,
    );
    let found = smp::run(g, &actions, &sh, 1, 4, &mut |_| {});
    Some(found.best.map(|b| b.pv[0]).unwrap_or(first))
}

/// Says so when the root is covered by a solved table: the search then plays exact values,
/// and users should know the answer is a proof, not an estimate.
fn solved_note<G: Evaluate>(root: &G) -> Option<String> {
    let (v, plies) = root.probe_solved()?;
    let side = root.to_move().name();
    Some(match v.signum() {
        1 => format!("solved position: {side} to move wins in {plies} plies; playing perfectly"),
        -1 => format!("solved position: {side} to move loses in {plies} plies; playing perfectly"),
        _ => "solved position: draw with best play; playing perfectly".to_string(),
    })
}
