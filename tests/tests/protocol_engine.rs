//! The protocol's command handler driven in-process over the Pile test game: sessions, error
//! handling (one error line, nothing changed), searches on their own thread, and a seeded
//! fuzz of thousands of random and mutated command lines.

use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use tessera::core::options::VariantOptions;
use tessera::search::SearchConfig;
use tessera_protocol::uci::{Engine, Flow, Output};
use tessera_tests::fuzz::{random_line, Rng, REPLY_PREFIXES};
use tessera_tests::pile::CATALOG;

struct Harness {
    engine: Engine,
    lines: Arc<Mutex<Vec<String>>>,
    read: usize,
}

impl Harness {
    fn new() -> Harness {
        Harness::over(&CATALOG)
    }

    fn over(catalog: &'static [tessera::faces::variant::VariantInfo]) -> Harness {
        let lines = Arc::new(Mutex::new(Vec::new()));
        let l = lines.clone();
        let out: Output = Arc::new(move |s: &str| l.lock().unwrap().push(s.to_string()));
        Harness {
            engine: Engine::new(catalog, out).unwrap(),
            lines,
            read: 0,
        }
    }

    /// Handles one line, leaving its output for `until` (a fast search may already be done).
    fn send(&mut self, line: &str) {
        self.engine.handle(line);
    }

    /// Handles one line and returns the output produced since the last call.
    fn cmd(&mut self, line: &str) -> Vec<String> {
        self.engine.handle(line);
        self.take()
    }

    fn take(&mut self) -> Vec<String> {
        let all = self.lines.lock().unwrap();
        let new = all[self.read..].to_vec();
        self.read = all.len();
        new
    }

    /// Waits (polling) until a line starting with `prefix` has been written.
    fn until(&mut self, prefix: &str) -> Vec<String> {
        let deadline = Instant::now() + Duration::from_secs(20);
        let mut got = Vec::new();
        loop {
            got.extend(self.take());
            if got.iter().any(|l| l.starts_with(prefix)) {
                return got;
            }
            assert!(Instant::now() < deadline, "no '{prefix}' line; got {got:?}");
            std::thread::sleep(Duration::from_millis(2));
        }
    }

    fn state(&self) -> State {
        State {
            variant: self.engine.variant(),
            fen: self.engine.fen(),
            cfg: self.engine.config().clone(),
            hash: self.engine.hash_mb(),
            vopts: self.engine.variant_options().clone(),
        }
    }
}

#[derive(Debug, PartialEq)]
struct State {
    variant: &'static str,
    fen: String,
    cfg: SearchConfig,
    hash: usize,
    vopts: VariantOptions,
}

fn errors(lines: &[String]) -> usize {
    lines
        .iter()
        .filter(|l| l.starts_with("info string error: "))
        .count()
}

fn bestmove(lines: &[String]) -> &str {
    lines
        .iter()
        .find_map(|l| l.strip_prefix("bestmove "))
        .expect("a bestmove line")
}

#[test]
fn uci_lists_engine_and_variant_options_once() {
    let mut h = Harness::new();
    let out = h.cmd("uci");
    assert!(out[0].starts_with("id name Tessera "));
    assert_eq!(out[1], "id author The Tessera developers");
    assert_eq!(out.last().unwrap(), "uciok");
    for want in [
        "option name Hash type spin default 16 min 1 max 65536",
        "option name Threads type spin default 1 min 1 max 256",
        "option name MultiPV type spin default 1 min 1 max 256",
        "option name Move Overhead type spin default 30 min 0 max 5000",
        "option name Contempt type spin default 0 min -500 max 500",
        "option name Ponder type check default false",
        "option name UCI_Chess960 type check default false",
        "option name UCI_Variant type combo default pile var pile var bigpile",
        "option name Pile Size type spin default 10 min 1 max 99",
        "option name Double Turns type check default false",
    ] {
        assert_eq!(
            out.iter().filter(|l| *l == want).count(),
            1,
            "{want} in {out:?}"
        );
    }
    assert_eq!(h.cmd("isready"), vec!["readyok"]);
}

#[test]
fn bad_input_gives_one_error_line_and_changes_nothing() {
    let mut h = Harness::new();
    h.cmd("position fen 7 b 0 moves t1");
    let before = h.state();
    assert_eq!(before.fen, "6 w 0");
    for bad in [
        "setoption name Hash value 0",
        "setoption name Hash value lots",
        "setoption name Threads value 999",
        "setoption name Ponder value maybe",
        "setoption name Pile Size value 100",
        "setoption name Double Turns value 1",
        "setoption name UCI_Variant value shogi",
        "setoption name No Such Option value 3",
        "setoption Hash 3",
        "position fen 7 x 0",
        "position fen",
        "position startpos moves t1 t2 t9 t1",
        "position startpos moves t3 t3 t3 t3",
        "position somewhere",
        "go depth",
        "go nodes -5",
        "go perft 0",
        "go searchmoves t4",
        "go sideways",
        "frobnicate",
        "\u{fffd}\u{0}garbage",
    ] {
        let out = h.cmd(bad);
        assert_eq!(out.len(), 1, "{bad}: {out:?}");
        assert_eq!(errors(&out), 1, "{bad}: {out:?}");
        assert_eq!(h.state(), before, "{bad} changed the state");
    }
    let out = h.cmd("position startpos moves t1 t9");
    assert!(
        out[0].contains("'t9'"),
        "the error names the bad token: {out:?}"
    );
    let d = h.cmd("d");
    assert!(d.contains(&"Fen: 6 w 0".to_string()), "{d:?}");
}

#[test]
fn options_are_case_insensitive_and_rebuild_the_variant() {
    let mut h = Harness::new();
    assert!(h.cmd("setoption name hash value 4").is_empty());
    assert_eq!(h.engine.hash_mb(), 4);
    assert!(h.cmd("setoption name move overhead value 100").is_empty());
    assert_eq!(h.engine.config().move_overhead, 100);
    h.cmd("setoption name THREADS value 2");
    h.cmd("setoption name multipv value 3");
    assert_eq!(
        (h.engine.config().threads, h.engine.config().multipv),
        (2, 3)
    );
    h.cmd("position startpos moves t1");
    let out = h.cmd("setoption name pile size value 5");
    assert_eq!(
        out,
        vec!["info string variant pile options Pile Size=5 startpos 5 w 0"]
    );
    let out = h.cmd("setoption name UCI_Variant value BIGPILE");
    assert_eq!(
        out,
        vec!["info string variant bigpile options Pile Size=5 startpos 5 w 0"]
    );
    assert_eq!(h.engine.variant(), "bigpile");
    assert!(h.cmd("variants")[0].starts_with("variant pile - take 1-3 stones"));
    assert_eq!(h.cmd("legal"), vec!["legal t1 t2 t3"]);
}

#[test]
fn go_perft_divides() {
    let mut h = Harness::new();
    h.cmd("position fen 4 w 0");
    // From 4 stones, sequences of 2 takes: after t1 (3 left) 3, after t2 2, after t3 1.
    h.send("go perft 2");
    let out = h.until("Nodes searched");
    assert_eq!(
        out,
        vec!["t1: 3", "t2: 2", "t3: 1", "", "Nodes searched: 6"]
    );
}

#[test]
fn go_perft_runs_like_a_search() {
    let mut h = Harness::over(tessera::faces::registry::variants());
    // Far more than a lifetime of counting: only `stop` ends it.
    h.cmd("go perft 20");
    std::thread::sleep(Duration::from_millis(50));
    assert!(h.engine.searching());
    assert_eq!(h.cmd("isready"), vec!["readyok"]);
    assert_eq!(errors(&h.cmd("go depth 1")), 1, "a second go is refused");
    h.send("stop");
    let out = h.until("info string perft stopped");
    assert!(
        out.last()
            .unwrap()
            .starts_with("info string perft stopped after 0 of 20"),
        "{out:?}"
    );
    // A finished count can be followed by a search at once.
    h.send("go perft 1");
    let out = h.until("Nodes searched");
    assert_eq!(out.last().unwrap(), "Nodes searched: 20");
    h.cmd("go perft 20");
    assert_eq!(h.engine.handle("quit"), Flow::Quit);
    assert!(!h.engine.searching());
}

#[test]
fn search_answers_with_a_legal_turn() {
    let mut h = Harness::new();
    h.cmd("position startpos moves t2");
    h.send("go depth 3");
    let out = h.until("bestmove");
    let bm = bestmove(&out).split(' ').next().unwrap().to_string();
    assert!(["t1", "t2", "t3"].contains(&bm.as_str()), "{bm}");
    // Double turns: the answer is a whole turn (comma-joined) or at least a legal prefix.
    h.cmd("setoption name Double Turns value true");
    h.send("go depth 4");
    let out = h.until("bestmove");
    let turn = bestmove(&out).split(' ').next().unwrap().to_string();
    let before = h.engine.fen();
    assert!(
        h.cmd(&format!("position startpos moves {turn}")).is_empty(),
        "{turn}"
    );
    assert_ne!(h.engine.fen(), before);
}

#[test]
fn game_over_answers_bestmove_none() {
    let mut h = Harness::new();
    h.cmd("position fen 0 b 0");
    let out = h.cmd("go depth 1");
    assert_eq!(out.last().unwrap(), "bestmove (none)");
    assert_eq!(h.cmd("legal"), vec!["legal"]);
}

#[test]
fn infinite_search_waits_for_stop_and_isready_is_answered_meanwhile() {
    let mut h = Harness::new();
    h.cmd("go infinite");
    std::thread::sleep(Duration::from_millis(50));
    let out = h.cmd("isready");
    assert!(out.contains(&"readyok".to_string()));
    assert!(!out.iter().any(|l| l.starts_with("bestmove")));
    assert_eq!(errors(&h.cmd("go depth 1")), 1, "a second go is refused");
    h.send("stop");
    let out = h.until("bestmove");
    assert_eq!(out.iter().filter(|l| l.starts_with("bestmove")).count(), 1);
}

#[test]
fn ponder_waits_for_ponderhit() {
    let mut h = Harness::new();
    h.cmd("setoption name Ponder value true");
    h.cmd("go ponder wtime 1000 btime 1000 depth 2");
    std::thread::sleep(Duration::from_millis(100));
    assert!(!h.take().iter().any(|l| l.starts_with("bestmove")));
    h.send("ponderhit");
    h.until("bestmove");
}

#[test]
fn quit_stops_a_running_search() {
    let mut h = Harness::new();
    h.cmd("go infinite");
    assert_eq!(h.engine.handle("quit"), Flow::Quit);
    assert!(h.take().iter().any(|l| l.starts_with("bestmove")));
}

const SEEDS: &[&str] = &[
    "uci",
    "isready",
    "ucinewgame",
    "d",
    "legal",
    "variants",
    "stop",
    "ponderhit",
    "debug on",
    "position startpos",
    "position startpos moves t1 t2 t3",
    "position fen 9 b 0 moves t1,t2",
    "position fen 3 w 0",
    "go depth 2",
    "go nodes 500",
    "go movetime 5",
    "go infinite",
    "go ponder",
    "go wtime 100 btime 100 winc 5 binc 5 movestogo 3",
    "go mate 2",
    "go searchmoves t1 t2 depth 2",
    "go perft 3",
    "setoption name Hash value 2",
    "setoption name Threads value 2",
    "setoption name MultiPV value 2",
    "setoption name Move Overhead value 10",
    "setoption name Ponder value true",
    "setoption name UCI_Variant value bigpile",
    "setoption name UCI_Variant value pile",
    "setoption name Pile Size value 7",
    "setoption name Double Turns value true",
    "setoption name UCI_Chess960 value false",
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
    "t1",
    "t2",
    "t3",
    "t4",
    "t1,t2",
    ",",
    "-1",
    "0",
    "1",
    "3",
    "99999999999999999999",
    "true",
    "x",
    "go",
    "position",
    "setoption",
    "searchmoves",
    "infinite",
    "\u{fffd}",
    "w",
    "b",
    "Hash",
    "\t",
];

/// The forms a protocol line may take (search lines can arrive at any time).
fn well_formed(line: &str, cmd: &str) -> bool {
    // The `d` command's summary lines, besides the replies every command may give.
    const DISPLAY_PREFIXES: &[&str] = &["Variant: ", "Fen: ", "To move: ", "Result: "];
    if line.chars().any(|c| c.is_control()) {
        return false;
    }
    if REPLY_PREFIXES
        .iter()
        .chain(DISPLAY_PREFIXES)
        .any(|p| line.starts_with(p))
    {
        return true;
    }
    // A perft's lines (`action: count`, a blank line) arrive while later commands run.
    if line.is_empty()
        || line
            .split_once(": ")
            .is_some_and(|(_, n)| n.parse::<u64>().is_ok())
    {
        return true;
    }
    cmd.split_whitespace().next() == Some("d")
}

/// Feeds `n` random lines: at most one error line each, nothing changed by a failed command,
/// only well-formed output.
fn fuzz(mut h: Harness, seeds: &[&str], words: &[&str], seed: u64, n: usize) {
    let mut r = Rng(seed);
    for i in 0..n {
        let line = random_line(&mut r, seeds, words, 3);
        let before = h.state();
        h.engine.handle(&line);
        let out = h.take();
        let errs = errors(&out);
        assert!(errs <= 1, "line {i} '{line}': {out:?}");
        if errs == 1 {
            assert_eq!(
                h.state(),
                before,
                "line {i} '{line}' failed but changed the state"
            );
        }
        for l in &out {
            assert!(well_formed(l, &line), "line {i} '{line}' wrote '{l}'");
        }
        if i % 20 == 0 {
            // Keep searches short: an infinite one would otherwise run until the end.
            h.cmd("stop");
        }
    }
    h.engine.handle("quit");
}

#[test]
fn fuzzed_command_lines_never_break_the_protocol() {
    fuzz(Harness::new(), SEEDS, WORDS, 0x9e37_79b9_7f4a_7c15, 4000);
}

#[test]
fn fuzzed_chess_command_lines_never_break_the_protocol() {
    use tessera_tests::fuzz::{CHESS_SEEDS, CHESS_WORDS};
    let h = Harness::over(tessera::faces::registry::variants());
    fuzz(h, CHESS_SEEDS, CHESS_WORDS, 0x2545_f491_4f6c_dd1d, 3000);
}

#[test]
fn an_illegal_search_answer_is_never_printed() {
    use tessera::core::options::VariantOptions;
    use tessera::search::{Limits, Score, SearchOutput};
    use tessera_protocol::uci::search_thread::answer;
    let mut g = (CATALOG[0].create)(&VariantOptions::new()).unwrap();
    g.set_fen("2 w 0").unwrap();
    let out = |turn: &[&str], ponder: Option<&str>| SearchOutput {
        turn: turn.iter().map(|s| s.to_string()).collect(),
        ponder: ponder.map(String::from),
        score: Score::Cp(0),
        nodes: 0,
        depth: 1,
    };
    let limits = Limits::default();
    assert_eq!(
        answer(g.as_ref(), Some(&out(&["t1"], Some("t1"))), &limits),
        vec!["bestmove t1 ponder t1"]
    );
    // The ponder action must be legal after the turn, and there is nothing left after t2.
    assert_eq!(
        answer(g.as_ref(), Some(&out(&["t2"], Some("t1"))), &limits),
        vec!["bestmove t2"]
    );
    for bad in [&["t3"][..], &[], &["t1", "t1", "t1"], &["x"]] {
        let lines = answer(g.as_ref(), Some(&out(bad, None)), &limits);
        assert_eq!(lines.len(), 2, "{bad:?}: {lines:?}");
        assert!(lines[0].starts_with("info string search returned"));
        assert_eq!(lines[1], "bestmove t1");
    }
    let failed = answer(g.as_ref(), None, &limits);
    assert_eq!(
        failed,
        vec![
            "info string search failed; playing a legal action",
            "bestmove t1"
        ]
    );
    let prefer = Limits {
        searchmoves: vec!["t2".into()],
        ..Limits::default()
    };
    assert_eq!(answer(g.as_ref(), None, &prefer)[1], "bestmove t2");
    g.set_fen("0 w 0").unwrap();
    assert_eq!(
        answer(g.as_ref(), Some(&out(&["t1"], None)), &limits),
        vec!["bestmove (none)"]
    );
}

#[test]
fn d_prints_the_fen_and_the_side_to_move_once_the_same_way_for_every_variant() {
    let mut h = Harness::over(tessera::faces::registry::variants());
    for v in tessera::faces::registry::variants() {
        h.cmd(&format!("setoption name UCI_Variant value {}", v.name));
        let fen = h.engine.fen();
        let out = h.cmd("d");
        // A hidden game's `d` also shows each player's view, with its own view-FEN.
        let with_fen: Vec<&String> = out
            .iter()
            .filter(|l| l.contains(&fen) && !l.contains(" view: "))
            .collect();
        assert_eq!(with_fen, [&format!("Fen: {fen}")], "{}: {out:?}", v.name);
        let fen_lines = out
            .iter()
            .filter(|l| l.trim_start().to_ascii_lowercase().starts_with("fen"))
            .count();
        assert_eq!(fen_lines, 1, "{}: {out:?}", v.name);
        let to_move: Vec<&String> = out
            .iter()
            .filter(|l| l.to_ascii_lowercase().contains("to move"))
            .collect();
        assert_eq!(
            to_move,
            [&"To move: white".to_string()],
            "{}: {out:?}",
            v.name
        );
    }
}
