//! Chess evaluation speed: the hand-written evaluation against networks of a few sizes
//! (random weights: the speed does not depend on them), on the chess bench positions.

use std::sync::Arc;

use criterion::{criterion_group, criterion_main, Criterion};
use tessera::bench_positions::POSITIONS;
use tessera::game::Evaluate;
use tessera::games::chess::{nnue, Chess};
use tessera::nnue::Network;
use tessera::tune::nnue::initial;

fn chess_eval(c: &mut Criterion) {
    let games: Vec<Chess> = POSITIONS
        .iter()
        .filter(|(v, _)| *v == "chess")
        .map(|(_, fen)| Chess::from_fen(fen, false).expect("bench FEN"))
        .collect();
    let mut group = c.benchmark_group("chess_eval");
    group.bench_function("hand-written", |b| {
        b.iter(|| games.iter().map(|g| g.evaluate()).sum::<i32>())
    });
    for hidden in [32, 128, 256] {
        let net = Arc::new(Network::quantize(&initial(
            nnue::FEATURES,
            nnue::INPUTS,
            hidden,
            Some(nnue::material_start()),
            1,
        )));
        let with: Vec<Chess> = games
            .iter()
            .map(|g| {
                let mut g = g.clone();
                g.set_net(Some(net.clone()));
                g
            })
            .collect();
        group.bench_function(format!("network {hidden}"), |b| {
            b.iter(|| with.iter().map(|g| g.evaluate()).sum::<i32>())
        });
    }
    group.finish();
}

criterion_group!(benches, chess_eval);
criterion_main!(benches);
