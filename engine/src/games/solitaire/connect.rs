//! Orthogonal connectivity of the pieces, and a lower bound on the pieces that must still be
//! placed (by moves or adds) before they form one connected group.
//!
//! The bound: let `P` be the occupied cells and `F` the cells of the final group. Every cell of
//! `F` that is empty now must receive a piece, and each card places at most one piece, so the
//! cards still needed are at least `|F \ P|`. The final group holds at least `n` pieces (pieces
//! never leave the board), so the cards needed are at least
//! `min { |F \ P| : F orthogonally connected, |F| >= n }`.
//! [`placements_needed`] returns a lower bound of that minimum: the least `b` for which a
//! connected set with `b` empty cells could cover `n - b` pieces, where the pieces such a set
//! covers are bounded by
//! - `b = 0`: the largest component (the pieces must already be connected);
//! - `b = 1`: exactly, the components around the best single empty cell;
//! - `b >= 2`: for the best component `A`, the components that a path from `A` reaches
//!   crossing at most `b` empty cells (every two components of `F` are joined inside `F`, which
//!   has only `b` empty cells), and no more than the `3b + 1` largest of them (`b` cells, each
//!   with four sides, join at most `3b + 1` components into one tree).

use crate::bitboard::Bits;

const NOT_FILE_A: u64 = 0xfefe_fefe_fefe_fefe;
const NOT_FILE_H: u64 = 0x7f7f_7f7f_7f7f_7f7f;

/// The cells orthogonally next to any cell of `x`.
#[inline]
pub fn orthogonal_neighbours(x: u64) -> u64 {
    ((x << 1) & NOT_FILE_A) | ((x >> 1) & NOT_FILE_H) | (x << 8) | (x >> 8)
}

/// The cells of `within` orthogonally connected to `seed` inside `within`.
#[inline]
pub fn flood(seed: u64, within: u64) -> u64 {
    let mut r = seed & within;
    loop {
        let next = (r | orthogonal_neighbours(r)) & within;
        if next == r {
            return r;
        }
        r = next;
    }
}

/// True when the pieces form one orthogonally connected group (or there is at most one).
#[inline]
pub fn is_connected(occupied: u64) -> bool {
    occupied == 0 || flood(occupied & occupied.wrapping_neg(), occupied) == occupied
}

/// The orthogonally connected groups of the pieces, by lowest cell.
#[derive(Clone, Copy, Debug)]
pub struct Components {
    groups: [u64; 64],
    len: usize,
}

impl Components {
    pub fn of(occupied: u64) -> Components {
        let mut c = Components {
            groups: [0; 64],
            len: 0,
        };
        let mut rest = occupied;
        while rest != 0 {
            let g = flood(rest & rest.wrapping_neg(), occupied);
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

/// A lower bound on the pieces still to be placed before the pieces on `occupied`, and any
/// added later, form one connected group of at least `at_least` pieces (see the module text).
pub fn placements_needed(occupied: u64, at_least: u32) -> u32 {
    let n = occupied.count_ones();
    let at_least = at_least.max(n);
    if occupied == 0 {
        return at_least;
    }
    let comps = Components::of(occupied);
    let largest = comps.largest();
    if comps.len() == 1 {
        return at_least - n;
    }
    // b = 1, exactly: the groups around one empty cell.
    let empty = !occupied;
    let mut cover1 = largest;
    for e in Bits(orthogonal_neighbours(occupied) & empty) {
        let around = orthogonal_neighbours(1u64 << e);
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
        let fresh = orthogonal_neighbours(*r) & empty & !*r;
        *r |= fresh;
        let touched = orthogonal_neighbours(fresh) & occupied & !*r;
        *r |= flood(touched, occupied);
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
            let most = 3 * b as usize + 1;
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
pub fn placements_needed_exact(occupied: u64, at_least: u32, cells: u64) -> u32 {
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
        for c in Bits(orthogonal_neighbours(f) & cells & !f) {
            stack.push(f | (1u64 << c));
        }
    }
    best
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::solitaire::board::{parse_cell, Board};
    use proptest::prelude::*;

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
        let c = Components::of(o);
        // b3-b4 and f2-f3 are joined; c1, g1, d3, e4 stand alone.
        assert_eq!(c.len(), 6);
        assert_eq!(c.largest(), 2);
        assert!(!is_connected(o));
        assert!(is_connected(occ("8/8/8/8/8/8/8/RNB5")));
        assert!(!is_connected(occ("8/8/8/8/8/8/8/RN1B4")));
        assert!(!is_connected(occ("8/8/8/8/8/8/1N6/R7")));
    }

    #[test]
    fn bound_on_simple_shapes() {
        assert_eq!(placements_needed(occ("8/8/8/8/8/8/8/RNB5"), 3), 0);
        assert_eq!(placements_needed(occ("8/8/8/8/8/8/8/RNB5"), 5), 2);
        assert_eq!(placements_needed(occ("8/8/8/8/8/8/8/R1B5"), 2), 1);
        assert_eq!(placements_needed(occ("8/8/8/8/8/8/8/R2B4"), 2), 1);
        assert_eq!(placements_needed(occ("8/8/8/8/8/8/8/R3B3"), 2), 1);
        assert_eq!(placements_needed(0, 3), 3);
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
        /// The bound never exceeds the true minimum.
        #[test]
        fn bound_is_admissible(o in small_boards(), extra in 0u32..3) {
            let need = o.count_ones() + extra;
            let exact = placements_needed_exact(o, need, CORNER);
            prop_assert!(placements_needed(o, need) <= exact,
                "bound {} > exact {}", placements_needed(o, need), exact);
        }
    }
}
