//! One engine as a child process speaking the UCI-like protocol. A reader thread stamps each
//! line of the engine's output with the time it arrived, so thinking time is measured when
//! the answer came, not when the referee got round to reading it.

use std::io::{BufRead, BufReader, Write};
use std::path::PathBuf;
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::mpsc::{self, Receiver, RecvTimeoutError};
use std::time::{Duration, Instant};

/// How to start one engine and what to tell it before the games.
#[derive(Clone, Debug, PartialEq)]
pub struct EngineCommand {
    pub cmd: String,
    pub args: Vec<String>,
    pub dir: Option<PathBuf>,
    /// `setoption` pairs, sent in order after the variant has been selected.
    pub options: Vec<(String, String)>,
}

/// Why an engine could not go on.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum EngineFault {
    /// The process exited or closed its output.
    Crashed(String),
    /// No answer within the time allowed.
    Hung(String),
}

impl std::fmt::Display for EngineFault {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            EngineFault::Crashed(s) => write!(f, "crashed ({s})"),
            EngineFault::Hung(s) => write!(f, "stopped answering ({s})"),
        }
    }
}

/// The last `info ... score` before `bestmove`: centipawns from the engine's side, mates
/// mapped beyond every centipawn score.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Score {
    Cp(i32),
    Mate(i32),
}

impl Score {
    /// Centipawns for adjudication; a mate counts as a very large score.
    pub fn centipawns(self) -> i32 {
        match self {
            Score::Cp(c) => c,
            Score::Mate(m) if m > 0 => 100_000 - m,
            Score::Mate(m) => -100_000 - m,
        }
    }

    /// As cutechess writes it in PGN comments: `+0.35`, `-M3`.
    pub fn pgn(self) -> String {
        match self {
            Score::Cp(c) => format!(
                "{}{:.2}",
                if c >= 0 { "+" } else { "-" },
                c.abs() as f64 / 100.0
            ),
            Score::Mate(m) if m > 0 => format!("+M{m}"),
            Score::Mate(m) => format!("-M{}", -m),
        }
    }
}

/// What one `go` returned.
#[derive(Clone, Debug, PartialEq)]
pub struct Reply {
    pub bestmove: String,
    pub score: Option<Score>,
    pub depth: Option<u32>,
    pub elapsed: Duration,
}

pub struct EngineProcess {
    child: Child,
    stdin: ChildStdin,
    lines: Receiver<(Instant, String)>,
    /// Option names the engine declared after `uci`, lower-cased.
    declared: Vec<String>,
    /// The error lines the engine answered its start-up settings with (the variant and the
    /// options), as it wrote them.
    pub refusals: Vec<String>,
    pub id_name: Option<String>,
}

/// The least time allowed for the start-up handshake.
const STARTUP: Duration = Duration::from_secs(10);

/// How long a polite `quit` may take before the process is killed.
const QUIT_GRACE: Duration = Duration::from_millis(300);

impl EngineProcess {
    /// Starts the process, runs the `uci` handshake, selects the variant, sends the options
    /// and waits for `readyok`. Every wait is bounded by `timeout`.
    pub fn start(
        spec: &EngineCommand,
        variant: &str,
        variant_options: &[(String, String)],
        timeout: Duration,
    ) -> Result<EngineProcess, String> {
        let mut cmd = Command::new(&spec.cmd);
        cmd.args(&spec.args)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::null());
        if let Some(d) = &spec.dir {
            cmd.current_dir(d);
        }
        let mut child = cmd
            .spawn()
            .map_err(|e| format!("cannot start '{}': {e}", spec.cmd))?;
        let stdin = child.stdin.take().expect("stdin is piped");
        let stdout = child.stdout.take().expect("stdout is piped");
        let (tx, rx) = mpsc::channel();
        std::thread::spawn(move || {
            for line in BufReader::new(stdout).lines() {
                let Ok(line) = line else { break };
                if tx.send((Instant::now(), line)).is_err() {
                    break;
                }
            }
        });
        let mut e = EngineProcess {
            child,
            stdin,
            lines: rx,
            declared: Vec::new(),
            refusals: Vec::new(),
            id_name: None,
        };
        // Loading a program can take longer than a move may: wait at least STARTUP for it.
        e.handshake(
            variant,
            variant_options,
            &spec.options,
            timeout.max(STARTUP),
        )
        .map_err(|f| format!("'{}' {f} during start-up", spec.cmd))?;
        Ok(e)
    }

    fn handshake(
        &mut self,
        variant: &str,
        variant_options: &[(String, String)],
        options: &[(String, String)],
        timeout: Duration,
    ) -> Result<(), EngineFault> {
        self.send("uci")?;
        let deadline = Instant::now() + timeout;
        loop {
            let (_, line) = self.next_line(deadline, "uciok")?;
            let line = line.trim();
            if line == "uciok" {
                break;
            }
            if let Some(rest) = line.strip_prefix("id name ") {
                self.id_name = Some(rest.trim().to_string());
            } else if let Some(rest) = line.strip_prefix("option name ") {
                let name = rest.split(" type ").next().unwrap_or(rest).trim();
                self.declared.push(name.to_ascii_lowercase());
            }
        }
        // An engine that plays only chess need not know `UCI_Variant`.
        if !variant.eq_ignore_ascii_case("chess") || self.declares("UCI_Variant") {
            self.send(&format!("setoption name UCI_Variant value {variant}"))?;
        }
        // Games run side by side, so each process thinks on one thread unless told otherwise.
        let threads_given = options
            .iter()
            .any(|(k, _)| k.eq_ignore_ascii_case("Threads"));
        if self.declares("Threads") && !threads_given {
            self.send("setoption name Threads value 1")?;
        }
        for (k, v) in variant_options.iter().chain(options) {
            self.send(&format!("setoption name {k} value {v}"))?;
        }
        // An engine answers a setting it refuses with an error line and plays on with its
        // default: what it said before `readyok` is kept for the match to refuse it.
        self.send("isready")?;
        let deadline = Instant::now() + timeout;
        loop {
            let (_, line) = self.next_line(deadline, "readyok")?;
            let line = line.trim();
            if line == "readyok" {
                return Ok(());
            }
            if is_refusal(line) {
                self.refusals.push(line.to_string());
            }
        }
    }

    pub fn declares(&self, option: &str) -> bool {
        self.declared.contains(&option.to_ascii_lowercase())
    }

    /// The first of `options` the engine did not declare in its `uci` answer, where it
    /// declared any (an engine that lists none is taken at its word).
    pub fn undeclared<'a>(&self, options: &'a [(String, String)]) -> Option<&'a str> {
        if self.declared.is_empty() {
            return None;
        }
        options
            .iter()
            .map(|(k, _)| k.as_str())
            .find(|k| !self.declares(k))
    }

    pub fn send(&mut self, line: &str) -> Result<(), EngineFault> {
        writeln!(self.stdin, "{line}")
            .and_then(|_| self.stdin.flush())
            .map_err(|e| EngineFault::Crashed(format!("writing '{line}': {e}")))
    }

    fn next_line(
        &self,
        deadline: Instant,
        waiting_for: &str,
    ) -> Result<(Instant, String), EngineFault> {
        let left = deadline.saturating_duration_since(Instant::now());
        match self.lines.recv_timeout(left) {
            Ok(x) => Ok(x),
            Err(RecvTimeoutError::Timeout) => Err(EngineFault::Hung(format!("no {waiting_for}"))),
            Err(RecvTimeoutError::Disconnected) => Err(EngineFault::Crashed(format!(
                "output closed while waiting for {waiting_for}"
            ))),
        }
    }

    /// `isready` and wait for `readyok`.
    pub fn sync(&mut self, timeout: Duration) -> Result<(), EngineFault> {
        self.send("isready")?;
        let deadline = Instant::now() + timeout;
        loop {
            if self.next_line(deadline, "readyok")?.1.trim() == "readyok" {
                return Ok(());
            }
        }
    }

    pub fn new_game(&mut self, timeout: Duration) -> Result<(), EngineFault> {
        // Lines left over from an earlier game (a late `bestmove` after `stop`) are dropped.
        while self.lines.try_recv().is_ok() {}
        self.send("ucinewgame")?;
        self.sync(timeout)
    }

    /// Sends the position and the `go` line, and waits for `bestmove` until `deadline`
    /// (measured from the moment `go` was written).
    pub fn go(&mut self, position: &str, go: &str, limit: Duration) -> Result<Reply, EngineFault> {
        self.send(position)?;
        let start = Instant::now();
        self.send(go)?;
        let deadline = start + limit;
        let mut score = None;
        let mut depth = None;
        loop {
            let (at, line) = self.next_line(deadline, "bestmove")?;
            let mut words = line.split_whitespace();
            match words.next() {
                Some("info") => parse_info(&line, &mut score, &mut depth),
                Some("bestmove") => {
                    let bestmove = words.next().unwrap_or("").to_string();
                    return Ok(Reply {
                        bestmove,
                        score,
                        depth,
                        elapsed: at.saturating_duration_since(start),
                    });
                }
                _ => {}
            }
        }
    }

    /// After a lost clock: asks the engine to stop and waits briefly for its `bestmove`, so
    /// that a slow but healthy engine can play the next game. `false` if it did not answer.
    pub fn stop_and_drain(&mut self, grace: Duration) -> bool {
        if self.send("stop").is_err() {
            return false;
        }
        let deadline = Instant::now() + grace;
        while let Ok((_, line)) = self.next_line(deadline, "bestmove") {
            if line.starts_with("bestmove") {
                return true;
            }
        }
        false
    }
}

/// An engine's answer that it refused a command: Tessera's `info string error: ...`, the same
/// from other engines in any case, and Stockfish's `No such option: X`.
fn is_refusal(line: &str) -> bool {
    let words: Vec<String> = line
        .split_whitespace()
        .take(3)
        .map(str::to_ascii_lowercase)
        .collect();
    let words: Vec<&str> = words.iter().map(String::as_str).collect();
    matches!(
        words[..],
        ["info", "string", "error:" | "error"] | ["no", "such", "option:"]
    )
}

/// Reads `score cp|mate N` and `depth N` from an `info` line of the first (or only) PV.
fn parse_info(line: &str, score: &mut Option<Score>, depth: &mut Option<u32>) {
    let w: Vec<&str> = line.split_whitespace().collect();
    let value_after = |key: &str| w.iter().position(|x| *x == key).and_then(|i| w.get(i + 1));
    if let Some(pv) = value_after("multipv") {
        if *pv != "1" {
            return;
        }
    }
    if let Some(i) = w.iter().position(|x| *x == "score") {
        match (
            w.get(i + 1),
            w.get(i + 2).and_then(|v| v.parse::<i32>().ok()),
        ) {
            (Some(&"cp"), Some(v)) => *score = Some(Score::Cp(v)),
            (Some(&"mate"), Some(v)) => *score = Some(Score::Mate(v)),
            _ => {}
        }
    }
    if let Some(d) = value_after("depth").and_then(|d| d.parse().ok()) {
        *depth = Some(d);
    }
}

impl Drop for EngineProcess {
    fn drop(&mut self) {
        let _ = self.send("quit");
        let end = Instant::now() + QUIT_GRACE;
        while Instant::now() < end {
            if let Ok(Some(_)) = self.child.try_wait() {
                return;
            }
            std::thread::sleep(Duration::from_millis(10));
        }
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn refusals() {
        for yes in [
            "info string error: option MCTS Leaf takes one of auto, eval, not 'x'",
            "info string ERROR unknown option",
            "No such option: Hsh",
        ] {
            assert!(is_refusal(yes), "{yes}");
        }
        for no in [
            "info string errors are counted",
            "info string NNUE evaluation using nn.nnue",
            "info depth 1 score cp 0",
            "readyok",
            "",
        ] {
            assert!(!is_refusal(no), "{no}");
        }
    }

    #[test]
    fn info_lines() {
        let (mut s, mut d) = (None, None);
        parse_info(
            "info depth 7 seldepth 9 score cp -35 nodes 100 pv e2e4",
            &mut s,
            &mut d,
        );
        assert_eq!((s, d), (Some(Score::Cp(-35)), Some(7)));
        parse_info("info depth 8 multipv 2 score cp 99", &mut s, &mut d);
        assert_eq!((s, d), (Some(Score::Cp(-35)), Some(7)));
        parse_info("info depth 9 score mate -3 lowerbound", &mut s, &mut d);
        assert_eq!((s, d), (Some(Score::Mate(-3)), Some(9)));
        parse_info("info string score cp banana", &mut s, &mut d);
        assert_eq!(s, Some(Score::Mate(-3)));
        assert_eq!(Score::Mate(-3).pgn(), "-M3");
        assert_eq!(Score::Cp(-5).pgn(), "-0.05");
        assert_eq!(Score::Cp(135).pgn(), "+1.35");
        assert!(Score::Mate(5).centipawns() > Score::Mate(6).centipawns());
        assert!(Score::Mate(-5).centipawns() < Score::Cp(-20_000).centipawns());
    }
}
