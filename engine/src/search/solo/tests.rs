//! The best-first solver on a toy one-player game against brute force, and its caps.

use std::sync::atomic::AtomicBool;
use std::sync::OnceLock;
use std::time::Duration;

use super::*;
use crate::core::bitboard::Cell;
use crate::core::game::{Action, Game, Outcome, Player, RuleError};
use crate::core::geometry::Geometry;

/// Reach `target` from 0 by steps of +1, +3 or x2 (capped at 200), one card each, within
/// `budget` cards; a win scores the cards left, running out loses at -1.
#[derive(Clone, Debug)]
struct Reach {
    x: u32,
    left: u32,
    target: u32,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
struct Step(u8);

impl Action for Step {
    fn code(self) -> u32 {
        self.0 as u32
    }
}

impl Reach {
    fn next(&self, s: Step) -> u32 {
        match s.0 {
            0 => self.x + 1,
            1 => self.x + 3,
            _ => (self.x * 2).min(200),
        }
    }
}

impl Game for Reach {
    type Action = Step;
    type Undo = Reach;

    fn variant(&self) -> &'static str {
        "reach"
    }

    fn geometry(&self) -> &Geometry {
        static G: OnceLock<Geometry> = OnceLock::new();
        G.get_or_init(|| Geometry::square(1, 1))
    }

    fn to_move(&self) -> Player {
        Player::White
    }

    fn legal_actions(&self, out: &mut Vec<Step>) {
        if self.terminal().is_none() {
            out.extend([Step(0), Step(1), Step(2)]);
        }
    }

    fn play(&mut self, a: Step) -> Reach {
        let before = self.clone();
        self.x = self.next(a);
        self.left -= 1;
        before
    }

    fn undo(&mut self, u: Reach) {
        *self = u;
    }

    fn key(&self) -> u64 {
        (self.x as u64) << 32 | self.left as u64
    }

    fn recompute_key(&self) -> u64 {
        self.key()
    }

    fn terminal(&self) -> Option<Outcome> {
        if self.x == self.target {
            Some(Outcome::Win {
                winner: Player::White,
                reason: "target",
            })
        } else if self.left == 0 {
            Some(Outcome::Win {
                winner: Player::Black,
                reason: "out of cards",
            })
        } else {
            None
        }
    }

    fn no_action_outcome(&self) -> Outcome {
        unreachable!()
    }

    fn parse_action(&self, s: &str) -> Result<Step, RuleError> {
        s.parse()
            .ok()
            .filter(|n| *n < 3)
            .map(Step)
            .ok_or_else(|| RuleError::new("0, 1 or 2"))
    }

    fn format_action(&self, a: Step) -> String {
        a.0.to_string()
    }

    fn fen(&self) -> String {
        format!("{} {}", self.x, self.left)
    }

    fn set_fen(&mut self, _fen: &str) -> Result<(), RuleError> {
        Err(RuleError::new("no text"))
    }

    fn reset(&mut self) {}

    fn display(&self) -> String {
        self.fen()
    }

    fn pieces(&self) -> Vec<(Cell, String)> {
        Vec::new()
    }
}

impl Solitaire for Reach {
    fn final_score(&self) -> Option<SoloScore> {
        if self.x == self.target {
            Some(SoloScore::won(self.left as i32))
        } else if self.left == 0 {
            Some(SoloScore::lost(-1))
        } else {
            None
        }
    }

    fn stuck_score(&self) -> SoloScore {
        SoloScore::lost(-1)
    }

    /// Admissible: a win needs at least one more card, and past the target none is possible
    /// (no step lowers x).
    fn score_bound(&self) -> SoloScore {
        if let Some(s) = self.final_score() {
            return s;
        }
        if self.x > self.target {
            return SoloScore::lost(-1);
        }
        SoloScore::won(self.left as i32 - 1)
    }
}

fn brute(g: &Reach) -> SoloScore {
    if let Some(s) = g.final_score() {
        return s;
    }
    [Step(0), Step(1), Step(2)]
        .into_iter()
        .map(|a| {
            let mut c = g.clone();
            c.play(a);
            brute(&c)
        })
        .max()
        .unwrap()
}

fn run(g: &Reach, caps: &Caps, stop: bool) -> Solution<Step> {
    solve(g, caps, &AtomicBool::new(stop), &mut |_| {})
}

#[test]
fn exact_against_brute_force() {
    for target in 1..=40 {
        for budget in 1..=9 {
            let g = Reach {
                x: 0,
                left: budget,
                target,
            };
            let s = run(&g, &Caps::default(), false);
            assert_eq!(s.verdict, Verdict::Proven);
            assert_eq!(s.best, brute(&g), "target {target} budget {budget}");
            assert_eq!(s.upper, s.best);
            let mut r = g.clone();
            for &a in &s.line {
                r.play(a);
            }
            assert_eq!(r.final_score(), Some(s.best));
        }
    }
}

#[test]
fn caps_and_stop_give_an_honest_answer() {
    let g = Reach {
        x: 0,
        left: 12,
        target: 77,
    };
    let exact = run(&g, &Caps::default(), false);
    assert!(exact.verdict.proven());
    for (caps, stop, verdict) in [
        (
            Caps {
                expansions: None,
                time: Some(Duration::ZERO),
                ..Caps::default()
            },
            false,
            Verdict::TimeCap,
        ),
        (
            Caps {
                memory: 0,
                ..Caps::default()
            },
            false,
            Verdict::MemoryCap,
        ),
        (Caps::default(), true, Verdict::Stopped),
    ] {
        let s = run(&g, &caps, stop);
        assert_eq!(s.verdict, verdict);
        assert!(s.best <= exact.best && exact.best <= s.upper);
        assert!(s.upper > s.best);
        let mut r = g.clone();
        for &a in &s.line {
            r.play(a);
        }
        assert_eq!(r.final_score(), Some(s.best));
    }
}
