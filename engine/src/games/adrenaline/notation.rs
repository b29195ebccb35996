//! Action notation. Regular moves and steps as UCI writes moves (`e2e4`, `e7e8q`, castling as
//! the king's two squares `e1g1`, en passant as the pawn's move `e5d6`); a step that promotes
//! `g7g8q`; a placement `+h7` (a checker under the piece on h7); `end` stops the steps when no
//! checker is owed. A turn is its actions comma-joined: `d1h5,h5g6,+h7`.

use crate::core::game::RuleError;
use crate::kits::chessboard::{parse_square, square_name, MoveKind, PieceKind};

use super::movegen::Act;
use super::position::Phase;
use super::Adrenaline;

/// The word that ends a turn whose piece could still step.
pub const END: &str = "end";

pub fn format(a: Act) -> String {
    let promo = |p: Option<PieceKind>| p.map_or(String::new(), |k| k.letter().to_string());
    match a {
        Act::Regular(m) => {
            let to = if m.kind() == MoveKind::Castling {
                // The king's own destination: g-file or c-file of its rank.
                let base = m.from() & 56;
                if m.to() > m.from() {
                    base + 6
                } else {
                    base + 2
                }
            } else {
                m.to()
            };
            format!(
                "{}{}{}",
                square_name(m.from()),
                square_name(to),
                promo(m.promotion_piece())
            )
        }
        Act::Step { from, to, promo: p } => {
            format!("{}{}{}", square_name(from), square_name(to), promo(p))
        }
        Act::Place(s) => format!("+{}", square_name(s)),
        Act::End => END.to_string(),
    }
}

impl Adrenaline {
    /// Reads an action and returns it if it is legal here.
    pub(super) fn read(&self, text: &str) -> Result<Act, RuleError> {
        let bad = |why: &str| RuleError::new(format!("bad Adrenaline action '{text}': {why}"));
        let shape_ok = text == END
            || text
                .strip_prefix('+')
                .is_some_and(|s| parse_square(s).is_some())
            || (matches!(text.len(), 4 | 5)
                && text.is_char_boundary(2)
                && text.is_char_boundary(4)
                && parse_square(&text[..2]).is_some()
                && parse_square(&text[2..4]).is_some()
                && (text.len() == 4 || "qrbn".contains(&text[4..])));
        if !shape_ok {
            return Err(bad(
                "expected a move like e2e4 or e7e8q, a checker placement like +h7, or end",
            ));
        }
        let mut legal = Vec::new();
        self.pos.legal(&mut |a| legal.push(a));
        if let Some(&a) = legal.iter().find(|&&a| format(a) == text) {
            return Ok(a);
        }
        let why = match self.pos.phase {
            Phase::Regular if text.starts_with('+') || text == END => {
                "a turn starts with a regular move".to_string()
            }
            Phase::Regular => "not a legal move here".to_string(),
            Phase::Steps(s) if self.pos.captured => format!(
                "the piece on {} may step, or a checker must be placed (+square)",
                square_name(s)
            ),
            Phase::Steps(s) => format!(
                "the piece on {} may step, or the turn ends with '{END}'",
                square_name(s)
            ),
            Phase::Place => "a checker must be placed under an enemy piece (+square)".to_string(),
        };
        if legal.is_empty() {
            return Err(bad("no legal action here"));
        }
        Err(bad(&format!("illegal: {why}")))
    }
}
