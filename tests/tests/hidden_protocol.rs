//! The protocol over the test toys, in-process: views and observations through `position`,
//! searches from a view, the full state with its chance, and a seeded fuzz of random and
//! mutated lines (at most one error line each, nothing changed by a failed command).

use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use tessera_protocol::uci::{Engine, Output};
use tessera_tests::fuzz::{random_line, Rng, REPLY_PREFIXES};
use tessera_tests::toys::CATALOG;

struct Harness {
    engine: Engine,
    lines: Arc<Mutex<Vec<String>>>,
    read: usize,
}

impl Harness {
    fn new() -> Harness {
        let lines = Arc::new(Mutex::new(Vec::new()));
        let l = lines.clone();
        let out: Output = Arc::new(move |s: &str| l.lock().unwrap().push(s.to_string()));
        Harness {
            engine: Engine::new(&CATALOG, out).unwrap(),
            lines,
            read: 0,
        }
    }

    fn take(&mut self) -> Vec<String> {
        let all = self.lines.lock().unwrap();
        let new = all[self.read..].to_vec();
        self.read = all.len();
        new
    }

    fn cmd(&mut self, line: &str) -> Vec<String> {
        self.engine.handle(line);
        self.take()
    }

    /// Sends `line` and waits for its `bestmove`.
    fn go(&mut self, line: &str) -> String {
        self.engine.handle(line);
        let deadline = Instant::now() + Duration::from_secs(30);
        let mut got = Vec::new();
        loop {
            got.extend(self.take());
            if let Some(b) = got.iter().find_map(|l| l.strip_prefix("bestmove ")) {
                return b.split(' ').next().unwrap_or_default().to_string();
            }
            assert!(Instant::now() < deadline, "no bestmove: {got:?}");
            std::thread::sleep(Duration::from_millis(2));
        }
    }
}

fn errors(lines: &[String]) -> usize {
    lines
        .iter()
        .filter(|l| l.starts_with("info string error: "))
        .count()
}

const VIEW: &str = "view w JSQSKS - 3 6 w - 0-0 - - - 000000";

#[test]
fn a_player_is_driven_through_its_view() {
    let mut h = Harness::new();
    h.cmd("setoption name UCI_Variant value peekwhist");
    assert_eq!(h.cmd(&format!("position fen {VIEW}")), Vec::<String>::new());
    assert_eq!(h.engine.fen(), VIEW);
    assert_eq!(h.cmd("legal"), ["legal peek JS QS KS"]);
    let b = h.go("go nodes 2000");
    assert!(["peek", "JS", "QS", "KS"].contains(&b.as_str()), "{b}");
    // A peek pauses the turn: chance shows the top card first.
    h.cmd(&format!("position fen {VIEW} moves peek =AD"));
    assert_eq!(h.cmd("legal"), ["legal JS QS KS"]);
    let b = h.go("go nodes 2000 searchmoves QS");
    assert_eq!(b, "QS");
    // Black took the trick with its ace; chance draws for Black first.
    h.cmd(&format!("position fen {VIEW} moves peek =AD JS AS"));
    let out = h.cmd("go nodes 100");
    assert_eq!(errors(&out), 1, "{out:?}");
    assert!(out[0].contains("chance acts next"), "{out:?}");
    h.cmd(&format!(
        "position fen {VIEW} moves peek =AD JS AS +? +AD KH"
    ));
    assert_eq!(h.cmd("legal"), ["legal QS KS AD"]);
    let b = h.go("go nodes 2000");
    assert!(["QS", "KS", "AD"].contains(&b.as_str()), "{b}");
    // Observations that cannot have happened change nothing.
    let fen = h.engine.fen();
    for bad in [
        "moves peek =AD JS AS +? +AD QS", // White holds QS
        "moves peek =AD JS AS +AD",       // Black draws first
        "moves JS peek",                  // peek only before leading
        "moves peek =AD =KD",             // one top card
        "moves XX",
    ] {
        let out = h.cmd(&format!("position fen {VIEW} {bad}"));
        assert_eq!(errors(&out), 1, "{bad}: {out:?}");
        assert_eq!(h.engine.fen(), fen, "{bad}");
    }
    let out = h.cmd("go perft 1");
    assert!(out[0].contains("perft needs the full state"), "{out:?}");
    let out = h.cmd("go nodes 10 searchmoves JS");
    assert!(out[0].contains("searchmoves"), "{out:?}");
}

#[test]
fn the_full_state_deals_by_moves_and_shows_every_view() {
    let mut h = Harness::new();
    h.cmd("setoption name UCI_Variant value peekwhist");
    h.cmd("position startpos");
    let out = h.cmd("go nodes 10");
    assert!(out[0].contains("chance acts next"), "{out:?}");
    h.cmd("position startpos moves +JS +AH +QS +KH +KS +QH");
    let d = h.cmd("d");
    assert!(d.iter().any(|l| l.contains("white sees:")), "{d:?}");
    assert!(
        d.iter()
            .any(|l| l == "white view: view w JSQSKS - 3 6 w - 0-0 - - - 000000"),
        "{d:?}"
    );
    assert!(
        d.iter()
            .any(|l| l == "black view: view b QHKHAH - 3 6 w - 0-0 - - - 000000"),
        "{d:?}"
    );
    let b = h.go("go nodes 500");
    assert!(["peek", "JS", "QS", "KS"].contains(&b.as_str()), "{b}");
    // Every searcher answers from the full state too.
    for s in ["alphabeta", "greedy", "random"] {
        h.cmd(&format!("setoption name Search value {s}"));
        h.cmd("position startpos moves +JS +AH +QS +KH +KS +QH");
        let b = h.go("go depth 3");
        assert!(["peek", "JS", "QS", "KS"].contains(&b.as_str()), "{s}: {b}");
    }
}

#[test]
fn a_solitaire_answers_one_action_at_a_time() {
    let mut h = Harness::new();
    h.cmd("setoption name UCI_Variant value hilo");
    h.cmd("position fen view 7 13 1 0");
    let b = h.go("go nodes 2000");
    assert!(b == "hi" || b == "lo", "{b}");
    h.cmd("position fen view 7 13 1 0 moves hi=12");
    assert_eq!(h.cmd("legal"), ["legal hi lo"]);
    assert_eq!(h.go("go nodes 3000"), "lo", "12 is high: lower");
    let out = h.cmd("position fen view 7 13 1 0 moves hi=7");
    assert_eq!(errors(&out), 1, "a card seen twice: {out:?}");
}

const SEEDS: &[&str] = &[
    "uci",
    "isready",
    "setoption name UCI_Variant value peekwhist",
    "setoption name UCI_Variant value hilo",
    "setoption name Search value mcts",
    "setoption name Search value alphabeta",
    "setoption name MCTS Observers value single",
    "position fen view w JSQSKS - 3 6 w - 0-0 - - - 000000",
    "position fen view w JSQSKS - 3 6 w - 0-0 - - - 000000 moves peek =AD",
    "position fen view w JSQSKS - 3 6 w - 0-0 - - - 000000 moves KS AS +? +JH",
    "position fen view b QHKHAH - 3 6 w - 0-0 - - - 000000 moves JS",
    "position startpos moves +JS +AH +QS +KH +KS +QH",
    "position fen view 7 13 1 0 moves hi=12",
    "position startpos",
    "go nodes 200",
    "go depth 2",
    "go movetime 20",
    "go nodes 50 searchmoves KS",
    "go perft 1",
    "legal",
    "d",
    "stop",
];

const WORDS: &[&str] = &[
    "view", "w", "b", "-", "?", "+?", "=?", "+AD", "=AD", "peek", "JS", "QS", "KS", "AS", "JH",
    "QH", "XX", "0-0", "000000", "3", "6", "13", "hi=12", "lo=2", "#?", "moves", "fen", "position",
    "go", "nodes", "startpos", "wb", "p", "AD:w",
];

#[test]
fn fuzzed_lines_over_the_toys_never_break_the_protocol() {
    let mut h = Harness::new();
    let mut r = Rng(0x5851_f42d_4c95_7f2d);
    for i in 0..1500 {
        let line = random_line(&mut r, SEEDS, WORDS, 2);
        let before = (h.engine.variant(), h.engine.fen());
        h.engine.handle(&line);
        if line.starts_with("go") && line.contains("perft") {
            // A perft runs on the search thread: its lines belong to this `go`, so they are
            // waited for here rather than read with the next line.
            h.engine.wait();
        }
        let out = h.take();
        let errs = errors(&out);
        assert!(errs <= 1, "line {i} '{line}': {out:?}");
        if errs == 1 {
            assert_eq!(
                (h.engine.variant(), h.engine.fen()),
                before,
                "line {i} '{line}' failed but changed the state"
            );
        }
        for l in &out {
            let ok = REPLY_PREFIXES.iter().any(|p| l.starts_with(p))
                || line.starts_with("d")
                || (line.starts_with("go") && (l.is_empty() || l.contains(": ")));
            assert!(
                ok && !l.chars().any(|c| c.is_control()),
                "line {i} '{line}' wrote '{l}'"
            );
        }
        if i % 10 == 0 {
            h.cmd("stop");
        }
    }
    h.engine.handle("quit");
}

/// Booster through the protocol: from a view whose draw pile is empty, every card White has
/// not seen is in Black's hand, so after the reshuffle White cannot draw one of them.
#[test]
fn a_booster_view_refuses_a_draw_of_a_card_known_in_the_other_hand() {
    use tessera::games::booster::Config;
    use tessera::kits::cards::Card;
    let lines = Arc::new(Mutex::new(Vec::new()));
    let l = lines.clone();
    let out: Output = Arc::new(move |s: &str| l.lock().unwrap().push(s.to_string()));
    let mut h = Harness {
        engine: Engine::new(tessera::faces::registry::variants(), out).unwrap(),
        lines,
        read: 0,
    };
    h.cmd("setoption name UCI_Variant value booster");
    let deck: Vec<String> = (0..52u8)
        .filter(|c| Config::default().deck & (1 << c) != 0)
        .map(|c| Card::from_code(c).unwrap().to_string())
        .filter(|c| c != "8S")
        .collect();
    let view = format!(
        "view w 4k3/8/8/8/8/8/8/R3K3 w - - 0 1 - card {} 6 0 {}",
        deck[..5].join("."),
        deck[10..].join(".")
    );
    assert_eq!(
        h.cmd(&format!("position fen {view} moves end reshuffle")),
        Vec::<String>::new()
    );
    let fen = h.engine.fen();
    let out = h.cmd(&format!("position fen {view} moves end reshuffle #8s"));
    assert_eq!(errors(&out), 1, "{out:?}");
    assert!(
        out[0].contains("8S is known to be in Black's hand"),
        "{out:?}"
    );
    assert_eq!(h.engine.fen(), fen);
    let ok = format!("#{}", deck[10].to_lowercase());
    let out = h.cmd(&format!("position fen {view} moves end reshuffle {ok}"));
    assert_eq!(errors(&out), 0, "{out:?}");
}
