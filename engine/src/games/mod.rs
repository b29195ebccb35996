//! One module per game.
pub mod tictacchess;
