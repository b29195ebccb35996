//! Searches (and other long jobs, like a perft) on a thread of their own, so that a protocol
//! loop keeps reading (`isready`, `stop`, `?`, `quit`) while one works, and the watchdog
//! that stops a search at its hard time limit.

use std::panic::{catch_unwind, AssertUnwindSafe};
use std::sync::atomic::Ordering;
use std::sync::Arc;
use std::thread::{self, JoinHandle};
use std::time::Duration;

use tessera::search::tt::TranspositionTable;
use tessera::search::{Limits, SearchConfig, SearchControl, SearchInfo, SearchOutput};
use tessera::{AnyGame, Player};

const POLL: Duration = Duration::from_millis(2);

pub struct Running {
    ctl: Arc<SearchControl>,
    handle: JoinHandle<()>,
}

impl Running {
    /// Runs `job` on its own thread; the job watches `ctl` for `stop` (and `ponderhit`).
    pub fn spawn(
        ctl: Arc<SearchControl>,
        job: impl FnOnce(&Arc<SearchControl>) + Send + 'static,
    ) -> Running {
        let c = ctl.clone();
        let handle = thread::spawn(move || job(&c));
        Running { ctl, handle }
    }

    pub fn stop(&self) {
        self.ctl.stop();
    }

    pub fn ponderhit(&self) {
        if self.ctl.pondering.load(Ordering::SeqCst) {
            self.ctl.ponderhit();
        }
    }

    pub fn stopping(&self) -> bool {
        self.ctl.stopped()
    }

    pub fn finished(&self) -> bool {
        self.handle.is_finished()
    }

    /// Waits for the thread; its `bestmove` line has been printed when this returns.
    pub fn join(self) {
        let _ = self.handle.join();
    }
}

/// Searches a copy of `root` on this thread under a watchdog that enforces the hard time
/// limit. In infinite and ponder mode it returns only after `stop` (or `ponderhit`), even when
/// the search itself ran out of work, as UCI requires. `None` when the searcher failed.
pub fn search_blocking(
    root: &dyn AnyGame,
    limits: &Limits,
    cfg: &SearchConfig,
    ctl: &Arc<SearchControl>,
    tt: &TranspositionTable,
    report: &mut dyn FnMut(&SearchInfo),
) -> Option<SearchOutput> {
    let hard = hard_limit_ms(limits, root.to_move(), cfg.move_overhead);
    let watchdog = hard.map(|ms| start_watchdog(ctl.clone(), ms, limits.ponder));
    let result = catch_unwind(AssertUnwindSafe(|| {
        let mut g = root.boxed_clone();
        g.search(limits, cfg, ctl, tt, report)
    }));
    while !ctl.stopped() && (limits.infinite || ctl.pondering.load(Ordering::SeqCst)) {
        thread::sleep(POLL);
    }
    ctl.stop();
    if let Some(w) = watchdog {
        let _ = w.join();
    }
    result.ok()
}

/// The latest moment (ms after the start, or after `ponderhit` when pondering) at which a
/// search on a clock or a move time must stop. The searcher manages its own time well inside
/// this; the watchdog only guarantees that no search loses on time.
pub fn hard_limit_ms(l: &Limits, side: Player, overhead: u64) -> Option<u64> {
    if l.infinite {
        return None;
    }
    let mut hard = l.movetime.map(|m| m.max(1));
    let (time, inc) = match side {
        Player::White => (l.wtime, l.winc),
        Player::Black => (l.btime, l.binc),
    };
    if let Some(t) = time {
        let cap = (t / 3 + inc.unwrap_or(0))
            .min(t.saturating_sub(overhead))
            .max(1);
        hard = Some(hard.map_or(cap, |h| h.min(cap)));
    }
    hard
}

fn start_watchdog(ctl: Arc<SearchControl>, hard_ms: u64, ponder: bool) -> JoinHandle<()> {
    thread::spawn(move || loop {
        thread::sleep(POLL);
        if ctl.stopped() {
            return;
        }
        if ctl.pondering.load(Ordering::SeqCst) {
            continue;
        }
        let base = if ponder {
            ctl.ponderhit_at.load(Ordering::SeqCst)
        } else {
            0
        };
        if ctl.start.elapsed().as_millis() as u64 >= base + hard_ms {
            ctl.stop();
            return;
        }
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn hard_limit_leaves_time_on_the_clock() {
        let mut l = Limits {
            wtime: Some(900),
            winc: Some(0),
            ..Limits::default()
        };
        assert_eq!(hard_limit_ms(&l, Player::White, 30), Some(300));
        assert_eq!(hard_limit_ms(&l, Player::Black, 30), None);
        l.wtime = Some(20);
        assert_eq!(hard_limit_ms(&l, Player::White, 30), Some(1));
        l.movetime = Some(5);
        l.wtime = Some(60_000);
        assert_eq!(hard_limit_ms(&l, Player::White, 30), Some(5));
        l.infinite = true;
        assert_eq!(hard_limit_ms(&l, Player::White, 30), None);
    }
}
