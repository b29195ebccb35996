//! An independent, slow and obvious TCHES move generator for the tests: a char-array board and
//! explicit per-piece rules, written without the engine's tables. Actions are strings in the
//! engine's notation, so the two generators are compared by text.

use std::collections::BTreeSet;

type Sq = (i32, i32);

#[derive(Clone, Debug)]
pub struct RefPos {
    /// `b[rank][file]`, rank 0 = rank 1; '.' empty; upper case White.
    pub b: [[char; 8]; 8],
    pub white: bool,
    pub used: Vec<Sq>,
    /// Upper-case letter of the type each side moved last ('-' none): [white, black].
    pub last: [char; 2],
    pub strike: bool,
    pub promos: Vec<char>,
}

fn on(f: i32, r: i32) -> bool {
    (0..8).contains(&f) && (0..8).contains(&r)
}

fn name(f: i32, r: i32) -> String {
    format!("{}{}", (b'a' + f as u8) as char, r + 1)
}

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

impl RefPos {
    /// `promos`: upper-case letters of the promotion choices.
    pub fn parse(fen: &str, strike: bool, promos: &str) -> RefPos {
        let fields: Vec<&str> = fen.split_whitespace().collect();
        let mut b = [['.'; 8]; 8];
        for (i, row) in fields[0].split('/').enumerate() {
            let r = 7 - i;
            let mut f = 0;
            for ch in row.chars() {
                if let Some(d) = ch.to_digit(10) {
                    f += d as usize;
                } else {
                    b[r][f] = ch;
                    f += 1;
                }
            }
        }
        let mut used = Vec::new();
        if let Some(u) = fields.get(2).filter(|u| **u != "-") {
            for c in u.split(',') {
                used.push(cell(c));
            }
        }
        let mut last = ['-', '-'];
        if let Some(l) = fields.get(3) {
            let ch: Vec<char> = l.chars().collect();
            last = [ch[0].to_ascii_uppercase(), ch[1].to_ascii_uppercase()];
        }
        RefPos {
            b,
            white: fields[1] == "w",
            used,
            last,
            strike,
            promos: promos.chars().collect(),
        }
    }

    fn get(&self, f: i32, r: i32) -> char {
        self.b[r as usize][f as usize]
    }

    fn owned_by(&self, f: i32, r: i32, white: bool) -> bool {
        on(f, r) && self.get(f, r) != '.' && self.get(f, r).is_ascii_uppercase() == white
    }

    fn king_of(&self, white: bool) -> Option<Sq> {
        let k = if white { 'K' } else { 'k' };
        (0..64)
            .map(|i| (i % 8, i / 8))
            .find(|&(f, r)| self.get(f, r) == k)
    }

    /// Actions of the piece on (f, r), owned by `white`, king safety aside.
    fn piece_actions(&self, f: i32, r: i32, white: bool, out: &mut BTreeSet<String>) {
        let ch = self.get(f, r);
        let mut t = ch.to_ascii_uppercase();
        if t == 'J' {
            // A Jester moves as the type the opponent moved last.
            t = self.last[if white { 1 } else { 0 }];
            if t == '-' {
                return;
            }
        }
        let fwd = if white { 1 } else { -1 };
        let empty = |x: i32, y: i32| on(x, y) && self.get(x, y) == '.';
        let enemy = |x: i32, y: i32| self.owned_by(x, y, !white);
        let mut ends: Vec<Sq> = Vec::new();
        let mut twos: Vec<(Sq, Sq)> = Vec::new();

        let slide = |dirs: &[Sq], mv: bool, cap: bool, ends: &mut Vec<Sq>| {
            for &(df, dr) in dirs {
                let (mut x, mut y) = (f + df, r + dr);
                while on(x, y) {
                    if self.get(x, y) == '.' {
                        if mv {
                            ends.push((x, y));
                        }
                    } else {
                        if cap && enemy(x, y) {
                            ends.push((x, y));
                        }
                        break;
                    }
                    x += df;
                    y += dr;
                }
            }
        };
        let leap = |offs: &[Sq], mv: bool, cap: bool, ends: &mut Vec<Sq>| {
            for &(df, dr) in offs {
                let (x, y) = (f + df, r + dr);
                if (mv && empty(x, y)) || (cap && enemy(x, y)) {
                    ends.push((x, y));
                }
            }
        };
        let slide_lands = |dirs: &[Sq]| {
            let mut v = Vec::new();
            slide(dirs, true, false, &mut v);
            v
        };
        let leap_lands = |offs: &[Sq]| {
            let mut v = Vec::new();
            leap(offs, true, false, &mut v);
            v
        };
        // Move to a landing, then optionally capture one step by `caps` from it.
        let then = |lands: Vec<Sq>, caps: &[Sq], ends: &mut Vec<Sq>, twos: &mut Vec<(Sq, Sq)>| {
            for (lx, ly) in lands {
                ends.push((lx, ly));
                for &(df, dr) in caps {
                    if enemy(lx + df, ly + dr) {
                        twos.push(((lx, ly), (lx + df, ly + dr)));
                    }
                }
            }
        };
        // A corner path walked cell by cell; the whole path must be on the board.
        let walk = |cells: [Sq; 3], ends: &mut Vec<Sq>| {
            if !cells.iter().all(|&(x, y)| on(x, y)) {
                return;
            }
            for (x, y) in cells {
                if self.get(x, y) != '.' {
                    if enemy(x, y) {
                        ends.push((x, y));
                    }
                    return;
                }
            }
            ends.push(cells[2]);
        };
        let corners = |long_first: bool, short_first: bool, ends: &mut Vec<Sq>| {
            for (dx, dy) in ORTH {
                for s in [1, -1] {
                    let (sx, sy) = (dy * s, dx * s);
                    if long_first {
                        walk(
                            [
                                (f + dx, r + dy),
                                (f + 2 * dx, r + 2 * dy),
                                (f + 2 * dx + sx, r + 2 * dy + sy),
                            ],
                            ends,
                        );
                    }
                    if short_first {
                        walk(
                            [
                                (f + dx, r + dy),
                                (f + dx + sx, r + dy + sy),
                                (f + dx + 2 * sx, r + dy + 2 * sy),
                            ],
                            ends,
                        );
                    }
                }
            }
        };
        match t {
            'P' => {
                leap(&[(0, fwd)], true, false, &mut ends);
                leap(&[(1, fwd), (-1, fwd)], false, true, &mut ends);
            }
            'N' => leap(&KNIGHT, true, true, &mut ends),
            'B' => slide(&DIAG, true, true, &mut ends),
            'R' => slide(&ORTH, true, true, &mut ends),
            'Q' => slide(&ALL8, true, true, &mut ends),
            'K' => leap(&ALL8, true, true, &mut ends),
            'G' => then(slide_lands(&ORTH), &DIAG, &mut ends, &mut twos),
            'F' => then(leap_lands(&KNIGHT), &DIAG, &mut ends, &mut twos),
            'D' => then(slide_lands(&DIAG), &ORTH, &mut ends, &mut twos),
            'C' => then(leap_lands(&KNIGHT), &ORTH, &mut ends, &mut twos),
            'L' => then(leap_lands(&ALL8), &ALL8, &mut ends, &mut twos),
            'M' => {
                then(slide_lands(&ORTH), &DIAG, &mut ends, &mut twos);
                then(slide_lands(&DIAG), &ORTH, &mut ends, &mut twos);
            }
            'T' => {
                slide(&DIAG, true, false, &mut ends);
                slide(&ORTH, false, true, &mut ends);
            }
            'X' => {
                slide(&ORTH, true, false, &mut ends);
                slide(&DIAG, false, true, &mut ends);
            }
            'W' => corners(true, false, &mut ends),
            'A' => corners(true, true, &mut ends),
            'E' => then(leap_lands(&KNIGHT), &ALL8, &mut ends, &mut twos),
            'Y' => leap(&[(0, 2), (0, -2), (2, 0), (-2, 0)], true, true, &mut ends),
            'H' => leap(&[(2, 2), (2, -2), (-2, 2), (-2, -2)], true, true, &mut ends),
            'O' => {
                leap(&KNIGHT, true, false, &mut ends);
                slide(&DIAG, false, true, &mut ends);
            }
            'U' => {
                leap(&KNIGHT, true, false, &mut ends);
                slide(&ORTH, false, true, &mut ends);
            }
            'V' => {
                leap(&[(0, fwd), (1, 0), (-1, 0)], true, false, &mut ends);
                leap(&[(0, fwd)], false, true, &mut ends);
            }
            'S' => {
                leap(&[(1, fwd), (-1, fwd)], true, false, &mut ends);
                leap(&[(0, fwd), (1, 0), (-1, 0)], false, true, &mut ends);
            }
            'Z' => leap(&[(1, fwd), (-1, fwd)], true, true, &mut ends),
            'I' => {
                leap(&[(0, fwd)], true, false, &mut ends);
                if empty(f, r + fwd) && enemy(f, r + 2 * fwd) {
                    ends.push((f, r + 2 * fwd));
                }
            }
            other => panic!("reference: unknown type {other}"),
        }
        let pawn = "PVSZI".contains(ch.to_ascii_uppercase());
        let last_rank = if white { 7 } else { 0 };
        let from = name(f, r);
        for (x, y) in ends {
            if pawn && y == last_rank {
                for p in &self.promos {
                    out.insert(format!("{from}{}{}", name(x, y), p.to_ascii_lowercase()));
                }
            } else {
                out.insert(format!("{from}{}", name(x, y)));
            }
        }
        for ((lx, ly), (x, y)) in twos {
            out.insert(format!("{from}{}x{}", name(lx, ly), name(x, y)));
        }
    }

    fn pseudo(&self) -> BTreeSet<String> {
        let mut out = BTreeSet::new();
        for r in 0..8 {
            for f in 0..8 {
                if self.owned_by(f, r, self.white) && !self.used.contains(&(f, r)) {
                    self.piece_actions(f, r, self.white, &mut out);
                }
            }
        }
        out
    }

    fn attacked(&self, king_white: bool) -> bool {
        let Some((kf, kr)) = self.king_of(king_white) else {
            return false;
        };
        let target = name(kf, kr);
        let mut out = BTreeSet::new();
        for r in 0..8 {
            for f in 0..8 {
                if self.owned_by(f, r, !king_white) {
                    self.piece_actions(f, r, !king_white, &mut out);
                }
            }
        }
        out.iter().any(|a| dest(a) == target)
    }

    fn captures_king(&self, a: &str) -> bool {
        let (x, y) = cell(&dest(a));
        self.get(x, y) == if self.white { 'k' } else { 'K' }
    }

    pub fn game_over(&self) -> bool {
        self.king_of(true).is_none() || self.king_of(false).is_none()
    }

    pub fn after(&self, a: &str) -> RefPos {
        let mut p = self.clone();
        let (ff, fr) = cell(&a[0..2]);
        let (tf, tr) = cell(&dest(a));
        let ch = p.get(ff, fr);
        let me = if p.white { 0 } else { 1 };
        let moved_type = if ch.eq_ignore_ascii_case(&'J') {
            p.last[1 - me]
        } else {
            ch.to_ascii_uppercase()
        };
        let king_taken = p.captures_king(a);
        p.b[fr as usize][ff as usize] = '.';
        let mut placed = ch;
        if !a.contains('x') && a.len() == 5 {
            let promo = a.chars().last().unwrap();
            placed = if p.white {
                promo.to_ascii_uppercase()
            } else {
                promo
            };
        }
        p.b[tr as usize][tf as usize] = placed;
        p.last[me] = moved_type;
        if king_taken {
            return p;
        }
        p.used.push((tf, tr));
        if !p.strike || p.used.len() == 3 || p.pseudo().is_empty() {
            p.used.clear();
            p.white = !p.white;
        }
        p
    }

    fn can_finish(&self, me_white: bool) -> bool {
        if self.white != me_white {
            return !self.attacked(me_white);
        }
        self.pseudo()
            .iter()
            .any(|b| self.captures_king(b) || self.after(b).can_finish(me_white))
    }

    pub fn legal(&self) -> BTreeSet<String> {
        if self.game_over() {
            return BTreeSet::new();
        }
        self.pseudo()
            .into_iter()
            .filter(|a| self.captures_king(a) || self.after(a).can_finish(self.white))
            .collect()
    }

    pub fn perft(&self, depth: u32) -> u64 {
        if depth == 0 {
            return 1;
        }
        let moves = self.legal();
        if depth == 1 {
            return moves.len() as u64;
        }
        moves.iter().map(|a| self.after(a).perft(depth - 1)).sum()
    }
}

/// The cell an action ends on (the capture cell of a two-part action).
fn dest(a: &str) -> String {
    match a.find('x') {
        Some(i) => a[i + 1..i + 3].to_string(),
        None => a[2..4].to_string(),
    }
}

fn cell(s: &str) -> Sq {
    let b = s.as_bytes();
    ((b[0] - b'a') as i32, (b[1] - b'1') as i32)
}
