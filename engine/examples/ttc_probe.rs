use tessera::games::tictacchess::{solver, Config, Position, TicTacChess};
use tessera::Game;
fn main() {
    let mut g = TicTacChess::default();
    for d in 1..=4 {
        let t = std::time::Instant::now();
        println!(
            "perft {d} = {} ({:?})",
            tessera::perft::perft(&mut g, d),
            t.elapsed()
        );
    }
    let args: Vec<String> = std::env::args().collect();
    let res = &args[1];
    let cap: usize = args[2].parse().unwrap();
    let mut cfg = Config::default();
    let mut r = [0u8; 6];
    for ch in res.chars() {
        r["PRNBQK".find(ch).unwrap()] += 1;
    }
    cfg.reserve = r;
    match solver::solve_from(cfg, Position::start(&cfg), cap) {
        Ok(s) => {
            for l in solver::report(&s) {
                println!("{l}")
            }
        }
        Err(t) => println!("too large {:?}", t),
    }
}
