//! Tessera: rules, board geometry and search for chess variants. This crate does no I/O and
//! knows no protocol; the `tessera` binary in `protocol/` turns text into calls on it.

pub mod core;
pub mod faces;
pub mod games;
pub mod kits;
pub mod search;
#[cfg(any(test, feature = "testkit"))]
pub mod testkit;
pub mod tools;
pub mod tune;

pub use crate::core::bitboard::{Bits, Cell};
pub use crate::core::game::{
    Action, Chance, Evaluate, Game, GameRng, Hidden, Outcome, Player, RuleError, View,
};
pub use crate::core::geometry::Geometry;
pub use faces::hidden_session::HiddenSession;
pub use faces::session::{AnyGame, Session};
