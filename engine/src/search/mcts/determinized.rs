//! Determinized alpha-beta (perfect-information Monte Carlo): sample truths (from a view:
//! consistent with it; from a full state: the state itself), fix each one's future chance
//! with `FixedChance`, search each with the alpha-beta searcher (`search::think`), and play
//! the turn most of them chose (ties: the best summed score).
//!
//! Its known weaknesses are what information-set search addresses: it searches every sample
//! as if the hidden part were known to both sides (strategy fusion), and it never chooses an
//! action for the information it gathers.

use super::fixed::FixedChance;
use super::model::Model;
use crate::game::{Chance, Game};
use crate::search::time::TimeBudget;
use crate::search::tt::TranspositionTable;
use crate::search::types::{Limits, Score, SearchConfig, SearchControl, SearchInfo, SearchOutput};
use std::sync::atomic::{AtomicBool, Ordering};

/// One sample's answer.
struct Vote {
    turn: Vec<String>,
    score: i32,
    /// The depth its search completed.
    depth: u32,
}

pub fn search<M>(
    model: &M,
    limits: &Limits,
    cfg: &SearchConfig,
    ctl: &SearchControl,
    tt: &TranspositionTable,
    report: &mut dyn FnMut(&SearchInfo),
) -> SearchOutput
where
    M: Model,
    M::G: Chance,
{
    let mut rng = super::baselines::rng_for(model, cfg);
    let k = cfg.determinizations.max(1) as usize;
    let worlds: Vec<FixedChance<M::G>> = (0..k)
        .map(|i| {
            let s = model.world(&mut rng).state;
            FixedChance::new(s, (i as u64 + 1).wrapping_mul(0xA24B_AED4_963E_E407))
        })
        .collect();
    // The move overhead is taken once, from the whole budget, not from every sample's share.
    let inner = SearchConfig {
        threads: cfg.threads,
        multipv: 1,
        move_overhead: 0,
        ..cfg.clone()
    };
    let budget = TimeBudget::new(limits, cfg, model.player());
    let timed = budget.soft_ms.is_some();
    let mut votes: Vec<Vote> = Vec::new();
    let mut nodes = 0u64;
    if limits.depth.is_some() || limits.nodes.is_some() || timed {
        // One search per sample, the limits shared out.
        for (i, w) in worlds.iter().enumerate() {
            if ctl.stopped() {
                break;
            }
            let mut l = Limits {
                depth: limits.depth,
                nodes: limits.nodes.map(|n| (n / k as u64).max(1)),
                searchmoves: limits.searchmoves.clone(),
                ..Limits::default()
            };
            if timed {
                let spent = TimeBudget::elapsed_ms(ctl, limits.ponder).unwrap_or(0);
                let total = budget
                    .soft_ms
                    .map(|s| (s * 3 / 2).min(budget.hard_ms.unwrap_or(u64::MAX)))
                    .unwrap_or(0);
                l.movetime = Some(sample_share(spent, total, i, k));
            }
            // A sample's search keeps its own clock (its time management reads the time
            // since its start); `stop` reaches it through the watcher, which is woken as soon
            // as the sample ends so that no time is lost waiting for it.
            let own = SearchControl::new(false);
            let sample_ctl = if timed { &own } else { ctl };
            let done = AtomicBool::new(false);
            let vote = std::thread::scope(|s| {
                let watcher = timed.then(|| {
                    s.spawn(|| {
                        while !done.load(Ordering::Acquire) {
                            if ctl.stopped() {
                                own.stop();
                                break;
                            }
                            std::thread::park_timeout(std::time::Duration::from_millis(1));
                        }
                    })
                });
                let vote = one(model, w, &l, &inner, sample_ctl, tt, &mut nodes);
                done.store(true, Ordering::Release);
                if let Some(h) = watcher {
                    h.thread().unpark();
                }
                vote
            });
            if let Some(v) = vote {
                votes.push(v);
            }
        }
    } else {
        // No limit: deepen every sample by one ply at a time until `stop`.
        for depth in 1..=64 {
            let mut round = Vec::new();
            for w in &worlds {
                if ctl.stopped() {
                    break;
                }
                if let Some(v) = one(model, w, &Limits::depth(depth), &inner, ctl, tt, &mut nodes) {
                    round.push(v);
                }
            }
            if ctl.stopped() && !votes.is_empty() {
                break;
            }
            votes = round;
            if let Some(best) = tally(&votes) {
                report(&info(depth, &best, nodes, ctl));
            }
            if ctl.stopped() {
                break;
            }
        }
    }
    match tally(&votes) {
        Some(best) => {
            let out = SearchOutput {
                turn: best.turn.clone(),
                ponder: None,
                score: Score::Cp(best.score),
                nodes,
                depth: best.depth,
            };
            report(&info(out.depth, &best, nodes, ctl));
            out
        }
        None => SearchOutput {
            turn: Vec::new(),
            ponder: None,
            score: Score::Cp(0),
            nodes,
            depth: 0,
        },
    }
}

fn info(depth: u32, best: &Vote, nodes: u64, ctl: &SearchControl) -> SearchInfo {
    let ms = ctl.start.elapsed().as_millis() as u64;
    SearchInfo {
        depth,
        seldepth: depth,
        multipv: 1,
        score: Score::Cp(best.score),
        nodes,
        time_ms: ms,
        nps: nodes * 1000 / ms.max(1),
        hashfull: 0,
        pv: best.turn.clone(),
        note: None,
    }
}

/// The depth half the samples' searches reached (the first search of a move pays for what
/// the others then find ready, and can stop shallower).
fn median_depth(votes: &[Vote]) -> u32 {
    let mut d: Vec<u32> = votes.iter().map(|v| v.depth).collect();
    d.sort_unstable();
    d.get(d.len() / 2).copied().unwrap_or(1)
}

/// The milliseconds sample `i` of `k` may search: an equal share of the time left after
/// `spent`, so that samples that stop early leave their time to the others.
fn sample_share(spent: u64, total: u64, i: usize, k: usize) -> u64 {
    (total.saturating_sub(spent) / (k - i).max(1) as u64).max(1)
}

/// Alpha-beta on one sample; its turn cut where the player's turn pauses.
fn one<M>(
    model: &M,
    w: &FixedChance<M::G>,
    limits: &Limits,
    cfg: &SearchConfig,
    ctl: &SearchControl,
    tt: &TranspositionTable,
    nodes: &mut u64,
) -> Option<Vote>
where
    M: Model,
    M::G: Chance,
{
    tt.clear();
    let out = crate::search::think(w, limits, cfg, ctl, tt, &mut |_| {});
    *nodes += out.nodes;
    if out.turn.is_empty() {
        return None;
    }
    let me = model.player();
    let mut g = w.game.clone();
    let mut turn = Vec::new();
    for text in &out.turn {
        let a = g.parse_action(text).ok()?;
        let before = g.clone();
        turn.push(text.clone());
        g.play(a);
        if model.reveals(&before, a)
            || model.is_chance(&g)
            || g.to_move() != me
            || g.terminal().is_some()
            || g.players() == 1
        {
            break;
        }
    }
    let score = match out.score {
        Score::Cp(c) => c,
        Score::Mate(m) if m > 0 => 30_000 - m,
        Score::Mate(m) => -30_000 - m,
    };
    Some(Vote {
        turn,
        score,
        depth: out.depth,
    })
}

/// The turn most samples chose, with the mean score of those samples and the depth half of
/// all samples reached.
fn tally(votes: &[Vote]) -> Option<Vote> {
    let mut groups: Vec<(Vec<String>, usize, i64)> = Vec::new();
    for v in votes {
        match groups.iter_mut().find(|g| g.0 == v.turn) {
            Some(g) => {
                g.1 += 1;
                g.2 += v.score as i64;
            }
            None => groups.push((v.turn.clone(), 1, v.score as i64)),
        }
    }
    let best = groups
        .into_iter()
        .max_by(|a, b| a.1.cmp(&b.1).then(a.2.cmp(&b.2)))?;
    Some(Vote {
        score: (best.2 / best.1 as i64) as i32,
        turn: best.0,
        depth: median_depth(votes),
    })
}

#[cfg(test)]
mod tests {
    use super::sample_share;

    #[test]
    fn every_sample_gets_a_share_of_the_time_left() {
        // Samples that use their whole share split the total evenly.
        let mut spent = 0;
        for i in 0..4 {
            let share = sample_share(spent, 400, i, 4);
            assert_eq!(share, 100);
            spent += share;
        }
        // A sample that stops early leaves its time to the rest; the last one takes what is left.
        assert_eq!(sample_share(10, 400, 1, 4), 130);
        assert_eq!(sample_share(250, 400, 3, 4), 150);
        // Past the total, a sample still gets a millisecond.
        assert_eq!(sample_share(500, 400, 2, 4), 1);
    }
}
