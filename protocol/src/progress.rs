//! Progress of long commands (`match`, `solve`, a long `perft`) on stderr, drawn by
//! `indicatif` only when stderr is a terminal: piped, redirected or under a test harness
//! nothing is drawn, so no escape codes reach logs.

use std::io::IsTerminal;
use std::time::Duration;

use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};
use tessera::variant::SolveProgress;

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

/// The progress of a solve, drawn as it is reported: a bar when the total is known, a spinner
/// otherwise.
pub struct Bar {
    on_terminal: bool,
    bar: Option<ProgressBar>,
}

impl Bar {
    pub fn new(on_terminal: bool) -> Bar {
        Bar {
            on_terminal,
            bar: None,
        }
    }

    pub fn update(&mut self, p: &SolveProgress) {
        if !self.on_terminal {
            return;
        }
        let bar = self.bar.get_or_insert_with(|| match p.total {
            Some(n) => ProgressBar::with_draw_target(Some(n), target()).with_style(
                ProgressStyle::with_template("{bar:30} {pos}/{len} {elapsed} (eta {eta}) {msg}")
                    .expect("a valid template"),
            ),
            None => ProgressBar::with_draw_target(None, target()).with_style(
                ProgressStyle::with_template("{spinner} {elapsed} {msg}")
                    .expect("a valid template"),
            ),
        });
        if p.total.is_some() {
            bar.set_position(p.done);
        } else {
            bar.tick();
        }
        bar.set_message(p.message.clone());
    }

    pub fn finish(&mut self) {
        if let Some(b) = self.bar.take() {
            b.finish_and_clear();
        }
    }
}
