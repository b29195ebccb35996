//! Searching by sampled worlds: the `Model` of what a search may draw (the position itself, a
//! full state with chance, or the truths a player's view allows), `FixedChance` (a state whose
//! future chance is fixed by a seed, so a perfect-information searcher can search it), and the
//! determinized alpha-beta searcher (sample truths, search each with `search::think`, vote).

pub mod determinized;
pub mod fixed;
pub mod model;

pub use fixed::FixedChance;
pub use model::{FromView, Model, Perfect, Truth};
