//! What the referee holds during one game: the full state (the truth), and for games with
//! hidden information or chance, each player's view and what it has observed. The table
//! writes each engine's `position` command (the whole game for games without hidden parts; the
//! player's start view and its observations otherwise, or the truth for an engine that is
//! meant to see everything), plays chance's actions from the game's seed, and checks and
//! plays each engine's answer, recording what each player saw of it.

use tessera::core::game::{seeded_rng, GameRng, Player};
use tessera::faces::session::AnyGame;

use super::engine::Reply;
use super::referee::TurnRecord;

/// Why an answer could not be played.
#[derive(Debug)]
pub enum Refusal {
    /// The engine broke the rules (an illegal, late or incomplete turn).
    Engine(String),
    /// The game broke its own contract (an observation its view refuses): not the engine's
    /// fault; the match stops.
    Game(String),
}

/// One player's view as the referee keeps it.
struct ViewLog {
    /// The view, followed by applying every observation (a check of the game's views too).
    view: Box<dyn AnyGame>,
    /// The view-FEN at the start.
    start: String,
    /// Observations, in order.
    seen: Vec<String>,
}

pub struct Table {
    /// The truth.
    pub game: Box<dyn AnyGame>,
    /// `position startpos` or `position fen <F>`: the start of the truth.
    prefix: String,
    /// The truth's actions since the start.
    played: Vec<String>,
    views: Vec<ViewLog>,
    rng: GameRng,
}

impl Table {
    /// A table for a game without hidden information or chance, from `base` (the opening's
    /// start) after the book turns.
    pub fn open(game: Box<dyn AnyGame>, prefix: String, book: &[TurnRecord]) -> Table {
        Table {
            game,
            prefix,
            played: book.iter().flat_map(|t| t.actions.clone()).collect(),
            views: Vec::new(),
            rng: seeded_rng(0),
        }
    }

    /// A table for a game with hidden information or chance: chance acts first (the deal)
    /// from `seed`; the truth after that is the game's recorded start, and each player's view
    /// of it is what that player is told at the start. Returns the table and the deal.
    pub fn deal(proto: &dyn AnyGame, seed: u64) -> Result<(Table, Vec<String>), String> {
        let mut game = proto.boxed_clone();
        game.reset();
        let mut rng = seeded_rng(seed);
        // A deal made outside the game's actions (a solitaire's deck order) comes first.
        game.redeal(&mut rng);
        let mut deal = Vec::new();
        while let Some(a) = game.sample_chance(&mut rng) {
            game.play_str(&a)
                .map_err(|e| format!("chance's own action '{a}' was refused: {e}"))?;
            deal.push(a);
        }
        let players = game.players();
        let mut views = Vec::new();
        for p in [Player::White, Player::Black].into_iter().take(players) {
            let view = game
                .view(p)
                .ok_or_else(|| format!("the variant gives no view for {}", p.name()))?;
            views.push(ViewLog {
                start: view.fen(),
                view,
                seen: Vec::new(),
            });
        }
        let prefix = format!("position fen {}", game.fen());
        Ok((
            Table {
                game,
                prefix,
                played: Vec::new(),
                views,
                rng,
            },
            deal,
        ))
    }

    fn hidden(&self) -> bool {
        !self.views.is_empty()
    }

    /// The `position` command for `side`: its view and observations, or (for games without
    /// hidden parts, and for an engine that sees everything) the truth and its actions.
    pub fn position_for(&self, side: Player, sees_all: bool) -> String {
        let (mut line, words) = match self.views.get(side.index()) {
            Some(v) if !sees_all => (format!("position fen {}", v.start), &v.seen),
            _ => (self.prefix.clone(), &self.played),
        };
        if !words.is_empty() {
            line.push_str(" moves ");
            line.push_str(&words.join(" "));
        }
        line
    }

    /// Records one action of the truth (about to be played) in each view, the grouping of the
    /// actions, and the game record.
    fn observe(&self, a: &str) -> Result<Vec<String>, String> {
        let mut out = Vec::new();
        for (i, _) in self.views.iter().enumerate() {
            let p = if i == 0 { Player::White } else { Player::Black };
            out.push(self.game.observe(a, p).map_err(|e| e.to_string())?);
        }
        Ok(out)
    }

    fn commit(&mut self, a: &str, seen: Vec<String>) -> Result<(), Refusal> {
        for (v, s) in self.views.iter_mut().zip(seen) {
            v.view.play_str(&s).map_err(|e| {
                Refusal::Game(format!(
                    "{}'s view refused the observation '{s}' of '{a}': {e}",
                    v.view.viewer().map_or("a player", |p| p.name())
                ))
            })?;
            v.seen.push(s);
        }
        self.played.push(a.to_string());
        Ok(())
    }

    /// Plays chance's actions until a player is to move, recording them.
    pub fn settle_chance(&mut self, turns: &mut Vec<TurnRecord>) -> Result<(), String> {
        while let Some(a) = self.game.sample_chance(&mut self.rng) {
            let side = self.game.to_move();
            let seen = self.observe(&a)?;
            let mut g = self.game.boxed_clone();
            g.play_str(&a)
                .map_err(|e| format!("chance's own action '{a}' was refused: {e}"))?;
            self.game = g;
            self.commit(&a, seen).map_err(|r| match r {
                Refusal::Game(s) | Refusal::Engine(s) => s,
            })?;
            append(turns, side, &a, a.clone(), CHANCE, Join::Chance);
        }
        Ok(())
    }

    /// Checks the engine's answer action by action against the truth and plays it. A turn
    /// may stop early only where the player could not decide further (after an action that
    /// revealed something to it, or where chance acts inside the turn): the engine is then
    /// asked again. Nothing is played when an action is refused.
    pub fn play_reply(
        &mut self,
        side: Player,
        reply: &Reply,
        turns: &mut Vec<TurnRecord>,
    ) -> Result<(), Refusal> {
        let text = reply.bestmove.as_str();
        if text.is_empty() || text == "(none)" || text == "0000" {
            return Err(Refusal::Engine(format!(
                "gave no move ('bestmove {text}') in a game that is not over"
            )));
        }
        let mut trial = self.game.boxed_clone();
        let mut steps: Vec<(String, String, Vec<String>)> = Vec::new();
        let mut paused = false;
        for a in text.split(',') {
            if let Some(o) = trial.outcome() {
                return Err(Refusal::Engine(format!(
                    "played '{a}' in '{text}' after the game ended ({o})"
                )));
            }
            if trial.players() == 1 && !steps.is_empty() {
                return Err(Refusal::Engine(format!(
                    "played '{a}' in '{text}': a solitaire's answer is one action"
                )));
            }
            if paused {
                return Err(Refusal::Engine(format!(
                    "played '{a}' in '{text}' after its turn paused for what it could not know"
                )));
            }
            if trial.to_move() != side || trial.is_chance_node() {
                return Err(Refusal::Engine(format!(
                    "played '{a}' in '{text}' after its turn ended"
                )));
            }
            let illegal = |e: tessera::RuleError| {
                Refusal::Engine(format!("played an illegal move '{a}' in '{text}': {e}"))
            };
            let notation = trial.san(a).unwrap_or_else(|| a.to_string());
            let seen = if self.hidden() {
                let mut s = Vec::new();
                for p in [Player::White, Player::Black]
                    .into_iter()
                    .take(self.views.len())
                {
                    s.push(trial.observe(a, p).map_err(illegal)?);
                }
                s
            } else {
                Vec::new()
            };
            let reveals = self.hidden() && trial.reveals(a).map_err(illegal)?;
            trial.play_str(a).map_err(illegal)?;
            steps.push((a.to_string(), notation, seen));
            paused = self.hidden()
                && trial.outcome().is_none()
                && trial.to_move() == side
                && trial.players() > 1
                && (reveals || trial.is_chance_node());
        }
        let solo_step = trial.players() == 1;
        if trial.outcome().is_none() && trial.to_move() == side && !paused && !solo_step {
            return Err(Refusal::Engine(format!(
                "played an incomplete turn '{text}'"
            )));
        }
        // Checked: now the truth, the views and the records follow.
        let mut comment = String::new();
        if let Some(s) = reply.score {
            comment.push_str(&s.pgn());
            if let Some(d) = reply.depth {
                comment.push_str(&format!("/{d}"));
            }
            comment.push(' ');
        }
        comment.push_str(&format!("{:.3}s", reply.elapsed.as_secs_f64()));
        for (i, (a, notation, seen)) in steps.into_iter().enumerate() {
            let mut g = self.game.boxed_clone();
            g.play_str(&a)
                .map_err(|e| Refusal::Game(format!("'{a}' was checked, then refused: {e}")))?;
            self.game = g;
            self.commit(&a, seen)?;
            let join = if i == 0 {
                Join::Answer { solo: solo_step }
            } else {
                Join::Rest
            };
            append(turns, side, &a, notation, &comment, join);
        }
        Ok(())
    }
}

/// The comment of a turn that holds only chance's actions.
const CHANCE: &str = "chance";

/// How an action joins the game record.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Join {
    /// Chance's: to the turn of the side it belongs to, or a turn of its own.
    Chance,
    /// The first action of an engine's answer: a new turn, or the rest of a turn that paused
    /// (a solitaire's answers always start a turn).
    Answer { solo: bool },
    /// A later action of the same answer.
    Rest,
}

/// Adds an action to the game record.
fn append(
    turns: &mut Vec<TurnRecord>,
    side: Player,
    action: &str,
    notation: String,
    comment: &str,
    join: Join,
) {
    let same_side = turns.last().is_some_and(|t| t.side == side);
    let merge = match join {
        Join::Chance => same_side,
        Join::Answer { solo } => same_side && !solo,
        Join::Rest => true,
    };
    match turns.last_mut() {
        Some(t) if merge => {
            if matches!(join, Join::Answer { .. }) {
                if t.comment == CHANCE {
                    t.comment = comment.to_string();
                } else {
                    t.comment = format!("{}; {comment}", t.comment);
                }
            }
            t.actions.push(action.to_string());
            t.notation.push(notation);
        }
        _ => turns.push(TurnRecord {
            side,
            actions: vec![action.to_string()],
            notation: vec![notation],
            comment: comment.to_string(),
        }),
    }
}
