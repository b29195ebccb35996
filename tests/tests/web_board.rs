//! The web board (`tessera serve`): untrusted requests over raw HTTP, and every registered
//! variant played by clicking in headless Chromium (`tests/python/web_board.py`, Selenium).
//! The browser test says so and passes when Chromium, chromedriver or Selenium is missing,
//! except under `CI=true`, where it fails.

use std::io::Write;
use std::process::Command;
use std::time::Duration;

use tessera_tests::binary::tessera_bin;
use tessera_tests::board_server::{body_json, Server};

#[test]
fn bad_requests_get_clear_errors_and_change_nothing() {
    let srv = Server::start(&[]);
    let start = srv.fen();
    let cases: &[(&str, &[u8], u16, &str)] = &[
        ("/api/play", b"{bad", 400, "bad request body"),
        ("/api/play", b"[1,2]", 400, "bad request body"),
        (
            "/api/play",
            br#"{"action":"e2e4","x":1}"#,
            400,
            "unknown field",
        ),
        ("/api/play", br#"{"action":"e2e5"}"#, 422, "not legal"),
        ("/api/play", br#"{"action":""}"#, 422, "no action"),
        ("/api/play", br#"{"action":"e2e4,,e7e5"}"#, 422, "not legal"),
        ("/api/new", br#"{"variant":"nope"}"#, 422, "unknown variant"),
        (
            "/api/new",
            br#"{"variant":"chess","fen":"8/8 w"}"#,
            422,
            "bad FEN",
        ),
        (
            "/api/new",
            br#"{"variant":"tches","options":{"Strike":"maybe"}}"#,
            422,
            "Strike",
        ),
        (
            "/api/new",
            br#"{"variant":"chess","options":{"Strike":"true"}}"#,
            422,
            "no option",
        ),
        ("/api/engine", br#"{"side":"green"}"#, 422, "side takes"),
        ("/api/engine", br#"{"movetime_ms":0}"#, 422, "movetime_ms"),
        (
            "/api/analyse",
            br#"{"on":true,"multipv":99}"#,
            422,
            "multipv",
        ),
        ("/api/undo", b"{}", 422, "nothing to take back"),
    ];
    for (path, body, code, words) in cases {
        let (c, text) = srv.request("POST", path, body);
        assert_eq!(c, *code, "{path} {}: {text}", String::from_utf8_lossy(body));
        assert!(
            text.contains("\"error\"") && text.contains(words),
            "{path}: {text}"
        );
        assert_eq!(srv.fen(), start, "{path} changed the game");
    }
    let huge = vec![b'a'; 1 << 20];
    let (c, _) = srv.request("POST", "/api/play", &huge);
    assert_eq!(c, 413);
    assert_eq!(srv.request("GET", "/nowhere", b"").0, 404);
    assert_eq!(srv.fen(), start);
    // A legal action is played, and taken back.
    let (c, text) = srv.request("POST", "/api/play", br#"{"action":"e2e4"}"#);
    assert_eq!(c, 200, "{text}");
    assert_ne!(srv.fen(), start);
    assert_eq!(srv.request("POST", "/api/undo", b"").0, 200);
    assert_eq!(srv.fen(), start);
    let (c, page) = srv.request("GET", "/", b"");
    assert_eq!(c, 200);
    assert!(page.contains("<title>Tessera board</title>"));
}

fn legal(s: &serde_json::Value) -> Vec<String> {
    s["legal"]
        .as_array()
        .unwrap()
        .iter()
        .map(|a| a["text"].as_str().unwrap().to_string())
        .collect()
}

/// Hidden cards on the board: chance deals by itself, a seat's view hides the other hand,
/// the engine's side forces the person's view, the record waits for the end, and the person
/// cannot act on the other side's turn.
#[test]
fn a_hidden_game_shows_one_seat_and_keeps_the_other_hand_hidden() {
    let srv = Server::start(&[]);
    let (c, s) = srv.post("/api/new", r#"{"variant":"booster"}"#);
    assert_eq!(c, 200, "{s}");
    // Dealt: White moves, nothing of chance to click, nothing to take back.
    assert_eq!(s["to_move"], "white");
    assert!(legal(&s).iter().any(|a| a == "e2e4"), "{s}");
    assert_eq!(s["can_undo"], false);
    assert!(s["seat"].is_null() && s["hidden"] == true);
    let full = s["fen"].as_str().unwrap().to_string();
    // Black's view: the board is Black's view, white's hand counted, not named.
    let (c, s) = srv.post("/api/seat", r#"{"seat":"black"}"#);
    assert_eq!(c, 200, "{s}");
    assert!(s["fen"].as_str().unwrap().starts_with("view b "), "{s}");
    let svg = s["svg"].as_str().unwrap();
    assert!(svg.contains("white hand: 6 cards, not seen"), "{svg}");
    assert!(legal(&s).is_empty(), "Black's view offers White's actions");
    let (c, err) = srv.post("/api/play", r#"{"action":"e2e4"}"#);
    assert_eq!(c, 422, "{err}");
    assert!(err["error"].as_str().unwrap().contains("black's view"));
    assert!(s["record"].as_str().unwrap().contains("names every card"));
    // Bad seats change nothing.
    for bad in [
        r#"{"seat":"green"}"#,
        r#"{"seat":1}"#,
        r#"{"side":"white"}"#,
    ] {
        let (c, _) = srv.post("/api/seat", bad);
        assert!(c == 400 || c == 422, "{bad}: {c}");
    }
    assert_eq!(srv.state()["seat"], "black");
    // The engine takes Black: the board shows White's view and the seat cannot change.
    let (c, s) = srv.post("/api/seat", r#"{"seat":"all"}"#);
    assert_eq!(c, 200);
    assert_eq!(s["fen"].as_str().unwrap(), full);
    let (c, s) = srv.post("/api/engine", r#"{"side":"black","movetime_ms":100}"#);
    assert_eq!(c, 200, "{s}");
    assert_eq!(s["seat"], "white");
    assert!(s["fen"].as_str().unwrap().starts_with("view w "));
    let (c, _) = srv.post("/api/seat", r#"{"seat":"all"}"#);
    assert_eq!(c, 422);
    // A whole turn of White's, then the engine answers from its own view.
    let (c, s) = srv.post("/api/play", r#"{"action":"e2e4,end"}"#);
    assert_eq!(c, 200, "{s}");
    let mut s = srv.state();
    for _ in 0..200 {
        if s["to_move"] == "white" && s["engine"]["thinking"] == false {
            break;
        }
        std::thread::sleep(Duration::from_millis(50));
        s = srv.state();
    }
    assert_eq!(s["to_move"], "white", "the engine did not answer: {s}");
    let turns = s["turns"].as_array().unwrap();
    assert_eq!(turns.len(), 2, "{s}");
    assert_eq!(turns[0], "e2e4,end");
    // The move list shows the engine's turn as White saw it: its draw is no card of White's.
    let moves = s["moves"].as_array().unwrap();
    assert_eq!(moves.len(), 2, "{}", s["moves"]);
    assert_eq!(moves[1]["text"], turns[1], "{}", s["moves"]);
    assert_eq!(moves[1]["side"], "black");
    // Taking back the turn goes back to White's move after the deal, not into the deal.
    let (c, s) = srv.post("/api/undo", "{}");
    assert_eq!(c, 200, "{s}");
    assert_eq!(s["can_undo"], false);
    assert_eq!(s["turns"].as_array().unwrap().len(), 0);
    let (c, _) = srv.post("/api/undo", "{}");
    assert_eq!(c, 422);
    // Chess has nothing hidden: no seat to choose.
    srv.post("/api/engine", r#"{"side":"none"}"#);
    let (c, _) = srv.post("/api/new", r#"{"variant":"chess"}"#);
    assert_eq!(c, 200);
    let (c, e) = srv.post("/api/seat", r#"{"seat":"white"}"#);
    assert_eq!(c, 422, "{e}");
}

/// A TCHES action that sets a freed king down (`d3d5xc4@b3`, Capture the King) is a move
/// through four cells for the page to click, not a drop of a piece named `d3d5xc4`.
#[test]
fn an_action_with_a_later_at_sign_is_a_move_not_a_drop() {
    let srv = Server::start(&[]);
    let (code, body) = srv.request(
        "POST",
        "/api/new",
        br#"{"variant":"tches","options":{"CaptureTheKing":"true","Strike":"false"},"fen":"4k3/8/8/8/2l(K)5/3G4/8/8 w - -- 1"}"#,
    );
    assert_eq!(code, 200, "{body}");
    let v: serde_json::Value = serde_json::from_str(body_json(&body)).unwrap();
    let freed: Vec<&serde_json::Value> = v["legal"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|a| a["text"].as_str().unwrap().contains('@'))
        .collect();
    assert!(!freed.is_empty(), "{body}");
    for a in &freed {
        assert!(a["drop"].is_null(), "{a}");
        assert_eq!(a["cells"].as_array().unwrap().len(), 4, "{a}");
    }
    let text = freed[0]["text"].as_str().unwrap();
    let play = format!(r#"{{"action":"{text}"}}"#);
    assert_eq!(srv.request("POST", "/api/play", play.as_bytes()).0, 200);
}

/// Chromium, chromedriver and Selenium, where installed; says why not otherwise (and fails
/// under `CI=true`).
fn browser_present(test: &str) -> bool {
    let probe = Command::new("python3")
        .args(["-c", "import selenium"])
        .output()
        .is_ok_and(|o| o.status.success());
    let present = probe
        && std::path::Path::new("/usr/bin/chromium").exists()
        && std::path::Path::new("/usr/bin/chromedriver").exists();
    if !present {
        assert!(
            std::env::var("CI").is_err(),
            "chromium, chromium-driver and python3 selenium are required under CI"
        );
        // Straight to standard error: the harness hides a passing test's `eprintln!`.
        let _ = writeln!(
            std::io::stderr(),
            "skipped: chromium, chromedriver or selenium is not installed ({test})"
        );
    }
    present
}

#[test]
fn every_variant_is_played_by_clicking_in_chromium() {
    if !browser_present("every_variant_is_played_by_clicking_in_chromium") {
        return;
    }
    let script = concat!(env!("CARGO_MANIFEST_DIR"), "/python/web_board.py");
    // The screenshots stay where `TESSERA_SCREENSHOTS` says; otherwise they go with the test.
    let scratch = tessera_tests::scratch::scratch("board");
    let shots = std::env::var("TESSERA_SCREENSHOTS")
        .unwrap_or_else(|_| scratch.to_string_lossy().into_owned());
    let out = Command::new("timeout")
        .args([
            "300",
            "python3",
            script,
            tessera_bin().to_str().unwrap(),
            &shots,
        ])
        .output()
        .expect("run python3");
    let text = format!(
        "{}\n{}",
        String::from_utf8_lossy(&out.stdout),
        String::from_utf8_lossy(&out.stderr)
    );
    assert!(out.status.success(), "{text}");
    println!("{text}");
    let done = text
        .lines()
        .find_map(|l| l.strip_prefix("all variants played: "))
        .unwrap_or_else(|| panic!("no summary line:\n{text}"));
    for v in tessera::faces::registry::variants() {
        assert!(
            done.split(", ").any(|n| n == v.name),
            "{} not played:\n{text}",
            v.name
        );
    }
}

/// The cells named in a legal action, as the state lists them.
fn cells_of(a: &serde_json::Value) -> Vec<String> {
    a["cells"]
        .as_array()
        .unwrap()
        .iter()
        .map(|c| c.as_str().unwrap().to_string())
        .collect()
}

fn strings(v: &serde_json::Value) -> Vec<String> {
    v.as_array()
        .unwrap_or_else(|| panic!("not a list: {v}"))
        .iter()
        .map(|c| c.as_str().unwrap().to_string())
        .collect()
}

/// Plays the side to move's whole turn over HTTP, each action the legal one through the most
/// cells (starting on `first` where given); returns the actions and every cell they name.
fn play_whole_turn(srv: &Server, first: Option<&str>) -> (Vec<String>, Vec<String>) {
    let mut s = srv.state();
    let side = s["to_move"].clone();
    let (mut played, mut cells) = (Vec::new(), Vec::new());
    while s["to_move"] == side && s["outcome"].is_null() {
        let legal = s["legal"].as_array().unwrap().clone();
        assert!(!legal.is_empty(), "nothing to play: {s}");
        let from = |a: &&serde_json::Value| {
            played.is_empty()
                && first.is_some_and(|f| cells_of(a).first().map(|c| c.as_str()) == Some(f))
        };
        let a = legal
            .iter()
            .find(from)
            .or_else(|| legal.iter().max_by_key(|a| cells_of(a).len()))
            .unwrap();
        let text = a["text"].as_str().unwrap().to_string();
        let (c, next) = srv.post("/api/play", &format!(r#"{{"action":"{text}"}}"#));
        assert_eq!(c, 200, "{text}: {next}");
        for c in cells_of(a) {
            if !cells.contains(&c) {
                cells.push(c);
            }
        }
        played.push(text);
        s = next;
    }
    (played, cells)
}

fn sorted(mut v: Vec<String>) -> Vec<String> {
    v.sort();
    v.dedup();
    v
}

/// Every two-player variant: the last whole turn's cells (every action's, the card targets,
/// steps and placements included) are the state's `last_cells`, the turn is one entry of the
/// move list, and the position before it can be looked at again.
#[test]
fn the_last_turn_marks_every_cell_of_every_action() {
    let srv = Server::start(&[]);
    let cases: &[(&str, &str, &str, Option<&str>)] = &[
        ("chess", "{}", "", None),
        (
            "chess",
            r#"{"UCI_Chess960":"true"}"#,
            "bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9",
            None,
        ),
        ("tictacchess", "{}", "", None),
        ("turtleshell", "{}", "", None),
        ("tches", "{}", "", None),
        ("tches", r#"{"Strike":"false"}"#, "", None),
        ("tiledsquares", "{}", "", None),
        (
            "adrenaline",
            "{}",
            "rnbqkbnr/pppp1ppp/8/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 0 2 f3:2",
            Some("f3"),
        ),
        ("booster", "{}", "", None),
        ("cloak", "{}", "", None),
    ];
    let mut several = 0;
    for (variant, options, fen, first) in cases {
        let body = format!(r#"{{"variant":"{variant}","options":{options},"fen":"{fen}"}}"#);
        let (c, s) = srv.post("/api/new", &body);
        assert_eq!(c, 200, "{body}: {s}");
        if s["players"] == 1 {
            continue;
        }
        let start = s["fen"].as_str().unwrap().to_string();
        let (played, cells) = play_whole_turn(&srv, *first);
        several += usize::from(played.len() > 1);
        let s = srv.state();
        assert_eq!(s["last"], played.join(","), "{variant}: {s}");
        assert_eq!(
            sorted(strings(&s["last_cells"])),
            sorted(cells.clone()),
            "{variant}: turn {played:?}"
        );
        let moves = s["moves"].as_array().unwrap();
        assert_eq!(moves.len(), 1, "{variant}: {}", s["moves"]);
        assert_eq!(
            sorted(strings(&moves[0]["cells"])),
            sorted(cells),
            "{variant}"
        );
        // The position before the turn, as it was.
        let (c, p) = srv.get_json("/api/position?turn=0");
        assert_eq!(c, 200, "{variant}: {p}");
        assert_eq!(p["fen"], start.as_str(), "{variant}");
        assert!(strings(&p["last_cells"]).is_empty(), "{variant}: {p}");
        let (c, p) = srv.get_json("/api/position?turn=1");
        assert_eq!(c, 200, "{variant}: {p}");
        assert_eq!(p["fen"], s["fen"], "{variant}");
        assert!(p["svg"].as_str().unwrap().starts_with("<svg"), "{variant}");
        let (c, p) = srv.get_json("/api/position?turn=2");
        assert_eq!(c, 422, "{variant}: {p}");
    }
    // Turns of several actions were among them (Strike, Adrenaline steps, Booster and Cloak).
    assert!(several >= 3, "only {several} turns of several actions");
}

/// Chess lists its turns in SAN; each turn's position is served, the live one included.
#[test]
fn the_move_list_is_san_in_chess_and_each_position_is_served() {
    let srv = Server::start(&[]);
    for a in ["e2e4", "e7e5", "g1f3"] {
        let (c, s) = srv.post("/api/play", &format!(r#"{{"action":"{a}"}}"#));
        assert_eq!(c, 200, "{s}");
    }
    let s = srv.state();
    let texts: Vec<&str> = s["moves"]
        .as_array()
        .unwrap()
        .iter()
        .map(|m| m["text"].as_str().unwrap())
        .collect();
    assert_eq!(texts, ["e4", "e5", "Nf3"]);
    let sides: Vec<&str> = s["moves"]
        .as_array()
        .unwrap()
        .iter()
        .map(|m| m["side"].as_str().unwrap())
        .collect();
    assert_eq!(sides, ["white", "black", "white"]);
    let (_, p) = srv.get_json("/api/position?turn=2");
    assert_eq!(
        p["fen"],
        "rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2"
    );
    assert_eq!(sorted(strings(&p["last_cells"])), ["e5", "e7"]);
    let (_, p) = srv.get_json("/api/position?turn=3");
    assert_eq!(p["fen"], s["fen"]);
    for bad in [
        "/api/position?turn=x",
        "/api/position",
        "/api/position?turn=-1",
    ] {
        let (c, p) = srv.get_json(bad);
        assert!(c == 400 || c == 422, "{bad}: {c} {p}");
    }
}

/// The record's command line, pasted into bash, passes every argument unchanged: the tile
/// drop `$-a6` and the FEN are single-quoted.
#[test]
fn the_record_command_is_safe_in_a_shell() {
    let srv = Server::start(&[]);
    let fen = "r%bqkbnr/pppp%ppp/2n5/4p3/4P3/5N2/PPPP$PPP/RNBQKB$R w KQkq - 4 5";
    let (c, s) = srv.post(
        "/api/new",
        &format!(r#"{{"variant":"tiledsquares","fen":"{fen}"}}"#),
    );
    assert_eq!(c, 200, "{s}");
    let drop = legal(&s)
        .into_iter()
        .find(|a| a.starts_with("$-"))
        .expect("a tile drop");
    let (c, s) = srv.post("/api/play", &format!(r#"{{"action":"{drop}"}}"#));
    assert_eq!(c, 200, "{s}");
    let reply = legal(&s)
        .into_iter()
        .find(|a| a.starts_with("%-"))
        .expect("a black tile drop");
    let (c, s) = srv.post("/api/play", &format!(r#"{{"action":"{reply}"}}"#));
    assert_eq!(c, 200, "{s}");
    let record = s["record"].as_str().unwrap();
    let cmd = record
        .lines()
        .find(|l| l.starts_with("tessera analyse"))
        .unwrap_or_else(|| panic!("no command in {record}"));
    let echoed = cmd.replacen("tessera", "printf '%s\\n'", 1);
    let out = Command::new("bash")
        .args(["-c", &echoed])
        .output()
        .expect("run bash");
    assert!(out.status.success(), "{cmd}");
    let args: Vec<String> = String::from_utf8_lossy(&out.stdout)
        .lines()
        .map(str::to_string)
        .collect();
    let moves = format!("{drop} {reply}");
    assert_eq!(
        args,
        [
            "analyse",
            "--variant",
            "tiledsquares",
            "--fen",
            fen,
            "--moves",
            moves.as_str()
        ],
        "{cmd}"
    );
}

/// A solitaire's *Move now* plays one action, and the engine takes no side for good.
#[test]
fn move_now_in_a_solitaire_plays_one_action() {
    let srv = Server::start(&[]);
    let (c, s) = srv.post("/api/new", r#"{"variant":"parade"}"#);
    assert_eq!(c, 200, "{s}");
    let (c, s) = srv.post("/api/engine", r#"{"side":"move","movetime_ms":200}"#);
    assert_eq!(c, 200, "{s}");
    assert!(s["engine"]["side"].is_null(), "{}", s["engine"]);
    let done = srv.wait_for(Duration::from_secs(20), &[], |s| {
        s["engine"]["thinking"] == false && !s["turns"].as_array().unwrap().is_empty()
    });
    assert!(done.is_some(), "no action played: {}", srv.state()["turns"]);
    // Long enough for a second action, had the engine gone on.
    std::thread::sleep(Duration::from_millis(600));
    let s = srv.state();
    assert_eq!(s["turns"].as_array().unwrap().len(), 1, "{}", s["turns"]);
    assert_eq!(s["moves"].as_array().unwrap().len(), 1, "{}", s["moves"]);
}

/// The words under the board after a mate name the winner, not a side to move.
#[test]
fn the_caption_after_mate_names_the_winner() {
    let srv = Server::start(&[]);
    let (c, _) = srv.post(
        "/api/new",
        r#"{"variant":"chess","fen":"6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1"}"#,
    );
    assert_eq!(c, 200);
    let (c, s) = srv.post("/api/play", r#"{"action":"a1a8"}"#);
    assert_eq!(c, 200, "{s}");
    let svg = s["svg"].as_str().unwrap();
    assert!(!svg.contains("to move</text>"), "{svg}");
    assert!(svg.contains("white wins by checkmate"), "{svg}");
}

/// The board is turned for a person playing Black (the engine plays White, or Black's view
/// is shown), and the page can turn it either way.
#[test]
fn the_board_turns_for_a_person_playing_black() {
    let srv = Server::start(&[]);
    let s = srv.state();
    assert_eq!(s["flip"], false);
    let upright = s["svg"].as_str().unwrap().to_string();
    let (c, s) = srv.post("/api/engine", r#"{"side":"white","movetime_ms":50}"#);
    assert_eq!(c, 200, "{s}");
    assert_eq!(s["flip"], true);
    srv.wait_for(Duration::from_secs(20), &[], |s| {
        s["engine"]["thinking"] == false && s["to_move"] == "black"
    })
    .expect("the engine moves");
    let (c, s) = srv.post("/api/engine", r#"{"side":"none"}"#);
    assert_eq!(c, 200, "{s}");
    assert_eq!(srv.request("POST", "/api/undo", b"{}").0, 200);
    let s = srv.state();
    assert_eq!(s["flip"], true);
    assert_ne!(s["svg"].as_str().unwrap(), upright, "not drawn turned");
    let (c, s) = srv.post("/api/flip", r#"{"flip":false}"#);
    assert_eq!(c, 200, "{s}");
    assert_eq!(s["flip"], false);
    assert_eq!(s["svg"].as_str().unwrap(), upright);
    let (c, _) = srv.post("/api/flip", r#"{"flip":"yes"}"#);
    assert_eq!(c, 400);
    // Black's view of a hidden game is drawn from Black's side.
    srv.post("/api/new", r#"{"variant":"booster"}"#);
    let (c, s) = srv.post("/api/seat", r#"{"seat":"black"}"#);
    assert_eq!(c, 200, "{s}");
    assert_eq!(s["flip"], true);
}

/// The guide's pictures of the browser board (docs/img/board-<variant>.png and
/// board-<variant>-mid.png): `cargo test --profile fast -p tessera-tests --test web_board --
/// --ignored pictures`.
#[test]
#[ignore = "writes docs/img; run by hand to renew the guide's pictures"]
fn pictures_of_every_variant_for_the_guide() {
    if !browser_present("pictures_of_every_variant_for_the_guide") {
        return;
    }
    let script = concat!(env!("CARGO_MANIFEST_DIR"), "/python/web_board.py");
    let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/../docs/img");
    let out = Command::new("timeout")
        .args([
            "600",
            "python3",
            script,
            tessera_bin().to_str().unwrap(),
            dir,
            "--screenshots",
        ])
        .output()
        .expect("run python3");
    let text = format!(
        "{}\n{}",
        String::from_utf8_lossy(&out.stdout),
        String::from_utf8_lossy(&out.stderr)
    );
    assert!(out.status.success(), "{text}");
    for v in tessera::faces::registry::variants() {
        for name in [
            format!("board-{}.png", v.name),
            format!("board-{}-mid.png", v.name),
        ] {
            let path = std::path::Path::new(dir).join(&name);
            assert!(path.exists(), "{name} not written:\n{text}");
        }
    }
}
