//! Every searcher plays every registered variant through `tessera match`: MCTS against the
//! greedy player and the random player against alpha-beta, short games whose records replay.

mod match_support;

use match_support::*;
use tessera::registry;

#[test]
fn every_searcher_plays_every_variant() {
    let bin = tessera().to_string_lossy().into_owned();
    let a = format!("cmd={bin}");
    for v in registry::variants() {
        // Games with hidden information deal from the seed and take no random plies; they
        // are played through the referee in their own tests (`booster_match`).
        if tessera::registry::create(v.name, &tessera::options::VariantOptions::new())
            .is_ok_and(|g| g.is_hidden())
        {
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
                "--random-plies",
                "1",
                "--pgn",
                &pgn,
                "--engine",
                &a,
            ];
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
