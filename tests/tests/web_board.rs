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

#[test]
fn every_variant_is_played_by_clicking_in_chromium() {
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
            "skipped: chromium, chromedriver or selenium is not installed \
             (every_variant_is_played_by_clicking_in_chromium)"
        );
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
