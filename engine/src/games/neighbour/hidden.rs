//! What the Neighbour player knows, and full positions consistent with it.
//!
//! The observation is a position whose unseen cards are unknown (`?`): the board, the cards
//! turned up by the adds, and how many cards each pile holds; the order of the cards left in
//! each pile is unknown (the player knows which cards they are). Cards spent on moves are not
//! looked at (nothing later depends on them). In such a position an add waits for each of its
//! two cards (chance nodes), every unseen card of the pile equally likely. `determinize` deals
//! each pile's unseen cards into its unknown places in a uniformly random order.

use rand_xoshiro::Xoshiro256PlusPlus;

use crate::game::{Chance, Player};

use super::position::{piece_cards, square_cards, NeighbourAction, Phase, Position};
use super::Neighbour;

impl Chance for Neighbour {
    fn is_chance_node(&self) -> bool {
        matches!(self.pos.phase, Phase::PieceCard | Phase::SquareCard)
    }

    fn chance_actions(&self, out: &mut Vec<(NeighbourAction, f64)>) {
        let unseen = match self.pos.phase {
            Phase::PieceCard => self.pos.pieces.unseen(piece_cards()),
            Phase::SquareCard => self.pos.squares.unseen(square_cards()),
            _ => return,
        };
        let p = 1.0 / unseen.len() as f64;
        out.extend(unseen.into_iter().map(|c| (NeighbourAction::Reveal(c), p)));
    }
}

/// What the player knows: the position with its unseen cards unknown. (The `Hidden` trait's
/// views and observations are built on these two.)
impl Neighbour {
    pub fn observe(&self, _p: Player) -> Neighbour {
        let mut g = self.clone();
        for pos in [&mut g.pos, &mut g.start] {
            pos.pieces = pos.pieces.observed();
            pos.squares = pos.squares.observed();
            pos.key = pos.compute_key();
        }
        g
    }

    /// A position of a deal consistent with the observation. An add waiting for a card is
    /// completed with the cards dealt to the tops.
    pub fn determinize(obs: &Neighbour, rng: &mut Xoshiro256PlusPlus) -> Neighbour {
        let mut g = obs.clone();
        g.pos.pieces.fill_unknown(piece_cards(), rng);
        g.pos.squares.fill_unknown(square_cards(), rng);
        g.pos.key = g.pos.compute_key();
        g.pos.complete_draws();
        let pieces: Vec<_> = (0..g.pos.pieces.len())
            .filter_map(|i| g.pos.pieces.card(i))
            .collect();
        let squares: Vec<_> = (0..g.pos.squares.len())
            .filter_map(|i| g.pos.squares.card(i))
            .collect();
        g.start =
            Position::deal(&pieces, &squares, g.pos.min_pieces).expect("filled piles are a deal");
        g
    }
}
