//! Match statistics: Elo difference with its 95% interval, and the sequential probability
//! ratio test (SPRT) that stops a match once one of two hypotheses is accepted.
//!
//! The Elo interval uses the trinomial model (each game is a win, a draw or a loss, scored 1,
//! 1/2, 0); the SPRT uses the pentanomial model: games come in pairs (one opening, colours
//! swapped), and a pair scores 0, 1/2, 1, 3/2 or 2, which takes the correlation between the
//! two games of an opening into account. Both use the logistic Elo scale,
//! `score = 1 / (1 + 10^(-elo/400))`. The SPRT log-likelihood ratio is the normal
//! approximation of the generalised SPRT used by Fishtest:
//! `LLR = n (s1 - s0) (2 s - s0 - s1) / (2 var)`, with `n` the number of samples (pairs),
//! `s` their mean score per game, `var` the variance of a sample's score per game, and `s0`,
//! `s1` the expected scores under `elo0`, `elo1`.

/// Wins, draws and losses from one side's point of view.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Tally {
    pub wins: u32,
    pub draws: u32,
    pub losses: u32,
}

/// 97.5% quantile of the standard normal distribution (two-sided 95%).
const Z95: f64 = 1.959_963_984_540_054;

impl Tally {
    pub fn games(&self) -> u32 {
        self.wins + self.draws + self.losses
    }

    pub fn points(&self) -> f64 {
        self.wins as f64 + 0.5 * self.draws as f64
    }

    /// Mean score per game in [0, 1]; `None` before the first game.
    pub fn score(&self) -> Option<f64> {
        let n = self.games();
        (n > 0).then(|| self.points() / n as f64)
    }

    /// Per-game variance of the score around its mean.
    fn variance(&self) -> Option<f64> {
        let n = self.games() as f64;
        let s = self.score()?;
        Some(
            (self.wins as f64 * (1.0 - s).powi(2)
                + self.draws as f64 * (0.5 - s).powi(2)
                + self.losses as f64 * s.powi(2))
                / n,
        )
    }

    /// Elo difference and its 95% interval. The normal approximation needs some spread:
    /// when every game was won (or lost) the estimate is infinite and the known end of the
    /// interval is the exact binomial (Clopper-Pearson) bound, `0.025^(1/n)` on the score;
    /// when every game was drawn the interval is unknown (NaN at both ends).
    pub fn elo(&self) -> Option<EloEstimate> {
        let s = self.score()?;
        let n = self.games() as f64;
        let exact = 0.025f64.powf(1.0 / n);
        let (lower, upper) = if self.wins == self.games() {
            (score_to_elo(exact), f64::INFINITY)
        } else if self.losses == self.games() {
            (f64::NEG_INFINITY, score_to_elo(1.0 - exact))
        } else if self.draws == self.games() {
            (f64::NAN, f64::NAN)
        } else {
            let se = (self.variance()? / n).sqrt();
            (score_to_elo(s - Z95 * se), score_to_elo(s + Z95 * se))
        };
        Some(EloEstimate {
            elo: score_to_elo(s),
            lower,
            upper,
        })
    }

    /// Likelihood of superiority: the probability that the first side is the stronger.
    pub fn los(&self) -> Option<f64> {
        let decisive = (self.wins + self.losses) as f64;
        if decisive == 0.0 {
            return None;
        }
        let x = (self.wins as f64 - self.losses as f64) / (2.0 * decisive).sqrt();
        Some(0.5 * (1.0 + erf(x)))
    }
}

/// Game pairs by the first engine's points in the pair: index 0..=4 is 0, 1/2, 1, 3/2, 2.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Pentanomial(pub [u32; 5]);

impl Pentanomial {
    /// Adds a pair from the first engine's two results (+1 win, 0 draw, -1 loss).
    pub fn add_pair(&mut self, a: i32, b: i32) {
        self.0[(a + b + 2) as usize] += 1;
    }

    pub fn pairs(&self) -> u32 {
        self.0.iter().sum()
    }

    /// Mean score per game and the variance of a pair's score per game.
    fn moments(&self) -> Option<(f64, f64)> {
        let n = self.pairs() as f64;
        if n == 0.0 {
            return None;
        }
        let x = |i: usize| i as f64 / 4.0;
        let mean = (0..5).map(|i| self.0[i] as f64 * x(i)).sum::<f64>() / n;
        let var = (0..5)
            .map(|i| self.0[i] as f64 * (x(i) - mean).powi(2))
            .sum::<f64>()
            / n;
        Some((mean, var))
    }
}

#[derive(Clone, Copy, Debug, PartialEq)]
pub struct EloEstimate {
    pub elo: f64,
    pub lower: f64,
    pub upper: f64,
}

impl EloEstimate {
    /// Half the width of the interval, as printed after `±`.
    pub fn margin(&self) -> f64 {
        (self.upper - self.lower) / 2.0
    }
}

/// Logistic Elo difference for a mean score; ±infinity at 1 and 0.
pub fn score_to_elo(s: f64) -> f64 {
    if s <= 0.0 {
        f64::NEG_INFINITY
    } else if s >= 1.0 {
        f64::INFINITY
    } else {
        -400.0 * (1.0 / s - 1.0).log10()
    }
}

pub fn elo_to_score(elo: f64) -> f64 {
    1.0 / (1.0 + 10f64.powf(-elo / 400.0))
}

/// Error function (Abramowitz and Stegun 7.1.26, absolute error below 1.5e-7).
fn erf(x: f64) -> f64 {
    let t = 1.0 / (1.0 + 0.327_591_1 * x.abs());
    let y = 1.0
        - (((((1.061_405_429 * t - 1.453_152_027) * t) + 1.421_413_741) * t - 0.284_496_736) * t
            + 0.254_829_592)
            * t
            * (-x * x).exp();
    if x >= 0.0 {
        y
    } else {
        -y
    }
}

/// The hypotheses and error rates of a sequential probability ratio test.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Sprt {
    pub elo0: f64,
    pub elo1: f64,
    pub alpha: f64,
    pub beta: f64,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SprtDecision {
    /// H1 accepted: the first engine is at least `elo1` stronger.
    AcceptH1,
    /// H0 accepted: the first engine is at most `elo0` stronger.
    AcceptH0,
    Continue,
}

impl Sprt {
    pub fn new(elo0: f64, elo1: f64, alpha: f64, beta: f64) -> Result<Sprt, String> {
        if !(alpha > 0.0 && alpha < 1.0 && beta > 0.0 && beta < 1.0) {
            return Err("sprt: alpha and beta must lie strictly between 0 and 1".into());
        }
        if elo0.partial_cmp(&elo1) != Some(std::cmp::Ordering::Less) {
            return Err("sprt: elo0 must be smaller than elo1".into());
        }
        Ok(Sprt {
            elo0,
            elo1,
            alpha,
            beta,
        })
    }

    /// Lower bound: accept H0 at or below it.
    pub fn lower_bound(&self) -> f64 {
        (self.beta / (1.0 - self.alpha)).ln()
    }

    /// Upper bound: accept H1 at or above it.
    pub fn upper_bound(&self) -> f64 {
        ((1.0 - self.beta) / self.alpha).ln()
    }

    /// The LLR for `n` samples of mean score `s` and variance `var` per sample; 0 without
    /// variance (every sample alike: the approximation says nothing yet).
    fn llr_of(&self, n: f64, s: f64, var: f64) -> f64 {
        if var <= 0.0 {
            return 0.0;
        }
        let s0 = elo_to_score(self.elo0);
        let s1 = elo_to_score(self.elo1);
        n * (s1 - s0) * (2.0 * s - s0 - s1) / (2.0 * var)
    }

    /// The log-likelihood ratio of H1 against H0, trinomial model (games as samples); the
    /// tests compare the pentanomial model with it.
    #[cfg(test)]
    pub fn llr(&self, t: &Tally) -> f64 {
        match (t.score(), t.variance()) {
            (Some(s), Some(var)) => self.llr_of(t.games() as f64, s, var),
            _ => 0.0,
        }
    }

    /// The log-likelihood ratio of H1 against H0, pentanomial model (game pairs as samples).
    pub fn llr_pairs(&self, p: &Pentanomial) -> f64 {
        match p.moments() {
            Some((s, var)) => self.llr_of(p.pairs() as f64, s, var),
            None => 0.0,
        }
    }

    pub fn decision_pairs(&self, p: &Pentanomial) -> SprtDecision {
        self.decide(self.llr_pairs(p))
    }

    #[cfg(test)]
    pub fn decision(&self, t: &Tally) -> SprtDecision {
        self.decide(self.llr(t))
    }

    fn decide(&self, llr: f64) -> SprtDecision {
        if llr >= self.upper_bound() {
            SprtDecision::AcceptH1
        } else if llr <= self.lower_bound() {
            SprtDecision::AcceptH0
        } else {
            SprtDecision::Continue
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn tally(wins: u32, draws: u32, losses: u32) -> Tally {
        Tally {
            wins,
            draws,
            losses,
        }
    }

    fn close(a: f64, b: f64, eps: f64) -> bool {
        (a - b).abs() <= eps
    }

    #[test]
    fn elo_of_known_scores() {
        // 75% is 400*log10(3) Elo; 64% and 36% are symmetric around zero.
        assert!(close(score_to_elo(0.75), 190.848_501_887_864_98, 1e-9));
        assert!(close(score_to_elo(0.64), 99.95, 0.01));
        assert!(close(score_to_elo(0.36), -score_to_elo(0.64), 1e-9));
        assert_eq!(score_to_elo(0.5), 0.0);
        assert!(close(elo_to_score(score_to_elo(0.3)), 0.3, 1e-12));
        assert!(score_to_elo(1.0).is_infinite() && score_to_elo(0.0).is_infinite());
    }

    #[test]
    fn elo_interval_matches_hand_computation() {
        // 60 wins, 20 draws, 20 losses: score 0.7, variance
        // (60*0.09 + 20*0.04 + 20*0.49)/100 = 0.16, standard error 0.04.
        let e = tally(60, 20, 20).elo().unwrap();
        assert!(close(e.elo, score_to_elo(0.7), 1e-12));
        assert!(close(e.lower, score_to_elo(0.7 - Z95 * 0.04), 1e-9));
        assert!(close(e.upper, score_to_elo(0.7 + Z95 * 0.04), 1e-9));
        // The known numbers: 147.2 Elo, interval [86.2, 218.3].
        assert!(close(e.elo, 147.19, 0.01));
        assert!(close(e.lower, 86.2, 0.1), "{e:?}");
        assert!(close(e.upper, 218.3, 0.1), "{e:?}");
    }

    #[test]
    fn one_sided_results_have_an_exact_bound() {
        // 5 wins of 5: the score is at least 0.025^(1/5) = 0.4782 with 95% confidence.
        let e = tally(5, 0, 0).elo().unwrap();
        assert!(e.elo.is_infinite() && e.upper.is_infinite());
        assert!(close(e.lower, score_to_elo(0.025f64.powf(0.2)), 1e-9));
        assert!(close(e.lower, -15.2, 0.1), "{e:?}");
        let e = tally(0, 0, 5).elo().unwrap();
        assert!(close(e.upper, 15.2, 0.1), "{e:?}");
        assert!(e.lower.is_infinite() && e.lower < 0.0);
        let e = tally(0, 4, 0).elo().unwrap();
        assert_eq!(e.elo, 0.0);
        assert!(e.lower.is_nan() && e.upper.is_nan());
    }

    #[test]
    fn los_of_known_results() {
        assert!(close(tally(10, 5, 10).los().unwrap(), 0.5, 1e-9));
        // 60 wins against 40 losses: x = 20 / sqrt(200), LOS = Phi(sqrt 2) = 0.97725.
        assert!(close(tally(60, 7, 40).los().unwrap(), 0.977_25, 1e-4));
        assert_eq!(tally(0, 9, 0).los(), None);
    }

    #[test]
    fn sprt_bounds_are_the_usual_ones() {
        let s = Sprt::new(0.0, 5.0, 0.05, 0.05).unwrap();
        assert!(close(s.lower_bound(), -2.944_438_979, 1e-8));
        assert!(close(s.upper_bound(), 2.944_438_979, 1e-8));
        assert!(Sprt::new(5.0, 0.0, 0.05, 0.05).is_err());
        assert!(Sprt::new(0.0, 5.0, 0.0, 0.05).is_err());
    }

    /// The exact trinomial GSPRT: each hypothesis's distribution is the one of largest
    /// likelihood with the hypothesised mean score (a one-dimensional exponential tilt of
    /// the observed frequencies), and the LLR is the difference of log-likelihoods.
    fn exact_llr(t: &Tally, s0: f64, s1: f64) -> f64 {
        let n = t.games() as f64;
        let freq = [t.losses as f64 / n, t.draws as f64 / n, t.wins as f64 / n];
        let xs = [0.0, 0.5, 1.0];
        let loglik = |target: f64| {
            // Solve sum f_i (x_i - target) / (1 + th (x_i - target)) = 0 for th by bisection.
            let g = |th: f64| -> f64 {
                (0..3)
                    .map(|i| freq[i] * (xs[i] - target) / (1.0 + th * (xs[i] - target)))
                    .sum()
            };
            let (mut lo, mut hi) = (-1.0 / (1.0 - target) + 1e-12, 1.0 / target - 1e-12);
            for _ in 0..200 {
                let mid = 0.5 * (lo + hi);
                if g(mid) > 0.0 {
                    lo = mid;
                } else {
                    hi = mid;
                }
            }
            let th = 0.5 * (lo + hi);
            (0..3)
                .map(|i| {
                    if freq[i] == 0.0 {
                        0.0
                    } else {
                        n * freq[i] * (freq[i] / (1.0 + th * (xs[i] - target))).ln()
                    }
                })
                .sum::<f64>()
        };
        loglik(s1) - loglik(s0)
    }

    #[test]
    fn llr_approximates_the_exact_trinomial_llr() {
        let s = Sprt::new(0.0, 10.0, 0.05, 0.05).unwrap();
        let (s0, s1) = (elo_to_score(0.0), elo_to_score(10.0));
        for t in [
            tally(1200, 1500, 1100),
            tally(800, 2000, 900),
            tally(3100, 5000, 2900),
            tally(400, 300, 350),
        ] {
            let approx = s.llr(&t);
            let exact = exact_llr(&t, s0, s1);
            assert!(
                close(approx, exact, 0.02 * exact.abs().max(1.0)),
                "{t:?}: approx {approx}, exact {exact}"
            );
        }
    }

    #[test]
    fn pentanomial_llr() {
        let s = Sprt::new(0.0, 10.0, 0.05, 0.05).unwrap();
        // 100/400/1000/400/100 pairs: mean 0.5 (H0 side); 200/500/900/500/400: mean 0.54.
        let p = Pentanomial([100, 400, 1000, 400, 100]);
        let by_hand = {
            let var = (100.0 * 0.25 + 400.0 * 0.0625 + 400.0 * 0.0625 + 100.0 * 0.25) / 2000.0;
            let (s0, s1) = (0.5, elo_to_score(10.0));
            2000.0 * (s1 - s0) * (2.0 * 0.5 - s0 - s1) / (2.0 * var)
        };
        assert!(close(s.llr_pairs(&p), by_hand, 1e-9));
        assert!(close(s.llr_pairs(&p), -4.1398, 1e-3), "{}", s.llr_pairs(&p));
        assert_eq!(s.decision_pairs(&p), SprtDecision::AcceptH0);
        let q = Pentanomial([200, 500, 900, 500, 400]);
        assert!(close(s.llr_pairs(&q), 14.1484, 1e-3), "{}", s.llr_pairs(&q));
        assert_eq!(s.decision_pairs(&q), SprtDecision::AcceptH1);
        // Pairs of independent games carry the same evidence as the games one by one.
        let probs = [(1, 0.35), (0, 0.4), (-1, 0.25)];
        let (mut p, mut t) = (Pentanomial::default(), tally(0, 0, 0));
        for (a, pa) in probs {
            for (b, pb) in probs {
                for _ in 0..(pa * pb * 4000.0f64).round() as u32 {
                    p.add_pair(a, b);
                    for g in [a, b] {
                        match g {
                            1 => t.wins += 1,
                            0 => t.draws += 1,
                            _ => t.losses += 1,
                        }
                    }
                }
            }
        }
        let (a, b) = (s.llr_pairs(&p), s.llr(&t));
        assert!(
            close(a, b, 0.02 * b.abs()),
            "pentanomial {a}, trinomial {b}"
        );
        let mut x = Pentanomial::default();
        x.add_pair(1, -1);
        x.add_pair(1, 1);
        x.add_pair(-1, 0);
        assert_eq!(x.0, [0, 1, 1, 0, 1]);
    }

    #[test]
    fn llr_known_value_and_decisions() {
        let s = Sprt::new(0.0, 10.0, 0.05, 0.05).unwrap();
        // 1200/1500/1100: s = 0.513158, var = 0.151143; s0 = 0.5, s1 = 0.514387.
        let t = tally(1200, 1500, 1100);
        let by_hand = 3800.0 * (0.514_387_9 - 0.5) * (2.0 * 0.513_157_9 - 0.5 - 0.514_387_9)
            / (2.0 * 0.151_142_7);
        assert!(
            close(s.llr(&t), by_hand, 1e-3),
            "{} vs {by_hand}",
            s.llr(&t)
        );
        assert!(close(s.llr(&t), 2.157, 0.01), "{}", s.llr(&t));
        assert_eq!(s.decision(&t), SprtDecision::Continue);
        assert_eq!(s.decision(&tally(3000, 2000, 1000)), SprtDecision::AcceptH1);
        assert_eq!(s.decision(&tally(1000, 2000, 3000)), SprtDecision::AcceptH0);
        assert_eq!(s.llr(&tally(0, 0, 0)), 0.0);
        assert_eq!(s.llr(&tally(0, 7, 0)), 0.0);
        assert_eq!(s.llr(&tally(9, 0, 0)), 0.0);
    }
}
