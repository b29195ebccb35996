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
}
