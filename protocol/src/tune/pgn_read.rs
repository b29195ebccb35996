//! Reading games back from PGN, as `tessera match` writes them: tag pairs, then the movetext
//! with `{}` comments, move numbers, one token per turn (its actions comma-joined) and the
//! result.

use tessera::tune::RecordedGame;

/// One game of a PGN file.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct PgnGame {
    pub tags: Vec<(String, String)>,
    /// One token per turn.
    pub turns: Vec<String>,
    /// The comment after each turn's token (`book`, or the engine's score, depth, time).
    pub comments: Vec<Option<String>>,
    /// The result token (`1-0`, `0-1`, `1/2-1/2`, `*`).
    pub result: String,
}

impl PgnGame {
    pub fn tag(&self, name: &str) -> Option<&str> {
        self.tags
            .iter()
            .find(|(k, _)| k == name)
            .map(|(_, v)| v.as_str())
    }

    /// The variant as the registry names it, and its options (`Chess960` is chess with
    /// `UCI_Chess960`).
    pub fn variant(&self) -> (String, Vec<(String, String)>) {
        match self.tag("Variant") {
            None | Some("Standard") => ("chess".into(), Vec::new()),
            Some(v) if v.eq_ignore_ascii_case("chess960") => {
                ("chess".into(), vec![("UCI_Chess960".into(), "true".into())])
            }
            Some(v) => (v.to_ascii_lowercase(), Vec::new()),
        }
    }

    /// White's score, or `None` for an unfinished game.
    pub fn white_score(&self) -> Option<f32> {
        match self.result.as_str() {
            "1-0" => Some(1.0),
            "0-1" => Some(0.0),
            "1/2-1/2" => Some(0.5),
            _ => None,
        }
    }

    /// A game that ended on the board or by score adjudication: its result says something
    /// about its positions. Losses on time, by a crash or an illegal move do not.
    pub fn result_is_earned(&self) -> bool {
        matches!(
            self.tag("Termination"),
            None | Some("normal") | Some("adjudication")
        )
    }

    pub fn record(&self) -> Option<RecordedGame> {
        Some(RecordedGame {
            fen: self.tag("FEN").map(str::to_string),
            turns: self.turns.clone(),
            result: self.white_score()?,
            scores: self
                .comments
                .iter()
                .map(|c| c.as_deref().and_then(comment_score))
                .collect(),
        })
    }
}

/// Mate scores count as this many centipawns in a search score.
const MATE_CP: f32 = 3000.0;

/// The mover's score in centipawns from a move comment as `tessera match` writes it:
/// `+0.31/9 0.412s` (pawns), `-M3/12 0.2s` (a mate); `None` for `book` and the like.
pub fn comment_score(c: &str) -> Option<f32> {
    let head = c.split_whitespace().next()?;
    let value = head.split('/').next()?;
    let (sign, rest) = match value.as_bytes().first()? {
        b'+' => (1.0, &value[1..]),
        b'-' => (-1.0, &value[1..]),
        _ => (1.0, value),
    };
    if rest.starts_with('M') {
        return Some(sign * MATE_CP);
    }
    let pawns: f32 = rest.parse().ok()?;
    Some(sign * pawns * 100.0)
}

fn is_result(t: &str) -> bool {
    matches!(t, "1-0" | "0-1" | "1/2-1/2" | "*")
}

/// Move numbers (`12.`, `12...`) and numeric annotation glyphs (`$1`) are not moves; `$-e4`
/// (a Tiled Squares tile drop) is.
fn is_move_token(t: &str) -> bool {
    let digits = t.trim_end_matches('.');
    let all_digits = |s: &str| !s.is_empty() && s.chars().all(|c| c.is_ascii_digit());
    !(t.strip_prefix('$').is_some_and(all_digits) || all_digits(digits))
}

/// A `%` escape line of PGN, not a line the writer's wrapping began with an action written
/// with `%` (Black's tile drop `%-e6` in Tiled Squares).
fn is_escape_line(line: &str) -> bool {
    line.starts_with('%') && !line.starts_with("%-")
}

/// Reads every game of a PGN text. Lines starting with `%` are skipped; `;` comments run to
/// the end of the line.
pub fn read(text: &str) -> Result<Vec<PgnGame>, String> {
    let mut games = Vec::new();
    let mut cur = PgnGame::default();
    let mut in_comment = false;
    let mut has_moves = false;
    // The comment being read, and whether it belongs to the move just read.
    let mut comment = String::new();
    let mut open_comment = false;
    for (no, raw) in text.lines().enumerate() {
        let line = raw.trim();
        if !in_comment && is_escape_line(line) {
            continue;
        }
        if !in_comment && line.starts_with('[') {
            if has_moves || !cur.turns.is_empty() {
                return Err(format!("line {}: a tag inside the movetext", no + 1));
            }
            let inner = line
                .strip_prefix('[')
                .and_then(|r| r.strip_suffix(']'))
                .ok_or_else(|| format!("line {}: a malformed tag", no + 1))?;
            let (name, value) = inner
                .split_once(' ')
                .ok_or_else(|| format!("line {}: a tag without a value", no + 1))?;
            let value = value
                .trim()
                .strip_prefix('"')
                .and_then(|v| v.strip_suffix('"'))
                .ok_or_else(|| format!("line {}: a tag value must be quoted", no + 1))?
                .replace("\\\"", "\"")
                .replace("\\\\", "\\");
            cur.tags.push((name.to_string(), value));
            continue;
        }
        // Movetext: tokens, and comments kept for the move they follow.
        let mut token = String::new();
        for c in line.chars().chain(std::iter::once('\n')) {
            if in_comment {
                if c == '}' {
                    in_comment = false;
                    if open_comment {
                        if let Some(last) = cur.comments.last_mut() {
                            *last = Some(comment.trim().to_string());
                        }
                        open_comment = false;
                    }
                    comment.clear();
                } else {
                    comment.push(if c == '\n' { ' ' } else { c });
                }
                continue;
            }
            if c == '{' || c == ';' || c.is_whitespace() {
                if !token.is_empty() {
                    has_moves = true;
                    let t = std::mem::take(&mut token);
                    open_comment = false;
                    if is_result(&t) {
                        cur.result = t;
                        games.push(std::mem::take(&mut cur));
                        has_moves = false;
                    } else if is_move_token(&t) {
                        cur.turns.push(t);
                        cur.comments.push(None);
                        open_comment = true;
                    }
                }
                if c == '{' {
                    in_comment = true;
                }
                if c == ';' {
                    break;
                }
                continue;
            }
            token.push(c);
        }
    }
    if in_comment {
        return Err("the text ends inside a comment".into());
    }
    if has_moves || !cur.tags.is_empty() {
        return Err("the last game has no result".into());
    }
    Ok(games)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn games_tags_turns_and_results() {
        let text = "[Event \"Tessera match\"]\n[White \"a \\\"q\\\"\"]\n[Result \"1-0\"]\n\
                    [Variant \"tches\"]\n[Termination \"normal\"]\n\n\
                    1. e4 {book} e5 {+0.20/3\n0.010s} 2. Nf3,Nc3 {x} 2... Nc6 $1 ; note\n\
                    {white wins by checkmate} 1-0\n\n[Variant \"Chess960\"]\n\
                    [Termination \"time forfeit\"]\n[FEN \"8/8 w\"]\n\n12... a5 0-1\n";
        let g = read(text).unwrap();
        assert_eq!(g.len(), 2);
        assert_eq!(g[0].turns, ["e4", "e5", "Nf3,Nc3", "Nc6"]);
        assert_eq!(
            g[0].comments,
            [
                Some("book".to_string()),
                Some("+0.20/3 0.010s".to_string()),
                Some("x".to_string()),
                None
            ]
        );
        assert_eq!(
            g[0].record().unwrap().scores,
            [None, Some(20.0), None, None]
        );
        assert_eq!(comment_score("-M3/12 0.2s"), Some(-3000.0));
        assert_eq!(comment_score("-1.5/7 0.2s"), Some(-150.0));
        assert_eq!(g[0].tag("White"), Some("a \"q\""));
        assert_eq!(g[0].variant().0, "tches");
        assert_eq!(g[0].white_score(), Some(1.0));
        assert!(g[0].result_is_earned());
        assert_eq!(g[1].variant().1[0].0, "UCI_Chess960");
        assert!(!g[1].result_is_earned());
        assert_eq!(g[1].record().unwrap().fen.as_deref(), Some("8/8 w"));
        assert_eq!(g[1].record().unwrap().result, 0.0);
        assert!(read("[A \"b\"]\n1. e4").is_err());
        assert!(read("1. e4 {open").is_err());
        assert!(read("[A b]\n1. e4 1-0").is_err());
    }

    #[test]
    fn tile_drops_are_moves_not_glyphs_or_escapes() {
        let text = "[Variant \"tiledsquares\"]\n\n1. $-g5 {book} $2 %-e6 2. $-c6\n%-a6 {x} 3. -d6\n% an escape line\n1-0\n";
        let g = read(text).unwrap();
        assert_eq!(g[0].turns, ["$-g5", "%-e6", "$-c6", "%-a6", "-d6"]);
    }
}
