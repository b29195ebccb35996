//! Perft split by first move (debugging aid).
//!
//! `cargo run --release -p tessera-bench --example chess_divide -- 3 FEN`

use tessera::games::chess::Chess;
use tessera::Game;

fn main() {
    let mut args = std::env::args().skip(1);
    let depth: u32 = args.next().and_then(|d| d.parse().ok()).unwrap_or(1);
    let fen = args.collect::<Vec<_>>().join(" ");
    let mut g = Chess::from_fen(&fen, true).expect("valid FEN");
    let mut total = 0;
    for (m, n) in tessera::tools::perft::divide(&mut g, depth.saturating_sub(1)) {
        println!("{} {n}", g.format_action(m));
        total += n;
    }
    println!("total {total}");
}
