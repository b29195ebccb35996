//! Tessera: rules, board geometry and search for chess variants. This crate does no I/O and
//! knows no protocol; the `tessera` binary in `protocol/` turns text into calls on it.

pub mod bench_positions;
pub mod bitboard;
pub mod cards;
pub mod contract;
pub mod game;
pub mod games;
pub mod geometry;
pub mod hidden_session;
pub mod nnue;
pub mod options;
pub mod params;
pub mod perft;
pub mod random;
pub mod registry;
pub mod render;
pub mod search;
pub mod session;
pub mod tune;
pub mod variant;
pub mod zobrist;

pub use bitboard::{Bits, Cell};
pub use game::{Action, Chance, Evaluate, Game, GameRng, Hidden, Outcome, Player, RuleError, View};
pub use geometry::Geometry;
pub use hidden_session::HiddenSession;
pub use session::{AnyGame, Session};
