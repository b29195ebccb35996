//! Times chess perft from a FEN (default: the start position), single-threaded.
//!
//! `cargo run --release -p tessera-bench --example chess_perft -- 6 [FEN]`

use std::time::Instant;

use tessera::games::chess::Chess;
use tessera::tools::perft::perft;

fn main() {
    let mut args = std::env::args().skip(1);
    let depth: u32 = args.next().and_then(|d| d.parse().ok()).unwrap_or(6);
    let fen = args.collect::<Vec<_>>().join(" ");
    let t0 = Instant::now();
    tessera::games::chess::attacks::tables();
    eprintln!(
        "attack tables built in {:.1} ms",
        t0.elapsed().as_secs_f64() * 1e3
    );
    let mut g = if fen.is_empty() {
        Chess::new(false)
    } else {
        Chess::from_fen(&fen, false).unwrap_or_else(|e| {
            eprintln!("bad FEN: {e}");
            std::process::exit(2)
        })
    };
    let t = Instant::now();
    let n = perft(&mut g, depth);
    let s = t.elapsed().as_secs_f64();
    println!(
        "perft {depth}: {n} nodes in {:.3} s, {:.1} Mnps",
        s,
        n as f64 / s / 1e6
    );
}
