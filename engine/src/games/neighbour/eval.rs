//! Neighbour's score, its admissible bound for the clairvoyant solver, and the board
//! evaluation the greedy player uses.
//!
//! Score: a won game scores the cards left in the two piles. A game that cannot be won (both
//! piles spent, or no move possible once adding has stopped) is lost and scores 0.
//!
//! Bound: every card spent places at most one piece (an add spends two cards and places one
//! piece; a move spends one and places one), so the cards still to spend are at least the
//! pieces still to place (`solitaire::connect::placements_needed` with the game's
//! connectivity, and at least the minimum group size), plus one more for each add still needed
//! to reach the minimum. A piece held for placement is placed without a further card.

use crate::core::game::Evaluate;
use crate::core::solo::{Solitaire, SoloScore};
use crate::kits::solitaire::connect;

use super::position::Phase;
use super::Neighbour;

/// The score of a lost game.
pub const LOST: SoloScore = SoloScore {
    points: 0,
    won: false,
};

/// The greedy player's board evaluation, per unit (higher is better).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Weights {
    /// Per piece that must still be placed to connect the group.
    pub placement: i32,
    /// Per connected group.
    pub group: i32,
    /// Per piece of the largest group.
    pub largest: i32,
    /// Per card left in the piles.
    pub card: i32,
    /// Per piece that can move (has a same-colour neighbour with a move).
    pub mobile: i32,
}

impl Default for Weights {
    fn default() -> Self {
        Weights {
            placement: -100,
            group: -10,
            largest: 3,
            card: 40,
            mobile: 2,
        }
    }
}

impl Solitaire for Neighbour {
    fn final_score(&self) -> Option<SoloScore> {
        let p = &self.pos;
        if p.won() {
            Some(SoloScore::won(p.cards_left() as i32))
        } else if p.phase == Phase::Moving && p.cards_left() == 0 {
            Some(LOST)
        } else {
            None
        }
    }

    fn stuck_score(&self) -> SoloScore {
        LOST
    }

    fn score_bound(&self) -> SoloScore {
        self.final_score().unwrap_or_else(|| self.open_bound())
    }

    fn solve_key(&self) -> u64 {
        self.pos.solve_key()
    }

    fn unknowns(&self) -> usize {
        self.pos.pieces.unknown_count() + self.pos.squares.unknown_count()
    }
}

impl Neighbour {
    /// The bound of a game not over yet.
    fn open_bound(&self) -> SoloScore {
        let p = &self.pos;
        let occ = p.board.occupied();
        let n = p.count() as i32;
        let min = p.rules.min_pieces as i32;
        let conn = p.rules.connectivity;
        let cost = match p.phase {
            Phase::Moving => {
                if n < min {
                    return LOST;
                }
                connect::placements_needed(occ, n as u32, conn) as i32
            }
            Phase::Adding => {
                let at_least = n.max(min) as u32;
                connect::placements_needed(occ, at_least, conn) as i32 + (min - n).max(0)
            }
            Phase::PieceCard | Phase::SquareCard | Phase::Placing(_) => {
                // The held piece (or the one being drawn) is placed for the cards already
                // counted; it is one of the pieces the group needs.
                let at_least = (n + 1).max(min) as u32;
                (connect::placements_needed(occ, at_least, conn) as i32 - 1).max(0)
                    + (min - n - 1).max(0)
            }
        };
        connect::bound(p.cards_left() as i32 - cost, LOST)
    }
}

impl Evaluate for Neighbour {
    /// The board and cards seen by the greedy player.
    fn evaluate(&self) -> i32 {
        let w = &self.weights;
        let p = &self.pos;
        let occ = p.board.occupied();
        let conn = p.rules.connectivity;
        let [need, groups, largest] =
            connect::board_terms(occ, p.count().max(p.rules.min_pieces as u32), conn);
        let mobile = super::movegen::move_targets(p)
            .iter()
            .filter(|&&t| t != 0)
            .count() as i32;
        w.placement * need
            + w.group * groups
            + w.largest * largest
            + w.card * p.cards_left() as i32
            + w.mobile * mobile
    }
}
