//! How the web board (`tessera serve`) protects itself from the other pages a browser has
//! open, over raw HTTP on 127.0.0.1: a POST must say `application/json` (a cross-site form
//! can send only plain text without asking first), a foreign `Origin` is refused, a `Host`
//! other than the address served is refused (DNS rebinding), a token is required where the
//! server was told to require one, and an analysis ends when no page watches it or when it
//! reaches its time limit.

use std::io::{Read, Write};
use std::net::TcpStream;
use std::process::Command;
use std::time::{Duration, Instant};

use tessera_tests::binary::tessera_bin;
use tessera_tests::board_server::{short, Server};

fn header(name: &str, value: &str) -> String {
    format!("{name}: {value}")
}

/// An open event stream, read up to its first event; it closes when dropped.
struct Watcher {
    stream: TcpStream,
}

impl Watcher {
    fn open(srv: &Server, extra: &[String]) -> Watcher {
        let mut stream = TcpStream::connect(&srv.addr).unwrap();
        stream
            .set_read_timeout(Some(Duration::from_secs(10)))
            .unwrap();
        let mut head = format!(
            "GET /api/events HTTP/1.1\r\nHost: {}\r\nAccept: text/event-stream\r\n",
            srv.addr
        );
        for h in extra {
            head.push_str(h);
            head.push_str("\r\n");
        }
        head.push_str("\r\n");
        stream.write_all(head.as_bytes()).unwrap();
        let mut w = Watcher { stream };
        let seen = w.read_for(Duration::from_secs(10), "event: state");
        assert!(seen.starts_with("HTTP/1.1 200"), "{seen}");
        w
    }

    /// Reads what arrives until `until` has been seen or `limit` has passed.
    fn read_for(&mut self, limit: Duration, until: &str) -> String {
        let t0 = Instant::now();
        let mut text = String::new();
        let mut buf = [0u8; 4096];
        self.stream
            .set_read_timeout(Some(Duration::from_millis(100)))
            .unwrap();
        while t0.elapsed() < limit && !text.contains(until) {
            match self.stream.read(&mut buf) {
                Ok(0) => break,
                Ok(n) => text.push_str(&String::from_utf8_lossy(&buf[..n])),
                Err(_) => {}
            }
        }
        text
    }
}

#[test]
fn a_post_must_be_sent_as_json() {
    let srv = Server::start(&[]);
    let start = srv.state();
    // What a form on another site can send without asking the browser first.
    for ct in [
        "text/plain",
        "application/x-www-form-urlencoded",
        "multipart/form-data; boundary=x",
    ] {
        for (path, body) in [
            ("/api/analyse", r#"{"on":true,"multipv":8}"#),
            ("/api/new", r#"{"variant":"tches"}"#),
            ("/api/undo", ""),
        ] {
            let r = srv.send("POST", path, &[header("Content-Type", ct)], body.as_bytes());
            assert_eq!(r.code, 415, "{path} as {ct}: {}", short(&r.body));
            assert!(r.body.contains("application/json"), "{}", short(&r.body));
        }
    }
    let r = srv.send("POST", "/api/analyse", &[], br#"{"on":true}"#);
    assert_eq!(r.code, 415, "no Content-Type: {}", short(&r.body));
    let now = srv.state();
    assert_eq!(now["analysis"]["on"], false, "{now}");
    assert_eq!(now["fen"], start["fen"]);
    assert_eq!(now["version"], start["version"]);
    // JSON with a charset, in any case, is JSON.
    let r = srv.send(
        "POST",
        "/api/play",
        &[header("Content-Type", "Application/JSON; charset=utf-8")],
        br#"{"action":"e2e4"}"#,
    );
    assert_eq!(r.code, 200, "{}", short(&r.body));
}

#[test]
fn a_foreign_origin_is_refused() {
    let srv = Server::start(&[]);
    let port = srv.port().to_string();
    for origin in [
        "http://evil.example".to_string(),
        "http://evil.example:80".to_string(),
        format!("http://evil.example:{port}"),
        format!("https://127.0.0.1:{port}"),
        "http://127.0.0.1:1".to_string(),
        "null".to_string(),
    ] {
        let r = srv.json_post(
            "/api/analyse",
            r#"{"on":true,"multipv":8}"#,
            &[header("Origin", &origin)],
        );
        assert_eq!(r.code, 403, "POST from {origin}: {}", short(&r.body));
        let r = srv.send("GET", "/api/state", &[header("Origin", &origin)], b"");
        assert_eq!(r.code, 403, "GET from {origin}: {}", short(&r.body));
    }
    assert_eq!(srv.state()["analysis"]["on"], false);
    // The page's own origin, under each name of the loopback address.
    for origin in [
        format!("http://127.0.0.1:{port}"),
        format!("http://localhost:{port}"),
        format!("http://LocalHost:{port}"),
        format!("http://[::1]:{port}"),
    ] {
        let r = srv.json_post(
            "/api/engine",
            r#"{"movetime_ms":100}"#,
            &[header("Origin", &origin)],
        );
        assert_eq!(r.code, 200, "POST from {origin}: {}", short(&r.body));
    }
}

#[test]
fn a_host_other_than_the_served_address_is_refused() {
    let srv = Server::start(&[]);
    let port = srv.port().to_string();
    for host in [
        "evil.example:80".to_string(),
        "evil.example".to_string(),
        format!("evil.example:{port}"),
        format!("localhost.evil.example:{port}"),
        "127.0.0.1".to_string(),
        "localhost:1".to_string(),
        "".to_string(),
    ] {
        for path in ["/", "/api/state", "/api/variants", "/api/events"] {
            let r = srv.send("GET", path, &[header("Host", &host)], b"");
            assert_eq!(
                r.code,
                421,
                "GET {path} with Host {host:?}: {}",
                short(&r.body)
            );
        }
        let r = srv.send(
            "POST",
            "/api/play",
            &[
                header("Host", &host),
                header("Content-Type", "application/json"),
            ],
            br#"{"action":"e2e4"}"#,
        );
        assert_eq!(r.code, 421, "POST with Host {host:?}: {}", short(&r.body));
    }
    assert_eq!(srv.state()["turns"].as_array().unwrap().len(), 0);
    for host in [
        format!("127.0.0.1:{port}"),
        format!("localhost:{port}"),
        format!("LOCALHOST:{port}"),
        format!("[::1]:{port}"),
    ] {
        let r = srv.send("GET", "/api/state", &[header("Host", &host)], b"");
        assert_eq!(r.code, 200, "Host {host}: {}", short(&r.body));
    }
}

#[test]
fn a_token_is_asked_for_and_kept_in_a_cookie_for_the_page() {
    let srv = Server::start(&["--require-token"]);
    let token = srv
        .url
        .split_once("/?token=")
        .map(|(_, t)| t.to_string())
        .unwrap_or_else(|| panic!("no token in {}", srv.url));
    assert!(token.len() >= 32, "{token}");
    assert!(token.chars().all(|c| c.is_ascii_alphanumeric()), "{token}");
    // Without it, or with another, nothing is served and nothing changes.
    let wrong = format!("{}x", &token[1..]);
    for path in [
        "/".to_string(),
        "/api/state".to_string(),
        "/api/events".to_string(),
        format!("/?token={wrong}"),
        "/?token=".to_string(),
    ] {
        let r = srv.send("GET", &path, &[], b"");
        assert_eq!(r.code, 403, "GET {path}: {}", short(&r.body));
    }
    for extra in [
        vec![],
        vec![header("X-Tessera-Token", &wrong)],
        vec![header(
            "Cookie",
            &format!("tessera_token_{}={wrong}", srv.port()),
        )],
        vec![header("Cookie", &format!("tessera_token_1={token}"))],
    ] {
        let r = srv.json_post("/api/play", r#"{"action":"e2e4"}"#, &extra);
        assert_eq!(r.code, 403, "{extra:?}: {}", short(&r.body));
    }
    // The page, opened from the printed address, sets the cookie the page's requests carry.
    let r = srv.send("GET", &format!("/?token={token}"), &[], b"");
    assert_eq!(r.code, 200, "{}", short(&r.body));
    assert!(r.body.contains("<title>Tessera board</title>"));
    let cookie_line = r
        .head
        .lines()
        .find(|l| l.to_ascii_lowercase().starts_with("set-cookie:"))
        .unwrap_or_else(|| panic!("no cookie set: {}", r.head));
    assert!(cookie_line.contains("HttpOnly"), "{cookie_line}");
    assert!(cookie_line.contains("SameSite=Strict"), "{cookie_line}");
    let pair = cookie_line
        .split_once(':')
        .unwrap()
        .1
        .split(';')
        .next()
        .unwrap()
        .trim()
        .to_string();
    assert_eq!(pair, format!("tessera_token_{}={token}", srv.port()));
    let cookie = vec![header("Cookie", &format!("other=1; {pair}"))];
    assert_eq!(srv.send("GET", "/api/variants", &cookie, b"").code, 200);
    let s = srv.state_with(&cookie);
    assert_eq!(s["turns"].as_array().unwrap().len(), 0, "{s}");
    let mut with_origin = cookie.clone();
    with_origin.push(header("Origin", &format!("http://{}", srv.addr)));
    let r = srv.json_post("/api/play", r#"{"action":"e2e4"}"#, &with_origin);
    assert_eq!(r.code, 200, "{}", short(&r.body));
    drop(Watcher::open(&srv, &cookie));
    // A script may send the token in a header instead.
    let r = srv.json_post(
        "/api/play",
        r#"{"action":"e7e5"}"#,
        &[header("X-Tessera-Token", &token)],
    );
    assert_eq!(r.code, 200, "{}", short(&r.body));
    let s = srv.state_with(&cookie);
    assert_eq!(s["turns"].as_array().unwrap().len(), 2, "{s}");
}

/// What the page sends: a JSON body says so, and every request goes to the page's own
/// address (so the browser sends the page's cookie with it).
#[test]
fn the_page_sends_its_requests_as_the_server_requires() {
    let srv = Server::start(&[]);
    let page = srv.send("GET", "/", &[], b"").body;
    assert!(
        page.contains(r#"headers: { "Content-Type": "application/json" }"#),
        "the page's POSTs say application/json"
    );
    for call in ["fetch(", "new EventSource("] {
        for (i, _) in page.match_indices(call) {
            let arg = &page[i + call.len()..];
            assert!(
                arg.starts_with("path") || arg.starts_with("\"/api/"),
                "{call} goes elsewhere: {}",
                &arg[..arg.len().min(40)]
            );
        }
    }
}

#[test]
fn an_analysis_ends_when_no_page_watches_it() {
    let srv = Server::start(&["--analysis-grace", "0.5"]);
    let mut w = Watcher::open(&srv, &[]);
    let r = srv.json_post("/api/analyse", r#"{"on":true}"#, &[]);
    assert_eq!(r.code, 200, "{}", short(&r.body));
    // Watched: it goes on past the grace period, reporting.
    let seen = w.read_for(Duration::from_secs(10), "event: info");
    assert!(seen.contains("event: info"), "no analysis reported: {seen}");
    std::thread::sleep(Duration::from_millis(1500));
    assert_eq!(srv.state()["analysis"]["on"], true);
    drop(w);
    let took = srv.wait_for(Duration::from_secs(10), &[], |s| {
        s["analysis"]["on"] == false
    });
    assert!(took.is_some(), "the analysis ran on with no page open");
    let s = srv.state();
    assert!(
        s["analysis"]["ended"]
            .as_str()
            .is_some_and(|e| e.contains("no page")),
        "{s}"
    );
    // Nothing more is searched: a page that comes back is told of no analysis.
    let mut w = Watcher::open(&srv, &[]);
    let more = w.read_for(Duration::from_millis(1500), "event: info");
    assert!(!more.contains("event: info"), "{more}");
    // An analysis switched on with no page open at all ends too.
    drop(w);
    std::thread::sleep(Duration::from_millis(200));
    let r = srv.json_post("/api/analyse", r#"{"on":true}"#, &[]);
    assert_eq!(r.code, 200, "{}", short(&r.body));
    assert_eq!(srv.state()["analysis"]["on"], true);
    let took = srv.wait_for(Duration::from_secs(10), &[], |s| {
        s["analysis"]["on"] == false
    });
    assert!(took.is_some(), "the analysis ran on with no page open");
}

#[test]
fn an_analysis_ends_at_its_time_limit() {
    let srv = Server::start(&["--analysis-limit", "1"]);
    let mut w = Watcher::open(&srv, &[]);
    let r = srv.json_post("/api/analyse", r#"{"on":true}"#, &[]);
    assert_eq!(r.code, 200, "{}", short(&r.body));
    let t0 = Instant::now();
    let seen = w.read_for(Duration::from_secs(20), "time limit");
    assert!(
        seen.contains("event: info") && seen.contains("time limit"),
        "{seen}"
    );
    let waited = t0.elapsed();
    assert!(waited >= Duration::from_millis(900), "{waited:?}");
    assert!(waited < Duration::from_secs(10), "{waited:?}");
    let s = srv.state();
    assert_eq!(s["analysis"]["on"], false, "{s}");
    // A new position, analysed again, gets the whole limit again.
    let r = srv.json_post("/api/analyse", r#"{"on":true}"#, &[]);
    assert_eq!(r.code, 200, "{}", short(&r.body));
    assert_eq!(srv.state()["analysis"]["on"], true);
    assert!(srv
        .wait_for(Duration::from_secs(10), &[], |s| s["analysis"]["on"]
            == false)
        .is_some());
    drop(w);
}

#[test]
fn bad_limits_are_refused_with_a_message() {
    for args in [
        ["--analysis-grace", "-1"],
        ["--analysis-grace", "soon"],
        ["--analysis-limit", "0"],
        ["--analysis-limit", "nan"],
    ] {
        let out = Command::new(tessera_bin())
            .args(["serve", "--port", "0"])
            .args(args)
            .output()
            .unwrap();
        assert!(!out.status.success(), "{args:?}");
        let err = String::from_utf8_lossy(&out.stderr);
        assert!(err.contains(args[0]), "{args:?}: {err}");
        assert!(!err.contains("panicked"), "{err}");
    }
}
