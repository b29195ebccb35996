//! Search speed of Adrenaline Chess: fixed-depth searches of a few positions, one thread, a
//! fresh table each; prints nodes, time and nodes per second.
//!
//! `cargo run --release -p tessera-bench --example adrenaline_nps [depth]`

use std::time::Instant;

use tessera::games::adrenaline::Adrenaline;
use tessera::search::tt::TranspositionTable;
use tessera::search::{think, Limits, SearchConfig, SearchControl};

const POSITIONS: &[&str] = &[
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 -",
    "r1bqkbnr/pppp1ppp/2n5/4p3/3PP3/5N2/PPP2PPP/RNBQKB1R b KQkq - 0 3 -",
    "r2qk2r/1pp3pp/2nb3n/p3pp1P/P2pP1b1/3P1NPB/1PPB1P2/RN1QK2R w KQkq - 0 11 b2:2,c6:1,f3:1,h7:1",
    "6k1/pp3pp1/2b5/7p/2q5/8/PP1P1KPP/2B3NR b - - 0 1 c1:2,h5:1",
];

fn main() {
    let depth: u32 = std::env::args()
        .nth(1)
        .and_then(|d| d.parse().ok())
        .unwrap_or(9);
    let cfg = SearchConfig {
        threads: 1,
        multipv: 1,
        move_overhead: 0,
        ..SearchConfig::default()
    };
    let (mut nodes, mut secs) = (0u64, 0f64);
    for fen in POSITIONS {
        let g = Adrenaline::from_fen(fen).expect("bench position");
        let tt = TranspositionTable::new(16);
        let ctl = SearchControl::new(false);
        let t = Instant::now();
        let out = think(&g, &Limits::depth(depth), &cfg, &ctl, &tt, &mut |_| {});
        let s = t.elapsed().as_secs_f64();
        secs += s;
        nodes += out.nodes;
        println!(
            "depth={depth} nodes={} time={s:.2}s best={} ({fen})",
            out.nodes,
            out.turn.join(",")
        );
    }
    println!(
        "{nodes} nodes in {secs:.2} s = {:.0} nodes/s",
        nodes as f64 / secs
    );
}
