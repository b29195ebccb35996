//! Zobrist keys: fixed pseudo-random 64-bit numbers, reproducible from a seed so that every
//! run (and every thread) hashes the same position to the same key.

use rand_core::{RngCore, SeedableRng};
use rand_xoshiro::Xoshiro256PlusPlus;

/// `n` distinct non-zero keys drawn from a seed; each game uses its own seed.
pub fn keys(seed: u64, n: usize) -> Vec<u64> {
    let mut rng = Xoshiro256PlusPlus::seed_from_u64(seed);
    let mut out = Vec::with_capacity(n);
    while out.len() < n {
        let k = rng.next_u64();
        if k != 0 && !out.contains(&k) {
            out.push(k);
        }
    }
    out
}

/// How many times `key` stands among the last `window` keys of `history` (the newest last),
/// looking at every second one from `first` back: the earlier occurrences of a position with
/// the same side to move since the last action that cannot be undone.
pub fn earlier_occurrences(history: &[u64], window: usize, first: usize, key: u64) -> usize {
    let n = history.len();
    (first..=window.min(n))
        .step_by(2)
        .filter(|&k| history[n - k] == key)
        .count()
}

#[cfg(test)]
mod tests {
    #[test]
    fn reproducible_and_distinct() {
        let a = super::keys(7, 100);
        assert_eq!(a, super::keys(7, 100));
        assert_ne!(a, super::keys(8, 100));
        let mut s = a.clone();
        s.sort_unstable();
        s.dedup();
        assert_eq!(s.len(), 100);
    }

    #[test]
    fn earlier_occurrences_count_every_second_key_inside_the_window() {
        let h = [5, 9, 5, 7, 5, 8];
        // Back 2, 4 and 6 from the end: 5 (index 4), 5 (index 2), 5 (index 0).
        assert_eq!(super::earlier_occurrences(&h, 6, 2, 5), 3);
        assert_eq!(super::earlier_occurrences(&h, 6, 4, 5), 2);
        assert_eq!(super::earlier_occurrences(&h, 3, 2, 5), 1);
        assert_eq!(super::earlier_occurrences(&h, 99, 2, 5), 3);
        assert_eq!(super::earlier_occurrences(&h, 6, 2, 9), 0);
        assert_eq!(super::earlier_occurrences(&[], 6, 2, 9), 0);
    }
}
