//! Spawning the `tessera` binary and talking to it line by line, with timeouts so that a hung
//! engine fails a test instead of hanging it.

use std::io::{BufRead, BufReader, Write};
use std::path::PathBuf;
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::mpsc::{channel, Receiver, RecvTimeoutError};
use std::thread;
use std::time::{Duration, Instant};

/// The `tessera` binary next to the running test executable
/// (`target/<profile>/deps/test-xxx` -> `target/<profile>/tessera`), built if missing.
pub fn tessera_bin() -> PathBuf {
    let exe = std::env::current_exe().expect("test executable path");
    let profile_dir = exe
        .parent()
        .and_then(|deps| deps.parent())
        .expect("test executable lies in target/<profile>/deps");
    let bin = profile_dir.join(format!("tessera{}", std::env::consts::EXE_SUFFIX));
    if !bin.exists() {
        let cargo = std::env::var("CARGO").unwrap_or_else(|_| "cargo".into());
        let mut cmd = Command::new(cargo);
        cmd.args(["build", "-p", "tessera-protocol", "--bin", "tessera"]);
        // The profile the tests were built with (`release`, `fast`, ...); `debug` is the default.
        if let Some(profile) = profile_dir.file_name().and_then(|n| n.to_str()) {
            if profile != "debug" {
                cmd.args(["--profile", profile]);
            }
        }
        let ok = cmd.status().map(|s| s.success()).unwrap_or(false);
        assert!(ok && bin.exists(), "could not build {}", bin.display());
    }
    bin
}

/// A running `tessera` speaking the protocol.
pub struct Engine {
    child: Child,
    stdin: Option<ChildStdin>,
    lines: Receiver<String>,
    /// Every line read so far, for failure messages.
    pub transcript: Vec<String>,
}

impl Engine {
    pub fn start() -> Engine {
        Engine::start_with(&[])
    }

    pub fn start_with(args: &[&str]) -> Engine {
        Engine::start_program(&tessera_bin(), args)
    }

    /// Any engine program (a peer such as Stockfish), spoken to the same way.
    pub fn start_program(program: &std::path::Path, args: &[&str]) -> Engine {
        let mut child = Command::new(program)
            .args(args)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::inherit())
            .spawn()
            .unwrap_or_else(|e| panic!("spawn {}: {e}", program.display()));
        let stdout = child.stdout.take().unwrap();
        let (tx, rx) = channel();
        thread::spawn(move || {
            for line in BufReader::new(stdout).lines() {
                let Ok(line) = line else { break };
                if tx.send(line).is_err() {
                    break;
                }
            }
        });
        let stdin = child.stdin.take();
        Engine {
            child,
            stdin,
            lines: rx,
            transcript: Vec::new(),
        }
    }

    pub fn send(&mut self, line: &str) {
        let s = self.stdin.as_mut().expect("stdin open");
        writeln!(s, "{line}").expect("write to engine");
        s.flush().unwrap();
    }

    /// The next line, or `None` after `timeout` or at the end of output.
    pub fn next_line(&mut self, timeout: Duration) -> Option<String> {
        match self.lines.recv_timeout(timeout) {
            Ok(l) => {
                self.transcript.push(l.clone());
                Some(l)
            }
            Err(RecvTimeoutError::Timeout | RecvTimeoutError::Disconnected) => None,
        }
    }

    /// Reads lines until one starts with `prefix`; returns every line read, that one last.
    /// Panics (with the transcript) after `timeout`.
    pub fn until(&mut self, prefix: &str, timeout: Duration) -> Vec<String> {
        let deadline = Instant::now() + timeout;
        let mut got = Vec::new();
        loop {
            let left = deadline.saturating_duration_since(Instant::now());
            match self.next_line(left) {
                Some(l) => {
                    let done = l.starts_with(prefix);
                    got.push(l);
                    if done {
                        return got;
                    }
                }
                None => panic!(
                    "no line starting with '{prefix}' within {timeout:?}; transcript:\n{}",
                    self.transcript.join("\n")
                ),
            }
        }
    }

    /// Sends `isready` and returns the lines that came before `readyok`.
    pub fn sync(&mut self) -> Vec<String> {
        self.send("isready");
        let mut v = self.until("readyok", Duration::from_secs(20));
        v.pop();
        v
    }

    /// Every line that arrives within `wait`.
    pub fn drain(&mut self, wait: Duration) -> Vec<String> {
        let mut v = Vec::new();
        while let Some(l) = self.next_line(wait) {
            v.push(l);
        }
        v
    }

    /// Sends `quit` (if stdin is still open) and waits up to `timeout` for the exit status.
    pub fn quit(mut self, timeout: Duration) -> std::process::ExitStatus {
        if let Some(s) = &mut self.stdin {
            let _ = writeln!(s, "quit");
        }
        self.stdin = None;
        self.wait(timeout)
    }

    /// Closes stdin and waits for the exit status; kills the engine and panics on timeout.
    pub fn wait(&mut self, timeout: Duration) -> std::process::ExitStatus {
        self.stdin = None;
        let deadline = Instant::now() + timeout;
        loop {
            if let Some(st) = self.child.try_wait().expect("wait") {
                return st;
            }
            if Instant::now() > deadline {
                let _ = self.child.kill();
                panic!("engine did not exit within {timeout:?}");
            }
            thread::sleep(Duration::from_millis(5));
        }
    }
}

impl Drop for Engine {
    fn drop(&mut self) {
        if let Ok(None) = self.child.try_wait() {
            let _ = self.child.kill();
            let _ = self.child.wait();
        }
    }
}

/// Runs a python3 script file with arguments; `None` when python3 or python-chess is missing
/// (a test then fails under `CI=true` and is skipped with a message otherwise).
pub fn python(script: &std::path::Path, args: &[&str]) -> Option<std::process::Output> {
    let probe = Command::new("python3")
        .args(["-c", "import chess.engine"])
        .output();
    if !probe.map(|o| o.status.success()).unwrap_or(false) {
        assert!(
            std::env::var("CI").is_err(),
            "python3 with python-chess is required under CI"
        );
        eprintln!("skipped: python3 with python-chess is not installed");
        return None;
    }
    Some(
        Command::new("python3")
            .arg(script)
            .args(args)
            .output()
            .expect("run python3"),
    )
}
