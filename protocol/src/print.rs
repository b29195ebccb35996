//! Lines to stdout for the command line. A reader that closes the pipe early
//! (`tessera perft ... | head -1`) ends the program quietly with success, as Unix tools do,
//! instead of a panic.

use std::io::{ErrorKind, Write};

/// Writes one line to stdout (`outln!` is the `println!` of the command line).
pub fn line(args: std::fmt::Arguments) {
    let mut out = std::io::stdout().lock();
    if let Err(e) = writeln!(out, "{args}").and_then(|_| out.flush()) {
        if e.kind() == ErrorKind::BrokenPipe {
            std::process::exit(0);
        }
    }
}

#[macro_export]
macro_rules! outln {
    () => {
        $crate::print::line(format_args!(""))
    };
    ($($arg:tt)*) => {
        $crate::print::line(format_args!($($arg)*))
    };
}
pub use crate::outln;
