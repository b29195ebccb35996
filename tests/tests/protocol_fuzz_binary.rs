//! Thousands of random and mutated command lines piped into the `tessera` binary: it must
//! neither panic nor hang, must exit cleanly on `quit`, and must write only well-formed lines.

use std::io::Write;
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

use tessera_tests::binary::tessera_bin;

struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0
    }
    fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }
    fn pick<'a>(&mut self, xs: &[&'a str]) -> &'a str {
        xs[self.below(xs.len())]
    }
}

const SEEDS: &[&str] = &[
    "uci",
    "isready",
    "ucinewgame",
    "legal",
    "variants",
    "stop",
    "ponderhit",
    "position startpos",
    "position startpos moves e2e4 e7e5 g1f3",
    "position fen r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
    "position fen 8/8/8/8/8/8/8/K1k5 w - - 0 1 moves a1a2",
    "position startpos moves f2f3 e7e5 g2g4 d8h4",
    "go depth 1",
    "go nodes 300",
    "go movetime 3",
    "go infinite",
    "go ponder",
    "go wtime 50 btime 50 winc 1 binc 1",
    "go searchmoves e2e4 d2d4 depth 1",
    "go perft 2",
    "go mate 1",
    "setoption name Hash value 2",
    "setoption name Threads value 2",
    "setoption name MultiPV value 2",
    "setoption name UCI_Chess960 value true",
    "setoption name UCI_Chess960 value false",
    "setoption name UCI_Variant value chess",
    "setoption name Move Overhead value 0",
    "setoption name Ponder value true",
];

const WORDS: &[&str] = &[
    "",
    "name",
    "value",
    "moves",
    "fen",
    "startpos",
    "depth",
    "perft",
    "e2e4",
    "e7e8q",
    "e1g1",
    "e1h1",
    "a1a1",
    "0000",
    "-1",
    "0",
    "2",
    "18446744073709551616",
    "true",
    "KQkq",
    "go",
    "position",
    "setoption",
    "searchmoves",
    "infinite",
    "w",
    "b",
    "8/8/8",
    "\u{fffd}",
    "Hash",
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR",
    ",",
    "e2e4,e7e5",
    "ponder",
    "wtime",
];

fn random_line(r: &mut Rng) -> String {
    let line = match r.below(3) {
        0 => r.pick(SEEDS).to_string(),
        1 => {
            let mut w: Vec<String> = r.pick(SEEDS).split(' ').map(String::from).collect();
            for _ in 0..1 + r.below(3) {
                let i = r.below(w.len() + 1);
                match r.below(3) {
                    0 if i < w.len() => {
                        w.remove(i);
                    }
                    1 => w.insert(i, r.pick(WORDS).to_string()),
                    _ if i < w.len() => w[i] = r.pick(WORDS).to_string(),
                    _ => {}
                }
            }
            w.join(" ")
        }
        _ => (0..r.below(6))
            .map(|_| r.pick(WORDS))
            .collect::<Vec<_>>()
            .join(" "),
    };
    // Deep perft is long by nature (it runs on the protocol thread); keep fuzzed ones small.
    if line.contains("perft")
        && line
            .split(' ')
            .any(|w| w.parse::<u64>().is_ok_and(|d| d > 3))
    {
        "go perft 1".into()
    } else {
        line
    }
}

fn well_formed(line: &str) -> bool {
    const PREFIXES: &[&str] = &[
        "id name ",
        "id author ",
        "option name ",
        "uciok",
        "readyok",
        "info ",
        "bestmove ",
        "legal",
        "variant ",
        "Nodes searched: ",
    ];
    !line.chars().any(|c| c.is_control())
        && (line.is_empty()
            || PREFIXES.iter().any(|p| line.starts_with(p))
            || line
                .split_once(": ")
                .is_some_and(|(_, n)| n.parse::<u64>().is_ok()))
}

#[test]
fn random_command_lines_are_survived() {
    let mut r = Rng(0x2545_f491_4f6c_dd1d);
    let mut input = String::new();
    let n = 3000;
    for i in 0..n {
        input.push_str(&random_line(&mut r));
        input.push('\n');
        if i % 10 == 9 {
            input.push_str("stop\n");
        }
    }
    input.push_str("isready\nquit\n");
    let mut child = Command::new(tessera_bin())
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let mut stdin = child.stdin.take().unwrap();
    let writer = std::thread::spawn(move || {
        let _ = stdin.write_all(input.as_bytes());
    });
    let t0 = Instant::now();
    let waiter = std::thread::spawn(move || child.wait_with_output().unwrap());
    while !waiter.is_finished() {
        assert!(t0.elapsed() < Duration::from_secs(60), "the engine hangs");
        std::thread::sleep(Duration::from_millis(20));
    }
    writer.join().unwrap();
    let o = waiter.join().unwrap();
    let out = String::from_utf8(o.stdout).expect("output is UTF-8");
    let err = String::from_utf8_lossy(&o.stderr);
    assert!(o.status.success(), "exit {:?}; stderr:\n{err}", o.status);
    assert!(!err.contains("panicked"), "{err}");
    let lines: Vec<&str> = out.lines().collect();
    for l in &lines {
        assert!(well_formed(l), "malformed line '{l}'");
    }
    assert!(lines.contains(&"readyok"));
    let errors = lines
        .iter()
        .filter(|l| l.starts_with("info string error: "))
        .count();
    assert!(
        errors > n / 10 && errors <= n,
        "{errors} errors for {n} lines"
    );
}
