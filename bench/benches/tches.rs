//! TCHES: perft with and without Strike (the cost of the safe-completion check), and
//! legal-action generation in a position with checks and pins.

use criterion::{criterion_group, criterion_main, Criterion};
use tessera::games::tches::Tches;
use tessera::perft::perft;
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

criterion_group!(benches, tches_benches);
criterion_main!(benches);
