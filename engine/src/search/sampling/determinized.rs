//! Determinized alpha-beta (perfect-information Monte Carlo): sample truths (from a view:
//! consistent with it; from a full state: the state itself), fix each one's future chance
//! with `FixedChance`, search each with the alpha-beta searcher (`search::think`), and play
//! the turn most of them chose (ties: the best summed score). Where a view allows no more
//! truths than that (`Model::worlds`), each is searched once and votes with its probability:
//! a certain view's one truth gets all the time.
//!
//! Its known weaknesses are what information-set search addresses: it searches every sample
//! as if the hidden part were known to both sides (strategy fusion), and it never chooses an
//! action for the information it gathers.

use super::fixed::FixedChance;
use super::model::Model;
use crate::core::game::{Chance, Evaluate, Game};
use crate::search::time::TimeBudget;
use crate::search::tt::TranspositionTable;
use crate::search::types::{Limits, Score, SearchConfig, SearchControl, SearchInfo, SearchOutput};
use std::sync::atomic::{AtomicBool, Ordering};

/// One sample's answer.
struct Vote {
    turn: Vec<String>,
    /// The sample's weight: 1 for a drawn one, its probability for one of all the worlds.
    weight: f64,
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
    let mut rng = crate::search::baselines::rng_for(model, cfg);
    let k = cfg.determinizations.max(1) as usize;
    // Where the view allows no more truths than there are samples to draw, each is searched
    // once, its vote weighted by its probability: drawn samples would repeat them and split
    // the time among copies of the same search.
    let drawn: Vec<(M::G, f64)> = match model.worlds(k) {
        Some(all) => all.into_iter().map(|s| (s.state, s.weight)).collect(),
        None => (0..k).map(|_| (model.world(&mut rng).state, 1.0)).collect(),
    };
    let k = drawn.len().max(1);
    let worlds: Vec<(FixedChance<M::G>, f64)> = drawn
        .into_iter()
        .enumerate()
        .map(|(i, (s, w))| {
            let seed = (i as u64 + 1).wrapping_mul(0xA24B_AED4_963E_E407);
            (FixedChance::new(s, seed), w)
        })
        .collect();
    // The move overhead is taken once, from the whole budget, not from every sample's share.
    let inner = SearchConfig {
        threads: cfg.threads,
        multipv: 1,
        move_overhead: 0,
        ..cfg.clone()
    };
    let searchmoves = root_moves(worlds.first().map(|w| &w.0), &limits.searchmoves, cfg);
    let budget = TimeBudget::new(limits, cfg, model.player());
    let timed = budget.soft_ms.is_some();
    let mut votes: Vec<Vote> = Vec::new();
    let mut nodes = 0u64;
    if limits.depth.is_some() || limits.nodes.is_some() || timed {
        // One search per sample, the limits shared out.
        for (i, (w, weight)) in worlds.iter().enumerate() {
            if ctl.stopped() {
                break;
            }
            let mut l = Limits {
                depth: limits.depth,
                nodes: limits.nodes.map(|n| (n / k as u64).max(1)),
                searchmoves: searchmoves.clone(),
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
                let vote = one(model, w, *weight, &l, &inner, sample_ctl, tt, &mut nodes);
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
            for (w, weight) in &worlds {
                if ctl.stopped() {
                    break;
                }
                let l = Limits {
                    depth: Some(depth),
                    searchmoves: searchmoves.clone(),
                    ..Limits::default()
                };
                if let Some(v) = one(model, w, *weight, &l, &inner, ctl, tt, &mut nodes) {
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
    if votes.is_empty() {
        // Stopped before any sample's search returned (`stop` at once after `go`): a ply
        // of the first world, which `stop` does not cut short, so that the answer is still
        // a turn of this position, as alpha-beta always finishes its first depth.
        if let Some((w, weight)) = worlds.first() {
            let unstopped = SearchControl::new(false);
            let l = Limits::depth(1);
            votes.extend(one(
                model, w, *weight, &l, &inner, &unstopped, tt, &mut nodes,
            ));
        }
    }
    match tally(&votes) {
        Some(best) => {
            let out = SearchOutput {
                turn: best.turn.clone(),
                ponder: None,
                score: vote_score(best.score),
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
        score: vote_score(best.score),
        nodes,
        time_ms: ms,
        nps: nodes * 1000 / ms.max(1),
        hashfull: 0,
        pv: best.turn.clone(),
        note: None,
    }
}

/// A sample's score on one scale: centipawns, a mate in `m` moves as `VOTE_MATE - m`.
const VOTE_MATE: i32 = 30_000;

/// A voted score back as the protocol shows it: a mate where the samples that chose the
/// turn all found one (their mean distance, rounded down).
fn vote_score(cp: i32) -> Score {
    if cp > VOTE_MATE - 1000 {
        Score::Mate(VOTE_MATE - cp)
    } else if cp < -VOTE_MATE + 1000 {
        Score::Mate(-(VOTE_MATE + cp))
    } else {
        Score::Cp(cp)
    }
}

/// The depth half the samples' searches reached (the first search of a move pays for what
/// the others then find ready, and can stop shallower).
fn median_depth(votes: &[Vote]) -> u32 {
    let mut d: Vec<u32> = votes.iter().map(|v| v.depth).collect();
    d.sort_unstable();
    d.get(d.len() / 2).copied().unwrap_or(1)
}

/// The root actions each sample may play: those `go searchmoves` names (all where it names
/// none), less those the game rates below `Prior Floor` (the prior is public: the same in
/// every world). Empty: no restriction.
pub(crate) fn root_moves<G: Evaluate>(
    world: Option<&G>,
    searchmoves: &[String],
    cfg: &SearchConfig,
) -> Vec<String> {
    let Some(g) = world.filter(|_| cfg.prior_floor > 0) else {
        return searchmoves.to_vec();
    };
    let mut all = Vec::new();
    g.legal_actions(&mut all);
    crate::search::baselines::only_searchmoves(g, &mut all, searchmoves);
    let floor = cfg.prior_floor as f64 / 100.0;
    let kept: Vec<String> = all
        .iter()
        .filter(|&&a| g.prior(a) >= floor)
        .map(|&a| g.format_action(a))
        .collect();
    if kept.is_empty() {
        searchmoves.to_vec()
    } else {
        kept
    }
}

/// The milliseconds sample `i` of `k` may search: an equal share of the time left after
/// `spent`, so that samples that stop early leave their time to the others.
fn sample_share(spent: u64, total: u64, i: usize, k: usize) -> u64 {
    (total.saturating_sub(spent) / (k - i).max(1) as u64).max(1)
}

/// Alpha-beta on one sample; its turn cut where the player's turn pauses.
#[allow(clippy::too_many_arguments)]
fn one<M>(
    model: &M,
    w: &FixedChance<M::G>,
    weight: f64,
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
    // No clearing between samples: each future's keys are salted with its seed
    // (`FixedChance::key`), so samples never read each other's entries, and clearing the
    // whole table before each sample cost time (docs/guide/mcts.md has the measurement).
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
        Score::Mate(m) if m > 0 => VOTE_MATE - m,
        Score::Mate(m) => -VOTE_MATE - m,
    };
    Some(Vote {
        turn,
        weight,
        score,
        depth: out.depth,
    })
}

/// The turn most samples chose (by weight), with the weighted mean score of those samples
/// and the depth half of all samples reached.
fn tally(votes: &[Vote]) -> Option<Vote> {
    let mut groups: Vec<(Vec<String>, f64, f64)> = Vec::new();
    for v in votes {
        match groups.iter_mut().find(|g| g.0 == v.turn) {
            Some(g) => {
                g.1 += v.weight;
                g.2 += v.weight * v.score as f64;
            }
            None => groups.push((v.turn.clone(), v.weight, v.weight * v.score as f64)),
        }
    }
    let best = groups
        .into_iter()
        .max_by(|a, b| a.1.total_cmp(&b.1).then(a.2.total_cmp(&b.2)))?;
    Some(Vote {
        score: (best.2 / best.1.max(f64::MIN_POSITIVE)).round() as i32,
        weight: best.1,
        turn: best.0,
        depth: median_depth(votes),
    })
}

#[cfg(test)]
mod tests {
    use super::{sample_share, tally, vote_score, Vote, VOTE_MATE};
    use crate::search::types::Score;

    fn vote(turn: &str, weight: f64, score: i32) -> Vote {
        Vote {
            turn: vec![turn.to_string()],
            weight,
            score,
            depth: 4,
        }
    }

    #[test]
    fn the_turn_with_the_most_weight_wins_the_vote() {
        // Drawn samples weigh 1 each: the most frequent turn wins, with its mean score.
        let drawn = [
            vote("e2e4", 1.0, 30),
            vote("d2d4", 1.0, 90),
            vote("e2e4", 1.0, 10),
        ];
        let best = tally(&drawn).unwrap();
        assert_eq!((best.turn[0].as_str(), best.score), ("e2e4", 20));
        // Exact worlds weigh their probability: one likely world outvotes two unlikely ones.
        let exact = [
            vote("e2e4", 0.2, 30),
            vote("d2d4", 0.6, 90),
            vote("e2e4", 0.2, 10),
        ];
        let best = tally(&exact).unwrap();
        assert_eq!((best.turn[0].as_str(), best.score), ("d2d4", 90));
        // Equal weights: the better summed score.
        let even = [vote("e2e4", 0.5, 30), vote("d2d4", 0.5, 90)];
        assert_eq!(tally(&even).unwrap().turn[0], "d2d4");
        assert!(tally(&[]).is_none());
    }

    #[test]
    fn voted_mates_read_back_as_mates() {
        assert_eq!(vote_score(VOTE_MATE - 3), Score::Mate(3));
        assert_eq!(vote_score(-VOTE_MATE + 2), Score::Mate(-2));
        assert_eq!(vote_score(-VOTE_MATE), Score::Mate(0));
        assert_eq!(vote_score(250), Score::Cp(250));
        assert_eq!(vote_score(-900), Score::Cp(-900));
    }

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
