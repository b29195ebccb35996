//! The referee of hidden-information games, on the test toys through the test engine binary
//! (`toy-engine`: Tessera's protocol loop over the toys, logging every line it receives):
//! each engine is told exactly its own view and observations and never a card it has not
//! seen; records replay with everything revealed; a solitaire is played over seeded deals.
//!
//! Strength measurements (hundreds of games) are `#[ignore]`d:
//! `cargo test --release -p tessera-tests --test toy_match -- --ignored --nocapture`.

mod match_support;

use std::process::{Command, Output};

use match_support::{read_pgn, scratch, PgnGame};
use tessera::core::game::{Game, Hidden, Player, View};
use tessera::{AnyGame, Chance};
use tessera_tests::toys::peekwhist::parse_card;
use tessera_tests::toys::{PeekWhist, CATALOG};

fn toy() -> String {
    env!("CARGO_BIN_EXE_toy-engine").to_string()
}

fn run_toy_match(args: &[String]) -> Output {
    let out = Command::new(toy())
        .arg("match")
        .args(args)
        .output()
        .expect("run toy-engine match");
    assert!(
        out.status.success(),
        "toy-engine match {args:?} failed:\n{}\n{}",
        String::from_utf8_lossy(&out.stdout),
        String::from_utf8_lossy(&out.stderr)
    );
    out
}

fn words(s: &str) -> Vec<String> {
    s.split_whitespace().map(str::to_string).collect()
}

/// The games an engine's log holds: the `position` lines it received, game by game.
fn logged_games(log: &str) -> Vec<Vec<String>> {
    let mut games: Vec<Vec<String>> = Vec::new();
    for line in log.lines() {
        if line.trim() == "ucinewgame" {
            games.push(Vec::new());
        } else if line.starts_with("position ") {
            games
                .last_mut()
                .expect("a position after ucinewgame")
                .push(line.to_string());
        }
    }
    games
}

/// Replays a Peek Whist record with the library and returns, for each side, the `position`
/// lines the referee must have sent it (its start view, then what it observed) and, for
/// each, the cards it had seen by then.
fn expected_lines(g: &PgnGame) -> [Vec<(String, u16)>; 2] {
    let mut truth = PeekWhist::new();
    truth
        .set_fen(g.tag("FEN").expect("FEN tag"))
        .expect("the FEN tag reads");
    let start = [
        truth.view(Player::White).fen(),
        truth.view(Player::Black).fen(),
    ];
    let mut seen_obs: [Vec<String>; 2] = [Vec::new(), Vec::new()];
    // Cards each side has legitimately seen: its own, the played ones, a top card shown.
    let mut known: [u16; 2] = [truth.hands[0], truth.hands[1]];
    let mut out: [Vec<(String, u16)>; 2] = [Vec::new(), Vec::new()];
    let mut last_actor: Option<(Player, bool)> = None;
    let actions: Vec<String> = g
        .moves
        .iter()
        .flat_map(|t| t.split(',').map(str::to_string))
        .collect();
    let mut i = 0;
    loop {
        let chance = truth.is_chance_node();
        if truth.terminal().is_none() && !chance {
            let p = truth.to_move();
            // A side is asked when its decision starts: first, after chance, after the other.
            let asked = match last_actor {
                None => true,
                Some((q, was_chance)) => was_chance || q != p,
            };
            if asked {
                let mut line = format!("position fen {}", start[p.index()]);
                if !seen_obs[p.index()].is_empty() {
                    line.push_str(" moves ");
                    line.push_str(&seen_obs[p.index()].join(" "));
                }
                out[p.index()].push((line, known[p.index()]));
            }
        }
        let Some(text) = actions.get(i) else { break };
        let a = truth
            .parse_action(text)
            .unwrap_or_else(|e| panic!("'{text}' does not replay at {}: {e}", truth.fen()));
        for p in [Player::White, Player::Black] {
            let o = truth.observe(a, p);
            let v = truth.view(p);
            seen_obs[p.index()].push(v.format_observation(&o));
            let mut w = v.clone();
            w.apply(&o).unwrap();
            known[p.index()] |= w.hand | w.public.played | w.top.map_or(0, |t| 1 << t);
        }
        last_actor = Some((truth.to_move(), chance));
        truth.play(a);
        i += 1;
    }
    out
}

#[test]
fn peek_whist_engines_are_told_their_own_views_only() {
    let dir = scratch("toy-peekwhist");
    let pgn = dir.join("games.pgn");
    let log = |n: &str| dir.join(format!("{n}.log")).to_string_lossy().into_owned();
    let args = words(&format!(
        "--variant peekwhist --games 4 --seed 3 --nodes 300 --pgn {} \
         --engine cmd={t} name=A arg=--log arg={a} \
         --engine cmd={t} name=B arg=--log arg={b} option.Search=greedy",
        pgn.display(),
        t = toy(),
        a = log("A"),
        b = log("B"),
    ));
    let out = run_toy_match(&args);
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert!(stdout.contains("Finished match: 4 games"), "{stdout}");
    assert!(stdout.contains("Faults of A: 0") && stdout.contains("Faults of B: 0"));
    let games = read_pgn(&std::fs::read_to_string(&pgn).unwrap());
    assert_eq!(games.len(), 4);
    let logs = [
        logged_games(&std::fs::read_to_string(log("A")).unwrap()),
        logged_games(&std::fs::read_to_string(log("B")).unwrap()),
    ];
    let mut played = [0usize, 0usize];
    for g in &games {
        assert_eq!(g.tag("Variant"), Some("peekwhist"));
        assert!(g.tag("Seed").is_some() && g.tag("Deal").is_some());
        let expected = expected_lines(g);
        for side in [Player::White, Player::Black] {
            let name = if side == Player::White {
                g.tag("White")
            } else {
                g.tag("Black")
            };
            let e = if name == Some("A") { 0 } else { 1 };
            let got = &logs[e][played[e]];
            played[e] += 1;
            let want: Vec<&String> = expected[side.index()].iter().map(|(l, _)| l).collect();
            assert_eq!(
                got.iter().collect::<Vec<_>>(),
                want,
                "{} as {}",
                e,
                side.name()
            );
            // No line names a card its engine had not seen by then.
            for (line, known) in &expected[side.index()] {
                for w in line.split([' ', ',']) {
                    let w = w.trim_start_matches(['+', '=']);
                    if let Some(c) = parse_card(w) {
                        assert!(known & (1 << c) != 0, "{line}: {w} was hidden");
                    }
                }
            }
        }
    }
    // Everything is revealed at the end: the last comment holds the final full state.
    let text = std::fs::read_to_string(&pgn).unwrap().replace('\n', " ");
    assert_eq!(text.matches("{final position ").count(), 4);
}

#[test]
fn peek_whist_records_replay_to_their_result() {
    let dir = scratch("toy-peekwhist-replay");
    let pgn = dir.join("games.pgn");
    let args = words(&format!(
        "--variant peekwhist --games 2 --seed 8 --nodes 200 --pgn {} \
         --engine cmd={t} name=mcts --engine cmd={t} name=cheat view=full option.Search=alphabeta",
        pgn.display(),
        t = toy(),
    ));
    run_toy_match(&args);
    let text = std::fs::read_to_string(&pgn).unwrap();
    assert!(
        text.replace('\n', " ").contains("{final position "),
        "{text}"
    );
    for g in read_pgn(&text) {
        let mut game = (CATALOG[0].create)(&Default::default()).unwrap();
        game.set_fen(g.tag("FEN").unwrap()).unwrap();
        for token in &g.moves {
            game.play_str(token)
                .unwrap_or_else(|e| panic!("{token}: {e} at {}", game.fen()));
        }
        let o = game.outcome().expect("played to the end");
        assert_eq!(o.result_string(), g.result);
    }
}

#[test]
fn an_engine_that_sees_everything_is_sent_the_truth() {
    let dir = scratch("toy-peekwhist-full");
    let log = dir.join("full.log").to_string_lossy().into_owned();
    let args = words(&format!(
        "--variant peekwhist --games 2 --seed 4 --nodes 100 \
         --engine cmd={t} name=own --engine cmd={t} name=full view=full arg=--log arg={log}",
        t = toy(),
    ));
    run_toy_match(&args);
    let text = std::fs::read_to_string(&log).unwrap();
    let positions: Vec<&str> = text.lines().filter(|l| l.starts_with("position")).collect();
    assert!(!positions.is_empty());
    for p in positions {
        assert!(!p.starts_with("position fen view"), "{p}");
        let fen = p.trim_start_matches("position fen ");
        let fen = fen.split(" moves ").next().unwrap();
        assert_eq!(fen.split_whitespace().count(), 10, "{p}");
    }
}

#[test]
fn an_illegal_answer_loses_and_the_match_goes_on() {
    let dir = scratch("toy-peekwhist-bad");
    let bad = match_support::shell_engine(&dir, "bad.sh", "echo bestmove KS");
    let args = words(&format!(
        "--variant peekwhist --games 2 --seed 5 --nodes 100 \
         --engine cmd={t} name=good --engine cmd={bad} name=bad",
        t = toy(),
    ));
    let out = run_toy_match(&args);
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert!(stdout.contains("Faults of bad: 2"), "{stdout}");
}

#[test]
fn a_solitaire_is_played_over_seeded_deals_with_a_mean_score() {
    let dir = scratch("toy-hilo");
    let pgn = dir.join("hilo.pgn");
    let args = words(&format!(
        "--variant hilo --games 6 --seed 2 --nodes 400 --pgn {} \
         --engine cmd={t} name=fair --engine cmd={t} name=random option.Search=random",
        pgn.display(),
        t = toy(),
    ));
    let out = run_toy_match(&args);
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert!(
        stdout.contains("Score of fair over 6 deals: mean "),
        "{stdout}"
    );
    assert!(
        stdout.contains("Score of random over 6 deals: mean "),
        "{stdout}"
    );
    assert!(stdout.contains("Finished match: 12 deals"), "{stdout}");
    let games = read_pgn(&std::fs::read_to_string(&pgn).unwrap());
    assert_eq!(games.len(), 12);
    // The same seeds deal the same decks to both engines.
    let fens = |who: &str| -> Vec<String> {
        let mut v: Vec<(String, String)> = games
            .iter()
            .filter(|g| g.tag("White") == Some(who))
            .map(|g| {
                (
                    g.tag("Round").unwrap().to_string(),
                    g.tag("FEN").unwrap().to_string(),
                )
            })
            .collect();
        v.sort();
        v.into_iter().map(|x| x.1).collect()
    };
    assert_eq!(fens("fair"), fens("random"));
    for g in &games {
        assert_eq!(g.tag("Black"), Some("-"));
        let mut game = (CATALOG[1].create)(&Default::default()).unwrap();
        game.set_fen(g.tag("FEN").unwrap()).unwrap();
        for token in &g.moves {
            game.play_str(token).unwrap();
        }
        assert!(game.outcome().is_some());
        assert_eq!(
            game.score().map(|s| s.to_string()).as_deref(),
            g.tag("Score"),
            "the score tag is the final score"
        );
    }
}

/// The two-engine summary's score line.
fn score_line(stdout: &str) -> String {
    stdout
        .lines()
        .find(|l| l.starts_with("Score of"))
        .unwrap_or("")
        .to_string()
}

/// A match of ISMCTS (4000 iterations a decision) against `opponent` (engine keys).
fn strength(opponent: &[&str], games: u32) {
    let mut args = words(&format!(
        "--variant peekwhist --games {games} --seed 1 --concurrency 2 \
         --engine cmd={t} name=ismcts nodes=4000 --engine cmd={t}",
        t = toy(),
    ));
    args.extend(opponent.iter().map(|s| s.to_string()));
    let out = run_toy_match(&args);
    let stdout = String::from_utf8_lossy(&out.stdout);
    println!("{}", score_line(&stdout));
    for l in stdout.lines().filter(|l| l.starts_with("Elo")) {
        println!("{l}");
    }
}

#[test]
#[ignore = "a strength measurement: hundreds of games"]
fn ismcts_against_the_baselines_at_peek_whist() {
    strength(&["name=random", "option.Search=random", "nodes=1"], 400);
    strength(&["name=greedy", "option.Search=greedy", "nodes=1"], 400);
    strength(&["name=detab", "option.Search=alphabeta", "depth=8"], 400);
    strength(
        &[
            "name=cheat",
            "view=full",
            "option.Search=alphabeta",
            "depth=8",
        ],
        400,
    );
    strength(
        &["name=so", "nodes=4000", "option.MCTS Observers=single"],
        400,
    );
}

#[test]
#[ignore = "a strength measurement: many deals"]
fn the_fair_player_against_the_right_play_at_higher_or_lower() {
    let args = words(&format!(
        "--variant hilo --games 500 --seed 1 --concurrency 2 \
         --engine cmd={t} name=fair nodes=3000 \
         --engine cmd={t} name=greedy option.Search=greedy nodes=1 \
         --engine cmd={t} name=random option.Search=random nodes=1 \
         --engine cmd={t} name=clairvoyant view=full nodes=3000",
        t = toy(),
    ));
    let out = run_toy_match(&args);
    println!("{}", String::from_utf8_lossy(&out.stdout));
}

#[test]
fn the_catalog_is_what_the_toy_engine_serves() {
    let names: Vec<&str> = CATALOG.iter().map(|v| v.name).collect();
    assert_eq!(names, ["peekwhist", "hilo"]);
    let g: Box<dyn AnyGame> = (CATALOG[0].create)(&Default::default()).unwrap();
    assert!(g.is_hidden() && g.is_chance_node());
    let _ = PeekWhist::new().view(Player::White).player();
    let _: fn(&PeekWhist) -> bool = Chance::is_chance_node;
}
