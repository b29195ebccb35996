//! What is known of a side's checkers, and inference over its arrangement.
//!
//! Every constraint an observation puts on an arrangement falls on one checker's kind: a move
//! shape (with the cells that blocked it at the time) allows some kinds, a capture, an
//! uncloaking, a right guess or castling fixes it, a wrong guess rules one out. So per checker
//! a mask of kinds still possible is exact, and the arrangements still possible are the
//! Chess960 arrangements whose kind on each file is in that file's mask. Both players see the
//! same events, so this knowledge is public.
//!
//! Weights: each move of a checker is counted by its shape (a step along a line, a diagonal
//! step, a longer line move, a longer diagonal move, a knight's jump); an arrangement's weight
//! is the product over checkers of how likely its kind makes those shapes
//! (`SHAPE_LIKELIHOOD`): a checker that made three long line moves is likelier a rook than a
//! queen.

use super::setup::{self, bit, Mask, ALL_KINDS, BISHOP, KING, KNIGHT, QUEEN, ROOK};
use crate::core::game::Player;
use crate::games::cloak::position::attacks;
use crate::kits::chessboard::attacks::{file_of, rank_of, Square};

/// Move shapes: step along a line, diagonal step, longer line move, longer diagonal move,
/// knight's jump.
pub const SHAPES: usize = 5;
const SHAPE_LETTERS: [char; SHAPES] = ['s', 'x', 'o', 'd', 'j'];

/// How likely a piece of each kind (knight, bishop, rook, queen, king) makes each shape, as a
/// piece choosing uniformly among its moves in a middlegame would.
pub const SHAPE_LIKELIHOOD: [[f64; SHAPES]; 5] = [
    [0.0, 0.0, 0.0, 0.0, 1.0],     // knight
    [0.0, 0.35, 0.0, 0.65, 0.0],   // bishop
    [0.3, 0.0, 0.7, 0.0, 0.0],     // rook
    [0.15, 0.15, 0.35, 0.35, 0.0], // queen
    [0.5, 0.5, 0.0, 0.0, 0.0],     // king
];

/// Per checker (by number - 1): the kinds still possible, and the shapes of its moves seen.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Knowledge {
    pub mask: [Mask; 8],
    pub counts: [[u16; SHAPES]; 8],
}

impl Default for Knowledge {
    fn default() -> Self {
        Knowledge::new()
    }
}

/// The shape of a move from `from` to `to`.
pub fn shape(from: Square, to: Square) -> usize {
    let df = (file_of(from) as i32 - file_of(to) as i32).abs();
    let dr = (rank_of(from) as i32 - rank_of(to) as i32).abs();
    match (df, dr) {
        (1, 2) | (2, 1) => 4,
        _ if df == 0 || dr == 0 => {
            if df.max(dr) == 1 {
                0
            } else {
                2
            }
        }
        _ if df.max(dr) == 1 => 1,
        _ => 3,
    }
}

impl Knowledge {
    pub fn new() -> Knowledge {
        Knowledge {
            mask: [ALL_KINDS; 8],
            counts: [[0; SHAPES]; 8],
        }
    }

    pub fn set_exact(&mut self, n: u8, kind: u8) {
        self.mask[n as usize - 1] = bit(kind);
    }

    pub fn exclude(&mut self, n: u8, kind: u8) {
        self.mask[n as usize - 1] &= !bit(kind);
    }

    /// Checker `n` moved from `from` to `to` with `occ` occupied (castling excepted).
    pub fn observe_move(&mut self, n: u8, from: Square, to: Square, occ: u64) {
        let mut fits = 0;
        for kind in [KNIGHT, BISHOP, ROOK, QUEEN, KING] {
            // The side does not matter for pieces other than pawns.
            if attacks(kind, Player::White, from, occ) & (1u64 << to) != 0 {
                fits |= bit(kind);
            }
        }
        let i = n as usize - 1;
        self.mask[i] &= fits;
        self.counts[i][shape(from, to)] += 1;
    }

    /// Whether an arrangement fits every mask.
    pub fn allows(&self, a: &setup::Arrangement) -> bool {
        (0..8).all(|f| self.mask[f] & bit(a[f]) != 0)
    }

    /// The likelihood of the shapes seen, were the arrangement `a`.
    pub fn weight(&self, a: &setup::Arrangement) -> f64 {
        let mut w = 1.0;
        for f in 0..8 {
            let lik = &SHAPE_LIKELIHOOD[a[f] as usize - 1];
            for (s, &c) in self.counts[f].iter().enumerate() {
                if c > 0 {
                    w *= lik[s].powi(c as i32);
                }
            }
        }
        w
    }

    /// The arrangements still possible, by number, with their weights.
    pub fn possible(&self) -> Vec<(u16, f64)> {
        setup::all()
            .iter()
            .enumerate()
            .filter(|(_, a)| self.allows(a))
            .map(|(n, a)| (n as u16, self.weight(a)))
            .collect()
    }

    /// The same masks where they name one kind (an identity told: a capture, an
    /// uncloaking, a right guess), every kind elsewhere, and no move shapes: what is known
    /// without inference.
    pub fn told_only(&self) -> Knowledge {
        let mut told = Knowledge::new();
        for f in 0..8 {
            if self.mask[f].count_ones() == 1 {
                told.mask[f] = self.mask[f];
            }
        }
        told
    }

    /// What a player reads of this knowledge: all of it with inference, the identities told
    /// only without (`CloakInference=false`).
    pub fn as_read(&self, inference: bool) -> Knowledge {
        if inference {
            *self
        } else {
            self.told_only()
        }
    }

    /// The probability of each kind (knight to king, index 0 to 4) for each checker (by
    /// number - 1), over the possible arrangements weighted as `possible` weighs them; all
    /// zero where none is possible. Searches ask this for every guess they meet, and a leaf
    /// search for every position where a guess may be played, so answers are kept per thread
    /// in a small table by the knowledge's hash.
    pub fn marginals(&self) -> [[f64; 5]; 8] {
        const SLOTS: usize = 1024;
        type Slot = Option<(Knowledge, [[f64; 5]; 8])>;
        thread_local! {
            static TABLE: std::cell::RefCell<Vec<Slot>> =
                std::cell::RefCell::new(vec![None; SLOTS]);
        }
        let i = ahash::RandomState::with_seeds(1, 2, 3, 4).hash_one(self) as usize % SLOTS;
        TABLE.with(|t| {
            let mut t = t.borrow_mut();
            if let Some((k, m)) = &t[i] {
                if k == self {
                    return *m;
                }
            }
            let m = self.marginals_uncached();
            t[i] = Some((*self, m));
            m
        })
    }

    fn marginals_uncached(&self) -> [[f64; 5]; 8] {
        // An arrangement's weight is a product of one factor per checker and kind.
        let mut factor = [[0.0f64; 5]; 8];
        for (f, row) in factor.iter_mut().enumerate() {
            for (k, slot) in row.iter_mut().enumerate() {
                if self.mask[f] & bit(k as u8 + 1) != 0 {
                    let lik = &SHAPE_LIKELIHOOD[k];
                    *slot = self.counts[f]
                        .iter()
                        .enumerate()
                        .map(|(s, &c)| lik[s].powi(c as i32))
                        .product();
                }
            }
        }
        let mut out = [[0.0f64; 5]; 8];
        let mut total = 0.0;
        for a in setup::all() {
            let w: f64 = (0..8).map(|f| factor[f][a[f] as usize - 1]).product();
            if w > 0.0 {
                total += w;
                for f in 0..8 {
                    out[f][a[f] as usize - 1] += w;
                }
            }
        }
        if total > 0.0 {
            for row in &mut out {
                for p in row.iter_mut() {
                    *p /= total;
                }
            }
        }
        out
    }

    /// How many arrangements are still possible.
    pub fn count(&self) -> usize {
        setup::all().iter().filter(|a| self.allows(a)).count()
    }

    /// The kinds checker `n` may still be over the possible arrangements (tighter than its
    /// mask: the arrangement rules join the checkers).
    pub fn kinds_possible(&self, n: u8) -> Mask {
        self.possible_kinds()[n as usize - 1]
    }

    /// For every checker (by number - 1), the kinds it has in some possible arrangement: what
    /// a guess may name. Move generation asks at every turn's start, so answers are kept per
    /// thread in a small table by the masks (the move shapes do not change them).
    pub fn possible_kinds(&self) -> [Mask; 8] {
        const SLOTS: usize = 256;
        type Slot = Option<(u64, [Mask; 8])>;
        thread_local! {
            static TABLE: std::cell::RefCell<Vec<Slot>> =
                std::cell::RefCell::new(vec![None; SLOTS]);
        }
        let key = u64::from_le_bytes(self.mask);
        let i = (crate::core::random::mix64(key) % SLOTS as u64) as usize;
        TABLE.with(|t| {
            let mut t = t.borrow_mut();
            if let Some((k, kinds)) = t[i] {
                if k == key {
                    return kinds;
                }
            }
            let mut kinds = [0; 8];
            for a in setup::all().iter().filter(|a| self.allows(a)) {
                for f in 0..8 {
                    kinds[f] |= bit(a[f]);
                }
            }
            t[i] = Some((key, kinds));
            kinds
        })
    }

    /// Text: per checker its mask (`*` for every kind, else letters of `NBRQK`), then `:` and
    /// the shape counts where any move was seen, written as letter and count (`o2j1`);
    /// checkers separated by `/`.
    pub fn format(&self) -> String {
        let mut parts = Vec::new();
        for f in 0..8 {
            let mut s = if self.mask[f] == ALL_KINDS {
                "*".to_string()
            } else if self.mask[f] == 0 {
                "-".to_string()
            } else {
                "NBRQK"
                    .chars()
                    .enumerate()
                    .filter(|(i, _)| self.mask[f] & bit(*i as u8 + 1) != 0)
                    .map(|(_, c)| c)
                    .collect()
            };
            if self.counts[f].iter().any(|&c| c > 0) {
                s.push(':');
                for (i, &c) in self.counts[f].iter().enumerate() {
                    if c > 0 {
                        s.push(SHAPE_LETTERS[i]);
                        s.push_str(&c.to_string());
                    }
                }
            }
            parts.push(s);
        }
        parts.join("/")
    }

    pub fn parse(text: &str) -> Option<Knowledge> {
        let parts: Vec<&str> = text.split('/').collect();
        if parts.len() != 8 {
            return None;
        }
        let mut k = Knowledge::new();
        for (f, part) in parts.iter().enumerate() {
            let (mask, counts) = part.split_once(':').unwrap_or((part, ""));
            k.mask[f] = match mask {
                "*" => ALL_KINDS,
                "-" => 0,
                _ => {
                    let mut m = 0;
                    for c in mask.chars() {
                        let i = "NBRQK".find(c)?;
                        let b = bit(i as u8 + 1);
                        if m & b != 0 || m >= b {
                            return None;
                        }
                        m |= b;
                    }
                    if m == 0 || m == ALL_KINDS {
                        return None;
                    }
                    m
                }
            };
            let mut rest = counts;
            if !counts.is_empty() {
                let mut last = None;
                while !rest.is_empty() {
                    let c = rest.chars().next()?;
                    let i = SHAPE_LETTERS.iter().position(|&x| x == c)?;
                    if last.is_some_and(|l| l >= i) {
                        return None;
                    }
                    last = Some(i);
                    rest = &rest[1..];
                    let digits = rest
                        .find(|ch: char| !ch.is_ascii_digit())
                        .unwrap_or(rest.len());
                    let v: u16 = rest[..digits].parse().ok()?;
                    if v == 0 || rest[..digits].starts_with('0') {
                        return None;
                    }
                    k.counts[f][i] = v;
                    rest = &rest[digits..];
                }
            }
        }
        Some(k)
    }
}
