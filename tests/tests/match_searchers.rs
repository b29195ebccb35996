//! Every searcher plays every registered two-player variant through `tessera match`: MCTS against the
//! greedy player and the random player against alpha-beta, short games whose records replay.

mod match_support;

use match_support::*;
use tessera::faces::registry;

#[test]
fn every_searcher_plays_every_variant() {
    let bin = tessera().to_string_lossy().into_owned();
    let a = format!("cmd={bin}");
    for v in registry::variants() {
        let game = registry::create(v.name, &Default::default()).unwrap();
        // Solitaires have their own referee test (solitaire_protocol).
        if game.players() == 1 {
            continue;
        }
        for (first, second) in [
            (
                ["name=mcts", "option.Search=mcts"],
                ["name=greedy", "option.Search=greedy"],
            ),
            (
                ["name=random", "option.Search=random"],
                ["name=alphabeta", "option.Search=alphabeta"],
            ),
        ] {
            let dir = scratch(&format!("searchers-{}-{}", v.name, first[0]));
            let pgn = dir.join("games.pgn").to_string_lossy().into_owned();
            let mut args = vec![
                "--variant",
                v.name,
                "--games",
                "2",
                "--nodes",
                "300",
                "--depth",
                "1",
                "--maxmoves",
                "15",
                "--pgn",
                &pgn,
            ];
            // Hidden games are dealt from the seed, with no random opening.
            if !game.is_hidden() {
                args.extend(["--random-plies", "1"]);
            }
            args.extend(["--engine", &a]);
            args.extend(first);
            args.extend(["--engine", &a]);
            args.extend(second);
            let out = run_match(&args);
            let stdout = String::from_utf8_lossy(&out.stdout);
            assert!(
                stdout.contains("Finished match: 2 games"),
                "{}: {stdout}",
                v.name
            );
            assert!(
                stdout
                    .lines()
                    .filter(|l| l.starts_with("Faults of") && l.ends_with(": 0"))
                    .count()
                    == 2,
                "{}: {stdout}",
                v.name
            );
            for g in read_pgn(&std::fs::read_to_string(&pgn).unwrap()) {
                replay(&g);
            }
        }
    }
}
