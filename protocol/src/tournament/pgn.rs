//! Game records in PGN. Square-board variants and the Turtle Shell use the same form: the
//! moves are SAN where the variant has SAN and the engine notation (with the variant's own
//! cell names) otherwise; the actions of a turn of several actions are joined by commas into
//! one move token. Each move carries the engine's comment (`{+0.35/7 0.120s}` or `{book}`).
//! Games with hidden information or chance add the seed and the deal as tags (`[Seed]`,
//! `[Deal]`), start from the full state after the deal (`[FEN]`), hold chance's actions (the
//! draws) among the moves, and end with the full final state in a comment: everything is
//! revealed, and the record replays with `tessera` like any other. A solitaire's record has
//! `[Black "-"]` and its `[Score]`.

use std::time::{SystemTime, UNIX_EPOCH};

use tessera::core::game::Player;

use super::referee::GameRecord;

/// Tags that describe the whole match rather than one game.
pub struct MatchTags<'a> {
    pub event: &'a str,
    /// The `[Variant]` tag value.
    pub variant: &'a str,
    pub time_control: Option<String>,
}

/// Escapes a tag value as PGN requires.
fn tag(name: &str, value: &str) -> String {
    let v = value.replace('\\', "\\\\").replace('"', "\\\"");
    format!("[{name} \"{v}\"]\n")
}

/// Comments end at the first `}`, so none may appear inside one.
fn comment(s: &str) -> String {
    format!("{{{}}}", s.replace('}', ")").replace('{', "("))
}

/// Today's date (UTC) as `YYYY.MM.DD`.
pub fn today() -> String {
    let days = SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .map(|d| d.as_secs() / 86_400)
        .unwrap_or(0) as i64;
    let (y, m, d) = civil_from_days(days);
    format!("{y:04}.{m:02}.{d:02}")
}

/// Days since 1970-01-01 to a Gregorian date (H. Hinnant's algorithm).
fn civil_from_days(z: i64) -> (i64, u32, u32) {
    let z = z + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z.rem_euclid(146_097);
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let d = (doy - (153 * mp + 2) / 5 + 1) as u32;
    let m = if mp < 10 { mp + 3 } else { mp - 9 } as u32;
    (yoe + era * 400 + i64::from(m <= 2), m, d)
}

/// One game as PGN text, ending with a blank line.
pub fn write_game(g: &GameRecord, round: u32, tags: &MatchTags, date: &str) -> String {
    let mut out = String::new();
    out.push_str(&tag("Event", tags.event));
    out.push_str(&tag("Site", "?"));
    out.push_str(&tag("Date", date));
    out.push_str(&tag("Round", &round.to_string()));
    out.push_str(&tag("White", &g.white));
    out.push_str(&tag("Black", &g.black));
    out.push_str(&tag("Result", g.result.pgn_result()));
    out.push_str(&tag("Variant", tags.variant));
    if let Some(f) = &g.fen {
        out.push_str(&tag("SetUp", "1"));
        out.push_str(&tag("FEN", f));
    }
    if let Some(tc) = &tags.time_control {
        out.push_str(&tag("TimeControl", tc));
    }
    for (name, value) in &g.tags {
        out.push_str(&tag(name, value));
    }
    if let Some(score) = g.score {
        out.push_str(&tag("Score", &score.to_string()));
    }
    out.push_str(&tag("Termination", g.result.termination.pgn()));
    out.push_str(&tag("PlyCount", &g.turns.len().to_string()));
    out.push('\n');

    let mut tokens: Vec<String> = Vec::new();
    let mut number = g.first_move_number;
    for (i, t) in g.turns.iter().enumerate() {
        match t.side {
            Player::White => tokens.push(format!("{number}.")),
            Player::Black if i == 0 => tokens.push(format!("{number}...")),
            Player::Black => {}
        }
        tokens.push(t.notation.join(","));
        tokens.push(comment(&t.comment));
        if t.side == Player::Black {
            number += 1;
        }
    }
    tokens.push(comment(&g.result.reason));
    if let Some(f) = &g.final_fen {
        tokens.push(comment(&format!("final position {f}")));
    }
    tokens.push(g.result.pgn_result().to_string());
    out.push_str(&wrap(&tokens, 79));
    out.push_str("\n\n");
    out
}

/// Joins tokens with spaces into lines of at most `width` characters (a longer token gets a
/// line of its own). Comments may break across lines, which PGN allows.
fn wrap(tokens: &[String], width: usize) -> String {
    let mut out = String::new();
    let mut line_len = 0;
    for word in tokens.iter().flat_map(|t| t.split(' ')) {
        if line_len > 0 && line_len + 1 + word.len() > width {
            out.push('\n');
            line_len = 0;
        } else if line_len > 0 {
            out.push(' ');
            line_len += 1;
        }
        out.push_str(word);
        line_len += word.len();
    }
    out
}

#[cfg(test)]
mod tests {
    use super::super::referee::{GameResult, Termination, TurnRecord};
    use super::*;

    #[test]
    fn dates() {
        assert_eq!(civil_from_days(0), (1970, 1, 1));
        assert_eq!(civil_from_days(19_723), (2024, 1, 1));
        assert_eq!(civil_from_days(11_016), (2000, 2, 29));
    }

    #[test]
    fn a_record_from_a_black_start_with_a_multi_action_turn() {
        let turn = |side, actions: &[&str], comment: &str| TurnRecord {
            side,
            actions: actions.iter().map(|s| s.to_string()).collect(),
            notation: actions.iter().map(|s| s.to_string()).collect(),
            comment: comment.into(),
        };
        let g = GameRecord {
            white: "A \"quoted\"".into(),
            black: "B".into(),
            fen: Some("some fen b 12".into()),
            first_move_number: 12,
            turns: vec![
                turn(Player::Black, &["a1", "b2"], "book"),
                turn(Player::White, &["c3"], "+0.10/3 0.010s"),
                turn(Player::Black, &["d4", "e5", "f6"], "-M2 0.020s"),
            ],
            result: GameResult {
                winner: Some(Player::Black),
                termination: Termination::IllegalMove,
                reason: "white played {x}".into(),
            },
            notes: vec![],
            start_failed: None,
            tags: vec![("Seed".into(), "7".into())],
            final_fen: Some("end".into()),
            score: None,
        };
        let tags = MatchTags {
            event: "E",
            variant: "tches",
            time_control: Some("10+0.1".into()),
        };
        let text = write_game(&g, 3, &tags, "2026.01.02");
        assert!(text.contains("[White \"A \\\"quoted\\\"\"]\n"));
        assert!(text.contains("[SetUp \"1\"]\n[FEN \"some fen b 12\"]\n"));
        assert!(text.contains("[Seed \"7\"]\n[Termination \"rules infraction\"]\n"));
        let flat = text.replace('\n', " ");
        assert!(flat.contains(
            "12... a1,b2 {book} 13. c3 {+0.10/3 0.010s} d4,e5,f6 {-M2 0.020s} {white played (x)} {final position end} 0-1"
        ), "{text}");
        assert!(text.lines().all(|l| l.len() <= 79));
    }
}
