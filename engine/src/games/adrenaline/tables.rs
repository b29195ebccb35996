//! Zobrist keys, built once.

use std::sync::OnceLock;

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
