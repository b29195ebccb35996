//! `HiddenSession`: the text face (`AnyGame`) of a game with hidden information or chance.
//! It holds either the full state (the truth: what a referee holds, or what an analyst
//! gives) or one player's view (what an engine in a game is told):
//!
//! - truth: FEN, actions (chance's too: a draw is an action) and search as for any game; a
//!   search knows everything it is given. `view(p)` and `observe(action, p)` give the referee
//!   each player's view and what it perceives of each action.
//! - view: the FEN is the view-FEN, `play_str` applies observations (the actions of both sides
//!   and of chance as the player saw them), the legal actions are the player's own, and the
//!   search plays from the view (information-set MCTS, determinized alpha-beta, ...).
//!
//! `set_fen` takes either: a truth's FEN or a view-FEN (the game tells them apart).
//!
//! A variant may put a searcher of its own kind in front of the generic ones, for the truth
//! (`TruthSearch`: a solitaire's exact clairvoyant solver, which needs every hidden fact) and
//! for a view (`ViewSearch`: a solitaire's fair player, which samples truths from the view and
//! solves each); each answers only where it applies, and the generic searchers play everything
//! else.

use rand_core::SeedableRng;
use std::sync::atomic::AtomicBool;
use std::sync::Arc;

use crate::core::game::{Evaluate, GameRng, Hidden, Outcome, Player, RuleError, View};
use crate::core::geometry::Geometry;
use crate::faces::session::{play_actions, AnyGame};
use crate::search::tt::TranspositionTable;
use crate::search::{self, Limits, SearchConfig, SearchControl, SearchInfo, SearchOutput};
use crate::tools::render::{self, RenderOptions};

/// Truths drawn from a view for its text face (legal actions, checks) use this seed: the
/// player's own actions are the same in every truth consistent with its view.
const FACE_SEED: u64 = 0x5EED_F00D;

/// A search of the truth that a variant puts before the generic searchers: `None` where it
/// does not apply (then the `Search` option's searcher plays).
pub type TruthSearch<G> = Arc<
    dyn Fn(
            &G,
            &Limits,
            &SearchConfig,
            &SearchControl,
            &mut dyn FnMut(&SearchInfo),
        ) -> Option<SearchOutput>
        + Send
        + Sync,
>;

/// A search of a view that a variant puts before the generic searchers: `None` where it does
/// not apply. It is given the view only, so it plays fairly.
pub type ViewSearch<V> = Arc<
    dyn Fn(
            &V,
            &Limits,
            &SearchConfig,
            &SearchControl,
            &mut dyn FnMut(&SearchInfo),
        ) -> Option<SearchOutput>
        + Send
        + Sync,
>;

#[derive(Clone)]
pub struct HiddenSession<G: Evaluate + Hidden> {
    /// The truth; while a view is held, the variant (with its options) the view belongs to.
    pub game: G,
    pub view: Option<G::View>,
    /// The variant's own search of the truth, tried first (see `TruthSearch`).
    pub truth_search: Option<TruthSearch<G>>,
    /// The variant's own search of a view, tried first (see `ViewSearch`).
    pub view_search: Option<ViewSearch<G::View>>,
}

impl<G: Evaluate + Hidden> HiddenSession<G> {
    pub fn new(game: G) -> HiddenSession<G> {
        HiddenSession {
            game,
            view: None,
            truth_search: None,
            view_search: None,
        }
    }

    pub fn boxed(game: G) -> Box<dyn AnyGame> {
        Box::new(HiddenSession::new(game))
    }

    /// A session whose truth is searched by `truth` and whose views by `view`, where they
    /// apply.
    pub fn with_searches(
        game: G,
        truth: Option<TruthSearch<G>>,
        view: Option<ViewSearch<G::View>>,
    ) -> Box<dyn AnyGame> {
        Box::new(HiddenSession {
            game,
            view: None,
            truth_search: truth,
            view_search: view,
        })
    }

    /// A truth consistent with the view (for the player's own actions).
    fn sample(view: &G::View) -> G {
        view.determinize(&mut GameRng::seed_from_u64(FACE_SEED))
    }

    fn own_turn(view: &G::View) -> bool {
        view.outcome().is_none() && view.to_move() == view.player()
    }

    /// The observation of the player's own action `text`, where it is the player's turn, the
    /// action is legal and reveals nothing; `None` otherwise.
    fn own_action_seen(view: &G::View, text: &str) -> Option<G::Observation> {
        if !Self::own_turn(view) {
            return None;
        }
        let g = Self::sample(view);
        if g.is_chance_node() {
            return None;
        }
        let a = g.parse_action(text).ok()?;
        // An action that shows the player something (a captured checker's kind, a guess's
        // answer) is observed differently in different truths: it must come as observed.
        if !g.is_legal(a) || g.reveals(a) {
            return None;
        }
        Some(g.observe(a, view.player()))
    }

    /// Applies comma-joined observations to a copy of `view`.
    fn apply_all(view: &G::View, s: &str) -> Result<G::View, RuleError> {
        let mut v = view.clone();
        for part in s.split(',') {
            let part = part.trim();
            if part.is_empty() {
                return Err(RuleError::new(format!("empty observation in '{s}'")));
            }
            if let Some(o) = v.outcome() {
                return Err(RuleError::new(format!(
                    "game is over ({o}); '{part}' not applied"
                )));
            }
            let as_seen = v.parse_observation(part).and_then(|o| {
                let mut w = v.clone();
                w.apply(&o).map(|()| w)
            });
            v = match as_seen {
                Ok(w) => w,
                // The player's own action as played (`u1` for an uncloak the view writes
                // `u1!q`): what it observes of it is the same in every truth its view allows.
                Err(e) => {
                    let o = Self::own_action_seen(&v, part).ok_or(e)?;
                    v.apply(&o)?;
                    v
                }
            };
        }
        Ok(v)
    }
}

impl<G: Evaluate + Hidden> AnyGame for HiddenSession<G> {
    fn variant(&self) -> &'static str {
        self.game.variant()
    }

    fn geometry(&self) -> &Geometry {
        self.game.geometry()
    }

    fn fen(&self) -> String {
        match &self.view {
            Some(v) => v.fen(),
            None => self.game.fen(),
        }
    }

    fn set_fen(&mut self, fen: &str) -> Result<(), RuleError> {
        let mut g = self.game.clone();
        match g.set_fen(fen) {
            Ok(()) => {
                self.game = g;
                self.view = None;
                Ok(())
            }
            Err(as_truth) => match self.game.parse_view(fen) {
                Ok(v) => {
                    self.view = Some(v);
                    Ok(())
                }
                Err(as_view) => Err(RuleError::new(format!(
                    "neither a position ({as_truth}) nor a view ({as_view})"
                ))),
            },
        }
    }

    fn reset(&mut self) {
        self.game.reset();
        self.view = None;
    }

    fn to_move(&self) -> Player {
        match &self.view {
            Some(v) => v.to_move(),
            None => self.game.to_move(),
        }
    }

    fn play_str(&mut self, s: &str) -> Result<(), RuleError> {
        match &self.view {
            Some(v) => self.view = Some(Self::apply_all(v, s)?),
            None => self.game = play_actions(&self.game, s)?,
        }
        Ok(())
    }

    fn legal_actions(&self) -> Vec<String> {
        let g = match &self.view {
            Some(v) if Self::own_turn(v) => Self::sample(v),
            Some(_) => return Vec::new(),
            None => self.game.clone(),
        };
        if self.view.is_some() && g.is_chance_node() {
            // Chance acts before the player: what a sample would draw is no one's action.
            return Vec::new();
        }
        let mut v = Vec::new();
        g.legal_actions(&mut v);
        v.into_iter().map(|a| g.format_action(a)).collect()
    }

    fn outcome(&self) -> Option<Outcome> {
        match &self.view {
            Some(v) => v.outcome(),
            None => self.game.outcome(),
        }
    }

    fn san(&self, action: &str) -> Option<String> {
        if self.view.is_some() {
            return None;
        }
        let a = self.game.parse_action(action).ok()?;
        self.game.san(a)
    }

    fn perft(&mut self, depth: u32) -> u64 {
        match &self.view {
            // Counting needs the full state; `searchable`-like checks refuse it before this.
            Some(_) => 0,
            None => crate::tools::perft::perft(&mut self.game, depth),
        }
    }

    fn divide(&mut self, depth: u32) -> Vec<(String, u64)> {
        if self.view.is_some() {
            return Vec::new();
        }
        crate::faces::session::divide_text(&mut self.game, depth)
    }

    fn divide_until(
        &mut self,
        depth: u32,
        stop: &AtomicBool,
        each: &mut dyn FnMut(&str, u64),
    ) -> bool {
        // Counting needs the full state.
        if self.view.is_some() {
            return false;
        }
        crate::faces::session::divide_until_text(&self.game, depth, stop, each)
    }

    fn perft_turns(&mut self, turns: u32) -> u64 {
        if self.view.is_some() {
            return 0;
        }
        crate::tools::perft::perft_turns(&mut self.game, turns)
    }

    fn divide_turns_until(
        &mut self,
        turns: u32,
        stop: &AtomicBool,
        each: &mut dyn FnMut(&str, u64),
    ) -> bool {
        // Counting needs the full state.
        if self.view.is_some() {
            return false;
        }
        crate::faces::session::divide_turns_until_text(&self.game, turns, stop, each)
    }

    fn pieces(&self) -> Vec<(crate::core::bitboard::Cell, String)> {
        // A view's pictures show no hidden truth: only a game's own picture of the view.
        match &self.view {
            Some(v) => v.picture().map_or_else(Vec::new, |g| g.pieces()),
            None => self.game.pieces(),
        }
    }

    fn eval_weights(&self) -> Vec<(String, i32)> {
        crate::faces::session::named_weights(&self.game)
    }

    fn set_eval_weights(&mut self, pairs: &[(String, i32)]) -> Result<(), RuleError> {
        crate::core::param_table::apply_weights(&mut self.game, pairs)
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
        match &self.view {
            Some(v) => format!(
                "{}\n{} view: {}",
                v.display().trim_end(),
                v.player().name(),
                v.fen()
            ),
            None => {
                let mut s = self.game.display().trim_end().to_string();
                for p in [Player::White, Player::Black]
                    .into_iter()
                    .take(self.game.players())
                {
                    let v = self.game.view(p);
                    s.push_str(&format!(
                        "\n\n{} sees:\n{}\n{} view: {}",
                        p.name(),
                        v.display().trim_end(),
                        p.name(),
                        v.fen()
                    ));
                }
                s
            }
        }
    }

    fn svg(&self, opts: &RenderOptions) -> Result<String, RuleError> {
        match &self.view {
            Some(v) => match v.picture() {
                Some(g) => render::svg_titled(&g, opts, &v.fen()),
                None => Err(RuleError::new(format!(
                    "pictures of this variant's views are not built; this position is {}'s view",
                    v.player().name()
                ))),
            },
            None => render::svg(&self.game, opts),
        }
    }

    fn search(
        &mut self,
        limits: &Limits,
        cfg: &SearchConfig,
        ctl: &SearchControl,
        tt: &TranspositionTable,
        report: &mut dyn FnMut(&SearchInfo),
    ) -> SearchOutput {
        match &self.view {
            Some(v) => {
                if let Some(own) = &self.view_search {
                    if let Some(out) = own(v, limits, cfg, ctl, report) {
                        return out;
                    }
                }
                search::run_view(v, limits, cfg, ctl, tt, report)
            }
            None => {
                if let Some(own) = &self.truth_search {
                    if let Some(out) = own(&self.game, limits, cfg, ctl, report) {
                        return out;
                    }
                }
                search::run_truth(&self.game, limits, cfg, ctl, tt, report)
            }
        }
    }

    fn boxed_clone(&self) -> Box<dyn AnyGame> {
        Box::new(self.clone())
    }

    fn players(&self) -> usize {
        self.game.players()
    }

    fn score(&self) -> Option<f64> {
        match &self.view {
            Some(_) => None,
            None => self.game.score(),
        }
    }

    fn is_hidden(&self) -> bool {
        true
    }

    fn is_chance_node(&self) -> bool {
        self.view.is_none() && self.game.terminal().is_none() && self.game.is_chance_node()
    }

    fn sample_chance(&self, rng: &mut GameRng) -> Option<String> {
        self.is_chance_node()
            .then(|| self.game.format_action(self.game.sample_chance(rng)))
    }

    fn redeal(&mut self, rng: &mut GameRng) -> bool {
        match self.game.deal(rng) {
            Some(g) => {
                self.game = g;
                self.view = None;
                true
            }
            None => false,
        }
    }

    fn view(&self, p: Player) -> Option<Box<dyn AnyGame>> {
        if self.view.is_some() {
            return None;
        }
        Some(Box::new(HiddenSession {
            game: self.game.clone(),
            view: Some(self.game.view(p)),
            truth_search: self.truth_search.clone(),
            view_search: self.view_search.clone(),
        }))
    }

    fn observe(&self, action: &str, p: Player) -> Result<String, RuleError> {
        if let Some(v) = &self.view {
            return Err(RuleError::new(format!(
                "this position is {}'s view; observations come from the full state",
                v.player().name()
            )));
        }
        let a = self.game.parse_action(action)?;
        let o = self.game.observe(a, p);
        Ok(self.game.view(p).format_observation(&o))
    }

    fn viewer(&self) -> Option<Player> {
        self.view.as_ref().map(|v| v.player())
    }

    fn reveals(&self, action: &str) -> Result<bool, RuleError> {
        let g = match &self.view {
            Some(v) => Self::sample(v),
            None => self.game.clone(),
        };
        let a = g.parse_action(action)?;
        Ok(g.reveals(a))
    }

    fn check_turn(&self, turn: &str) -> Result<(), RuleError> {
        match &self.view {
            Some(v) => {
                if !Self::own_turn(v) {
                    return Err(RuleError::new(format!(
                        "it is not {}'s turn in this view",
                        v.player().name()
                    )));
                }
                let g = Self::sample(v);
                if g.is_chance_node() {
                    return Err(RuleError::new("chance acts next in this view"));
                }
                play_actions(&g, turn).map(|_| ())
            }
            None => play_actions(&self.game, turn).map(|_| ()),
        }
    }

    fn searchable(&self) -> Result<(), RuleError> {
        match &self.view {
            Some(v) => {
                if v.outcome().is_none() && Self::sample(v).is_chance_node() {
                    return Err(RuleError::new(
                        "chance acts next in this view: give its outcome (the card drawn) first",
                    ));
                }
                if v.outcome().is_none() && v.to_move() != v.player() {
                    return Err(RuleError::new(format!(
                        "this is {}'s view and {} is to move",
                        v.player().name(),
                        v.to_move().name()
                    )));
                }
                Ok(())
            }
            None if self.is_chance_node() => Err(RuleError::new(
                "chance acts next: give its outcome (the card drawn) as a move first",
            )),
            None => Ok(()),
        }
    }
}
