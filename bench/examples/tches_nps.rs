//! Search speed of TCHES with Strike on and off: fixed-depth searches of a few positions, one
//! thread, a fresh table each; prints nodes, time and nodes per second, and the ratio.
//!
//! `cargo run --release -p tessera-bench --example tches_nps [depth]`

use std::time::Instant;

use tessera::games::tches::Tches;
use tessera::search::tt::TranspositionTable;
use tessera::search::{think, Limits, SearchConfig, SearchControl};
use tessera::Game;

const POSITIONS: &[&str] = &[
    "gfdqklcm/pppppppp/8/8/8/8/PPPPPPPP/GFDQKLCM w - -- 1",
    "g2qk1c1/pp1p1ppp/2p1lf2/3Pm3/1D2p3/2F2L2/PPP2PPP/G2QK1CM w - -- 5",
    "3gk3/1p3p2/2p1l3/8/1l2P3/2F5/3PP3/2DK3m w - -- 12",
];

fn main() {
    let depth: u32 = std::env::args()
        .nth(1)
        .and_then(|d| d.parse().ok())
        .unwrap_or(6);
    let cfg = SearchConfig {
        threads: 1,
        multipv: 1,
        move_overhead: 0,
        ..SearchConfig::default()
    };
    // The piece values are measured once per process, on first use: keep that out of the timing.
    let _ = tessera::games::tches::values::piece_values();
    let mut nps = Vec::new();
    for strike in [false, true] {
        let (mut nodes, mut secs) = (0u64, 0f64);
        for fen in POSITIONS {
            let mut g = Tches::new(strike, Vec::new());
            g.set_fen(fen).expect("bench position");
            let tt = TranspositionTable::new(16);
            let ctl = SearchControl::new(false);
            let t = Instant::now();
            let out = think(&g, &Limits::depth(depth), &cfg, &ctl, &tt, &mut |_| {});
            secs += t.elapsed().as_secs_f64();
            nodes += out.nodes;
            println!(
                "strike={strike} depth={depth} nodes={} best={}",
                out.nodes,
                out.turn.join(",")
            );
        }
        let rate = nodes as f64 / secs;
        println!("strike={strike}: {nodes} nodes in {secs:.2} s = {rate:.0} nodes/s");
        nps.push(rate);
    }
    println!("nodes/s ratio strike on / off: {:.2}", nps[1] / nps[0]);
}
