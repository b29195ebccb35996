//! Tic Tac Chess solver speed: complete retrograde analysis of small configurations, and
//! perft 4 from the start.

use criterion::{criterion_group, criterion_main, Criterion};
use tessera::core::options::VariantOptions;
use tessera::games::tictacchess::{config_from_options, solver, TicTacChess};

fn solve_benches(c: &mut Criterion) {
    let mut group = c.benchmark_group("tictacchess");
    group.sample_size(10);
    for reserve in ["RK", "PK", "RNK"] {
        let mut o = VariantOptions::new();
        o.set("TicTacReserve", reserve);
        let cfg = config_from_options(&o).expect("valid reserve");
        let root = *TicTacChess::new(cfg).position();
        group.bench_function(format!("retrograde/{reserve}"), |b| {
            b.iter(|| {
                solver::solve_from(cfg, root, 10_000_000)
                    .expect("small game")
                    .len()
            })
        });
    }
    let mut g = TicTacChess::default();
    group.bench_function("perft4/start", |b| {
        b.iter(|| tessera::tools::perft::perft(&mut g, 4))
    });
    group.finish();
}

criterion_group!(benches, solve_benches);
criterion_main!(benches);
