//! Games with hidden information and chance, registered only in the tests: Peek Whist (two
//! players, hidden hands, draws, a private peek) and Higher or Lower (a solitaire with a
//! hidden deck order). They prove the generic parts (views, observations, samplers, the
//! searchers, the protocol's views, the referee) without any real variant.

pub mod hilo;
pub mod peekwhist;

use tessera::core::options::VariantOptions;
use tessera::faces::variant::VariantInfo;
use tessera::{AnyGame, HiddenSession, RuleError};

pub use hilo::HiLo;
pub use peekwhist::PeekWhist;

/// SplitMix64's finaliser: keys for the toys' positions.
pub fn mix(x: u64) -> u64 {
    let mut z = x.wrapping_add(0x9E37_79B9_7F4A_7C15);
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

fn peekwhist(_: &VariantOptions) -> Result<Box<dyn AnyGame>, RuleError> {
    Ok(HiddenSession::boxed(PeekWhist::new()))
}

fn hilo(_: &VariantOptions) -> Result<Box<dyn AnyGame>, RuleError> {
    Ok(HiddenSession::boxed(HiLo::new()))
}

/// The test catalogue: both toys, Peek Whist first.
pub static CATALOG: [VariantInfo; 2] = [
    VariantInfo {
        name: "peekwhist",
        summary: "two-player tricks with hidden hands, draws and a peek (test game)",
        options: &[],
        create: peekwhist,
        solve: None,
    },
    VariantInfo {
        name: "hilo",
        summary: "higher or lower with a hidden deck order, one player (test game)",
        options: &[],
        create: hilo,
        solve: None,
    },
];
