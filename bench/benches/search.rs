//! Search speed: fixed-depth searches of a few positions, one thread, a fresh table each.

use criterion::{criterion_group, criterion_main, Criterion};
use tessera::tools::bench::bench;
use tessera::tools::bench_positions::POSITIONS;

fn search_benches(c: &mut Criterion) {
    let mut group = c.benchmark_group("search");
    group.sample_size(10);
    for (i, &(variant, fen)) in POSITIONS.iter().take(4).enumerate() {
        if tessera::faces::registry::find(variant).is_none() {
            continue;
        }
        group.bench_function(format!("depth8/{variant}/{i}"), |b| {
            b.iter(|| bench(&[(variant, fen)], 8, 16).expect("bench position"))
        });
    }
    group.finish();
}

criterion_group!(benches, search_benches);
criterion_main!(benches);
