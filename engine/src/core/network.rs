//! A small efficiently updatable neural network ("NNUE") for evaluation, as integers.
//!
//! The shape: sparse binary inputs seen from two perspectives (the side to move's and the
//! other side's), one hidden layer of `hidden` neurons shared by both perspectives, clipped
//! ReLU, and one output from the two hidden halves side by side, side to move's first:
//!
//! ```text
//! acc_p = b1 + sum of w1[f] over the active features f of perspective p
//! lin_p = sum of psqt[f] over the same features
//! out   = w2 . [crelu(acc_stm), crelu(acc_other)] + b2 + (lin_stm - lin_other) / 2
//! score = out * SCALE
//! ```
//!
//! The linear part (`psqt`, one number per input: material and piece-square values where
//! the inputs are pieces on squares) is what a hand-written evaluation starts from; it
//! learns quickly, and leaves the hidden layer the interactions.
//!
//! A game names the features (`games::chess::nnue` for chess); `tune::nnue` trains the
//! network in floating point, and `Network::quantize` turns it into this integer form: first
//! layer scaled by `QA`, output layer by `QB`.
//!
//! The first layer's sums (`acc_p` and `lin_p`) are the costly part, a row of `hidden`
//! additions per active feature. A game keeps them along its line of play in an
//! `Accumulators` stack: an action that moves a piece changes a few features, so the next
//! position's sums are the last one's with those rows added and taken away. The sums are
//! 16-bit integers, which the weights' limits keep from overflowing in any legal position
//! (`W1_LIMIT`); they wrap rather than saturate, so the kept sums and a fresh count always
//! agree.

use std::collections::HashMap;
use std::sync::{Arc, Mutex, OnceLock};

/// The first layer's scale: a float activation of 1.0 is `QA`.
pub const QA: i32 = 255;
/// The output layer's scale.
pub const QB: i32 = 512;
/// Centipawns per unit of the float network's output.
pub const SCALE: i32 = 400;
/// The most hidden neurons a network file may have. 32, 64, 128, 256 and 512 are the fast
/// sizes (their output layer runs over fixed-size arrays).
pub const MAX_HIDDEN: usize = 1024;

const MAGIC: &[u8; 4] = b"TSNN";
const VERSION: u32 = 1;

/// The network in floating point, as the trainer keeps it.
#[derive(Clone, Debug, PartialEq)]
pub struct FloatNet {
    /// What the inputs mean (`chess-768`): a file for other features is refused.
    pub features: String,
    pub inputs: usize,
    pub hidden: usize,
    /// `inputs` rows of `hidden` weights: feature `f`'s row is `w1[f * hidden..][..hidden]`.
    pub w1: Vec<f32>,
    pub b1: Vec<f32>,
    /// `2 * hidden`: the side to move's half, then the other side's.
    pub w2: Vec<f32>,
    pub b2: f32,
    /// One linear weight per input.
    pub psqt: Vec<f32>,
}

impl FloatNet {
    /// The hidden layer of one perspective before the activation.
    pub fn accumulate(&self, active: &[u16], acc: &mut [f32]) {
        acc.copy_from_slice(&self.b1);
        for &f in active {
            let row = &self.w1[f as usize * self.hidden..][..self.hidden];
            for (a, w) in acc.iter_mut().zip(row) {
                *a += w;
            }
        }
    }

    /// The output (in units of `SCALE` centipawns) for the side to move.
    pub fn forward(&self, own: &[u16], other: &[u16]) -> f32 {
        let h = self.hidden;
        let mut a = vec![0.0f32; 2 * h];
        let (s, o) = a.split_at_mut(h);
        self.accumulate(own, s);
        self.accumulate(other, o);
        self.b2
            + a.iter()
                .zip(&self.w2)
                .map(|(x, w)| x.clamp(0.0, 1.0) * w)
                .sum::<f32>()
            + self.linear(own, other)
    }

    /// The linear part: half the difference of the two perspectives' sums.
    pub fn linear(&self, own: &[u16], other: &[u16]) -> f32 {
        let sum = |fs: &[u16]| fs.iter().map(|&f| self.psqt[f as usize]).sum::<f32>();
        (sum(own) - sum(other)) / 2.0
    }
}

/// The network as integers, ready to evaluate.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Network {
    pub features: String,
    pub inputs: usize,
    pub hidden: usize,
    w1: Vec<i16>,
    b1: Vec<i16>,
    w2: Vec<i16>,
    b2: i32,
    /// The linear weights scaled by `QA * QB`, like the output's sum.
    psqt: Vec<i32>,
}

/// The largest first-layer weight and bias, as integers: a legal position has at most 32
/// pieces, so a bias plus 32 weights stays within 16 bits and the first layer's sums never
/// wrap (`B1_LIMIT + 32 * W1_LIMIT <= i16::MAX`). In floats: 3.76 and 8.
pub const W1_LIMIT: i16 = 960;
pub const B1_LIMIT: i16 = 8 * QA as i16;

fn q16(x: f32, scale: i32) -> i16 {
    (x * scale as f32)
        .round()
        .clamp(i16::MIN as f32, i16::MAX as f32) as i16
}

/// One perspective's first-layer sums and linear term, as the output layer reads them.
#[derive(Clone, Copy, Debug)]
pub struct Sums<'a> {
    pub acc: &'a [i16],
    pub lin: i32,
}

impl Network {
    /// The integer form of a trained network (rounded; a weight beyond its limit is clipped:
    /// `W1_LIMIT`, `B1_LIMIT`, and output weights small enough that the output's sum fits
    /// in 32 bits).
    pub fn quantize(f: &FloatNet) -> Network {
        Network {
            features: f.features.clone(),
            inputs: f.inputs,
            hidden: f.hidden,
            w1: f
                .w1
                .iter()
                .map(|&x| q16(x, QA).clamp(-W1_LIMIT, W1_LIMIT))
                .collect(),
            b1: f
                .b1
                .iter()
                .map(|&x| q16(x, QA).clamp(-B1_LIMIT, B1_LIMIT))
                .collect(),
            // The output's sum is an i32 of 2 * hidden products of at most QA each.
            w2: f
                .w2
                .iter()
                .map(|&x| {
                    let cap = (i32::MAX / (QA * 2 * f.hidden as i32)).min(i16::MAX as i32) as i16;
                    q16(x, QB).clamp(-cap, cap)
                })
                .collect(),
            b2: (f.b2 * (QA * QB) as f32).round() as i32,
            psqt: f
                .psqt
                .iter()
                // 64 of them summed stay within an i32.
                .map(|&x| (x * (QA * QB) as f32).round().clamp(-16e6, 16e6) as i32)
                .collect(),
        }
    }

    /// The floating-point network this one computes: each integer over its scale. It
    /// quantizes back to the same integers, so a trainer can go on from a network that was
    /// kept only as a file (`tessera tune nnue --init`).
    pub fn to_float(&self) -> FloatNet {
        let over = |v: &[i16], scale: i32| v.iter().map(|&x| x as f32 / scale as f32).collect();
        let out_scale = (QA * QB) as f32;
        FloatNet {
            features: self.features.clone(),
            inputs: self.inputs,
            hidden: self.hidden,
            w1: over(&self.w1, QA),
            b1: over(&self.b1, QA),
            w2: over(&self.w2, QB),
            b2: self.b2 as f32 / out_scale,
            psqt: self.psqt.iter().map(|&x| x as f32 / out_scale).collect(),
        }
    }

    /// Feature `f`'s first-layer row.
    #[inline]
    fn row(&self, f: u16) -> &[i16] {
        &self.w1[f as usize * self.hidden..][..self.hidden]
    }

    /// One perspective's sums (`hidden` of them) and linear term from its active features.
    /// The sums wrap on overflow (only a set-up position of more than 32 pieces can reach
    /// it), so kept and fresh sums agree in every position.
    pub fn refresh(&self, acc: &mut [i16], active: &[u16]) -> i32 {
        acc.copy_from_slice(&self.b1);
        let mut lin = 0;
        for &f in active {
            for (s, &w) in acc.iter_mut().zip(self.row(f)) {
                *s = s.wrapping_add(w);
            }
            lin += self.psqt[f as usize];
        }
        lin
    }

    /// `dst` = `src` with the features `on` added and `off` taken away, in one pass for the
    /// usual actions (a move: one on, one off; a capture: one on, two off) and the fast
    /// hidden sizes; returns the linear term's change.
    fn step(&self, src: &[i16], dst: &mut [i16], on: &[u16], off: &[u16]) -> i32 {
        let lin = on.iter().map(|&f| self.psqt[f as usize]).sum::<i32>()
            - off.iter().map(|&f| self.psqt[f as usize]).sum::<i32>();
        match self.hidden {
            16 => self.step_fixed::<16>(src, dst, on, off),
            32 => self.step_fixed::<32>(src, dst, on, off),
            64 => self.step_fixed::<64>(src, dst, on, off),
            128 => self.step_fixed::<128>(src, dst, on, off),
            256 => self.step_fixed::<256>(src, dst, on, off),
            512 => self.step_fixed::<512>(src, dst, on, off),
            _ => self.step_any(src, dst, on, off),
        }
        lin
    }

    fn step_any(&self, src: &[i16], dst: &mut [i16], on: &[u16], off: &[u16]) {
        dst.copy_from_slice(src);
        for &f in off {
            for (s, &w) in dst.iter_mut().zip(self.row(f)) {
                *s = s.wrapping_sub(w);
            }
        }
        for &f in on {
            for (s, &w) in dst.iter_mut().zip(self.row(f)) {
                *s = s.wrapping_add(w);
            }
        }
    }

    #[inline]
    fn step_fixed<const H: usize>(&self, src: &[i16], dst: &mut [i16], on: &[u16], off: &[u16]) {
        let row = |f: u16| -> &[i16; H] { self.row(f).try_into().expect("hidden size") };
        let src: &[i16; H] = src.try_into().expect("hidden size");
        let dst: &mut [i16; H] = dst.try_into().expect("hidden size");
        match (on, off) {
            (&[a], &[b]) => {
                let (a, b) = (row(a), row(b));
                for j in 0..H {
                    dst[j] = src[j].wrapping_add(a[j]).wrapping_sub(b[j]);
                }
            }
            (&[a], &[b, c]) => {
                let (a, b, c) = (row(a), row(b), row(c));
                for j in 0..H {
                    dst[j] = src[j]
                        .wrapping_add(a[j])
                        .wrapping_sub(b[j])
                        .wrapping_sub(c[j]);
                }
            }
            _ => self.step_any(src, dst, on, off),
        }
    }

    /// The output layer over both perspectives' first-layer sums, side to move's first,
    /// for a hidden size fixed at compile time (16-bit products summed in 32 bits, which
    /// the compiler turns into multiply-add instructions).
    fn output<const H: usize>(&self, own: &[i16], other: &[i16]) -> i32 {
        let mut sum = 0i32;
        for (half, acc) in [own, other].into_iter().enumerate() {
            let acc: &[i16; H] = acc.try_into().expect("hidden size");
            let w: &[i16; H] = self.w2[half * H..][..H].try_into().expect("hidden size");
            sum += acc
                .iter()
                .zip(w)
                .map(|(&a, &w)| a.clamp(0, QA as i16) as i32 * w as i32)
                .sum::<i32>();
        }
        sum
    }

    /// The same for any hidden size.
    fn output_any(&self, own: &[i16], other: &[i16]) -> i32 {
        let h = self.hidden;
        let mut sum = 0i32;
        for (half, acc) in [own, other].into_iter().enumerate() {
            sum += acc
                .iter()
                .zip(&self.w2[half * h..][..h])
                .map(|(&a, &w)| a.clamp(0, QA as i16) as i32 * w as i32)
                .sum::<i32>();
        }
        sum
    }

    /// The score in centipawns for the side to move from both perspectives' sums
    /// (`refresh`, `Accumulators`), side to move's first.
    pub fn evaluate_sums(&self, own: Sums, other: Sums) -> i32 {
        let dot = match self.hidden {
            16 => self.output::<16>(own.acc, other.acc),
            32 => self.output::<32>(own.acc, other.acc),
            64 => self.output::<64>(own.acc, other.acc),
            128 => self.output::<128>(own.acc, other.acc),
            256 => self.output::<256>(own.acc, other.acc),
            512 => self.output::<512>(own.acc, other.acc),
            _ => self.output_any(own.acc, other.acc),
        };
        self.scale(dot, own.lin - other.lin)
    }

    /// The score in centipawns for the side to move, from the active features of its
    /// perspective (`own`) and of the other side's, counted afresh (a game keeps the sums
    /// instead, `Accumulators`). Every index must be below `inputs`.
    pub fn evaluate(&self, own: &[u16], other: &[u16]) -> i32 {
        let mut sums = [vec![0; self.hidden], vec![0; self.hidden]];
        let lin_own = self.refresh(&mut sums[0], own);
        let lin_other = self.refresh(&mut sums[1], other);
        self.evaluate_sums(
            Sums {
                acc: &sums[0],
                lin: lin_own,
            },
            Sums {
                acc: &sums[1],
                lin: lin_other,
            },
        )
    }

    /// The output's sum with its bias and half the linear terms' difference, in centipawns.
    fn scale(&self, dot: i32, linear_difference: i32) -> i32 {
        let linear = linear_difference / 2;
        ((dot as i64 + self.b2 as i64 + linear as i64) * SCALE as i64 / (QA * QB) as i64) as i32
    }

    /// The network file: `TSNN`, version, the feature set's name, inputs, hidden, then the
    /// weights as little-endian integers (w1 by rows, b1, w2 as i16; b2 and psqt as i32).
    pub fn to_bytes(&self) -> Vec<u8> {
        let mut b = Vec::with_capacity(16 + 2 * self.w1.len());
        b.extend_from_slice(MAGIC);
        b.extend_from_slice(&VERSION.to_le_bytes());
        b.extend_from_slice(&(self.features.len() as u32).to_le_bytes());
        b.extend_from_slice(self.features.as_bytes());
        b.extend_from_slice(&(self.inputs as u32).to_le_bytes());
        b.extend_from_slice(&(self.hidden as u32).to_le_bytes());
        for v in self.w1.iter().chain(&self.b1).chain(&self.w2) {
            b.extend_from_slice(&v.to_le_bytes());
        }
        b.extend_from_slice(&self.b2.to_le_bytes());
        for v in &self.psqt {
            b.extend_from_slice(&v.to_le_bytes());
        }
        b
    }

    /// Reads a network file, refusing a truncated or oversized one.
    pub fn from_bytes(bytes: &[u8]) -> Result<Network, String> {
        let mut r = Reader { b: bytes, at: 0 };
        if r.take(4)? != MAGIC {
            return Err("not a network file (no TSNN header)".into());
        }
        let version = r.u32()?;
        if version != VERSION {
            return Err(format!(
                "network file version {version}, expected {VERSION}"
            ));
        }
        let n = r.u32()? as usize;
        if n > 64 {
            return Err("network file: feature set name too long".into());
        }
        let features = String::from_utf8(r.take(n)?.to_vec())
            .map_err(|_| "network file: feature set name is not text".to_string())?;
        let inputs = r.u32()? as usize;
        let hidden = r.u32()? as usize;
        if inputs == 0 || inputs > 1 << 16 || hidden == 0 || hidden > MAX_HIDDEN {
            return Err(format!(
                "network file: {inputs} inputs and {hidden} hidden neurons are out of range"
            ));
        }
        let mut i16s = |k: usize| -> Result<Vec<i16>, String> {
            let raw = r.take(2 * k)?;
            Ok(raw
                .chunks_exact(2)
                .map(|c| i16::from_le_bytes([c[0], c[1]]))
                .collect())
        };
        let w1 = i16s(inputs * hidden)?;
        let b1 = i16s(hidden)?;
        let w2 = i16s(2 * hidden)?;
        let b2 = r.u32()? as i32;
        let psqt = (0..inputs)
            .map(|_| r.u32().map(|v| v as i32))
            .collect::<Result<Vec<i32>, String>>()?;
        if r.at != bytes.len() {
            return Err(format!(
                "network file: {} bytes after the weights",
                bytes.len() - r.at
            ));
        }
        Ok(Network {
            features,
            inputs,
            hidden,
            w1,
            b1,
            w2,
            b2,
            psqt,
        })
    }

    /// Loads a network file, once per path: engines re-create their game for every
    /// position, and each copy shares the one network.
    pub fn load(path: &str) -> Result<Arc<Network>, String> {
        static CACHE: OnceLock<Mutex<HashMap<String, Arc<Network>>>> = OnceLock::new();
        let cache = CACHE.get_or_init(Default::default);
        if let Some(n) = cache.lock().ok().and_then(|c| c.get(path).cloned()) {
            return Ok(n);
        }
        let bytes = std::fs::read(path).map_err(|e| format!("cannot read {path}: {e}"))?;
        let net = Arc::new(Network::from_bytes(&bytes).map_err(|e| format!("{path}: {e}"))?);
        if let Ok(mut c) = cache.lock() {
            c.insert(path.to_string(), net.clone());
        }
        Ok(net)
    }
}

/// The first layer's sums along a line of play, one entry per position (the last is the
/// current one), each tagged with its position's key: per perspective (the first player's,
/// then the second's), `hidden` sums and the linear term. An action's entry is the one
/// before it with the features it changed turned on or off (`push`); taking it back drops it
/// (`pop`). Empty, it has nothing to say, and the evaluation counts afresh. Entries are
/// kept allocated when taken back, so a search does not allocate once it has been deep.
#[derive(Clone, Debug, Default)]
pub struct Accumulators {
    hidden: usize,
    /// `2 * hidden` per entry; entries past `keys.len()` are room, not positions.
    sums: Vec<i16>,
    lin: Vec<[i32; 2]>,
    keys: Vec<u64>,
}

impl Accumulators {
    /// Starts over at one position, from each perspective's active features.
    pub fn reset(&mut self, net: &Network, key: u64, active: [&[u16]; 2]) {
        let h = net.hidden;
        self.hidden = h;
        self.sums.clear();
        self.sums.resize(2 * h, 0);
        self.lin.clear();
        self.keys.clear();
        self.keys.push(key);
        let (a, b) = self.sums.split_at_mut(h);
        let lin = [net.refresh(a, active[0]), net.refresh(b, active[1])];
        self.lin.push(lin);
    }

    /// Forgets every position.
    pub fn clear(&mut self) {
        self.sums.clear();
        self.lin.clear();
        self.keys.clear();
    }

    /// The position after an action: the current sums with, per perspective, the features
    /// in `on` turned on and those in `off` turned off. Nothing when empty (there is no
    /// position to start from).
    #[inline]
    pub fn push(&mut self, net: &Network, key: u64, on: [&[u16]; 2], off: [&[u16]; 2]) {
        let n = self.keys.len();
        if n == 0 {
            return;
        }
        let stride = 2 * self.hidden;
        if self.sums.len() < (n + 1) * stride {
            self.sums.resize((n + 1) * stride, 0);
        }
        let (before, after) = self.sums.split_at_mut(n * stride);
        let src = &before[(n - 1) * stride..];
        let dst = &mut after[..stride];
        let last = self.lin[n - 1];
        let mut lin = [0; 2];
        for p in 0..2 {
            let r = p * self.hidden..(p + 1) * self.hidden;
            lin[p] = last[p] + net.step(&src[r.clone()], &mut dst[r], on[p], off[p]);
        }
        self.lin.push(lin);
        self.keys.push(key);
    }

    /// Takes the last position back.
    #[inline]
    pub fn pop(&mut self) {
        if self.keys.pop().is_some() {
            self.lin.pop();
        }
    }

    /// Both perspectives' sums of the current position, if it is the one with `key`.
    #[inline]
    pub fn current(&self, key: u64) -> Option<(Sums<'_>, Sums<'_>)> {
        let n = self.keys.len();
        if self.keys.last() != Some(&key) {
            return None;
        }
        let h = self.hidden;
        let top = &self.sums[(n - 1) * 2 * h..n * 2 * h];
        let lin = self.lin[n - 1];
        Some((
            Sums {
                acc: &top[..h],
                lin: lin[0],
            },
            Sums {
                acc: &top[h..],
                lin: lin[1],
            },
        ))
    }
}

struct Reader<'a> {
    b: &'a [u8],
    at: usize,
}

impl<'a> Reader<'a> {
    fn take(&mut self, n: usize) -> Result<&'a [u8], String> {
        let end = self
            .at
            .checked_add(n)
            .filter(|&e| e <= self.b.len())
            .ok_or("network file is truncated")?;
        let s = &self.b[self.at..end];
        self.at = end;
        Ok(s)
    }

    fn u32(&mut self) -> Result<u32, String> {
        let s = self.take(4)?;
        Ok(u32::from_le_bytes([s[0], s[1], s[2], s[3]]))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn small() -> FloatNet {
        let (inputs, hidden) = (10, 4);
        let w1 = (0..inputs * hidden)
            .map(|i| ((i * 37 % 23) as f32 - 11.0) / 40.0)
            .collect();
        FloatNet {
            features: "test-10".into(),
            inputs,
            hidden,
            w1,
            b1: vec![0.1, -0.2, 0.3, 0.05],
            w2: vec![0.5, -0.25, 0.75, 1.0, -0.5, 0.25, -0.75, 0.3],
            b2: 0.02,
            psqt: (0..inputs).map(|i| (i as f32 - 4.5) / 10.0).collect(),
        }
    }

    #[test]
    fn the_integer_network_follows_the_float_one() {
        let f = small();
        let n = Network::quantize(&f);
        for (own, other) in [
            (vec![0u16, 3, 7], vec![1u16, 2]),
            (vec![], vec![]),
            (vec![9, 8, 5, 4], vec![6, 0, 3]),
        ] {
            let exact = f.forward(&own, &other) * SCALE as f32;
            let int = n.evaluate(&own, &other);
            assert!(
                (exact - int as f32).abs() < 4.0,
                "{own:?} {other:?}: {exact} vs {int}"
            );
        }
        // By hand: b1 + rows, clipped to 0..1, dotted with w2.
        let mut acc = f.b1.clone();
        for (a, w) in acc.iter_mut().zip(&f.w1[3 * 4..4 * 4]) {
            *a += w;
        }
        let want: f32 = f.b2
            + acc
                .iter()
                .zip(&f.w2[..4])
                .map(|(a, w)| a.clamp(0.0, 1.0) * w)
                .sum::<f32>()
            + f.b1
                .iter()
                .zip(&f.w2[4..])
                .map(|(a, w)| a.clamp(0.0, 1.0) * w)
                .sum::<f32>();
        assert!((f.forward(&[3], &[]) - want - f.psqt[3] / 2.0).abs() < 1e-6);
    }

    #[test]
    fn an_integer_network_as_floats_computes_the_same_and_quantizes_back() {
        let n = Network::quantize(&small());
        let f = n.to_float();
        assert_eq!(Network::quantize(&f), n);
        for (own, other) in [(vec![0u16, 3, 7], vec![1u16, 2]), (vec![9, 8, 5], vec![6])] {
            let float = f.forward(&own, &other) * SCALE as f32;
            let int = n.evaluate(&own, &other);
            // The integer network rounds its sums down; the floats are the same numbers.
            assert!((float - int as f32).abs() <= 1.0, "{float} vs {int}");
        }
    }

    #[test]
    fn files_round_trip_and_bad_files_are_refused() {
        let n = Network::quantize(&small());
        let bytes = n.to_bytes();
        assert_eq!(Network::from_bytes(&bytes).unwrap(), n);
        assert!(Network::from_bytes(&bytes[..bytes.len() - 1])
            .unwrap_err()
            .contains("truncated"));
        let mut long = bytes.clone();
        long.push(0);
        assert!(Network::from_bytes(&long).unwrap_err().contains("after"));
        assert!(Network::from_bytes(b"PK\x03\x04")
            .unwrap_err()
            .contains("not a network"));
        let mut huge = bytes.clone();
        let at = 4 + 4 + 4 + "test-10".len() + 4;
        huge[at..at + 4].copy_from_slice(&100_000u32.to_le_bytes());
        assert!(Network::from_bytes(&huge)
            .unwrap_err()
            .contains("out of range"));
    }
}
