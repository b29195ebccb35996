//! Action notation. Regular moves and steps as Adrenaline writes them (`e2e4`, `e7e8q`,
//! castling `e1g1`, a step `h5g6`); a card play is the card, `+` and the square of the piece
//! it puts a checker under (`9h+c1`); `end` stops without (more steps or) a card; chance's
//! draw is `#` and the card (`#5s`, seen as `#?` by the other player); `reshuffle` turns the
//! discard pile into the draw pile. A turn is its actions comma-joined: `d1d3,d3d4,9h+c1,#5s`.

use crate::core::game::RuleError;
use crate::games::adrenaline;
use crate::kits::cards::Card;
use crate::kits::chessboard::{parse_square, square_name};

use super::movegen::Act;

pub const END: &str = "end";
pub const RESHUFFLE: &str = "reshuffle";

pub fn card_text(c: Card) -> String {
    c.to_string().to_lowercase()
}

pub fn format(a: Act) -> String {
    match a {
        Act::Regular(m) => adrenaline::notation::format(adrenaline::Act::Regular(m)),
        Act::Step { from, to, promo } => {
            adrenaline::notation::format(adrenaline::Act::Step { from, to, promo })
        }
        Act::Card { card, sq } => format!("{}+{}", card_text(card), square_name(sq)),
        Act::End => END.into(),
        Act::Draw(c) => format!("#{}", card_text(c)),
        Act::Reshuffle => RESHUFFLE.into(),
    }
}

/// Whether `text` has the shape of some Booster action (before asking whether it is legal).
pub fn shape_ok(text: &str) -> bool {
    let sq_pair = |t: &str| {
        matches!(t.len(), 4 | 5)
            && t.is_char_boundary(2)
            && t.is_char_boundary(4)
            && parse_square(&t[..2]).is_some()
            && parse_square(&t[2..4]).is_some()
            && (t.len() == 4 || "qrbn".contains(&t[4..]))
    };
    text == END
        || text == RESHUFFLE
        || text
            .strip_prefix('#')
            .is_some_and(|c| Card::parse(c).is_ok())
        || text
            .split_once('+')
            .is_some_and(|(c, s)| Card::parse(c).is_ok() && parse_square(s).is_some())
        || sq_pair(text)
}

/// Finds `text` among `candidates` (written as `format` writes them; card text in any case).
pub fn find(text: &str, candidates: &[Act]) -> Result<Act, RuleError> {
    let t = text.trim().to_ascii_lowercase();
    if !shape_ok(&t) {
        return Err(RuleError::new(format!(
            "bad Booster action '{text}': expected a move like e2e4, a step, a card play like \
             9h+c1, end, a draw like #5s or reshuffle"
        )));
    }
    candidates
        .iter()
        .copied()
        .find(|&a| format(a) == t)
        .ok_or_else(|| {
            if candidates.is_empty() {
                RuleError::new(format!("'{text}' is not legal: no action is legal here"))
            } else {
                RuleError::new(format!(
                    "'{text}' is not legal here (legal: {})",
                    candidates
                        .iter()
                        .take(12)
                        .map(|&a| format(a))
                        .collect::<Vec<_>>()
                        .join(" ")
                        + if candidates.len() > 12 { " ..." } else { "" }
                ))
            }
        })
}
