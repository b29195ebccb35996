//! Rules shared by several games, each usable by any game: playing cards, and the board, pile
//! and connectivity of the one-player card games.

pub mod cards;
pub mod chessboard;
pub mod solitaire;
pub mod steps;
