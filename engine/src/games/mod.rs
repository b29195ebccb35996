//! One module per game.
pub mod tches;
