//! Monte Carlo tree search speed: playouts (iterations) per second of UCT on registered
//! variants, and of information-set MCTS (one tree per player, and one tree) from a view of
//! the test game Peek Whist and from a Cloak and Dagger view (where every iteration's leaf is
//! scored by a search of its own), and determinized alpha-beta from that Cloak view. Each
//! measurement runs a fixed number of iterations (nodes for alpha-beta).

use criterion::{criterion_group, criterion_main, Criterion, Throughput};
use tessera::core::game::{Hidden, Player};
use tessera::search::tt::TranspositionTable;
use tessera::search::{mcts, Limits, Observers, SearchConfig, SearchControl};
use tessera::tools::bench::bench_mcts;
use tessera::tools::bench_positions::POSITIONS;
use tessera::Game;
use tessera_tests::toys::PeekWhist;

const PLAYOUTS: u64 = 5_000;
const CLOAK_ITERATIONS: u64 = 2_000;
const DETERMINIZED_NODES: u64 = 80_000;

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
    // White's view after 1. e4 e5 2. Nf3 Nc6: Black's arrangement unknown but for a knight.
    let mut cloak = tessera::games::cloak::Cloak::new(Some([518, 518]));
    for text in ["e2e4", "end", "e7e5", "end", "g1f3", "end", "b8c6", "end"] {
        let a = cloak.parse_action(text).expect("legal");
        cloak.play(a);
    }
    let view = cloak.view(Player::White);
    let cfg = SearchConfig::default();
    let limits = Limits {
        nodes: Some(CLOAK_ITERATIONS),
        ..Limits::default()
    };
    group.throughput(Throughput::Elements(CLOAK_ITERATIONS));
    group.bench_function("ismcts/cloak/view", |b| {
        b.iter(|| {
            let ctl = SearchControl::new(false);
            mcts::think_view(&view, &limits, &cfg, &ctl, 16, &mut |_| {})
        })
    });
    // Determinized alpha-beta from the same view: eight sampled truths, each searched with an
    // eighth of the nodes, sharing the engine's default 16 MB table (cleared once per search,
    // as a new game's first move finds it).
    let cfg = SearchConfig {
        searcher: tessera::search::Searcher::AlphaBeta,
        ..SearchConfig::default()
    };
    let limits = Limits {
        nodes: Some(DETERMINIZED_NODES),
        ..Limits::default()
    };
    let tt = TranspositionTable::new(16);
    group.throughput(Throughput::Elements(DETERMINIZED_NODES));
    group.bench_function("determinized/cloak/view", |b| {
        b.iter(|| {
            tt.clear();
            let ctl = SearchControl::new(false);
            tessera::search::run_view(&view, &limits, &cfg, &ctl, &tt, &mut |_| {})
        })
    });
    group.finish();
}

criterion_group!(benches, uct);
criterion_main!(benches);
