//! Perft speed per variant.

use criterion::{criterion_group, criterion_main, Criterion};

fn perft_benches(c: &mut Criterion) {
    for v in tessera::faces::registry::variants() {
        let mut g = (v.create)(&Default::default()).expect("start position");
        c.bench_function(&format!("perft3/{}", v.name), |b| b.iter(|| g.perft(3)));
    }
}

criterion_group!(benches, perft_benches);
criterion_main!(benches);
