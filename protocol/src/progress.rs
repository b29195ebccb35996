//! Progress of long commands (`match`, `solve`, a long `perft`) on stderr, drawn by
//! `indicatif` only when stderr is a terminal: piped, redirected or under a test harness
//! nothing is drawn, so no escape codes reach logs.

use std::io::IsTerminal;
use std::time::Duration;

use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};

/// True when progress is drawn.
pub fn shown() -> bool {
    std::io::stderr().is_terminal()
}

fn target() -> ProgressDrawTarget {
    if shown() {
        ProgressDrawTarget::stderr()
    } else {
        ProgressDrawTarget::hidden()
    }
}

/// A bar of `len` steps: `[####----] 6/12 message`.
pub fn bar(len: u64) -> ProgressBar {
    let style = ProgressStyle::with_template("[{bar:24}] {pos}/{len} {wide_msg}")
        .expect("a valid template")
        .progress_chars("#>-");
    ProgressBar::with_draw_target(Some(len), target()).with_style(style)
}

/// A spinner with the time spent, for work of unknown length.
pub fn spinner(message: &str) -> ProgressBar {
    let style =
        ProgressStyle::with_template("{spinner} {elapsed} {msg}").expect("a valid template");
    let p = ProgressBar::with_draw_target(None, target()).with_style(style);
    p.set_message(message.to_string());
    p.enable_steady_tick(Duration::from_millis(200));
    p
}
