//! The xboard protocol (CECP v2) spoken by the binary when the first command is `xboard`:
//! the handshake, variants XBoard does not know, moves in XBoard's notation, the engine's
//! own moves, undo, analysis, and bad input answered with `Error`/`Illegal move` lines that
//! change nothing.

use std::time::Duration;

use tessera_tests::binary::Engine;

const T: Duration = Duration::from_secs(20);

fn start() -> Engine {
    let mut e = Engine::start();
    e.send("xboard");
    e.send("protover 2");
    let lines = e.until("feature done=1", T);
    let features = lines.join("\n");
    for f in [
        "setboard=1",
        "usermove=1",
        "san=0",
        "ping=1",
        "analyze=1",
        "highlight=1",
    ] {
        assert!(features.contains(f), "{f} missing:\n{features}");
    }
    assert!(features.contains("variants=\"normal,fischerandom,tictacchess,tches\""));
    assert!(features.contains("feature option=\"MultiPV -spin 1 1 256\""));
    assert!(features.contains("feature option=\"Strike -check 1\""));
    e
}

/// Sends `ping n` and returns the lines before `pong n`.
fn sync(e: &mut Engine, n: u32) -> Vec<String> {
    e.send(&format!("ping {n}"));
    let mut v = e.until(&format!("pong {n}"), T);
    v.pop();
    v
}

#[test]
fn the_engine_plays_moves_and_answers_in_xboard_notation() {
    let mut e = start();
    e.send("new");
    e.send("level 0 0:10 0");
    e.send("post");
    e.send("usermove e2e4");
    let reply = e.until("move ", T);
    let mv = reply
        .last()
        .unwrap()
        .strip_prefix("move ")
        .unwrap()
        .to_string();
    assert!(
        reply.iter().any(|l| l.split_whitespace().count() >= 5),
        "no thinking output"
    );
    // The engine's move was played: the same move again is illegal now.
    e.send(&format!("usermove {mv}"));
    assert!(e.until("Illegal move", T).last().unwrap().contains(&mv));
    e.send("force");
    e.send("undo");
    e.send("undo");
    e.send("setboard 6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1");
    e.send("go");
    let reply = e.until("move ", T);
    assert_eq!(reply.last().unwrap(), "move a1a8");
    assert!(e.until("1-0", T).last().unwrap().contains("checkmate"));
    assert!(sync(&mut e, 1).is_empty());
    assert!(e.quit(T).success());
}

#[test]
fn bad_input_gets_one_error_line_and_changes_nothing() {
    let mut e = start();
    e.send("new");
    e.send("force");
    for (line, want) in [
        ("usermove e2e5", "Illegal move (not a legal move): e2e5"),
        ("e7e5", "Illegal move (not a legal move): e7e5"),
        ("frobnicate", "Error (unknown command): frobnicate"),
        ("variant nosuch", "Error (unknown variant 'nosuch'"),
        (
            "variant chess",
            "Error (variant 'chess' is called normal or fischerandom here)",
        ),
        ("setboard 9/9 w", "Error (bad FEN:"),
        ("undo", "Error (no move to take back): undo"),
        ("level 40 x 0", "Error (bad base time): level 40 x 0"),
        ("option Hash=9", "Error (unknown option): option Hash=9"),
        ("option MultiPV=0", "Error (option MultiPV takes an integer"),
        ("sd -3", "Error (sd takes a positive depth): sd -3"),
        ("memory 0", "Error (memory takes a size in MB): memory 0"),
    ] {
        e.send(line);
        let got = sync(&mut e, 7);
        assert_eq!(got.len(), 1, "{line}: {got:?}");
        assert!(got[0].starts_with(want), "{line}: {got:?}");
    }
    // Still the start position, still in force mode: a legal move is accepted silently.
    e.send("usermove e2e4");
    e.send("usermove e7e5");
    assert!(sync(&mut e, 8).is_empty());
    assert!(e.quit(T).success());
}

#[test]
fn variants_xboard_does_not_know_get_setup_and_highlights() {
    let mut e = start();
    e.send("new");
    e.send("variant tictacchess");
    let setup = sync(&mut e, 1);
    assert_eq!(
        setup,
        [
            "setup (PNBRQ................Kpnbrq................k) 3x3+6_bughouse \
          3/3/3[PPPPPPPPRRNNBBQKpppppppprrnnbbqk] w - - 0 1",
            "# tictacchess: XBoard cannot test the legality of every piece here; run it with \
             -testLegality false"
        ]
    );
    e.send("force");
    e.send("usermove Q@b2");
    e.send("usermove N@a3");
    e.send("usermove R@b2");
    assert_eq!(sync(&mut e, 2), ["Illegal move (not a legal move): R@b2"]);
    e.send("lift b2");
    let hl = sync(&mut e, 3);
    assert_eq!(hl.len(), 1);
    // The queen on b2 reaches every other cell; a3 holds a black knight (red).
    assert_eq!(hl[0], "highlight RYY/Y1Y/YYY");

    e.send("new");
    e.send("variant tches");
    let lines = sync(&mut e, 4);
    assert!(
        lines[0].starts_with("# tches: option Strike is false here"),
        "{lines:?}"
    );
    // The shatranj parent: XBoard scores a side with no move as lost, as TCHES does.
    assert!(
        lines[1].starts_with("setup (") && lines[1].contains("8x8+0_shatranj gfdqklcm/"),
        "{lines:?}"
    );
    // Betza descriptions of every piece but the king, so that XBoard tests legality itself.
    let pieces: Vec<&str> = lines[2..].iter().map(String::as_str).collect();
    assert_eq!(
        pieces,
        [
            "piece C& mNmpafrflmafrflbrblcW",
            "piece D& mByafrflbrblcB",
            "piece F& mNmpafrflmavscW",
            "piece G& mRyafrflbrblcR",
            "piece L& mKmahcK",
            "piece M& mRyafrflbrblcRmByafrflbrblcB",
            "piece P& fmWfcF",
            "piece Q& Q",
        ]
    );
    // Variants whose actions XBoard cannot write are refused, with the reason.
    e.send("variant tiledsquares");
    let refused = sync(&mut e, 40);
    assert!(
        refused.len() == 1
            && refused[0].starts_with("Error (XBoard cannot play tiledsquares: '")
            && refused[0].ends_with("): variant tiledsquares"),
        "{refused:?}"
    );
    e.send("variant adrenaline");
    let refused = sync(&mut e, 41);
    assert!(
        refused.len() == 1 && refused[0].contains("XBoard cannot play adrenaline"),
        "{refused:?}"
    );
    e.send("force");
    // A two-leg move as XBoard writes it, and as XBoard 4.9 writes it for Black.
    for m in [
        "e2e3", "d7d6", "b1c3", "b8c6", "a2a3", "c6b4", "d2d3", "e7e6", "d3d4",
    ] {
        e.send(&format!("usermove {m}"));
    }
    e.send("usermove b4c2,c2d4");
    assert_eq!(
        sync(&mut e, 5),
        ["Illegal move (not a legal move): b4c2,c2d4"]
    );
    e.send("setboard gfdqklcm/ppp2ppp/3pp3/8/1f1P4/P1F1P3/1PP2PPP/G1DQKLCM b - - 0 5");
    e.send("usermove b4d3,d3c2");
    assert!(sync(&mut e, 6).is_empty());
    e.send("undo");
    e.send("usermove b4c2,d3b2");
    assert!(sync(&mut e, 7).is_empty(), "XBoard's form of b4d3,d3c2");
    e.send("usermove b4c2,d3b2");
    assert_eq!(
        sync(&mut e, 8),
        ["Illegal move (not a legal move): b4c2,d3b2"]
    );
    // Toward the h-file, XBoard's cell beside `to` lies off the board: h8g8 then g8xh7.
    e.send("setboard 4k2m/7L/8/8/8/8/8/4K3 b - - 0 1");
    e.send("usermove h8h7,g8i7");
    assert!(sync(&mut e, 10).is_empty(), "XBoard's form of h8g8,g8h7");
    assert!(e.quit(T).success());
}

#[test]
fn analyze_mode_streams_lines_until_exit() {
    let mut e = start();
    e.send("new");
    e.send("force");
    e.send("analyze");
    let first = e.next_line(T).expect("analysis output");
    let words: Vec<&str> = first.split_whitespace().collect();
    assert!(
        words.len() >= 5 && words[..4].iter().all(|w| w.parse::<i64>().is_ok()),
        "{first}"
    );
    e.send("usermove e2e4");
    e.send("exit");
    e.drain(Duration::from_millis(300));
    assert!(sync(&mut e, 9).is_empty());
    assert!(e.quit(T).success());
}
