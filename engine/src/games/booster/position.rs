//! The public position: the chess board (the stepping games' `Board`), coloured checker stacks, the
//! supplies, the sizes of the hands and piles, and the turn in progress. Everything here is
//! what both players see; the identities of the cards live beside it (`Booster`, the truth, or
//! `BoosterView`, one player's knowledge). Small and `Copy`, so undo is a copy.

use std::sync::OnceLock;

use crate::kits::chessboard::attacks::{bb, Square};
use crate::kits::steps::board::{last_rank, Board, NO_SQUARE};
use crate::kits::steps::turn::ep_key;

/// The most checkers of one colour (the `BoosterCheckers` option's maximum).
pub const MAX_CHECKERS: usize = 12;

/// Where the turn in progress stands.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Phase {
    /// Chance deals: White's hand is filled first, then Black's.
    Deal,
    /// The turn starts with a regular chess move.
    Regular,
    /// The moved piece, on this square, is boosted: it may step, or stop.
    Steps(Square),
    /// The mover may play one card (or `end`).
    Card,
    /// Chance: the mover draws until its hand matches its supply (`reshuffle` first when the
    /// draw pile is empty).
    Draw,
}

#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Pos {
    pub board: Board,
    /// Checkers under the piece on each square (0 on empty squares).
    pub stacks: [u8; 64],
    /// Squares whose stack is not empty.
    pub stacked: u64,
    /// Squares whose checkers are Black's (the others' are White's).
    pub dark: u64,
    /// Checkers of each colour under pieces.
    pub on_board: [u8; 2],
    /// Checkers of each colour in the game (the supply holds those not under a piece).
    pub checkers: [u8; 2],
    pub hand_len: [u8; 2],
    pub draw_len: u8,
    pub discard_len: u8,
    /// 0 White, 1 Black.
    pub side: u8,
    pub castling: u8,
    /// The en-passant square (a regular double step without steps, an enemy pawn beside it).
    pub ep: u8,
    pub halfmove: u32,
    pub fullmove: u32,
    /// Turn starts since the last capture, pawn move, step or card: how far back a
    /// repetition may lie.
    pub rep_window: u32,
    pub phase: Phase,
    pub key: u64,
    /// The key at the start of the turn in progress.
    pub turn_key: u64,
}

/// Zobrist keys of the public position.
pub struct Keys {
    pub piece: [[u64; 64]; 12],
    /// `stack[square][colour][height]`, height 0 the zero key.
    pub stack: [[[u64; 2 * MAX_CHECKERS + 1]; 2]; 64],
    pub black_to_move: u64,
    pub castling: [u64; 16],
    pub ep_file: [u64; 8],
    pub stepping: [u64; 64],
    /// Deal, card and draw phases.
    pub phase: [u64; 3],
    /// `hand_len[colour][n]`, `draw_len[n]`, `discard_len[n]`.
    pub hand_len: [[u64; 64]; 2],
    pub draw_len: [u64; 64],
    pub discard_len: [u64; 64],
    /// Cards: in White's hand, in Black's hand, in the discard pile.
    pub card: [[u64; 52]; 3],
}

const BOOSTER_SEED: u64 = 0xb005_7e20_0000_0001;

pub fn keys() -> &'static Keys {
    static KEYS: OnceLock<Keys> = OnceLock::new();
    KEYS.get_or_init(|| {
        let n = 12 * 64 + 64 * 2 * (2 * MAX_CHECKERS) + 1 + 4 + 8 + 64 + 3 + 4 * 64 + 3 * 52;
        let k = crate::core::zobrist::keys(BOOSTER_SEED, n);
        let mut next = k.into_iter();
        let mut take = || next.next().expect("enough keys drawn");
        let mut piece = [[0; 64]; 12];
        piece.iter_mut().flatten().for_each(|v| *v = take());
        let mut stack = [[[0; 2 * MAX_CHECKERS + 1]; 2]; 64];
        for by_colour in stack.iter_mut() {
            for row in by_colour.iter_mut() {
                row.iter_mut().skip(1).for_each(|v| *v = take());
            }
        }
        let black_to_move = take();
        let rights = [take(), take(), take(), take()];
        let mut castling = [0; 16];
        for (mask, c) in castling.iter_mut().enumerate() {
            *c = (0..4)
                .filter(|i| mask & (1 << i) != 0)
                .fold(0, |acc, i| acc ^ rights[i]);
        }
        let mut ep_file = [0; 8];
        ep_file.iter_mut().for_each(|v| *v = take());
        let mut stepping = [0; 64];
        stepping.iter_mut().for_each(|v| *v = take());
        let phase = [take(), take(), take()];
        let mut hand_len = [[0; 64]; 2];
        hand_len.iter_mut().flatten().for_each(|v| *v = take());
        let mut draw_len = [0; 64];
        draw_len.iter_mut().for_each(|v| *v = take());
        let mut discard_len = [0; 64];
        discard_len.iter_mut().for_each(|v| *v = take());
        let mut card = [[0; 52]; 3];
        card.iter_mut().flatten().for_each(|v| *v = take());
        Keys {
            piece,
            stack,
            black_to_move,
            castling,
            ep_file,
            stepping,
            phase,
            hand_len,
            draw_len,
            discard_len,
            card,
        }
    })
}

fn phase_key(p: Phase) -> u64 {
    let z = keys();
    match p {
        Phase::Regular => 0,
        Phase::Steps(s) => z.stepping[s as usize],
        Phase::Deal => z.phase[0],
        Phase::Card => z.phase[1],
        Phase::Draw => z.phase[2],
    }
}

impl Pos {
    pub fn empty(checkers: [u8; 2]) -> Pos {
        let mut p = Pos {
            board: Board::default(),
            stacks: [0; 64],
            stacked: 0,
            dark: 0,
            on_board: [0; 2],
            checkers,
            hand_len: [0; 2],
            draw_len: 0,
            discard_len: 0,
            side: 0,
            castling: 0,
            ep: NO_SQUARE,
            halfmove: 0,
            fullmove: 1,
            rep_window: 0,
            phase: Phase::Regular,
            key: 0,
            turn_key: 0,
        };
        p.key = p.compute_key();
        p.turn_key = p.key;
        p
    }

    #[inline(always)]
    pub fn supply(&self, colour: usize) -> u8 {
        self.checkers[colour] - self.on_board[colour]
    }

    /// The colour of the checkers under `s` (meaningful where the stack is not empty).
    #[inline(always)]
    pub fn checker_colour(&self, s: Square) -> usize {
        (self.dark & bb(s) != 0) as usize
    }

    /// Pieces on the enemy's checkers.
    #[inline(always)]
    pub fn hobbled(&self) -> u64 {
        (self.dark & self.board.by_color[0]) | (self.stacked & !self.dark & self.board.by_color[1])
    }

    /// Pieces on their own side's checkers.
    #[inline(always)]
    pub fn boosted(&self) -> u64 {
        self.stacked & !self.hobbled()
    }

    /// The stack under the piece on `s` from its owner's side: +n boosted, -n hobbled.
    #[inline(always)]
    pub fn signed(&self, s: Square) -> i32 {
        let n = self.stacks[s as usize] as i32;
        if n == 0 {
            0
        } else if self.hobbled() & bb(s) != 0 {
            -n
        } else {
            n
        }
    }

    /// Sets the stack under `s` to `n` checkers of `colour`, keeping counts and the key.
    pub fn set_stack(&mut self, s: Square, colour: usize, n: u8) {
        let z = keys();
        let old = self.stacks[s as usize];
        let old_colour = self.checker_colour(s);
        self.key ^= z.stack[s as usize][old_colour][old as usize];
        self.on_board[old_colour] -= old;
        self.stacks[s as usize] = n;
        self.on_board[colour] += n;
        self.key ^= z.stack[s as usize][colour][n as usize];
        if n == 0 {
            self.stacked &= !bb(s);
            self.dark &= !bb(s);
        } else {
            self.stacked |= bb(s);
            if colour == 1 {
                self.dark |= bb(s);
            } else {
                self.dark &= !bb(s);
            }
        }
    }

    /// Puts `n` more checkers of `colour` under `s`; opposite colours cancel in pairs, each
    /// returning to its owner's supply.
    pub fn add_checkers(&mut self, s: Square, colour: usize, n: u8) {
        let old = self.stacks[s as usize];
        let old_colour = self.checker_colour(s);
        if old == 0 || old_colour == colour {
            self.set_stack(s, colour, old + n);
        } else if n >= old {
            self.set_stack(s, colour, n - old);
        } else {
            self.set_stack(s, old_colour, old - n);
        }
    }

    #[inline(always)]
    pub fn toggle_piece(&mut self, s: Square, color: usize, kind: usize) {
        self.board.toggle(s, color, kind);
        self.key ^= keys().piece[color * 6 + kind][s as usize];
    }

    pub fn set_phase(&mut self, p: Phase) {
        self.key ^= phase_key(self.phase) ^ phase_key(p);
        self.phase = p;
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

    pub fn set_hand_len(&mut self, colour: usize, n: u8) {
        let z = &keys().hand_len[colour];
        self.key ^= z[self.hand_len[colour] as usize] ^ z[n as usize];
        self.hand_len[colour] = n;
    }

    pub fn set_draw_len(&mut self, n: u8) {
        let z = &keys().draw_len;
        self.key ^= z[self.draw_len as usize] ^ z[n as usize];
        self.draw_len = n;
    }

    pub fn set_discard_len(&mut self, n: u8) {
        let z = &keys().discard_len;
        self.key ^= z[self.discard_len as usize] ^ z[n as usize];
        self.discard_len = n;
    }

    /// Moves the piece on `from` to `to` with its checkers, capturing what stands there and
    /// taking over its checkers (opposite colours cancel). Returns whether it captured.
    pub fn shift(&mut self, from: Square, to: Square) -> bool {
        let (color, kind) = self.board.piece_at(from).expect("a piece moves");
        let (carried, carried_colour) = (self.stacks[from as usize], self.checker_colour(from));
        self.set_stack(from, 0, 0);
        let mut captured = false;
        if let Some((c, k)) = self.board.piece_at(to) {
            captured = true;
            self.toggle_piece(to, c, k);
        }
        self.toggle_piece(from, color, kind);
        self.toggle_piece(to, color, kind);
        if carried > 0 {
            self.add_checkers(to, carried_colour, carried);
        }
        captured
    }

    /// A hobbled piece standing on its last rank gives its hobble checkers back.
    pub fn last_rank_release(&mut self, at: Square) {
        if let Some((color, _)) = self.board.piece_at(at) {
            if last_rank(color) & bb(at) != 0 && self.hobbled() & bb(at) != 0 {
                self.set_stack(at, 0, 0);
            }
        }
    }

    /// The key of the public position from scratch.
    pub fn compute_key(&self) -> u64 {
        let z = keys();
        let mut k = 0;
        for s in 0..64u8 {
            if let Some((color, kind)) = self.board.piece_at(s) {
                k ^= z.piece[color * 6 + kind][s as usize];
            }
            k ^= z.stack[s as usize][self.checker_colour(s)][self.stacks[s as usize] as usize];
        }
        if self.side == 1 {
            k ^= z.black_to_move;
        }
        k ^= z.castling[self.castling as usize];
        k ^= ep_key(&z.ep_file, NO_SQUARE, self.ep);
        k ^= phase_key(self.phase);
        k ^= z.hand_len[0][self.hand_len[0] as usize] ^ z.hand_len[1][self.hand_len[1] as usize];
        k ^= z.draw_len[self.draw_len as usize] ^ z.discard_len[self.discard_len as usize];
        k
    }
}

/// The key of a set of cards at one place (0 White's hand, 1 Black's, 2 the discard pile).
pub fn cards_key(place: usize, mask: u64) -> u64 {
    crate::core::bitboard::Bits(mask).fold(0, |k, c| k ^ keys().card[place][c as usize])
}
