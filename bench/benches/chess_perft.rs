//! Chess move generation speed: perft from the start position and Kiwipete, single-threaded.

use criterion::{criterion_group, criterion_main, Criterion};
use tessera::games::chess::Chess;
use tessera::tools::perft::perft;

fn chess_perft(c: &mut Criterion) {
    let mut g = c.benchmark_group("chess");
    g.sample_size(10);
    let mut start = Chess::new(false);
    g.bench_function("perft5/startpos", |b| b.iter(|| perft(&mut start, 5)));
    let mut kiwi = Chess::from_fen(
        "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
        false,
    )
    .expect("valid FEN");
    g.bench_function("perft4/kiwipete", |b| b.iter(|| perft(&mut kiwi, 4)));
    g.finish();
}

criterion_group!(benches, chess_perft);
criterion_main!(benches);
