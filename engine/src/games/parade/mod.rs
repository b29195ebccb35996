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
use crate::core::geometry::Geometry;
use crate::core::options::VariantOptions;
use crate::faces::session::AnyGame;
use crate::faces::variant::VariantInfo;
use crate::kits::cards::{format_cards, Card};
use crate::kits::solitaire::board::{cell_name, tables};
use crate::kits::solitaire::{options, report};

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
        (0..self.start.deck.len())
            .filter_map(|i| self.start.deck.card(i))
            .collect()
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

    fn variant(&self) -> &'static str {
        "parade"
    }

    fn geometry(&self) -> &Geometry {
        &tables().geo
    }

    fn to_move(&self) -> Player {
        Player::White
    }

    fn players(&self) -> usize {
        1
    }

    fn score(&self) -> Option<f64> {
        use crate::search::solo::Solitaire;
        self.result().map(|s| s.points as f64)
    }

    fn score_bounds(&self) -> (f64, f64) {
        (LOST.points as f64, position::HAND as f64)
    }

    fn legal_actions(&self, out: &mut Vec<ParadeAction>) {
        if self.terminal().is_none() {
            movegen::generate(&self.pos, deck_cards(), out);
        }
    }

    fn play(&mut self, a: ParadeAction) -> Position {
        let before = self.pos;
        self.pos.play(a);
        before
    }

    fn undo(&mut self, u: Position) {
        self.pos = u;
    }

    fn key(&self) -> u64 {
        self.pos.key
    }

    fn recompute_key(&self) -> u64 {
        self.pos.compute_key()
    }

    fn terminal(&self) -> Option<Outcome> {
        if self.pos.pending {
            None
        } else if self.pos.connected() {
            Some(Outcome::Win {
                winner: Player::White,
                reason: "one connected group",
            })
        } else if self.pos.negative >= NEGATIVE_MAX {
            Some(Outcome::Win {
                winner: Player::Black,
                reason: "all 16 negative points counted",
            })
        } else {
            None
        }
    }

    fn no_action_outcome(&self) -> Outcome {
        Outcome::Win {
            winner: Player::Black,
            reason: "no action possible",
        }
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

    fn reset(&mut self) {
        self.pos = self.start;
    }

    fn display(&self) -> String {
        let mut s = self.pos.board.picture();
        for l in self.panel() {
            s.push_str(&l);
            s.push('\n');
        }
        s
    }

    fn pieces(&self) -> Vec<(Cell, String)> {
        self.pos
            .board
            .pieces()
            .map(|(c, p)| (c, p.symbol().to_string()))
            .collect()
    }

    fn panel(&self) -> Vec<String> {
        let p = &self.pos;
        let d = &p.deck;
        let word = |i: usize| d.card(i).map_or("?".to_string(), |c| c.to_string());
        let shown: Vec<Card> = (0..d.drawn())
            .filter(|&i| d.is_shown(i))
            .filter_map(|i| d.card(i))
            .collect();
        let face_down = (0..d.drawn()).filter(|&i| !d.is_shown(i)).count();
        let hand: Vec<String> = (d.drawn()..d.len()).map(word).collect();
        let mut lines = vec![format!(
            "hand: {} card{}{}",
            d.left(),
            if d.left() == 1 { "" } else { "s" },
            if hand.is_empty() {
                String::new()
            } else {
                format!(" (top first: {})", hand.join(" "))
            }
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

fn create(opts: &VariantOptions) -> Result<Box<dyn AnyGame>, RuleError> {
    let game = Parade::from_options(opts)?.fair();
    Ok(crate::search::solo::session(
        game,
        options::caps(opts)?,
        options::fair_pimc(opts)?,
    ))
}

impl report::Dealt for Parade {
    fn from_options(opts: &VariantOptions) -> Result<Self, RuleError> {
        Parade::from_options(opts)
    }

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

/// The registry entry.
pub const INFO: VariantInfo = VariantInfo {
    name: "parade",
    summary: "Parade Chess Solitaire: one player spends 8 cards to move or add pieces into \
              one connected group",
    options: &options::OPTIONS,
    create,
    solve: Some(|opts, progress| report::solve::<Parade>("parade", opts, progress)),
};
