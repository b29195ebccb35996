//! Turtle Shell Chess (Sam Trenholme, rules version 1.12) on the 33344-33434 tiling of
//! 42 triangles and 22 squares.
//!
//! Rules as implemented: rooks slide along rows and files, guards and kings step to cells
//! sharing an edge, knights leap to cells sharing only a corner, pawns move and capture one
//! step forward along a file. A pawn arriving in its promotion zone may promote to a rook, in
//! its end zone it must. Check and checkmate as in chess; a king ending its side's turn
//! unchecked in its end zone (the far row) wins. No move may recreate an earlier position of
//! the game (ko). A side with no legal move that is not in check loses, or wins with the
//! option `TurtleStalemate` set to `win`.

mod board;
mod eval;
mod fen;
mod movegen;
mod notation;
mod piece;
mod position;

#[cfg(test)]
mod tests;

use crate::core::bitboard::{Bits, Cell};
use crate::core::game::{Game, Outcome, Player, RuleError};
use crate::core::geometry::Geometry;
use crate::core::options::{OptionKind, OptionSpec, VariantOptions};
use crate::core::variant::Variant;

pub use eval::Weights;
pub use piece::{Kind, Piece};
pub use position::{Move, NoMoveRule, Undo};

use position::Position;

/// The option choosing the result when the side to move has no legal move and is not in check.
pub const STALEMATE_OPTION: &str = "TurtleStalemate";

/// A Turtle Shell game: the position with its history, and the no-move rule.
#[derive(Clone, Debug)]
pub struct TurtleShell {
    pos: Position,
    no_move: NoMoveRule,
    weights: Weights,
}

impl Default for TurtleShell {
    fn default() -> Self {
        TurtleShell::new(NoMoveRule::Loss)
    }
}

impl TurtleShell {
    pub fn new(no_move: NoMoveRule) -> TurtleShell {
        TurtleShell {
            pos: Position::start(),
            no_move,
            weights: Weights::default(),
        }
    }

    pub fn from_fen(fen: &str, no_move: NoMoveRule) -> Result<TurtleShell, RuleError> {
        Ok(TurtleShell {
            pos: Position::from_fen(fen)?,
            no_move,
            weights: Weights::default(),
        })
    }

    /// Plays on with other evaluation weights (tuning matches).
    pub fn set_weights(&mut self, w: Weights) {
        self.weights = w;
    }

    pub fn weights(&self) -> &Weights {
        &self.weights
    }

    pub fn no_move_rule(&self) -> NoMoveRule {
        self.no_move
    }

    /// The piece on a cell.
    pub fn piece_at(&self, c: Cell) -> Option<Piece> {
        self.pos.squares[c as usize]
    }

    /// Keys of the earlier positions of the game, oldest first (the ko rule's memory).
    pub fn history(&self) -> &[u64] {
        &self.pos.history
    }

    pub fn is_check(&self, p: Player) -> bool {
        self.pos.in_check(p)
    }

    /// Cells of the promotion zone and of the end zone of a side's pawns (and king).
    pub fn zones(p: Player) -> (u64, u64) {
        let b = board::board();
        (b.promotion_zone[p.index()], b.end_zone[p.index()])
    }
}

impl Game for TurtleShell {
    type Action = Move;
    type Undo = Undo;

    fn variant(&self) -> &'static str {
        "turtleshell"
    }

    fn geometry(&self) -> &Geometry {
        &self.pos.b.geometry
    }

    fn to_move(&self) -> Player {
        self.pos.side
    }

    fn legal_actions(&self, out: &mut Vec<Move>) {
        if self.terminal().is_none() {
            self.pos.legal_moves(out);
        }
    }

    fn is_legal(&self, a: Move) -> bool {
        self.terminal().is_none() && self.pos.is_legal_move(a)
    }

    fn play(&mut self, a: Move) -> Undo {
        self.pos.play(a)
    }

    fn undo(&mut self, u: Undo) {
        self.pos.undo(u)
    }

    fn key(&self) -> u64 {
        self.pos.key
    }

    fn recompute_key(&self) -> u64 {
        self.pos.compute_key()
    }

    /// The side that just moved wins when its king stands unchecked in its end zone.
    fn terminal(&self) -> Option<Outcome> {
        let mover = self.pos.side.opponent();
        let king = self.pos.kings[mover.index()];
        let in_zone = self.pos.b.end_zone[mover.index()] & crate::core::bitboard::bit(king) != 0;
        (in_zone && !self.pos.in_check(mover)).then_some(Outcome::Win {
            winner: mover,
            reason: "king in the end zone",
        })
    }

    fn no_action_outcome(&self) -> Outcome {
        let us = self.pos.side;
        if self.pos.in_check(us) {
            return Outcome::Win {
                winner: us.opponent(),
                reason: "checkmate",
            };
        }
        match self.no_move {
            NoMoveRule::Loss => Outcome::Win {
                winner: us.opponent(),
                reason: "no legal move",
            },
            NoMoveRule::Win => Outcome::Win {
                winner: us,
                reason: "stalemate (giving stalemate loses)",
            },
        }
    }

    fn parse_action(&self, s: &str) -> Result<Move, RuleError> {
        if let Some(o) = self.terminal() {
            return Err(RuleError::new(format!("the game is over ({o})")));
        }
        self.pos.parse_move(s)
    }

    fn format_action(&self, a: Move) -> String {
        self.pos.format_move(a)
    }

    fn fen(&self) -> String {
        self.pos.fen()
    }

    fn set_fen(&mut self, fen: &str) -> Result<(), RuleError> {
        self.pos = Position::from_fen(fen)?;
        Ok(())
    }

    fn reset(&mut self) {
        self.pos = Position::start();
    }

    fn display(&self) -> String {
        self.pos.picture()
    }

    fn pieces(&self) -> Vec<(Cell, String)> {
        Bits(self.pos.occupied())
            .map(|c| {
                let p = self.pos.squares[c as usize].expect("occupied cell");
                (c, p.symbol().to_string())
            })
            .collect()
    }

    fn figure(&self, symbol: &str) -> crate::core::game::Figure {
        match symbol {
            "G" | "g" => crate::core::game::Figure::Badge {
                side: Some(if symbol == "G" {
                    Player::White
                } else {
                    Player::Black
                }),
                letters: "G".into(),
                name: Some("guard"),
            },
            _ => crate::core::game::Figure::of_symbol(symbol),
        }
    }

    fn checked_royals(&self) -> Vec<Cell> {
        crate::core::game::checked_king(self, crate::core::game::Evaluate::in_check(self))
    }
}

const OPTIONS: &[OptionSpec] = &[OptionSpec {
    name: STALEMATE_OPTION,
    kind: OptionKind::Combo {
        default: "loss",
        values: &["loss", "win"],
    },
    help: "Turtle Shell: result for a side that has no legal move and is not in check \
           (loss: it loses; win: it wins, giving stalemate loses)",
    check: None,
}];

impl Variant for TurtleShell {
    const NAME: &'static str = "turtleshell";
    const SUMMARY: &'static str =
        "Turtle Shell Chess: 64 triangles and squares, end-zone king race, ko rule";
    const OPTIONS: &'static [OptionSpec] = OPTIONS;

    fn from_options(opts: &VariantOptions) -> Result<TurtleShell, RuleError> {
        let rule = match opts.get(STALEMATE_OPTION) {
            None => NoMoveRule::Loss,
            Some(v) if v.eq_ignore_ascii_case("loss") => NoMoveRule::Loss,
            Some(v) if v.eq_ignore_ascii_case("win") => NoMoveRule::Win,
            Some(v) => {
                return Err(RuleError::new(format!(
                    "option {STALEMATE_OPTION} takes loss or win, not '{v}'"
                )))
            }
        };
        Ok(TurtleShell::new(rule))
    }
}
