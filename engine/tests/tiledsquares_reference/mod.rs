//! A slow, obvious Tiled Squares Chess move generator, written separately from the engine
//! and sharing nothing with it: a mailbox board, the floor of each cell (hole, tile with its
//! owner, anti-tile), pieces walked step by step, every candidate action played on a copy and
//! kept only if no enemy piece could then capture the mover's king (checked by walking every
//! enemy piece's lines). Actions are compared as text.

#![allow(dead_code)]

use std::collections::BTreeSet;

use crate::mailbox::{on, ALL8, DIAG, KNIGHT, ORTH};

#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Floor {
    Hole,
    Anti,
    /// A tile and whether White owns it.
    Tile(bool),
}

#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Piece {
    pub white: bool,
    /// Lower-case letter: p n b r q k.
    pub kind: char,
}

#[derive(Clone, Debug)]
pub struct RefPos {
    pub board: [Option<Piece>; 64],
    pub floor: [Floor; 64],
    pub white_to_move: bool,
    /// K Q k q.
    pub castle: [bool; 4],
    /// The cell a pawn passed over on the last action, if it was a double step.
    pub ep: Option<usize>,
    pub anti_rules: bool,
}

fn at(file: i32, rank: i32) -> Option<usize> {
    on(file, rank).then(|| (rank * 8 + file) as usize)
}

fn fr(s: usize) -> (i32, i32) {
    ((s % 8) as i32, (s / 8) as i32)
}

pub fn name(s: usize) -> String {
    crate::mailbox::name(((s % 8) as i32, (s / 8) as i32))
}

fn parse_name(t: &str) -> usize {
    let b = t.as_bytes();
    ((b[1] - b'1') * 8 + (b[0] - b'a')) as usize
}

fn directions(kind: char) -> &'static [(i32, i32)] {
    match kind {
        'b' => &DIAG,
        'r' => &ORTH,
        _ => &ALL8, // the queen's eight lines
    }
}

impl RefPos {
    pub fn parse(fen: &str, anti_rules: bool) -> RefPos {
        let f: Vec<&str> = fen.split_whitespace().collect();
        let mut board = [None; 64];
        let mut floor = [Floor::Hole; 64];
        for (i, row) in f[0].split('/').enumerate() {
            let rank = 7 - i;
            let mut file = 0;
            for c in row.chars() {
                if let Some(d) = c.to_digit(10) {
                    file += d as usize;
                    continue;
                }
                let s = rank * 8 + file;
                match c {
                    '$' => floor[s] = Floor::Tile(true),
                    '%' => floor[s] = Floor::Tile(false),
                    '*' => floor[s] = Floor::Anti,
                    _ => {
                        let white = c.is_ascii_uppercase();
                        board[s] = Some(Piece {
                            white,
                            kind: c.to_ascii_lowercase(),
                        });
                        floor[s] = Floor::Tile(white);
                    }
                }
                file += 1;
            }
        }
        let castle = [
            f[2].contains('K'),
            f[2].contains('Q'),
            f[2].contains('k'),
            f[2].contains('q'),
        ];
        let ep = (f[3] != "-").then(|| parse_name(f[3]));
        RefPos {
            board,
            floor,
            white_to_move: f[1] == "w",
            castle,
            ep,
            anti_rules,
        }
    }

    /// The board field of the FEN.
    pub fn board_field(&self) -> String {
        let mut out = String::new();
        for rank in (0..8).rev() {
            let mut holes = 0;
            for file in 0..8 {
                let s = rank * 8 + file;
                let c = match (self.board[s], self.floor[s]) {
                    (Some(p), _) => Some(if p.white {
                        p.kind.to_ascii_uppercase()
                    } else {
                        p.kind
                    }),
                    (None, Floor::Anti) => Some('*'),
                    (None, Floor::Tile(true)) => Some('$'),
                    (None, Floor::Tile(false)) => Some('%'),
                    (None, Floor::Hole) => None,
                };
                match c {
                    None => holes += 1,
                    Some(c) => {
                        if holes > 0 {
                            out.push_str(&holes.to_string());
                            holes = 0;
                        }
                        out.push(c);
                    }
                }
            }
            if holes > 0 {
                out.push_str(&holes.to_string());
            }
            if rank > 0 {
                out.push('/');
            }
        }
        out
    }

    fn king(&self, white: bool) -> usize {
        (0..64)
            .find(|&s| self.board[s] == Some(Piece { white, kind: 'k' }))
            .expect("a king")
    }

    /// Whether a piece of colour `by_white` could capture on `target` (whatever stands
    /// there, tiled or not): each of its pieces is walked along its own lines.
    pub fn attacked(&self, target: usize, by_white: bool) -> bool {
        let (tf, tr) = fr(target);
        for s in 0..64 {
            let Some(p) = self.board[s] else { continue };
            if p.white != by_white {
                continue;
            }
            let (f, r) = fr(s);
            let hit = match p.kind {
                'p' => {
                    let dir = if p.white { 1 } else { -1 };
                    tr == r + dir && (tf - f).abs() == 1
                }
                'n' => KNIGHT.iter().any(|&(df, dr)| (f + df, r + dr) == (tf, tr)),
                'k' => ALL8.iter().any(|&(df, dr)| (f + df, r + dr) == (tf, tr)),
                kind => directions(kind).iter().any(|&(df, dr)| {
                    let (mut x, mut y) = (f + df, r + dr);
                    while let Some(c) = at(x, y) {
                        if c == target {
                            return true;
                        }
                        if self.board[c].is_some() || self.floor[c] == Floor::Anti {
                            return false;
                        }
                        x += df;
                        y += dr;
                    }
                    false
                }),
            };
            if hit {
                return true;
            }
        }
        false
    }

    fn in_check(&self, white: bool) -> bool {
        self.attacked(self.king(white), !white)
    }

    /// Candidate actions before the king-safety test.
    fn candidates(&self) -> Vec<String> {
        let us = self.white_to_move;
        let mut out = Vec::new();
        let lands = |c: usize| match self.board[c] {
            Some(p) => p.white != us,
            None => matches!(self.floor[c], Floor::Tile(_)),
        };
        for s in 0..64 {
            let Some(p) = self.board[s] else { continue };
            if p.white != us {
                continue;
            }
            let (f, r) = fr(s);
            match p.kind {
                'n' => {
                    for &(df, dr) in &KNIGHT {
                        if let Some(c) = at(f + df, r + dr) {
                            if lands(c) {
                                out.push(format!("{}{}", name(s), name(c)));
                            }
                        }
                    }
                }
                'k' => {
                    for &(df, dr) in &ALL8 {
                        if let Some(c) = at(f + df, r + dr) {
                            if self.board[c].is_none_or(|q| q.white != us) {
                                out.push(format!("{}{}", name(s), name(c)));
                            }
                        }
                    }
                }
                'p' => self.pawn_candidates(s, &mut out),
                kind => {
                    for &(df, dr) in directions(kind) {
                        let (mut x, mut y) = (f + df, r + dr);
                        while let Some(c) = at(x, y) {
                            if self.board[c].is_some() {
                                if lands(c) {
                                    out.push(format!("{}{}", name(s), name(c)));
                                }
                                break;
                            }
                            if self.floor[c] == Floor::Anti {
                                break;
                            }
                            if lands(c) {
                                out.push(format!("{}{}", name(s), name(c)));
                            }
                            x += df;
                            y += dr;
                        }
                    }
                }
            }
        }
        self.castling_candidates(&mut out);
        for c in 0..64 {
            match self.floor[c] {
                Floor::Hole => {
                    out.push(format!("{}-{}", if us { '$' } else { '%' }, name(c)));
                    if self.anti_rules {
                        out.push(format!("*-{}", name(c)));
                    }
                }
                Floor::Tile(owner) if owner == us && self.board[c].is_none() => {
                    out.push(format!("-{}", name(c)));
                }
                _ => {}
            }
        }
        out
    }

    fn pawn_candidates(&self, s: usize, out: &mut Vec<String>) {
        let us = self.white_to_move;
        let (f, r) = fr(s);
        let dir = if us { 1 } else { -1 };
        let last = if us { 7 } else { 0 };
        let mut add = |to: usize| {
            if to / 8 == last {
                for p in ['q', 'r', 'b', 'n'] {
                    out.push(format!("{}{}{p}", name(s), name(to)));
                }
            } else {
                out.push(format!("{}{}", name(s), name(to)));
            }
        };
        let empty_tile =
            |c: usize| self.board[c].is_none() && matches!(self.floor[c], Floor::Tile(_));
        if let Some(one) = at(f, r + dir) {
            if empty_tile(one) {
                add(one);
            }
            let start = if us { 1 } else { 6 };
            if r == start && self.board[one].is_none() && self.floor[one] != Floor::Anti {
                if let Some(two) = at(f, r + 2 * dir) {
                    if empty_tile(two) {
                        add(two);
                    }
                }
            }
        }
        for df in [-1, 1] {
            if let Some(c) = at(f + df, r + dir) {
                let capture = self.board[c].is_some_and(|p| p.white != us);
                // En passant: the capturing pawn lands on the crossed cell, so it needs a tile.
                let en_passant = self.ep == Some(c) && matches!(self.floor[c], Floor::Tile(_));
                if capture || en_passant {
                    add(c);
                }
            }
        }
    }

    fn castling_candidates(&self, out: &mut Vec<String>) {
        let us = self.white_to_move;
        let base = if us { 0 } else { 56 };
        let king = base + 4;
        if self.board[king]
            != Some(Piece {
                white: us,
                kind: 'k',
            })
            || self.in_check(us)
        {
            return;
        }
        // (right, rook, cells between, rook lands, king passes and lands)
        type Wing = (usize, usize, Vec<usize>, usize, [usize; 2]);
        let wings: [Wing; 2] = [
            (
                0,
                base + 7,
                vec![base + 5, base + 6],
                base + 5,
                [base + 5, base + 6],
            ),
            (
                1,
                base,
                vec![base + 1, base + 2, base + 3],
                base + 3,
                [base + 3, base + 2],
            ),
        ];
        for (right, rook, between, rook_to, path) in wings {
            let right = if us { right } else { right + 2 };
            if !self.castle[right]
                || self.board[rook]
                    != Some(Piece {
                        white: us,
                        kind: 'r',
                    })
            {
                continue;
            }
            if between
                .iter()
                .any(|&c| self.board[c].is_some() || self.floor[c] == Floor::Anti)
            {
                continue;
            }
            if !matches!(self.floor[rook_to], Floor::Tile(_)) {
                continue;
            }
            // Walk the king across, one cell at a time, testing each.
            let safe = path.iter().all(|&c| {
                let mut step = self.clone();
                step.board[king] = None;
                step.board[c] = Some(Piece {
                    white: us,
                    kind: 'k',
                });
                !step.attacked(c, !us)
            });
            if safe {
                out.push(format!("{}{}", name(king), name(path[1])));
            }
        }
    }

    /// The position after an action given as text (assumed legal).
    pub fn after(&self, action: &str) -> RefPos {
        let mut n = self.clone();
        let us = self.white_to_move;
        n.white_to_move = !us;
        n.ep = None;
        if let Some((head, cell)) = action.split_once('-') {
            let c = parse_name(cell);
            n.floor[c] = match head {
                "$" | "%" => Floor::Tile(us),
                "*" => Floor::Anti,
                _ => Floor::Hole,
            };
            return n;
        }
        let from = parse_name(&action[0..2]);
        let to = parse_name(&action[2..4]);
        let p = self.board[from].expect("a piece to move");
        let (ff, fr_) = fr(from);
        let (tf, tr) = fr(to);
        if p.kind == 'k' && (tf - ff).abs() == 2 {
            let (rook, rook_to) = if tf > ff {
                (from + 3, from + 1)
            } else {
                (from - 4, from - 1)
            };
            n.board[rook] = None;
            n.board[rook_to] = Some(Piece {
                white: us,
                kind: 'r',
            });
            n.floor[rook_to] = Floor::Tile(us);
        }
        if p.kind == 'p' && tf != ff && self.board[to].is_none() {
            // En passant: the pawn taken stands beside the mover; its cell stays a tile.
            n.board[(fr_ * 8 + tf) as usize] = None;
        }
        n.board[from] = None;
        let kind = if action.len() == 5 {
            action.as_bytes()[4] as char
        } else {
            p.kind
        };
        n.board[to] = Some(Piece { white: us, kind });
        n.floor[to] = Floor::Tile(us);
        if p.kind == 'p' && (tr - fr_).abs() == 2 {
            n.ep = Some(((fr_ + tr) / 2 * 8 + ff) as usize);
        }
        let base = if us { 0 } else { 56 };
        let theirs = if us { 56 } else { 0 };
        let (ks, qs) = if us { (0, 1) } else { (2, 3) };
        if p.kind == 'k' {
            n.castle[ks] = false;
            n.castle[qs] = false;
        }
        for c in [from, to] {
            if c == base + 7 {
                n.castle[ks] = false;
            }
            if c == base {
                n.castle[qs] = false;
            }
            if c == theirs + 7 {
                n.castle[ks ^ 2] = false;
            }
            if c == theirs {
                n.castle[qs ^ 2] = false;
            }
        }
        n
    }

    /// Every legal action, as text.
    pub fn legal(&self) -> BTreeSet<String> {
        let us = self.white_to_move;
        self.candidates()
            .into_iter()
            .filter(|a| !self.after(a).in_check(us))
            .collect()
    }

    pub fn perft(&self, depth: u32) -> u64 {
        if depth == 0 {
            return 1;
        }
        let legal = self.legal();
        if depth == 1 {
            return legal.len() as u64;
        }
        legal.iter().map(|a| self.after(a).perft(depth - 1)).sum()
    }

    /// Perft per first action.
    pub fn divide(&self, depth: u32) -> Vec<(String, u64)> {
        self.legal()
            .into_iter()
            .map(|a| {
                let n = self.after(&a).perft(depth - 1);
                (a, n)
            })
            .collect()
    }
}
