//! Engines that break the rules or the protocol lose their games by rule, and the match
//! still finishes: an illegal move, a crash and a hang, each against a random mover.

mod match_support;

use match_support::*;

fn play(name: &str, broken_go: &str, extra: &[&str]) -> (String, Vec<PgnGame>) {
    let dir = scratch(&format!("match-{name}"));
    let random = random_chess_engine(&dir);
    let broken = shell_engine(&dir, name, broken_go);
    let pgn = dir.join("games.pgn");
    let engine_a = format!("cmd={random}");
    let engine_b = format!("cmd={broken}");
    let pgn_arg = pgn.to_string_lossy().into_owned();
    let mut args = vec![
        "--variant",
        "chess",
        "--games",
        "2",
        "--engine",
        &engine_a,
        "name=random",
        "--engine",
        &engine_b,
        "--pgn",
        &pgn_arg,
    ];
    args.extend_from_slice(extra);
    let out = run_match(&args);
    let stdout = String::from_utf8_lossy(&out.stdout).into_owned();
    let games = read_pgn(&std::fs::read_to_string(&pgn).expect("pgn written"));
    for g in &games {
        replay(g);
    }
    (stdout, games)
}

fn summary(games: &[PgnGame]) -> Vec<(String, String)> {
    games
        .iter()
        .map(|g| {
            (
                g.result.clone(),
                g.tag("Termination").unwrap_or("").to_string(),
            )
        })
        .collect()
}

#[test]
fn an_illegal_move_loses() {
    // e2e5 is never legal for either side at move one, nor later for Black.
    let (out, games) = play("illegal", "echo 'bestmove e2e5'", &["--depth", "1"]);
    assert_eq!(
        summary(&games),
        [
            ("1-0".to_string(), "rules infraction".to_string()),
            ("0-1".to_string(), "rules infraction".to_string())
        ]
    );
    assert!(
        out.contains("Score of random vs illegal: 2 - 0 - 0"),
        "{out}"
    );
    assert!(out.contains("Faults of illegal: 2"), "{out}");
}

#[test]
fn a_crash_loses_and_the_engine_restarts() {
    let (out, games) = play("crash", "exit 1", &["--depth", "1"]);
    assert_eq!(
        summary(&games),
        [
            ("1-0".to_string(), "abandoned".to_string()),
            ("0-1".to_string(), "abandoned".to_string())
        ]
    );
    assert!(out.contains("Finished match: 2 games"), "{out}");
}

#[test]
fn a_hang_loses_on_time_and_the_engine_is_killed() {
    let (out, games) = play("hang", ":", &["--tc", "0.5+0.05", "--timemargin", "100"]);
    assert_eq!(
        summary(&games),
        [
            ("1-0".to_string(), "time forfeit".to_string()),
            ("0-1".to_string(), "time forfeit".to_string())
        ]
    );
    assert!(out.contains("Faults of hang: 2"), "{out}");
}

#[test]
fn a_hang_at_fixed_depth_is_a_stalled_connection() {
    let (_, games) = play("stall", ":", &["--depth", "1", "--timeout", "500"]);
    assert_eq!(
        summary(&games),
        [
            ("1-0".to_string(), "stalled connection".to_string()),
            ("0-1".to_string(), "stalled connection".to_string())
        ]
    );
}

#[test]
fn an_engine_that_never_starts_stops_the_match_with_an_error() {
    let dir = scratch("match-nostart");
    let random = random_chess_engine(&dir);
    let t0 = std::time::Instant::now();
    let out = std::process::Command::new(tessera())
        .args(["match", "--depth", "1", "--games", "20", "--engine"])
        .arg(format!("cmd={random}"))
        .args(["--engine", "cmd=/nonexistent/engine"])
        .output()
        .unwrap();
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(!out.status.success(), "the match exits non-zero");
    assert!(
        err.contains("engine engine could not be started 2 times in a row"),
        "{err}"
    );
    assert!(t0.elapsed() < std::time::Duration::from_secs(30));
}

#[test]
fn replayed_openings_are_warned_of() {
    let dir = scratch("match-replay");
    let random = random_chess_engine(&dir);
    let engine = format!("cmd={random}");
    let out = std::process::Command::new(tessera())
        .args(["match", "--depth", "1", "--games", "4", "--maxmoves", "3"])
        .args(["--engine", &engine, "--engine", &engine])
        .output()
        .unwrap();
    assert!(out.status.success());
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(
        err.contains("warning: several game pairs start from the same position"),
        "{err}"
    );
    let out = std::process::Command::new(tessera())
        .args(["match", "--depth", "1", "--games", "4", "--maxmoves", "3"])
        .args([
            "--random-plies",
            "4",
            "--engine",
            &engine,
            "--engine",
            &engine,
        ])
        .output()
        .unwrap();
    assert!(out.status.success());
    assert!(!String::from_utf8_lossy(&out.stderr).contains("warning"));
}
