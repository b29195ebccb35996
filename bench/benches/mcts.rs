//! Monte Carlo tree search speed: playouts (iterations) per second of UCT on registered
//! variants, and of information-set MCTS (one tree per player, and one tree) from a view of
//! the test game Peek Whist. Each measurement runs a fixed number of iterations.

use criterion::{criterion_group, criterion_main, Criterion, Throughput};
use tessera::bench_positions::POSITIONS;
use tessera::game::{Hidden, Player};
use tessera::search::bench::bench_mcts;
use tessera::search::{mcts, Limits, Observers, SearchConfig, SearchControl};
use tessera::Game;
use tessera_tests::toys::PeekWhist;

const PLAYOUTS: u64 = 5_000;

fn uct(c: &mut Criterion) {
    let mut group = c.benchmark_group("mcts");
    group.sample_size(10);
    group.throughput(Throughput::Elements(PLAYOUTS));
    for &(variant, fen) in [POSITIONS[0], POSITIONS[1], POSITIONS[20]].iter() {
        group.bench_function(format!("uct/{variant}/{}", &fen[..8]), |b| {
            b.iter(|| bench_mcts(&[(variant, fen)], PLAYOUTS, 16).expect("bench position"))
        });
    }
    let mut whist = PeekWhist::new();
    whist
        .set_fen("JSQSKS AHKHQH ASJHJDQDKDAD w - 0-0 - - - 000000")
        .expect("position");
    let view = whist.view(Player::White);
    for (name, observers) in [
        ("multiple", Observers::Multiple),
        ("single", Observers::Single),
    ] {
        let mut cfg = SearchConfig::default();
        cfg.mcts.observers = observers;
        let limits = Limits {
            nodes: Some(PLAYOUTS),
            ..Limits::default()
        };
        group.bench_function(format!("ismcts/peekwhist/{name}"), |b| {
            b.iter(|| {
                let ctl = SearchControl::new(false);
                mcts::think_view(&view, &limits, &cfg, &ctl, 16, &mut |_| {})
            })
        });
    }
    group.finish();
}

criterion_group!(benches, uct);
criterion_main!(benches);
