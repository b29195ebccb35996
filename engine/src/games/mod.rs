//! One module per game.
pub mod chess;
