//! Neighbour Chess Solitaire (chess kit): one player, the 16 non-pawn pieces, a pieces pile of
//! their 16 cards and a squares pile of the 2 to 6 of every suit.
//!
//! Rules as implemented: an add turns up the next piece card and the next square card; the
//! piece starts over a1 (the first piece) or over the last piece added, and goes that many
//! cells right (red card) or up (black card), wrapping around the edge; if that cell is
//! occupied it goes to a free cell of your choice among the nearest ones (by king steps, no
//! wrapping). After any add you may stop adding (and must, once the pieces pile is empty).
//! Then each move spends a card from either pile and moves a piece to an empty cell with the
//! move of one of its same-colour neighbours (the eight cells around it); a piece with no
//! same-colour neighbour cannot move. The game is won when all the pieces, at least
//! `NeighbourMinPieces` of them (default 2), form one group connected through neighbours in
//! the same sense, the eight cells around (`NeighbourOrthogonal` connects through the four
//! sides only), scoring the cards left in both piles; it is lost (0) when no move is possible
//! or the piles are spent.

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
use crate::core::options::{OptionKind, OptionSpec, VariantOptions};
use crate::core::solo::Dealt;
use crate::core::variant::Variant;
use crate::kits::cards::{format_cards, Card};
use crate::kits::solitaire::board::cell_name;
use crate::kits::solitaire::connect::Connectivity;
use crate::kits::solitaire::options;
use crate::kits::solitaire::{lost, solitaire_game_parts, won};

pub use eval::{Weights, LOST};
pub use hidden::{NeighbourSeen, NeighbourView};
pub use position::{
    card_piece, nearest_free, piece_cards, square_cards, target_cell, NeighbourAction, Phase,
    Position, Rules, Spend,
};

/// The option naming the fewest pieces of a winning group.
pub const MIN_PIECES: &str = "NeighbourMinPieces";
pub const DEFAULT_MIN_PIECES: u8 = 2;

/// The option connecting a group through the four sides of a cell only.
pub const ORTHOGONAL: &str = "NeighbourOrthogonal";

/// A game of Neighbour: the position, the start of its deal (for `reset`) and the greedy
/// player's weights.
#[derive(Clone, Debug)]
pub struct Neighbour {
    pos: Position,
    start: Position,
    weights: Weights,
}

impl Neighbour {
    /// The start of a deal: the pieces pile and the squares pile, top cards first.
    pub fn from_deal(
        pieces: &[Card],
        squares: &[Card],
        rules: Rules,
    ) -> Result<Neighbour, RuleError> {
        let pos = Position::deal(pieces, squares, rules)?;
        Ok(Neighbour {
            pos,
            start: pos,
            weights: Weights::default(),
        })
    }

    /// A deal from text: the 16 piece cards then the 20 square cards (a `|` may separate them).
    pub fn from_text(text: &str, rules: Rules) -> Result<Neighbour, RuleError> {
        let order = options::cards(text)?;
        if order.len() != position::PIECES + position::SQUARES {
            return Err(RuleError::new(format!(
                "the deal needs 16 piece cards and 20 square cards, not {} cards",
                order.len()
            )));
        }
        let (p, s) = fen::split_deal(&order);
        Neighbour::from_deal(&p, &s, rules)
    }

    /// Both piles shuffled from a seed.
    pub fn shuffled(seed: u64, rules: Rules) -> Neighbour {
        let mut rng = options::rng(seed);
        let mut p = piece_cards().to_vec();
        let mut s = square_cards().to_vec();
        crate::kits::solitaire::pile::shuffle(&mut p, &mut rng);
        crate::kits::solitaire::pile::shuffle(&mut s, &mut rng);
        Neighbour::from_deal(&p, &s, rules).expect("shuffled piles are a deal")
    }

    /// The group rules the options set.
    pub fn rules(opts: &VariantOptions) -> Result<Rules, RuleError> {
        Ok(Rules {
            min_pieces: opts.int(MIN_PIECES, DEFAULT_MIN_PIECES as i64, 1, 16)? as u8,
            connectivity: if opts.flag(ORTHOGONAL, false)? {
                Connectivity::Orthogonal
            } else {
                Connectivity::EightWay
            },
        })
    }

    /// The game the options describe: the `Deal`, or one shuffled from `DealSeed`.
    pub fn from_options(opts: &VariantOptions) -> Result<Neighbour, RuleError> {
        let rules = Neighbour::rules(opts)?;
        match options::deal_text(opts) {
            Some(text) => Neighbour::from_text(text, rules),
            None => Ok(Neighbour::shuffled(options::seed(opts)?, rules)),
        }
    }

    pub fn position(&self) -> &Position {
        &self.pos
    }

    /// The deal of the start position: the piece cards, then the square cards.
    pub fn deal(&self) -> (Vec<Card>, Vec<Card>) {
        (
            self.start.pieces.known_cards(),
            self.start.squares.known_cards(),
        )
    }

    pub fn set_weights(&mut self, w: Weights) {
        self.weights = w;
    }

    /// The same game played by a player who does not know the piles' order (see
    /// `Position::fair`): what the referee and the protocol hold.
    pub fn fair(mut self) -> Neighbour {
        self.pos.fair = true;
        self.start.fair = true;
        self
    }
}

impl Game for Neighbour {
    type Action = NeighbourAction;
    type Undo = Position;

    solitaire_game_parts!();

    fn variant(&self) -> &'static str {
        "neighbour"
    }

    fn score_bounds(&self) -> (f64, f64) {
        (
            LOST.points as f64,
            (position::PIECES + position::SQUARES) as f64,
        )
    }

    fn legal_actions(&self, out: &mut Vec<NeighbourAction>) {
        if self.terminal().is_none() {
            movegen::generate(&self.pos, piece_cards(), square_cards(), out);
        }
    }

    fn terminal(&self) -> Option<Outcome> {
        if self.pos.won() {
            Some(won("one connected group"))
        } else if self.pos.phase == Phase::Moving && self.pos.cards_left() == 0 {
            Some(lost("both piles spent"))
        } else {
            None
        }
    }

    fn no_action_outcome(&self) -> Outcome {
        lost("no move possible")
    }

    fn parse_action(&self, s: &str) -> Result<NeighbourAction, RuleError> {
        if let Some(o) = self.terminal() {
            return Err(RuleError::new(format!("the game is over ({o})")));
        }
        notation::parse(&self.pos, s)
    }

    fn format_action(&self, a: NeighbourAction) -> String {
        notation::format(&self.pos, a)
    }

    fn fen(&self) -> String {
        fen::fen(&self.pos)
    }

    fn set_fen(&mut self, text: &str) -> Result<(), RuleError> {
        let mut pos = fen::parse(text, self.pos.rules)?;
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
        let pile_line = |name: &str, pile: &crate::kits::solitaire::Pile| {
            let up = pile.turned_up();
            let spent = pile.face_down();
            format!(
                "{name}: {} left{}; turned up: {}{}",
                pile.left(),
                pile.upcoming_note(),
                if up.is_empty() {
                    "-".to_string()
                } else {
                    format_cards(&up)
                },
                if spent > 0 {
                    format!("; {spent} spent on moves")
                } else {
                    String::new()
                }
            )
        };
        let mut lines = vec![
            pile_line("pieces pile", &p.pieces),
            pile_line("squares pile", &p.squares),
        ];
        lines.push(match p.phase {
            Phase::Adding => match p.next_add() {
                Some((piece, cell, true)) => {
                    format!("adding: next the {} to {}", piece.name(), cell_name(cell))
                }
                Some((piece, cell, false)) => format!(
                    "adding: next the {} over {} (occupied)",
                    piece.name(),
                    cell_name(cell)
                ),
                None => "adding: the next cards are unknown".to_string(),
            },
            Phase::PieceCard => "an add waits for its piece card".to_string(),
            Phase::SquareCard => "an add waits for its square card".to_string(),
            Phase::Placing(t) => format!(
                "placing the {} held over {}",
                p.held().map_or("piece".to_string(), |h| h.name()),
                cell_name(t)
            ),
            Phase::Moving => "moving (adding has stopped)".to_string(),
        });
        lines.push(match self.terminal() {
            Some(Outcome::Win {
                winner: Player::White,
                ..
            }) => format!("won: score {}", p.cards_left()),
            Some(_) => "lost: score 0".to_string(),
            None => format!(
                "score if won now: {} (a group needs {} pieces)",
                p.cards_left(),
                p.rules.min_pieces
            ),
        });
        lines
    }
}

const MIN_PIECES_SPEC: OptionSpec = OptionSpec {
    name: MIN_PIECES,
    kind: OptionKind::Spin {
        default: DEFAULT_MIN_PIECES as i64,
        min: 1,
        max: 16,
    },
    help: "Neighbour: the fewest pieces of a winning connected group",
    check: None,
};

const ORTHOGONAL_SPEC: OptionSpec = OptionSpec {
    name: ORTHOGONAL,
    kind: OptionKind::Check { default: false },
    help: "Neighbour: a group connects through the four sides of a cell only (default: \
           through the eight cells around)",
    check: None,
};

const OPTIONS: [OptionSpec; 10] = [
    options::DEAL_SPEC,
    options::SEED_SPEC,
    options::SECONDS_SPEC,
    options::MB_SPEC,
    options::DEALS_SPEC,
    options::FAIR_NODES_SPEC,
    options::FAIR_SAMPLES_SPEC,
    options::FAIR_SOLVE_KB_SPEC,
    MIN_PIECES_SPEC,
    ORTHOGONAL_SPEC,
];

impl Dealt for Neighbour {
    fn from_seed(seed: u64, opts: &VariantOptions) -> Result<Self, RuleError> {
        Ok(Neighbour::shuffled(seed, Neighbour::rules(opts)?))
    }

    fn deal_text(&self) -> String {
        let (p, s) = self.deal();
        format!("{} | {}", format_cards(&p), format_cards(&s))
    }

    fn played_fairly(self) -> Self {
        self.fair()
    }
}

impl Variant for Neighbour {
    const NAME: &'static str = "neighbour";
    const SUMMARY: &'static str =
        "Neighbour Chess Solitaire: one player adds pieces by cards, then moves them \
              with their neighbours' moves into one connected group";
    const OPTIONS: &'static [OptionSpec] = &OPTIONS;

    fn from_options(opts: &VariantOptions) -> Result<Neighbour, RuleError> {
        Neighbour::from_options(opts)
    }
}
