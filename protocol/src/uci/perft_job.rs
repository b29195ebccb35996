//! `go perft` and `go perft turns` on the search thread: it can take hours, so it runs like a search and stops on
//! `stop`, `quit` or the end of input, while `isready` is answered.

use std::sync::Arc;

use tessera::search::SearchControl;
use tessera::AnyGame;

use super::parse::{PerftJob, PerftKind};
use crate::plumbing::search::Running;
use crate::plumbing::{one_line, Output};

/// Counts on a copy of `root`, printing `action: count` as each first action is done, then a
/// blank line and `Nodes searched: N`; stopped early, an `info string` says how far it got.
pub fn start(root: Box<dyn AnyGame>, job: PerftJob, out: Output) -> Running {
    Running::spawn(Arc::new(SearchControl::new(false)), move |ctl| {
        let mut g = root;
        let first_actions = g.legal_actions().len();
        let (mut done, mut total) = (0usize, 0u64);
        let mut each = |a: &str, n: u64| {
            out(&one_line(&format!("{a}: {n}")));
            done += 1;
            total += n;
        };
        let finished = match job.kind {
            PerftKind::Actions => g.divide_until(job.depth, &ctl.stop, &mut each),
            PerftKind::Turns => g.divide_turns_until(job.depth, &ctl.stop, &mut each),
        };
        let (counted, firsts) = match job.kind {
            PerftKind::Actions => (
                "Nodes searched",
                format!("{done} of {first_actions} first actions ({total} nodes counted)"),
            ),
            PerftKind::Turns => (
                "Turns counted",
                format!("{done} first turns ({total} turns counted)"),
            ),
        };
        // Marked stopped before the last line, as a search is before its `bestmove`: a `go`
        // sent as soon as that line is read finds the job over.
        ctl.stop();
        if finished {
            out("");
            out(&format!("{counted}: {total}"));
        } else {
            out(&format!("info string perft stopped after {firsts}"));
        }
    })
}
