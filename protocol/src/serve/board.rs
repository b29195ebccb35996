//! The game behind the web board: a variant's position, its history of actions, the engine
//! playing one side and the analysis. Every change goes through `Board` methods that check
//! their input first and leave everything unchanged on error.
//!
//! A game with hidden information or chance is held whole (the truth, as a referee holds it),
//! and chance's actions (deals, draws) are played by the board from its own random generator.
//! What the page shows is a *seat*'s view: the person's side when the engine plays the other
//! (a solitaire: its one player), else the side chosen on the page, or everything. The
//! engine searches its own view, never the truth; the record, which names every card, is
//! shown once the game is over or when everything is shown.

use std::sync::Arc;

use serde_json::{json, Value};
use tessera::core::options::VariantOptions;
use tessera::faces::variant::VariantInfo;
use tessera::search::tt::TranspositionTable;
use tessera::tools::render::{LastTurn, RenderOptions};
use tessera::{AnyGame, GameRng, Player};

use crate::moves;
use crate::setup;

/// A search on its own thread; `id` tells a finished thread whether it is still wanted.
pub struct Job {
    pub ctl: Arc<tessera::search::SearchControl>,
    pub id: u64,
    pub started: std::time::Instant,
}

pub struct Board {
    pub catalog: &'static [VariantInfo],
    pub variant: &'static VariantInfo,
    pub vopts: VariantOptions,
    /// The FEN the game started from, when not the variant's start position.
    pub start_fen: Option<String>,
    pub game: Box<dyn AnyGame>,
    /// The position before each action played, with the action.
    pub history: Vec<(Box<dyn AnyGame>, String)>,
    /// Bumped at every change; reports of searches on older versions are dropped.
    pub version: u64,
    pub engine_side: Option<Player>,
    pub movetime_ms: u64,
    pub depth: Option<u32>,
    pub engine: Option<Job>,
    pub analysing: bool,
    /// Why the analysis was switched off by the server (no page watching it, its time limit).
    pub analysis_ended: Option<String>,
    pub multipv: usize,
    pub analysis: Option<Job>,
    pub engine_tt: Arc<TranspositionTable>,
    pub analysis_tt: Arc<TranspositionTable>,
    pub next_job: u64,
    /// The seat chosen on the page for a game with hidden parts (`None`: everything), where
    /// the engine does not decide it (see `seat`).
    pub chosen_seat: Option<Player>,
    /// Chance's actions (deals, draws) are drawn from this.
    pub chance_rng: GameRng,
    /// The board is drawn from Black's side: set for a person playing Black (the engine
    /// plays White, or Black's view is shown), and by the page's button.
    pub flip: bool,
    /// *Move now* in a solitaire: the engine plays one action and takes no side.
    pub move_once: bool,
}

/// One turn of the game as the page lists it: its side and the places in `history` of its
/// actions (chance's actions are no turn's).
struct TurnEntry {
    side: Player,
    actions: Vec<usize>,
}

pub type Reply<T = ()> = Result<T, String>;

impl Board {
    pub fn new(catalog: &'static [VariantInfo], variant: &str) -> Reply<Board> {
        let info = setup::find_variant(catalog, variant)?;
        let vopts = VariantOptions::new();
        let game = setup::build_position(info, &vopts, None, "")?;
        Ok(Board {
            catalog,
            variant: info,
            vopts,
            start_fen: None,
            game,
            history: Vec::new(),
            version: 0,
            engine_side: None,
            movetime_ms: 1000,
            depth: None,
            engine: None,
            analysing: false,
            analysis_ended: None,
            multipv: 1,
            analysis: None,
            engine_tt: Arc::new(TranspositionTable::new(16)),
            analysis_tt: Arc::new(TranspositionTable::new(16)),
            next_job: 1,
            chosen_seat: None,
            chance_rng: tessera::core::game::seeded_rng(fresh_seed()),
            flip: false,
            move_once: false,
        }
        .settled())
    }

    fn settled(mut self) -> Board {
        self.chosen_seat = self.default_seat();
        self.settle_chance();
        self
    }

    /// A solitaire is shown as its player sees it; a two-player game whole until a side is
    /// chosen or the engine plays one.
    fn default_seat(&self) -> Option<Player> {
        (self.game.is_hidden() && self.game.players() == 1).then_some(Player::White)
    }

    /// Whose view the page shows: `None` for the whole game (every game without hidden
    /// parts). Against the engine, the person's side.
    pub fn seat(&self) -> Option<Player> {
        if !self.game.is_hidden() {
            return None;
        }
        match self.engine_side {
            Some(e) if self.game.players() > 1 => Some(e.opponent()),
            _ => self.chosen_seat,
        }
    }

    /// Chooses the seat (`None`: everything); refused while the engine plays a side of a
    /// two-player game, whose cards the person must not see.
    pub fn choose_seat(&mut self, seat: Option<Player>) -> Reply {
        if !self.game.is_hidden() {
            return Err(format!(
                "{} has nothing hidden to choose a view of",
                self.variant.name
            ));
        }
        if seat == Some(Player::Black) && self.game.players() == 1 {
            return Err(format!("{} has one player, white", self.variant.name));
        }
        if self.engine_side.is_some() && self.game.players() > 1 {
            return Err("the engine plays a side: the view is the other side's".into());
        }
        self.chosen_seat = seat;
        if let Some(p) = seat {
            self.flip = p == Player::Black;
        }
        Ok(())
    }

    /// The position the page shows and analyses: the seat's view, or the whole game.
    pub fn shown(&self) -> Box<dyn AnyGame> {
        self.seat()
            .and_then(|p| self.game.view(p))
            .unwrap_or_else(|| self.game.boxed_clone())
    }

    /// The position a side's engine searches: its own view where anything is hidden.
    pub fn engine_root(&self, side: Player) -> Box<dyn AnyGame> {
        if self.game.is_hidden() {
            if let Some(v) = self.game.view(side) {
                return v;
            }
        }
        self.game.boxed_clone()
    }

    /// Plays chance's actions (the deal, a draw) until a player is to act.
    fn settle_chance(&mut self) {
        while self.game.outcome().is_none() && self.game.is_chance_node() {
            let Some(a) = self.game.sample_chance(&mut self.chance_rng) else {
                return;
            };
            let before = self.game.boxed_clone();
            if self.game.play_str(&a).is_err() {
                return;
            }
            self.history.push((before, a));
        }
    }

    /// A new game: a variant, its options (name -> value) and optionally a FEN.
    pub fn new_game(
        &mut self,
        variant: &str,
        options: &[(String, String)],
        fen: Option<&str>,
    ) -> Reply {
        let info = setup::find_variant(self.catalog, variant)?;
        let mut vopts = VariantOptions::new();
        for (k, v) in options {
            let known = info.options.iter().any(|o| o.name.eq_ignore_ascii_case(k))
                || k.eq_ignore_ascii_case("UCI_Chess960");
            if !known {
                return Err(format!("{} has no option '{k}'", info.name));
            }
            setup::set_variant_option(self.catalog, info, &mut vopts, k, v)?;
        }
        let fen = fen.map(str::trim).filter(|f| !f.is_empty());
        let game = setup::build_position(info, &vopts, fen, "")?;
        self.variant = info;
        self.vopts = vopts;
        self.start_fen = fen.map(str::to_string);
        self.game = game;
        self.history.clear();
        self.engine_tt.clear();
        self.analysis_tt.clear();
        self.chosen_seat = self.default_seat();
        if self.game.players() == 1 && self.engine_side == Some(Player::Black) {
            self.engine_side = None;
        }
        self.settle_chance();
        Ok(())
    }

    /// Plays what the person entered: only on the turn of the side whose view is shown (the
    /// other side's actions would show its cards).
    pub fn play_person(&mut self, text: &str) -> Reply {
        if let Some(seat) = self.seat() {
            if self.game.outcome().is_none() && self.game.to_move() != seat {
                return Err(format!(
                    "the board shows {}'s view and {} is to move",
                    seat.name(),
                    self.game.to_move().name()
                ));
            }
        }
        self.play(text)
    }

    /// Plays one action or a comma-joined turn.
    pub fn play(&mut self, text: &str) -> Reply {
        let text = text.trim();
        if text.is_empty() {
            return Err("no action given".into());
        }
        if let Some(o) = self.game.outcome() {
            return Err(format!("the game is over ({o})"));
        }
        let mut g = self.game.boxed_clone();
        let mut steps = Vec::new();
        for part in text.split(',') {
            let before = g.boxed_clone();
            g.play_str(part.trim())
                .map_err(|e| format!("'{}' is not legal here: {e}", part.trim()))?;
            steps.push((before, part.trim().to_string()));
        }
        self.history.extend(steps);
        self.game = g;
        self.settle_chance();
        Ok(())
    }

    /// Takes back the last action (`turn == false`) or the last whole turn; against the
    /// engine, back to the person's own turn.
    pub fn undo(&mut self, turn: bool) -> Reply {
        if self.history.is_empty() {
            return Err("nothing to take back".into());
        }
        if !self.can_undo() {
            return Err("nothing to take back (chance's deal is not an action)".into());
        }
        // One player's action, with chance's actions after it (a draw it caused).
        let pop_action = |b: &mut Board| {
            while let Some((g, _)) = b.history.pop() {
                let by_chance = g.is_chance_node();
                b.game = g;
                if !by_chance {
                    break;
                }
            }
        };
        let pop_turn = |b: &mut Board| {
            pop_action(b);
            // Inside a turn: back to its first action (in a solitaire every action is a turn).
            while turn
                && b.game.players() > 1
                && b.history
                    .last()
                    .is_some_and(|(g, _)| !g.is_chance_node() && g.to_move() == b.game.to_move())
            {
                pop_action(b);
            }
        };
        pop_turn(self);
        if turn
            && self.game.players() > 1
            && self.engine_side == Some(self.game.to_move())
            && self.can_undo()
        {
            pop_turn(self);
        }
        Ok(())
    }

    /// True when a player's action can be taken back (chance's deal cannot).
    pub fn can_undo(&self) -> bool {
        self.history.iter().any(|(g, _)| !g.is_chance_node())
    }

    /// The actions of the turn in progress (played by the side to move); none in a
    /// solitaire, where every action is a turn.
    pub fn turn_so_far(&self) -> Vec<String> {
        if self.game.players() == 1 {
            return Vec::new();
        }
        let side = self.game.to_move();
        let mut v: Vec<String> = self
            .history
            .iter()
            .rev()
            .filter(|(g, _)| !g.is_chance_node())
            .take_while(|(g, _)| g.to_move() == side)
            .map(|(g, a)| self.seen(g.as_ref(), a))
            .collect();
        v.reverse();
        v
    }

    /// An action as the seat perceived it (itself when everything is shown).
    fn seen(&self, before: &dyn AnyGame, action: &str) -> String {
        match self.seat() {
            Some(p) => before
                .observe(action, p)
                .unwrap_or_else(|_| action.to_string()),
            None => action.to_string(),
        }
    }

    /// The game as turns (each the comma-joined actions of one side's turn; in a solitaire
    /// each action), the players' actions as the seat saw them.
    pub fn turns(&self) -> Vec<String> {
        self.turns_with(false)
    }

    /// The turns, with chance's actions where `chance` (the record: every card named, so
    /// that the game replays) or without them (what the page lists, as the seat saw it).
    fn turns_with(&self, chance: bool) -> Vec<String> {
        let shown = |(g, _): &&(Box<dyn AnyGame>, String)| chance || !g.is_chance_node();
        let text = |g: &dyn AnyGame, a: &str| {
            if chance {
                a.to_string()
            } else {
                self.seen(g, a)
            }
        };
        if self.game.players() == 1 {
            return self
                .history
                .iter()
                .filter(shown)
                .map(|(g, a)| text(g.as_ref(), a))
                .collect();
        }
        let mut turns: Vec<String> = Vec::new();
        let mut last: Option<Player> = None;
        for (g, a) in self.history.iter().filter(shown) {
            let a = text(g.as_ref(), a);
            match turns.last_mut() {
                Some(t) if last == Some(g.to_move()) => {
                    t.push(',');
                    t.push_str(&a);
                }
                _ => turns.push(a),
            }
            last = Some(g.to_move());
        }
        turns
    }

    /// The record when the page may show it: a game with hidden parts names every card in it,
    /// so it waits for the end of the game unless everything is shown.
    fn record_shown(&self) -> String {
        if self.seat().is_some() && self.game.outcome().is_none() {
            return format!(
                "[Variant \"{}\"]\n\nThe record names every card and is shown when the game ends.\n",
                self.variant.name
            );
        }
        self.record()
    }

    /// The game record: tags and numbered turns, and the command lines that replay it.
    pub fn record(&self) -> String {
        let mut s = format!("[Variant \"{}\"]\n", self.variant.name);
        let set: Vec<String> = self.vopts.iter().map(|(k, v)| format!("{k}={v}")).collect();
        if !set.is_empty() {
            s.push_str(&format!("[Options \"{}\"]\n", set.join(",")));
        }
        if let Some(f) = &self.start_fen {
            s.push_str(&format!("[FEN \"{f}\"]\n"));
        }
        let result = self
            .game
            .outcome()
            .map(|o| o.result_string())
            .unwrap_or("*");
        s.push_str(&format!("[Result \"{result}\"]\n\n"));
        let first_black = self
            .history
            .first()
            .map(|(g, _)| g.to_move() == Player::Black)
            .unwrap_or(false);
        let solo = self.game.players() == 1;
        let mut words = Vec::new();
        let mut n = 1;
        for (i, t) in self.turns_with(true).iter().enumerate() {
            let white_turn = solo || (i % 2 == 0) != first_black;
            if white_turn {
                words.push(format!("{n}."));
            } else if i == 0 {
                words.push(format!("{n}..."));
            }
            words.push(t.clone());
            if solo || !white_turn {
                n += 1;
            }
        }
        words.push(result.to_string());
        s.push_str(&words.join(" "));
        s.push('\n');
        // Single quotes: a shell expands nothing inside them (`$-e4` in double quotes would
        // lose `$-`).
        let mut cmd = format!("tessera analyse --variant {}", quoted(self.variant.name));
        for (k, v) in self.vopts.iter() {
            cmd.push_str(&format!(" --option {}", quoted(&format!("{k}={v}"))));
        }
        if let Some(f) = &self.start_fen {
            cmd.push_str(&format!(" --fen {}", quoted(f)));
        }
        if !self.history.is_empty() {
            cmd.push_str(&format!(
                " --moves {}",
                quoted(&self.turns_with(true).join(" "))
            ));
        }
        s.push_str(&format!("\n{cmd}\n"));
        s
    }

    /// The game's turns: each side's actions in a row (in a solitaire, each action).
    fn turn_entries(&self) -> Vec<TurnEntry> {
        let solo = self.game.players() == 1;
        let mut out: Vec<TurnEntry> = Vec::new();
        for (i, (g, _)) in self.history.iter().enumerate() {
            if g.is_chance_node() {
                continue;
            }
            let side = g.to_move();
            match out.last_mut() {
                Some(t) if !solo && t.side == side => t.actions.push(i),
                _ => out.push(TurnEntry {
                    side,
                    actions: vec![i],
                }),
            }
        }
        out
    }

    /// Whether the last of `turns` is still being played (by the side to move).
    fn in_progress(&self, turns: &[TurnEntry]) -> bool {
        self.game.players() > 1
            && self.game.outcome().is_none()
            && turns.last().is_some_and(|t| t.side == self.game.to_move())
    }

    /// A turn's actions as the seat saw them.
    fn seen_turn(&self, t: &TurnEntry) -> Vec<String> {
        t.actions
            .iter()
            .map(|&i| {
                let (g, a) = &self.history[i];
                self.seen(g.as_ref(), a)
            })
            .collect()
    }

    /// A turn as the move list shows it: SAN where the game has it (chess), else the
    /// actions as the seat saw them.
    fn turn_text(&self, t: &TurnEntry) -> String {
        let hidden = self.game.is_hidden();
        t.actions
            .iter()
            .map(|&i| {
                let (g, a) = &self.history[i];
                let san = if hidden { None } else { g.san(a) };
                san.unwrap_or_else(|| self.seen(g.as_ref(), a))
            })
            .collect::<Vec<_>>()
            .join(",")
    }

    /// Every cell a turn's actions name (from, to, steps, drops, placements, card targets),
    /// each once, in order.
    fn turn_cells(&self, t: &TurnEntry) -> Vec<String> {
        let geo = self.game.geometry();
        let mut out: Vec<String> = Vec::new();
        for a in self.seen_turn(t) {
            for c in moves::parts(geo, &a).cells {
                let name = geo.cell_name(c);
                if !out.iter().any(|n| n == name) {
                    out.push(name.to_string());
                }
            }
        }
        out
    }

    /// The position after the first `k` turns (0: before the first), `None` past the end.
    fn position_after<'a>(&'a self, turns: &[TurnEntry], k: usize) -> Option<&'a dyn AnyGame> {
        if k > turns.len() {
            return None;
        }
        Some(match turns.get(k) {
            Some(t) => self.history[t.actions[0]].0.as_ref(),
            None => self.game.as_ref(),
        })
    }

    /// A position as the page draws it: from the side the board is turned to, the cells of
    /// the turn that led to it marked, and the words under a finished game naming its end.
    fn draw(&self, shown: &dyn AnyGame, last: Option<&TurnEntry>) -> String {
        let opts = self.render_options(last);
        match shown.svg(&opts) {
            Ok(svg) => match self.game_over_words(shown) {
                Some(words) => with_caption(&svg, &words),
                None => svg,
            },
            Err(e) => format!(
                "<svg xmlns=\"http://www.w3.org/2000/svg\"><text y=\"20\">{}</text></svg>",
                e.to_string().replace('&', "&amp;").replace('<', "&lt;")
            ),
        }
    }

    /// How the board is drawn: turned or not, and the cells of `last` (a turn, as the seat
    /// saw it) marked.
    fn render_options(&self, last: Option<&TurnEntry>) -> RenderOptions {
        let geo = self.game.geometry();
        RenderOptions {
            last_turn: last
                .map(|t| LastTurn::of_turn(geo, &self.seen_turn(t).join(",")))
                .unwrap_or_default(),
            flip: self.flip,
            ..RenderOptions::default()
        }
    }

    /// The options of the analysis's pictures (arrows are added to them): the board as the
    /// page draws it now.
    pub fn analysis_render_options(&self) -> RenderOptions {
        let turns = self.turn_entries();
        let done = turns.len() - usize::from(self.in_progress(&turns));
        self.render_options(done.checked_sub(1).map(|i| &turns[i]))
    }

    /// How a finished game ended, for the words under its picture.
    fn game_over_words(&self, shown: &dyn AnyGame) -> Option<String> {
        let o = shown.outcome()?;
        Some(format!("{o} ({})", o.result_string()))
    }

    /// The seat's view of the position after the first `k` turns, for looking back at the
    /// game: its FEN, its picture with that turn's cells marked.
    pub fn position(&self, k: usize) -> Reply<Value> {
        let turns = self.turn_entries();
        let g = self.position_after(&turns, k).ok_or_else(|| {
            format!(
                "the game has {} turn{}: no position after turn {k}",
                turns.len(),
                if turns.len() == 1 { "" } else { "s" }
            )
        })?;
        let shown = self
            .seat()
            .and_then(|p| g.view(p))
            .unwrap_or_else(|| g.boxed_clone());
        let last = k.checked_sub(1).map(|i| &turns[i]);
        let cells = last.map(|t| self.turn_cells(t)).unwrap_or_default();
        Ok(json!({
            "version": self.version,
            "turn": k,
            "turns": turns.len(),
            "fen": shown.fen(),
            "to_move": g.to_move().name(),
            "svg": self.draw(shown.as_ref(), last),
            "last_cells": cells,
        }))
    }

    /// Everything the page shows, as JSON.
    pub fn state(&self) -> Value {
        let geo = self.game.geometry();
        let shown = self.shown();
        let seat = self.seat();
        // The seat's own actions only: on the other side's turn, its actions would show its
        // cards.
        let legal_here = match seat {
            Some(p) if self.game.to_move() != p => Vec::new(),
            _ => self.game.legal_actions(),
        };
        let legal: Vec<Value> = legal_here
            .iter()
            .map(|a| {
                let p = moves::parts(geo, a);
                let cells: Vec<&str> = p.cells.iter().map(|&c| geo.cell_name(c)).collect();
                json!({"text": a, "cells": cells, "drop": p.drop, "suffix": p.suffix})
            })
            .collect();
        let turns = self.turn_entries();
        let playing = self.in_progress(&turns);
        let done = turns.len() - usize::from(playing);
        // The last whole turn (the other side's while a turn is being played): every cell
        // its actions name.
        let last = done.checked_sub(1).map(|i| &turns[i]);
        let last_cells = last.map(|t| self.turn_cells(t)).unwrap_or_default();
        let turn_cells = match turns.last() {
            Some(t) if playing => self.turn_cells(t),
            _ => Vec::new(),
        };
        let svg = self.draw(shown.as_ref(), last);
        let move_list: Vec<Value> = turns
            .iter()
            .map(|t| {
                json!({"side": t.side.name(), "text": self.turn_text(t),
                       "cells": self.turn_cells(t)})
            })
            .collect();
        let options: serde_json::Map<String, Value> = self
            .vopts
            .iter()
            .map(|(k, v)| (k.to_string(), Value::String(v.to_string())))
            .collect();
        json!({
            "version": self.version,
            "variant": self.variant.name,
            "options": options,
            "fen": shown.fen(),
            "hidden": self.game.is_hidden(),
            "seat": seat.map(|p| p.name()),
            "start_fen": self.start_fen,
            "to_move": self.game.to_move().name(),
            "players": self.game.players(),
            "outcome": self.game.outcome().map(|o| o.to_string()),
            "result": self.game.outcome().map(|o| o.result_string()),
            "svg": svg,
            "legal": legal,
            "turn": self.turn_so_far(),
            "turns": self.turns(),
            "last": last.map(|t| self.seen_turn(t).join(",")),
            "last_cells": last_cells,
            "turn_cells": turn_cells,
            "moves": move_list,
            "flip": self.flip,
            "record": self.record_shown(),
            "can_undo": self.can_undo(),
            "engine": {
                "side": self.engine_side.map(|p| p.name()),
                "thinking": self.engine.is_some(),
                "movetime_ms": self.movetime_ms,
                "depth": self.depth,
            },
            "analysis": {"on": self.analysing, "multipv": self.multipv, "ended": self.analysis_ended},
        })
    }

    pub fn variants_json(&self) -> Value {
        let list: Vec<Value> = self
            .catalog
            .iter()
            .map(|v| {
                let options: Vec<Value> = v
                    .options
                    .iter()
                    .map(|o| {
                        let (kind, extra) = match &o.kind {
                            tessera::core::options::OptionKind::Check { .. } => {
                                ("check", json!(null))
                            }
                            tessera::core::options::OptionKind::Spin { min, max, .. } => {
                                ("spin", json!({"min": min, "max": max}))
                            }
                            tessera::core::options::OptionKind::Combo { values, .. } => {
                                ("combo", json!(values))
                            }
                            tessera::core::options::OptionKind::Text { .. } => {
                                ("string", json!(null))
                            }
                        };
                        json!({"name": o.name, "kind": kind, "default": o.default_value(),
                               "help": o.help, "values": extra})
                    })
                    .collect();
                let mut options = options;
                // Chess960 is chess with this engine option: the page offers it with the
                // variant's own options.
                if v.name == "chess" {
                    options.push(json!({"name": "UCI_Chess960", "kind": "check",
                        "default": "false", "values": null,
                        "help": "Chess960: castling is the king taking its own rook; \
                                 paste a Chess960 start position as the FEN"}));
                }
                json!({"name": v.name, "summary": v.summary, "options": options})
            })
            .collect();
        json!(list)
    }
}

/// A word for a shell: as it is where nothing in it is special to the shell, else in single
/// quotes (a quote inside written `'\\''`).
fn quoted(word: &str) -> String {
    let plain = |c: char| c.is_ascii_alphanumeric() || "-_=./:,@+".contains(c);
    if !word.is_empty() && word.chars().all(plain) {
        word.to_string()
    } else {
        format!("'{}'", word.replace('\'', "'\\''"))
    }
}

/// `svg` with the first line of the words under the board (the side to move) replaced by
/// `words`: a finished game has no side to move.
fn with_caption(svg: &str, words: &str) -> String {
    let Some(panel) = svg.find("class=\"panel\"") else {
        return svg.to_string();
    };
    let Some(open) = svg[panel..].find("<text").map(|i| panel + i) else {
        return svg.to_string();
    };
    let Some(start) = svg[open..].find('>').map(|i| open + i + 1) else {
        return svg.to_string();
    };
    let Some(end) = svg[start..].find("</text>").map(|i| start + i) else {
        return svg.to_string();
    };
    if !svg[start..end].contains(" to move") {
        return svg.to_string();
    }
    let words = words
        .replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;");
    format!("{}{words}{}", &svg[..start], &svg[end..])
}

/// A seed for chance's generator that differs between games.
fn fresh_seed() -> u64 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(1, |d| d.as_nanos() as u64)
}
