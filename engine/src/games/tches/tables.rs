//! Everything fixed for one game setting: the board, compiled movement, Zobrist keys,
//! the promotion choices and the start position. Shared read-only between copies of a game.

use crate::core::bitboard::Cell;
use crate::core::game::Player;
use crate::core::geometry::Geometry;

use super::options::Rules;
use super::patterns::{compile_option, orient, CompiledOption};
use super::pieces::{movement, Kind, ALL_KINDS, KIND_COUNT};

/// Number of values a "last moved type" slot takes: none, or a type.
pub const LAST_SLOTS: usize = KIND_COUNT + 1;

/// Replacement slots: the lost type whose replacement is owed.
pub const REPLACE_SLOTS: [Kind; 3] = [Kind::Jester, Kind::Queen, Kind::Magister];

/// Polarity facings in the owner's frame: forward, towards the h-file, backwards, towards
/// the a-file. Index 0 is the start facing of both sides.
pub const FACING_VECTORS: [(i8, i8); 4] = [(0, 1), (1, 0), (0, -1), (-1, 0)];

pub struct Keys {
    piece: Vec<u64>,
    pub side: u64,
    used: Vec<u64>,
    last: Vec<u64>,
    face: Vec<u64>,
    under: Vec<u64>,
    under_face: Vec<u64>,
    pending: Vec<u64>,
    suspended: Vec<u64>,
    acts: Vec<u64>,
}

impl Keys {
    #[inline]
    pub fn piece(&self, p: Player, k: Kind, c: Cell) -> u64 {
        self.piece[(p.index() * KIND_COUNT + k.index()) * 64 + c as usize]
    }

    /// The facing of the top piece on `c` (0, the start facing, has no key).
    #[inline]
    pub fn face(&self, c: Cell, f: u8) -> u64 {
        self.face[c as usize * 4 + f as usize]
    }

    /// The piece under the top piece on `c`.
    #[inline]
    pub fn under(&self, p: Player, k: Kind, c: Cell) -> u64 {
        self.under[(p.index() * KIND_COUNT + k.index()) * 64 + c as usize]
    }

    #[inline]
    pub fn under_face(&self, c: Cell, f: u8) -> u64 {
        self.under_face[c as usize * 4 + f as usize]
    }

    #[inline]
    pub fn used(&self, c: Cell) -> u64 {
        self.used[c as usize]
    }

    /// `slot`: 0 for none, else type index + 1.
    #[inline]
    pub fn last(&self, p: Player, slot: u8) -> u64 {
        self.last[p.index() * LAST_SLOTS + slot as usize]
    }

    /// `count` replacements of the `slot`th kind owed by `p`.
    #[inline]
    pub fn pending(&self, p: Player, slot: usize, count: u8) -> u64 {
        self.pending[(p.index() * 3 + slot) * 4 + count as usize]
    }

    /// A used cell of the side whose turn is suspended while the opponent chooses a
    /// replacement.
    #[inline]
    pub fn suspended(&self, c: Cell) -> u64 {
        self.suspended[c as usize]
    }

    /// The count of actions played this turn (`suspended`: of the suspended turn).
    #[inline]
    pub fn acts(&self, n: u8, suspended: bool) -> u64 {
        self.acts[n as usize + 4 * suspended as usize]
    }
}

pub struct Tables {
    pub geo: Geometry,
    /// Movement per side, facing (one facing without Polarity) and type.
    pub moves: [Vec<Vec<Vec<CompiledOption>>>; 2],
    /// Per side, facing, type and cell: every cell the piece could ever capture on (a quick
    /// filter for attack tests).
    pub capture_hull: [Vec<Vec<[u64; 64]>>; 2],
    /// Per side, facing, type and cell: every cell whose occupancy can change the piece's
    /// actions.
    pub touch_hull: [Vec<Vec<[u64; 64]>>; 2],
    pub keys: Keys,
    pub rules: Rules,
    /// Some piece is royal: the side may not end its turn with its last target attacked,
    /// and loses when it has none left. Not so under Capture the King with the king as the
    /// target: the king is then carried off, never lost.
    pub royalty: bool,
    /// Types a pawn may promote to (the army's pieces other than pawns, the king and the
    /// target).
    pub promotions: Vec<Kind>,
    /// The far rank of each side, where its pawns promote.
    pub far_rank: [u64; 2],
    /// Each side's own portal: the d and e cells of its first rank.
    pub portal: [u64; 2],
    /// The start placement, rank 8 first as FEN writes it.
    pub start_placement: String,
}

/// The Layer 1 back rank, a-h.
pub const BACK_RANK: [Kind; 8] = [
    Kind::Guardian,
    Kind::Griffin,
    Kind::Paladin,
    Kind::Queen,
    Kind::King,
    Kind::Lion,
    Kind::Champion,
    Kind::Magister,
];

type Hull = Vec<Vec<[u64; 64]>>;

impl Tables {
    pub fn new(rules: Rules) -> Tables {
        let geo = Geometry::square(8, 8);
        let facings: Vec<Option<u8>> = if rules.polarity {
            (0..4).map(Some).collect()
        } else {
            vec![None]
        };
        let side_moves = |forward: i8| -> Vec<Vec<Vec<CompiledOption>>> {
            facings
                .iter()
                .map(|&f| {
                    ALL_KINDS
                        .iter()
                        .map(|&k| {
                            orient(&movement(k), f)
                                .iter()
                                .map(|o| compile_option(&geo, o, forward))
                                .collect()
                        })
                        .collect()
                })
                .collect()
        };
        let moves = [side_moves(1), side_moves(-1)];
        let hull =
            |side: &Vec<Vec<Vec<CompiledOption>>>, f: fn(&CompiledOption, Cell) -> u64| -> Hull {
                side.iter()
                    .map(|kinds| {
                        kinds
                            .iter()
                            .map(|opts| {
                                let mut t = [0u64; 64];
                                for (c, m) in t.iter_mut().enumerate() {
                                    *m = opts.iter().fold(0, |m, o| m | f(o, c as Cell));
                                }
                                t
                            })
                            .collect()
                    })
                    .collect()
            };
        let capture_hull = [
            hull(&moves[0], CompiledOption::capture_hull),
            hull(&moves[1], CompiledOption::capture_hull),
        ];
        let touch_hull = [
            hull(&moves[0], CompiledOption::touch_hull),
            hull(&moves[1], CompiledOption::touch_hull),
        ];
        let keys = make_keys();
        let mut promotions: Vec<Kind> = Vec::new();
        for k in BACK_RANK {
            let k = rules.flip(k);
            if k != Kind::King && k != rules.target {
                promotions.push(k);
            }
        }
        let back: String = BACK_RANK.iter().map(|&k| rules.flip(k).letter()).collect();
        let pawn = rules.flip(Kind::Pawn).letter().to_string().repeat(8);
        let start_placement = format!(
            "{}/{}/8/8/8/8/{}/{}",
            back.to_ascii_lowercase(),
            pawn.to_ascii_lowercase(),
            pawn,
            back
        );
        let royalty = !(rules.capture_king && rules.target == Kind::King);
        Tables {
            geo,
            moves,
            capture_hull,
            touch_hull,
            keys,
            royalty,
            rules,
            promotions,
            far_rank: [0xff00_0000_0000_0000, 0xff],
            portal: [0x18, 0x18 << 56],
            start_placement,
        }
    }
}

fn make_keys() -> Keys {
    const PIECES: usize = 2 * KIND_COUNT * 64;
    static RAW: std::sync::OnceLock<Vec<u64>> = std::sync::OnceLock::new();
    let raw = RAW.get_or_init(|| {
        crate::core::zobrist::keys(
            0x7c4e_5000_0000_0001,
            PIECES + 1 + 64 + 2 * LAST_SLOTS + 256 + PIECES + 256 + 24 + 64 + 8,
        )
    });
    let mut rest: &[u64] = raw;
    let mut take = |n: usize| -> Vec<u64> {
        let (a, b) = rest.split_at(n);
        rest = b;
        a.to_vec()
    };
    let piece = take(PIECES);
    let side = take(1)[0];
    let used = take(64);
    let last = take(2 * LAST_SLOTS);
    let mut face = take(256);
    let under = take(PIECES);
    let mut under_face = take(256);
    let mut pending = take(24);
    let suspended = take(64);
    let mut acts = take(8);
    acts[0] = 0;
    acts[4] = 0;
    // The start facing and "nothing owed" have no key, so that a position without these
    // features hashes as it did before they existed.
    for c in 0..64 {
        face[c * 4] = 0;
        under_face[c * 4] = 0;
    }
    for s in 0..6 {
        pending[s * 4] = 0;
    }
    Keys {
        piece,
        side,
        used,
        last,
        face,
        under,
        under_face,
        pending,
        suspended,
        acts,
    }
}
