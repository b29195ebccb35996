//! The actions of a turn and their pseudo-legal generation: regular moves (the stepping games'
//! generator for pieces that move normally, pawn moves for hobbled pieces), king steps of a
//! boosted moved piece, card plays and their matching pieces, and chance's draws.

use crate::core::bitboard::Bits;
use crate::core::game::Action;
use crate::kits::cards::{Card, CardPiece, Role};
use crate::kits::chessboard::attacks::{bb, Square};
use crate::kits::chessboard::{Move, PieceKind};
use crate::kits::steps::board::{board_after, regular_moves, Board, KING, NO_SQUARE, PAWN};
use crate::kits::steps::reach::{direct_attack, pawn_destinations, StepRules};

use super::position::Pos;

/// One action of a turn, or of chance.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum Act {
    /// The regular chess move that opens every turn.
    Regular(Move),
    /// A king step of the boosted moved piece, spending one of its checkers.
    Step {
        from: Square,
        to: Square,
        promo: Option<PieceKind>,
    },
    /// A card from the mover's hand puts one of the mover's checkers under the piece on `sq`.
    Card { card: Card, sq: Square },
    /// Ends the mover's part of the turn without (more steps or) a card.
    End,
    /// Chance: the drawer takes this card from the draw pile.
    Draw(Card),
    /// Chance: the discard pile becomes the draw pile (shuffled).
    Reshuffle,
}

impl Action for Act {
    #[inline]
    fn code(self) -> u32 {
        match self {
            Act::Regular(m) => m.bits() as u32,
            Act::Step { from, to, promo } => {
                1 << 16 | from as u32 | (to as u32) << 6 | promo.map_or(0, |p| p as u32) << 12
            }
            Act::Card { card, sq } => 2 << 16 | (card.code() as u32) << 6 | sq as u32,
            Act::End => 3 << 16,
            Act::Draw(c) => 4 << 16 | c.code() as u32,
            Act::Reshuffle => 5 << 16,
        }
    }
}

/// What a card means in a game with `extra_checker_cards` sevens per colour counted as
/// checker cards (the `BoosterCheckerCards` option above two; the sixes are always in
/// `cards::booster_deck`, and fewer checker cards leave sixes out of the deck instead).
pub fn role(card: Card, sevens: bool) -> Role {
    if sevens && card.rank() == 7 {
        return Role::Checker(card.colour());
    }
    card.role()
}

fn kind_index(p: CardPiece) -> usize {
    match p {
        CardPiece::Pawn => 0,
        CardPiece::Knight => 1,
        CardPiece::Bishop => 2,
        CardPiece::Rook => 3,
        CardPiece::Queen => 4,
        CardPiece::King => 5,
    }
}

/// The squares a card may put a checker under: the pieces of its type and colour, or, for a
/// checker card or a piece card whose pieces are all gone, every piece of its colour.
pub fn card_targets(b: &Board, card: Card, sevens: bool) -> u64 {
    match role(card, sevens) {
        Role::Piece(p, colour) => {
            let c = colour.index();
            let matching = b.pieces(c, kind_index(p));
            if matching != 0 {
                matching
            } else {
                b.by_color[c]
            }
        }
        Role::Checker(colour) => b.by_color[colour.index()],
        Role::Unused => 0,
    }
}

/// Booster's stepping rules for the adrenaline-check test: own checkers are steps, enemy
/// checkers under a piece make it hobbled (it moves as a pawn, a pawn not at all), and a
/// capture takes over the captured piece's checkers, which cancel against the capturer's.
pub struct Coloured<'a>(pub &'a Pos);

impl StepRules for Coloured<'_> {
    #[inline(always)]
    fn budget(&self, from: Square, captured: Option<Square>) -> i32 {
        self.0.signed(from) - captured.map_or(0, |c| self.0.signed(c))
    }

    #[inline(always)]
    fn gain(&self, s: Square) -> i32 {
        -self.0.signed(s)
    }

    #[inline(always)]
    fn changers(&self) -> u64 {
        self.0.stacked
    }

    #[inline(always)]
    fn boosted(&self) -> u64 {
        self.0.boosted()
    }

    #[inline(always)]
    fn pawn_movers(&self) -> u64 {
        self.0.hobbled()
    }
}

/// Every regular move of the side to move except castling, pseudo-legal. Hobbled pieces move
/// and capture as pawns (one step forward, no double step, no en passant, no promotion);
/// hobbled pawns do not move.
pub fn pseudo_regular(pos: &Pos, out: &mut Vec<Move>) {
    let b = &pos.board;
    let us = pos.side as usize;
    let hobbled = pos.hobbled() & b.by_color[us];
    regular_moves(b, us, pos.ep, !hobbled, out);
    let enemy_king = b.pieces(us ^ 1, KING);
    for s in Bits(hobbled & !b.by_kind[PAWN]) {
        for to in Bits(pawn_destinations(b, s, us, true) & !enemy_king) {
            out.push(Move::normal(s, to));
        }
    }
}

/// Whether a regular move (not castling) leaves the mover's king unattacked by an enemy
/// regular move (hobbled enemies attacking as pawns): no revealed check, a check answered.
pub fn ordinary_legal(pos: &Pos, m: Move) -> bool {
    let b = &pos.board;
    let us = pos.side as usize;
    let them = us ^ 1;
    let (after, kind, gone) = board_after(b, us, m);
    let king = if kind == KING {
        m.to()
    } else {
        b.king_square(us)
    };
    let pawnlike = pos.hobbled() & b.by_color[them] & !bb(gone);
    king == NO_SQUARE || !direct_attack(&after, them, king, after.occupied(), pawnlike)
}
