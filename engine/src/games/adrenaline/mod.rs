//! Adrenaline Chess: chess in which every capture makes the capturer place a checker under an
//! enemy piece, and a piece standing on checkers may, after its regular move, spend them on
//! extra king steps.
//!
//! Rules as implemented (the project's rulings fill the text's gaps): a turn is a regular
//! chess move, legal in the ordinary sense; then, while the moved piece stands on checkers,
//! optional king steps, each spending one (a step may capture, taking over the captured
//! piece's checkers, and a pawn reaching its last rank promotes and goes on stepping); then,
//! if anything was captured, one checker from the supply of 24 under any enemy piece. A king
//! is in check when the opponent's whole next turn could capture it ("adrenaline check"); a
//! turn may not end with the mover's king in it. Castling is barred while the king or the rook
//! stands on checkers, and out of, through or into adrenaline check; en passant only after a
//! regular double step that used no steps, and only by a regular move. Checkmate wins,
//! stalemate, threefold repetition, fifty moves and bare kings draw.
//!
//! Modules: `position` (bitboards, stacks, turn state), `tables` (keys), `movegen` (actions),
//! `turn` (playing and legality), `notation`, `fen`, `eval`; the board, the adrenaline-check
//! test and the turn's shared parts are the stepping games' kit (`kits::steps`).

mod eval;
pub(crate) mod fen;
pub(crate) mod movegen;
pub(crate) mod notation;
pub(crate) mod position;
pub(crate) mod tables;
#[cfg(test)]
mod tests;
mod turn;

use crate::core::bitboard::{Bits, Cell};
use crate::core::game::{CellMark, Game, Outcome, Player, RuleError};
use crate::core::options::{OptionSpec, VariantOptions};
use crate::core::variant::Variant;
use crate::core::zobrist::earlier_occurrences;
use crate::kits::chessboard::{square_name, PieceKind};
use crate::kits::steps::board::{player, KING, NO_SQUARE};
use crate::kits::steps::step_game_parts;
use crate::kits::steps::turn::no_action_outcome;

pub use eval::{Weights, MAX_CHECKER_FULL};
pub use fen::START_FEN;
pub use movegen::Act;
pub use notation::END;
pub use position::{Phase, SUPPLY};

use position::Pos;

impl Variant for Adrenaline {
    const NAME: &'static str = "adrenaline";
    const SUMMARY: &'static str =
        "Adrenaline Chess: captures put checkers under enemy pieces; checkers buy extra king steps";
    const OPTIONS: &'static [OptionSpec] = &[];

    fn from_options(_opts: &VariantOptions) -> Result<Adrenaline, RuleError> {
        Ok(Adrenaline::new())
    }
}

/// An Adrenaline game: the position, the keys of earlier turn starts (for repetition), and
/// the evaluation weights.
#[derive(Clone)]
pub struct Adrenaline {
    pos: Pos,
    /// Keys of the positions at the start of each earlier turn since the position was set.
    history: Vec<u64>,
    /// Whether the counted draws end the game (`Game::draw_rules`).
    draw_rules: bool,
    weights: Weights,
}

/// What `undo` restores: the position, and whether the action ended a turn.
pub struct Undo {
    pos: Pos,
    ended_turn: bool,
}

impl Default for Adrenaline {
    fn default() -> Self {
        Adrenaline::new()
    }
}

impl Adrenaline {
    /// The standard start position, no checkers on the board.
    pub fn new() -> Adrenaline {
        Adrenaline {
            pos: fen::parse(START_FEN).expect("the start position is valid"),
            history: Vec::new(),
            draw_rules: true,
            weights: Weights::default(),
        }
    }

    pub fn from_fen(fen: &str) -> Result<Adrenaline, RuleError> {
        let mut g = Adrenaline::new();
        g.set_fen(fen)?;
        Ok(g)
    }

    pub fn weights(&self) -> &Weights {
        &self.weights
    }

    pub fn set_weights(&mut self, w: Weights) {
        self.weights = w;
    }

    /// The piece on a square: colour and kind.
    pub fn piece_at(&self, s: Cell) -> Option<(Player, PieceKind)> {
        self.pos
            .board
            .piece_at(s)
            .map(|(c, k)| (player(c), PieceKind::from_index(k)))
    }

    /// Checkers under the piece on `s`.
    pub fn stack(&self, s: Cell) -> u8 {
        self.pos.stacks[s as usize]
    }

    /// Checkers not on the board.
    pub fn supply(&self) -> u8 {
        self.pos.supply()
    }

    /// Where the turn in progress stands.
    pub fn phase(&self) -> Phase {
        self.pos.phase
    }

    /// Whether something was captured earlier in the turn in progress.
    pub fn captured_this_turn(&self) -> bool {
        self.pos.captured
    }

    /// True at the start of a turn whose mover's king the opponent's next turn could capture.
    pub fn in_adrenaline_check(&self) -> bool {
        self.pos.phase == Phase::Regular && self.pos.in_adrenaline_check()
    }

    /// Whether `p`'s king could be captured by the opponent's next whole turn, with the board
    /// as it stands (the opponent's en-passant right counted when it holds one).
    pub fn king_exposed(&self, p: Player) -> bool {
        let ep_theirs = (self.pos.phase == Phase::Regular) == (self.pos.side as usize != p.index());
        let ep = if ep_theirs { self.pos.ep } else { NO_SQUARE };
        self.pos.exposed(p.index(), ep)
    }

    /// How many times the current turn-start position occurred before, since the last
    /// irreversible action.
    pub fn earlier_occurrences(&self) -> usize {
        if self.pos.phase != Phase::Regular {
            return 0;
        }
        earlier_occurrences(&self.history, self.pos.rep_window as usize, 2, self.pos.key)
    }

    fn bare_kings(&self) -> bool {
        let b = &self.pos.board;
        b.occupied() == b.by_kind[KING] && self.pos.on_board == 0
    }

    fn phase_line(&self) -> String {
        let side = player(self.pos.side as usize).name();
        match self.pos.phase {
            Phase::Regular => format!("{side} to move"),
            Phase::Steps(s) => format!(
                "{side} to move: the piece on {} may step ({} left){}",
                square_name(s),
                self.pos.stacks[s as usize],
                if self.pos.captured {
                    ", a checker is owed"
                } else {
                    ""
                }
            ),
            Phase::Place => format!("{side} to move: place a checker under an enemy piece"),
        }
    }
}

impl Game for Adrenaline {
    type Action = Act;
    type Undo = Undo;

    step_game_parts!();

    fn variant(&self) -> &'static str {
        "adrenaline"
    }

    fn legal_actions(&self, out: &mut Vec<Act>) {
        if self.terminal().is_some() {
            return;
        }
        self.pos.legal(&mut |a| out.push(a));
    }

    fn count_actions(&self) -> u64 {
        if self.terminal().is_some() {
            return 0;
        }
        self.pos.count_legal()
    }

    fn play(&mut self, a: Act) -> Undo {
        let saved = self.pos;
        self.pos.apply(a);
        let ended_turn = self.pos.side != saved.side;
        if ended_turn {
            self.history.push(saved.turn_key);
        }
        Undo {
            pos: saved,
            ended_turn,
        }
    }

    fn undo(&mut self, u: Undo) {
        self.pos = u.pos;
        if u.ended_turn {
            self.history.pop();
        }
    }

    fn key(&self) -> u64 {
        self.pos.key
    }

    fn recompute_key(&self) -> u64 {
        self.pos.compute_key()
    }

    fn terminal(&self) -> Option<Outcome> {
        // Every ending decided without the moves is a counted draw.
        if self.pos.phase != Phase::Regular || !self.draw_rules {
            return None;
        }
        if self.bare_kings() {
            return Some(Outcome::Draw {
                reason: "insufficient material",
            });
        }
        // Checkmate on the hundredth half-move still counts.
        if self.pos.halfmove >= 100 && (!self.pos.in_adrenaline_check() || self.pos.has_legal()) {
            return Some(Outcome::Draw {
                reason: "fifty-move rule",
            });
        }
        if self.pos.rep_window >= 4 && self.earlier_occurrences() >= 2 {
            return Some(Outcome::Draw {
                reason: "threefold repetition",
            });
        }
        None
    }

    fn draw_rules(&self) -> bool {
        self.draw_rules
    }

    fn set_draw_rules(&mut self, on: bool) {
        self.draw_rules = on;
    }

    fn no_action_outcome(&self) -> Outcome {
        no_action_outcome(self.pos.in_adrenaline_check(), self.to_move())
    }

    fn outcome(&self) -> Option<Outcome> {
        self.terminal()
            .or_else(|| (!self.pos.has_legal()).then(|| self.no_action_outcome()))
    }

    fn repeated(&self) -> bool {
        self.pos.rep_window >= 2 && self.earlier_occurrences() >= 1
    }

    fn parse_action(&self, s: &str) -> Result<Act, RuleError> {
        if let Some(o) = self.terminal() {
            return Err(RuleError::new(format!("game is over ({o})")));
        }
        self.read(s.trim())
    }

    fn format_action(&self, a: Act) -> String {
        notation::format(a)
    }

    fn fen(&self) -> String {
        fen::format(&self.pos)
    }

    fn set_fen(&mut self, f: &str) -> Result<(), RuleError> {
        self.pos = fen::parse(f)?;
        self.history.clear();
        Ok(())
    }

    fn reset(&mut self) {
        self.pos = fen::parse(START_FEN).expect("the start position is valid");
        self.history.clear();
    }

    fn display(&self) -> String {
        let mut s = String::new();
        s.push_str("  +---+---+---+---+---+---+---+---+\n");
        for rank in (0..8u8).rev() {
            s.push_str(&format!("{} |", rank + 1));
            for file in 0..8u8 {
                let sq = rank * 8 + file;
                let cell = match self.pos.board.piece_at(sq) {
                    None => "   ".to_string(),
                    Some((color, kind)) => {
                        let l = PieceKind::from_index(kind).letter();
                        let l = if color == 0 {
                            l.to_ascii_uppercase()
                        } else {
                            l
                        };
                        match self.pos.stacks[sq as usize] {
                            0 => format!(" {l} "),
                            n @ 1..=9 => format!(" {l}{n}"),
                            n => format!("{l}{n}"),
                        }
                    }
                };
                s.push_str(&cell);
                s.push('|');
            }
            s.push('\n');
            s.push_str("  +---+---+---+---+---+---+---+---+\n");
        }
        s.push_str("    a   b   c   d   e   f   g   h\n\n");
        s.push_str("(a digit after a piece: the checkers under it)\n");
        s.push_str(&format!("Supply: {} checkers\n", self.pos.supply()));
        // The side to move is printed by `d` itself; only what the turn still holds is added.
        if let Some((_, rest)) = self.phase_line().split_once(": ") {
            s.push_str(&format!("Turn: {rest}\n"));
        }
        s.push_str(&format!("Key: {:016X}\n", self.pos.key));
        s
    }

    fn pieces(&self) -> Vec<(Cell, String)> {
        Bits(self.pos.board.occupied())
            .map(|s| {
                let (c, k) = self.pos.board.piece_at(s).expect("occupied square");
                let l = PieceKind::from_index(k).letter();
                let l = if c == 0 { l.to_ascii_uppercase() } else { l };
                (s, l.to_string())
            })
            .collect()
    }

    fn checked_royals(&self) -> Vec<Cell> {
        crate::core::game::checked_king(self, crate::core::game::Evaluate::in_check(self))
    }

    fn cell_marks(&self) -> Vec<(Cell, CellMark)> {
        Bits(self.pos.stacked)
            .map(|s| {
                (
                    s,
                    CellMark::Stack {
                        count: self.pos.stacks[s as usize],
                        colour: None,
                    },
                )
            })
            .collect()
    }

    fn panel(&self) -> Vec<String> {
        vec![
            self.phase_line(),
            format!("supply: {} of {SUPPLY} checkers", self.pos.supply()),
        ]
    }
}
