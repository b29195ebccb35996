//! The referee: plays one game between two engine processes and checks every action with
//! Tessera's rules. A side that answers an illegal action, crashes, stops answering or
//! oversteps its clock loses the game; the process is killed when it cannot be trusted for
//! the next game and started again when next needed.

use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Duration;

use tessera::core::game::{Outcome, Player};
use tessera::faces::session::AnyGame;

use super::clock::{Charge, Clock, TimeControl};
use super::engine::{EngineCommand, EngineFault, EngineProcess, Reply};
use super::openings::Opening;
use super::table::{Refusal, Table};
use crate::uci::report::clip_echoes;

/// How long each `go` may run, per engine.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct MoveLimits {
    pub tc: Option<TimeControl>,
    pub movetime: Option<u64>,
    pub depth: Option<u32>,
    pub nodes: Option<u64>,
}

impl MoveLimits {
    pub fn is_empty(&self) -> bool {
        self.tc.is_none() && self.movetime.is_none() && self.depth.is_none() && self.nodes.is_none()
    }
}

/// One participant: a name, how to start it, how long it may think.
#[derive(Clone, Debug, PartialEq)]
pub struct EngineSpec {
    pub name: String,
    pub command: EngineCommand,
    pub limits: MoveLimits,
    /// In games with hidden information: the engine is sent the full state (the truth)
    /// instead of its player's view (a yardstick that cheats by design).
    pub sees_all: bool,
}

/// A participant's process as one worker holds it between games.
pub struct EngineSlot {
    pub spec: EngineSpec,
    process: Option<EngineProcess>,
}

impl EngineSlot {
    pub fn new(spec: EngineSpec) -> EngineSlot {
        EngineSlot {
            spec,
            process: None,
        }
    }

    /// The running process, started (again) if it is not running; ready for a new game.
    fn prepare(&mut self, setup: &GameSetup, notes: &mut Vec<String>) -> Result<(), String> {
        if let Some(p) = &mut self.process {
            if p.new_game(setup.timeout).is_ok() {
                return Ok(());
            }
            notes.push(format!(
                "{} did not get ready for a new game; restarted",
                self.spec.name
            ));
            self.process = None;
        }
        let mut p = EngineProcess::start(
            &self.spec.command,
            setup.variant,
            setup.variant_options,
            setup.timeout,
        )?;
        p.new_game(setup.timeout)
            .map_err(|f| format!("{} {f} at ucinewgame", self.spec.name))?;
        self.process = Some(p);
        Ok(())
    }

    fn kill(&mut self) {
        // Dropping the process sends `quit` and kills it if it does not leave.
        self.process = None;
    }
}

/// Score-based adjudication and the move limit. Scores are each engine's own `info score`.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Adjudication {
    pub draw: Option<DrawRule>,
    pub resign: Option<ResignRule>,
    /// Draw after this many full moves (turns of both sides).
    pub max_moves: Option<u32>,
}

/// A draw once both engines' scores have stayed within `score` of zero for `move_count`
/// consecutive moves each, from full move `move_number` on.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct DrawRule {
    pub move_number: u32,
    pub move_count: u32,
    pub score: i32,
}

/// A loss for an engine whose own score has been at or below `-score` for `move_count`
/// consecutive moves of its own.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct ResignRule {
    pub move_count: u32,
    pub score: i32,
}

/// What a game is played with, shared by all games of a match.
pub struct GameSetup<'a> {
    pub proto: &'a dyn AnyGame,
    pub variant: &'a str,
    pub variant_options: &'a [(String, String)],
    pub margin_ms: u64,
    /// The longest wait for an answer that no clock bounds (start-up, `readyok`, a `go` at
    /// fixed depth or nodes).
    pub timeout: Duration,
    pub adjudication: &'a Adjudication,
}

/// Why the game ended, in the categories of the PGN `Termination` tag.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Termination {
    /// By the rules of the variant.
    Normal,
    Adjudication,
    TimeForfeit,
    /// An illegal or malformed action.
    IllegalMove,
    /// The engine crashed or could not be started.
    Crash,
    /// The engine stopped answering without a clock to lose on.
    Stall,
}

impl Termination {
    pub fn pgn(self) -> &'static str {
        match self {
            Termination::Normal => "normal",
            Termination::Adjudication => "adjudication",
            Termination::TimeForfeit => "time forfeit",
            Termination::IllegalMove => "rules infraction",
            Termination::Crash => "abandoned",
            Termination::Stall => "stalled connection",
        }
    }

    /// Faults an engine is blamed for (counted per engine in the summary).
    pub fn is_fault(self) -> bool {
        !matches!(self, Termination::Normal | Termination::Adjudication)
    }
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GameResult {
    /// `None`: a draw.
    pub winner: Option<Player>,
    pub termination: Termination,
    /// For people: "white wins by checkmate", "black's move 'e2e5' is illegal: ...".
    pub reason: String,
}

impl GameResult {
    pub fn pgn_result(&self) -> &'static str {
        match self.winner {
            Some(Player::White) => "1-0",
            Some(Player::Black) => "0-1",
            None => "1/2-1/2",
        }
    }

    fn loss(loser: Player, termination: Termination, reason: String) -> GameResult {
        GameResult {
            winner: Some(loser.opponent()),
            termination,
            reason,
        }
    }

    fn by_rules(o: &Outcome) -> GameResult {
        GameResult {
            winner: match o {
                Outcome::Win { winner, .. } => Some(*winner),
                Outcome::Draw { .. } => None,
            },
            termination: Termination::Normal,
            reason: o.to_string(),
        }
    }
}

/// One turn as played: the actions in engine notation and as they go into the record (SAN
/// where the variant has it), with the engine's comment.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TurnRecord {
    pub side: Player,
    pub actions: Vec<String>,
    pub notation: Vec<String>,
    /// `book`, or the score, depth and time of the engine's answer.
    pub comment: String,
}

#[derive(Clone, Debug)]
pub struct GameRecord {
    pub white: String,
    pub black: String,
    /// The FEN the game starts from; `None` for the variant's start position.
    pub fen: Option<String>,
    /// The full-move number in the base position's FEN, where it has one.
    pub first_move_number: u32,
    pub turns: Vec<TurnRecord>,
    pub result: GameResult,
    /// Things that happened besides the moves (restarts), for the log.
    pub notes: Vec<String>,
    /// The side whose engine could not be started for this game, if one could not.
    pub start_failed: Option<Player>,
    /// More PGN tags: the seed and the deal of a game with chance.
    pub tags: Vec<(String, String)>,
    /// The full state at the end, revealed in the record of a game with hidden information.
    pub final_fen: Option<String>,
    /// The final score of a game that keeps one (solitaires).
    pub score: Option<f64>,
}

impl GameRecord {
    /// Every action of the game, for `position ... moves ...`.
    pub fn actions(&self) -> impl Iterator<Item = &str> {
        self.turns
            .iter()
            .flat_map(|t| t.actions.iter().map(String::as_str))
    }
}

/// Per-game state of score adjudication.
#[derive(Default)]
struct AdjudicationState {
    low_streak: [u32; 2],
    drawish_streak: u32,
}

fn fmt_secs(d: Duration) -> String {
    format!("{:.3}s", d.as_secs_f64())
}

/// The full-move number in a FEN's last field, where it has one.
fn move_number_of(fen: &str) -> u32 {
    fen.split_whitespace()
        .last()
        .and_then(|f| f.parse().ok())
        .filter(|n| *n > 0)
        .unwrap_or(1)
}

/// Plays the opening's actions, grouped into turns at each change of the side to move.
fn book_turns(game: &mut dyn AnyGame, opening: &Opening) -> Result<Vec<TurnRecord>, String> {
    let mut turns: Vec<TurnRecord> = Vec::new();
    let mut open_turn = false;
    for a in &opening.moves {
        let side = game.to_move();
        let notation = game.san(a).unwrap_or_else(|| a.clone());
        game.play_str(a)
            .map_err(|e| format!("opening move '{a}': {e}"))?;
        match turns.last_mut() {
            Some(t) if open_turn && t.side == side => {
                t.actions.push(a.clone());
                t.notation.push(notation);
            }
            _ => turns.push(TurnRecord {
                side,
                actions: vec![a.clone()],
                notation: vec![notation],
                comment: "book".into(),
            }),
        }
        open_turn = game.to_move() == side;
    }
    Ok(turns)
}

/// Where a game starts: an opening (games without hidden information or chance), or a deal
/// drawn from a seed (the referee plays chance's actions with it).
#[derive(Clone, Copy, Debug)]
pub enum Start<'a> {
    Opening(&'a Opening),
    Deal(u64),
}

/// Plays one game (`black` is `None` in a solitaire). Returns `None` when `stop` was raised
/// before the game ended (the match was decided elsewhere). An error stops the match: the
/// opening or the variant itself is broken.
pub fn play_game(
    setup: &GameSetup,
    start: Start,
    white: &mut EngineSlot,
    mut black: Option<&mut EngineSlot>,
    stop: &AtomicBool,
) -> Result<Option<GameRecord>, String> {
    let mut record = GameRecord {
        white: white.spec.name.clone(),
        black: black
            .as_ref()
            .map_or_else(|| "-".to_string(), |b| b.spec.name.clone()),
        fen: None,
        first_move_number: 1,
        turns: Vec::new(),
        result: GameResult {
            winner: None,
            termination: Termination::Normal,
            reason: String::new(),
        },
        notes: Vec::new(),
        start_failed: None,
        tags: Vec::new(),
        final_fen: None,
        score: None,
    };
    let mut table = match start {
        Start::Opening(opening) => {
            let base = opening.base(setup.proto)?;
            let mut game = base.boxed_clone();
            record.turns = book_turns(game.as_mut(), opening)?;
            record.fen = opening.fen.clone();
            record.first_move_number = opening.fen.as_deref().map_or(1, move_number_of);
            let prefix = match &opening.fen {
                None => "position startpos".to_string(),
                Some(f) => format!("position fen {f}"),
            };
            Table::open(game, prefix, &record.turns)
        }
        Start::Deal(seed) => {
            let (table, deal) = Table::deal(setup.proto, seed)?;
            let fen = table.game.fen();
            record.first_move_number = move_number_of(&fen);
            record.fen = Some(fen);
            record.tags.push(("Seed".into(), seed.to_string()));
            if !deal.is_empty() {
                record.tags.push(("Deal".into(), deal.join(" ")));
            }
            table
        }
    };

    let sides: Vec<Player> = if black.is_some() {
        vec![Player::White, Player::Black]
    } else {
        vec![Player::White]
    };
    for &side in &sides {
        let slot = match side {
            Player::White => &mut *white,
            Player::Black => black.as_deref_mut().expect("two sides"),
        };
        if let Err(e) = slot.prepare(setup, &mut record.notes) {
            slot.kill();
            record.result = GameResult::loss(side, Termination::Crash, e);
            record.start_failed = Some(side);
            return Ok(Some(record));
        }
    }

    let mut clocks = [
        white.spec.limits.tc.map(Clock::new),
        black
            .as_ref()
            .and_then(|b| b.spec.limits.tc.map(Clock::new)),
    ];
    let mut adj = AdjudicationState::default();
    let result = loop {
        if stop.load(Ordering::Relaxed) {
            return Ok(None);
        }
        table.settle_chance(&mut record.turns)?;
        if let Some(o) = table.game.outcome() {
            break GameResult::by_rules(&o);
        }
        // A turn that paused (after a guess, say) is finished before the move limit draws:
        // a record never ends inside a turn.
        let mid_turn =
            sides.len() == 2 && record.turns.last().map(|t| t.side) == Some(table.game.to_move());
        if let Some(m) = setup.adjudication.max_moves.filter(|_| !mid_turn) {
            if record.turns.len() as u64 >= sides.len() as u64 * m as u64 {
                break GameResult {
                    winner: None,
                    termination: Termination::Adjudication,
                    reason: format!("draw by the move limit ({m} moves)"),
                };
            }
        }
        let side = table.game.to_move();
        let slot = match side {
            Player::White => &mut *white,
            Player::Black => match black.as_deref_mut() {
                Some(b) => b,
                None => return Err("a solitaire asked Black to move".into()),
            },
        };
        let limits = slot.spec.limits.clone();
        let position = table.position_for(side, slot.spec.sees_all);
        let go = go_command(&limits, &clocks, side);
        let allowance = if let Some(c) = &clocks[side.index()] {
            c.allowance(setup.margin_ms)
        } else if let Some(mt) = limits.movetime {
            Duration::from_millis(mt + setup.margin_ms)
        } else {
            setup.timeout
        };
        let on_clock = clocks[side.index()].is_some() || limits.movetime.is_some();
        let process = slot.process.as_mut().expect("prepared before the game");
        let reply = match process.go(&position, &go, allowance) {
            Ok(r) => r,
            Err(EngineFault::Hung(_)) if on_clock => {
                // Out of time. A healthy engine answers `stop` at once; one that does not
                // cannot be trusted with the next game.
                if !process.stop_and_drain(Duration::from_millis(1000)) {
                    record
                        .notes
                        .push(format!("{} did not answer stop; restarted", slot.spec.name));
                    slot.kill();
                }
                break GameResult::loss(
                    side,
                    Termination::TimeForfeit,
                    format!("{} loses on time", side.name()),
                );
            }
            Err(f) => {
                let termination = match f {
                    EngineFault::Hung(_) => Termination::Stall,
                    EngineFault::Crashed(_) => Termination::Crash,
                };
                record
                    .notes
                    .push(format!("{} {f}; restarted", slot.spec.name));
                slot.kill();
                break GameResult::loss(
                    side,
                    termination,
                    format!("{} ({}) {f}", side.name(), slot.spec.name),
                );
            }
        };
        let flagged = match &mut clocks[side.index()] {
            Some(c) => c.charge(reply.elapsed, setup.margin_ms) == Charge::Flagged,
            None => limits
                .movetime
                .is_some_and(|mt| reply.elapsed.as_millis() as u64 > mt + setup.margin_ms),
        };
        if flagged {
            break GameResult::loss(
                side,
                Termination::TimeForfeit,
                format!(
                    "{} loses on time ({})",
                    side.name(),
                    fmt_secs(reply.elapsed)
                ),
            );
        }
        // The answer is quoted back clipped: a megabyte of `bestmove` would otherwise be
        // copied whole into the report, the PGN and the results file.
        match table.play_reply(side, &reply, &mut record.turns) {
            Ok(()) => {}
            Err(Refusal::Engine(why)) => {
                break GameResult::loss(
                    side,
                    Termination::IllegalMove,
                    clip_echoes(&format!("{} ({}) {why}", side.name(), slot.spec.name)),
                )
            }
            Err(Refusal::Game(why)) => {
                return Err(clip_echoes(&format!("{}: {why}", setup.variant)))
            }
        }
        if table.game.outcome().is_none() {
            if let Some(r) = adjudicate(
                setup.adjudication,
                &mut adj,
                side,
                &reply,
                record.turns.len(),
            ) {
                break r;
            }
        }
    };
    record.result = result;
    record.score = table.game.score();
    if table.game.is_hidden() {
        record.final_fen = Some(table.game.fen());
    }
    Ok(Some(record))
}

fn go_command(limits: &MoveLimits, clocks: &[Option<Clock>; 2], side: Player) -> String {
    let mut go = String::from("go");
    if let Some(own) = &clocks[side.index()] {
        // A side without a clock of its own (mixed limits) is shown the mover's clock.
        let w = clocks[0].as_ref().unwrap_or(own);
        let b = clocks[1].as_ref().unwrap_or(own);
        go.push_str(&format!(
            " wtime {} btime {} winc {} binc {}",
            w.remaining_ms(),
            b.remaining_ms(),
            w.increment_ms(),
            b.increment_ms()
        ));
        if let Some(m) = own.moves_to_go() {
            go.push_str(&format!(" movestogo {m}"));
        }
    }
    if let Some(mt) = limits.movetime {
        go.push_str(&format!(" movetime {mt}"));
    }
    if let Some(d) = limits.depth {
        go.push_str(&format!(" depth {d}"));
    }
    if let Some(n) = limits.nodes {
        go.push_str(&format!(" nodes {n}"));
    }
    go
}

fn adjudicate(
    rules: &Adjudication,
    st: &mut AdjudicationState,
    side: Player,
    reply: &Reply,
    turns_played: usize,
) -> Option<GameResult> {
    let score = reply.score.map(|s| s.centipawns());
    if let Some(r) = rules.resign {
        let low = score.is_some_and(|s| s <= -r.score);
        let streak = &mut st.low_streak[side.index()];
        *streak = if low { *streak + 1 } else { 0 };
        if *streak >= r.move_count {
            return Some(GameResult::loss(
                side,
                Termination::Adjudication,
                format!(
                    "{} resigns (score at or below -{} for {} moves)",
                    side.name(),
                    r.score,
                    r.move_count
                ),
            ));
        }
    }
    if let Some(d) = rules.draw {
        let level = score.is_some_and(|s| s.abs() <= d.score);
        st.drawish_streak = if level { st.drawish_streak + 1 } else { 0 };
        let full_moves = (turns_played / 2) as u32;
        if st.drawish_streak >= 2 * d.move_count && full_moves >= d.move_number {
            return Some(GameResult {
                winner: None,
                termination: Termination::Adjudication,
                reason: format!(
                    "draw by adjudication (scores within {} for {} moves)",
                    d.score, d.move_count
                ),
            });
        }
    }
    None
}

#[cfg(test)]
mod tests {
    use super::super::engine::Score;
    use super::*;

    fn reply(score: i32) -> Reply {
        Reply {
            bestmove: String::new(),
            score: Some(Score::Cp(score)),
            depth: None,
            elapsed: Duration::ZERO,
        }
    }

    #[test]
    fn resignation_needs_a_streak_of_the_same_side() {
        let rules = Adjudication {
            resign: Some(ResignRule {
                move_count: 2,
                score: 500,
            }),
            ..Adjudication::default()
        };
        let mut st = AdjudicationState::default();
        assert!(adjudicate(&rules, &mut st, Player::White, &reply(-600), 1).is_none());
        assert!(adjudicate(&rules, &mut st, Player::Black, &reply(600), 2).is_none());
        assert!(adjudicate(&rules, &mut st, Player::White, &reply(-400), 3).is_none());
        assert!(adjudicate(&rules, &mut st, Player::White, &reply(-500), 5).is_none());
        let r = adjudicate(&rules, &mut st, Player::White, &reply(-900), 7).unwrap();
        assert_eq!(r.winner, Some(Player::Black));
        assert_eq!(r.termination, Termination::Adjudication);
    }

    #[test]
    fn draw_needs_both_sides_level_after_the_move_number() {
        let rules = Adjudication {
            draw: Some(DrawRule {
                move_number: 3,
                move_count: 2,
                score: 10,
            }),
            ..Adjudication::default()
        };
        let mut st = AdjudicationState::default();
        let mut turns = 0;
        let mut play = |s: i32, st: &mut AdjudicationState| {
            turns += 1;
            let side = if turns % 2 == 1 {
                Player::White
            } else {
                Player::Black
            };
            adjudicate(&rules, st, side, &reply(s), turns)
        };
        for s in [0, 0, 0, 0] {
            assert!(play(s, &mut st).is_none(), "too early");
        }
        assert!(play(50, &mut st).is_none());
        for s in [5, -5, 0] {
            assert!(play(s, &mut st).is_none());
        }
        assert_eq!(play(3, &mut st).unwrap().winner, None);
    }

    #[test]
    fn go_lines() {
        let tc = TimeControl::parse("40/2+0.5").unwrap();
        let limits = MoveLimits {
            tc: Some(tc),
            depth: Some(4),
            ..MoveLimits::default()
        };
        let clocks = [Some(Clock::new(tc)), None];
        assert_eq!(
            go_command(&limits, &clocks, Player::White),
            "go wtime 2000 btime 2000 winc 500 binc 500 movestogo 40 depth 4"
        );
        let plain = MoveLimits {
            nodes: Some(1000),
            movetime: Some(50),
            ..MoveLimits::default()
        };
        assert_eq!(
            go_command(&plain, &[None, None], Player::Black),
            "go movetime 50 nodes 1000"
        );
        assert_eq!(move_number_of("8/8/8/8/8/8/8/K1k5 b - - 3 41"), 41);
        assert_eq!(move_number_of("xyz w"), 1);
    }
}
