//! The game behind the web board: a variant's position, its history of actions, the engine
//! playing one side and the analysis. Every change goes through `Board` methods that check
//! their input first and leave everything unchanged on error.

use std::sync::Arc;

use serde_json::{json, Value};
use tessera::options::VariantOptions;
use tessera::render::RenderOptions;
use tessera::search::tt::TranspositionTable;
use tessera::variant::VariantInfo;
use tessera::{AnyGame, Player};

use crate::moves;
use crate::setup;

/// A search on its own thread; `id` tells a finished thread whether it is still wanted.
pub struct Job {
    pub ctl: Arc<tessera::search::SearchControl>,
    pub id: u64,
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
    pub multipv: usize,
    pub analysis: Option<Job>,
    pub engine_tt: Arc<TranspositionTable>,
    pub analysis_tt: Arc<TranspositionTable>,
    pub next_job: u64,
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
            multipv: 1,
            analysis: None,
            engine_tt: Arc::new(TranspositionTable::new(16)),
            analysis_tt: Arc::new(TranspositionTable::new(16)),
            next_job: 1,
        })
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
        Ok(())
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
        Ok(())
    }

    /// Takes back the last action (`turn == false`) or the last whole turn; against the
    /// engine, back to the person's own turn.
    pub fn undo(&mut self, turn: bool) -> Reply {
        if self.history.is_empty() {
            return Err("nothing to take back".into());
        }
        let pop_turn = |b: &mut Board| {
            if let Some((g, _)) = b.history.pop() {
                b.game = g;
            }
            // Inside a turn: back to its first action (in a solitaire every action is a turn).
            while turn
                && b.game.players() > 1
                && b.history
                    .last()
                    .is_some_and(|(g, _)| g.to_move() == b.game.to_move())
            {
                if let Some((g, _)) = b.history.pop() {
                    b.game = g;
                }
            }
        };
        pop_turn(self);
        if turn
            && self.game.players() > 1
            && self.engine_side == Some(self.game.to_move())
            && !self.history.is_empty()
        {
            pop_turn(self);
        }
        Ok(())
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
            .take_while(|(g, _)| g.to_move() == side)
            .map(|(_, a)| a.clone())
            .collect();
        v.reverse();
        v
    }

    /// The game as turns (each the comma-joined actions of one side's turn; in a solitaire
    /// each action).
    pub fn turns(&self) -> Vec<String> {
        if self.game.players() == 1 {
            return self.history.iter().map(|(_, a)| a.clone()).collect();
        }
        let mut turns: Vec<String> = Vec::new();
        let mut last: Option<Player> = None;
        for (g, a) in &self.history {
            match turns.last_mut() {
                Some(t) if last == Some(g.to_move()) => {
                    t.push(',');
                    t.push_str(a);
                }
                _ => turns.push(a.clone()),
            }
            last = Some(g.to_move());
        }
        turns
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
        for (i, t) in self.turns().iter().enumerate() {
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
        let mut cmd = format!("tessera analyse --variant {}", self.variant.name);
        for (k, v) in self.vopts.iter() {
            cmd.push_str(&format!(" --option {k}={v}"));
        }
        if let Some(f) = &self.start_fen {
            cmd.push_str(&format!(" --fen \"{f}\""));
        }
        if !self.history.is_empty() {
            cmd.push_str(&format!(" --moves \"{}\"", self.turns().join(" ")));
        }
        s.push_str(&format!("\n{cmd}\n"));
        s
    }

    /// Everything the page shows, as JSON.
    pub fn state(&self) -> Value {
        let geo = self.game.geometry();
        let legal: Vec<Value> = self
            .game
            .legal_actions()
            .iter()
            .map(|a| {
                let p = moves::parts(geo, a);
                let cells: Vec<&str> = p.cells.iter().map(|&c| geo.cell_name(c)).collect();
                json!({"text": a, "cells": cells, "drop": p.drop, "suffix": p.suffix})
            })
            .collect();
        let last = self.history.last().map(|(before, a)| (before, a.clone()));
        // Arrows are checked against the position drawn, so the last action (played in the
        // position before) is not an arrow: the page marks its cells itself.
        let svg = self
            .game
            .svg(&RenderOptions::default())
            .unwrap_or_else(|e| {
                format!("<svg xmlns=\"http://www.w3.org/2000/svg\"><text y=\"20\">{e}</text></svg>")
            });
        let last_cells: Vec<&str> = last
            .as_ref()
            .map(|(_, a)| {
                moves::parts(geo, a)
                    .cells
                    .iter()
                    .map(|&c| geo.cell_name(c))
                    .collect()
            })
            .unwrap_or_default();
        let options: serde_json::Map<String, Value> = self
            .vopts
            .iter()
            .map(|(k, v)| (k.to_string(), Value::String(v.to_string())))
            .collect();
        json!({
            "version": self.version,
            "variant": self.variant.name,
            "options": options,
            "fen": self.game.fen(),
            "start_fen": self.start_fen,
            "to_move": self.game.to_move().name(),
            "players": self.game.players(),
            "outcome": self.game.outcome().map(|o| o.to_string()),
            "result": self.game.outcome().map(|o| o.result_string()),
            "svg": svg,
            "legal": legal,
            "turn": self.turn_so_far(),
            "turns": self.turns(),
            "last": last.map(|(_, a)| a),
            "last_cells": last_cells,
            "record": self.record(),
            "can_undo": !self.history.is_empty(),
            "engine": {
                "side": self.engine_side.map(|p| p.name()),
                "thinking": self.engine.is_some(),
                "movetime_ms": self.movetime_ms,
                "depth": self.depth,
            },
            "analysis": {"on": self.analysing, "multipv": self.multipv},
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
                            tessera::options::OptionKind::Check { .. } => ("check", json!(null)),
                            tessera::options::OptionKind::Spin { min, max, .. } => {
                                ("spin", json!({"min": min, "max": max}))
                            }
                            tessera::options::OptionKind::Combo { values, .. } => {
                                ("combo", json!(values))
                            }
                            tessera::options::OptionKind::Text { .. } => ("string", json!(null)),
                        };
                        json!({"name": o.name, "kind": kind, "default": o.default_value(),
                               "help": o.help, "values": extra})
                    })
                    .collect();
                json!({"name": v.name, "summary": v.summary, "options": options})
            })
            .collect();
        json!(list)
    }
}
