//! Pile: a take-away game (take 1, 2 or 3 stones; whoever takes the last stone wins) used to
//! test the protocol without any real variant. The option `Double Turns` makes every turn two
//! actions, so comma-joined turns and `to_move` staying put within a turn are exercised.

use std::sync::OnceLock;

use tessera::core::options::{OptionKind, OptionSpec, VariantOptions};
use tessera::faces::variant::VariantInfo;
use tessera::{
    Action, AnyGame, Cell, Evaluate, Game, Geometry, Outcome, Player, RuleError, Session,
};

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Take(pub u8);

impl Action for Take {
    fn code(self) -> u32 {
        self.0 as u32
    }
}

#[derive(Clone, Debug)]
pub struct Pile {
    start: u8,
    per_turn: u8,
    stones: u8,
    mover: Player,
    /// Actions already played in the current turn.
    done: u8,
}

fn geometry() -> &'static Geometry {
    static G: OnceLock<Geometry> = OnceLock::new();
    G.get_or_init(|| Geometry::square(1, 1))
}

impl Pile {
    pub fn new(start: u8, per_turn: u8) -> Pile {
        Pile {
            start,
            per_turn,
            stones: start,
            mover: Player::White,
            done: 0,
        }
    }
}

impl Game for Pile {
    type Action = Take;
    type Undo = Pile;

    fn variant(&self) -> &'static str {
        "pile"
    }
    fn geometry(&self) -> &Geometry {
        geometry()
    }
    fn to_move(&self) -> Player {
        self.mover
    }
    fn legal_actions(&self, out: &mut Vec<Take>) {
        for k in 1..=3.min(self.stones) {
            out.push(Take(k));
        }
    }
    fn play(&mut self, a: Take) -> Pile {
        let before = self.clone();
        self.stones -= a.0;
        self.done += 1;
        if self.done == self.per_turn || self.stones == 0 {
            self.done = 0;
            self.mover = self.mover.opponent();
        }
        before
    }
    fn undo(&mut self, u: Pile) {
        *self = u;
    }
    fn key(&self) -> u64 {
        self.recompute_key()
    }
    fn recompute_key(&self) -> u64 {
        (self.stones as u64) << 8 | (self.done as u64) << 1 | self.mover.index() as u64
    }
    fn terminal(&self) -> Option<Outcome> {
        (self.stones == 0).then(|| Outcome::Win {
            winner: self.mover.opponent(),
            reason: "taking the last stone",
        })
    }
    fn no_action_outcome(&self) -> Outcome {
        Outcome::Draw {
            reason: "no stones",
        }
    }
    fn parse_action(&self, s: &str) -> Result<Take, RuleError> {
        let k = match s {
            "t1" => 1,
            "t2" => 2,
            "t3" => 3,
            _ => return Err(RuleError::new(format!("'{s}' is not t1, t2 or t3"))),
        };
        if k > self.stones {
            return Err(RuleError::new(format!("only {} stones left", self.stones)));
        }
        Ok(Take(k))
    }
    fn format_action(&self, a: Take) -> String {
        format!("t{}", a.0)
    }
    fn fen(&self) -> String {
        format!("{} {} {}", self.stones, self.mover.fen_char(), self.done)
    }
    fn set_fen(&mut self, fen: &str) -> Result<(), RuleError> {
        let f: Vec<&str> = fen.split_whitespace().collect();
        let bad = || {
            RuleError::new(format!(
                "pile FEN is '<stones> <w|b> <actions done>', not '{fen}'"
            ))
        };
        if f.len() != 3 {
            return Err(bad());
        }
        let stones: u8 = f[0].parse().map_err(|_| bad())?;
        let mover = match f[1] {
            "w" => Player::White,
            "b" => Player::Black,
            _ => return Err(bad()),
        };
        let done: u8 = f[2].parse().map_err(|_| bad())?;
        if stones > 99 || done >= self.per_turn {
            return Err(bad());
        }
        self.stones = stones;
        self.mover = mover;
        self.done = done;
        Ok(())
    }
    fn reset(&mut self) {
        *self = Pile::new(self.start, self.per_turn);
    }
    fn display(&self) -> String {
        format!(
            "pile of {} stones\n{} to move",
            self.stones,
            self.mover.name()
        )
    }
    fn pieces(&self) -> Vec<(Cell, String)> {
        Vec::new()
    }
}

impl Evaluate for Pile {
    fn evaluate(&self) -> i32 {
        0
    }
}

pub const PILE_OPTIONS: &[OptionSpec] = &[
    OptionSpec {
        name: "Pile Size",
        kind: OptionKind::Spin {
            default: 10,
            min: 1,
            max: 99,
        },
        help: "stones at the start",
        check: None,
    },
    OptionSpec {
        name: "Double Turns",
        kind: OptionKind::Check { default: false },
        help: "every turn is two actions",
        check: None,
    },
];

fn create(opts: &VariantOptions, default_size: i64) -> Result<Box<dyn AnyGame>, RuleError> {
    let size = match opts.get("Pile Size") {
        None => default_size,
        Some(v) => v
            .parse::<i64>()
            .ok()
            .filter(|n| (1..=99).contains(n))
            .ok_or_else(|| RuleError::new(format!("bad Pile Size '{v}'")))?,
    };
    let per_turn = if opts.flag("Double Turns", false)? {
        2
    } else {
        1
    };
    Ok(Session::boxed(Pile::new(size as u8, per_turn)))
}

/// Two registered-like variants: `pile` (10 stones) and `bigpile` (21 stones).
pub static CATALOG: [VariantInfo; 2] = [
    VariantInfo {
        name: "pile",
        summary: "take 1-3 stones, last stone wins",
        options: PILE_OPTIONS,
        create: |o| create(o, 10),
        solve: None,
    },
    VariantInfo {
        name: "bigpile",
        summary: "pile with 21 stones",
        options: PILE_OPTIONS,
        create: |o| create(o, 21),
        solve: None,
    },
];
