//! Castling rights and the squares each castling needs, for standard chess and Chess960.
//!
//! Rights are four bits, `color * 2 + wing`, wing 0 towards the h-file and wing 1 towards the
//! a-file. Which rook each right belongs to is fixed when a position is set up, so it lives
//! here, outside the position that `play` copies.

use super::attacks::{bb, tables, Square};

pub const KING_SIDE: usize = 0;
pub const QUEEN_SIDE: usize = 1;

/// The castling geometry of one game: where the kings and castling rooks start, which rights
/// a move touching a square removes, and the squares each castling needs empty and safe.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct CastlingRules {
    pub king_from: [Square; 2],
    pub rook_from: [Square; 4],
    /// Rights kept when a move starts or ends on this square.
    keep: [u8; 64],
    /// Squares that must be empty, the king and the castling rook apart.
    empty: [u64; 4],
    /// Squares the king stands on, crosses or reaches: none may be attacked.
    safe: [u64; 4],
}

impl CastlingRules {
    /// Rules for a position where `rights` (bit mask) name rooks on `rook_from`.
    pub fn new(rights: u8, king_from: [Square; 2], rook_from: [Square; 4]) -> CastlingRules {
        let t = tables();
        let mut keep = [0x0fu8; 64];
        let mut empty = [0u64; 4];
        let mut safe = [0u64; 4];
        for i in 0..4 {
            if rights & (1 << i) == 0 {
                continue;
            }
            let color = i / 2;
            let (k, r) = (king_from[color], rook_from[i]);
            let (kt, rt) = (king_to(i), rook_to(i));
            keep[k as usize] &= !(0b11 << (color * 2));
            keep[r as usize] &= !(1 << i);
            let kpath = t.between(k, kt) | bb(kt);
            let rpath = t.between(r, rt) | bb(rt);
            empty[i] = (kpath | rpath) & !bb(k) & !bb(r);
            safe[i] = kpath | bb(k);
        }
        CastlingRules {
            king_from,
            rook_from,
            keep,
            empty,
            safe,
        }
    }

    /// No castling at all.
    pub fn none() -> CastlingRules {
        CastlingRules::new(0, [4, 60], [7, 0, 63, 56])
    }

    /// The standard setup, every right possible: kings on e1/e8, rooks in the corners.
    pub fn standard() -> CastlingRules {
        CastlingRules::new(0b1111, [4, 60], [7, 0, 63, 56])
    }

    #[inline(always)]
    pub fn keep(&self, s: Square) -> u8 {
        self.keep[s as usize]
    }

    #[inline(always)]
    pub fn empty_needed(&self, right: usize) -> u64 {
        self.empty[right]
    }

    #[inline(always)]
    pub fn safe_needed(&self, right: usize) -> u64 {
        self.safe[right]
    }

    /// The right (`color * 2 + wing`) that castling with the rook on `rook` uses.
    #[inline]
    pub fn right_of(&self, color: usize, rook: Square) -> Option<usize> {
        (color * 2..color * 2 + 2).find(|&i| self.rook_from[i] == rook)
    }
}

/// Where the king ends: g1/c1 for White, g8/c8 for Black, in Chess960 too.
#[inline(always)]
pub fn king_to(right: usize) -> Square {
    let base = if right / 2 == 0 { 0 } else { 56 };
    base + if right % 2 == KING_SIDE { 6 } else { 2 }
}

/// Where the rook ends: f1/d1 for White, f8/d8 for Black.
#[inline(always)]
pub fn rook_to(right: usize) -> Square {
    let base = if right / 2 == 0 { 0 } else { 56 };
    base + if right % 2 == KING_SIDE { 5 } else { 3 }
}
