//! The chess board of the stepping games: bitboards by kind and colour, castling's tables, and
//! the pseudo-legal regular moves and king steps every such game starts from.

use std::sync::OnceLock;

use crate::core::bitboard::Bits;
use crate::core::game::Player;
use crate::core::geometry::Geometry;
use crate::kits::chessboard::attacks::{self, bb, rank_of, tables, Square, RANK_1, RANK_8};
use crate::kits::chessboard::{Move, MoveKind, PieceKind};

/// "No square" for the en-passant field.
pub const NO_SQUARE: u8 = 64;

pub const PAWN: usize = 0;
pub const KNIGHT: usize = 1;
pub const BISHOP: usize = 2;
pub const ROOK: usize = 3;
pub const QUEEN: usize = 4;
pub const KING: usize = 5;

/// Castling-right bits: White h-side, White a-side, Black h-side, Black a-side.
pub const WHITE_SHORT: u8 = 1;
pub const WHITE_LONG: u8 = 2;
pub const BLACK_SHORT: u8 = 4;
pub const BLACK_LONG: u8 = 8;

/// The 8x8 board's cells, a1 = 0 .. h8 = 63 (the squares' numbers).
pub fn geometry() -> &'static Geometry {
    static G: OnceLock<Geometry> = OnceLock::new();
    G.get_or_init(|| Geometry::square(8, 8))
}

/// The player of colour index `c` (0 White, 1 Black).
#[inline]
pub fn player(c: usize) -> Player {
    if c == 0 {
        Player::White
    } else {
        Player::Black
    }
}

/// Where the pieces stand: bitboards by kind and by colour (0 White, 1 Black).
#[derive(Clone, Copy, PartialEq, Eq, Debug, Default)]
pub struct Board {
    pub by_kind: [u64; 6],
    pub by_color: [u64; 2],
}

impl Board {
    #[inline(always)]
    pub fn occupied(&self) -> u64 {
        self.by_color[0] | self.by_color[1]
    }

    #[inline(always)]
    pub fn pieces(&self, color: usize, kind: usize) -> u64 {
        self.by_color[color] & self.by_kind[kind]
    }

    /// The king's square; `NO_SQUARE` if the side has none.
    #[inline(always)]
    pub fn king_square(&self, color: usize) -> Square {
        let k = self.pieces(color, KING);
        if k == 0 {
            NO_SQUARE
        } else {
            k.trailing_zeros() as Square
        }
    }

    #[inline(always)]
    pub fn color_at(&self, s: Square) -> Option<usize> {
        let b = bb(s);
        if self.by_color[0] & b != 0 {
            Some(0)
        } else if self.by_color[1] & b != 0 {
            Some(1)
        } else {
            None
        }
    }

    /// `(color, kind)` of the piece on `s`.
    #[inline(always)]
    pub fn piece_at(&self, s: Square) -> Option<(usize, usize)> {
        let color = self.color_at(s)?;
        Some((color, self.kind_at(s)))
    }

    /// Kind of the piece on an occupied square.
    #[inline(always)]
    pub fn kind_at(&self, s: Square) -> usize {
        let b = bb(s);
        (0..6).find(|&k| self.by_kind[k] & b != 0).unwrap_or(KING)
    }

    #[inline(always)]
    pub fn toggle(&mut self, s: Square, color: usize, kind: usize) {
        let b = bb(s);
        self.by_kind[kind] ^= b;
        self.by_color[color] ^= b;
    }

    /// Whether a piece of `by` attacks `s` in the ordinary chess sense with occupancy `occ`.
    #[inline(always)]
    pub fn attacked_by(&self, s: Square, by: usize, occ: u64) -> bool {
        attacks::attacked_by(&self.by_kind, &self.by_color, s, by, occ)
    }
}

/// Rights kept when a move or step starts or ends on `s`: a king or rook leaving its square,
/// or anything landing on a rook's square, ends the rights it served.
#[inline]
pub fn rights_kept(s: Square) -> u8 {
    match s {
        4 => !(WHITE_SHORT | WHITE_LONG),
        7 => !WHITE_SHORT,
        0 => !WHITE_LONG,
        60 => !(BLACK_SHORT | BLACK_LONG),
        63 => !BLACK_SHORT,
        56 => !BLACK_LONG,
        _ => 0x0f,
    }
}

/// The squares of the castling rook, the squares that must be empty, the square the king
/// crosses and the king's landing, for each right (White short, White long, Black short,
/// Black long).
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

pub const PROMOTIONS: [PieceKind; 4] = [
    PieceKind::Queen,
    PieceKind::Rook,
    PieceKind::Bishop,
    PieceKind::Knight,
];

/// The last rank of `color`'s pieces.
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

/// The chess moves (castling apart) of `us`'s pieces on `movers`, with `ep` the en-passant
/// square `us` may use; the enemy king is never a target (it cannot be capturable in a legal
/// position). Pieces that move otherwise (Booster's hobbled ones) are left out of `movers`.
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

/// The square of the pawn an en-passant capture by `us` onto `to` takes.
#[inline(always)]
pub fn en_passant_victim(us: usize, to: Square) -> Square {
    if us == 0 {
        to - 8
    } else {
        to + 8
    }
}

/// The board after a regular move (not castling) of `us`, the kind that moved, and the
/// square of the captured piece (the landing square when nothing is captured).
#[inline(always)]
pub fn board_after(b: &Board, us: usize, m: Move) -> (Board, usize, Square) {
    let (from, to) = (m.from(), m.to());
    let mut after = *b;
    let kind = b.kind_at(from);
    let mut gone = to;
    if m.kind() == MoveKind::EnPassant {
        gone = en_passant_victim(us, to);
        after.toggle(gone, us ^ 1, PAWN);
    } else if let Some((c, k)) = b.piece_at(to) {
        after.toggle(to, c, k);
    }
    after.toggle(from, us, kind);
    after.toggle(to, us, kind);
    (after, kind, gone)
}

/// Whether a regular move (not castling) leaves the mover's king unattacked in the ordinary
/// chess sense: no revealed check, and an existing check answered.
pub fn ordinary_legal(b: &Board, us: usize, m: Move) -> bool {
    let (after, kind, _) = board_after(b, us, m);
    let king = if kind == KING {
        m.to()
    } else {
        b.king_square(us)
    };
    king == NO_SQUARE || !after.attacked_by(king, us ^ 1, after.occupied())
}

/// Squares the moved piece of `us` on `from` may step to: one king step onto an empty square
/// or an enemy piece other than the king.
#[inline]
pub fn step_targets(b: &Board, us: usize, from: Square) -> u64 {
    tables().king(from) & !b.by_color[us] & !b.pieces(us ^ 1, KING)
}

/// Whether a step of `us` from `from` to `to` promotes (a pawn reaching its last rank).
#[inline]
pub fn step_promotes(b: &Board, us: usize, from: Square, to: Square) -> bool {
    b.by_kind[PAWN] & bb(from) != 0 && last_rank(us) & bb(to) != 0
}
