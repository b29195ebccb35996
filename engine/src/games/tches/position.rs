//! The mutable state of a TCHES game and the action value.

use crate::bitboard::Cell;
use crate::game::{Action, Player};

use super::pieces::Kind;

/// No cell: the `via` of a one-part action.
pub const NO_CELL: Cell = 64;

/// One action: a piece on `from` moves to `to`; a two-part action lands on `via` first and
/// then captures on `to`. `promo` is the promotion type, if any.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Move {
    pub from: Cell,
    pub via: Cell,
    pub to: Cell,
    pub promo: Option<Kind>,
}

impl Move {
    pub fn simple(from: Cell, to: Cell) -> Move {
        Move {
            from,
            via: NO_CELL,
            to,
            promo: None,
        }
    }

    pub fn two_part(from: Cell, via: Cell, to: Cell) -> Move {
        Move {
            from,
            via,
            to,
            promo: None,
        }
    }

    pub fn is_two_part(self) -> bool {
        self.via != NO_CELL
    }
}

impl Action for Move {
    fn code(self) -> u32 {
        let promo = self.promo.map_or(0, |k| k.index() as u32 + 1);
        self.from as u32 | (self.to as u32) << 6 | (self.via as u32) << 12 | promo << 19
    }
}

/// A piece on the board: its owner and type, packed in one byte (0 = empty).
#[inline]
pub fn pack(p: Player, k: Kind) -> u8 {
    1 + k.index() as u8 + 32 * p.index() as u8
}

#[inline]
pub fn unpack(b: u8) -> Option<(Player, Kind)> {
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
    pub board: [u8; 64],
    pub occ: [u64; 2],
    pub kings: [u64; 2],
    pub side: Player,
    /// Cells of the side to move's pieces that already acted this turn (Strike).
    pub used: u64,
    /// The type each side moved last (0 none, else type index + 1); the opponent's Jesters
    /// copy it.
    pub last: [u8; 2],
    pub fullmove: u32,
    pub key: u64,
}

impl Pos {
    pub fn empty() -> Pos {
        Pos {
            board: [0; 64],
            occ: [0; 2],
            kings: [0; 2],
            side: Player::White,
            used: 0,
            last: [0; 2],
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
