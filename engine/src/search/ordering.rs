//! Move ordering: the table move first, then tactical actions by the game's own hint, then the
//! killers of the ply, then quiet actions by history. The game is only seen through
//! `Action::code`, hashed into fixed-size tables.

use std::sync::Mutex;

use super::score::MAX_PLY;
use crate::core::game::{Action, Evaluate, Player};

const HISTORY_BITS: u32 = 14;
const HISTORY_MAX: i32 = 16_384;

const TT_MOVE: i32 = i32::MAX;
const TACTICAL: i32 = 1 << 28;
const KILLER: i32 = 1 << 27;
/// Below every quiet action (history, continuation history, structure history and hints
/// stay within ±(2^20 + 4·2^14)).
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
#[derive(Default)]
pub struct ContHistory {
    /// The table for one ply back, then the one for two plies back.
    table: PooledTable,
}

/// Continuation and structure tables of finished searches, kept for the next ones: a search
/// starts with every `go`, and fresh memory for its tables would cost a page fault per page,
/// about a millisecond.
static SPARE: Mutex<Vec<Vec<i16>>> = Mutex::new(Vec::new());
const SPARE_MAX: usize = 16;

/// `2 << CONT_BITS` history values of 16 bits, empty when made (from a spare table where
/// there is one) and given back to the spares when dropped.
struct PooledTable(Vec<i16>);

impl PooledTable {
    #[inline]
    fn get(&self, i: usize) -> i32 {
        self.0[i] as i32
    }

    /// Rewards or punishes slot `i`, with the same gravity as `History`.
    #[inline]
    fn update(&mut self, i: usize, bonus: i32) {
        let v = &mut self.0[i];
        *v = with_gravity(*v as i32, bonus) as i16;
    }

    fn age(&mut self) {
        self.0.iter_mut().for_each(|v| *v /= 2);
    }
}

impl Default for PooledTable {
    fn default() -> Self {
        let spare = SPARE.lock().ok().and_then(|mut s| s.pop());
        PooledTable(match spare {
            Some(mut t) => {
                t.fill(0);
                t
            }
            None => vec![0; 2 << CONT_BITS],
        })
    }
}

impl Drop for PooledTable {
    fn drop(&mut self) {
        if let Ok(mut spare) = SPARE.lock() {
            if spare.len() < SPARE_MAX {
                spare.push(std::mem::take(&mut self.0));
            }
        }
    }
}

impl ContHistory {
    /// An empty table (every search starts from the same state, so results repeat).
    pub fn new() -> ContHistory {
        ContHistory::default()
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
                v += self.table.get(Self::slot(back, p, code));
            }
        }
        v
    }

    /// Rewards or punishes `code` as the reply to `prev`, with the same gravity as `History`.
    #[inline]
    pub fn update(&mut self, prev: [u32; 2], code: u32, bonus: i32) {
        for (back, &p) in prev.iter().enumerate() {
            if p != NO_CODE {
                self.table.update(Self::slot(back, p, code), bonus);
            }
        }
    }

    pub fn age(&mut self) {
        self.table.age();
    }
}

/// Structure history: how a quiet action fared by side and by the part of the position the
/// game names as its structure (`Evaluate::correction_key`: in chess, the pawns). The same
/// plan (a knight to its outpost, a rook to the half-open file) works again wherever the
/// pawns stand alike, whatever the other pieces did.
#[derive(Default)]
pub struct StructureHistory {
    /// Made at the first update: a search that does not keep this history (`struct_hist`
    /// 0) neither fills nor ages it.
    table: Option<PooledTable>,
}

/// Of a structure table's `CONT_BITS + 1` index bits, the side takes one and the
/// structure's hash these.
const STRUCTURE_ROW_BITS: u32 = 9;

impl StructureHistory {
    pub fn new() -> StructureHistory {
        StructureHistory::default()
    }

    #[inline]
    fn slot(side: Player, structure: u64, code: u32) -> usize {
        let row =
            (structure.wrapping_mul(0x9E37_79B9_7F4A_7C15) >> (64 - STRUCTURE_ROW_BITS)) as usize;
        let col = code.wrapping_mul(0x85EB_CA6B) >> (32 - (CONT_BITS - STRUCTURE_ROW_BITS));
        (side.index() << CONT_BITS) | (row << (CONT_BITS - STRUCTURE_ROW_BITS)) | col as usize
    }

    #[inline]
    pub fn get(&self, side: Player, structure: u64, code: u32) -> i32 {
        self.table
            .as_ref()
            .map_or(0, |t| t.get(Self::slot(side, structure, code)))
    }

    /// Rewards or punishes `code` in this structure, with the same gravity as `History`.
    #[inline]
    pub fn update(&mut self, side: Player, structure: u64, code: u32, bonus: i32) {
        let slot = Self::slot(side, structure, code);
        self.table
            .get_or_insert_with(PooledTable::default)
            .update(slot, bonus);
    }

    pub fn age(&mut self) {
        if let Some(t) = &mut self.table {
            t.age();
        }
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
    /// The structure history with the node's structure key (`StructureHistory`).
    pub structure: Option<(&'t StructureHistory, u64)>,
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
    score_first_actions(g, actions, scores, tt_code, killers, learnt);
    key_quiet_actions(g, actions, scores, learnt);
}

/// The key a quiet action holds until `score_quiet_actions` gives it its own: below every
/// quiet action's key, above every losing tactical one's, and no other action's.
const QUIET_LATER: i32 = -(1 << 21);

/// Fills `scores` like `score_actions`, except that quiet actions (not the table action,
/// not a killer) are keyed `QUIET_LATER` until `score_quiet_actions`: a node that cuts
/// off on the table action, a capture or a killer never needs them. Returns how many
/// actions rank above every quiet one; they are picked first.
pub fn score_first_actions<G: Evaluate>(
    g: &G,
    actions: &[G::Action],
    scores: &mut Vec<i32>,
    tt_code: Option<u32>,
    killers: [u32; 2],
    learnt: &Learnt<'_>,
) -> usize {
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
            QUIET_LATER
        }
    }));
    scores.iter().filter(|&&s| s >= KILLER).count()
}

/// Keys the quiet actions `score_first_actions` left for later, once the search reaches
/// them (`from`: the first action not yet picked) by history, continuation and structure
/// history and the game's hint. Where `pick` already sorted the tail, it is sorted again.
pub fn score_quiet_actions<G: Evaluate>(
    g: &G,
    actions: &mut [G::Action],
    scores: &mut [i32],
    from: usize,
    learnt: &Learnt<'_>,
) {
    key_quiet_actions(g, &actions[from..], &mut scores[from..], learnt);
    if from > SELECTION_STEPS && sorts_tail(actions.len()) {
        sort_tail(&mut actions[from..], &mut scores[from..]);
    }
}

/// Replaces each `QUIET_LATER` key with the quiet action's own.
fn key_quiet_actions<G: Evaluate>(
    g: &G,
    actions: &[G::Action],
    scores: &mut [i32],
    learnt: &Learnt<'_>,
) {
    let side = g.to_move();
    let mut context = None;
    for (a, s) in actions.iter().zip(scores) {
        if *s == QUIET_LATER {
            let context = context.get_or_insert_with(|| g.quiet_context());
            let code = a.code();
            let replies = learnt.cont.map_or(0, |(c, prev)| c.get(prev, code));
            let plan = learnt.structure.map_or(0, |(t, k)| t.get(side, k, code));
            *s = learnt.quiet.get(side, code)
                + replies
                + plan
                + g.quiet_hint(*a, context).clamp(-(1 << 20), 1 << 20);
        }
    }
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
    if i >= SELECTION_STEPS && sorts_tail(len) {
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

/// Whether `pick` sorts the tail of a list of `len` actions once past the selection steps.
#[inline]
fn sorts_tail(len: usize) -> bool {
    len.saturating_sub(SELECTION_STEPS) <= SORT_MAX
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
    fn structure_history_is_per_side_and_structure_and_bounded() {
        let mut t = StructureHistory::new();
        for _ in 0..10_000 {
            t.update(Player::White, 0xABCD, 42, 5000);
        }
        let v = t.get(Player::White, 0xABCD, 42);
        assert!(v > 0 && v <= HISTORY_MAX, "{v}");
        assert_eq!(t.get(Player::Black, 0xABCD, 42), 0);
        assert_eq!(t.get(Player::White, 0xABCD << 40, 42), 0);
        t.update(Player::White, 0xABCD, 42, -HISTORY_MAX);
        t.update(Player::White, 0xABCD, 42, -HISTORY_MAX);
        assert!(t.get(Player::White, 0xABCD, 42) < 0);
        t.age();
        assert!(t.get(Player::White, 0xABCD, 42) >= -HISTORY_MAX / 2);
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
        let mut rng = crate::core::game::seeded_rng(7);
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

    /// Quiet actions keyed only when reached come out in the order the whole list keyed at
    /// once gives, whether the selection steps end before or after them.
    #[test]
    fn quiet_actions_keyed_later_keep_the_order_of_keying_all_at_once() {
        // Kiwipete has eight captures, so the tail is sorted before the quiet actions are
        // keyed; at the start, the table action and killers come within the selection steps.
        for (fen, round) in [
            (
                "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq -",
                0,
            ),
            ("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq -", 1),
        ]
        .iter()
        .flat_map(|&(fen, seed)| (0..30).map(move |round| (fen, seed * 30 + round)))
        {
            check_lazy_keys(fen, round);
        }
    }

    fn check_lazy_keys(fen: &str, round: usize) {
        use crate::core::game::{Action, Game};
        use crate::games::chess::Chess;
        use rand_core::RngCore;
        let g = Chess::from_fen(fen, false).unwrap();
        let mut all = Vec::new();
        g.legal_actions(&mut all);
        let quiet: Vec<u32> = all
            .iter()
            .filter(|&&a| !g.is_tactical(a))
            .map(|a| a.code())
            .collect();
        let mut rng = crate::core::game::seeded_rng(round as u64);
        let mut history = History::new();
        let mut cont = ContHistory::new();
        for &c in &quiet {
            // Some equal keys, to check ties too.
            history.update(Player::White, c, (rng.next_u64() % 5) as i32 * 300 - 600);
            cont.update([5, 6], c, (rng.next_u64() % 3) as i32 * 200);
        }
        let learnt = Learnt {
            quiet: &history,
            captures: None,
            cont: Some((&cont, [5, 6])),
            structure: None,
        };
        // Rounds with and without a table action and killers: up to eleven actions first.
        let tt = round.is_multiple_of(2).then(|| quiet[round % quiet.len()]);
        let killers = if round.is_multiple_of(3) {
            [u32::MAX; 2]
        } else {
            [
                quiet[(round + 1) % quiet.len()],
                quiet[(round + 2) % quiet.len()],
            ]
        };
        let mut a1 = all.clone();
        let mut s1 = Vec::new();
        score_actions(&g, &a1, &mut s1, tt, killers, &learnt);
        let mut a2 = all.clone();
        let mut s2 = Vec::new();
        let first = score_first_actions(&g, &a2, &mut s2, tt, killers, &learnt);
        for i in 0..all.len() {
            pick(&mut a1, &mut s1, i);
            if i == first {
                score_quiet_actions(&g, &mut a2, &mut s2, i, &learnt);
            }
            pick(&mut a2, &mut s2, i);
            assert_eq!((a1[i], s1[i]), (a2[i], s2[i]), "round {round} at {i}");
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
