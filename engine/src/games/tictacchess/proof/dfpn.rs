//! Depth-first proof-number search (df-pn with the 1+ε threshold rule) of depth-bounded
//! questions: "does the side to move force a win within `d` plies" (an OR node of the
//! attacker) and "does the side to move lose within `d` plies whatever it does" (an AND node).
//!
//! # Repetition
//!
//! The search ignores the threefold-repetition rule: it answers the questions for the game in
//! which a repeated position simply plays on. For a root without history (the start position)
//! the answers are those of the real game:
//! - *No win within `d`* found here holds in the real game: the repetition rule only adds draws,
//!   which are never a win for the attacker, so every win of the real game is a win here.
//! - *A win within `d`* found here holds in the real game: let `w(q)` be the fewest plies in
//!   which the attacker forces a win from `q` here. Playing a move that reaches the smallest
//!   `w`, every attacker move and every defender reply lower `w` by at least one, so no position
//!   occurs twice on the way and the repetition rule never applies.
//!
//! The searched graph is acyclic for the same reason: each question at depth `d` asks only
//! questions at `d - 1`. A table keyed by position (not by path) is therefore sound, and the
//! proven facts are stored with the depth they hold for (see `table`).

use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::time::Instant;

use super::super::position::{Config, Position, TttAction, KINDS};
use super::super::solver::{probe, PROBE_MATERIAL};
use super::symmetry::canonical_code;
use super::table::{Bounds, Entry, Table, Work};

/// Proof and disproof numbers at or above this are infinite.
pub const INF: u64 = u64::MAX / 4;

/// The question asked of the side to move.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Kind {
    /// Does it force a win within the bound (the attacker to move: an OR node)?
    Win,
    /// Does it lose within the bound whatever it does (the defender to move: an AND node)?
    Loss,
}

impl Kind {
    fn other(self) -> Kind {
        match self {
            Kind::Win => Kind::Loss,
            Kind::Loss => Kind::Win,
        }
    }

    fn bit(self) -> u8 {
        match self {
            Kind::Win => 0,
            Kind::Loss => 1,
        }
    }
}

/// What a finished question found.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Answer {
    Proven,
    Disproven,
    /// The search stopped (time, node budget or a stop request) first.
    Stopped,
}

/// True when the side to move has no action and has lost (a line it cannot break, or mate).
pub fn lost_dead_end(cfg: &Config, p: &Position) -> bool {
    // Without a pending line or a check, no action would be a stalemate, never a loss.
    if p.pending_line() == 0 && !p.in_check() {
        return false;
    }
    let mut acts = Vec::new();
    p.legal_actions(cfg, &mut acts);
    acts.is_empty()
}

/// True when the side to move has an action after which the opponent has lost.
pub fn immediate_win(cfg: &Config, p: &Position) -> bool {
    let mut acts = Vec::new();
    p.legal_actions(cfg, &mut acts);
    acts.into_iter().any(|a| {
        let mut c = *p;
        c.apply(a);
        lost_dead_end(cfg, &c)
    })
}

/// Pieces on the board and in both reserves.
pub fn material(p: &Position) -> u32 {
    let on_board = p.occupied().count_ones();
    let reserve: u32 = (0..2)
        .map(|s| (0..KINDS).map(|k| p.reserve[s][k] as u32).sum::<u32>())
        .sum();
    on_board + reserve
}

struct Child {
    pos: Position,
    code: u64,
    /// The child's numbers: read from the table once, then as its searches return them.
    /// (Rereading every child on every pass costs a cache miss each; a sibling a transposition
    /// decided meanwhile is found when it is searched, at its first table probe.)
    num: (u64, u64),
}

/// One searching thread's state over a shared table.
pub struct Searcher<'a> {
    pub cfg: Config,
    table: &'a Table,
    pub nodes: u64,
    /// Stops at this node count (checkpoint tests).
    pub node_limit: u64,
    deadline: Option<Instant>,
    stop: &'a AtomicBool,
    stopped: bool,
    /// Probe the exact endgame tables at positions with at most `PROBE_MATERIAL` pieces.
    pub leaves: bool,
    pub leaf_hits: u64,
    /// The ε of the 1+ε threshold rule, in 1/1024ths.
    epsilon: u64,
    /// A counter shared with a progress display, bumped now and then.
    pub counter: Option<&'a AtomicU64>,
    flushed: u64,
    /// Running means of the actions at Win and Loss questions, in 1/16ths.
    branching: [u32; 2],
}

#[inline]
fn sat(x: u64) -> u64 {
    x.min(INF)
}

impl<'a> Searcher<'a> {
    pub fn new(
        cfg: Config,
        table: &'a Table,
        deadline: Option<Instant>,
        stop: &'a AtomicBool,
    ) -> Searcher<'a> {
        Searcher {
            cfg,
            table,
            nodes: 0,
            node_limit: u64::MAX,
            deadline,
            stop,
            stopped: false,
            leaves: false,
            leaf_hits: 0,
            epsilon: 256,
            counter: None,
            flushed: 0,
            branching: [16; 2],
        }
    }

    /// Answers a question at a root, searching until it is decided or the search must stop.
    pub fn solve(&mut self, root: &Position, kind: Kind, depth: u32) -> Answer {
        let code = canonical_code(root);
        loop {
            let (pn, dn) = self.numbers(code, kind, depth);
            if pn == 0 {
                return Answer::Proven;
            }
            if dn == 0 {
                return Answer::Disproven;
            }
            if self.stopped || self.must_stop() {
                return Answer::Stopped;
            }
            let (pn, dn) = self.mid(root, code, kind, depth, INF, INF);
            if pn == 0 {
                return Answer::Proven;
            }
            if dn == 0 {
                return Answer::Disproven;
            }
            if self.stopped {
                // The root's entry may be the one a decided search just wrote: look once more.
                let (pn, dn) = self.numbers(code, kind, depth);
                return match (pn, dn) {
                    (0, _) => Answer::Proven,
                    (_, 0) => Answer::Disproven,
                    _ => Answer::Stopped,
                };
            }
        }
    }

    fn must_stop(&mut self) -> bool {
        if self.nodes >= self.node_limit || self.stop.load(Ordering::Relaxed) {
            self.stopped = true;
        } else if self.nodes & 0x3ff == 0 {
            self.flush();
            if let Some(d) = self.deadline {
                if Instant::now() >= d {
                    self.stopped = true;
                }
            }
        }
        self.stopped
    }

    /// Adds the nodes not yet counted to the shared counter.
    pub fn flush(&mut self) {
        if let Some(c) = self.counter {
            c.fetch_add(self.nodes - self.flushed, Ordering::Relaxed);
        }
        self.flushed = self.nodes;
    }

    /// The proof and disproof numbers the table knows for a question.
    fn numbers(&self, code: u64, kind: Kind, depth: u32) -> (u64, u64) {
        self.known(code, kind, depth).unwrap_or((1, 1))
    }

    /// The numbers of a question, if the table holds a fact or working numbers for it.
    fn known(&self, code: u64, kind: Kind, depth: u32) -> Option<(u64, u64)> {
        let e = self.table.get(code)?;
        if let Some(r) = decided(e.bounds, kind, depth) {
            return Some(r);
        }
        match e.work {
            Some(w) if w.kind == kind.bit() && w.depth as u32 == depth => {
                Some((w.pn as u64, w.dn as u64))
            }
            _ => None,
        }
    }

    /// The numbers of a question not searched yet. A question decided by its own expansion
    /// costs one. Otherwise, in a tree of uniform branching, disproving a Win question at
    /// depth d needs every attacker action at d, d - 2, ... answered by one reply each, about
    /// b^((d - 1) / 2) expansions, and proving a Loss question about b^(d / 2), with b the
    /// branching seen so far. Without these estimates df-pn takes every unsearched sibling for
    /// a one-node job and expands them all before it goes deeper into any.
    fn fresh(&self, kind: Kind, depth: u32) -> (u64, u64) {
        let grow = |b: u32, k: u32| -> u64 {
            let b = ((b >> 4).max(1)) as u64;
            (0..k).fold(1u64, |acc, _| acc.saturating_mul(b).min(1 << 40))
        };
        match kind {
            Kind::Win if depth >= 3 => (1, grow(self.branching[0], (depth - 1) / 2)),
            Kind::Loss if depth >= 2 => (grow(self.branching[1], depth / 2), 1),
            _ => (1, 1),
        }
    }

    fn note_branching(&mut self, kind: Kind, n: usize) {
        let b = &mut self.branching[kind.bit() as usize];
        let n = (n.min(1 << 20) as u32) << 4;
        *b = *b - (*b >> 4) + (n >> 4);
    }

    fn store(&self, code: u64, kind: Kind, depth: u32, pn: u64, dn: u64, effort: u64) {
        let mut b = Bounds::default();
        let d = depth.min(254) as u8;
        let work = if pn == 0 {
            match kind {
                Kind::Win => b.win_at = d,
                Kind::Loss => b.loss_at = d,
            }
            None
        } else if dn == 0 {
            match kind {
                Kind::Win => b.no_win_below = d + 1,
                Kind::Loss => b.no_loss_below = d + 1,
            }
            None
        } else {
            // Working numbers past 32 bits are kept as the largest: they only guide.
            Some(Work {
                kind: kind.bit(),
                depth: d,
                pn: pn.min(u32::MAX as u64) as u32,
                dn: dn.min(u32::MAX as u64) as u32,
            })
        };
        let effort = (64 - effort.leading_zeros()) as u8;
        self.table.put(
            code,
            Entry {
                bounds: b,
                work,
                effort,
            },
        );
    }

    /// The exact answer at a position with few pieces left, from the retrograde tables.
    fn leaf(&mut self, p: &Position, kind: Kind, depth: u32) -> Option<bool> {
        if !self.leaves || material(p) > PROBE_MATERIAL {
            return None;
        }
        let (v, d) = probe(&self.cfg, p)?;
        self.leaf_hits += 1;
        Some(match kind {
            Kind::Win => v == 1 && d <= depth,
            Kind::Loss => v == -1 && d <= depth,
        })
    }

    /// The children of a question, or its answer when it is decided at once.
    fn expand(&mut self, p: &Position, kind: Kind, depth: u32) -> Result<Vec<Child>, bool> {
        if let Some(r) = self.leaf(p, kind, depth) {
            return Err(r);
        }
        let mut acts: Vec<TttAction> = Vec::new();
        p.legal_actions(&self.cfg, &mut acts);
        match kind {
            Kind::Win => {
                if acts.is_empty() {
                    return Err(false);
                }
                let mut kids = Vec::with_capacity(acts.len());
                for a in acts {
                    let mut c = *p;
                    c.apply(a);
                    if lost_dead_end(&self.cfg, &c) {
                        return Err(true);
                    }
                    kids.push(c);
                }
                // A win needs an attacker move after the defender's reply: 3 plies at least.
                if depth < 3 {
                    return Err(false);
                }
                Ok(self.order(kids))
            }
            Kind::Loss => {
                if acts.is_empty() {
                    return Err(lost_dead_end(&self.cfg, p));
                }
                if depth < 2 {
                    return Err(false);
                }
                if depth < 4 {
                    // The children ask only for an immediate win: answered here, without the
                    // table traffic of a node per child.
                    return Err(acts.into_iter().all(|a| {
                        let mut c = *p;
                        c.apply(a);
                        self.nodes += 1;
                        immediate_win(&self.cfg, &c)
                    }));
                }
                let kids = acts
                    .into_iter()
                    .map(|a| {
                        let mut c = *p;
                        c.apply(a);
                        c
                    })
                    .collect();
                Ok(self.order(kids))
            }
        }
    }

    /// Children best-first for the mover (the evaluation is the child's, i.e. the opponent's),
    /// without two images of one position.
    fn order(&self, kids: Vec<Position>) -> Vec<Child> {
        let mut scored: Vec<(i32, u64, Position)> = kids
            .into_iter()
            .map(|c| (super::super::eval::evaluate(&c), canonical_code(&c), c))
            .collect();
        // Images of one position may evaluate differently: remove them by code first.
        scored.sort_by_key(|k| k.1);
        scored.dedup_by_key(|k| k.1);
        scored.sort_by_key(|k| (k.0, k.1));
        scored
            .into_iter()
            .map(|(_, code, pos)| Child {
                pos,
                code,
                num: (1, 1),
            })
            .collect()
    }

    /// Multiple iterative deepening: searches a question until its numbers reach a threshold.
    /// Returns the question's numbers when it stops.
    fn mid(
        &mut self,
        p: &Position,
        code: u64,
        kind: Kind,
        depth: u32,
        th_pn: u64,
        th_dn: u64,
    ) -> (u64, u64) {
        self.nodes += 1;
        let start = self.nodes;
        if let Some(r @ ((0, _) | (_, 0))) = self.known(code, kind, depth) {
            return r;
        }
        let mut kids = match self.expand(p, kind, depth) {
            Err(true) => {
                self.store(code, kind, depth, 0, INF, 1);
                return (0, INF);
            }
            Err(false) => {
                self.store(code, kind, depth, INF, 0, 1);
                return (INF, 0);
            }
            Ok(k) => k,
        };
        let ck = kind.other();
        let cd = depth - 1;
        self.note_branching(kind, kids.len());
        for c in kids.iter_mut() {
            c.num = self
                .known(c.code, ck, cd)
                .unwrap_or_else(|| self.fresh(ck, cd));
        }
        loop {
            // For the attacker's question: OR over the children at a Win node, AND at a Loss
            // node. `first` is the number that is a minimum, `second` the one that is a sum.
            let mut best = 0;
            let mut best_first = INF;
            let mut second_first = INF;
            let mut best_second = 0;
            let mut sum: u64 = 0;
            for (i, c) in kids.iter().enumerate() {
                let (cpn, cdn) = c.num;
                let (f, s) = match kind {
                    Kind::Win => (cpn, cdn),
                    Kind::Loss => (cdn, cpn),
                };
                sum = sum.saturating_add(s);
                if f < best_first {
                    second_first = best_first;
                    best_first = f;
                    best_second = s;
                    best = i;
                } else if f < second_first {
                    second_first = f;
                }
            }
            let sum = sat(sum);
            let (pn, dn) = match kind {
                Kind::Win => (best_first, sum),
                Kind::Loss => (sum, best_first),
            };
            if pn == 0 || dn == 0 || pn >= th_pn || dn >= th_dn || self.must_stop() {
                self.store(code, kind, depth, pn, dn, self.nodes - start + 1);
                return (pn, dn);
            }
            let (th_first, th_second) = match kind {
                Kind::Win => (th_pn, th_dn),
                Kind::Loss => (th_dn, th_pn),
            };
            let grown = second_first
                .saturating_mul(1024 + self.epsilon)
                .div_ceil(1024);
            let c_first = th_first.min(sat(grown.max(second_first + 1)));
            let c_second = if th_second >= INF {
                INF
            } else {
                sat(th_second - sum + best_second)
            };
            let (c_pn, c_dn) = match kind {
                Kind::Win => (c_first, c_second),
                Kind::Loss => (c_second, c_first),
            };
            let child = kids[best].pos;
            let child_code = kids[best].code;
            kids[best].num = self.mid(&child, child_code, ck, cd, c_pn, c_dn);
            if self.stopped {
                return (pn, dn);
            }
        }
    }
}

/// The numbers of a question the bounds decide.
pub fn decided(b: Bounds, kind: Kind, depth: u32) -> Option<(u64, u64)> {
    let (at, below) = match kind {
        Kind::Win => (b.win_at, b.no_win_below),
        Kind::Loss => (b.loss_at, b.no_loss_below),
    };
    if at as u32 <= depth {
        Some((0, INF))
    } else if depth < below as u32 {
        Some((INF, 0))
    } else {
        None
    }
}
