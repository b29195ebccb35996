//! Running the tree search: threads (root parallel: each thread grows its own trees from its
//! own random numbers; their root statistics are added up at the end), limits and time,
//! `info` reports, and the whole turn to play.

use std::sync::atomic::{AtomicBool, AtomicU64, AtomicUsize, Ordering};
use std::time::Instant;

use super::tree::{ranks_above, Label, NodeId};
use super::worker::Worker;
use crate::core::game::{Evaluate, Game, GameRng, Player};
use crate::search::sampling::model::{Model, PathStep};
use crate::search::time::TimeBudget;
use crate::search::types::{Limits, Score, SearchConfig, SearchControl, SearchInfo, SearchOutput};

type A<M> = <<M as Model>::G as Game>::Action;

/// Iterations between checks of the clock and the shared counters.
const BATCH: u64 = 32;
/// Milliseconds between `info` reports.
const REPORT_MS: u64 = 1000;
/// The least memory the trees may use, in MB (the `Hash` size, when larger).
pub const MIN_TREE_MB: usize = 256;
/// Visits below which a later choice of the turn is not taken from the trees.
const MIN_FOLLOW: f64 = 10.0;

/// Actions of one turn at most (a guard against a game whose turn never ends).
const MAX_TURN: usize = 64;

/// Shared between the threads of one search.
struct Shared<'a> {
    ctl: &'a SearchControl,
    abort: AtomicBool,
    iterations: AtomicU64,
    /// The deepest descent of any thread.
    seldepth: AtomicUsize,
}

/// Searches `model`'s root and returns the turn to play (see `search::mcts`).
pub fn search<M: Model>(
    model: &M,
    limits: &Limits,
    cfg: &SearchConfig,
    ctl: &SearchControl,
    tree_mb: usize,
    report: &mut dyn FnMut(&SearchInfo),
) -> SearchOutput {
    let start = Instant::now();
    let me = model.player();
    let mut probe_rng = seeded(cfg, model, 0xD1CE);
    // A sampled truth may be over where the view is not (a sampler that draws from a wider
    // set than the rules allow, e.g. arrangements weighted but not all excluded): try a few.
    let mut probe = model.world(&mut probe_rng).state;
    for _ in 0..32 {
        if probe.terminal().is_none() && !model.is_chance(&probe) {
            break;
        }
        probe = model.world(&mut probe_rng).state;
    }
    let mut resolved = cfg.clone();
    resolved.mcts = cfg.mcts.resolve(probe.tree_defaults());
    let cfg = &resolved;
    let mut root_actions = Vec::new();
    if probe.terminal().is_none() && !model.is_chance(&probe) {
        probe.legal_actions(&mut root_actions);
    }
    // `go searchmoves`: the first action is one of these (all of them when none is legal).
    let only: Vec<A<M>> = limits
        .searchmoves
        .iter()
        .filter_map(|m| probe.parse_action(m).ok())
        .filter(|a| root_actions.contains(a))
        .collect();
    if !only.is_empty() {
        root_actions = only.clone();
    }
    let restrict = |w: &mut Worker<'_, M>| {
        if !only.is_empty() {
            w.restrict_root(only.clone());
        }
    };
    if root_actions.is_empty() {
        return SearchOutput {
            turn: Vec::new(),
            ponder: None,
            score: Score::Cp(0),
            nodes: 0,
            depth: 0,
        };
    }
    let budget = TimeBudget::new(limits, cfg, me);
    // Tree search has no iterations to finish: it stops at a point between the soft and the
    // hard budget, or earlier when the best action can no longer be overtaken.
    let target_ms = match (budget.soft_ms, budget.hard_ms) {
        (Some(s), Some(h)) => Some((s * 3 / 2).min(h).max(1)),
        (s, h) => s.or(h),
    };
    let clocked = limits.movetime.is_none() && target_ms.is_some();
    let threads = cfg.threads.max(1);
    let max_bytes = tree_mb.max(MIN_TREE_MB) * (1 << 20) / threads;
    let sh = Shared {
        ctl,
        abort: AtomicBool::new(false),
        iterations: AtomicU64::new(0),
        seldepth: AtomicUsize::new(0),
    };
    let players = probe.players();
    let workers: Vec<Worker<'_, M>> = std::thread::scope(|scope| {
        let helpers: Vec<_> = (1..threads)
            .map(|id| {
                let sh = &sh;
                let proto = probe.clone();
                scope.spawn(move || {
                    let mut w = Worker::new(
                        model,
                        &cfg.mcts,
                        seed(cfg, model, id as u64),
                        max_bytes,
                        players,
                    );
                    restrict(&mut w);
                    model.with_leaf(&proto, cfg.mcts.leaf, |leaf| {
                        run_helper(&mut w, sh, limits, leaf)
                    });
                    w
                })
            })
            .collect();
        let mut main = Worker::new(model, &cfg.mcts, seed(cfg, model, 0), max_bytes, players);
        restrict(&mut main);
        model.with_leaf(&probe, cfg.mcts.leaf, |leaf| {
            run_main(
                &mut main,
                &sh,
                limits,
                MainLimits {
                    start,
                    target_ms,
                    clocked,
                    single_action: root_actions.len() == 1,
                },
                report,
                leaf,
            )
        });
        sh.abort.store(true, Ordering::SeqCst);
        let mut all = vec![main];
        all.extend(
            helpers
                .into_iter()
                .map(|h| h.join().expect("search thread")),
        );
        all
    });
    let iterations = sh.iterations.load(Ordering::Relaxed);
    // Time the search has left for finishing the turn, where it runs on time.
    let left_ms = target_ms.map(|t| t.saturating_sub(start.elapsed().as_millis() as u64));
    let (turn, value) = whole_turn(model, &workers, cfg, &probe, left_ms);
    let path = workers[0].principal_path(64);
    let mut pv = model.path_text(&path);
    // The turn comes from every thread's statistics (and may be finished by a short search),
    // the line from the main thread's tree: where the line does not begin with the turn, the
    // turn played is the line reported.
    if !pv.starts_with(&turn) {
        pv = turn.clone();
    }
    let info = info_line(
        &workers,
        &sh,
        start,
        value,
        pv.clone(),
        workers[0].bytes(),
        tree_mb,
    );
    report(&info);
    let ponder = if M::FIXED {
        ponder_action(&probe, &turn, &pv, me)
    } else {
        None
    };
    SearchOutput {
        turn,
        ponder,
        score: Score::Cp(workers[0].centipawns(value)),
        nodes: iterations,
        depth: pv.len() as u32,
    }
}

struct MainLimits {
    start: Instant,
    target_ms: Option<u64>,
    clocked: bool,
    single_action: bool,
}

fn seed<M: Model>(cfg: &SearchConfig, model: &M, thread: u64) -> u64 {
    cfg.mcts
        .seed
        .wrapping_mul(0x9E37_79B9_7F4A_7C15)
        .wrapping_add(model.root_key())
        .wrapping_add(thread.wrapping_mul(0xBF58_476D_1CE4_E5B9))
}

fn seeded<M: Model>(cfg: &SearchConfig, model: &M, salt: u64) -> GameRng {
    <GameRng as rand_core::SeedableRng>::seed_from_u64(seed(cfg, model, salt))
}

fn stopping(sh: &Shared) -> bool {
    sh.abort.load(Ordering::Relaxed) || sh.ctl.stopped()
}

/// Counts a batch; true when the node limit is reached.
fn count(sh: &Shared, limits: &Limits, batch: u64) -> bool {
    let total = sh.iterations.fetch_add(batch, Ordering::Relaxed) + batch;
    limits.nodes.is_some_and(|n| total >= n)
}

fn run_helper<M: Model>(
    w: &mut Worker<'_, M>,
    sh: &Shared,
    limits: &Limits,
    leaf: &mut dyn FnMut(&M::G, u32) -> i32,
) {
    while !stopping(sh) {
        let before = w.iterations;
        for _ in 0..BATCH {
            w.iterate(leaf);
        }
        sh.seldepth.fetch_max(w.seldepth, Ordering::Relaxed);
        if count(sh, limits, w.iterations - before) {
            sh.abort.store(true, Ordering::SeqCst);
        }
    }
}

fn run_main<M: Model>(
    w: &mut Worker<'_, M>,
    sh: &Shared,
    limits: &Limits,
    ml: MainLimits,
    report: &mut dyn FnMut(&SearchInfo),
    leaf: &mut dyn FnMut(&M::G, u32) -> i32,
) {
    let mut last_report = 0u64;
    let mut since_depth_check = 0u64;
    loop {
        if stopping(sh) {
            return;
        }
        // A small node limit is met exactly; otherwise iterations go in batches.
        let left = limits
            .nodes
            .map(|n| n.saturating_sub(sh.iterations.load(Ordering::Relaxed)))
            .unwrap_or(BATCH);
        let batch = left.clamp(1, BATCH);
        for _ in 0..batch {
            w.iterate(leaf);
        }
        sh.seldepth.fetch_max(w.seldepth, Ordering::Relaxed);
        if count(sh, limits, batch) {
            return;
        }
        let elapsed = TimeBudget::elapsed_ms(sh.ctl, limits.ponder);
        if let (Some(t), Some(e)) = (ml.target_ms, elapsed) {
            if e >= t {
                return;
            }
            // On a clock, a forced action needs no thought; nor does a choice that the
            // remaining time cannot change.
            if ml.clocked && ml.single_action && w.iterations >= 64 {
                return;
            }
            if ml.clocked && e > 50 && decided(w, e, t) {
                return;
            }
        }
        if let Some(d) = limits.depth {
            since_depth_check += batch;
            if since_depth_check >= 256 {
                since_depth_check = 0;
                if depth_reached(w, d as usize) {
                    return;
                }
            }
        }
        let now = ml.start.elapsed().as_millis() as u64;
        if now >= last_report + REPORT_MS {
            last_report = now;
            let path = w.principal_path(64);
            let own = w.own_tree();
            let root = w.trees[own].node(0);
            let value = root.best_choice().map_or(0.5, |e| root.edges[e].mean());
            let info = progress_info(w, sh, ml.start, value, path);
            report(&info);
        }
    }
}

fn progress_info<M: Model>(
    w: &Worker<'_, M>,
    sh: &Shared,
    start: Instant,
    value: f64,
    path: Vec<PathStep<A<M>, M::Obs>>,
) -> SearchInfo {
    let iterations = sh.iterations.load(Ordering::Relaxed);
    let ms = start.elapsed().as_millis() as u64;
    let depth = path.len() as u32;
    SearchInfo {
        depth: depth.max(1),
        seldepth: sh.seldepth.load(Ordering::Relaxed) as u32,
        multipv: 1,
        score: Score::Cp(w.centipawns(value)),
        nodes: iterations,
        time_ms: ms,
        nps: iterations * 1000 / ms.max(1),
        hashfull: 0,
        pv: path_text_of(w, path),
        note: None,
    }
}

fn path_text_of<M: Model>(w: &Worker<'_, M>, path: Vec<PathStep<A<M>, M::Obs>>) -> Vec<String> {
    w.model().path_text(&path)
}

fn info_line<M: Model>(
    workers: &[Worker<'_, M>],
    sh: &Shared,
    start: Instant,
    value: f64,
    pv: Vec<String>,
    bytes: usize,
    tree_mb: usize,
) -> SearchInfo {
    let iterations = sh.iterations.load(Ordering::Relaxed);
    let ms = start.elapsed().as_millis() as u64;
    let cap = tree_mb.max(MIN_TREE_MB) * (1 << 20) / workers.len();
    SearchInfo {
        depth: (pv.len() as u32).max(1),
        seldepth: sh.seldepth.load(Ordering::Relaxed) as u32,
        multipv: 1,
        score: Score::Cp(workers[0].centipawns(value)),
        nodes: iterations,
        time_ms: ms,
        nps: iterations * 1000 / ms.max(1),
        hashfull: (bytes as u64 * 1000 / cap.max(1) as u64).min(1000) as u32,
        pv,
        note: None,
    }
}

/// True when the most visited root action is so far ahead that the iterations still to come
/// (at the rate so far) could not overtake it.
fn decided<M: Model>(w: &Worker<'_, M>, elapsed: u64, target: u64) -> bool {
    let root = w.trees[w.own_tree()].node(0);
    if !root.untried.is_empty() {
        return false;
    }
    let mut n: Vec<f64> = root
        .edges
        .iter()
        .filter(|e| matches!(e.label, Label::Choice(_)))
        .map(|e| e.n)
        .collect();
    if n.len() < 2 {
        return false;
    }
    n.sort_by(|a, b| b.total_cmp(a));
    let rate = w.iterations as f64 / elapsed.max(1) as f64;
    let to_come = rate * target.saturating_sub(elapsed) as f64;
    n[0] - n[1] > to_come
}

/// True when the principal line is `d` plies long (each visited twice), or ends earlier at a
/// node the search has finished (a game end).
fn depth_reached<M: Model>(w: &Worker<'_, M>, d: usize) -> bool {
    let path = w.principal_path(d);
    if path.len() >= d {
        return true;
    }
    // The line stopped: at a node with no edge after many visits (the game is over there).
    let tree = &w.trees[w.own_tree()];
    let mut id: NodeId = 0;
    for _ in 0..path.len() {
        let node = tree.node(id);
        let Some(e) = node.most_visited() else {
            return false;
        };
        let Some((_, kid)) = node.edges[e]
            .kids()
            .into_iter()
            .max_by(|a, b| tree.node(a.1).n.total_cmp(&tree.node(b.1).n))
        else {
            return false;
        };
        id = kid;
    }
    let leaf = tree.node(id);
    leaf.edges.is_empty() && leaf.n >= 16.0
}

/// Root statistics of the searching player's choices at one node of every thread's tree:
/// `(action, visits, rewards)`, added up by action.
fn merged_choices<M: Model>(
    workers: &[Worker<'_, M>],
    at: &[Option<NodeId>],
) -> Vec<(A<M>, f64, f64)> {
    let mut out: Vec<(A<M>, f64, f64)> = Vec::new();
    for (w, id) in workers.iter().zip(at) {
        let Some(id) = id else { continue };
        let node = w.trees[w.own_tree()].node(*id);
        for e in &node.edges {
            if let Label::Choice(a) = e.label {
                if e.n <= 0.0 {
                    continue;
                }
                match out.iter_mut().find(|x| x.0 == a) {
                    Some(x) => {
                        x.1 += e.n;
                        x.2 += e.w;
                    }
                    None => out.push((a, e.n, e.w)),
                }
            }
        }
    }
    out
}

/// The whole turn to play: the most visited choices (over all threads) while the searching
/// player stays to move, pausing after an action that reveals something or before chance;
/// completed by a short search where the trees end inside the turn. Also the win rate of
/// the first action. `left_ms`: the time left, where the search runs on time (the short
/// search takes half of it at most).
fn whole_turn<M: Model>(
    model: &M,
    workers: &[Worker<'_, M>],
    cfg: &SearchConfig,
    probe: &M::G,
    left_ms: Option<u64>,
) -> (Vec<String>, f64) {
    let me = model.player();
    let mut g = probe.clone();
    let mut at: Vec<Option<NodeId>> = vec![Some(0); workers.len()];
    let mut turn = Vec::new();
    let mut value = 0.5;
    let mut played: Vec<(M::G, A<M>)> = Vec::new();
    let mut finished = false;
    // A choice deep in the turn seen by too few iterations is a guess (the first one tried
    // wins): from there the turn is finished by the static evaluation instead.
    let mut thin = false;
    while turn.len() < MAX_TURN {
        let choices = merged_choices(workers, &at);
        let Some(&(a, n, w)) = choices.iter().reduce(|b, x| {
            if ranks_above(x.1, x.2, b.1, b.2) {
                x
            } else {
                b
            }
        }) else {
            break;
        };
        if !g.is_legal(a) {
            break;
        }
        if !turn.is_empty() && n < MIN_FOLLOW {
            thin = true;
            break;
        }
        if turn.is_empty() {
            value = w / n;
        }
        let before = g.clone();
        turn.push(g.format_action(a));
        g.play(a);
        played.push((before.clone(), a));
        if turn_over(model, &before, a, &g, me) {
            finished = true;
            break;
        }
        let key = model.observe(&before, a, me);
        for (w, id) in workers.iter().zip(at.iter_mut()) {
            *id = id.and_then(|id| {
                let tree = &w.trees[w.own_tree()];
                let node = tree.node(id);
                let e = node.find(&Label::Choice(a))?;
                let kid = node.edges[e].kid(&key)?;
                (tree.node(kid).actor == Some(me)).then_some(kid)
            });
        }
    }
    if !finished && !thin && !turn.is_empty() {
        // The trees end inside the turn: a short search from where they stop finishes it.
        let mut m: Option<M> = None;
        for (before, a) in &played {
            m = match &m {
                None => model.after(before, *a),
                Some(prev) => prev.after(before, *a),
            };
            if m.is_none() {
                break;
            }
        }
        if let Some(m) = m {
            let small = Limits {
                nodes: Some(400),
                movetime: left_ms.map(|l| (l / 2).max(1)),
                ..Limits::default()
            };
            let cfg1 = SearchConfig {
                threads: 1,
                move_overhead: 0,
                ..cfg.clone()
            };
            let ctl = SearchControl::new(false);
            let rest = search(&m, &small, &cfg1, &ctl, MIN_TREE_MB, &mut |_| {});
            for t in rest.turn {
                let Ok(a) = g.parse_action(&t) else { break };
                let before = g.clone();
                turn.push(t);
                g.play(a);
                if turn_over(model, &before, a, &g, me) {
                    finished = true;
                    break;
                }
            }
        }
    }
    // Still inside the turn (no tree choice at all, too few visits to trust one, the model
    // could not follow it, or the short search stopped short): finish it one ply at a time in
    // the sampled state, by the static evaluation. The player's own actions are the same in
    // every state its view allows, so the turn stays legal.
    while !finished && turn.len() < MAX_TURN {
        let mut acts = Vec::new();
        g.legal_actions(&mut acts);
        let best = acts.iter().copied().max_by_key(|&a| {
            let mut h = g.clone();
            h.play(a);
            let e = crate::core::game::Evaluate::evaluate(&h);
            if h.to_move() == me {
                e
            } else {
                -e
            }
        });
        let Some(a) = best else { break };
        let before = g.clone();
        turn.push(g.format_action(a));
        g.play(a);
        finished = turn_over(model, &before, a, &g, me);
    }
    (turn, value)
}

/// True when the player's turn (or what it can decide of it now) ends after `a`.
fn turn_over<M: Model>(model: &M, before: &M::G, a: A<M>, after: &M::G, me: Player) -> bool {
    after.terminal().is_some()
        || after.players() == 1
        || after.to_move() != me
        || model.reveals(before, a)
        || model.is_chance(after)
}

/// The opponent's reply in the principal line, where it follows the turn and is legal: for
/// perfect information only (elsewhere the line is written as observations).
fn ponder_action<G: Game>(probe: &G, turn: &[String], pv: &[String], me: Player) -> Option<String> {
    if pv.len() <= turn.len() || pv[..turn.len()] != *turn {
        return None;
    }
    let mut g = probe.clone();
    for t in turn {
        let a = g.parse_action(t).ok()?;
        g.play(a);
    }
    if g.to_move() == me || g.terminal().is_some() {
        return None;
    }
    let a = g.parse_action(&pv[turn.len()]).ok()?;
    Some(g.format_action(a))
}
