//! TCHES: perft with and without Strike (the cost of the safe-completion check), and
//! legal-action generation in a position with checks and pins; perft under Layer 3
//! modifications.

use criterion::{criterion_group, criterion_main, Criterion};
use tessera::core::options::VariantOptions;
use tessera::games::tches::Tches;
use tessera::tools::perft::perft;
use tessera::Game;

const MIDDLE: &str = "g2qk1c1/pp1p1ppp/2p1lf2/3Pm3/1D2p3/2F2L2/PPP2PPP/G2QK1CM w - -- 5";
const PINNED: &str = "3gk3/8/8/8/1l6/8/3PP3/2DK3m w - -- 1";

fn tches_benches(c: &mut Criterion) {
    for strike in [false, true] {
        let name = if strike { "strike" } else { "single" };
        let mut g = Tches::new(strike, Vec::new());
        g.set_fen(MIDDLE).unwrap();
        c.bench_function(&format!("tches/perft3/middle/{name}"), |b| {
            b.iter(|| perft(&mut g, 3))
        });
        let mut g = Tches::new(strike, Vec::new());
        g.set_fen(PINNED).unwrap();
        c.bench_function(&format!("tches/legal/pinned/{name}"), |b| {
            b.iter(|| {
                let mut v = Vec::new();
                g.legal_actions(&mut v);
                v.len()
            })
        });
    }
}

/// Layer 3 option sets, measured on the middlegame (perft 3, Strike off) against the plain
/// game above.
const LAYER3: &[(&str, &[(&str, &str)])] = &[
    ("capture-the-king", &[("CaptureTheKing", "true")]),
    ("transportation", &[("Transportation", "true")]),
    ("polarity", &[("Polarity", "true")]),
    (
        "all",
        &[
            ("EscortTheKing", "true"),
            ("CaptureTheKing", "true"),
            ("Replacement", "true"),
            ("Transportation", "true"),
            ("Polarity", "true"),
        ],
    ),
];

fn layer3_benches(c: &mut Criterion) {
    for (name, pairs) in LAYER3 {
        let mut opts = VariantOptions::new();
        opts.set("Strike", "false");
        for (k, v) in *pairs {
            opts.set(k, v);
        }
        let mut g = Tches::from_options(&opts).unwrap();
        g.set_fen(MIDDLE).unwrap();
        c.bench_function(&format!("tches/perft3/middle/{name}"), |b| {
            b.iter(|| perft(&mut g, 3))
        });
    }
}

criterion_group!(benches, tches_benches, layer3_benches);
criterion_main!(benches);
