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
        err.contains("engine 'engine' cannot be started: cannot start '/nonexistent/engine'"),
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

/// A megabyte-long illegal answer is quoted clipped, with its length, in the PGN, the
/// results file and the report.
#[test]
fn an_illegal_move_is_quoted_clipped() {
    let dir = scratch("match-long-illegal");
    let random = random_chess_engine(&dir);
    let long = shell_engine(
        &dir,
        "long",
        "printf 'bestmove '; head -c 400000 /dev/zero | tr '\\\\0' x; echo",
    );
    let pgn = dir.join("games.pgn");
    let results = dir.join("results.jsonl");
    let out = run_match(&[
        "--games",
        "2",
        "--depth",
        "1",
        "--engine",
        &format!("cmd={random}"),
        "name=random",
        "--engine",
        &format!("cmd={long}"),
        "--pgn",
        pgn.to_str().unwrap(),
        "--results",
        results.to_str().unwrap(),
    ]);
    let stdout = String::from_utf8_lossy(&out.stdout);
    let pgn_text = std::fs::read_to_string(&pgn).unwrap();
    let results_text = std::fs::read_to_string(&results).unwrap();
    let games = read_pgn(&pgn_text);
    assert_eq!(
        summary(&games),
        [
            ("1-0".to_string(), "rules infraction".to_string()),
            ("0-1".to_string(), "rules infraction".to_string())
        ]
    );
    for (what, text) in [
        ("report", stdout.as_ref()),
        ("PGN", pgn_text.as_str()),
        ("results", results_text.as_str()),
    ] {
        assert!(text.len() < 8000, "{what}: {} bytes", text.len());
        let start = &text[..text.len().min(2000)];
        assert!(text.contains("(400000 characters)"), "{what}: {start}");
        assert!(!text.contains(&"x".repeat(101)), "{what}: {start}");
    }
}

/// An engine that cannot start fails the match before its first game, however few games
/// were asked for, a solitaire's too.
#[test]
fn an_engine_that_cannot_start_fails_even_a_one_game_match() {
    let dir = scratch("match-nostart-one");
    let random = random_chess_engine(&dir);
    let pgn = dir.join("games.pgn");
    for args in [
        vec![
            "--games".to_string(),
            "1".into(),
            "--engine".into(),
            format!("cmd={random}"),
            "--engine".into(),
            "cmd=/nonexistent/engine".into(),
        ],
        vec![
            "--games".into(),
            "2".into(),
            "--engine".into(),
            "cmd=/nonexistent/engine".into(),
            "--engine".into(),
            format!("cmd={random}"),
        ],
        vec![
            "--variant".into(),
            "parade".into(),
            "--games".into(),
            "1".into(),
            "--engine".into(),
            "cmd=/nonexistent/engine".into(),
        ],
    ] {
        let out = std::process::Command::new(tessera())
            .args(["match", "--depth", "1", "--pgn", pgn.to_str().unwrap()])
            .args(&args)
            .output()
            .unwrap();
        let stdout = String::from_utf8_lossy(&out.stdout);
        let err = String::from_utf8_lossy(&out.stderr);
        assert!(!out.status.success(), "{args:?}: {stdout}{err}");
        assert!(
            err.contains("engine 'engine' cannot be started: cannot start '/nonexistent/engine'"),
            "{args:?}: {err}"
        );
        assert!(!stdout.contains("Finished"), "{args:?}: {stdout}");
        assert!(
            std::fs::read_to_string(&pgn).unwrap_or_default().is_empty(),
            "{args:?}: a game was recorded"
        );
    }
}

/// An option the engine answers with an error (a value it refuses, a name it does not
/// know) stops the match before the first game, with the engine's own words.
#[test]
fn an_option_the_engine_refuses_stops_the_match_before_the_first_game() {
    let dir = scratch("match-bad-option");
    let random = random_chess_engine(&dir);
    let bin = tessera().to_string_lossy().into_owned();
    // Declares no options, and refuses every one it is sent.
    let picky = executable(
        &dir,
        "picky",
        "#!/bin/sh\nwhile read -r line; do\ncase \"$line\" in\n\
         uci) echo 'id name picky'; echo uciok ;;\n\
         'setoption name UCI_Variant '*) ;;\n\
         setoption*) echo \"info string error: unknown option '${line#setoption name }'\" ;;\n\
         isready) echo readyok ;;\n\
         go*) echo 'bestmove 0000' ;;\n\
         quit) exit 0 ;;\n\
         esac\ndone\n",
    );
    let pgn = dir.join("games.pgn");
    for (engine, option, words) in [
        (
            bin.as_str(),
            "option.MCTS Leaf=quiescense",
            "option MCTS Leaf takes one of",
        ),
        (
            picky.as_str(),
            "option.MCTS_Leaf=quiescence",
            "unknown option 'MCTS_Leaf value quiescence'",
        ),
    ] {
        for games in ["1", "2"] {
            let out = std::process::Command::new(tessera())
                .args(["match", "--depth", "1", "--maxmoves", "2", "--games", games])
                .args(["--pgn", pgn.to_str().unwrap(), "--engine"])
                .arg(format!("cmd={random}"))
                .args(["--engine", &format!("cmd={engine}"), "name=tried", option])
                .output()
                .unwrap();
            let stdout = String::from_utf8_lossy(&out.stdout);
            let err = String::from_utf8_lossy(&out.stderr);
            assert!(!out.status.success(), "{option}: {stdout}{err}");
            assert!(err.contains("engine 'tried'"), "{option}: {err}");
            assert!(err.contains(words), "{option}: {err}");
            assert!(!stdout.contains("Finished"), "{option}: {stdout}");
            assert!(std::fs::read_to_string(&pgn).unwrap_or_default().is_empty());
        }
    }
    // The same engines with options they accept play.
    let out = run_match(&[
        "--depth",
        "1",
        "--maxmoves",
        "2",
        "--games",
        "1",
        "--engine",
        &format!("cmd={random}"),
        "--engine",
        &format!("cmd={bin}"),
        "option.MCTS Leaf=quiescence",
    ]);
    assert!(String::from_utf8_lossy(&out.stdout).contains("Finished match: 1 games"));
}
