//! Tables built once: Zobrist keys and the step-reach tables (which cells a piece on a stack of
//! a given height can reach by king steps).

use std::sync::OnceLock;

use crate::games::chess::attacks::{FILE_A, FILE_H};

/// The most checkers one stack can hold: the whole supply.
pub const MAX_STACK: usize = 24;

/// Zobrist keys of an Adrenaline position.
pub struct Keys {
    /// `piece[color * 6 + kind][square]`.
    pub piece: [[u64; 64]; 12],
    pub black_to_move: u64,
    /// By castling-rights mask: the XOR of one key per right held.
    pub castling: [u64; 16],
    pub ep_file: [u64; 8],
    /// `stack[square][height]`; height 0 is the zero key, so an empty stack hashes to nothing.
    pub stack: [[u64; MAX_STACK + 1]; 64],
    /// The turn in progress: the piece on this square may take steps.
    pub stepping: [u64; 64],
    /// The turn in progress owes a checker.
    pub placing: u64,
    /// Something was captured earlier in the turn in progress.
    pub captured: u64,
}

const ADRENALINE_SEED: u64 = 0xad7e_9a11_0e00_0001;

pub fn keys() -> &'static Keys {
    static KEYS: OnceLock<Keys> = OnceLock::new();
    KEYS.get_or_init(|| {
        let n = 12 * 64 + 1 + 4 + 8 + 64 * MAX_STACK + 64 + 2;
        let k = crate::core::zobrist::keys(ADRENALINE_SEED, n);
        let mut next = k.into_iter();
        let mut take = || next.next().expect("enough keys drawn");
        let mut piece = [[0; 64]; 12];
        for row in piece.iter_mut() {
            for v in row.iter_mut() {
                *v = take();
            }
        }
        let black_to_move = take();
        let rights = [take(), take(), take(), take()];
        let mut castling = [0; 16];
        for (mask, c) in castling.iter_mut().enumerate() {
            *c = (0..4)
                .filter(|i| mask & (1 << i) != 0)
                .fold(0, |acc, i| acc ^ rights[i]);
        }
        let mut ep_file = [0; 8];
        for v in ep_file.iter_mut() {
            *v = take();
        }
        let mut stack = [[0; MAX_STACK + 1]; 64];
        for row in stack.iter_mut() {
            for v in row.iter_mut().skip(1) {
                *v = take();
            }
        }
        let mut stepping = [0; 64];
        for v in stepping.iter_mut() {
            *v = take();
        }
        Keys {
            piece,
            black_to_move,
            castling,
            ep_file,
            stack,
            stepping,
            placing: take(),
            captured: take(),
        }
    })
}

/// Every cell one king step away from a cell of `b`.
#[inline(always)]
pub fn spread(b: u64) -> u64 {
    let side = ((b & !FILE_A) >> 1) | ((b & !FILE_H) << 1);
    let row = b | side;
    side | (row << 8) | (row >> 8)
}

/// `within(k, s)`: the cells at most `k` king steps from `s` on an empty board (the square of
/// side `2k + 1` around it). A piece standing on `k` checkers reaches, after its regular move
/// to `d`, at most `within(k, d)`; so a target `t` is out of its reach unless its regular
/// destinations meet `within(k, t)`. Heights of 7 and more cover the whole board.
#[inline(always)]
pub fn within(k: i32, s: u8) -> u64 {
    reach_tables()[k.clamp(0, 7) as usize][s as usize]
}

/// King-step distance (the larger of the file and rank distances).
#[inline(always)]
pub fn distance(a: u8, b: u8) -> i32 {
    let df = (a & 7) as i32 - (b & 7) as i32;
    let dr = (a >> 3) as i32 - (b >> 3) as i32;
    df.abs().max(dr.abs())
}

fn reach_tables() -> &'static [[u64; 64]; 8] {
    static T: OnceLock<[[u64; 64]; 8]> = OnceLock::new();
    T.get_or_init(|| {
        let mut t = [[0u64; 64]; 8];
        for (k, row) in t.iter_mut().enumerate() {
            for (s, v) in row.iter_mut().enumerate() {
                let mut b = 1u64 << s;
                for _ in 0..k {
                    b |= spread(b);
                }
                *v = b;
            }
        }
        t
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reach_tables_are_king_distance_balls() {
        for k in 0..9 {
            for s in 0..64u8 {
                let expected = (0..64u8)
                    .filter(|&t| distance(s, t) <= k)
                    .fold(0u64, |m, t| m | 1 << t);
                assert_eq!(within(k, s), expected, "k {k} s {s}");
            }
        }
        // a1's neighbours, h8's neighbours.
        assert_eq!(spread(1), 0x302);
        assert_eq!(spread(1 << 63), 0x40c0_0000_0000_0000);
    }
}
