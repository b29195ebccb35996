//! The xboard protocol (CECP version 2), for XBoard and WinBoard. The binary speaks it when
//! the first command is `xboard`. Like the UCI side it knows no rules: positions are
//! `AnyGame`s, moves are translated from and to XBoard's notation by reading the legal
//! action strings (`crate::moves`), and XBoard learns about variants it does not know from
//! a `setup` line and from `highlight` answers when a piece is lifted.
//!
//! Every command either works or is answered with one `Error (reason): command` line (an
//! illegal move with `Illegal move (reason): move`), and changes nothing then.

mod betza;
mod text;
mod variants;

use std::io::BufRead;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};
use std::thread::{self, JoinHandle};

use tessera::core::options::{OptionKind, OptionSpec, VariantOptions};
use tessera::faces::variant::VariantInfo;
use tessera::search::{Limits, SearchControl};
use tessera::{AnyGame, Player};

use crate::moves;
use crate::plumbing::options;
use crate::plumbing::search::search_blocking;
use crate::plumbing::{first_variant, one_line, read_lines, Flow, Output, SearchSettings};
use crate::setup;
use text::{
    looks_like_move, option_feature, parse_num, result_line, set_fen_leniently, thinking_line,
};

/// Per-move time when XBoard gave no time control at all.
const DEFAULT_MOVE_MS: u64 = 5000;

/// The time control XBoard set (`level`, `st`, `sd`, `time`, `otim`).
#[derive(Clone, Debug, Default)]
struct Clock {
    /// Moves per time control (0: the whole game).
    mps: u32,
    inc_ms: u64,
    st_ms: Option<u64>,
    depth: Option<u32>,
    own_ms: Option<u64>,
    other_ms: Option<u64>,
}

/// A search in progress on its own thread.
struct Thinking {
    ctl: Arc<SearchControl>,
    /// Set (under the lock) when the move must not be printed; the thread prints under the
    /// same lock, so a move is either printed and played, or neither.
    discard: Arc<Mutex<bool>>,
    handle: JoinHandle<Option<String>>,
}

pub struct Xboard {
    out: Output,
    catalog: &'static [VariantInfo],
    variant: &'static VariantInfo,
    /// Options set through `option` (variant options) plus the one an XBoard variant name
    /// implies (`fischerandom`).
    vopts: VariantOptions,
    /// The options the game is built with (`vopts`, adjusted to one action per move).
    played_opts: VariantOptions,
    game: Box<dyn AnyGame>,
    /// The positions before each move, for `undo` and `remove`.
    history: Vec<Box<dyn AnyGame>>,
    force: bool,
    engine_side: Option<Player>,
    clock: Clock,
    post: Arc<AtomicBool>,
    analyzing: bool,
    settings: SearchSettings,
    thinking: Option<Thinking>,
}

type Reply = Result<(), String>;

impl Xboard {
    pub fn new(catalog: &'static [VariantInfo], out: Output) -> Result<Xboard, String> {
        let (variant, vopts, game) = first_variant(catalog)?;
        Ok(Xboard {
            out,
            catalog,
            variant,
            played_opts: vopts.clone(),
            vopts,
            game,
            history: Vec::new(),
            force: false,
            engine_side: Some(Player::Black),
            clock: Clock::default(),
            post: Arc::new(AtomicBool::new(false)),
            analyzing: false,
            settings: SearchSettings::default(),
            thinking: None,
        })
    }

    pub fn fen(&self) -> String {
        self.game.fen()
    }

    pub fn variant(&self) -> &'static str {
        self.variant.name
    }

    fn say(&self, line: &str) {
        (self.out)(&one_line(line));
    }

    /// Handles one input line.
    pub fn handle(&mut self, line: &str) -> Flow {
        let line = line.trim();
        let (cmd, rest) = match line.split_once(char::is_whitespace) {
            Some((c, r)) => (c, r.trim()),
            None => (line, ""),
        };
        if cmd.is_empty() {
            return Flow::Continue;
        }
        // A search that has printed its move: that move is played before anything else.
        self.reap_finished();
        let reply = match cmd {
            "quit" => {
                self.stop_thinking();
                return Flow::Quit;
            }
            "xboard" | "accepted" | "rejected" | "random" | "hard" | "easy" | "computer"
            | "name" | "rating" | "ics" | "draw" | "hint" | "bk" | "egtpath" | "." | "nps" => {
                Ok(())
            }
            "protover" => self.protover(),
            "new" => self.new_game(),
            "variant" => self.set_variant(rest),
            "force" => {
                self.stop_thinking();
                self.force = true;
                self.engine_side = None;
                Ok(())
            }
            "go" => {
                self.stop_thinking();
                self.force = false;
                self.engine_side = Some(self.game.to_move());
                self.maybe_think();
                Ok(())
            }
            "playother" => {
                self.stop_thinking();
                self.force = false;
                self.engine_side = Some(self.game.to_move().opponent());
                Ok(())
            }
            "white" | "black" => {
                // Protocol 1: the side to move is set, the engine plays the other one.
                self.stop_thinking();
                let side = if cmd == "white" {
                    Player::White
                } else {
                    Player::Black
                };
                self.engine_side = Some(side.opponent());
                Ok(())
            }
            "level" => self.level(rest),
            "st" => parse_num::<f64>(rest)
                .filter(|s| *s > 0.0)
                .map(|s| self.clock.st_ms = Some((s * 1000.0) as u64))
                .ok_or_else(|| "st takes a positive number of seconds".into()),
            "sd" => parse_num::<u32>(rest)
                .filter(|d| *d > 0)
                .map(|d| self.clock.depth = Some(d))
                .ok_or_else(|| "sd takes a positive depth".into()),
            "time" => parse_num::<i64>(rest)
                .map(|cs| self.clock.own_ms = Some(cs.max(0) as u64 * 10))
                .ok_or_else(|| "time takes centiseconds".into()),
            "otim" => parse_num::<i64>(rest)
                .map(|cs| self.clock.other_ms = Some(cs.max(0) as u64 * 10))
                .ok_or_else(|| "otim takes centiseconds".into()),
            "usermove" => {
                self.user_move(rest);
                Ok(())
            }
            "?" => {
                if let Some(t) = &self.thinking {
                    if !self.analyzing {
                        t.ctl.stop();
                    }
                }
                Ok(())
            }
            "ping" => {
                self.say(&format!("pong {rest}"));
                Ok(())
            }
            "result" => {
                self.stop_thinking();
                self.force = true;
                self.engine_side = None;
                Ok(())
            }
            "setboard" => self.setboard(rest),
            "undo" => self.take_back(1),
            "remove" => self.take_back(2),
            "post" => {
                self.post.store(true, Ordering::SeqCst);
                Ok(())
            }
            "nopost" => {
                self.post.store(false, Ordering::SeqCst);
                Ok(())
            }
            "analyze" => {
                self.stop_thinking();
                self.analyzing = true;
                self.start_thinking();
                Ok(())
            }
            "exit" => {
                self.stop_thinking();
                self.analyzing = false;
                Ok(())
            }
            "memory" => self.memory(rest),
            "cores" => parse_num::<usize>(rest)
                .filter(|n| (1..=256).contains(n))
                .map(|n| self.settings.cfg.threads = n)
                .ok_or_else(|| "cores takes a number from 1 to 256".into()),
            "option" => self.option(rest),
            "lift" => text::highlight(self.game.as_ref(), rest).map(|l| self.say(&l)),
            "put" | "hover" => Ok(()),
            "edit" => Err("edit mode is not supported; use setboard".into()),
            _ if looks_like_move(line) => {
                self.user_move(line);
                Ok(())
            }
            _ => Err("unknown command".into()),
        };
        if let Err(e) = reply {
            self.say(&format!("Error ({e}): {line}"));
        }
        Flow::Continue
    }

    fn protover(&self) -> Reply {
        let names = variants::feature_list(self.catalog).join(",");
        self.say("feature done=0");
        self.say(&format!(
            "feature ping=1 setboard=1 playother=1 san=0 usermove=1 time=1 draw=0 sigint=0 \
             sigterm=0 reuse=1 analyze=1 colors=0 ics=0 name=0 pause=0 nps=0 debug=1 \
             memory=1 smp=1 exclude=0 setscore=0 highlight=1 myname=\"Tessera {}\" \
             variants=\"{names}\"",
            env!("CARGO_PKG_VERSION")
        ));
        for o in self.offered_options() {
            self.say(&format!("feature option=\"{}\"", option_feature(o)));
        }
        self.say("feature done=1");
        Ok(())
    }

    /// Engine options XBoard cannot set otherwise, and every variant option (XBoard sets
    /// the hash size, threads and Chess960 itself).
    fn offered_options(&self) -> Vec<&'static OptionSpec> {
        let mut v: Vec<&'static OptionSpec> = options::ENGINE_OPTIONS
            .iter()
            .filter(|o| matches!(o.name, "MultiPV" | "Move Overhead" | "Contempt"))
            .collect();
        v.extend(options::variant_options(self.catalog));
        v
    }

    fn new_game(&mut self) -> Reply {
        self.stop_thinking();
        self.analyzing = false;
        self.settings.clear_table();
        let mut o = self.vopts.clone();
        o.set("UCI_Chess960", "false");
        let chess = self.catalog.first().ok_or("no variant")?;
        self.rebuild(chess, o)?;
        self.force = false;
        self.engine_side = Some(Player::Black);
        self.clock.depth = None;
        Ok(())
    }

    fn set_variant(&mut self, name: &str) -> Reply {
        self.stop_thinking();
        let choice = variants::choose(self.catalog, name)?;
        let mut o = self.vopts.clone();
        if let Some((k, v)) = choice.option {
            o.set(k, v);
        }
        self.rebuild(choice.info, o)?;
        if !choice.known {
            let line = variants::setup_line(self.variant.name, self.game.as_ref())?;
            self.say(&line);
            let described = variants::rules_described(self.variant, &self.played_opts);
            if described {
                for l in variants::piece_lines(self.variant.name, self.game.as_ref()) {
                    self.say(&l);
                }
            }
            if !described || !variants::legality_testable(self.variant.name, self.game.as_ref()) {
                self.say(&format!(
                    "# {}: XBoard cannot test the legality of every piece here; run it with \
                     -testLegality false",
                    self.variant.name
                ));
            }
        }
        Ok(())
    }

    /// Switches to `variant` with `opts` at its start position, with one action per move.
    fn rebuild(&mut self, variant: &'static VariantInfo, opts: VariantOptions) -> Reply {
        variants::playable(variant, &opts)?;
        let (played, flipped) = variants::one_action_per_move(variant, &opts).ok_or_else(|| {
            format!(
                "turns of several actions in {} cannot be played through the xboard protocol",
                variant.name
            )
        })?;
        let game = setup::build_position(variant, &played, None, "")?;
        if let Some(name) = flipped {
            self.say(&format!(
                "# {}: option {name} is {} here, so that each XBoard move is one action",
                variant.name,
                played.get(name).unwrap_or("")
            ));
        }
        self.variant = variant;
        self.vopts = opts;
        self.played_opts = played;
        self.game = game;
        self.history.clear();
        Ok(())
    }

    fn level(&mut self, rest: &str) -> Reply {
        let w: Vec<&str> = rest.split_whitespace().collect();
        let [mps, base, inc] = w[..] else {
            return Err("level takes MPS BASE INC".into());
        };
        let mps: u32 = mps.parse().map_err(|_| "bad moves per session")?;
        let base_ms = match base.split_once(':') {
            Some((m, s)) => {
                let m: u64 = m.parse().map_err(|_| "bad base time")?;
                let s: u64 = s.parse().map_err(|_| "bad base time")?;
                (m * 60 + s) * 1000
            }
            None => {
                let m: f64 = base.parse().map_err(|_| "bad base time")?;
                (m.max(0.0) * 60_000.0) as u64
            }
        };
        let inc: f64 = inc.parse().map_err(|_| "bad increment")?;
        self.clock.mps = mps;
        self.clock.inc_ms = (inc.max(0.0) * 1000.0) as u64;
        self.clock.st_ms = None;
        self.clock.own_ms = Some(base_ms);
        self.clock.other_ms = Some(base_ms);
        Ok(())
    }

    fn memory(&mut self, rest: &str) -> Reply {
        let mb = parse_num::<usize>(rest)
            .filter(|m| *m >= 1 && *m as i64 <= options::MAX_HASH_MB)
            .ok_or("memory takes a size in MB")?;
        self.settings.set_hash_mb(mb)
    }

    /// `option NAME=VALUE` (check options arrive as 0 or 1).
    fn option(&mut self, rest: &str) -> Reply {
        let (name, value) = rest
            .split_once('=')
            .map(|(n, v)| (n.trim(), v.trim()))
            .ok_or("option takes NAME=VALUE")?;
        let spec = self
            .offered_options()
            .into_iter()
            .find(|o| o.name.eq_ignore_ascii_case(name))
            .ok_or("unknown option")?;
        let value = match (&spec.kind, value) {
            (OptionKind::Check { .. }, "1") => "true",
            (OptionKind::Check { .. }, "0") => "false",
            _ => value,
        };
        let v = options::validate(spec, value)?;
        match spec.name {
            "MultiPV" => self.settings.cfg.multipv = v.parse().unwrap_or(1),
            "Move Overhead" => self.settings.cfg.move_overhead = v.parse().unwrap_or(0),
            "Contempt" => self.settings.cfg.contempt = v.parse().unwrap_or(0),
            _ => {
                self.stop_thinking();
                let mut o = self.vopts.clone();
                o.set(spec.name, &v);
                self.rebuild(self.variant, o)?;
            }
        }
        Ok(())
    }

    fn setboard(&mut self, fen: &str) -> Reply {
        self.stop_thinking();
        let mut g = self.game.boxed_clone();
        set_fen_leniently(g.as_mut(), fen).map_err(|e| format!("bad FEN: {e}"))?;
        self.game = g;
        self.history.clear();
        if self.analyzing {
            self.start_thinking();
        }
        Ok(())
    }

    fn take_back(&mut self, n: usize) -> Reply {
        if self.history.len() < n {
            return Err("no move to take back".into());
        }
        self.stop_thinking();
        for _ in 0..n {
            if let Some(g) = self.history.pop() {
                self.game = g;
            }
        }
        if self.analyzing {
            self.start_thinking();
        }
        Ok(())
    }

    fn user_move(&mut self, mv: &str) {
        if self.thinking.is_some() && !self.analyzing {
            self.say(&format!("Illegal move (engine is thinking): {mv}"));
            return;
        }
        let action = match moves::from_xboard(self.game.as_ref(), mv) {
            Ok(a) => a,
            Err(why) => {
                self.say(&format!("Illegal move ({why}): {mv}"));
                return;
            }
        };
        self.stop_thinking();
        self.play(&action);
        self.claim_result();
        if self.analyzing {
            self.start_thinking();
        } else {
            self.maybe_think();
        }
    }

    fn play(&mut self, action: &str) {
        let before = self.game.boxed_clone();
        if self.game.play_str(action).is_ok() {
            self.history.push(before);
        }
    }

    /// Tells XBoard the result when the game is over (it does not know every variant's
    /// rules, so it needs the claim).
    fn claim_result(&self) {
        if let Some(o) = self.game.outcome() {
            self.say(&result_line(&o));
        }
    }

    fn maybe_think(&mut self) {
        if !self.force
            && self.engine_side == Some(self.game.to_move())
            && self.game.outcome().is_none()
            && self.thinking.is_none()
        {
            self.start_thinking();
        }
    }

    fn limits(&self) -> Limits {
        let mut l = Limits {
            depth: self.clock.depth,
            turns_played: self.history.len() as u32,
            ..Limits::default()
        };
        if self.analyzing {
            l.infinite = true;
            return l;
        }
        if let Some(st) = self.clock.st_ms {
            l.movetime = Some(st);
        } else if let Some(own) = self.clock.own_ms {
            let other = self.clock.other_ms.unwrap_or(own);
            let inc = Some(self.clock.inc_ms);
            let (w, b) = match self.game.to_move() {
                Player::White => (own, other),
                Player::Black => (other, own),
            };
            (l.wtime, l.btime, l.winc, l.binc) = (Some(w), Some(b), inc, inc);
            if self.clock.mps > 0 {
                let side = self.game.to_move();
                let done = self.history.iter().filter(|g| g.to_move() == side).count() as u32;
                l.movestogo = Some(self.clock.mps - done % self.clock.mps);
            }
        } else if l.depth.is_none() {
            l.movetime = Some(DEFAULT_MOVE_MS);
        }
        l
    }

    fn start_thinking(&mut self) {
        if self.game.outcome().is_some() {
            return;
        }
        let limits = self.limits();
        let ctl = Arc::new(SearchControl::new(false));
        let discard = Arc::new(Mutex::new(false));
        let root = self.game.boxed_clone();
        let (c, d, out, post, cfg, tt) = (
            ctl.clone(),
            discard.clone(),
            self.out.clone(),
            self.post.clone(),
            self.settings.cfg.clone(),
            self.settings.table(),
        );
        let analyzing = self.analyzing;
        let handle = thread::spawn(move || {
            let geo = root.geometry().clone();
            let result = search_blocking(root.as_ref(), &limits, &cfg, &c, &tt, &mut |info| {
                if (analyzing || post.load(Ordering::Relaxed)) && !info.pv.is_empty() {
                    out(&one_line(&thinking_line(&geo, info)));
                }
            });
            if analyzing {
                return None;
            }
            let turn = result.map(|r| r.turn.join(",")).unwrap_or_default();
            let mut check = root.boxed_clone();
            let turn = if !turn.is_empty() && check.play_str(&turn).is_ok() {
                turn
            } else {
                let first = root.legal_actions().into_iter().next()?;
                check = root.boxed_clone();
                check.play_str(&first).ok()?;
                first
            };
            let gate = d.lock().unwrap_or_else(|e| e.into_inner());
            if *gate {
                return None;
            }
            let text: Vec<String> = turn.split(',').map(|a| moves::to_xboard(&geo, a)).collect();
            out(&one_line(&format!("move {}", text.join(","))));
            if let Some(o) = check.outcome() {
                out(&result_line(&o));
            }
            Some(turn)
        });
        self.thinking = Some(Thinking {
            ctl,
            discard,
            handle,
        });
    }

    /// Plays the move of a search that has finished (it has been printed).
    fn reap_finished(&mut self) {
        if self
            .thinking
            .as_ref()
            .is_some_and(|t| t.handle.is_finished())
        {
            self.finish_thinking();
        }
    }

    /// Joins the search thread; a move it printed is played.
    fn finish_thinking(&mut self) {
        let Some(t) = self.thinking.take() else {
            return;
        };
        if let Ok(Some(turn)) = t.handle.join() {
            // The thread has claimed the result of a game its move ended.
            self.play(&turn);
        }
    }

    /// Stops a search. Its move, if not printed yet, is dropped; if printed, it is played.
    fn stop_thinking(&mut self) {
        if let Some(t) = &self.thinking {
            *t.discard.lock().unwrap_or_else(|e| e.into_inner()) = true;
            t.ctl.stop();
        }
        self.finish_thinking();
    }

    /// Waits for a running search to print its move (tests).
    pub fn wait(&mut self) {
        self.finish_thinking();
    }
}

impl Drop for Xboard {
    fn drop(&mut self) {
        self.stop_thinking();
    }
}

/// Runs the xboard protocol on `input` until `quit` or the end of input, the `xboard` line
/// already read (by `crate::run_stdio`).
pub fn run(input: &mut dyn BufRead, out: Output) -> Result<(), String> {
    let mut xb = Xboard::new(tessera::faces::registry::variants(), out)?;
    read_lines(input, &mut |line| xb.handle(line));
    xb.stop_thinking();
    Ok(())
}
