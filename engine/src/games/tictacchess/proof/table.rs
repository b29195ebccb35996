//! The proof search's transposition table, shared by the searching threads without locks.
//!
//! Entries are keyed by the canonical position code (no path, no depth). Each holds the proven
//! facts about the side to move, which are monotone in the depth bound:
//! - a win within `d` plies is a win within every `d' >= d` (`win_at`: the smallest such `d`);
//! - no win within `d` is no win within every `d' <= d` (`no_win_below`: one more than the
//!   largest such `d`);
//! - the same two for a loss (`loss_at`, `no_loss_below`);
//!
//! and the working proof and disproof numbers of the one question (kind and depth) last
//! searched there. A slot is three atomic words: the code XOR the two data words, and the data
//! words; a reader accepts a slot only when the XOR gives its code back, so a slot torn by two
//! threads writing at once reads as absent, never as wrong.

use std::sync::atomic::{AtomicU64, Ordering};

/// Slots per bucket: a code goes into one bucket and takes any of its slots.
const WAYS: usize = 4;
/// Set in every stored code, so that an all-zero slot never matches.
const USED: u64 = 1 << 63;

/// The depth-monotone facts about a position, for its side to move.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Bounds {
    /// Wins within this many plies (255: none proven).
    pub win_at: u8,
    /// Does not win within any bound below this (0: nothing proven).
    pub no_win_below: u8,
    /// Loses within this many plies (255: none proven).
    pub loss_at: u8,
    /// Does not lose within any bound below this.
    pub no_loss_below: u8,
}

impl Default for Bounds {
    fn default() -> Bounds {
        Bounds {
            win_at: 255,
            no_win_below: 0,
            loss_at: 255,
            no_loss_below: 0,
        }
    }
}

impl Bounds {
    pub fn pack(self) -> u32 {
        u32::from_le_bytes([
            self.win_at,
            self.no_win_below,
            self.loss_at,
            self.no_loss_below,
        ])
    }

    pub fn unpack(w: u32) -> Bounds {
        let [a, b, c, d] = w.to_le_bytes();
        Bounds {
            win_at: a,
            no_win_below: b,
            loss_at: c,
            no_loss_below: d,
        }
    }

    /// Both sets of facts together.
    pub fn merge(self, o: Bounds) -> Bounds {
        Bounds {
            win_at: self.win_at.min(o.win_at),
            no_win_below: self.no_win_below.max(o.no_win_below),
            loss_at: self.loss_at.min(o.loss_at),
            no_loss_below: self.no_loss_below.max(o.no_loss_below),
        }
    }

    pub fn is_empty(self) -> bool {
        self == Bounds::default()
    }
}

/// The working numbers of one unfinished question.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Work {
    /// 0: "does the side to move win", 1: "does it lose".
    pub kind: u8,
    pub depth: u8,
    pub pn: u32,
    pub dn: u32,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Entry {
    pub bounds: Bounds,
    pub work: Option<Work>,
    /// log2 of the nodes spent below this position (the replacement priority).
    pub effort: u8,
}

pub struct Table {
    slots: Vec<[AtomicU64; 3]>,
    buckets: usize,
}

#[inline]
fn mix(code: u64) -> u64 {
    let mut x = code.wrapping_mul(0x9e37_79b9_7f4a_7c15);
    x ^= x >> 29;
    x = x.wrapping_mul(0xbf58_476d_1ce4_e5b9);
    x ^ (x >> 32)
}

fn pack(e: &Entry) -> (u64, u64) {
    let (meta, nums) = match e.work {
        Some(w) => (
            1 | (w.kind as u64) << 1 | (w.depth as u64) << 2,
            (w.pn as u64) | (w.dn as u64) << 32,
        ),
        None => (0, 0),
    };
    (
        e.bounds.pack() as u64 | meta << 32 | (e.effort as u64) << 48,
        nums,
    )
}

fn unpack(a: u64, b: u64) -> Entry {
    let meta = (a >> 32) & 0xffff;
    Entry {
        bounds: Bounds::unpack(a as u32),
        work: (meta & 1 == 1).then_some(Work {
            kind: ((meta >> 1) & 1) as u8,
            depth: (meta >> 2) as u8,
            pn: b as u32,
            dn: (b >> 32) as u32,
        }),
        effort: (a >> 48) as u8,
    }
}

impl Table {
    /// A table of about `mib` MiB (a power of two of buckets).
    pub fn new(mib: usize) -> Table {
        let bytes = mib.max(1) << 20;
        let per_bucket = WAYS * 24;
        let mut buckets = 1;
        while buckets * 2 * per_bucket <= bytes {
            buckets *= 2;
        }
        let slots = (0..buckets * WAYS)
            .map(|_| [AtomicU64::new(0), AtomicU64::new(0), AtomicU64::new(0)])
            .collect();
        Table { slots, buckets }
    }

    pub fn capacity(&self) -> usize {
        self.slots.len()
    }

    #[inline]
    fn bucket(&self, code: u64) -> usize {
        (mix(code) as usize & (self.buckets - 1)) * WAYS
    }

    #[inline]
    fn read(&self, i: usize) -> Option<(u64, Entry)> {
        let s = &self.slots[i];
        let x = s[0].load(Ordering::Relaxed);
        let a = s[1].load(Ordering::Relaxed);
        let b = s[2].load(Ordering::Relaxed);
        let code = x ^ a ^ b;
        (code & USED != 0).then(|| (code & !USED, unpack(a, b)))
    }

    pub fn get(&self, code: u64) -> Option<Entry> {
        let base = self.bucket(code);
        (base..base + WAYS).find_map(|i| match self.read(i) {
            Some((c, e)) if c == code => Some(e),
            _ => None,
        })
    }

    /// Stores an entry, merging the bounds already known for the position. Replaces the slot
    /// with the least effort when the bucket is full.
    pub fn put(&self, code: u64, mut e: Entry) {
        let base = self.bucket(code);
        let mut victim = base;
        let mut victim_effort = u16::MAX;
        for i in base..base + WAYS {
            match self.read(i) {
                Some((c, old)) if c == code => {
                    e.bounds = e.bounds.merge(old.bounds);
                    e.effort = e.effort.max(old.effort);
                    victim = i;
                    break;
                }
                Some((_, old)) => {
                    // Proven facts outlive working numbers of the same effort.
                    let keep = old.effort as u16 * 2 + (!old.bounds.is_empty()) as u16;
                    if keep < victim_effort {
                        victim_effort = keep;
                        victim = i;
                    }
                }
                None => {
                    if victim_effort > 0 {
                        victim_effort = 0;
                        victim = i;
                    }
                }
            }
        }
        let (a, b) = pack(&e);
        let s = &self.slots[victim];
        s[0].store((code | USED) ^ a ^ b, Ordering::Relaxed);
        s[1].store(a, Ordering::Relaxed);
        s[2].store(b, Ordering::Relaxed);
    }

    /// Every readable entry with proven facts (for the checkpoint).
    pub fn facts(&self) -> Vec<(u64, Bounds)> {
        (0..self.slots.len())
            .filter_map(|i| self.read(i))
            .filter(|(_, e)| !e.bounds.is_empty())
            .map(|(c, e)| (c, e.bounds))
            .collect()
    }

    /// Slots in use.
    pub fn used(&self) -> usize {
        (0..self.slots.len())
            .filter(|&i| self.read(i).is_some())
            .count()
    }
}
