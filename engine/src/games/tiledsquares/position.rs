//! The position: pieces as in chess, plus three cell sets: the tiles, which of them White
//! owns, and the anti-tiles. Small and `Copy`, so undo is a copy.
//!
//! Invariants: every piece stands on a tile its own side owns; anti-tiles are neither tiles
//! nor occupied. Attacks are chess attacks over the *blockers*: the pieces, plus the
//! anti-tiles when that option is on (holes never block).

use super::action::{Move, MoveKind, Square};
use super::keys::keys;
use crate::games::chess::attacks::{self, bb, file_of, tables};
use crate::games::chess::PieceKind;

/// "No square" for the en-passant field.
pub const NO_SQUARE: u8 = 64;

pub const PAWN: usize = PieceKind::Pawn as usize;
pub const KNIGHT: usize = PieceKind::Knight as usize;
pub const BISHOP: usize = PieceKind::Bishop as usize;
pub const ROOK: usize = PieceKind::Rook as usize;
pub const QUEEN: usize = PieceKind::Queen as usize;
pub const KING: usize = PieceKind::King as usize;

/// Castling rights, `color * 2 + wing`: wing 0 towards the h-file, 1 towards the a-file.
pub const KING_HOME: [Square; 2] = [4, 60];
pub const ROOK_HOME: [Square; 4] = [7, 0, 63, 56];
pub const KING_TO: [Square; 4] = [6, 2, 62, 58];
pub const ROOK_TO: [Square; 4] = [5, 3, 61, 59];

/// Rights kept when a move starts or ends on a square.
#[inline(always)]
pub fn keep_rights(s: Square) -> u8 {
    match s {
        4 => 0b1100,
        7 => 0b1110,
        0 => 0b1101,
        60 => 0b0011,
        63 => 0b1011,
        56 => 0b0111,
        _ => 0b1111,
    }
}

#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Position {
    pub(super) by_kind: [u64; 6],
    pub(super) by_color: [u64; 2],
    /// Every tiled cell, occupied ones included.
    pub(super) tiles: u64,
    /// The tiles White owns; the other tiles are Black's.
    pub(super) white_tiles: u64,
    /// Anti-tiles (only with the `AntiTiles` option).
    pub(super) anti: u64,
    /// 0 White, 1 Black.
    pub(super) side: u8,
    pub(super) castling: u8,
    /// The en-passant target, kept only when a capture there is legal (else `NO_SQUARE`).
    pub(super) ep: u8,
    pub(super) halfmove: u32,
    pub(super) fullmove: u32,
    /// Plies since the last capture, pawn move or null move: how far back a repetition may lie.
    pub(super) rep_window: u32,
    pub(super) key: u64,
}

impl Position {
    pub fn empty() -> Position {
        Position {
            by_kind: [0; 6],
            by_color: [0; 2],
            tiles: 0,
            white_tiles: 0,
            anti: 0,
            side: 0,
            castling: 0,
            ep: NO_SQUARE,
            halfmove: 0,
            fullmove: 1,
            rep_window: 0,
            key: 0,
        }
    }

    #[inline(always)]
    pub fn occupied(&self) -> u64 {
        self.by_color[0] | self.by_color[1]
    }

    /// What stops sliders: pieces and anti-tiles.
    #[inline(always)]
    pub fn blockers(&self) -> u64 {
        self.occupied() | self.anti
    }

    /// Untiled cells without an anti-tile (never occupied).
    #[inline(always)]
    pub fn holes(&self) -> u64 {
        !(self.tiles | self.anti)
    }

    /// Tiles without a piece.
    #[inline(always)]
    pub fn empty_tiles(&self) -> u64 {
        self.tiles & !self.occupied()
    }

    /// The tiles `color` owns.
    #[inline(always)]
    pub fn owned(&self, color: usize) -> u64 {
        if color == 0 {
            self.white_tiles
        } else {
            self.tiles & !self.white_tiles
        }
    }

    #[inline(always)]
    pub fn pieces(&self, color: usize, kind: usize) -> u64 {
        self.by_color[color] & self.by_kind[kind]
    }

    #[inline(always)]
    pub fn king_square(&self, color: usize) -> Square {
        self.pieces(color, KING).trailing_zeros() as Square
    }

    /// `(color, kind)` of the piece on `s`.
    #[inline(always)]
    pub fn piece_at(&self, s: Square) -> Option<(usize, usize)> {
        let b = bb(s);
        if self.occupied() & b == 0 {
            return None;
        }
        let color = (self.by_color[1] & b != 0) as usize;
        Some((color, self.kind_at(s)))
    }

    /// Kind of the piece on an occupied square.
    #[inline(always)]
    pub fn kind_at(&self, s: Square) -> usize {
        let b = bb(s);
        (0..KING)
            .find(|&k| self.by_kind[k] & b != 0)
            .unwrap_or(KING)
    }

    #[inline(always)]
    pub(super) fn put(&mut self, s: Square, color: usize, kind: usize) {
        let b = bb(s);
        self.by_kind[kind] |= b;
        self.by_color[color] |= b;
        self.key ^= keys().piece[color * 6 + kind][s as usize];
    }

    #[inline(always)]
    pub(super) fn remove(&mut self, s: Square, color: usize, kind: usize) {
        let b = bb(s);
        self.by_kind[kind] ^= b;
        self.by_color[color] ^= b;
        self.key ^= keys().piece[color * 6 + kind][s as usize];
    }

    #[inline(always)]
    fn shift_piece(&mut self, from: Square, to: Square, color: usize, kind: usize) {
        let b = bb(from) | bb(to);
        self.by_kind[kind] ^= b;
        self.by_color[color] ^= b;
        let k = &keys().piece[color * 6 + kind];
        self.key ^= k[from as usize] ^ k[to as usize];
    }

    /// Makes `s` a tile owned by `color`: the king creates one on a hole or an anti-tile,
    /// and whoever stands on a tile last owns it.
    #[inline(always)]
    pub(super) fn claim(&mut self, s: Square, color: usize) {
        let z = keys();
        let b = bb(s);
        if self.tiles & b == 0 {
            if self.anti & b != 0 {
                self.anti ^= b;
                self.key ^= z.anti[s as usize];
            }
            self.tiles |= b;
            self.key ^= z.tile[s as usize];
        }
        if (self.white_tiles & b != 0) != (color == 0) {
            self.white_tiles ^= b;
            self.key ^= z.white_owns[s as usize];
        }
    }

    /// Every piece of either colour attacking `s` across `blockers`.
    #[inline(always)]
    pub fn attackers_to(&self, s: Square, blockers: u64) -> u64 {
        attacks::attackers_to(&self.by_kind, &self.by_color, s, blockers)
    }

    /// Whether a piece of `by` attacks `s` across `blockers`: could capture there if an
    /// enemy stood on it, tiled or not.
    #[inline(always)]
    pub fn attacked_by(&self, s: Square, by: usize, blockers: u64) -> bool {
        attacks::attacked_by(&self.by_kind, &self.by_color, s, by, blockers)
    }

    /// Pieces giving check to the side to move.
    #[inline(always)]
    pub fn checkers(&self) -> u64 {
        let us = self.side as usize;
        self.attackers_to(self.king_square(us), self.blockers()) & self.by_color[us ^ 1]
    }

    /// Whether `color`'s king is attacked.
    #[inline(always)]
    pub fn king_attacked(&self, color: usize) -> bool {
        self.attacked_by(self.king_square(color), color ^ 1, self.blockers())
    }

    /// Whether the side to move could legally capture en passant onto `ep`: the square is a
    /// tile (the capturing pawn lands there), a pawn of ours attacks it, and taking leaves
    /// our king safe.
    pub(super) fn ep_capture_legal(&self, ep: Square) -> bool {
        if self.tiles & bb(ep) == 0 {
            return false;
        }
        let us = self.side as usize;
        let mut capturers = tables().pawn(us ^ 1, ep) & self.pieces(us, PAWN);
        while capturers != 0 {
            let from = capturers.trailing_zeros() as Square;
            capturers &= capturers - 1;
            if self.ep_safe(from, ep) {
                return true;
            }
        }
        false
    }

    /// Whether our king is safe after the pawn on `from` takes en passant onto `ep`: both
    /// pawns leave their squares, which may uncover it along a rank or a diagonal.
    #[inline]
    pub(super) fn ep_safe(&self, from: Square, ep: Square) -> bool {
        let t = tables();
        let us = self.side as usize;
        let them = us ^ 1;
        let captured = if us == 0 { ep - 8 } else { ep + 8 };
        let ksq = self.king_square(us);
        let blockers = (self.blockers() ^ bb(from) ^ bb(captured)) | bb(ep);
        let enemy = self.by_color[them] & !bb(captured);
        let rq = (self.by_kind[ROOK] | self.by_kind[QUEEN]) & enemy;
        let bq = (self.by_kind[BISHOP] | self.by_kind[QUEEN]) & enemy;
        let leapers = (t.knight(ksq) & self.by_kind[KNIGHT]
            | t.pawn(us, ksq) & self.by_kind[PAWN]
            | t.king(ksq) & self.by_kind[KING])
            & enemy;
        leapers == 0 && t.rook(ksq, blockers) & rq == 0 && t.bishop(ksq, blockers) & bq == 0
    }

    /// Plays a legal action.
    #[inline]
    pub fn make(&mut self, m: Move) {
        let z = keys();
        let us = self.side as usize;
        let them = us ^ 1;
        let (from, to) = (m.from(), m.to());
        if self.ep != NO_SQUARE {
            self.key ^= z.ep_file[file_of(self.ep) as usize];
            self.ep = NO_SQUARE;
        }
        self.halfmove += 1;
        self.rep_window += 1;
        match m.kind() {
            MoveKind::DropTile => self.claim(to, us),
            MoveKind::RemoveTile => {
                self.tiles ^= bb(to);
                self.key ^= z.tile[to as usize];
                if self.white_tiles & bb(to) != 0 {
                    self.white_tiles ^= bb(to);
                    self.key ^= z.white_owns[to as usize];
                }
            }
            MoveKind::DropAnti => {
                self.anti |= bb(to);
                self.key ^= z.anti[to as usize];
            }
            MoveKind::Castling => {
                let right = us * 2 + usize::from(to < from);
                let (rook_from, rook_to) = (ROOK_HOME[right], ROOK_TO[right]);
                self.remove(from, us, KING);
                self.remove(rook_from, us, ROOK);
                self.put(to, us, KING);
                self.put(rook_to, us, ROOK);
                self.claim(to, us);
                self.claim(rook_to, us);
            }
            kind => {
                let moved = self.kind_at(from);
                if kind == MoveKind::EnPassant {
                    self.remove(if us == 0 { to - 8 } else { to + 8 }, them, PAWN);
                    self.halfmove = 0;
                    self.rep_window = 0;
                } else if self.by_color[them] & bb(to) != 0 {
                    let captured = self.kind_at(to);
                    self.remove(to, them, captured);
                    self.halfmove = 0;
                    self.rep_window = 0;
                }
                self.shift_piece(from, to, us, moved);
                self.claim(to, us);
                if moved == PAWN {
                    self.halfmove = 0;
                    self.rep_window = 0;
                    if let Some(p) = m.promotion_piece() {
                        self.remove(to, us, PAWN);
                        self.put(to, us, p as usize);
                    } else if from ^ to == 16 {
                        let ep = (from + to) / 2;
                        if tables().pawn(us, ep) & self.pieces(them, PAWN) != 0 {
                            self.side ^= 1;
                            let legal = self.ep_capture_legal(ep);
                            self.side ^= 1;
                            if legal {
                                self.ep = ep;
                                self.key ^= z.ep_file[file_of(ep) as usize];
                            }
                        }
                    }
                }
            }
        }
        let rights = self.castling & keep_rights(from) & keep_rights(to);
        if rights != self.castling {
            self.key ^= z.castling[self.castling as usize] ^ z.castling[rights as usize];
            self.castling = rights;
        }
        self.side ^= 1;
        self.key ^= z.black_to_move;
        if us == 1 {
            self.fullmove += 1;
        }
    }

    /// Passes the turn (null move for search).
    pub fn make_null(&mut self) {
        let z = keys();
        if self.ep != NO_SQUARE {
            self.key ^= z.ep_file[file_of(self.ep) as usize];
            self.ep = NO_SQUARE;
        }
        self.halfmove += 1;
        self.rep_window = 0;
        if self.side == 1 {
            self.fullmove += 1;
        }
        self.side ^= 1;
        self.key ^= z.black_to_move;
    }

    /// The Zobrist key from scratch.
    pub fn compute_key(&self) -> u64 {
        let z = keys();
        let mut k = 0;
        for s in 0..64u8 {
            if let Some((color, kind)) = self.piece_at(s) {
                k ^= z.piece[color * 6 + kind][s as usize];
            }
            let b = bb(s);
            if self.tiles & b != 0 {
                k ^= z.tile[s as usize];
            }
            if self.white_tiles & b != 0 {
                k ^= z.white_owns[s as usize];
            }
            if self.anti & b != 0 {
                k ^= z.anti[s as usize];
            }
        }
        if self.side == 1 {
            k ^= z.black_to_move;
        }
        k ^= z.castling[self.castling as usize];
        if self.ep != NO_SQUARE {
            k ^= z.ep_file[file_of(self.ep) as usize];
        }
        k
    }
}
