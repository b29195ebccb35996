//! The rules interface every variant implements, and the hooks searchers use.
//!
//! A *turn* may hold several *actions* (TCHES Strike: three; Adrenaline: a move, king steps and
//! a checker). `to_move` changes only when a turn ends; searchers flip the score's sign only
//! when it changes. Actions are what the searchers and `go perft` count (plies).

use std::fmt;
use std::hash::Hash;

use crate::geometry::Geometry;

/// A side. One-player games use `White` throughout.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Player {
    White,
    Black,
}

impl Player {
    #[inline]
    pub fn opponent(self) -> Player {
        match self {
            Player::White => Player::Black,
            Player::Black => Player::White,
        }
    }

    #[inline]
    pub fn index(self) -> usize {
        self as usize
    }

    /// `w` or `b`, as in FEN.
    pub fn fen_char(self) -> char {
        match self {
            Player::White => 'w',
            Player::Black => 'b',
        }
    }

    pub fn name(self) -> &'static str {
        match self {
            Player::White => "white",
            Player::Black => "black",
        }
    }
}

/// How a game ended.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Outcome {
    Win {
        winner: Player,
        reason: &'static str,
    },
    Draw {
        reason: &'static str,
    },
}

impl Outcome {
    /// +1 win, 0 draw, -1 loss, from `p`'s point of view.
    pub fn value_for(&self, p: Player) -> i32 {
        match self {
            Outcome::Win { winner, .. } if *winner == p => 1,
            Outcome::Win { .. } => -1,
            Outcome::Draw { .. } => 0,
        }
    }

    pub fn reason(&self) -> &'static str {
        match self {
            Outcome::Win { reason, .. } | Outcome::Draw { reason } => reason,
        }
    }

    /// The PGN result string: `1-0`, `0-1` or `1/2-1/2`.
    pub fn result_string(&self) -> &'static str {
        match self {
            Outcome::Win {
                winner: Player::White,
                ..
            } => "1-0",
            Outcome::Win {
                winner: Player::Black,
                ..
            } => "0-1",
            Outcome::Draw { .. } => "1/2-1/2",
        }
    }
}

impl fmt::Display for Outcome {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Outcome::Win { winner, reason } => write!(f, "{} wins by {}", winner.name(), reason),
            Outcome::Draw { reason } => write!(f, "draw by {reason}"),
        }
    }
}

/// Input that breaks the rules or the notation. The message is meant for a person.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RuleError(pub String);

impl RuleError {
    pub fn new(msg: impl Into<String>) -> RuleError {
        RuleError(msg.into())
    }
}

impl fmt::Display for RuleError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for RuleError {}

/// An action value: small, copyable, with a compact code for the transposition table and
/// history tables. Two different actions legal in the same position have different codes.
pub trait Action: Copy + Eq + Hash + fmt::Debug + Send + Sync + 'static {
    fn code(self) -> u32;
}

/// The rules of one variant. Positions are mutated in place with `play`/`undo`.
pub trait Game: Clone + Send + Sync + 'static {
    type Action: Action;
    /// What `undo` needs to restore the position exactly (a copy of the state works).
    type Undo: Send;

    /// The registered variant name (`chess`, `tictacchess`, ...).
    fn variant(&self) -> &'static str;
    fn geometry(&self) -> &Geometry;
    /// The side whose turn it is. Stays the same between the actions of one turn.
    fn to_move(&self) -> Player;

    /// Appends every legal action of the side to move. Empty when the game is over by
    /// `terminal`, or when the side has no action (see `no_action_outcome`).
    fn legal_actions(&self, out: &mut Vec<Self::Action>);

    /// Number of legal actions; games may count faster than they generate (perft leaves).
    fn count_actions(&self) -> u64 {
        let mut v = Vec::new();
        self.legal_actions(&mut v);
        v.len() as u64
    }

    fn is_legal(&self, a: Self::Action) -> bool {
        let mut v = Vec::new();
        self.legal_actions(&mut v);
        v.contains(&a)
    }

    /// Plays a legal action. Playing an illegal one is a logic error (it may corrupt state,
    /// never memory): inputs go through `parse_action`, which only returns legal actions.
    fn play(&mut self, a: Self::Action) -> Self::Undo;
    fn undo(&mut self, u: Self::Undo);

    /// Zobrist key of the whole position, maintained incrementally.
    fn key(&self) -> u64;
    /// The key computed from scratch; equals `key()` (checked by the tests).
    fn recompute_key(&self) -> u64;

    /// A result decided without looking for legal actions (three in a row, 50-move rule,
    /// repetition, insufficient material, a king in the end zone, ...).
    fn terminal(&self) -> Option<Outcome>;
    /// The result when the side to move has no legal action (checkmate, stalemate, ...).
    fn no_action_outcome(&self) -> Outcome;

    fn outcome(&self) -> Option<Outcome> {
        self.terminal().or_else(|| {
            if self.count_actions() == 0 {
                Some(self.no_action_outcome())
            } else {
                None
            }
        })
    }

    /// True when the current position occurred earlier since the last irreversible action
    /// and the rules make repetition a draw: searchers score such a node as a draw.
    fn repeated(&self) -> bool {
        false
    }

    /// Parses one action in the variant's notation; only legal actions are returned.
    fn parse_action(&self, s: &str) -> Result<Self::Action, RuleError>;
    /// Formats an action legal in the current position; `parse_action` accepts the result.
    fn format_action(&self, a: Self::Action) -> String;

    /// Standard algebraic notation where the variant has it (for PGN records).
    fn san(&self, _a: Self::Action) -> Option<String> {
        None
    }

    /// The position as text (FEN or the variant's FEN-like form).
    fn fen(&self) -> String;
    /// Replaces the position; on error the position is unchanged.
    fn set_fen(&mut self, fen: &str) -> Result<(), RuleError>;
    /// Resets to the variant's start position (keeping the variant's options).
    fn reset(&mut self);

    /// A readable text picture of the position (for the `d` command).
    fn display(&self) -> String;

    /// Pieces on cells for pictures: `(cell, symbol)` with the FEN-like symbol of each piece.
    fn pieces(&self) -> Vec<(crate::bitboard::Cell, String)>;

    /// What pictures show of cells besides their pieces: holes, owners, stacks, notes.
    fn cell_marks(&self) -> Vec<(crate::bitboard::Cell, CellMark)> {
        Vec::new()
    }

    /// Lines of text shown beside the board: the side to move, and what the board does not
    /// show (reserves, hands, supplies, pile sizes).
    fn panel(&self) -> Vec<String> {
        vec![format!("{} to move", self.to_move().name())]
    }
}

/// What a picture shows of a cell besides its piece.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum CellMark {
    /// An empty cell no piece may land on (an untiled cell).
    Hole,
    /// The side owning the cell or the tile on it.
    Owner(Player),
    /// Checkers under the piece: how many, and whose colour (`None`: colourless).
    Stack { count: u8, colour: Option<Player> },
    /// A short text on the cell (a checker's number, a believed identity).
    Note(String),
}

/// Search hooks: evaluation and move-ordering knowledge. Default methods make a plain game
/// searchable; variants override what they know.
pub trait Evaluate: Game {
    /// Static score in centipawns from the side to move's point of view.
    fn evaluate(&self) -> i32;

    /// Captures, promotions and other actions quiescence search should look at.
    fn is_tactical(&self, _a: Self::Action) -> bool {
        false
    }

    /// Appends the legal actions for which `is_tactical` holds (what quiescence search tries
    /// when not in check). Games may generate them faster than all legal actions.
    fn tactical_actions(&self, out: &mut Vec<Self::Action>) {
        let start = out.len();
        self.legal_actions(out);
        let mut keep = start;
        for i in start..out.len() {
            if self.is_tactical(out[i]) {
                out.swap(keep, i);
                keep += 1;
            }
        }
        out.truncate(keep);
    }

    /// Ordering hint: larger is searched earlier (MVV-LVA for captures, say). A negative
    /// score for a tactical action says it is expected to lose material (a capture that
    /// a static exchange evaluation finds losing): it is searched after the quiet actions,
    /// and quiescence search skips it.
    fn order_score(&self, _a: Self::Action) -> i32 {
        0
    }

    fn in_check(&self) -> bool {
        false
    }

    /// Passes the turn for null-move pruning where the rules make that meaningful;
    /// `None` where the game forbids it (zugzwang-heavy games, inside a turn).
    fn play_null(&mut self) -> Option<Self::Undo> {
        None
    }

    /// An exact game-theoretic value known without search (a solved table, like endgame
    /// tablebases): `Some(+1 | 0 | -1)` for the side to move, with plies to the end.
    fn probe_solved(&self) -> Option<(i32, u32)> {
        None
    }

    /// The evaluation's weights as a named table (see `crate::params`), for tuning and for
    /// loading from a file; `None` where the game has none.
    fn eval_weights(&self) -> Option<&dyn crate::params::ParamTable> {
        None
    }

    /// Replaces the evaluation's weights by `values`, in the order of `eval_weights`.
    /// The position is unchanged on error.
    fn set_eval_weights(&mut self, _values: &[i32]) -> Result<(), RuleError> {
        Err(RuleError::new(format!(
            "{} has no evaluation weights",
            self.variant()
        )))
    }

    /// The gradient of `evaluate()` with respect to the weights, as (index, derivative)
    /// pairs for the nonzero entries: what Texel tuning fits. The default takes central
    /// differences through `set_eval_weights`; games with many weights trace their
    /// evaluation instead.
    fn eval_gradient(&self, out: &mut Vec<(u32, f32)>) {
        crate::params::finite_difference_gradient(self, out)
    }
}

/// Games with chance: some positions are chance nodes whose actions happen with given
/// probabilities (a card draw).
pub trait Chance: Game {
    fn is_chance_node(&self) -> bool;
    /// The chance actions with their probabilities (summing to 1).
    fn chance_actions(&self, out: &mut Vec<(Self::Action, f64)>);
}

/// Games with hidden information: what one player sees, and full states consistent with it.
pub trait Hidden: Game {
    type Observation: Clone + Send + Sync;
    fn observe(&self, p: Player) -> Self::Observation;
    /// A full state consistent with the observation, sampled with `rng` (determinization).
    fn determinize(obs: &Self::Observation, rng: &mut rand_xoshiro::Xoshiro256PlusPlus) -> Self;
}
