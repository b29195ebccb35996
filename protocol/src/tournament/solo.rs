//! One-player variants (solitaires): each engine plays the same seeded deals alone; the
//! referee holds each deal's truth, gives the engine its view, and reports each engine's
//! score per deal and its mean with a 95% interval.

use std::collections::VecDeque;
use std::fs::OpenOptions;
use std::io::Write;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{mpsc, Mutex};

use tessera::core::game::Player;
use tessera::faces::session::AnyGame;

use super::args::Plan;
use super::deal_seed;
use super::display::Reporter;
use super::pgn;
use super::referee::{self, EngineSlot, GameRecord, GameSetup, Start};

/// 97.5% quantile of the standard normal distribution.
const Z95: f64 = 1.959_963_984_540_054;

/// Scores of one engine.
#[derive(Clone, Debug, Default)]
pub struct Scores {
    pub name: String,
    pub scores: Vec<f64>,
    pub wins: u32,
    pub faults: u32,
}

impl Scores {
    pub fn mean(&self) -> Option<f64> {
        (!self.scores.is_empty())
            .then(|| self.scores.iter().sum::<f64>() / self.scores.len() as f64)
    }

    /// Sample standard deviation.
    pub fn sd(&self) -> Option<f64> {
        let n = self.scores.len();
        let m = self.mean()?;
        (n > 1).then(|| {
            (self.scores.iter().map(|s| (s - m).powi(2)).sum::<f64>() / (n - 1) as f64).sqrt()
        })
    }

    /// Half-width of the 95% interval of the mean (normal approximation).
    pub fn half_width(&self) -> Option<f64> {
        Some(Z95 * self.sd()? / (self.scores.len() as f64).sqrt())
    }

    pub fn line(&self) -> String {
        let n = self.scores.len();
        let Some(m) = self.mean() else {
            return format!("{}: no deal finished", self.name);
        };
        let min = self.scores.iter().copied().fold(f64::INFINITY, f64::min);
        let max = self
            .scores
            .iter()
            .copied()
            .fold(f64::NEG_INFINITY, f64::max);
        match (self.half_width(), self.sd()) {
            (Some(h), Some(sd)) => format!(
                "Score of {} over {n} deals: mean {m:.3} +/- {h:.3} (95% interval {:.3} .. {:.3}), \
                 sd {sd:.3}, min {min}, max {max}, won {} ({:.1}%), faults {}",
                self.name,
                m - h,
                m + h,
                self.wins,
                100.0 * self.wins as f64 / n as f64,
                self.faults
            ),
            _ => format!(
                "Score of {} over {n} deals: mean {m:.3}, won {}, faults {}",
                self.name, self.wins, self.faults
            ),
        }
    }
}

/// A game's score: the game's own where it keeps one, else 1 for a win, 0 otherwise.
fn score_of(r: &GameRecord) -> f64 {
    r.score
        .unwrap_or(if r.result.winner == Some(Player::White) {
            1.0
        } else {
            0.0
        })
}

/// Plays every engine over `plan.games` deals and returns the report.
pub fn play(plan: &Plan, proto: &dyn AnyGame, tty: bool) -> Result<String, String> {
    let mut pgn_file = match &plan.pgn {
        Some(p) => Some(
            OpenOptions::new()
                .create(true)
                .append(true)
                .open(p)
                .map_err(|e| format!("cannot open {}: {e}", p.display()))?,
        ),
        None => None,
    };
    let setup = GameSetup {
        proto,
        variant: &plan.variant,
        variant_options: &plan.variant_options,
        margin_ms: plan.margin_ms,
        timeout: plan.timeout,
        adjudication: &plan.adjudication,
    };
    let tags = pgn::MatchTags {
        event: &plan.event,
        variant: &plan.variant,
        time_control: plan.engines[0].limits.tc.map(|t| t.pgn_tag()),
    };
    let date = pgn::today();
    // Deal by deal, every engine: the engines' scores compare on the same deals early on.
    let jobs: Vec<(usize, usize)> = (0..plan.games as usize)
        .flat_map(|k| (0..plan.engines.len()).map(move |e| (e, k)))
        .collect();
    let total = jobs.len();
    let queue = Mutex::new(jobs.into_iter().collect::<VecDeque<_>>());
    let stop = AtomicBool::new(false);
    let (tx, rx) = mpsc::channel::<(usize, usize, Result<Option<GameRecord>, String>)>();
    let mut scores: Vec<Scores> = plan
        .engines
        .iter()
        .map(|e| Scores {
            name: e.name.clone(),
            ..Scores::default()
        })
        .collect();
    let mut reporter = Reporter::new(tty, total);
    let mut failure = None;
    let mut done = 0;
    std::thread::scope(|s| {
        for _ in 0..plan.concurrency.min(total) {
            let tx = tx.clone();
            let (queue, stop, setup) = (&queue, &stop, &setup);
            s.spawn(move || {
                let mut slots: Vec<Option<EngineSlot>> =
                    plan.engines.iter().map(|_| None).collect();
                loop {
                    if stop.load(Ordering::Relaxed) {
                        break;
                    }
                    let Some((e, k)) = queue.lock().expect("queue lock").pop_front() else {
                        break;
                    };
                    let slot =
                        slots[e].get_or_insert_with(|| EngineSlot::new(plan.engines[e].clone()));
                    let start = Start::Deal(deal_seed(plan.seed, k));
                    let r = referee::play_game(setup, start, slot, None, stop);
                    if tx.send((e, k, r)).is_err() {
                        break;
                    }
                }
            });
        }
        drop(tx);
        for (e, k, r) in rx {
            let record = match r {
                Ok(Some(r)) => r,
                Ok(None) => continue,
                Err(err) => {
                    failure.get_or_insert(err);
                    stop.store(true, Ordering::SeqCst);
                    continue;
                }
            };
            done += 1;
            for n in &record.notes {
                reporter.line(&format!("Note: {n}"));
            }
            let sc = &mut scores[e];
            let value = score_of(&record);
            sc.scores.push(value);
            if record.result.winner == Some(Player::White) {
                sc.wins += 1;
            }
            if record.result.termination.is_fault() {
                sc.faults += 1;
            }
            if let Some(file) = &mut pgn_file {
                let text = pgn::write_game(&record, k as u32 + 1, &tags, &date);
                if let Err(err) = file.write_all(text.as_bytes()) {
                    failure.get_or_insert(format!("cannot write the PGN file: {err}"));
                    stop.store(true, Ordering::SeqCst);
                }
            }
            if tty {
                let m = sc.mean().unwrap_or(0.0);
                reporter.progress(done, &format!("{} mean {m:.3}", sc.name));
            } else {
                reporter.line(&format!(
                    "Finished deal {} ({}): score {value} {{{}}}",
                    k + 1,
                    record.white,
                    record.result.reason
                ));
            }
        }
    });
    reporter.clear();
    if let Some(e) = failure {
        return Err(e);
    }
    let mut out = String::new();
    for s in &scores {
        out.push_str(&s.line());
        out.push('\n');
    }
    out.push_str(&format!("Finished match: {done} deals\n"));
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn mean_and_interval() {
        let s = Scores {
            name: "x".into(),
            scores: vec![1.0, 2.0, 3.0, 4.0],
            wins: 1,
            faults: 0,
        };
        assert_eq!(s.mean(), Some(2.5));
        let sd = s.sd().unwrap();
        assert!((sd - 1.290_994).abs() < 1e-5);
        assert!((s.half_width().unwrap() - Z95 * sd / 2.0).abs() < 1e-12);
        assert!(s.line().contains("mean 2.500"), "{}", s.line());
    }
}
