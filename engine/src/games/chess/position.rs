//! The position: bitboards by kind and colour, a square-by-square board for look-ups, rights,
//! clocks and the incrementally kept Zobrist key. Small and `Copy`, so undo is a copy.

use super::attacks::{self, bb, file_of, tables, Square};
use super::castling::{king_to, rook_to, CastlingRules, KING_SIDE};
use super::keys::keys;
use super::types::{Move, MoveKind, PieceKind};

/// "No square" for the en-passant field.
pub const NO_SQUARE: u8 = 64;

const PAWN: usize = PieceKind::Pawn as usize;
const KNIGHT: usize = PieceKind::Knight as usize;
const BISHOP: usize = PieceKind::Bishop as usize;
const ROOK: usize = PieceKind::Rook as usize;
const QUEEN: usize = PieceKind::Queen as usize;
const KING: usize = PieceKind::King as usize;

#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Position {
    pub(super) by_kind: [u64; 6],
    pub(super) by_color: [u64; 2],
    /// 0 White, 1 Black.
    pub(super) side: u8,
    /// Castling rights, four bits (see `castling`).
    pub(super) castling: u8,
    /// The en-passant target square, kept only when the capture is legal (else `NO_SQUARE`).
    pub(super) ep: u8,
    pub(super) halfmove: u32,
    pub(super) fullmove: u32,
    /// Plies since the last irreversible move or null move: how far back a repetition may lie.
    pub(super) rep_window: u32,
    pub(super) key: u64,
}

impl Position {
    pub fn empty() -> Position {
        Position {
            by_kind: [0; 6],
            by_color: [0; 2],
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
    fn kind_at(&self, s: Square) -> usize {
        let b = bb(s);
        if self.by_kind[PAWN] & b != 0 {
            PAWN
        } else if self.by_kind[KNIGHT] & b != 0 {
            KNIGHT
        } else if self.by_kind[BISHOP] & b != 0 {
            BISHOP
        } else if self.by_kind[ROOK] & b != 0 {
            ROOK
        } else if self.by_kind[QUEEN] & b != 0 {
            QUEEN
        } else {
            KING
        }
    }

    /// Puts a piece on an empty square, updating the key.
    #[inline(always)]
    pub(super) fn put(&mut self, s: Square, color: usize, kind: usize) {
        let b = bb(s);
        self.by_kind[kind] |= b;
        self.by_color[color] |= b;
        self.key ^= keys().piece[color * 6 + kind][s as usize];
    }

    /// Removes a piece of `color` and `kind` from `s`, updating the key.
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

    /// Every piece of either colour attacking `s` with occupancy `occ`.
    #[inline(always)]
    pub fn attackers_to(&self, s: Square, occ: u64) -> u64 {
        attacks::attackers_to(&self.by_kind, &self.by_color, s, occ)
    }

    /// Whether a piece of `by` attacks `s` with occupancy `occ`.
    #[inline(always)]
    pub fn attacked_by(&self, s: Square, by: usize, occ: u64) -> bool {
        attacks::attacked_by(&self.by_kind, &self.by_color, s, by, occ)
    }

    /// Pieces giving check to the side to move.
    #[inline(always)]
    pub fn checkers(&self) -> u64 {
        let us = self.side as usize;
        self.attackers_to(self.king_square(us), self.occupied()) & self.by_color[us ^ 1]
    }

    /// Whether the side to move could legally capture en passant onto `ep`; the pawn that
    /// just made the double step stands in front of it.
    pub(super) fn ep_capture_legal(&self, ep: Square) -> bool {
        let t = tables();
        let us = self.side as usize;
        let them = us ^ 1;
        let captured = if us == 0 { ep - 8 } else { ep + 8 };
        let capturers = t.pawn(them, ep) & self.pieces(us, PAWN);
        if capturers == 0 {
            return false;
        }
        let ksq = self.king_square(us);
        let rq = (self.by_kind[ROOK] | self.by_kind[QUEEN]) & self.by_color[them];
        let bq = (self.by_kind[BISHOP] | self.by_kind[QUEEN]) & self.by_color[them];
        let others = self.by_color[them] & !bb(captured);
        let leapers =
            (t.knight(ksq) & self.by_kind[KNIGHT] | t.pawn(us, ksq) & self.by_kind[PAWN]) & others;
        if leapers != 0 {
            return false;
        }
        let mut c = capturers;
        while c != 0 {
            let from = c.trailing_zeros() as Square;
            c &= c - 1;
            let occ = (self.occupied() ^ bb(from) ^ bb(captured)) | bb(ep);
            if t.rook(ksq, occ) & rq == 0 && t.bishop(ksq, occ) & bq == 0 {
                return true;
            }
        }
        false
    }

    /// Plays a legal move.
    #[inline]
    pub fn make(&mut self, m: Move, rules: &CastlingRules) {
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
        let moved = self.kind_at(from);
        match m.kind() {
            MoveKind::Castling => {
                let right = us * 2 + if to > from { KING_SIDE } else { 1 };
                self.remove(from, us, KING);
                self.remove(to, us, ROOK);
                self.put(king_to(right), us, KING);
                self.put(rook_to(right), us, ROOK);
            }
            kind => {
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
                if moved == PAWN {
                    self.halfmove = 0;
                    self.rep_window = 0;
                    if let Some(p) = m.promotion_piece() {
                        self.remove(to, us, PAWN);
                        self.put(to, us, p as usize);
                    } else if from ^ to == 16 {
                        let ep = (from + to) / 2;
                        // Only worth a look when an enemy pawn stands beside the arrival square.
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
        let rights = self.castling & rules.keep(from) & rules.keep(to);
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
