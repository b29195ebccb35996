//! XBoard users reach Tessera through PolyGlot (Debian package `polyglot`, in `/usr/games`),
//! which speaks the XBoard protocol to the GUI and UCI to the engine. Checked here the way
//! XBoard drives it: moves in, legal moves out.

use std::io::{BufRead, BufReader, Write};
use std::path::Path;
use std::process::{Command, Stdio};
use std::sync::mpsc;
use std::time::{Duration, Instant};

use tessera::faces::registry;
use tessera_tests::binary::tessera_bin;

const POLYGLOT: &str = "/usr/games/polyglot";

#[test]
fn xboard_moves_through_polyglot_are_answered_legally() {
    if !Path::new(POLYGLOT).exists() {
        assert!(
            std::env::var("CI").is_err(),
            "{POLYGLOT} is required under CI"
        );
        eprintln!("skipped: {POLYGLOT} is not installed (apt-get install polyglot)");
        return;
    }
    let dir = tessera_tests::scratch::scratch("polyglot");
    let ini = dir.join("tessera.ini");
    std::fs::write(
        &ini,
        format!(
            "[PolyGlot]\nEngineCommand = {}\nBook = false\n[Engine]\n",
            tessera_bin().display()
        ),
    )
    .unwrap();
    let mut child = Command::new(POLYGLOT)
        .arg(&ini)
        .current_dir(&dir)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .expect("start polyglot");
    let mut stdin = child.stdin.take().unwrap();
    let (tx, rx) = mpsc::channel();
    let stdout = child.stdout.take().unwrap();
    std::thread::spawn(move || {
        for l in BufReader::new(stdout).lines().map_while(Result::ok) {
            if tx.send(l).is_err() {
                break;
            }
        }
    });
    let mut send = |l: &str| {
        writeln!(stdin, "{l}").unwrap();
        stdin.flush().unwrap();
    };
    let next_move = || -> String {
        let deadline = Instant::now() + Duration::from_secs(30);
        loop {
            let l = rx
                .recv_timeout(deadline.saturating_duration_since(Instant::now()))
                .expect("an answer from polyglot");
            if let Some(m) = l.strip_prefix("move ") {
                return m.trim().to_string();
            }
        }
    };
    for l in ["xboard", "protover 2", "new", "sd 3"] {
        send(l);
    }
    let mut game = registry::create("chess", &Default::default()).unwrap();
    for mine in ["e2e4", "d2d4"] {
        game.play_str(mine).unwrap();
        send(&format!("usermove {mine}"));
        let reply = next_move();
        assert!(game.play_str(&reply).is_ok(), "illegal reply {reply}");
    }
    send("quit");
    let t0 = Instant::now();
    while child.try_wait().unwrap().is_none() {
        assert!(
            t0.elapsed() < Duration::from_secs(10),
            "polyglot did not quit"
        );
        std::thread::sleep(Duration::from_millis(20));
    }
}
