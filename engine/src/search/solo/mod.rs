//! One-player games (solitaires): the score they end with, an admissible bound on it, the exact
//! best-first solver for a fully known position (clairvoyant), simple reference players, and
//! the text face the protocol drives. Nothing here names a game.

pub mod bestfirst;
pub mod pimc;
pub mod players;
pub mod settings;
pub mod study;

#[cfg(test)]
mod tests;

pub use crate::core::solo::{Solitaire, SoloScore};
pub use bestfirst::{solve, solve_from, Caps, Progress, Solution, Verdict};
