//! A per-thread cache of static evaluations by position key. Iterative deepening, re-searches
//! and quiescence meet the same positions again and again, and the transposition table keeps
//! only a coarse evaluation; a hit here skips the evaluation. It is emptied at the start of
//! every search, so evaluation weights or options changed between searches are never read
//! stale; within a search, a position's key decides its evaluation (as the table assumes).

const BITS: u32 = 15;
/// The low bits of a slot hold the evaluation; the rest check the key.
const EVAL_BITS: u32 = 24;
const EVAL_MASK: u64 = (1 << EVAL_BITS) - 1;

pub struct EvalCache {
    slots: Vec<u64>,
}

impl EvalCache {
    pub fn new() -> EvalCache {
        EvalCache {
            slots: vec![0; 1 << BITS],
        }
    }

    pub fn clear(&mut self) {
        self.slots.fill(0);
    }

    #[inline]
    fn index(key: u64) -> usize {
        (key as usize) & ((1 << BITS) - 1)
    }

    #[inline]
    pub fn get(&self, key: u64) -> Option<i32> {
        let v = self.slots[Self::index(key)];
        (v != 0 && v & !EVAL_MASK == key & !EVAL_MASK)
            .then_some(((v as u32) << (32 - EVAL_BITS)) as i32 >> (32 - EVAL_BITS))
    }

    /// Stores `eval` for `key`; an evaluation outside 24 bits is not cached.
    #[inline]
    pub fn put(&mut self, key: u64, eval: i32) {
        let limit = 1 << (EVAL_BITS - 1);
        if (-limit..limit).contains(&eval) {
            self.slots[Self::index(key)] = (key & !EVAL_MASK) | (eval as u32 as u64 & EVAL_MASK);
        }
    }
}

impl Default for EvalCache {
    fn default() -> Self {
        EvalCache::new()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn stores_and_finds_by_key_and_forgets_on_clear() {
        let mut c = EvalCache::new();
        let k = 0xDEAD_BEEF_1234_5678u64;
        assert_eq!(c.get(k), None);
        for v in [0, 1, -1, 31_999, -31_999, (1 << 23) - 1, -(1 << 23)] {
            c.put(k, v);
            assert_eq!(c.get(k), Some(v));
        }
        // Same slot, another key: a miss, not the other's value.
        assert_eq!(c.get(k ^ (1 << 40)), None);
        c.put(k, 1 << 23);
        assert_eq!(c.get(k), Some(-(1 << 23)), "too large: the old value stays");
        c.clear();
        assert_eq!(c.get(k), None);
    }
}
