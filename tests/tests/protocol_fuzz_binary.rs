//! Thousands of random and mutated command lines piped into the `tessera` binary: it must
//! neither panic nor hang, must exit cleanly on `quit`, and must write only well-formed lines.

use std::io::Write;
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

use tessera_tests::binary::tessera_bin;
use tessera_tests::fuzz::{random_line, Rng, CHESS_SEEDS, CHESS_WORDS, REPLY_PREFIXES};

fn well_formed(line: &str) -> bool {
    !line.chars().any(|c| c.is_control())
        && (line.is_empty()
            || REPLY_PREFIXES.iter().any(|p| line.starts_with(p))
            || line
                .split_once(": ")
                .is_some_and(|(_, n)| n.parse::<u64>().is_ok()))
}

#[test]
fn random_command_lines_are_survived() {
    let mut r = Rng(0x2545_f491_4f6c_dd1d);
    let mut input = String::new();
    let n = 3000;
    for i in 0..n {
        input.push_str(&random_line(&mut r, CHESS_SEEDS, CHESS_WORDS, 3));
        input.push('\n');
        if i % 10 == 9 {
            input.push_str("stop\n");
        }
    }
    input.push_str("isready\nquit\n");
    let mut child = Command::new(tessera_bin())
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let mut stdin = child.stdin.take().unwrap();
    let writer = std::thread::spawn(move || {
        let _ = stdin.write_all(input.as_bytes());
    });
    let t0 = Instant::now();
    let waiter = std::thread::spawn(move || child.wait_with_output().unwrap());
    while !waiter.is_finished() {
        assert!(t0.elapsed() < Duration::from_secs(60), "the engine hangs");
        std::thread::sleep(Duration::from_millis(20));
    }
    writer.join().unwrap();
    let o = waiter.join().unwrap();
    let out = String::from_utf8(o.stdout).expect("output is UTF-8");
    let err = String::from_utf8_lossy(&o.stderr);
    assert!(o.status.success(), "exit {:?}; stderr:\n{err}", o.status);
    assert!(!err.contains("panicked"), "{err}");
    let lines: Vec<&str> = out.lines().collect();
    for l in &lines {
        assert!(well_formed(l), "malformed line '{l}'");
    }
    assert!(lines.contains(&"readyok"));
    let errors = lines
        .iter()
        .filter(|l| l.starts_with("info string error: "))
        .count();
    assert!(
        errors > n / 10 && errors <= n,
        "{errors} errors for {n} lines"
    );
}
