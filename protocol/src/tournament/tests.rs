//! The referee and the match loop against scripted engines, on the race fixture game.

use std::path::Path;

use clap::Parser;

use super::fixture::Race;
use super::openings::Opening;
use super::results::Header;
use super::{play_match, schedule, MatchArgs};

#[derive(Parser)]
struct Cli {
    #[command(flatten)]
    m: MatchArgs,
}

/// A scratch directory for one test, removed with its files when the test ends (kept with
/// `TESSERA_KEEP_SCRATCH=1`, as the integration tests' are).
fn scratch(name: &str) -> tempfile::TempDir {
    let mut dir = tempfile::Builder::new()
        .prefix(&format!("tessera-match-{name}-"))
        .tempdir()
        .expect("temp dir");
    dir.disable_cleanup(std::env::var_os("TESSERA_KEEP_SCRATCH").is_some());
    dir
}

/// A shell engine that answers the handshake and runs `on_go` for each `go`.
fn script(dir: &Path, name: &str, on_go: &str) -> String {
    let path = dir.join(name);
    let text = format!(
        "#!/bin/sh\n\
         while read -r line; do\n\
         case \"$line\" in\n\
         uci) echo \"id name {name}\"; echo \"option name Hash type spin default 1 min 1 max 8\"; echo \"option name Threads type spin default 4 min 1 max 8\"; echo uciok ;;\n\
         isready) echo readyok ;;\n\
         go*) {on_go} ;;\n\
         quit) exit 0 ;;\n\
         esac\n\
         done\n"
    );
    std::fs::write(&path, text).expect("write script");
    let mut perm = std::fs::metadata(&path).expect("meta").permissions();
    std::os::unix::fs::PermissionsExt::set_mode(&mut perm, 0o755);
    std::fs::set_permissions(&path, perm).expect("chmod");
    path.to_string_lossy().into_owned()
}

const GOOD: &str = "echo 'info depth 1 score cp 0'; echo 'bestmove 1'";

struct Run {
    summary: String,
    pgn: String,
}

fn run(dir: &Path, per_turn: u32, line: &str) -> Result<Run, String> {
    run_on(dir, per_turn, line, false)
}

fn run_on(dir: &Path, per_turn: u32, line: &str, tty: bool) -> Result<Run, String> {
    let pgn = dir.join("games.pgn");
    let full = format!("{line} --pgn {}", pgn.display());
    let cli = Cli::try_parse_from(std::iter::once("match").chain(full.split_whitespace()))
        .map_err(|e| e.to_string())?;
    let plan = cli.m.plan()?;
    let proto = Race::boxed(10, per_turn);
    let pairings = schedule::pairings(plan.engines.len(), plan.games, plan.gauntlet);
    let openings = vec![Opening::start(); schedule::openings_needed(plan.games)];
    let header = Header {
        tournament: Default::default(),
        shard: (1, 1),
        games_in_shard: pairings.len(),
        games_total: pairings.len(),
    };
    let summary = play_match(&plan, proto.as_ref(), &pairings, &openings, &header, tty)?;
    Ok(Run {
        summary,
        // Lines joined, so that checks need not care where the movetext wraps.
        pgn: std::fs::read_to_string(&pgn)
            .unwrap_or_default()
            .replace("]\n", "]\u{1}")
            .replace('\n', " ")
            .replace('\u{1}', "\n"),
    })
}

fn results(pgn: &str) -> Vec<String> {
    pgn.lines()
        .filter_map(|l| l.strip_prefix("[Result \""))
        .map(|r| r.trim_end_matches("\"]").to_string())
        .collect()
}

fn terminations(pgn: &str) -> Vec<String> {
    pgn.lines()
        .filter_map(|l| l.strip_prefix("[Termination \""))
        .map(|r| r.trim_end_matches("\"]").to_string())
        .collect()
}

#[test]
fn good_engines_play_out_the_race() {
    let scratch_dir = scratch("good");
    let d = scratch_dir.path();
    let good = script(d, "good", GOOD);
    let r = run(
        d,
        1,
        &format!("--depth 1 --games 4 --engine cmd={good} name=A --engine cmd={good} name=B"),
    )
    .unwrap();
    // Both always add 1: Black reaches 10 with the tenth action, so Black wins every game.
    assert_eq!(results(&r.pgn), ["0-1", "0-1", "0-1", "0-1"]);
    assert!(r.pgn.contains("1. 1 {+0.00/1 "), "{}", r.pgn);
    assert!(r.pgn.contains("{black wins by reaching the target} 0-1"));
    assert!(
        r.summary.contains("Score of A vs B: 2 - 2 - 0 [0.500] 4"),
        "{}",
        r.summary
    );
}

#[test]
fn an_illegal_move_loses_and_the_match_goes_on() {
    let scratch_dir = scratch("illegal");
    let d = scratch_dir.path();
    let good = script(d, "good", GOOD);
    let bad = script(d, "bad", "echo 'bestmove 3'");
    let r = run(
        d,
        1,
        &format!("--depth 1 --games 2 --engine cmd={good} --engine cmd={bad}"),
    )
    .unwrap();
    assert_eq!(results(&r.pgn), ["1-0", "0-1"]);
    assert_eq!(
        terminations(&r.pgn),
        ["rules infraction", "rules infraction"]
    );
    assert!(r.pgn.contains("illegal move '3'"), "{}", r.pgn);
    assert!(r.summary.contains("Faults of bad: 2"), "{}", r.summary);
}

#[test]
fn a_crash_loses_and_the_engine_is_restarted() {
    let scratch_dir = scratch("crash");
    let d = scratch_dir.path();
    let good = script(d, "good", GOOD);
    let crash = script(d, "crash", "exit 3");
    let r = run(
        d,
        1,
        &format!("--depth 1 --games 3 --engine cmd={good} --engine cmd={crash}"),
    )
    .unwrap();
    assert_eq!(results(&r.pgn), ["1-0", "0-1", "1-0"]);
    assert_eq!(terminations(&r.pgn), ["abandoned"; 3]);
    assert!(r.summary.contains("Faults of crash: 3"), "{}", r.summary);
}

#[test]
fn a_hang_without_a_clock_is_a_stall() {
    let scratch_dir = scratch("hang");
    let d = scratch_dir.path();
    let good = script(d, "good", GOOD);
    let hang = script(d, "hang", ":");
    let r = run(
        d,
        1,
        &format!("--depth 1 --timeout 300 --games 2 --engine cmd={good} --engine cmd={hang}"),
    )
    .unwrap();
    assert_eq!(results(&r.pgn), ["1-0", "0-1"]);
    assert_eq!(terminations(&r.pgn), ["stalled connection"; 2]);
}

#[test]
fn a_hang_on_the_clock_loses_on_time() {
    let scratch_dir = scratch("flag");
    let d = scratch_dir.path();
    let good = script(d, "good", GOOD);
    let hang = script(d, "hang", ":");
    let slow = script(d, "slow", "sleep 0.4; echo 'bestmove 1'");
    let r = run(d, 1, &format!("--tc 0.2+0 --timemargin 50 --games 2 --engine cmd={good} --engine cmd={hang} --engine cmd={slow} --gauntlet")).unwrap();
    assert_eq!(results(&r.pgn), ["1-0", "0-1", "1-0", "0-1"]);
    assert_eq!(terminations(&r.pgn), ["time forfeit"; 4]);
    assert!(r.summary.contains("Faults"), "{}", r.summary);
}

#[test]
fn turns_of_several_actions_are_checked_action_by_action() {
    let scratch_dir = scratch("turns");
    let d = scratch_dir.path();
    let two = script(d, "two", "echo 'bestmove 1,2'");
    let one = script(d, "one", "echo 'bestmove 2'");
    let three = script(d, "three", "echo 'bestmove 1,1,1'");
    let r = run(
        d,
        2,
        &format!("--depth 1 --games 1 --engine cmd={two} --engine cmd={one} --engine cmd={three}"),
    )
    .unwrap();
    // two-one: the incomplete turn loses; two-three: three actions in a two-action turn lose;
    // one-three: White's incomplete turn loses first.
    assert_eq!(results(&r.pgn), ["1-0", "1-0", "0-1"]);
    assert!(r.pgn.contains("incomplete turn '2'"), "{}", r.pgn);
    assert!(r.pgn.contains("after its turn ended"), "{}", r.pgn);
    assert!(r.pgn.contains("1. 1,2 {0.0"), "{}", r.pgn);
}

#[test]
fn concurrency_plays_every_game() {
    let scratch_dir = scratch("conc");
    let d = scratch_dir.path();
    let good = script(d, "good", GOOD);
    // As on a terminal: the progress line goes to stderr, the results still come back.
    let r = run_on(d, 1, &format!("--tc 5+0.1 --concurrency 3 --games 6 --engine cmd={good} --engine cmd={good} --engine cmd={good}"), true).unwrap();
    assert_eq!(results(&r.pgn).len(), 18);
    assert!(terminations(&r.pgn).iter().all(|t| t == "normal"));
    assert!(
        r.summary.contains("Finished match: 18 games"),
        "{}",
        r.summary
    );
}

#[test]
fn sprt_stops_the_match() {
    let scratch_dir = scratch("sprt");
    let d = scratch_dir.path();
    let good = script(d, "good", GOOD);
    // Adds 1 or 2 at random, so that pairs of games differ (a pair of equal games carries
    // no variance, and the SPRT waits).
    let random = script(
        d,
        "random",
        "echo \"bestmove $(( $(od -An -N1 -tu1 /dev/urandom) % 2 + 1 ))\"",
    );
    let r = run(d, 1, &format!("--depth 1 --games 400 --sprt elo0=0 elo1=400 alpha=0.05 beta=0.05 --engine cmd={good} --engine cmd={random}")).unwrap();
    assert!(r.summary.contains(" was accepted"), "{}", r.summary);
    assert!(r.summary.contains("Stopped after"), "{}", r.summary);
    assert!(results(&r.pgn).len() < 400, "{}", r.summary);
}

#[test]
fn adjudication_by_score_and_move_limit() {
    let scratch_dir = scratch("adj");
    let d = scratch_dir.path();
    let losing = script(
        d,
        "losing",
        "echo 'info depth 3 score cp -900'; echo 'bestmove 1'",
    );
    let level = script(
        d,
        "level",
        "echo 'info depth 3 score cp 2'; echo 'bestmove 1'",
    );
    let r = run(d, 1, &format!("--depth 3 --games 1 --resign movecount=2 score=500 --engine cmd={losing} --engine cmd={level}")).unwrap();
    assert_eq!(results(&r.pgn), ["0-1"]);
    assert!(r.pgn.contains("white resigns"), "{}", r.pgn);
    let r = run(d, 1, &format!("--depth 3 --games 1 --draw movenumber=1 movecount=1 score=5 --engine cmd={level} --engine cmd={level}")).unwrap();
    assert!(
        results(&r.pgn).ends_with(&["1/2-1/2".to_string()]),
        "{}",
        r.pgn
    );
    let r = run(
        d,
        1,
        &format!("--depth 3 --games 1 --maxmoves 2 --engine cmd={level} --engine cmd={level}"),
    )
    .unwrap();
    assert!(
        r.pgn.contains("move limit") && r.pgn.contains("[PlyCount \"4\"]"),
        "{}",
        r.pgn
    );
}

#[test]
fn engines_that_cannot_start_forfeit() {
    let scratch_dir = scratch("nostart");
    let d = scratch_dir.path();
    let good = script(d, "good", GOOD);
    // An engine that cannot start at all stops the match before its first game.
    let e = run(d, 1, &format!("--depth 1 --timeout 300 --games 1 --engine cmd={good} --engine cmd=/nonexistent/engine"))
        .err()
        .expect("the match fails");
    assert!(
        e.contains("engine 'engine' cannot be started: cannot start '/nonexistent/engine'"),
        "{e}"
    );
    assert!(!d.join("games.pgn").exists(), "no game was played");
    // One that starts once and then no more: one start failure forfeits the game; a second
    // in a row stops the match with an error.
    let once = d.join("once");
    std::fs::write(
        &once,
        format!(
            "#!/bin/sh\nif [ -e {mark} ]; then exit 1; fi\ntouch {mark}\nexec {good}\n",
            mark = d.join("started").display()
        ),
    )
    .unwrap();
    let mut perm = std::fs::metadata(&once).unwrap().permissions();
    std::os::unix::fs::PermissionsExt::set_mode(&mut perm, 0o755);
    std::fs::set_permissions(&once, perm).unwrap();
    let e = run(
        d,
        1,
        &format!(
            "--depth 1 --timeout 300 --games 6 --engine cmd={good} --engine cmd={}",
            once.display()
        ),
    )
    .err()
    .expect("the match fails");
    assert!(e.contains("could not be started 2 times in a row"), "{e}");
    assert!(e.contains("during start-up"), "{e}");
    let pgn = std::fs::read_to_string(d.join("games.pgn")).unwrap();
    assert_eq!(results(&pgn), ["1-0", "0-1"], "{pgn}");
}

#[test]
fn the_engine_hears_the_protocol_in_order() {
    let scratch_dir = scratch("log");
    let d = scratch_dir.path();
    let log = d.join("heard.txt");
    let good = script(d, "good", GOOD);
    let logger = script(
        d,
        "logger",
        "echo 'info depth 2 score mate 3'; echo 'bestmove 1'",
    );
    // Every line the engine reads goes to the log.
    let text = std::fs::read_to_string(&logger).unwrap().replace(
        "while read -r line; do\n",
        &format!(
            "while read -r line; do\necho \"$line\" >> {}\n",
            log.display()
        ),
    );
    std::fs::write(&logger, text).unwrap();
    let r = run(d, 1, &format!("--variant race --option Goal=10 --depth 2 --games 2 --engine cmd={logger} option.Hash=4 --engine cmd={good}")).unwrap();
    assert!(r.pgn.contains("{+M3/2 "), "{}", r.pgn);
    let heard = std::fs::read_to_string(&log).unwrap();
    let all: Vec<&str> = heard.lines().collect();
    // First a start that only checks that the engine starts and takes its options.
    let second = all.iter().rposition(|l| *l == "uci").unwrap();
    assert_eq!(
        &all[..second],
        [
            "uci",
            "setoption name UCI_Variant value race",
            "setoption name Threads value 1",
            "setoption name Goal value 10",
            "setoption name Hash value 4",
            "isready",
            "quit"
        ],
        "{heard}"
    );
    let lines = &all[second..];
    assert_eq!(
        &lines[..7],
        [
            "uci",
            "setoption name UCI_Variant value race",
            "setoption name Threads value 1",
            "setoption name Goal value 10",
            "setoption name Hash value 4",
            "isready",
            "ucinewgame"
        ],
        "{heard}"
    );
    assert!(lines.contains(&"position startpos"));
    assert!(lines.contains(&"position startpos moves 1 1"));
    assert!(lines.contains(&"go depth 2"));
    assert_eq!(
        lines.iter().filter(|l| **l == "ucinewgame").count(),
        2,
        "{heard}"
    );
    assert_eq!(lines.last(), Some(&"quit"));
}

#[test]
fn openings_files_are_checked_line_by_line() {
    use super::openings::{parse_file, randomize, SplitMix};
    let race = Race::boxed(10, 1);
    let book = parse_file("# comment\n\nmoves 1 2\n4 b 0 moves 1\n", race.as_ref()).unwrap();
    assert_eq!(book.len(), 2);
    assert_eq!(book[1].fen.as_deref(), Some("4 b 0"));
    let err = parse_file("moves 1\nmoves 1 3\n", race.as_ref()).unwrap_err();
    assert!(err.starts_with("openings line 2:"), "{err}");
    assert!(parse_file("12 w 0\n", race.as_ref()).is_err());
    assert!(parse_file("# nothing\n", race.as_ref()).is_err());
    // Random turns extend the book line; lines that would end the game (a sum of 10 or more
    // after 3 + four random additions) are drawn again.
    let mut rng = SplitMix::new(9);
    for _ in 0..50 {
        let op = randomize(&book[0], 4, race.as_ref(), &mut rng);
        assert_eq!(op.moves.len(), 6);
        assert_eq!(&op.moves[..2], ["1", "2"]);
        assert!(op.end(race.as_ref()).is_ok());
    }
}

#[test]
fn scheduling_noise_does_not_lose_on_time_by_default() {
    let scratch_dir = scratch("noise");
    let d = scratch_dir.path();
    let good = script(d, "good", GOOD);
    // Answers a little after its move time, as Stockfish told `movetime 100` does.
    let late = script(d, "late", "sleep 0.105; echo 'bestmove 1'");
    let line = format!("--movetime 100 --games 2 --engine cmd={good} --engine cmd={late}");
    let r = run(d, 1, &line).unwrap();
    assert_eq!(terminations(&r.pgn), ["normal"; 2], "{}", r.pgn);
    let scratch_dir = scratch("strict");
    let d = scratch_dir.path();
    let r = run(d, 1, &format!("{line} --timemargin 0")).unwrap();
    assert_eq!(terminations(&r.pgn), ["time forfeit"; 2], "{}", r.pgn);
}

#[test]
fn replayed_games_are_counted_and_warned_of() {
    use super::openings::{randomize, SplitMix};
    let scratch_dir = scratch("repeat");
    let d = scratch_dir.path();
    let good = script(d, "good", GOOD);
    let r = run(
        d,
        1,
        &format!("--depth 1 --games 6 --engine cmd={good} name=A --engine cmd={good} name=B"),
    )
    .unwrap();
    // Six games from one start: the second pair and the third repeat the first.
    assert!(r.summary.contains("Repeated games: 4 "), "{}", r.summary);
    let starts = vec![Opening::start(); 3];
    assert!(super::repeated_openings_warning(&starts, 6).is_some());
    assert!(super::repeated_openings_warning(&starts[..1], 2).is_none());
    let proto = Race::boxed(30, 1);
    let mut rng = SplitMix::new(1);
    let varied: Vec<Opening> = (0..3)
        .map(|_| randomize(&Opening::start(), 6, proto.as_ref(), &mut rng))
        .collect();
    assert!(
        super::repeated_openings_warning(&varied, 6).is_none(),
        "{varied:?}"
    );
}

#[test]
fn an_option_the_engine_does_not_have_stops_the_match_before_it_starts() {
    let scratch_dir = scratch("options");
    let d = scratch_dir.path();
    let good = script(d, "good", GOOD);
    let e = run(
        d,
        1,
        &format!("--depth 1 --games 2 --engine cmd={good} option.Hsah=2 --engine cmd={good}"),
    )
    .err()
    .expect("the match is refused");
    assert!(e.contains("has no option 'Hsah'"), "{e}");
    assert!(!d.join("games.pgn").exists(), "no game was played");
    // Declared options pass, in any case.
    let r = run(
        d,
        1,
        &format!("--depth 1 --games 2 --engine cmd={good} option.hash=2 --engine cmd={good}"),
    )
    .unwrap();
    assert_eq!(results(&r.pgn).len(), 2);
}
