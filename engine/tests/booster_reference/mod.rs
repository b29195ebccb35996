//! An independent, slow and obvious Booster Chess generator for the tests: a char-array board
//! with a signed checker count per square (+n White's checkers, -n Black's), cards as text,
//! whole turns built by trying every regular move, every step sequence, every card play and
//! the draws that follow, and check decided by brute force: every enemy turn (every
//! pseudo-legal regular move, then every sequence of steps) is played out to see whether one
//! captures the king. It shares nothing with the engine (not even the card table, written
//! again below); turns are strings in the engine's notation, so the two compare by text.

#![allow(dead_code)]

use std::collections::BTreeSet;

type Sq = (i32, i32);

const ORTH: [Sq; 4] = [(0, 1), (0, -1), (1, 0), (-1, 0)];
const DIAG: [Sq; 4] = [(1, 1), (1, -1), (-1, 1), (-1, -1)];
const ALL8: [Sq; 8] = [
    (0, 1),
    (0, -1),
    (1, 0),
    (-1, 0),
    (1, 1),
    (1, -1),
    (-1, 1),
    (-1, -1),
];
const KNIGHT: [Sq; 8] = [
    (1, 2),
    (2, 1),
    (2, -1),
    (1, -2),
    (-1, -2),
    (-2, -1),
    (-2, 1),
    (-1, 2),
];

fn on(f: i32, r: i32) -> bool {
    (0..8).contains(&f) && (0..8).contains(&r)
}

fn name((f, r): Sq) -> String {
    format!("{}{}", (b'a' + f as u8) as char, r + 1)
}

fn parse_sq(s: &str) -> Sq {
    let b = s.as_bytes();
    ((b[0] - b'a') as i32, (b[1] - b'1') as i32)
}

/// What a card lets its player put a checker under: `Some(letter)` for a piece card (the
/// piece's FEN letter in its colour's case), `None` for a six (any piece of the colour).
/// Returns the card's colour (true: White) too.
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

pub type Turn = (Vec<String>, RefPos);

impl RefPos {
    /// Reads a Booster FEN (12 fields; turn field `-`) with `deck`, the game's cards.
    pub fn parse(fen: &str, deck: &[&str], checkers: [i32; 2]) -> RefPos {
        let f: Vec<&str> = fen.split_whitespace().collect();
        assert_eq!(f[7], "-", "the reference starts at a turn start");
        let mut b = [['.'; 8]; 8];
        for (i, row) in f[0].split('/').enumerate() {
            let r = 7 - i;
            let mut file = 0;
            for c in row.chars() {
                if let Some(d) = c.to_digit(10) {
                    file += d as usize;
                } else {
                    b[r][file] = c;
                    file += 1;
                }
            }
        }
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
        let c = f[2];
        RefPos {
            b,
            stacks,
            white: f[1] == "w",
            rights: [
                c.contains('K'),
                c.contains('Q'),
                c.contains('k'),
                c.contains('q'),
            ],
            ep: (f[3] != "-").then(|| parse_sq(f[3])),
            checkers,
            hands,
            order,
            rest,
            discard,
        }
    }

    fn at(&self, (f, r): Sq) -> char {
        self.b[r as usize][f as usize]
    }

    fn set(&mut self, (f, r): Sq, c: char) {
        self.b[r as usize][f as usize] = c;
    }

    fn stack(&self, (f, r): Sq) -> i32 {
        self.stacks[r as usize][f as usize]
    }

    fn set_stack(&mut self, (f, r): Sq, n: i32) {
        self.stacks[r as usize][f as usize] = n;
    }

    fn is_white(c: char) -> bool {
        c.is_ascii_uppercase()
    }

    fn mine(&self, sq: Sq, white: bool) -> bool {
        let c = self.at(sq);
        c != '.' && Self::is_white(c) == white
    }

    fn theirs(&self, sq: Sq, white: bool) -> bool {
        let c = self.at(sq);
        c != '.' && Self::is_white(c) != white
    }

    /// The stack under the piece on `sq` from its owner's side: + boosted, - hobbled.
    fn own_stack(&self, sq: Sq) -> i32 {
        if Self::is_white(self.at(sq)) {
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

    fn king(&self, white: bool) -> Option<Sq> {
        let k = if white { 'K' } else { 'k' };
        (0..64).map(|i| (i % 8, i / 8)).find(|&s| self.at(s) == k)
    }

    fn squares(&self, white: bool) -> Vec<Sq> {
        (0..64)
            .map(|i| (i % 8, i / 8))
            .filter(|&s| self.mine(s, white))
            .collect()
    }

    /// Pseudo-legal regular destinations of the piece on `s`: destination and captured
    /// square. Hobbled: a pawn has none, another piece moves as a pawn without double step,
    /// en passant or promotion.
    fn destinations(&self, s: Sq, white: bool, ep: Option<Sq>) -> Vec<(Sq, Option<Sq>)> {
        let mut out = Vec::new();
        let hobbled = self.hobbled(s);
        let kind = self.at(s).to_ascii_lowercase();
        if hobbled && kind == 'p' {
            return out;
        }
        let kind = if hobbled { 'p' } else { kind };
        let add = |t: Sq, out: &mut Vec<(Sq, Option<Sq>)>| {
            if self.theirs(t, white) {
                out.push((t, Some(t)));
            } else if self.at(t) == '.' {
                out.push((t, None));
            }
        };
        let slide = |dirs: &[Sq], out: &mut Vec<(Sq, Option<Sq>)>| {
            for &(df, dr) in dirs {
                let (mut f, mut r) = (s.0 + df, s.1 + dr);
                while on(f, r) {
                    if self.at((f, r)) == '.' {
                        out.push(((f, r), None));
                    } else {
                        if self.theirs((f, r), white) {
                            out.push(((f, r), Some((f, r))));
                        }
                        break;
                    }
                    f += df;
                    r += dr;
                }
            }
        };
        match kind {
            'n' | 'k' => {
                let offs: &[Sq] = if kind == 'n' { &KNIGHT } else { &ALL8 };
                for &(df, dr) in offs {
                    if on(s.0 + df, s.1 + dr) {
                        add((s.0 + df, s.1 + dr), &mut out);
                    }
                }
            }
            'b' => slide(&DIAG, &mut out),
            'r' => slide(&ORTH, &mut out),
            'q' => {
                slide(&DIAG, &mut out);
                slide(&ORTH, &mut out);
            }
            _ => {
                let up = if white { 1 } else { -1 };
                let start = if white { 1 } else { 6 };
                let one = (s.0, s.1 + up);
                if on(one.0, one.1) && self.at(one) == '.' {
                    out.push((one, None));
                    let two = (s.0, s.1 + 2 * up);
                    if !hobbled && s.1 == start && self.at(two) == '.' {
                        out.push((two, None));
                    }
                }
                for df in [-1, 1] {
                    let t = (s.0 + df, s.1 + up);
                    if on(t.0, t.1) && self.theirs(t, white) {
                        out.push((t, Some(t)));
                    }
                    if !hobbled && ep == Some(t) {
                        out.push((t, Some((t.0, s.1))));
                    }
                }
            }
        }
        out
    }

    /// Moves the piece on `from` to `to` with its checkers; the captured piece's checkers
    /// join (opposite ones cancel: the sum of signed counts); a hobbled piece on its last
    /// rank gives its hobble back. Keeps castling rights up to date.
    fn shift(&mut self, from: Sq, to: Sq, captured: Option<Sq>) {
        let mut n = self.stack(from);
        if let Some(c) = captured {
            n += self.stack(c);
            self.set(c, '.');
            self.set_stack(c, 0);
        }
        let p = self.at(from);
        self.set(from, '.');
        self.set_stack(from, 0);
        self.set(to, p);
        self.set_stack(to, n);
        self.release(to);
        for sq in [from, to] {
            match sq {
                (4, 0) => {
                    self.rights[0] = false;
                    self.rights[1] = false;
                }
                (7, 0) => self.rights[0] = false,
                (0, 0) => self.rights[1] = false,
                (4, 7) => {
                    self.rights[2] = false;
                    self.rights[3] = false;
                }
                (7, 7) => self.rights[2] = false,
                (0, 7) => self.rights[3] = false,
                _ => {}
            }
        }
    }

    fn release(&mut self, at: Sq) {
        let last = if Self::is_white(self.at(at)) { 7 } else { 0 };
        if at.1 == last && self.hobbled(at) {
            self.set_stack(at, 0);
        }
    }

    /// Whether `white`'s king is attacked by an enemy regular move.
    pub fn ordinary_check(&self, white: bool) -> bool {
        let Some(k) = self.king(white) else {
            return false;
        };
        self.squares(!white).into_iter().any(|s| {
            self.destinations(s, !white, None)
                .iter()
                .any(|&(_, c)| c == Some(k))
        })
    }

    /// Brute force: can `attacker`'s next turn capture the defender's king?
    pub fn king_capturable(&self, attacker_white: bool, ep: Option<Sq>) -> bool {
        let Some(k) = self.king(!attacker_white) else {
            return false;
        };
        for s in self.squares(attacker_white) {
            for (t, c) in self.destinations(s, attacker_white, ep) {
                if c == Some(k) {
                    return true;
                }
                let mut p = self.clone();
                p.shift(s, t, c);
                if p.steps_capture(t, attacker_white, k) {
                    return true;
                }
            }
        }
        false
    }

    fn steps_capture(&self, at: Sq, white: bool, king: Sq) -> bool {
        if self.own_stack(at) <= 0 {
            return false;
        }
        for (df, dr) in ALL8 {
            let t = (at.0 + df, at.1 + dr);
            if !on(t.0, t.1) || self.mine(t, white) {
                continue;
            }
            if t == king {
                return true;
            }
            let mut p = self.clone();
            p.spend(at);
            let captured = p.theirs(t, white).then_some(t);
            p.shift(at, t, captured);
            if p.steps_capture(t, white, king) {
                return true;
            }
        }
        false
    }

    /// One own checker from under the piece on `at` back to the supply.
    fn spend(&mut self, at: Sq) {
        let n = self.stack(at);
        self.set_stack(at, n - n.signum());
    }

    /// Every legal complete turn of the side to move, draws included.
    pub fn turns(&self) -> Vec<Turn> {
        let white = self.white;
        let mut out = Vec::new();
        let in_check = self.king_capturable(!white, None);
        for s in self.squares(white) {
            for (t, c) in self.destinations(s, white, self.ep) {
                if c.is_some_and(|c| self.at(c).eq_ignore_ascii_case(&'k')) {
                    continue;
                }
                let pawn = self.at(s).eq_ignore_ascii_case(&'p') && !self.hobbled(s);
                let last = if white { 7 } else { 0 };
                let promos: &[char] = if pawn && t.1 == last {
                    &['q', 'r', 'b', 'n']
                } else {
                    &[' ']
                };
                for &pr in promos {
                    let mut p = self.clone();
                    p.ep = None;
                    p.shift(s, t, c);
                    if pr != ' ' {
                        p.set(t, if white { pr.to_ascii_uppercase() } else { pr });
                    }
                    if p.ordinary_check(white) {
                        continue;
                    }
                    if pawn && (t.1 - s.1).abs() == 2 {
                        p.ep = Some((s.0, (s.1 + t.1) / 2));
                    }
                    let mut tok = format!("{}{}", name(s), name(t));
                    if pr != ' ' {
                        tok.push(pr);
                    }
                    p.continue_turn(t, vec![tok], &mut out);
                }
            }
        }
        let (home, rights) = if white {
            ((4, 0), [0, 1])
        } else {
            ((4, 7), [2, 3])
        };
        let king = if white { 'K' } else { 'k' };
        let rook = if white { 'R' } else { 'r' };
        for (i, right) in rights.into_iter().enumerate() {
            if !self.rights[right] || self.at(home) != king || in_check {
                continue;
            }
            let r = home.1;
            let (rook_sq, between, crossed, king_to, rook_to): (Sq, Vec<i32>, Sq, Sq, Sq) =
                if i == 0 {
                    ((7, r), vec![5, 6], (5, r), (6, r), (5, r))
                } else {
                    ((0, r), vec![1, 2, 3], (3, r), (2, r), (3, r))
                };
            if self.at(rook_sq) != rook
                || self.stack(home) != 0
                || self.stack(rook_sq) != 0
                || between.iter().any(|&f| self.at((f, r)) != '.')
            {
                continue;
            }
            let mut phantom = self.clone();
            phantom.set(home, '.');
            phantom.set(crossed, king);
            if phantom.king_capturable(!white, None) {
                continue;
            }
            let mut p = self.clone();
            p.ep = None;
            p.set(home, '.');
            p.set(rook_sq, '.');
            p.set(king_to, king);
            p.set(rook_to, rook);
            if white {
                p.rights[0] = false;
                p.rights[1] = false;
            } else {
                p.rights[2] = false;
                p.rights[3] = false;
            }
            p.stop_moving(vec![format!("{}{}", name(home), name(king_to))], &mut out);
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
        for (df, dr) in ALL8 {
            let t = (at.0 + df, at.1 + dr);
            if !on(t.0, t.1) || self.mine(t, white) || self.at(t).eq_ignore_ascii_case(&'k') {
                continue;
            }
            let pawn = self.at(at).eq_ignore_ascii_case(&'p');
            let last = if white { 7 } else { 0 };
            let promos: &[char] = if pawn && t.1 == last {
                &['q', 'r', 'b', 'n']
            } else {
                &[' ']
            };
            for &pr in promos {
                let mut p = self.clone();
                p.ep = None;
                p.spend(at);
                let cap = p.theirs(t, white).then_some(t);
                p.shift(at, t, cap);
                let mut tok = format!("{}{}", name(at), name(t));
                if pr != ' ' {
                    p.set(t, if white { pr.to_ascii_uppercase() } else { pr });
                    tok.push(pr);
                }
                let mut d = done.clone();
                d.push(tok);
                p.continue_turn(t, d, out);
            }
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
                .filter(|&s| self.at(s) != '.' && Self::is_white(self.at(s)) == colour)
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

    pub fn turn_set(&self) -> BTreeSet<String> {
        self.turns().into_iter().map(|(t, _)| t.join(",")).collect()
    }

    pub fn perft_turns(&self, depth: u32) -> u64 {
        if depth == 0 {
            return 1;
        }
        let turns = self.turns();
        if depth == 1 {
            return turns.len() as u64;
        }
        turns.iter().map(|(_, p)| p.perft_turns(depth - 1)).sum()
    }

    pub fn perft_actions(&self, depth: u32) -> u64 {
        if depth == 0 {
            return 1;
        }
        let turns = self.turns();
        let refs: Vec<&Turn> = turns.iter().collect();
        count_sequences(&refs, 0, depth)
    }

    pub fn in_check(&self) -> bool {
        self.king_capturable(!self.white, None)
    }
}

fn count_sequences(turns: &[&Turn], offset: usize, depth: u32) -> u64 {
    if depth == 0 {
        return 1;
    }
    let firsts: BTreeSet<&String> = turns
        .iter()
        .filter(|(t, _)| t.len() > offset)
        .map(|(t, _)| &t[offset])
        .collect();
    let mut n = 0;
    for tok in firsts {
        let group: Vec<&Turn> = turns
            .iter()
            .copied()
            .filter(|(t, _)| t.len() > offset && &t[offset] == tok)
            .collect();
        if depth == 1 {
            n += 1;
            continue;
        }
        for (t, p) in &group {
            if t.len() == offset + 1 {
                n += p.perft_actions(depth - 1);
            }
        }
        let longer: Vec<&Turn> = group
            .into_iter()
            .filter(|(t, _)| t.len() > offset + 1)
            .collect();
        if !longer.is_empty() {
            n += count_sequences(&longer, offset + 1, depth - 1);
        }
    }
    n
}
