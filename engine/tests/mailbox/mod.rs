//! What the reference generators of the tests share: a char-array chess board walked square by
//! square, and for the stepping games (Adrenaline, Booster) the brute-force pieces of a turn:
//! the regular moves, castling, the enemy turn played out to see whether it captures the
//! king, and the counting of actions over whole turns. Slow and obvious on purpose, and
//! sharing nothing with the engine: the generators are compared with it by text.

#![allow(dead_code, unused_imports, unused_macros)]

use std::collections::BTreeSet;

/// A square as (file, rank), a1 = (0, 0).
pub type Sq = (i32, i32);
/// `b[rank][file]`, rank 0 = rank 1; '.' empty; upper case White.
pub type Board = [[char; 8]; 8];
/// A whole turn: its actions, and the position after it.
pub type Turn<P> = (Vec<String>, P);

pub const ORTH: [Sq; 4] = [(0, 1), (0, -1), (1, 0), (-1, 0)];
pub const DIAG: [Sq; 4] = [(1, 1), (1, -1), (-1, 1), (-1, -1)];
pub const ALL8: [Sq; 8] = [
    (0, 1),
    (0, -1),
    (1, 0),
    (-1, 0),
    (1, 1),
    (1, -1),
    (-1, 1),
    (-1, -1),
];
pub const KNIGHT: [Sq; 8] = [
    (1, 2),
    (2, 1),
    (2, -1),
    (1, -2),
    (-1, -2),
    (-2, -1),
    (-2, 1),
    (-1, 2),
];

pub fn on(f: i32, r: i32) -> bool {
    (0..8).contains(&f) && (0..8).contains(&r)
}

pub fn name((f, r): Sq) -> String {
    format!("{}{}", (b'a' + f as u8) as char, r + 1)
}

pub fn parse_sq(s: &str) -> Sq {
    let b = s.as_bytes();
    ((b[0] - b'a') as i32, (b[1] - b'1') as i32)
}

pub fn is_white(c: char) -> bool {
    c.is_ascii_uppercase()
}

/// The board of a FEN's placement field.
pub fn parse_placement(text: &str) -> Board {
    let mut b = [['.'; 8]; 8];
    for (i, row) in text.split('/').enumerate() {
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
    b
}

/// A FEN's placement field of the board.
pub fn placement_text(b: &Board) -> String {
    let mut s = String::new();
    for r in (0..8).rev() {
        let mut empty = 0;
        for &c in &b[r] {
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
    s
}

/// The castling rights (White king side, White queen side, Black king side, Black queen side)
/// of a FEN's castling field.
pub fn parse_rights(c: &str) -> [bool; 4] {
    [
        c.contains('K'),
        c.contains('Q'),
        c.contains('k'),
        c.contains('q'),
    ]
}

/// The rights left once a move or step starts or ends on `sq`.
pub fn touch_rights(rights: &mut [bool; 4], sq: Sq) {
    match sq {
        (4, 0) => {
            rights[0] = false;
            rights[1] = false;
        }
        (7, 0) => rights[0] = false,
        (0, 0) => rights[1] = false,
        (4, 7) => {
            rights[2] = false;
            rights[3] = false;
        }
        (7, 7) => rights[2] = false,
        (0, 7) => rights[3] = false,
        _ => {}
    }
}

/// The accessors of [`StepRef`] for a position whose fields are the board `b`, the castling
/// `rights` and the en-passant square `ep`, written inside its `impl StepRef`.
macro_rules! chess_fields {
    () => {
        fn board(&self) -> &mailbox::Board {
            &self.b
        }

        fn board_mut(&mut self) -> &mut mailbox::Board {
            &mut self.b
        }

        fn rights_mut(&mut self) -> &mut [bool; 4] {
            &mut self.rights
        }

        fn set_ep(&mut self, ep: Option<mailbox::Sq>) {
            self.ep = ep;
        }
    };
}
pub(crate) use chess_fields;

/// A reference position of a stepping game: a chess board with checkers under pieces, whose
/// turn is a regular move and then king steps while the moved piece may take them.
pub trait StepRef: Clone {
    fn board(&self) -> &Board;
    fn board_mut(&mut self) -> &mut Board;
    fn rights_mut(&mut self) -> &mut [bool; 4];
    fn set_ep(&mut self, ep: Option<Sq>);
    /// The checkers under `s`, signed where the game colours them.
    fn count(&self, s: Sq) -> i32;
    fn set_count(&mut self, s: Sq, n: i32);
    /// Whether the piece on `s` may take a king step.
    fn can_step(&self, s: Sq) -> bool;
    /// Spends one step of the piece on `s`.
    fn spend(&mut self, s: Sq);
    /// Pseudo-legal regular destinations of the piece on `s` (no castling): the destination
    /// and the captured square, if any.
    fn destinations(&self, s: Sq, white: bool, ep: Option<Sq>) -> Vec<(Sq, Option<Sq>)>;
    /// Moves the piece on `from` to `to` with its checkers, the piece on `captured` (if any)
    /// removed and its checkers taken over; keeps the castling rights.
    fn shift(&mut self, from: Sq, to: Sq, captured: Option<Sq>);
    /// Whether `white`'s king stands attacked by an enemy regular move.
    fn ordinary_check(&self, white: bool) -> bool;

    /// Whether checkers lie under the piece on `s`.
    fn stacked(&self, s: Sq) -> bool {
        self.count(s) != 0
    }

    /// The board part of `shift`: the piece and its checkers move, the captured piece's
    /// checkers join them (signed counts add up: opposite colours cancel), and the castling
    /// rights of the squares touched end.
    fn move_with_checkers(&mut self, from: Sq, to: Sq, captured: Option<Sq>) {
        let mut n = self.count(from);
        if let Some(c) = captured {
            n += self.count(c);
            self.set(c, '.');
            self.set_count(c, 0);
        }
        let p = self.at(from);
        self.set(from, '.');
        self.set_count(from, 0);
        self.set(to, p);
        self.set_count(to, n);
        for sq in [from, to] {
            touch_rights(self.rights_mut(), sq);
        }
    }

    fn at(&self, (f, r): Sq) -> char {
        self.board()[r as usize][f as usize]
    }

    fn set(&mut self, (f, r): Sq, c: char) {
        self.board_mut()[r as usize][f as usize] = c;
    }

    fn mine(&self, sq: Sq, white: bool) -> bool {
        let c = self.at(sq);
        c != '.' && is_white(c) == white
    }

    fn theirs(&self, sq: Sq, white: bool) -> bool {
        let c = self.at(sq);
        c != '.' && is_white(c) != white
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

    /// Destinations of a piece of `kind` on `s`; a `hobbled` one moves as a pawn without
    /// double step or en passant.
    fn moves_as(
        &self,
        s: Sq,
        kind: char,
        white: bool,
        ep: Option<Sq>,
        hobbled: bool,
    ) -> Vec<(Sq, Option<Sq>)> {
        let mut out = Vec::new();
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

    /// Brute force: can `attacker`'s next turn capture the defender's king? Every pseudo-legal
    /// regular move (pins ignored, castling captures nothing), then every step sequence.
    fn turn_captures_king(&self, attacker_white: bool, ep: Option<Sq>) -> bool {
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

    /// Every sequence of steps of the piece on `at` (while it may step): does one land on
    /// `king`?
    fn steps_capture(&self, at: Sq, white: bool, king: Sq) -> bool {
        if !self.can_step(at) {
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

    /// The regular moves of `white` (castling apart) that leave its king out of ordinary
    /// check: the text, the position after (the en-passant square set by a double step), the
    /// landing square and whether it captured. `pawn(s)`: the piece on `s` is a pawn that
    /// moves as one (promotes, double steps).
    fn regular_moves(
        &self,
        white: bool,
        ep: Option<Sq>,
        pawn: impl Fn(&Self, Sq) -> bool,
    ) -> Vec<(String, Self, Sq, bool)> {
        let mut out = Vec::new();
        for s in self.squares(white) {
            for (t, c) in self.destinations(s, white, ep) {
                if c.is_some_and(|c| self.at(c).eq_ignore_ascii_case(&'k')) {
                    continue;
                }
                let pawn = pawn(self, s);
                let last = if white { 7 } else { 0 };
                let promos: &[char] = if pawn && t.1 == last {
                    &['q', 'r', 'b', 'n']
                } else {
                    &[' ']
                };
                for &pr in promos {
                    let mut p = self.clone();
                    p.set_ep(None);
                    p.shift(s, t, c);
                    if pr != ' ' {
                        p.set(t, if white { pr.to_ascii_uppercase() } else { pr });
                    }
                    if p.ordinary_check(white) {
                        continue;
                    }
                    if pawn && (t.1 - s.1).abs() == 2 {
                        p.set_ep(Some((s.0, (s.1 + t.1) / 2)));
                    }
                    let mut tok = format!("{}{}", name(s), name(t));
                    if pr != ' ' {
                        tok.push(pr);
                    }
                    out.push((tok, p, t, c.is_some()));
                }
            }
        }
        out
    }

    /// The king steps of `white`'s piece on `at` (onto an empty square or an enemy piece other
    /// than the king), each spending a step: the text, the position after, the landing square
    /// and whether it captured. A pawn reaching its last rank promotes.
    fn steps(&self, at: Sq, white: bool) -> Vec<(String, Self, Sq, bool)> {
        let mut out = Vec::new();
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
                p.set_ep(None);
                p.spend(at);
                let cap = p.theirs(t, white).then_some(t);
                p.shift(at, t, cap);
                let mut tok = format!("{}{}", name(at), name(t));
                if pr != ' ' {
                    p.set(t, if white { pr.to_ascii_uppercase() } else { pr });
                    tok.push(pr);
                }
                out.push((tok, p, t, cap.is_some()));
            }
        }
        out
    }

    /// The castlings of `white` with `rights` held: the text and the position after. Barred
    /// while in check (`in_check`), with checkers under the king or the rook, or through a
    /// square the opponent's next turn reaches.
    fn castlings(&self, white: bool, rights: [bool; 4], in_check: bool) -> Vec<(String, Self)> {
        let mut out = Vec::new();
        let (home, own) = if white {
            ((4, 0), [0, 1])
        } else {
            ((4, 7), [2, 3])
        };
        let king = if white { 'K' } else { 'k' };
        let rook = if white { 'R' } else { 'r' };
        for (i, right) in own.into_iter().enumerate() {
            if !rights[right] || self.at(home) != king || in_check {
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
                || self.stacked(home)
                || self.stacked(rook_sq)
                || between.iter().any(|&f| self.at((f, r)) != '.')
            {
                continue;
            }
            let mut phantom = self.clone();
            phantom.set(home, '.');
            phantom.set(crossed, king);
            if phantom.turn_captures_king(!white, None) {
                continue;
            }
            let mut p = self.clone();
            p.set_ep(None);
            p.set(home, '.');
            p.set(rook_sq, '.');
            p.set(king_to, king);
            p.set(rook_to, rook);
            let rights = p.rights_mut();
            rights[own[0]] = false;
            rights[own[1]] = false;
            out.push((format!("{}{}", name(home), name(king_to)), p));
        }
        out
    }
}

/// The whole turns of a reference position, and the counts made from them.
pub trait Turns: Sized {
    fn whole_turns(&self) -> Vec<Turn<Self>>;

    /// The legal turns as comma-joined strings.
    fn turn_set(&self) -> BTreeSet<String> {
        self.whole_turns()
            .into_iter()
            .map(|(t, _)| t.join(","))
            .collect()
    }

    /// Complete turns over `depth` turns.
    fn perft_turns(&self, depth: u32) -> u64 {
        if depth == 0 {
            return 1;
        }
        let turns = self.whole_turns();
        if depth == 1 {
            return turns.len() as u64;
        }
        turns.iter().map(|(_, p)| p.perft_turns(depth - 1)).sum()
    }

    /// Action sequences of length `depth` (plies), counted from the turns.
    fn perft_actions(&self, depth: u32) -> u64 {
        if depth == 0 {
            return 1;
        }
        let turns = self.whole_turns();
        let refs: Vec<&Turn<Self>> = turns.iter().collect();
        count_sequences(&refs, 0, depth)
    }
}

/// Distinct action sequences of length `depth` among turns sharing their first `offset`
/// actions; a turn that ends inside the sequence continues in the position after it.
fn count_sequences<P: Turns>(turns: &[&Turn<P>], offset: usize, depth: u32) -> u64 {
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
        let group: Vec<&Turn<P>> = turns
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
        let longer: Vec<&Turn<P>> = group
            .into_iter()
            .filter(|(t, _)| t.len() > offset + 1)
            .collect();
        if !longer.is_empty() {
            n += count_sequences(&longer, offset + 1, depth - 1);
        }
    }
    n
}
