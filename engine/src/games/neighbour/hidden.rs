//! What the Neighbour player knows: its view, what it sees of each action, and full positions
//! consistent with a view.
//!
//! The view is the position with its unseen cards unknown (`?`): the board, the cards turned
//! up by the adds, and how many cards each pile holds; the order of the cards left in each
//! pile is unknown (the player knows which cards they are). Cards spent on moves are not
//! looked at (nothing later depends on them). Its text is `view <position text>`. The player
//! sees its own placements, stops and moves whole, and the two cards each add turns up
//! (`add=8D+3H`). In a position that does not know the next cards, an add waits for each
//! (chance nodes: `add`, then `8D`, then `3H`), every unseen card of the pile equally likely.
//! `determinize` deals each pile's unseen cards into its unknown places in a uniformly random
//! order.

use crate::core::game::{Chance, Game, GameRng, Hidden, Player, RuleError, View};
use crate::kits::cards::Card;
use crate::kits::solitaire::{solitaire_view_parts, view_text, SoloView};

use super::fen;
use super::position::{keys, piece_cards, square_cards, NeighbourAction, Phase, Position};
use super::Neighbour;

impl Chance for Neighbour {
    fn is_chance_node(&self) -> bool {
        matches!(self.pos.phase, Phase::PieceCard | Phase::SquareCard)
    }

    fn chance_actions(&self, out: &mut Vec<(NeighbourAction, f64)>) {
        let unseen = match self.pos.phase {
            Phase::PieceCard => self.pos.pieces.unseen(piece_cards()),
            Phase::SquareCard => self.pos.squares.unseen(square_cards()),
            _ => return,
        };
        let p = 1.0 / unseen.len() as f64;
        out.extend(unseen.into_iter().map(|c| (NeighbourAction::Reveal(c), p)));
    }
}

impl Neighbour {
    /// The position as the player knows it: its unseen cards unknown, played fairly.
    pub fn observed(&self) -> Neighbour {
        let mut g = self.clone();
        for pos in [&mut g.pos, &mut g.start] {
            pos.pieces = pos.pieces.observed();
            pos.squares = pos.squares.observed();
            pos.fair = true;
            pos.key = pos.compute_key();
        }
        g
    }

    /// A position of a deal consistent with an observed position, played fairly. An add
    /// waiting for a card still waits: chance turns up the one card left for it.
    pub fn determinize(obs: &Neighbour, rng: &mut GameRng) -> Neighbour {
        let mut g = obs.clone();
        g.pos.fair = true;
        g.pos.pieces.fill_unknown(piece_cards(), rng);
        g.pos.squares.fill_unknown(square_cards(), rng);
        let cards = |pile: &crate::kits::solitaire::Pile| -> Vec<Card> {
            (0..pile.len()).filter_map(|i| pile.card(i)).collect()
        };
        g.start = Position::deal(&cards(&g.pos.pieces), &cards(&g.pos.squares), g.pos.rules)
            .expect("filled piles are a deal");
        g.start.fair = true;
        match g.pos.phase {
            Phase::PieceCard => {
                let top = g.pos.pieces.drawn();
                g.pos.pieces.forget(top, &keys().pieces);
            }
            Phase::SquareCard => {
                let top = g.pos.squares.drawn();
                g.pos.squares.forget(top, &keys().squares);
            }
            _ => {}
        }
        g.pos.key = g.pos.compute_key();
        g
    }
}

/// What the player sees of an action: a placement, stop or move whole; the cards an add
/// turned up (both, where the position knows them); or the card chance turned up for an add
/// that waited for it (with the square card, where the position knows that one).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum NeighbourSeen {
    Own(NeighbourAction),
    Turned { add: bool, cards: [Option<Card>; 2] },
}

/// The player's view: the observed position (see the module text).
pub type NeighbourView = SoloView<Neighbour>;

impl Hidden for Neighbour {
    type View = NeighbourView;
    type Observation = NeighbourSeen;

    fn view(&self, _p: Player) -> NeighbourView {
        NeighbourView {
            game: self.observed(),
        }
    }

    fn observe(&self, a: NeighbourAction, _p: Player) -> NeighbourSeen {
        // The cards an action turns up: those it draws while the position knows them.
        let turned = |mut g: Neighbour| {
            let (p0, s0) = (g.pos.pieces.drawn(), g.pos.squares.drawn());
            g.play(a);
            let mut cards = [None, None];
            let new_p = (p0..g.pos.pieces.drawn()).filter_map(|i| g.pos.pieces.card(i));
            let new_s = (s0..g.pos.squares.drawn()).filter_map(|i| g.pos.squares.card(i));
            for (slot, c) in cards.iter_mut().zip(new_p.chain(new_s)) {
                *slot = Some(c);
            }
            cards
        };
        match a {
            NeighbourAction::Add => NeighbourSeen::Turned {
                add: true,
                cards: turned(self.clone()),
            },
            NeighbourAction::Reveal(_) => NeighbourSeen::Turned {
                add: false,
                cards: turned(self.clone()),
            },
            own => NeighbourSeen::Own(own),
        }
    }

    fn reveals(&self, a: NeighbourAction) -> bool {
        a == NeighbourAction::Add
    }

    fn deal(&self, rng: &mut GameRng) -> Option<Neighbour> {
        let mut p = piece_cards().to_vec();
        let mut s = square_cards().to_vec();
        crate::kits::solitaire::pile::shuffle(&mut p, rng);
        crate::kits::solitaire::pile::shuffle(&mut s, rng);
        let mut g =
            Neighbour::from_deal(&p, &s, self.pos.rules).expect("shuffled piles are a deal");
        g.weights = self.weights;
        Some(if self.pos.fair { g.fair() } else { g })
    }

    fn parse_view(&self, text: &str) -> Result<NeighbourView, RuleError> {
        let body = view_text(text, "Neighbour")?;
        let mut pos = fen::parse(body, self.pos.rules)?;
        if pos.pieces.observed() != pos.pieces || pos.squares.observed() != pos.squares {
            return Err(RuleError::new(
                "a view knows only the cards the adds turned up; write the others '?'",
            ));
        }
        pos.fair = true;
        let mut game = self.clone();
        game.pos = pos;
        game.start = pos;
        Ok(NeighbourView { game })
    }
}

impl View for NeighbourView {
    type Game = Neighbour;

    solitaire_view_parts!();

    fn apply(&mut self, o: &NeighbourSeen) -> Result<(), RuleError> {
        let mut g = self.game.clone();
        let text = self.format_observation(o);
        let bad = |why: &str| Err(RuleError::new(format!("{text}: {why}")));
        if let Some(out) = g.outcome() {
            return bad(&format!("the game is over ({out})"));
        }
        match *o {
            NeighbourSeen::Own(a) => {
                if matches!(a, NeighbourAction::Add | NeighbourAction::Reveal(_)) || !g.is_legal(a)
                {
                    return bad("not a legal action here");
                }
                g.play(a);
            }
            NeighbourSeen::Turned { add, cards } => {
                if add {
                    if !g.is_legal(NeighbourAction::Add) || g.is_chance_node() {
                        return bad("no add is possible here");
                    }
                    g.play(NeighbourAction::Add);
                } else if !g.is_chance_node() {
                    return bad("no add waits for a card here");
                }
                for c in cards.into_iter().flatten() {
                    if !g.is_chance_node() || !g.is_legal(NeighbourAction::Reveal(c)) {
                        return bad(&format!("{c} cannot turn up here"));
                    }
                    g.play(NeighbourAction::Reveal(c));
                }
            }
        }
        self.game = g;
        Ok(())
    }

    fn parse_observation(&self, text: &str) -> Result<NeighbourSeen, RuleError> {
        let bad = || {
            RuleError::new(format!(
                "'{text}' is not a Neighbour observation (an add with its cards add=8D+3H, a \
                 placement @e5, stop, a move d3e5/p, or a card that turned up)"
            ))
        };
        let cards_of = |s: &str| -> Result<[Option<Card>; 2], RuleError> {
            let mut out = [None, None];
            let words: Vec<&str> = s.split('+').collect();
            if words.len() > 2 {
                return Err(bad());
            }
            for (slot, w) in out.iter_mut().zip(words) {
                *slot = Some(Card::parse(w).map_err(|_| bad())?);
            }
            Ok(out)
        };
        if text == "add" {
            return Ok(NeighbourSeen::Turned {
                add: true,
                cards: [None, None],
            });
        }
        if let Some(rest) = text.strip_prefix("add=") {
            return Ok(NeighbourSeen::Turned {
                add: true,
                cards: cards_of(rest)?,
            });
        }
        if text.starts_with(|c: char| c.is_ascii_digit() || "JQKA".contains(c)) {
            if let Ok(cards) = cards_of(text) {
                return Ok(NeighbourSeen::Turned { add: false, cards });
            }
        }
        // Placements, stops and moves read as the actions they are (the position's own
        // notation checks them where they are applied).
        own_action(text).ok_or_else(bad)
    }

    fn format_observation(&self, o: &NeighbourSeen) -> String {
        match *o {
            NeighbourSeen::Own(a) => super::notation::format(&self.game.pos, a),
            NeighbourSeen::Turned { add, cards } => {
                let words: Vec<String> = cards.iter().flatten().map(|c| c.to_string()).collect();
                match (add, words.is_empty()) {
                    (true, true) => "add".to_string(),
                    (true, false) => format!("add={}", words.join("+")),
                    (false, _) => words.join("+"),
                }
            }
        }
    }

    fn determinize(&self, rng: &mut GameRng) -> Neighbour {
        Neighbour::determinize(&self.game, rng)
    }
}

/// Reads a placement, a stop or a move without a position.
fn own_action(text: &str) -> Option<NeighbourSeen> {
    use super::position::Spend;
    use crate::kits::solitaire::board::parse_cell;
    if text == "stop" {
        return Some(NeighbourSeen::Own(NeighbourAction::Stop));
    }
    if let Some(c) = text.strip_prefix('@') {
        return parse_cell(c).map(|c| NeighbourSeen::Own(NeighbourAction::Place(c)));
    }
    let (body, spend) = match text.rsplit_once('/')? {
        (b, "p") => (b, Spend::Pieces),
        (b, "s") => (b, Spend::Squares),
        _ => return None,
    };
    let from = body.get(..2).and_then(parse_cell)?;
    let to = body.get(2..).and_then(parse_cell)?;
    (body.len() == 4).then_some(NeighbourSeen::Own(NeighbourAction::Move {
        from,
        to,
        spend,
    }))
}
