use std::time::{Duration, Instant};
use tessera::games::tictacchess::{solver, Config, Position};
fn main() {
    let args: Vec<String> = std::env::args().collect();
    let mut cfg = Config::default();
    let mut r = [0u8; 6];
    for ch in args[1].chars() {
        r["PRNBQK".find(ch).unwrap()] += 1;
    }
    cfg.reserve = r;
    let secs: u64 = args[2].parse().unwrap();
    let root = Position::start(&cfg);
    let mut pr = solver::Prover::new(cfg, Duration::from_secs(secs));
    let t = Instant::now();
    for d in (1..60).step_by(2) {
        let w = pr.wins(&root, d);
        if pr.out_of_time {
            println!("out of time at depth {d}");
            break;
        }
        let l = pr.loses(&root, d + 1);
        if pr.out_of_time {
            println!("out of time at depth {}", d + 1);
            break;
        }
        println!(
            "d={d}: win {w}, loss(d+1) {l}; nodes {} tt {} {:?}",
            pr.nodes,
            pr.table_len(),
            t.elapsed()
        );
        if w || l {
            break;
        }
    }
}
