//! Tessera against a foreign engine: Stockfish limited to 1400 Elo, refereed by Tessera.

mod match_support;

use std::path::Path;
use std::process::Command;

use match_support::*;

const STOCKFISH: &str = "/usr/games/stockfish";

fn against_stockfish(
    games: &str,
    tc: &str,
    extra: &[&str],
) -> (String, Vec<PgnGame>, serde_json::Value) {
    assert!(
        Path::new(STOCKFISH).exists(),
        "{STOCKFISH} is not installed"
    );
    let dir = scratch(&format!("match-sf-{games}"));
    let bin = tessera().to_string_lossy().into_owned();
    let a = format!("cmd={bin}");
    let b = format!("cmd={STOCKFISH}");
    let pgn = dir.join("games.pgn").to_string_lossy().into_owned();
    let results = dir.join("results.jsonl").to_string_lossy().into_owned();
    let mut args = vec![
        "--games",
        games,
        "--tc",
        tc,
        "--timemargin",
        "50",
        "--random-plies",
        "2",
        "--engine",
        &a,
        "name=tessera",
        "--engine",
        &b,
        "name=stockfish",
        "option.UCI_LimitStrength=true",
        "option.UCI_Elo=1400",
        "option.Threads=1",
        // Its margin for the time a move takes to reach the referee (the README's advice for
        // a busy machine): without one it loses on time at 2+0.05 under load.
        "option.Move Overhead=150",
        "--pgn",
        &pgn,
        "--results",
        &results,
    ];
    args.extend_from_slice(extra);
    let out = run_match(&args);
    let games = read_pgn(&std::fs::read_to_string(&pgn).expect("pgn"));
    for g in &games {
        replay(g);
    }
    python_chess_reads(&pgn, games.len());
    let header = std::fs::read_to_string(&results).expect("results");
    let header: serde_json::Value =
        serde_json::from_str(header.lines().next().expect("a header line")).expect("JSON");
    (
        String::from_utf8_lossy(&out.stdout).into_owned(),
        games,
        header,
    )
}

/// Stockfish's own margin for the time its moves take to reach the referee: without one it
/// plans to the last millisecond and, on a busy machine, loses on time.
fn stockfish_move_overhead(header: &serde_json::Value) -> Option<u64> {
    header["tournament"]["engines"]
        .as_array()?
        .iter()
        .find(|e| e["name"] == "stockfish")?["options"]
        .as_array()?
        .iter()
        .find(|o| o[0] == "Move Overhead")?[1]
        .as_str()?
        .parse()
        .ok()
}

/// A second, independent reader: python-chess parses every game without errors, and every
/// game has as many moves as its `PlyCount`.
fn python_chess_reads(pgn: &str, expected: usize) {
    let script = r#"
import sys, chess.pgn
n = 0
with open(sys.argv[1]) as f:
    while True:
        g = chess.pgn.read_game(f)
        if g is None:
            break
        assert not g.errors, g.errors
        plies = len(list(g.mainline_moves()))
        assert plies == int(g.headers["PlyCount"]), (plies, g.headers)
        if g.headers["Termination"] == "normal":
            assert g.end().board().result(claim_draw=True) == g.headers["Result"], g.headers
        n += 1
print(n)
"#;
    let out = succeeded(Command::new("python3").args(["-c", script, pgn]));
    assert_eq!(out.trim(), expected.to_string());
}

#[test]
fn tessera_plays_stockfish_without_faults() {
    let (out, games, header) = against_stockfish(
        "2",
        "2+0.05",
        &["--maxmoves", "80", "--resign", "movecount=3", "score=1000"],
    );
    let overhead = stockfish_move_overhead(&header);
    assert!(overhead.is_some_and(|ms| ms >= 100), "{header}");
    assert_eq!(games.len(), 2, "{out}");
    assert!(out.contains("Faults of tessera: 0"), "{out}");
    assert!(out.contains("Faults of stockfish: 0"), "{out}");
}

#[test]
#[ignore = "long: 20 games at 10+0.1"]
fn tessera_against_stockfish_1400_twenty_games() {
    let (out, games, _) = against_stockfish("20", "10+0.1", &[]);
    println!("{out}");
    assert_eq!(games.len(), 20);
    assert!(out.contains("Faults of tessera: 0"), "{out}");
}

/// The ladder's script plays a rung with one more Tessera option from an opening of the
/// balanced-openings script, and the report reads the results it leaves: the score, both
/// sides' clocks, the losses with Stockfish's view of them, and a file paired with itself
/// (the same rounds, no difference).
#[test]
fn the_ladder_script_plays_a_rung_and_its_report_reads_it() {
    assert!(
        Path::new(STOCKFISH).exists(),
        "{STOCKFISH} is not installed"
    );
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("..");
    let dir = scratch("ladder-script");
    let out_dir = dir.join("out");
    let book = dir.join("book.txt");
    succeeded(
        Command::new("python3")
            .arg(root.join("bench/balanced_openings.py"))
            .args(["--count", "1", "--plies", "6", "--depth", "6"])
            .args(["--margin", "80", "--seed", "3", "--stockfish", STOCKFISH])
            .arg("--out")
            .arg(&book),
    );
    let lines = std::fs::read_to_string(&book).expect("the openings file");
    let opening = lines
        .lines()
        .find(|l| !l.starts_with('#'))
        .expect("an opening");
    assert_eq!(opening.split_whitespace().count(), 7, "{opening}");
    let text = succeeded(
        Command::new("bash")
            .arg(root.join("bench/ladder.sh"))
            .args(["120", "7", "2+0.05", "1400:1"])
            .env("TESSERA", tessera())
            .env("STOCKFISH", STOCKFISH)
            .env("OUT", &out_dir)
            .env("GAMES", "2")
            .env("TESSERA_OPTION", r#"SearchParams={"tm_moves":30}"#)
            .env("OPENINGS", &book),
    );
    assert!(text.contains("== UCI_Elo 1400"), "{text}");
    assert!(text.contains("Faults of tessera: 0"), "{text}");
    let results = out_dir.join("ladder-1400.jsonl");
    let head = std::fs::read_to_string(&results).expect("results");
    let header = head.lines().next().expect("a header line");
    assert!(
        header.contains(r#"["SearchParams","{\"tm_moves\":30}"]"#),
        "{header}"
    );
    assert!(header.contains(r#""random_plies":0"#), "{header}");
    // Both games start with the book's six plies.
    assert_eq!(head.matches("{book}").count(), 12, "{head}");
    let text = succeeded(
        Command::new("python3")
            .arg(root.join("bench/ladder_report.py"))
            .arg(&results)
            .arg("--compare")
            .arg(&results)
            .args([
                "--referee",
                STOCKFISH,
                "--depth",
                "4",
                "--drops",
                "--peaks",
                "--let-go",
            ]),
    );
    assert!(text.contains(": 2 games, tessera "), "{text}");
    assert!(text.contains("% of its clock)"), "{text}");
    assert!(text.contains("  sf1400: "), "{text}");
    assert!(text.contains("s a move by moves 1-10: "), "{text}");
    assert!(text.contains("paired on 2 rounds"), "{text}");
    assert!(text.contains("the referee's view of the "), "{text}");
    assert!(
        text.contains("the engine's most hopeful judgement"),
        "{text}"
    );
    assert!(
        text.contains("the referee's best score for the engine"),
        "{text}"
    );
    // Every move of both sides out of book is charged (two games of 2+0.05 from a book of
    // six plies run past move 4): one line a side, its moves' losses adding up to 100%.
    assert!(text.contains("the referee's loss a move"), "{text}");
    for name in ["sf1400", "tessera"] {
        let line = text
            .lines()
            .find(|l| l.trim_start().starts_with(&format!("{name}: ")) && l.contains("cp a move"))
            .unwrap_or_else(|| panic!("no loss line for {name}: {text}"));
        let moves: u32 = line.split_whitespace().nth(1).unwrap().parse().unwrap();
        assert!(moves >= 4, "{line}");
        let shares: u32 = line
            .split(" moves, ")
            .skip(2)
            .map(|p| p.split('%').next().unwrap().parse::<u32>().unwrap())
            .sum();
        assert!(
            (98..=102).contains(&shares) || line.contains(" 0.0 cp"),
            "{line}"
        );
    }
    assert!(text.contains("difference +0 "), "{text}");
}

/// The report's charge of each move: the referee's score before it plus its score after
/// (the opponent's), capped at 1000, never below 0, and nothing for a move from a decided
/// position or into the end of the game.
#[test]
fn the_report_charges_each_move_what_it_lost_in_the_referees_eyes() {
    let bench = Path::new(env!("CARGO_MANIFEST_DIR")).join("../bench");
    let script = r#"
import sys
sys.path.insert(0, sys.argv[1])
from ladder_report import move_losses
print(move_losses([20, -10, 50, -400, None]))
print(move_losses([250, -100000, 0]))
print(move_losses([-290, 350]))
"#;
    let out = succeeded(Command::new("python3").args(["-c", script]).arg(&bench));
    assert_eq!(
        out.lines().collect::<Vec<_>>(),
        ["[10, 40, 0, None]", "[0, None]", "[60]"],
        "{out}"
    );
}

/// The report's view of the engine's most hopeful move and of the referee's best score for
/// it, over a drawn game, with a referee that scores every position 50 cp for the side to
/// move.
#[test]
fn the_report_finds_the_engines_most_hopeful_move_in_a_game_it_did_not_win() {
    let bench = Path::new(env!("CARGO_MANIFEST_DIR")).join("../bench");
    let dir = std::env::temp_dir().join(format!("tessera-peaks-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let results = dir.join("r.jsonl");
    let pgn = "[White \"tessera\"]\n[Black \"sf\"]\n[Result \"1/2-1/2\"]\n\n1. e4 {+2.00/10 \
               0.1s} e5 {-0.10/10 0.1s} 2. Nf3 {+1.60/10 0.1s} Nc6 {+0.00/10 0.1s} 1/2-1/2";
    let line = format!("{{\"format\":\"x\"}}\n{{\"pgn\":{pgn:?}}}\n");
    std::fs::write(&results, line).unwrap();
    let script = r#"
import sys
sys.path.insert(0, sys.argv[1])
from ladder_report import referee_peaks, referee_best
class Ref:
    def score(self, board):
        return 50
peaks = referee_peaks(sys.argv[2], "tessera", Ref())
print([(p["points"], p["move"], p["own"], p["referee"], p["material"]) for p in peaks])
print(peaks[0]["fen"])
print(referee_best(sys.argv[2], "tessera", Ref()))
"#;
    let out = succeeded(
        Command::new("python3")
            .args(["-c", script])
            .arg(&bench)
            .arg(&results),
    );
    std::fs::remove_dir_all(&dir).ok();
    assert_eq!(
        out.lines().collect::<Vec<_>>(),
        [
            "[(0.5, 1, 2.0, -0.5, 0)]",
            "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1",
            "[(0.5, -0.5, 1)]",
        ],
        "{out}"
    );
}
