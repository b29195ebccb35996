//! Action notation: `e2e3`; two-part actions `c1d3xd4` (move c1 to d3, then capture on d4,
//! ending on d4); promotions suffixed with the lower-case type letter, `e7e8g`.

use crate::game::RuleError;

use super::pieces::Kind;
use super::position::Move;
use super::Tches;

impl Tches {
    pub(super) fn format_move(&self, m: Move) -> String {
        let g = &self.tables.geo;
        let mut s = String::from(g.cell_name(m.from));
        if m.is_two_part() {
            s.push_str(g.cell_name(m.via));
            s.push('x');
        }
        s.push_str(g.cell_name(m.to));
        if let Some(k) = m.promo {
            s.push(k.letter().to_ascii_lowercase());
        }
        s
    }

    /// Reads the syntax only; legality is checked by the caller.
    pub(super) fn read_move(&self, text: &str) -> Result<Move, RuleError> {
        let bad = |why: &str| Err(RuleError::new(format!("bad TCHES action '{text}': {why}")));
        let g = &self.tables.geo;
        let mut rest = text;
        let cell = |rest: &mut &str| -> Option<u8> {
            let b = rest.as_bytes();
            if b.len() < 2 || !(b'a'..=b'h').contains(&b[0]) || !(b'1'..=b'8').contains(&b[1]) {
                return None;
            }
            let c = g.cell(&rest[..2]);
            *rest = &rest[2..];
            c
        };
        let Some(from) = cell(&mut rest) else {
            return bad("expected a start cell like e2");
        };
        let Some(first) = cell(&mut rest) else {
            return bad("expected a destination cell");
        };
        let mut m = Move::simple(from, first);
        // `x` is both the capture mark and the Exarch's promotion letter: a capture mark is
        // always followed by a cell, a promotion letter ends the action.
        if let Some(after) = rest.strip_prefix('x').filter(|a| !a.is_empty()) {
            rest = after;
            let Some(to) = cell(&mut rest) else {
                return bad("expected the captured cell after 'x'");
            };
            m = Move::two_part(from, first, to);
        }
        if !rest.is_empty() {
            let mut chars = rest.chars();
            let (Some(ch), None) = (chars.next(), chars.next()) else {
                return bad("unexpected text at the end");
            };
            if !ch.is_ascii_lowercase() {
                return bad("the promotion letter is written in lower case");
            }
            match Kind::from_letter(ch) {
                Some(k) => m.promo = Some(k),
                None => return bad("unknown promotion letter"),
            }
        }
        Ok(m)
    }
}
