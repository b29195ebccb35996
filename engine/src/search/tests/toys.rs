//! Small games whose values are known exactly, to check the searcher against.

use std::sync::OnceLock;

use crate::core::bitboard::Cell;
use crate::core::game::{Action, Evaluate, Game, Outcome, Player, RuleError};
use crate::core::geometry::Geometry;
use crate::core::random::splitmix64 as mix;

fn line_geometry() -> &'static Geometry {
    static G: OnceLock<Geometry> = OnceLock::new();
    G.get_or_init(|| Geometry::square(1, 1))
}

/// An action of the toy games: a small number.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Act(pub u8);

impl Action for Act {
    fn code(self) -> u32 {
        self.0 as u32
    }
}

/// Subtraction game: take 1, 2 or 3 from a pile; whoever cannot move (the pile is empty)
/// loses. Multiples of four are lost for the side to move; the winner needs `1 + n / 4` turns.
#[derive(Clone, Debug)]
pub struct Nim {
    pub pile: u8,
    pub side: Player,
}

impl Nim {
    pub fn new(pile: u8) -> Nim {
        Nim {
            pile,
            side: Player::White,
        }
    }
}

impl Game for Nim {
    type Action = Act;
    type Undo = Act;
    fn variant(&self) -> &'static str {
        "nim"
    }
    fn geometry(&self) -> &Geometry {
        line_geometry()
    }
    fn to_move(&self) -> Player {
        self.side
    }
    fn legal_actions(&self, out: &mut Vec<Act>) {
        out.extend((1..=3).filter(|&k| k <= self.pile).map(Act));
    }
    fn play(&mut self, a: Act) -> Act {
        self.pile -= a.0;
        self.side = self.side.opponent();
        a
    }
    fn undo(&mut self, a: Act) {
        self.pile += a.0;
        self.side = self.side.opponent();
    }
    fn key(&self) -> u64 {
        mix(self.pile as u64 * 2 + self.side.index() as u64)
    }
    fn recompute_key(&self) -> u64 {
        self.key()
    }
    fn terminal(&self) -> Option<Outcome> {
        None
    }
    fn no_action_outcome(&self) -> Outcome {
        Outcome::Win {
            winner: self.side.opponent(),
            reason: "last stone",
        }
    }
    fn parse_action(&self, s: &str) -> Result<Act, RuleError> {
        let k: u8 = s.parse().map_err(|_| RuleError::new("not a number"))?;
        if (1..=3).contains(&k) && k <= self.pile {
            Ok(Act(k))
        } else {
            Err(RuleError::new("illegal take"))
        }
    }
    fn format_action(&self, a: Act) -> String {
        a.0.to_string()
    }
    fn fen(&self) -> String {
        format!("{} {}", self.pile, self.side.fen_char())
    }
    fn set_fen(&mut self, _fen: &str) -> Result<(), RuleError> {
        Err(RuleError::new("not supported"))
    }
    fn reset(&mut self) {}
    fn display(&self) -> String {
        self.fen()
    }
    fn pieces(&self) -> Vec<(Cell, String)> {
        Vec::new()
    }
}

impl Evaluate for Nim {
    fn evaluate(&self) -> i32 {
        0
    }
}

/// Tic-tac-toe: actions are cells 0..9 (a1..c3), White plays X and moves first.
#[derive(Clone, Debug, Default)]
pub struct TicTacToe {
    pub x: u16,
    pub o: u16,
}

const LINES: [u16; 8] = [
    0b000_000_111,
    0b000_111_000,
    0b111_000_000,
    0b001_001_001,
    0b010_010_010,
    0b100_100_100,
    0b100_010_001,
    0b001_010_100,
];

fn ttt_geometry() -> &'static Geometry {
    static G: OnceLock<Geometry> = OnceLock::new();
    G.get_or_init(|| Geometry::square(3, 3))
}

impl TicTacToe {
    /// From rows top (rank 3) to bottom, `X`, `O` or `.`.
    pub fn from_rows(rows: [&str; 3]) -> TicTacToe {
        let mut t = TicTacToe::default();
        for (i, row) in rows.iter().enumerate() {
            for (f, ch) in row.chars().enumerate() {
                let cell = (2 - i) * 3 + f;
                match ch {
                    'X' => t.x |= 1 << cell,
                    'O' => t.o |= 1 << cell,
                    _ => {}
                }
            }
        }
        t
    }

    fn won(bits: u16) -> bool {
        LINES.iter().any(|&l| l & !bits == 0)
    }
}

impl Game for TicTacToe {
    type Action = Act;
    type Undo = Act;
    fn variant(&self) -> &'static str {
        "tictactoe"
    }
    fn geometry(&self) -> &Geometry {
        ttt_geometry()
    }
    fn to_move(&self) -> Player {
        if self.x.count_ones() == self.o.count_ones() {
            Player::White
        } else {
            Player::Black
        }
    }
    fn legal_actions(&self, out: &mut Vec<Act>) {
        if self.terminal().is_some() {
            return;
        }
        let occ = self.x | self.o;
        out.extend((0..9u8).filter(|&c| occ & (1 << c) == 0).map(Act));
    }
    fn play(&mut self, a: Act) -> Act {
        match self.to_move() {
            Player::White => self.x |= 1 << a.0,
            Player::Black => self.o |= 1 << a.0,
        }
        a
    }
    fn undo(&mut self, a: Act) {
        self.x &= !(1 << a.0);
        self.o &= !(1 << a.0);
    }
    fn key(&self) -> u64 {
        mix(self.x as u64 | (self.o as u64) << 16)
    }
    fn recompute_key(&self) -> u64 {
        self.key()
    }
    fn terminal(&self) -> Option<Outcome> {
        if Self::won(self.x) {
            Some(Outcome::Win {
                winner: Player::White,
                reason: "three in a row",
            })
        } else if Self::won(self.o) {
            Some(Outcome::Win {
                winner: Player::Black,
                reason: "three in a row",
            })
        } else {
            None
        }
    }
    fn no_action_outcome(&self) -> Outcome {
        Outcome::Draw {
            reason: "full board",
        }
    }
    fn parse_action(&self, s: &str) -> Result<Act, RuleError> {
        let c = self
            .geometry()
            .cell(s)
            .ok_or_else(|| RuleError::new("no such cell"))?;
        let mut v = Vec::new();
        self.legal_actions(&mut v);
        v.contains(&Act(c))
            .then_some(Act(c))
            .ok_or_else(|| RuleError::new("occupied"))
    }
    fn format_action(&self, a: Act) -> String {
        self.geometry().cell_name(a.0).to_string()
    }
    fn fen(&self) -> String {
        format!("{:03x}{:03x}", self.x, self.o)
    }
    fn set_fen(&mut self, _fen: &str) -> Result<(), RuleError> {
        Err(RuleError::new("not supported"))
    }
    fn reset(&mut self) {
        *self = TicTacToe::default()
    }
    fn display(&self) -> String {
        self.fen()
    }
    fn pieces(&self) -> Vec<(Cell, String)> {
        Vec::new()
    }
}

impl Evaluate for TicTacToe {
    fn evaluate(&self) -> i32 {
        // Centre and corners are worth a little, so that the evaluation is not flat.
        const W: [i32; 9] = [3, 2, 3, 2, 4, 2, 3, 2, 3];
        let score = |b: u16| {
            (0..9)
                .filter(|c| b & (1 << c) != 0)
                .map(|c| W[c])
                .sum::<i32>()
        };
        let d = score(self.x) - score(self.o);
        if self.to_move() == Player::White {
            d
        } else {
            -d
        }
    }
}

/// Two piles; a turn is two actions, each taking one or two stones from one pile (a turn ends
/// early when the stones run out). Whoever takes the last stone wins. Action code:
/// `pile * 2 + (take - 1)`.
#[derive(Clone, Debug)]
pub struct TwoStep {
    pub piles: [u8; 2],
    pub side: Player,
    /// Actions already played in the current turn (0 or 1).
    pub step: u8,
}

#[derive(Clone, Copy, Debug)]
pub struct TwoStepUndo {
    piles: [u8; 2],
    side: Player,
    step: u8,
}

impl TwoStep {
    pub fn new(a: u8, b: u8) -> TwoStep {
        TwoStep {
            piles: [a, b],
            side: Player::White,
            step: 0,
        }
    }

    pub fn stones(&self) -> u8 {
        self.piles[0] + self.piles[1]
    }
}

impl Game for TwoStep {
    type Action = Act;
    type Undo = TwoStepUndo;
    fn variant(&self) -> &'static str {
        "twostep"
    }
    fn geometry(&self) -> &Geometry {
        line_geometry()
    }
    fn to_move(&self) -> Player {
        self.side
    }
    fn legal_actions(&self, out: &mut Vec<Act>) {
        if self.terminal().is_some() {
            return;
        }
        for p in 0..2u8 {
            for take in 1..=2u8 {
                if self.piles[p as usize] >= take {
                    out.push(Act(p * 2 + take - 1));
                }
            }
        }
    }
    fn play(&mut self, a: Act) -> TwoStepUndo {
        let u = TwoStepUndo {
            piles: self.piles,
            side: self.side,
            step: self.step,
        };
        self.piles[(a.0 / 2) as usize] -= a.0 % 2 + 1;
        if self.stones() == 0 {
            // The game is over with the taker still to move: `terminal` names the winner.
            return u;
        }
        if self.step == 1 {
            self.step = 0;
            self.side = self.side.opponent();
        } else {
            self.step = 1;
        }
        u
    }
    fn undo(&mut self, u: TwoStepUndo) {
        self.piles = u.piles;
        self.side = u.side;
        self.step = u.step;
    }
    fn key(&self) -> u64 {
        mix(self.piles[0] as u64
            | (self.piles[1] as u64) << 8
            | (self.side.index() as u64) << 16
            | (self.step as u64) << 17)
    }
    fn recompute_key(&self) -> u64 {
        self.key()
    }
    fn terminal(&self) -> Option<Outcome> {
        (self.stones() == 0).then_some(Outcome::Win {
            winner: self.side,
            reason: "last stone",
        })
    }
    fn no_action_outcome(&self) -> Outcome {
        Outcome::Draw {
            reason: "unreachable",
        }
    }
    fn parse_action(&self, s: &str) -> Result<Act, RuleError> {
        let mut v = Vec::new();
        self.legal_actions(&mut v);
        v.into_iter()
            .find(|&a| self.format_action(a) == s)
            .ok_or_else(|| RuleError::new("illegal"))
    }
    fn format_action(&self, a: Act) -> String {
        format!("{}{}", if a.0 / 2 == 0 { 'a' } else { 'b' }, a.0 % 2 + 1)
    }
    fn fen(&self) -> String {
        format!(
            "{} {} {} {}",
            self.piles[0],
            self.piles[1],
            self.side.fen_char(),
            self.step
        )
    }
    fn set_fen(&mut self, _fen: &str) -> Result<(), RuleError> {
        Err(RuleError::new("not supported"))
    }
    fn reset(&mut self) {}
    fn display(&self) -> String {
        self.fen()
    }
    fn pieces(&self) -> Vec<(Cell, String)> {
        Vec::new()
    }
}

impl Evaluate for TwoStep {
    fn evaluate(&self) -> i32 {
        0
    }
}

/// Exact value of a TwoStep position for the side to move (+1 win, -1 loss) with the number
/// of the winner's turns still to play under best play (winner fastest, loser slowest),
/// counting the current turn when the side to move wins. Plain minimax over turns.
pub fn two_step_value(g: &TwoStep) -> (i32, u32) {
    if let Some(o) = g.terminal() {
        return (o.value_for(g.side), 0);
    }
    let mut best: Option<(i32, u32)> = None;
    let mut v = Vec::new();
    g.legal_actions(&mut v);
    for a in v {
        let mut c = g.clone();
        c.play(a);
        let (val, turns) = if c.terminal().is_some() {
            (c.terminal().unwrap().value_for(g.side), 1)
        } else if c.side == g.side {
            let (val, t) = two_step_value(&c);
            (val, if val > 0 { t.max(1) } else { t })
        } else {
            let (val, t) = two_step_value(&c);
            (-val, if val < 0 { t + 1 } else { t })
        };
        let better = match best {
            None => true,
            Some((bv, bt)) => {
                val > bv || (val == bv && ((val > 0 && turns < bt) || (val < 0 && turns > bt)))
            }
        };
        if better {
            best = Some((val, turns));
        }
    }
    best.unwrap_or((0, 0))
}
