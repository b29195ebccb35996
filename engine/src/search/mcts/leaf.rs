//! Scorers of the positions where a tree search's descent (and playout) stops: the static
//! evaluation, quiescence, or a few plies of alpha-beta (`Leaf`). Alpha-beta knows no chance
//! nodes, so a game with chance is searched there with chance's outcomes fixed
//! (`FixedChance`), one possible future per leaf.

use crate::core::game::{Chance, Evaluate};
use crate::search::quiet::{with_quiet_score, with_search_score};
use crate::search::sampling::FixedChance;
use crate::search::types::Leaf;

/// The future a leaf search of a game with chance follows (mixed with each position's key).
const LEAF_FUTURE: u64 = 0x5EAF_C4A1_7E00_0001;

/// Runs `f` with the scorer `leaf` names, for a game without chance (`proto`: a position of
/// the game, for the searcher the scorer keeps).
pub fn with_plain<G: Evaluate, R>(
    proto: &G,
    leaf: Leaf,
    f: impl FnOnce(&mut dyn FnMut(&G, u32) -> i32) -> R,
) -> R {
    match leaf.resolve(proto.tree_defaults().leaf) {
        Leaf::Auto | Leaf::Eval => f(&mut |g: &G, _| g.evaluate()),
        Leaf::Quiescence => with_quiet_score(proto, |score| f(&mut |g: &G, _| score(g))),
        Leaf::Search(depth) => with_search_score(proto, depth as u32, f),
    }
}

/// Runs `f` with the scorer `leaf` names, for a game that may meet chance: its searches see
/// one fixed future.
pub fn with_chance<G: Evaluate + Chance, R>(
    proto: &G,
    leaf: Leaf,
    f: impl FnOnce(&mut dyn FnMut(&G, u32) -> i32) -> R,
) -> R {
    let leaf = leaf.resolve(proto.tree_defaults().leaf);
    if leaf == Leaf::Eval {
        return f(&mut |g: &G, _| g.evaluate());
    }
    let fixed = |g: &G| FixedChance::new(g.clone(), LEAF_FUTURE);
    with_plain(&fixed(proto), leaf, |score| {
        f(&mut |g: &G, more| score(&fixed(g), more))
    })
}
