//! Protocol sessions with the real `tessera` binary playing chess: what a GUI or tournament
//! manager sends, and what it must get back.

use std::time::{Duration, Instant};

use tessera_tests::binary::Engine;

const T: Duration = Duration::from_secs(20);

fn bestmove(lines: &[String]) -> String {
    let l = lines.last().expect("lines");
    let rest = l.strip_prefix("bestmove ").expect("bestmove line");
    rest.split(' ').next().unwrap().to_string()
}

/// The `Fen:` line of `d`.
fn fen(e: &mut Engine) -> String {
    e.send("d");
    let lines = e.sync();
    lines
        .iter()
        .find_map(|l| l.strip_prefix("Fen: "))
        .expect("d prints the FEN")
        .to_string()
}

fn errors(lines: &[String]) -> usize {
    lines
        .iter()
        .filter(|l| l.starts_with("info string error: "))
        .count()
}

#[test]
fn uci_handshake_lists_options() {
    let mut e = Engine::start();
    e.send("uci");
    let lines = e.until("uciok", T);
    assert!(lines[0].starts_with("id name Tessera "));
    assert_eq!(lines[1], "id author The Tessera developers");
    for o in [
        "Hash",
        "Threads",
        "MultiPV",
        "Move Overhead",
        "Contempt",
        "Ponder",
        "UCI_Chess960",
    ] {
        let n = lines
            .iter()
            .filter(|l| l.starts_with(&format!("option name {o} type ")))
            .count();
        assert_eq!(n, 1, "option {o} listed once: {lines:?}");
    }
    let variant = lines
        .iter()
        .find(|l| l.starts_with("option name UCI_Variant type combo default chess"))
        .expect("UCI_Variant combo");
    assert!(variant.contains(" var chess"));
    assert!(e.sync().is_empty());
    assert!(e.quit(T).success());
}

#[test]
fn position_and_go_depth_give_a_legal_move() {
    let mut e = Engine::start();
    e.send("position startpos moves e2e4 e7e5");
    e.send("go depth 3");
    let lines = e.until("bestmove", T);
    assert!(
        lines.iter().any(|l| l.starts_with("info depth ")),
        "{lines:?}"
    );
    let bm = bestmove(&lines);
    e.send(&format!("position startpos moves e2e4 e7e5 {bm}"));
    assert_eq!(errors(&e.sync()), 0, "bestmove {bm} is legal");
    assert!(e.quit(T).success());
}

/// The score of the last `info depth` line.
fn last_score(lines: &[String]) -> String {
    let l = lines
        .iter()
        .rev()
        .find(|l| l.starts_with("info depth "))
        .expect("an info line");
    let i = l.find(" score ").expect("a score") + 7;
    l[i..].split(' ').take(2).collect::<Vec<_>>().join(" ")
}

#[test]
fn contempt_scores_a_forced_draw_for_the_side_to_move() {
    let mut e = Engine::start();
    // Either side's only move takes the last rook: a draw by insufficient material.
    for (contempt, want) in [("0", "cp 0"), ("25", "cp -25"), ("-40", "cp 40")] {
        e.send(&format!("setoption name Contempt value {contempt}"));
        for fen in [
            "7k/8/8/8/8/8/1r6/K7 w - - 0 1",
            "k7/1R6/8/8/8/8/8/7K b - - 0 1",
        ] {
            e.send(&format!("position fen {fen}"));
            e.send("go depth 4");
            let lines = e.until("bestmove", T);
            assert_eq!(last_score(&lines), want, "Contempt {contempt}, {fen}");
        }
    }
    e.send("setoption name Contempt value 501");
    assert_eq!(errors(&e.sync()), 1, "out of range");
    assert!(e.quit(T).success());
}

#[test]
fn go_movetime_answers_in_time() {
    let mut e = Engine::start();
    e.send("position startpos");
    // Start-up (attack tables) is not part of the move time.
    e.sync();
    let t0 = Instant::now();
    e.send("go movetime 300");
    let lines = e.until("bestmove", T);
    let took = t0.elapsed();
    assert!(took < Duration::from_millis(1500), "took {took:?}");
    assert_ne!(bestmove(&lines), "(none)");
}

#[test]
fn infinite_search_answers_isready_and_stops_on_stop() {
    let mut e = Engine::start();
    e.send("go infinite");
    std::thread::sleep(Duration::from_millis(200));
    let before = e.sync();
    assert!(
        !before.iter().any(|l| l.starts_with("bestmove")),
        "{before:?}"
    );
    std::thread::sleep(Duration::from_millis(200));
    assert!(!e.sync().iter().any(|l| l.starts_with("bestmove")));
    e.send("stop");
    let lines = e.until("bestmove", T);
    assert_ne!(bestmove(&lines), "(none)");
    assert!(e.quit(T).success());
}

#[test]
fn ponder_then_ponderhit() {
    let mut e = Engine::start();
    e.send("setoption name Ponder value true");
    e.send("position startpos moves e2e4 e7e5");
    e.send("go ponder wtime 2000 btime 2000 winc 0 binc 0");
    std::thread::sleep(Duration::from_millis(300));
    assert!(!e.sync().iter().any(|l| l.starts_with("bestmove")));
    e.send("ponderhit");
    let lines = e.until("bestmove", Duration::from_secs(5));
    assert_ne!(bestmove(&lines), "(none)");
}

#[test]
fn setoption_errors_change_nothing() {
    let mut e = Engine::start();
    for bad in [
        "setoption name Hash value -3",
        "setoption name Threads value many",
        "setoption name UCI_Variant value nonesuch",
        "setoption name UCI_Chess960 value perhaps",
        "setoption name Nonesuch value 1",
        "setoption value 1",
    ] {
        e.send(bad);
        let out = e.sync();
        assert_eq!(out.len(), 1, "{bad}: {out:?}");
        assert_eq!(errors(&out), 1, "{bad}: {out:?}");
    }
    e.send("setoption name Hash value 8");
    e.send("setoption name threads value 2");
    assert!(e.sync().is_empty());
}

#[test]
fn bad_positions_and_moves_leave_the_state_unchanged() {
    let mut e = Engine::start();
    e.send("position startpos moves d2d4 d7d5");
    let start = fen(&mut e);
    assert!(start.starts_with("rnbqkbnr/ppp1pppp/8/3p4/3P4/8/PPP1PPPP/RNBQKBNR w"));
    for bad in [
        "position startpos moves e2e4 e7e5 e1e3",
        "position startpos moves e2e5",
        "position fen rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP w KQkq - 0 1",
        "position fen 9/9/9/9/9/9/9/9 w - - 0 1",
        "position fen",
        "position",
        "position startpos moves e2e4 e2e4",
    ] {
        e.send(bad);
        let out = e.sync();
        assert_eq!(errors(&out), 1, "{bad}: {out:?}");
        assert_eq!(fen(&mut e), start, "{bad} changed the position");
    }
    e.send("position startpos moves e2e4 e7e5 e1e3");
    let out = e.sync();
    assert!(
        out[0].contains("'e1e3'"),
        "the error names the bad move: {out:?}"
    );
}

#[test]
fn go_perft_divides_the_start_position() {
    let mut e = Engine::start();
    e.send("position startpos");
    e.send("go perft 3");
    let lines = e.until("Nodes searched", T);
    assert_eq!(lines.last().unwrap(), "Nodes searched: 8902");
    let split: Vec<&String> = lines.iter().filter(|l| l.contains(": ")).collect();
    assert_eq!(split.len(), 21, "20 first moves and the total");
    assert!(lines.contains(&"e2e4: 600".to_string()));
    assert!(lines.contains(&String::new()));
}

#[test]
fn game_over_gives_bestmove_none() {
    let mut e = Engine::start();
    // Fool's mate: White is checkmated.
    e.send("position startpos moves f2f3 e7e5 g2g4 d8h4");
    e.send("go depth 2");
    let lines = e.until("bestmove", T);
    assert_eq!(lines.last().unwrap(), "bestmove (none)");
    e.send("legal");
    assert_eq!(e.sync(), vec!["legal"]);
}

#[test]
fn extensions_variants_and_legal() {
    let mut e = Engine::start();
    e.send("variants");
    let v = e.sync();
    assert!(v.iter().any(|l| l.starts_with("variant chess ")), "{v:?}");
    e.send("legal");
    let l = e.sync();
    assert_eq!(l.len(), 1);
    assert_eq!(l[0].split(' ').count(), 21, "{l:?}");
    e.send("setoption name UCI_Variant value chess");
    let s = e.sync();
    assert!(s[0].starts_with("info string variant chess"), "{s:?}");
}

#[test]
fn quit_and_end_of_input_exit_cleanly() {
    let mut e = Engine::start();
    e.send("go infinite");
    std::thread::sleep(Duration::from_millis(100));
    let t0 = Instant::now();
    assert!(e.quit(T).success());
    assert!(t0.elapsed() < Duration::from_secs(3));
    let mut e = Engine::start();
    e.send("isready");
    assert!(e.wait(T).success());
}

#[test]
fn cli_perft_and_analyse() {
    let bin = tessera_tests::binary::tessera_bin();
    let o = std::process::Command::new(&bin)
        .args(["perft", "--variant", "chess", "--depth", "3", "--divide"])
        .output()
        .unwrap();
    assert!(o.status.success());
    let s = String::from_utf8_lossy(&o.stdout);
    assert!(s.contains("Nodes searched: 8902"), "{s}");
    assert!(s.contains("Nodes/second: "), "{s}");
    assert!(s.contains("g1f3: 440"), "{s}");
    let o = std::process::Command::new(&bin)
        .args([
            "analyse",
            "--depth",
            "4",
            "--moves",
            "e2e4 e7e5",
            "--threads",
            "1",
        ])
        .output()
        .unwrap();
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    let s = String::from_utf8_lossy(&o.stdout);
    let last = s.lines().last().unwrap();
    assert!(
        last.starts_with("bestmove ") && last.contains(" score "),
        "{s}"
    );
    let o = std::process::Command::new(&bin)
        .args(["analyse", "--depth", "2", "--moves", "e2e4 e2e4"])
        .output()
        .unwrap();
    assert!(!o.status.success());
    assert!(String::from_utf8_lossy(&o.stderr).contains("e2e4"));
    let o = std::process::Command::new(&bin)
        .args(["solve", "--variant", "chess"])
        .output()
        .unwrap();
    assert!(!o.status.success());
    assert!(String::from_utf8_lossy(&o.stderr).contains("no solver"));
    let o = std::process::Command::new(&bin)
        .args(["bench", "--depth", "3"])
        .output()
        .unwrap();
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    let s = String::from_utf8_lossy(&o.stdout);
    assert!(s.lines().any(|l| l.starts_with("Position 1/")), "{s}");
    assert!(
        s.contains("Nodes searched: ") && s.contains("Nodes/second: "),
        "{s}"
    );
}

/// `tessera bench --movetime`: a row per variant with nodes, nodes a second and the depth
/// reached; every registered variant is measured, and bad values are refused.
#[test]
fn bench_movetime_reports_the_depth_of_every_variant() {
    let bin = tessera_tests::binary::tessera_bin();
    let o = std::process::Command::new(&bin)
        .args(["bench", "--movetime", "30"])
        .output()
        .unwrap();
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    let s = String::from_utf8_lossy(&o.stdout);
    let rows: Vec<&str> = s.lines().skip(1).collect();
    let names: Vec<&str> = rows
        .iter()
        .filter_map(|r| r.split_whitespace().next())
        .collect();
    for v in [
        "chess",
        "tictacchess",
        "turtleshell",
        "tches",
        "tiledsquares",
        "adrenaline",
        "booster",
        "parade",
        "neighbour",
        "cloak",
    ] {
        assert!(names.contains(&v), "no row for {v}: {s}");
    }
    // chess: the start position and the bench positions; the depth reached is at least 1.
    let chess: Vec<&str> = rows[0].split_whitespace().collect();
    assert_eq!(chess[0], "chess");
    assert!(chess[1].parse::<u32>().unwrap() > 1, "{s}");
    assert!(chess[2].parse::<u64>().unwrap() > 0, "{s}");
    let least: u32 = chess[5].split('-').next().unwrap().parse().unwrap();
    assert!(least >= 1, "{s}");
    for bad in [
        &["bench", "--movetime", "0"][..],
        &["bench", "--movetime", "10", "--depth", "3"],
    ] {
        let o = std::process::Command::new(&bin).args(bad).output().unwrap();
        assert!(!o.status.success());
        assert!(
            String::from_utf8_lossy(&o.stderr).contains("--movetime"),
            "{bad:?}"
        );
    }
}

/// The `pv` of the last `info ... pv` line before `bestmove`.
fn last_pv(lines: &[String]) -> Vec<String> {
    let l = lines
        .iter()
        .rev()
        .find(|l| l.starts_with("info ") && l.contains(" pv "))
        .unwrap_or_else(|| panic!("no info line with a pv: {lines:?}"));
    let pv = l.split(" pv ").nth(1).unwrap();
    pv.split(' ').map(String::from).collect()
}

/// The `nodes` of an `info` line.
fn nodes_of(line: &str) -> u64 {
    let w: Vec<&str> = line.split(' ').collect();
    let i = w.iter().position(|x| *x == "nodes").expect("nodes") + 1;
    w[i].parse().unwrap()
}

#[test]
fn the_last_info_shows_the_move_played() {
    let mut e = Engine::start();
    let check = |e: &mut Engine, setup: &[&str], go: &str| {
        for l in setup {
            e.send(l);
        }
        e.send(go);
        let lines = e.until("bestmove", T);
        let turn: Vec<String> = bestmove(&lines).split(',').map(String::from).collect();
        let pv = last_pv(&lines);
        assert!(
            pv.len() >= turn.len() && pv[..turn.len()] == turn[..],
            "{setup:?} {go}: bestmove {turn:?} but the last pv is {pv:?}"
        );
        let info = lines
            .iter()
            .rev()
            .find(|l| l.starts_with("info depth"))
            .unwrap();
        let before = &lines[lines.len() - 2];
        assert_eq!(info, before, "the last info comes just before bestmove");
    };
    // Stopped at once by a node limit: no iteration finished.
    check(&mut e, &["position startpos"], "go nodes 1");
    // A TCHES turn is three actions; a depth-1 line holds one, the rest is completed.
    check(
        &mut e,
        &[
            "setoption name UCI_Variant value tches",
            "position startpos",
        ],
        "go depth 1",
    );
    // Several threads: the last line counts every thread's nodes.
    check(
        &mut e,
        &[
            "setoption name UCI_Variant value chess",
            "setoption name Threads value 4",
            "position startpos moves e2e4",
        ],
        "go depth 7",
    );
    e.send("go depth 7");
    let lines = e.until("bestmove", T);
    let counts: Vec<u64> = lines
        .iter()
        .filter(|l| l.starts_with("info depth"))
        .map(|l| nodes_of(l))
        .collect();
    assert!(counts.windows(2).all(|w| w[0] <= w[1]), "{lines:?}");
}

#[test]
fn go_perft_stops_on_stop_quit_and_end_of_input() {
    let mut e = Engine::start();
    e.send("go perft 20");
    std::thread::sleep(Duration::from_millis(200));
    let t0 = Instant::now();
    assert!(e.sync().is_empty(), "isready is answered while counting");
    e.send("stop");
    let lines = e.until("info string perft stopped", T);
    assert!(t0.elapsed() < Duration::from_secs(5), "{lines:?}");
    // The engine goes on: a short perft, then a search.
    e.send("go perft 2");
    assert_eq!(
        e.until("Nodes searched", T).last().unwrap(),
        "Nodes searched: 400"
    );
    e.send("go perft 20");
    let t0 = Instant::now();
    assert!(e.quit(T).success());
    assert!(t0.elapsed() < Duration::from_secs(5));
    let mut e = Engine::start();
    e.send("go perft 20");
    let t0 = Instant::now();
    assert!(e.wait(T).success(), "end of input stops the count");
    assert!(t0.elapsed() < Duration::from_secs(5));
}

#[test]
fn infinite_and_ponder_in_a_finished_game_wait_for_stop_and_ponderhit() {
    let mut e = Engine::start();
    e.send("position startpos moves f2f3 e7e5 g2g4 d8h4");
    e.send("go infinite");
    std::thread::sleep(Duration::from_millis(200));
    let waiting = e.sync();
    assert!(
        !waiting.iter().any(|l| l.starts_with("bestmove")),
        "{waiting:?}"
    );
    e.send("stop");
    assert_eq!(e.until("bestmove", T).last().unwrap(), "bestmove (none)");
    e.send("go ponder wtime 1000 btime 1000");
    std::thread::sleep(Duration::from_millis(200));
    assert!(!e.sync().iter().any(|l| l.starts_with("bestmove")));
    e.send("ponderhit");
    assert_eq!(e.until("bestmove", T).last().unwrap(), "bestmove (none)");
    // A plain go answers at once.
    e.send("go depth 3");
    assert_eq!(e.until("bestmove", T).last().unwrap(), "bestmove (none)");
}

#[test]
fn options_are_checked_when_set_and_empty_defaults_echo_back() {
    let mut e = Engine::start();
    // An option of a variant that is not selected is checked at once.
    e.send("setoption name TicTacReserve value XYZ");
    let out = e.sync();
    assert_eq!(errors(&out), 1, "{out:?}");
    assert!(out[0].contains("TicTacReserve"), "{out:?}");
    e.send("setoption name UCI_Variant value tictacchess");
    let out = e.sync();
    assert_eq!(errors(&out), 0, "the bad value was not kept: {out:?}");
    assert!(out[0].starts_with("info string variant tictacchess"));
    // A string option declared `default <empty>` takes `<empty>` back, selected or not.
    e.send("uci");
    let uci = e.until("uciok", T);
    assert!(uci.contains(&"option name TchesReverse type string default <empty>".to_string()));
    for variant in ["tictacchess", "tches"] {
        e.send(&format!("setoption name UCI_Variant value {variant}"));
        e.send("setoption name TchesReverse value <empty>");
        let out = e.sync();
        assert_eq!(errors(&out), 0, "{variant}: {out:?}");
    }
    e.send("setoption name TchesReverse value guardian");
    e.send("setoption name TchesReverse value <empty>");
    let out = e.sync();
    assert_eq!(errors(&out), 0, "{out:?}");
    assert!(out.last().unwrap().contains("TchesReverse= "), "{out:?}");
}

#[test]
fn a_comma_joined_group_is_one_turn() {
    let mut e = Engine::start();
    e.send("setoption name UCI_Variant value tictacchess");
    e.sync();
    e.send("position startpos moves Q@b2,q@a3");
    let out = e.sync();
    assert_eq!(errors(&out), 1, "{out:?}");
    assert!(out[0].contains("turn"), "{out:?}");
    e.send("position startpos moves Q@b2 q@a3");
    assert!(e.sync().is_empty());
    e.send("setoption name UCI_Variant value tches");
    e.send("position startpos moves e2e3,b1c3,g1f3,e7e6");
    assert_eq!(errors(&e.sync()), 1);
    e.send("position startpos moves e2e3,b1c3,g1f3 e7e6");
    assert!(e.sync().iter().all(|l| !l.starts_with("info string error")));
}

#[test]
fn errors_say_why_and_do_not_echo_a_megabyte() {
    let mut e = Engine::start();
    e.send("setoption name UCI_Variant value tches");
    e.sync();
    e.send("position startpos moves e3e4");
    let out = e.sync();
    assert_eq!(
        out,
        ["info string error: illegal move 'e3e4' (move 1): e3e4 is illegal: no piece on e3"]
    );
    let long = "e".repeat(1 << 20);
    for cmd in [
        format!("position startpos moves {long}"),
        format!("position fen {long}"),
        format!("{long} x"),
        format!("go depth {long}"),
        format!("setoption name {long} value 1"),
    ] {
        e.send(&cmd);
        let out = e.sync();
        assert_eq!(errors(&out), 1, "{out:?}");
        assert!(out[0].len() < 1200, "{} characters", out[0].len());
    }
}

/// `eval` gives the static evaluation for the side to move: the same for a position and its
/// colour-mirrored twin, an error on a finished game or a hidden-information variant, and
/// the position unchanged either way.
#[test]
fn eval_gives_the_static_evaluation_for_the_side_to_move() {
    let mut e = Engine::start();
    let eval_of = |e: &mut Engine, position: &str| -> String {
        e.send(position);
        e.send("eval");
        let l = e.sync();
        assert_eq!(l.len(), 1, "{l:?}");
        l[0].clone()
    };
    let white = eval_of(
        &mut e,
        "position fen r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3",
    );
    let black = eval_of(
        &mut e,
        "position fen rnbqkb1r/pppp1ppp/5n2/4p3/4P3/2N5/PPPP1PPP/R1BQKBNR b KQkq - 2 3",
    );
    let cp = |l: &str| -> i32 {
        let rest = l.strip_prefix("info string eval cp ").expect(l);
        rest.split(' ').next().unwrap().parse().expect(l)
    };
    assert!(
        white.ends_with(" for white to move (static, before quiescence)"),
        "{white}"
    );
    assert!(
        black.ends_with(" for black to move (static, before quiescence)"),
        "{black}"
    );
    assert_eq!(cp(&white), cp(&black), "{white} / {black}");
    // A queen up for the side to move is worth several pawns to it.
    let up = eval_of(&mut e, "position fen 4k3/8/8/8/8/8/8/3QK3 w - - 0 1");
    assert!(cp(&up) > 500, "{up}");
    let mated = "7k/6Q1/6K1/8/8/8/8/8 b - - 0 1";
    let over = eval_of(&mut e, &format!("position fen {mated}"));
    assert!(
        over.starts_with("info string error: the game is over"),
        "{over}"
    );
    e.send("d");
    let d = e.sync();
    assert!(d.iter().any(|l| l == &format!("Fen: {mated}")), "{d:?}");
    e.send("setoption name UCI_Variant value booster");
    e.sync();
    let hidden = eval_of(&mut e, "position startpos");
    assert!(
        hidden.starts_with("info string error: booster hides information"),
        "{hidden}"
    );
}
