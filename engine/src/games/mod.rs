//! One module per game.
pub mod chess;
pub mod tictacchess;
pub mod turtleshell;
pub mod tches;
