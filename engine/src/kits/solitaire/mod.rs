//! What the two card solitaires of the chess kit (Parade and Neighbour Chess Solitaire) share:
//! the 8x8 board of non-pawn pieces in bitboards, attacks, connectivity (orthogonal, or through
//! the eight cells around) and the lower bound on the cards a connected group still costs, the
//! piles of cards, and the options for deals and the clairvoyant solver.

pub mod board;
pub mod connect;
pub mod options;
pub mod pile;
pub mod report;

pub use board::{Board, Kind, Piece};
pub use pile::{Pile, UNKNOWN};
