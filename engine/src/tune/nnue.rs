//! Training a two-perspective network (`crate::core::network`) on quiet positions of recorded games:
//! minimise the mean squared error between `sigmoid(K * out)` (the network's output, in
//! units of `nnue::SCALE` centipawns) and each position's target, the side to move's
//! expected score (the game's result, the search score recorded with the move, or a blend:
//! `SampleSet::blend` does the same for Texel fits). Mini-batch Adam, the batch's gradient
//! split among rayon's threads; the network with the best held-out loss is returned.
//!
//! Nothing here names a game: a sample is two lists of active feature indices.

use rand_core::SeedableRng;
use rand_xoshiro::Xoshiro256PlusPlus;
use rayon::prelude::*;

use crate::core::network::{FloatNet, B1_LIMIT, QA, W1_LIMIT};
use crate::core::random::{shuffle, symmetric};
use crate::tune::texel::{EpochReport, Split};

/// Training positions: per sample the active features of the side to move's perspective and
/// of the other side's, the target (side to move's expected score, 0 to 1), the game it
/// came from (held-out samples are split by game), a base score the network's output is
/// added to (in units of `nnue::SCALE` centipawns; 0 for a network that is the whole
/// evaluation, the hand-written evaluation for one that corrects it), and the share of the
/// network's output that counts (1, less where the evaluation holds a correction back).
#[derive(Clone, Debug, Default)]
pub struct NetSamples {
    own: Vec<u16>,
    own_at: Vec<u32>,
    other: Vec<u16>,
    other_at: Vec<u32>,
    pub target: Vec<f32>,
    pub game: Vec<u32>,
    pub base: Vec<f32>,
    pub share: Vec<f32>,
}

impl NetSamples {
    pub fn new() -> NetSamples {
        NetSamples {
            own_at: vec![0],
            other_at: vec![0],
            ..NetSamples::default()
        }
    }

    pub fn push(&mut self, own: &[u16], other: &[u16], target: f32, game: u32) {
        self.push_on(own, other, target, game, 0.0, 1.0);
    }

    /// A sample whose network output, times `share`, is added to `base` (`SCALE`
    /// centipawns).
    pub fn push_on(
        &mut self,
        own: &[u16],
        other: &[u16],
        target: f32,
        game: u32,
        base: f32,
        share: f32,
    ) {
        self.base.push(base);
        self.share.push(share);
        self.own.extend_from_slice(own);
        self.own_at.push(self.own.len() as u32);
        self.other.extend_from_slice(other);
        self.other_at.push(self.other.len() as u32);
        self.target.push(target);
        self.game.push(game);
    }

    pub fn len(&self) -> usize {
        self.target.len()
    }

    pub fn is_empty(&self) -> bool {
        self.target.is_empty()
    }

    /// Sample `i`'s two feature lists.
    pub fn features(&self, i: usize) -> (&[u16], &[u16]) {
        (
            &self.own[self.own_at[i] as usize..self.own_at[i + 1] as usize],
            &self.other[self.other_at[i] as usize..self.other_at[i + 1] as usize],
        )
    }

    /// Training and held-out sample numbers, games held out whole as in Texel fits.
    pub fn split(&self, fraction: f64) -> (Vec<usize>, Vec<usize>) {
        let s = Split::of_games(&self.game, fraction);
        (s.train, s.valid)
    }
}

#[derive(Clone, Debug)]
pub struct NetOptions {
    pub hidden: usize,
    pub epochs: usize,
    /// Samples per Adam step.
    pub batch: usize,
    /// Adam's step size; it drops tenfold for the last quarter of the epochs.
    pub rate: f32,
    /// `K` of the sigmoid `1 / (1 + 10^(-K * out))`.
    pub k: f32,
    /// Stop after this many epochs without a better held-out loss.
    pub patience: usize,
    pub seed: u64,
}

impl Default for NetOptions {
    fn default() -> Self {
        NetOptions {
            hidden: 32,
            epochs: 20,
            batch: 4096,
            rate: 0.001,
            k: 1.0,
            patience: 6,
            seed: 1,
        }
    }
}

#[derive(Clone, Debug)]
pub struct NetReport {
    /// The network with the best held-out loss.
    pub net: FloatNet,
    pub start_valid: f64,
    pub best_valid: f64,
    pub best_epoch: usize,
    pub epochs: usize,
}

const LN10: f32 = std::f32::consts::LN_10;

#[inline]
fn sigmoid(k: f32, out: f32) -> f32 {
    1.0 / (1.0 + (-k * LN10 * out).exp())
}

/// A new network: small random first-layer weights (each neuron sees about 30 active
/// inputs), output weights of either sign, and the linear weights given (a game's material
/// values, say) or zero.
pub fn initial(
    features: &str,
    inputs: usize,
    hidden: usize,
    psqt: Option<Vec<f32>>,
    seed: u64,
) -> FloatNet {
    let mut rng = Xoshiro256PlusPlus::seed_from_u64(seed);
    let mut uniform = |r: f32| symmetric(&mut rng, r);
    FloatNet {
        features: features.to_string(),
        inputs,
        hidden,
        w1: (0..inputs * hidden).map(|_| uniform(0.1)).collect(),
        b1: (0..hidden).map(|_| uniform(0.1) + 0.1).collect(),
        w2: (0..2 * hidden)
            .map(|_| uniform(1.0 / (hidden as f32).sqrt()))
            .collect(),
        b2: 0.0,
        psqt: psqt.unwrap_or_else(|| vec![0.0; inputs]),
    }
}

/// Mean squared error over `rows`.
pub fn net_loss(net: &FloatNet, set: &NetSamples, rows: &[usize], k: f32) -> f64 {
    if rows.is_empty() {
        return 0.0;
    }
    let sum: f64 = rows
        .par_chunks(1024)
        .map(|c| {
            c.iter()
                .map(|&i| {
                    let (own, other) = set.features(i);
                    let p = sigmoid(k, set.base[i] + set.share[i] * net.forward(own, other));
                    ((p - set.target[i]) as f64).powi(2)
                })
                .sum::<f64>()
        })
        .sum();
    sum / rows.len() as f64
}

/// Gradients, laid out like the network's weights.
struct Grad {
    w1: Vec<f32>,
    b1: Vec<f32>,
    w2: Vec<f32>,
    b2: f32,
    psqt: Vec<f32>,
}

impl Grad {
    fn zero(net: &FloatNet) -> Grad {
        Grad {
            w1: vec![0.0; net.w1.len()],
            b1: vec![0.0; net.b1.len()],
            w2: vec![0.0; net.w2.len()],
            b2: 0.0,
            psqt: vec![0.0; net.psqt.len()],
        }
    }

    fn add(mut self, o: Grad) -> Grad {
        for (a, b) in self.w1.iter_mut().zip(&o.w1) {
            *a += b;
        }
        for (a, b) in self.b1.iter_mut().zip(&o.b1) {
            *a += b;
        }
        for (a, b) in self.w2.iter_mut().zip(&o.w2) {
            *a += b;
        }
        self.b2 += o.b2;
        for (a, b) in self.psqt.iter_mut().zip(&o.psqt) {
            *a += b;
        }
        self
    }

    /// Adds the gradient of sample `i`'s squared error.
    fn sample(&mut self, net: &FloatNet, set: &NetSamples, i: usize, k: f32) {
        let (own, other) = set.features(i);
        let (base, share, target) = (set.base[i], set.share[i], set.target[i]);
        let h = net.hidden;
        let mut acc = vec![0.0f32; 2 * h];
        let (s, o) = acc.split_at_mut(h);
        net.accumulate(own, s);
        net.accumulate(other, o);
        let out = base
            + share
                * (net.b2
                    + acc
                        .iter()
                        .zip(&net.w2)
                        .map(|(x, w)| x.clamp(0.0, 1.0) * w)
                        .sum::<f32>()
                    + net.linear(own, other));
        let p = sigmoid(k, out);
        let d = 2.0 * (p - target) * p * (1.0 - p) * k * LN10 * share;
        self.b2 += d;
        for &f in own {
            self.psqt[f as usize] += d / 2.0;
        }
        for &f in other {
            self.psqt[f as usize] -= d / 2.0;
        }
        for (j, &a) in acc.iter().enumerate() {
            self.w2[j] += d * a.clamp(0.0, 1.0);
        }
        for (half, feats) in [(0, own), (1, other)] {
            // The gradient reaches a neuron only where the clipped ReLU is not flat.
            let dh: Vec<f32> = (0..h)
                .map(|j| {
                    let a = acc[half * h + j];
                    if a > 0.0 && a < 1.0 {
                        d * net.w2[half * h + j]
                    } else {
                        0.0
                    }
                })
                .collect();
            for (g, x) in self.b1.iter_mut().zip(&dh) {
                *g += x;
            }
            for &f in feats {
                let row = &mut self.w1[f as usize * h..][..h];
                for (g, x) in row.iter_mut().zip(&dh) {
                    *g += x;
                }
            }
        }
    }
}

/// Adam's moments for one block of weights.
struct Adam {
    m: Vec<f32>,
    v: Vec<f32>,
}

impl Adam {
    fn new(n: usize) -> Adam {
        Adam {
            m: vec![0.0; n],
            v: vec![0.0; n],
        }
    }

    fn step(&mut self, w: &mut [f32], g: &[f32], rate: f32, t: i32) {
        let (b1, b2) = (0.9f32, 0.999f32);
        let (c1, c2) = (1.0 - b1.powi(t), 1.0 - b2.powi(t));
        for ((w, g), (m, v)) in w
            .iter_mut()
            .zip(g)
            .zip(self.m.iter_mut().zip(self.v.iter_mut()))
        {
            *m = b1 * *m + (1.0 - b1) * g;
            *v = b2 * *v + (1.0 - b2) * g * g;
            *w -= rate * (*m / c1) / ((*v / c2).sqrt() + 1e-8);
        }
    }
}

/// Keeps weights within an integer limit of the first layer (`nnue::W1_LIMIT`).
fn clip(w: &mut [f32], limit: i16) {
    let m = limit as f32 / QA as f32;
    for x in w {
        *x = x.clamp(-m, m);
    }
}

/// Trains `net` on `train`, measuring on `valid` after every epoch.
pub fn train_net(
    mut net: FloatNet,
    set: &NetSamples,
    train: &[usize],
    valid: &[usize],
    opts: &NetOptions,
    report: &mut dyn FnMut(&EpochReport),
) -> NetReport {
    let mut rng = Xoshiro256PlusPlus::seed_from_u64(opts.seed ^ 0x5eed);
    let mut order = train.to_vec();
    let (mut a1, mut ab1, mut a2, mut ab2) = (
        Adam::new(net.w1.len()),
        Adam::new(net.b1.len()),
        Adam::new(net.w2.len()),
        Adam::new(1),
    );
    let mut alin = Adam::new(net.psqt.len());
    let start_valid = net_loss(&net, set, valid, opts.k);
    let mut best = (start_valid, 0usize, net.clone());
    let threads = rayon::current_num_threads().max(1);
    let mut t = 0;
    let mut epochs = 0;
    for epoch in 1..=opts.epochs {
        epochs = epoch;
        shuffle(&mut order, &mut rng);
        let rate = if epoch * 4 > opts.epochs * 3 {
            opts.rate / 10.0
        } else {
            opts.rate
        };
        for batch in order.chunks(opts.batch.max(1)) {
            let part = batch.len().div_ceil(threads).max(64);
            let g = batch
                .par_chunks(part)
                .map(|c| {
                    let mut g = Grad::zero(&net);
                    for &i in c {
                        g.sample(&net, set, i, opts.k);
                    }
                    g
                })
                .reduce(|| Grad::zero(&net), Grad::add);
            let n = batch.len() as f32;
            let scale = |v: Vec<f32>| v.into_iter().map(|x| x / n).collect::<Vec<f32>>();
            t += 1;
            a1.step(&mut net.w1, &scale(g.w1), rate, t);
            ab1.step(&mut net.b1, &scale(g.b1), rate, t);
            // The integer network's limits, so that it computes what was trained.
            clip(&mut net.w1, W1_LIMIT);
            clip(&mut net.b1, B1_LIMIT);
            a2.step(&mut net.w2, &scale(g.w2), rate, t);
            let mut b2 = [net.b2];
            ab2.step(&mut b2, &[g.b2 / n], rate, t);
            net.b2 = b2[0];
            alin.step(&mut net.psqt, &scale(g.psqt), rate, t);
        }
        let train_loss = net_loss(&net, set, train, opts.k);
        let valid_loss = if valid.is_empty() {
            train_loss
        } else {
            net_loss(&net, set, valid, opts.k)
        };
        if valid_loss < best.0 {
            best = (valid_loss, epoch, net.clone());
        }
        report(&EpochReport {
            epoch,
            train: train_loss,
            valid: valid_loss,
            best_valid: best.0,
        });
        if epoch - best.1 >= opts.patience {
            break;
        }
    }
    NetReport {
        net: best.2,
        start_valid,
        best_valid: best.0,
        best_epoch: best.1,
        epochs,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::core::network::{Network, SCALE};

    /// Samples of a made-up game: 16 inputs, a position is 4 of them, and the side to move's
    /// expected score follows a known rule that needs the hidden layer (an input is worth
    /// more alongside its neighbour) and both perspectives.
    fn made_up() -> NetSamples {
        let mut rng = Xoshiro256PlusPlus::seed_from_u64(7);
        let mut set = NetSamples::new();
        for g in 0..6000u32 {
            let mut own: Vec<u16> = (0..16).collect();
            shuffle(&mut own, &mut rng);
            own.truncate(4);
            let other: Vec<u16> = own.iter().map(|&f| 15 - f).collect();
            let value = |fs: &[u16]| -> f32 {
                fs.iter().map(|&f| f as f32 / 30.0 - 0.25).sum::<f32>()
                    + if fs.contains(&3) && fs.contains(&4) {
                        0.5
                    } else {
                        0.0
                    }
            };
            let out = value(&own) - 0.5 * value(&other);
            set.push(&own, &other, sigmoid(1.0, out), g);
        }
        set
    }

    #[test]
    fn the_gradient_counts_only_the_share_of_the_output_that_stands() {
        let net = {
            let mut n = initial("test-16", 16, 8, None, 5);
            n.b2 = 0.3;
            n
        };
        let one = |share: f32| {
            let mut set = NetSamples::new();
            set.push_on(&[1, 4, 9], &[14, 11, 6], 0.8, 0, 0.2, share);
            set
        };
        let loss = |net: &FloatNet, share: f32| net_loss(net, &one(share), &[0], 1.0);
        for share in [0.0f32, 0.125, 1.0] {
            let mut g = Grad::zero(&net);
            g.sample(&net, &one(share), 0, 1.0);
            let eps = 1e-3;
            let (mut up, mut down) = (net.clone(), net.clone());
            up.b2 += eps;
            down.b2 -= eps;
            let numeric = (loss(&up, share) - loss(&down, share)) / (2.0 * eps as f64);
            assert!(
                (g.b2 as f64 - numeric).abs() < 1e-4,
                "{share}: {} {numeric}",
                g.b2
            );
            if share == 0.0 {
                assert!(g.w1.iter().chain(&g.w2).chain(&g.psqt).all(|&x| x == 0.0));
                assert_eq!(g.b2, 0.0);
            }
        }
    }

    #[test]
    fn a_network_on_a_base_learns_what_the_base_misses() {
        // The base knows the rule's first part (a value per input), not the pair bonus: the
        // network must learn the bonus and nothing else.
        let plain = made_up();
        let mut set = NetSamples::new();
        for i in 0..plain.len() {
            let (own, other) = plain.features(i);
            let part = |fs: &[u16]| fs.iter().map(|&f| f as f32 / 30.0 - 0.25).sum::<f32>();
            let base = part(own) - 0.5 * part(other);
            set.push_on(own, other, plain.target[i], plain.game[i], base, 1.0);
        }
        let (train, valid) = set.split(0.1);
        let opts = NetOptions {
            hidden: 16,
            epochs: 40,
            batch: 256,
            rate: 0.01,
            patience: 40,
            ..NetOptions::default()
        };
        let mut net = initial("test-16", 16, 16, None, 3);
        net.w2.iter_mut().for_each(|w| *w *= 0.05);
        let start = net_loss(&net, &set, &valid, 1.0);
        // Starting near zero, the base alone already explains most of the targets.
        assert!(start < net_loss(&net, &plain, &valid, 1.0) / 4.0, "{start}");
        let r = train_net(net, &set, &train, &valid, &opts, &mut |_| {});
        assert!(r.best_valid < start / 10.0, "{start} -> {}", r.best_valid);
        // Where the pair is absent the network adds about nothing.
        for &i in valid.iter().take(300) {
            let (own, other) = set.features(i);
            if !own.contains(&3)
                && !other.contains(&3)
                && !own.contains(&12)
                && !other.contains(&12)
            {
                let out = r.net.forward(own, other);
                assert!(out.abs() < 0.1, "{i}: {out}");
            }
        }
    }

    #[test]
    fn training_learns_a_made_up_rule_and_the_integer_network_agrees() {
        let set = made_up();
        let (train, valid) = set.split(0.1);
        assert!(valid.len() > 300 && train.len() > 5000);
        let opts = NetOptions {
            hidden: 16,
            epochs: 60,
            batch: 256,
            rate: 0.01,
            patience: 60,
            ..NetOptions::default()
        };
        let net = initial("test-16", 16, 16, None, 3);
        let r = train_net(net, &set, &train, &valid, &opts, &mut |_| {});
        assert!(
            r.best_valid < r.start_valid / 20.0,
            "{} -> {}",
            r.start_valid,
            r.best_valid
        );
        // Squared error in probability: a few centipawns on average near equality.
        assert!(r.best_valid < 2e-4, "{}", r.best_valid);
        let q = Network::quantize(&r.net);
        for &i in valid.iter().take(200) {
            let (own, other) = set.features(i);
            let f = r.net.forward(own, other) * SCALE as f32;
            let n = q.evaluate(own, other) as f32;
            assert!((f - n).abs() < 6.0, "{i}: {f} vs {n}");
        }
    }
}
