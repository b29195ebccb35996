//! Action notation: `e2e3`; two-part actions `c1d3xd4` (move c1 to d3, then capture on d4,
//! ending on d4); promotions suffixed with the lower-case type letter, `e7e8g`.
//!
//! Layer 3 adds: `*` after the cell where a carrier sets its passenger down (`c3*e4`: the
//! carrier leaves it on c3; `b1c3*xd4`: it drops it on c3 before capturing), `@` and the
//! cell where a freed king is set (`c1d3xd4@e5`), `:` and the compass point the mover faces
//! when Polarity leaves a choice (`c1e3:e`); a turn in place `e4:w`; a replacement `e2=j`.

use crate::core::bitboard::bit;
use crate::core::game::RuleError;

use super::pieces::Kind;
use super::position::{compass, from_compass, Move, DROP, LEAVE, NO_CELL};
use super::Tches;

impl Tches {
    pub(super) fn format_move(&self, m: Move) -> String {
        let g = &self.tables.geo;
        let me = self.pos.side;
        let mut s = String::from(g.cell_name(m.from));
        if let (true, Some(k)) = (m.in_place(), m.promo) {
            s.push('=');
            s.push(k.letter().to_ascii_lowercase());
            return s;
        }
        if m.in_place() {
            s.push(':');
            s.push(compass(me, m.face));
            return s;
        }
        if m.mode == LEAVE {
            s.push('*');
        }
        if m.is_two_part() {
            s.push_str(g.cell_name(m.via));
            if m.mode == DROP {
                s.push('*');
            }
            s.push('x');
        }
        s.push_str(g.cell_name(m.to));
        if let Some(k) = m.promo {
            s.push(k.letter().to_ascii_lowercase());
        }
        if m.place != NO_CELL {
            s.push('@');
            s.push_str(g.cell_name(m.place));
        }
        if self.facing_choice(m) {
            s.push(':');
            s.push(compass(me, m.face));
        }
        s
    }

    /// True when Polarity lets the mover of `m` choose its facing (the text then names it).
    pub(super) fn facing_choice(&self, m: Move) -> bool {
        match self.pos.at(m.from) {
            Some((_, k)) => self.facings(k, self.pos.facing(m.from), m).1 > 1,
            None => false,
        }
    }

    /// Reads the syntax only; the caller matches it against the legal actions. The facing is
    /// `None` when the text names none.
    pub(super) fn read_move(&self, text: &str) -> Result<(Move, Option<u8>), RuleError> {
        let bad = |why: &str| Err(RuleError::new(format!("bad TCHES action '{text}': {why}")));
        let g = &self.tables.geo;
        let me = self.pos.side;
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
        let facing = |rest: &mut &str| -> Result<Option<u8>, ()> {
            match rest.strip_prefix(':') {
                None => Ok(None),
                Some(after) => {
                    let mut ch = after.chars();
                    let f = ch.next().and_then(|c| from_compass(me, c)).ok_or(())?;
                    *rest = ch.as_str();
                    Ok(Some(f))
                }
            }
        };
        let Some(from) = cell(&mut rest) else {
            return bad("expected a start cell like e2");
        };
        if let Some(after) = rest.strip_prefix('=') {
            let mut ch = after.chars();
            return match (ch.next(), ch.next()) {
                (Some(c), None) if c.is_ascii_lowercase() => match Kind::from_letter(c) {
                    Some(k) => Ok((
                        Move {
                            promo: Some(k),
                            ..Move::simple(from, from)
                        },
                        None,
                    )),
                    None => bad("unknown replacement letter"),
                },
                _ => bad("a replacement is a cell, '=' and a lower-case type letter"),
            };
        }
        if rest.starts_with(':') {
            return match facing(&mut rest) {
                Ok(Some(f)) if rest.is_empty() => Ok((
                    Move {
                        face: f,
                        ..Move::simple(from, from)
                    },
                    Some(f),
                )),
                _ => bad("a turn in place is a cell, ':' and n, e, s or w"),
            };
        }
        let mut mode = 0;
        if let Some(after) = rest.strip_prefix('*') {
            rest = after;
            mode = LEAVE;
        }
        let Some(first) = cell(&mut rest) else {
            return bad("expected a destination cell");
        };
        let mut m = Move::simple(from, first);
        if let Some(after) = rest.strip_prefix('*') {
            if mode != 0 || !after.starts_with('x') {
                return bad(
                    "a passenger is set down once: '*' after the start or the landing of a capture",
                );
            }
            rest = after;
            mode = DROP;
        }
        // `x` is both the capture mark and the Exarch's promotion letter: a capture mark is
        // always followed by a cell, a promotion letter ends the action or comes before '@'
        // or ':'.
        let capture_mark = rest
            .strip_prefix('x')
            .is_some_and(|a| a.starts_with(|c: char| ('a'..='h').contains(&c)));
        if capture_mark {
            rest = &rest[1..];
            let Some(to) = cell(&mut rest) else {
                return bad("expected the captured cell after 'x'");
            };
            m = Move::two_part(from, first, to);
        } else if mode == DROP {
            return bad("'*' after the landing is followed by a capture");
        }
        m.mode = mode;
        if let Some(ch) = rest.chars().next().filter(|c| c.is_ascii_alphabetic()) {
            if !ch.is_ascii_lowercase() {
                return bad("the promotion letter is written in lower case");
            }
            match Kind::from_letter(ch) {
                Some(k) => m.promo = Some(k),
                None => return bad("unknown promotion letter"),
            }
            rest = &rest[1..];
        }
        if let Some(after) = rest.strip_prefix('@') {
            rest = after;
            let Some(p) = cell(&mut rest) else {
                return bad("expected the cell of the freed king after '@'");
            };
            m.place = p;
        }
        let Ok(face) = facing(&mut rest) else {
            return bad("a facing is ':' and n, e, s or w");
        };
        if !rest.is_empty() {
            return bad("unexpected text at the end");
        }
        if let Some(f) = face {
            m.face = f;
        }
        Ok((m, face))
    }

    /// The legal action the text names, or why there is none.
    pub(super) fn parse_move(&self, text: &str) -> Result<Move, RuleError> {
        let (m, face) = self.read_move(text)?;
        let illegal = |why: &str| {
            Err(RuleError::new(if why.is_empty() {
                format!("{text} is illegal: {}", self.why_illegal(m))
            } else {
                format!("illegal TCHES action '{text}'{why}")
            }))
        };
        if m.in_place() {
            return if crate::core::game::Game::is_legal(self, m) {
                Ok(m)
            } else {
                illegal("")
            };
        }
        let mut v = Vec::new();
        if self.pos.used & crate::core::bitboard::bit(m.from) == 0
            && matches!(self.pos.at(m.from), Some((p, _)) if p == self.pos.side)
        {
            self.piece_actions(m.from, &mut v);
        }
        let same = |a: &Move| {
            a.from == m.from
                && a.via == m.via
                && a.to == m.to
                && a.promo == m.promo
                && a.mode == m.mode
                && a.place == m.place
        };
        let mut found = None;
        for &a in v.iter().filter(|a| same(a)) {
            let choice = self.facing_choice(a);
            match face {
                Some(f) if choice && a.face == f => found = Some(a),
                None if !choice => found = Some(a),
                _ => {}
            }
        }
        match found {
            Some(a) if crate::core::game::Game::is_legal(self, a) => Ok(a),
            Some(_) => illegal(""),
            None if face.is_none() && v.iter().any(|a| same(a) && self.facing_choice(*a)) => {
                illegal(": name the facing, ':' and n, e, s or w")
            }
            None if v.iter().any(|a| {
                a.from == m.from && a.via == m.via && a.to == m.to && a.place != m.place
            }) =>
            {
                illegal(": the freed king goes to a nearest free cell, written '@' and the cell")
            }
            None => illegal(""),
        }
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
        // Under `Target` the piece to keep safe is another type: the message names it.
        let royal = self.tables.rules.target.name();
        let mut after = self.clone();
        after.play_raw(m);
        if after.won(me).is_some() {
            let open = if self.tables.rules.target == Kind::King {
                "open to capture".to_string()
            } else {
                format!("with the {royal} open to capture")
            };
            return format!(
                "the king would reach the portal {open} (reaching the portal does not lift \
                 king safety)"
            );
        }
        if self.tables.rules.strike {
            format!("after it the turn cannot be finished with the {royal} safe")
        } else {
            format!("it leaves the {royal} open to capture")
        }
    }
}
