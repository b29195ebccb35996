//! What the `d` command prints and what pictures draw: pieces, holes, each empty tile's owner
//! and anti-tiles.
//!
//! An occupied tile always belongs to the side of the piece on it, so only empty tiles get an
//! owner mark: a mark under every piece would repeat the piece's colour.

use super::fen::{ANTI_TILE, BLACK_TILE, WHITE_TILE};
use super::position::Position;
use super::TiledSquares;
use crate::core::bitboard::{Bits, Cell};
use crate::core::game::{CellMark, Game, Player};
use crate::kits::chessboard::attacks::bb;
use crate::kits::chessboard::PieceKind;

fn piece_letter(pos: &Position, s: u8) -> Option<char> {
    pos.piece_at(s).map(|(c, k)| {
        let l = PieceKind::from_index(k).letter();
        if c == 0 {
            l.to_ascii_uppercase()
        } else {
            l
        }
    })
}

/// The character shown for a cell: a piece letter, `$`/`%` for an empty tile by owner, `*`
/// for an anti-tile, a blank for a hole.
fn cell_char(pos: &Position, s: u8) -> char {
    if let Some(l) = piece_letter(pos, s) {
        l
    } else if pos.floor.anti & bb(s) != 0 {
        ANTI_TILE
    } else if pos.floor.white_tiles & bb(s) != 0 {
        WHITE_TILE
    } else if pos.floor.tiles & bb(s) != 0 {
        BLACK_TILE
    } else {
        ' '
    }
}

pub fn text(g: &TiledSquares) -> String {
    let pos = g.position();
    let mut s = String::new();
    s.push_str("  +---+---+---+---+---+---+---+---+\n");
    for rank in (0..8u8).rev() {
        s.push_str(&format!("{} |", rank + 1));
        for file in 0..8u8 {
            s.push_str(&format!(" {} |", cell_char(pos, rank * 8 + file)));
        }
        s.push('\n');
        s.push_str("  +---+---+---+---+---+---+---+---+\n");
    }
    s.push_str("    a   b   c   d   e   f   g   h\n");
    s.push_str("  $ empty White tile, % empty Black tile, blank: hole (no tile)");
    if g.anti_tiles() {
        s.push_str(", * anti-tile");
    }
    s.push_str("\n\n");
    for line in panel(g).into_iter().skip(1) {
        s.push_str(&line);
        s.push('\n');
    }
    s.push_str(&format!("Key: {:016X}\n", pos.key));
    s
}

pub fn pieces(pos: &Position) -> Vec<(Cell, String)> {
    Bits(pos.occupied())
        .filter_map(|s| piece_letter(pos, s).map(|l| (s as Cell, l.to_string())))
        .collect()
}

pub fn marks(pos: &Position) -> Vec<(Cell, CellMark)> {
    let mut out = Vec::new();
    for s in Bits(pos.holes()) {
        out.push((s, CellMark::Hole));
    }
    for s in Bits(pos.empty_tiles()) {
        let owner = if pos.floor.white_tiles & bb(s) != 0 {
            Player::White
        } else {
            Player::Black
        };
        out.push((s, CellMark::Owner(owner)));
    }
    for s in Bits(pos.floor.anti) {
        out.push((s, CellMark::Note(ANTI_TILE.to_string())));
    }
    out
}

pub fn panel(g: &TiledSquares) -> Vec<String> {
    let pos = g.position();
    let mut lines = vec![format!(
        "{} to move{}",
        g.to_move().name(),
        if pos.checkers() != 0 {
            ", in check"
        } else {
            ""
        }
    )];
    let empty = pos.empty_tiles();
    lines.push(format!(
        "tiles: {} ({} empty: White owns {}, Black owns {}), holes: {}",
        pos.floor.tiles.count_ones(),
        empty.count_ones(),
        (empty & pos.owned(0)).count_ones(),
        (empty & pos.owned(1)).count_ones(),
        pos.holes().count_ones()
    ));
    if g.anti_tiles() {
        lines.push(format!("anti-tiles: {}", pos.floor.anti.count_ones()));
    }
    lines
}
