//! TCHES: chess with move-then-capture pieces (Layer 1), reverse-side pieces (Layer 2) and
//! Strike turns of three actions by three different pieces (Layer 3).
//!
//! Modules: `pieces` (types and the movement table), `patterns` (shapes compiled to board
//! tables), `tables` (per-setting shared data), `position`, `movegen`, `turn` (play and
//! legality), `fen`, `notation`, `options`, `values` (measured piece values), `eval`.

mod eval;
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

use crate::bitboard::{Bits, Cell};
use crate::game::{Game, Outcome, Player, RuleError};
use crate::geometry::Geometry;
use crate::options::VariantOptions;
use crate::session::{AnyGame, Session};
use crate::variant::VariantInfo;

pub use pieces::Kind;
pub use position::Move;
use position::Pos;
use tables::Tables;

/// A TCHES game: shared tables for its setting plus the position.
#[derive(Clone)]
pub struct Tches {
    tables: Arc<Tables>,
    pos: Pos,
}

/// The registry entry.
pub const INFO: VariantInfo = VariantInfo {
    name: "tches",
    summary: "TCHES: move-then-capture pieces, reverse sides, Strike turns of three actions",
    options: options::OPTIONS,
    create: Tches::boxed,
    solve: None,
};

impl Tches {
    /// The start position. `flips` turns main-side types into reverse-side ones for both sides.
    pub fn new(strike: bool, flips: Vec<(Kind, Kind)>) -> Tches {
        let mut g = Tches {
            tables: Arc::new(Tables::new(strike, flips)),
            pos: Pos::empty(),
        };
        g.reset();
        g
    }

    pub fn from_options(opts: &VariantOptions) -> Result<Tches, RuleError> {
        let (strike, flips) = options::read(opts)?;
        Ok(Tches::new(strike, flips))
    }

    pub fn boxed(opts: &VariantOptions) -> Result<Box<dyn AnyGame>, RuleError> {
        Ok(Session::boxed(Tches::from_options(opts)?))
    }

    /// Types flipped to their reverse side, as main -> reverse.
    pub fn flips(&self) -> &[(Kind, Kind)] {
        &self.tables.flips
    }

    pub fn strike(&self) -> bool {
        self.tables.strike
    }

    /// The piece on a cell, if any.
    pub fn piece_at(&self, c: Cell) -> Option<(Player, Kind)> {
        self.pos.at(c)
    }

    /// Actions already played in the current turn (Strike).
    pub fn actions_this_turn(&self) -> u32 {
        self.pos.used.count_ones()
    }

    /// The type the side's Jesters copy now.
    pub fn jester_copy(&self, p: Player) -> Option<Kind> {
        self.pos.jester_copy(p)
    }

    /// True when `p`'s king could be captured by one action of the opponent.
    pub fn is_king_attacked(&self, p: Player) -> bool {
        self.king_attacked(p)
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
        if self.winner().is_some()
            || self.pos.used & crate::bitboard::bit(a.from) != 0
            || !matches!(self.pos.at(a.from), Some((p, _)) if p == self.pos.side)
        {
            return false;
        }
        let mut v = Vec::new();
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
        self.winner().map(|winner| Outcome::Win {
            winner,
            reason: "king capture",
        })
    }

    fn no_action_outcome(&self) -> Outcome {
        Outcome::Win {
            winner: self.pos.side.opponent(),
            reason: "no legal action",
        }
    }

    fn parse_action(&self, s: &str) -> Result<Move, RuleError> {
        let m = self.read_move(s)?;
        if let Some(o) = self.terminal() {
            return Err(RuleError::new(format!("game is over ({o})")));
        }
        if !self.is_legal(m) {
            return Err(RuleError::new(format!(
                "{s} is illegal: {}",
                self.why_illegal(m)
            )));
        }
        Ok(m)
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
                let ch = self
                    .pos
                    .at(r * 8 + f)
                    .map_or('.', |(p, k)| fen::letter(p, k));
                s.push(ch);
                s.push(' ');
            }
            s.push('\n');
        }
        s.push_str("  a b c d e f g h\n");
        if self.tables.strike {
            s.push_str(&format!(
                "Strike: action {} of 3 for {}\n",
                self.pos.used.count_ones() + 1,
                self.pos.side.name()
            ));
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
}
