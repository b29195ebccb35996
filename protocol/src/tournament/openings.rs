//! Openings: where each pair of games starts. A file holds one opening a line:
//! - a FEN (the variant's FEN-like form), optionally followed by `moves a1 a2 ...`;
//! - `moves a1 a2 ...`: actions from the variant's start position (a turn of several
//!   actions may be written comma-joined);
//! - blank lines and lines starting with `#` are skipped.
//!
//! Random openings add `--random-plies` random turns after the book line, drawn from a seeded
//! generator so that the same seed gives the same openings.

use tessera::faces::session::AnyGame;

#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Opening {
    /// `None`: the variant's start position.
    pub fen: Option<String>,
    /// Actions played from there before the engines take over, one entry per action.
    pub moves: Vec<String>,
}

impl Opening {
    pub fn start() -> Opening {
        Opening {
            fen: None,
            moves: Vec::new(),
        }
    }

    /// The opening's base position, checked: the FEN and every action must be legal.
    pub fn base(&self, proto: &dyn AnyGame) -> Result<Box<dyn AnyGame>, String> {
        let mut g = proto.boxed_clone();
        if let Some(f) = &self.fen {
            g.set_fen(f).map_err(|e| format!("bad FEN '{f}': {e}"))?;
        }
        Ok(g)
    }

    /// The position after the opening's actions.
    pub fn end(&self, proto: &dyn AnyGame) -> Result<Box<dyn AnyGame>, String> {
        let mut g = self.base(proto)?;
        for m in &self.moves {
            g.play_str(m).map_err(|e| format!("move '{m}': {e}"))?;
        }
        if let Some(o) = g.outcome() {
            return Err(format!("the game is already over ({o})"));
        }
        Ok(g)
    }
}

/// Parses an openings file and checks every line against the rules.
pub fn parse_file(text: &str, proto: &dyn AnyGame) -> Result<Vec<Opening>, String> {
    let mut out = Vec::new();
    for (i, line) in text.lines().enumerate() {
        let line = line.trim();
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let op = parse_line(line);
        op.end(proto)
            .map_err(|e| format!("openings line {}: {e}", i + 1))?;
        out.push(op);
    }
    if out.is_empty() {
        return Err("the openings file holds no opening".into());
    }
    Ok(out)
}

fn parse_line(line: &str) -> Opening {
    let (fen, moves) = match line.strip_prefix("moves") {
        Some(rest) if rest.is_empty() || rest.starts_with(char::is_whitespace) => (None, rest),
        _ => match line.find(" moves ") {
            Some(i) => (Some(&line[..i]), &line[i + 7..]),
            None => (Some(line.strip_suffix(" moves").unwrap_or(line)), ""),
        },
    };
    let fen = fen.map(|f| f.strip_prefix("fen ").unwrap_or(f).trim().to_string());
    // Comma-joined turns are split into actions so that every action is sent on its own.
    let moves = moves
        .split_whitespace()
        .flat_map(|t| t.split(','))
        .filter(|a| !a.is_empty())
        .map(str::to_string)
        .collect();
    Opening { fen, moves }
}

/// A small seeded generator (SplitMix64): reproducible random openings without a dependency.
pub struct SplitMix(u64);

impl SplitMix {
    pub fn new(seed: u64) -> SplitMix {
        SplitMix(seed)
    }

    pub fn next_u64(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    pub fn below(&mut self, n: usize) -> usize {
        (self.next_u64() % n as u64) as usize
    }
}

/// Extends `book` by `turns` random turns (each turn: random actions until the side to move
/// changes). Lines that end the game are drawn again; after many failures the book line is
/// returned as it is.
pub fn randomize(book: &Opening, turns: u32, proto: &dyn AnyGame, rng: &mut SplitMix) -> Opening {
    const ATTEMPTS: usize = 100;
    const MAX_ACTIONS_PER_TURN: usize = 64;
    if turns == 0 {
        return book.clone();
    }
    'attempt: for _ in 0..ATTEMPTS {
        let Ok(mut g) = book.end(proto) else {
            return book.clone();
        };
        let mut moves = book.moves.clone();
        for _ in 0..turns {
            let side = g.to_move();
            for _ in 0..MAX_ACTIONS_PER_TURN {
                let legal = g.legal_actions();
                if legal.is_empty() {
                    continue 'attempt;
                }
                let a = &legal[rng.below(legal.len())];
                if g.play_str(a).is_err() {
                    continue 'attempt;
                }
                moves.push(a.clone());
                if g.outcome().is_some() {
                    continue 'attempt;
                }
                if g.to_move() != side {
                    break;
                }
            }
        }
        return Opening {
            fen: book.fen.clone(),
            moves,
        };
    }
    book.clone()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn line_forms() {
        assert_eq!(
            parse_line("moves e2e4 e7e5"),
            Opening {
                fen: None,
                moves: vec!["e2e4".into(), "e7e5".into()]
            }
        );
        assert_eq!(
            parse_line("8/8/8/8/8/8/8/K1k5 w - - 0 1"),
            Opening {
                fen: Some("8/8/8/8/8/8/8/K1k5 w - - 0 1".into()),
                moves: vec![]
            }
        );
        assert_eq!(
            parse_line("fen 8/8 w moves a1b1,b1c1 c8d8"),
            Opening {
                fen: Some("8/8 w".into()),
                moves: vec!["a1b1".into(), "b1c1".into(), "c8d8".into()]
            }
        );
        assert_eq!(parse_line("moves"), Opening::start());
    }

    #[test]
    fn splitmix_is_reproducible() {
        let (mut a, mut b) = (SplitMix::new(7), SplitMix::new(7));
        for _ in 0..10 {
            assert_eq!(a.next_u64(), b.next_u64());
        }
        assert!((0..1000).all(|_| a.below(3) < 3));
    }
}
