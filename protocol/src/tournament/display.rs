//! What the match prints: a progress bar on a terminal, plain lines otherwise, and the
//! final standings.

use indicatif::ProgressBar;

use super::stats::{EloEstimate, Pentanomial, Sprt, SprtDecision, Tally};
use crate::print::outln;
use crate::progress;

/// Standings of one engine.
#[derive(Clone, Debug, Default)]
pub struct Standing {
    pub name: String,
    pub tally: Tally,
    /// Games lost by an illegal move, a crash, a hang or a lost clock.
    pub faults: u32,
}

pub fn fmt_elo(e: f64) -> String {
    if e.is_infinite() {
        if e > 0.0 { "+inf" } else { "-inf" }.to_string()
    } else if e.abs() < 0.05 {
        // Not "-0.0".
        "+0.0".into()
    } else {
        format!("{e:+.1}")
    }
}

pub fn fmt_margin(e: &EloEstimate) -> String {
    let m = e.margin();
    if m.is_finite() {
        format!("{m:.1}")
    } else {
        "n/a".into()
    }
}

/// The 95% interval as far as it is known: both ends (infinite while the results leave one
/// open), the one finite bound when every game went one way, or `n/a` when every game was
/// drawn.
fn fmt_interval(t: &Tally, e: &EloEstimate) -> String {
    let n = t.games();
    if t.wins == n {
        format!("95% lower bound {}, every game won", fmt_elo(e.lower))
    } else if t.losses == n {
        format!("95% upper bound {}, every game lost", fmt_elo(e.upper))
    } else if t.draws == n {
        "95% interval n/a, every game drawn".to_string()
    } else {
        format!("95% interval {} .. {}", fmt_elo(e.lower), fmt_elo(e.upper))
    }
}

/// `Score of A vs B: W - L - D [0.583] 12`, as cutechess prints it.
pub fn score_line(a: &str, b: &str, t: &Tally) -> String {
    format!(
        "Score of {a} vs {b}: {} - {} - {} [{:.3}] {}",
        t.wins,
        t.losses,
        t.draws,
        t.score().unwrap_or(0.5),
        t.games()
    )
}

pub fn elo_line(t: &Tally) -> Option<String> {
    let e = t.elo()?;
    let los = t
        .los()
        .map(|l| format!(", LOS: {:.1} %", 100.0 * l))
        .unwrap_or_default();
    // No `+/-` when every game went one way: the estimate itself is infinite.
    let one_way = t.wins == t.games() || t.losses == t.games();
    let margin = if one_way {
        String::new()
    } else {
        format!(" +/- {}", fmt_margin(&e))
    };
    Some(format!(
        "Elo difference: {}{margin} ({}){los}",
        fmt_elo(e.elo),
        fmt_interval(t, &e)
    ))
}

pub fn sprt_line(s: &Sprt, p: &Pentanomial) -> String {
    let verdict = match s.decision_pairs(p) {
        SprtDecision::AcceptH1 => " - H1 was accepted",
        SprtDecision::AcceptH0 => " - H0 was accepted",
        SprtDecision::Continue => "",
    };
    let llr = s.llr_pairs(p);
    let [a, b, c, d, e] = p.0;
    format!(
        "SPRT: llr {llr:.3} ({:.1}%), lbound {:.3}, ubound {:.3} [elo0 {}, elo1 {}], \
         pairs {a} {b} {c} {d} {e}{verdict}",
        100.0 * llr / s.upper_bound(),
        s.lower_bound(),
        s.upper_bound(),
        s.elo0,
        s.elo1
    )
}

/// The final table, best first: rank, name, Elo against the field, points, games, score, W/D/L,
/// faults.
pub fn table(standings: &[Standing]) -> String {
    let mut rows: Vec<&Standing> = standings.iter().collect();
    rows.sort_by(|a, b| b.tally.points().total_cmp(&a.tally.points()));
    let width = rows.iter().map(|s| s.name.len()).max().unwrap_or(4).max(4);
    let mut out = format!(
        "{:>4} {:<width$} {:>8} {:>7} {:>8} {:>6} {:>7} {:>5} {:>5} {:>5} {:>6}\n",
        "Rank", "Name", "Elo", "+/-", "Points", "Games", "Score", "W", "D", "L", "Faults"
    );
    for (i, s) in rows.iter().enumerate() {
        let (elo, margin) = match s.tally.elo() {
            Some(e) => (fmt_elo(e.elo), fmt_margin(&e)),
            None => ("-".into(), "-".into()),
        };
        out.push_str(&format!(
            "{:>4} {:<width$} {:>8} {:>7} {:>8.1} {:>6} {:>6.1}% {:>5} {:>5} {:>5} {:>6}\n",
            i + 1,
            s.name,
            elo,
            margin,
            s.tally.points(),
            s.tally.games(),
            100.0 * s.tally.score().unwrap_or(0.0),
            s.tally.wins,
            s.tally.draws,
            s.tally.losses,
            s.faults
        ));
    }
    out
}

/// The two-engine score for the progress line, short enough for one terminal line:
/// `+5 -3 =4 58.3% Elo +58.5 ±151.2`.
pub fn compact_score(t: &Tally) -> String {
    let mut s = format!(
        "+{} -{} ={} {:.1}%",
        t.wins,
        t.losses,
        t.draws,
        100.0 * t.score().unwrap_or(0.5)
    );
    if let Some(e) = t.elo() {
        if t.wins == t.games() {
            s.push_str(&format!(" Elo ≥ {}", fmt_elo(e.lower)));
        } else if t.losses == t.games() {
            s.push_str(&format!(" Elo ≤ {}", fmt_elo(e.upper)));
        } else {
            s.push_str(&format!(" Elo {} ±{}", fmt_elo(e.elo), fmt_margin(&e)));
        }
    }
    s
}

/// Where the running report goes: a progress bar on a terminal (lines that stay in the log
/// are printed above it), or plain lines on stdout otherwise.
pub struct Reporter {
    pub tty: bool,
    bar: ProgressBar,
}

impl Reporter {
    pub fn new(tty: bool, games: usize) -> Reporter {
        let bar = if tty {
            progress::bar(games as u64)
        } else {
            ProgressBar::hidden()
        };
        Reporter { tty, bar }
    }

    /// A line that stays in the log (a game's result without a terminal, a restart).
    pub fn line(&mut self, s: &str) {
        if self.tty {
            self.bar.suspend(|| eprintln!("{s}"));
        } else {
            outln!("{s}");
        }
    }

    /// Games done so far and the score.
    pub fn progress(&mut self, done: usize, summary: &str) {
        self.bar.set_position(done as u64);
        self.bar.set_message(summary.to_string());
    }

    pub fn clear(&mut self) {
        self.bar.finish_and_clear();
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lines_and_table() {
        let t = Tally {
            wins: 5,
            draws: 4,
            losses: 3,
        };
        assert_eq!(
            score_line("A", "B", &t),
            "Score of A vs B: 5 - 3 - 4 [0.583] 12"
        );
        assert!(elo_line(&t)
            .unwrap()
            .starts_with("Elo difference: +58.5 +/- "));
        let st = vec![
            Standing {
                name: "low".into(),
                tally: Tally {
                    wins: 3,
                    draws: 4,
                    losses: 5,
                },
                faults: 1,
            },
            Standing {
                name: "high".into(),
                tally: t,
                faults: 0,
            },
        ];
        let tab = table(&st);
        let lines: Vec<&str> = tab.lines().collect();
        assert!(
            lines[1].contains("high") && lines[2].contains("low"),
            "{tab}"
        );
        assert!(lines[2].trim_end().ends_with('1'));
        assert_eq!(fmt_elo(f64::INFINITY), "+inf");
        let perfect = Tally {
            wins: 5,
            draws: 0,
            losses: 0,
        };
        let line = elo_line(&perfect).unwrap();
        assert!(!line.contains("+inf .."), "{line}");
        assert!(
            line.starts_with("Elo difference: +inf (95% lower bound -15.2, every game won)"),
            "{line}"
        );
        let drawn = Tally {
            wins: 0,
            draws: 3,
            losses: 0,
        };
        assert!(elo_line(&drawn).unwrap().contains("95% interval n/a"));
        assert!(
            compact_score(&perfect).ends_with("Elo ≥ -15.2"),
            "{}",
            compact_score(&perfect)
        );
        let open = Tally {
            wins: 1,
            draws: 0,
            losses: 2,
        };
        assert!(
            elo_line(&open)
                .unwrap()
                .contains("+/- n/a (95% interval -inf .. +"),
            "{}",
            elo_line(&open).unwrap()
        );
        assert_eq!(fmt_elo(-0.0), "+0.0");
        assert_eq!(fmt_elo(-12.345), "-12.3");
    }
}
