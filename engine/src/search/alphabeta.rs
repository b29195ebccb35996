//! One thread's alpha-beta search: iterative deepening with aspiration windows at the root,
//! principal variation search below it, quiescence on tactical actions, and the usual
//! pruning (null move, reverse futility, late move reductions and pruning).
//!
//! A turn may hold several actions: the score changes sign only where `to_move` changes, so
//! a child in the same turn is searched with the parent's own window.

use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};

use super::memory::ThreadMemory;
use super::ordering::{self, Killers, NO_CODE};
use super::params::SearchParams;
use super::score::{self, decided, from_tt, is_mate, to_tt, INF, MATE, MATE_BOUND, MAX_PLY};
use super::time::{soft_scale, TimeBudget};
use super::tt::{Bound, Entry, TranspositionTable};
use super::types::{Limits, SearchControl, SearchInfo};
use crate::core::game::{Action, Evaluate, Player};

/// What all threads of one search share.
pub struct Shared<'a> {
    pub tt: &'a TranspositionTable,
    pub ctl: &'a SearchControl,
    pub limits: &'a Limits,
    pub budget: TimeBudget,
    pub multipv: usize,
    /// Set by the main thread when the search is over; every thread stops on it.
    pub abort: AtomicBool,
    /// Nodes of all threads, added in batches.
    pub nodes: AtomicU64,
    pub params: SearchParams,
    /// Every thread leaves out the game's speculative actions (`Evaluate::speculative`)
    /// below the root.
    pub leave_speculative: bool,
    /// What a draw is worth less than even to the side to move at the root, in centipawns
    /// (`SearchConfig::contempt`).
    pub contempt: i32,
}

impl<'a> Shared<'a> {
    pub fn new(
        tt: &'a TranspositionTable,
        ctl: &'a SearchControl,
        limits: &'a Limits,
        budget: TimeBudget,
        multipv: usize,
    ) -> Shared<'a> {
        Shared {
            tt,
            ctl,
            limits,
            budget,
            multipv: multipv.max(1),
            abort: AtomicBool::new(false),
            nodes: AtomicU64::new(0),
            params: SearchParams::default(),
            leave_speculative: false,
            contempt: 0,
        }
    }
}

/// A root action with its latest score and line.
#[derive(Clone, Debug)]
pub struct RootMove<A> {
    pub action: A,
    pub score: i32,
    pub previous: i32,
    pub pv: Vec<A>,
    /// This thread's nodes spent under the action in this search.
    pub nodes: u64,
}

/// The best line known: from the last completed iteration, or a better action proven during
/// the unfinished one.
#[derive(Clone, Debug)]
pub struct BestLine<A> {
    pub score: i32,
    pub pv: Vec<A>,
    pub depth: u32,
}

const POLL_MASK: u64 = 1023;
/// Quiescence plies beyond the horizon before the static evaluation is taken as is.
const QS_MAX: usize = 24;

pub struct Searcher<'s, 'a, G: Evaluate> {
    g: G,
    root: G,
    sh: &'s Shared<'a>,
    id: usize,
    pub nodes: u64,
    flushed: u64,
    others: u64,
    pub stopped: bool,
    seldepth: usize,
    root_depth: i32,
    /// Ordering tables and correction history, carried over from the thread's last search
    /// (`SearchMemory`).
    learnt: ThreadMemory,
    killers: Killers,
    /// `Action::code` of the action played at each ply of the current line (`NO_CODE` for a
    /// null move), for the continuation history.
    line_codes: Vec<u32>,
    /// Who played the action at each ply of the current line, when it was quiet (`None` for
    /// a tactical action or a null move), to reward it when it proves a refutation.
    line_quiet: Vec<Option<Player>>,
    /// Cutoffs counted at each ply since the node two plies up began (more for a cutoff
    /// without a table action): where the children of this node's siblings keep failing
    /// high, its own children are likely to as well (`lmr_cutoffs`).
    cutoffs: Vec<u32>,
    /// The static evaluation at each ply of the current line and whose it is (`None` in
    /// check), to tell whether the side to move is improving on its last turn.
    evals: Vec<Option<(Player, i32)>>,
    /// The table action left out at each ply by a singular-extension search (`NO_CODE`).
    excluded: Vec<u32>,
    lists: Vec<Vec<G::Action>>,
    scores: Vec<Vec<i32>>,
    pv: Vec<Vec<G::Action>>,
    null_banned: Vec<bool>,
    lmr: Vec<[u8; 64]>,
    pub root_moves: Vec<RootMove<G::Action>>,
    pv_idx: usize,
    pub best: Option<BestLine<G::Action>>,
    pub completed_depth: u32,
    /// The selective depth of the last completed iteration.
    pub last_seldepth: u32,
    /// Leaves out the game's speculative actions (`Evaluate::speculative`): set when the
    /// position searched is one sampled truth of a hidden-information game.
    skip_speculative: bool,
}

impl<'s, 'a, G: Evaluate> Searcher<'s, 'a, G> {
    /// A searcher for thread `id` (0 is the main thread, which keeps time and reports).
    /// `root_actions` are the root actions to consider, in the order to try them first.
    pub fn new(root: &G, root_actions: &[G::Action], sh: &'s Shared<'a>, id: usize) -> Self {
        let lmr = sh.params.lmr_table();
        Searcher {
            g: root.clone(),
            root: root.clone(),
            sh,
            id,
            nodes: 0,
            flushed: 0,
            others: 0,
            stopped: false,
            seldepth: 0,
            root_depth: 0,
            learnt: sh.tt.memory.take(id),
            killers: Killers::new(),
            line_codes: vec![NO_CODE; MAX_PLY + 2],
            line_quiet: vec![None; MAX_PLY + 2],
            cutoffs: vec![0; MAX_PLY + 2],
            evals: vec![None; MAX_PLY + 2],
            excluded: vec![NO_CODE; MAX_PLY + 2],
            lists: (0..MAX_PLY + 2).map(|_| Vec::with_capacity(64)).collect(),
            scores: (0..MAX_PLY + 2).map(|_| Vec::with_capacity(64)).collect(),
            pv: (0..MAX_PLY + 2).map(|_| Vec::with_capacity(32)).collect(),
            null_banned: vec![false; MAX_PLY + 2],
            lmr,
            root_moves: root_actions
                .iter()
                .map(|&a| RootMove {
                    action: a,
                    score: -INF,
                    previous: -INF,
                    pv: vec![a],
                    nodes: 0,
                })
                .collect(),
            pv_idx: 0,
            best: None,
            completed_depth: 0,
            last_seldepth: 0,
            skip_speculative: sh.leave_speculative,
        }
    }

    fn is_main(&self) -> bool {
        self.id == 0
    }

    /// Nodes of all threads as far as this thread knows.
    pub fn total_nodes(&self) -> u64 {
        self.others + self.nodes
    }

    pub fn flush_nodes(&mut self) {
        let before = self
            .sh
            .nodes
            .fetch_add(self.nodes - self.flushed, Ordering::Relaxed);
        self.others = before + (self.nodes - self.flushed) - self.nodes;
        self.flushed = self.nodes;
    }

    #[inline]
    fn count_node(&mut self) {
        self.nodes += 1;
        if let Some(limit) = self.sh.limits.nodes {
            if self.others + self.nodes >= limit {
                self.stopped = true;
                self.sh.abort.store(true, Ordering::Relaxed);
            }
        }
        if self.nodes & POLL_MASK == 0 {
            self.poll();
        }
    }

    fn poll(&mut self) {
        self.flush_nodes();
        let sh = self.sh;
        if sh.ctl.stopped() || sh.abort.load(Ordering::Relaxed) {
            self.stopped = true;
        } else if self.is_main() && sh.budget.hard_expired(sh.ctl, sh.limits.ponder) {
            self.stopped = true;
            sh.abort.store(true, Ordering::Relaxed);
        }
    }

    /// Iterative deepening until a limit, a stop or the abort flag. The main thread reports
    /// each completed depth through `report`.
    pub fn iterate(&mut self, max_depth: u32, mut report: Option<&mut dyn FnMut(&SearchInfo)>) {
        let multipv = self.sh.multipv.min(self.root_moves.len());
        // The root's evaluation, which its grandchildren compare with (`improving`).
        self.evals[0] = (!self.g.in_check()).then(|| (self.g.to_move(), self.g.evaluate()));
        let mut instability = 0.0f64;
        let mut last_best = None;
        let mut last_score = None;
        let mut depth = 1u32;
        while depth <= max_depth {
            // Helper threads spread over depths so that they do not all repeat the main
            // thread's work.
            let d = if self.id > 0 && self.id % 2 == 1 && depth < max_depth {
                depth + 1
            } else {
                depth
            };
            self.root_depth = d as i32;
            for rm in &mut self.root_moves {
                rm.previous = rm.score;
            }
            for pv_idx in 0..multipv {
                self.pv_idx = pv_idx;
                self.seldepth = 0;
                self.aspiration(d as i32);
                if self.stopped {
                    break;
                }
            }
            if self.stopped {
                break;
            }
            self.root_moves.sort_by_key(|r| std::cmp::Reverse(r.score));
            self.completed_depth = d;
            self.last_seldepth = self.seldepth.max(d as usize) as u32;
            let first = &self.root_moves[0];
            self.best = Some(BestLine {
                score: first.score,
                pv: first.pv.clone(),
                depth: d,
            });
            if let Some(r) = report.as_deref_mut() {
                self.report(d, multipv, r);
            }
            if !self.is_main() {
                depth = d + 1;
                continue;
            }
            let best_action = first.action;
            instability *= 0.5;
            if last_best.is_some_and(|b| b != best_action) {
                instability += 1.0;
            }
            last_best = Some(best_action);
            let effort = first.nodes as f64 / self.nodes.max(1) as f64;
            let fall = last_score.map_or(0, |l: i32| l - first.score);
            last_score = Some(first.score);
            if self.mate_limit_reached() || self.sh.ctl.stopped() {
                break;
            }
            let sh = self.sh;
            let clocked = sh.budget.soft_ms.is_some();
            if clocked && self.root_moves.len() == 1 && !sh.ctl.pondering.load(Ordering::Relaxed) {
                break;
            }
            let scale = soft_scale(instability, effort, fall);
            if sh.budget.soft_expired(sh.ctl, sh.limits.ponder, scale) {
                break;
            }
            depth = d + 1;
        }
        self.flush_nodes();
    }

    fn mate_limit_reached(&self) -> bool {
        let (Some(n), Some(best)) = (self.sh.limits.mate, &self.best) else {
            return false;
        };
        if best.score < MATE_BOUND {
            return false;
        }
        match score::report_score(&self.root, &best.pv, best.score) {
            super::types::Score::Mate(m) => m > 0 && m as u32 <= n,
            _ => false,
        }
    }

    fn report(&self, depth: u32, lines: usize, report: &mut dyn FnMut(&SearchInfo)) {
        let ms = self.sh.ctl.start.elapsed().as_millis() as u64;
        // Every thread's nodes as flushed so far, not as this thread last saw them: with many
        // threads the main one may have flushed rarely.
        let nodes = self.sh.nodes.load(Ordering::Relaxed) + (self.nodes - self.flushed);
        for (i, rm) in self.root_moves.iter().take(lines).enumerate() {
            let mut g = self.root.clone();
            let pv = rm
                .pv
                .iter()
                .map(|&a| {
                    let s = g.format_action(a);
                    g.play(a);
                    s
                })
                .collect();
            report(&SearchInfo {
                depth,
                seldepth: self.seldepth.max(depth as usize) as u32,
                multipv: i as u32 + 1,
                score: score::report_score(&self.root, &rm.pv, rm.score),
                nodes,
                time_ms: ms,
                nps: nodes * 1000 / ms.max(1),
                hashfull: self.sh.tt.hashfull(),
                pv,
                note: None,
            });
        }
    }

    /// Searches the current MultiPV line with a narrow window around the last score,
    /// widening it on failure.
    fn aspiration(&mut self, depth: i32) {
        let prev = self.root_moves[self.pv_idx].previous;
        let mut delta = self.sh.params.aspiration_delta;
        let (mut alpha, mut beta) = if depth >= 4 && prev > -INF && !is_mate(prev) {
            ((prev - delta).max(-INF), (prev + delta).min(INF))
        } else {
            (-INF, INF)
        };
        let mut search_depth = depth;
        loop {
            let s = self.root_search(search_depth, alpha, beta);
            self.root_moves[self.pv_idx..].sort_by_key(|r| std::cmp::Reverse(r.score));
            if self.stopped {
                return;
            }
            if s <= alpha && alpha > -INF {
                beta = (alpha + beta) / 2;
                alpha = (s - delta).max(-INF);
                search_depth = depth;
            } else if s >= beta && beta < INF {
                beta = (s + delta).min(INF);
                if self.sh.params.asp_fail_high_reduce > 0 {
                    search_depth = (search_depth - 1).max(depth - 3).max(1);
                }
            } else {
                return;
            }
            delta += delta / 2 + 8;
            if delta > 900 {
                alpha = -INF;
                beta = INF;
            }
        }
    }

    fn root_search(&mut self, depth: i32, mut alpha: i32, beta: i32) -> i32 {
        let side = self.g.to_move();
        let mut best = -INF;
        let mut best_action = None;
        let alpha0 = alpha;
        for i in self.pv_idx..self.root_moves.len() {
            let a = self.root_moves[i].action;
            self.line_codes[0] = a.code();
            self.line_quiet[0] = (!self.g.is_tactical(a)).then_some(side);
            let nodes_before = self.nodes;
            let u = self.g.play(a);
            self.count_node();
            let flip = self.g.to_move() != side;
            let ext = i32::from(self.g.in_check());
            let nd = depth - 1 + ext;
            let mut s;
            if i == self.pv_idx {
                s = self.child(flip, nd, alpha, beta, 1, false);
            } else {
                s = self.child(flip, nd, alpha, alpha + 1, 1, true);
                if s > alpha && s < beta && !self.stopped {
                    s = self.child(flip, nd, alpha, beta, 1, false);
                }
            }
            self.g.undo(u);
            self.root_moves[i].nodes += self.nodes - nodes_before;
            if self.stopped {
                return best;
            }
            if i == self.pv_idx || s > alpha {
                let rm = &mut self.root_moves[i];
                rm.score = s;
                rm.pv.clear();
                rm.pv.push(a);
                rm.pv.extend_from_slice(&self.pv[1]);
                if i > self.pv_idx && s > alpha && self.pv_idx == 0 {
                    // Proven better than the line searched first: worth playing even if this
                    // iteration does not finish.
                    self.best = Some(BestLine {
                        score: s,
                        pv: rm.pv.clone(),
                        depth: depth as u32,
                    });
                }
            } else {
                self.root_moves[i].score = -INF;
            }
            if s > best {
                best = s;
            }
            if s > alpha {
                alpha = s;
                best_action = Some(a);
                if s >= beta {
                    break;
                }
            }
        }
        if self.pv_idx == 0 {
            let bound = if best >= beta {
                Bound::Lower
            } else if best > alpha0 {
                Bound::Exact
            } else {
                Bound::Upper
            };
            let code = best_action.map(|a: G::Action| a.code());
            self.sh.tt.store(
                self.g.key(),
                code,
                to_tt(best, 0),
                true,
                depth as u32,
                bound,
            );
        }
        best
    }

    /// ProbCut: where a tactical action's quiescence, then a search `probcut_reduction`
    /// plies shallower, beats `beta + probcut_margin`, a full-depth search would very
    /// likely beat `beta`; the node is cut with that score. Actions whose exchange cannot
    /// reach the raised bound from the static evaluation are not tried, and neither is the
    /// search where the table already holds the node below it at nearly this depth. Only
    /// actions that end the turn are tried (the bound belongs to the other side's reply).
    fn probcut(
        &mut self,
        depth: i32,
        beta: i32,
        eval: i32,
        entry: Option<Entry>,
        ply: usize,
        cut_node: bool,
    ) -> Option<i32> {
        let p = self.sh.params;
        let pc_beta = beta + p.probcut_margin;
        let reduced = depth - p.probcut_reduction;
        if entry.is_some_and(|e| e.depth as i32 > reduced && from_tt(e.score as i32, ply) < pc_beta)
        {
            return None;
        }
        let side = self.g.to_move();
        let mut list = std::mem::take(&mut self.lists[ply]);
        let mut scores = std::mem::take(&mut self.scores[ply]);
        list.clear();
        self.g.tactical_actions(&mut list);
        let tt_code = entry.map(|e| e.action).filter(|&c| c != NO_CODE);
        self.score_tactical(&list, &mut scores, tt_code);
        let mut found = None;
        for i in 0..list.len() {
            ordering::pick(&mut list, &mut scores, i);
            if ordering::is_losing_tactical(scores[i]) {
                break;
            }
            let a = list[i];
            if self.g.exchange(a).is_some_and(|x| eval + x < pc_beta) {
                continue;
            }
            self.line_codes[ply] = a.code();
            self.line_quiet[ply] = None;
            let u = self.g.play(a);
            if self.g.to_move() == side {
                self.g.undo(u);
                continue;
            }
            self.count_node();
            let mut v = -self.qsearch(-pc_beta, -pc_beta + 1, ply + 1, 0);
            if v >= pc_beta && reduced > 0 && !self.stopped {
                v = -self.search(reduced, -pc_beta, -pc_beta + 1, ply + 1, true, !cut_node);
            }
            self.g.undo(u);
            if self.stopped {
                break;
            }
            if v >= pc_beta {
                self.sh.tt.store(
                    self.g.key(),
                    Some(a.code()),
                    to_tt(v, ply),
                    false,
                    (reduced + 1).max(0) as u32,
                    Bound::Lower,
                );
                found = Some(v);
                break;
            }
        }
        self.lists[ply] = list;
        self.scores[ply] = scores;
        found
    }

    /// Whether the side to move stands better than at its node two plies up (its last turn,
    /// in a game of one action a turn). Where there is nothing to compare with (near the
    /// root, in check there, another side's node in a game of longer turns) it counts as
    /// improving: the extra pruning of a worsening side is only done where known.
    #[inline]
    fn improving(&self, ply: usize, side: Player, eval: i32) -> bool {
        if eval == -INF {
            return false;
        }
        match ply.checked_sub(2).and_then(|p| self.evals[p]) {
            Some((s, e)) if s == side => eval > e,
            _ => true,
        }
    }

    /// Searches a child node, flipping the window and the score only when the turn changed.
    /// `cut`: the child is expected to fail high, as seen from the side that moves there
    /// after a change of turn; within a turn the same side moves on, so its expectation is
    /// the other one. A full window is a principal variation node, never a cut node.
    #[inline]
    fn child(
        &mut self,
        flip: bool,
        depth: i32,
        alpha: i32,
        beta: i32,
        ply: usize,
        cut: bool,
    ) -> i32 {
        let cut = beta - alpha == 1 && cut == flip;
        if flip {
            -self.search(depth, -beta, -alpha, ply, true, cut)
        } else {
            self.search(depth, alpha, beta, ply, false, cut)
        }
    }

    /// The score of a node where the rules have decided, or `None`.
    #[inline]
    fn decided_here(&self, ply: usize) -> Option<i32> {
        if let Some(o) = self.g.terminal() {
            return Some(self.result_score(o.value_for(self.g.to_move()), ply, 0));
        }
        if self.g.repeated() {
            return Some(self.draw_score());
        }
        if let Some((v, plies)) = self.g.probe_solved() {
            return Some(self.result_score(v, ply, plies));
        }
        None
    }

    /// The score of a result (+1, 0, -1 for the side to move) `plies` past this node.
    #[inline]
    fn result_score(&self, value: i32, ply: usize, plies: u32) -> i32 {
        if value == 0 {
            self.draw_score()
        } else {
            decided(value, ply, plies)
        }
    }

    /// A draw for the side to move: below even for the root's side by the contempt, above
    /// it for the others, so that the root's side plays on in a level position rather than
    /// take a repetition, as against a weaker opponent it should.
    #[inline]
    fn draw_score(&self) -> i32 {
        let c = self.sh.contempt;
        if c == 0 {
            0
        } else if self.g.to_move() == self.root.to_move() {
            -c
        } else {
            c
        }
    }

    /// Principal variation search. `turn_start`: the action that led here ended a turn, so
    /// passing (null move) is meaningful. `cut_node`: a null-window node expected to fail
    /// high (the first reply at an all node, the node of a later action's null-window
    /// search, the null move's reply at an all node), where late actions are reduced more.
    fn search(
        &mut self,
        depth: i32,
        mut alpha: i32,
        mut beta: i32,
        ply: usize,
        turn_start: bool,
        cut_node: bool,
    ) -> i32 {
        if depth <= 0 {
            return self.qsearch(alpha, beta, ply, 0);
        }
        self.pv[ply].clear();
        if let Some(s) = self.decided_here(ply) {
            return s;
        }
        if ply >= MAX_PLY - 1 {
            return self.g.evaluate();
        }
        if self.stopped {
            return 0;
        }
        self.cutoffs[ply + 2] = 0;
        // Mate distance pruning: no line from here beats a mate already found nearer the root.
        alpha = alpha.max(-(MATE - ply as i32));
        beta = beta.min(MATE - ply as i32 - 1);
        if alpha >= beta {
            return alpha;
        }
        self.seldepth = self.seldepth.max(ply);
        let pv_node = beta - alpha > 1;
        let key = self.g.key();
        let excluded = self.excluded[ply];
        let entry = self.sh.tt.probe(key);
        let tt_code = entry.map(|e| e.action).filter(|&c| c != u32::MAX);
        let tt_pv = pv_node || entry.is_some_and(|e| e.pv);
        if let Some(e) = entry {
            if !pv_node && excluded == NO_CODE && e.depth as i32 >= depth {
                let s = from_tt(e.score as i32, ply);
                let cut = match e.bound {
                    Bound::Exact => true,
                    Bound::Lower => s >= beta,
                    Bound::Upper => s <= alpha,
                };
                if cut {
                    if s >= beta && self.sh.params.hist_tt_cut > 0 {
                        if let Some(code) = tt_code {
                            self.reward_tt_cut(code, depth, ply);
                        }
                    }
                    return s;
                }
            }
        }

        let side = self.g.to_move();
        let in_check = self.g.in_check();
        let (eval, correction_key, more_keys) = if in_check {
            (-INF, None, [None; 3])
        } else {
            let k = self.g.correction_key();
            let more = self.more_correction_keys(ply);
            (self.static_eval(key, side, k, more), k, more)
        };
        self.evals[ply] = (!in_check).then_some((side, eval));
        let improving = self.improving(ply, side, eval);
        // For pruning, the evaluation the table's bound corrects (`bounded_eval`);
        // `improving` keeps comparing static values.
        let pruning_eval = if in_check {
            eval
        } else {
            bounded_eval(entry, ply, eval)
        };

        let p = self.sh.params;
        if !pv_node && !in_check && turn_start && !is_mate(beta) && excluded == NO_CODE {
            // Reverse futility: far above beta near the horizon, the opponent will not recover.
            if depth <= p.rfp_depth
                && pruning_eval - p.rfp_margin * (depth - i32::from(improving)) >= beta
            {
                return if p.rfp_blend > 0 {
                    (pruning_eval + beta) / 2
                } else {
                    pruning_eval
                };
            }
            // Razoring: so far below alpha near the horizon that only tactics could help;
            // quiescence says whether they do.
            if depth <= p.razor_depth && pruning_eval + p.razor_margin * depth < alpha {
                let v = self.qsearch(alpha - 1, alpha, ply, 0);
                if self.stopped {
                    return 0;
                }
                if v < alpha {
                    return v;
                }
            }
            if depth >= p.nmp_depth && pruning_eval >= beta && !self.null_banned[ply] {
                self.line_codes[ply] = NO_CODE;
                self.line_quiet[ply] = None;
                if let Some(u) = self.g.play_null() {
                    self.count_node();
                    let r = p.nmp_base
                        + depth / p.nmp_divisor
                        + ((pruning_eval - beta) / p.nmp_eval_step).min(3);
                    let flip = self.g.to_move() != side;
                    self.null_banned[ply + 1] = true;
                    let s = self.child(flip, depth - 1 - r, beta - 1, beta, ply + 1, !cut_node);
                    self.null_banned[ply + 1] = false;
                    self.g.undo(u);
                    if self.stopped {
                        return 0;
                    }
                    if s >= beta {
                        return if is_mate(s) { beta } else { s };
                    }
                }
            }
        }

        if !pv_node
            && !in_check
            && turn_start
            && excluded == NO_CODE
            && p.probcut_margin > 0
            && depth >= p.probcut_depth
            && !is_mate(beta)
        {
            if let Some(s) = self.probcut(depth, beta, eval, entry, ply, cut_node) {
                return s;
            }
            if self.stopped {
                return 0;
            }
        }

        let mut depth = depth;
        if tt_code.is_none() && depth >= p.iir_depth {
            // Without a table move the ordering is poor; a shallower search finds one cheaply.
            depth -= 1;
            if cut_node {
                depth = (depth - p.iir_cut_node).max(1);
            }
        }

        // Singular extension: when every action but the table's fails well below the table's
        // score, the table action is searched a ply deeper (two off the principal variation
        // when far below); when even without it the node beats beta, it is cut at once
        // (several actions would); when the table's score alone beats beta, the table action
        // is searched a ply shallower (others may cut as well).
        let mut tt_extension = 0;
        if let (Some(e), Some(code)) = (entry, tt_code) {
            let ts = from_tt(e.score as i32, ply);
            if ply > 0
                && excluded == NO_CODE
                && depth >= p.se_depth
                && e.depth as i32 >= depth - 3
                && e.bound != Bound::Upper
                && !is_mate(ts)
            {
                let sb = ts - p.se_margin * depth;
                self.excluded[ply] = code;
                let v = self.search((depth - 1) / 2, sb - 1, sb, ply, turn_start, cut_node);
                self.excluded[ply] = NO_CODE;
                if self.stopped {
                    return 0;
                }
                if v < sb {
                    tt_extension = if !pv_node && v < sb - p.se_double_margin {
                        2
                    } else {
                        1
                    };
                } else if sb >= beta {
                    return sb;
                } else if ts >= beta {
                    tt_extension = -1;
                }
            }
        }

        let mut list = std::mem::take(&mut self.lists[ply]);
        let mut scores = std::mem::take(&mut self.scores[ply]);
        list.clear();
        self.g.legal_actions(&mut list);
        if excluded != NO_CODE {
            list.retain(|a| a.code() != excluded);
            if list.is_empty() {
                // The table action was the only one: nothing else reaches any bound.
                self.lists[ply] = list;
                self.scores[ply] = scores;
                return alpha;
            }
        }
        if list.is_empty() {
            self.lists[ply] = list;
            self.scores[ply] = scores;
            return self.result_score(self.g.no_action_outcome().value_for(side), ply, 0);
        }
        if self.skip_speculative {
            let g = &self.g;
            list.retain(|&a| !g.speculative(a));
            if list.is_empty() {
                // Only long shots left: not a position the rules decided.
                self.lists[ply] = list;
                self.scores[ply] = scores;
                return if in_check { self.g.evaluate() } else { eval };
            }
        }
        let prev = [self.line_code(ply, 1), self.line_code(ply, 2)];
        let structure = if p.struct_hist > 0 {
            correction_key.or_else(|| self.g.correction_key())
        } else {
            None
        };
        let first = ordering::score_first_actions(
            &self.g,
            &list,
            &mut scores,
            tt_code,
            self.killers.get(ply),
            &self.ordering_tables(prev, structure),
        );

        let mut best = -INF;
        let mut best_action: Option<G::Action> = None;
        let alpha0 = alpha;
        let mut quiets = [0u32; 48];
        let mut n_quiets = 0;
        let mut tacticals = [0u32; 32];
        let mut n_tacticals = 0;
        let mut searched = 0usize;
        let mut tt_tactical = false;
        let lmp_limit =
            (p.lmp_base as usize + depth as usize * depth as usize) / if improving { 1 } else { 2 };
        // Quiet actions cannot lift a score this far below alpha near the horizon.
        // Where futility pruning may look at all: near the horizon, off the principal
        // variation, out of check, at a node that starts a turn.
        let futility_node = !pv_node && !in_check && turn_start && depth <= p.fp_depth;
        let futile = futility_node && pruning_eval + p.fp_base + p.fp_margin * depth <= alpha;
        for i in 0..list.len() {
            if i == first {
                // Keyed now, with what the actions searched before them taught the tables.
                let tables = self.ordering_tables(prev, structure);
                ordering::score_quiet_actions(&self.g, &mut list, &mut scores, i, &tables);
            }
            ordering::pick(&mut list, &mut scores, i);
            let a = list[i];
            let order = scores[i];
            let tactical = self.g.is_tactical(a);
            let quiet = !tactical && !ordering::is_special(order);
            // A quiet action may be skipped off the principal variation, out of check, once
            // a score above a lost mate is found: late (move count pruning), where the
            // evaluation is far below alpha (futility), or, with `hist_prune`, where it kept
            // failing where it was tried (history pruning).
            if !pv_node && !in_check && quiet && best > -MATE_BOUND {
                let late = depth <= p.lmp_depth && searched >= lmp_limit;
                let failing = p.hist_prune > 0
                    && depth <= p.hist_prune_depth
                    && order < -p.hist_prune * depth;
                if late || futile || failing {
                    continue;
                }
            }
            // Near the horizon: a tactical action the game expects to lose much material, or a
            // quiet one that leaves its piece to be taken for less.
            if !pv_node && !in_check && best > -MATE_BOUND && depth <= p.see_depth {
                let losing_tactical = ordering::is_losing_tactical(order)
                    && ordering::tactical_loss(order) < -p.see_margin * depth;
                let losing_quiet = quiet
                    && self
                        .g
                        .exchange(a)
                        .is_some_and(|x| x < -p.quiet_see_margin * depth * depth);
                if losing_tactical || losing_quiet {
                    continue;
                }
            }
            // Futility of a tactical action: near the horizon, where what it wins cannot
            // lift the evaluation to alpha, only a check could still matter.
            let futile_tactical = p.cap_fp > 0
                && tactical
                && futility_node
                && best > -MATE_BOUND
                && self.g.exchange(a).is_some_and(|gain| {
                    pruning_eval + p.fp_base + p.cap_fp * depth + gain.max(0) <= alpha
                });
            let asks = self.skip_speculative && self.g.asks_only(a);
            self.line_codes[ply] = a.code();
            self.line_quiet[ply] = (!tactical).then_some(side);
            let mut u = self.g.play(a);
            let gives_check = self.g.in_check();
            if futile_tactical && !gives_check {
                self.g.undo(u);
                continue;
            }
            self.count_node();
            let flip = self.g.to_move() != side;
            let is_tt = Some(a.code()) == tt_code;
            tt_tactical |= is_tt && tactical;
            let room = (ply as i32) < 2 * self.root_depth;
            // A check that throws material away is seldom the move that matters; extending
            // it spends the depth the others need. Whether it gives check is known only once
            // played, and the exchange count only before: the rare checks go back to ask.
            let sound_check = gives_check
                && p.check_ext > 0
                && room
                && (p.check_see_margin < 0 || {
                    self.g.undo(u);
                    let x = self.g.exchange(a);
                    u = self.g.play(a);
                    x.is_none_or(|x| x >= -p.check_see_margin)
                });
            let ext = if is_tt && tt_extension != 0 && (room || tt_extension < 0) {
                tt_extension
            } else {
                i32::from(sound_check)
            };
            // An action that only asks takes no ply.
            let ext = if asks { ext.max(1) } else { ext };
            let nd = depth - 1 + ext;
            let mut s;
            if searched == 0 {
                s = self.child(flip, nd, alpha, beta, ply + 1, !cut_node);
            } else {
                let mut r = 0;
                let reducible = quiet
                    || (p.lmr_losing_tactical > 0
                        && tactical
                        && ordering::is_losing_tactical(order));
                let checks_reducible = p.lmr_checks > 0 || (!in_check && !gives_check);
                if depth >= 3 && searched >= 2 && reducible && checks_reducible {
                    r = self.lmr[depth.min(63) as usize][searched.min(63)] as i32;
                    if gives_check {
                        r -= 1;
                    }
                    if pv_node || (tt_pv && p.lmr_tt_pv > 0) {
                        r -= 1;
                    }
                    if !improving {
                        r += 1;
                    }
                    if cut_node {
                        r += p.lmr_cut_node;
                    }
                    if tt_tactical {
                        r += p.lmr_tt_tactical;
                    }
                    if self.cutoffs[ply + 1] > 3 {
                        r += p.lmr_cutoffs;
                    }
                    if p.lmr_hist_div > 0 {
                        if quiet {
                            r -= order / p.lmr_hist_div;
                        }
                    } else if order > p.lmr_history {
                        r -= 1;
                    }
                    r = r.clamp(0, nd - 1);
                }
                s = self.child(flip, nd - r, alpha, alpha + 1, ply + 1, true);
                if s > alpha && r > 0 && !self.stopped {
                    // How far the reduced search beat the best so far says how much the
                    // full one should look: a clear win a ply more, a bare one a ply less.
                    let mut full = nd;
                    if p.lmr_deeper >= 0 && s > best + p.lmr_deeper + 10 * r && room {
                        full += 1;
                    }
                    if p.lmr_shallower > 0 && s < best + nd {
                        full -= 1;
                    }
                    if full > nd - r {
                        s = self.child(flip, full, alpha, alpha + 1, ply + 1, !cut_node);
                        if quiet && p.lmr_cont_update > 0 && !self.stopped {
                            self.learn_from_re_search(prev, a.code(), depth, s, alpha, beta);
                        }
                    }
                }
                if s > alpha && s < beta && pv_node && !self.stopped {
                    s = self.child(flip, nd, alpha, beta, ply + 1, false);
                }
            }
            self.g.undo(u);
            if self.stopped {
                self.lists[ply] = list;
                self.scores[ply] = scores;
                return 0;
            }
            searched += 1;
            if s > best {
                best = s;
                if s > alpha {
                    alpha = s;
                    best_action = Some(a);
                    if pv_node {
                        let (head, tail) = self.pv.split_at_mut(ply + 1);
                        let line = &mut head[ply];
                        line.clear();
                        line.push(a);
                        line.extend_from_slice(&tail[0]);
                    }
                    if s >= beta {
                        self.cutoffs[ply] += 1 + u32::from(tt_code.is_none());
                        let clear = p.hist_bonus_margin > 0 && s > beta + p.hist_bonus_margin;
                        let bonus = p.history_reward(depth + i32::from(clear));
                        if tactical {
                            self.learnt.captures.update(side, a.code(), bonus);
                        } else {
                            self.killers.add(ply, a.code());
                            self.learnt.learn_quiet_cutoff(
                                side,
                                prev,
                                structure.map(|k| (k, p.struct_hist)),
                                a.code(),
                                &quiets[..n_quiets],
                                bonus,
                            );
                        }
                        // The tactical actions tried before the cutoff did not make it.
                        for &t in &tacticals[..n_tacticals] {
                            self.learnt.captures.update(side, t, -bonus);
                        }
                        break;
                    }
                }
            }
            if !tactical && n_quiets < quiets.len() {
                quiets[n_quiets] = a.code();
                n_quiets += 1;
            } else if tactical && n_tacticals < tacticals.len() {
                tacticals[n_tacticals] = a.code();
                n_tacticals += 1;
            }
        }
        self.lists[ply] = list;
        self.scores[ply] = scores;
        if excluded != NO_CODE {
            // A search without the table action: its result is not the node's.
            return best;
        }

        if p.fail_high_blend > 0 && best >= beta && !is_mate(best) && !is_mate(beta) {
            best = (best * depth + beta) / (depth + 1);
        }
        let bound = if best >= beta {
            Bound::Lower
        } else if best > alpha0 {
            Bound::Exact
        } else {
            Bound::Upper
        };
        self.sh.tt.store(
            key,
            best_action.map(|a| a.code()),
            to_tt(best, ply),
            tt_pv,
            depth as u32,
            bound,
        );
        if bound == Bound::Upper && p.hist_prior > 0 {
            self.reward_prior_quiet(depth, ply);
        }
        // The search's score says how far the static evaluation was off, unless it is only
        // a bound on the side the evaluation already stood, or a capture's gain decided it.
        if let Some(k) = correction_key {
            let quiet_best = best_action.is_none_or(|a| !self.g.is_tactical(a));
            let informative = match bound {
                Bound::Lower => best > eval,
                Bound::Upper => best < eval,
                Bound::Exact => true,
            };
            if quiet_best && informative && !is_mate(best) {
                self.learnt.correction.learn(side, k, depth, eval, best);
                for (table, key) in self.learnt.more_correction.iter_mut().zip(more_keys) {
                    if let Some(m) = key {
                        table.learn(side, m, depth, eval, best);
                    }
                }
            }
        }
        best
    }

    /// Keys actions away from the line's context (quiescence, ProbCut): by the table's
    /// action, the game's hint and the histories, without continuation or structure.
    fn score_tactical(&self, list: &[G::Action], scores: &mut Vec<i32>, tt_code: Option<u32>) {
        let tables = ordering::Learnt {
            quiet: &self.learnt.history,
            captures: Some(&self.learnt.captures),
            cont: None,
            structure: None,
        };
        ordering::score_actions(&self.g, list, scores, tt_code, [NO_CODE; 2], &tables);
    }

    /// The tables that order a node's actions: `prev`, the codes of the line's last two
    /// actions; `structure`, the node's structure key where the structure history is kept.
    fn ordering_tables(&self, prev: [u32; 2], structure: Option<u64>) -> ordering::Learnt<'_> {
        ordering::Learnt {
            quiet: &self.learnt.history,
            captures: Some(&self.learnt.captures),
            cont: Some((&self.learnt.cont, prev)),
            structure: structure.map(|k| (&self.learnt.structure, k)),
        }
    }

    /// A reduced quiet action's full-depth re-search says whether its reduction was wrong:
    /// as a reply to this line the action is worth more (it beat beta) or less (it stayed at
    /// or below alpha) than its ordering thought (`lmr_cont_update`, percent of a cutoff's
    /// reward).
    fn learn_from_re_search(
        &mut self,
        prev: [u32; 2],
        code: u32,
        depth: i32,
        score: i32,
        alpha: i32,
        beta: i32,
    ) {
        let p = self.sh.params;
        let b = p.history_reward(depth) * p.lmr_cont_update / 100;
        if score <= alpha {
            self.learnt.cont.update(prev, code, -b);
        } else if score >= beta {
            self.learnt.cont.update(prev, code, b);
        }
    }

    /// When the table cuts a node off with its action, that action would have cut it again:
    /// it gets its share of a cutoff's reward (`hist_tt_cut`), as the reply to the line's
    /// last two actions too. The table does not say whether it was tactical; a tactical
    /// action's quiet history is not read for it.
    fn reward_tt_cut(&mut self, code: u32, depth: i32, ply: usize) {
        let p = self.sh.params;
        let bonus = p.history_reward(depth) * p.hist_tt_cut / 100;
        let side = self.g.to_move();
        let prev = [self.line_code(ply, 1), self.line_code(ply, 2)];
        self.learnt.reward_quiet(side, prev, code, bonus);
    }

    /// A node where every action failed low: the quiet action of the other side that led
    /// here refuted what came before it, though it never cut a node itself (it was searched
    /// with the window its parent gave); it gets its share of a cutoff's reward
    /// (`hist_prior`).
    fn reward_prior_quiet(&mut self, depth: i32, ply: usize) {
        let Some(mover) = ply.checked_sub(1).and_then(|q| self.line_quiet[q]) else {
            return;
        };
        if mover == self.g.to_move() {
            return;
        }
        let p = self.sh.params;
        let bonus = p.history_reward(depth) * p.hist_prior / 100;
        let code = self.line_codes[ply - 1];
        let prev = [self.line_code(ply - 1, 1), self.line_code(ply - 1, 2)];
        self.learnt.reward_quiet(mover, prev, code, bonus);
    }

    /// The code of the action `back` plies before `ply` (`NO_CODE` before the root).
    #[inline]
    fn line_code(&self, ply: usize, back: usize) -> u32 {
        ply.checked_sub(back)
            .map_or(NO_CODE, |q| self.line_codes[q])
    }

    /// The static evaluation for `side` to move, corrected by the correction history.
    #[inline]
    fn static_eval(
        &mut self,
        key: u64,
        side: Player,
        correction_key: Option<u64>,
        more_keys: [Option<u64>; 3],
    ) -> i32 {
        let raw = match self.learnt.evals.get(key) {
            Some(v) => v,
            None => {
                let v = self.g.evaluate();
                self.learnt.evals.put(key, v);
                v
            }
        };
        if is_mate(raw) {
            return raw;
        }
        let p = self.sh.params;
        let weights = [p.corr_more, p.corr_more, p.corr_cont];
        let more: i32 = (self.learnt.more_correction.iter())
            .zip(more_keys)
            .zip(weights)
            .map(|((table, k), w)| k.map_or(0, |k| table.entry(side, k) * w / 100))
            .sum();
        let v = self
            .learnt
            .correction
            .apply(side, correction_key, raw + more);
        damp_by_draw_count(v, self.g.draw_count(), p.fifty_damp)
            .clamp(-MATE_BOUND + 1, MATE_BOUND - 1)
    }

    /// The keys of the corrections beside the pawns' where they are in use: the game's
    /// `more_correction_keys`, then the line's last two actions (the continuation
    /// correction; none at the root's children, nor after a null move).
    #[inline]
    fn more_correction_keys(&self, ply: usize) -> [Option<u64>; 3] {
        let p = self.sh.params;
        let [a, b] = if p.corr_more > 0 {
            self.g.more_correction_keys()
        } else {
            [None; 2]
        };
        let (last, before) = (self.line_code(ply, 1), self.line_code(ply, 2));
        let cont = (p.corr_cont > 0 && last != NO_CODE && before != NO_CODE).then(|| {
            let h = (u64::from(last) << 32 | u64::from(before)).wrapping_mul(0x9E37_79B9_7F4A_7C15);
            h ^ (h >> 31)
        });
        [a, b, cont]
    }

    /// Quiescence: the side to move may stand on the static evaluation or try tactical
    /// actions; in check every action is tried.
    fn qsearch(&mut self, mut alpha: i32, beta: i32, ply: usize, qply: usize) -> i32 {
        self.pv[ply].clear();
        if let Some(s) = self.decided_here(ply) {
            return s;
        }
        if ply >= MAX_PLY - 1 || qply >= QS_MAX {
            return self.g.evaluate();
        }
        if self.stopped {
            return 0;
        }
        self.seldepth = self.seldepth.max(ply);
        let key = self.g.key();
        let entry = self.sh.tt.probe(key);
        if let Some(e) = entry {
            let s = from_tt(e.score as i32, ply);
            let cut = match e.bound {
                Bound::Exact => true,
                Bound::Lower => s >= beta,
                Bound::Upper => s <= alpha,
            };
            if cut {
                return s;
            }
        }
        let tt_code = entry.map(|e| e.action).filter(|&c| c != u32::MAX);
        let side = self.g.to_move();
        let in_check = self.g.in_check();
        let play_on = !in_check && self.g.quiescence_continues();
        let mut best = -INF;
        let alpha0 = alpha;
        let mut eval = -INF;
        if !in_check {
            let more = self.more_correction_keys(ply);
            eval = self.static_eval(key, side, self.g.correction_key(), more);
            if self.sh.params.qs_tt_eval > 0 {
                eval = bounded_eval(entry, ply, eval);
            }
            if !play_on {
                if eval >= beta {
                    return eval;
                }
                alpha = alpha.max(eval);
                best = eval;
            }
        }

        let mut list = std::mem::take(&mut self.lists[ply]);
        let mut scores = std::mem::take(&mut self.scores[ply]);
        list.clear();
        if in_check {
            self.g.legal_actions(&mut list);
            if list.is_empty() {
                self.lists[ply] = list;
                self.scores[ply] = scores;
                return self.result_score(self.g.no_action_outcome().value_for(side), ply, 0);
            }
        } else {
            // Standing pat covers the case of no legal action at all: quiescence does not
            // look for stalemates.
            self.g.tactical_actions(&mut list);
        }
        self.score_tactical(&list, &mut scores, tt_code);
        let mut best_action = None;
        let evasions = self.sh.params.qs_evasions;
        let mut quiet_evasions = 0;
        for i in 0..list.len() {
            ordering::pick(&mut list, &mut scores, i);
            if !in_check && ordering::is_losing_tactical(scores[i]) {
                // Sorted: every action left is expected to lose material too.
                break;
            }
            let a = list[i];
            if in_check && evasions > 0 && !self.g.is_tactical(a) {
                // Past the first few quiet evasions the rest seldom change a score
                // that already escaped the mate.
                if quiet_evasions >= evasions && best > -MATE_BOUND {
                    continue;
                }
                quiet_evasions += 1;
            }
            // For the continuation correction of the positions below.
            self.line_codes[ply] = a.code();
            let u = self.g.play(a);
            self.count_node();
            let s = if self.g.to_move() != side {
                -self.qsearch(-beta, -alpha, ply + 1, qply + 1)
            } else {
                self.qsearch(alpha, beta, ply + 1, qply + 1)
            };
            self.g.undo(u);
            if self.stopped {
                self.lists[ply] = list;
                self.scores[ply] = scores;
                return 0;
            }
            if s > best {
                best = s;
                if s > alpha {
                    alpha = s;
                    best_action = Some(a);
                    if s >= beta {
                        break;
                    }
                    if beta - alpha0 > 1 {
                        // Only full-window probes (`quiet_line`) read the line.
                        let (head, tail) = self.pv.split_at_mut(ply + 1);
                        let line = &mut head[ply];
                        line.clear();
                        line.push(a);
                        line.extend_from_slice(&tail[0]);
                    }
                }
            }
        }
        self.lists[ply] = list;
        self.scores[ply] = scores;
        if best == -INF && play_on {
            // Nothing tactical to play on with: the static score after all.
            best = eval;
        }
        let bound = if best >= beta {
            Bound::Lower
        } else if best > alpha0 && best_action.is_some() {
            Bound::Exact
        } else {
            Bound::Upper
        };
        self.sh.tt.store(
            key,
            best_action.map(|a: G::Action| a.code()),
            to_tt(best, ply),
            beta - alpha0 > 1 || entry.is_some_and(|e| e.pv),
            0,
            bound,
        );
        best
    }

    /// Quiescence search of `g` with a full window: its score for the side to move and its
    /// principal line, which leads to the position whose static evaluation is the score
    /// (unless the line ends in a decided position). `None` when stopped.
    pub fn quiet_line(&mut self, g: &G) -> Option<(i32, Vec<G::Action>)> {
        self.g = g.clone();
        self.stopped = false;
        let s = self.qsearch(-INF, INF, 0, 0);
        if self.stopped {
            return None;
        }
        Some((s, self.pv[0].clone()))
    }

    /// Alpha-beta of `g` to `depth` plies, then quiescence, with a full window and without
    /// the game's speculative actions: the score for the side to move, as tree search
    /// scores a leaf of a sampled truth. The table and ordering tables carry over between
    /// calls (positions of one game).
    pub fn leaf_score(&mut self, g: &G, depth: u32) -> i32 {
        self.g = g.clone();
        self.stopped = false;
        self.skip_speculative = true;
        self.root_depth = depth as i32;
        self.search(depth as i32, -INF, INF, 0, true, false)
    }

    pub fn side(&self) -> Player {
        self.root.to_move()
    }

    /// Leaves the thread's ordering tables and correction history beside the table for its
    /// next search.
    pub fn keep_learnt(self) {
        self.sh.tt.memory.keep(self.id, self.learnt);
    }

    /// Ages the ordering tables between the iterations of a longer process.
    pub fn age_tables(&mut self) {
        self.learnt.age();
        self.killers.clear();
    }
}

/// `eval` less `percent` of itself in proportion to how far a counted draw rule has run
/// (`count` of `limit` plies).
#[inline]
pub(super) fn damp_by_draw_count(eval: i32, count: Option<(u32, u32)>, percent: i32) -> i32 {
    match count {
        Some((n, limit)) if percent > 0 && n > 0 && limit > 0 => {
            let n = i64::from(n.min(limit));
            let cut = i64::from(eval) * i64::from(percent) * n / (100 * i64::from(limit));
            eval - cut as i32
        }
        _ => eval,
    }
}

/// The table's score where the entry's bound says the static evaluation `eval` is off (a
/// lower bound above it, an upper bound below it, an exact score; never a mate score): a
/// search of the position knew more. `eval` otherwise.
fn bounded_eval(entry: Option<Entry>, ply: usize, eval: i32) -> i32 {
    match entry.map(|e| (e.bound, from_tt(e.score as i32, ply))) {
        Some((bound, s)) if !is_mate(s) => match bound {
            Bound::Exact => s,
            Bound::Lower if s > eval => s,
            Bound::Upper if s < eval => s,
            _ => eval,
        },
        _ => eval,
    }
}
