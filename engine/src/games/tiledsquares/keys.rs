//! Zobrist keys: the board kit's (pieces, side, castling rights, en passant) from the Tiled
//! Squares seed, then one key per cell for a tile, for White owning that tile, and for an
//! anti-tile.

use std::sync::OnceLock;

use crate::kits::chessboard::Keys;

/// The keys of the floor.
pub struct TileKeys {
    /// A tile on the cell.
    pub tile: [u64; 64],
    /// White owns the tile on the cell (a tile without this key is Black's).
    pub white_owns: [u64; 64],
    /// An anti-tile on the cell.
    pub anti: [u64; 64],
}

const TILED_SEED: u64 = 0x7115_d5a0_0000_0009;

static KEYS: OnceLock<(Keys, TileKeys)> = OnceLock::new();

fn cells(k: &[u64]) -> [u64; 64] {
    let mut out = [0; 64];
    out.copy_from_slice(&k[..64]);
    out
}

fn all() -> &'static (Keys, TileKeys) {
    KEYS.get_or_init(|| {
        let (board, k) = Keys::draw(TILED_SEED, 3 * 64);
        let tiles = TileKeys {
            tile: cells(&k),
            white_owns: cells(&k[64..]),
            anti: cells(&k[128..]),
        };
        (board, tiles)
    })
}

/// The board's keys.
#[inline(always)]
pub fn board_keys() -> &'static Keys {
    &all().0
}

/// The floor's keys.
#[inline(always)]
pub fn keys() -> &'static TileKeys {
    &all().1
}
