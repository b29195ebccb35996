//! Parade's score, its admissible bound for the clairvoyant solver, and the board evaluation
//! the greedy player uses.
//!
//! Score: a won game scores the cards left in hand, less the negative points counted after
//! the hand ran out (`hand - negative`); every action costs one card or one negative point. A
//! game lost (16 negative points counted, or no action possible) scores -16.
//!
//! Bound: from here at least `placements_needed` more actions are needed (each action places
//! at most one piece, see `solitaire::connect`), so no win scores more than
//! `hand - negative - placements_needed`; if that is below -16 no win is possible and the bound
//! is the loss.

use crate::core::game::Evaluate;
use crate::core::solo::{Solitaire, SoloScore};
use crate::kits::solitaire::connect::{self, Connectivity::Orthogonal};

use super::position::NEGATIVE_MAX;
use super::Parade;

/// The score of a lost game.
pub const LOST: SoloScore = SoloScore {
    points: -(NEGATIVE_MAX as i32),
    won: false,
};

/// The greedy player's board evaluation, per unit (higher is better).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Weights {
    /// Per piece that must still be placed to connect the group (the solver's bound).
    pub placement: i32,
    /// Per orthogonally connected group.
    pub group: i32,
    /// Per piece of the largest group.
    pub largest: i32,
}

impl Default for Weights {
    fn default() -> Self {
        Weights {
            placement: -100,
            group: -10,
            largest: 3,
        }
    }
}

impl Solitaire for Parade {
    fn final_score(&self) -> Option<SoloScore> {
        let p = &self.pos;
        if p.pending {
            return None;
        }
        if p.connected() {
            Some(SoloScore::won(p.points()))
        } else if p.negative >= NEGATIVE_MAX {
            Some(LOST)
        } else {
            None
        }
    }

    fn stuck_score(&self) -> SoloScore {
        LOST
    }

    fn score_bound(&self) -> SoloScore {
        self.final_score().unwrap_or_else(|| {
            let occ = self.pos.board.occupied();
            // A pending add spends its card when the card turns up, so it is counted as any
            // add.
            let need = connect::placements_needed(occ, occ.count_ones(), Orthogonal) as i32;
            connect::bound(self.pos.points() - need, LOST)
        })
    }

    fn solve_key(&self) -> u64 {
        self.pos.solve_key()
    }

    fn unknowns(&self) -> usize {
        self.pos.deck.unknown_count()
    }
}

impl Evaluate for Parade {
    /// The board seen by the greedy player: pieces still to place, groups, largest group.
    fn evaluate(&self) -> i32 {
        let w = &self.weights;
        let occ = self.pos.board.occupied();
        let [need, groups, largest] = connect::board_terms(occ, occ.count_ones(), Orthogonal);
        w.placement * need + w.group * groups + w.largest * largest
    }
}
