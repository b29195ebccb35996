//! Progress for the tuners: an `indicatif` bar on a terminal, and plain lines now and then
//! otherwise (logs, CI), so that a long run shows where it is either way.

use std::io::IsTerminal;
use std::time::{Duration, Instant};

use indicatif::{ProgressBar, ProgressStyle};

pub struct Progress {
    bar: Option<ProgressBar>,
    what: String,
    len: u64,
    last_line: Instant,
}

/// How often a plain progress line is printed without a terminal.
const PLAIN_EVERY: Duration = Duration::from_secs(30);

impl Progress {
    /// A bar over `len` steps of `what` (games, epochs, iterations).
    pub fn new(what: &str, len: u64) -> Progress {
        let bar = std::io::stderr().is_terminal().then(|| {
            let b = ProgressBar::new(len);
            b.set_style(
                ProgressStyle::with_template(
                    "{prefix} [{bar:30}] {pos}/{len} {elapsed_precise} eta {eta} {msg}",
                )
                .expect("a valid template")
                .progress_chars("#>-"),
            );
            b.set_prefix(what.to_string());
            b.enable_steady_tick(Duration::from_millis(500));
            b
        });
        Progress {
            bar,
            what: what.to_string(),
            len,
            last_line: Instant::now(),
        }
    }

    /// Moves to step `pos` with a short status message.
    pub fn set(&mut self, pos: u64, msg: &str) {
        match &self.bar {
            Some(b) => {
                b.set_position(pos);
                b.set_message(msg.to_string());
            }
            None if self.last_line.elapsed() >= PLAIN_EVERY => {
                eprintln!("{} {pos}/{} {msg}", self.what, self.len);
                self.last_line = Instant::now();
            }
            None => {}
        }
    }

    /// Moves to a fit's epoch, showing its losses.
    pub fn epoch(&mut self, e: &tessera::tune::EpochReport) {
        self.set(
            e.epoch as u64,
            &format!(
                "train {:.6} held-out {:.6} best {:.6}",
                e.train, e.valid, e.best_valid
            ),
        );
    }

    pub fn finish(self, msg: &str) {
        match self.bar {
            Some(b) => b.finish_with_message(msg.to_string()),
            None => eprintln!("{} done: {msg}", self.what),
        }
    }
}
