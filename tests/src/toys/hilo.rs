//! Higher or Lower: a one-player card game with a hidden deck order, for testing solitaires
//! through the engine, the protocol and the referee without any real variant.
//!
//! Thirteen cards, 1 to 13. Chance orders the deck, one card at a time (`#7`: the next card
//! of the deck is the 7; the player sees `#?`); the first card is then turned up. The player
//! guesses whether the next card is higher (`hi`) or lower (`lo`); it is turned up (the
//! player sees it: `hi=9`) and a right guess scores a point; then the card after it is put
//! away unseen. Six guesses use up the deck. Score: the right guesses, 0 to 6; four or more
//! win.
//!
//! The right play is known: the next card is equally likely to be any card the player has
//! not seen, so guess toward the side with more unseen cards.
//!
//! Position (the truth): `<deck> <cards used>`, the deck written as dot-separated numbers in
//! order (`?` for places chance has not filled yet), e.g. `7.3.11.?.?...`, then the score and
//! the guesses made: `<deck> <used> <score>`. A view: `view <face-up card|-> <seen cards>
//! <used> <score> <dealt>`, the seen cards dot-separated in the order they were turned.

use std::sync::OnceLock;

use tessera::core::game::{below, Chance, GameRng, Hidden, View};
use tessera::{Action, Cell, Evaluate, Game, Geometry, Outcome, Player, RuleError};

pub const N: usize = 13;
const GUESSES: u8 = 6;
const HI: u8 = 100;
const LO: u8 = 101;

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Hl(pub u8);

impl Action for Hl {
    fn code(self) -> u32 {
        self.0 as u32
    }
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct HiLo {
    /// The deck in order, as chance fills it.
    pub deck: Vec<u8>,
    /// Cards turned up or put away so far (the first card is turned up when the deck is
    /// complete).
    pub used: usize,
    pub score: u8,
}

fn geometry() -> &'static Geometry {
    static G: OnceLock<Geometry> = OnceLock::new();
    G.get_or_init(|| Geometry::square(1, 1))
}

impl HiLo {
    pub fn new() -> HiLo {
        HiLo {
            deck: Vec::new(),
            used: 0,
            score: 0,
        }
    }

    fn dealt(&self) -> bool {
        self.deck.len() == N
    }

    pub fn face_up(&self) -> Option<u8> {
        (self.dealt() && self.used > 0).then(|| self.deck[self.used_face_index()])
    }

    /// The face-up card is the last one turned: at 0, then at 1, 3, 5, ... (odd places are
    /// turned, even places after the first are put away).
    fn used_face_index(&self) -> usize {
        if self.used <= 1 {
            0
        } else {
            self.used - 2
        }
    }

    fn guesses(&self) -> u8 {
        (self.used.saturating_sub(1) / 2) as u8
    }
}

impl Default for HiLo {
    fn default() -> Self {
        HiLo::new()
    }
}

impl Game for HiLo {
    type Action = Hl;
    type Undo = HiLo;

    fn variant(&self) -> &'static str {
        "hilo"
    }
    fn geometry(&self) -> &Geometry {
        geometry()
    }
    fn to_move(&self) -> Player {
        Player::White
    }
    fn players(&self) -> usize {
        1
    }
    fn score(&self) -> Option<f64> {
        self.terminal().map(|_| self.score as f64)
    }
    fn score_bounds(&self) -> (f64, f64) {
        (0.0, GUESSES as f64)
    }
    fn legal_actions(&self, out: &mut Vec<Hl>) {
        if self.terminal().is_some() {
            return;
        }
        if !self.dealt() {
            out.extend((1..=N as u8).filter(|c| !self.deck.contains(c)).map(Hl));
            return;
        }
        out.extend([Hl(HI), Hl(LO)]);
    }
    fn play(&mut self, a: Hl) -> HiLo {
        let before = self.clone();
        if !self.dealt() {
            self.deck.push(a.0);
            if self.dealt() {
                self.used = 1;
            }
            return before;
        }
        let cur = self.face_up().expect("dealt");
        let next = self.deck[self.used];
        if (a.0 == HI && next > cur) || (a.0 == LO && next < cur) {
            self.score += 1;
        }
        self.used += 2;
        before
    }
    fn undo(&mut self, u: HiLo) {
        *self = u;
    }
    fn key(&self) -> u64 {
        self.recompute_key()
    }
    fn recompute_key(&self) -> u64 {
        let mut h = self.used as u64 | (self.score as u64) << 8;
        for (i, &c) in self.deck.iter().enumerate() {
            h ^= crate::toys::mix((c as u64) << 8 | i as u64);
        }
        crate::toys::mix(h)
    }
    fn terminal(&self) -> Option<Outcome> {
        if !(self.dealt() && self.guesses() == GUESSES) {
            return None;
        }
        Some({
            if self.score >= 4 {
                Outcome::Win {
                    winner: Player::White,
                    reason: "four or more right guesses",
                }
            } else {
                Outcome::Draw {
                    reason: "fewer than four right guesses",
                }
            }
        })
    }
    fn no_action_outcome(&self) -> Outcome {
        Outcome::Draw {
            reason: "no action",
        }
    }
    fn parse_action(&self, s: &str) -> Result<Hl, RuleError> {
        let mut v = Vec::new();
        self.legal_actions(&mut v);
        v.into_iter()
            .find(|&a| self.format_action(a) == s)
            .ok_or_else(|| RuleError::new(format!("'{s}' is not legal here")))
    }
    fn format_action(&self, a: Hl) -> String {
        match a.0 {
            HI => "hi".into(),
            LO => "lo".into(),
            c => format!("#{c}"),
        }
    }
    fn fen(&self) -> String {
        let deck: Vec<String> = (0..N)
            .map(|i| self.deck.get(i).map_or("?".into(), |c| c.to_string()))
            .collect();
        format!("{} {} {}", deck.join("."), self.used, self.score)
    }
    fn set_fen(&mut self, fen: &str) -> Result<(), RuleError> {
        let bad = || RuleError::new(format!("bad position '{fen}'"));
        let f: Vec<&str> = fen.split_whitespace().collect();
        let [deck, used, score] = f[..] else {
            return Err(bad());
        };
        let mut d = Vec::new();
        let mut unknown = false;
        for x in deck.split('.') {
            if x == "?" {
                unknown = true;
                continue;
            }
            let c: u8 = x.parse().map_err(|_| bad())?;
            if unknown || !(1..=N as u8).contains(&c) || d.contains(&c) {
                return Err(bad());
            }
            d.push(c);
        }
        if deck.split('.').count() != N {
            return Err(bad());
        }
        let used: usize = used.parse().map_err(|_| bad())?;
        let score: u8 = score.parse().map_err(|_| bad())?;
        let g = HiLo {
            deck: d,
            used,
            score,
        };
        let ok_used = if g.dealt() {
            used % 2 == 1 && used <= N
        } else {
            used == 0
        };
        if !ok_used || score > g.guesses() {
            return Err(bad());
        }
        *self = g;
        Ok(())
    }
    fn reset(&mut self) {
        *self = HiLo::new();
    }
    fn display(&self) -> String {
        format!(
            "face up {} | score {} | deck {}",
            self.face_up().map_or("-".into(), |c| c.to_string()),
            self.score,
            self.fen()
        )
    }
    fn pieces(&self) -> Vec<(Cell, String)> {
        Vec::new()
    }
}

impl Evaluate for HiLo {
    fn evaluate(&self) -> i32 {
        100 * self.score as i32
    }
}

impl Chance for HiLo {
    fn is_chance_node(&self) -> bool {
        !self.dealt()
    }
    fn chance_actions(&self, out: &mut Vec<(Hl, f64)>) {
        let mut v = Vec::new();
        self.legal_actions(&mut v);
        let p = 1.0 / v.len() as f64;
        out.extend(v.into_iter().map(|a| (a, p)));
    }
}

/// What the player sees of an action: a card placed in the deck (unseen, or the first card
/// turned up when it completes the deck), or a guess with the card it turned up.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum HlSeen {
    Placed { first: Option<u8> },
    Guess { hi: bool, card: u8 },
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct HlView {
    /// Cards turned up, in order.
    pub seen: Vec<u8>,
    pub dealt: usize,
    pub used: usize,
    pub score: u8,
}

impl HlView {
    /// Cards the player has not seen (in the deck, or put away unseen).
    pub fn unseen(&self) -> Vec<u8> {
        (1..=N as u8).filter(|c| !self.seen.contains(c)).collect()
    }
}

impl Hidden for HiLo {
    type View = HlView;
    type Observation = HlSeen;

    fn view(&self, _p: Player) -> HlView {
        // Turned cards: the first, then those at odd places already used.
        let mut seen = Vec::new();
        if self.dealt() {
            seen.push(self.deck[0]);
            seen.extend((1..self.used).step_by(2).map(|i| self.deck[i]));
        }
        HlView {
            seen,
            dealt: self.deck.len(),
            used: self.used,
            score: self.score,
        }
    }

    fn observe(&self, a: Hl, _p: Player) -> HlSeen {
        if !self.dealt() {
            let completes = self.deck.len() + 1 == N;
            let first = if completes {
                Some(if self.deck.is_empty() {
                    a.0
                } else {
                    self.deck[0]
                })
            } else {
                None
            };
            return HlSeen::Placed { first };
        }
        HlSeen::Guess {
            hi: a.0 == HI,
            card: self.deck[self.used],
        }
    }

    fn reveals(&self, a: Hl) -> bool {
        a.0 == HI || a.0 == LO
    }

    fn parse_view(&self, text: &str) -> Result<HlView, RuleError> {
        let bad = || RuleError::new(format!("bad view '{text}'"));
        let f: Vec<&str> = text.split_whitespace().collect();
        let ["view", seen, dealt, used, score] = f[..] else {
            return Err(bad());
        };
        let seen: Vec<u8> = if seen == "-" {
            Vec::new()
        } else {
            seen.split('.')
                .map(|x| x.parse::<u8>().ok().filter(|c| (1..=N as u8).contains(c)))
                .collect::<Option<_>>()
                .ok_or_else(bad)?
        };
        let v = HlView {
            seen,
            dealt: dealt.parse().map_err(|_| bad())?,
            used: used.parse().map_err(|_| bad())?,
            score: score.parse().map_err(|_| bad())?,
        };
        let expect_seen = if v.dealt == N { v.used.div_ceil(2) } else { 0 };
        if v.dealt > N || v.seen.len() != expect_seen || v.used > N {
            return Err(bad());
        }
        Ok(v)
    }
}

impl View for HlView {
    type Game = HiLo;

    fn player(&self) -> Player {
        Player::White
    }
    fn to_move(&self) -> Player {
        Player::White
    }
    fn outcome(&self) -> Option<Outcome> {
        self.determinize(&mut tessera::core::game::seeded_rng(0))
            .terminal()
    }
    fn apply(&mut self, o: &HlSeen) -> Result<(), RuleError> {
        let bad = || Err(RuleError::new("the observation does not fit this view"));
        match *o {
            HlSeen::Placed { first } => {
                if self.dealt >= N || first.is_some() != (self.dealt + 1 == N) {
                    return bad();
                }
                self.dealt += 1;
                if let Some(c) = first {
                    self.seen.push(c);
                    self.used = 1;
                }
            }
            HlSeen::Guess { hi, card } => {
                let Some(&cur) = self.seen.last() else {
                    return bad();
                };
                if self.dealt < N || self.used + 2 > N + 1 || self.seen.contains(&card) {
                    return bad();
                }
                if (hi && card > cur) || (!hi && card < cur) {
                    self.score += 1;
                }
                self.seen.push(card);
                self.used += 2;
            }
        }
        Ok(())
    }
    fn parse_observation(&self, text: &str) -> Result<HlSeen, RuleError> {
        let bad = || RuleError::new(format!("bad observation '{text}'"));
        if text == "#?" {
            return Ok(HlSeen::Placed { first: None });
        }
        if let Some(r) = text.strip_prefix("#?=") {
            return Ok(HlSeen::Placed {
                first: Some(r.parse().map_err(|_| bad())?),
            });
        }
        let (g, c) = text.split_once('=').ok_or_else(bad)?;
        let hi = match g {
            "hi" => true,
            "lo" => false,
            _ => return Err(bad()),
        };
        Ok(HlSeen::Guess {
            hi,
            card: c.parse().map_err(|_| bad())?,
        })
    }
    fn format_observation(&self, o: &HlSeen) -> String {
        match *o {
            HlSeen::Placed { first: None } => "#?".into(),
            HlSeen::Placed { first: Some(c) } => format!("#?={c}"),
            HlSeen::Guess { hi, card } => format!("{}={card}", if hi { "hi" } else { "lo" }),
        }
    }
    fn fen(&self) -> String {
        let seen: Vec<String> = self.seen.iter().map(|c| c.to_string()).collect();
        format!(
            "view {} {} {} {}",
            if seen.is_empty() {
                "-".into()
            } else {
                seen.join(".")
            },
            self.dealt,
            self.used,
            self.score
        )
    }
    fn display(&self) -> String {
        format!(
            "face up {} | score {} | seen {:?}",
            self.seen.last().map_or("-".into(), |c| c.to_string()),
            self.score,
            self.seen
        )
    }
    /// The unseen cards in random order fill the deck's hidden places (those put away, and
    /// those still to come).
    fn determinize(&self, rng: &mut GameRng) -> HiLo {
        if self.dealt < N {
            // The order is not complete: the truth is still being dealt; any order of the
            // unseen cards for the places chance has filled.
            let mut unseen = self.unseen();
            let mut deck = Vec::new();
            for _ in 0..self.dealt {
                let i = below(rng, unseen.len());
                deck.push(unseen.swap_remove(i));
            }
            return HiLo {
                deck,
                used: 0,
                score: 0,
            };
        }
        let mut unseen = self.unseen();
        let mut deck = vec![0u8; N];
        let mut turned = self.seen.iter();
        for (i, slot) in deck.iter_mut().enumerate() {
            let is_turned = i == 0 || (i % 2 == 1 && i < self.used);
            if is_turned {
                *slot = *turned.next().expect("a card for each turned place");
            } else {
                let j = below(rng, unseen.len());
                *slot = unseen.swap_remove(j);
            }
        }
        HiLo {
            deck,
            used: self.used,
            score: self.score,
        }
    }
}

/// The right guess from a view: toward the side with more unseen cards (`hi` on a tie).
pub fn best_guess(v: &HlView) -> &'static str {
    let cur = *v.seen.last().expect("a face-up card");
    let unseen = v.unseen();
    let higher = unseen.iter().filter(|&&c| c > cur).count();
    let lower = unseen.len() - higher;
    if higher >= lower {
        "hi"
    } else {
        "lo"
    }
}
