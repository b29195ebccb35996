//! The text faces of the engine: the UCI-like protocol loop, the tournament referee, and the
//! pieces the command line shares with them (option validation, position set-up, report
//! formatting). This crate knows
//! no rules: it talks to variants only through `tessera::faces::registry` and `AnyGame`.

pub mod moves;
pub mod params;
pub mod print;
pub mod progress;
pub mod serve;
pub mod setup;
pub mod tournament;
pub mod uci;
pub mod xboard;
