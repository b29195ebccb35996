//! `tessera tune` end to end, kept small: self-play games written by `tessera match`, a
//! Texel fit on them (chess through SAN, Turtle Shell through its own cell names, Tiled
//! Squares with its tile drops `$-e4` and `%-e5`), the
//! fitted table loaded back by the engine, the acceptance match, and a short SPSA run.

mod match_support;

use std::path::Path;
use std::process::{Command, Output};
use std::time::Duration;

use match_support::*;
use tessera::core::options::VariantOptions;
use tessera::core::param_table;
use tessera::faces::registry;
use tessera_tests::binary::Engine;

fn tune(args: &[&str]) -> Output {
    Command::new(tessera())
        .arg("tune")
        .args(args)
        .output()
        .expect("run tessera tune")
}

fn text(o: &Output) -> String {
    format!(
        "{}\n{}",
        String::from_utf8_lossy(&o.stdout),
        String::from_utf8_lossy(&o.stderr)
    )
}

/// Games of self-play at a small depth from random openings.
fn selfplay(dir: &Path, variant: &str, games: u32) -> String {
    let bin = tessera().to_string_lossy().into_owned();
    let pgn = dir.join(format!("{variant}.pgn"));
    let pgn_arg = pgn.to_string_lossy().into_owned();
    let a = format!("cmd={bin}");
    let n = games.to_string();
    run_match(&[
        "--variant",
        variant,
        "--games",
        &n,
        "--random-plies",
        "6",
        "--maxmoves",
        "60",
        "--concurrency",
        "2",
        "--engine",
        &a,
        "name=a",
        "depth=1",
        "--engine",
        &a,
        "name=b",
        "depth=2",
        "--pgn",
        &pgn_arg,
    ]);
    pgn_arg
}

fn table_of(path: &Path) -> param_table::ParamFile {
    param_table::parse_json(&std::fs::read_to_string(path).expect("table written"))
        .expect("a table")
}

#[test]
fn texel_fits_chess_turtle_shell_and_tiled_squares_and_the_engine_loads_the_table() {
    let dir = scratch("tune-texel");
    for variant in ["chess", "turtleshell", "tiledsquares"] {
        let pgn = selfplay(&dir, variant, 8);
        let out = dir.join(format!("{variant}.json"));
        let out_arg = out.to_string_lossy().into_owned();
        let o = tune(&[
            "texel",
            "--variant",
            variant,
            "--pgn",
            &pgn,
            "--out",
            &out_arg,
            "--epochs",
            "40",
            "--rate",
            "3",
            "--skip-turns",
            "2",
            "--validation",
            "0.25",
            "--no-sprt",
            "--threads",
            "2",
        ]);
        let log = text(&o);
        assert!(o.status.success(), "{log}");
        assert!(log.contains("pass 1: K "), "{log}");
        assert!(!log.contains("unreadable"), "{log}");
        // Every weight is in the file, for the variant, and a fresh game accepts them.
        let table = table_of(&out);
        assert_eq!(table.variant.as_deref(), Some(variant));
        let mut g = registry::create(variant, &VariantOptions::new()).unwrap();
        assert_eq!(table.values.len(), g.eval_weights().len());
        g.set_eval_weights(&table.values).unwrap();
        assert!(dir.join(format!("{variant}.candidate.json")).exists());

        let mut e = Engine::start();
        e.send(&format!("setoption name UCI_Variant value {variant}"));
        e.send(&format!("setoption name EvalWeights value {out_arg}"));
        e.send("go depth 2");
        let reply = e.until("bestmove", Duration::from_secs(60)).pop().unwrap();
        assert!(!reply.contains("(none)"), "{reply}");
        e.quit(Duration::from_secs(10));
    }
}

#[test]
fn bad_tables_are_refused_with_one_error_line() {
    let mut e = Engine::start();
    for bad in [
        "setoption name EvalWeights value {\"no.such.weight\": 3}",
        "setoption name EvalWeights value {\"tempo\": 1.5}",
        "setoption name EvalWeights value /no/such/file.json",
        "setoption name EvalWeights value {\"variant\": \"nonesuch\", \"weights\": {}}",
        "setoption name SearchParams value {\"nmp_divisor\": 0}",
        "setoption name SearchParams value {\"tempo\": 3}",
    ] {
        e.send(bad);
        let l = e
            .until("info string error:", Duration::from_secs(60))
            .pop()
            .unwrap();
        assert!(l.len() > 20, "{l}");
    }
    // The engine still plays, with a valid table.
    e.send("setoption name EvalWeights value {\"tempo\": 20, \"material.queen.mg\": 950}");
    e.send("setoption name SearchParams value {\"rfp_margin\": 100}");
    e.send("go depth 3");
    e.until("bestmove", Duration::from_secs(60)).pop().unwrap();
    e.quit(Duration::from_secs(10));
}

#[test]
fn the_acceptance_match_and_spsa_run() {
    let dir = scratch("tune-accept");
    let pgn = selfplay(&dir, "tictacchess", 6);
    let out = dir.join("ttc.json");
    let out_arg = out.to_string_lossy().into_owned();
    let o = tune(&[
        "texel",
        "--variant",
        "tictacchess",
        "--pgn",
        &pgn,
        "--out",
        &out_arg,
        "--epochs",
        "20",
        "--skip-turns",
        "0",
        "--sprt-games",
        "4",
        "--nodes",
        "200",
        "--random-plies",
        "2",
    ]);
    let log = text(&o);
    assert!(o.status.success(), "{log}");
    assert!(log.contains("SPRT: llr"), "{log}");
    // Four games cannot decide the SPRT: the table is not accepted.
    assert!(log.contains("undecided after 4 games"), "{log}");
    assert!(!out.exists());

    let spsa_out = dir.join("search.json");
    let spsa_arg = spsa_out.to_string_lossy().into_owned();
    let o = tune(&[
        "spsa",
        "--iterations",
        "4",
        "--workers",
        "2",
        "--params",
        "rfp_margin,lmr_base",
        "--nodes",
        "300",
        "--out",
        &spsa_arg,
        "--no-sprt",
    ]);
    let log = text(&o);
    assert!(o.status.success(), "{log}");
    let t = table_of(&spsa_out);
    assert_eq!(t.values.len(), tessera::search::params::SPSA_RANGES.len());
    let csv = std::fs::read_to_string(dir.join("search.spsa.csv")).unwrap();
    assert!(csv.starts_with("iteration,wins,losses,draws,rfp_margin,lmr_base"));
    // Two workers play the four iterations between them, each recorded once, in the order
    // they finished.
    let mut done: Vec<u32> = csv
        .lines()
        .skip(1)
        .map(|l| l.split(',').next().unwrap().parse().unwrap())
        .collect();
    done.sort();
    assert_eq!(done, [1, 2, 3, 4], "{csv}");
    // The engine takes the tuned table as it was written.
    let mut e = Engine::start();
    e.send(&format!("setoption name SearchParams value {spsa_arg}"));
    e.send("go depth 3");
    e.until("bestmove", Duration::from_secs(60)).pop().unwrap();
    e.quit(Duration::from_secs(10));
}

#[test]
fn nnue_trains_on_chess_games_and_the_engine_plays_with_the_network() {
    let dir = scratch("tune-nnue");
    let pgn = selfplay(&dir, "chess", 8);
    let out = dir.join("chess.nnue");
    let out_arg = out.to_string_lossy().into_owned();
    let o = tune(&[
        "nnue",
        "--pgn",
        &pgn,
        "--out",
        &out_arg,
        "--hidden",
        "16",
        "--epochs",
        "4",
        "--batch",
        "256",
        "--skip-turns",
        "2",
        "--validation",
        "0.25",
        "--no-sprt",
        "--threads",
        "2",
    ]);
    let log = text(&o);
    assert!(o.status.success(), "{log}");
    assert!(
        log.contains("held-out loss: hand-written evaluation"),
        "{log}"
    );
    assert!(dir.join("chess.candidate.nnue").exists());
    let net = tessera::core::network::Network::from_bytes(&std::fs::read(&out).unwrap()).unwrap();
    assert_eq!(
        (net.features.as_str(), net.inputs, net.hidden),
        ("chess-768", 768, 16)
    );

    // The engine evaluates with it, refuses what is not a network with one error line, and
    // keeps playing.
    let mut e = Engine::start();
    e.send(&format!("setoption name EvalNet value {out_arg}"));
    e.send("go depth 3");
    let reply = e.until("bestmove", Duration::from_secs(60)).pop().unwrap();
    assert!(!reply.contains("(none)"), "{reply}");
    for bad in [pgn.as_str(), "/no/such/file.nnue"] {
        e.send(&format!("setoption name EvalNet value {bad}"));
        let l = e
            .until("info string error:", Duration::from_secs(60))
            .pop()
            .unwrap();
        assert!(l.contains("network") || l.contains("cannot read"), "{l}");
    }
    e.send("go depth 3");
    e.until("bestmove", Duration::from_secs(60)).pop().unwrap();
    e.quit(Duration::from_secs(10));

    // `tessera bench` measures chess with the network.
    let b = Command::new(tessera())
        .args(["bench", "--variant", "chess", "--depth", "3", "--option"])
        .arg(format!("EvalNet={out_arg}"))
        .output()
        .unwrap();
    assert!(b.status.success(), "{}", text(&b));
    assert!(text(&b).contains("Nodes/second"), "{}", text(&b));
    for bad in ["Nope=1", "EvalNet=/no/such/file.nnue", "EvalNet"] {
        let b = Command::new(tessera())
            .args([
                "bench",
                "--variant",
                "chess",
                "--depth",
                "1",
                "--option",
                bad,
            ])
            .output()
            .unwrap();
        assert!(!b.status.success(), "{bad}: {}", text(&b));
        assert!(!text(&b).contains("Nodes/second"), "{bad}");
    }

    // A correction of the hand-written evaluation: its file says so, it starts from the
    // evaluation's own loss, and the engine adds it to the evaluation.
    let fix = dir.join("fix.nnue");
    let fix_arg = fix.to_string_lossy().into_owned();
    let o = tune(&[
        "nnue",
        "--pgn",
        &pgn,
        "--out",
        &fix_arg,
        "--hidden",
        "16",
        "--epochs",
        "2",
        "--batch",
        "256",
        "--skip-turns",
        "2",
        "--validation",
        "0.25",
        "--no-sprt",
        "--residual",
    ]);
    let log = text(&o);
    assert!(o.status.success(), "{log}");
    let net = tessera::core::network::Network::from_bytes(&std::fs::read(&fix).unwrap()).unwrap();
    assert_eq!(net.features, "chess-768+hce");
    let losses: Vec<f64> = log
        .lines()
        .find(|l| l.contains("held-out loss: hand-written evaluation"))
        .expect("the report")
        .split_whitespace()
        .filter_map(|w| w.trim_end_matches([',', ';']).parse().ok())
        .collect();
    // hand-written, network (the best held-out loss is never worse than the start's, which
    // is within a little of the evaluation's own).
    assert!(losses.len() >= 4, "{log}");
    assert!(losses[3] <= losses[2] * 1.05, "{log}");
    let mut e = Engine::start();
    e.send(&format!("setoption name EvalNet value {fix_arg}"));
    e.send("go depth 3");
    let reply = e.until("bestmove", Duration::from_secs(60)).pop().unwrap();
    assert!(!reply.contains("(none)"), "{reply}");
    e.quit(Duration::from_secs(10));

    // Training goes on from a kept network: at a step size of nothing it writes the
    // built-in correction back unchanged; one of another kind or size is refused before
    // the games are read.
    let again = dir.join("again.nnue");
    let again_arg = again.to_string_lossy().into_owned();
    let from = |init: &str, extra: &[&str]| {
        let mut args = vec![
            "nnue",
            "--pgn",
            &pgn,
            "--out",
            &again_arg,
            "--init",
            init,
            "--epochs",
            "1",
            "--batch",
            "256",
            "--skip-turns",
            "2",
            "--no-sprt",
        ];
        args.extend_from_slice(extra);
        tune(&args)
    };
    let o = from("builtin", &["--residual", "--rate", "0"]);
    let log = text(&o);
    assert!(o.status.success(), "{log}");
    let kept =
        tessera::core::network::Network::from_bytes(&std::fs::read(&again).unwrap()).unwrap();
    assert_eq!(kept, *tessera::games::chess::nnue::builtin());
    std::fs::remove_file(&again).unwrap();
    for (extra, says) in [
        (
            &["--residual", "--hidden", "16"][..],
            "has 32 hidden neurons",
        ),
        (&[][..], "needs chess-768"),
    ] {
        let o = from("builtin", extra);
        assert!(!o.status.success(), "{extra:?}");
        assert!(text(&o).contains(says), "{extra:?}: {}", text(&o));
        assert!(!text(&o).contains("chess games"), "{}", text(&o));
        assert!(!again.exists());
    }
    let o = from("/no/such/file.nnue", &["--residual"]);
    assert!(!o.status.success());
    assert!(text(&o).contains("--init"), "{}", text(&o));

    // The acceptance match: two games cannot decide, so nothing is written.
    let accepted = dir.join("accepted.nnue");
    let o = tune(&[
        "nnue",
        "--pgn",
        &pgn,
        "--out",
        &accepted.to_string_lossy(),
        "--hidden",
        "8",
        "--epochs",
        "1",
        "--sprt-games",
        "2",
        "--nodes",
        "200",
    ]);
    let log = text(&o);
    assert!(o.status.success(), "{log}");
    assert!(log.contains("undecided after 2 games"), "{log}");
    assert!(!accepted.exists());
}
