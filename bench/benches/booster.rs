//! Booster Chess speed: random playouts from a deal to the end of the game (chance and both
//! players choosing uniformly among the legal actions), legal-action generation in a
//! middlegame with stacks of both colours, and information-set MCTS iterations from a view.

use criterion::{criterion_group, criterion_main, Criterion, Throughput};
use tessera::core::game::{below, seeded_rng, Chance, Hidden, Player};
use tessera::games::booster::{Booster, Config};
use tessera::search::{mcts, Limits, SearchConfig, SearchControl};
use tessera::Game;

const MIDDLEGAME: &str = "r1bqk2r/ppp2ppp/2n2n2/3pp3/1bPP4/2N1PN2/PP3PPP/R1BQKB1R w KQkq - 0 6 \
                          c3:1w,f3:1b,c6:1b,d5:1w - 9H.2H.3D.8S KS.QS.4C.10S * 5S.9D";

/// One random game from a deal (at most 600 actions); returns the actions played.
pub fn random_playout(seed: u64) -> u64 {
    let mut rng = seeded_rng(seed);
    let mut g = Booster::dealt(Config::default(), seed);
    let mut v = Vec::new();
    let mut n = 0;
    while n < 600 && g.terminal().is_none() {
        let a = if g.is_chance_node() {
            g.sample_chance(&mut rng)
        } else {
            v.clear();
            g.legal_actions(&mut v);
            if v.is_empty() {
                break;
            }
            v[below(&mut rng, v.len())]
        };
        g.play(a);
        n += 1;
    }
    n
}

fn booster(c: &mut Criterion) {
    let mut group = c.benchmark_group("booster");
    group.sample_size(10);
    group.throughput(Throughput::Elements(20));
    group.bench_function("random_playouts", |b| {
        b.iter(|| (0..20).map(random_playout).sum::<u64>())
    });
    let g = Booster::from_fen(MIDDLEGAME).expect("the bench position");
    group.throughput(Throughput::Elements(1));
    group.bench_function("legal_actions/middlegame", |b| {
        b.iter(|| {
            let mut v = Vec::new();
            g.legal_actions(&mut v);
            v.len()
        })
    });
    let view = g.view(Player::White);
    let iterations = 2_000;
    group.throughput(Throughput::Elements(iterations));
    group.bench_function("ismcts/middlegame", |b| {
        let cfg = SearchConfig::default();
        let limits = Limits {
            nodes: Some(iterations),
            ..Limits::default()
        };
        b.iter(|| {
            let ctl = SearchControl::new(false);
            mcts::think_view(&view, &limits, &cfg, &ctl, 16, &mut |_| {})
        })
    });
    group.finish();
}

criterion_group!(benches, booster);
criterion_main!(benches);
