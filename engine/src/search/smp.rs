//! Lazy SMP: every thread runs its own iterative deepening on its own copy of the position,
//! sharing only the transposition table; the main thread keeps time, reports, and its result
//! is the one played.

use std::sync::atomic::Ordering;

use super::alphabeta::{BestLine, RootMove, Searcher, Shared};
use super::types::SearchInfo;
use crate::core::game::Evaluate;

/// What the main thread found.
pub struct Found<A> {
    pub best: Option<BestLine<A>>,
    /// Root actions in the final order (best first).
    pub root_moves: Vec<RootMove<A>>,
    pub nodes: u64,
    pub depth: u32,
    /// The main thread's selective depth in its last iteration.
    pub seldepth: u32,
}

pub fn run<G: Evaluate>(
    root: &G,
    root_actions: &[G::Action],
    sh: &Shared<'_>,
    threads: usize,
    max_depth: u32,
    report: &mut dyn FnMut(&SearchInfo),
) -> Found<G::Action> {
    std::thread::scope(|scope| {
        for id in 1..threads.max(1) {
            scope.spawn(move || {
                let mut s = Searcher::new(root, root_actions, sh, id);
                s.iterate(max_depth, None);
                s.keep_learnt();
            });
        }
        let mut main = Searcher::new(root, root_actions, sh, 0);
        main.iterate(max_depth, Some(report));
        sh.abort.store(true, Ordering::Relaxed);
        let found = Found {
            best: main.best.take(),
            root_moves: std::mem::take(&mut main.root_moves),
            nodes: 0,
            depth: main.completed_depth,
            seldepth: main.last_seldepth,
        };
        main.keep_learnt();
        found
    })
    .with_nodes(sh.nodes.load(Ordering::Relaxed))
}

impl<A> Found<A> {
    fn with_nodes(mut self, nodes: u64) -> Self {
        self.nodes = nodes;
        self
    }
}
