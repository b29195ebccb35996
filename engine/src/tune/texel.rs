//! The Texel fit: find weights `w` minimising the mean squared error between each game's
//! result `r` and `sigmoid(K * e(w) / 400)`, where `e(w)` is the quiet position's
//! evaluation and `sigmoid(x) = 1 / (1 + 10^-x)`. `K` is fitted first, with the weights the
//! samples were collected with, and then held.
//!
//! Each sample's evaluation is linear in the weights around the collection point,
//! `e(w) = e0 + g . (w - w0)`: exact for linear terms (most of them), first order for the
//! others; collecting again at the fitted weights (another pass) refreshes it. The fit is
//! full-batch Adam on the training games, stopped when the loss on held-out games has not
//! improved for a while; the weights with the best held-out loss are returned.

use rayon::prelude::*;

use super::samples::{win_chance as sigmoid, SampleSet};

/// Which samples train the weights and which only measure them. Samples are split by game,
/// so that positions of one game are never on both sides, by the game's number: in `collect`
/// a hash of its moves (`RecordedGame::id`), so the same games are held out however the
/// files are ordered or grown.
#[derive(Clone, Debug, Default)]
pub struct Split {
    pub train: Vec<usize>,
    pub valid: Vec<usize>,
}

impl Split {
    /// Every `1/fraction`-th game (by a hash of its number) is held out.
    pub fn by_game(set: &SampleSet, fraction: f64) -> Split {
        Split::of_games(&set.game, fraction)
    }

    /// The same split for samples whose games are `games` (one number per sample).
    pub fn of_games(games: &[u32], fraction: f64) -> Split {
        let mut s = Split::default();
        for (i, &g) in games.iter().enumerate() {
            let h = (g as u64 + 1).wrapping_mul(0x9E37_79B9_7F4A_7C15) >> 11;
            if (h as f64 / (1u64 << 53) as f64) < fraction {
                s.valid.push(i);
            } else {
                s.train.push(i);
            }
        }
        s
    }
}

#[derive(Clone, Debug)]
pub struct FitOptions {
    /// Full passes over the training samples, at most.
    pub epochs: usize,
    /// Adam's step size, in centipawns.
    pub rate: f64,
    /// Stop after this many epochs without a better held-out loss.
    pub patience: usize,
    /// Weights that keep their values.
    pub frozen: Vec<bool>,
    /// Penalty `l2 * sum((w - w0)^2)` added to the training loss, against weights that few
    /// samples see drifting on noise.
    pub l2: f64,
    /// Weights that fewer training samples use than this keep their values: Adam moves a
    /// rarely used weight as fast as a common one, on far less evidence.
    pub min_support: usize,
}

impl Default for FitOptions {
    fn default() -> Self {
        FitOptions {
            epochs: 2000,
            rate: 1.0,
            patience: 200,
            frozen: Vec::new(),
            l2: 0.0,
            min_support: 0,
        }
    }
}

/// What one epoch reports.
#[derive(Clone, Copy, Debug)]
pub struct EpochReport {
    pub epoch: usize,
    pub train: f64,
    pub valid: f64,
    pub best_valid: f64,
}

#[derive(Clone, Debug)]
pub struct FitReport {
    /// The weights with the best held-out loss (unrounded).
    pub weights: Vec<f64>,
    pub k: f64,
    pub start_train: f64,
    pub start_valid: f64,
    pub best_valid: f64,
    pub best_epoch: usize,
    pub epochs: usize,
    /// Weights held for too little support (`min_support`).
    pub unsupported: usize,
}

/// How many of `rows` use each weight.
pub fn support(set: &SampleSet, rows: &[usize]) -> Vec<usize> {
    let mut n = vec![0usize; set.names.len()];
    for &i in rows {
        for &j in set.row(i).0 {
            n[j as usize] += 1;
        }
    }
    n
}

const LN10: f64 = std::f64::consts::LN_10;

/// The evaluation of sample `i` at weights `w` (the linear model around the start).
#[inline]
fn eval_at(set: &SampleSet, i: usize, delta: &[f64]) -> f64 {
    let (idx, coef) = set.row(i);
    let mut e = set.eval[i] as f64;
    for (&j, &c) in idx.iter().zip(coef) {
        e += c as f64 * delta[j as usize];
    }
    e
}

fn deltas(set: &SampleSet, w: &[f64]) -> Vec<f64> {
    w.iter()
        .zip(&set.start)
        .map(|(a, &b)| a - b as f64)
        .collect()
}

/// Mean squared error over `rows` at weights `w`.
pub fn loss(set: &SampleSet, rows: &[usize], w: &[f64], k: f64) -> f64 {
    if rows.is_empty() {
        return 0.0;
    }
    let d = deltas(set, w);
    let sum: f64 = rows
        .par_iter()
        .map(|&i| {
            let p = sigmoid(k, eval_at(set, i, &d));
            (set.result[i] as f64 - p).powi(2)
        })
        .sum();
    sum / rows.len() as f64
}

/// The scale `K` that best fits the results with the start weights (golden-section search).
pub fn fit_k(set: &SampleSet, rows: &[usize]) -> f64 {
    let w: Vec<f64> = set.start.iter().map(|&v| v as f64).collect();
    let f = |k: f64| loss(set, rows, &w, k);
    let (mut a, mut b) = (0.05f64, 4.0f64);
    let g = (5f64.sqrt() - 1.0) / 2.0;
    let mut c = b - g * (b - a);
    let mut d = a + g * (b - a);
    let (mut fc, mut fd) = (f(c), f(d));
    for _ in 0..40 {
        if fc < fd {
            b = d;
            d = c;
            fd = fc;
            c = b - g * (b - a);
            fc = f(c);
        } else {
            a = c;
            c = d;
            fc = fd;
            d = a + g * (b - a);
            fd = f(d);
        }
    }
    (a + b) / 2.0
}

/// The gradient of the training loss with respect to every weight.
fn gradient(set: &SampleSet, rows: &[usize], d: &[f64], k: f64) -> Vec<f64> {
    let n = set.names.len();
    let scale = 2.0 * LN10 * k / 400.0 / rows.len().max(1) as f64;
    rows.par_chunks(4096)
        .map(|chunk| {
            let mut g = vec![0.0f64; n];
            for &i in chunk {
                let p = sigmoid(k, eval_at(set, i, d));
                let f = (p - set.result[i] as f64) * p * (1.0 - p) * scale;
                let (idx, coef) = set.row(i);
                for (&j, &c) in idx.iter().zip(coef) {
                    g[j as usize] += f * c as f64;
                }
            }
            g
        })
        .reduce(
            || vec![0.0f64; n],
            |mut a, b| {
                for (x, y) in a.iter_mut().zip(b) {
                    *x += y;
                }
                a
            },
        )
}

/// Fits the weights. `report` is called after every epoch.
pub fn fit(
    set: &SampleSet,
    split: &Split,
    k: f64,
    opts: &FitOptions,
    report: &mut dyn FnMut(&EpochReport),
) -> FitReport {
    let n = set.names.len();
    let start: Vec<f64> = set.start.iter().map(|&v| v as f64).collect();
    let support = support(set, &split.train);
    let frozen =
        |j: usize| opts.frozen.get(j).copied().unwrap_or(false) || support[j] < opts.min_support;
    let unsupported = (0..n)
        .filter(|&j| support[j] < opts.min_support && !opts.frozen.get(j).copied().unwrap_or(false))
        .count();
    let mut w = start.clone();
    let (mut m, mut v) = (vec![0.0f64; n], vec![0.0f64; n]);
    let (b1, b2, eps) = (0.9f64, 0.999f64, 1e-12f64);
    let start_train = loss(set, &split.train, &w, k);
    let start_valid = loss(set, &split.valid, &w, k);
    let mut best = (start_valid, 0usize, w.clone());
    let mut epochs = 0;
    for epoch in 1..=opts.epochs {
        epochs = epoch;
        let d = deltas(set, &w);
        let mut g = gradient(set, &split.train, &d, k);
        for j in 0..n {
            g[j] += 2.0 * opts.l2 * d[j];
        }
        let (c1, c2) = (1.0 - b1.powi(epoch as i32), 1.0 - b2.powi(epoch as i32));
        for j in 0..n {
            if frozen(j) {
                continue;
            }
            m[j] = b1 * m[j] + (1.0 - b1) * g[j];
            v[j] = b2 * v[j] + (1.0 - b2) * g[j] * g[j];
            w[j] -= opts.rate * (m[j] / c1) / ((v[j] / c2).sqrt() + eps);
        }
        let train = loss(set, &split.train, &w, k);
        let valid = if split.valid.is_empty() {
            train
        } else {
            loss(set, &split.valid, &w, k)
        };
        if valid < best.0 {
            best = (valid, epoch, w.clone());
        }
        report(&EpochReport {
            epoch,
            train,
            valid,
            best_valid: best.0,
        });
        if epoch - best.1 >= opts.patience {
            break;
        }
    }
    FitReport {
        weights: best.2,
        k,
        start_train,
        start_valid,
        best_valid: best.0,
        best_epoch: best.1,
        epochs,
        unsupported,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Samples of a made-up linear evaluation `e = 100 * x0 - 50 * x1` whose results follow
    /// the logistic model with K = 1: the fit from zero weights must find the weights again.
    fn synthetic() -> SampleSet {
        let mut set = SampleSet {
            names: vec!["a".into(), "b".into()],
            start: vec![0, 0],
            offsets: vec![0],
            ..SampleSet::default()
        };
        let mut state = 12345u64;
        let mut rnd = || {
            state = state
                .wrapping_mul(6364136223846793005)
                .wrapping_add(1442695040888963407);
            (state >> 11) as f64 / (1u64 << 53) as f64
        };
        for g in 0..20_000u32 {
            let x0 = (rnd() * 6.0 - 3.0).round() as f32;
            let x1 = (rnd() * 6.0 - 3.0).round() as f32;
            let e = 100.0 * x0 as f64 - 50.0 * x1 as f64;
            let r = if rnd() < sigmoid(1.0, e) { 1.0 } else { 0.0 };
            set.index.extend([0, 1]);
            set.coef.extend([x0, x1]);
            set.offsets.push(set.index.len());
            set.eval.push(0.0);
            set.search.push(f32::NAN);
            set.result.push(r);
            set.game.push(g);
        }
        set
    }

    #[test]
    fn the_fit_recovers_known_weights() {
        let set = synthetic();
        let split = Split::by_game(&set, 0.1);
        assert!(split.valid.len() > 1000 && split.train.len() > 15_000);
        let opts = FitOptions {
            epochs: 3000,
            rate: 2.0,
            patience: 300,
            ..FitOptions::default()
        };
        let r = fit(&set, &split, 1.0, &opts, &mut |_| {});
        assert!((r.weights[0] - 100.0).abs() < 10.0, "{:?}", r.weights);
        assert!((r.weights[1] + 50.0).abs() < 8.0, "{:?}", r.weights);
        assert!(r.best_valid < r.start_valid);
        // With the true weights as the start, K comes out near 1.
        let mut at_truth = set.clone();
        at_truth.eval = (0..set.len())
            .map(|i| 100.0 * set.coef[2 * i] - 50.0 * set.coef[2 * i + 1])
            .collect();
        let k = fit_k(&at_truth, &split.train);
        assert!((k - 1.0).abs() < 0.15, "{k}");
    }

    #[test]
    fn frozen_weights_stay() {
        let set = synthetic();
        let split = Split::by_game(&set, 0.1);
        let opts = FitOptions {
            epochs: 50,
            frozen: vec![true, false],
            ..FitOptions::default()
        };
        let r = fit(&set, &split, 1.0, &opts, &mut |_| {});
        assert_eq!(r.weights[0], 0.0);
        assert!(r.weights[1] < 0.0);
        // A weight too few samples use stays too.
        let mut rare = set.clone();
        for i in 0..rare.len() {
            if i % 100 != 0 {
                rare.coef[2 * i + 1] = 0.0;
                rare.index[2 * i + 1] = 0;
            }
        }
        let opts = FitOptions {
            epochs: 50,
            min_support: 1000,
            ..FitOptions::default()
        };
        let r = fit(&rare, &split, 1.0, &opts, &mut |_| {});
        assert_eq!(r.weights[1], 0.0);
        assert_eq!(r.unsupported, 1);
        assert!(r.weights[0] > 0.0);
    }
}
