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
