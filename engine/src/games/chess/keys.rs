//! Zobrist keys for chess positions, drawn once from the chess seed.

use std::sync::OnceLock;

pub struct Keys {
    /// `piece[color * 6 + kind][square]`.
    pub piece: [[u64; 64]; 12],
    pub black_to_move: u64,
    /// By castling-rights mask (four bits): the XOR of one key per right held.
    pub castling: [u64; 16],
    /// By file of the en-passant square, present only when the capture is legal.
    pub ep_file: [u64; 8],
}

const CHESS_SEED: u64 = 0xc4e5_5000_0000_0001;

static KEYS: OnceLock<Keys> = OnceLock::new();

#[inline(always)]
pub fn keys() -> &'static Keys {
    KEYS.get_or_init(|| {
        let k = crate::core::zobrist::keys(CHESS_SEED, 12 * 64 + 1 + 4 + 8);
        let mut piece = [[0; 64]; 12];
        for (p, row) in piece.iter_mut().enumerate() {
            row.copy_from_slice(&k[p * 64..p * 64 + 64]);
        }
        let rights = &k[769..773];
        let mut castling = [0; 16];
        for (mask, c) in castling.iter_mut().enumerate() {
            *c = (0..4)
                .filter(|i| mask & (1 << i) != 0)
                .fold(0, |acc, i| acc ^ rights[i]);
        }
        let mut ep_file = [0; 8];
        ep_file.copy_from_slice(&k[773..781]);
        Keys {
            piece,
            black_to_move: k[768],
            castling,
            ep_file,
        }
    })
}
