//! Legal generation: the board kit's, on the tiled floor, plus the tile actions.
//!
//! The kit does what differs from chess through the floor: a piece other than the king lands
//! only on an empty tile or an enemy piece; the king lands anywhere chess lets it (creating a
//! tile); a pawn's double step may pass a hole; castling needs the rook's landing cell tiled;
//! anti-tiles block sliders. Tile actions are legal exactly when the mover is not in check,
//! because tiles neither block nor open lines; anti-tiles do block, so an anti-tile dropped
//! between the king and a checking slider answers the check.

use super::action::{Move, MoveKind, Square};
use super::position::{castling_rules, play_of, Position};
use crate::kits::chessboard::attacks::{bb, tables};
use crate::kits::chessboard::movegen::{self, Counter, Lister, Tactical};
use crate::kits::chessboard::Play;

pub use crate::kits::chessboard::movegen::attacked_squares;

/// Which tile action a set of cells is for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum TileAction {
    Drop,
    Remove,
    Anti,
}

/// Receives generated actions: the kit's piece moves, and tile actions.
pub trait Sink: movegen::Sink {
    /// One tile action of a kind on each cell of `cells`.
    fn tiles(&mut self, cells: u64, what: TileAction);
}

impl Sink for Counter {
    #[inline(always)]
    fn tiles(&mut self, cells: u64, _what: TileAction) {
        self.0 += cells.count_ones() as u64;
    }
}

impl Sink for Lister<'_, Move> {
    #[inline(always)]
    fn tiles(&mut self, mut cells: u64, what: TileAction) {
        while cells != 0 {
            let c = cells.trailing_zeros() as Square;
            cells &= cells - 1;
            self.0.push(match what {
                TileAction::Drop => Move::drop_tile(c),
                TileAction::Remove => Move::remove_tile(c),
                TileAction::Anti => Move::drop_anti(c),
            });
        }
    }
}

impl Sink for Tactical<'_, Move> {
    #[inline(always)]
    fn tiles(&mut self, _cells: u64, _what: TileAction) {}
}

/// Feeds every legal action of the side to move into `sink`. `anti_tiles`: whether anti-tile
/// drops are part of the game.
#[inline(always)]
pub fn generate<S: Sink>(pos: &Position, anti_tiles: bool, sink: &mut S) {
    movegen::generate_with(pos, castling_rules(), sink, |sink, checkers, target| {
        let holes = pos.holes();
        if checkers == 0 {
            sink.tiles(holes, TileAction::Drop);
            sink.tiles(
                pos.owned(pos.side as usize) & !pos.occupied(),
                TileAction::Remove,
            );
        }
        if anti_tiles {
            // Anywhere when not in check; between the king and a checking slider otherwise.
            sink.tiles(holes & target, TileAction::Anti);
        }
    });
}

/// Whether `m` is legal, tested directly rather than by generating everything: the action
/// fits the position, and a piece move leaves the mover's king safe.
pub fn is_legal(pos: &Position, anti_tiles: bool, m: Move) -> bool {
    let us = pos.side as usize;
    let to = m.to();
    let holes = pos.holes();
    match m.kind() {
        MoveKind::DropTile => holes & bb(to) != 0 && pos.checkers() == 0,
        MoveKind::RemoveTile => {
            pos.owned(us) & !pos.occupied() & bb(to) != 0 && pos.checkers() == 0
        }
        MoveKind::DropAnti => {
            if !anti_tiles || holes & bb(to) == 0 {
                return false;
            }
            let c = pos.checkers();
            let ksq = pos.king_square(us);
            c == 0
                || (c & (c - 1) == 0
                    && tables().between(ksq, c.trailing_zeros() as Square) & bb(to) != 0)
        }
        _ => match play_of(m) {
            Some(Play::Castling) | None => {
                // Rare: trust the generator.
                let mut v = Vec::new();
                generate(pos, anti_tiles, &mut Lister(&mut v));
                v.contains(&m)
            }
            Some(play) => pos.is_legal_move(m.from(), to, play, castling_rules()),
        },
    }
}
