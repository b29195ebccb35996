//! An independent, slow and obvious Adrenaline Chess generator for the tests: a char-array
//! board with a stack count per square, pieces walked square by square, whole turns built by
//! trying every regular move, every step sequence and every placement, and the adrenaline
//! check decided by brute force: every enemy turn (every pseudo-legal regular move, then every
//! sequence of steps its checkers allow) is played out to see whether one captures the king.
//! It shares nothing with the engine; turns are strings in the engine's notation, so the two
//! are compared by text.

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

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RefPos {
    /// `b[rank][file]`, rank 0 = rank 1; '.' empty; upper case White.
    pub b: [[char; 8]; 8],
    /// Checkers under the piece on each square.
    pub stacks: [[u32; 8]; 8],
    pub white: bool,
    /// Castling rights: White king side, White queen side, Black king side, Black queen side.
    pub rights: [bool; 4],
    /// Square behind a pawn that just made a regular double step (and took no step).
    pub ep: Option<Sq>,
}

/// A complete turn: its actions and the position after it.
pub type Turn = (Vec<String>, RefPos);

impl RefPos {
    /// Reads the first four FEN fields and the seventh (stacks); clocks are ignored.
    pub fn parse(fen: &str) -> RefPos {
        let f: Vec<&str> = fen.split_whitespace().collect();
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
        if let Some(s) = f.get(6) {
            if *s != "-" {
                for part in s.split(',') {
                    let (sq, n) = part.split_once(':').unwrap();
                    let (fi, ra) = parse_sq(sq);
                    stacks[ra as usize][fi as usize] = n.parse().unwrap();
                }
            }
        }
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
        }
    }

    fn at(&self, (f, r): Sq) -> char {
        self.b[r as usize][f as usize]
    }

    fn set(&mut self, (f, r): Sq, c: char) {
        self.b[r as usize][f as usize] = c;
    }

    fn stack(&self, (f, r): Sq) -> u32 {
        self.stacks[r as usize][f as usize]
    }

    fn set_stack(&mut self, (f, r): Sq, n: u32) {
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

    pub fn supply(&self) -> u32 {
        24 - self.stacks.iter().flatten().sum::<u32>()
    }

    fn king(&self, white: bool) -> Option<Sq> {
        let k = if white { 'K' } else { 'k' };
        for r in 0..8 {
            for f in 0..8 {
                if self.b[r as usize][f as usize] == k {
                    return Some((f, r));
                }
            }
        }
        None
    }

    fn squares(&self, white: bool) -> Vec<Sq> {
        let mut v = Vec::new();
        for r in 0..8 {
            for f in 0..8 {
                if self.mine((f, r), white) {
                    v.push((f, r));
                }
            }
        }
        v
    }

    /// Pseudo-legal regular destinations of the piece on `s` (no castling): for each, the
    /// destination, the captured square (if any) and whether it is en passant.
    fn destinations(&self, s: Sq, white: bool, ep: Option<Sq>) -> Vec<(Sq, Option<Sq>)> {
        let mut out = Vec::new();
        let kind = self.at(s).to_ascii_lowercase();
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
                    if s.1 == start && self.at(two) == '.' {
                        out.push((two, None));
                    }
                }
                for df in [-1, 1] {
                    let t = (s.0 + df, s.1 + up);
                    if on(t.0, t.1) && self.theirs(t, white) {
                        out.push((t, Some(t)));
                    }
                    if ep == Some(t) {
                        out.push((t, Some((t.0, s.1))));
                    }
                }
            }
        }
        out
    }

    /// Moves the piece on `from` to `to` with its checkers; the piece on `captured` (if any)
    /// is removed and its checkers join the stack. Keeps castling rights up to date.
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

    /// Whether `white`'s king stands attacked in the ordinary chess sense.
    pub fn ordinary_check(&self, white: bool) -> bool {
        let Some(k) = self.king(white) else {
            return false;
        };
        let enemy = !white;
        self.squares(enemy).into_iter().any(|s| {
            let kind = self.at(s).to_ascii_lowercase();
            if kind == 'p' {
                let up = if enemy { 1 } else { -1 };
                return k.1 == s.1 + up && (k.0 - s.0).abs() == 1;
            }
            self.destinations(s, enemy, None)
                .iter()
                .any(|&(t, c)| t == k && c == Some(k))
        })
    }

    /// Brute force: can `attacker`'s next turn capture the defender's king? Every pseudo-legal
    /// regular move (pins ignored, castling captures nothing), then every step sequence.
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

    /// Every sequence of steps of the piece on `at` (while it has checkers): does one land
    /// on `king`?
    fn steps_capture(&self, at: Sq, white: bool, king: Sq) -> bool {
        if self.stack(at) == 0 {
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
            let n = p.stack(at) - 1;
            p.set_stack(at, n);
            let captured = p.theirs(t, white).then_some(t);
            p.shift(at, t, captured);
            if p.steps_capture(t, white, king) {
                return true;
            }
        }
        false
    }

    /// Every legal complete turn of the side to move.
    pub fn turns(&self) -> Vec<Turn> {
        let white = self.white;
        let mut out = Vec::new();
        let in_check = self.king_capturable(!white, None);
        for s in self.squares(white) {
            for (t, c) in self.destinations(s, white, self.ep) {
                if c.is_some_and(|c| self.at(c).eq_ignore_ascii_case(&'k')) {
                    continue;
                }
                let pawn = self.at(s).eq_ignore_ascii_case(&'p');
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
                    p.continue_turn(t, c.is_some(), vec![tok], &mut out);
                }
            }
        }
        // Castling.
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
                || self.stack(home) > 0
                || self.stack(rook_sq) > 0
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
            p.finish(vec![format!("{}{}", name(home), name(king_to))], &mut out);
        }
        out
    }

    /// The turn so far is `done`; the moved piece is on `at`; `captured` says whether anything
    /// was captured. Adds every legal completion.
    fn continue_turn(&self, at: Sq, captured: bool, done: Vec<String>, out: &mut Vec<Turn>) {
        let white = self.white;
        let owed = captured && self.supply() > 0;
        // Stop here.
        if owed {
            for r in 0..8 {
                for f in 0..8 {
                    if self.theirs((f, r), white) {
                        let mut p = self.clone();
                        p.set_stack((f, r), p.stack((f, r)) + 1);
                        let mut d = done.clone();
                        d.push(format!("+{}", name((f, r))));
                        p.finish(d, out);
                    }
                }
            }
        } else if self.stack(at) == 0 {
            self.finish(done.clone(), out);
        } else {
            let mut d = done.clone();
            d.push("end".to_string());
            self.finish(d, out);
        }
        // Or step on.
        if self.stack(at) == 0 {
            return;
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
                let n = p.stack(at) - 1;
                p.set_stack(at, n);
                let cap = p.theirs(t, white).then_some(t);
                p.shift(at, t, cap);
                let mut tok = format!("{}{}", name(at), name(t));
                if pr != ' ' {
                    p.set(t, if white { pr.to_ascii_uppercase() } else { pr });
                    tok.push(pr);
                }
                let mut d = done.clone();
                d.push(tok);
                p.continue_turn(t, captured || cap.is_some(), d, out);
            }
        }
    }

    /// Ends the turn if the mover's king is then safe from the opponent's whole next turn.
    fn finish(&self, done: Vec<String>, out: &mut Vec<Turn>) {
        let mut p = self.clone();
        p.white = !p.white;
        // The en-passant right passes to the opponent only next to one of its pawns.
        if let Some(e) = p.ep {
            let pawn = if p.white { 'P' } else { 'p' };
            let row = if p.white { e.1 - 1 } else { e.1 + 1 };
            let beside = [e.0 - 1, e.0 + 1]
                .into_iter()
                .any(|f| on(f, row) && p.at((f, row)) == pawn);
            if !beside {
                p.ep = None;
            }
        }
        if !p.king_capturable(p.white, p.ep) {
            out.push((done, p));
        }
    }

    /// The legal turns as comma-joined strings.
    pub fn turn_set(&self) -> BTreeSet<String> {
        self.turns().into_iter().map(|(t, _)| t.join(",")).collect()
    }

    /// Complete turns over `depth` turns.
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

    /// Action sequences of length `depth` (plies), counted from the turns.
    pub fn perft_actions(&self, depth: u32) -> u64 {
        if depth == 0 {
            return 1;
        }
        let turns = self.turns();
        let refs: Vec<&Turn> = turns.iter().collect();
        count_sequences(&refs, 0, depth)
    }

    /// Whether the side to move is in adrenaline check.
    pub fn in_check(&self) -> bool {
        self.king_capturable(!self.white, None)
    }

    /// The placement field of a FEN and the stack field, for comparison with the engine.
    pub fn board_text(&self) -> (String, String) {
        let mut s = String::new();
        for r in (0..8).rev() {
            let mut empty = 0;
            for f in 0..8 {
                let c = self.b[r][f];
                if c == '.' {
                    empty += 1;
                } else {
                    if empty > 0 {
                        s.push_str(&empty.to_string());
                        empty = 0;
                    }
                    s.push(c);
                }
            }
            if empty > 0 {
                s.push_str(&empty.to_string());
            }
            if r > 0 {
                s.push('/');
            }
        }
        let mut st = Vec::new();
        for r in 0..8 {
            for f in 0..8 {
                if self.stacks[r][f] > 0 {
                    st.push(format!(
                        "{}:{}",
                        name((f as i32, r as i32)),
                        self.stacks[r][f]
                    ));
                }
            }
        }
        let st = if st.is_empty() {
            "-".to_string()
        } else {
            st.join(",")
        };
        (s, st)
    }
}

/// Distinct action sequences of length `depth` among turns sharing their first `offset`
/// actions; a turn that ends inside the sequence continues in the position after it.
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
