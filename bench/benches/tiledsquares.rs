//! Tiled Squares Chess: perft from the start and from a middlegame of self-play, legal-action
//! generation, and the evaluation.

use criterion::{criterion_group, criterion_main, Criterion};
use tessera::games::tiledsquares::TiledSquares;
use tessera::tools::perft::perft;
use tessera::{Evaluate, Game};

/// Move 16 of a depth-6 self-play game: tiles of both owners everywhere, holes between.
const MIDDLE: &str =
    "r%%qkb%r/%%ppppp%/ppb2n2/1$1%3%/P2P3p/1$$2N1P/$PP$PPP$/R$BQKB$R w KQkq - 1 16";

fn tiledsquares_benches(c: &mut Criterion) {
    let mut g = TiledSquares::default();
    c.bench_function("tiledsquares/perft4/start", |b| b.iter(|| perft(&mut g, 4)));
    let mut g = TiledSquares::from_fen(MIDDLE, false).unwrap();
    c.bench_function("tiledsquares/perft3/middle", |b| {
        b.iter(|| perft(&mut g, 3))
    });
    c.bench_function("tiledsquares/legal/middle", |b| {
        b.iter(|| {
            let mut v = Vec::new();
            g.legal_actions(&mut v);
            v.len()
        })
    });
    c.bench_function("tiledsquares/evaluate/middle", |b| b.iter(|| g.evaluate()));
}

criterion_group!(benches, tiledsquares_benches);
criterion_main!(benches);
