//! The variant options: `Strike`, `TchesReverse` (types flipped to their reverse side) and
//! the other Layer 3 modifications, read into one `Rules` value. Contradicting combinations
//! are refused when the variant is built.

use crate::core::game::RuleError;
use crate::core::options::{OptionKind, OptionSpec, VariantOptions};

use super::pieces::Kind;

const FLAG: OptionKind = OptionKind::Check { default: false };

pub const OPTIONS: &[OptionSpec] = &[
    OptionSpec {
        name: "Strike",
        kind: OptionKind::Check { default: true },
        help: "TCHES: a turn is three actions by three different pieces",
        check: None,
    },
    OptionSpec {
        name: "TchesReverse",
        kind: OptionKind::Text { default: "" },
        help: "TCHES: types flipped to their reverse side for both sides, e.g. guardian,knight or G,N,S (a pawn flips by naming flanker, sentinel, zealot or pikeman)",
        check: Some(|v| parse_reverse(v).map(|_| ())),
    },
    OptionSpec {
        name: "EscortTheKing",
        kind: FLAG,
        help: "TCHES: a king that reaches the enemy portal (d and e of the enemy's first rank) wins",
        check: None,
    },
    OptionSpec {
        name: "CaptureTheKing",
        kind: FLAG,
        help: "TCHES: the king does not attack; its capturer carries it and wins on reaching its own portal; capturing the carrier frees the king",
        check: None,
    },
    OptionSpec {
        name: "CaptureTheFlag",
        kind: FLAG,
        help: "TCHES: as CaptureTheKing, with a king that never moves",
        check: None,
    },
    OptionSpec {
        name: "Replacement",
        kind: FLAG,
        help: "TCHES: a lost Jester is replaced by a pawn of the owner's choice; a lost Queen or Magister turns the other into its type",
        check: None,
    },
    OptionSpec {
        name: "ReplacementTiming",
        kind: OptionKind::Combo {
            default: "now",
            values: &["now", "turn"],
        },
        help: "TCHES: the owner chooses a replacement at once (now) or at the start of its next turn (turn)",
        check: None,
    },
    OptionSpec {
        name: "Target",
        kind: OptionKind::Text { default: "king" },
        help: "TCHES: the piece type whose loss ends the game, e.g. assassin (not a pawn type)",
        check: Some(|v| parse_target(v).map(|_| ())),
    },
    OptionSpec {
        name: "Transportation",
        kind: FLAG,
        help: "TCHES: knight-based pieces carry one friendly piece (not a king, not knight-based)",
        check: None,
    },
    OptionSpec {
        name: "Polarity",
        kind: FLAG,
        help: "TCHES: each piece faces a direction set by its last movement and never moves backwards",
        check: None,
    },
    OptionSpec {
        name: "PolarityFacing",
        kind: OptionKind::Combo {
            default: "choose",
            values: &["choose", "keep"],
        },
        help: "TCHES Polarity: after a diagonal or knight movement the piece faces either way it went (choose) or keeps its facing (keep)",
        check: None,
    },
    OptionSpec {
        name: "PolarityRotate",
        kind: FLAG,
        help: "TCHES Polarity: a piece may turn in place as its action",
        check: None,
    },
];

/// When the owner of a lost piece chooses its replacement.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Timing {
    /// At once, in the middle of the capturer's turn if need be.
    Now,
    /// At the start of the owner's next turn.
    Turn,
}

/// How Polarity sets a piece's facing after a diagonal or knight-shaped movement.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Facing {
    /// The mover chooses either direction its last movement went in.
    Choose,
    /// The piece keeps its facing (a straight movement still turns it).
    Keep,
}

/// Every rule choice of a TCHES game.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Rules {
    pub strike: bool,
    /// Types flipped to their reverse side, as main -> reverse.
    pub flips: Vec<(Kind, Kind)>,
    pub escort: bool,
    /// Capture the King (also on under Capture the Flag).
    pub capture_king: bool,
    /// Capture the Flag: the king never moves.
    pub flag: bool,
    pub replacement: bool,
    pub timing: Timing,
    pub target: Kind,
    pub transport: bool,
    pub polarity: bool,
    pub facing: Facing,
    pub rotate: bool,
}

impl Rules {
    /// Layers 1 and 2 with or without Strike, and no other modification.
    pub fn plain(strike: bool, flips: Vec<(Kind, Kind)>) -> Rules {
        Rules {
            strike,
            flips,
            escort: false,
            capture_king: false,
            flag: false,
            replacement: false,
            timing: Timing::Now,
            target: Kind::King,
            transport: false,
            polarity: false,
            facing: Facing::Choose,
            rotate: false,
        }
    }

    /// The army's type for a main-side type after the flips.
    pub fn flip(&self, k: Kind) -> Kind {
        self.flips
            .iter()
            .find(|(m, _)| *m == k)
            .map_or(k, |(_, r)| *r)
    }

    /// Refuses combinations that contradict each other.
    pub fn check(&self) -> Result<(), RuleError> {
        if self.flag && !self.capture_king {
            return Err(RuleError::new(
                "internal: CaptureTheFlag implies the capture-the-king mechanics",
            ));
        }
        if self.target != Kind::King {
            let army = super::tables::BACK_RANK.map(|k| self.flip(k));
            if !army.contains(&self.target) {
                return Err(RuleError::new(format!(
                    "Target {}: the start army has no {} (set TchesReverse to flip {} first)",
                    self.target.name(),
                    self.target.name(),
                    self.target
                        .reverse_of()
                        .map_or("its main side".to_string(), |m| m.name().to_string())
                )));
            }
        }
        Ok(())
    }
}

/// Reads `Target`: a piece name or letter, not a pawn type.
pub fn parse_target(text: &str) -> Result<Kind, RuleError> {
    let w = text.trim();
    if w.is_empty() || w == "<empty>" {
        return Ok(Kind::King);
    }
    match Kind::from_word(w) {
        Some(k) if k.is_pawn() => Err(RuleError::new(format!(
            "Target: a {} cannot be the target (pawns promote and would leave the game)",
            k.name()
        ))),
        Some(k) => Ok(k),
        None => Err(RuleError::new(format!("Target: unknown piece '{w}'"))),
    }
}

/// Reads `TchesReverse`: names or letters of either side of a pair, separated by commas or
/// spaces. Returns main -> reverse pairs, each main type once.
pub fn parse_reverse(text: &str) -> Result<Vec<(Kind, Kind)>, RuleError> {
    let mut flips: Vec<(Kind, Kind)> = Vec::new();
    for word in text
        .split(|c: char| c == ',' || c.is_whitespace())
        .filter(|w| !w.is_empty())
    {
        let Some(k) = Kind::from_word(word) else {
            return Err(RuleError::new(format!(
                "TchesReverse: unknown piece '{word}'"
            )));
        };
        let pair = match (k.reverse_of(), k.reverse()) {
            (Some(main), _) => (main, k),
            (None, Some(rev)) => (k, rev),
            (None, None) if k == Kind::Pawn => {
                return Err(RuleError::new(
                    "TchesReverse: a pawn has four reverse sides; name flanker, sentinel, zealot or pikeman",
                ))
            }
            (None, None) => {
                return Err(RuleError::new(format!("TchesReverse: the {} has no reverse side", k.name())))
            }
        };
        match flips.iter().find(|(m, _)| *m == pair.0) {
            Some(&(_, r)) if r == pair.1 => {}
            Some(&(_, r)) => {
                return Err(RuleError::new(format!(
                    "TchesReverse: the {} cannot flip to both {} and {}",
                    pair.0.name(),
                    r.name(),
                    pair.1.name()
                )))
            }
            None => flips.push(pair),
        }
    }
    Ok(flips)
}

/// The rules from the option values; contradicting combinations are errors.
pub fn read(opts: &VariantOptions) -> Result<Rules, RuleError> {
    let strike = opts.flag("Strike", true)?;
    let flips = parse_reverse(opts.get("TchesReverse").unwrap_or(""))?;
    let ctk = opts.flag("CaptureTheKing", false)?;
    let flag = opts.flag("CaptureTheFlag", false)?;
    let escort = opts.flag("EscortTheKing", false)?;
    if ctk && flag {
        return Err(RuleError::new(
            "CaptureTheKing and CaptureTheFlag contradict each other (the king moves in one and never in the other): set one of them",
        ));
    }
    if escort && flag {
        return Err(RuleError::new(
            "EscortTheKing needs a king that moves; under CaptureTheFlag it never does: set one of them",
        ));
    }
    let combo = |name: &str, default: &str| -> Result<String, RuleError> {
        let v = opts.get(name).unwrap_or(default).to_ascii_lowercase();
        let spec = OPTIONS.iter().find(|o| o.name == name).expect("declared");
        spec.validate(&v)
    };
    let timing = match combo("ReplacementTiming", "now")?.as_str() {
        "turn" => Timing::Turn,
        _ => Timing::Now,
    };
    let facing = match combo("PolarityFacing", "choose")?.as_str() {
        "keep" => Facing::Keep,
        _ => Facing::Choose,
    };
    let rules = Rules {
        strike,
        flips,
        escort,
        capture_king: ctk || flag,
        flag,
        replacement: opts.flag("Replacement", false)?,
        timing,
        target: parse_target(opts.get("Target").unwrap_or("king"))?,
        transport: opts.flag("Transportation", false)?,
        polarity: opts.flag("Polarity", false)?,
        facing,
        rotate: opts.flag("PolarityRotate", false)?,
    };
    rules.check()?;
    Ok(rules)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reverse_lists() {
        assert_eq!(
            parse_reverse("guardian,knight").unwrap(),
            vec![
                (Kind::Guardian, Kind::Templar),
                (Kind::Knight, Kind::Warchariot)
            ]
        );
        assert_eq!(
            parse_reverse("G Q s").unwrap(),
            vec![
                (Kind::Guardian, Kind::Templar),
                (Kind::Queen, Kind::Jester),
                (Kind::Pawn, Kind::Sentinel)
            ]
        );
        assert_eq!(parse_reverse("").unwrap(), vec![]);
        assert!(parse_reverse("pawn").is_err());
        assert!(parse_reverse("king").is_err());
        assert!(parse_reverse("zealot,pikeman").is_err());
        assert!(parse_reverse("dragon").is_err());
    }
}
