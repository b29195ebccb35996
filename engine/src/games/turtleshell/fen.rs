//! The FEN-like position text: ten ranks from 9 down to 0 separated by `/`, then the side to
//! move (`w` or `b`). Rank *k* lists the cells whose name ends in the digit *k*, in letter
//! order (rank 4 is `A4 C4 F4 H4`); a letter is a piece (`P R N G K`, lowercase for Black), a
//! digit a run of empty cells. The start: `rnggnr/p2k1p/ppp1pp/8/8/4/8/PPP1PP/P2K1P/RNGGNR w`.

use crate::core::bitboard::{bit, Cell};
use crate::core::game::{Player, RuleError};

use super::board::board;
use super::piece::{Kind, Piece};
use super::position::Position;

impl Position {
    pub fn fen(&self) -> String {
        let mut ranks = Vec::with_capacity(10);
        for rank in self.b.ranks.iter().rev() {
            let mut s = String::new();
            let mut empty = 0;
            for &c in rank {
                match self.squares[c as usize] {
                    Some(p) => {
                        if empty > 0 {
                            s.push_str(&empty.to_string());
                            empty = 0;
                        }
                        s.push(p.symbol());
                    }
                    None => empty += 1,
                }
            }
            if empty > 0 {
                s.push_str(&empty.to_string());
            }
            ranks.push(s);
        }
        format!("{} {}", ranks.join("/"), self.side.fen_char())
    }

    /// Parses the FEN-like form and checks that the position can be played: one king each,
    /// no pawn on a cell where it would have had to promote, the side not to move not in
    /// check. The key history starts afresh.
    pub fn from_fen(fen: &str) -> Result<Position, RuleError> {
        let b = board();
        let fields: Vec<&str> = fen.split_whitespace().collect();
        let [placement, side] = fields[..] else {
            return Err(RuleError::new(format!(
                "a Turtle Shell position is '<ranks 9 to 0> <w|b>', not '{fen}'"
            )));
        };
        let side = match side {
            "w" => Player::White,
            "b" => Player::Black,
            _ => {
                return Err(RuleError::new(format!(
                    "side to move is w or b, not '{side}'"
                )))
            }
        };
        let ranks: Vec<&str> = placement.split('/').collect();
        if ranks.len() != 10 {
            return Err(RuleError::new(format!(
                "expected 10 ranks (9 down to 0) separated by '/', found {}",
                ranks.len()
            )));
        }
        let mut placed: Vec<(Cell, Piece)> = Vec::new();
        for (text, digit) in ranks.iter().zip((0..10).rev()) {
            let cells = &b.ranks[digit];
            let mut i = 0;
            for ch in text.chars() {
                if let Some(n) = ch.to_digit(10) {
                    if n == 0 {
                        return Err(RuleError::new(format!(
                            "rank {digit}: empty runs are 1 to 8"
                        )));
                    }
                    i += n as usize;
                } else if let Some(p) = Piece::from_symbol(ch) {
                    if i < cells.len() {
                        placed.push((cells[i], p));
                    }
                    i += 1;
                } else {
                    return Err(RuleError::new(format!(
                        "rank {digit}: '{ch}' is not a piece (P R N G K, lowercase for Black)"
                    )));
                }
                if i > cells.len() {
                    break;
                }
            }
            if i != cells.len() {
                return Err(RuleError::new(format!(
                    "rank {digit} has {} cells, the text describes {i}",
                    cells.len()
                )));
            }
        }
        for p in [Player::White, Player::Black] {
            let kings = placed
                .iter()
                .filter(|(_, x)| x.side == p && x.kind == Kind::King)
                .count();
            if kings != 1 {
                return Err(RuleError::new(format!(
                    "{} must have exactly one king, not {kings}",
                    p.name()
                )));
            }
            if let Some((c, _)) = placed.iter().find(|(c, x)| {
                x.side == p && x.kind == Kind::Pawn && b.end_zone[p.index()] & bit(*c) != 0
            }) {
                return Err(RuleError::new(format!(
                    "a {} pawn cannot stand on {}: it would have promoted",
                    p.name(),
                    b.geometry.cell_name(*c)
                )));
            }
        }
        let pos = Position::from_pieces(&placed, side);
        if pos.in_check(side.opponent()) {
            return Err(RuleError::new(format!(
                "{} is in check but it is {}'s turn",
                side.opponent().name(),
                side.name()
            )));
        }
        Ok(pos)
    }
}
