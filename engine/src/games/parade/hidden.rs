//! What the Parade player knows: its view, what it sees of each action, and full positions
//! consistent with a view.
//!
//! The view is the position with the unseen cards unknown (`?`): the board, the cards turned
//! face up (the setup's and the adds'), a next card an add turned up but could not place
//! (`!`), and how many cards are face down or in hand; the cards that remain are the deck
//! less the known ones, in an unknown order. Its text is `view <position text>`. The player
//! sees its own moves whole and the card each add turns up (`add=8D`); in a position that
//! does not know the next card, an add waits for its card (a chance node: `add`, then the
//! card, `8D`), each unseen card equally likely. `determinize` deals the unseen cards into the
//! unknown places in a uniformly random order.

use crate::core::bitboard::Cell;
use crate::core::game::{Chance, Game, GameRng, Hidden, Player, RuleError, View};
use crate::kits::cards::Card;
use crate::kits::solitaire::board::{cell_name, parse_cell};
use crate::kits::solitaire::{solitaire_view_parts, view_text, SoloView};

use super::fen;
use super::position::{deck_cards, keys, ParadeAction, Position};
use super::Parade;

impl Chance for Parade {
    fn is_chance_node(&self) -> bool {
        self.pos.pending
    }

    fn chance_actions(&self, out: &mut Vec<(ParadeAction, f64)>) {
        if !self.pos.pending {
            return;
        }
        let unseen = self.pos.deck.unseen(deck_cards());
        let p = 1.0 / unseen.len() as f64;
        out.extend(unseen.into_iter().map(|c| (ParadeAction::Reveal(c), p)));
    }
}

impl Parade {
    /// The position as the player knows it: its unseen cards unknown, played fairly.
    pub fn observed(&self) -> Parade {
        let mut g = self.clone();
        for pos in [&mut g.pos, &mut g.start] {
            pos.deck = pos.deck.observed();
            pos.fair = true;
            pos.key = pos.compute_key();
        }
        g
    }

    /// A position of a deal consistent with an observed position, played fairly. An add
    /// waiting for its card still waits: chance turns up the one card left for it.
    pub fn determinize(obs: &Parade, rng: &mut GameRng) -> Parade {
        let mut g = obs.clone();
        g.pos.fair = true;
        g.pos.deck.fill_unknown(deck_cards(), rng);
        let order: Vec<_> = (0..g.pos.deck.len())
            .filter_map(|i| g.pos.deck.card(i))
            .collect();
        g.start = Position::deal(&order).expect("a filled deck is a deal");
        g.start.fair = true;
        if g.pos.pending {
            let top = g.pos.deck.drawn();
            g.pos.deck.forget(top, &keys().pile);
        }
        g.pos.key = g.pos.compute_key();
        g
    }
}

/// What the player sees of an action: its move; the card its add turned up; or, where the
/// position does not know the next card, the add and then (chance's action) the card.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum ParadeSeen {
    Move { from: Cell, to: Cell },
    Add(Card),
    Try,
    Turned(Card),
}

/// The player's view: the observed position (see the module text).
pub type ParadeView = SoloView<Parade>;

impl Hidden for Parade {
    type View = ParadeView;
    type Observation = ParadeSeen;

    fn view(&self, _p: Player) -> ParadeView {
        ParadeView {
            game: self.observed(),
        }
    }

    fn observe(&self, a: ParadeAction, _p: Player) -> ParadeSeen {
        match a {
            ParadeAction::Move { from, to } => ParadeSeen::Move { from, to },
            ParadeAction::Add => match self.pos.deck.top() {
                Some(card) => ParadeSeen::Add(card),
                None => ParadeSeen::Try,
            },
            ParadeAction::Reveal(card) => ParadeSeen::Turned(card),
        }
    }

    fn reveals(&self, a: ParadeAction) -> bool {
        a == ParadeAction::Add && !self.pos.top_known_to_player()
    }

    fn deal(&self, rng: &mut GameRng) -> Option<Parade> {
        let mut order = deck_cards().to_vec();
        crate::kits::solitaire::pile::shuffle(&mut order, rng);
        let mut g = Parade::from_deal(&order).expect("a shuffled deck is a deal");
        g.weights = self.weights;
        Some(if self.pos.fair { g.fair() } else { g })
    }

    fn parse_view(&self, text: &str) -> Result<ParadeView, RuleError> {
        let body = view_text(text, "Parade")?;
        let mut pos = fen::parse(body)?;
        if pos.deck.observed() != pos.deck {
            return Err(RuleError::new(
                "a view knows only the cards the player has seen (face up, or marked '!'); \
                 write the others '?'",
            ));
        }
        pos.fair = true;
        let mut game = self.clone();
        game.pos = pos;
        game.start = pos;
        Ok(ParadeView { game })
    }
}

impl View for ParadeView {
    type Game = Parade;

    solitaire_view_parts!();

    fn apply(&mut self, o: &ParadeSeen) -> Result<(), RuleError> {
        let mut g = self.game.clone();
        let bad = |why: &str| {
            Err(RuleError::new(format!(
                "{}: {why}",
                self.format_observation(o)
            )))
        };
        if let Some(out) = g.outcome() {
            return bad(&format!("the game is over ({out})"));
        }
        let unseen = g.pos.deck.unseen(deck_cards());
        match *o {
            ParadeSeen::Move { from, to } => {
                let a = ParadeAction::Move { from, to };
                if !g.is_legal(a) {
                    return bad("not a legal move here");
                }
                g.play(a);
            }
            ParadeSeen::Add(card) => {
                if !g.is_legal(ParadeAction::Add) {
                    return bad("no add is possible here");
                }
                match g.pos.deck.top() {
                    Some(top) if top != card => return bad(&format!("the next card is {top}")),
                    Some(_) => {
                        g.play(ParadeAction::Add);
                    }
                    None if unseen.contains(&card) => {
                        g.play(ParadeAction::Add);
                        g.play(ParadeAction::Reveal(card));
                    }
                    None => return bad("that card is not among the cards left"),
                }
            }
            ParadeSeen::Try => {
                if !g.is_legal(ParadeAction::Add) || g.pos.deck.top_is_known() {
                    return bad("an add waits for its card only when the next card is unknown");
                }
                g.play(ParadeAction::Add);
            }
            ParadeSeen::Turned(card) => {
                if !g.pos.pending || !unseen.contains(&card) {
                    return bad("no add waits for that card");
                }
                g.play(ParadeAction::Reveal(card));
            }
        }
        self.game = g;
        Ok(())
    }

    fn parse_observation(&self, text: &str) -> Result<ParadeSeen, RuleError> {
        let bad = || {
            RuleError::new(format!(
                "'{text}' is not a Parade observation (a move c1b2, an add with its card \
                 add=8D, an add waiting for its card add, or the card 8D)"
            ))
        };
        if text == "add" {
            return Ok(ParadeSeen::Try);
        }
        if let Some(c) = text.strip_prefix("add=") {
            return Card::parse(c).map(ParadeSeen::Add).map_err(|_| bad());
        }
        if let Ok(c) = Card::parse(text) {
            return Ok(ParadeSeen::Turned(c));
        }
        match (
            text.get(..2).and_then(parse_cell),
            text.get(2..).and_then(parse_cell),
        ) {
            (Some(from), Some(to)) => Ok(ParadeSeen::Move { from, to }),
            _ => Err(bad()),
        }
    }

    fn format_observation(&self, o: &ParadeSeen) -> String {
        match *o {
            ParadeSeen::Move { from, to } => format!("{}{}", cell_name(from), cell_name(to)),
            ParadeSeen::Add(c) => format!("add={c}"),
            ParadeSeen::Try => "add".to_string(),
            ParadeSeen::Turned(c) => c.to_string(),
        }
    }

    fn determinize(&self, rng: &mut GameRng) -> Parade {
        Parade::determinize(&self.game, rng)
    }
}
