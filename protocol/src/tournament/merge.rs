//! `tessera match merge`: the shards' results files of one tournament combined into the
//! report of the whole (the same code adds up the games as a single run does), and
//! optionally into one PGN file and one results file.

use std::io::Write;

use super::args::MergeArgs;
use super::results::{Header, Results, Row};

/// One results file read.
struct ShardFile {
    header: Header,
    rows: Vec<Row>,
}

fn read(path: &std::path::Path) -> Result<ShardFile, String> {
    let text = std::fs::read_to_string(path)
        .map_err(|e| format!("cannot read {}: {e}", path.display()))?;
    let mut lines = text.lines().filter(|l| !l.trim().is_empty());
    let first = lines
        .next()
        .ok_or_else(|| format!("{} is empty", path.display()))?;
    let header = Header::parse(first).map_err(|e| format!("{}: {e}", path.display()))?;
    let rows = lines
        .enumerate()
        .map(|(i, l)| Row::parse(l).map_err(|e| format!("{} line {}: {e}", path.display(), i + 2)))
        .collect::<Result<Vec<_>, _>>()?;
    Ok(ShardFile { header, rows })
}

/// The merged report, and the merged games in round order.
fn merge(files: &[ShardFile], partial: bool) -> Result<(String, Header, Vec<&Row>), String> {
    let first = files.first().ok_or("no results file given")?;
    let n = first.header.shard.1;
    let mut seen = vec![false; n as usize + 1];
    let mut notes = Vec::new();
    for f in files {
        let h = &f.header;
        if h.tournament != first.header.tournament || h.shard.1 != n {
            return Err(format!(
                "shard {}/{} is from another tournament than shard {}/{}",
                h.shard.0, h.shard.1, first.header.shard.0, n
            ));
        }
        if std::mem::replace(&mut seen[h.shard.0 as usize], true) {
            return Err(format!("shard {}/{n} is given twice", h.shard.0));
        }
        if f.rows.len() < h.games_in_shard {
            notes.push(format!(
                "shard {}/{n} holds {} of its {} games",
                h.shard.0,
                f.rows.len(),
                h.games_in_shard
            ));
        }
    }
    let missing: Vec<String> = (1..=n)
        .filter(|&k| !seen[k as usize])
        .map(|k| format!("{k}/{n}"))
        .collect();
    if !missing.is_empty() {
        notes.push(format!("shards {} are missing", missing.join(", ")));
    }
    if !notes.is_empty() && !partial {
        return Err(format!(
            "{} (--partial merges what there is)",
            notes.join("; ")
        ));
    }
    let mut rows: Vec<&Row> = files.iter().flat_map(|f| &f.rows).collect();
    rows.sort_by_key(|r| r.pairing.round);
    if let Some(w) = rows
        .windows(2)
        .find(|w| w[0].pairing.round == w[1].pairing.round)
    {
        return Err(format!("game {} appears twice", w[0].pairing.round));
    }
    let names = first.header.engine_names()?;
    let sprt = first.header.sprt()?;
    let engines = names.len();
    if let Some(r) = rows
        .iter()
        .find(|r| r.pairing.white >= engines || r.pairing.black >= engines)
    {
        return Err(format!("game {} names an unknown engine", r.pairing.round));
    }
    let mut res = Results::new(&names);
    for r in &rows {
        res.add(&r.pairing, r.winner, r.fault);
    }
    let mut out = String::new();
    for note in &notes {
        out.push_str(&format!("Note: {note}\n"));
    }
    out.push_str(&res.report(sprt.as_ref()));
    let total = first.header.games_total;
    if res.done < total {
        out.push_str(&format!(
            "Merged {} of the tournament's {total} games\n",
            res.done
        ));
    }
    out.push_str(&format!("Finished match: {} games\n", res.done));
    let header = Header {
        tournament: first.header.tournament.clone(),
        shard: (1, 1),
        games_in_shard: total,
        games_total: total,
    };
    Ok((out, header, rows))
}

pub fn run(m: &MergeArgs) -> Result<(), String> {
    let files = m
        .files
        .iter()
        .map(|p| read(p))
        .collect::<Result<Vec<_>, _>>()?;
    let (report, header, rows) = merge(&files, m.partial)?;
    if let Some(p) = &m.pgn {
        let text: String = rows.iter().map(|r| r.pgn.as_str()).collect();
        std::fs::write(p, text).map_err(|e| format!("cannot write {}: {e}", p.display()))?;
    }
    if let Some(p) = &m.results {
        let mut f =
            std::fs::File::create(p).map_err(|e| format!("cannot create {}: {e}", p.display()))?;
        let mut text = header.line();
        text.push('\n');
        for r in &rows {
            text.push_str(&r.line());
            text.push('\n');
        }
        f.write_all(text.as_bytes())
            .map_err(|e| format!("cannot write {}: {e}", p.display()))?;
    }
    print!("{report}");
    Ok(())
}
