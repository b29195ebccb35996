//! A lockless transposition table shared by all search threads.
//!
//! Each slot is two `AtomicU64`s: the data word and a check word, `key ^ data` with its low
//! eight bits replaced by the search generation that wrote it. A reader recomputes
//! `check ^ data` and accepts the entry only if it agrees with its key above those eight bits,
//! so a torn write by another thread reads as a miss instead of as wrong data (the "xor trick"
//! of lockless hashing). Slots come in buckets of two; a store evicts the slot that is
//! shallowest once its age is counted, so old searches' entries leave first.
//! The game is not known here: actions are stored as their `Action::code`.

use std::sync::atomic::{AtomicU64, AtomicU8, Ordering};

use super::memory::SearchMemory;

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Bound {
    Exact,
    Lower,
    Upper,
}

/// A probed entry.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Entry {
    /// `Action::code` of the best action, `u32::MAX` when none.
    pub action: u32,
    pub score: i16,
    /// The position was on a principal variation when it was stored, or before (a search
    /// that finds it again off the variation may spend more on it).
    pub pv: bool,
    pub depth: u8,
    pub bound: Bound,
}

const NO_ACTION: u32 = u32::MAX;
const BUCKET: usize = 2;
const GEN_MASK: u64 = 0xff;

/// A bucket's slots, aligned to their size so that a bucket never straddles two cache
/// lines: a probe costs one memory access, not two.
#[repr(C, align(32))]
struct Bucket([[AtomicU64; 2]; BUCKET]);

pub struct TranspositionTable {
    buckets: Vec<Bucket>,
    generation: AtomicU8,
    /// The search threads' ordering tables and correction history between searches,
    /// cleared with the table.
    pub memory: SearchMemory,
}

impl TranspositionTable {
    /// A table of at most `mb` mebibytes: the most slots, a power of two, that fit.
    pub fn new(mb: usize) -> TranspositionTable {
        // A power of two, so that a key masks to a bucket; 1 MB is already 65,536 slots.
        let slot = std::mem::size_of::<[AtomicU64; 2]>();
        let n = 1usize << ((mb.max(1) << 20) / slot).ilog2();
        let buckets = (0..n / BUCKET)
            .map(|_| {
                Bucket(std::array::from_fn(|_| {
                    [AtomicU64::new(0), AtomicU64::new(0)]
                }))
            })
            .collect();
        TranspositionTable {
            buckets,
            generation: AtomicU8::new(0),
            memory: SearchMemory::default(),
        }
    }

    /// The number of slots.
    pub fn len(&self) -> usize {
        self.buckets.len() * BUCKET
    }

    pub fn is_empty(&self) -> bool {
        self.buckets.is_empty()
    }

    /// Slot `i` (bucket `i / BUCKET`).
    #[inline]
    fn slot(&self, i: usize) -> &[AtomicU64; 2] {
        &self.buckets[i / BUCKET].0[i % BUCKET]
    }

    pub fn clear(&self) {
        for s in self.buckets.iter().flat_map(|b| &b.0) {
            s[0].store(0, Ordering::Relaxed);
            s[1].store(0, Ordering::Relaxed);
        }
        self.generation.store(0, Ordering::Relaxed);
        self.memory.clear();
    }

    /// Called at the start of each search so that old entries are replaced first.
    pub fn new_search(&self) {
        self.generation.fetch_add(1, Ordering::Relaxed);
    }

    fn generation(&self) -> u64 {
        self.generation.load(Ordering::Relaxed) as u64
    }

    /// First slot of the key's bucket.
    #[inline]
    fn bucket(&self, key: u64) -> usize {
        // The high bits pick the bucket; mixing with a multiply spreads poor low bits.
        let buckets = self.buckets.len();
        ((key as u128 * buckets as u128) >> 64) as usize * BUCKET
    }

    #[inline]
    fn read(&self, i: usize) -> Option<(u64, u64, u64)> {
        let slot = self.slot(i);
        let data = slot[0].load(Ordering::Relaxed);
        let check = slot[1].load(Ordering::Relaxed);
        if data == 0 {
            return None;
        }
        let gen = check & GEN_MASK;
        Some((data, (check ^ data) & !GEN_MASK, gen))
    }

    pub fn probe(&self, key: u64) -> Option<Entry> {
        let b = self.bucket(key);
        (b..b + BUCKET).find_map(|i| match self.read(i) {
            Some((data, k, _)) if k == key & !GEN_MASK => Some(unpack(data)),
            _ => None,
        })
    }

    pub fn store(
        &self,
        key: u64,
        action: Option<u32>,
        score: i32,
        pv: bool,
        depth: u32,
        bound: Bound,
    ) {
        let b = self.bucket(key);
        let gen = self.generation();
        let mut victim = b;
        let mut victim_worth = i32::MAX;
        let mut action = action.unwrap_or(NO_ACTION);
        for i in b..b + BUCKET {
            let Some((data, k, g)) = self.read(i) else {
                if victim_worth > i32::MIN {
                    victim = i;
                    victim_worth = i32::MIN;
                }
                continue;
            };
            if k == key & !GEN_MASK {
                let e = unpack(data);
                // Keep a deeper result of this search for the same position unless this one is
                // exact; keep the known best action when this result has none.
                if g == gen && (depth as u8).saturating_add(2) < e.depth && bound != Bound::Exact {
                    return;
                }
                if action == NO_ACTION {
                    action = e.action;
                }
                victim = i;
                break;
            }
            let age = (gen.wrapping_sub(g) & GEN_MASK) as i32;
            let worth = unpack(data).depth as i32 - 8 * age;
            if worth < victim_worth {
                victim = i;
                victim_worth = worth;
            }
        }
        let data = pack_entry(Entry {
            action,
            score: score.clamp(i16::MIN as i32, i16::MAX as i32) as i16,
            pv,
            depth: depth.min(255) as u8,
            bound,
        });
        let slot = self.slot(victim);
        slot[0].store(data, Ordering::Relaxed);
        slot[1].store(((key ^ data) & !GEN_MASK) | gen, Ordering::Relaxed);
    }

    /// Permille of a sample of slots that hold an entry of the current search (for
    /// `info hashfull`).
    pub fn hashfull(&self) -> u32 {
        let n = self.len().min(1000);
        let gen = self.generation();
        let used = (0..n)
            .filter(|&i| matches!(self.read(i), Some((_, _, g)) if g == gen))
            .count();
        (used * 1000 / n) as u32
    }
}

// Layout of the data word: action code (32) | score (16) | principal variation (1) |
// unused (7) | depth (6) | bound (2). Depth above 63 is stored as 63. The bound is never 0,
// so a written data word is never 0 and 0 marks an empty slot.
fn pack_entry(e: Entry) -> u64 {
    let b = match e.bound {
        Bound::Exact => 1u64,
        Bound::Lower => 2,
        Bound::Upper => 3,
    };
    (e.action as u64)
        | ((e.score as u16 as u64) << 32)
        | (u64::from(e.pv) << 48)
        | ((e.depth.min(63) as u64) << 56)
        | (b << 62)
}

fn unpack(d: u64) -> Entry {
    let bound = match d >> 62 {
        1 => Bound::Exact,
        2 => Bound::Lower,
        _ => Bound::Upper,
    };
    Entry {
        action: d as u32,
        score: (d >> 32) as u16 as i16,
        pv: (d >> 48) & 1 != 0,
        depth: ((d >> 56) & 0x3f) as u8,
        bound,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_table_takes_the_memory_asked_for_rounded_down_to_a_power_of_two() {
        let bytes = |mb| TranspositionTable::new(mb).len() * 16;
        assert_eq!(bytes(1), 1 << 20);
        assert_eq!(bytes(16), 16 << 20);
        assert_eq!(bytes(24), 16 << 20);
        assert_eq!(bytes(31), 16 << 20);
        assert_eq!(bytes(32), 32 << 20);
        assert_eq!(std::mem::size_of::<Bucket>(), 16 * BUCKET);
    }

    #[test]
    fn store_and_probe_round_trip() {
        let tt = TranspositionTable::new(1);
        tt.store(0xdead_beef_1234, Some(77), -321, true, 9, Bound::Lower);
        let e = tt.probe(0xdead_beef_1234).unwrap();
        assert_eq!(e.action, 77);
        assert_eq!(e.score, -321);
        assert!(e.pv);
        assert_eq!(e.depth, 9);
        assert_eq!(e.bound, Bound::Lower);
        assert_eq!(tt.probe(0xdead_beef_1235 << 8), None);
        tt.store(0xdead_beef_1234, Some(77), -321, false, 9, Bound::Lower);
        assert!(!tt.probe(0xdead_beef_1234).unwrap().pv);
        tt.clear();
        assert_eq!(tt.probe(0xdead_beef_1234), None);
    }

    #[test]
    fn both_slots_of_a_bucket_hold_entries() {
        let tt = TranspositionTable::new(1);
        // Keys that differ only in their low bits fall into the same bucket.
        let (a, b, c) = (
            0x1234_5678_9abc_de00u64,
            0x1234_5678_9abc_df00,
            0x1234_5678_9abc_e000,
        );
        assert_eq!(tt.bucket(a), tt.bucket(b));
        assert_eq!(tt.bucket(a), tt.bucket(c));
        tt.store(a, Some(1), 10, false, 12, Bound::Exact);
        tt.store(b, Some(2), 20, false, 3, Bound::Exact);
        assert_eq!(tt.probe(a).unwrap().action, 1);
        assert_eq!(tt.probe(b).unwrap().action, 2);
        // A third key evicts the shallower entry, not the deep one.
        tt.store(c, Some(3), 30, false, 5, Bound::Exact);
        assert_eq!(tt.probe(a).unwrap().action, 1);
        assert_eq!(tt.probe(b), None);
        assert_eq!(tt.probe(c).unwrap().action, 3);
    }

    #[test]
    fn old_generations_are_evicted_first() {
        let tt = TranspositionTable::new(1);
        let (a, b, c) = (
            0x7777_0000_0000_0100u64,
            0x7777_0000_0000_0200,
            0x7777_0000_0000_0300,
        );
        tt.store(a, Some(1), 0, false, 20, Bound::Exact);
        for _ in 0..4 {
            tt.new_search();
        }
        tt.store(b, Some(2), 0, false, 6, Bound::Exact);
        tt.store(c, Some(3), 0, false, 4, Bound::Exact);
        assert_eq!(
            tt.probe(a),
            None,
            "a deep entry four searches old goes first"
        );
        assert!(tt.probe(b).is_some() && tt.probe(c).is_some());
    }

    #[test]
    fn a_shallow_store_keeps_the_deeper_entry_and_its_action() {
        let tt = TranspositionTable::new(1);
        let k = 0x5555_aaaa_5555_aa00u64;
        tt.store(k, Some(9), 50, false, 10, Bound::Lower);
        tt.store(k, None, 40, false, 2, Bound::Upper);
        assert_eq!(tt.probe(k).unwrap().depth, 10);
        tt.store(k, None, 40, false, 9, Bound::Upper);
        let e = tt.probe(k).unwrap();
        assert_eq!((e.depth, e.action, e.bound), (9, 9, Bound::Upper));
        assert_eq!(
            tt.hashfull(),
            0,
            "one entry is under a permille of the sample"
        );
    }
}
