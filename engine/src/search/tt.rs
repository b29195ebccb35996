//! A lockless transposition table shared by all search threads.
//!
//! Each slot is two `AtomicU64`s: the data word and `key ^ data`. A reader recomputes
//! `stored ^ data` and accepts the entry only if it equals its key, so a torn write by another
//! thread reads as a miss instead of as wrong data (the "xor trick" of lockless hashing).
//! The game is not known here: actions are stored as their `Action::code`.

use std::sync::atomic::{AtomicU64, AtomicU8, Ordering};

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
    pub eval: i16,
    pub depth: u8,
    pub bound: Bound,
}

const NO_ACTION: u32 = u32::MAX;

pub struct TranspositionTable {
    slots: Vec<[AtomicU64; 2]>,
    generation: AtomicU8,
}

impl TranspositionTable {
    /// A table of about `mb` mebibytes (at least one slot).
    pub fn new(mb: usize) -> TranspositionTable {
        let n = ((mb.max(1) << 20) / 16).next_power_of_two() / 2;
        let n = n.max(1024);
        let slots = (0..n)
            .map(|_| [AtomicU64::new(0), AtomicU64::new(0)])
            .collect();
        TranspositionTable {
            slots,
            generation: AtomicU8::new(0),
        }
    }

    pub fn len(&self) -> usize {
        self.slots.len()
    }

    pub fn is_empty(&self) -> bool {
        self.slots.is_empty()
    }

    pub fn clear(&self) {
        for s in &self.slots {
            s[0].store(0, Ordering::Relaxed);
            s[1].store(0, Ordering::Relaxed);
        }
        self.generation.store(0, Ordering::Relaxed);
    }

    /// Called at the start of each search so that old entries are replaced first.
    pub fn new_search(&self) {
        self.generation.fetch_add(1, Ordering::Relaxed);
    }

    #[inline]
    fn index(&self, key: u64) -> usize {
        // The high bits pick the slot; mixing with a multiply spreads poor low bits.
        ((key as u128 * self.slots.len() as u128) >> 64) as usize
    }

    pub fn probe(&self, key: u64) -> Option<Entry> {
        let slot = &self.slots[self.index(key)];
        let data = slot[0].load(Ordering::Relaxed);
        let check = slot[1].load(Ordering::Relaxed);
        if data == 0 || check ^ data != key {
            return None;
        }
        Some(unpack(data))
    }

    pub fn store(
        &self,
        key: u64,
        action: Option<u32>,
        score: i32,
        eval: i32,
        depth: u32,
        bound: Bound,
    ) {
        let slot = &self.slots[self.index(key)];
        let old = slot[0].load(Ordering::Relaxed);
        let old_key = slot[1].load(Ordering::Relaxed) ^ old;
        let action = action.unwrap_or(NO_ACTION);
        if old != 0 && old_key == key {
            let e = unpack(old);
            // Keep a deeper result for the same position unless this one is exact.
            if (depth as u8) + 2 < e.depth && bound != Bound::Exact {
                return;
            }
        }
        let data = pack_entry(Entry {
            action,
            score: score.clamp(i16::MIN as i32, i16::MAX as i32) as i16,
            eval: eval.clamp(i16::MIN as i32, i16::MAX as i32) as i16,
            depth: depth.min(255) as u8,
            bound,
        });
        slot[0].store(data, Ordering::Relaxed);
        slot[1].store(key ^ data, Ordering::Relaxed);
    }

    /// Permille of a sample of slots that hold an entry (for `info hashfull`).
    pub fn hashfull(&self) -> u32 {
        let n = self.slots.len().min(1000);
        let used = self.slots[..n]
            .iter()
            .filter(|s| s[0].load(Ordering::Relaxed) != 0)
            .count();
        (used * 1000 / n) as u32
    }
}

// Layout of the data word: action code (32) | score (16) | eval (8, in 16-cp steps,
// saturating) | depth (6) | bound (2). Depth above 63 is stored as 63.
fn pack_entry(e: Entry) -> u64 {
    let b = match e.bound {
        Bound::Exact => 1u64,
        Bound::Lower => 2,
        Bound::Upper => 3,
    };
    let eval8 = (e.eval as i32 / 16).clamp(-128, 127) as i8 as u8 as u64;
    (e.action as u64)
        | ((e.score as u16 as u64) << 32)
        | (eval8 << 48)
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
        eval: ((d >> 48) as u8 as i8 as i16) * 16,
        depth: ((d >> 56) & 0x3f) as u8,
        bound,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn store_and_probe_round_trip() {
        let tt = TranspositionTable::new(1);
        tt.store(0xdead_beef_1234, Some(77), -321, 48, 9, Bound::Lower);
        let e = tt.probe(0xdead_beef_1234).unwrap();
        assert_eq!(e.action, 77);
        assert_eq!(e.score, -321);
        assert_eq!(e.eval, 48);
        assert_eq!(e.depth, 9);
        assert_eq!(e.bound, Bound::Lower);
        assert_eq!(tt.probe(0xdead_beef_1235), None);
        tt.clear();
        assert_eq!(tt.probe(0xdead_beef_1234), None);
    }
}
