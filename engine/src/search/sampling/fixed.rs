//! `FixedChance`: a game with chance seen as a game without it. At every chance node one
//! outcome is fixed, drawn with the rules' probabilities from a seed and the position's key,
//! so the same position always gets the same draw: one possible future of the game, which
//! searchers that know no chance (alpha-beta) can search. Searching several seeds and
//! combining their answers is how determinized alpha-beta treats chance.

use rand_core::SeedableRng;

use crate::core::bitboard::Cell;
use crate::core::game::{CellMark, Chance, Evaluate, Game, GameRng, Outcome, Player, RuleError};
use crate::core::geometry::Geometry;

#[derive(Clone, Debug)]
pub struct FixedChance<G> {
    pub game: G,
    pub seed: u64,
}

impl<G: Chance> FixedChance<G> {
    pub fn new(game: G, seed: u64) -> FixedChance<G> {
        FixedChance { game, seed }
    }

    /// What this future adds to every key.
    fn salt(&self) -> u64 {
        crate::core::random::splitmix64(self.seed)
    }

    /// Chance's action at this chance node in this future.
    pub fn fixed(&self) -> G::Action {
        let mut rng = GameRng::seed_from_u64(self.seed ^ self.game.key().rotate_left(23));
        self.game.sample_chance(&mut rng)
    }
}

impl<G: Chance + Evaluate> Game for FixedChance<G> {
    type Action = G::Action;
    type Undo = G::Undo;

    fn variant(&self) -> &'static str {
        self.game.variant()
    }
    fn geometry(&self) -> &Geometry {
        self.game.geometry()
    }
    fn to_move(&self) -> Player {
        self.game.to_move()
    }
    fn legal_actions(&self, out: &mut Vec<G::Action>) {
        if self.game.is_chance_node() && self.game.terminal().is_none() {
            out.push(self.fixed());
        } else {
            self.game.legal_actions(out);
        }
    }
    fn count_actions(&self) -> u64 {
        if self.game.is_chance_node() && self.game.terminal().is_none() {
            1
        } else {
            self.game.count_actions()
        }
    }
    fn is_legal(&self, a: G::Action) -> bool {
        if self.game.is_chance_node() {
            self.game.terminal().is_none() && a == self.fixed()
        } else {
            self.game.is_legal(a)
        }
    }
    fn play(&mut self, a: G::Action) -> G::Undo {
        self.game.play(a)
    }
    fn undo(&mut self, u: G::Undo) {
        self.game.undo(u)
    }
    /// The game's key salted with the future's seed: a transposition table shared by the
    /// searches of several futures then never gives one future's values to another (the
    /// same position has different values where chance is fixed differently), and need not
    /// be cleared between them.
    fn key(&self) -> u64 {
        self.game.key() ^ self.salt()
    }
    fn recompute_key(&self) -> u64 {
        self.game.recompute_key() ^ self.salt()
    }
    fn terminal(&self) -> Option<Outcome> {
        self.game.terminal()
    }
    fn no_action_outcome(&self) -> Outcome {
        self.game.no_action_outcome()
    }
    fn repeated(&self) -> bool {
        self.game.repeated()
    }
    fn players(&self) -> usize {
        self.game.players()
    }
    fn score(&self) -> Option<f64> {
        self.game.score()
    }
    fn score_bounds(&self) -> (f64, f64) {
        self.game.score_bounds()
    }
    fn parse_action(&self, s: &str) -> Result<G::Action, RuleError> {
        let a = self.game.parse_action(s)?;
        if self.game.is_chance_node() && a != self.fixed() {
            return Err(RuleError::new(format!(
                "'{s}' is not the chance outcome of this future"
            )));
        }
        Ok(a)
    }
    fn format_action(&self, a: G::Action) -> String {
        self.game.format_action(a)
    }
    fn san(&self, a: G::Action) -> Option<String> {
        self.game.san(a)
    }
    fn fen(&self) -> String {
        self.game.fen()
    }
    fn set_fen(&mut self, fen: &str) -> Result<(), RuleError> {
        self.game.set_fen(fen)
    }
    fn reset(&mut self) {
        self.game.reset()
    }
    fn display(&self) -> String {
        self.game.display()
    }
    fn pieces(&self) -> Vec<(Cell, String)> {
        self.game.pieces()
    }
    fn cell_marks(&self) -> Vec<(Cell, CellMark)> {
        self.game.cell_marks()
    }
    fn panel(&self) -> Vec<String> {
        self.game.panel()
    }
    fn figure(&self, symbol: &str) -> crate::core::game::Figure {
        self.game.figure(symbol)
    }
    fn checked_royals(&self) -> Vec<Cell> {
        self.game.checked_royals()
    }
}

impl<G: Chance + Evaluate> Evaluate for FixedChance<G> {
    fn evaluate(&self) -> i32 {
        self.game.evaluate()
    }
    fn is_tactical(&self, a: G::Action) -> bool {
        // Quiescence walks through chance (a draw) rather than standing before it.
        self.game.is_chance_node() || self.game.is_tactical(a)
    }
    fn tactical_actions(&self, out: &mut Vec<G::Action>) {
        if self.game.is_chance_node() {
            self.legal_actions(out);
        } else {
            self.game.tactical_actions(out);
        }
    }
    fn order_score(&self, a: G::Action) -> i32 {
        self.game.order_score(a)
    }
    fn in_check(&self) -> bool {
        self.game.in_check()
    }
    fn exchange(&self, a: G::Action) -> Option<i32> {
        self.game.exchange(a)
    }
    fn prior(&self, a: G::Action) -> f64 {
        self.game.prior(a)
    }
    fn speculative(&self, a: G::Action) -> bool {
        self.game.speculative(a)
    }
    fn asks_only(&self, a: G::Action) -> bool {
        self.game.asks_only(a)
    }
    fn quiescence_continues(&self) -> bool {
        self.game.quiescence_continues()
    }
    fn tree_defaults(&self) -> crate::search::types::TreeDefaults {
        self.game.tree_defaults()
    }
    fn play_null(&mut self) -> Option<G::Undo> {
        if self.game.is_chance_node() {
            None
        } else {
            self.game.play_null()
        }
    }
    fn probe_solved(&self) -> Option<(i32, u32)> {
        self.game.probe_solved()
    }
}
