//! Search hooks for chess: a hand-written evaluation and MVV-LVA ordering.
//!
//! The evaluation adds, for each side, middlegame and endgame scores of material, piece-square
//! terms, mobility, king safety, pawn structure (doubled, isolated, supported and passed
//! pawns), rooks on open files and the bishop pair, then blends the two by the game phase
//! (tapered evaluation) and adds a small bonus for the side to move. Endings where the side
//! ahead has no pawns and at most a minor piece more are scaled towards a draw.

use std::ops::{Add, AddAssign, Mul, Neg, Sub};
use std::sync::OnceLock;

use super::attacks::{bb, tables, FILE_A, RANK_1, RANK_8};
use super::movegen::{self, Lister, Sink};
use super::{pawn_attacks, Chess, Move, MoveKind, PieceKind, Position};
use crate::bitboard::Bits;
use crate::game::{Evaluate, Game, Player};

/// A middlegame and an endgame value, blended by phase at the end.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
struct S {
    mg: i32,
    eg: i32,
}

const fn s(mg: i32, eg: i32) -> S {
    S { mg, eg }
}

impl Add for S {
    type Output = S;
    fn add(self, o: S) -> S {
        s(self.mg + o.mg, self.eg + o.eg)
    }
}

impl AddAssign for S {
    fn add_assign(&mut self, o: S) {
        self.mg += o.mg;
        self.eg += o.eg;
    }
}

impl Sub for S {
    type Output = S;
    fn sub(self, o: S) -> S {
        s(self.mg - o.mg, self.eg - o.eg)
    }
}

impl Neg for S {
    type Output = S;
    fn neg(self) -> S {
        s(-self.mg, -self.eg)
    }
}

impl Mul<i32> for S {
    type Output = S;
    fn mul(self, k: i32) -> S {
        s(self.mg * k, self.eg * k)
    }
}

/// Centipawn values by `PieceKind` index for move ordering (the king is never captured).
const VALUE: [i32; 6] = [100, 320, 330, 500, 900, 0];

const MATERIAL: [S; 6] = [
    s(85, 110),
    s(330, 300),
    s(345, 320),
    s(480, 540),
    s(1000, 980),
    s(0, 0),
];

const BISHOP_PAIR: S = s(30, 50);
const TEMPO: i32 = 12;
const DOUBLED: S = s(-10, -22);
const ISOLATED: S = s(-12, -14);
const SUPPORTED: S = s(8, 6);
/// Passed pawn by rank, counted from the pawn's own side (index 1 = second rank).
const PASSED: [S; 8] = [
    s(0, 0),
    s(2, 8),
    s(5, 14),
    s(12, 28),
    s(25, 50),
    s(45, 85),
    s(70, 130),
    s(0, 0),
];
const ROOK_OPEN: S = s(25, 10);
const ROOK_SEMI_OPEN: S = s(12, 6);
/// King attack weight of a piece reaching the enemy king's zone, by kind.
const ATTACK_WEIGHT: [i32; 6] = [0, 20, 20, 40, 80, 0];
/// Percent of the attack weight that counts, by number of attackers.
const ATTACK_SCALE: [i32; 8] = [0, 0, 50, 75, 88, 94, 97, 99];
const SHELTER_NEAR: i32 = 14;
const SHELTER_FAR: i32 = 7;
const SHELTER_MISSING: i32 = -18;
const SHELTER_OPEN: i32 = -12;

/// Tables built once: piece-square values per colour, passed-pawn spans.
struct Tables {
    /// `pst[color][kind][square]`, material included.
    pst: [[[S; 64]; 6]; 2],
    /// Squares in front of a pawn on its own and the adjacent files: no enemy pawn there
    /// means the pawn is passed.
    passed_span: [[u64; 64]; 2],
}

fn eval_tables() -> &'static Tables {
    static T: OnceLock<Tables> = OnceLock::new();
    T.get_or_init(build_tables)
}

/// Distance of a file or rank index from the centre pair (0 for d/e or 4/5, 3 at the edge).
fn centre_distance(x: u8) -> usize {
    if x < 4 {
        3 - x as usize
    } else {
        x as usize - 4
    }
}

/// The piece-square value of a white piece of `kind` on `sq` (a1 = 0), material excluded.
fn piece_square(kind: usize, sq: u8) -> S {
    let (f, r) = (sq & 7, sq >> 3);
    let cd = centre_distance(f).max(centre_distance(r));
    let back = r == 0;
    match kind {
        0 => {
            const MG: [i32; 8] = [0, 0, 2, 6, 14, 28, 50, 0];
            const EG: [i32; 8] = [0, 0, 4, 10, 20, 36, 60, 0];
            let mut v = s(MG[r as usize], EG[r as usize]);
            if (f == 3 || f == 4) && (r == 3 || r == 4) {
                v += s(14, 0);
            } else if (f == 2 || f == 5) && (r == 2 || r == 3) {
                v += s(5, 0);
            } else if (f == 3 || f == 4) && r == 1 {
                v += s(-6, 0);
            }
            v
        }
        1 => {
            const MG: [i32; 4] = [15, 8, -5, -25];
            const EG: [i32; 4] = [12, 6, -4, -22];
            s(MG[cd] - if back { 10 } else { 0 }, EG[cd])
        }
        2 => {
            const MG: [i32; 4] = [8, 8, 2, -6];
            const EG: [i32; 4] = [6, 4, 0, -6];
            s(MG[cd] - if back { 8 } else { 0 }, EG[cd])
        }
        3 => {
            let seventh = if r == 6 { s(15, 12) } else { s(0, 0) };
            let central = if f == 3 || f == 4 { s(4, 0) } else { s(0, 0) };
            seventh + central
        }
        4 => {
            const MG: [i32; 4] = [4, 4, 0, -4];
            const EG: [i32; 4] = [12, 8, 0, -10];
            s(MG[cd], EG[cd])
        }
        _ => {
            const HOME: [i32; 8] = [15, 25, 8, -5, -5, 8, 25, 15];
            const SECOND: [i32; 8] = [0, 0, -10, -20, -20, -10, 0, 0];
            const EG: [i32; 4] = [25, 15, 0, -20];
            let mg = match r {
                0 => HOME[f as usize],
                1 => SECOND[f as usize],
                _ => -25 - 12 * (r as i32 - 2),
            };
            s(mg, EG[cd])
        }
    }
}

fn build_tables() -> Tables {
    let mut pst = [[[S::default(); 64]; 6]; 2];
    let mut passed_span = [[0u64; 64]; 2];
    for kind in 0..6 {
        for sq in 0..64u8 {
            let v = MATERIAL[kind] + piece_square(kind, sq);
            pst[0][kind][sq as usize] = v;
            // Black's table is White's seen in a mirror across the middle rank.
            pst[1][kind][(sq ^ 56) as usize] = v;
        }
    }
    for sq in 0..64u8 {
        let (f, r) = (sq & 7, sq >> 3);
        let files = (FILE_A << f)
            | if f > 0 { FILE_A << (f - 1) } else { 0 }
            | if f < 7 { FILE_A << (f + 1) } else { 0 };
        let above = if r == 7 { 0 } else { !0u64 << (8 * (r + 1)) };
        let below = if r == 0 { 0 } else { !0u64 >> (8 * (8 - r)) };
        passed_span[0][sq as usize] = files & above;
        passed_span[1][sq as usize] = files & below;
    }
    Tables { pst, passed_span }
}

#[inline]
fn player(c: usize) -> Player {
    if c == 0 {
        Player::White
    } else {
        Player::Black
    }
}

#[inline]
fn distance(a: u8, b: u8) -> i32 {
    let df = (a & 7) as i32 - (b & 7) as i32;
    let dr = (a >> 3) as i32 - (b >> 3) as i32;
    df.abs().max(dr.abs())
}

/// One side's terms that do not depend on the other side's attacks on its king.
fn side_terms(
    c: &Chess,
    us: usize,
    pawn_att: &[u64; 2],
    zones: &[u64; 2],
    attack: &mut [(i32, i32); 2],
) -> S {
    let t = tables();
    let et = eval_tables();
    let them = us ^ 1;
    let (pu, pt) = (player(us), player(them));
    let occ = c.occupied();
    let own = c.color_bb(pu);
    let own_pawns = c.pieces(pu, PieceKind::Pawn);
    let their_pawns = c.pieces(pt, PieceKind::Pawn);
    let safe = !own & !pawn_att[them];
    let mut v = S::default();

    for sq in Bits(own_pawns) {
        v += et.pst[us][0][sq as usize];
        if et.passed_span[us][sq as usize] & their_pawns == 0 {
            let rel = if us == 0 { sq >> 3 } else { 7 - (sq >> 3) } as usize;
            v += PASSED[rel];
            // In the ending the kings' distances to the square in front decide races.
            let front = if us == 0 { sq + 8 } else { sq - 8 };
            let weight = rel as i32;
            v += s(
                0,
                (distance(c.king_square(pt), front) * 5 - distance(c.king_square(pu), front) * 2)
                    * weight,
            );
        }
        if bb(sq) & pawn_att[us] != 0 {
            v += SUPPORTED;
        }
    }
    for f in 0..8 {
        let file = FILE_A << f;
        let n = (own_pawns & file).count_ones() as i32;
        if n == 0 {
            continue;
        }
        if n > 1 {
            v += DOUBLED * (n - 1);
        }
        let adjacent = (if f > 0 { FILE_A << (f - 1) } else { 0 })
            | (if f < 7 { FILE_A << (f + 1) } else { 0 });
        if own_pawns & adjacent == 0 {
            v += ISOLATED * n;
        }
    }

    let enemy_zone = zones[them];
    let (mut attackers, mut weight) = (0, 0);
    for (kind, &attack_weight) in ATTACK_WEIGHT.iter().enumerate().take(5).skip(1) {
        let pk = PieceKind::from_index(kind);
        for sq in Bits(c.pieces(pu, pk)) {
            v += et.pst[us][kind][sq as usize];
            let att = match kind {
                1 => t.knight(sq),
                2 => t.bishop(sq, occ),
                3 => t.rook(sq, occ),
                _ => t.queen(sq, occ),
            };
            let m = (att & safe).count_ones() as i32;
            v += match kind {
                1 => s(4 * (m - 4), 4 * (m - 4)),
                2 => s(5 * (m - 6), 5 * (m - 6)),
                3 => s(2 * (m - 6), 4 * (m - 6)),
                _ => s(m - 13, 2 * (m - 13)),
            };
            if att & enemy_zone != 0 {
                attackers += 1;
                weight += attack_weight * (att & enemy_zone).count_ones().min(4) as i32;
            }
            if kind == 3 {
                let file = FILE_A << (sq & 7);
                if file & (own_pawns | their_pawns) == 0 {
                    v += ROOK_OPEN;
                } else if file & own_pawns == 0 {
                    v += ROOK_SEMI_OPEN;
                }
            }
        }
    }
    attack[us] = (attackers, weight);
    if c.pieces(pu, PieceKind::Bishop).count_ones() >= 2 {
        v += BISHOP_PAIR;
    }

    let ksq = c.king_square(pu);
    v += et.pst[us][5][ksq as usize];
    v += s(shelter(ksq, us, own_pawns, their_pawns), 0);
    v
}

/// Pawn cover in front of the king, middlegame only.
fn shelter(ksq: u8, us: usize, own_pawns: u64, their_pawns: u64) -> i32 {
    let kf = (ksq & 7).clamp(1, 6);
    let kr = ksq >> 3;
    let mut v = 0;
    for f in kf - 1..=kf + 1 {
        let file = FILE_A << f;
        let ahead = |d: u8| -> u64 {
            let r = if us == 0 {
                kr as i32 + d as i32
            } else {
                kr as i32 - d as i32
            };
            if (0..8).contains(&r) {
                file & (0xffu64 << (8 * r))
            } else {
                0
            }
        };
        if own_pawns & ahead(1) != 0 {
            v += SHELTER_NEAR;
        } else if own_pawns & ahead(2) != 0 {
            v += SHELTER_FAR;
        } else if own_pawns & file == 0 {
            v += if their_pawns & file == 0 {
                SHELTER_MISSING + SHELTER_OPEN
            } else {
                SHELTER_MISSING
            };
        }
    }
    v
}

/// The squares around a king (and two more in front of it) that attacks on count against it.
fn king_zone(ksq: u8, us: usize) -> u64 {
    let z = tables().king(ksq) | bb(ksq);
    z | if us == 0 { z << 8 } else { z >> 8 }
}

/// White's point of view, in centipawns.
fn evaluate_white(c: &Chess) -> i32 {
    let pawns = [
        c.pieces(Player::White, PieceKind::Pawn),
        c.pieces(Player::Black, PieceKind::Pawn),
    ];
    let pawn_att = [
        pawn_attacks(Player::White, pawns[0]),
        pawn_attacks(Player::Black, pawns[1]),
    ];
    let zones = [
        king_zone(c.king_square(Player::White), 0),
        king_zone(c.king_square(Player::Black), 1),
    ];
    let mut attack = [(0, 0); 2];
    let mut v = side_terms(c, 0, &pawn_att, &zones, &mut attack)
        - side_terms(c, 1, &pawn_att, &zones, &mut attack);
    for (us, &(n, w)) in attack.iter().enumerate() {
        // Only attacks by several pieces, with the queen among them, are dangerous.
        let has_queen = c.pieces(player(us), PieceKind::Queen) != 0;
        if n >= 2 && has_queen {
            let danger = w * ATTACK_SCALE[(n as usize).min(7)] / 100;
            v += if us == 0 { s(danger, 0) } else { s(-danger, 0) };
        }
    }
    let phase = c.phase().min(24);
    let mut score = (v.mg * phase + v.eg * (24 - phase)) / 24;

    // Without pawns, a minor piece more (or two knights) rarely wins.
    let strong = if score > 0 { 0 } else { 1 };
    if pawns[strong] == 0 {
        let non_pawn = |p: Player| {
            (1..5)
                .map(|k| c.pieces(p, PieceKind::from_index(k)).count_ones() as i32 * VALUE[k])
                .sum::<i32>()
        };
        let sp = player(strong);
        let two_knights = c.pieces(sp, PieceKind::Knight).count_ones() <= 2
            && (c.pieces(sp, PieceKind::Bishop)
                | c.pieces(sp, PieceKind::Rook)
                | c.pieces(sp, PieceKind::Queen))
                == 0;
        if two_knights || non_pawn(sp) - non_pawn(player(strong ^ 1)) <= VALUE[2] {
            score /= 8;
        }
    }
    score
}

/// Passes on the captures, promotions and en-passant captures of the legal move generator.
struct TacticalSink<'a> {
    list: Lister<'a>,
    enemy: u64,
}

impl Sink for TacticalSink<'_> {
    #[inline(always)]
    fn piece(&mut self, from: u8, targets: u64) {
        self.list.piece(from, targets & self.enemy);
    }

    #[inline(always)]
    fn pawns(&mut self, targets: u64, delta: i8) {
        // Pushes (a multiple of a rank) count only when they promote; diagonal steps are
        // captures.
        let targets = if delta % 8 == 0 {
            targets & (RANK_1 | RANK_8)
        } else {
            targets
        };
        if targets != 0 {
            self.list.pawns(targets, delta);
        }
    }

    #[inline(always)]
    fn single(&mut self, m: Move) {
        if m.kind() == MoveKind::EnPassant {
            self.list.single(m);
        }
    }
}

/// Value of the king in exchanges: larger than anything it could win.
const KING_EXCHANGE_VALUE: i32 = 20_000;

impl Chess {
    /// Static exchange evaluation of a capture or promotion: the material the side to move
    /// wins on the target square if both sides keep recapturing with their least valuable
    /// piece and may stop when that suits them. Pins are ignored.
    pub fn see(&self, m: Move) -> i32 {
        let t = tables();
        let (from, to) = (m.from(), m.to());
        let Some((us, mover)) = self.piece_at(from) else {
            return 0;
        };
        let mut occ = self.occupied() ^ bb(from);
        let mut gain = [0i32; 34];
        gain[0] = match m.kind() {
            MoveKind::EnPassant => {
                let captured = if us == Player::White { to - 8 } else { to + 8 };
                occ ^= bb(captured);
                VALUE[0]
            }
            _ => self.piece_at(to).map_or(0, |(_, k)| VALUE[k as usize]),
        };
        let mut on_target = match m.promotion_piece() {
            Some(p) => {
                gain[0] += VALUE[p as usize] - VALUE[0];
                VALUE[p as usize]
            }
            None if mover == PieceKind::King => KING_EXCHANGE_VALUE,
            None => VALUE[mover as usize],
        };
        let diagonal = self.kind_bb(PieceKind::Bishop) | self.kind_bb(PieceKind::Queen);
        let straight = self.kind_bb(PieceKind::Rook) | self.kind_bb(PieceKind::Queen);
        let mut attackers = self.attackers_to(to, occ) & occ;
        let mut side = us.opponent();
        let mut d = 0;
        loop {
            let mine = attackers & self.color_bb(side);
            if mine == 0 {
                break;
            }
            let Some((kind, sq)) = PieceKind::ALL.iter().find_map(|&k| {
                let b = mine & self.kind_bb(k);
                (b != 0).then(|| (k, b.trailing_zeros() as u8))
            }) else {
                break;
            };
            if kind == PieceKind::King && attackers & self.color_bb(side.opponent()) != 0 {
                // The king may not capture onto a defended square.
                break;
            }
            d += 1;
            gain[d] = on_target - gain[d - 1];
            if d + 1 >= gain.len() {
                break;
            }
            occ ^= bb(sq);
            // Sliders behind the piece that just captured join in.
            attackers |= (t.bishop(to, occ) & diagonal) | (t.rook(to, occ) & straight);
            attackers &= occ;
            on_target = if kind == PieceKind::King {
                KING_EXCHANGE_VALUE
            } else {
                VALUE[kind as usize]
            };
            side = side.opponent();
        }
        while d > 0 {
            gain[d - 1] = -(-gain[d - 1]).max(gain[d]);
            d -= 1;
        }
        gain[0]
    }
}

impl Evaluate for Chess {
    fn evaluate(&self) -> i32 {
        let v = evaluate_white(self);
        match self.side_to_move() {
            Player::White => v + TEMPO,
            Player::Black => -v + TEMPO,
        }
    }

    fn is_tactical(&self, a: Move) -> bool {
        match a.kind() {
            MoveKind::Promotion | MoveKind::EnPassant => true,
            MoveKind::Castling => false,
            MoveKind::Normal => self.piece_at(a.to()).is_some(),
        }
    }

    /// MVV-LVA for captures that do not lose material by static exchange, queen promotions
    /// first among them; losing captures and under-promotions get a negative score.
    fn order_score(&self, a: Move) -> i32 {
        let victim = match a.kind() {
            MoveKind::EnPassant => VALUE[0],
            MoveKind::Castling => return 0,
            _ => self.piece_at(a.to()).map_or(0, |(_, k)| VALUE[k as usize]),
        };
        let promo = a.promotion_piece();
        if promo.is_some_and(|p| p != PieceKind::Queen) {
            return -1;
        }
        let promo = promo.map_or(0, |p| VALUE[p as usize] - VALUE[0]);
        if victim == 0 && promo == 0 {
            return 0;
        }
        let attacker = self.piece_at(a.from()).map_or(0, |(_, k)| k as i32);
        let attacker_value = VALUE[attacker as usize];
        if victim < attacker_value && attacker != PieceKind::King as i32 {
            let gain = self.see(a);
            if gain < 0 {
                return gain - 1;
            }
        }
        10 * (victim + promo) - attacker + 1
    }

    fn tactical_actions(&self, out: &mut Vec<Move>) {
        if self.terminal().is_some() {
            return;
        }
        let enemy = self.color_bb(self.side_to_move().opponent());
        let mut sink = TacticalSink {
            list: Lister(out),
            enemy,
        };
        movegen::generate(&self.pos, &self.rules, &mut sink);
    }

    fn in_check(&self) -> bool {
        self.checkers() != 0
    }

    fn play_null(&mut self) -> Option<Position> {
        if self.checkers() != 0 {
            return None;
        }
        Some(self.play_null_move())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The same position with colours swapped and the board mirrored across the middle rank.
    fn mirror(fen: &str) -> String {
        let f: Vec<&str> = fen.split(' ').collect();
        let board: Vec<String> = f[0]
            .split('/')
            .rev()
            .map(|r| r.chars().map(swap_case).collect())
            .collect();
        let side = if f[1] == "w" { "b" } else { "w" };
        let castling: String = if f[2] == "-" {
            "-".into()
        } else {
            let mut c: Vec<char> = f[2].chars().map(swap_case).collect();
            c.sort_by_key(|ch| (ch.is_lowercase(), *ch));
            c.into_iter().collect()
        };
        let ep = if f[3] == "-" {
            "-".to_string()
        } else {
            let b = f[3].as_bytes();
            format!("{}{}", b[0] as char, (b'9' - b[1] + b'0') as char)
        };
        format!(
            "{} {} {} {} {} {}",
            board.join("/"),
            side,
            castling,
            ep,
            f[4],
            f[5]
        )
    }

    fn swap_case(c: char) -> char {
        if c.is_ascii_uppercase() {
            c.to_ascii_lowercase()
        } else {
            c.to_ascii_uppercase()
        }
    }

    const FENS: &[&str] = &[
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
        "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 10",
        "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 11",
        "4rrk1/pp1n3p/3q2pQ/2p1pb2/2PP4/2P3N1/P2B2PP/4RRK1 b - - 7 19",
        "r1bq1r1k/1pp1n1pp/1p1p4/4p2Q/4Pp2/1BNP4/PPP2PPP/3R1RK1 w - - 2 14",
        "6k1/6p1/6Pp/ppp5/3pn2P/1P3K2/1PP2P2/8 b - - 3 54",
        "8/8/8/8/5kp1/P7/8/1K1N4 w - - 0 1",
        "rnbqkb1r/pp1p1ppp/5n2/2pPp3/8/8/PPP1PPPP/RNBQKBNR w KQkq e6 0 4",
    ];

    #[test]
    fn evaluation_is_colour_symmetric() {
        for fen in FENS {
            let a = Chess::from_fen(fen, false).unwrap();
            let b = Chess::from_fen(&mirror(fen), false).unwrap();
            assert_eq!(a.evaluate(), b.evaluate(), "{fen} vs {}", mirror(fen));
        }
    }

    #[test]
    fn evaluation_is_symmetric_along_random_games() {
        use rand_core::{RngCore, SeedableRng};
        let mut rng = rand_xoshiro::Xoshiro256PlusPlus::seed_from_u64(11);
        for _ in 0..40 {
            let mut g = Chess::new(false);
            for _ in 0..60 {
                let mut v = Vec::new();
                g.legal_actions(&mut v);
                if v.is_empty() {
                    break;
                }
                g.play(v[rng.next_u64() as usize % v.len()]);
                let m = Chess::from_fen(&mirror(&g.fen()), false).unwrap();
                assert_eq!(g.evaluate(), m.evaluate(), "{}", g.fen());
            }
        }
    }

    #[test]
    fn start_position_is_level_and_material_counts() {
        let g = Chess::new(false);
        assert_eq!(g.evaluate(), TEMPO);
        // White a queen up.
        let q = Chess::from_fen(
            "rnb1kbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
            false,
        )
        .unwrap();
        assert!(q.evaluate() > 800);
        let q = Chess::from_fen(
            "rnb1kbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR b KQkq - 0 1",
            false,
        )
        .unwrap();
        assert!(q.evaluate() < -800);
    }

    #[test]
    fn pawn_structure_terms_point_the_right_way() {
        let eval = |fen: &str| Chess::from_fen(fen, false).unwrap().evaluate();
        // A passed pawn on the sixth beats one on the third.
        assert!(eval("4k3/8/4P3/8/8/8/8/4K3 w - - 0 1") > eval("4k3/8/8/8/8/4P3/8/4K3 w - - 0 1"));
        // Doubled, isolated pawns are worse than two connected ones.
        assert!(
            eval("4k3/pp6/8/8/8/8/PP6/4K3 w - - 0 1") > eval("4k3/pp6/8/8/8/P7/P7/4K3 w - - 0 1")
        );
        // A king behind its pawns is safer than one in front of them in the middlegame.
        assert!(
            eval("r2q1rk1/ppp2ppp/8/8/8/8/PPP2PPP/R2Q1RK1 w - - 0 1")
                > eval("r2q1rk1/ppp2ppp/8/8/8/6K1/PPP2PPP/R2Q1R2 w - - 0 1")
        );
        // Two bishops beat bishop and knight.
        assert!(
            eval("4k3/pppp4/8/8/8/8/PPPP4/2B1KB2 w - - 0 1")
                > eval("4k3/pppp4/8/8/8/8/PPPP4/2B1KN2 w - - 0 1")
        );
    }

    #[test]
    fn a_lone_minor_piece_is_scaled_towards_a_draw() {
        let g = Chess::from_fen("4k3/8/8/8/8/8/8/3NK3 w - - 0 1", false).unwrap();
        // (Insufficient material already ends that game; two knights do not.)
        let g2 = Chess::from_fen("4k3/8/8/8/8/8/8/2NNK3 w - - 0 1", false).unwrap();
        assert!(g.evaluate().abs() < 60);
        assert!(g2.evaluate() < 150, "{}", g2.evaluate());
    }

    #[test]
    fn static_exchange_counts_recaptures_and_x_rays() {
        let see = |fen: &str, mv: &str| {
            let g = Chess::from_fen(fen, false).unwrap();
            let m = g.parse_action(mv).unwrap();
            g.see(m)
        };
        // Rook takes an undefended pawn.
        assert_eq!(
            see("1k1r4/1pp4p/p7/4p3/8/P5P1/1PP4P/2K1R3 w - - 0 1", "e1e5"),
            100
        );
        // Knight takes a pawn defended by a pawn and lost for it.
        assert_eq!(
            see(
                "1k1r3q/1ppn3p/p4b2/4p3/8/P2N2P1/1PP1R1BP/2K1Q3 w - - 0 1",
                "d3e5"
            ),
            100 - 320
        );
        // Queen takes a pawn defended by a pawn.
        assert_eq!(
            see("4k3/8/3p4/4p3/8/8/8/4Q1K1 w - - 0 1", "e1e5"),
            100 - 900
        );
        // Rook takes a rook defended by a rook, backed by a second rook (x-ray): wins a rook.
        assert_eq!(see("4r1k1/8/8/4r3/8/8/4R3/4R1K1 w - - 0 1", "e2e5"), 500);
        // The king cannot recapture onto a defended square.
        assert_eq!(see("8/8/8/3kp3/8/5N2/8/4R1K1 w - - 0 1", "f3e5"), 100);
        assert_eq!(see("8/8/3k4/4p3/8/5N2/8/6K1 w - - 0 1", "f3e5"), 100 - 320);
        // En passant.
        assert_eq!(see("4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 1", "e5d6"), 100);
    }

    #[test]
    fn losing_captures_and_under_promotions_order_last() {
        let g = Chess::from_fen("4k3/1P6/3p4/4p3/8/8/8/4Q1K1 w - - 0 1", false).unwrap();
        let score = |mv: &str| g.order_score(g.parse_action(mv).unwrap());
        assert!(score("e1e5") < 0);
        assert!(score("b7b8q") > 0);
        assert!(score("b7b8n") < 0);
        assert_eq!(score("e1e2"), 0);
    }

    #[test]
    fn tactical_actions_are_the_tactical_legal_actions() {
        use rand_core::{RngCore, SeedableRng};
        let mut rng = rand_xoshiro::Xoshiro256PlusPlus::seed_from_u64(5);
        let mut starts: Vec<Chess> = FENS
            .iter()
            .map(|f| Chess::from_fen(f, false).unwrap())
            .collect();
        starts.push(
            Chess::from_fen("r3k2r/1P4P1/8/2pP4/8/8/1p4p1/R3K2R w KQkq c6 0 1", false).unwrap(),
        );
        for start in starts {
            for _ in 0..20 {
                let mut g = start.clone();
                for _ in 0..40 {
                    let mut all = Vec::new();
                    g.legal_actions(&mut all);
                    let mut want: Vec<Move> =
                        all.iter().copied().filter(|&a| g.is_tactical(a)).collect();
                    let mut got = Vec::new();
                    g.tactical_actions(&mut got);
                    want.sort_by_key(|m| m.bits());
                    got.sort_by_key(|m| m.bits());
                    assert_eq!(got, want, "{}", g.fen());
                    if all.is_empty() {
                        break;
                    }
                    g.play(all[rng.next_u64() as usize % all.len()]);
                }
            }
        }
    }
}
