//! The actions of a turn and their pseudo-legal generation: regular chess moves (legal in the
//! ordinary chess sense, castling apart), king steps of the moved piece, checker placements.
//! Whether the turn can still end with the mover's king safe is decided in `turn`; the
//! generators themselves are the stepping games' (`kits::steps::board`).

use crate::core::game::Action;
use crate::kits::chessboard::attacks::Square;
use crate::kits::chessboard::{Move, PieceKind};
use crate::kits::steps::board::regular_moves;

use super::position::Pos;

/// One action of a turn.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum Act {
    /// The regular chess move that opens every turn.
    Regular(Move),
    /// A king step of the moved piece, spending one of its checkers; `promo` when a pawn
    /// steps onto its last rank.
    Step {
        from: Square,
        to: Square,
        promo: Option<PieceKind>,
    },
    /// The owed checker, placed under the enemy piece on this square; ends the turn.
    Place(Square),
    /// Ends the turn without more steps (only when no checker is owed).
    End,
}

impl Action for Act {
    #[inline]
    fn code(self) -> u32 {
        match self {
            Act::Regular(m) => m.bits() as u32,
            Act::Step { from, to, promo } => {
                1 << 16 | from as u32 | (to as u32) << 6 | promo.map_or(0, |p| p as u32) << 12
            }
            Act::Place(s) => 2 << 16 | s as u32,
            Act::End => 3 << 16,
        }
    }
}

/// Every regular move of the side to move except castling, pseudo-legal: the enemy king is
/// never a target (it cannot be capturable in a legal position).
pub fn pseudo_regular(pos: &Pos, out: &mut Vec<Move>) {
    let us = pos.side as usize;
    regular_moves(&pos.board, us, pos.ep, pos.board.by_color[us], out);
}
