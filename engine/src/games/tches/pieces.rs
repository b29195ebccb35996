//! The TCHES piece types: names, FEN letters, reverse-side pairs and the movement table.
//!
//! Movement is data: each type lists its options, each option a shape (leap, slide, path)
//! with what it may do there. `patterns` compiles the table to per-cell geometry tables, so a
//! new piece is one entry here.

use super::patterns::{Mode, Option as Opt, Shape};

/// Every piece type, main sides first, then reverse sides.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[repr(u8)]
pub enum Kind {
    Pawn,
    Knight,
    Bishop,
    Rook,
    Queen,
    King,
    Guardian,
    Griffin,
    Paladin,
    Champion,
    Lion,
    Magister,
    Templar,
    Exarch,
    Warchariot,
    Assassin,
    Emperor,
    Ballista,
    Archer,
    MountedBishop,
    ShockCavalryman,
    Jester,
    Flanker,
    Sentinel,
    Zealot,
    Pikeman,
}

pub const KIND_COUNT: usize = 26;

pub const ALL_KINDS: [Kind; KIND_COUNT] = [
    Kind::Pawn,
    Kind::Knight,
    Kind::Bishop,
    Kind::Rook,
    Kind::Queen,
    Kind::King,
    Kind::Guardian,
    Kind::Griffin,
    Kind::Paladin,
    Kind::Champion,
    Kind::Lion,
    Kind::Magister,
    Kind::Templar,
    Kind::Exarch,
    Kind::Warchariot,
    Kind::Assassin,
    Kind::Emperor,
    Kind::Ballista,
    Kind::Archer,
    Kind::MountedBishop,
    Kind::ShockCavalryman,
    Kind::Jester,
    Kind::Flanker,
    Kind::Sentinel,
    Kind::Zealot,
    Kind::Pikeman,
];

/// FEN letter (upper case = White), name, and the main-side type this one is the reverse of.
struct Info {
    letter: char,
    name: &'static str,
    reverse_of: Option<Kind>,
}

const INFO: [Info; KIND_COUNT] = [
    Info {
        letter: 'P',
        name: "pawn",
        reverse_of: None,
    },
    Info {
        letter: 'N',
        name: "knight",
        reverse_of: None,
    },
    Info {
        letter: 'B',
        name: "bishop",
        reverse_of: None,
    },
    Info {
        letter: 'R',
        name: "rook",
        reverse_of: None,
    },
    Info {
        letter: 'Q',
        name: "queen",
        reverse_of: None,
    },
    Info {
        letter: 'K',
        name: "king",
        reverse_of: None,
    },
    Info {
        letter: 'G',
        name: "guardian",
        reverse_of: None,
    },
    Info {
        letter: 'F',
        name: "griffin",
        reverse_of: None,
    },
    Info {
        letter: 'D',
        name: "paladin",
        reverse_of: None,
    },
    Info {
        letter: 'C',
        name: "champion",
        reverse_of: None,
    },
    Info {
        letter: 'L',
        name: "lion",
        reverse_of: None,
    },
    Info {
        letter: 'M',
        name: "magister",
        reverse_of: None,
    },
    Info {
        letter: 'T',
        name: "templar",
        reverse_of: Some(Kind::Guardian),
    },
    Info {
        letter: 'X',
        name: "exarch",
        reverse_of: Some(Kind::Paladin),
    },
    Info {
        letter: 'W',
        name: "warchariot",
        reverse_of: Some(Kind::Knight),
    },
    Info {
        letter: 'A',
        name: "assassin",
        reverse_of: Some(Kind::Magister),
    },
    Info {
        letter: 'E',
        name: "emperor",
        reverse_of: Some(Kind::Lion),
    },
    Info {
        letter: 'Y',
        name: "ballista",
        reverse_of: Some(Kind::Rook),
    },
    Info {
        letter: 'H',
        name: "archer",
        reverse_of: Some(Kind::Bishop),
    },
    Info {
        letter: 'O',
        name: "mounted-bishop",
        reverse_of: Some(Kind::Griffin),
    },
    Info {
        letter: 'U',
        name: "shock-cavalryman",
        reverse_of: Some(Kind::Champion),
    },
    Info {
        letter: 'J',
        name: "jester",
        reverse_of: Some(Kind::Queen),
    },
    Info {
        letter: 'V',
        name: "flanker",
        reverse_of: Some(Kind::Pawn),
    },
    Info {
        letter: 'S',
        name: "sentinel",
        reverse_of: Some(Kind::Pawn),
    },
    Info {
        letter: 'Z',
        name: "zealot",
        reverse_of: Some(Kind::Pawn),
    },
    Info {
        letter: 'I',
        name: "pikeman",
        reverse_of: Some(Kind::Pawn),
    },
];

impl Kind {
    #[inline]
    pub fn index(self) -> usize {
        self as usize
    }

    pub fn from_index(i: usize) -> Option<Kind> {
        ALL_KINDS.get(i).copied()
    }

    /// Upper-case FEN letter.
    pub fn letter(self) -> char {
        INFO[self.index()].letter
    }

    pub fn name(self) -> &'static str {
        INFO[self.index()].name
    }

    pub fn from_letter(c: char) -> Option<Kind> {
        let u = c.to_ascii_uppercase();
        ALL_KINDS.iter().copied().find(|k| k.letter() == u)
    }

    /// By name (`mounted-bishop`, `mounted_bishop` and `mountedbishop` all work) or letter.
    pub fn from_word(w: &str) -> Option<Kind> {
        let norm: String = w
            .chars()
            .filter(|c| c.is_ascii_alphanumeric())
            .map(|c| c.to_ascii_lowercase())
            .collect();
        if norm.len() == 1 {
            return Kind::from_letter(norm.chars().next()?);
        }
        ALL_KINDS
            .iter()
            .copied()
            .find(|k| k.name().replace('-', "") == norm)
    }

    /// The main-side type this reverse-side type stands in for.
    pub fn reverse_of(self) -> Option<Kind> {
        INFO[self.index()].reverse_of
    }

    /// The reverse side of a main-side type, where there is exactly one.
    pub fn reverse(self) -> Option<Kind> {
        if self == Kind::Pawn {
            return None;
        }
        ALL_KINDS
            .iter()
            .copied()
            .find(|k| k.reverse_of() == Some(self))
    }

    /// Pawn types move towards the far rank and promote there.
    pub fn is_pawn(self) -> bool {
        matches!(
            self,
            Kind::Pawn | Kind::Flanker | Kind::Sentinel | Kind::Zealot | Kind::Pikeman
        )
    }

    /// Types based on the knight ("the Horse"): under Transportation they carry other pieces
    /// and are never carried. The Warchariot derives from the knight and the Assassin from the
    /// Warchariot; the Jester is not one, whatever it copies.
    pub fn is_carrier(self) -> bool {
        matches!(
            self,
            Kind::Knight
                | Kind::Griffin
                | Kind::Champion
                | Kind::Emperor
                | Kind::MountedBishop
                | Kind::ShockCavalryman
                | Kind::Warchariot
                | Kind::Assassin
        )
    }
}

// Offsets are (file, rank) with rank counted forward for the side that owns the piece.
const ORTH: &[(i8, i8)] = &[(0, 1), (0, -1), (1, 0), (-1, 0)];
const DIAG: &[(i8, i8)] = &[(1, 1), (-1, 1), (1, -1), (-1, -1)];
const ROYAL: &[(i8, i8)] = &[
    (0, 1),
    (0, -1),
    (1, 0),
    (-1, 0),
    (1, 1),
    (-1, 1),
    (1, -1),
    (-1, -1),
];
const KNIGHT: &[(i8, i8)] = &[
    (1, 2),
    (2, 1),
    (2, -1),
    (1, -2),
    (-1, -2),
    (-2, -1),
    (-2, 1),
    (-1, 2),
];
const ORTH2: &[(i8, i8)] = &[(0, 2), (0, -2), (2, 0), (-2, 0)];
const DIAG2: &[(i8, i8)] = &[(2, 2), (-2, 2), (2, -2), (-2, -2)];
const FORWARD: &[(i8, i8)] = &[(0, 1)];
const FORWARD_DIAG: &[(i8, i8)] = &[(1, 1), (-1, 1)];
const FORWARD_SIDE: &[(i8, i8)] = &[(0, 1), (1, 0), (-1, 0)];

/// Step-by-step paths: two straight then one sideways (the Warchariot's corner).
const TWO_THEN_ONE: &[&[(i8, i8)]] = &[
    &[(0, 1), (0, 1), (1, 0)],
    &[(0, 1), (0, 1), (-1, 0)],
    &[(0, -1), (0, -1), (1, 0)],
    &[(0, -1), (0, -1), (-1, 0)],
    &[(1, 0), (1, 0), (0, 1)],
    &[(1, 0), (1, 0), (0, -1)],
    &[(-1, 0), (-1, 0), (0, 1)],
    &[(-1, 0), (-1, 0), (0, -1)],
];
/// One straight then two sideways (the Assassin's second corner).
const ONE_THEN_TWO: &[&[(i8, i8)]] = &[
    &[(0, 1), (1, 0), (1, 0)],
    &[(0, 1), (-1, 0), (-1, 0)],
    &[(0, -1), (1, 0), (1, 0)],
    &[(0, -1), (-1, 0), (-1, 0)],
    &[(1, 0), (0, 1), (0, 1)],
    &[(1, 0), (0, -1), (0, -1)],
    &[(-1, 0), (0, 1), (0, 1)],
    &[(-1, 0), (0, -1), (0, -1)],
];
/// The Pikeman's strike: two forward, through an empty cell.
const PIKE: &[&[(i8, i8)]] = &[&[(0, 1), (0, 1)]];

use Mode::{Both, Capture, Move};
use Shape::{Lame, Leap, Path, Slide};

/// The movement table: what each type may do. The Jester has no entry of its own (it borrows
/// the entry of the type it copies).
pub fn movement(kind: Kind) -> Vec<Opt> {
    let one = |shape, mode| Opt::Single { shape, mode };
    let two = |first, then| Opt::Then { first, then };
    match kind {
        Kind::Pawn => vec![one(Leap(FORWARD), Move), one(Leap(FORWARD_DIAG), Capture)],
        Kind::Knight => vec![one(Leap(KNIGHT), Both)],
        Kind::Bishop => vec![one(Slide(DIAG), Both)],
        Kind::Rook => vec![one(Slide(ORTH), Both)],
        Kind::Queen => vec![one(Slide(ROYAL), Both)],
        Kind::King => vec![one(Leap(ROYAL), Both)],
        Kind::Guardian => vec![two(Slide(ORTH), Leap(DIAG))],
        Kind::Griffin => vec![two(Leap(KNIGHT), Leap(DIAG))],
        Kind::Paladin => vec![two(Slide(DIAG), Leap(ORTH))],
        Kind::Champion => vec![two(Leap(KNIGHT), Leap(ORTH))],
        Kind::Lion => vec![two(Leap(ROYAL), Leap(ROYAL))],
        Kind::Magister => vec![two(Slide(ORTH), Leap(DIAG)), two(Slide(DIAG), Leap(ORTH))],
        Kind::Templar => vec![one(Slide(DIAG), Move), one(Slide(ORTH), Capture)],
        Kind::Exarch => vec![one(Slide(ORTH), Move), one(Slide(DIAG), Capture)],
        Kind::Warchariot => vec![one(Path(TWO_THEN_ONE), Both)],
        Kind::Assassin => vec![one(Path(TWO_THEN_ONE), Both), one(Path(ONE_THEN_TWO), Both)],
        Kind::Emperor => vec![two(Leap(KNIGHT), Leap(ROYAL))],
        Kind::Ballista => vec![one(Leap(ORTH2), Both)],
        Kind::Archer => vec![one(Leap(DIAG2), Both)],
        Kind::MountedBishop => vec![one(Leap(KNIGHT), Move), one(Slide(DIAG), Capture)],
        Kind::ShockCavalryman => vec![one(Leap(KNIGHT), Move), one(Slide(ORTH), Capture)],
        Kind::Jester => vec![],
        Kind::Flanker => vec![one(Leap(FORWARD_SIDE), Move), one(Leap(FORWARD), Capture)],
        Kind::Sentinel => vec![
            one(Leap(FORWARD_DIAG), Move),
            one(Leap(FORWARD_SIDE), Capture),
        ],
        Kind::Zealot => vec![one(Leap(FORWARD_DIAG), Both)],
        Kind::Pikeman => vec![one(Leap(FORWARD), Move), one(Lame(PIKE), Capture)],
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn letters_are_unique_and_round_trip() {
        for k in ALL_KINDS {
            assert_eq!(Kind::from_letter(k.letter()), Some(k));
            assert_eq!(Kind::from_letter(k.letter().to_ascii_lowercase()), Some(k));
            assert_eq!(Kind::from_word(k.name()), Some(k));
            assert_eq!(Kind::from_index(k.index()), Some(k));
        }
        assert_eq!(Kind::from_word("Mounted_Bishop"), Some(Kind::MountedBishop));
    }

    #[test]
    fn reverse_pairs() {
        assert_eq!(Kind::Guardian.reverse(), Some(Kind::Templar));
        assert_eq!(Kind::Queen.reverse(), Some(Kind::Jester));
        assert_eq!(Kind::Knight.reverse(), Some(Kind::Warchariot));
        assert_eq!(Kind::Pawn.reverse(), None);
        assert_eq!(Kind::King.reverse(), None);
        assert_eq!(Kind::Pikeman.reverse_of(), Some(Kind::Pawn));
    }
}
