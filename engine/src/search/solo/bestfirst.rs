//! The clairvoyant solver: best-first search over a fully known one-player game, with
//! duplicate detection and an admissible bound, returning the exact best score and a line of
//! actions that reaches it.
//!
//! Why it is exact: every queued position carries an upper bound on the score of any game
//! through it (`Solitaire::score_bound`, admissible, never raised above its parent's). The
//! search keeps the best finished game found so far (the incumbent, first from a greedy
//! descent) and takes positions from the queue highest bound first; when the highest bound left
//! is no better than the incumbent, no unexplored game can beat it, so the incumbent is optimal.
//! A position whose duplicate key was seen before is dropped: the key identifies positions with
//! the same future and score, so the first copy stands for both. Positions whose bound cannot
//! beat the incumbent are never queued.
//!
//! Memory: a queued position is stored as its parent and the action from it (positions are
//! rebuilt by replaying the line from the root when taken from the queue), plus its key in the
//! duplicate set. Time and memory caps stop the search with the incumbent and the proven upper
//! bound: an honest "not proven".

use std::collections::{BinaryHeap, HashSet};
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

use super::{Solitaire, SoloScore};

/// Limits of one solve.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Caps {
    /// Positions the search may expand (`go nodes`).
    pub expansions: Option<u64>,
    pub time: Option<Duration>,
    /// Bytes the solver's tables may grow to.
    pub memory: usize,
}

impl Default for Caps {
    fn default() -> Self {
        Caps {
            expansions: None,
            time: Some(Duration::from_secs(60)),
            memory: 1 << 30,
        }
    }
}

/// How a solve ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Verdict {
    /// The line's score is the best possible.
    Proven,
    TimeCap,
    /// The expansion cap (`go nodes`).
    NodeCap,
    MemoryCap,
    /// Told to stop.
    Stopped,
}

impl Verdict {
    pub fn proven(self) -> bool {
        self == Verdict::Proven
    }

    pub fn describe(self) -> &'static str {
        match self {
            Verdict::Proven => "proven",
            Verdict::TimeCap => "not proven (time cap reached)",
            Verdict::NodeCap => "not proven (node cap reached)",
            Verdict::MemoryCap => "not proven (memory cap reached)",
            Verdict::Stopped => "not proven (stopped)",
        }
    }
}

/// The answer: the best line found and its score, and the best score still possible.
#[derive(Clone, Debug)]
pub struct Solution<A> {
    pub verdict: Verdict,
    /// Score of `line` (the best found; the best possible when proven).
    pub best: SoloScore,
    pub line: Vec<A>,
    /// No game from the root scores more (equals `best` when proven).
    pub upper: SoloScore,
    /// Positions taken from the queue and expanded.
    pub expanded: u64,
    /// Distinct positions generated.
    pub generated: u64,
    pub elapsed: Duration,
    /// Bytes held by the solver's tables at the end.
    pub memory: usize,
}

/// A report while solving.
#[derive(Clone, Debug)]
pub struct Progress {
    pub expanded: u64,
    pub generated: u64,
    pub queued: usize,
    pub best: SoloScore,
    pub upper: SoloScore,
    pub elapsed: Duration,
    pub memory: usize,
}

/// A queued position: its parent and the action that leads to it from there.
#[derive(Clone, Copy)]
struct Node<A> {
    parent: u32,
    action: Option<A>,
}

const ROOT: u32 = u32::MAX;
const REFINED: u64 = 1 << 32;

/// Queue entry: bound code, depth, refined flag and node index packed so that the largest
/// entry is the highest bound, then the deepest (finishing lines early raises the incumbent).
fn pack(bound: SoloScore, depth: usize, refined: bool, idx: u32) -> u64 {
    ((bound.ord() as u64) << 40)
        | ((depth.min(127) as u64) << 33)
        | (refined as u64) << 32
        | idx as u64
}

fn unpack_bound(e: u64) -> u32 {
    (e >> 40) as u32
}

fn unpack_depth(e: u64) -> usize {
    ((e >> 33) & 127) as usize
}

fn score_of_ord(ord: u32) -> SoloScore {
    SoloScore {
        points: (ord / 2) as i32 - 100_000,
        won: ord % 2 == 1,
    }
}

struct Search<'a, G: Solitaire> {
    root: &'a G,
    nodes: Vec<Node<G::Action>>,
    queue: BinaryHeap<u64>,
    seen: HashSet<u64, ahash::RandomState>,
    best: SoloScore,
    best_line: Vec<G::Action>,
    expanded: u64,
    generated: u64,
}

impl<'a, G: Solitaire> Search<'a, G> {
    fn memory(&self) -> usize {
        self.nodes.capacity() * std::mem::size_of::<Node<G::Action>>()
            + self.queue.capacity() * 8
            + self.seen.capacity() * 9
    }

    /// The memory after the next growth of any full table.
    fn memory_after_growth(&self) -> usize {
        let grow =
            |len: usize, cap: usize, per: usize| if len >= cap { cap.max(4) * per } else { 0 };
        self.memory()
            + grow(
                self.nodes.len(),
                self.nodes.capacity(),
                std::mem::size_of::<Node<G::Action>>(),
            )
            + grow(self.queue.len(), self.queue.capacity(), 8)
            + grow(self.seen.len(), self.seen.capacity(), 9)
    }

    fn line_to(&self, mut idx: u32) -> Vec<G::Action> {
        let mut line = Vec::new();
        while idx != ROOT {
            let n = self.nodes[idx as usize];
            if let Some(a) = n.action {
                line.push(a);
            }
            idx = n.parent;
        }
        line.reverse();
        line
    }

    fn position(&self, line: &[G::Action]) -> G {
        let mut g = self.root.clone();
        for &a in line {
            g.play(a);
        }
        g
    }

    fn offer(&mut self, score: SoloScore, line: impl FnOnce() -> Vec<G::Action>) {
        if score > self.best {
            self.best = score;
            self.best_line = line();
        }
    }
}

/// A finished game reached by always taking the action with the best bound, never back to
/// a position of the same descent: the first incumbent. Past `deadline` the descent stops
/// weighing bounds and takes the first action to the end (each action spends a card or a
/// point, so the game ends), so that a tight time cap still gets a finished game, if a poor
/// one.
fn greedy_descent<G: Solitaire>(
    root: &G,
    deadline: Option<Instant>,
) -> (SoloScore, Vec<G::Action>) {
    let mut g = root.clone();
    let mut line = Vec::new();
    let mut actions = Vec::new();
    let mut visited = HashSet::new();
    visited.insert(g.solve_key());
    loop {
        if let Some(s) = g.final_score() {
            return (s, line);
        }
        actions.clear();
        g.legal_actions(&mut actions);
        let hurried = deadline.is_some_and(|d| Instant::now() >= d);
        let mut best: Option<(SoloScore, G::Action)> = None;
        for &a in actions.iter().filter(|_| !hurried) {
            let u = g.play(a);
            let fresh = !visited.contains(&g.solve_key());
            let b = g.score_bound();
            g.undo(u);
            if fresh && best.is_none_or(|(s, _)| b > s) {
                best = Some((b, a));
            }
        }
        if best.is_none() {
            // Every action leads back, or no time to weigh them: take any, the game still
            // ends (cards run out).
            best = actions.first().map(|&a| (SoloScore::lost(i32::MIN / 4), a));
        }
        let Some((_, a)) = best else {
            return (g.stuck_score(), line);
        };
        g.play(a);
        visited.insert(g.solve_key());
        line.push(a);
    }
}

/// Solves `root` exactly within `caps`. `root` must be fully known (`unknowns() == 0`);
/// `progress` is called now and then; setting `stop` ends the search with what it has.
pub fn solve<G: Solitaire>(
    root: &G,
    caps: &Caps,
    stop: &AtomicBool,
    progress: &mut dyn FnMut(&Progress),
) -> Solution<G::Action> {
    solve_from(root, caps, stop, progress, None)
}

/// `solve`, starting from a finished line known to the caller (from a better player than the
/// solver's own greedy descent) when it scores more: with a cap, the answer is at least as
/// good as that line.
pub fn solve_from<G: Solitaire>(
    root: &G,
    caps: &Caps,
    stop: &AtomicBool,
    progress: &mut dyn FnMut(&Progress),
    known: Option<(SoloScore, Vec<G::Action>)>,
) -> Solution<G::Action> {
    let start = Instant::now();
    let (mut greedy_score, mut greedy_line) = greedy_descent(root, caps.time.map(|t| start + t));
    if let Some((score, line)) = known {
        if score > greedy_score {
            (greedy_score, greedy_line) = (score, line);
        }
    }
    let mut s = Search {
        root,
        nodes: Vec::new(),
        queue: BinaryHeap::new(),
        seen: HashSet::with_hasher(ahash::RandomState::with_seeds(1, 2, 3, 4)),
        best: greedy_score,
        best_line: greedy_line,
        expanded: 0,
        generated: 1,
    };
    let root_bound = root.score_bound();
    s.seen.insert(root.solve_key());
    if root.final_score().is_none() && root_bound > s.best {
        s.nodes.push(Node {
            parent: ROOT,
            action: None,
        });
        s.queue.push(pack(root_bound, 0, true, 0));
    }
    let mut actions: Vec<G::Action> = Vec::new();
    let mut last_report = Instant::now();
    let mut verdict = Verdict::Proven;
    while let Some(&top) = s.queue.peek() {
        if unpack_bound(top) <= s.best.ord() {
            break;
        }
        if caps.expansions.is_some_and(|n| s.expanded >= n) {
            verdict = Verdict::NodeCap;
            break;
        }
        // Often enough for the millisecond caps of the fair player's many small solves.
        if s.expanded.is_multiple_of(32) {
            if stop.load(Ordering::Relaxed) {
                verdict = Verdict::Stopped;
                break;
            }
            if caps.time.is_some_and(|t| start.elapsed() >= t) {
                verdict = Verdict::TimeCap;
                break;
            }
            if last_report.elapsed() >= Duration::from_millis(200) {
                last_report = Instant::now();
                progress(&Progress {
                    expanded: s.expanded,
                    generated: s.generated,
                    queued: s.queue.len(),
                    best: s.best,
                    upper: score_of_ord(unpack_bound(top)).max(s.best),
                    elapsed: start.elapsed(),
                    memory: s.memory(),
                });
            }
        }
        s.queue.pop();
        let idx = top as u32;
        let depth = unpack_depth(top);
        let line = s.line_to(idx);
        let mut g = s.position(&line);
        let priority = score_of_ord(unpack_bound(top));
        if top & REFINED == 0 {
            let b = g.score_bound().min(priority);
            if b < priority {
                if b > s.best {
                    s.queue.push(pack(b, depth, true, idx));
                }
                continue;
            }
        }
        s.expanded += 1;
        actions.clear();
        g.legal_actions(&mut actions);
        if actions.is_empty() {
            let stuck = g.stuck_score();
            s.offer(stuck, || line.clone());
            continue;
        }
        for &a in &actions {
            let u = g.play(a);
            if s.seen.insert(g.solve_key()) {
                s.generated += 1;
                if let Some(score) = g.final_score() {
                    s.offer(score, || {
                        let mut l = line.clone();
                        l.push(a);
                        l
                    });
                } else {
                    let b = g.quick_bound().min(priority);
                    if b > s.best {
                        if s.memory_after_growth() > caps.memory {
                            verdict = Verdict::MemoryCap;
                        } else {
                            let child = s.nodes.len() as u32;
                            s.nodes.push(Node {
                                parent: idx,
                                action: Some(a),
                            });
                            s.queue.push(pack(b, depth + 1, false, child));
                        }
                    }
                }
            }
            g.undo(u);
            if verdict == Verdict::MemoryCap {
                break;
            }
        }
        if verdict == Verdict::MemoryCap {
            // The position lost some children: it goes back so the upper bound stays honest.
            s.queue.push(top);
            break;
        }
    }
    let upper = match (verdict, s.queue.peek()) {
        (Verdict::Proven, _) | (_, None) => s.best,
        (_, Some(&top)) => score_of_ord(unpack_bound(top)).max(s.best),
    };
    let verdict = if upper == s.best {
        Verdict::Proven
    } else {
        verdict
    };
    let elapsed = start.elapsed();
    let memory = s.memory();
    progress(&Progress {
        expanded: s.expanded,
        generated: s.generated,
        queued: s.queue.len(),
        best: s.best,
        upper,
        elapsed,
        memory,
    });
    Solution {
        verdict,
        best: s.best,
        line: s.best_line,
        upper,
        expanded: s.expanded,
        generated: s.generated,
        elapsed,
        memory,
    }
}
