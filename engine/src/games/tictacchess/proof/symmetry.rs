//! The mirror images of the 3x3 board that keep the rules.
//!
//! - **Left-right mirror** (files a and c swap): pawns move and drop along ranks and files, pawn
//!   captures go to both forward diagonals, every line maps to a line and every piece's moves
//!   map to themselves. It keeps everything, the side to move included.
//! - **Up-down flip with the colours swapped** (ranks 1 and 3 swap, every White piece becomes
//!   Black and back, the reserves and the side to move swap): White's pawns drop on rank 1 and
//!   go up, Black's drop on rank 3 and go down, so a flipped White pawn is a Black pawn dropped
//!   and moving exactly as Black's do; promotion ranks, the king-drop and check rules and the
//!   board limit are the same for both sides. Both sides start with the same reserve, so the
//!   image is a position of the same game in which the *side to move* has the same chances.
//!   Questions asked of the side to move ("does it force a win within d plies") have the same
//!   answer at a position and at its image.
//! - Rotations and the diagonal reflections are not symmetries: they turn files into ranks,
//!   so pawn directions, pawn drop ranks and promotion ranks would no longer match.
//!
//! The group is {identity, mirror, flip, mirror and flip}; the canonical code of a position is
//! the smallest compact code of its four images.

use crate::core::game::Player;

use super::super::position::{Position, CELLS};

/// The cell a cell maps to under the left-right mirror.
#[inline]
fn mirror_cell(c: usize) -> usize {
    c / 3 * 3 + (2 - c % 3)
}

/// The cell a cell maps to under the up-down flip.
#[inline]
fn flip_cell(c: usize) -> usize {
    (2 - c / 3) * 3 + c % 3
}

/// The same piece with the other colour (codes `1 + 6 * side + kind`).
#[inline]
fn swap_colour(p: u8) -> u8 {
    match p {
        0 => 0,
        1..=6 => p + 6,
        _ => p - 6,
    }
}

/// The left-right mirror image (key not computed).
pub fn mirrored(p: &Position) -> Position {
    let mut board = [0u8; CELLS];
    for (c, &pc) in p.board.iter().enumerate() {
        board[mirror_cell(c)] = pc;
    }
    Position {
        board,
        reserve: p.reserve,
        to_move: p.to_move,
        key: 0,
    }
}

/// The up-down flip with colours, reserves and the side to move swapped (key not computed).
pub fn flipped(p: &Position) -> Position {
    let mut board = [0u8; CELLS];
    for (c, &pc) in p.board.iter().enumerate() {
        board[flip_cell(c)] = swap_colour(pc);
    }
    Position {
        board,
        reserve: [p.reserve[1], p.reserve[0]],
        to_move: match p.to_move {
            Player::White => Player::Black,
            Player::Black => Player::White,
        },
        key: 0,
    }
}

/// The four images of a position (itself first), keys recomputed.
pub fn images(p: &Position) -> [Position; 4] {
    let m = mirrored(p);
    let f = flipped(p);
    let mf = flipped(&m);
    let mut out = [*p, m, f, mf];
    for q in out.iter_mut() {
        q.key = q.compute_key();
    }
    out
}

/// The smallest compact code among the four images: equal for a position and its images.
#[inline]
pub fn canonical_code(p: &Position) -> u64 {
    let m = mirrored(p);
    let a = p.encode().min(m.encode());
    let b = flipped(p).encode().min(flipped(&m).encode());
    a.min(b)
}
