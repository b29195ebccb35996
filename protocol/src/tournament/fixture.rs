//! A tiny game for testing the referee without any registered variant: a race to a target
//! sum. Each action adds 1 or 2; a turn holds `per_turn` actions; whoever reaches the target
//! wins. Its notation is the number added.

use tessera::core::game::{Action, Evaluate, Game, Outcome, Player, RuleError};
use tessera::core::geometry::Geometry;
use tessera::faces::session::{AnyGame, Session};

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Add(u8);

impl Action for Add {
    fn code(self) -> u32 {
        self.0 as u32
    }
}

#[derive(Clone)]
pub struct Race {
    geometry: Geometry,
    target: u32,
    per_turn: u32,
    sum: u32,
    step: u32,
    side: Player,
    last: Option<Player>,
}

impl Race {
    pub fn boxed(target: u32, per_turn: u32) -> Box<dyn AnyGame> {
        Session::boxed(Race {
            geometry: Geometry::square(1, 1),
            target,
            per_turn,
            sum: 0,
            step: 0,
            side: Player::White,
            last: None,
        })
    }
}

type Undo = (u32, u32, Player, Option<Player>);

impl Game for Race {
    type Action = Add;
    type Undo = Undo;

    fn variant(&self) -> &'static str {
        "race"
    }
    fn geometry(&self) -> &Geometry {
        &self.geometry
    }
    fn to_move(&self) -> Player {
        self.side
    }
    fn legal_actions(&self, out: &mut Vec<Add>) {
        if self.terminal().is_none() {
            out.extend([Add(1), Add(2)]);
        }
    }
    fn play(&mut self, a: Add) -> Undo {
        let u = (self.sum, self.step, self.side, self.last);
        self.sum += a.0 as u32;
        self.last = Some(self.side);
        self.step += 1;
        if self.step == self.per_turn {
            self.step = 0;
            self.side = self.side.opponent();
        }
        u
    }
    fn undo(&mut self, u: Undo) {
        (self.sum, self.step, self.side, self.last) = u;
    }
    fn key(&self) -> u64 {
        self.recompute_key()
    }
    fn recompute_key(&self) -> u64 {
        (self.sum as u64) << 8 | (self.step as u64) << 1 | self.side as u64
    }
    fn terminal(&self) -> Option<Outcome> {
        (self.sum >= self.target).then(|| Outcome::Win {
            winner: self.last.expect("someone reached the target"),
            reason: "reaching the target",
        })
    }
    fn no_action_outcome(&self) -> Outcome {
        Outcome::Draw {
            reason: "no action",
        }
    }
    fn parse_action(&self, s: &str) -> Result<Add, RuleError> {
        match s {
            "1" | "2" if self.terminal().is_none() => Ok(Add(s.parse().expect("digit"))),
            _ => Err(RuleError::new(format!("'{s}' is not a legal action"))),
        }
    }
    fn format_action(&self, a: Add) -> String {
        a.0.to_string()
    }
    fn fen(&self) -> String {
        format!("{} {} {}", self.sum, self.side.fen_char(), self.step)
    }
    fn set_fen(&mut self, fen: &str) -> Result<(), RuleError> {
        let bad = || RuleError::new(format!("bad position '{fen}'"));
        let f: Vec<&str> = fen.split_whitespace().collect();
        let [sum, side, step] = f[..] else {
            return Err(bad());
        };
        let sum: u32 = sum.parse().map_err(|_| bad())?;
        let step: u32 = step.parse().map_err(|_| bad())?;
        let side = match side {
            "w" => Player::White,
            "b" => Player::Black,
            _ => return Err(bad()),
        };
        if sum >= self.target || step >= self.per_turn {
            return Err(bad());
        }
        (self.sum, self.step, self.side, self.last) = (sum, step, side, None);
        Ok(())
    }
    fn reset(&mut self) {
        (self.sum, self.step, self.side, self.last) = (0, 0, Player::White, None);
    }
    fn display(&self) -> String {
        self.fen()
    }
    fn pieces(&self) -> Vec<(tessera::Cell, String)> {
        Vec::new()
    }
}

impl Evaluate for Race {
    fn evaluate(&self) -> i32 {
        0
    }
}
