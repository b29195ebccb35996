//! Search reports as protocol text.

use tessera::search::{Score, SearchInfo};

/// Keeps one output line one line: control characters (a stray newline in a note or an echoed
/// token) would otherwise split or corrupt the protocol stream.
pub fn one_line(s: &str) -> String {
    s.chars()
        .map(|c| if c.is_control() { ' ' } else { c })
        .collect()
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
