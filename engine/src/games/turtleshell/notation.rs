//! Text forms: moves (`D0D3`, `C8C9r`) and the text picture.

use crate::core::bitboard::{bit, Cell};
use crate::core::game::RuleError;

use super::piece::Kind;
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
