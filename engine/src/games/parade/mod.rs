//! Parade Chess Solitaire (chess kit): one player, the 16 non-pawn pieces and their 16 cards.
//!
//! Rules as implemented: the shuffled deck's first eight cards are the setup, each card's piece
//! placed a1 onwards after its gap of empty cells (knight 1, bishop 2, rook 3, queen 5, king 6);
//! the last eight are the hand, face down. Each card is spent on one action: a *move* (the top
//! card is discarded unseen; a piece relocates a piece of the other colour from a cell it
//! attacks to an empty cell it attacks once that piece is lifted) or an *add* (the top card is
//! turned up and its piece placed after its gap past the piece farthest along a1..h8; an add
//! that would pass h8 is not possible). The game is won when the pieces form one orthogonally
//! connected group, scoring the cards left in hand. When the hand runs out first, the 16 cards
//! count negative points, one per move (no adds), until the group forms; after 16 the game is
//! lost (-16), as it is when no action is possible.

mod eval;
mod fen;
mod hidden;
mod movegen;
mod notation;
mod position;

#[cfg(test)]
mod tests;

use crate::core::bitboard::Cell;
use crate::core::game::{Game, Outcome, Player, RuleError};
use crate::core::options::{OptionSpec, VariantOptions};
use crate::core::solo::Dealt;
use crate::core::variant::Variant;
use crate::kits::cards::{format_cards, Card};
use crate::kits::solitaire::board::cell_name;
use crate::kits::solitaire::options;
use crate::kits::solitaire::{lost, solitaire_game_parts, won};

pub use eval::{Weights, LOST};
pub use hidden::{ParadeSeen, ParadeView};
pub use position::{add_cell, card_piece, deck_cards, ParadeAction, Position, NEGATIVE_MAX};

/// A game of Parade: the position, the start position of its deal (for `reset`) and the
/// greedy player's weights.
#[derive(Clone, Debug)]
pub struct Parade {
    pos: Position,
    start: Position,
    weights: Weights,
}

impl Parade {
    /// The position after the setup of a deal (the 16 cards, top first).
    pub fn from_deal(order: &[Card]) -> Result<Parade, RuleError> {
        let pos = Position::deal(order)?;
        Ok(Parade {
            pos,
            start: pos,
            weights: Weights::default(),
        })
    }

    /// A deal shuffled from a seed.
    pub fn shuffled(seed: u64) -> Parade {
        let mut order = deck_cards().to_vec();
        crate::kits::solitaire::pile::shuffle(&mut order, &mut options::rng(seed));
        Parade::from_deal(&order).expect("a shuffled deck is a deal")
    }

    /// The game the options describe: the `Deal`, or one shuffled from `DealSeed`.
    pub fn from_options(opts: &VariantOptions) -> Result<Parade, RuleError> {
        match options::deal_text(opts) {
            Some(text) => Parade::from_deal(&options::cards(text)?),
            None => Ok(Parade::shuffled(options::seed(opts)?)),
        }
    }

    pub fn position(&self) -> &Position {
        &self.pos
    }

    /// The deal of the start position, top card first.
    pub fn deal(&self) -> Vec<Card> {
        self.start.deck.known_cards()
    }

    pub fn set_weights(&mut self, w: Weights) {
        self.weights = w;
    }

    /// The same game played by a player who does not know the deck order (see
    /// `Position::fair`): what the referee and the protocol hold.
    pub fn fair(mut self) -> Parade {
        self.pos.fair = true;
        self.start.fair = true;
        self
    }

    /// The clairvoyant puzzle: the player knows the whole deal.
    pub fn with_clairvoyance(mut self) -> Parade {
        self.pos.fair = false;
        self.start.fair = false;
        self
    }

    pub fn is_fair(&self) -> bool {
        self.pos.fair
    }
}

impl Game for Parade {
    type Action = ParadeAction;
    type Undo = Position;

    solitaire_game_parts!();

    fn variant(&self) -> &'static str {
        "parade"
    }

    fn score_bounds(&self) -> (f64, f64) {
        (LOST.points as f64, position::HAND as f64)
    }

    fn legal_actions(&self, out: &mut Vec<ParadeAction>) {
        if self.terminal().is_none() {
            movegen::generate(&self.pos, deck_cards(), out);
        }
    }

    fn terminal(&self) -> Option<Outcome> {
        if self.pos.pending {
            None
        } else if self.pos.connected() {
            Some(won("one connected group"))
        } else if self.pos.negative >= NEGATIVE_MAX {
            Some(lost("all 16 negative points counted"))
        } else {
            None
        }
    }

    fn no_action_outcome(&self) -> Outcome {
        lost("no action possible")
    }

    fn parse_action(&self, s: &str) -> Result<ParadeAction, RuleError> {
        if let Some(o) = self.terminal() {
            return Err(RuleError::new(format!("the game is over ({o})")));
        }
        notation::parse(&self.pos, deck_cards(), s)
    }

    fn format_action(&self, a: ParadeAction) -> String {
        notation::format(&self.pos, a)
    }

    fn fen(&self) -> String {
        fen::fen(&self.pos)
    }

    fn set_fen(&mut self, text: &str) -> Result<(), RuleError> {
        let mut pos = fen::parse(text)?;
        pos.fair = self.pos.fair;
        self.pos = pos;
        Ok(())
    }

    fn display(&self) -> String {
        self.pos.board.picture_with(self.panel())
    }

    fn pieces(&self) -> Vec<(Cell, String)> {
        self.pos.board.symbols()
    }

    fn panel(&self) -> Vec<String> {
        let p = &self.pos;
        let d = &p.deck;
        let shown = d.turned_up();
        let face_down = d.face_down();
        let mut lines = vec![format!(
            "hand: {} card{}{}",
            d.left(),
            if d.left() == 1 { "" } else { "s" },
            d.upcoming_note()
        )];
        lines.push(format!(
            "discards: {}{}",
            if shown.is_empty() {
                "-".to_string()
            } else {
                format_cards(&shown)
            },
            if face_down > 0 {
                format!(" and {face_down} face down")
            } else {
                String::new()
            }
        ));
        if p.pending {
            lines.push("an add waits for its card".into());
        } else if d.left() > 0 {
            lines.push(match (d.top(), p.next_add()) {
                (Some(_), Some((piece, cell))) => {
                    format!("next add: {} on {}", piece.name(), cell_name(cell))
                }
                (Some(card), None) => {
                    format!("next add: not possible ({card} would pass h8)")
                }
                _ => "next add: the card is unknown".to_string(),
            });
        }
        if d.left() == 0 {
            lines.push(format!("negative points: {} of {NEGATIVE_MAX}", p.negative));
        }
        lines.push(match self.terminal() {
            Some(Outcome::Win {
                winner: Player::White,
                ..
            }) => format!("won: score {}", p.points()),
            Some(_) => format!("lost: score {}", LOST.points),
            None => format!("score if won now: {}", p.points()),
        });
        lines
    }
}

impl Dealt for Parade {
    fn from_seed(seed: u64, _opts: &VariantOptions) -> Result<Self, RuleError> {
        Ok(Parade::shuffled(seed))
    }

    fn deal_text(&self) -> String {
        format_cards(&self.deal())
    }

    fn played_fairly(self) -> Self {
        self.fair()
    }
}

impl Variant for Parade {
    const NAME: &'static str = "parade";
    const SUMMARY: &'static str =
        "Parade Chess Solitaire: one player spends 8 cards to move or add pieces into \
              one connected group";
    const OPTIONS: &'static [OptionSpec] = &options::OPTIONS;

    fn from_options(opts: &VariantOptions) -> Result<Parade, RuleError> {
        Parade::from_options(opts)
    }
}
