//! The UCI-like protocol: `Engine` handles one command line at a time and writes its answers
//! through an `Output`; `run` feeds it input lines.

mod engine;
pub mod options;
pub mod parse;
mod perft_job;
pub mod report;
pub mod search_thread;

use std::io::BufRead;

use crate::plumbing::read_lines;
pub use crate::plumbing::{stdout_output, Flow, Output};
pub use engine::Engine;

/// Runs the UCI protocol loop on `input` until `quit` or the end of input. `first` is a first
/// command already read (by `crate::run_stdio`, which chose the protocol from it).
pub fn run(input: &mut dyn BufRead, first: &str, out: Output) -> Result<(), String> {
    let mut engine = Engine::new(tessera::faces::registry::variants(), out)?;
    if engine.handle(first) == Flow::Quit
        || read_lines(input, &mut |line| engine.handle(line)) == Flow::Quit
    {
        return Ok(());
    }
    engine.quit();
    Ok(())
}
