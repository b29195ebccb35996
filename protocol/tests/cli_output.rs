//! What the command line writes: quiet on a closed pipe, progress drawn on a terminal only,
//! and no terminal escape codes in piped output.

use std::io::{BufRead, BufReader};
use std::process::{Command, Stdio};

fn tessera() -> Command {
    Command::new(env!("CARGO_BIN_EXE_tessera"))
}

#[test]
fn a_closed_pipe_ends_the_output_quietly() {
    // Like `tessera perft --depth 6 --divide | head -1`: the reader leaves after one line,
    // while the next lines are still being counted.
    let mut child = tessera()
        .args(["perft", "--depth", "6", "--divide"])
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let mut first = String::new();
    BufReader::new(child.stdout.take().unwrap())
        .read_line(&mut first)
        .unwrap();
    assert!(first.contains(": "), "{first}");
    let o = child.wait_with_output().unwrap();
    let err = String::from_utf8_lossy(&o.stderr);
    assert!(o.status.success(), "exit {:?}: {err}", o.status);
    assert!(err.is_empty(), "{err}");
}

#[test]
fn piped_output_has_no_escape_codes() {
    let mut dir = tempfile::Builder::new()
        .prefix("tessera-cli-")
        .tempdir()
        .unwrap();
    dir.disable_cleanup(std::env::var_os("TESSERA_KEEP_SCRATCH").is_some());
    let dir = dir.path();
    let bin = env!("CARGO_BIN_EXE_tessera");
    let engine = |name: &str| format!("cmd={bin} name={name}");
    let runs: Vec<Vec<String>> = vec![
        vec!["perft".into(), "--depth".into(), "4".into()],
        vec![
            "solve".into(),
            "--variant".into(),
            "tictacchess".into(),
            "--option".into(),
            "TicTacReserve=RK".into(),
        ],
        format!(
            "match --games 2 --depth 1 --maxmoves 10 --engine {} --engine {} --pgn {}",
            engine("a"),
            engine("b"),
            dir.join("g.pgn").display()
        )
        .split(' ')
        .map(String::from)
        .collect(),
    ];
    for args in runs {
        let o = tessera().args(&args).output().unwrap();
        assert!(
            o.status.success(),
            "{args:?}: {}",
            String::from_utf8_lossy(&o.stderr)
        );
        for (what, text) in [("stdout", &o.stdout), ("stderr", &o.stderr)] {
            assert!(
                !text.contains(&0x1b),
                "{args:?} wrote an escape code to {what}"
            );
            assert!(
                !text.contains(&b'\r'),
                "{args:?} wrote a carriage return to {what}"
            );
        }
    }
}

/// Runs a command under a pseudo-terminal (util-linux `script`), returning all it wrote.
fn on_a_terminal(args: &str) -> Option<String> {
    let line = format!("{} {args}", env!("CARGO_BIN_EXE_tessera"));
    let o = Command::new("script")
        .args(["-qec", &line, "/dev/null"])
        .stdin(Stdio::null())
        .output()
        .ok()?;
    Some(String::from_utf8_lossy(&o.stdout).into_owned())
}

#[test]
fn long_commands_show_progress_on_a_terminal() {
    let Some(out) = on_a_terminal("perft --depth 5") else {
        assert!(std::env::var("CI").is_err(), "`script` is needed under CI");
        eprintln!("skipped: no `script` to make a terminal");
        return;
    };
    // The bar counts first actions: 20 from the chess start.
    assert!(out.contains("/20 "), "{out:?}");
    assert!(out.contains("Nodes searched: 4865609"), "{out:?}");
    let out = on_a_terminal("solve --variant tictacchess --option TicTacReserve=RK").unwrap();
    assert!(out.contains("solving tictacchess"), "{out:?}");
}
