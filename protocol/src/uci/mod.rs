//! The UCI-like protocol: `Engine` handles one command line at a time and writes its answers
//! through an `Output`; `run_stdio` connects it to stdin and stdout.

mod engine;
pub mod options;
pub mod parse;
mod perft_job;
pub mod report;
pub mod search_thread;

use std::io::{BufRead, Write};
use std::sync::Arc;

pub use engine::{Engine, Flow};

/// Where protocol lines go; each call writes one whole line. Shared with the search thread.
pub type Output = Arc<dyn Fn(&str) + Send + Sync>;

/// An output that writes each line to stdout and flushes it at once (GUIs read line by line).
pub fn stdout_output() -> Output {
    Arc::new(|line: &str| {
        let mut s = std::io::stdout().lock();
        let _ = writeln!(s, "{line}");
        let _ = s.flush();
    })
}

/// Runs the protocol loop on stdin/stdout until `quit` or the end of input. A first command
/// `xboard` selects the xboard protocol instead (as Fairy-Stockfish does).
pub fn run_stdio() -> Result<(), String> {
    let mut engine = Engine::new(tessera::faces::registry::variants(), stdout_output())?;
    let mut input = std::io::stdin().lock();
    let mut buf = Vec::new();
    let mut first = true;
    loop {
        buf.clear();
        match input.read_until(b'\n', &mut buf) {
            Ok(0) | Err(_) => break,
            Ok(_) => {}
        }
        if first && buf.iter().any(|b| !b.is_ascii_whitespace()) {
            first = false;
            if String::from_utf8_lossy(&buf).trim() == "xboard" {
                drop(engine);
                return crate::xboard::run_stdio(&mut input, stdout_output());
            }
        }
        // Invalid UTF-8 is bad input like any other: it becomes replacement characters and
        // is answered with an error line.
        let line = String::from_utf8_lossy(&buf);
        if engine.handle(&line) == Flow::Quit {
            return Ok(());
        }
    }
    engine.quit();
    Ok(())
}
