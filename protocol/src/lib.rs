//! The text faces of the engine: the UCI-like protocol loop and the pieces the command line
//! shares with it (option validation, position set-up, report formatting). This crate knows
//! no rules: it talks to variants only through `tessera::registry` and `AnyGame`.

pub mod params;
pub mod setup;
pub mod uci;
