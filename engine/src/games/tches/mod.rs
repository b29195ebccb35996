//! TCHES: chess with move-then-capture pieces (Layer 1), reverse-side pieces (Layer 2) and
//! the Layer 3 modifications, each an option: Strike turns of three actions, Escort the
//! King, Capture the King, Capture the Flag, Replacement, another Target, Transportation and
//! Polarity.
//!
//! Modules: `pieces` (types and the movement table), `patterns` (shapes compiled to board
//! tables, Polarity's filtering), `tables` (per-setting shared data), `position`, `movegen`,
//! `turn` (play, replacements and legality), `fen`, `notation`, `options` (the `Rules`),
//! `values` (measured piece values), `eval`.

pub mod eval;
mod fen;
mod movegen;
mod notation;
pub mod options;
pub mod patterns;
pub mod pieces;
mod position;
mod tables;
#[cfg(test)]
mod tests;
mod turn;
pub mod values;

use std::sync::Arc;

use crate::core::bitboard::{Bits, Cell};
use crate::core::game::{Game, Outcome, Player, RuleError};
use crate::core::geometry::Geometry;
use crate::core::options::{OptionSpec, VariantOptions};
use crate::core::variant::Variant;

pub use options::Rules;
pub use pieces::Kind;
pub use position::Move;
use position::Pos;
use tables::Tables;

/// A TCHES game: shared tables for its setting plus the position.
#[derive(Clone)]
pub struct Tches {
    tables: Arc<Tables>,
    pos: Pos,
    weights: Arc<eval::Weights>,
}

impl Variant for Tches {
    const NAME: &'static str = "tches";
    const SUMMARY: &'static str = "TCHES: move-then-capture pieces, reverse sides, Strike turns of three actions and the other Layer 3 modifications";
    const OPTIONS: &'static [OptionSpec] = options::OPTIONS;

    fn from_options(opts: &VariantOptions) -> Result<Tches, RuleError> {
        Tches::with_rules(options::read(opts)?)
    }
}

impl Tches {
    /// The start position. `flips` turns main-side types into reverse-side ones for both sides.
    pub fn new(strike: bool, flips: Vec<(Kind, Kind)>) -> Tches {
        Tches::with_rules(Rules::plain(strike, flips)).expect("Layers 1 and 2 are consistent")
    }

    /// The start position under `rules`; contradicting rules are an error.
    pub fn with_rules(rules: Rules) -> Result<Tches, RuleError> {
        Tches::with_weights(rules, eval::Weights::default())
    }

    /// The start position under `rules`, evaluated with `weights`. The piece-value
    /// measurement builds its probes here with weights that do not ask for those values.
    fn with_weights(rules: Rules, weights: eval::Weights) -> Result<Tches, RuleError> {
        rules.check()?;
        let mut g = Tches {
            tables: Arc::new(Tables::new(rules)),
            pos: Pos::empty(),
            weights: Arc::new(weights),
        };
        g.reset();
        Ok(g)
    }

    pub fn from_options(opts: &VariantOptions) -> Result<Tches, RuleError> {
        Tches::with_rules(options::read(opts)?)
    }

    pub fn rules(&self) -> &Rules {
        &self.tables.rules
    }

    /// Types flipped to their reverse side, as main -> reverse.
    pub fn flips(&self) -> &[(Kind, Kind)] {
        &self.tables.rules.flips
    }

    pub fn strike(&self) -> bool {
        self.tables.rules.strike
    }

    /// The piece on a cell, if any.
    pub fn piece_at(&self, c: Cell) -> Option<(Player, Kind)> {
        self.pos.at(c)
    }

    /// Actions already played in the current turn (Strike).
    pub fn actions_this_turn(&self) -> u32 {
        self.pos.acts as u32
    }

    /// The type the side's Jesters copy now.
    pub fn jester_copy(&self, p: Player) -> Option<Kind> {
        self.pos.jester_copy(p)
    }

    /// True when `p`'s last royal piece (the king, or the target) could be captured by one
    /// action of the opponent.
    pub fn is_king_attacked(&self, p: Player) -> bool {
        self.royal_attacked(p)
    }

    /// The piece under the top piece on `c` (a passenger, or a captured king).
    pub fn carried_at(&self, c: Cell) -> Option<(Player, Kind)> {
        self.pos.under_at(c)
    }

    /// The compass point the piece on `c` faces (Polarity), `n` for north.
    pub fn facing_at(&self, c: Cell) -> Option<char> {
        let (p, _) = self.pos.at(c)?;
        Some(position::compass(p, self.pos.facing(c)))
    }
}

impl Game for Tches {
    type Action = Move;
    type Undo = Pos;

    fn variant(&self) -> &'static str {
        "tches"
    }

    fn geometry(&self) -> &Geometry {
        &self.tables.geo
    }

    fn to_move(&self) -> Player {
        self.pos.side
    }

    fn legal_actions(&self, out: &mut Vec<Move>) {
        self.legal(out)
    }

    fn is_legal(&self, a: Move) -> bool {
        if self.winner().is_some() {
            return false;
        }
        let mut v = Vec::new();
        if self.choosing() {
            self.replacement_actions(&mut v);
            return v.contains(&a);
        }
        if a.is_replacement()
            || self.pos.used & crate::core::bitboard::bit(a.from) != 0
            || !matches!(self.pos.at(a.from), Some((p, _)) if p == self.pos.side)
        {
            return false;
        }
        self.piece_actions(a.from, &mut v);
        v.contains(&a) && self.clone().legal_with(a, &mut Default::default())
    }

    fn play(&mut self, a: Move) -> Pos {
        self.play_raw(a)
    }

    fn undo(&mut self, u: Pos) {
        self.pos = u;
    }

    fn key(&self) -> u64 {
        self.pos.key
    }

    fn recompute_key(&self) -> u64 {
        self.compute_key()
    }

    fn terminal(&self) -> Option<Outcome> {
        let winner = self.winner()?;
        Some(Outcome::Win {
            winner,
            reason: self.won(winner).expect("the winner has a reason"),
        })
    }

    fn no_action_outcome(&self) -> Outcome {
        Outcome::Win {
            winner: self.pos.side.opponent(),
            reason: "no legal action",
        }
    }

    fn parse_action(&self, s: &str) -> Result<Move, RuleError> {
        self.read_move(s)?;
        if let Some(o) = self.terminal() {
            return Err(RuleError::new(format!("game is over ({o})")));
        }
        self.parse_move(s)
    }

    fn format_action(&self, a: Move) -> String {
        self.format_move(a)
    }

    fn fen(&self) -> String {
        self.to_fen()
    }

    fn set_fen(&mut self, fen: &str) -> Result<(), RuleError> {
        self.pos = self.parse_fen(fen)?;
        Ok(())
    }

    fn reset(&mut self) {
        let fen = format!("{} w - -- 1", self.tables.start_placement);
        self.pos = self.parse_fen(&fen).expect("the start position is valid");
    }

    fn display(&self) -> String {
        let mut s = String::new();
        for r in (0..8u8).rev() {
            s.push_str(&format!("{} ", r + 1));
            for f in 0..8u8 {
                let c = r * 8 + f;
                let ch = self.pos.at(c).map_or('.', |(p, k)| fen::letter(p, k));
                s.push(ch);
                // A carried piece shows after its carrier: `F+` (a passenger) or `F!` (a king).
                s.push(match self.pos.under_at(c) {
                    Some((p, _)) if Some(p) == self.pos.at(c).map(|t| t.0) => '+',
                    Some(_) => '!',
                    None => ' ',
                });
            }
            s.push('\n');
        }
        s.push_str("  a b c d e f g h\n");
        // The side to move is printed by the `d` command itself; a finished game's panel
        // holds only its result.
        let over = self.outcome().is_some();
        for line in self.panel().into_iter().skip(usize::from(!over)) {
            s.push_str(&line);
            s.push('\n');
        }
        s
    }

    fn pieces(&self) -> Vec<(Cell, String)> {
        Bits(self.pos.occupied())
            .map(|c| {
                let (p, k) = self.pos.at(c).expect("occupied cell");
                (c, fen::letter(p, k).to_string())
            })
            .collect()
    }

    fn figure(&self, symbol: &str) -> crate::core::game::Figure {
        use crate::core::game::Figure;
        let Some(kind) = symbol.chars().next().and_then(pieces::Kind::from_letter) else {
            return Figure::of_symbol(symbol);
        };
        match kind {
            pieces::Kind::Pawn
            | pieces::Kind::Knight
            | pieces::Kind::Bishop
            | pieces::Kind::Rook
            | pieces::Kind::Queen
            | pieces::Kind::King => Figure::of_symbol(symbol),
            _ => Figure::Badge {
                side: Some(if symbol.starts_with(|c: char| c.is_uppercase()) {
                    Player::White
                } else {
                    Player::Black
                }),
                letters: kind.letter().to_string(),
                name: Some(kind.name()),
            },
        }
    }

    fn checked_royals(&self) -> Vec<Cell> {
        let side = self.to_move();
        match self.royal_cell(side) {
            Some(c) if self.royal_attacked(side) => vec![c],
            _ => Vec::new(),
        }
    }

    fn cell_marks(&self) -> Vec<(Cell, crate::core::game::CellMark)> {
        let mut v = Vec::new();
        for c in Bits(self.pos.occupied()) {
            let mut note = String::new();
            if let Some((p, k)) = self.pos.under_at(c) {
                note.push(fen::letter(p, k));
            }
            if self.tables.rules.polarity {
                if let Some(f) = self.facing_at(c) {
                    note.push(match f {
                        'n' => '^',
                        'e' => '>',
                        's' => 'v',
                        _ => '<',
                    });
                }
            }
            if !note.is_empty() {
                v.push((c, crate::core::game::CellMark::Note(note)));
            }
        }
        v
    }

    fn panel(&self) -> Vec<String> {
        if let Some(o) = self.outcome() {
            return vec![format!("game over: {o}")];
        }
        let mut v = vec![format!("{} to move", self.pos.side.name())];
        if self.tables.rules.strike {
            v.push(format!(
                "Strike: action {} of 3 for {}",
                self.pos.acts + 1,
                self.pos.side.name()
            ));
        }
        if self.choosing() {
            v.push(format!(
                "{} chooses a replacement first",
                self.pos.side.name()
            ));
        }
        v
    }
}
