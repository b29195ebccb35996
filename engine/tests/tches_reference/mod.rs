//! An independent, slow and obvious TCHES move generator for the tests: char arrays for the
//! board and the carried pieces, absolute compass facings, explicit per-piece rules, and the
//! Layer 3 modifications written from the rule text, without the engine's tables. Actions
//! are strings in the engine's notation, so the two generators are compared by text.

#![allow(dead_code)]

use std::collections::BTreeSet;

#[path = "../mailbox/mod.rs"]
mod mailbox;

use mailbox::{on, Sq, ALL8, DIAG, KNIGHT, ORTH};

/// The rule choices, read from the same option names the engine takes.
#[derive(Clone, Debug)]
pub struct Opts {
    pub strike: bool,
    pub escort: bool,
    /// Capture the King (or the Flag).
    pub ctk: bool,
    /// Capture the Flag: the king never moves.
    pub flag: bool,
    pub replacement: bool,
    /// Replacement chosen at once (else at the start of the owner's turn).
    pub now: bool,
    /// Upper-case letter of the target type.
    pub target: char,
    pub transport: bool,
    pub polarity: bool,
    /// Polarity: choose a facing after a diagonal or knight movement (else keep it).
    pub choose: bool,
    pub rotate: bool,
}

impl Opts {
    pub fn plain(strike: bool) -> Opts {
        Opts {
            strike,
            escort: false,
            ctk: false,
            flag: false,
            replacement: false,
            now: true,
            target: 'K',
            transport: false,
            polarity: false,
            choose: true,
            rotate: false,
        }
    }

    /// From `name=value` pairs as the engine's options take them (`Strike` defaults to on).
    pub fn from_pairs(pairs: &[(&str, &str)]) -> Opts {
        let mut o = Opts::plain(true);
        for &(k, v) in pairs {
            let on = v.eq_ignore_ascii_case("true");
            match k {
                "Strike" => o.strike = on,
                "EscortTheKing" => o.escort = on,
                "CaptureTheKing" => o.ctk |= on,
                "CaptureTheFlag" => {
                    o.flag = on;
                    o.ctk |= on;
                }
                "Replacement" => o.replacement = on,
                "ReplacementTiming" => o.now = v == "now",
                "Target" => o.target = target_letter(v),
                "Transportation" => o.transport = on,
                "Polarity" => o.polarity = on,
                "PolarityFacing" => o.choose = v == "choose",
                "PolarityRotate" => o.rotate = on,
                "TchesReverse" => {}
                other => panic!("reference: unknown option {other}"),
            }
        }
        o
    }
}

fn target_letter(name: &str) -> char {
    match name {
        "king" => 'K',
        "queen" => 'Q',
        "guardian" => 'G',
        "griffin" => 'F',
        "paladin" => 'D',
        "champion" => 'C',
        "lion" => 'L',
        "magister" => 'M',
        "templar" => 'T',
        "exarch" => 'X',
        "assassin" => 'A',
        "emperor" => 'E',
        "mounted-bishop" => 'O',
        "shock-cavalryman" => 'U',
        "jester" => 'J',
        _ => panic!("reference: no target letter for {name}"),
    }
}

#[derive(Clone, Debug)]
pub struct RefPos {
    /// `b[rank][file]`, rank 0 = rank 1; '.' empty; upper case White.
    pub b: [[char; 8]; 8],
    /// The piece under the top piece ('.' none).
    pub u: [[char; 8]; 8],
    /// Facings of the top and the carried pieces: 0 north, 1 east, 2 south, 3 west.
    pub fb: [[u8; 8]; 8],
    pub fu: [[u8; 8]; 8],
    pub white: bool,
    pub used: Vec<Sq>,
    /// Upper-case letter of the type each side moved last ('-' none): [white, black].
    pub last: [char; 2],
    /// Replacements owed per side: lost Jesters, Queens, Magisters.
    pub owed: [[u8; 3]; 2],
    /// Used cells of the side whose turn waits while the side to move chooses.
    pub suspended: Vec<Sq>,
    pub o: Opts,
    pub promos: Vec<char>,
}

fn name(f: i32, r: i32) -> String {
    format!("{}{}", (b'a' + f as u8) as char, r + 1)
}

/// Compass facings as vectors, north first.
const COMPASS: [Sq; 4] = [(0, 1), (1, 0), (0, -1), (-1, 0)];
const COMPASS_LETTERS: [char; 4] = ['n', 'e', 's', 'w'];
const CARRIERS: &str = "NFCEOUWA";
const PAWNS: &str = "PVSZI";
const SLOTS: [char; 3] = ['J', 'Q', 'M'];

fn dot(a: Sq, b: Sq) -> i32 {
    a.0 * b.0 + a.1 * b.1
}

fn facing_index(v: Sq) -> u8 {
    COMPASS.iter().position(|&c| c == v).unwrap() as u8
}

fn white_piece(ch: char) -> bool {
    ch.is_ascii_uppercase()
}

/// A raw action: landing (two-part) and end cell, before the Layer 3 details.
#[derive(Clone, Copy, Debug)]
struct Raw {
    via: Option<Sq>,
    to: Sq,
}

impl RefPos {
    /// `promos`: upper-case letters of the promotion choices.
    pub fn parse(fen: &str, strike: bool, promos: &str) -> RefPos {
        RefPos::parse_with(fen, Opts::plain(strike), promos)
    }

    pub fn parse_with(fen: &str, o: Opts, promos: &str) -> RefPos {
        let fields: Vec<&str> = fen.split_whitespace().collect();
        let mut p = RefPos {
            b: [['.'; 8]; 8],
            u: [['.'; 8]; 8],
            fb: [[0; 8]; 8],
            fu: [[0; 8]; 8],
            white: fields[1] == "w",
            used: Vec::new(),
            last: ['-', '-'],
            owed: [[0; 3]; 2],
            suspended: Vec::new(),
            o,
            promos: promos.chars().collect(),
        };
        for (i, row) in fields[0].split('/').enumerate() {
            let r = 7 - i;
            let mut f = 0;
            let ch: Vec<char> = row.chars().collect();
            let mut j = 0;
            while j < ch.len() {
                let c = ch[j];
                j += 1;
                if let Some(d) = c.to_digit(10) {
                    f += d as usize;
                    continue;
                }
                p.b[r][f] = c;
                p.fb[r][f] = if white_piece(c) { 0 } else { 2 };
                if ch.get(j) == Some(&':') {
                    p.fb[r][f] = COMPASS_LETTERS
                        .iter()
                        .position(|&x| x == ch[j + 1])
                        .unwrap() as u8;
                    j += 2;
                }
                if ch.get(j) == Some(&'(') {
                    let uc = ch[j + 1];
                    p.u[r][f] = uc;
                    p.fu[r][f] = if white_piece(uc) { 0 } else { 2 };
                    j += 2;
                    if ch.get(j) == Some(&':') {
                        p.fu[r][f] = COMPASS_LETTERS
                            .iter()
                            .position(|&x| x == ch[j + 1])
                            .unwrap() as u8;
                        j += 2;
                    }
                    assert_eq!(ch[j], ')');
                    j += 1;
                }
                f += 1;
            }
        }
        if let Some(u) = fields.get(2).filter(|u| **u != "-") {
            p.used = u.split(',').map(cell).collect();
        }
        if let Some(l) = fields.get(3) {
            let ch: Vec<char> = l.chars().collect();
            p.last = [ch[0].to_ascii_uppercase(), ch[1].to_ascii_uppercase()];
        }
        if let Some(ow) = fields.get(5) {
            let (letters, susp) = match ow.split_once('/') {
                Some((a, b)) => (a, Some(b)),
                None => (*ow, None),
            };
            for c in letters.chars() {
                let side = if white_piece(c) { 0 } else { 1 };
                let slot = SLOTS
                    .iter()
                    .position(|&s| s == c.to_ascii_uppercase())
                    .unwrap();
                p.owed[side][slot] += 1;
            }
            if let Some(s) = susp {
                p.suspended = s.split(',').map(cell).collect();
            }
        }
        p
    }

    fn get(&self, f: i32, r: i32) -> char {
        self.b[r as usize][f as usize]
    }

    fn under(&self, f: i32, r: i32) -> char {
        self.u[r as usize][f as usize]
    }

    fn owned_by(&self, f: i32, r: i32, white: bool) -> bool {
        on(f, r) && self.get(f, r) != '.' && white_piece(self.get(f, r)) == white
    }

    fn me(&self) -> usize {
        if self.white {
            0
        } else {
            1
        }
    }

    /// Cells holding `white`'s pieces of type `t`, on top or carried.
    fn cells_of(&self, white: bool, t: char) -> Vec<Sq> {
        let mut v = Vec::new();
        for r in 0..8 {
            for f in 0..8 {
                for ch in [self.get(f, r), self.under(f, r)] {
                    if ch != '.' && white_piece(ch) == white && ch.to_ascii_uppercase() == t {
                        v.push((f, r));
                    }
                }
            }
        }
        v
    }

    fn royalty(&self) -> bool {
        !(self.o.ctk && self.o.target == 'K')
    }

    /// Own pieces a carrier may land on to load.
    fn loadable(&self, f: i32, r: i32, white: bool) -> bool {
        if !self.owned_by(f, r, white) || self.under(f, r) != '.' {
            return false;
        }
        let t = self.get(f, r).to_ascii_uppercase();
        t != 'K' && !CARRIERS.contains(t)
    }

    /// Raw actions of the piece on (f, r), owned by `white`: what its type's movement gives
    /// (with loading landings for carriers), Polarity applied.
    fn raw_actions(&self, f: i32, r: i32, white: bool) -> Vec<Raw> {
        let ch = self.get(f, r);
        let kind = ch.to_ascii_uppercase();
        let mut t = kind;
        if t == 'J' {
            t = self.last[if white { 1 } else { 0 }];
            if t == '-' {
                return Vec::new();
            }
        }
        let facing = COMPASS[self.fb[r as usize][f as usize] as usize];
        let polar = self.o.polarity;
        // Polarity: never a movement pointing backwards from the facing.
        let ok = |v: Sq| !polar || dot(v, facing) >= 0;
        // The capture part of a compound action keeps the move part's direction.
        let along = |s: Sq, v: Sq| !polar || (s.0 * v.0 >= 0 && s.1 * v.1 >= 0 && dot(s, v) > 0);
        let carrier = self.o.transport
            && CARRIERS.contains(kind)
            && !(self.under(f, r) != '.' && white_piece(self.under(f, r)) != white);
        let empty = |x: i32, y: i32| on(x, y) && self.get(x, y) == '.';
        let enemy = |x: i32, y: i32| self.owned_by(x, y, !white);
        let load = |x: i32, y: i32| carrier && on(x, y) && self.loadable(x, y, white);
        // Under Capture the King the king's movement has no capture (and under the Flag no
        // movement): also for a Jester copying it.
        if self.o.flag && t == 'K' {
            return Vec::new();
        }
        let king_captures = !(self.o.ctk && t == 'K');
        let mut out: Vec<Raw> = Vec::new();
        let one = |to: Sq, out: &mut Vec<Raw>| out.push(Raw { via: None, to });

        let slide = |dirs: &[Sq], mv: bool, cap: bool, out: &mut Vec<Raw>| {
            for &(df, dr) in dirs {
                if !ok((df, dr)) {
                    continue;
                }
                let (mut x, mut y) = (f + df, r + dr);
                while on(x, y) {
                    if self.get(x, y) == '.' {
                        if mv {
                            one((x, y), out);
                        }
                    } else {
                        if cap && enemy(x, y) {
                            one((x, y), out);
                        }
                        break;
                    }
                    x += df;
                    y += dr;
                }
            }
        };
        let leap = |offs: &[Sq], mv: bool, cap: bool, out: &mut Vec<Raw>| {
            for &(df, dr) in offs {
                if !ok((df, dr)) {
                    continue;
                }
                let (x, y) = (f + df, r + dr);
                if (mv && (empty(x, y) || load(x, y))) || (cap && enemy(x, y)) {
                    one((x, y), out);
                }
            }
        };
        // Compound: a move to an empty cell (or onto a friend to load it), then optionally a
        // one-step capture in the move's direction.
        let then = |lands: Vec<Sq>, caps: &[Sq], out: &mut Vec<Raw>| {
            for (lx, ly) in lands {
                one((lx, ly), out);
                let v = (lx - f, ly - r);
                for &s in caps {
                    if along(s, v) && enemy(lx + s.0, ly + s.1) {
                        out.push(Raw {
                            via: Some((lx, ly)),
                            to: (lx + s.0, ly + s.1),
                        });
                    }
                }
            }
        };
        let slide_lands = |dirs: &[Sq]| {
            let mut v = Vec::new();
            slide(dirs, true, false, &mut v);
            v.into_iter().map(|a| a.to).collect::<Vec<Sq>>()
        };
        let leap_lands = |offs: &[Sq]| {
            let mut v = Vec::new();
            leap(offs, true, false, &mut v);
            v.into_iter().map(|a| a.to).collect::<Vec<Sq>>()
        };
        // A corner path walked cell by cell; the whole path must be on the board.
        let walk = |cells: [Sq; 3], out: &mut Vec<Raw>| {
            let total = (cells[2].0 - f, cells[2].1 - r);
            if !ok(total) || !cells.iter().all(|&(x, y)| on(x, y)) {
                return;
            }
            for (i, (x, y)) in cells.into_iter().enumerate() {
                if self.get(x, y) != '.' {
                    if enemy(x, y) || (i == 2 && load(x, y)) {
                        one((x, y), out);
                    }
                    return;
                }
            }
            one(cells[2], out);
        };
        let corners = |long_first: bool, short_first: bool, out: &mut Vec<Raw>| {
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
                            out,
                        );
                    }
                    if short_first {
                        walk(
                            [
                                (f + dx, r + dy),
                                (f + dx + sx, r + dy + sy),
                                (f + dx + 2 * sx, r + dy + 2 * sy),
                            ],
                            out,
                        );
                    }
                }
            }
        };
        // Pawn patterns read from the piece's forward direction (its facing under Polarity,
        // which only a Jester copying a pawn can change) and the sides.
        let fwd = if polar {
            facing
        } else if white {
            (0, 1)
        } else {
            (0, -1)
        };
        let side = (fwd.1, fwd.0);
        let add = |a: Sq, b: Sq| (a.0 + b.0, a.1 + b.1);
        let neg = |a: Sq| (-a.0, -a.1);
        let pawn_leap = |offs: &[Sq], mv: bool, cap: bool, out: &mut Vec<Raw>| {
            for &(df, dr) in offs {
                let (x, y) = (f + df, r + dr);
                if (mv && empty(x, y)) || (cap && enemy(x, y)) {
                    one((x, y), out);
                }
            }
        };
        match t {
            'P' => {
                pawn_leap(&[fwd], true, false, &mut out);
                pawn_leap(
                    &[add(fwd, side), add(fwd, neg(side))],
                    false,
                    true,
                    &mut out,
                );
            }
            'N' => leap(&KNIGHT, true, true, &mut out),
            'B' => slide(&DIAG, true, true, &mut out),
            'R' => slide(&ORTH, true, true, &mut out),
            'Q' => slide(&ALL8, true, true, &mut out),
            'K' => leap(&ALL8, true, king_captures, &mut out),
            'G' => then(slide_lands(&ORTH), &DIAG, &mut out),
            'F' => then(leap_lands(&KNIGHT), &DIAG, &mut out),
            'D' => then(slide_lands(&DIAG), &ORTH, &mut out),
            'C' => then(leap_lands(&KNIGHT), &ORTH, &mut out),
            'L' => then(leap_lands(&ALL8), &ALL8, &mut out),
            'M' => {
                then(slide_lands(&ORTH), &DIAG, &mut out);
                then(slide_lands(&DIAG), &ORTH, &mut out);
            }
            'T' => {
                slide(&DIAG, true, false, &mut out);
                slide(&ORTH, false, true, &mut out);
            }
            'X' => {
                slide(&ORTH, true, false, &mut out);
                slide(&DIAG, false, true, &mut out);
            }
            'W' => corners(true, false, &mut out),
            'A' => corners(true, true, &mut out),
            'E' => then(leap_lands(&KNIGHT), &ALL8, &mut out),
            'Y' => leap(&[(0, 2), (0, -2), (2, 0), (-2, 0)], true, true, &mut out),
            'H' => leap(&[(2, 2), (2, -2), (-2, 2), (-2, -2)], true, true, &mut out),
            'O' => {
                leap(&KNIGHT, true, false, &mut out);
                slide(&DIAG, false, true, &mut out);
            }
            'U' => {
                leap(&KNIGHT, true, false, &mut out);
                slide(&ORTH, false, true, &mut out);
            }
            'V' => {
                pawn_leap(&[fwd, side, neg(side)], true, false, &mut out);
                pawn_leap(&[fwd], false, true, &mut out);
            }
            'S' => {
                pawn_leap(
                    &[add(fwd, side), add(fwd, neg(side))],
                    true,
                    false,
                    &mut out,
                );
                pawn_leap(&[fwd, side, neg(side)], false, true, &mut out);
            }
            'Z' => pawn_leap(&[add(fwd, side), add(fwd, neg(side))], true, true, &mut out),
            'I' => {
                pawn_leap(&[fwd], true, false, &mut out);
                let mid = add((f, r), fwd);
                let end = add(mid, fwd);
                if empty(mid.0, mid.1) && enemy(end.0, end.1) {
                    one(end, &mut out);
                }
            }
            other => panic!("reference: unknown type {other}"),
        }
        out
    }

    /// Actions of the piece on (f, r), owned by `white`, king safety aside, as text.
    fn piece_actions(&self, f: i32, r: i32, white: bool, out: &mut BTreeSet<String>) {
        let ch = self.get(f, r);
        let kind = ch.to_ascii_uppercase();
        if self.o.flag && kind == 'K' {
            return;
        }
        let from = name(f, r);
        let pawn = PAWNS.contains(kind);
        let my_face = self.fb[r as usize][f as usize];
        if self.o.polarity && self.o.rotate && !pawn {
            for g in 0..4 {
                if g != my_face {
                    out.insert(format!("{from}:{}", COMPASS_LETTERS[g as usize]));
                }
            }
        }
        let under = self.under(f, r);
        let passenger = under != '.' && white_piece(under) == white;
        let captive = under != '.' && !passenger;
        let last_rank = if white { 7 } else { 0 };
        let occupied = |x: i32, y: i32| self.get(x, y) != '.';
        if !(self.o.transport || self.o.ctk || self.o.polarity) {
            // Layers 1 and 2: nothing but the cells (and a promotion).
            for raw in self.raw_actions(f, r, white) {
                let (tx, ty) = raw.to;
                let text = match raw.via {
                    Some((vx, vy)) => format!("{from}{}x{}", name(vx, vy), name(tx, ty)),
                    None => format!("{from}{}", name(tx, ty)),
                };
                if pawn && ty == last_rank {
                    for p in &self.promos {
                        out.insert(format!("{text}{}", p.to_ascii_lowercase()));
                    }
                } else {
                    out.insert(text);
                }
            }
            return;
        }
        for raw in self.raw_actions(f, r, white) {
            let (tx, ty) = raw.to;
            let loads = match raw.via {
                Some((vx, vy)) => self.owned_by(vx, vy, white),
                None => self.owned_by(tx, ty, white),
            };
            let promote = pawn && ty == last_rank;
            let promos: Vec<String> = if promote {
                self.promos
                    .iter()
                    .map(|p| p.to_ascii_lowercase().to_string())
                    .collect()
            } else {
                vec![String::new()]
            };
            let modes: Vec<&str> = if !passenger {
                vec!["carry"]
            } else if loads {
                vec!["leave"]
            } else if raw.via.is_some() {
                vec!["carry", "leave", "drop"]
            } else {
                vec!["carry", "leave"]
            };
            let victim = self.owned_by(tx, ty, !white).then(|| self.get(tx, ty));
            let takes_king = self.o.ctk && victim.is_some_and(|v| v.eq_ignore_ascii_case(&'K'));
            let my_king = if white { 'K' } else { 'k' };
            let frees = self.o.ctk && victim.is_some() && self.under(tx, ty) == my_king;
            for mode in modes {
                // What the mover holds on arrival.
                let holds = if loads {
                    let (x, y) = raw.via.unwrap_or(raw.to);
                    Some(self.get(x, y))
                } else if captive || (passenger && mode == "carry") {
                    Some(under)
                } else {
                    None
                };
                if takes_king && holds.is_some() {
                    continue;
                }
                let own_pawn_held = holds.is_some_and(|h| {
                    white_piece(h) == white && PAWNS.contains(h.to_ascii_uppercase())
                });
                if own_pawn_held && ty == last_rank {
                    continue;
                }
                if mode == "drop"
                    && PAWNS.contains(under.to_ascii_uppercase())
                    && raw.via.unwrap().1 == last_rank
                {
                    continue;
                }
                let mut text = from.clone();
                if mode == "leave" {
                    text.push('*');
                }
                if let Some((vx, vy)) = raw.via {
                    text.push_str(&name(vx, vy));
                    if mode == "drop" {
                        text.push('*');
                    }
                    text.push('x');
                }
                text.push_str(&name(tx, ty));
                let mut places = vec![String::new()];
                if frees {
                    // Cells empty after the action, nearest to the capture cell.
                    let mut occ = [[false; 8]; 8];
                    for y in 0..8 {
                        for x in 0..8 {
                            occ[y as usize][x as usize] = occupied(x, y);
                        }
                    }
                    occ[r as usize][f as usize] = mode == "leave";
                    if let Some((vx, vy)) = raw.via {
                        if mode == "drop" {
                            occ[vy as usize][vx as usize] = true;
                        }
                        if loads {
                            occ[vy as usize][vx as usize] = false;
                        }
                    }
                    occ[ty as usize][tx as usize] = true;
                    places.clear();
                    for d in 1..8 {
                        for y in 0..8 {
                            for x in 0..8 {
                                if (x - tx).abs().max((y - ty).abs()) == d
                                    && !occ[y as usize][x as usize]
                                {
                                    places.push(format!("@{}", name(x, y)));
                                }
                            }
                        }
                        if !places.is_empty() {
                            break;
                        }
                    }
                }
                let faces = self.facings_after(f, r, raw, promote);
                for p in &promos {
                    for pl in &places {
                        for fc in &faces {
                            out.insert(format!("{text}{p}{pl}{fc}"));
                        }
                    }
                }
            }
        }
    }

    /// The facing suffixes an action may carry: one empty string when the facing is forced.
    fn facings_after(&self, f: i32, r: i32, raw: Raw, promote: bool) -> Vec<String> {
        let kind = self.get(f, r).to_ascii_uppercase();
        if !self.o.polarity || PAWNS.contains(kind) || promote || !self.o.choose {
            return vec![String::new()];
        }
        let (a, b) = match raw.via {
            Some(v) => (v, raw.to),
            None => ((f, r), raw.to),
        };
        let (sx, sy) = ((b.0 - a.0).signum(), (b.1 - a.1).signum());
        if sx == 0 || sy == 0 {
            return vec![String::new()];
        }
        [(sx, 0), (0, sy)]
            .iter()
            .map(|&v| format!(":{}", COMPASS_LETTERS[facing_index(v) as usize]))
            .collect()
    }

    /// The facing a piece has after the action `a` (`pawnlike`: it never turns).
    fn facing_after(&self, a: &Parsed, old: u8, pawnlike: bool) -> u8 {
        if !self.o.polarity || pawnlike || a.promo.is_some() {
            return if pawnlike || a.promo.is_some() {
                if self.white {
                    0
                } else {
                    2
                }
            } else {
                old
            };
        }
        if let Some(fc) = a.face {
            return fc;
        }
        let last = match a.via {
            Some(v) => (v, a.to),
            None => (a.from, a.to),
        };
        let signs = |(p, q): (Sq, Sq)| ((q.0 - p.0).signum(), (q.1 - p.1).signum());
        let (sx, sy) = signs(last);
        if sx == 0 || sy == 0 {
            return facing_index((sx, sy));
        }
        // Keep: a diagonal or knight movement leaves the facing; a straight move part turns it.
        let mut fc = old;
        if let Some(v) = a.via {
            let (mx, my) = signs((a.from, v));
            if mx == 0 || my == 0 {
                fc = facing_index((mx, my));
            }
        }
        fc
    }

    fn choosing(&self) -> bool {
        self.owed[self.me()] != [0, 0, 0]
    }

    /// Cells of `white`'s pieces that may take the replacement of `slot`.
    fn candidates(&self, white: bool, slot: usize) -> Vec<Sq> {
        let fits = |t: char| {
            t != self.o.target
                && match slot {
                    0 => PAWNS.contains(t),
                    1 => t == 'M',
                    _ => t == 'Q',
                }
        };
        let mut v = Vec::new();
        for r in 0..8 {
            for f in 0..8 {
                if !self.owned_by(f, r, white) {
                    continue;
                }
                let piece = if self.under(f, r) != '.' {
                    self.under(f, r)
                } else {
                    self.get(f, r)
                };
                if white_piece(piece) == white && fits(piece.to_ascii_uppercase()) {
                    v.push((f, r));
                }
            }
        }
        v
    }

    fn choices(&self) -> BTreeSet<String> {
        let mut out = BTreeSet::new();
        for (slot, lost) in SLOTS.iter().enumerate() {
            if self.owed[self.me()][slot] > 0 {
                for (f, r) in self.candidates(self.white, slot) {
                    out.insert(format!("{}={}", name(f, r), lost.to_ascii_lowercase()));
                }
            }
        }
        out
    }

    fn transform(&mut self, (f, r): Sq, new: char) {
        let white = white_piece(self.get(f, r));
        let letter = if white { new } else { new.to_ascii_lowercase() };
        if self.under(f, r) != '.' {
            self.u[r as usize][f as usize] = letter;
        } else {
            self.b[r as usize][f as usize] = letter;
        }
    }

    /// Applies the replacements of `white` that leave no choice; true when a choice is left.
    fn settle(&mut self, white: bool) -> bool {
        let s = if white { 0 } else { 1 };
        let mut choosing = false;
        for (slot, &lost) in SLOTS.iter().enumerate() {
            while self.owed[s][slot] > 0 {
                let c = self.candidates(white, slot);
                if c.is_empty() {
                    self.owed[s][slot] = 0;
                } else if c.len() == 1 {
                    self.transform(c[0], lost);
                    self.owed[s][slot] -= 1;
                } else {
                    choosing = true;
                    break;
                }
            }
        }
        choosing
    }

    fn pseudo(&self) -> BTreeSet<String> {
        if self.choosing() {
            return self.choices();
        }
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

    /// The cell of `white`'s last royal piece, if it has exactly one.
    fn royal(&self, white: bool) -> Option<Sq> {
        let v = self.cells_of(white, self.o.target);
        (self.royalty() && v.len() == 1).then(|| v[0])
    }

    fn attacked(&self, white: bool) -> bool {
        let Some((kf, kr)) = self.royal(white) else {
            return false;
        };
        let target = name(kf, kr);
        for r in 0..8 {
            for f in 0..8 {
                if self.owned_by(f, r, !white) {
                    let mut out = BTreeSet::new();
                    self.piece_actions(f, r, !white, &mut out);
                    if out
                        .iter()
                        .any(|a| dest(a).as_deref() == Some(target.as_str()))
                    {
                        return true;
                    }
                }
            }
        }
        false
    }

    /// True when some unused piece of the side to move has an action.
    fn some_piece_can_act(&self) -> bool {
        for r in 0..8 {
            for f in 0..8 {
                if self.owned_by(f, r, self.white) && !self.used.contains(&(f, r)) {
                    let mut out = BTreeSet::new();
                    self.piece_actions(f, r, self.white, &mut out);
                    if !out.is_empty() {
                        return true;
                    }
                }
            }
        }
        false
    }

    /// Who has won, if anyone.
    pub fn winner(&self) -> Option<bool> {
        for white in [true, false] {
            if self.royalty() && self.cells_of(!white, self.o.target).is_empty() {
                return Some(white);
            }
            let king = if white { 'K' } else { 'k' };
            let enemy_king = if white { 'k' } else { 'K' };
            let (own_rank, enemy_rank) = if white { (0, 7) } else { (7, 0) };
            for file in [3, 4] {
                if self.o.escort && self.get(file, enemy_rank) == king {
                    return Some(white);
                }
                if self.o.ctk
                    && self.owned_by(file, own_rank, white)
                    && self.under(file, own_rank) == enemy_king
                {
                    return Some(white);
                }
            }
        }
        None
    }

    pub fn game_over(&self) -> bool {
        self.winner().is_some()
    }

    /// After an action by `white`: `Some(true)` when it won, `Some(false)` when its only
    /// win is a king standing on the enemy portal while `white`'s royal piece could be
    /// captured (reaching the portal does not lift king safety, so the action is illegal),
    /// `None` when it did not win.
    fn won_by(&self, white: bool) -> Option<bool> {
        if self.winner() != Some(white) {
            return None;
        }
        let enemy_royal_gone = self.royalty() && self.cells_of(!white, self.o.target).is_empty();
        let enemy_king = if white { 'k' } else { 'K' };
        let home = if white { 0 } else { 7 };
        let carried_home = self.o.ctk
            && [3, 4]
                .iter()
                .any(|&f| self.owned_by(f, home, white) && self.under(f, home) == enemy_king);
        Some(enemy_royal_gone || carried_home || !self.attacked(white))
    }

    pub fn after(&self, a: &str) -> RefPos {
        let mut p = self.clone();
        let pa = Parsed::read(a);
        let me = p.me();
        if let Some(new) = pa.replace {
            p.transform(pa.from, new);
            p.owed[me][SLOTS.iter().position(|&s| s == new).unwrap()] -= 1;
            let white = p.white;
            if !p.settle(white) && !p.suspended.is_empty() {
                p.white = !p.white;
                p.used = std::mem::take(&mut p.suspended);
            }
            return p;
        }
        let (ff, fr) = pa.from;
        if pa.rotate {
            p.fb[fr as usize][ff as usize] = pa.face.unwrap();
            p.finish_action(pa.from, Vec::new());
            return p;
        }
        let (tf, tr) = pa.to;
        let ch = p.get(ff, fr);
        let moved_type = if ch.eq_ignore_ascii_case(&'J') {
            p.last[1 - me]
        } else {
            ch.to_ascii_uppercase()
        };
        let load_at = pa.via.unwrap_or(pa.to);
        let loads = p.owned_by(load_at.0, load_at.1, p.white);
        let old_face = p.fb[fr as usize][ff as usize];
        let pawnlike = PAWNS.contains(ch.to_ascii_uppercase());
        let new_face = p.facing_after(&pa, old_face, pawnlike);
        let under = p.u[fr as usize][ff as usize];
        let under_face = p.fu[fr as usize][ff as usize];
        p.b[fr as usize][ff as usize] = '.';
        p.u[fr as usize][ff as usize] = '.';
        let mut holds: Option<(char, u8)> = None;
        if under != '.' {
            if white_piece(under) != p.white {
                holds = Some((under, under_face));
            } else if pa.leave {
                p.b[fr as usize][ff as usize] = under;
                p.fb[fr as usize][ff as usize] = under_face;
            } else if pa.drop {
                let (vx, vy) = pa.via.unwrap();
                p.b[vy as usize][vx as usize] = under;
                p.fb[vy as usize][vx as usize] = under_face;
            } else {
                holds = Some((under, under_face));
            }
        }
        if loads {
            let (x, y) = load_at;
            holds = Some((p.get(x, y), p.fb[y as usize][x as usize]));
            p.b[y as usize][x as usize] = '.';
            // A loaded piece that acted this turn is still one that acted, now at `to`.
            for e in p.used.iter_mut() {
                if *e == load_at {
                    *e = pa.to;
                }
            }
        }
        let mut lost = Vec::new();
        let victim = p.get(tf, tr);
        if victim != '.' && white_piece(victim) != p.white {
            let vu = p.under(tf, tr);
            let vuf = p.fu[tr as usize][tf as usize];
            p.u[tr as usize][tf as usize] = '.';
            if vu != '.' {
                if white_piece(vu) == p.white {
                    let (x, y) = pa.place.expect("a freed king is placed");
                    p.b[y as usize][x as usize] = vu;
                    p.fb[y as usize][x as usize] = vuf;
                } else {
                    lost.push(vu);
                }
            }
            if p.o.ctk && victim.eq_ignore_ascii_case(&'K') {
                holds = Some((victim, p.fb[tr as usize][tf as usize]));
            } else {
                lost.push(victim);
            }
        }
        let placed = match pa.promo {
            Some(k) if p.white => k.to_ascii_uppercase(),
            Some(k) => k,
            None => ch,
        };
        p.b[tr as usize][tf as usize] = placed;
        p.fb[tr as usize][tf as usize] = new_face;
        if let Some((h, hf)) = holds {
            p.u[tr as usize][tf as usize] = h;
            p.fu[tr as usize][tf as usize] = hf;
        }
        p.last[me] = moved_type;
        if p.game_over() {
            // The game is over: the winner's turn ends with it.
            p.used.clear();
            p.white = !p.white;
            return p;
        }
        p.finish_action(pa.to, lost);
        p
    }

    /// After a piece acted (standing on `cell`): owed replacements, the end of the turn.
    fn finish_action(&mut self, cell: Sq, lost: Vec<char>) {
        let them = 1 - self.me();
        if self.o.replacement {
            for l in lost {
                let t = l.to_ascii_uppercase();
                let owner_white = them == 0;
                if t != self.o.target && self.cells_of(owner_white, t).is_empty() {
                    if let Some(slot) = SLOTS.iter().position(|&s| s == t) {
                        self.owed[them][slot] = (self.owed[them][slot] + 1).min(3);
                    }
                }
            }
        }
        self.used.push(cell);
        let turn_over = !self.o.strike || self.used.len() == 3 || !self.some_piece_can_act();
        let other = !self.white;
        if self.o.now {
            let choosing = self.settle(other);
            if turn_over {
                self.used.clear();
                self.white = other;
            } else if choosing {
                self.suspended = std::mem::take(&mut self.used);
                self.white = other;
            }
        } else if turn_over {
            self.used.clear();
            self.white = other;
            self.settle(other);
        }
    }

    fn can_finish(&self, me_white: bool) -> bool {
        if self.white != me_white {
            if self.choosing() {
                return self
                    .choices()
                    .iter()
                    .all(|c| self.after(c).can_finish(me_white));
            }
            return !self.attacked(me_white);
        }
        self.pseudo().iter().any(|b| {
            let n = self.after(b);
            n.won_by(me_white).unwrap_or_else(|| n.can_finish(me_white))
        })
    }

    pub fn legal(&self) -> BTreeSet<String> {
        if self.game_over() {
            return BTreeSet::new();
        }
        if self.choosing() {
            return self.choices();
        }
        if self.royal(self.white).is_none() {
            return self.pseudo();
        }
        self.pseudo()
            .into_iter()
            .filter(|a| {
                let n = self.after(a);
                n.won_by(self.white)
                    .unwrap_or_else(|| n.can_finish(self.white))
            })
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

    /// The placement field, in the engine's FEN syntax.
    pub fn placement(&self) -> String {
        let piece = |ch: char, fc: u8| {
            let default = if white_piece(ch) { 0 } else { 2 };
            if fc == default {
                ch.to_string()
            } else {
                format!("{ch}:{}", COMPASS_LETTERS[fc as usize])
            }
        };
        let mut rows = Vec::new();
        for rank in (0..8).rev() {
            let mut s = String::new();
            let mut gap = 0;
            for f in 0..8 {
                let c = self.b[rank][f];
                if c == '.' {
                    gap += 1;
                    continue;
                }
                if gap > 0 {
                    s.push_str(&gap.to_string());
                    gap = 0;
                }
                s.push_str(&piece(c, self.fb[rank][f]));
                let u = self.u[rank][f];
                if u != '.' {
                    s.push_str(&format!("({})", piece(u, self.fu[rank][f])));
                }
            }
            if gap > 0 {
                s.push_str(&gap.to_string());
            }
            rows.push(s);
        }
        rows.join("/")
    }
}

/// An action's text taken apart.
struct Parsed {
    from: Sq,
    via: Option<Sq>,
    to: Sq,
    promo: Option<char>,
    leave: bool,
    drop: bool,
    place: Option<Sq>,
    face: Option<u8>,
    rotate: bool,
    replace: Option<char>,
}

impl Parsed {
    fn read(a: &str) -> Parsed {
        let from = cell(&a[0..2]);
        let mut p = Parsed {
            from,
            via: None,
            to: from,
            promo: None,
            leave: false,
            drop: false,
            place: None,
            face: None,
            rotate: false,
            replace: None,
        };
        let rest = &a[2..];
        if let Some(x) = rest.strip_prefix('=') {
            p.replace = Some(x.chars().next().unwrap().to_ascii_uppercase());
            return p;
        }
        let mut rest = rest;
        if let Some((body, f)) = rest.split_once(':') {
            p.face = Some(
                COMPASS_LETTERS
                    .iter()
                    .position(|&c| f.starts_with(c))
                    .unwrap() as u8,
            );
            rest = body;
        }
        if rest.is_empty() {
            p.rotate = true;
            return p;
        }
        if let Some((body, pl)) = rest.split_once('@') {
            p.place = Some(cell(pl));
            rest = body;
        }
        if let Some(r) = rest.strip_prefix('*') {
            p.leave = true;
            rest = r;
        }
        let first = cell(&rest[0..2]);
        rest = &rest[2..];
        if let Some(r) = rest.strip_prefix('*') {
            p.drop = true;
            rest = r;
        }
        if rest.len() >= 3 && rest.starts_with('x') {
            p.via = Some(first);
            p.to = cell(&rest[1..3]);
            rest = &rest[3..];
        } else {
            p.to = first;
        }
        if let Some(c) = rest.chars().next() {
            p.promo = Some(c);
        }
        p
    }
}

/// The cell an action ends on (the capture cell of a two-part action); none for a turn in
/// place or a replacement.
fn dest(a: &str) -> Option<String> {
    let p = Parsed::read(a);
    (!p.rotate && p.replace.is_none()).then(|| name(p.to.0, p.to.1))
}

fn cell(s: &str) -> Sq {
    let b = s.as_bytes();
    ((b[0] - b'a') as i32, (b[1] - b'1') as i32)
}
