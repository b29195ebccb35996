//! Parade's actions. A move: a piece relocates a piece of the other colour from a cell it
//! attacks to an empty cell it attacks once that piece is picked up. An add: the next card's
//! piece goes after its gap, past the piece farthest along a1..h8, if it fits before h9.

use crate::core::bitboard::{bit, Bits, Cell};
use crate::core::game::Player;
use crate::kits::solitaire::board::tables;

use super::position::{add_cell, ParadeAction, Position, NEGATIVE_MAX};

/// For each cell, the empty cells its piece can be moved to (by any piece of the other colour).
pub fn move_targets(p: &Position) -> [u64; 64] {
    let t = tables();
    let occ = p.board.occupied();
    let mut to = [0u64; 64];
    for colour in [Player::White, Player::Black] {
        let others = p.board.colour(colour.opponent());
        for (mover_cell, mover) in p.board.pieces().filter(|(_, pc)| pc.colour == colour) {
            for from in Bits(t.attacks(mover.kind, mover_cell, occ) & others) {
                let lifted = occ & !bit(from);
                to[from as usize] |=
                    t.attacks(mover.kind, mover_cell, lifted) & !lifted & !bit(from);
            }
        }
    }
    to
}

/// True when moves may be made: cards in hand, or negative points left to count.
pub fn may_move(p: &Position) -> bool {
    !p.pending && (p.hand() > 0 || p.negative < NEGATIVE_MAX)
}

/// True when an add is possible: cards in hand and, if the player knows the next card, its
/// piece fits (a player who does not know it may try).
pub fn may_add(p: &Position) -> bool {
    if p.pending || p.hand() == 0 {
        return false;
    }
    match p.deck.top() {
        Some(card) if p.top_known_to_player() => add_cell(p.board.occupied(), card).is_some(),
        _ => true,
    }
}

/// Appends every legal action (the game is not over).
pub fn generate(p: &Position, deck: &[crate::kits::cards::Card], out: &mut Vec<ParadeAction>) {
    if p.pending {
        out.extend(p.deck.unseen(deck).into_iter().map(ParadeAction::Reveal));
        return;
    }
    if may_add(p) {
        out.push(ParadeAction::Add);
    }
    if may_move(p) {
        for (from, &to) in move_targets(p).iter().enumerate() {
            for to in Bits(to) {
                out.push(ParadeAction::Move {
                    from: from as Cell,
                    to,
                });
            }
        }
    }
}
