//! TCHES through the real binary: variant options, whole turns and single actions in
//! `position ... moves`, `go perft`, a `bestmove` that is the whole Strike turn, and bad input.

use std::time::Duration;

use tessera_tests::binary::Engine;

const WAIT: Duration = Duration::from_secs(30);

#[test]
fn tches_session() {
    let mut e = Engine::start();
    e.send("uci");
    let opts = e.until("uciok", WAIT);
    assert!(opts
        .iter()
        .any(|l| l.contains("name Strike type check default true")));
    assert!(opts
        .iter()
        .any(|l| l.contains("name TchesReverse type string")));
    e.send("setoption name UCI_Variant value tches");
    e.send("position startpos moves a2a3,b2b3,c2c3 b8c6");
    e.send("go perft 1");
    let perft = e.until("Nodes searched", WAIT);
    assert!(perft.iter().any(|l| l == "Nodes searched: 10"), "{perft:?}");
    // A bad action changes nothing and gets one error line.
    e.send("position startpos moves a2a3,a3a4");
    let err = e.sync();
    assert!(
        err.iter().any(|l| l.starts_with("info string error")),
        "{err:?}"
    );
    e.send("position startpos");
    e.send("go depth 3");
    let out = e.until("bestmove", WAIT);
    let best = out.last().unwrap();
    let turn: Vec<&str> = best
        .trim_start_matches("bestmove ")
        .split(' ')
        .next()
        .unwrap()
        .split(',')
        .collect();
    assert_eq!(turn.len(), 3, "{best}");
    e.send("setoption name TchesReverse value queen,zealot");
    e.send("setoption name Strike value false");
    e.send("position startpos");
    e.send("go perft 1");
    let perft = e.until("Nodes searched", WAIT);
    assert!(
        perft.iter().any(|l| l.starts_with("Nodes searched: ")),
        "{perft:?}"
    );
    e.send("go depth 2");
    let out = e.until("bestmove", WAIT);
    assert!(!out.last().unwrap().contains(','), "{out:?}");
    assert!(e.quit(WAIT).success());
}

/// Sends `d` and returns its lines.
fn shown(e: &mut Engine) -> Vec<String> {
    e.send("d");
    e.sync()
}

fn legal(e: &mut Engine) -> Vec<String> {
    e.send("legal");
    let line = e.until("legal", WAIT).pop().unwrap();
    line.split_whitespace().skip(1).map(String::from).collect()
}

#[test]
fn tches_escort_king_may_not_step_onto_an_attacked_portal() {
    for strike in ["false", "true"] {
        let mut e = Engine::start();
        e.send("setoption name UCI_Variant value tches");
        e.send("setoption name EscortTheKing value true");
        e.send(&format!("setoption name Strike value {strike}"));
        e.send("position fen r7/3K4/8/8/8/8/8/7k w - -- 1");
        let a = legal(&mut e);
        assert!(!a.contains(&"d7d8".to_string()), "Strike {strike}: {a:?}");
        assert!(a.contains(&"d7d6".to_string()), "Strike {strike}: {a:?}");
        e.send("position fen r7/3K4/8/8/8/8/8/7k w - -- 1 moves d7d8");
        let out = e.sync();
        assert!(
            out.iter()
                .any(|l| l.starts_with("info string error") && l.contains("open to capture")),
            "Strike {strike}: {out:?}"
        );
        assert!(
            !shown(&mut e).iter().any(|l| l.starts_with("Result:")),
            "Strike {strike}: the game goes on"
        );
        assert!(e.quit(WAIT).success());
    }
    // Under Strike the king must be safe when it arrives: a block first, then the step wins.
    let mut e = Engine::start();
    e.send("setoption name UCI_Variant value tches");
    e.send("setoption name EscortTheKing value true");
    e.send("position fen r7/3K4/8/8/8/7k/8/1R6 w - -- 1 moves b1b8");
    assert!(legal(&mut e).contains(&"d7d8".to_string()));
    e.send("position fen r7/3K4/8/8/8/7k/8/1R6 w - -- 1 moves b1b8 d7d8");
    let d = shown(&mut e);
    assert!(
        d.iter()
            .any(|l| l == "Result: 1-0 (white wins by king escorted to the portal)"),
        "{d:?}"
    );
    assert!(e.quit(WAIT).success());
}

#[test]
fn tches_finished_game_shows_its_result_and_no_turn() {
    let mut e = Engine::start();
    e.send("setoption name UCI_Variant value tches");
    e.send("setoption name EscortTheKing value true");
    e.send("position fen 8/3K4/8/8/8/7k/8/1R6 w - -- 1 moves b1b2");
    let d = shown(&mut e);
    assert!(
        d.iter().any(|l| l.contains("Strike: action 2 of 3")),
        "{d:?}"
    );
    e.send("position fen 8/3K4/8/8/8/7k/8/1R6 w - -- 1 moves b1b2 d7d8");
    let d = shown(&mut e);
    assert!(!d.iter().any(|l| l.contains("Strike")), "{d:?}");
    assert!(!d.iter().any(|l| l.starts_with("To move")), "{d:?}");
    assert!(d.iter().any(|l| l.starts_with("Result: 1-0")), "{d:?}");
    assert!(
        d.iter().any(|l| l == "Fen: 3K4/8/8/8/8/7k/1R6/8 b - K- 1"),
        "{d:?}"
    );
    assert!(
        d.iter()
            .any(|l| l.contains("game over: white wins by king escorted to the portal")),
        "{d:?}"
    );
    assert!(d.iter().any(|l| l.starts_with("Result: 1-0")), "{d:?}");
    assert_eq!(legal(&mut e), Vec::<String>::new());
    assert!(e.quit(WAIT).success());
}

#[test]
fn tches_replacement_only_when_no_piece_of_the_lost_type_is_left() {
    let mut e = Engine::start();
    e.send("setoption name UCI_Variant value tches");
    e.send("setoption name Replacement value true");
    e.send("position fen 3rk3/8/8/8/3Q4/8/8/Q3K2M b - -- 1 moves d8d4");
    let d = shown(&mut e);
    assert!(
        d.iter()
            .any(|l| l.starts_with("Fen: 4k3/8/8/8/3r4/8/8/Q3K2M b d4 ")),
        "the magister stays a magister: {d:?}"
    );
    // The same with a second Jester: no pawn becomes a Jester, nothing to choose.
    e.send("setoption name TchesReverse value queen");
    e.send("setoption name Strike value false");
    e.send("position fen 4k2j/pp1j4/8/3Q4/8/8/2PP4/4K3 w - -- 1 moves d5d7");
    let a = legal(&mut e);
    assert!(!a.is_empty() && !a.iter().any(|x| x.contains('=')), "{a:?}");
    assert!(e.quit(WAIT).success());
}

#[test]
fn tches_unsafe_target_is_named_in_the_error() {
    let mut e = Engine::start();
    e.send("setoption name UCI_Variant value tches");
    e.send("setoption name Target value queen");
    e.send("setoption name Strike value false");
    e.send("position fen k2r4/7q/8/8/8/8/8/Q7 w - -- 1 moves a1d1");
    let out = e.sync();
    assert!(
        out.iter().any(|l| l.starts_with("info string error")
            && l.contains("it leaves the queen open to capture")),
        "{out:?}"
    );
    assert!(!out.iter().any(|l| l.contains("the king")), "{out:?}");
    assert!(e.quit(WAIT).success());
}
