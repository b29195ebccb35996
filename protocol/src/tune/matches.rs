//! Matches for tuning are played by `tessera match`, as a child process on this machine or
//! through the cluster runner; the tuner reads the referee's plain-text report.

use std::io::{BufRead, BufReader};
use std::path::PathBuf;
use std::process::{Command, Stdio};

use super::cluster::Cluster;

/// Two engines' result from the first one's side, as `tessera match` reports it.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct MatchResult {
    pub wins: u32,
    pub losses: u32,
    pub draws: u32,
    /// Game pairs by the first engine's points (0, 1/2, 1, 3/2, 2), when an SPRT ran.
    pub pairs: Option<[u32; 5]>,
    pub llr: Option<f64>,
    /// `Some(true)`: H1 accepted; `Some(false)`: H0 accepted; `None`: undecided or no SPRT.
    pub h1: Option<bool>,
    /// The report's closing lines (score, Elo, SPRT).
    pub summary: Vec<String>,
}

impl MatchResult {
    pub fn games(&self) -> u32 {
        self.wins + self.losses + self.draws
    }
}

/// Reads `Score of A vs B: W - L - D [..] N` (the first engine's wins, losses, draws).
fn parse_score(line: &str) -> Option<(u32, u32, u32)> {
    let rest = line.strip_prefix("Score of ")?;
    let (_, counts) = rest.split_once(": ")?;
    let mut it = counts.split_whitespace();
    let w = it.next()?.parse().ok()?;
    it.next().filter(|t| *t == "-")?;
    let l = it.next()?.parse().ok()?;
    it.next().filter(|t| *t == "-")?;
    let d = it.next()?.parse().ok()?;
    Some((w, l, d))
}

/// Reads `SPRT: llr X (..), ..., pairs a b c d e[ - H1 was accepted]`.
fn parse_sprt(line: &str) -> Option<(f64, [u32; 5], Option<bool>)> {
    let rest = line.strip_prefix("SPRT: llr ")?;
    let llr = rest.split_whitespace().next()?.parse().ok()?;
    let (_, after) = rest.split_once("pairs ")?;
    let mut it = after.split_whitespace();
    let mut pairs = [0u32; 5];
    for p in &mut pairs {
        *p = it.next()?.parse().ok()?;
    }
    let verdict = if line.ends_with("H1 was accepted") {
        Some(true)
    } else if line.ends_with("H0 was accepted") {
        Some(false)
    } else {
        None
    };
    Some((llr, pairs, verdict))
}

/// Reads the report of a two-engine match; `on_game` sees the running score after each game.
pub fn read_report(
    out: impl BufRead,
    on_game: &mut dyn FnMut(&MatchResult),
) -> Result<MatchResult, String> {
    let mut r = MatchResult::default();
    let mut closing = false;
    for line in out.lines() {
        let line = line.map_err(|e| format!("reading the match report: {e}"))?;
        if let Some((w, l, d)) = parse_score(&line) {
            r.wins = w;
            r.losses = l;
            r.draws = d;
            if line.contains("  Elo difference") {
                // A running score, printed after each game.
                on_game(&r);
            } else {
                // The closing report starts with a bare score line.
                closing = true;
                r.summary.clear();
            }
        }
        if let Some((llr, pairs, h1)) = parse_sprt(&line) {
            r.llr = Some(llr);
            r.pairs = Some(pairs);
            r.h1 = h1;
        }
        if closing {
            r.summary.push(line);
        }
    }
    if !closing {
        return Err("the match printed no final score".into());
    }
    Ok(r)
}

/// Plays `tessera match <args>` with this program, here or on a cluster.
pub fn play(
    args: &[String],
    cluster: Option<&Cluster>,
    on_game: &mut dyn FnMut(&MatchResult),
) -> Result<MatchResult, String> {
    let exe = current_exe()?;
    // The cluster runner's directory stays until the match is over.
    let (mut cmd, _runner) = match cluster {
        Some(c) => {
            let (cmd, dir) = c.command(&exe, args)?;
            (cmd, Some(dir))
        }
        None => {
            let mut c = Command::new(&exe);
            c.arg("match").args(args);
            (c, None)
        }
    };
    let mut child = cmd
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .map_err(|e| format!("cannot start the match: {e}"))?;
    let stderr = child.stderr.take().expect("piped stderr");
    let err_reader = std::thread::spawn(move || {
        let mut s = String::new();
        for l in BufReader::new(stderr).lines().map_while(Result::ok) {
            s.push_str(&l);
            s.push('\n');
        }
        s
    });
    let stdout = child.stdout.take().expect("piped stdout");
    let report = read_report(BufReader::new(stdout), on_game);
    let status = child.wait().map_err(|e| e.to_string())?;
    let err = err_reader.join().unwrap_or_default();
    if !status.success() {
        return Err(format!("the match failed: {}", err.trim()));
    }
    report.map_err(|e| format!("{e}: {}", err.trim()))
}

/// This program, which plays both sides of every tuning match.
pub fn current_exe() -> Result<PathBuf, String> {
    std::env::current_exe().map_err(|e| format!("cannot find this program: {e}"))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_the_plain_report() {
        let text = "Finished game 1 (new vs old): 1-0 {white wins by checkmate}\n\
            Score of new vs old: 1 - 0 - 0 [1.000] 1  Elo difference: +inf +/- inf\n\
            Finished game 2 (old vs new): 1/2-1/2 {draw}\n\
            Score of new vs old: 1 - 0 - 1 [0.750] 2  Elo difference: +190.8 +/- inf\n\
            Score of new vs old: 1 - 0 - 1 [0.750] 2\n\
            Elo difference: +190.8 +/- inf (95% interval -inf .. +inf)\n\
            SPRT: llr 0.000 (0.0%), lbound -2.944, ubound 2.944 [elo0 0, elo1 5], pairs 0 0 0 1 0\n\
            Faults of new: 0\nFinished match: 2 games\n";
        let mut seen = Vec::new();
        let r = read_report(text.as_bytes(), &mut |m| seen.push(m.games())).unwrap();
        assert_eq!(seen, [1, 2]);
        assert_eq!((r.wins, r.losses, r.draws), (1, 0, 1));
        assert_eq!(r.pairs, Some([0, 0, 0, 1, 0]));
        assert_eq!(r.h1, None);
        assert_eq!(r.summary.len(), 5);
        let (_, _, v) =
            parse_sprt("SPRT: llr 3.1 (105.3%), x, pairs 1 2 3 4 5 - H1 was accepted").unwrap();
        assert_eq!(v, Some(true));
        assert!(read_report("nothing\n".as_bytes(), &mut |_| {}).is_err());
    }
}
