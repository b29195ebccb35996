//! Search hooks for chess: a hand-written evaluation over a table of weights, and MVV-LVA
//! ordering.
//!
//! The evaluation adds, for each side, middlegame and endgame scores of material, piece-square
//! terms, mobility, king safety (attacks on the king's zone, weak squares around it, attacks
//! on its flank, pawn shelter and storm, safe checks, a king on a flank without pawns), pawn
//! structure (doubled, isolated, supported, phalanx, backward and passed pawns), outposts,
//! minor pieces behind pawns and their distance from their king, bishops hemmed in by their
//! own pawns or on a long diagonal, rooks on open files, the bishop pair, space, squares
//! where the enemy's pieces are restricted, and threats (pieces attacked by pawns, by pawns
//! after a safe push, by minor pieces, by rooks or by the king, and hanging ones), scales
//! the endgame score down where the side ahead has few pawns or the bishops stand on
//! opposite colours, then blends the two by the game phase (tapered evaluation) and adds a
//! small bonus for the side to move.
//! Endings where the side ahead has no pawns and at most a minor piece more are scaled
//! towards a draw.
//!
//! Every number comes from `Weights`. The same code computes the score and, for tuning, the
//! score's gradient with respect to every weight (`Trace`): the evaluation is linear in all
//! weights but the king attack ones, whose product is linearised at the current values.

use std::cell::RefCell;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, OnceLock};

use super::attacks::{bb, pawn_captures_bb, tables, DARK_SQUARES, FILE_A, FILE_H, RANK_1, RANK_8};
use super::weights::{s, Weights, S};
use super::{pawn_attacks, Chess, Move, MoveKind, PieceKind, Position};
use crate::core::bitboard::Bits;
use crate::core::game::{Evaluate, Game, Player, QuietContext, RuleError};
use crate::core::network::Network;
use crate::core::param_table::{self, ParamTable};
use crate::kits::chessboard::movegen::{self, Lister, Tactical};

/// Centipawn values by `PieceKind` index for move ordering (the king is never captured).
const VALUE: [i32; 6] = [100, 320, 330, 500, 900, 0];

/// The weights with what is derived from them: piece-square values per colour with
/// material included.
#[derive(Debug)]
pub struct EvalTables {
    pub weights: Weights,
    /// `pst[color][kind][square]`, material included.
    pst: [[[S; 64]; 6]; 2],
    /// A network that evaluates instead of the weights (the `EvalNet` option), or, where
    /// `net_on_hand`, whose score is added to theirs.
    pub net: Option<Arc<Network>>,
    pub net_on_hand: bool,
    /// Tells these weights from every other set built in the process, so that the pawn
    /// structure cache never answers with another set's terms.
    id: u64,
}

impl EvalTables {
    pub fn new(weights: Weights) -> EvalTables {
        let mut pst = [[[S::default(); 64]; 6]; 2];
        for (kind, (material, table)) in weights.material.0.iter().zip(&weights.pst.0).enumerate() {
            for (sq, &v) in table.0.iter().enumerate() {
                pst[0][kind][sq] = *material + v;
                // Black's table is White's seen in a mirror across the middle rank.
                pst[1][kind][sq ^ 56] = *material + v;
            }
        }
        static NEXT_ID: AtomicU64 = AtomicU64::new(1);
        EvalTables {
            weights,
            pst,
            net: None,
            net_on_hand: false,
            id: NEXT_ID.fetch_add(1, Ordering::Relaxed),
        }
    }

    /// The default weights' tables, built once and shared.
    pub fn default_shared() -> Arc<EvalTables> {
        static T: OnceLock<Arc<EvalTables>> = OnceLock::new();
        T.get_or_init(|| Arc::new(EvalTables::new(Weights::default())))
            .clone()
    }
}

/// Squares in front of a pawn on its own and the adjacent files: no enemy pawn there means
/// the pawn is passed.
fn passed_span() -> &'static [[u64; 64]; 2] {
    static T: OnceLock<[[u64; 64]; 2]> = OnceLock::new();
    T.get_or_init(|| {
        let mut span = [[0u64; 64]; 2];
        for sq in 0..64u8 {
            let (f, r) = (sq & 7, sq >> 3);
            let files = (FILE_A << f)
                | if f > 0 { FILE_A << (f - 1) } else { 0 }
                | if f < 7 { FILE_A << (f + 1) } else { 0 };
            let above = if r == 7 { 0 } else { !0u64 << (8 * (r + 1)) };
            let below = if r == 0 { 0 } else { !0u64 >> (8 * (8 - r)) };
            span[0][sq as usize] = files & above;
            span[1][sq as usize] = files & below;
        }
        span
    })
}

/// Which part of the blend a traced coefficient belongs to.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Part {
    Mg,
    Eg,
}

/// Receives the coefficients of the weights as the evaluation uses them, from White's
/// point of view. `ON` is false for plain evaluation, which then compiles to the bare sum.
trait Trace {
    const ON: bool;
    fn add(&mut self, index: usize, part: Part, coef: f32);
}

struct NoTrace;

impl Trace for NoTrace {
    const ON: bool = false;
    #[inline(always)]
    fn add(&mut self, _: usize, _: Part, _: f32) {}
}

/// Coefficients by weight index, dense.
struct Coefficients {
    mg: Vec<f32>,
    eg: Vec<f32>,
}

impl Trace for Coefficients {
    const ON: bool = true;
    fn add(&mut self, index: usize, part: Part, coef: f32) {
        match part {
            Part::Mg => self.mg[index] += coef,
            Part::Eg => self.eg[index] += coef,
        }
    }
}

/// One evaluation: the weights, the trace, and the sign of the side whose terms are being
/// added (+1 White, -1 Black).
struct Eval<'a, T: Trace> {
    t: &'a EvalTables,
    w: &'a Weights,
    tr: T,
    sign: i32,
}

impl<T: Trace> Eval<'_, T> {
    /// `n` times a middlegame/endgame pair of the table.
    #[inline(always)]
    fn pair(&mut self, x: &S, n: i32) -> S {
        if T::ON {
            let c = (n * self.sign) as f32;
            self.tr.add(self.w.index_of(&x.mg), Part::Mg, c);
            self.tr.add(self.w.index_of(&x.eg), Part::Eg, c);
        }
        *x * n
    }

    /// `n` times a single weight counted in the middlegame only.
    #[inline(always)]
    fn mg(&mut self, x: &i32, n: i32) -> S {
        if T::ON {
            self.tr
                .add(self.w.index_of(x), Part::Mg, (n * self.sign) as f32);
        }
        s(*x * n, 0)
    }

    /// `n` times a single weight counted in the endgame only.
    #[inline(always)]
    fn eg(&mut self, x: &i32, n: i32) -> S {
        if T::ON {
            self.tr
                .add(self.w.index_of(x), Part::Eg, (n * self.sign) as f32);
        }
        s(0, *x * n)
    }

    /// Material and piece-square value of a piece of side `us`.
    #[inline(always)]
    fn piece(&mut self, us: usize, kind: usize, sq: u8) -> S {
        if T::ON {
            let rel = if us == 0 { sq } else { sq ^ 56 } as usize;
            let w = self.w;
            self.pair(&w.material[kind], 1);
            self.pair(&w.pst[kind][rel], 1);
        }
        self.t.pst[us][kind][sq as usize]
    }
}

#[inline]
fn player(c: usize) -> Player {
    if c == 0 {
        Player::White
    } else {
        Player::Black
    }
}

/// The squares of `sq`'s colour.
#[inline]
fn squares_of_colour(sq: u8) -> u64 {
    if bb(sq) & DARK_SQUARES != 0 {
        DARK_SQUARES
    } else {
        !DARK_SQUARES
    }
}

#[inline]
fn distance(a: u8, b: u8) -> i32 {
    let df = (a & 7) as i32 - (b & 7) as i32;
    let dr = (a >> 3) as i32 - (b >> 3) as i32;
    df.abs().max(dr.abs())
}

/// Attacks on one king's zone: attackers, their weighted sum, and (for the trace) the
/// squares attacked per attacker kind.
#[derive(Clone, Copy, Default)]
struct KingAttack {
    attackers: i32,
    weight: i32,
    squares: [i32; 6],
}

/// What one side attacks: by the attacker's kind, all together, and twice or more.
#[derive(Clone, Copy, Default)]
struct AttackMap {
    by: [u64; 6],
    all: u64,
    two: u64,
}

impl AttackMap {
    #[inline(always)]
    fn add(&mut self, kind: usize, att: u64) {
        self.by[kind] |= att;
        self.two |= self.all & att;
        self.all |= att;
    }
}

/// The files beside a file.
#[inline]
fn adjacent_files(f: u8) -> u64 {
    (if f > 0 { FILE_A << (f - 1) } else { 0 }) | (if f < 7 { FILE_A << (f + 1) } else { 0 })
}

/// What the evaluation knows of both sides' pawns before the pieces' terms.
struct PawnFacts {
    /// The squares each side's pawns attack.
    attacks: [u64; 2],
    /// Each side's passed pawns.
    passed: [u64; 2],
}

/// One side's terms that need only its own attacks (and the enemy pawns'), but those of
/// `pawn_structure`; fills `map` with what the side attacks, for the threats that need
/// both sides'.
fn side_terms<T: Trace>(
    e: &mut Eval<T>,
    c: &Chess,
    us: usize,
    pawns: &PawnFacts,
    zones: &[u64; 2],
    attack: &mut [KingAttack; 2],
    map: &mut AttackMap,
) -> S {
    let t = tables();
    let w = e.w;
    let span = passed_span();
    let them = us ^ 1;
    let (pu, pt) = (player(us), player(them));
    let occ = c.occupied();
    let own = c.color_bb(pu);
    let own_pawns = c.pieces(pu, PieceKind::Pawn);
    let their_pawns = c.pieces(pt, PieceKind::Pawn);
    let safe = !own & !pawns.attacks[them];
    let mut v = S::default();

    // In the ending the kings' distances to the square in front of a passed pawn decide
    // races; the rest of the pawns' terms come from `pawn_structure`.
    for sq in Bits(pawns.passed[us]) {
        let rel = if us == 0 { sq >> 3 } else { 7 - (sq >> 3) } as i32;
        let front = if us == 0 { sq + 8 } else { sq - 8 };
        v += e.eg(
            &w.passed_enemy_king,
            distance(c.king_square(pt), front) * rel,
        );
        v += e.eg(&w.passed_own_king, distance(c.king_square(pu), front) * rel);
    }
    // Two pawns may attack one square: the two captures apart.
    let (towards_a, towards_h) = pawn_captures_bb(us, own_pawns);
    map.add(0, towards_a);
    map.add(0, towards_h);
    let enemy_zone = zones[them];
    let mut ka = KingAttack::default();
    for kind in 1..5 {
        let pk = PieceKind::from_index(kind);
        for sq in Bits(c.pieces(pu, pk)) {
            v += e.piece(us, kind, sq);
            let att = match kind {
                1 => t.knight(sq),
                2 => t.bishop(sq, occ),
                3 => t.rook(sq, occ),
                _ => t.queen(sq, occ),
            };
            map.add(kind, att);
            let m = (att & safe).count_ones() as usize;
            v += match kind {
                1 => e.pair(&w.knight_mobility[m], 1),
                2 => e.pair(&w.bishop_mobility[m], 1),
                3 => e.pair(&w.rook_mobility[m], 1),
                _ => e.pair(&w.queen_mobility[m], 1),
            };
            if att & enemy_zone != 0 {
                let n = (att & enemy_zone).count_ones().min(4) as i32;
                ka.attackers += 1;
                ka.weight += w.king_attack[kind] * n;
                ka.squares[kind] += n;
            }
            if kind <= 2 {
                if forward(bb(sq), us) & (own_pawns | their_pawns) != 0 {
                    v += e.pair(&w.minor_behind_pawn, 1);
                }
                v += e.pair(&w.minor_king_distance, distance(sq, c.king_square(pu)));
                if kind == 2 {
                    const CENTRE: u64 = 0x0000_0018_1800_0000;
                    let long = if (sq >> 3) == (sq & 7) || (sq >> 3) + (sq & 7) == 7 {
                        t.bishop(sq, own_pawns | their_pawns) & CENTRE
                    } else {
                        0
                    };
                    if long.count_ones() > 1 {
                        v += e.pair(&w.long_diagonal, 1);
                    }
                    let n = (own_pawns & squares_of_colour(sq)).count_ones() as i32;
                    if n > 0 {
                        v += e.pair(&w.bishop_pawns, n);
                    }
                }
                let rel = if us == 0 { sq >> 3 } else { 7 - (sq >> 3) };
                let attackers = span[us][sq as usize] & adjacent_files(sq & 7) & their_pawns;
                if (3..=5).contains(&rel) && bb(sq) & pawns.attacks[us] != 0 && attackers == 0 {
                    let bonus = if kind == 1 {
                        &w.knight_outpost
                    } else {
                        &w.bishop_outpost
                    };
                    v += e.pair(bonus, 1);
                }
            }
            if kind == 3 {
                let file = FILE_A << (sq & 7);
                if file & (own_pawns | their_pawns) == 0 {
                    v += e.pair(&w.rook_open, 1);
                } else if file & own_pawns == 0 {
                    v += e.pair(&w.rook_semi_open, 1);
                }
            }
        }
    }
    attack[us] = ka;
    if c.pieces(pu, PieceKind::Bishop).count_ones() >= 2 {
        v += e.pair(&w.bishop_pair, 1);
    }

    let ksq = c.king_square(pu);
    map.add(5, t.king(ksq));
    v += e.piece(us, 5, ksq);
    v += shelter(e, ksq, us, own_pawns, their_pawns);
    if (own_pawns | their_pawns) & king_flank(ksq & 7) == 0 {
        v += e.pair(&w.pawnless_flank, 1);
    }
    v
}

/// The files a king on file `f` fights on: a to d, c to f or e to h.
fn king_flank(f: u8) -> u64 {
    const A_TO_D: u64 = 0x0f0f_0f0f_0f0f_0f0f;
    match f {
        0..=2 => A_TO_D,
        3 | 4 => A_TO_D << 2,
        _ => A_TO_D << 4,
    }
}

/// The pawns' terms that depend on the pawns alone (material and squares, passed,
/// supported, phalanx, backward, doubled and isolated pawns): White's minus Black's, and
/// each side's passed pawns. Pawns move seldom, so a search meets the same structure again
/// and again; outside tuning (which needs the trace) the answer comes from a cache by the
/// pawns, one per thread.
fn pawn_structure<T: Trace>(
    e: &mut Eval<T>,
    pawns: &[u64; 2],
    pawn_att: &[u64; 2],
) -> (S, [u64; 2]) {
    if T::ON {
        return pawn_structure_fresh(e, pawns, pawn_att);
    }
    PAWN_CACHE.with(|cell| {
        let mut cache = cell.borrow_mut();
        if cache.is_empty() {
            cache.resize(PAWN_CACHE_ENTRIES, PawnEntry::default());
        }
        let slot = &mut cache[(pawn_hash(pawns) >> 52) as usize & (PAWN_CACHE_ENTRIES - 1)];
        if slot.pawns != *pawns || slot.tables != e.t.id {
            let (score, passed) = pawn_structure_fresh(e, pawns, pawn_att);
            *slot = PawnEntry {
                pawns: *pawns,
                tables: e.t.id,
                score,
                passed,
            };
        }
        (slot.score, slot.passed)
    })
}

/// A hash of both sides' pawns: the correction history's key, and the pawn structure
/// cache's index.
#[inline]
fn pawn_hash(pawns: &[u64; 2]) -> u64 {
    let h = pawns[0].wrapping_mul(0x9E37_79B9_7F4A_7C15)
        ^ pawns[1].wrapping_mul(0xC2B2_AE3D_27D4_EB4F).rotate_left(29);
    h.wrapping_mul(0xD6E8_FEB8_6659_FD93)
}

/// Entries of a thread's pawn structure cache (a power of two).
const PAWN_CACHE_ENTRIES: usize = 4096;

/// One structure's terms, for the pawns and weights they were computed with.
#[derive(Clone, Copy, Default)]
struct PawnEntry {
    pawns: [u64; 2],
    /// `EvalTables::id`; 0 (no tables) in an empty entry.
    tables: u64,
    score: S,
    passed: [u64; 2],
}

thread_local! {
    static PAWN_CACHE: RefCell<Vec<PawnEntry>> = const { RefCell::new(Vec::new()) };
}

fn pawn_structure_fresh<T: Trace>(
    e: &mut Eval<T>,
    pawns: &[u64; 2],
    pawn_att: &[u64; 2],
) -> (S, [u64; 2]) {
    e.sign = 1;
    let (white, white_passed) = pawn_side(e, 0, pawns, pawn_att);
    e.sign = -1;
    let (black, black_passed) = pawn_side(e, 1, pawns, pawn_att);
    (white - black, [white_passed, black_passed])
}

/// One side's `pawn_structure` terms and passed pawns.
fn pawn_side<T: Trace>(
    e: &mut Eval<T>,
    us: usize,
    pawns: &[u64; 2],
    pawn_att: &[u64; 2],
) -> (S, u64) {
    let w = e.w;
    let span = passed_span();
    let them = us ^ 1;
    let (own_pawns, their_pawns) = (pawns[us], pawns[them]);
    let mut v = S::default();
    let mut passed = 0;
    for sq in Bits(own_pawns) {
        v += e.piece(us, 0, sq);
        if span[us][sq as usize] & their_pawns == 0 {
            let rel = if us == 0 { sq >> 3 } else { 7 - (sq >> 3) } as usize;
            v += e.pair(&w.passed[rel], 1);
            passed |= bb(sq);
        }
        if bb(sq) & pawn_att[us] != 0 {
            v += e.pair(&w.supported, 1);
        }
        let beside = ((bb(sq) << 1) & !FILE_A) | ((bb(sq) >> 1) & !FILE_H);
        if beside & own_pawns != 0 {
            v += e.pair(&w.phalanx, 1);
        }
        // Backward: own pawns on the files beside, but all of them ahead, and the stop
        // square under an enemy pawn's attack.
        let adjacent = adjacent_files(sq & 7);
        let r = sq >> 3;
        let level_or_behind = if us == 0 {
            !0u64 >> (8 * (7 - r))
        } else {
            !0u64 << (8 * r)
        };
        let stop = if us == 0 { sq + 8 } else { sq - 8 };
        if own_pawns & adjacent != 0
            && own_pawns & adjacent & level_or_behind == 0
            && bb(stop) & pawn_att[them] != 0
        {
            v += e.pair(&w.backward, 1);
        }
    }
    for f in 0..8 {
        let file = FILE_A << f;
        let n = (own_pawns & file).count_ones() as i32;
        if n == 0 {
            continue;
        }
        if n > 1 {
            v += e.pair(&w.doubled, n - 1);
        }
        if own_pawns & adjacent_files(f) == 0 {
            v += e.pair(&w.isolated, n);
        }
    }
    (v, passed)
}

/// Threats of side `us` against the enemy's pieces, the squares where it restricts them,
/// its pressure on the enemy king's zone (`enemy_zone`, from `king_zone`) and flank, and its
/// safe checks.
fn threats<T: Trace>(
    e: &mut Eval<T>,
    c: &Chess,
    us: usize,
    maps: &[AttackMap; 2],
    enemy_zone: u64,
) -> S {
    let t = tables();
    let w = e.w;
    let (pu, pt) = (player(us), player(us ^ 1));
    let (ours, theirs) = (&maps[us], &maps[us ^ 1]);
    let targets = c.color_bb(pt) & !c.pieces(pt, PieceKind::King);
    let non_pawn = targets & !c.pieces(pt, PieceKind::Pawn);
    // Defended by a pawn, or twice where we attack once: taking it loses material.
    let strongly = theirs.by[0] | (theirs.two & !ours.two);
    let weak = targets & !strongly & ours.all;
    let minors = ours.by[1] | ours.by[2];
    let mut v = S::default();
    for kind in 0..5 {
        let victims = c.pieces(pt, PieceKind::from_index(kind));
        if victims == 0 {
            continue;
        }
        let n = (victims & ours.by[0]).count_ones() as i32;
        if kind > 0 && n > 0 {
            v += e.pair(&w.pawn_threat[kind], n);
        }
        let n = (victims & (weak | (non_pawn & strongly)) & minors).count_ones() as i32;
        if n > 0 {
            v += e.pair(&w.minor_threat[kind], n);
        }
        let n = (victims & weak & ours.by[3]).count_ones() as i32;
        if n > 0 {
            v += e.pair(&w.rook_threat[kind], n);
        }
    }
    // A pawn that can step (or double-step) to a square where it is not lost, attacking a
    // piece there; pieces a pawn already attacks are counted above.
    let own_pawns = c.pieces(pu, PieceKind::Pawn);
    let empty = !c.occupied();
    let third = if us == 0 { RANK_1 << 16 } else { RANK_8 >> 16 };
    let mut push = forward(own_pawns, us) & empty;
    push |= forward(push & third, us) & empty;
    push &= !theirs.by[0] & (ours.all | !theirs.all);
    let n = (pawn_attacks(pu, push) & non_pawn & !ours.by[0]).count_ones() as i32;
    if n > 0 {
        v += e.pair(&w.pawn_push_threat, n);
    }
    let restricted = theirs.all & !strongly & ours.all;
    if restricted != 0 {
        v += e.pair(&w.restricted, restricted.count_ones() as i32);
    }
    // The enemy king's surroundings.
    let ksq = c.king_square(pt);
    let ring = enemy_zone & ours.all & !theirs.two & (!theirs.all | theirs.by[4] | theirs.by[5]);
    if ring != 0 {
        v += e.pair(&w.weak_king_ring, ring.count_ones() as i32);
    }
    let camp = if us == 0 { !0u64 << 24 } else { !0u64 >> 24 };
    let flank = camp & king_flank(ksq & 7);
    let n = (flank & ours.all).count_ones() + (flank & ours.two).count_ones();
    if n > 0 {
        v += e.pair(&w.flank_attacks, n as i32);
    }
    let hanging = weak & (!theirs.all | (non_pawn & ours.two));
    if hanging != 0 {
        v += e.pair(&w.hanging, hanging.count_ones() as i32);
    }
    if weak & ours.by[5] != 0 {
        v += e.pair(&w.king_threat, 1);
    }
    let occ = c.occupied();
    let safe = !theirs.all & !c.color_bb(pu);
    let (diagonal, straight) = (t.bishop(ksq, occ), t.rook(ksq, occ));
    let checks = [
        0,
        t.knight(ksq) & ours.by[1],
        diagonal & ours.by[2],
        straight & ours.by[3],
        (diagonal | straight) & ours.by[4],
    ];
    for (kind, squares) in checks.into_iter().enumerate().skip(1) {
        if squares & safe != 0 {
            v += e.pair(&w.safe_check[kind], 1);
        }
    }
    v
}

/// Middlegame room behind the pawns in the centre: squares of the c to f files on the own
/// second to fourth ranks that no own pawn holds and no enemy pawn attacks, those behind
/// own pawns that the enemy does not attack at all counted twice.
fn space<T: Trace>(e: &mut Eval<T>, c: &Chess, us: usize, maps: &[AttackMap; 2]) -> S {
    const CENTRE_FILES: u64 = (FILE_A << 2) | (FILE_A << 3) | (FILE_A << 4) | (FILE_A << 5);
    const SECOND_TO_FOURTH: u64 = (RANK_1 << 8) | (RANK_1 << 16) | (RANK_1 << 24);
    let own_pawns = c.pieces(player(us), PieceKind::Pawn);
    let (area, behind) = if us == 0 {
        let b = own_pawns >> 8;
        (CENTRE_FILES & SECOND_TO_FOURTH, b | b >> 8 | b >> 16)
    } else {
        let b = own_pawns << 8;
        (
            CENTRE_FILES & (SECOND_TO_FOURTH << 24),
            b | b << 8 | b << 16,
        )
    };
    let safe = area & !own_pawns & !maps[us ^ 1].by[0];
    let n = safe.count_ones() + (safe & behind & !maps[us ^ 1].all).count_ones();
    e.mg(&e.w.space, n as i32)
}

/// Pawn cover in front of the king, middlegame only.
fn shelter<T: Trace>(e: &mut Eval<T>, ksq: u8, us: usize, own_pawns: u64, their_pawns: u64) -> S {
    let w = e.w;
    let kf = (ksq & 7).clamp(1, 6);
    let kr = ksq >> 3;
    let mut v = S::default();
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
        // The storm: the enemy pawn on this file nearest the king, in front of it.
        let storm = their_pawns & file & ranks_ahead(kr, us);
        if storm != 0 {
            let sq = if us == 0 {
                storm.trailing_zeros() as u8
            } else {
                63 - storm.leading_zeros() as u8
            };
            let blocked = forward(bb(sq), us ^ 1) & own_pawns != 0;
            if blocked {
                v += e.mg(&w.storm_blocked, 1);
            } else {
                let rel = if us == 0 { sq >> 3 } else { 7 - (sq >> 3) };
                v += e.mg(&w.storm[rel as usize], 1);
            }
        }
        if own_pawns & ahead(1) != 0 {
            v += e.mg(&w.shelter_near, 1);
        } else if own_pawns & ahead(2) != 0 {
            v += e.mg(&w.shelter_far, 1);
        } else if own_pawns & file == 0 {
            v += e.mg(&w.shelter_missing, 1);
            if their_pawns & file == 0 {
                v += e.mg(&w.shelter_open, 1);
            }
        }
    }
    v
}

/// `b` one rank forward for side `us`.
#[inline(always)]
fn forward(b: u64, us: usize) -> u64 {
    if us == 0 {
        b << 8
    } else {
        b >> 8
    }
}

/// The ranks in front of rank `r`, seen from side `us`.
fn ranks_ahead(r: u8, us: usize) -> u64 {
    if us == 0 {
        (!0u64).checked_shl(8 * (r as u32 + 1)).unwrap_or(0)
    } else {
        (1u64 << (8 * r as u32)) - 1
    }
}

/// The squares around a king (and two more in front of it) that attacks on count against it.
fn king_zone(ksq: u8, us: usize) -> u64 {
    let z = tables().king(ksq) | bb(ksq);
    z | forward(z, us)
}

/// Out of 64, how much of the endgame score stands. An advantage is harder to turn into a
/// win with few pawns left to make a queen of, and much harder with bishops on squares of
/// opposite colours, where the defender's bishop blockades what the other cannot attack
/// (unless passed pawns stretch it).
fn endgame_scale(c: &Chess, eg: i32, pawns: &[u64; 2], passed: &[u64; 2]) -> i32 {
    let strong = if eg >= 0 { 0 } else { 1 };
    let bishops = [
        c.pieces(Player::White, PieceKind::Bishop),
        c.pieces(Player::Black, PieceKind::Bishop),
    ];
    let one_each = bishops[0].count_ones() == 1 && bishops[1].count_ones() == 1;
    if one_each && ((bishops[0] & DARK_SQUARES == 0) != (bishops[1] & DARK_SQUARES == 0)) {
        let others = |p: Player| {
            c.pieces(p, PieceKind::Knight)
                | c.pieces(p, PieceKind::Rook)
                | c.pieces(p, PieceKind::Queen)
        };
        if others(Player::White) | others(Player::Black) == 0 {
            return (20 + 4 * passed[strong].count_ones() as i32).min(64);
        }
        return 46;
    }
    (36 + 7 * pawns[strong].count_ones() as i32).min(64)
}

/// The blended score from White's point of view, before the tempo bonus, with the phase,
/// the endgame scale (out of 64) and the drawish-ending scale (1 or 1/8) it used.
fn evaluate_white<T: Trace>(e: &mut Eval<T>, c: &Chess) -> (i32, i32, i32, bool) {
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
    let mut attack = [KingAttack::default(); 2];
    let mut maps = [AttackMap::default(); 2];
    let (structure, passed) = pawn_structure(e, &pawns, &pawn_att);
    let facts = PawnFacts {
        attacks: pawn_att,
        passed,
    };
    e.sign = 1;
    let white = side_terms(e, c, 0, &facts, &zones, &mut attack, &mut maps[0]);
    e.sign = -1;
    let black = side_terms(e, c, 1, &facts, &zones, &mut attack, &mut maps[1]);
    e.sign = 1;
    let white_threats = threats(e, c, 0, &maps, zones[1]);
    e.sign = -1;
    let black_threats = threats(e, c, 1, &maps, zones[0]);
    e.sign = 1;
    let white_space = space(e, c, 0, &maps);
    e.sign = -1;
    let black_space = space(e, c, 1, &maps);
    e.sign = 1;
    let mut v =
        structure + white - black + white_threats - black_threats + white_space - black_space;
    let w = e.w;
    for (us, ka) in attack.iter().enumerate() {
        // Only attacks by several pieces, with the queen among them, are dangerous.
        let has_queen = c.pieces(player(us), PieceKind::Queen) != 0;
        if ka.attackers >= 2 && has_queen {
            let n = (ka.attackers as usize).min(7);
            let scale = w.attack_scale[n];
            let danger = ka.weight * scale / 100;
            let sign = if us == 0 { 1 } else { -1 };
            v += s(sign * danger, 0);
            if T::ON {
                // danger = sum(weight_k * squares_k) * scale / 100, linearised.
                let sf = sign as f32;
                for kind in 1..5 {
                    if ka.squares[kind] != 0 {
                        let i = w.index_of(&w.king_attack[kind]);
                        e.tr.add(i, Part::Mg, sf * (ka.squares[kind] * scale) as f32 / 100.0);
                    }
                }
                let i = w.index_of(&w.attack_scale[n]);
                e.tr.add(i, Part::Mg, sf * ka.weight as f32 / 100.0);
            }
        }
    }
    let phase = c.phase().min(24);
    let eg_scale = endgame_scale(c, v.eg, &pawns, &passed);
    let mut score = (v.mg * phase + v.eg * eg_scale / 64 * (24 - phase)) / 24;

    // Without pawns, a minor piece more (or two knights) rarely wins.
    let strong = if score > 0 { 0 } else { 1 };
    let mut drawish = false;
    if pawns[strong] == 0 {
        let sp = player(strong);
        let two_knights = c.pieces(sp, PieceKind::Knight).count_ones() <= 2
            && (c.pieces(sp, PieceKind::Bishop)
                | c.pieces(sp, PieceKind::Rook)
                | c.pieces(sp, PieceKind::Queen))
                == 0;
        if two_knights
            || non_pawn_material(c, sp) - non_pawn_material(c, player(strong ^ 1)) <= VALUE[2]
        {
            score /= 8;
            drawish = true;
        }
    }
    (score, phase, eg_scale, drawish)
}

impl Chess {
    /// The evaluation's tables (weights and what is derived from them).
    pub fn eval_tables(&self) -> &Arc<EvalTables> {
        &self.eval
    }

    /// Plays on with other evaluation weights (a network in use stays).
    pub fn set_weights(&mut self, w: Weights) {
        let mut t = EvalTables::new(w);
        t.net = self.eval.net.clone();
        t.net_on_hand = self.eval.net_on_hand;
        self.eval = Arc::new(t);
    }

    /// `evaluate()` and its gradient with respect to every weight (dense, in the table's
    /// order), side to move's point of view.
    pub fn evaluate_traced(&self) -> (i32, Vec<f32>) {
        let n = std::mem::size_of::<Weights>() / std::mem::size_of::<i32>();
        let t = &*self.eval;
        let mut e = Eval {
            t,
            w: &t.weights,
            tr: Coefficients {
                mg: vec![0.0; n],
                eg: vec![0.0; n],
            },
            sign: 1,
        };
        let (score, phase, eg_scale, drawish) = evaluate_white(&mut e, self);
        let stm = if self.side_to_move() == Player::White {
            1.0
        } else {
            -1.0
        };
        let scale = if drawish { 0.125 } else { 1.0 };
        let (fm, fe) = (
            phase as f32 / 24.0,
            (24 - phase) as f32 / 24.0 * eg_scale as f32 / 64.0,
        );
        let c = &e.tr;
        let mut grad: Vec<f32> = (0..n)
            .map(|i| stm * scale * (c.mg[i] * fm + c.eg[i] * fe))
            .collect();
        // The tempo bonus is added after the blend, for whichever side is to move.
        grad[t.weights.index_of(&t.weights.tempo)] += 1.0;
        (self.finish(score), grad)
    }

    /// White's blended score to the side to move's, with the tempo bonus.
    #[inline]
    fn finish(&self, white: i32) -> i32 {
        let tempo = self.eval.weights.tempo;
        match self.side_to_move() {
            Player::White => white + tempo,
            Player::Black => -white + tempo,
        }
    }
}

/// Value of the king in exchanges: larger than anything it could win.
const KING_EXCHANGE_VALUE: i32 = 20_000;

/// Ordering hints of quiet moves, beside histories bounded by 16,384 each: a minor piece,
/// a rook or a queen leaving the attack of a lesser piece, and a move that gives check.
const QUIET_ESCAPE: [i32; 3] = [4500, 7500, 15_000];
const QUIET_CHECK: i32 = 5000;

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

/// A bishop and pawns all on one rook file against a bare king that stands on or beside
/// the corner they queen on, where the bishop cannot cover that corner: the defender's king
/// cannot be driven out, so the game is drawn however many pawns there are.
fn wrong_bishop_draw(c: &Chess) -> bool {
    use PieceKind::{Bishop, King, Knight, Pawn, Queen, Rook};
    if c.kind_bb(Knight) | c.kind_bb(Rook) | c.kind_bb(Queen) != 0 {
        return false;
    }
    [Player::White, Player::Black].into_iter().any(|strong| {
        let weak = strong.opponent();
        let pawns = c.pieces(strong, Pawn);
        let bishops = c.pieces(strong, Bishop);
        if c.color_bb(weak) != c.pieces(weak, King) || pawns == 0 || bishops == 0 {
            return false;
        }
        let file = if pawns & FILE_A == pawns {
            0
        } else if pawns & FILE_H == pawns {
            7
        } else {
            return false;
        };
        let corner = if strong == Player::White {
            56 + file
        } else {
            file
        };
        bishops & squares_of_colour(corner) == 0 && distance(c.king_square(weak), corner) <= 1
    })
}

/// The material of `p`'s pieces other than pawns and the king.
fn non_pawn_material(c: &Chess, p: Player) -> i32 {
    (1..5)
        .map(|k| c.pieces(p, PieceKind::from_index(k)).count_ones() as i32 * VALUE[k])
        .sum()
}

/// Above any ordinary evaluation of the pieces left, so that a search prefers reaching a
/// mate it can force over keeping more material that it cannot.
const BARE_KING_WIN: i32 = 1000;

/// A lone king against pieces that can force mate without pawns (a queen or a rook, bishops
/// on both colours, a bishop and a knight, three knights): White's score, or `None` where
/// it is not such an ending. The mate needs the lone king on the edge and the other king
/// close; with a bishop and a knight alone, in a corner the bishop covers, the only place
/// it can be forced, which a search of a few plies does not see from the middle of the
/// board (the mate takes up to 33 moves). So the score is the winner's material and a win
/// margin, then the kings' nearness, then the lone king's nearness to the edge, or to the
/// bishop's corners (far above the rest: the king is driven there along the edge).
fn bare_king_mate(c: &Chess) -> Option<i32> {
    use PieceKind::{Bishop, King, Knight, Pawn, Queen, Rook};
    let strong = [Player::White, Player::Black]
        .into_iter()
        .find(|&p| c.color_bb(p.opponent()) == c.pieces(p.opponent(), King))?;
    let count = |k: PieceKind| c.pieces(strong, k).count_ones();
    if count(Pawn) > 0 {
        return None;
    }
    let bishops = c.pieces(strong, Bishop);
    let both_colours = bishops & DARK_SQUARES != 0 && bishops & !DARK_SQUARES != 0;
    // Mates that any edge square allows; else only a bishop and a knight can mate.
    let edge_mate = count(Queen) + count(Rook) > 0 || both_colours || count(Knight) >= 3;
    if !edge_mate && (bishops == 0 || count(Knight) == 0) {
        return None;
    }
    let (sk, wk) = (c.king_square(strong), c.king_square(strong.opponent()));
    let material = non_pawn_material(c, strong);
    let near = 40 * (7 - distance(sk, wk));
    // Files and ranks from the nearest edge, 0 to 3 each.
    let edge = |sq: u8| -> i32 {
        let (f, r) = ((sq & 7) as i32, (sq >> 3) as i32);
        f.min(7 - f) + r.min(7 - r)
    };
    let driven = if !edge_mate {
        // Steps from the long diagonal a8-h1 towards the bishop's corners: 7 in a1 and h8
        // for a dark bishop; a light bishop's corners are a8 and h1, the file flipped.
        let sq = if bishops & DARK_SQUARES != 0 {
            wk
        } else {
            wk ^ 7
        };
        let (f, r) = ((sq & 7) as i32, (sq >> 3) as i32);
        200 * (7 - f - r).abs()
    } else {
        40 * (6 - edge(wk))
    };
    let v = BARE_KING_WIN + material + near + driven;
    Some(if strong == Player::White { v } else { -v })
}

impl Chess {
    /// The hand-written evaluation (side to move's view, the network in use left out) and
    /// the share of a correcting network's score that goes with it: none in a known draw
    /// (`wrong_bishop_draw`), an eighth in the pawnless endings the evaluation itself
    /// divides by eight, all of it elsewhere. The correction learns from self-play, where
    /// a rook against a bishop or two knights against a pawn are often won against a weak
    /// defence; good defence holds them, so it is held to the same eighth there.
    pub fn hand_evaluation(&self) -> (i32, f32) {
        if self.phase() <= 2 && wrong_bishop_draw(self) {
            return (0, 0.0);
        }
        if self.kind_bb(PieceKind::Pawn) == 0 {
            if let Some(v) = bare_king_mate(self) {
                return (self.finish(v), 0.0);
            }
        }
        let t = &*self.eval;
        let mut e = Eval {
            t,
            w: &t.weights,
            tr: NoTrace,
            sign: 1,
        };
        let (score, _, _, drawish) = evaluate_white(&mut e, self);
        (self.finish(score), if drawish { 0.125 } else { 1.0 })
    }

    /// The evaluation with a correcting network: the hand-written score plus the
    /// correction's share (`hand_evaluation`), rounded as the engine plays it; the trainer
    /// reports its integer network's loss with the same sum.
    pub fn corrected(hand: i32, share: f32, correction: i32) -> i32 {
        hand + (correction as f32 * share) as i32
    }
}

impl Evaluate for Chess {
    fn evaluate(&self) -> i32 {
        let t = &*self.eval;
        let correction = match &t.net {
            Some(net) if !t.net_on_hand => return self.net_evaluate(net),
            Some(net) => self.net_evaluate(net),
            None => 0,
        };
        let (hand, share) = self.hand_evaluation();
        Chess::corrected(hand, share, correction)
    }

    fn is_tactical(&self, a: Move) -> bool {
        match a.kind() {
            MoveKind::Promotion | MoveKind::EnPassant => true,
            MoveKind::Castling => false,
            MoveKind::Normal => self.piece_at(a.to()).is_some(),
        }
    }

    /// The static exchange count of any move but castling (whose king and rook the
    /// count does not follow).
    fn exchange(&self, a: Move) -> Option<i32> {
        (a.kind() != MoveKind::Castling).then(|| self.see(a))
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

    /// Words: 0, squares the enemy's pawns attack; 1, those and its minor pieces' (only
    /// where the mover has a rook or queen); 2, those and its rooks' (only where it has a
    /// queen); 3, the mover's pieces attacked by a lesser kind (a queen by a rook or
    /// less, a rook by a minor piece or a pawn, a minor piece by a pawn); 4 to 7, the
    /// squares from which a pawn, knight, bishop or rook would check (a queen: 6 | 7).
    fn quiet_context(&self) -> QuietContext {
        let t = tables();
        let us = self.side_to_move();
        let them = us.opponent();
        let occ = self.occupied();
        let queens = self.pieces(us, PieceKind::Queen);
        let rooks = self.pieces(us, PieceKind::Rook);
        // The minor pieces' attacks matter only to rooks and queens, the rooks' only to
        // queens: without them they are not worked out.
        let by_pawn = pawn_attacks(them, self.pieces(them, PieceKind::Pawn));
        let mut by_minor = by_pawn;
        if rooks | queens != 0 {
            for s in Bits(self.pieces(them, PieceKind::Knight)) {
                by_minor |= t.knight(s);
            }
            for s in Bits(self.pieces(them, PieceKind::Bishop)) {
                by_minor |= t.bishop(s, occ);
            }
        }
        let mut by_rook = by_minor;
        if queens != 0 {
            for s in Bits(self.pieces(them, PieceKind::Rook)) {
                by_rook |= t.rook(s, occ);
            }
        }
        let minors = self.pieces(us, PieceKind::Knight) | self.pieces(us, PieceKind::Bishop);
        let threatened = (queens & by_rook) | (rooks & by_minor) | (minors & by_pawn);
        let king = self.king_square(them);
        QuietContext([
            by_pawn,
            by_minor,
            by_rook,
            threatened,
            t.pawn(them.index(), king),
            t.knight(king),
            t.bishop(king, occ),
            t.rook(king, occ),
        ])
    }

    /// A piece that a lesser one attacks, stepping where no such piece attacks it, first;
    /// then a move that gives check.
    fn quiet_hint(&self, a: Move, ctx: &QuietContext) -> i32 {
        if a.kind() == MoveKind::Castling {
            return 0;
        }
        let [by_pawn, by_minor, by_rook, threatened, pawn_checks, knight_checks, bishop_checks, rook_checks] =
            ctx.0;
        let Some((_, kind)) = self.piece_at(a.from()) else {
            return 0;
        };
        let to = bb(a.to());
        let mut hint = 0;
        if threatened & bb(a.from()) != 0 {
            hint += match kind {
                PieceKind::Queen if to & by_rook == 0 => QUIET_ESCAPE[2],
                PieceKind::Rook if to & by_minor == 0 => QUIET_ESCAPE[1],
                PieceKind::Knight | PieceKind::Bishop if to & by_pawn == 0 => QUIET_ESCAPE[0],
                _ => 0,
            };
        }
        let checks = match kind {
            PieceKind::Pawn => pawn_checks,
            PieceKind::Knight => knight_checks,
            PieceKind::Bishop => bishop_checks,
            PieceKind::Rook => rook_checks,
            PieceKind::Queen => bishop_checks | rook_checks,
            PieceKind::King => 0,
        };
        if checks & to != 0 {
            hint += QUIET_CHECK;
        }
        hint
    }

    fn tactical_actions(&self, out: &mut Vec<Move>) {
        if self.terminal().is_some() {
            return;
        }
        let enemy = self.color_bb(self.side_to_move().opponent());
        let mut sink = Tactical {
            list: Lister(out),
            enemy,
        };
        movegen::generate(&self.pos, &self.rules, &mut sink);
    }

    fn in_check(&self) -> bool {
        self.checkers() != 0
    }

    /// The pawns of both sides: the structure the evaluation reads coarsely (chains,
    /// blockades, holes), alike wherever the pieces stand.
    fn correction_key(&self) -> Option<u64> {
        let pawns = |c| self.pos.pieces(c, PieceKind::Pawn as usize);
        Some(pawn_hash(&[pawns(0), pawns(1)]))
    }

    fn draw_count(&self) -> Option<(u32, u32)> {
        Some((self.pos.halfmove, 100))
    }

    fn more_correction_keys(&self) -> [Option<u64>; 2] {
        // Each side's pieces other than pawns: where they stand decides much of what the
        // evaluation misreads (king safety, piece play), apart from the pawns.
        let side = |c: usize| {
            let mut h = 0x243F_6A88_85A3_08D3u64 ^ c as u64;
            for kind in PieceKind::Knight as usize..=PieceKind::King as usize {
                h = (h ^ self.pos.pieces(c, kind)).wrapping_mul(0x9E37_79B9_7F4A_7C15);
                h ^= h >> 29;
            }
            h.wrapping_mul(0xD6E8_FEB8_6659_FD93)
        };
        [Some(side(0)), Some(side(1))]
    }

    fn play_null(&mut self) -> Option<Position> {
        // With only king and pawns, having to move is often what loses (zugzwang): passing
        // would prove nothing there.
        let us = self.side_to_move();
        let pieces = self.color_bb(us) & !self.pieces(us, PieceKind::Pawn);
        if self.checkers() != 0 || pieces == self.pieces(us, PieceKind::King) {
            return None;
        }
        Some(self.play_null_move())
    }

    fn eval_weights(&self) -> Option<&dyn ParamTable> {
        Some(&self.eval.weights)
    }

    fn set_eval_weights(&mut self, values: &[i32]) -> Result<(), RuleError> {
        let mut w = self.eval.weights;
        param_table::set_values(&mut w, values)?;
        self.set_weights(w);
        Ok(())
    }

    fn eval_gradient(&self, out: &mut Vec<(u32, f32)>) {
        let (_, grad) = self.evaluate_traced();
        out.extend(
            grad.iter()
                .enumerate()
                .filter(|(_, &g)| g != 0.0)
                .map(|(i, &g)| (i as u32, g)),
        );
    }
}

#[cfg(test)]
pub(super) mod tests {
    use super::*;

    /// The same position with colours swapped and the board mirrored across the middle rank.
    pub(in crate::games::chess) fn mirror(fen: &str) -> String {
        crate::kits::chessboard::fen::mirror(fen, swap_case)
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
        crate::kits::chessboard::testing::assert_evaluation_symmetric(
            || Chess::new(false),
            |fen| Chess::from_fen(&mirror(fen), false).unwrap(),
            11,
            40,
            60,
        );
    }

    #[test]
    fn start_position_is_level_and_material_counts() {
        let g = Chess::new(false);
        assert_eq!(g.evaluate(), Weights::default().tempo);
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
    fn traced_gradient_matches_finite_differences() {
        use rand_core::{RngCore, SeedableRng};
        let mut rng = rand_xoshiro::Xoshiro256PlusPlus::seed_from_u64(3);
        let mut checked = 0;
        for fen in FENS {
            let mut g = Chess::from_fen(fen, false).unwrap();
            for _ in 0..12 {
                let (e, traced) = g.evaluate_traced();
                assert_eq!(e, g.evaluate());
                // Near a score of zero the drawish scale may flip under a perturbation.
                if e.abs() > 30 {
                    let mut fd = Vec::new();
                    crate::core::param_table::finite_difference_gradient(&g, &mut fd);
                    let mut dense = vec![0.0f32; traced.len()];
                    for (i, d) in fd {
                        dense[i as usize] = d;
                    }
                    let names = crate::core::param_table::names(g.eval_weights().unwrap());
                    for i in 0..traced.len() {
                        assert!(
                            (traced[i] - dense[i]).abs() <= 0.2,
                            "{}: {} traced, {} by differences, in {}",
                            names[i],
                            traced[i],
                            dense[i],
                            g.fen()
                        );
                    }
                    checked += 1;
                }
                let mut v = Vec::new();
                g.legal_actions(&mut v);
                if v.is_empty() {
                    break;
                }
                g.play(v[rng.next_u64() as usize % v.len()]);
            }
        }
        assert!(checked > 30, "{checked}");
    }

    /// How much the named weight (both phases together) counts in the evaluation of `fen`,
    /// from the side to move's point of view: which terms a position triggers, whatever the
    /// weights' values.
    fn uses(fen: &str, term: &str) -> f32 {
        uses_one(fen, &format!("{term}.mg")) + uses_one(fen, &format!("{term}.eg"))
    }

    #[test]
    fn threats_outposts_and_checks_are_found_where_they_are() {
        // A pawn attacks a knight (and the knight is hanging: nothing defends it).
        let fen = "4k3/8/8/3n4/4P3/8/8/4K3 w - - 0 1";
        assert!(uses(fen, "pawn_threat.knight") > 0.0);
        assert!(uses(fen, "hanging") > 0.0);
        assert_eq!(
            uses("4k3/8/8/n7/4P3/8/8/4K3 w - - 0 1", "pawn_threat.knight"),
            0.0
        );
        // Seen from the side under threat, the same term counts against.
        assert!(uses("4k3/8/8/3n4/4P3/8/8/4K3 b - - 0 1", "pawn_threat.knight") < 0.0);
        // A bishop attacks a rook; a rook attacks an undefended knight, not a defended one.
        assert!(uses("4k3/8/8/8/3r4/8/1B6/4K3 w - - 0 1", "minor_threat.rook") > 0.0);
        assert!(uses("4k3/8/8/8/n2R4/8/8/4K3 w - - 0 1", "rook_threat.knight") > 0.0);
        assert_eq!(
            uses("4k3/8/1p6/n7/3R4/8/8/4K3 w - - 0 1", "rook_threat.knight"),
            0.0
        );
        assert_eq!(uses("4k3/8/1p6/n2R4/8/8/8/4K3 w - - 0 1", "hanging"), 0.0);
        // The king attacks a loose pawn.
        assert!(uses("4k3/8/8/8/8/3p4/4K3/8 w - - 0 1", "king_threat") > 0.0);
        // A knight on e5, defended by the d4 pawn, that no black pawn can chase away...
        let outpost = "4k3/8/8/4N3/3P4/8/8/4K3 w - - 0 1";
        assert!(uses(outpost, "knight_outpost") > 0.0);
        // ...until a black pawn stands on f7, which can come to f6.
        assert_eq!(
            uses("4k3/5p2/8/4N3/3P4/8/8/4K3 w - - 0 1", "knight_outpost"),
            0.0
        );
        // A rook can check on the eighth rank from a square Black does not guard; the knight
        // on e4 reaches the checking squares d6 and f6 only, which the e7 pawn guards...
        let checks = "4k3/3ppp2/8/8/4N3/8/8/R3K3 w - - 0 1";
        assert!(uses(checks, "safe_check.rook") > 0.0);
        assert_eq!(uses(checks, "safe_check.knight"), 0.0);
        // ...while from h5 it reaches g7, which nothing guards.
        assert!(uses("4k3/3ppp2/8/7N/8/8/8/R3K3 w - - 0 1", "safe_check.knight") > 0.0);
    }

    /// `uses` for a weight with one part (middlegame-only terms need pieces on the board:
    /// at phase 0 they count nothing).
    fn uses_one(fen: &str, name: &str) -> f32 {
        let g = Chess::from_fen(fen, false).unwrap();
        let names = crate::core::param_table::names(g.eval_weights().unwrap());
        let (_, grad) = g.evaluate_traced();
        grad[names.iter().position(|x| x == name).unwrap()]
    }

    #[test]
    fn storm_space_flank_and_pawn_terms_are_found_where_they_are() {
        // Black's g4 pawn storms the white king on g1; a white pawn on g3 holds it.
        let storm = "r2qk2r/8/8/8/6p1/8/5P1P/R2Q1RK1 w - - 0 1";
        assert!(uses_one(storm, "storm.3") > 0.0);
        assert_eq!(uses_one(storm, "storm_blocked"), 0.0);
        let held = "r2qk2r/8/8/8/6p1/6P1/5P1P/R2Q1RK1 w - - 0 1";
        assert_eq!(uses_one(held, "storm.3"), 0.0);
        assert!(uses_one(held, "storm_blocked") > 0.0);
        // Space: level at the start. After e4, White has e2, c3 to f3, c4, d4 and f4, with
        // e2 and e3 behind the pawn counted twice (10); Black loses d5 and f5 to it (6).
        assert_eq!(uses_one(crate::games::chess::START_FEN, "space"), 0.0);
        let e4 = "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 1";
        assert_eq!(uses_one(e4, "space"), 4.0);
        // The white king on g1 has no pawn on the e to h files; on b1 it has a2.
        assert!(uses("k7/p7/8/8/8/8/P7/6K1 w - - 0 1", "pawnless_flank") > 0.0);
        assert_eq!(
            uses("k7/p7/8/8/8/8/P7/1K6 w - - 0 1", "pawnless_flank"),
            0.0
        );
        // e3-e4 would attack the knight on d5 from a square Black does not attack; with e4
        // taken the pawn cannot step.
        assert!(uses("4k3/8/8/3n4/8/4P3/8/4K3 w - - 0 1", "pawn_push_threat") > 0.0);
        assert_eq!(
            uses("4k3/8/8/3n4/4p3/4P3/8/4K3 w - - 0 1", "pawn_push_threat"),
            0.0
        );
        // The bishop on c1 (dark) has two own pawns on dark squares (b2, d2), not a2.
        let bishop = uses("4k3/8/8/8/8/8/PP1P4/2B1K3 w - - 0 1", "bishop_pawns");
        let one = uses("4k3/8/8/8/8/8/PP6/2B1K3 w - - 0 1", "bishop_pawns");
        assert!(bishop > 0.0 && one > 0.0 && bishop > one);
        assert_eq!(
            uses("4k3/8/8/8/8/8/1P6/3BK3 w - - 0 1", "bishop_pawns"),
            0.0
        );
        // A knight behind a pawn.
        assert!(uses("4k3/8/8/8/3P4/3N4/8/4K3 w - - 0 1", "minor_behind_pawn") > 0.0);
        assert_eq!(
            uses("4k3/8/8/8/3P4/2N5/8/4K3 w - - 0 1", "minor_behind_pawn"),
            0.0
        );
    }

    #[test]
    fn king_surroundings_and_piece_placement_terms_are_found_where_they_are() {
        // The white queen on h5 attacks f7 in Black's king zone, defended by the king alone.
        let ring = "rnbqkbnr/pppp1ppp/8/4p2Q/4P3/8/PPPP1PPP/RNB1KBNR w KQkq - 0 1";
        assert!(uses(ring, "weak_king_ring") > 0.0);
        assert_eq!(
            uses(
                "rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPPQPPP/RNB1KBNR w KQkq - 0 1",
                "weak_king_ring"
            ),
            0.0
        );
        // A rook on the open h-file attacks h3 to h7 in Black's camp on its king's flank
        // (g8: the e to h files); with the rook on a1 only a-file squares, off the flank.
        let flank = "6k1/8/8/8/8/8/8/K6R w - - 0 1";
        let off = "6k1/8/8/8/8/8/8/R6K w - - 0 1";
        assert!(uses(flank, "flank_attacks") > uses(off, "flank_attacks"));
        // A knight counts its distance from its own king.
        let near = uses("4k3/8/8/8/8/8/3N4/4K3 w - - 0 1", "minor_king_distance");
        let far = uses("4k3/8/8/8/N7/8/8/4K3 w - - 0 1", "minor_king_distance");
        assert!(near > 0.0 && far > near);
        // A bishop on g2 sees e4 and d5 along the long diagonal; with a pawn on f3 it does
        // not.
        assert!(uses("4k3/8/8/8/8/8/6B1/4K3 w - - 0 1", "long_diagonal") > 0.0);
        assert_eq!(
            uses("4k3/8/8/8/8/5P2/6B1/4K3 w - - 0 1", "long_diagonal"),
            0.0
        );
        // The rooks on d1 and d8 both attack the d-file between them: restricted squares on
        // both sides (level); a white pawn on e5 guards d6 for White only.
        let level = "3rk3/8/8/8/8/8/8/3RK3 w - - 0 1";
        assert_eq!(uses(level, "restricted"), 0.0);
        let guarded = "3rk3/8/8/4P3/8/8/8/3RK3 w - - 0 1";
        assert!(uses(guarded, "restricted") > 0.0);
    }

    #[test]
    fn phalanx_and_backward_pawns_are_found_where_they_are() {
        // (Pawns on a2 and h2 keep the endgame unscaled: four pawns or more.)
        // d4 and e4 side by side: two pawns in a phalanx.
        assert_eq!(uses("4k3/8/8/8/3PP3/8/P6P/4K3 w - - 0 1", "phalanx"), 2.0);
        assert_eq!(uses("4k3/8/8/4P3/3P4/8/P6P/4K3 w - - 0 1", "phalanx"), 0.0);
        // d3 behind c4 and e4, its stop square d4 under the c5 pawn's attack: backward.
        let fen = "4k3/8/8/2p5/2P1P3/3P4/P6P/4K3 w - - 0 1";
        assert_eq!(uses(fen, "backward"), 1.0);
        // Without the c5 pawn nothing attacks d4.
        assert_eq!(
            uses("4k3/8/8/8/2P1P3/3P4/P6P/4K3 w - - 0 1", "backward"),
            0.0
        );
    }

    #[test]
    fn weights_can_be_replaced() {
        let mut g = Chess::from_fen(FENS[1], false).unwrap();
        let before = g.evaluate();
        let mut v = crate::core::param_table::values(g.eval_weights().unwrap());
        let names = crate::core::param_table::names(g.eval_weights().unwrap());
        let tempo = names.iter().position(|n| n == "tempo").unwrap();
        v[tempo] += 100;
        g.set_eval_weights(&v).unwrap();
        assert_eq!(g.evaluate(), before + 100);
        // Copies keep their weights; a new game has the defaults.
        assert_eq!(g.clone().evaluate(), before + 100);
        assert_eq!(Chess::from_fen(FENS[1], false).unwrap().evaluate(), before);
        assert!(g.set_eval_weights(&v[1..]).is_err());
        assert_eq!(g.evaluate(), before + 100);
    }

    #[test]
    fn the_pawn_structure_cache_answers_for_the_weights_in_use() {
        // White's doubled c-pawns, in a middlegame and an endgame phase alike.
        let fen = "4k3/pp3ppp/8/8/8/2P5/P1P2PPP/4K3 w - - 0 1";
        let mut g = Chess::from_fen(fen, false).unwrap();
        let before = g.evaluate();
        assert_eq!(
            g.evaluate(),
            before,
            "the cached answer is the computed one"
        );
        let mut v = crate::core::param_table::values(g.eval_weights().unwrap());
        let names = crate::core::param_table::names(g.eval_weights().unwrap());
        for half in ["doubled.mg", "doubled.eg"] {
            let i = names.iter().position(|n| n == half).unwrap();
            v[i] -= 40;
        }
        g.set_eval_weights(&v).unwrap();
        assert_eq!(
            g.evaluate(),
            before - 40,
            "the same pawns under new weights"
        );
        assert_eq!(g.evaluate(), g.evaluate_traced().0);
        // The first weights' entry is not taken for the second's, nor the second's for a
        // game with the first.
        let first = Chess::from_fen(fen, false).unwrap();
        assert_eq!(first.evaluate(), before);
        assert_eq!(g.evaluate(), before - 40);
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
    fn few_pawns_and_opposite_bishops_scale_the_endgame_down() {
        // The scale the evaluation itself used, and its score.
        let scale = |fen: &str| {
            let g = Chess::from_fen(fen, false).unwrap();
            let mut e = Eval {
                t: &g.eval,
                w: &g.eval.weights,
                tr: NoTrace,
                sign: 1,
            };
            let (_, _, eg_scale, _) = evaluate_white(&mut e, &g);
            (eg_scale, g.evaluate())
        };
        // White is the side ahead in each position.
        // A pawn up with bishops on opposite colours (d3 light, c7 dark), one pawn passed
        // (c4), against the same with both bishops on light squares (c8).
        let (opposite, e_opposite) = scale("4k3/2b5/8/p7/P1P5/3B4/8/4K3 w - - 0 1");
        let (same, e_same) = scale("2b1k3/8/8/p7/P1P5/3B4/8/4K3 w - - 0 1");
        assert_eq!(opposite, 20 + 4);
        assert_eq!(same, 36 + 2 * 7);
        assert!(
            0 < e_opposite && e_opposite < e_same,
            "{e_opposite} {e_same}"
        );
        // Other pieces beside the bishops soften it; four pawns or more leave it whole.
        assert_eq!(scale("r3k3/2b5/8/p7/P1P5/3B4/8/R3K3 w - - 0 1").0, 46);
        assert_eq!(scale("4k3/8/8/p7/P1P5/3B4/1PP5/4K3 w - - 0 1").0, 64);
        assert_eq!(scale("4k3/8/8/8/8/8/8/Q3K2r w - - 0 1").0, 36);
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
    fn the_exchange_of_a_quiet_move_counts_the_piece_it_leaves_en_prise() {
        let g = Chess::from_fen("4k3/8/3p4/8/8/5N2/8/R3K2R w KQ - 0 1", false).unwrap();
        let exchange = |mv: &str| g.exchange(g.parse_action(mv).unwrap());
        // The knight steps where the pawn takes it for nothing.
        assert_eq!(exchange("f3e5"), Some(-320));
        assert_eq!(exchange("f3d4"), Some(0));
        // A capture is counted as by `see`; castling is not counted at all.
        assert_eq!(exchange("a1a7"), Some(0));
        assert_eq!(exchange("e1g1"), None);
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
    fn quiet_moves_out_of_a_lesser_pieces_attack_and_checks_order_first() {
        // The knight is attacked by a pawn, the rook by a bishop, the queen by a rook.
        let g = Chess::from_fen("4k2r/8/8/4p3/4p3/1b3N2/2R5/4K2Q w - - 0 1", false).unwrap();
        let ctx = g.quiet_context();
        let hint = |mv: &str| g.quiet_hint(g.parse_action(mv).unwrap(), &ctx);
        assert_eq!(hint("f3h4"), QUIET_ESCAPE[0]);
        assert_eq!(hint("f3d4"), 0, "d4 is attacked by the e5 pawn");
        assert_eq!(hint("c2h2"), QUIET_ESCAPE[1]);
        assert_eq!(hint("c2c8"), QUIET_ESCAPE[1] + QUIET_CHECK);
        assert_eq!(hint("h1g1"), QUIET_ESCAPE[2]);
        assert_eq!(hint("h1h2"), 0, "still on the rook's file");
        assert_eq!(hint("e1d1"), 0);
        // White has no pawns, so Black's bishop is not threatened; the rook is attacked
        // only by a queen.
        let g = Chess::from_fen("4k2r/8/8/4p3/4p3/1b3N2/2R5/4K2Q b - - 0 1", false).unwrap();
        let ctx = g.quiet_context();
        let hint = |mv: &str| g.quiet_hint(g.parse_action(mv).unwrap(), &ctx);
        assert_eq!(hint("b3c4"), 0);
        assert_eq!(hint("h8h7"), 0);
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
