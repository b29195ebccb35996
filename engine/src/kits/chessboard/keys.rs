//! Zobrist keys of the chess board: pieces, side to move, castling rights and the en-passant
//! file. Each game draws them from its own seed, followed by any keys of its own.

/// The keys [`Position`](super::Position) keeps its key with.
pub struct Keys {
    /// `piece[color * 6 + kind][square]`.
    pub piece: [[u64; 64]; 12],
    pub black_to_move: u64,
    /// By castling-rights mask (four bits): the XOR of one key per right held.
    pub castling: [u64; 16],
    /// By file of the en-passant square, present only when the capture is legal.
    pub ep_file: [u64; 8],
}

/// How many keys the board uses: 768 pieces, the side, four rights, eight files.
const BOARD_KEYS: usize = 12 * 64 + 1 + 4 + 8;

impl Keys {
    /// The board's keys from `seed`, and `extra` more for the game's own use, drawn after
    /// them (so a game's extra keys never change the board's).
    pub fn draw(seed: u64, extra: usize) -> (Keys, Vec<u64>) {
        let k = crate::core::zobrist::keys(seed, BOARD_KEYS + extra);
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
        let keys = Keys {
            piece,
            black_to_move: k[768],
            castling,
            ep_file,
        };
        (keys, k[BOARD_KEYS..].to_vec())
    }
}
