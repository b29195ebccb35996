//! Neighbour's actions: adds (and the placement of a piece held over an occupied cell), the
//! stop, and moves that borrow the move of a same-colour neighbour, each spending a card from
//! either pile.

use crate::core::bitboard::{Bits, Cell};
use crate::kits::cards::Card;
use crate::kits::solitaire::board::tables;
use crate::kits::solitaire::Kind;

use super::position::{nearest_free, NeighbourAction, Phase, Position, Spend};

/// For each cell, the empty cells its piece can move to with a same-colour neighbour's move.
pub fn move_targets(p: &Position) -> [u64; 64] {
    let t = tables();
    let occ = p.board.occupied();
    let mut to = [0u64; 64];
    for (cell, piece) in p.board.pieces() {
        let friends = t.around(cell) & p.board.colour(piece.colour);
        let mut reach = 0;
        for kind in Kind::ALL {
            if friends & p.board.kind(kind) != 0 {
                reach |= t.attacks(kind, cell, occ);
            }
        }
        to[cell as usize] = reach & !occ;
    }
    to
}

/// The piles a move may spend a card from.
pub fn spends(p: &Position) -> impl Iterator<Item = Spend> {
    let pieces = (p.pieces.left() > 0).then_some(Spend::Pieces);
    let squares = (p.squares.left() > 0).then_some(Spend::Squares);
    pieces.into_iter().chain(squares)
}

/// Appends every legal action (the game is not over).
pub fn generate(
    p: &Position,
    piece_deck: &[Card],
    square_deck: &[Card],
    out: &mut Vec<NeighbourAction>,
) {
    match p.phase {
        Phase::Adding => {
            if p.pieces.left() > 0 {
                out.push(NeighbourAction::Add);
            }
            if p.count() > 0 {
                out.push(NeighbourAction::Stop);
            }
        }
        Phase::PieceCard => out.extend(
            p.pieces
                .unseen(piece_deck)
                .into_iter()
                .map(NeighbourAction::Reveal),
        ),
        Phase::SquareCard => out.extend(
            p.squares
                .unseen(square_deck)
                .into_iter()
                .map(NeighbourAction::Reveal),
        ),
        Phase::Placing(target) => {
            out.extend(Bits(nearest_free(p.board.occupied(), target)).map(NeighbourAction::Place))
        }
        Phase::Moving => {
            for (from, &to) in move_targets(p).iter().enumerate() {
                for to in Bits(to) {
                    for spend in spends(p) {
                        out.push(NeighbourAction::Move {
                            from: from as Cell,
                            to,
                            spend,
                        });
                    }
                }
            }
        }
    }
}
