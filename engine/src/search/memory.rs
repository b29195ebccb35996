//! What a search thread learnt about the game, kept from one search to the next: the
//! ordering tables (history, capture history, continuation and structure history) and the
//! correction history. A search of the next move meets most of the same actions and pawn structures,
//! so it starts informed instead of empty. Kept beside the transposition table and cleared
//! with it (`ucinewgame`, `Clear Hash`), so a new game starts from nothing.

use std::sync::Mutex;

use super::correction::Correction;
use super::eval_cache::EvalCache;
use super::ordering::{ContHistory, History, StructureHistory};
use crate::core::game::Player;

/// One thread's tables.
pub struct ThreadMemory {
    pub history: History,
    pub captures: History,
    pub cont: ContHistory,
    pub structure: StructureHistory,
    pub correction: Correction,
    /// The corrections by the game's two `more_correction_keys`, then the continuation
    /// correction, by the line's last two actions.
    pub more_correction: [Correction; 3],
    /// Static evaluations of this search (emptied when the tables are taken).
    pub evals: EvalCache,
}

impl ThreadMemory {
    pub fn new() -> ThreadMemory {
        ThreadMemory {
            history: History::new(),
            captures: History::new(),
            cont: ContHistory::new(),
            structure: StructureHistory::new(),
            correction: Correction::new(),
            more_correction: [Correction::new(), Correction::new(), Correction::new()],
            evals: EvalCache::new(),
        }
    }

    /// Between searches and between the iterations of a longer process: the ordering
    /// tables keep their shape at half the weight, so the new search's cutoffs soon
    /// outweigh the old ones. The correction history is an average already.
    pub fn age(&mut self) {
        self.history.age();
        self.captures.age();
        self.cont.age();
        self.structure.age();
    }

    /// Rewards (positive bonus) or punishes a quiet action of `side` in its history and as
    /// the reply to the actions one and two plies before it (`prev`).
    #[inline]
    pub fn reward_quiet(&mut self, side: Player, prev: [u32; 2], code: u32, bonus: i32) {
        self.history.update(side, code, bonus);
        self.cont.update(prev, code, bonus);
    }

    /// A quiet action's cutoff: the action rewarded and the quiet actions `tried` before it
    /// punished by as much (`reward_quiet`), and, with `structure` (the node's structure
    /// key and the percent of the bonus it gets), in the structure history too.
    pub fn learn_quiet_cutoff(
        &mut self,
        side: Player,
        prev: [u32; 2],
        structure: Option<(u64, i32)>,
        code: u32,
        tried: &[u32],
        bonus: i32,
    ) {
        let taught = std::iter::once((code, bonus)).chain(tried.iter().map(|&q| (q, -bonus)));
        for (c, b) in taught {
            self.reward_quiet(side, prev, c, b);
            if let Some((key, percent)) = structure {
                self.structure.update(side, key, c, b * percent / 100);
            }
        }
    }
}

impl Default for ThreadMemory {
    fn default() -> Self {
        ThreadMemory::new()
    }
}

/// The tables of each search thread by its number, between searches.
#[derive(Default)]
pub struct SearchMemory {
    threads: Mutex<Vec<Option<ThreadMemory>>>,
}

impl SearchMemory {
    /// Thread `id`'s tables from the last search, aged, or empty ones.
    pub fn take(&self, id: usize) -> ThreadMemory {
        let kept = self
            .threads
            .lock()
            .ok()
            .and_then(|mut t| t.get_mut(id).and_then(Option::take));
        match kept {
            Some(mut m) => {
                m.age();
                m.evals.clear();
                m
            }
            None => ThreadMemory::new(),
        }
    }

    /// Keeps thread `id`'s tables for the next search.
    pub fn keep(&self, id: usize, m: ThreadMemory) {
        if let Ok(mut t) = self.threads.lock() {
            if t.len() <= id {
                t.resize_with(id + 1, || None);
            }
            t[id] = Some(m);
        }
    }

    pub fn clear(&self) {
        if let Ok(mut t) = self.threads.lock() {
            t.clear();
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::core::game::Player;

    #[test]
    fn tables_kept_come_back_aged_to_their_thread_and_clear_forgets_them() {
        let memory = SearchMemory::default();
        let mut m = memory.take(1);
        assert_eq!(m.history.get(Player::White, 7), 0);
        m.history.update(Player::White, 7, 800);
        let learnt = m.history.get(Player::White, 7);
        assert!(learnt > 0);
        memory.keep(1, m);
        assert_eq!(memory.take(0).history.get(Player::White, 7), 0);
        let m = memory.take(1);
        assert_eq!(m.history.get(Player::White, 7), learnt / 2);
        // Taken: thread 1 has nothing kept now.
        assert_eq!(memory.take(1).history.get(Player::White, 7), 0);
        memory.keep(1, m);
        memory.clear();
        assert_eq!(memory.take(1).history.get(Player::White, 7), 0);
    }
}
