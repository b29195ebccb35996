//! A tournament played in shards (`--shard K/N`) and merged (`tessera match merge`) gives the
//! same games and the same statistics as the tournament played whole; merges of shards of
//! different tournaments, or with a shard missing or given twice, are refused.

mod match_support;

use std::path::Path;
use std::process::Command;

use match_support::*;

fn args(bin: &str, extra: &[&str]) -> Vec<String> {
    let a = format!("cmd={bin}");
    let mut v: Vec<String> = [
        "--variant",
        "tictacchess",
        "--games",
        "10",
        "--depth",
        "2",
        "--random-plies",
        "3",
        "--seed",
        "9",
        "--sprt",
        // Bounds that ten games cannot reach: the whole run plays every game, as shards do.
        "elo0=-1",
        "elo1=1",
        "alpha=0.001",
        "beta=0.001",
        "--engine",
        &a,
        "name=d2",
        "--engine",
        &a,
        "name=d3",
        "depth=3",
    ]
    .iter()
    .map(|s| s.to_string())
    .collect();
    v.extend(extra.iter().map(|s| s.to_string()));
    v
}

fn play(dir: &Path, name: &str, extra: &[&str]) -> String {
    let bin = tessera().to_string_lossy().into_owned();
    let results = dir
        .join(format!("{name}.jsonl"))
        .to_string_lossy()
        .into_owned();
    let pgn = dir
        .join(format!("{name}.pgn"))
        .to_string_lossy()
        .into_owned();
    let mut a = args(&bin, extra);
    a.extend(["--results".into(), results, "--pgn".into(), pgn]);
    let refs: Vec<&str> = a.iter().map(String::as_str).collect();
    String::from_utf8_lossy(&run_match(&refs).stdout).into_owned()
}

fn merge(dir: &Path, files: &[&str], extra: &[&str]) -> std::process::Output {
    Command::new(tessera())
        .args(["match", "merge"])
        .args(files.iter().map(|f| dir.join(f)))
        .args(extra)
        .output()
        .expect("run tessera match merge")
}

/// The report's closing lines, from the score line on.
fn closing(report: &str) -> String {
    let i = report.rfind("\nScore of").map_or(0, |i| i + 1);
    report[i..].to_string()
}

/// Each game's round and movetext, comments removed, in round order.
fn games(path: &Path) -> Vec<(String, Vec<String>)> {
    let mut v: Vec<(String, Vec<String>)> = read_pgn(&std::fs::read_to_string(path).unwrap())
        .into_iter()
        .map(|g| (g.tag("Round").unwrap().to_string(), g.moves))
        .collect();
    v.sort_by_key(|(r, _)| r.parse::<u32>().unwrap());
    v
}

#[test]
fn shards_merge_into_the_whole_tournament() {
    let dir = scratch("shards");
    let whole = play(&dir, "whole", &["--concurrency", "2"]);
    for k in 1..=3 {
        let s = play(&dir, &format!("s{k}"), &["--shard", &format!("{k}/3")]);
        assert!(s.contains(&format!("Shard {k}/3: ")), "{s}");
    }
    let m = merge(
        &dir,
        &["s2.jsonl", "s3.jsonl", "s1.jsonl"],
        &[
            "--pgn",
            &dir.join("merged.pgn").to_string_lossy(),
            "--results",
            &dir.join("merged.jsonl").to_string_lossy(),
        ],
    );
    assert!(m.status.success(), "{}", String::from_utf8_lossy(&m.stderr));
    let merged = String::from_utf8_lossy(&m.stdout).into_owned();
    assert!(whole.contains("Finished match: 10 games"), "{whole}");
    assert!(merged.contains("SPRT: llr"), "{merged}");
    assert_eq!(closing(&whole), closing(&merged));
    assert_eq!(
        games(&dir.join("whole.pgn")),
        games(&dir.join("merged.pgn"))
    );
    // The merged results file is itself a one-shard tournament that merges to the same.
    let again = merge(&dir, &["merged.jsonl"], &[]);
    assert_eq!(String::from_utf8_lossy(&again.stdout), merged);
    for g in read_pgn(&std::fs::read_to_string(dir.join("merged.pgn")).unwrap()) {
        replay(&g);
    }
}

#[test]
fn bad_merges_are_refused() {
    let dir = scratch("shards-bad");
    play(&dir, "a1", &["--shard", "1/2"]);
    play(&dir, "a2", &["--shard", "2/2"]);
    play(&dir, "b2", &["--shard", "2/2", "--event", "another"]);
    for (files, why) in [
        (vec!["a1.jsonl", "b2.jsonl"], "another tournament"),
        (vec!["a1.jsonl", "a1.jsonl"], "given twice"),
        (vec!["a1.jsonl"], "missing"),
    ] {
        let m = merge(&dir, &files, &[]);
        let err = String::from_utf8_lossy(&m.stderr);
        assert!(!m.status.success() && err.contains(why), "{files:?}: {err}");
    }
    let m = merge(&dir, &["a1.jsonl"], &["--partial"]);
    let out = String::from_utf8_lossy(&m.stdout);
    assert!(
        m.status.success() && out.contains("shards 2/2 are missing"),
        "{out}"
    );
    assert!(merge(&dir, &["a1.jsonl", "a2.jsonl"], &[]).status.success());
}

/// The `pairs a b c d e` and the LLR of a line of the match's report or of
/// `bench/pool_results.py`.
fn pairs_and_llr(line: &str, llr_word: &str) -> (Vec<u32>, f64) {
    let after = |word: &str| line.split(word).nth(1).expect(word).split_whitespace();
    let pairs = after("pairs ")
        .take(5)
        .map(|n| n.parse().unwrap())
        .collect();
    let llr = after(llr_word).next().unwrap().trim_end_matches(',');
    (pairs, llr.parse().unwrap())
}

#[test]
fn separate_runs_pool_by_their_pairs() {
    let dir = scratch("pool");
    let report = play(&dir, "run", &[]);
    let sprt = report
        .lines()
        .find(|l| l.starts_with("SPRT: llr"))
        .unwrap_or_else(|| panic!("{report}"));
    let (pairs, llr) = pairs_and_llr(sprt, "llr ");
    let pool = |files: &[&str]| {
        succeeded(
            Command::new("python3")
                .arg(Path::new(env!("CARGO_MANIFEST_DIR")).join("../bench/pool_results.py"))
                .args(files.iter().map(|f| dir.join(f)))
                .args([
                    "--elo0", "-1", "--elo1", "1", "--alpha", "0.001", "--beta", "0.001",
                ]),
        )
    };
    // Depth-limited games from a fixed seed: the same games every time, with pairs of more
    // than one kind (3 0 2 0 0), so the variance is not zero.
    let one = pool(&["run.jsonl"]);
    let (p1, l1) = pairs_and_llr(&one, "LLR ");
    assert_eq!(p1, pairs, "{one}\n{sprt}");
    assert!((l1 - llr).abs() < 0.01, "{one}\n{sprt}");
    // The same run given twice counts each pair twice: the LLR doubles.
    let two = pool(&["run.jsonl", "run.jsonl"]);
    let (p2, l2) = pairs_and_llr(&two, "LLR ");
    assert_eq!(p2, pairs.iter().map(|n| 2 * n).collect::<Vec<_>>(), "{two}");
    assert!((l2 - 2.0 * llr).abs() < 0.02, "{two}\n{sprt}");
    assert!(two.contains(&format!("({} games)", 4 * pairs.iter().sum::<u32>())));
}

/// `bench/selfplay_corpus.py` gathers the games of Tessera's own matches into one PGN for
/// the trainers, and leaves out a file with a foreign engine and one of another variant;
/// with `--results-only` it keeps the foreign engine's games too, without the moves'
/// comments (the trainers then fit the results alone).
#[test]
fn self_play_runs_gather_into_one_training_corpus() {
    let dir = scratch("corpus");
    play(&dir, "run", &[]);
    let text = std::fs::read_to_string(dir.join("run.jsonl")).unwrap();
    let (head, rest) = text.split_once('\n').unwrap();
    let bin = tessera().to_string_lossy().into_owned();
    assert!(head.contains(&bin), "{head}");
    let foreign = head.replacen(&bin, "/usr/games/stockfish", 1);
    std::fs::write(dir.join("foreign.jsonl"), format!("{foreign}\n{rest}")).unwrap();
    let gather = |variant: &str, more: &[&str]| {
        Command::new("python3")
            .arg(Path::new(env!("CARGO_MANIFEST_DIR")).join("../bench/selfplay_corpus.py"))
            .arg(dir.join("run.jsonl"))
            .arg(dir.join("foreign.jsonl"))
            .arg("--out")
            .arg(dir.join("corpus.pgn"))
            .args(["--variant", variant])
            .args(more)
            .output()
            .expect("run python3")
    };
    let out = gather("tictacchess", &[]);
    let report = String::from_utf8_lossy(&out.stdout);
    assert!(out.status.success(), "{report}");
    assert!(
        report.contains("foreign.jsonl: an engine not 'tessera'"),
        "{report}"
    );
    assert!(report.contains("10 games from 1 of 2 files"), "{report}");
    assert_eq!(games(&dir.join("corpus.pgn")), games(&dir.join("run.pgn")));
    // The games carry the search's scores the trainers fit.
    let corpus = std::fs::read_to_string(dir.join("corpus.pgn")).unwrap();
    assert!(corpus.contains("/2 "), "{corpus}");
    let out = gather("chess", &[]);
    assert!(!out.status.success());
    assert!(String::from_utf8_lossy(&out.stdout).contains("variant tictacchess"));
    let out = gather("tictacchess", &["--results-only"]);
    let report = String::from_utf8_lossy(&out.stdout);
    assert!(out.status.success(), "{report}");
    assert!(report.contains("20 games from 2 of 2 files"), "{report}");
    let bare = std::fs::read_to_string(dir.join("corpus.pgn")).unwrap();
    // The same games from both files (rounds and moves), comments aside.
    let (both, one) = (games(&dir.join("corpus.pgn")), games(&dir.join("run.pgn")));
    assert_eq!(both.len(), 2 * one.len());
    assert!(one
        .iter()
        .all(|g| both.iter().filter(|b| *b == g).count() == 2));
    assert!(!bare.contains('{') && !bare.contains('}'), "{bare}");
}
