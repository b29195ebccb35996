//! Text forms: moves (`D0D3`, `C8C9r`), the FEN-like position text, and the text picture.
//!
//! FEN-like form: ten ranks from 9 down to 0 separated by `/`, then the side to move (`w` or
//! `b`). Rank *k* lists the cells whose name ends in the digit *k*, in letter order (rank 4 is
//! `A4 C4 F4 H4`); a letter is a piece (`P R N G K`, lowercase for Black), a digit a run of
//! empty cells. The start: `rnggnr/p2k1p/ppp1pp/8/8/4/8/PPP1PP/P2K1P/RNGGNR w`.

use crate::bitboard::{bit, Cell};
use crate::game::{Player, RuleError};

use super::board::board;
use super::piece::{Kind, Piece};
use super::position::{Move, Position};

impl Position {
    pub fn cell_name(&self, c: Cell) -> &'static str {
        self.b.geometry.cell_name(c)
    }

    pub fn format_move(&self, m: Move) -> String {
        let mut s = format!("{}{}", self.cell_name(m.from), self.cell_name(m.to));
        if m.promote {
            s.push('r');
        }
        s
    }

    /// Parses `D0D3` or `C8C9r`; returns only legal moves and says why a move is not.
    pub fn parse_move(&self, s: &str) -> Result<Move, RuleError> {
        let bad = || {
            RuleError::new(format!(
                "'{s}' is not a Turtle Shell move (write origin and target cells, as D0D3, \
                 and a trailing r to promote, as C8C9r)"
            ))
        };
        if !s.is_ascii() || !(4..=5).contains(&s.len()) {
            return Err(bad());
        }
        let cell = |t: &str| {
            self.b
                .geometry
                .cell(t)
                .ok_or_else(|| RuleError::new(format!("'{t}' is not a cell of the board")))
        };
        let from = cell(&s[0..2])?;
        let to = cell(&s[2..4])?;
        let promote = match &s[4..] {
            "" => false,
            "r" => true,
            _ => return Err(bad()),
        };
        let m = Move { from, to, promote };
        if self.is_legal_move(m) {
            return Ok(m);
        }
        Err(RuleError::new(format!(
            "{s} is illegal: {}",
            self.why_illegal(m)
        )))
    }

    fn why_illegal(&self, m: Move) -> String {
        let (from, to) = (self.cell_name(m.from), self.cell_name(m.to));
        let Some(p) = self.squares[m.from as usize] else {
            return format!("no piece on {from}");
        };
        if p.side != self.side {
            return format!("the piece on {from} is {}'s", p.side.name());
        }
        if self.targets(m.from, p) & bit(m.to) == 0 {
            return format!("the piece on {from} cannot move to {to}");
        }
        let us = self.side.index();
        if m.promote && (p.kind != Kind::Pawn || self.b.promotion_zone[us] & bit(m.to) == 0) {
            return format!("only a pawn arriving in its promotion zone promotes; {to} is not one");
        }
        if p.kind == Kind::Pawn && !m.promote && self.b.end_zone[us] & bit(m.to) != 0 {
            return format!("a pawn reaching {to} must promote (write {from}{to}r)");
        }
        if !self.keeps_king_safe(m) {
            return "it leaves the king in check".to_string();
        }
        if self.recreates_earlier(m) {
            return "it recreates an earlier position (ko rule)".to_string();
        }
        "not a legal move".to_string()
    }

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

    /// The cells drawn on a grid by name (letter across, digit up), White at the bottom.
    /// Cells that do not exist are blank; empty cells are dots.
    pub fn picture(&self) -> String {
        let g = &self.b.geometry;
        let letters = "ABCDEFGH";
        let mut out = String::from("    A B C D E F G H\n");
        for digit in (0..10).rev() {
            out.push_str(&format!(" {digit} "));
            for l in letters.chars() {
                let name = format!("{l}{digit}");
                let ch = match g.cell(&name) {
                    None => ' ',
                    Some(c) => self.squares[c as usize].map_or('.', |p| p.symbol()),
                };
                out.push(' ');
                out.push(ch);
            }
            let out_trim = out.trim_end().len();
            out.truncate(out_trim);
            out.push('\n');
        }
        out.push_str("    A B C D E F G H\n");
        if self.in_check(self.side) {
            out.push_str(&format!("{} is in check\n", self.side.name()));
        }
        out
    }
}
