//! `AnyGame`: an object-safe, text-level face of any `Game`, so the protocol can hold "some
//! variant" while searchers stay generic and monomorphised inside. `Session` is the face of a
//! game without hidden information or chance; `HiddenSession` (in `hidden_session`) the face
//! of one with them, holding either the full state or one player's view.

use std::sync::atomic::AtomicBool;

use crate::core::game::{Evaluate, Game, GameRng, Outcome, Player, RuleError};
use crate::core::geometry::Geometry;
use crate::core::param_table;
use crate::search::tt::TranspositionTable;
use crate::search::{self, Limits, SearchConfig, SearchControl, SearchInfo, SearchOutput};
use crate::tools::render::{self, RenderOptions};
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
    /// `divide` that hands each first action's count to `each` as soon as it is known and
    /// gives up when `stop` is raised: `true` when every first action was counted.
    fn divide_until(
        &mut self,
        depth: u32,
        stop: &AtomicBool,
        each: &mut dyn FnMut(&str, u64),
    ) -> bool;
    /// Complete legal turns over `turns` turns (equal to `perft` where a turn is one action).
    fn perft_turns(&mut self, turns: u32) -> u64;
    /// `perft_turns` split by first turn, each written comma-joined and handed to `each` as
    /// soon as it is counted (the counts add up to `perft_turns(turns)`); gives up when `stop`
    /// is raised: `true` when every first turn was counted.
    fn divide_turns_until(
        &mut self,
        turns: u32,
        stop: &AtomicBool,
        each: &mut dyn FnMut(&str, u64),
    ) -> bool;
    fn display(&self) -> String;
    fn svg(&self, opts: &RenderOptions) -> Result<String, RuleError>;
    /// Pieces on cells, `(cell, symbol)`, as pictures show them.
    fn pieces(&self) -> Vec<(crate::core::bitboard::Cell, String)>;
    fn search(
        &mut self,
        limits: &Limits,
        cfg: &SearchConfig,
        ctl: &SearchControl,
        tt: &TranspositionTable,
        report: &mut dyn FnMut(&SearchInfo),
    ) -> SearchOutput;
    fn boxed_clone(&self) -> Box<dyn AnyGame>;

    /// How many players take turns: 2, or 1 for a solitaire.
    fn players(&self) -> usize {
        2
    }

    /// A finished game's score in points, where the game keeps one (solitaires).
    fn score(&self) -> Option<f64> {
        None
    }

    /// True for games with hidden information or chance: the referee keeps their full state
    /// and gives each player its view (`view`, `observe`).
    fn is_hidden(&self) -> bool {
        false
    }

    /// True when chance acts next (a card is drawn): no player is asked; the referee samples
    /// chance's action (`sample_chance`).
    fn is_chance_node(&self) -> bool {
        false
    }

    /// Chance's next action, drawn with the rules' probabilities; `None` at no chance node.
    fn sample_chance(&self, _rng: &mut GameRng) -> Option<String> {
        None
    }

    /// Replaces the game by a fresh deal drawn from `rng`, for games whose deal is made
    /// outside their actions (a solitaire's deck order, an option); false (and unchanged)
    /// where chance's actions deal, or nothing is dealt.
    fn redeal(&mut self, _rng: &mut GameRng) -> bool {
        false
    }

    /// Player `p`'s view of this full state, as a position of its own: its FEN is the
    /// view-FEN, its moves are observations, its search plays from the view. `None` for games
    /// without hidden information and for a position that already is a view.
    fn view(&self, _p: Player) -> Option<Box<dyn AnyGame>> {
        None
    }

    /// What `p` perceives of `action` (one action, legal here) when it is played, written as
    /// `p`'s view reads it. Games without hidden information: the action itself.
    fn observe(&self, action: &str, _p: Player) -> Result<String, RuleError> {
        Ok(action.to_string())
    }

    /// The player whose view this position is; `None` for a full state.
    fn viewer(&self) -> Option<Player> {
        None
    }

    /// True when `action` (legal here) shows its player something it did not know: its turn
    /// pauses after it, and the player is asked again once it has seen the result.
    fn reveals(&self, _action: &str) -> Result<bool, RuleError> {
        Ok(false)
    }

    /// Checks, without playing them, that the side to move may play `turn` (actions joined by
    /// commas) from here. From a view: the viewer's own actions.
    fn check_turn(&self, turn: &str) -> Result<(), RuleError> {
        self.boxed_clone().play_str(turn)
    }

    /// Why a search cannot start here (chance acts next; the view's player is not to move).
    fn searchable(&self) -> Result<(), RuleError> {
        Ok(())
    }
    /// The game's static evaluation, in centipawns for the side to move: what the searcher
    /// reads at a leaf before any quiescence (in chess the hand-written evaluation with the
    /// network's correction). `None` where the game shows none: a game of hidden
    /// information, whose searcher samples the positions a view allows instead.
    fn static_eval(&self) -> Option<i32> {
        None
    }
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
        self.game = play_actions(&self.game, s)?;
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
        crate::tools::perft::perft(&mut self.game, depth)
    }

    fn divide(&mut self, depth: u32) -> Vec<(String, u64)> {
        divide_text(&mut self.game, depth)
    }

    fn divide_until(
        &mut self,
        depth: u32,
        stop: &AtomicBool,
        each: &mut dyn FnMut(&str, u64),
    ) -> bool {
        divide_until_text(&self.game, depth, stop, each)
    }

    fn perft_turns(&mut self, turns: u32) -> u64 {
        crate::tools::perft::perft_turns(&mut self.game, turns)
    }

    fn divide_turns_until(
        &mut self,
        turns: u32,
        stop: &AtomicBool,
        each: &mut dyn FnMut(&str, u64),
    ) -> bool {
        divide_turns_until_text(&self.game, turns, stop, each)
    }

    fn display(&self) -> String {
        self.game.display()
    }

    fn svg(&self, opts: &RenderOptions) -> Result<String, RuleError> {
        render::svg(&self.game, opts)
    }

    fn pieces(&self) -> Vec<(crate::core::bitboard::Cell, String)> {
        self.game.pieces()
    }

    fn search(
        &mut self,
        limits: &Limits,
        cfg: &SearchConfig,
        ctl: &SearchControl,
        tt: &TranspositionTable,
        report: &mut dyn FnMut(&SearchInfo),
    ) -> SearchOutput {
        search::run(&self.game, limits, cfg, ctl, tt, report)
    }

    fn boxed_clone(&self) -> Box<dyn AnyGame> {
        Box::new(self.clone())
    }

    fn static_eval(&self) -> Option<i32> {
        Some(self.game.evaluate())
    }

    fn eval_weights(&self) -> Vec<(String, i32)> {
        named_weights(&self.game)
    }

    fn set_eval_weights(&mut self, pairs: &[(String, i32)]) -> Result<(), RuleError> {
        param_table::apply_weights(&mut self.game, pairs)
    }

    fn tuning_samples(
        &self,
        games: &[RecordedGame],
        opts: &SampleOptions,
        progress: &(dyn Fn(usize) + Sync),
    ) -> Result<SampleSet, RuleError> {
        tune::collect(&self.game, games, opts, progress)
    }

    fn players(&self) -> usize {
        self.game.players()
    }

    fn score(&self) -> Option<f64> {
        self.game.score()
    }
}

/// Plays comma-joined actions on a copy of `game`; the copy when every one is legal.
pub(crate) fn play_actions<G: crate::core::game::Game>(game: &G, s: &str) -> Result<G, RuleError> {
    let mut g = game.clone();
    let side = g.to_move();
    for (i, part) in s.split(',').enumerate() {
        let part = part.trim();
        if part.is_empty() {
            return Err(RuleError::new(format!("empty action in '{s}'")));
        }
        if let Some(o) = g.terminal() {
            return Err(RuleError::new(format!(
                "game is over ({o}); '{part}' not played"
            )));
        }
        // A comma-joined group is one turn: it may not run into the next side's turn.
        if i > 0 && g.to_move() != side {
            return Err(RuleError::new(format!(
                "'{part}' is not part of {}'s turn, which ended before it; \
                 write the next turn apart, separated by a space",
                side.name()
            )));
        }
        let a = g.parse_action(part)?;
        g.play(a);
    }
    Ok(g)
}

/// A whole turn from `root`, its actions written comma-joined (each in the position it is
/// played in).
fn turn_text<G: Game>(root: &G, turn: &[G::Action]) -> String {
    let mut g = root.clone();
    let text: Vec<String> = turn
        .iter()
        .map(|&a| {
            let s = g.format_action(a);
            g.play(a);
            s
        })
        .collect();
    text.join(",")
}

/// `AnyGame::divide` over any game: each first action, written, with the count below it.
pub(crate) fn divide_text<G: Game>(game: &mut G, depth: u32) -> Vec<(String, u64)> {
    crate::tools::perft::divide(game, depth.saturating_sub(1))
        .into_iter()
        .map(|(a, n)| (game.format_action(a), n))
        .collect()
}

/// `AnyGame::divide_until` over any game: each first action's count, written as text.
pub(crate) fn divide_until_text<G: Game>(
    game: &G,
    depth: u32,
    stop: &AtomicBool,
    each: &mut dyn FnMut(&str, u64),
) -> bool {
    let mut g = game.clone();
    crate::tools::perft::divide_until(&mut g, depth.saturating_sub(1), stop, &mut |a, n| {
        each(&game.format_action(a), n)
    })
}

/// `AnyGame::divide_turns_until` over any game: each first turn's count, the turn written
/// comma-joined.
pub(crate) fn divide_turns_until_text<G: Game>(
    game: &G,
    turns: u32,
    stop: &AtomicBool,
    each: &mut dyn FnMut(&str, u64),
) -> bool {
    let mut g = game.clone();
    crate::tools::perft::divide_turns_until(
        &mut g,
        turns.saturating_sub(1),
        stop,
        &mut |turn, n| each(&turn_text(game, turn), n),
    )
}

/// `AnyGame::eval_weights` over any game: its weights by name, empty where it has none.
pub(crate) fn named_weights<G: Evaluate>(game: &G) -> Vec<(String, i32)> {
    match game.eval_weights() {
        Some(t) => param_table::names(t)
            .into_iter()
            .zip(param_table::values(t))
            .collect(),
        None => Vec::new(),
    }
}
