//! A search (or another long job, like a perft) running on its own thread, so the protocol
//! loop keeps reading (`isready`, `stop`, `ponderhit`, `quit`) while it works. A search prints
//! the `info` lines and, at the end, one `bestmove` line that is checked against the position
//! first.

use std::panic::{catch_unwind, AssertUnwindSafe};
use std::sync::atomic::Ordering;
use std::sync::Arc;
use std::thread::{self, JoinHandle};
use std::time::Duration;

use tessera::search::tt::TranspositionTable;
use tessera::search::{Limits, SearchConfig, SearchControl, SearchInfo, SearchOutput};
use tessera::{AnyGame, Player};

use super::report::{info_lines, one_line};
use super::Output;

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

/// Starts searching a copy of `root`.
pub fn start(
    root: Box<dyn AnyGame>,
    limits: Limits,
    cfg: SearchConfig,
    tt: Arc<TranspositionTable>,
    out: Output,
) -> Running {
    let ctl = Arc::new(SearchControl::new(limits.ponder));
    Running::spawn(ctl, move |c| {
        let result = search_blocking(root.as_ref(), &limits, &cfg, c, &tt, &mut |info| {
            for l in info_lines(info) {
                out(&l);
            }
        });
        for l in answer(root.as_ref(), result.as_ref(), &limits) {
            out(&l);
        }
    })
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

/// The closing lines of a search: `bestmove <turn> [ponder <action>]`, the turn checked
/// against the position. A turn that is not legal there (or a failed search) is replaced
/// by a legal action, with a note saying so.
pub fn answer(root: &dyn AnyGame, result: Option<&SearchOutput>, limits: &Limits) -> Vec<String> {
    if root.outcome().is_some() {
        return vec!["bestmove (none)".into()];
    }
    let mut lines = Vec::new();
    match result {
        None => lines.push("info string search failed; playing a legal action".into()),
        Some(r) => {
            let turn = r.turn.join(",");
            if !turn.is_empty() && root.check_turn(&turn).is_ok() {
                let mut line = format!("bestmove {turn}");
                let mut after = root.boxed_clone();
                if let (Some(p), None, Ok(())) = (&r.ponder, root.viewer(), after.play_str(&turn)) {
                    if after.outcome().is_none() && after.boxed_clone().play_str(p).is_ok() {
                        line.push_str(&format!(" ponder {p}"));
                    }
                }
                lines.push(one_line(&line));
                return lines;
            }
            lines.push(one_line(&format!(
                "info string search returned '{turn}', not legal here; playing a legal action"
            )));
        }
    }
    let preferred = limits
        .searchmoves
        .iter()
        .find(|m| root.check_turn(m).is_ok())
        .cloned();
    match whole_turn_from(root, preferred) {
        Some(turn) => lines.push(one_line(&format!("bestmove {turn}"))),
        None => lines.push("bestmove (none)".into()),
    }
    lines
}

/// A legal whole turn: `first` (or the first legal action), then the first legal action
/// while the same side is still to move, up to where the turn ends or pauses (an action
/// that shows the player something, chance to act). Comma-joined; `None` with no action.
fn whole_turn_from(root: &dyn AnyGame, first: Option<String>) -> Option<String> {
    let side = root.to_move();
    let mut g = root.boxed_clone();
    let mut turn: Vec<String> = Vec::new();
    let mut next = first.or_else(|| g.legal_actions().into_iter().next());
    while let Some(a) = next.take() {
        let pauses = g.reveals(&a).unwrap_or(true);
        turn.push(a);
        let played = g.play_str(turn.last().expect("pushed"));
        if played.is_err()
            || pauses
            || g.outcome().is_some()
            || g.to_move() != side
            || g.is_chance_node()
            || g.players() == 1
            || turn.len() >= 64
        {
            break;
        }
        next = g.legal_actions().into_iter().next();
    }
    (!turn.is_empty()).then(|| turn.join(","))
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
