//! The variant options: `Strike` and `TchesReverse` (types flipped to their reverse side).

use crate::game::RuleError;
use crate::options::{OptionKind, OptionSpec, VariantOptions};

use super::pieces::Kind;

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
];

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

/// `(strike, flips)` from the option values.
pub fn read(opts: &VariantOptions) -> Result<(bool, Vec<(Kind, Kind)>), RuleError> {
    let strike = opts.flag("Strike", true)?;
    let flips = parse_reverse(opts.get("TchesReverse").unwrap_or(""))?;
    Ok((strike, flips))
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
