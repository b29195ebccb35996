//! Move ordering: the table move first, then tactical actions by the game's own hint, then the
//! killers of the ply, then quiet actions by history. The game is only seen through
//! `Action::code`, hashed into fixed-size tables.

use std::sync::Mutex;

use super::score::MAX_PLY;
use crate::game::{Action, Evaluate, Player};

const HISTORY_BITS: u32 = 14;
const HISTORY_MAX: i32 = 16_384;

const TT_MOVE: i32 = i32::MAX;
const TACTICAL: i32 = 1 << 28;
const KILLER: i32 = 1 << 27;
/// Below every quiet action (history, continuation history and hints stay within
/// ±(2^20 + 3·2^14)).
const LOSING_TACTICAL: i32 = -(1 << 22);

/// A history value after a reward (positive bonus) or punishment (negative): the gravity term
/// keeps it inside `±HISTORY_MAX` and lets old knowledge fade.
#[inline]
fn with_gravity(v: i32, bonus: i32) -> i32 {
    let bonus = bonus.clamp(-HISTORY_MAX, HISTORY_MAX);
    v + bonus - v * bonus.abs() / HISTORY_MAX
}

/// History heuristic: how often a quiet action caused a cutoff, per side, by hashed code.
pub struct History {
    table: Vec<i32>,
}

impl History {
    pub fn new() -> History {
        History {
            table: vec![0; 2 << HISTORY_BITS],
        }
    }

    #[inline]
    fn slot(side: Player, code: u32) -> usize {
        let h = code.wrapping_mul(0x9E37_79B1) >> (32 - HISTORY_BITS);
        (side.index() << HISTORY_BITS) | h as usize
    }

    #[inline]
    pub fn get(&self, side: Player, code: u32) -> i32 {
        self.table[Self::slot(side, code)]
    }

    /// Rewards (positive bonus) or punishes (negative) an action (`with_gravity`).
    #[inline]
    pub fn update(&mut self, side: Player, code: u32, bonus: i32) {
        let v = &mut self.table[Self::slot(side, code)];
        *v = with_gravity(*v, bonus);
    }

    /// Between searches: keep the shape, shrink the weight.
    pub fn age(&mut self) {
        for v in &mut self.table {
            *v /= 2;
        }
    }
}

impl Default for History {
    fn default() -> Self {
        History::new()
    }
}

/// Bits of a continuation table's index.
const CONT_BITS: u32 = 19;
/// Of which the earlier action's hash takes these.
const CONT_ROW_BITS: u32 = 9;
/// The code the action stack holds where no action leads (the root's parents, a null move).
pub const NO_CODE: u32 = u32::MAX;

/// Continuation history: how a quiet action fared as the reply to the action one ply before
/// and two plies before, by a hash of both codes. It orders the quiet actions the plain
/// history cannot tell apart, by what usually answers what.
pub struct ContHistory {
    /// The table for one ply back, then the one for two plies back.
    table: Vec<i16>,
}

/// Tables of finished searches, kept for the next ones: a search starts with every `go`, and
/// fresh memory for its tables would cost a page fault per page, about a millisecond.
static SPARE: Mutex<Vec<Vec<i16>>> = Mutex::new(Vec::new());
const SPARE_MAX: usize = 16;

impl ContHistory {
    /// An empty table (every search starts from the same state, so results repeat).
    pub fn new() -> ContHistory {
        let spare = SPARE.lock().ok().and_then(|mut s| s.pop());
        let table = match spare {
            Some(mut t) => {
                t.fill(0);
                t
            }
            None => vec![0; 2 << CONT_BITS],
        };
        ContHistory { table }
    }

    /// A row per (hashed) earlier action, so that scoring a node's actions reads one row.
    #[inline]
    fn slot(back: usize, prev: u32, code: u32) -> usize {
        let row = prev.wrapping_mul(0x9E37_79B1) >> (32 - CONT_ROW_BITS);
        let col = code.wrapping_mul(0x85EB_CA6B) >> (32 - (CONT_BITS - CONT_ROW_BITS));
        (back << CONT_BITS) | ((row << (CONT_BITS - CONT_ROW_BITS)) | col) as usize
    }

    /// The sum over the earlier actions known (`prev[i]` is the action `i + 1` plies back).
    #[inline]
    pub fn get(&self, prev: [u32; 2], code: u32) -> i32 {
        let mut v = 0;
        for (back, &p) in prev.iter().enumerate() {
            if p != NO_CODE {
                v += self.table[Self::slot(back, p, code)] as i32;
            }
        }
        v
    }

    /// Rewards or punishes `code` as the reply to `prev`, with the same gravity as `History`.
    #[inline]
    pub fn update(&mut self, prev: [u32; 2], code: u32, bonus: i32) {
        for (back, &p) in prev.iter().enumerate() {
            if p != NO_CODE {
                let v = &mut self.table[Self::slot(back, p, code)];
                *v = with_gravity(*v as i32, bonus) as i16;
            }
        }
    }

    pub fn age(&mut self) {
        self.table.iter_mut().for_each(|v| *v /= 2);
    }
}

impl Drop for ContHistory {
    fn drop(&mut self) {
        if let Ok(mut spare) = SPARE.lock() {
            if spare.len() < SPARE_MAX {
                spare.push(std::mem::take(&mut self.table));
            }
        }
    }
}

impl Default for ContHistory {
    fn default() -> Self {
        ContHistory::new()
    }
}

/// Two quiet actions per ply that last caused a cutoff there.
pub struct Killers {
    table: Vec<[u32; 2]>,
}

impl Killers {
    pub fn new() -> Killers {
        Killers {
            table: vec![[u32::MAX; 2]; MAX_PLY + 2],
        }
    }

    #[inline]
    pub fn get(&self, ply: usize) -> [u32; 2] {
        self.table[ply]
    }

    #[inline]
    pub fn add(&mut self, ply: usize, code: u32) {
        let k = &mut self.table[ply];
        if k[0] != code {
            k[1] = k[0];
            k[0] = code;
        }
    }

    pub fn clear(&mut self) {
        self.table.iter_mut().for_each(|k| *k = [u32::MAX; 2]);
    }
}

impl Default for Killers {
    fn default() -> Self {
        Killers::new()
    }
}

/// The learnt tables an ordering reads: the quiet history, the capture history and the
/// continuation history with the codes of the actions one and two plies back (quiescence and
/// the root's first ordering go without the last two).
pub struct Learnt<'t> {
    pub quiet: &'t History,
    pub captures: Option<&'t History>,
    pub cont: Option<(&'t ContHistory, [u32; 2])>,
}

/// Capture history counts this much less than the quiet history: it reorders tactical
/// actions the game's hint ranks close together (a pawn taking a pawn against a knight
/// taking one) without overturning the hint's order by the victim's worth.
const CAPTURE_HISTORY_SHIFT: u32 = 4;

/// Fills `scores` with an ordering key per action (larger first).
pub fn score_actions<G: Evaluate>(
    g: &G,
    actions: &[G::Action],
    scores: &mut Vec<i32>,
    tt_code: Option<u32>,
    killers: [u32; 2],
    learnt: &Learnt<'_>,
) {
    let side = g.to_move();
    scores.clear();
    scores.extend(actions.iter().map(|&a| {
        let code = a.code();
        if Some(code) == tt_code {
            TT_MOVE
        } else if g.is_tactical(a) {
            let hint = g.order_score(a);
            if hint >= 0 {
                let learnt = learnt
                    .captures
                    .map_or(0, |c| c.get(side, code) >> CAPTURE_HISTORY_SHIFT);
                TACTICAL + hint.min(1 << 26) + learnt
            } else {
                LOSING_TACTICAL + hint.max(-(1 << 20))
            }
        } else if code == killers[0] {
            KILLER + 1
        } else if code == killers[1] {
            KILLER
        } else {
            let replies = learnt.cont.map_or(0, |(c, prev)| c.get(prev, code));
            learnt.quiet.get(side, code) + replies + g.order_score(a).clamp(-(1 << 20), 1 << 20)
        }
    }));
}

/// Picks this many actions by selection (a cutoff usually comes within them); at the next
/// pick the rest of the list is sorted at once, since a node that got that far usually
/// tries every action: a selection step per action would cost the square of their number.
const SELECTION_STEPS: usize = 3;
/// Longer tails than this keep being picked by selection (their sort keys live on the stack).
const SORT_MAX: usize = 256;

/// Moves the best-scored action from `i..` to `i`, given `i = 0, 1, 2, ...` in turn: the
/// first `SELECTION_STEPS` by selection, then the whole tail sorted once. Equal scores keep
/// the order selection would give them only in the first steps.
#[inline]
pub fn pick<A: Copy>(actions: &mut [A], scores: &mut [i32], i: usize) {
    let len = actions.len();
    if i >= SELECTION_STEPS && len.saturating_sub(SELECTION_STEPS) <= SORT_MAX {
        if i == SELECTION_STEPS {
            sort_tail(&mut actions[i..], &mut scores[i..]);
        }
        return;
    }
    let mut best = i;
    for j in i + 1..len {
        if scores[j] > scores[best] {
            best = j;
        }
    }
    actions.swap(i, best);
    scores.swap(i, best);
}

/// Sorts `actions` by `scores`, larger first (equal scores in their current order): sorts
/// one packed key per action (the score, then the position), then moves the actions along
/// the cycles of the permutation.
fn sort_tail<A: Copy>(actions: &mut [A], scores: &mut [i32]) {
    let n = actions.len();
    debug_assert!(n <= SORT_MAX);
    let mut keys = [0u64; SORT_MAX];
    for (k, (key, &s)) in keys.iter_mut().zip(scores.iter()).enumerate() {
        // Larger scores first: the complement of the order-preserving unsigned image.
        let up = (s as u32) ^ 0x8000_0000;
        *key = (u64::from(!up) << 32) | k as u64;
    }
    let keys = &mut keys[..n];
    keys.sort_unstable();
    // from[k]: the old position of the action that goes to position k.
    let mut from = [0u8; SORT_MAX];
    for (k, key) in keys.iter().enumerate() {
        from[k] = (*key & 0xff) as u8;
        scores[k] = (!(key >> 32) as u32 ^ 0x8000_0000) as i32;
    }
    for start in 0..n {
        if from[start] as usize == start {
            continue;
        }
        let first = actions[start];
        let mut k = start;
        loop {
            let src = from[k] as usize;
            from[k] = k as u8;
            if src == start {
                actions[k] = first;
                break;
            }
            actions[k] = actions[src];
            k = src;
        }
    }
}

/// True when the score marks a tactical action the game expects to lose material.
#[inline]
pub fn is_losing_tactical(score: i32) -> bool {
    score < LOSING_TACTICAL / 2
}

/// The game's hint for a losing tactical action (`is_losing_tactical`): its expected loss,
/// negative.
#[inline]
pub fn tactical_loss(score: i32) -> i32 {
    score - LOSING_TACTICAL
}

/// True when the score marks a killer or table move, searched without reduction.
#[inline]
pub fn is_special(score: i32) -> bool {
    score >= KILLER
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn history_stays_bounded() {
        let mut h = History::new();
        for _ in 0..10_000 {
            h.update(Player::White, 42, 5000);
        }
        let v = h.get(Player::White, 42);
        assert!(v > 0 && v <= HISTORY_MAX);
        assert_eq!(h.get(Player::Black, 42), 0);
        for _ in 0..10_000 {
            h.update(Player::White, 42, -5000);
        }
        assert!(h.get(Player::White, 42) >= -HISTORY_MAX);
    }

    #[test]
    fn continuation_history_is_per_reply_and_bounded() {
        let mut c = ContHistory::new();
        for _ in 0..10_000 {
            c.update([7, NO_CODE], 42, 5000);
        }
        let v = c.get([7, NO_CODE], 42);
        assert!(v > 0 && v <= HISTORY_MAX, "{v}");
        // Two plies back counts only where it was rewarded; another predecessor is apart.
        assert_eq!(c.get([NO_CODE, 7], 42), 0);
        assert_eq!(c.get([8, NO_CODE], 42), 0);
        assert_eq!(c.get([NO_CODE, NO_CODE], 42), 0);
        c.update([7, 9], 42, -5000);
        assert!(c.get([NO_CODE, 9], 42) < 0);
    }

    #[test]
    fn pick_selects_in_descending_order() {
        let mut a = [1, 2, 3, 4];
        let mut s = [5, 9, 1, 7];
        let mut order = Vec::new();
        for i in 0..4 {
            pick(&mut a, &mut s, i);
            order.push(a[i]);
        }
        assert_eq!(order, vec![2, 4, 1, 3]);
    }

    /// Past the selection steps the tail is sorted: every list, long or short, with equal
    /// and extreme scores, comes out best first with each action beside its own score.
    #[test]
    fn pick_orders_every_list_like_a_sort() {
        use rand_core::RngCore;
        let mut rng = crate::game::seeded_rng(7);
        for len in [0usize, 1, 2, 3, 4, 5, 17, 64, 218, 259, 300] {
            for round in 0..20 {
                let mut s: Vec<i32> = (0..len)
                    .map(|_| match rng.next_u64() % 8 {
                        0 => i32::MIN,
                        1 => i32::MAX,
                        2 => (rng.next_u64() % 3) as i32,
                        _ => rng.next_u64() as i32,
                    })
                    .collect();
                // Each action is its own starting position, to check it kept its score.
                let mut a: Vec<usize> = (0..len).collect();
                let original = s.clone();
                let mut picked = Vec::new();
                for i in 0..len {
                    pick(&mut a, &mut s, i);
                    assert_eq!(s[i], original[a[i]], "len {len} round {round} at {i}");
                    picked.push(s[i]);
                }
                let mut expected = original.clone();
                expected.sort_unstable_by(|x, y| y.cmp(x));
                assert_eq!(picked, expected, "len {len} round {round}");
                let mut seen = a.clone();
                seen.sort_unstable();
                assert_eq!(seen, (0..len).collect::<Vec<_>>());
            }
        }
    }

    #[test]
    fn killers_keep_two_distinct() {
        let mut k = Killers::new();
        k.add(3, 7);
        k.add(3, 7);
        k.add(3, 9);
        assert_eq!(k.get(3), [9, 7]);
    }
}
