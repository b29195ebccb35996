//! One module per game.
pub mod adrenaline;
pub mod booster;
pub mod chess;
pub mod cloak;
pub mod neighbour;
pub mod parade;
pub mod tches;
pub mod tictacchess;
pub mod tiledsquares;
pub mod turtleshell;
