//! The chess evaluation's weights: one typed table, every value in centipawns, with the
//! hand-set values as the default. Names in files: `material.knight.mg`, `pst.pawn.e4.eg`,
//! `knight_mobility.5.mg`, `passed.6.eg`, `tempo`, ...
//!
//! The struct is `repr(C)` and made of `i32`s only, in the order `ParamTable` lists them, so
//! the evaluation's trace can tell which parameter a term uses from the term's address
//! (`Weights::index_of`).

use std::ops::{Add, AddAssign, Index, IndexMut, Mul, Neg, Sub};

use std::sync::OnceLock;

use crate::core::param_table::{self, with_part, ParamField};

/// A middlegame and an endgame value, blended by phase at the end.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
#[repr(C)]
pub struct S {
    pub mg: i32,
    pub eg: i32,
}

pub const fn s(mg: i32, eg: i32) -> S {
    S { mg, eg }
}

impl Add for S {
    type Output = S;
    #[inline]
    fn add(self, o: S) -> S {
        s(self.mg + o.mg, self.eg + o.eg)
    }
}

impl AddAssign for S {
    #[inline]
    fn add_assign(&mut self, o: S) {
        self.mg += o.mg;
        self.eg += o.eg;
    }
}

impl Sub for S {
    type Output = S;
    #[inline]
    fn sub(self, o: S) -> S {
        s(self.mg - o.mg, self.eg - o.eg)
    }
}

impl Neg for S {
    type Output = S;
    #[inline]
    fn neg(self) -> S {
        s(-self.mg, -self.eg)
    }
}

impl Mul<i32> for S {
    type Output = S;
    #[inline]
    fn mul(self, k: i32) -> S {
        s(self.mg * k, self.eg * k)
    }
}

impl ParamField for S {
    fn visit_field(&self, name: &mut String, f: &mut dyn FnMut(&str, i32)) {
        with_part(name, "mg", |n| f(n, self.mg));
        with_part(name, "eg", |n| f(n, self.eg));
    }

    fn visit_field_mut(&mut self, name: &mut String, f: &mut dyn FnMut(&str, &mut i32)) {
        with_part(name, "mg", |n| f(n, &mut self.mg));
        with_part(name, "eg", |n| f(n, &mut self.eg));
    }
}

const KIND_NAMES: [&str; 6] = ["pawn", "knight", "bishop", "rook", "queen", "king"];

/// One value per piece kind, named by kind.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[repr(transparent)]
pub struct ByKind<T>(pub [T; 6]);

impl<T> Index<usize> for ByKind<T> {
    type Output = T;
    #[inline]
    fn index(&self, i: usize) -> &T {
        &self.0[i]
    }
}

impl<T> IndexMut<usize> for ByKind<T> {
    #[inline]
    fn index_mut(&mut self, i: usize) -> &mut T {
        &mut self.0[i]
    }
}

impl<T: ParamField> ParamField for ByKind<T> {
    fn visit_field(&self, name: &mut String, f: &mut dyn FnMut(&str, i32)) {
        for (x, k) in self.0.iter().zip(KIND_NAMES) {
            with_part(name, k, |n| x.visit_field(n, f));
        }
    }

    fn visit_field_mut(&mut self, name: &mut String, f: &mut dyn FnMut(&str, &mut i32)) {
        for (x, k) in self.0.iter_mut().zip(KIND_NAMES) {
            with_part(name, k, |n| x.visit_field_mut(n, f));
        }
    }
}

/// One value per square (a1 = 0 .. h8 = 63), named by square.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[repr(transparent)]
pub struct BySquare<T>(pub [T; 64]);

impl<T> Index<usize> for BySquare<T> {
    type Output = T;
    #[inline]
    fn index(&self, i: usize) -> &T {
        &self.0[i]
    }
}

impl<T> IndexMut<usize> for BySquare<T> {
    #[inline]
    fn index_mut(&mut self, i: usize) -> &mut T {
        &mut self.0[i]
    }
}

fn square_label(sq: usize) -> String {
    format!("{}{}", (b'a' + (sq % 8) as u8) as char, sq / 8 + 1)
}

impl<T: ParamField> ParamField for BySquare<T> {
    fn visit_field(&self, name: &mut String, f: &mut dyn FnMut(&str, i32)) {
        for (sq, x) in self.0.iter().enumerate() {
            with_part(name, &square_label(sq), |n| x.visit_field(n, f));
        }
    }

    fn visit_field_mut(&mut self, name: &mut String, f: &mut dyn FnMut(&str, &mut i32)) {
        for (sq, x) in self.0.iter_mut().enumerate() {
            with_part(name, &square_label(sq), |n| x.visit_field_mut(n, f));
        }
    }
}

/// Every weight of the chess evaluation.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[repr(C)]
pub struct Weights {
    pub material: ByKind<S>,
    /// Piece-square values for White (Black's are mirrored across the middle rank).
    pub pst: ByKind<BySquare<S>>,
    /// By the number of squares a piece attacks that hold no own piece and are not attacked
    /// by an enemy pawn.
    pub knight_mobility: [S; 9],
    pub bishop_mobility: [S; 14],
    pub rook_mobility: [S; 15],
    pub queen_mobility: [S; 28],
    pub bishop_pair: S,
    pub doubled: S,
    pub isolated: S,
    /// A pawn defended by a pawn.
    pub supported: S,
    /// A pawn with an own pawn beside it on the same rank.
    pub phalanx: S,
    /// A pawn that no own pawn beside or behind it can defend, whose stop square an enemy
    /// pawn attacks.
    pub backward: S,
    /// Passed pawn by rank, counted from its own side (index 1 = second rank).
    pub passed: [S; 8],
    /// Endgame: per rank of a passed pawn and square of the enemy king's distance to the
    /// square in front of it...
    pub passed_enemy_king: i32,
    /// ...and of the own king's (negative: the own king should be near).
    pub passed_own_king: i32,
    pub rook_open: S,
    pub rook_semi_open: S,
    /// A knight (or bishop) on the fourth to sixth rank, defended by a pawn, where no enemy
    /// pawn can ever attack it.
    pub knight_outpost: S,
    pub bishop_outpost: S,
    /// Enemy pieces attacked by a pawn, by the victim's kind.
    pub pawn_threat: ByKind<S>,
    /// Enemy pieces attacked by a knight or bishop, by the victim's kind (pawns only when
    /// weak: not defended by a pawn and not defended twice against one attacker).
    pub minor_threat: ByKind<S>,
    /// Weak enemy pieces attacked by a rook, by the victim's kind.
    pub rook_threat: ByKind<S>,
    /// Weak enemy pieces attacked and not defended at all (or non-pawn pieces attacked
    /// twice).
    pub hanging: S,
    /// The king attacks a weak enemy piece.
    pub king_threat: S,
    /// A safe square (not attacked by the enemy, not holding an own piece) from which a
    /// piece of this kind could check the enemy king.
    pub safe_check: ByKind<S>,
    /// Middlegame king attack weight of a piece reaching the enemy king's zone, by kind,
    /// per zone square attacked (up to four).
    pub king_attack: ByKind<i32>,
    /// Percent of the attack weight that counts, by the number of attackers.
    pub attack_scale: [i32; 8],
    /// Middlegame pawn shelter, per file next to and in front of the king.
    pub shelter_near: i32,
    pub shelter_far: i32,
    pub shelter_missing: i32,
    /// Added to `shelter_missing` when the enemy has no pawn on the file either.
    pub shelter_open: i32,
    /// Middlegame pawn storm: on each file of the shelter, the enemy pawn nearest the king
    /// in front of it, by that pawn's rank counted from the king's side (index 2 = third
    /// rank), where no own pawn stands right in front of it...
    pub storm: [i32; 8],
    /// ...and where one does (the storm is held).
    pub storm_blocked: i32,
    /// Per bishop, per own pawn on squares of the bishop's colour.
    pub bishop_pawns: S,
    /// A knight or bishop with a pawn (of either side) on the square in front of it.
    pub minor_behind_pawn: S,
    /// An enemy piece but a pawn or the king that a pawn would attack after a safe push.
    pub pawn_push_threat: S,
    /// Middlegame space: per square of the c to f files on the own second to fourth ranks
    /// that no own pawn holds and no enemy pawn attacks (twice if behind an own pawn and not
    /// attacked by the enemy at all).
    pub space: i32,
    /// The king on a flank (its file and the files around it) without pawns.
    pub pawnless_flank: S,
    /// Per square of the enemy king's zone we attack that it defends only with its king
    /// or queen, or not at all, and not twice.
    pub weak_king_ring: S,
    /// Per square of the enemy king's flank in its camp (its first five ranks) we attack,
    /// once more for each attacked twice.
    pub flank_attacks: S,
    /// Per knight or bishop, per square of distance from the own king.
    pub minor_king_distance: S,
    /// A bishop on a long diagonal that sees two or more centre squares through the pawns.
    pub long_diagonal: S,
    /// Per square both sides attack that the enemy does not hold strongly (with a pawn, or
    /// twice where we attack once): its pieces are restricted there.
    pub restricted: S,
    /// For the side to move.
    pub tempo: i32,
}

crate::param_table!(Weights {
    material,
    pst,
    knight_mobility,
    bishop_mobility,
    rook_mobility,
    queen_mobility,
    bishop_pair,
    doubled,
    isolated,
    supported,
    phalanx,
    backward,
    passed,
    passed_enemy_king,
    passed_own_king,
    rook_open,
    rook_semi_open,
    knight_outpost,
    bishop_outpost,
    pawn_threat,
    minor_threat,
    rook_threat,
    hanging,
    king_threat,
    safe_check,
    king_attack,
    attack_scale,
    shelter_near,
    shelter_far,
    shelter_missing,
    shelter_open,
    storm,
    storm_blocked,
    bishop_pawns,
    minor_behind_pawn,
    pawn_push_threat,
    space,
    pawnless_flank,
    weak_king_ring,
    flank_attacks,
    minor_king_distance,
    long_diagonal,
    restricted,
    tempo,
});

impl Weights {
    /// The table index of a parameter, from its address inside `self`.
    #[inline]
    pub fn index_of(&self, x: &i32) -> usize {
        let base = self as *const Weights as usize;
        let at = x as *const i32 as usize;
        debug_assert!(at >= base && at < base + std::mem::size_of::<Weights>());
        (at - base) / std::mem::size_of::<i32>()
    }
}

/// Distance of a file or rank index from the centre pair (0 for d/e or 4/5, 3 at the edge).
fn centre_distance(x: u8) -> usize {
    if x < 4 {
        3 - x as usize
    } else {
        x as usize - 4
    }
}

/// The hand-written piece-square rules the defaults come from: a white piece of `kind` on
/// `sq` (a1 = 0), material excluded.
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

/// A by-kind table whose king entry is unused.
fn by_kind(v: [S; 5]) -> ByKind<S> {
    ByKind([v[0], v[1], v[2], v[3], v[4], S::default()])
}

/// A mobility table from a line: `per_square * (count - centre)` for middlegame and endgame.
fn mobility_line<const N: usize>(mg: i32, eg: i32, centre: i32) -> [S; N] {
    std::array::from_fn(|m| s(mg * (m as i32 - centre), eg * (m as i32 - centre)))
}

/// The values fitted to self-play games (`tessera tune texel`, docs/guide/tuning.md), laid over
/// the hand-set ones; a name not in the file keeps its hand-set value.
const FITTED: &str = include_str!("fitted.json");

impl Default for Weights {
    /// The hand-set weights with the fitted values over them.
    fn default() -> Self {
        static W: OnceLock<Weights> = OnceLock::new();
        *W.get_or_init(|| {
            let mut w = Weights::hand_set();
            let file = param_table::parse_json(FITTED).expect("fitted.json is a parameter file");
            let names = param_table::names(&w);
            let mut values = param_table::values(&w);
            param_table::assign(&names, &mut values, &file.values)
                .expect("fitted.json names chess weights only");
            param_table::set_values(&mut w, &values).expect("one value per weight");
            w
        })
    }
}

impl Weights {
    /// The hand-written evaluation written out as tables: where the fit started.
    pub fn hand_set() -> Weights {
        let mut pst = ByKind([BySquare([S::default(); 64]); 6]);
        for kind in 0..6 {
            for sq in 0..64u8 {
                pst[kind][sq as usize] = piece_square(kind, sq);
            }
        }
        Weights {
            material: ByKind([
                s(85, 110),
                s(330, 300),
                s(345, 320),
                s(480, 540),
                s(1000, 980),
                s(0, 0),
            ]),
            pst,
            knight_mobility: mobility_line(4, 4, 4),
            bishop_mobility: mobility_line(5, 5, 6),
            rook_mobility: mobility_line(2, 4, 6),
            queen_mobility: mobility_line(1, 2, 13),
            bishop_pair: s(30, 50),
            doubled: s(-10, -22),
            isolated: s(-12, -14),
            supported: s(8, 6),
            phalanx: s(6, 4),
            backward: s(-8, -10),
            passed: [
                s(0, 0),
                s(2, 8),
                s(5, 14),
                s(12, 28),
                s(25, 50),
                s(45, 85),
                s(70, 130),
                s(0, 0),
            ],
            passed_enemy_king: 5,
            passed_own_king: -2,
            rook_open: s(25, 10),
            rook_semi_open: s(12, 6),
            knight_outpost: s(25, 15),
            bishop_outpost: s(15, 5),
            pawn_threat: by_kind([s(0, 0), s(40, 30), s(40, 30), s(50, 35), s(50, 35)]),
            minor_threat: by_kind([s(3, 15), s(25, 20), s(25, 20), s(45, 30), s(45, 60)]),
            rook_threat: by_kind([s(2, 20), s(20, 30), s(20, 30), s(0, 0), s(30, 20)]),
            hanging: s(35, 20),
            king_threat: s(10, 40),
            safe_check: by_kind([s(0, 0), s(25, 0), s(15, 0), s(25, 0), s(20, 0)]),
            king_attack: ByKind([0, 20, 20, 40, 80, 0]),
            attack_scale: [0, 0, 50, 75, 88, 94, 97, 99],
            shelter_near: 14,
            shelter_far: 7,
            shelter_missing: -18,
            shelter_open: -12,
            storm: [0, -10, -25, -15, -8, -3, 0, 0],
            storm_blocked: -8,
            bishop_pawns: s(-3, -6),
            minor_behind_pawn: s(10, 2),
            pawn_push_threat: s(25, 20),
            space: 2,
            pawnless_flank: s(-8, -40),
            weak_king_ring: s(8, 0),
            flank_attacks: s(4, 0),
            minor_king_distance: s(-4, -4),
            long_diagonal: s(20, 0),
            restricted: s(3, 3),
            tempo: 12,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::core::param_table::{names, set_values, values};

    #[test]
    fn the_defaults_are_the_hand_set_values_with_the_fitted_ones_over_them() {
        let file = param_table::parse_json(FITTED).unwrap();
        assert_eq!(file.variant.as_deref(), Some("chess"));
        let (hand, default) = (Weights::hand_set(), Weights::default());
        let names = names(&hand);
        for ((name, h), d) in names.iter().zip(values(&hand)).zip(values(&default)) {
            match file.values.iter().find(|(n, _)| n == name) {
                Some((_, v)) => assert_eq!(d, *v, "{name}"),
                None => assert_eq!(d, h, "{name}"),
            }
        }
    }

    #[test]
    fn names_follow_the_memory_layout() {
        let mut w = Weights::default();
        let n = values(&w).len();
        assert_eq!(n * 4, std::mem::size_of::<Weights>());
        // With every value set to its own index, each field's address gives its value.
        set_values(&mut w, &(0..n as i32).collect::<Vec<_>>()).unwrap();
        let probes: Vec<&i32> = vec![
            &w.material[0].mg,
            &w.material[5].eg,
            &w.pst[3][37].eg,
            &w.pst[5][63].mg,
            &w.queen_mobility[27].eg,
            &w.passed[6].mg,
            &w.passed_own_king,
            &w.king_attack[4],
            &w.attack_scale[7],
            &w.tempo,
        ];
        for p in probes {
            assert_eq!(w.index_of(p) as i32, *p);
        }
        let names = names(&w);
        assert_eq!(names[0], "material.pawn.mg");
        assert_eq!(names[w.index_of(&w.pst[1][28].eg)], "pst.knight.e4.eg");
        assert_eq!(names[n - 1], "tempo");
    }
}
