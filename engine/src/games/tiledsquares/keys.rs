//! Zobrist keys: pieces, side, castling rights and en passant as in chess, plus one key per
//! cell for a tile, for White owning that tile, and for an anti-tile.

use std::sync::OnceLock;

pub struct Keys {
    /// `piece[color * 6 + kind][square]`.
    pub piece: [[u64; 64]; 12],
    pub black_to_move: u64,
    /// By castling-rights mask: the XOR of one key per right held.
    pub castling: [u64; 16],
    /// By file of the en-passant square, present only when the capture is legal.
    pub ep_file: [u64; 8],
    /// A tile on the cell.
    pub tile: [u64; 64],
    /// White owns the tile on the cell (a tile without this key is Black's).
    pub white_owns: [u64; 64],
    /// An anti-tile on the cell.
    pub anti: [u64; 64],
}

const TILED_SEED: u64 = 0x7115_d5a0_0000_0009;

static KEYS: OnceLock<Keys> = OnceLock::new();

fn cells(k: &[u64]) -> [u64; 64] {
    let mut out = [0; 64];
    out.copy_from_slice(&k[..64]);
    out
}

#[inline(always)]
pub fn keys() -> &'static Keys {
    KEYS.get_or_init(|| {
        let k = crate::core::zobrist::keys(TILED_SEED, 12 * 64 + 1 + 4 + 8 + 3 * 64);
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
            tile: cells(&k[781..]),
            white_owns: cells(&k[845..]),
            anti: cells(&k[909..]),
        }
    })
}
