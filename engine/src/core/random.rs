//! Small helpers over the engine's random generator (xoshiro256++), shared by the games that
//! shuffle decks and the trainers that shuffle samples.

use rand_core::RngCore;
use rand_xoshiro::Xoshiro256PlusPlus;

/// The SplitMix64 finalizer: a bijective 64-bit mixer, so that distinct words (seeds,
/// counters, packed fields) give unrelated ones.
pub fn mix64(mut x: u64) -> u64 {
    x ^= x >> 30;
    x = x.wrapping_mul(0xBF58_476D_1CE4_E5B9);
    x ^= x >> 27;
    x = x.wrapping_mul(0x94D0_49BB_1331_11EB);
    x ^ (x >> 31)
}

/// One SplitMix64 output for state `x`: the state advanced by the golden gamma, then mixed.
pub fn splitmix64(x: u64) -> u64 {
    mix64(x.wrapping_add(0x9E37_79B9_7F4A_7C15))
}

/// Fisher-Yates with the engine's generator.
pub fn shuffle<T>(v: &mut [T], rng: &mut Xoshiro256PlusPlus) {
    for i in (1..v.len()).rev() {
        let j = (rng.next_u64() % (i as u64 + 1)) as usize;
        v.swap(i, j);
    }
}

/// A number drawn uniformly from `[-r, r)`.
pub fn symmetric(rng: &mut Xoshiro256PlusPlus, r: f32) -> f32 {
    let u = (rng.next_u64() >> 40) as f32 / (1u64 << 24) as f32;
    (2.0 * u - 1.0) * r
}
