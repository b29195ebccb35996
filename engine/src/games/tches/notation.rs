//! Action notation: `e2e3`; two-part actions `c1d3xd4` (move c1 to d3, then capture on d4,
//! ending on d4); promotions suffixed with the lower-case type letter, `e7e8g`.

use crate::bitboard::bit;
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

    /// Why an action the generator does not produce is illegal, for error messages. The
    /// checks follow the order a player would: the piece, its turn, its movement, king safety.
    pub(super) fn why_illegal(&self, m: Move) -> String {
        let g = &self.tables.geo;
        let (from, to) = (g.cell_name(m.from), g.cell_name(m.to));
        let me = self.pos.side;
        let Some((owner, kind)) = self.pos.at(m.from) else {
            return format!("no piece on {from}");
        };
        if owner != me {
            return format!("the {} on {from} is {}'s", kind.name(), owner.name());
        }
        if self.pos.used & bit(m.from) != 0 {
            return format!(
                "the {} on {from} has already acted this turn (Strike: three different pieces)",
                kind.name()
            );
        }
        let Some(moves_as) = self.pos.effective(me, kind) else {
            return format!(
                "the {} on {from} has no move to copy yet (the opponent has not moved)",
                kind.name()
            );
        };
        let mut own = Vec::new();
        self.piece_actions(m.from, &mut own);
        if !own.contains(&m) {
            let same_path = |a: &Move| a.from == m.from && a.via == m.via && a.to == m.to;
            let copying = if moves_as == kind {
                String::new()
            } else {
                format!(" (moving as a {})", moves_as.name())
            };
            let path: Vec<&Move> = own.iter().filter(|a| same_path(a)).collect();
            let promotes = path.iter().any(|a| a.promo.is_some());
            return match (path.is_empty(), m.promo) {
                (false, None) if promotes => format!(
                    "the {} reaching {to} must promote: add the letter of a type, e.g. {}",
                    kind.name(),
                    self.format_move(*path[0])
                ),
                (false, Some(_)) if !promotes => {
                    "only a pawn reaching the far rank promotes".to_string()
                }
                (false, Some(k)) => {
                    format!("the {} cannot promote to a {}", kind.name(), k.name())
                }
                (_, _) if m.is_two_part() => format!(
                    "the {} on {from}{copying} cannot move to {} and then capture on {to}",
                    kind.name(),
                    g.cell_name(m.via)
                ),
                (_, _) => format!("the {} on {from}{copying} cannot reach {to}", kind.name()),
            };
        }
        if self.tables.strike {
            "after it the turn cannot be finished with the king safe".to_string()
        } else {
            "it leaves the king open to capture".to_string()
        }
    }
}
