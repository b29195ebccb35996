//! Action text. Piece moves as in UCI (`e2e4`, `e7e8q`, castling as the king's move `e1g1`);
//! tile actions in the rule text's own notation: `$-e4` White drops a tile on e4, `%-e4`
//! Black does, `-e6` removes the empty tile on e6. With the `AntiTiles` option, `*-e4` drops
//! an anti-tile (either side: anti-tiles have no owner; `*` is their FEN letter too).

use super::action::{Move, MoveKind};
use super::fen::{ANTI_TILE, BLACK_TILE, WHITE_TILE};
use super::position::KING;
use super::TiledSquares;
use crate::core::game::{Game, RuleError};
use crate::kits::chessboard::attacks::bb;
use crate::kits::chessboard::{parse_square, square_name};

/// The text of an action legal in a position where `white` is to move.
pub fn format(m: Move, white: bool) -> String {
    let (from, to) = (square_name(m.from()), square_name(m.to()));
    match m.kind() {
        MoveKind::Normal | MoveKind::EnPassant | MoveKind::Castling => format!("{from}{to}"),
        MoveKind::Promotion(k) => format!("{from}{to}{}", k.letter()),
        MoveKind::DropTile => {
            let c = if white { WHITE_TILE } else { BLACK_TILE };
            format!("{c}-{to}")
        }
        MoveKind::RemoveTile => format!("-{to}"),
        MoveKind::DropAnti => format!("{ANTI_TILE}-{to}"),
    }
}

fn err(msg: impl Into<String>) -> RuleError {
    RuleError::new(msg)
}

/// Parses an action; only legal actions are returned, and an illegal one gets a reason.
pub fn parse(g: &TiledSquares, s: &str) -> Result<Move, RuleError> {
    let s = s.trim();
    if let Some(o) = g.terminal() {
        return Err(err(format!("game is over ({o}); '{s}' not legal")));
    }
    let pos = g.position();
    let white = pos.side == 0;
    if let Some((head, cell)) = s.split_once('-') {
        let c = parse_square(cell).ok_or_else(|| {
            err(format!(
                "'{s}': a tile action is $-e4, %-e4, -e4 or *-e4 with a square a1..h8"
            ))
        })?;
        let m = match head {
            "$" | "%" => {
                let own = if white { "$" } else { "%" };
                if head != own {
                    return Err(err(format!(
                        "'{s}': {} drops its tiles with '{own}'",
                        if white { "White" } else { "Black" }
                    )));
                }
                Move::drop_tile(c)
            }
            "" => Move::remove_tile(c),
            "*" if g.anti_tiles() => Move::drop_anti(c),
            "*" => {
                return Err(err(format!(
                    "'{s}': anti-tiles need the option AntiTiles set to true"
                )))
            }
            _ => {
                return Err(err(format!(
                    "'{s}' is not an action (tile actions: $-e4, %-e4, -e4, *-e4)"
                )))
            }
        };
        if g.is_legal(m) {
            return Ok(m);
        }
        let why = if pos.checkers() != 0 && m.kind() != MoveKind::DropAnti {
            "a tile action cannot answer a check".to_string()
        } else {
            match m.kind() {
                MoveKind::RemoveTile => format!(
                    "{cell} is not an empty tile {} owns",
                    if white { "White" } else { "Black" }
                ),
                MoveKind::DropAnti if pos.checkers() != 0 => {
                    format!("an anti-tile on {cell} does not block the check")
                }
                _ => format!("{cell} is not a hole (tiles go on empty untiled cells)"),
            }
        };
        return Err(err(format!("illegal action '{s}': {why}")));
    }
    let b = s.as_bytes();
    let shape_ok = (4..=5).contains(&b.len())
        && s.is_ascii()
        && parse_square(&s[0..2]).is_some()
        && parse_square(&s[2..4]).is_some()
        && (b.len() == 4 || matches!(b[4], b'q' | b'r' | b'b' | b'n'));
    if !shape_ok {
        return Err(err(format!(
            "'{s}' is not an action (moves as in UCI: e2e4, e7e8q; tiles: $-e4, %-e4, -e4)"
        )));
    }
    let mut moves = Vec::new();
    g.legal_actions(&mut moves);
    if let Some(&m) = moves.iter().find(|&&m| format(m, white) == s) {
        return Ok(m);
    }
    let (from, to) = (
        parse_square(&s[0..2]).unwrap_or(0),
        parse_square(&s[2..4]).unwrap_or(0),
    );
    let onto_hole = pos.floor.tiles & bb(to) == 0 && pos.occupied() & bb(to) == 0;
    let mover = pos.piece_at(from);
    let why = match mover {
        None => format!("no piece on {}", &s[0..2]),
        Some((c, _)) if c != pos.side as usize => format!("the piece on {} is not yours", &s[0..2]),
        Some((_, k)) if k != KING && onto_hole => format!(
            "{} has no tile: only the king lands on untiled cells",
            &s[2..4]
        ),
        _ => format!("not legal in {}", g.fen()),
    };
    Err(err(format!("illegal move '{s}': {why}")))
}
