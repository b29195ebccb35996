//! `AnyGame`: an object-safe, text-level face of any `Game`, so the protocol can hold "some
//! variant" while searchers stay generic and monomorphised inside.

use crate::game::{Evaluate, Outcome, Player, RuleError};
use crate::geometry::Geometry;
use crate::params;
use crate::render::{self, RenderOptions};
use crate::search::tt::TranspositionTable;
use crate::search::{self, Limits, SearchConfig, SearchControl, SearchInfo, SearchOutput};
use crate::tune::{self, RecordedGame, SampleOptions, SampleSet};

/// A position of some variant, driven by text. Every mutating call is atomic: on error the
/// position is unchanged.
pub trait AnyGame: Send + Sync {
    fn variant(&self) -> &'static str;
    fn geometry(&self) -> &Geometry;
    fn fen(&self) -> String;
    fn set_fen(&mut self, fen: &str) -> Result<(), RuleError>;
    fn reset(&mut self);
    fn to_move(&self) -> Player;
    /// Plays one action, or a whole turn written as comma-joined actions.
    fn play_str(&mut self, s: &str) -> Result<(), RuleError>;
    fn legal_actions(&self) -> Vec<String>;
    fn outcome(&self) -> Option<Outcome>;
    /// SAN of a legal action, where the variant has SAN.
    fn san(&self, action: &str) -> Option<String>;
    fn perft(&mut self, depth: u32) -> u64;
    fn divide(&mut self, depth: u32) -> Vec<(String, u64)>;
    fn display(&self) -> String;
    fn svg(&self, opts: &RenderOptions) -> Result<String, RuleError>;
    fn search(
        &mut self,
        limits: &Limits,
        cfg: &SearchConfig,
        ctl: &SearchControl,
        tt: &TranspositionTable,
        report: &mut dyn FnMut(&SearchInfo),
    ) -> SearchOutput;
    fn boxed_clone(&self) -> Box<dyn AnyGame>;
    /// The evaluation's weights by name, in the table's order (empty where there are none).
    fn eval_weights(&self) -> Vec<(String, i32)>;
    /// Sets the named weights; the others keep their values. Unchanged on error.
    fn set_eval_weights(&mut self, pairs: &[(String, i32)]) -> Result<(), RuleError>;
    /// Texel tuning samples from recorded games, with this game's weights.
    fn tuning_samples(
        &self,
        games: &[RecordedGame],
        opts: &SampleOptions,
        progress: &(dyn Fn(usize) + Sync),
    ) -> Result<SampleSet, RuleError>;
}

/// The generic implementation of `AnyGame` over a concrete game.
#[derive(Clone)]
pub struct Session<G: Evaluate> {
    pub game: G,
}

impl<G: Evaluate> Session<G> {
    pub fn new(game: G) -> Session<G> {
        Session { game }
    }

    pub fn boxed(game: G) -> Box<dyn AnyGame> {
        Box::new(Session::new(game))
    }
}

impl<G: Evaluate> AnyGame for Session<G> {
    fn variant(&self) -> &'static str {
        self.game.variant()
    }

    fn geometry(&self) -> &Geometry {
        self.game.geometry()
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

    fn to_move(&self) -> Player {
        self.game.to_move()
    }

    fn play_str(&mut self, s: &str) -> Result<(), RuleError> {
        let mut g = self.game.clone();
        for part in s.split(',') {
            let part = part.trim();
            if part.is_empty() {
                return Err(RuleError::new(format!("empty action in '{s}'")));
            }
            if let Some(o) = g.terminal() {
                return Err(RuleError::new(format!(
                    "game is over ({o}); '{part}' not played"
                )));
            }
            let a = g.parse_action(part)?;
            g.play(a);
        }
        self.game = g;
        Ok(())
    }

    fn legal_actions(&self) -> Vec<String> {
        let mut v = Vec::new();
        self.game.legal_actions(&mut v);
        v.into_iter().map(|a| self.game.format_action(a)).collect()
    }

    fn outcome(&self) -> Option<Outcome> {
        self.game.outcome()
    }

    fn san(&self, action: &str) -> Option<String> {
        let a = self.game.parse_action(action).ok()?;
        self.game.san(a)
    }

    fn perft(&mut self, depth: u32) -> u64 {
        crate::perft::perft(&mut self.game, depth)
    }

    fn divide(&mut self, depth: u32) -> Vec<(String, u64)> {
        let d = crate::perft::divide(&mut self.game, depth.saturating_sub(1));
        d.into_iter()
            .map(|(a, n)| (self.game.format_action(a), n))
            .collect()
    }

    fn display(&self) -> String {
        self.game.display()
    }

    fn svg(&self, opts: &RenderOptions) -> Result<String, RuleError> {
        render::svg(&self.game, opts)
    }

    fn search(
        &mut self,
        limits: &Limits,
        cfg: &SearchConfig,
        ctl: &SearchControl,
        tt: &TranspositionTable,
        report: &mut dyn FnMut(&SearchInfo),
    ) -> SearchOutput {
        search::think(&self.game, limits, cfg, ctl, tt, report)
    }

    fn boxed_clone(&self) -> Box<dyn AnyGame> {
        Box::new(self.clone())
    }

    fn eval_weights(&self) -> Vec<(String, i32)> {
        match self.game.eval_weights() {
            Some(t) => params::names(t)
                .into_iter()
                .zip(params::values(t))
                .collect(),
            None => Vec::new(),
        }
    }

    fn set_eval_weights(&mut self, pairs: &[(String, i32)]) -> Result<(), RuleError> {
        params::apply_weights(&mut self.game, pairs)
    }

    fn tuning_samples(
        &self,
        games: &[RecordedGame],
        opts: &SampleOptions,
        progress: &(dyn Fn(usize) + Sync),
    ) -> Result<SampleSet, RuleError> {
        tune::collect(&self.game, games, opts, progress)
    }
}
