//! The state of a game of Cloak and Dagger, shared by the full state and by a player's view:
//! a view is the same structure with the enemy's cloaked kinds unknown (`UNKNOWN`), which
//! legality never needs (a player's own actions depend on public information and its own
//! identities only).

use std::sync::OnceLock;

use super::knowledge::Knowledge;
use super::setup::{self, Mask, BISHOP, KING, KNIGHT, PAWN, QUEEN, ROOK};
use crate::core::game::Player;
use crate::core::random::mix64 as mix;
use crate::kits::chessboard::attacks::{bb, file_of, rank_of, tables, Square};

/// The kind of an enemy checker in a view: not known.
pub const UNKNOWN: u8 = 6;

/// A piece on a cell: its side and kind (`UNKNOWN` only in views).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Piece {
    pub color: Player,
    pub kind: u8,
}

/// One action of a turn (or chance's deal).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Act {
    /// Chance deals `side` the arrangement of Chess960 number `n` (`HIDDEN_DEAL` in what the
    /// other side sees).
    Deal { side: Player, n: u16 },
    /// A move of a piece: `special` is `NORMAL`, `EN_PASSANT`, `CASTLE` (then `to` is the
    /// rook's cell) or a promotion kind.
    Move {
        from: Square,
        to: Square,
        special: u8,
    },
    /// A pawn the opponent captured, dropped on an empty cell of one's second rank (a bonus).
    Drop { to: Square },
    /// Giving up a bonus.
    Pass,
    /// A guess that enemy checker `n` is of `kind`.
    Guess { n: u8, kind: u8 },
    /// Uncloaking one's own checker `n`.
    Uncloak { n: u8 },
    /// Ending the turn (uncloaking nothing more).
    End,
}

pub const NORMAL: u8 = 0;
pub const EN_PASSANT: u8 = 6;
pub const CASTLE: u8 = 7;
/// The deal number written `?`: what the other side sees of a deal.
pub const HIDDEN_DEAL: u16 = 1023;

impl crate::core::game::Action for Act {
    fn code(self) -> u32 {
        match self {
            Act::Deal { side, n } => 1 << 20 | (side.index() as u32) << 12 | n as u32,
            Act::Move { from, to, special } => {
                2 << 20 | (special as u32) << 12 | (from as u32) << 6 | to as u32
            }
            Act::Drop { to } => 3 << 20 | to as u32,
            Act::Pass => 4 << 20,
            Act::Guess { n, kind } => 5 << 20 | (n as u32) << 4 | kind as u32,
            Act::Uncloak { n } => 6 << 20 | n as u32,
            Act::End => 7 << 20,
        }
    }
}

/// Where a turn stands.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Phase {
    /// Chance deals the arrangements (White's, then Black's).
    Deal,
    /// The opponent guessed wrong last turn: a bonus (pawn move, drop or pass) comes first.
    BonusFirst,
    /// The turn's start: a guess, or the move.
    Start,
    /// After a guess: the move; `right` says whether a bonus follows it.
    Move { right: bool },
    /// After the move, the bonus a right guess earned.
    BonusAfter,
    /// Uncloaking own checkers, in increasing order of number, after checker `after`.
    Uncloak { after: u8 },
}

/// The state of a game.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Position {
    pub board: [Option<Piece>; 64],
    /// The number (1 to 8, the starting file) of a cloaked checker on a cell; 0 elsewhere.
    pub num: [u8; 64],
    pub color_bb: [u64; 2],
    /// Cells by kind (`UNKNOWN` included).
    pub kind_bb: [u64; 7],
    pub cloaked: u64,
    pub side: Player,
    pub phase: Phase,
    /// The side to move guessed wrong this turn: its opponent's next turn starts with a bonus.
    pub owed: bool,
    /// Per side, the files whose starting piece has never moved (and was not captured).
    pub unmoved: [u8; 2],
    /// Per side, the pawns the opponent captured: what it may drop as a bonus.
    pub reserve: [u8; 2],
    pub ep: Option<Square>,
    /// Turns since the last capture, pawn move or drop.
    pub halfmove: u32,
    pub fullmove: u32,
    /// Per side, whether its arrangement has been dealt, and its number where known.
    pub dealt: [bool; 2],
    pub setup: [Option<u16>; 2],
    /// What both players know of each side's checkers (public).
    pub know: [Knowledge; 2],
    /// The side whose king was captured.
    pub king_taken: Option<Player>,
    /// Zobrist key of the pieces, kept incrementally.
    pub board_key: u64,
    /// The same with cloaked kinds left out (what both players see), kept incrementally
    /// because repetition asks for it at every turn's start and every terminal check.
    pub public_board_key: u64,
}

struct Keys {
    piece: Vec<u64>,
    misc: Vec<u64>,
}

fn keys() -> &'static Keys {
    static K: OnceLock<Keys> = OnceLock::new();
    K.get_or_init(|| {
        let v = crate::core::zobrist::keys(0xC10A_CDA6, 64 * 2 * 7 * 9 + 100);
        Keys {
            piece: v[..64 * 2 * 7 * 9].to_vec(),
            misc: v[64 * 2 * 7 * 9..].to_vec(),
        }
    })
}

fn piece_key(s: Square, p: Piece, num: u8) -> u64 {
    keys().piece[((s as usize * 2 + p.color.index()) * 7 + p.kind as usize) * 9 + num as usize]
}

/// The key of a piece as both players see it: a cloaked checker's kind is unknown.
fn public_piece_key(s: Square, mut p: Piece, num: u8) -> u64 {
    if num > 0 {
        p.kind = UNKNOWN;
    }
    piece_key(s, p, num)
}

/// The rank a side's pieces start on, and its pawns' rank.
pub fn back_rank(p: Player) -> u8 {
    match p {
        Player::White => 0,
        Player::Black => 7,
    }
}

pub fn pawn_rank(p: Player) -> u8 {
    match p {
        Player::White => 1,
        Player::Black => 6,
    }
}

/// The rank of the cell a double step by `p`'s pawn passes over (its en passant cell).
pub fn ep_rank(p: Player) -> u8 {
    match p {
        Player::White => 2,
        Player::Black => 5,
    }
}

pub fn sq(file: u8, rank: u8) -> Square {
    rank * 8 + file
}

/// Cells a piece of `kind` and side `color` on `s` attacks.
pub fn attacks(kind: u8, color: Player, s: Square, occ: u64) -> u64 {
    let t = tables();
    match kind {
        PAWN => t.pawn(color.index(), s),
        KNIGHT => t.knight(s),
        BISHOP => t.bishop(s, occ),
        ROOK => t.rook(s, occ),
        QUEEN => t.queen(s, occ),
        KING => t.king(s),
        _ => 0,
    }
}

impl Position {
    /// The position before the deal: pawns only, nothing dealt.
    pub fn empty_start() -> Position {
        let mut p = Position {
            board: [None; 64],
            num: [0; 64],
            color_bb: [0; 2],
            kind_bb: [0; 7],
            cloaked: 0,
            side: Player::White,
            phase: Phase::Deal,
            owed: false,
            unmoved: [0xff; 2],
            reserve: [0; 2],
            ep: None,
            halfmove: 0,
            fullmove: 1,
            dealt: [false; 2],
            setup: [None; 2],
            know: [Knowledge::new(); 2],
            king_taken: None,
            board_key: 0,
            public_board_key: 0,
        };
        for c in [Player::White, Player::Black] {
            for f in 0..8 {
                p.put(
                    sq(f, pawn_rank(c)),
                    Piece {
                        color: c,
                        kind: PAWN,
                    },
                    0,
                );
            }
        }
        p
    }

    pub fn occupied(&self) -> u64 {
        self.color_bb[0] | self.color_bb[1]
    }

    pub fn put(&mut self, s: Square, p: Piece, num: u8) {
        debug_assert!(self.board[s as usize].is_none());
        self.board[s as usize] = Some(p);
        self.num[s as usize] = num;
        self.color_bb[p.color.index()] |= bb(s);
        self.kind_bb[p.kind as usize] |= bb(s);
        if num > 0 {
            self.cloaked |= bb(s);
        }
        self.board_key ^= piece_key(s, p, num);
        self.public_board_key ^= public_piece_key(s, p, num);
    }

    pub fn take(&mut self, s: Square) -> Option<(Piece, u8)> {
        let p = self.board[s as usize]?;
        let num = self.num[s as usize];
        self.board[s as usize] = None;
        self.num[s as usize] = 0;
        self.color_bb[p.color.index()] &= !bb(s);
        self.kind_bb[p.kind as usize] &= !bb(s);
        self.cloaked &= !bb(s);
        self.board_key ^= piece_key(s, p, num);
        self.public_board_key ^= public_piece_key(s, p, num);
        Some((p, num))
    }

    /// The cell of `side`'s cloaked checker `n`.
    pub fn checker_cell(&self, side: Player, n: u8) -> Option<Square> {
        let mut b = self.cloaked & self.color_bb[side.index()];
        while b != 0 {
            let s = b.trailing_zeros() as Square;
            b &= b - 1;
            if self.num[s as usize] == n {
                return Some(s);
            }
        }
        None
    }

    /// The cells of a side's pieces its opponent can see the kind of: pawns and uncloaked
    /// pieces.
    pub fn visible(&self, side: Player) -> u64 {
        self.color_bb[side.index()] & !self.cloaked
    }

    /// Whether a visible piece of `by` attacks `s`, with the pieces on `occ` blocking.
    pub fn visibly_attacked(&self, s: Square, by: Player, occ: u64) -> bool {
        let t = tables();
        let vis = self.visible(by);
        let k = &self.kind_bb;
        let diag = (k[BISHOP as usize] | k[QUEEN as usize]) & vis;
        let line = (k[ROOK as usize] | k[QUEEN as usize]) & vis;
        t.pawn(by.opponent().index(), s) & k[PAWN as usize] & vis != 0
            || t.knight(s) & k[KNIGHT as usize] & vis != 0
            || t.king(s) & k[KING as usize] & vis != 0
            || t.bishop(s, occ) & diag != 0
            || t.rook(s, occ) & line != 0
    }

    /// `side`'s king, where it is uncloaked (the only king the check rules bind).
    pub fn uncloaked_king(&self, side: Player) -> Option<Square> {
        let b = self.kind_bb[KING as usize] & self.visible(side);
        (b != 0).then(|| b.trailing_zeros() as Square)
    }

    /// True when `side`'s king is uncloaked and a visible enemy attacks it.
    pub fn in_visible_check(&self, side: Player) -> bool {
        self.uncloaked_king(side)
            .is_some_and(|k| self.visibly_attacked(k, side.opponent(), self.occupied()))
    }

    /// What the mover learns from an action in the full state: the kind of a cloaked
    /// checker it captures (or uncloaks), and whether a guess is right (1) or wrong (2).
    pub fn reveal_of(&self, a: Act) -> u8 {
        match a {
            // En passant takes a pawn and castling takes nothing: neither reveals.
            Act::Move { to, special, .. } if special != EN_PASSANT && special != CASTLE => {
                let them = self.side.opponent();
                if self.cloaked & self.color_bb[them.index()] & bb(to) != 0 {
                    self.board[to as usize].map_or(0, |p| p.kind)
                } else {
                    0
                }
            }
            Act::Guess { n, kind } => {
                let s = self.checker_cell(self.side.opponent(), n);
                match s.and_then(|s| self.board[s as usize]) {
                    Some(p) if p.kind == kind => 1,
                    _ => 2,
                }
            }
            Act::Uncloak { n } => self
                .checker_cell(self.side, n)
                .and_then(|s| self.board[s as usize])
                .map_or(0, |p| p.kind),
            _ => 0,
        }
    }

    /// Plays an action. `reveal` is what `reveal_of` gives in the full state (a view gets it
    /// from what it observed). The knowledge of both sides follows from the public part.
    pub fn apply(&mut self, a: Act, reveal: u8) {
        let us = self.side;
        match a {
            Act::Deal { side, n } => {
                self.deal(side, (n != HIDDEN_DEAL).then_some(n));
                if self.dealt == [true, true] {
                    self.phase = Phase::Start;
                }
            }
            Act::Move { from, to, special } => {
                self.play_move(from, to, special, reveal);
                self.after_piece_action();
            }
            Act::Drop { to } => {
                self.reserve[us.index()] -= 1;
                self.put(
                    to,
                    Piece {
                        color: us,
                        kind: PAWN,
                    },
                    0,
                );
                self.ep = None;
                self.halfmove = 0;
                self.after_piece_action();
            }
            Act::Pass => self.after_piece_action(),
            Act::Guess { n, kind } => {
                let them = us.opponent();
                let right = reveal == 1;
                if right {
                    self.know[them.index()].set_exact(n, kind);
                    if let Some(s) = self.checker_cell(them, n) {
                        self.take(s);
                        self.put(s, Piece { color: them, kind }, 0);
                    }
                } else {
                    self.know[them.index()].exclude(n, kind);
                    self.owed = true;
                }
                self.phase = Phase::Move { right };
            }
            Act::Uncloak { n } => {
                if let Some(s) = self.checker_cell(us, n) {
                    let (p, _) = self.take(s).expect("the checker is there");
                    let kind = if p.kind == super::position::UNKNOWN {
                        reveal
                    } else {
                        p.kind
                    };
                    self.put(s, Piece { color: us, kind }, 0);
                    self.know[us.index()].set_exact(n, kind);
                }
                self.uncloak_or_end(n);
            }
            Act::End => self.end_turn(),
        }
    }

    fn deal(&mut self, side: Player, n: Option<u16>) {
        let arr = n.map(setup::arrangement);
        for f in 0..8u8 {
            let kind = arr.map_or(UNKNOWN, |a| a[f as usize]);
            self.put(sq(f, back_rank(side)), Piece { color: side, kind }, f + 1);
        }
        self.dealt[side.index()] = true;
        self.setup[side.index()] = n;
    }

    /// After a move, a bonus or a pass: the next step of the turn.
    fn after_piece_action(&mut self) {
        self.phase = match self.phase {
            Phase::BonusFirst => Phase::Start,
            Phase::Move { right: true } => Phase::BonusAfter,
            Phase::Start | Phase::Move { right: false } | Phase::BonusAfter => {
                self.uncloak_or_end(0);
                return;
            }
            other => other,
        };
    }

    /// The uncloak step when the side has a cloaked checker numbered above `after`; else the
    /// turn ends.
    fn uncloak_or_end(&mut self, after: u8) {
        if self.king_taken.is_none() && self.uncloak_candidates(self.side, after) != 0 {
            self.phase = Phase::Uncloak { after };
        } else {
            self.end_turn();
        }
    }

    /// Bit `n - 1` for each of `side`'s cloaked checkers numbered above `after`.
    pub fn uncloak_candidates(&self, side: Player, after: u8) -> u8 {
        let mut out = 0u8;
        let mut b = self.cloaked & self.color_bb[side.index()];
        while b != 0 {
            let s = b.trailing_zeros() as usize;
            b &= b - 1;
            if self.num[s] > after {
                out |= 1 << (self.num[s] - 1);
            }
        }
        out
    }

    fn end_turn(&mut self) {
        if self.side == Player::Black {
            self.fullmove += 1;
        }
        self.halfmove += 1;
        self.side = self.side.opponent();
        self.phase = if self.owed {
            Phase::BonusFirst
        } else {
            Phase::Start
        };
        self.owed = false;
    }

    fn play_move(&mut self, from: Square, to: Square, special: u8, reveal: u8) {
        let us = self.side;
        let them = us.opponent();
        let occ = self.occupied();
        let (piece, num) = self.take(from).expect("a piece moves");
        self.unmoved[us.index()] &= !self.start_bit(us, from);
        let mut new_ep = None;
        if special == CASTLE {
            let (rook, rnum) = self.take(to).expect("the castling rook");
            self.unmoved[us.index()] &= !self.start_bit(us, to);
            let king_side = to > from;
            let base = sq(0, back_rank(us));
            let (kt, rt) = if king_side {
                (base + 6, base + 5)
            } else {
                (base + 2, base + 3)
            };
            if num > 0 {
                self.know[us.index()].set_exact(num, KING);
            }
            if rnum > 0 {
                self.know[us.index()].set_exact(rnum, ROOK);
            }
            self.put(kt, piece, num);
            self.put(rt, rook, rnum);
            self.ep = None;
            return;
        }
        if num > 0 {
            self.know[us.index()].observe_move(num, from, to, occ);
        }
        let captured_cell = if special == EN_PASSANT {
            if us == Player::White {
                to - 8
            } else {
                to + 8
            }
        } else {
            to
        };
        if let Some((victim, vnum)) = self.take(captured_cell) {
            let kind = if vnum > 0 {
                let k = if victim.kind == UNKNOWN {
                    reveal
                } else {
                    victim.kind
                };
                self.know[them.index()].set_exact(vnum, k);
                k
            } else {
                victim.kind
            };
            if kind == KING {
                self.king_taken = Some(them);
            }
            if kind == PAWN {
                self.reserve[them.index()] += 1;
            }
            self.unmoved[them.index()] &= !self.start_bit(them, captured_cell);
            self.halfmove = 0;
        }
        if piece.kind == PAWN {
            self.halfmove = 0;
            if (to as i32 - from as i32).abs() == 16 {
                new_ep = Some((from + to) / 2);
            }
        }
        if (KNIGHT..=QUEEN).contains(&special) {
            self.put(
                to,
                Piece {
                    color: us,
                    kind: special,
                },
                0,
            );
        } else {
            self.put(to, piece, num);
        }
        self.ep = new_ep;
    }

    /// The unmoved bit of the starting piece of `side` on `s`, if `s` is on its back rank.
    fn start_bit(&self, side: Player, s: Square) -> u8 {
        if rank_of(s) == back_rank(side) {
            1 << file_of(s)
        } else {
            0
        }
    }

    /// Zobrist key of everything but the pieces. Each side's knowledge, unmoved files and
    /// reserve are packed into two words and mixed, not looked up checker by checker: the
    /// key is asked for at every node of every leaf search.
    pub fn misc_key(&self) -> u64 {
        let m = &keys().misc;
        let mut k = 0u64;
        if self.side == Player::Black {
            k ^= m[0];
        }
        let phase = match self.phase {
            Phase::Deal => 1,
            Phase::BonusFirst => 2,
            Phase::Start => 3,
            Phase::Move { right: false } => 4,
            Phase::Move { right: true } => 5,
            Phase::BonusAfter => 6,
            Phase::Uncloak { after } => 7 + after as usize,
        };
        k ^= m[phase];
        if self.owed {
            k ^= m[16];
        }
        for c in 0..2 {
            let masks = u64::from_le_bytes(self.know[c].mask);
            let rest = self.unmoved[c] as u64 | (self.reserve[c].min(15) as u64) << 8;
            k ^= mix(masks ^ m[20 + c]) ^ mix(rest ^ m[22 + c]);
        }
        if let Some(e) = self.ep {
            k ^= m[80 + file_of(e) as usize];
        }
        k
    }

    pub fn key(&self) -> u64 {
        self.board_key ^ self.misc_key()
    }

    pub fn recompute_board_key(&self) -> u64 {
        let mut k = 0;
        for s in 0..64u8 {
            if let Some(p) = self.board[s as usize] {
                k ^= piece_key(s, p, self.num[s as usize]);
            }
        }
        k
    }

    /// The key of what both players see: the truth's key with cloaked kinds left out (for
    /// repetition, which both sides must judge alike).
    pub fn public_key(&self) -> u64 {
        self.public_board_key ^ self.misc_key()
    }

    pub fn recompute_public_board_key(&self) -> u64 {
        let mut k = 0;
        for s in 0..64u8 {
            if let Some(p) = self.board[s as usize] {
                k ^= public_piece_key(s, p, self.num[s as usize]);
            }
        }
        k
    }

    /// The en passant cell `side`'s pawns may take on: only one the opponent's double step
    /// passed. The cell outlives the double step while the mover passes its bonus or ends its
    /// turn, and an owed bonus comes between the opponent's move and one's own; a side's own
    /// double step is never taken (its pawn would step diagonally onto an empty cell).
    pub fn ep_for(&self, side: Player) -> Option<Square> {
        self.ep.filter(|&e| rank_of(e) == ep_rank(side.opponent()))
    }

    /// The kinds a side's checker is known not to be ruled out from, by everything public.
    pub fn public_mask(&self, side: Player, n: u8) -> Mask {
        self.know[side.index()].mask[n as usize - 1]
    }
}
