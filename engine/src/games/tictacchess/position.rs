//! The position without history: pieces, reserves, side to move, Zobrist key, three-in-a-row
//! lines and the application of actions. Everything here is a pure function of a `Position`,
//! so the solver can use it without the game's history.

use crate::core::bitboard::{bit, Cell};
use crate::core::game::{Action, Player};

use super::movegen::tables;

/// Piece kinds, in reserve and FEN order.
pub const PAWN: u8 = 0;
pub const ROOK: u8 = 1;
pub const KNIGHT: u8 = 2;
pub const BISHOP: u8 = 3;
pub const QUEEN: u8 = 4;
pub const KING: u8 = 5;
pub const KINDS: usize = 6;
/// FEN letters of the kinds (White's; Black's are lower case).
pub const LETTERS: [char; KINDS] = ['P', 'R', 'N', 'B', 'Q', 'K'];
/// The most of each kind a reserve can hold: the full starting reserve, which never refills.
pub const RESERVE_MAX: [u8; KINDS] = [8, 2, 2, 2, 1, 1];
/// The kinds a pawn may promote to.
pub const PROMOTIONS: [u8; 4] = [QUEEN, ROOK, BISHOP, KNIGHT];
pub const CELLS: usize = 9;

/// A piece code on a cell: 0 is empty, `1 + 6 * side + kind` otherwise.
#[inline]
pub fn piece(side: Player, kind: u8) -> u8 {
    1 + 6 * side.index() as u8 + kind
}

#[inline]
pub fn side_of(p: u8) -> Player {
    if p <= 6 {
        Player::White
    } else {
        Player::Black
    }
}

#[inline]
pub fn kind_of(p: u8) -> u8 {
    (p - 1) % 6
}

/// A drop from the reserve or a move on the board (with the promotion kind, if any).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum TttAction {
    Drop {
        kind: u8,
        to: Cell,
    },
    Move {
        from: Cell,
        to: Cell,
        promo: Option<u8>,
    },
}

impl Action for TttAction {
    fn code(self) -> u32 {
        match self {
            TttAction::Drop { kind, to } => 0x1000 | (kind as u32) << 4 | to as u32,
            TttAction::Move { from, to, promo } => {
                (from as u32) << 8 | (to as u32) << 4 | promo.map_or(0, |k| k as u32 + 1)
            }
        }
    }
}

/// Rule parameters a game is built with.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Config {
    /// Each side's starting reserve, by kind.
    pub reserve: [u8; KINDS],
    /// The most pieces of one side on the board at once.
    pub max_on_board: u8,
}

impl Default for Config {
    fn default() -> Config {
        Config {
            reserve: RESERVE_MAX,
            max_on_board: 4,
        }
    }
}

/// A position without history: board, reserves, side to move and its Zobrist key.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Position {
    pub board: [u8; CELLS],
    pub reserve: [[u8; KINDS]; 2],
    pub to_move: Player,
    pub key: u64,
}

impl Position {
    pub fn start(cfg: &Config) -> Position {
        let mut p = Position {
            board: [0; CELLS],
            reserve: [cfg.reserve; 2],
            to_move: Player::White,
            key: 0,
        };
        p.key = p.compute_key();
        p
    }

    pub fn compute_key(&self) -> u64 {
        let t = tables();
        let mut k = 0;
        for (c, &p) in self.board.iter().enumerate() {
            k ^= t.zob_piece[p as usize][c];
        }
        for side in 0..2 {
            for kind in 0..KINDS {
                k ^= t.zob_reserve[side][kind][self.reserve[side][kind] as usize];
            }
        }
        if self.to_move == Player::Black {
            k ^= t.zob_black;
        }
        k
    }

    /// Cells holding a piece of `side`.
    #[inline]
    pub fn mask(&self, side: Player) -> u64 {
        let mut m = 0;
        for (c, &p) in self.board.iter().enumerate() {
            if p != 0 && side_of(p) == side {
                m |= 1 << c;
            }
        }
        m
    }

    #[inline]
    pub fn occupied(&self) -> u64 {
        let mut m = 0;
        for (c, &p) in self.board.iter().enumerate() {
            if p != 0 {
                m |= 1 << c;
            }
        }
        m
    }

    /// Every cell `side` attacks.
    pub fn attacked_by(&self, side: Player) -> u64 {
        let t = tables();
        let occ = self.occupied();
        let mut a = 0;
        for (c, &p) in self.board.iter().enumerate() {
            if p != 0 && side_of(p) == side {
                a |= t.attacks(p, c as Cell, occ);
            }
        }
        a
    }

    pub fn king_cell(&self, side: Player) -> Option<Cell> {
        let k = piece(side, KING);
        self.board.iter().position(|&p| p == k).map(|c| c as Cell)
    }

    /// True when `side` has a king on the board and the opponent attacks it.
    pub fn king_attacked(&self, side: Player) -> bool {
        self.king_cell(side)
            .is_some_and(|k| self.attacked_by(side.opponent()) & bit(k) != 0)
    }

    pub fn in_check(&self) -> bool {
        self.king_attacked(self.to_move)
    }

    /// The cells of `side`'s three-in-a-row lines (0 when it has none).
    pub fn line_cells(&self, side: Player) -> u64 {
        let mine = self.mask(side);
        tables()
            .lines
            .iter()
            .filter(|&&l| mine & l == l)
            .fold(0, |m, &l| m | l)
    }

    /// The cells of the opponent's line(s) that the side to move must break by a capture.
    /// The opponent ended its turn with them, so they are pending now; derived from the board.
    #[inline]
    pub fn pending_line(&self) -> u64 {
        self.line_cells(self.to_move.opponent())
    }

    pub fn on_board(&self, side: Player) -> u32 {
        self.mask(side).count_ones()
    }

    /// Plays an action (assumed legal) and updates the key.
    pub fn apply(&mut self, a: TttAction) {
        let t = tables();
        let me = self.to_move;
        match a {
            TttAction::Drop { kind, to } => {
                let r = &mut self.reserve[me.index()][kind as usize];
                self.key ^= t.zob_reserve[me.index()][kind as usize][*r as usize];
                *r -= 1;
                self.key ^= t.zob_reserve[me.index()][kind as usize][*r as usize];
                let p = piece(me, kind);
                self.board[to as usize] = p;
                self.key ^= t.zob_piece[p as usize][to as usize];
            }
            TttAction::Move { from, to, promo } => {
                let p = self.board[from as usize];
                let captured = self.board[to as usize];
                self.key ^= t.zob_piece[p as usize][from as usize];
                self.key ^= t.zob_piece[captured as usize][to as usize];
                let landed = promo.map_or(p, |k| piece(me, k));
                self.board[from as usize] = 0;
                self.board[to as usize] = landed;
                self.key ^= t.zob_piece[landed as usize][to as usize];
            }
        }
        self.to_move = me.opponent();
        self.key ^= t.zob_black;
    }

    /// True when the action can never be followed by a repetition of an earlier position:
    /// drops shrink a reserve, captures shrink the board, pawns only go forward.
    pub fn is_irreversible(&self, a: TttAction) -> bool {
        match a {
            TttAction::Drop { .. } => true,
            TttAction::Move { from, to, .. } => {
                self.board[to as usize] != 0 || kind_of(self.board[from as usize]) == PAWN
            }
        }
    }

    /// 61-bit code of the position (board, reserves, side), the solver's table key.
    pub fn encode(&self) -> u64 {
        let mut c: u64 = 0;
        for &p in &self.board {
            c = c << 4 | p as u64;
        }
        for side in 0..2 {
            let r = &self.reserve[side];
            c = c << 4 | r[0] as u64;
            c = c << 2 | r[1] as u64;
            c = c << 2 | r[2] as u64;
            c = c << 2 | r[3] as u64;
            c = c << 1 | r[4] as u64;
            c = c << 1 | r[5] as u64;
        }
        c << 1 | (self.to_move == Player::Black) as u64
    }

    pub fn decode(mut c: u64) -> Position {
        let to_move = if c & 1 == 1 {
            Player::Black
        } else {
            Player::White
        };
        c >>= 1;
        let mut reserve = [[0u8; KINDS]; 2];
        for side in (0..2).rev() {
            let r = &mut reserve[side];
            r[5] = (c & 1) as u8;
            c >>= 1;
            r[4] = (c & 1) as u8;
            c >>= 1;
            r[3] = (c & 3) as u8;
            c >>= 2;
            r[2] = (c & 3) as u8;
            c >>= 2;
            r[1] = (c & 3) as u8;
            c >>= 2;
            r[0] = (c & 15) as u8;
            c >>= 4;
        }
        let mut board = [0u8; CELLS];
        for cell in (0..CELLS).rev() {
            board[cell] = (c & 15) as u8;
            c >>= 4;
        }
        let mut p = Position {
            board,
            reserve,
            to_move,
            key: 0,
        };
        p.key = p.compute_key();
        p
    }
}
