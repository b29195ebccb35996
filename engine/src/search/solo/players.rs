//! Reference players for one-player games, to measure the solver against: a random player and
//! a one-ply greedy player, and a summary of scores over many games.

use rand_core::RngCore;
use rand_xoshiro::Xoshiro256PlusPlus;

use super::{Solitaire, SoloScore};
use crate::core::game::Evaluate;

/// Plays the game to its end choosing with `choose`; returns the score and the line.
pub fn play_out<G: Solitaire>(
    root: &G,
    mut choose: impl FnMut(&mut G, &[G::Action]) -> G::Action,
) -> (SoloScore, Vec<G::Action>) {
    let mut g = root.clone();
    let mut line = Vec::new();
    let mut actions = Vec::new();
    loop {
        if let Some(s) = g.final_score() {
            return (s, line);
        }
        actions.clear();
        g.legal_actions(&mut actions);
        if actions.is_empty() {
            return (g.stuck_score(), line);
        }
        let a = choose(&mut g, &actions);
        g.play(a);
        line.push(a);
    }
}

fn pick<T: Copy>(v: &[T], rng: &mut Xoshiro256PlusPlus) -> T {
    v[(rng.next_u64() % v.len() as u64) as usize]
}

/// Every action equally likely.
pub fn random_player<G: Solitaire>(
    root: &G,
    rng: &mut Xoshiro256PlusPlus,
) -> (SoloScore, Vec<G::Action>) {
    play_out(root, |_, actions| pick(actions, rng))
}

/// The action after which the evaluation is highest, ties broken at random.
pub fn greedy_player<G: Solitaire + Evaluate>(
    root: &G,
    rng: &mut Xoshiro256PlusPlus,
) -> (SoloScore, Vec<G::Action>) {
    let mut ties = Vec::new();
    play_out(root, |g, actions| {
        let mut best = i32::MIN;
        ties.clear();
        for &a in actions {
            let u = g.play(a);
            let v = g.evaluate();
            g.undo(u);
            if v > best {
                best = v;
                ties.clear();
            }
            if v == best {
                ties.push(a);
            }
        }
        pick(&ties, rng)
    })
}

/// Mean, spread and win rate of many scores.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Summary {
    pub games: usize,
    pub mean: f64,
    /// Sample standard deviation.
    pub sd: f64,
    pub min: i32,
    pub max: i32,
    pub wins: usize,
}

impl Summary {
    pub fn of(scores: &[SoloScore]) -> Summary {
        let n = scores.len();
        if n == 0 {
            return Summary::default();
        }
        let mean = scores.iter().map(|s| s.points as f64).sum::<f64>() / n as f64;
        let var = if n > 1 {
            scores
                .iter()
                .map(|s| (s.points as f64 - mean).powi(2))
                .sum::<f64>()
                / (n - 1) as f64
        } else {
            0.0
        };
        Summary {
            games: n,
            mean,
            sd: var.sqrt(),
            min: scores.iter().map(|s| s.points).min().unwrap_or(0),
            max: scores.iter().map(|s| s.points).max().unwrap_or(0),
            wins: scores.iter().filter(|s| s.won).count(),
        }
    }

    /// Half-width of the 95% interval of the mean (normal approximation).
    pub fn interval95(&self) -> f64 {
        if self.games < 2 {
            return 0.0;
        }
        1.96 * self.sd / (self.games as f64).sqrt()
    }

    pub fn win_rate(&self) -> f64 {
        if self.games == 0 {
            0.0
        } else {
            self.wins as f64 / self.games as f64
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn summary_of_known_scores() {
        let s = Summary::of(&[SoloScore::won(2), SoloScore::won(4), SoloScore::lost(-3)]);
        assert_eq!(s.games, 3);
        assert!((s.mean - 1.0).abs() < 1e-12);
        assert!((s.sd - 13f64.sqrt()).abs() < 1e-12);
        assert_eq!((s.min, s.max, s.wins), (-3, 4, 2));
        assert!((s.win_rate() - 2.0 / 3.0).abs() < 1e-12);
        assert_eq!(Summary::of(&[]).games, 0);
    }
}
