//! The progress display of long solves: a bar (or a spinner when the total is not known) on
//! a terminal's standard error, nothing otherwise.

use indicatif::{ProgressBar, ProgressStyle};
use tessera::variant::SolveProgress;

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
            Some(n) => ProgressBar::new(n).with_style(
                ProgressStyle::with_template("{bar:30} {pos}/{len} {elapsed} (eta {eta}) {msg}")
                    .expect("a valid template"),
            ),
            None => ProgressBar::new_spinner().with_style(
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
