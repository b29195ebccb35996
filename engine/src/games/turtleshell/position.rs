//! The position: pieces on cells, side to move, the key, and the key history the ko rule
//! needs. Playing and undoing actions keeps all of them in step.

use std::sync::OnceLock;

use crate::core::bitboard::{bit, Cell};
use crate::core::game::Player;

use super::board::{board, Board};
use super::piece::{Kind, Piece};

/// A move: one piece from one cell to another, promoting to a rook when `promote` is set.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Move {
    pub from: Cell,
    pub to: Cell,
    pub promote: bool,
}

impl crate::core::game::Action for Move {
    fn code(self) -> u32 {
        self.from as u32 | (self.to as u32) << 6 | (self.promote as u32) << 12
    }
}

/// What `undo` needs. `moved` is `None` for a null move (a passed turn during search).
#[derive(Clone, Debug)]
pub struct Undo {
    pub(super) mv: Move,
    pub(super) moved: Option<Piece>,
    pub(super) captured: Option<Piece>,
    pub(super) key: u64,
    pub(super) irreversible: usize,
}

/// What a player whose side has no legal move and is not in check gets.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum NoMoveRule {
    /// The side that cannot move loses (the default).
    Loss,
    /// The side that cannot move wins: giving stalemate loses.
    Win,
}

#[derive(Clone, Debug)]
pub struct Position {
    pub(super) b: &'static Board,
    pub(super) squares: [Option<Piece>; 64],
    /// Pieces by side, then by kind.
    pub(super) pieces: [[u64; 5]; 2],
    pub(super) occupied_by: [u64; 2],
    pub(super) kings: [Cell; 2],
    pub(super) side: Player,
    pub(super) key: u64,
    /// Keys of every earlier position of the game, oldest first.
    pub(super) history: Vec<u64>,
    /// Positions before this index in `history` can never recur: a capture, a pawn move or a
    /// promotion has happened since (pawns only advance and nothing returns to the board).
    pub(super) irreversible: usize,
}

const SIDE_KEY: usize = 640;

fn zobrist() -> &'static [u64] {
    static KEYS: OnceLock<Vec<u64>> = OnceLock::new();
    KEYS.get_or_init(|| crate::core::zobrist::keys(0x7475_7274_6c65, SIDE_KEY + 1))
}

#[inline]
fn piece_key(p: Piece, c: Cell) -> u64 {
    zobrist()[p.index() * 64 + c as usize]
}

impl Position {
    /// A position from pieces on cells; the caller checks that it is a legal position.
    pub fn from_pieces(placed: &[(Cell, Piece)], side: Player) -> Position {
        let mut p = Position {
            b: board(),
            squares: [None; 64],
            pieces: [[0; 5]; 2],
            occupied_by: [0; 2],
            kings: [0; 2],
            side,
            key: 0,
            history: Vec::new(),
            irreversible: 0,
        };
        for &(c, piece) in placed {
            p.put(c, piece);
            if piece.kind == Kind::King {
                p.kings[piece.side.index()] = c;
            }
        }
        p.key = p.compute_key();
        p
    }

    pub fn start() -> Position {
        Position::from_pieces(&board().setup, Player::White)
    }

    fn put(&mut self, c: Cell, p: Piece) {
        self.squares[c as usize] = Some(p);
        self.pieces[p.side.index()][p.kind as usize] |= bit(c);
        self.occupied_by[p.side.index()] |= bit(c);
    }

    fn remove(&mut self, c: Cell, p: Piece) {
        self.squares[c as usize] = None;
        self.pieces[p.side.index()][p.kind as usize] &= !bit(c);
        self.occupied_by[p.side.index()] &= !bit(c);
    }

    #[inline]
    pub fn occupied(&self) -> u64 {
        self.occupied_by[0] | self.occupied_by[1]
    }

    pub fn compute_key(&self) -> u64 {
        let mut k = 0;
        for (c, p) in self.squares.iter().enumerate() {
            if let Some(p) = p {
                k ^= piece_key(*p, c as Cell);
            }
        }
        if self.side == Player::Black {
            k ^= zobrist()[SIDE_KEY];
        }
        k
    }

    /// The piece standing on `to` after `m` (a rook when the move promotes).
    #[inline]
    pub fn arriving(&self, m: Move) -> Piece {
        let p = self.squares[m.from as usize].expect("a piece on the move's origin");
        if m.promote {
            Piece {
                side: p.side,
                kind: Kind::Rook,
            }
        } else {
            p
        }
    }

    /// Whether playing `m` cannot be undone by later moves: a capture or a pawn move.
    #[inline]
    pub fn is_irreversible(&self, m: Move) -> bool {
        self.squares[m.to as usize].is_some()
            || self.pieces[self.side.index()][Kind::Pawn as usize] & bit(m.from) != 0
    }

    /// The key after `m`, without playing it.
    #[inline]
    pub fn key_after(&self, m: Move) -> u64 {
        let p = self.squares[m.from as usize].expect("a piece on the move's origin");
        let mut k = self.key ^ zobrist()[SIDE_KEY] ^ piece_key(p, m.from);
        k ^= piece_key(self.arriving(m), m.to);
        if let Some(c) = self.squares[m.to as usize] {
            k ^= piece_key(c, m.to);
        }
        k
    }

    /// The ko rule: would `m` recreate a position that occurred earlier in the game?
    pub fn recreates_earlier(&self, m: Move) -> bool {
        if self.is_irreversible(m) {
            return false;
        }
        let k = self.key_after(m);
        // The side to move alternates, so only every second earlier position can match;
        // the last entry has the same side to move as the position after `m`.
        self.history[self.irreversible..]
            .iter()
            .rev()
            .step_by(2)
            .any(|&h| h == k)
    }

    /// Cells of `by`'s pieces attacking `target` on the current board.
    #[inline]
    pub fn attackers(&self, target: Cell, by: Player) -> u64 {
        self.b
            .attackers(target, by, self.occupied(), &self.pieces[by.index()])
    }

    pub fn in_check(&self, p: Player) -> bool {
        self.attackers(self.kings[p.index()], p.opponent()) != 0
    }

    /// Whether `m` leaves the mover's king unattacked.
    #[inline]
    pub fn keeps_king_safe(&self, m: Move) -> bool {
        let us = self.side;
        let them = us.opponent();
        let occ = (self.occupied() & !bit(m.from)) | bit(m.to);
        let mut enemy = self.pieces[them.index()];
        if self.occupied_by[them.index()] & bit(m.to) != 0 {
            for e in enemy.iter_mut() {
                *e &= !bit(m.to);
            }
        }
        let king = if m.from == self.kings[us.index()] {
            m.to
        } else {
            self.kings[us.index()]
        };
        self.b.attackers(king, them, occ, &enemy) == 0
    }

    pub fn play(&mut self, m: Move) -> Undo {
        let moved = self.squares[m.from as usize].expect("a piece on the move's origin");
        let captured = self.squares[m.to as usize];
        let arriving = self.arriving(m);
        let undo = Undo {
            mv: m,
            moved: Some(moved),
            captured,
            key: self.key,
            irreversible: self.irreversible,
        };
        let irreversible = self.is_irreversible(m);
        self.key = self.key_after(m);
        self.remove(m.from, moved);
        if let Some(c) = captured {
            self.remove(m.to, c);
        }
        self.put(m.to, arriving);
        if arriving.kind == Kind::King {
            self.kings[moved.side.index()] = m.to;
        }
        self.history.push(undo.key);
        if irreversible {
            self.irreversible = self.history.len();
        }
        self.side = self.side.opponent();
        undo
    }

    /// Passes the turn (null-move pruning). Ko comparisons do not reach across a pass.
    pub fn play_null(&mut self) -> Undo {
        let undo = Undo {
            mv: Move {
                from: 0,
                to: 0,
                promote: false,
            },
            moved: None,
            captured: None,
            key: self.key,
            irreversible: self.irreversible,
        };
        self.key ^= zobrist()[SIDE_KEY];
        self.history.push(undo.key);
        self.irreversible = self.history.len();
        self.side = self.side.opponent();
        undo
    }

    pub fn undo(&mut self, u: Undo) {
        self.side = self.side.opponent();
        self.history.pop();
        self.irreversible = u.irreversible;
        self.key = u.key;
        let Some(moved) = u.moved else { return };
        let m = u.mv;
        let arriving = self.squares[m.to as usize].expect("the moved piece");
        self.remove(m.to, arriving);
        if let Some(c) = u.captured {
            self.put(m.to, c);
        }
        self.put(m.from, moved);
        if moved.kind == Kind::King {
            self.kings[moved.side.index()] = m.from;
        }
    }
}
