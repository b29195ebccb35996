//! Zobrist keys for chess positions, drawn once from the chess seed.

use std::sync::OnceLock;

use crate::kits::chessboard::Keys;

const CHESS_SEED: u64 = 0xc4e5_5000_0000_0001;

static KEYS: OnceLock<Keys> = OnceLock::new();

#[inline(always)]
pub fn keys() -> &'static Keys {
    KEYS.get_or_init(|| Keys::draw(CHESS_SEED, 0).0)
}
