//! Adrenaline check: could one side's next whole turn capture the piece on a given square?
//!
//! A turn is one regular move (pseudo-legal: pins are ignored, since capturing the king ends
//! everything) followed by up to as many king steps as the moved piece then stands on. Steps go
//! to empty squares or capture; a capture hands the capturer the captured piece's checkers.
//!
//! The test never enumerates turns. The ordinary attacks come first (bitboard look-ups). Then
//! only pieces that can step at all are looked at: the step-reach tables (`within`)
//! discard every regular destination farther from the target than the steps available, and
//! what is left is decided by a breadth-first flood over the board, one layer per step, that
//! branches only where a capture changes the number of steps left.
//!
//! What may step, and how many steps each capture is worth, comes from a [`StepRules`]:
//! Adrenaline's colourless stacks are one implementation; Booster's coloured checkers (own
//! ones boost, enemy ones hobble, a hobbled piece moves as a pawn) fit the same questions.

use std::sync::OnceLock;

use crate::core::bitboard::Bits;
use crate::kits::chessboard::attacks::{bb, rank_of, tables, Square, FILE_A, FILE_H};

use super::board::{Board, KING, KNIGHT, NO_SQUARE, PAWN};

/// What the attacking side's pieces may do in one turn beyond chess moves.
pub trait StepRules {
    /// King steps the attacker's piece on `from` may take after its regular move, having
    /// captured the defender's piece on `captured` (if any). Zero or less: none.
    fn budget(&self, from: Square, captured: Option<Square>) -> i32;
    /// What a step's capture of the defender's piece on `s` adds to the steps left (it may be
    /// negative: Booster's cancelling checkers).
    fn gain(&self, s: Square) -> i32;
    /// Squares whose piece, captured, changes the steps left (`gain != 0`); any colour.
    fn changers(&self) -> u64;
    /// Squares whose piece has steps of its own (`budget(s, None) > 0`); any colour.
    fn boosted(&self) -> u64;
    /// Attacker pieces that move and capture as pawns of their side, without double step or
    /// en passant; pawns among them do not move at all.
    fn pawn_movers(&self) -> u64 {
        0
    }
}

/// Adrenaline's rules: every checker is a step for whoever stands on it, and a capture takes
/// over the captured piece's checkers.
pub struct Stacks<'a> {
    pub stacks: &'a [u8; 64],
    pub stacked: u64,
}

impl StepRules for Stacks<'_> {
    #[inline(always)]
    fn budget(&self, from: Square, captured: Option<Square>) -> i32 {
        self.stacks[from as usize] as i32 + captured.map_or(0, |c| self.stacks[c as usize] as i32)
    }

    #[inline(always)]
    fn gain(&self, s: Square) -> i32 {
        self.stacks[s as usize] as i32
    }

    #[inline(always)]
    fn changers(&self) -> u64 {
        self.stacked
    }

    #[inline(always)]
    fn boosted(&self) -> u64 {
        self.stacked
    }
}

/// Whether `attacker`'s next turn can capture the piece on `target`. `ep` is the en-passant
/// square the attacker may use (`NO_SQUARE`: none).
pub fn turn_reaches<R: StepRules>(
    b: &Board,
    ep: Square,
    attacker: usize,
    target: Square,
    rules: &R,
) -> bool {
    let defender = attacker ^ 1;
    let occ = b.occupied();
    let mine = b.by_color[attacker];
    let pawnlike = rules.pawn_movers() & mine;
    if direct_attack(b, attacker, target, occ, pawnlike) {
        return true;
    }
    let changers = rules.changers() & b.by_color[defender] & !bb(target);
    let frozen = pawnlike & b.by_kind[PAWN];
    let boosted = rules.boosted() & mine & !frozen;
    if boosted == 0 && changers == 0 {
        return false;
    }
    let mut bonus = 0;
    let mut rich = 0u64;
    for c in Bits(changers) {
        let g = rules.gain(c);
        if g > 0 {
            bonus += g;
            rich |= bb(c);
        }
    }
    let t = tables();
    let victim = if ep == NO_SQUARE {
        NO_SQUARE
    } else if attacker == 0 {
        ep - 8
    } else {
        ep + 8
    };
    // Pieces with steps of their own: every regular destination near enough.
    for s in Bits(boosted) {
        let most = rules.budget(s, None) + bonus;
        let pawn_move = (pawnlike | b.by_kind[PAWN]) & bb(s) != 0;
        let dests = if pawn_move {
            pawn_destinations(b, s, attacker, pawnlike & bb(s) != 0)
        } else {
            let reach = match b.kind_at(s) {
                KNIGHT => t.knight(s),
                KING => t.king(s),
                2 => t.bishop(s, occ),
                3 => t.rook(s, occ),
                _ => t.queen(s, occ),
            };
            reach & !mine
        } & within(most, target);
        let mut walker = Walker::new(rules, !(mine ^ bb(s)), target);
        for d in Bits(dests) {
            let captured = (b.by_color[defender] & bb(d) != 0).then_some(d);
            let budget = rules.budget(s, captured);
            let left_bonus = bonus - captured.map_or(0, |c| rules.gain(c).max(0));
            if budget > 0 && walker.walk(d, budget, changers & !bb(d), left_bonus) {
                return true;
            }
        }
        // En passant: a true pawn takes the pawn beside it and lands behind it.
        if victim != NO_SQUARE
            && pawnlike & bb(s) == 0
            && b.by_kind[PAWN] & bb(s) != 0
            && t.pawn(attacker, s) & bb(ep) != 0
        {
            let budget = rules.budget(s, Some(victim));
            let left_bonus = bonus - rules.gain(victim).max(0);
            if budget > 0 && walker.walk(ep, budget, changers & !bb(victim), left_bonus) {
                return true;
            }
        }
    }
    // Pieces without: they step only after capturing checkers, so only the captures of
    // pieces standing on some, near enough to the target, are looked at. An en-passant
    // capture lands beside its victim, not on it: the landing square is what must be near.
    let mut near = rich & within(bonus, target);
    if victim != NO_SQUARE && within(bonus, target) & bb(ep) != 0 {
        near |= rich & bb(victim);
    }
    for r in Bits(near) {
        let left_bonus = bonus - rules.gain(r);
        let takers = capturers(b, attacker, r, occ, pawnlike) & !boosted & !frozen;
        for s in Bits(takers) {
            let mut walker = Walker::new(rules, !(mine ^ bb(s)), target);
            let budget = rules.budget(s, Some(r));
            if budget > 0 && walker.walk(r, budget, changers & !bb(r), left_bonus) {
                return true;
            }
        }
        if r == victim {
            let takers = t.pawn(defender, ep) & b.by_kind[PAWN] & mine & !pawnlike & !boosted;
            for s in Bits(takers) {
                let mut walker = Walker::new(rules, !(mine ^ bb(s)), target);
                let budget = rules.budget(s, Some(r));
                if budget > 0 && walker.walk(ep, budget, changers & !bb(r), left_bonus) {
                    return true;
                }
            }
        }
    }
    false
}

/// `attacker`'s pieces that can capture on `r` by a regular move (hobbled pieces as pawns;
/// hobbled pawns included here and removed by the caller).
#[inline]
fn capturers(b: &Board, attacker: usize, r: Square, occ: u64, pawnlike: u64) -> u64 {
    let t = tables();
    let k = &b.by_kind;
    let mine = b.by_color[attacker];
    let pawns = (k[PAWN] | pawnlike) & mine;
    let others = mine & !pawnlike;
    (t.pawn(attacker ^ 1, r) & pawns)
        | ((t.knight(r) & k[KNIGHT]
            | t.king(r) & k[KING]
            | t.rook(r, occ) & (k[3] | k[4])
            | t.bishop(r, occ) & (k[2] | k[4]))
            & others)
}

/// Whether `attacker`'s piece on `from`, with `budget` steps left and no regular move to
/// make, can step onto `target` (the rest of a turn in progress).
pub fn steps_reach<R: StepRules>(
    b: &Board,
    attacker: usize,
    from: Square,
    budget: i32,
    target: Square,
    rules: &R,
) -> bool {
    if budget <= 0 || target == NO_SQUARE {
        return false;
    }
    let changers = rules.changers() & b.by_color[attacker ^ 1] & !bb(target);
    let bonus = Bits(changers).map(|c| rules.gain(c).max(0)).sum();
    Walker::new(rules, !(b.by_color[attacker] ^ bb(from)), target)
        .walk(from, budget, changers, bonus)
}

/// Ordinary attack on `target` by a regular move, hobbled pieces attacking as pawns.
#[inline(always)]
pub(crate) fn direct_attack(
    b: &Board,
    attacker: usize,
    target: Square,
    occ: u64,
    pawnlike: u64,
) -> bool {
    if pawnlike == 0 {
        return b.attacked_by(target, attacker, occ);
    }
    let mut v = *b;
    let movers_as_pawns = pawnlike & !b.by_kind[PAWN];
    for k in v.by_kind.iter_mut() {
        *k &= !pawnlike;
    }
    v.by_kind[PAWN] |= movers_as_pawns;
    v.attacked_by(target, attacker, occ)
}

/// Regular destinations of a pawn (or of a piece moving as one: `hobbled`, no double step).
/// A pawn on its own first rank steps one forward; on its start rank it may also go two.
#[inline]
pub(crate) fn pawn_destinations(b: &Board, s: Square, color: usize, hobbled: bool) -> u64 {
    let t = tables();
    let occ = b.occupied();
    let caps = t.pawn(color, s) & b.by_color[color ^ 1];
    let (one, start_rank) = if color == 0 {
        (s as i32 + 8, 1)
    } else {
        (s as i32 - 8, 6)
    };
    if !(0..64).contains(&one) || occ & bb(one as Square) != 0 {
        return caps;
    }
    let mut out = caps | bb(one as Square);
    if !hobbled && rank_of(s) == start_rank {
        let two = if color == 0 { one + 8 } else { one - 8 };
        if occ & bb(two as Square) == 0 {
            out |= bb(two as Square);
        }
    }
    out
}

/// The flood of king steps from one square: layer `i` holds the squares first reached after
/// `i` steps through squares whose capture changes nothing; a square whose capture changes the
/// steps left ends a path, and the flood starts again from it with the new count.
struct Walker<'r, R: StepRules> {
    rules: &'r R,
    /// Squares a step may enter: empty, or holding a defender piece.
    passable: u64,
    target: Square,
    /// States already explored: (square, changers not yet captured, steps left).
    seen: Vec<(Square, u64, i32)>,
}

impl<'r, R: StepRules> Walker<'r, R> {
    fn new(rules: &'r R, passable: u64, target: Square) -> Self {
        Walker {
            rules,
            passable,
            target,
            seen: Vec::new(),
        }
    }

    fn walk(&mut self, from: Square, budget: i32, changers: u64, bonus: i32) -> bool {
        if distance(from, self.target) > budget + bonus {
            return false;
        }
        if self
            .seen
            .iter()
            .any(|&(c, ch, b)| c == from && ch == changers && b >= budget)
        {
            return false;
        }
        self.seen.push((from, changers, budget));
        let target = bb(self.target);
        let enter = self.passable | target;
        let neutral = self.passable & !changers;
        let mut frontier = bb(from);
        let mut seen = frontier;
        for i in 1..=budget {
            let next = spread(frontier) & !seen & enter;
            if next & target != 0 {
                return true;
            }
            for c in Bits(next & changers) {
                let g = self.rules.gain(c);
                let left = budget - i + g;
                if left > 0 && self.walk(c, left, changers & !bb(c), bonus - g.max(0)) {
                    return true;
                }
            }
            seen |= next;
            frontier = next & neutral;
            if frontier == 0 {
                break;
            }
        }
        false
    }
}

/// Every cell one king step away from a cell of `b`.
#[inline(always)]
pub fn spread(b: u64) -> u64 {
    let side = ((b & !FILE_A) >> 1) | ((b & !FILE_H) << 1);
    let row = b | side;
    side | (row << 8) | (row >> 8)
}

/// `within(k, s)`: the cells at most `k` king steps from `s` on an empty board (the square of
/// side `2k + 1` around it). A piece standing on `k` checkers reaches, after its regular move
/// to `d`, at most `within(k, d)`; so a target `t` is out of its reach unless its regular
/// destinations meet `within(k, t)`. Heights of 7 and more cover the whole board.
#[inline(always)]
pub fn within(k: i32, s: u8) -> u64 {
    reach_tables()[k.clamp(0, 7) as usize][s as usize]
}

/// King-step distance (the larger of the file and rank distances).
#[inline(always)]
pub fn distance(a: u8, b: u8) -> i32 {
    let df = (a & 7) as i32 - (b & 7) as i32;
    let dr = (a >> 3) as i32 - (b >> 3) as i32;
    df.abs().max(dr.abs())
}

fn reach_tables() -> &'static [[u64; 64]; 8] {
    static T: OnceLock<[[u64; 64]; 8]> = OnceLock::new();
    T.get_or_init(|| {
        let mut t = [[0u64; 64]; 8];
        for (k, row) in t.iter_mut().enumerate() {
            for (s, v) in row.iter_mut().enumerate() {
                let mut b = 1u64 << s;
                for _ in 0..k {
                    b |= spread(b);
                }
                *v = b;
            }
        }
        t
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reach_tables_are_king_distance_balls() {
        for k in 0..9 {
            for s in 0..64u8 {
                let expected = (0..64u8)
                    .filter(|&t| distance(s, t) <= k)
                    .fold(0u64, |m, t| m | 1 << t);
                assert_eq!(within(k, s), expected, "k {k} s {s}");
            }
        }
        // a1's neighbours, h8's neighbours.
        assert_eq!(spread(1), 0x302);
        assert_eq!(spread(1 << 63), 0x40c0_0000_0000_0000);
    }
}
