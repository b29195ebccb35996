//! The actions of a turn and their pseudo-legal generation: regular chess moves (legal in the
//! ordinary chess sense, castling apart), king steps of the moved piece, checker placements.
//! Whether the turn can still end with the mover's king safe is decided in `turn`.

use crate::core::bitboard::Bits;
use crate::core::game::Action;
use crate::games::chess::attacks::{bb, rank_of, tables, Square, RANK_1, RANK_8};
use crate::games::chess::{Move, MoveKind, PieceKind};

use super::position::{Board, Pos, BISHOP, KING, KNIGHT, NO_SQUARE, PAWN, QUEEN, ROOK};

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

pub const PROMOTIONS: [PieceKind; 4] = [
    PieceKind::Queen,
    PieceKind::Rook,
    PieceKind::Bishop,
    PieceKind::Knight,
];

/// The last rank of `color`'s pawns.
#[inline(always)]
pub fn last_rank(color: usize) -> u64 {
    if color == 0 {
        RANK_8
    } else {
        RANK_1
    }
}

/// Squares attacked or moved to by a non-pawn piece on `s` with occupancy `occ`.
#[inline(always)]
pub fn piece_reach(kind: usize, s: Square, occ: u64) -> u64 {
    let t = tables();
    match kind {
        KNIGHT => t.knight(s),
        BISHOP => t.bishop(s, occ),
        ROOK => t.rook(s, occ),
        QUEEN => t.queen(s, occ),
        _ => t.king(s),
    }
}

/// Every regular move of the side to move except castling, pseudo-legal: the enemy king is
/// never a target (it cannot be capturable in a legal position).
pub fn pseudo_regular(pos: &Pos, out: &mut Vec<Move>) {
    let us = pos.side as usize;
    regular_moves(&pos.board, us, pos.ep, pos.board.by_color[us], out);
}

/// The chess moves (castling apart) of `us`'s pieces on `movers`, with `ep` the en-passant
/// square `us` may use; the enemy king is never a target. Shared with Booster Chess, whose
/// hobbled pieces move otherwise and are left out of `movers`.
pub fn regular_moves(b: &Board, us: usize, ep: Square, movers: u64, out: &mut Vec<Move>) {
    let t = tables();
    let them = us ^ 1;
    let own = b.by_color[us];
    let occ = b.occupied();
    let targets = !own & !b.pieces(them, KING);
    let enemy = b.by_color[them] & targets;
    for s in Bits(own & movers & !b.by_kind[PAWN]) {
        let kind = b.kind_at(s);
        for to in Bits(piece_reach(kind, s, occ) & targets) {
            out.push(Move::normal(s, to));
        }
    }
    let (up, start_rank): (i32, u8) = if us == 0 { (8, 1) } else { (-8, 6) };
    for s in Bits(b.pieces(us, PAWN) & movers) {
        let mut dests = t.pawn(us, s) & enemy;
        let one = s as i32 + up;
        if (0..64).contains(&one) && occ & bb(one as Square) == 0 {
            dests |= bb(one as Square);
            let two = one + up;
            if rank_of(s) == start_rank && occ & bb(two as Square) == 0 {
                dests |= bb(two as Square);
            }
        }
        for to in Bits(dests) {
            if last_rank(us) & bb(to) != 0 {
                for p in PROMOTIONS {
                    out.push(Move::promotion(s, to, p));
                }
            } else {
                out.push(Move::normal(s, to));
            }
        }
        if ep != NO_SQUARE && t.pawn(us, s) & bb(ep) != 0 {
            out.push(Move::en_passant(s, ep));
        }
    }
}

/// Whether a regular move (not castling) leaves the mover's king unattacked in the ordinary
/// chess sense: no revealed check, and an existing check answered.
pub fn ordinary_legal(b: &Board, us: usize, m: Move) -> bool {
    let them = us ^ 1;
    let (from, to) = (m.from(), m.to());
    let mut after = *b;
    let kind = b.kind_at(from);
    if m.kind() == MoveKind::EnPassant {
        let victim = if us == 0 { to - 8 } else { to + 8 };
        after.toggle(victim, them, PAWN);
    } else if let Some((c, k)) = b.piece_at(to) {
        after.toggle(to, c, k);
    }
    after.toggle(from, us, kind);
    after.toggle(to, us, kind);
    let king = if kind == KING { to } else { b.king_square(us) };
    king == NO_SQUARE || !after.attacked_by(king, them, after.occupied())
}

/// Squares the moved piece on `from` may step to: one king step onto an empty square or an
/// enemy piece other than the king.
#[inline]
pub fn step_targets(pos: &Pos, from: Square) -> u64 {
    let b = &pos.board;
    let us = pos.side as usize;
    tables().king(from) & !b.by_color[us] & !b.pieces(us ^ 1, KING)
}

/// Whether a step from `from` to `to` promotes (a pawn reaching its last rank).
#[inline]
pub fn step_promotes(pos: &Pos, from: Square, to: Square) -> bool {
    pos.board.by_kind[PAWN] & bb(from) != 0 && last_rank(pos.side as usize) & bb(to) != 0
}

/// The squares of the castling rook, the squares that must be empty, and the square the
/// king crosses, for each right (White short, White long, Black short, Black long).
pub const CASTLING: [(Square, u64, Square, Square); 4] = [
    (7, 0x60, 5, 6),
    (0, 0x0e, 3, 2),
    (63, 0x60 << 56, 61, 62),
    (56, 0x0e << 56, 59, 58),
];

/// The king's home square for `color`.
#[inline]
pub fn king_home(color: usize) -> Square {
    if color == 0 {
        4
    } else {
        60
    }
}
