//! Parsing the arguments of `go`, `setoption` and `position` into values; no state is touched.

use tessera::search::Limits;

/// What `go` asks for.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Go {
    Search(Limits),
    Perft(PerftJob),
}

/// What a perft counts.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PerftKind {
    /// Sequences of actions (plies): `go perft N`.
    Actions,
    /// Complete turns, each distinct sequence of a turn's actions once: `go perft turns N`.
    Turns,
}

/// A `go perft` request: what to count, how deep.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct PerftJob {
    pub kind: PerftKind,
    pub depth: u32,
}

const GO_KEYWORDS: &[&str] = &[
    "wtime",
    "btime",
    "winc",
    "binc",
    "movestogo",
    "depth",
    "nodes",
    "mate",
    "movetime",
    "infinite",
    "ponder",
    "searchmoves",
    "perft",
];

/// The deepest `go perft` accepted: beyond it no count finishes in a human lifetime.
pub const MAX_PERFT_DEPTH: u32 = 30;

fn number<T: std::str::FromStr>(key: &str, tok: Option<&&str>) -> Result<T, String> {
    let t = tok.ok_or_else(|| format!("go {key} needs a value"))?;
    t.parse::<T>()
        .map_err(|_| format!("go {key} takes a non-negative integer, not '{t}'"))
}

/// Clock times may arrive negative from a GUI whose clock ran past zero: read them as 0.
fn millis(key: &str, tok: Option<&&str>) -> Result<u64, String> {
    let t = tok.ok_or_else(|| format!("go {key} needs a value"))?;
    match t.parse::<i64>() {
        Ok(v) => Ok(v.max(0) as u64),
        Err(_) => Err(format!(
            "go {key} takes an integer number of milliseconds, not '{t}'"
        )),
    }
}

pub fn parse_go(args: &[&str]) -> Result<Go, String> {
    let mut l = Limits::default();
    let mut i = 0;
    while i < args.len() {
        let key = args[i];
        let next = args.get(i + 1);
        match key {
            "wtime" => l.wtime = Some(millis(key, next)?),
            "btime" => l.btime = Some(millis(key, next)?),
            "winc" => l.winc = Some(millis(key, next)?),
            "binc" => l.binc = Some(millis(key, next)?),
            "movetime" => l.movetime = Some(millis(key, next)?),
            "movestogo" => l.movestogo = Some(number(key, next)?),
            "depth" => l.depth = Some(number::<u32>(key, next)?.max(1)),
            "nodes" => l.nodes = Some(number(key, next)?),
            "mate" => l.mate = Some(number(key, next)?),
            "infinite" => {
                l.infinite = true;
                i += 1;
                continue;
            }
            "ponder" => {
                l.ponder = true;
                i += 1;
                continue;
            }
            "searchmoves" => {
                i += 1;
                while i < args.len() && !GO_KEYWORDS.contains(&args[i]) {
                    l.searchmoves.push(args[i].to_string());
                    i += 1;
                }
                if l.searchmoves.is_empty() {
                    return Err("go searchmoves needs at least one move".into());
                }
                continue;
            }
            "perft" if i == 0 => return parse_perft(&args[1..]).map(Go::Perft),
            "perft" => {
                return Err(
                    "go perft takes exactly one depth (or turns and a depth) and nothing else"
                        .into(),
                )
            }
            other => return Err(format!("unknown go parameter '{other}'")),
        }
        i += 2;
    }
    Ok(Go::Search(l))
}

/// The words after `go perft`: a depth and nothing else.
fn parse_perft(args: &[&str]) -> Result<PerftJob, String> {
    let (kind, depth, what) = match args {
        ["turns", depth] => (PerftKind::Turns, depth, "perft turns"),
        [depth] => (PerftKind::Actions, depth, "perft"),
        ["turns", ..] => {
            return Err("go perft turns takes exactly one depth and nothing else".into())
        }
        _ => return Err("go perft takes exactly one depth and nothing else".into()),
    };
    let d: u32 = number(what, Some(depth))?;
    if !(1..=MAX_PERFT_DEPTH).contains(&d) {
        return Err(format!(
            "go {what} depth must be 1 to {MAX_PERFT_DEPTH}, not {d}"
        ));
    }
    Ok(PerftJob { kind, depth: d })
}

/// `setoption name <name words> [value <value words>]` -> (name, value). A missing value is
/// the empty string (string options may be set empty).
pub fn parse_setoption(args: &[&str]) -> Result<(String, String), String> {
    if args.first() != Some(&"name") {
        return Err("setoption must be 'setoption name <name> value <value>'".into());
    }
    let rest = &args[1..];
    let vpos = rest.iter().position(|t| *t == "value");
    let (name, value) = match vpos {
        Some(p) => (&rest[..p], &rest[p + 1..]),
        None => (rest, &rest[rest.len()..]),
    };
    if name.is_empty() {
        return Err("setoption needs an option name".into());
    }
    Ok((name.join(" "), value.join(" ")))
}

/// Where `position` starts from.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Start {
    StartPos,
    Fen(String),
}

/// `position startpos|fen <fen> [moves m1 m2 ...]` -> (start, moves).
pub fn parse_position<'a>(args: &[&'a str]) -> Result<(Start, Vec<&'a str>), String> {
    let mpos = args.iter().position(|t| *t == "moves");
    let (head, moves) = match mpos {
        Some(p) => (&args[..p], args[p + 1..].to_vec()),
        None => (args, Vec::new()),
    };
    let start = match head.first() {
        Some(&"startpos") if head.len() == 1 => Start::StartPos,
        Some(&"startpos") => {
            return Err(format!("unexpected '{}' after startpos", head[1]));
        }
        Some(&"fen") if head.len() > 1 => Start::Fen(head[1..].join(" ")),
        Some(&"fen") => return Err("position fen needs a FEN".into()),
        Some(other) => {
            return Err(format!("position takes startpos or fen, not '{other}'"));
        }
        None => return Err("position needs startpos or fen".into()),
    };
    Ok((start, moves))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn go_parses_every_limit() {
        let args: Vec<&str> = "wtime 1000 btime -5 winc 10 binc 20 movestogo 7 depth 0 nodes 99 mate 3 movetime 50 infinite ponder searchmoves e2e4 d2d4".split(' ').collect();
        let Go::Search(l) = parse_go(&args).unwrap() else {
            panic!()
        };
        assert_eq!(l.wtime, Some(1000));
        assert_eq!(l.btime, Some(0));
        assert_eq!((l.winc, l.binc, l.movestogo), (Some(10), Some(20), Some(7)));
        assert_eq!(l.depth, Some(1));
        assert_eq!((l.nodes, l.mate, l.movetime), (Some(99), Some(3), Some(50)));
        assert!(l.infinite && l.ponder);
        assert_eq!(l.searchmoves, vec!["e2e4", "d2d4"]);
        assert_eq!(
            parse_go(&["perft", "3"]).unwrap(),
            Go::Perft(PerftJob {
                kind: PerftKind::Actions,
                depth: 3
            })
        );
        assert_eq!(
            parse_go(&["perft", "turns", "2"]).unwrap(),
            Go::Perft(PerftJob {
                kind: PerftKind::Turns,
                depth: 2
            })
        );
        for bad in [
            "depth",
            "depth x",
            "nodes -1",
            "perft 0",
            "perft 3 depth 2",
            "depth 2 perft 3",
            "perft",
            "perft turns",
            "perft turns 0",
            "perft turns x",
            "perft turns 2 depth 1",
            "depth 2 perft turns 2",
            "bogus",
            "searchmoves",
        ] {
            let a: Vec<&str> = bad.split(' ').collect();
            assert!(parse_go(&a).is_err(), "{bad}");
        }
    }

    #[test]
    fn setoption_and_position_split_their_words() {
        let a: Vec<&str> = "name Move Overhead value 100".split(' ').collect();
        assert_eq!(
            parse_setoption(&a).unwrap(),
            ("Move Overhead".into(), "100".into())
        );
        assert!(parse_setoption(&["value", "3"]).is_err());
        assert!(parse_setoption(&["name", "value", "3"]).is_err());
        let p: Vec<&str> = "fen 8/8 w - - 0 1 moves a b,c".split(' ').collect();
        let (s, m) = parse_position(&p).unwrap();
        assert_eq!(s, Start::Fen("8/8 w - - 0 1".into()));
        assert_eq!(m, vec!["a", "b,c"]);
        assert!(parse_position(&["startpos", "x"]).is_err());
        assert!(parse_position(&["fen"]).is_err());
        assert!(parse_position(&[]).is_err());
    }
}
