//! The memory of one legality search over the rest of a turn: a turn of several actions
//! meets the same mid-turn position by different orders (two steps, a move and a
//! replacement), and each is decided once.

/// A small direct-mapped table of mid-turn positions already decided within one generation
/// call: step orders (or pairs of actions) that meet transpose.
pub struct Memo {
    slots: [(u64, bool); MEMO_SLOTS],
}

const MEMO_SLOTS: usize = 64;

impl Default for Memo {
    fn default() -> Memo {
        Memo {
            slots: [(0, false); MEMO_SLOTS],
        }
    }
}

impl Memo {
    #[inline]
    pub fn get(&self, key: u64) -> Option<bool> {
        let (k, v) = self.slots[key as usize % MEMO_SLOTS];
        (k == key && key != 0).then_some(v)
    }

    #[inline]
    pub fn put(&mut self, key: u64, v: bool) {
        self.slots[key as usize % MEMO_SLOTS] = (key, v);
    }

    /// The answer for the position `key`, from the table or else from `decide` (then kept).
    #[inline]
    pub fn decide(&mut self, key: u64, decide: impl FnOnce(&mut Memo) -> bool) -> bool {
        if let Some(v) = self.get(key) {
            return v;
        }
        let v = decide(self);
        self.put(key, v);
        v
    }
}
