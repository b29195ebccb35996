//! The protocol's state: the variant and its options, the position, the engine settings, the
//! transposition table and the running search. Every command either succeeds or prints
//! exactly one `info string error: ...` line and changes nothing.

use tessera::core::options::VariantOptions;
use tessera::faces::variant::VariantInfo;
use tessera::search::SearchConfig;
use tessera::AnyGame;

use super::options::{uci_line, variant_line};
use super::parse::{self, Go, Start};
use super::perft_job;
use super::report::clip_echoes;
use super::search_thread;
use crate::params::{self, EvalWeights};
use crate::plumbing::options::{self, VARIANT_OPTION};
use crate::plumbing::search::Running;
use crate::plumbing::{first_variant, one_line, Flow, Output, SearchSettings};
use crate::setup;

pub struct Engine {
    out: Output,
    catalog: &'static [VariantInfo],
    variant: &'static VariantInfo,
    /// Every variant option set so far (each variant reads the ones it knows).
    vopts: VariantOptions,
    game: Box<dyn AnyGame>,
    settings: SearchSettings,
    ponder: bool,
    search: Option<Running>,
    /// Evaluation weights from the `EvalWeights` option, for the variant they name.
    eval_weights: Option<EvalWeights>,
    /// Turns in the last `position` command's `moves`: how far into its game the clock is.
    turns_played: u32,
}

type Reply = Result<(), String>;

impl Engine {
    /// An engine over the variants of `catalog` (the registry's, or a test's), playing the
    /// first one from its start position.
    pub fn new(catalog: &'static [VariantInfo], out: Output) -> Result<Engine, String> {
        let (variant, vopts, game) = first_variant(catalog)?;
        Ok(Engine {
            out,
            catalog,
            variant,
            vopts,
            game,
            settings: SearchSettings::default(),
            ponder: false,
            search: None,
            eval_weights: None,
            turns_played: 0,
        })
    }

    pub fn variant(&self) -> &'static str {
        self.variant.name
    }

    pub fn fen(&self) -> String {
        self.game.fen()
    }

    pub fn config(&self) -> &SearchConfig {
        &self.settings.cfg
    }

    pub fn hash_mb(&self) -> usize {
        self.settings.hash_mb()
    }

    pub fn variant_options(&self) -> &VariantOptions {
        &self.vopts
    }

    /// True while a search (or perft) thread has not yet printed its last line.
    pub fn searching(&self) -> bool {
        self.search.as_ref().is_some_and(|s| !s.finished())
    }

    fn say(&self, line: &str) {
        (self.out)(line);
    }

    /// Handles one input line.
    pub fn handle(&mut self, line: &str) -> Flow {
        let tokens: Vec<&str> = line.split_whitespace().collect();
        let Some((&cmd, args)) = tokens.split_first() else {
            return Flow::Continue;
        };
        let reply = match cmd {
            "uci" => self.uci(),
            "isready" => {
                self.say("readyok");
                Ok(())
            }
            "debug" | "register" => Ok(()),
            "setoption" => self.setoption(args),
            "ucinewgame" => {
                self.settings.clear_table();
                Ok(())
            }
            "position" => self.position(args),
            "go" => self.go(args),
            "stop" => {
                if let Some(s) = &self.search {
                    s.stop();
                }
                Ok(())
            }
            "ponderhit" => {
                if let Some(s) = &self.search {
                    s.ponderhit();
                }
                Ok(())
            }
            "quit" => {
                self.quit();
                return Flow::Quit;
            }
            "d" => self.display(),
            "eval" => self.eval(),
            "variants" => self.list_variants(),
            "legal" => self.legal(),
            other => Err(format!("unknown command '{other}'")),
        };
        if let Err(e) = reply {
            self.say(&one_line(&format!(
                "info string error: {}",
                clip_echoes(&e)
            )));
        }
        Flow::Continue
    }

    /// Stops a running search and waits for its `bestmove`.
    pub fn quit(&mut self) {
        if let Some(s) = self.search.take() {
            s.stop();
            s.join();
        }
    }

    /// Waits until a running search has printed its `bestmove` (for tests and the CLI).
    pub fn wait(&mut self) {
        if let Some(s) = self.search.take() {
            s.join();
        }
    }

    fn uci(&self) -> Reply {
        self.say(&format!("id name Tessera {}", env!("CARGO_PKG_VERSION")));
        self.say("id author The Tessera developers");
        for o in options::ENGINE_OPTIONS {
            self.say(&uci_line(o));
        }
        self.say(&variant_line(self.catalog));
        for o in options::variant_options(self.catalog) {
            self.say(&uci_line(o));
        }
        self.say("uciok");
        Ok(())
    }

    fn setoption(&mut self, args: &[&str]) -> Reply {
        let (name, value) = parse::parse_setoption(args)?;
        if name.eq_ignore_ascii_case(VARIANT_OPTION) {
            let v = setup::find_variant(self.catalog, &value)?;
            return self.rebuild(v, self.vopts.clone());
        }
        if let Some(spec) = options::find_engine_option(&name) {
            let v = options::validate(spec, &value)?;
            match spec.name {
                "Hash" => {
                    let mb: usize = v.parse().map_err(|_| "bad Hash value".to_string())?;
                    self.settings.set_hash_mb(mb)?;
                }
                "Ponder" => self.ponder = v == "true",
                "SearchParams" => self.settings.cfg.params = params::search_params(&v)?,
                "EvalWeights" => {
                    let w = params::eval_weights(self.catalog, self.variant.name, &self.vopts, &v)?;
                    let fresh = setup::build_position(self.variant, &self.vopts, None, "")?;
                    let mut g = self.game.boxed_clone();
                    params::apply(g.as_mut(), fresh.as_ref(), w.as_ref())?;
                    self.game = g;
                    self.eval_weights = w;
                }
                name if options::set_search_option(&mut self.settings.cfg, name, &v) => {}
                _ => {
                    // UCI_Chess960 changes how a variant writes castling: it is a variant
                    // option too, so the game is rebuilt with it.
                    let mut o = self.vopts.clone();
                    o.set(spec.name, &v);
                    return self.rebuild(self.variant, o);
                }
            }
            return Ok(());
        }
        let mut o = self.vopts.clone();
        setup::set_variant_option(self.catalog, self.variant, &mut o, &name, &value)?;
        self.rebuild(self.variant, o)
    }

    /// Switches to `variant` with options `vopts`, at its start position.
    fn rebuild(&mut self, variant: &'static VariantInfo, vopts: VariantOptions) -> Reply {
        let mut game = setup::build_position(variant, &vopts, None, "")?;
        if let Some(w) = &self.eval_weights {
            let fresh = game.boxed_clone();
            params::apply(game.as_mut(), fresh.as_ref(), Some(w))?;
        }
        self.variant = variant;
        self.vopts = vopts;
        self.game = game;
        self.turns_played = 0;
        let set: Vec<String> = variant
            .options
            .iter()
            .filter_map(|o| self.vopts.get(o.name).map(|v| format!("{}={v}", o.name)))
            .collect();
        let mut line = format!("info string variant {}", variant.name);
        if !set.is_empty() {
            line.push_str(&format!(" options {}", set.join(",")));
        }
        line.push_str(&format!(" startpos {}", self.game.fen()));
        self.say(&one_line(&line));
        Ok(())
    }

    fn position(&mut self, args: &[&str]) -> Reply {
        let (start, moves) = parse::parse_position(args)?;
        let turns = moves.len() as u32;
        let mut g = self.game.boxed_clone();
        match start {
            Start::StartPos => g.reset(),
            Start::Fen(f) => g.set_fen(&f).map_err(|e| format!("bad FEN '{f}': {e}"))?,
        }
        self.game = setup::play_moves(g.as_ref(), moves)?;
        self.turns_played = turns;
        Ok(())
    }

    /// Joins a search that has finished or been told to stop; refuses while one runs.
    fn reap(&mut self) -> Reply {
        match &self.search {
            Some(s) if !s.finished() && !s.stopping() => {
                Err("a search is running; send stop first".into())
            }
            _ => {
                self.wait();
                Ok(())
            }
        }
    }

    fn go(&mut self, args: &[&str]) -> Reply {
        self.reap()?;
        match parse::parse_go(args)? {
            Go::Perft(job) => {
                if let Some(p) = self.game.viewer() {
                    return Err(format!(
                        "perft needs the full state; this position is {}'s view",
                        p.name()
                    ));
                }
                self.search = Some(perft_job::start(
                    self.game.boxed_clone(),
                    job,
                    self.out.clone(),
                ));
                Ok(())
            }
            Go::Search(mut limits) => {
                limits.turns_played = self.turns_played;
                for m in &limits.searchmoves {
                    if self.game.check_turn(m).is_err() {
                        return Err(format!("searchmoves: '{m}' is not a legal action here"));
                    }
                }
                if let Some(o) = self.game.outcome() {
                    self.say(&format!("info string game over: {o}"));
                    if !limits.infinite && !limits.ponder {
                        self.say("bestmove (none)");
                        return Ok(());
                    }
                    // `go infinite` and `go ponder` answer only after `stop` or `ponderhit`,
                    // even with nothing to search: the search thread waits for them.
                }
                self.game.searchable().map_err(|e| e.to_string())?;
                self.search = Some(search_thread::start(
                    self.game.boxed_clone(),
                    limits,
                    self.settings.cfg.clone(),
                    self.settings.table(),
                    self.out.clone(),
                ));
                Ok(())
            }
        }
    }

    fn display(&self) -> Reply {
        for l in self.game.display().lines() {
            self.say(&one_line(l));
        }
        self.say(&format!("Variant: {}", self.variant.name));
        self.say(&one_line(&format!("Fen: {}", self.game.fen())));
        // A finished game has a result and no side to move.
        match self.game.outcome() {
            Some(o) => self.say(&format!("Result: {} ({o})", o.result_string())),
            None => self.say(&format!("To move: {}", self.game.to_move().name())),
        }
        Ok(())
    }

    /// The static evaluation of the current position, as the searcher's leaves see it.
    fn eval(&self) -> Reply {
        if let Some(o) = self.game.outcome() {
            return Err(format!(
                "the game is over ({} {o}): nothing to evaluate",
                o.result_string()
            ));
        }
        let v = self.game.static_eval().ok_or_else(|| {
            format!(
                "{} hides information: no single static evaluation (its search samples \
                 the positions a view allows)",
                self.variant.name
            )
        })?;
        self.say(&format!(
            "info string eval cp {v} for {} to move (static, before quiescence)",
            self.game.to_move().name()
        ));
        Ok(())
    }

    fn list_variants(&self) -> Reply {
        for v in self.catalog {
            let opts: Vec<&str> = v.options.iter().map(|o| o.name).collect();
            let mut l = format!("variant {} - {}", v.name, v.summary);
            if !opts.is_empty() {
                l.push_str(&format!(" (options: {})", opts.join(", ")));
            }
            if v.solve.is_some() {
                l.push_str(" [solvable]");
            }
            self.say(&one_line(&l));
        }
        Ok(())
    }

    fn legal(&self) -> Reply {
        let actions = self.game.legal_actions();
        let line = format!("legal {}", actions.join(" "));
        self.say(one_line(&line).trim_end());
        Ok(())
    }
}

impl Drop for Engine {
    fn drop(&mut self) {
        self.quit();
    }
}
