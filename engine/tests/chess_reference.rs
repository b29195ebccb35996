//! An independent, slow and obvious move generator (a mailbox board, pieces walked square by
//! square, legality by trying the move and scanning every enemy piece for an attack on the
//! king), checked against the fast generator along random games and by small perfts.
//! It keeps its own board, FEN reader and en-passant state: it shares nothing with the engine.

mod mailbox;

use mailbox::{ALL8, DIAG, KNIGHT, ORTH};
use rand_core::{RngCore, SeedableRng};
use rand_xoshiro::Xoshiro256PlusPlus;
use tessera::games::chess::Chess;
use tessera::Game;

type Piece = (bool, char); // (white, kind letter p n b r q k)

#[derive(Clone)]
struct Board {
    sq: [Option<Piece>; 64],
    white: bool,
    /// Castling rights as (white, rook square).
    rights: Vec<(bool, i32)>,
    ep: Option<i32>,
}

fn at(f: i32, r: i32) -> Option<i32> {
    mailbox::on(f, r).then_some(r * 8 + f)
}

fn name(s: i32) -> String {
    mailbox::name((s % 8, s / 8))
}

/// The lines a slider walks: bishop, rook, and the queen's eight.
fn directions(kind: char) -> &'static [(i32, i32)] {
    match kind {
        'b' => &DIAG,
        'r' => &ORTH,
        _ => &ALL8,
    }
}

impl Board {
    fn from_fen(fen: &str) -> Board {
        let f: Vec<&str> = fen.split_whitespace().collect();
        let mut sq = [None; 64];
        for (i, row) in f[0].split('/').enumerate() {
            let r = 7 - i as i32;
            let mut file = 0;
            for c in row.chars() {
                if let Some(d) = c.to_digit(10) {
                    file += d as i32;
                } else {
                    sq[(r * 8 + file) as usize] =
                        Some((c.is_ascii_uppercase(), c.to_ascii_lowercase()));
                    file += 1;
                }
            }
        }
        let mut b = Board {
            sq,
            white: f[1] == "w",
            rights: Vec::new(),
            ep: None,
        };
        for c in f[2].chars().filter(|&c| c != '-') {
            let white = c.is_ascii_uppercase();
            let r = if white { 0 } else { 7 };
            let k = (0..8)
                .find(|&x| b.sq[(r * 8 + x) as usize] == Some((white, 'k')))
                .unwrap();
            let rook = |x: &i32| b.sq[(r * 8 + x) as usize] == Some((white, 'r'));
            let file = match c.to_ascii_lowercase() {
                'k' => (k + 1..8).rev().find(rook).unwrap(),
                'q' => (0..k).find(rook).unwrap(),
                l => (l as u8 - b'a') as i32,
            };
            b.rights.push((white, r * 8 + file));
        }
        if f[3] != "-" {
            let e = f[3].as_bytes();
            b.ep = Some((e[1] - b'1') as i32 * 8 + (e[0] - b'a') as i32);
        }
        b
    }

    fn attacked(&self, s: i32, by_white: bool) -> bool {
        for p in 0..64 {
            let Some((w, k)) = self.sq[p as usize] else {
                continue;
            };
            if w != by_white {
                continue;
            }
            let (pf, pr) = (p % 8, p / 8);
            let hit = match k {
                'p' => {
                    let dr = if w { 1 } else { -1 };
                    at(pf - 1, pr + dr) == Some(s) || at(pf + 1, pr + dr) == Some(s)
                }
                'n' => KNIGHT
                    .iter()
                    .any(|&(df, dr)| at(pf + df, pr + dr) == Some(s)),
                'k' => ALL8.iter().any(|&(df, dr)| at(pf + df, pr + dr) == Some(s)),
                _ => directions(k).iter().any(|&(df, dr)| {
                    let (mut f, mut r) = (pf + df, pr + dr);
                    while let Some(t) = at(f, r) {
                        if t == s {
                            return true;
                        }
                        if self.sq[t as usize].is_some() {
                            return false;
                        }
                        f += df;
                        r += dr;
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

    fn king(&self, white: bool) -> i32 {
        (0..64)
            .find(|&s| self.sq[s as usize] == Some((white, 'k')))
            .unwrap()
    }

    /// Every legal move, castling written king-takes-rook.
    fn legal(&self) -> Vec<String> {
        let mut out = Vec::new();
        let me = self.white;
        for from in 0..64 {
            let Some((w, k)) = self.sq[from as usize] else {
                continue;
            };
            if w != me {
                continue;
            }
            let (ff, fr) = (from % 8, from / 8);
            let mut targets: Vec<i32> = Vec::new();
            let free_or_enemy = |t: i32| self.sq[t as usize].is_none_or(|(w, _)| w != me);
            match k {
                'p' => {
                    let dr = if me { 1 } else { -1 };
                    if let Some(t) = at(ff, fr + dr) {
                        if self.sq[t as usize].is_none() {
                            targets.push(t);
                            let start = if me { 1 } else { 6 };
                            if let Some(t2) = at(ff, fr + 2 * dr) {
                                if fr == start && self.sq[t2 as usize].is_none() {
                                    targets.push(t2);
                                }
                            }
                        }
                    }
                    for df in [-1, 1] {
                        if let Some(t) = at(ff + df, fr + dr) {
                            let enemy = matches!(self.sq[t as usize], Some((w, _)) if w != me);
                            if enemy || self.ep == Some(t) {
                                targets.push(t);
                            }
                        }
                    }
                }
                'n' | 'k' => {
                    let steps = if k == 'n' { KNIGHT } else { ALL8 };
                    for (df, dr) in steps {
                        if let Some(t) = at(ff + df, fr + dr) {
                            if free_or_enemy(t) {
                                targets.push(t);
                            }
                        }
                    }
                }
                _ => {
                    for &(df, dr) in directions(k) {
                        let (mut f, mut r) = (ff + df, fr + dr);
                        while let Some(t) = at(f, r) {
                            if free_or_enemy(t) {
                                targets.push(t);
                            }
                            if self.sq[t as usize].is_some() {
                                break;
                            }
                            f += df;
                            r += dr;
                        }
                    }
                }
            }
            for t in targets {
                let promos: &[&str] = if k == 'p' && (t / 8 == 0 || t / 8 == 7) {
                    &["q", "r", "b", "n"]
                } else {
                    &[""]
                };
                for p in promos {
                    let mv = format!("{}{}{}", name(from), name(t), p);
                    let after = self.play(&mv);
                    if !after.attacked(after.king(me), !me) {
                        out.push(mv);
                    }
                }
            }
        }
        // Castling: king to g/c, rook to f/d; the squares both cross empty (but for the two of
        // them), the king's squares from start to end not attacked.
        let king = self.king(me);
        if !self.attacked(king, !me) {
            for &(w, rook) in &self.rights {
                if w != me {
                    continue;
                }
                let base = king / 8 * 8;
                let (kt, rt) = if rook > king {
                    (base + 6, base + 5)
                } else {
                    (base + 2, base + 3)
                };
                let mut without = self.clone();
                without.sq[king as usize] = None;
                without.sq[rook as usize] = None;
                let span = |a: i32, b: i32| a.min(b)..=a.max(b);
                let empty = span(king, kt)
                    .chain(span(rook, rt))
                    .all(|s| without.sq[s as usize].is_none());
                let safe = span(king, kt).all(|s| !without.attacked(s, !me));
                if empty && safe {
                    out.push(format!("{}{}", name(king), name(rook)));
                }
            }
        }
        out.sort();
        out
    }

    /// Plays a move given in king-takes-rook notation (not checked for legality).
    fn play(&self, mv: &str) -> Board {
        let mut b = self.clone();
        let sqr = |s: &str| ((s.as_bytes()[1] - b'1') * 8 + (s.as_bytes()[0] - b'a')) as i32;
        let (from, to) = (sqr(&mv[0..2]), sqr(&mv[2..4]));
        let (w, k) = b.sq[from as usize].unwrap();
        b.ep = None;
        if k == 'k' && b.sq[to as usize] == Some((w, 'r')) {
            let base = from / 8 * 8;
            let (kt, rt) = if to > from {
                (base + 6, base + 5)
            } else {
                (base + 2, base + 3)
            };
            b.sq[from as usize] = None;
            b.sq[to as usize] = None;
            b.sq[kt as usize] = Some((w, 'k'));
            b.sq[rt as usize] = Some((w, 'r'));
        } else {
            if k == 'p' && from % 8 != to % 8 && b.sq[to as usize].is_none() {
                b.sq[(from / 8 * 8 + to % 8) as usize] = None; // en passant
            }
            if k == 'p' && (to - from).abs() == 16 {
                b.ep = Some((from + to) / 2);
            }
            b.sq[to as usize] = b.sq[from as usize].take();
            if mv.len() == 5 {
                b.sq[to as usize] = Some((w, mv.chars().nth(4).unwrap()));
            }
        }
        // A right goes when its king or rook moves or its rook is captured.
        b.rights.retain(|&(rw, r)| {
            let king_moved = k == 'k' && w == rw;
            !king_moved && r != from && r != to
        });
        b.white = !b.white;
        b
    }

    fn perft(&self, depth: u32) -> u64 {
        if depth == 0 {
            return 1;
        }
        self.legal()
            .iter()
            .map(|m| self.play(m).perft(depth - 1))
            .sum()
    }
}

fn tessera_moves(g: &Chess) -> Vec<String> {
    let mut v = Vec::new();
    g.moves(&mut v);
    let mut s: Vec<String> = v.iter().map(|&m| g.format_action(m)).collect();
    s.sort();
    s
}

const STARTS: &[&str] = &[
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
    "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
    "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
    "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1",
    "rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8",
    "bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9",
    "qbbnnrkr/2pp2pp/p7/1p2pp2/8/P3PP2/1PPP1KPP/QBBNNR1R w hf - 0 9",
    "nnrkrbbq/pppp2pp/8/4pp2/4P3/P7/1PPPBPPP/NNKRR1BQ w c - 0 9",
    "1r2k2r/8/8/8/8/8/8/R3K1R1 w Qk - 0 1",
    "8/8/8/2k5/2pP4/8/B7/4K3 b - d3 0 3",
    "8/8/3k4/8/1KPp3r/8/8/8 b - c3 0 1",
    "8/8/8/8/k1Pp3R/8/8/4K3 b - c3 0 1",
    "8/8/8/1k6/3Pp3/8/8/4KQ2 b - d3 0 1",
];

#[test]
fn random_games_match_reference() {
    let mut rng = Xoshiro256PlusPlus::seed_from_u64(7);
    let mut plies = 0;
    for game in 0..40 {
        let fen = STARTS[game % STARTS.len()];
        let mut g = Chess::from_fen(fen, true).unwrap();
        let mut r = Board::from_fen(fen);
        for _ in 0..150 {
            let mine = tessera_moves(&g);
            let theirs = r.legal();
            assert_eq!(mine, theirs, "move sets differ at {}", g.fen());
            plies += 1;
            // Past a draw by rule the game is over; the reference knows only how pieces move.
            if mine.is_empty() || g.terminal().is_some() {
                break;
            }
            let pick = &mine[rng.next_u64() as usize % mine.len()];
            g.play(g.parse_action(pick).unwrap());
            r = r.play(pick);
        }
    }
    assert!(plies > 3000);
}

/// Perft by the rules of movement alone (`Game::legal_actions` also ends the game on a dead
/// position, which the reference does not know).
fn movement_perft(g: &mut Chess, depth: u32) -> u64 {
    if depth == 0 {
        return 1;
    }
    if depth == 1 {
        return g.count_moves();
    }
    let mut v = Vec::new();
    g.moves(&mut v);
    v.into_iter()
        .map(|m| {
            let u = g.play(m);
            let n = movement_perft(g, depth - 1);
            g.undo(u);
            n
        })
        .sum()
}

#[test]
fn small_perfts_match_reference() {
    for fen in STARTS {
        let mut g = Chess::from_fen(fen, true).unwrap();
        let r = Board::from_fen(fen);
        assert_eq!(movement_perft(&mut g, 3), r.perft(3), "perft 3 of {fen}");
    }
}
