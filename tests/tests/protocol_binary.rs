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
