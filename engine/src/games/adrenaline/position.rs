//! The position: chess bitboards, the checker stacks under the pieces, and the state of the
//! turn in progress. Small and `Copy`, so undo is a copy.

use crate::kits::chessboard::attacks::{bb, Square};
use crate::kits::steps::board::{Board, NO_SQUARE};
use crate::kits::steps::turn::ep_key;

use super::tables::keys;

/// Checkers in the game: the supply holds those not under a piece.
pub const SUPPLY: u8 = 24;

/// Where the turn in progress stands.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Phase {
    /// The turn starts with a regular chess move.
    Regular,
    /// The piece that moved, on this square, stands on checkers: it may take a king step
    /// (or stop: place the owed checker, or end the turn).
    Steps(Square),
    /// Something was captured and no steps remain: a checker must be placed.
    Place,
}

#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Pos {
    pub board: Board,
    /// Checkers under the piece on each square (0 on empty squares).
    pub stacks: [u8; 64],
    /// Squares whose stack is not empty.
    pub stacked: u64,
    /// Checkers on the board; the supply holds the rest.
    pub on_board: u8,
    /// 0 White, 1 Black.
    pub side: u8,
    pub castling: u8,
    /// The en-passant target square (a regular double step without steps, an enemy pawn
    /// beside it), else `NO_SQUARE`.
    pub ep: u8,
    pub halfmove: u32,
    pub fullmove: u32,
    /// Turn starts since the last capture, pawn move, step or placement: how far back a
    /// repetition may lie.
    pub rep_window: u32,
    pub phase: Phase,
    /// Something was captured earlier in this turn (a checker is owed at its end).
    pub captured: bool,
    pub key: u64,
    /// The key at the start of the turn in progress (kept for the repetition history).
    pub turn_key: u64,
}

impl Pos {
    pub fn empty() -> Pos {
        Pos {
            board: Board::default(),
            stacks: [0; 64],
            stacked: 0,
            on_board: 0,
            side: 0,
            castling: 0,
            ep: NO_SQUARE,
            halfmove: 0,
            fullmove: 1,
            rep_window: 0,
            phase: Phase::Regular,
            captured: false,
            key: 0,
            turn_key: 0,
        }
    }

    #[inline(always)]
    pub fn supply(&self) -> u8 {
        SUPPLY - self.on_board
    }

    #[inline(always)]
    pub fn put(&mut self, s: Square, color: usize, kind: usize) {
        self.board.toggle(s, color, kind);
        self.key ^= keys().piece[color * 6 + kind][s as usize];
    }

    #[inline(always)]
    pub fn remove(&mut self, s: Square, color: usize, kind: usize) {
        self.board.toggle(s, color, kind);
        self.key ^= keys().piece[color * 6 + kind][s as usize];
    }

    /// Sets the stack under `s` to `n`, keeping the count on the board and the key.
    #[inline(always)]
    pub fn set_stack(&mut self, s: Square, n: u8) {
        let old = self.stacks[s as usize];
        if old == n {
            return;
        }
        let k = &keys().stack[s as usize];
        self.key ^= k[old as usize] ^ k[n as usize];
        self.stacks[s as usize] = n;
        self.on_board = self.on_board + n - old;
        if n == 0 {
            self.stacked &= !bb(s);
        } else {
            self.stacked |= bb(s);
        }
    }

    pub fn set_phase(&mut self, p: Phase) {
        let z = keys();
        let part = |p: Phase| match p {
            Phase::Regular => 0,
            Phase::Steps(s) => z.stepping[s as usize],
            Phase::Place => z.placing,
        };
        self.key ^= part(self.phase) ^ part(p);
        self.phase = p;
    }

    pub fn set_captured(&mut self, c: bool) {
        if self.captured != c {
            self.key ^= keys().captured;
            self.captured = c;
        }
    }

    pub fn set_ep(&mut self, ep: u8) {
        self.key ^= ep_key(&keys().ep_file, self.ep, ep);
        self.ep = ep;
    }

    pub fn set_castling(&mut self, rights: u8) {
        if rights != self.castling {
            let z = keys();
            self.key ^= z.castling[self.castling as usize] ^ z.castling[rights as usize];
            self.castling = rights;
        }
    }

    /// Moves the piece on `from` to `to` with its checkers, capturing what stands there and
    /// taking over its checkers. Returns the captured kind.
    pub fn shift(&mut self, from: Square, to: Square) -> Option<usize> {
        let (color, kind) = self.board.piece_at(from).expect("a piece moves");
        let mut carried = self.stacks[from as usize];
        self.set_stack(from, 0);
        let captured = self.board.piece_at(to).map(|(c, k)| {
            carried += self.stacks[to as usize];
            self.set_stack(to, 0);
            self.remove(to, c, k);
            k
        });
        self.remove(from, color, kind);
        self.put(to, color, kind);
        self.set_stack(to, carried);
        captured
    }

    /// The Zobrist key from scratch.
    pub fn compute_key(&self) -> u64 {
        let z = keys();
        let mut k = 0;
        for s in 0..64u8 {
            if let Some((color, kind)) = self.board.piece_at(s) {
                k ^= z.piece[color * 6 + kind][s as usize];
            }
            k ^= z.stack[s as usize][self.stacks[s as usize] as usize];
        }
        if self.side == 1 {
            k ^= z.black_to_move;
        }
        k ^= z.castling[self.castling as usize];
        k ^= ep_key(&z.ep_file, NO_SQUARE, self.ep);
        match self.phase {
            Phase::Regular => {}
            Phase::Steps(s) => k ^= z.stepping[s as usize],
            Phase::Place => k ^= z.placing,
        }
        if self.captured {
            k ^= z.captured;
        }
        k
    }
}
