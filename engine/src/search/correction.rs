//! Correction history: how far searches found the static evaluation off in positions that
//! share a feature the game names (`Evaluate::correction_key`: in chess, the pawns), so
//! that later static evaluations of such positions are moved by the average error. Pawn
//! structures the evaluation misreads (a blockade it scores as a passer, a weak square it
//! does not see) are then read better for the pruning that relies on the static score.

use crate::core::game::Player;

/// Bits of a side's table index.
const BITS: u32 = 14;
/// Stored values are in 1/GRAIN of a centipawn, so small weights still move an entry.
const GRAIN: i32 = 64;
/// The largest correction, in centipawns: a wrong entry cannot turn the evaluation over.
const LIMIT: i32 = 300;
/// The largest depth weight (out of WEIGHT_SCALE) one search result carries.
const MAX_WEIGHT: i32 = 16;
const WEIGHT_SCALE: i32 = 256;

pub struct Correction {
    table: Vec<i32>,
}

impl Correction {
    pub fn new() -> Correction {
        Correction {
            table: vec![0; 2 << BITS],
        }
    }

    #[inline]
    fn slot(side: Player, key: u64) -> usize {
        (side.index() << BITS) | (key >> (64 - BITS)) as usize
    }

    /// The static evaluation `raw` of the side to move `side`, corrected by what searches
    /// of positions sharing `key` found.
    #[inline]
    pub fn apply(&self, side: Player, key: Option<u64>, raw: i32) -> i32 {
        match key {
            Some(k) => raw + self.table[Self::slot(side, k)] / GRAIN,
            None => raw,
        }
    }

    /// The correction learnt for `key` with `side` to move, in centipawns.
    #[inline]
    pub fn entry(&self, side: Player, key: u64) -> i32 {
        self.table[Self::slot(side, key)] / GRAIN
    }

    /// A search of `depth` plies scored the position `searched` where its corrected static
    /// evaluation said `eval`: the entry moves towards the error, the more the deeper the
    /// search (an exponential moving average).
    #[inline]
    pub fn learn(&mut self, side: Player, key: u64, depth: i32, eval: i32, searched: i32) {
        let error = (searched - eval).clamp(-LIMIT, LIMIT) * GRAIN;
        let w = (depth + 1).min(MAX_WEIGHT);
        let v = &mut self.table[Self::slot(side, key)];
        // The entry holds the correction already applied; the error is measured after it.
        let target = (*v + error).clamp(-LIMIT * GRAIN, LIMIT * GRAIN);
        *v = (*v * (WEIGHT_SCALE - w) + target * w) / WEIGHT_SCALE;
    }
}

impl Default for Correction {
    fn default() -> Self {
        Correction::new()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_entry_moves_towards_the_errors_found_and_stays_within_its_limit() {
        let mut c = Correction::new();
        let k = 0x1234_5678_9abc_def0;
        let key = Some(k);
        assert_eq!(c.apply(Player::White, key, 50), 50);
        for _ in 0..200 {
            let eval = c.apply(Player::White, key, 50);
            c.learn(Player::White, k, 12, eval, 90);
        }
        // Searches kept finding 90 where the evaluation said 50.
        let corrected = c.apply(Player::White, key, 50);
        assert!((88..=90).contains(&corrected), "{corrected}");
        // Per side, and only for the positions that share the key.
        assert_eq!(c.apply(Player::Black, key, 50), 50);
        assert_eq!(c.apply(Player::White, Some(1), 50), 50);
        assert_eq!(c.apply(Player::White, None, 50), 50);
        for _ in 0..2000 {
            let eval = c.apply(Player::White, key, 0);
            c.learn(Player::White, k, 12, eval, 30_000);
        }
        assert!(c.apply(Player::White, key, 0) <= LIMIT);
    }
}
