//! An independent, slow and obvious Booster Chess generator for the tests: a char-array board
//! with a signed checker count per square (+n White's checkers, -n Black's), cards as text,
//! whole turns built by trying every regular move, every step sequence, every card play and
//! the draws that follow, and check decided by brute force: every enemy turn (every
//! pseudo-legal regular move, then every sequence of steps) is played out to see whether one
//! captures the king. It shares nothing with the engine (not even the card table, written
//! again below); turns are strings in the engine's notation, so the two compare by text.

#![allow(dead_code)]

#[path = "../mailbox/mod.rs"]
mod mailbox;

use mailbox::{chess_fields, is_white, name, on, parse_placement, parse_rights, parse_sq, Sq};
pub use mailbox::{StepRef, Turns};

fn card_meaning(card: &str) -> (bool, Option<char>) {
    let c = card.to_ascii_uppercase();
    let (rank, suit) = c.split_at(c.len() - 1);
    let white = suit == "H" || suit == "D";
    let piece = match rank {
        "2" | "3" | "4" | "5" => Some('p'),
        "6" => None,
        "8" => Some('n'),
        "9" => Some('b'),
        "10" => Some('r'),
        "Q" => Some('q'),
        "K" => Some('k'),
        _ => panic!("card {card} is not in the deck"),
    };
    let piece = piece.map(|p| if white { p.to_ascii_uppercase() } else { p });
    (white, piece)
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RefPos {
    /// `b[rank][file]`, rank 0 = rank 1; '.' empty; upper case White.
    pub b: [[char; 8]; 8],
    /// Checkers under each square: +n White's, -n Black's.
    pub stacks: [[i32; 8]; 8],
    pub white: bool,
    pub rights: [bool; 4],
    pub ep: Option<Sq>,
    pub checkers: [i32; 2],
    /// Hands, upper-case card text.
    pub hands: [Vec<String>; 2],
    /// The draw pile: its known order, top first, then cards in no order.
    pub order: Vec<String>,
    pub rest: Vec<String>,
    pub discard: Vec<String>,
}

pub type Turn = mailbox::Turn<RefPos>;

impl RefPos {
    /// Reads a Booster FEN (12 fields; turn field `-`) with `deck`, the game's cards.
    pub fn parse(fen: &str, deck: &[&str], checkers: [i32; 2]) -> RefPos {
        let f: Vec<&str> = fen.split_whitespace().collect();
        assert_eq!(f[7], "-", "the reference starts at a turn start");
        let b = parse_placement(f[0]);
        let mut stacks = [[0; 8]; 8];
        if f[6] != "-" {
            for part in f[6].split(',') {
                let (sq, n) = part.split_once(':').unwrap();
                let (fi, ra) = parse_sq(sq);
                let count: i32 = n[..n.len() - 1].parse().unwrap();
                stacks[ra as usize][fi as usize] = if n.ends_with('w') { count } else { -count };
            }
        }
        let list = |s: &str| -> Vec<String> {
            if s == "-" || s == "*" {
                Vec::new()
            } else {
                s.split('.').map(|c| c.to_ascii_uppercase()).collect()
            }
        };
        let hands = [list(f[8]), list(f[9])];
        let order = list(f[10]);
        let discard = list(f[11]);
        let rest = deck
            .iter()
            .map(|c| c.to_string())
            .filter(|c| {
                !hands[0].contains(c)
                    && !hands[1].contains(c)
                    && !order.contains(c)
                    && !discard.contains(c)
            })
            .collect();
        RefPos {
            b,
            stacks,
            white: f[1] == "w",
            rights: parse_rights(f[2]),
            ep: (f[3] != "-").then(|| parse_sq(f[3])),
            checkers,
            hands,
            order,
            rest,
            discard,
        }
    }

    fn stack(&self, (f, r): Sq) -> i32 {
        self.stacks[r as usize][f as usize]
    }

    fn set_stack(&mut self, (f, r): Sq, n: i32) {
        self.stacks[r as usize][f as usize] = n;
    }

    /// The stack under the piece on `sq` from its owner's side: + boosted, - hobbled.
    fn own_stack(&self, sq: Sq) -> i32 {
        if is_white(self.at(sq)) {
            self.stack(sq)
        } else {
            -self.stack(sq)
        }
    }

    fn hobbled(&self, sq: Sq) -> bool {
        self.own_stack(sq) < 0
    }

    pub fn supply(&self, white: bool) -> i32 {
        let on_board: i32 = self
            .stacks
            .iter()
            .flatten()
            .filter(|&&n| (n > 0) == white && n != 0)
            .map(|n| n.abs())
            .sum();
        self.checkers[if white { 0 } else { 1 }] - on_board
    }

    fn release(&mut self, at: Sq) {
        let last = if is_white(self.at(at)) { 7 } else { 0 };
        if at.1 == last && self.hobbled(at) {
            self.set_stack(at, 0);
        }
    }

    /// Brute force: can `attacker`'s next turn capture the defender's king?
    pub fn king_capturable(&self, attacker_white: bool, ep: Option<Sq>) -> bool {
        self.turn_captures_king(attacker_white, ep)
    }

    /// Every legal complete turn of the side to move, draws included.
    pub fn turns(&self) -> Vec<Turn> {
        let white = self.white;
        let mut out = Vec::new();
        let in_check = self.king_capturable(!white, None);
        let pawn = |p: &RefPos, s: Sq| p.at(s).eq_ignore_ascii_case(&'p') && !p.hobbled(s);
        for (tok, p, t, _) in self.regular_moves(white, self.ep, pawn) {
            p.continue_turn(t, vec![tok], &mut out);
        }
        for (tok, p) in self.castlings(white, self.rights, in_check) {
            p.stop_moving(vec![tok], &mut out);
        }
        out
    }

    /// The moved piece is on `at`: stop (card or end), or step on while it is boosted.
    fn continue_turn(&self, at: Sq, done: Vec<String>, out: &mut Vec<Turn>) {
        let white = self.white;
        if self.own_stack(at) <= 0 {
            self.stop_moving(done, out);
            return;
        }
        // Stopping while the piece could still step: a card, or `end` (written even when no
        // card may be played).
        if self.card_possible() {
            self.stop_moving(done.clone(), out);
        } else {
            let mut d = done.clone();
            d.push("end".into());
            self.finish(d, out);
        }
        for (tok, p, t, _) in self.steps(at, white) {
            let mut d = done.clone();
            d.push(tok);
            p.continue_turn(t, d, out);
        }
    }

    fn card_possible(&self) -> bool {
        let me = if self.white { 0 } else { 1 };
        !self.hands[me].is_empty() && self.supply(self.white) > 0
    }

    /// The mover stops moving: every card play, and `end`; or, with no card to play, the
    /// end of its part at once.
    fn stop_moving(&self, done: Vec<String>, out: &mut Vec<Turn>) {
        let white = self.white;
        let me = if white { 0 } else { 1 };
        if !self.card_possible() {
            self.finish(done, out);
            return;
        }
        let mut d = done.clone();
        d.push("end".into());
        self.finish(d, out);
        for (i, card) in self.hands[me].iter().enumerate() {
            let (colour, piece) = card_meaning(card);
            let matches: Vec<Sq> = (0..64)
                .map(|i| (i % 8, i / 8))
                .filter(|&s| self.at(s) != '.' && is_white(self.at(s)) == colour)
                .collect();
            let exact: Vec<Sq> = matches
                .iter()
                .copied()
                .filter(|&s| Some(self.at(s)) == piece)
                .collect();
            let targets = if piece.is_some() && !exact.is_empty() {
                exact
            } else {
                matches
            };
            for s in targets {
                let mut p = self.clone();
                let add = if white { 1 } else { -1 };
                p.set_stack(s, p.stack(s) + add);
                let played = p.hands[me].remove(i);
                p.discard.push(played);
                let mut d = done.clone();
                d.push(format!("{}+{}", card.to_ascii_lowercase(), name(s)));
                p.finish(d, out);
            }
        }
    }

    /// Ends the turn if the mover's king is safe, then the draws.
    fn finish(&self, done: Vec<String>, out: &mut Vec<Turn>) {
        let mut p = self.clone();
        let ep = p.ep.filter(|e| {
            let pawn = if p.white { 'p' } else { 'P' };
            let row = if p.white { e.1 + 1 } else { e.1 - 1 };
            [e.0 - 1, e.0 + 1]
                .into_iter()
                .any(|f| on(f, row) && p.at((f, row)) == pawn)
        });
        p.ep = ep;
        if p.king_capturable(!p.white, p.ep) {
            return;
        }
        p.draws(done, out);
    }

    /// Draws until the mover's hand matches its supply (each possible card a branch),
    /// reshuffling an empty draw pile; then the opponent is to move.
    fn draws(&self, done: Vec<String>, out: &mut Vec<Turn>) {
        let me = if self.white { 0 } else { 1 };
        let short = (self.hands[me].len() as i32) < self.supply(self.white);
        let cards_left =
            !self.order.is_empty() || !self.rest.is_empty() || !self.discard.is_empty();
        if !short || !cards_left {
            let mut p = self.clone();
            p.white = !p.white;
            out.push((done, p));
            return;
        }
        if self.order.is_empty() && self.rest.is_empty() {
            let mut p = self.clone();
            p.rest = std::mem::take(&mut p.discard);
            let mut d = done;
            d.push("reshuffle".into());
            p.draws(d, out);
            return;
        }
        if !self.order.is_empty() {
            let mut p = self.clone();
            let c = p.order.remove(0);
            p.hands[me].push(c.clone());
            let mut d = done;
            d.push(format!("#{}", c.to_ascii_lowercase()));
            p.draws(d, out);
            return;
        }
        for i in 0..self.rest.len() {
            let mut p = self.clone();
            let c = p.rest.remove(i);
            p.hands[me].push(c.clone());
            let mut d = done.clone();
            d.push(format!("#{}", c.to_ascii_lowercase()));
            p.draws(d, out);
        }
    }

    pub fn in_check(&self) -> bool {
        self.king_capturable(!self.white, None)
    }
}

impl StepRef for RefPos {
    chess_fields!();

    fn count(&self, s: Sq) -> i32 {
        self.stack(s)
    }

    fn set_count(&mut self, s: Sq, n: i32) {
        self.set_stack(s, n);
    }

    fn can_step(&self, s: Sq) -> bool {
        self.own_stack(s) > 0
    }

    /// One own checker from under the piece on `at` back to the supply.
    fn spend(&mut self, at: Sq) {
        let n = self.stack(at);
        self.set_stack(at, n - n.signum());
    }

    /// Pseudo-legal regular destinations of the piece on `s`: destination and captured
    /// square. Hobbled: a pawn has none, another piece moves as a pawn without double step,
    /// en passant or promotion.
    fn destinations(&self, s: Sq, white: bool, ep: Option<Sq>) -> Vec<(Sq, Option<Sq>)> {
        let hobbled = self.hobbled(s);
        let kind = self.at(s).to_ascii_lowercase();
        if hobbled && kind == 'p' {
            return Vec::new();
        }
        let kind = if hobbled { 'p' } else { kind };
        self.moves_as(s, kind, white, ep, hobbled)
    }

    /// Moves the piece on `from` to `to` with its checkers; the captured piece's checkers
    /// join (opposite ones cancel: the sum of signed counts); a hobbled piece on its last
    /// rank gives its hobble back. Keeps castling rights up to date.
    fn shift(&mut self, from: Sq, to: Sq, captured: Option<Sq>) {
        self.move_with_checkers(from, to, captured);
        self.release(to);
    }

    /// Whether `white`'s king is attacked by an enemy regular move.
    fn ordinary_check(&self, white: bool) -> bool {
        let Some(k) = self.king(white) else {
            return false;
        };
        self.squares(!white).into_iter().any(|s| {
            self.destinations(s, !white, None)
                .iter()
                .any(|&(_, c)| c == Some(k))
        })
    }
}

impl Turns for RefPos {
    fn whole_turns(&self) -> Vec<Turn> {
        self.turns()
    }
}
