//! Progress of long commands (`match`, `solve`, a long `perft`) on stderr, drawn by
//! `indicatif` only when stderr is a terminal: piped, redirected or under a test harness
//! nothing is drawn, so no escape codes reach logs.

use std::io::IsTerminal;
use std::time::Duration;

use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};
use tessera::faces::variant::SolveProgress;

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

/// The progress of a solve: a spinner with the time spent from the start (a solver may report
/// nothing for a long while), then a bar once a report gives the total.
pub struct Bar {
    on_terminal: bool,
    bar: Option<ProgressBar>,
    counted: bool,
}

impl Bar {
    /// Starts the spinner, labelled `label`, when progress is shown.
    pub fn new(on_terminal: bool, label: &str) -> Bar {
        Bar {
            on_terminal,
            bar: on_terminal.then(|| spinner(label)),
            counted: false,
        }
    }

    pub fn update(&mut self, p: &SolveProgress) {
        if !self.on_terminal {
            return;
        }
        if let (Some(n), false) = (p.total, self.counted) {
            if let Some(b) = self.bar.take() {
                b.finish_and_clear();
            }
            self.bar = Some(
                ProgressBar::with_draw_target(Some(n), target()).with_style(
                    ProgressStyle::with_template(
                        "{bar:30} {pos}/{len} {elapsed} (eta {eta}) {msg}",
                    )
                    .expect("a valid template"),
                ),
            );
            self.counted = true;
        }
        let Some(bar) = &self.bar else { return };
        if self.counted {
            bar.set_position(p.done);
        }
        bar.set_message(p.message.clone());
    }

    pub fn finish(&mut self) {
        if let Some(b) = self.bar.take() {
            b.finish_and_clear();
        }
    }
}
