//! One module per game.

pub mod turtleshell;
