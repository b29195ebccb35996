//! What the Parade player knows, and full positions consistent with it.
//!
//! The observation is a position whose unseen cards are unknown (`?`): the board, the cards
//! turned face up (the setup's and the adds'), a next card an add turned up but could not
//! place, and how many cards are face down or in hand; the cards that remain are the deck less
//! the known ones, in an unknown order. In such a position an add does not know its card: it
//! waits (a chance node) for the card that turns up, each unseen card equally likely.
//! `determinize` deals the unseen cards into the unknown places in a uniformly random order.

use rand_xoshiro::Xoshiro256PlusPlus;

use crate::game::{Chance, Player};

use super::position::{deck_cards, ParadeAction, Position};
use super::Parade;

impl Chance for Parade {
    fn is_chance_node(&self) -> bool {
        self.pos.pending
    }

    fn chance_actions(&self, out: &mut Vec<(ParadeAction, f64)>) {
        if !self.pos.pending {
            return;
        }
        let unseen = self.pos.deck.unseen(deck_cards());
        let p = 1.0 / unseen.len() as f64;
        out.extend(unseen.into_iter().map(|c| (ParadeAction::Reveal(c), p)));
    }
}

/// What the player knows: the position with its unseen cards unknown. (The `Hidden` trait's
/// views and observations are built on these two.)
impl Parade {
    pub fn observe(&self, _p: Player) -> Parade {
        let mut g = self.clone();
        for pos in [&mut g.pos, &mut g.start] {
            pos.deck = pos.deck.observed();
            pos.key = pos.compute_key();
        }
        g
    }

    /// A position of a deal consistent with the observation. An add waiting for its card
    /// is completed with the card dealt to the top.
    pub fn determinize(obs: &Parade, rng: &mut Xoshiro256PlusPlus) -> Parade {
        let mut g = obs.clone();
        g.pos.deck.fill_unknown(deck_cards(), rng);
        g.pos.key = g.pos.compute_key();
        if g.pos.pending {
            g.pos.finish_add();
        }
        let order: Vec<_> = (0..g.pos.deck.len())
            .filter_map(|i| g.pos.deck.card(i))
            .collect();
        g.start = Position::deal(&order).expect("a filled deck is a deal");
        g
    }
}
