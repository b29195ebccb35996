//! The position: bitboards by kind and colour, the game's floor, rights, clocks and the
//! incrementally kept Zobrist key. Small and `Copy`, so undo is a copy.

use std::fmt::Debug;

use super::attacks::{self, bb, file_of, tables, Square, DARK_SQUARES};
use super::castling::{king_to, rook_to, CastlingRules};
use super::keys::Keys;
use super::pieces::PieceKind;
use crate::core::game::Outcome;
use crate::core::zobrist::earlier_occurrences;

/// "No square" for the en-passant field.
pub const NO_SQUARE: u8 = 64;

const PAWN: usize = PieceKind::Pawn as usize;
const KNIGHT: usize = PieceKind::Knight as usize;
const BISHOP: usize = PieceKind::Bishop as usize;
const ROOK: usize = PieceKind::Rook as usize;
const QUEEN: usize = PieceKind::Queen as usize;
const KING: usize = PieceKind::King as usize;

/// What lies under the pieces: where they may land, what stops sliders besides pieces, and
/// what a cell keeps of the pieces that arrive on it. See the [module](super) documentation.
pub trait Floor: Copy + Eq + Debug + Default {
    /// The game's Zobrist keys.
    fn keys() -> &'static Keys;

    /// Cells a piece other than the king may land on, when empty or holding an enemy piece.
    fn landing(&self) -> u64;

    /// Empty cells that stop sliders (and a pawn's double step, and castling) as pieces do.
    fn walls(&self) -> u64;

    /// A piece of `color` has arrived on `s`: record it, keeping `key` up to date.
    fn arrive(&mut self, s: Square, color: usize, key: &mut u64);

    /// The XOR of the floor's own keys, for the key from scratch.
    fn key(&self) -> u64;
}

/// What [`Position::make_move`] does with a piece move from one square to another.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Play {
    Normal,
    /// A pawn reaches the last rank and becomes this piece.
    Promotion(PieceKind),
    EnPassant,
    /// The king castles towards `to` (the h-side when `to` is above `from`), with the rook
    /// the castling rules name for that wing.
    Castling,
}

/// A chess position on a floor `F`.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Position<F> {
    pub by_kind: [u64; 6],
    pub by_color: [u64; 2],
    pub floor: F,
    /// 0 White, 1 Black.
    pub side: u8,
    /// Castling rights, four bits (see `castling`).
    pub castling: u8,
    /// The en-passant target square, kept only when the capture is legal (else `NO_SQUARE`).
    pub ep: u8,
    pub halfmove: u32,
    pub fullmove: u32,
    /// Plies since the last irreversible move or null move: how far back a repetition may lie.
    pub rep_window: u32,
    pub key: u64,
}

impl<F: Floor> Position<F> {
    pub fn empty() -> Position<F> {
        Position {
            by_kind: [0; 6],
            by_color: [0; 2],
            floor: F::default(),
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

    /// What stops sliders: the pieces and the floor's walls.
    #[inline(always)]
    pub fn blockers(&self) -> u64 {
        self.occupied() | self.floor.walls()
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
    pub fn put(&mut self, s: Square, color: usize, kind: usize) {
        let b = bb(s);
        self.by_kind[kind] |= b;
        self.by_color[color] |= b;
        self.key ^= F::keys().piece[color * 6 + kind][s as usize];
    }

    /// Removes a piece of `color` and `kind` from `s`, updating the key.
    #[inline(always)]
    pub fn remove(&mut self, s: Square, color: usize, kind: usize) {
        let b = bb(s);
        self.by_kind[kind] ^= b;
        self.by_color[color] ^= b;
        self.key ^= F::keys().piece[color * 6 + kind][s as usize];
    }

    #[inline(always)]
    fn shift_piece(&mut self, from: Square, to: Square, color: usize, kind: usize) {
        let b = bb(from) | bb(to);
        self.by_kind[kind] ^= b;
        self.by_color[color] ^= b;
        let k = &F::keys().piece[color * 6 + kind];
        self.key ^= k[from as usize] ^ k[to as usize];
    }

    /// Every piece of either colour attacking `s` across `blockers`.
    #[inline(always)]
    pub fn attackers_to(&self, s: Square, blockers: u64) -> u64 {
        attacks::attackers_to(&self.by_kind, &self.by_color, s, blockers)
    }

    /// Whether a piece of `by` attacks `s` across `blockers`: could capture there if an
    /// enemy stood on it, whatever the floor.
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

    /// Whether the side to move could legally capture en passant onto `ep`: the capturing
    /// pawn may land there, a pawn of ours attacks it, and taking leaves our king safe. The
    /// pawn that just made the double step stands in front of it.
    pub fn ep_capture_legal(&self, ep: Square) -> bool {
        if self.floor.landing() & bb(ep) == 0 {
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
    pub fn ep_safe(&self, from: Square, ep: Square) -> bool {
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

    /// The first half of every turn: the en-passant chance lapses and the clocks run.
    #[inline(always)]
    pub fn begin_turn(&mut self) {
        if self.ep != NO_SQUARE {
            self.key ^= F::keys().ep_file[file_of(self.ep) as usize];
            self.ep = NO_SQUARE;
        }
        self.halfmove += 1;
        self.rep_window += 1;
    }

    /// The last half of every turn: rights lost by a move starting or ending on `from` or
    /// `to`, then the other side to move.
    #[inline(always)]
    pub fn end_turn(&mut self, from: Square, to: Square, rules: &CastlingRules) {
        let z = F::keys();
        let rights = self.castling & rules.keep(from) & rules.keep(to);
        if rights != self.castling {
            self.key ^= z.castling[self.castling as usize] ^ z.castling[rights as usize];
            self.castling = rights;
        }
        self.side ^= 1;
        self.key ^= z.black_to_move;
        if self.side == 0 {
            self.fullmove += 1;
        }
    }

    /// Plays a legal piece move.
    #[inline]
    pub fn make_move(&mut self, from: Square, to: Square, play: Play, rules: &CastlingRules) {
        self.begin_turn();
        let us = self.side as usize;
        let them = us ^ 1;
        match play {
            Play::Castling => {
                let right = us * 2 + usize::from(to < from);
                let (king_to, rook_to) = (king_to(right), rook_to(right));
                self.remove(from, us, KING);
                self.remove(rules.rook_from[right], us, ROOK);
                self.put(king_to, us, KING);
                self.put(rook_to, us, ROOK);
                self.floor.arrive(king_to, us, &mut self.key);
                self.floor.arrive(rook_to, us, &mut self.key);
            }
            play => {
                let moved = self.kind_at(from);
                if play == Play::EnPassant {
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
                self.floor.arrive(to, us, &mut self.key);
                if moved == PAWN {
                    self.halfmove = 0;
                    self.rep_window = 0;
                    if let Play::Promotion(p) = play {
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
                                self.key ^= F::keys().ep_file[file_of(ep) as usize];
                            }
                        }
                    }
                }
            }
        }
        self.end_turn(from, to, rules);
    }

    /// Passes the turn (null move for search).
    pub fn make_null(&mut self) {
        let z = F::keys();
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
        let z = F::keys();
        let mut k = self.floor.key();
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

    /// Whether a piece move is legal, tested directly rather than by generating: the piece
    /// can make it on this floor, and its own king is safe afterwards. Castling is left to
    /// the generator (a game compares with its castling moves): this answers `false`.
    pub fn is_legal_move(
        &self,
        from: Square,
        to: Square,
        play: Play,
        rules: &CastlingRules,
    ) -> bool {
        let t = tables();
        let us = self.side as usize;
        let Some((color, kind)) = self.piece_at(from) else {
            return false;
        };
        if color != us || from == to || self.by_color[us] & bb(to) != 0 {
            return false;
        }
        let blockers = self.blockers();
        let capture = self.by_color[us ^ 1] & bb(to) != 0;
        let empty_landing = self.floor.landing() & !self.occupied() & bb(to) != 0;
        let last_rank = if us == 0 {
            attacks::RANK_8
        } else {
            attacks::RANK_1
        };
        let pawn_reaches = || {
            let up: i32 = if us == 0 { 8 } else { -8 };
            let start_rank = if us == 0 { 1 } else { 6 };
            let one = from as i32 + up;
            (capture && t.pawn(us, from) & bb(to) != 0)
                || (to as i32 == one && empty_landing)
                || (attacks::rank_of(from) == start_rank
                    && to as i32 == one + up
                    && blockers & (1u64 << one) == 0
                    && empty_landing)
        };
        let pseudo = match play {
            Play::Castling => false,
            Play::EnPassant => kind == PAWN && self.ep == to && t.pawn(us, from) & bb(to) != 0,
            Play::Promotion(_) => kind == PAWN && last_rank & bb(to) != 0 && pawn_reaches(),
            Play::Normal if kind == PAWN => last_rank & bb(to) == 0 && pawn_reaches(),
            Play::Normal if kind == KING => t.king(from) & bb(to) != 0,
            Play::Normal => {
                let reach = match kind {
                    KNIGHT => t.knight(from),
                    BISHOP => t.bishop(from, blockers),
                    ROOK => t.rook(from, blockers),
                    _ => t.queen(from, blockers),
                };
                reach & bb(to) != 0 && (capture || empty_landing)
            }
        };
        if !pseudo {
            return false;
        }
        let mut after = *self;
        after.make_move(from, to, play, rules);
        !after.king_attacked(us)
    }

    /// Quick pre-test for [`draw_by_rule`](Self::draw_by_rule): can any draw rule apply here?
    #[inline(always)]
    pub fn may_be_drawn(&self) -> bool {
        let k = &self.by_kind;
        self.halfmove >= 100 || self.rep_window >= 8 || k[PAWN] | k[ROOK] | k[QUEEN] == 0
    }

    /// How many times the position occurred before (same side to move, rights, en-passant
    /// possibility and floor), since the last irreversible move; `history` holds the keys
    /// before each move played.
    pub fn earlier_occurrences(&self, history: &[u64]) -> usize {
        earlier_occurrences(history, self.rep_window as usize, 4, self.key)
    }

    /// Whether the position occurred before (search treats it as a draw).
    pub fn repeated(&self, history: &[u64]) -> bool {
        self.rep_window >= 4 && self.earlier_occurrences(history) >= 1
    }

    /// The draws the rules decide without the moves, as chess claims them: insufficient
    /// material, the fifty-move rule (unless the side to move is mated: `mated` answers that
    /// when asked) and threefold repetition.
    pub fn draw_by_rule(&self, history: &[u64], mated: impl FnOnce() -> bool) -> Option<Outcome> {
        if insufficient_material(&self.by_kind) {
            return Some(Outcome::Draw {
                reason: "insufficient material",
            });
        }
        if self.halfmove >= 100 && !mated() {
            return Some(Outcome::Draw {
                reason: "fifty-move rule",
            });
        }
        if self.rep_window >= 8 && self.earlier_occurrences(history) >= 2 {
            return Some(Outcome::Draw {
                reason: "threefold repetition",
            });
        }
        None
    }

    /// The end when the side to move has no legal move: checkmate or stalemate.
    pub fn no_move_outcome(&self) -> Outcome {
        if self.checkers() != 0 {
            Outcome::Win {
                winner: super::player(self.side as usize ^ 1),
                reason: "checkmate",
            }
        } else {
            Outcome::Draw {
                reason: "stalemate",
            }
        }
    }
}

/// Neither side can ever mate with these pieces (bitboards by kind, pawn to king): no pawns,
/// rooks or queens, and at most one knight, or only bishops all on squares of one colour.
pub fn insufficient_material(k: &[u64; 6]) -> bool {
    if k[PAWN] | k[ROOK] | k[QUEEN] != 0 {
        return false;
    }
    if k[KNIGHT] != 0 {
        return k[KNIGHT].count_ones() == 1 && k[BISHOP] == 0;
    }
    k[BISHOP] & DARK_SQUARES == 0 || k[BISHOP] & !DARK_SQUARES == 0
}
