//! The mutable state of a TCHES game and the action value.

use crate::core::bitboard::Cell;
use crate::core::game::{Action, Player};

use super::pieces::Kind;

/// No cell: the `via` of a one-part action, the `place` of an action that frees no king.
pub const NO_CELL: Cell = 64;

/// Transportation: what a loaded carrier does with its passenger during an action.
pub const CARRY: u8 = 0;
/// The passenger stays on the cell the carrier leaves (`c3*e4`).
pub const LEAVE: u8 = 1;
/// The passenger is set down on the landing cell of the move part (`c1d3*xd4`).
pub const DROP: u8 = 2;

/// One action.
///
/// - A move: the piece on `from` moves to `to`; a two-part action lands on `via` first and
///   then captures on `to`. `promo` is the promotion type, if any.
/// - Transportation: `mode` says what a loaded carrier does with its passenger (`CARRY`,
///   `LEAVE`, `DROP`); landing on a friend loads it.
/// - Capture the King: `place` is where a king freed by this capture is set.
/// - Polarity: `face` is the mover's facing after the action (owner's frame, 0 = forward).
/// - A turn in place (Polarity): `from == to`, no `promo`.
/// - A replacement choice: `from == to` with `promo`, the type the piece on `from` becomes.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Move {
    pub from: Cell,
    pub via: Cell,
    pub to: Cell,
    pub promo: Option<Kind>,
    pub mode: u8,
    pub face: u8,
    pub place: Cell,
}

impl Move {
    pub fn simple(from: Cell, to: Cell) -> Move {
        Move {
            from,
            via: NO_CELL,
            to,
            promo: None,
            mode: CARRY,
            face: 0,
            place: NO_CELL,
        }
    }

    pub fn two_part(from: Cell, via: Cell, to: Cell) -> Move {
        Move {
            via,
            ..Move::simple(from, to)
        }
    }

    pub fn is_two_part(self) -> bool {
        self.via != NO_CELL
    }

    /// A Polarity turn in place, or a replacement choice: no piece moves.
    pub fn in_place(self) -> bool {
        self.from == self.to
    }

    pub fn is_replacement(self) -> bool {
        self.from == self.to && self.promo.is_some()
    }
}

impl Action for Move {
    /// Unique among the actions legal in one position, in 32 bits: a two-part action's
    /// capture is one step from its landing, so it is written as a direction (3 bits).
    fn code(self) -> u32 {
        let promo = self.promo.map_or(0, |k| k.index() as u32 + 1);
        let extra = (self.mode as u32) | (self.face as u32) << 2 | (self.place as u32 & 63) << 4;
        let moved = if self.is_two_part() {
            let (df, dr) = (
                (self.to % 8) as i32 - (self.via % 8) as i32,
                (self.to / 8) as i32 - (self.via / 8) as i32,
            );
            let dir = ((df + 1) * 3 + (dr + 1)) as u32; // 0..9, never 4
            1 | (self.via as u32) << 1 | dir << 7
        } else {
            (self.to as u32) << 1 | promo << 7
        };
        self.from as u32 | moved << 6 | extra << 18
    }
}

/// A piece on the board: its owner and type, packed in the low 6 bits of a byte (0 =
/// empty); the top two bits hold its Polarity facing.
#[inline]
pub fn pack(p: Player, k: Kind) -> u8 {
    1 + k.index() as u8 + 32 * p.index() as u8
}

#[inline]
pub fn unpack(b: u8) -> Option<(Player, Kind)> {
    let b = b & 0x3f;
    if b == 0 {
        return None;
    }
    let p = if b >= 33 {
        Player::Black
    } else {
        Player::White
    };
    let k = Kind::from_index(((b - 1) % 32) as usize)?;
    Some((p, k))
}

/// The position. `Copy`, so that undo is a plain copy back.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Pos {
    /// Top pieces with their facings.
    pub board: [u8; 64],
    /// The piece under the top piece (Transportation's passenger, or a captured king), in
    /// the same byte format.
    pub under: [u8; 64],
    /// Cells with a piece under the top one.
    pub stacked: u64,
    /// Cells of each side's top pieces.
    pub occ: [u64; 2],
    /// The cell of each side's king, on top or carried.
    pub kings: [u64; 2],
    /// Cells holding each side's target-type pieces, on top or carried.
    pub royals: [u64; 2],
    pub side: Player,
    /// Cells of the side to move's pieces that already acted this turn (Strike).
    pub used: u64,
    /// Actions played this turn (Strike). Usually the number of used cells; one more when a
    /// carrier loaded a piece that had acted (both then stand on one cell).
    pub acts: u8,
    /// The type each side moved last (0 none, else type index + 1); the opponent's Jesters
    /// copy it.
    pub last: [u8; 2],
    /// Replacements each side owes: 2 bits per slot of `tables::REPLACE_SLOTS`.
    pub pending: [u8; 2],
    /// While the side to move chooses a replacement in the middle of the opponent's turn:
    /// the opponent's used cells and actions, restored when it resumes (non-empty exactly
    /// then).
    pub suspended: u64,
    pub suspended_acts: u8,
    pub fullmove: u32,
    pub key: u64,
}

impl Pos {
    pub fn empty() -> Pos {
        Pos {
            board: [0; 64],
            under: [0; 64],
            stacked: 0,
            occ: [0; 2],
            kings: [0; 2],
            royals: [0; 2],
            side: Player::White,
            used: 0,
            acts: 0,
            last: [0; 2],
            pending: [0; 2],
            suspended: 0,
            suspended_acts: 0,
            fullmove: 1,
            key: 0,
        }
    }

    #[inline]
    pub fn occupied(&self) -> u64 {
        self.occ[0] | self.occ[1]
    }

    #[inline]
    pub fn at(&self, c: Cell) -> Option<(Player, Kind)> {
        unpack(self.board[c as usize])
    }

    /// The piece under the top piece on `c`.
    #[inline]
    pub fn under_at(&self, c: Cell) -> Option<(Player, Kind)> {
        unpack(self.under[c as usize])
    }

    /// The Polarity facing of the top piece on `c` (owner's frame, 0 = forward).
    #[inline]
    pub fn facing(&self, c: Cell) -> u8 {
        self.board[c as usize] >> 6
    }

    /// Replacements of slot `slot` owed by `p`.
    #[inline]
    pub fn owed(&self, p: Player, slot: usize) -> u8 {
        (self.pending[p.index()] >> (2 * slot)) & 3
    }

    /// The type a side's Jesters move as now: what the opponent moved last.
    #[inline]
    pub fn jester_copy(&self, p: Player) -> Option<Kind> {
        let s = self.last[p.opponent().index()];
        (s != 0).then(|| Kind::from_index(s as usize - 1)).flatten()
    }

    /// The type whose movement a piece uses (a Jester borrows one; `None`: it cannot act).
    #[inline]
    pub fn effective(&self, p: Player, k: Kind) -> Option<Kind> {
        if k == Kind::Jester {
            self.jester_copy(p)
        } else {
            Some(k)
        }
    }
}

/// Polarity facings are kept in the owner's frame; text shows compass points. White's
/// forward is north; Black's is south, and a mirror keeps east and west.
pub fn compass(owner: Player, f: u8) -> char {
    let abs = if owner == Player::Black && f.is_multiple_of(2) {
        f ^ 2
    } else {
        f
    };
    ['n', 'e', 's', 'w'][abs as usize]
}

/// The owner's-frame facing written as compass point `ch`.
pub fn from_compass(owner: Player, ch: char) -> Option<u8> {
    let abs: u8 = match ch {
        'n' => 0,
        'e' => 1,
        's' => 2,
        'w' => 3,
        _ => return None,
    };
    Some(if owner == Player::Black && abs.is_multiple_of(2) {
        abs ^ 2
    } else {
        abs
    })
}
