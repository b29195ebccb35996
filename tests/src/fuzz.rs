//! Random and mutated protocol command lines from a seeded generator, so that every failure
//! reproduces.

/// xorshift64: small, seeded, good enough to pick words.
pub struct Rng(pub u64);

impl Rng {
    pub fn next_u64(&mut self) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0
    }

    pub fn below(&mut self, n: usize) -> usize {
        (self.next_u64() % n as u64) as usize
    }

    pub fn pick<'a>(&mut self, xs: &[&'a str]) -> &'a str {
        xs[self.below(xs.len())]
    }
}

/// A line of one of three kinds, equally often: a well-formed command from `seeds`, a seed
/// with one to three words removed, inserted or replaced from `words`, or up to five random
/// words. `go perft` depths above `max_perft` become `go perft 1`: perft runs on the protocol
/// thread by design, and a mutated depth must not ask for an hour of counting.
pub fn random_line(r: &mut Rng, seeds: &[&str], words: &[&str], max_perft: u64) -> String {
    let line = match r.below(3) {
        0 => r.pick(seeds).to_string(),
        1 => {
            let mut w: Vec<String> = r.pick(seeds).split(' ').map(String::from).collect();
            for _ in 0..1 + r.below(3) {
                let i = r.below(w.len() + 1);
                match r.below(3) {
                    0 if i < w.len() => {
                        w.remove(i);
                    }
                    1 => w.insert(i, r.pick(words).to_string()),
                    _ if i < w.len() => w[i] = r.pick(words).to_string(),
                    _ => {}
                }
            }
            w.join(" ")
        }
        _ => (0..r.below(6))
            .map(|_| r.pick(words))
            .collect::<Vec<_>>()
            .join(" "),
    };
    let deep = |w: &str| w.parse::<u64>().is_ok_and(|d| d > max_perft);
    if line.contains("perft") && line.split(' ').any(deep) {
        "go perft 1".into()
    } else {
        line
    }
}

/// How every line the engine writes in reply to protocol commands begins.
pub const REPLY_PREFIXES: &[&str] = &[
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

/// Chess command lines: what a GUI sends, with real and broken FENs and moves.
pub const CHESS_SEEDS: &[&str] = &[
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
    "position fen bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9",
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

pub const CHESS_WORDS: &[&str] = &[
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
    "HAha",
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
