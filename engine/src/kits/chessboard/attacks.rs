//! Attack tables for the 8x8 board: leaper masks, magic-bitboard slider look-ups, and the
//! `between`/`line` tables that pin and check masks are built from.
//!
//! Everything is computed once, at first use, from a fixed seed, so every run finds the same
//! magics; there is no table in the source to get wrong.

use std::sync::OnceLock;

use rand_core::{RngCore, SeedableRng};
use rand_xoshiro::Xoshiro256PlusPlus;

/// Squares are numbered a1 = 0, b1 = 1, ..., h8 = 63.
pub type Square = u8;

pub const FILE_A: u64 = 0x0101_0101_0101_0101;
pub const FILE_H: u64 = FILE_A << 7;
pub const RANK_1: u64 = 0xff;
pub const RANK_8: u64 = RANK_1 << 56;
pub const DARK_SQUARES: u64 = 0xaa55_aa55_aa55_aa55;

#[inline]
pub const fn file_of(s: Square) -> u8 {
    s & 7
}

#[inline]
pub const fn rank_of(s: Square) -> u8 {
    s >> 3
}

#[inline]
pub const fn bb(s: Square) -> u64 {
    1u64 << s
}

/// One square's magic look-up: `table[offset + ((occ & mask) * magic) >> shift]`.
#[derive(Clone, Copy, Default)]
struct Magic {
    mask: u64,
    magic: u64,
    shift: u32,
    offset: u32,
}

impl Magic {
    #[inline(always)]
    fn index(&self, occ: u64) -> usize {
        self.offset as usize + ((occ & self.mask).wrapping_mul(self.magic) >> self.shift) as usize
    }
}

/// All precomputed tables.
pub struct Tables {
    knight: [u64; 64],
    king: [u64; 64],
    /// `pawn[color][sq]`: squares a pawn of that colour on `sq` attacks.
    pawn: [[u64; 64]; 2],
    rook_magic: [Magic; 64],
    bishop_magic: [Magic; 64],
    slider: Vec<u64>,
    /// Squares strictly between two squares on a common line; empty otherwise.
    between: Vec<u64>,
    /// The whole line (edge to edge) through two squares; empty when not aligned.
    line: Vec<u64>,
}

/// Seeds of the magic search, one per rank: the seeds below 3000 with which the search ends
/// soonest (found by the ignored test `choose_seeds`), so start-up stays in milliseconds.
const ROOK_SEEDS: [u64; 8] = [2413, 136, 2251, 1886, 2807, 2377, 2326, 2603];
const BISHOP_SEEDS: [u64; 8] = [2455, 1320, 1697, 1633, 481, 2792, 2871, 2881];

static TABLES: OnceLock<Tables> = OnceLock::new();

/// The shared tables, built on first call.
#[inline(always)]
pub fn tables() -> &'static Tables {
    TABLES.get_or_init(Tables::build)
}

fn step_mask(s: Square, steps: &[(i8, i8)]) -> u64 {
    let (f, r) = (file_of(s) as i8, rank_of(s) as i8);
    steps
        .iter()
        .filter_map(|&(df, dr)| {
            let (nf, nr) = (f + df, r + dr);
            ((0..8).contains(&nf) && (0..8).contains(&nr)).then(|| bb((nr * 8 + nf) as Square))
        })
        .fold(0, |m, b| m | b)
}

const ROOK_DIRS: [(i8, i8); 4] = [(1, 0), (-1, 0), (0, 1), (0, -1)];
const BISHOP_DIRS: [(i8, i8); 4] = [(1, 1), (1, -1), (-1, 1), (-1, -1)];

/// Slider attacks by walking rays: slow, used only to fill the tables.
fn slide_slow(s: Square, occ: u64, dirs: &[(i8, i8)]) -> u64 {
    let mut out = 0;
    for &(df, dr) in dirs {
        let (mut f, mut r) = (file_of(s) as i8 + df, rank_of(s) as i8 + dr);
        while (0..8).contains(&f) && (0..8).contains(&r) {
            let b = bb((r * 8 + f) as Square);
            out |= b;
            if occ & b != 0 {
                break;
            }
            f += df;
            r += dr;
        }
    }
    out
}

/// Relevant occupancy: the rays without their last square (a piece there changes nothing).
fn relevant_mask(s: Square, dirs: &[(i8, i8)]) -> u64 {
    let mut out = 0;
    for &(df, dr) in dirs {
        let (mut f, mut r) = (file_of(s) as i8 + df, rank_of(s) as i8 + dr);
        while (0..8).contains(&(f + df)) && (0..8).contains(&(r + dr)) {
            out |= bb((r * 8 + f) as Square);
            f += df;
            r += dr;
        }
    }
    out
}

/// Finds a magic for one square by trying sparse random numbers from `rng`; returns the
/// magic and how many candidates were tried.
fn find_magic(
    rng: &mut Xoshiro256PlusPlus,
    s: Square,
    dirs: &[(i8, i8)],
    occs: &mut Vec<u64>,
    atts: &mut Vec<u64>,
) -> (u64, u32) {
    let mask = relevant_mask(s, dirs);
    let bits = mask.count_ones();
    let size = 1usize << bits;
    // Every subset of the mask (Carry-Rippler enumeration) with its attack set.
    occs.clear();
    atts.clear();
    let mut sub = 0u64;
    loop {
        occs.push(sub);
        atts.push(slide_slow(s, sub, dirs));
        sub = sub.wrapping_sub(mask) & mask;
        if sub == 0 {
            break;
        }
    }
    let shift = 64 - bits;
    let mut used = vec![0u64; size];
    let mut epoch = vec![0u32; size];
    let mut attempt = 0u32;
    loop {
        let m = rng.next_u64() & rng.next_u64() & rng.next_u64();
        if (mask.wrapping_mul(m) >> 56).count_ones() < 6 {
            continue;
        }
        attempt += 1;
        let ok = occs.iter().zip(atts.iter()).all(|(&o, &a)| {
            let i = (o.wrapping_mul(m) >> shift) as usize;
            if epoch[i] != attempt {
                epoch[i] = attempt;
                used[i] = a;
                true
            } else {
                used[i] == a
            }
        });
        if ok {
            return (m, attempt);
        }
    }
}

/// Magics for every square; the generator is re-seeded for each rank from `seeds`, chosen so
/// that the search ends quickly.
fn find_magics(seeds: &[u64; 8], dirs: &[(i8, i8)], table: &mut Vec<u64>) -> [Magic; 64] {
    let mut magics = [Magic::default(); 64];
    let (mut occs, mut atts) = (Vec::new(), Vec::new());
    for rank in 0..8u8 {
        let mut rng = Xoshiro256PlusPlus::seed_from_u64(seeds[rank as usize]);
        for s in rank * 8..rank * 8 + 8 {
            let (magic, _) = find_magic(&mut rng, s, dirs, &mut occs, &mut atts);
            let mask = relevant_mask(s, dirs);
            let shift = 64 - mask.count_ones();
            let offset = table.len();
            table.resize(offset + (1 << mask.count_ones()), 0);
            for (&o, &a) in occs.iter().zip(&atts) {
                table[offset + (o.wrapping_mul(magic) >> shift) as usize] = a;
            }
            magics[s as usize] = Magic {
                mask,
                magic,
                shift,
                offset: offset as u32,
            };
        }
    }
    magics
}

impl Tables {
    fn build() -> Tables {
        let knight_steps = [
            (1, 2),
            (2, 1),
            (2, -1),
            (1, -2),
            (-1, -2),
            (-2, -1),
            (-2, 1),
            (-1, 2),
        ];
        let king_steps = [
            (1, 0),
            (-1, 0),
            (0, 1),
            (0, -1),
            (1, 1),
            (1, -1),
            (-1, 1),
            (-1, -1),
        ];
        let mut knight = [0; 64];
        let mut king = [0; 64];
        let mut pawn = [[0; 64]; 2];
        for s in 0..64u8 {
            knight[s as usize] = step_mask(s, &knight_steps);
            king[s as usize] = step_mask(s, &king_steps);
            pawn[0][s as usize] = step_mask(s, &[(1, 1), (-1, 1)]);
            pawn[1][s as usize] = step_mask(s, &[(1, -1), (-1, -1)]);
        }
        let mut slider = Vec::with_capacity(107_648);
        let rook_magic = find_magics(&ROOK_SEEDS, &ROOK_DIRS, &mut slider);
        let bishop_magic = find_magics(&BISHOP_SEEDS, &BISHOP_DIRS, &mut slider);
        let mut between = vec![0u64; 64 * 64];
        let mut line = vec![0u64; 64 * 64];
        for a in 0..64u8 {
            for b in 0..64u8 {
                if a == b {
                    continue;
                }
                for dirs in [&ROOK_DIRS, &BISHOP_DIRS] {
                    if slide_slow(a, 0, dirs) & bb(b) != 0 {
                        between[a as usize * 64 + b as usize] =
                            slide_slow(a, bb(b), dirs) & slide_slow(b, bb(a), dirs);
                        line[a as usize * 64 + b as usize] =
                            (slide_slow(a, 0, dirs) & slide_slow(b, 0, dirs)) | bb(a) | bb(b);
                    }
                }
            }
        }
        Tables {
            knight,
            king,
            pawn,
            rook_magic,
            bishop_magic,
            slider,
            between,
            line,
        }
    }

    #[inline(always)]
    pub fn knight(&self, s: Square) -> u64 {
        self.knight[s as usize]
    }

    #[inline(always)]
    pub fn king(&self, s: Square) -> u64 {
        self.king[s as usize]
    }

    /// Squares a pawn of colour `color` (0 white, 1 black) on `s` attacks.
    #[inline(always)]
    pub fn pawn(&self, color: usize, s: Square) -> u64 {
        self.pawn[color][s as usize]
    }

    #[inline(always)]
    pub fn rook(&self, s: Square, occ: u64) -> u64 {
        self.slider[self.rook_magic[s as usize].index(occ)]
    }

    #[inline(always)]
    pub fn bishop(&self, s: Square, occ: u64) -> u64 {
        self.slider[self.bishop_magic[s as usize].index(occ)]
    }

    #[inline(always)]
    pub fn queen(&self, s: Square, occ: u64) -> u64 {
        self.rook(s, occ) | self.bishop(s, occ)
    }

    #[inline(always)]
    pub fn between(&self, a: Square, b: Square) -> u64 {
        self.between[a as usize * 64 + b as usize]
    }

    #[inline(always)]
    pub fn line(&self, a: Square, b: Square) -> u64 {
        self.line[a as usize * 64 + b as usize]
    }
}

/// Every piece of either colour attacking `s` with occupancy `occ`, from bitboards by kind
/// (pawn, knight, bishop, rook, queen, king) and by colour: one body for every game that keeps
/// chess pieces on the 8x8 board, whatever else its position holds.
#[inline(always)]
pub fn attackers_to(by_kind: &[u64; 6], by_color: &[u64; 2], s: Square, occ: u64) -> u64 {
    let t = tables();
    let rq = by_kind[3] | by_kind[4];
    let bq = by_kind[2] | by_kind[4];
    (t.pawn(0, s) & by_kind[0] & by_color[1])
        | (t.pawn(1, s) & by_kind[0] & by_color[0])
        | (t.knight(s) & by_kind[1])
        | (t.king(s) & by_kind[5])
        | (t.rook(s, occ) & rq)
        | (t.bishop(s, occ) & bq)
}

/// Whether a piece of colour `by` attacks `s` with occupancy `occ` (bitboards as in
/// [`attackers_to`]); the leapers first, the sliders only where `by` has one.
#[inline(always)]
pub fn attacked_by(
    by_kind: &[u64; 6],
    by_color: &[u64; 2],
    s: Square,
    by: usize,
    occ: u64,
) -> bool {
    let t = tables();
    let them = by_color[by];
    if (t.knight(s) & by_kind[1] | t.king(s) & by_kind[5] | t.pawn(by ^ 1, s) & by_kind[0]) & them
        != 0
    {
        return true;
    }
    let rq = (by_kind[3] | by_kind[4]) & them;
    let bq = (by_kind[2] | by_kind[4]) & them;
    (rq != 0 && t.rook(s, occ) & rq != 0) || (bq != 0 && t.bishop(s, occ) & bq != 0)
}

/// Squares attacked by every pawn in `pawns` of colour `color` (0 white, 1 black).
#[inline(always)]
pub fn pawn_attacks_bb(color: usize, pawns: u64) -> u64 {
    let (towards_a, towards_h) = pawn_captures_bb(color, pawns);
    towards_a | towards_h
}

/// The squares the pawns attack towards the a-file and towards the h-file, apart: a square
/// in both is attacked by two pawns.
#[inline]
pub fn pawn_captures_bb(color: usize, pawns: u64) -> (u64, u64) {
    if color == 0 {
        ((pawns & !FILE_A) << 7, (pawns & !FILE_H) << 9)
    } else {
        ((pawns & !FILE_A) >> 9, (pawns & !FILE_H) >> 7)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Prints, for each rank, the seed below 3000 whose magic search tries fewest numbers
    /// (several minutes).
    #[test]
    #[ignore = "slow: only to choose ROOK_SEEDS and BISHOP_SEEDS"]
    fn choose_seeds() {
        let (mut occs, mut atts) = (Vec::new(), Vec::new());
        for (name, dirs) in [("rook", &ROOK_DIRS), ("bishop", &BISHOP_DIRS)] {
            let mut best = [0u64; 8];
            for rank in 0..8u8 {
                let mut best_cost = u64::MAX;
                for seed in 0..3000u64 {
                    let mut rng = Xoshiro256PlusPlus::seed_from_u64(seed);
                    let mut cost = 0u64;
                    for s in rank * 8..rank * 8 + 8 {
                        cost += find_magic(&mut rng, s, dirs, &mut occs, &mut atts).1 as u64;
                        if cost >= best_cost {
                            break;
                        }
                    }
                    if cost < best_cost {
                        best_cost = cost;
                        best[rank as usize] = seed;
                    }
                }
                eprintln!(
                    "{name} rank {rank}: seed {} cost {best_cost}",
                    best[rank as usize]
                );
            }
            eprintln!("{name} {:?}", best);
        }
    }

    #[test]
    fn magics_agree_with_ray_walking() {
        let t = tables();
        let mut rng = Xoshiro256PlusPlus::seed_from_u64(1);
        for _ in 0..2000 {
            let occ = rng.next_u64() & rng.next_u64();
            for s in 0..64u8 {
                assert_eq!(t.rook(s, occ), slide_slow(s, occ, &ROOK_DIRS));
                assert_eq!(t.bishop(s, occ), slide_slow(s, occ, &BISHOP_DIRS));
            }
        }
    }

    #[test]
    fn between_and_line() {
        let t = tables();
        // a1..h8 diagonal; b1 and c3 are not aligned.
        assert_eq!(t.between(0, 63).count_ones(), 6);
        assert_eq!(t.line(0, 9).count_ones(), 8);
        assert_eq!(t.between(1, 18), 0);
        assert_eq!(t.line(1, 18), 0);
        assert_eq!(pawn_attacks_bb(0, bb(8)), bb(17));
        assert_eq!(pawn_attacks_bb(1, bb(55)), bb(46));
    }
}
