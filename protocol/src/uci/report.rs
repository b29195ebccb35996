//! Search reports as protocol text.

use tessera::search::{Score, SearchInfo};

use crate::plumbing::one_line;

/// The most characters of the input an error line quotes back, and the longest error line.
const MAX_ECHO: usize = 80;
const MAX_ERROR: usize = 1000;

/// Shortens the quoted echoes of the input in an error message (`'...'`), and the message
/// itself, so that a megabyte of bad input gets an error line a person can read.
pub fn clip_echoes(msg: &str) -> String {
    let mut out = String::new();
    for (i, part) in msg.split('\'').enumerate() {
        if i > 0 {
            out.push('\'');
        }
        let n = part.chars().count();
        if i % 2 == 1 && n > MAX_ECHO {
            out.extend(part.chars().take(MAX_ECHO - 20));
            out.push_str(&format!("... ({n} characters)"));
        } else {
            out.push_str(part);
        }
    }
    let n = out.chars().count();
    if n > MAX_ERROR {
        out = out.chars().take(MAX_ERROR - 30).collect();
        out.push_str(&format!("... ({n} characters)"));
    }
    out
}

pub fn score_text(s: Score) -> String {
    match s {
        Score::Cp(v) => format!("cp {v}"),
        Score::Mate(m) => format!("mate {m}"),
    }
}

/// The `info ...` lines for one report: the search line (unless the report is only a note),
/// then the note as `info string`.
pub fn info_lines(i: &SearchInfo) -> Vec<String> {
    let mut out = Vec::new();
    if i.note.is_none() || !i.pv.is_empty() || i.depth > 0 {
        let mut l = format!(
            "info depth {} seldepth {} multipv {} score {} nodes {} nps {} time {} hashfull {}",
            i.depth,
            i.seldepth.max(i.depth),
            i.multipv.max(1),
            score_text(i.score),
            i.nodes,
            i.nps,
            i.time_ms,
            i.hashfull
        );
        if !i.pv.is_empty() {
            l.push_str(" pv ");
            l.push_str(&i.pv.join(" "));
        }
        out.push(one_line(&l));
    }
    if let Some(n) = &i.note {
        out.push(one_line(&format!("info string {n}")));
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn long_echoes_are_clipped() {
        assert_eq!(
            clip_echoes("illegal move 'e2e5': why"),
            "illegal move 'e2e5': why"
        );
        let long = "x".repeat(1_000_000);
        let msg = clip_echoes(&format!(
            "illegal move '{long}' (move 1): '{long}' is illegal: why"
        ));
        assert!(msg.len() < 300, "{msg}");
        assert!(msg.starts_with("illegal move 'xxx"));
        assert!(msg.contains("... (1000000 characters)' (move 1): 'x"));
        assert!(msg.ends_with("is illegal: why"));
        let words = "a ".repeat(100_000);
        let msg = clip_echoes(&format!("unknown command {words}"));
        assert!(msg.chars().count() <= MAX_ERROR, "{}", msg.len());
        assert!(msg.ends_with("characters)"));
        // Multi-byte characters are cut between characters.
        assert!(clip_echoes(&format!("'{}'", "é".repeat(500))).contains("(500 characters)"));
    }
}
