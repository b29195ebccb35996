//! Chess evaluation speed: the hand-written evaluation against networks of a few sizes
//! (random weights: the speed does not depend on them), on the chess bench positions. A
//! network's sums counted afresh ("fresh"), and kept along the line: a move played, the
//! position evaluated, the move taken back ("kept", beside the hand-written evaluation
//! timed the same way), as a search does it.

use std::sync::Arc;

use criterion::{criterion_group, criterion_main, Criterion};
use tessera::core::game::{Evaluate, Game};
use tessera::core::network::Network;
use tessera::games::chess::{nnue, Chess};
use tessera::tools::bench_positions::POSITIONS;
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
    // One move per position, played, evaluated after and taken back.
    let after_a_move = |gs: &mut [Chess]| {
        gs.iter_mut()
            .map(|g| {
                let mut moves = Vec::new();
                g.legal_actions(&mut moves);
                let u = g.play(moves[0]);
                let e = g.evaluate();
                g.undo(u);
                e
            })
            .sum::<i32>()
    };
    let mut plain = games.clone();
    group.bench_function("hand-written, a move played", |b| {
        b.iter(|| after_a_move(&mut plain))
    });
    for hidden in [32, 128, 256] {
        let net = Arc::new(Network::quantize(&initial(
            nnue::FEATURES,
            nnue::INPUTS,
            hidden,
            Some(nnue::material_start()),
            1,
        )));
        let mut with: Vec<Chess> = games
            .iter()
            .map(|g| {
                let mut g = g.clone();
                g.set_net(Some(net.clone()));
                g
            })
            .collect();
        group.bench_function(format!("network {hidden} fresh"), |b| {
            b.iter(|| {
                with.iter()
                    .map(|g| {
                        let f = g.net_features();
                        net.evaluate(f.own(), f.other())
                    })
                    .sum::<i32>()
            })
        });
        group.bench_function(format!("network {hidden} kept, a move played"), |b| {
            b.iter(|| after_a_move(&mut with))
        });
    }
    group.finish();
}

criterion_group!(benches, chess_eval);
criterion_main!(benches);
