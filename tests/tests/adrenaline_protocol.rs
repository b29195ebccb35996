//! Adrenaline Chess through the real binary: whole turns and single actions in `position ...
//! moves`, `go perft` and `go perft turns`, the board with its stacks in `d`, a `bestmove`
//! that is a whole turn and parses back, bad input, the command line (`perft --turns`,
//! `render`), and a short match whose PGN replays turn by turn.

mod match_support;

use std::process::Command;
use std::time::Duration;

use match_support::*;
use tessera::core::options::VariantOptions;
use tessera::faces::registry;
use tessera_tests::binary::{tessera_bin, Engine};

const WAIT: Duration = Duration::from_secs(60);

#[test]
fn adrenaline_session() {
    let mut e = Engine::start();
    e.send("uci");
    e.until("uciok", WAIT);
    e.send("setoption name UCI_Variant value adrenaline");
    let reply = e.sync();
    assert!(
        reply
            .iter()
            .any(|l| l.starts_with("info string variant adrenaline")),
        "{reply:?}"
    );
    // A whole turn comma-joined, then a turn given action by action.
    e.send("position startpos moves e2e4 d7d5 e4d5,+d8 d8d5 d5e5,+e1");
    assert!(e.sync().iter().all(|l| !l.starts_with("info string error")));
    e.send("position startpos moves e2e4 d7d5 e4d5 +d8");
    assert!(e.sync().iter().all(|l| !l.starts_with("info string error")));
    e.send("go perft 1");
    let lines = e.until("Nodes searched", WAIT);
    assert!(lines.iter().any(|l| l == "d8d5: 1"), "{lines:?}");
    e.send("go perft turns 1");
    let lines = e.until("Turns counted", WAIT);
    // The queen on d8 now stands on a checker: after its move it may step, or end the turn
    // (with the placement when it has captured).
    assert!(lines.iter().any(|l| l == "d8d6,end: 1"), "{lines:?}");
    assert!(lines.iter().any(|l| l == "d8d5,+e1: 1"), "{lines:?}");
    assert!(lines.iter().any(|l| l == "d8d5,d5e4,+e1: 1"), "{lines:?}");
    e.send("d");
    let board = e.sync();
    assert!(board.iter().any(|l| l.contains(" q1|")), "{board:?}");
    assert!(
        board.iter().any(|l| l == "Supply: 23 checkers"),
        "{board:?}"
    );
    // The search answers with a whole turn that the engine takes back as input.
    e.send("go depth 3");
    let out = e.until("bestmove", WAIT);
    let best = out.last().unwrap().split(' ').nth(1).unwrap().to_string();
    e.send(&format!(
        "position startpos moves e2e4 d7d5 e4d5,+d8 {best}"
    ));
    let reply = e.sync();
    assert!(
        reply.iter().all(|l| !l.starts_with("info string error")),
        "{best}: {reply:?}"
    );
    // Bad input: one error line each, nothing changes.
    for bad in [
        "position startpos moves e2e4,+e7",
        "position startpos moves e2e4 d7d5 e4d5,end",
        "position startpos moves e2e4 d7d5 e4d5,+d1",
        "position fen 4k3/8/8/8/8/8/8/R3K3 w - - 0 1 a1:4",
        "go perft turns 0",
        "go perft turns",
    ] {
        e.send(bad);
        let reply = e.sync();
        assert_eq!(
            reply
                .iter()
                .filter(|l| l.starts_with("info string error"))
                .count(),
            1,
            "{bad}: {reply:?}"
        );
    }
    assert!(e.quit(WAIT).success());
}

#[test]
fn command_line_perft_turns_and_render() {
    let bin = tessera_bin();
    let o = Command::new(&bin)
        .args([
            "perft",
            "--variant",
            "adrenaline",
            "--depth",
            "3",
            "--turns",
        ])
        .output()
        .unwrap();
    assert!(o.status.success());
    let s = String::from_utf8_lossy(&o.stdout);
    assert!(s.contains("Turns counted: 9378"), "{s}");
    let o = Command::new(&bin)
        .args([
            "perft",
            "--variant",
            "adrenaline",
            "--fen",
            "4k3/8/8/8/8/8/PP6/Q1K5 w - - 0 1 a1:1",
            "--depth",
            "1",
            "--turns",
            "--divide",
        ])
        .output()
        .unwrap();
    assert!(o.status.success());
    let s = String::from_utf8_lossy(&o.stdout);
    assert!(
        s.contains("a1b1,b1c2: 1") && s.contains("a1b1,end: 1"),
        "{s}"
    );
    let dir = scratch("adrenaline-render");
    let svg = dir.join("board.svg");
    let o = Command::new(&bin)
        .args([
            "render",
            "--variant",
            "adrenaline",
            "--fen",
            "6k1/pp3pp1/2b5/7p/2q5/8/PP1P1KPP/2B3NR w - - 0 1 c1:3,h5:1",
            "--out",
            svg.to_str().unwrap(),
        ])
        .output()
        .unwrap();
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    let text = std::fs::read_to_string(&svg).unwrap();
    assert!(
        text.contains(">3<") && text.contains(">1<"),
        "stack numbers drawn"
    );
    assert!(text.contains("supply: 20 of 24 checkers"), "panel drawn");
}

#[test]
fn a_short_match_replays_from_its_pgn() {
    let dir = scratch("match-adrenaline");
    let pgn = dir.join("games.pgn");
    let bin = tessera().to_string_lossy().into_owned();
    let a = format!("cmd={bin}");
    let out = run_match(&[
        "--variant",
        "adrenaline",
        "--engine",
        &a,
        "name=d2",
        "depth=2",
        "--engine",
        &a,
        "name=d4",
        "depth=4",
        "--games",
        "2",
        "--random-plies",
        "2",
        "--pgn",
        pgn.to_str().unwrap(),
    ]);
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(
        text.contains("Faults of d2: 0") && text.contains("Faults of d4: 0"),
        "{text}"
    );
    let games = read_pgn(&std::fs::read_to_string(&pgn).unwrap());
    assert_eq!(games.len(), 2);
    let mut multi = 0;
    for g in &games {
        assert_eq!(g.tag("Variant"), Some("adrenaline"));
        replay(g);
        multi += g.moves.iter().filter(|m| m.contains(',')).count();
    }
    assert!(multi > 0, "no turn of several actions in {games:?}");
    // The variant is known to the registry the referee uses.
    assert!(registry::create("adrenaline", &VariantOptions::new()).is_ok());
}
