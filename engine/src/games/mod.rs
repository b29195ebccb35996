//! One module per game.
