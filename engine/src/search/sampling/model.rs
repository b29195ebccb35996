//! What the tree search sees of a game: where each iteration's state comes from (the root
//! itself, or a truth sampled from a view), which nodes are chance's, and what each player
//! perceives of an action. Three models cover every case: `Perfect` (no chance, nothing
//! hidden), `Truth` (a full state with chance: everything is seen, chance is sampled) and
//! `FromView` (one player's view: information-set search over sampled truths).

use std::fmt::Debug;
use std::hash::Hash;

use crate::core::game::{Chance, Evaluate, GameRng, Hidden, Player, Sample, View};
use crate::search::mcts::leaf;
use crate::search::types::Leaf;

/// A step of a path through a tree, for the principal line's text: a choice made at a node
/// (with what the tree's player saw of it), or an event the tree's player only observed.
#[derive(Clone, Debug)]
pub enum PathStep<A, O> {
    Choice(A, O),
    Seen(O),
}

pub trait Model: Sync + Sized {
    type G: Evaluate;
    /// What a player perceives of an action; tree edges are keyed by it.
    type Obs: Clone + Eq + Hash + Debug + Send + Sync;
    /// True when every iteration searches the same state, so a node's actions can be listed
    /// once (perfect information and full truths); false for sampled truths, whose nodes
    /// meet different actions in different samples.
    const FIXED: bool;
    /// False when the game cannot meet chance or hidden parts (perfect information).
    const CHANCE: bool;

    /// The player the search chooses for.
    fn player(&self) -> Player;

    /// The state one iteration searches, with its weight.
    fn world(&self, rng: &mut GameRng) -> Sample<Self::G>;

    /// A state as the other player could believe it (the searching player's own hidden part
    /// drawn from what the other has seen), on which only the other player's tree learns;
    /// `None` where there is none (see `View::sample_hiding_own`).
    fn world_hiding_own(&self, _rng: &mut GameRng) -> Option<Sample<Self::G>> {
        None
    }

    fn is_chance(&self, g: &Self::G) -> bool;

    /// Every world with its probability, where there are at most `max` and chance has
    /// nothing left to decide (`View::worlds`): a determinized search searches each once.
    fn worlds(&self, _max: usize) -> Option<Vec<Sample<Self::G>>> {
        None
    }

    /// Runs `f` with the scorer of leaves `leaf` names (`proto`: a position of the game).
    fn with_leaf<R>(
        &self,
        proto: &Self::G,
        leaf: Leaf,
        f: impl FnOnce(&mut dyn FnMut(&Self::G, u32) -> i32) -> R,
    ) -> R;

    fn sample_chance(&self, g: &Self::G, rng: &mut GameRng) -> <Self::G as crate::Game>::Action;

    /// What `p` perceives of `a` played in `g`.
    fn observe(&self, g: &Self::G, a: <Self::G as crate::Game>::Action, p: Player) -> Self::Obs;

    /// True when `a` shows its player something: a turn pauses after it.
    fn reveals(&self, g: &Self::G, a: <Self::G as crate::Game>::Action) -> bool;

    /// The principal line as text.
    fn path_text(
        &self,
        steps: &[PathStep<<Self::G as crate::Game>::Action, Self::Obs>],
    ) -> Vec<String>;

    /// The model of the position after the searching player's own action `a`, played in the
    /// sampled state `g` (a turn being completed). `None` when that cannot be followed.
    fn after(&self, g: &Self::G, a: <Self::G as crate::Game>::Action) -> Option<Self>;

    /// A fixed key of the root, mixed into the random seed so that searches of different
    /// positions do not share their random numbers.
    fn root_key(&self) -> u64;
}

/// Perfect information: the root is the state; nothing is hidden, no chance.
pub struct Perfect<G> {
    pub root: G,
}

impl<G: Evaluate> Model for Perfect<G> {
    type G = G;
    type Obs = ();
    const FIXED: bool = true;
    const CHANCE: bool = false;

    fn player(&self) -> Player {
        self.root.to_move()
    }

    fn world(&self, _rng: &mut GameRng) -> Sample<G> {
        Sample {
            state: self.root.clone(),
            weight: 1.0,
        }
    }

    fn is_chance(&self, _g: &G) -> bool {
        false
    }

    fn with_leaf<R>(
        &self,
        proto: &G,
        leaf: Leaf,
        f: impl FnOnce(&mut dyn FnMut(&G, u32) -> i32) -> R,
    ) -> R {
        leaf::with_plain(proto, leaf, f)
    }

    fn sample_chance(&self, _g: &G, _rng: &mut GameRng) -> G::Action {
        unreachable!("a game without chance has no chance node")
    }

    fn observe(&self, _g: &G, _a: G::Action, _p: Player) {}

    fn reveals(&self, _g: &G, _a: G::Action) -> bool {
        false
    }

    fn path_text(&self, steps: &[PathStep<G::Action, ()>]) -> Vec<String> {
        actions_text(&self.root, steps.iter().filter_map(step_action))
    }

    fn after(&self, g: &G, a: G::Action) -> Option<Self> {
        let mut root = g.clone();
        root.play(a);
        Some(Perfect { root })
    }

    fn root_key(&self) -> u64 {
        self.root.key()
    }
}

/// A full state of a game with chance (and perhaps hidden parts, all known here): every
/// player sees everything; chance's actions are sampled with their probabilities.
pub struct Truth<G> {
    pub root: G,
}

impl<G: Evaluate + Hidden> Model for Truth<G> {
    type G = G;
    type Obs = G::Action;
    const FIXED: bool = true;
    const CHANCE: bool = true;

    fn player(&self) -> Player {
        self.root.to_move()
    }

    fn world(&self, _rng: &mut GameRng) -> Sample<G> {
        Sample {
            state: self.root.clone(),
            weight: 1.0,
        }
    }

    fn is_chance(&self, g: &G) -> bool {
        g.is_chance_node()
    }

    fn with_leaf<R>(
        &self,
        proto: &G,
        leaf: Leaf,
        f: impl FnOnce(&mut dyn FnMut(&G, u32) -> i32) -> R,
    ) -> R {
        leaf::with_chance(proto, leaf, f)
    }

    fn sample_chance(&self, g: &G, rng: &mut GameRng) -> G::Action {
        g.sample_chance(rng)
    }

    fn observe(&self, _g: &G, a: G::Action, _p: Player) -> G::Action {
        a
    }

    fn reveals(&self, _g: &G, _a: G::Action) -> bool {
        // Nothing is hidden from a searcher that holds the truth; only chance pauses a turn.
        false
    }

    fn path_text(&self, steps: &[PathStep<G::Action, G::Action>]) -> Vec<String> {
        let actions = steps.iter().map(|s| match s {
            PathStep::Choice(a, _) | PathStep::Seen(a) => *a,
        });
        actions_text(&self.root, actions)
    }

    fn after(&self, g: &G, a: G::Action) -> Option<Self> {
        let mut root = g.clone();
        root.play(a);
        Some(Truth { root })
    }

    fn root_key(&self) -> u64 {
        self.root.key()
    }
}

/// One player's view: every iteration searches a truth sampled from it (information-set
/// MCTS); edges are keyed by what each tree's player perceives.
pub struct FromView<V: View> {
    pub view: V,
}

impl<V> Model for FromView<V>
where
    V: View,
    V::Game: Evaluate,
{
    type G = V::Game;
    type Obs = <V::Game as Hidden>::Observation;
    const FIXED: bool = false;
    const CHANCE: bool = true;

    fn player(&self) -> Player {
        self.view.player()
    }

    fn world(&self, rng: &mut GameRng) -> Sample<V::Game> {
        self.view.sample(rng)
    }

    fn world_hiding_own(&self, rng: &mut GameRng) -> Option<Sample<V::Game>> {
        self.view.sample_hiding_own(rng)
    }

    fn worlds(&self, max: usize) -> Option<Vec<Sample<V::Game>>> {
        self.view.worlds(max)
    }

    fn is_chance(&self, g: &V::Game) -> bool {
        g.is_chance_node()
    }

    fn with_leaf<R>(
        &self,
        proto: &V::Game,
        leaf: Leaf,
        f: impl FnOnce(&mut dyn FnMut(&V::Game, u32) -> i32) -> R,
    ) -> R {
        leaf::with_chance(proto, leaf, f)
    }

    fn sample_chance(&self, g: &V::Game, rng: &mut GameRng) -> ActionOf<V> {
        g.sample_chance(rng)
    }

    fn observe(&self, g: &V::Game, a: ActionOf<V>, p: Player) -> Self::Obs {
        g.observe(a, p)
    }

    fn reveals(&self, g: &V::Game, a: ActionOf<V>) -> bool {
        g.reveals(a)
    }

    fn path_text(&self, steps: &[PathStep<ActionOf<V>, Self::Obs>]) -> Vec<String> {
        let mut view = self.view.clone();
        let mut out = Vec::new();
        for s in steps {
            let o = match s {
                PathStep::Choice(_, o) | PathStep::Seen(o) => o,
            };
            out.push(view.format_observation(o));
            if view.apply(o).is_err() {
                break;
            }
        }
        out
    }

    fn after(&self, g: &V::Game, a: ActionOf<V>) -> Option<Self> {
        let mut view = self.view.clone();
        view.apply(&g.observe(a, view.player())).ok()?;
        Some(FromView { view })
    }

    fn root_key(&self) -> u64 {
        fnv(self.view.fen().as_bytes())
    }
}

type ActionOf<V> = <<V as View>::Game as crate::Game>::Action;

fn step_action<A: Copy, O>(s: &PathStep<A, O>) -> Option<A> {
    match s {
        PathStep::Choice(a, _) => Some(*a),
        PathStep::Seen(_) => None,
    }
}

/// Formats actions played one after the other from `root`, stopping at the first that is
/// not legal where it would be played.
fn actions_text<G: Evaluate>(root: &G, actions: impl Iterator<Item = G::Action>) -> Vec<String> {
    let mut g = root.clone();
    let mut out = Vec::new();
    for a in actions {
        if g.terminal().is_some() || !g.is_legal(a) {
            break;
        }
        out.push(g.format_action(a));
        g.play(a);
    }
    out
}

/// FNV-1a: a small stable hash of text (the view-FEN) for seeding.
pub fn fnv(bytes: &[u8]) -> u64 {
    let mut h: u64 = 0xcbf2_9ce4_8422_2325;
    for &b in bytes {
        h ^= b as u64;
        h = h.wrapping_mul(0x100_0000_01b3);
    }
    h
}
