//! The text faces of the engine: the UCI-like protocol loop, the xboard protocol, the
//! tournament referee, and the pieces the command line shares with them (option validation,
//! position set-up, report formatting). This crate knows no rules: it talks to variants only
//! through `tessera::faces::registry` and `AnyGame`.

pub mod moves;
pub mod params;
pub mod plumbing;
pub mod print;
pub mod progress;
pub mod serve;
pub mod setup;
pub mod tournament;
pub mod uci;
pub mod xboard;

use std::io::BufRead;

/// Runs a protocol on stdin/stdout until `quit` or the end of input. The first command
/// chooses which: `xboard` selects the xboard protocol (as Fairy-Stockfish does), anything
/// else is the UCI-like protocol's first command.
pub fn run_stdio() -> Result<(), String> {
    let mut input = std::io::stdin().lock();
    let mut buf = Vec::new();
    loop {
        buf.clear();
        match input.read_until(b'\n', &mut buf) {
            // No command at all: the UCI side starts and ends at once.
            Ok(0) | Err(_) => {
                return uci::run(&mut std::io::empty(), "", plumbing::stdout_output())
            }
            // Blank lines before the first command change nothing.
            Ok(_) if buf.iter().all(u8::is_ascii_whitespace) => {}
            Ok(_) => break,
        }
    }
    let first = String::from_utf8_lossy(&buf).into_owned();
    if first.trim() == "xboard" {
        return xboard::run(&mut input, plumbing::stdout_output());
    }
    uci::run(&mut input, &first, plumbing::stdout_output())
}
