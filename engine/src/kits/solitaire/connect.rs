//! Connectivity of the pieces (orthogonal for Parade; orthogonal or through all eight
//! directions for Neighbour), and a lower bound on the pieces that must still be placed (by
//! moves or adds) before they form one connected group.
//!
//! The bound: let `P` be the occupied cells and `F` the cells of the final group. Every cell of
//! `F` that is empty now must receive a piece, and each card places at most one piece, so the
//! cards still needed are at least `|F \ P|`. The final group holds at least `n` pieces (pieces
//! never leave the board), so the cards needed are at least
//! `min { |F \ P| : F connected, |F| >= n }`.
//! [`placements_needed`] returns a lower bound of that minimum: the least `b` for which a
//! connected set with `b` empty cells could cover `n - b` pieces, where the pieces such a set
//! covers are bounded by
//! - `b = 0`: the largest component (the pieces must already be connected);
//! - `b = 1`: exactly, the components around the best single empty cell;
//! - `b >= 2`: for the best component `A`, the components that a path from `A` reaches
//!   crossing at most `b` empty cells (every two components of `F` are joined inside `F`, which
//!   has only `b` empty cells), and no more than the largest `3b + 1` (orthogonal) or `4b`
//!   (eight directions) of them. Orthogonally, `b` cells with four sides each join at most
//!   `3b + 1` components into one tree. Through eight directions, distinct components next to
//!   one cell touch none of each other, and at most four of the eight cells around a cell do
//!   (the four corners), so `b` cells touch at most `4b` components.

use crate::core::bitboard::Bits;
use crate::core::solo::SoloScore;

const NOT_FILE_A: u64 = 0xfefe_fefe_fefe_fefe;
const NOT_FILE_H: u64 = 0x7f7f_7f7f_7f7f_7f7f;

/// Which cells count as next to each other when pieces form a group.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Connectivity {
    /// The four cells sharing a side.
    Orthogonal,
    /// The eight cells around (a king step).
    EightWay,
}

impl Connectivity {
    /// The cells next to any cell of `x`.
    #[inline]
    pub fn neighbours(self, x: u64) -> u64 {
        match self {
            Connectivity::Orthogonal => orthogonal_neighbours(x),
            Connectivity::EightWay => {
                let row = ((x << 1) & NOT_FILE_A) | ((x >> 1) & NOT_FILE_H);
                let wide = row | x;
                row | (wide << 8) | (wide >> 8)
            }
        }
    }

    /// The most components `b >= 2` empty cells can join (see the module text).
    fn joined_at_most(self, b: u32) -> usize {
        match self {
            Connectivity::Orthogonal => 3 * b as usize + 1,
            Connectivity::EightWay => 4 * b as usize,
        }
    }
}

/// The cells orthogonally next to any cell of `x`.
#[inline]
pub fn orthogonal_neighbours(x: u64) -> u64 {
    ((x << 1) & NOT_FILE_A) | ((x >> 1) & NOT_FILE_H) | (x << 8) | (x >> 8)
}

/// The cells of `within` connected to `seed` inside `within`.
#[inline]
pub fn flood(seed: u64, within: u64, conn: Connectivity) -> u64 {
    let mut r = seed & within;
    loop {
        let next = (r | conn.neighbours(r)) & within;
        if next == r {
            return r;
        }
        r = next;
    }
}

/// True when the pieces form one connected group (or there is at most one).
#[inline]
pub fn is_connected(occupied: u64, conn: Connectivity) -> bool {
    occupied == 0 || flood(occupied & occupied.wrapping_neg(), occupied, conn) == occupied
}

/// The connected groups of the pieces, by lowest cell.
#[derive(Clone, Copy, Debug)]
pub struct Components {
    groups: [u64; 64],
    len: usize,
}

impl Components {
    pub fn of(occupied: u64, conn: Connectivity) -> Components {
        let mut c = Components {
            groups: [0; 64],
            len: 0,
        };
        let mut rest = occupied;
        while rest != 0 {
            let g = flood(rest & rest.wrapping_neg(), occupied, conn);
            c.groups[c.len] = g;
            c.len += 1;
            rest &= !g;
        }
        c
    }

    pub fn len(&self) -> usize {
        self.len
    }

    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    pub fn groups(&self) -> &[u64] {
        &self.groups[..self.len]
    }

    /// Size of the largest group.
    pub fn largest(&self) -> u32 {
        self.groups()
            .iter()
            .map(|g| g.count_ones())
            .max()
            .unwrap_or(0)
    }
}

/// The solver's bound when a win could score at most `points`: that win, or the loss `lost`
/// when it scores less than a loss (no win is possible then).
pub fn bound(points: i32, lost: SoloScore) -> SoloScore {
    if points < lost.points {
        lost
    } else {
        SoloScore::won(points)
    }
}

/// What the greedy players weigh on a board `occupied`: the pieces still to place before a
/// group of `at_least` connects (`placements_needed`), the number of groups, and the size of
/// the largest.
pub fn board_terms(occupied: u64, at_least: u32, conn: Connectivity) -> [i32; 3] {
    let comps = Components::of(occupied, conn);
    [
        placements_needed(occupied, at_least, conn) as i32,
        comps.len() as i32,
        comps.largest() as i32,
    ]
}

/// A lower bound on the pieces still to be placed before the pieces on `occupied`, and any
/// added later, form one connected group of at least `at_least` pieces (see the module text).
pub fn placements_needed(occupied: u64, at_least: u32, conn: Connectivity) -> u32 {
    let n = occupied.count_ones();
    let at_least = at_least.max(n);
    if occupied == 0 {
        return at_least;
    }
    let comps = Components::of(occupied, conn);
    let largest = comps.largest();
    if comps.len() == 1 {
        return at_least - n;
    }
    // b = 1, exactly: the groups around one empty cell.
    let empty = !occupied;
    let mut cover1 = largest;
    for e in Bits(conn.neighbours(occupied) & empty) {
        let around = conn.neighbours(1u64 << e);
        let joined: u32 = comps
            .groups()
            .iter()
            .filter(|&&g| g & around != 0)
            .map(|g| g.count_ones())
            .sum();
        cover1 = cover1.max(joined);
    }
    if cover1 + 1 >= at_least {
        return 1;
    }
    // b >= 2: the groups reached from each group crossing at most b empty cells.
    // reach[i]: the cells a path from group i reaches crossing at most b empty cells.
    let grow = |r: &mut u64| {
        let fresh = conn.neighbours(*r) & empty & !*r;
        *r |= fresh;
        let touched = conn.neighbours(fresh) & occupied & !*r;
        *r |= flood(touched, occupied, conn);
    };
    let mut reach: [u64; 64] = [0; 64];
    reach[..comps.len()].copy_from_slice(comps.groups());
    reach[..comps.len()].iter_mut().for_each(grow);
    let mut sizes: Vec<u32> = Vec::with_capacity(comps.len());
    let mut b = 1u32;
    loop {
        b += 1;
        if largest + b >= at_least {
            return b;
        }
        let mut cover = largest;
        for r in reach[..comps.len()].iter_mut() {
            grow(r);
            sizes.clear();
            sizes.extend(
                comps
                    .groups()
                    .iter()
                    .filter(|&&g| g & *r != 0)
                    .map(|g| g.count_ones()),
            );
            let within: u32 = sizes.iter().sum();
            let most = conn.joined_at_most(b);
            let capped = if sizes.len() > most {
                sizes.sort_unstable_by(|a, b| b.cmp(a));
                sizes[..most].iter().sum()
            } else {
                within
            };
            cover = cover.max(capped);
        }
        if cover + b >= at_least {
            return b;
        }
    }
}

/// The exact minimum of the module text's bound (every connected set of cells of the right
/// size is tried): exponential, for tests on small boards only.
#[cfg(test)]
pub fn placements_needed_exact(
    occupied: u64,
    at_least: u32,
    cells: u64,
    conn: Connectivity,
) -> u32 {
    // Grow connected sets cell by cell from each cell of `cells`, keeping the fewest empty
    // cells; a set is a candidate once it holds every piece or reaches `at_least` cells.
    use std::collections::HashSet;
    let n = occupied.count_ones();
    let at_least = at_least.max(n);
    let mut best = u32::MAX;
    let mut seen: HashSet<u64> = HashSet::new();
    let mut stack: Vec<u64> = Bits(cells).map(|c| 1u64 << c).collect();
    while let Some(f) = stack.pop() {
        if !seen.insert(f) {
            continue;
        }
        let empty_in = (f & !occupied).count_ones();
        if empty_in >= best {
            continue;
        }
        if f.count_ones() >= at_least {
            best = empty_in;
            continue;
        }
        for c in Bits(conn.neighbours(f) & cells & !f) {
            stack.push(f | (1u64 << c));
        }
    }
    best
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::kits::solitaire::board::{parse_cell, Board};
    use proptest::prelude::*;
    use Connectivity::{EightWay, Orthogonal};

    fn occ(fen: &str) -> u64 {
        Board::from_fen(fen).unwrap().occupied()
    }

    #[test]
    fn neighbours_do_not_wrap_around_the_edges() {
        let h1 = 1u64 << parse_cell("h1").unwrap();
        let a2 = 1u64 << parse_cell("a2").unwrap();
        assert_eq!(orthogonal_neighbours(h1) & a2, 0);
        assert_eq!(orthogonal_neighbours(a2) & h1, 0);
        assert_eq!(orthogonal_neighbours(h1).count_ones(), 2);
    }

    #[test]
    fn the_setup_example_has_six_groups() {
        let o = occ("8/8/8/8/1r2b3/1r1n1N2/5k2/2B3R1");
        let c = Components::of(o, Orthogonal);
        // b3-b4 and f2-f3 are joined; c1, g1, d3, e4 stand alone.
        assert_eq!(c.len(), 6);
        assert_eq!(c.largest(), 2);
        assert!(!is_connected(o, Orthogonal));
        assert!(is_connected(occ("8/8/8/8/8/8/8/RNB5"), Orthogonal));
        assert!(!is_connected(occ("8/8/8/8/8/8/8/RN1B4"), Orthogonal));
        assert!(!is_connected(occ("8/8/8/8/8/8/1N6/R7"), Orthogonal));
    }

    #[test]
    fn bound_on_simple_shapes() {
        assert_eq!(
            placements_needed(occ("8/8/8/8/8/8/8/RNB5"), 3, Orthogonal),
            0
        );
        assert_eq!(
            placements_needed(occ("8/8/8/8/8/8/8/RNB5"), 5, Orthogonal),
            2
        );
        assert_eq!(
            placements_needed(occ("8/8/8/8/8/8/8/R1B5"), 2, Orthogonal),
            1
        );
        assert_eq!(
            placements_needed(occ("8/8/8/8/8/8/8/R2B4"), 2, Orthogonal),
            1
        );
        assert_eq!(
            placements_needed(occ("8/8/8/8/8/8/8/R3B3"), 2, Orthogonal),
            1
        );
        assert_eq!(placements_needed(0, 3, Orthogonal), 3);
    }

    #[test]
    fn eight_way_neighbours_join_corners_and_do_not_wrap() {
        let cell = |n: &str| 1u64 << parse_cell(n).unwrap();
        let around = EightWay.neighbours(cell("a1"));
        assert_eq!(around, cell("a2") | cell("b1") | cell("b2"));
        assert_eq!(EightWay.neighbours(cell("d4")).count_ones(), 8);
        assert_eq!(EightWay.neighbours(cell("h1")) & cell("a2"), 0);
        assert_eq!(EightWay.neighbours(cell("a2")) & cell("h1"), 0);
        assert_eq!(EightWay.neighbours(cell("h8")) & cell("a1"), 0);
        // The knight on a1 and the rook on b2 touch corner to corner.
        let pair = occ("8/8/8/8/8/8/1r6/N7");
        assert!(is_connected(pair, EightWay));
        assert!(!is_connected(pair, Orthogonal));
        assert_eq!(placements_needed(pair, 2, EightWay), 0);
        assert_eq!(placements_needed(pair, 2, Orthogonal), 1);
        // The rule text's setup: b3-b4, and d3-e4-f3-f2-g1 through their corners; c1 alone.
        let setup = occ("8/8/8/8/1r2b3/1r1n1N2/5k2/2B3R1");
        let c = Components::of(setup, EightWay);
        assert_eq!(c.len(), 3);
        assert_eq!(c.largest(), 5);
        assert_eq!(placements_needed(occ("8/8/8/8/8/8/8/R1B5"), 2, EightWay), 1);
        assert_eq!(placements_needed(occ("8/8/8/8/8/8/2B5/R7"), 2, EightWay), 1);
        // Four single pieces on the corners of one empty cell: one cell joins them all.
        let corners = occ("8/8/8/2n1n3/8/2n1n3/8/8");
        assert_eq!(Components::of(corners, EightWay).len(), 4);
        assert_eq!(placements_needed(corners, 4, EightWay), 1);
        assert_eq!(placements_needed_exact(corners, 4, !0, EightWay), 1);
    }

    /// A 5x4 corner of the board (files a-e, ranks 1-4) keeps the exact search small; pieces
    /// there can always be grouped inside it, so the exact minimum is found inside it.
    const CORNER: u64 = 0x1f1f_1f1f;

    fn small_boards() -> impl Strategy<Value = u64> {
        prop::collection::vec(0u8..32, 2..9).prop_map(|cells| {
            cells
                .into_iter()
                .map(|c| (c / 5) * 8 + c % 5)
                .filter(|&c| c < 32)
                .fold(0u64, |m, c| m | 1u64 << c)
                & CORNER
        })
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(400))]
        /// The bound never exceeds the true minimum, in both connectivities.
        #[test]
        fn bound_is_admissible(o in small_boards(), extra in 0u32..3, eight in any::<bool>()) {
            let conn = if eight { EightWay } else { Orthogonal };
            let need = o.count_ones() + extra;
            let exact = placements_needed_exact(o, need, CORNER, conn);
            let bound = placements_needed(o, need, conn);
            prop_assert!(bound <= exact, "{:?}: bound {} > exact {}", conn, bound, exact);
        }
    }

    /// Sparse boards, where many groups are far apart, check the `4b` cap of eight-way
    /// joins (dense boards rarely reach it).
    fn sparse_boards() -> impl Strategy<Value = u64> {
        prop::collection::vec(0u8..32, 3..8).prop_map(|cells| {
            cells
                .into_iter()
                .map(|c| (c / 5) * 8 + c % 5)
                .filter(|&c| c < 32 && (c / 8 + c % 8) % 2 == 0)
                .fold(0u64, |m, c| m | 1u64 << c)
                & CORNER
        })
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(300))]
        #[test]
        fn eight_way_bound_is_admissible_on_sparse_boards(o in sparse_boards(), extra in 0u32..2) {
            let need = o.count_ones() + extra;
            let exact = placements_needed_exact(o, need, CORNER, EightWay);
            prop_assert!(placements_needed(o, need, EightWay) <= exact);
        }
    }
}
