//! `SoloSession`: the text face (`AnyGame`) of a one-player game. It is `Session` with another
//! searcher: `go` runs the clairvoyant solver on the known deal and answers its first action,
//! with the game's score (points) as the `cp` score.

use std::sync::atomic::AtomicBool;
use std::time::Duration;

use rand_core::SeedableRng;
use rand_xoshiro::Xoshiro256PlusPlus;

use super::bestfirst::{self, Caps};
use super::{players, Solitaire};
use crate::game::{Evaluate, Outcome, Player, RuleError};
use crate::geometry::Geometry;
use crate::render::{self, RenderOptions};
use crate::search::tt::TranspositionTable;
use crate::search::{Limits, Score, SearchConfig, SearchControl, SearchInfo, SearchOutput};
use crate::session::AnyGame;

/// A one-player game driven by text, with the solver's caps.
#[derive(Clone)]
pub struct SoloSession<G: Solitaire + Evaluate> {
    pub game: G,
    pub caps: Caps,
}

impl<G: Solitaire + Evaluate> SoloSession<G> {
    pub fn boxed(game: G, caps: Caps) -> Box<dyn AnyGame> {
        Box::new(SoloSession { game, caps })
    }

    fn formatted(&self, line: &[G::Action]) -> Vec<String> {
        let mut g = self.game.clone();
        line.iter()
            .map(|&a| {
                let s = g.format_action(a);
                g.play(a);
                s
            })
            .collect()
    }

    /// The time cap of one `go`: the solver's own cap, shortened by `movetime` or a clock.
    fn time_cap(&self, limits: &Limits) -> Option<Duration> {
        if limits.infinite {
            return None;
        }
        let mut cap = self.caps.time;
        let mut shorten = |ms: u64| {
            let d = Duration::from_millis(ms.max(1));
            cap = Some(cap.map_or(d, |c| c.min(d)));
        };
        if let Some(m) = limits.movetime {
            shorten(m);
        }
        if let Some(t) = limits.wtime {
            shorten(t / 3 + limits.winc.unwrap_or(0));
        }
        cap
    }
}

impl<G: Solitaire + Evaluate> AnyGame for SoloSession<G> {
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

    /// One player: `to_move` never changes, and every action is a turn.
    fn players(&self) -> usize {
        1
    }

    fn play_str(&mut self, s: &str) -> Result<(), RuleError> {
        let mut g = self.game.clone();
        for part in s.split(',') {
            let part = part.trim();
            if part.is_empty() {
                return Err(RuleError::new(format!("empty action in '{s}'")));
            }
            if let Some(o) = g.outcome() {
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

    fn san(&self, _action: &str) -> Option<String> {
        None
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

    fn divide_until(
        &mut self,
        depth: u32,
        stop: &AtomicBool,
        each: &mut dyn FnMut(&str, u64),
    ) -> bool {
        crate::session::divide_until_text(&self.game, depth, stop, each)
    }

    fn perft_turns(&mut self, turns: u32) -> u64 {
        crate::perft::perft_turns(&mut self.game, turns)
    }

    fn divide_turns_until(
        &mut self,
        turns: u32,
        stop: &AtomicBool,
        each: &mut dyn FnMut(&str, u64),
    ) -> bool {
        crate::session::divide_turns_until_text(&self.game, turns, stop, each)
    }

    fn pieces(&self) -> Vec<(crate::bitboard::Cell, String)> {
        self.game.pieces()
    }

    fn eval_weights(&self) -> Vec<(String, i32)> {
        crate::session::named_weights(&self.game)
    }

    fn set_eval_weights(&mut self, pairs: &[(String, i32)]) -> Result<(), RuleError> {
        crate::params::apply_weights(&mut self.game, pairs)
    }

    fn tuning_samples(
        &self,
        games: &[crate::tune::RecordedGame],
        opts: &crate::tune::SampleOptions,
        progress: &(dyn Fn(usize) + Sync),
    ) -> Result<crate::tune::SampleSet, RuleError> {
        crate::tune::collect(&self.game, games, opts, progress)
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
        _cfg: &SearchConfig,
        ctl: &SearchControl,
        _tt: &TranspositionTable,
        report: &mut dyn FnMut(&SearchInfo),
    ) -> SearchOutput {
        let note = |text: String| SearchInfo {
            depth: 0,
            seldepth: 0,
            multipv: 1,
            score: Score::Cp(0),
            nodes: 0,
            time_ms: 0,
            nps: 0,
            hashfull: 0,
            pv: Vec::new(),
            note: Some(text),
        };
        if self.game.result().is_some() {
            return SearchOutput {
                turn: Vec::new(),
                ponder: None,
                score: Score::Cp(self.game.result().map_or(0, |s| s.points)),
                nodes: 0,
                depth: 0,
            };
        }
        if self.game.unknowns() > 0 {
            // The clairvoyant solver needs the whole deal; a player that plays from what it
            // knows is not built yet, so the answer is the greedy player's choice.
            report(&note(format!(
                "{} cards of the deal are unknown: the clairvoyant solver needs the whole deal; \
                 playing the greedy choice",
                self.game.unknowns()
            )));
            let mut rng = Xoshiro256PlusPlus::seed_from_u64(self.game.key());
            let (_, line) = players::greedy_player(&self.game, &mut rng);
            let turn = self.formatted(&line[..line.len().min(1)]);
            return SearchOutput {
                turn,
                ponder: None,
                score: Score::Cp(0),
                nodes: 0,
                depth: 0,
            };
        }
        let caps = Caps {
            time: self.time_cap(limits),
            memory: self.caps.memory,
        };
        let root = self.game.clone();
        // One report per improvement of the best line found (the solver calls often).
        let mut last_best = None;
        let mut progress = |p: &bestfirst::Progress| {
            if last_best == Some(p.best) {
                return;
            }
            last_best = Some(p.best);
            let ms = p.elapsed.as_millis() as u64;
            report(&SearchInfo {
                depth: 0,
                seldepth: 0,
                multipv: 1,
                score: Score::Cp(p.best.points),
                nodes: p.expanded,
                time_ms: ms,
                nps: p.expanded * 1000 / ms.max(1),
                hashfull: 0,
                pv: Vec::new(),
                note: Some(format!(
                    "best found {} upper bound {} positions {}",
                    p.best, p.upper, p.generated
                )),
            });
        };
        // The greedy player's game is the first line to beat: stopped early, the answer is
        // no worse than it.
        let mut rng = Xoshiro256PlusPlus::seed_from_u64(root.key());
        let greedy = players::greedy_player(&root, &mut rng);
        let sol = bestfirst::solve_from(&root, &caps, &ctl.stop, &mut progress, Some(greedy));
        let pv = self.formatted(&sol.line);
        let ms = sol.elapsed.as_millis() as u64;
        report(&SearchInfo {
            depth: sol.line.len() as u32,
            seldepth: sol.line.len() as u32,
            multipv: 1,
            score: Score::Cp(sol.best.points),
            nodes: sol.expanded,
            time_ms: ms,
            nps: sol.expanded * 1000 / ms.max(1),
            hashfull: 0,
            pv: pv.clone(),
            note: Some(format!(
                "clairvoyant score {} {}; upper bound {}; {} positions",
                sol.best,
                sol.verdict.describe(),
                sol.upper,
                sol.generated
            )),
        });
        SearchOutput {
            turn: pv.into_iter().take(1).collect(),
            ponder: None,
            score: Score::Cp(sol.best.points),
            nodes: sol.expanded,
            depth: sol.line.len() as u32,
        }
    }

    fn boxed_clone(&self) -> Box<dyn AnyGame> {
        Box::new(self.clone())
    }
}
