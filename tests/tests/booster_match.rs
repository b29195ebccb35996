//! Booster Chess through the binary: `tessera match --variant booster` holds the full state,
//! deals from the seed and sends each engine only its own view. The engines are the logging
//! test engine (`toy-engine --real --log FILE`: Tessera's protocol loop over the real
//! variants, logging every line it receives), so the test reads everything each was told and
//! checks that no card reached a side that had not seen it; the records replay with the
//! library to their recorded end.
//!
//! Longer matches between the searchers are `#[ignore]`d:
//! `cargo test --release -p tessera-tests --test booster_match -- --ignored --nocapture`.

mod match_support;

use std::process::{Command, Output};

use match_support::{last_score_line, read_pgn, scratch, tessera, PgnGame};
use tessera::core::game::{Game, Player};
use tessera::games::booster::{Act, Booster};
use tessera::kits::cards::Card;

fn toy() -> String {
    env!("CARGO_BIN_EXE_toy-engine").to_string()
}

fn run_match(args: &str) -> Output {
    let out = Command::new(tessera())
        .arg("match")
        .args(args.split_whitespace())
        .output()
        .expect("run tessera match");
    assert!(
        out.status.success(),
        "tessera match {args} failed:\n{}\n{}",
        String::from_utf8_lossy(&out.stdout),
        String::from_utf8_lossy(&out.stderr)
    );
    out
}

/// The `position` lines of each game in an engine's log.
fn logged_games(log: &str) -> Vec<Vec<String>> {
    let mut games: Vec<Vec<String>> = Vec::new();
    for line in log.lines() {
        if line.trim() == "ucinewgame" {
            games.push(Vec::new());
        } else if line.starts_with("position ") {
            if let Some(g) = games.last_mut() {
                g.push(line.to_string());
            }
        }
    }
    games
}

/// Replays a record with the library; returns the final truth and, for each side, every
/// card it ever held or saw played (the only cards it may be told of).
fn replay(g: &PgnGame) -> (Booster, [u64; 2]) {
    let mut truth = Booster::from_fen(g.tag("FEN").expect("a FEN tag")).expect("the FEN reads");
    let mut known = [0u64; 2];
    for p in [Player::White, Player::Black] {
        for c in truth.hand(p) {
            known[p.index()] |= 1 << c.code();
        }
    }
    for word in g.moves.iter().flat_map(|t| t.split(',')) {
        let a = truth
            .parse_action(word)
            .unwrap_or_else(|e| panic!("'{word}' does not replay at {}: {e}", truth.fen()));
        match a {
            Act::Draw(c) => {
                // The record starts after the deal: the drawer is the side to move.
                known[truth.to_move().index()] |= 1 << c.code();
            }
            Act::Card { card, .. } => {
                known[0] |= 1 << card.code();
                known[1] |= 1 << card.code();
            }
            _ => {}
        }
        truth.play(a);
    }
    (truth, known)
}

/// Every card a protocol line names: in the view-FEN's hand and discard fields and in the
/// observations (`#5s`, `9h+c1`).
fn cards_named(line: &str) -> Vec<Card> {
    let mut out = Vec::new();
    for w in line.split([' ', ',', '.']) {
        let w = w.trim_start_matches('#');
        let w = w.split('+').next().unwrap_or("");
        if w.len() >= 2 && w.len() <= 3 && !w.contains(':') {
            if let Ok(c) = Card::parse(w) {
                // Squares like "e4" are not cards (their last letter is no suit), and
                // neither are piece letters; what parses as a card is one.
                out.push(c);
            }
        }
    }
    out
}

#[test]
fn booster_engines_are_told_their_own_views_only() {
    let dir = scratch("booster-views");
    let pgn = dir.join("games.pgn");
    let log = |n: &str| dir.join(format!("{n}.log")).to_string_lossy().into_owned();
    let out = run_match(&format!(
        "--variant booster --games 2 --seed 5 --nodes 150 --pgn {} \
         --engine cmd={t} name=A arg=--real arg=--log arg={a} \
         --engine cmd={t} name=B arg=--real arg=--log arg={b} option.Search=greedy",
        pgn.display(),
        t = toy(),
        a = log("A"),
        b = log("B"),
    ));
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert!(stdout.contains("Finished match: 2 games"), "{stdout}");
    assert!(
        stdout.contains("Faults of A: 0") && stdout.contains("Faults of B: 0"),
        "{stdout}"
    );
    let games = read_pgn(&std::fs::read_to_string(&pgn).unwrap());
    assert_eq!(games.len(), 2);
    let logs = [
        logged_games(&std::fs::read_to_string(log("A")).unwrap()),
        logged_games(&std::fs::read_to_string(log("B")).unwrap()),
    ];
    for (k, g) in games.iter().enumerate() {
        assert_eq!(g.tag("Variant"), Some("booster"));
        assert!(g.tag("Seed").is_some() && g.tag("Deal").is_some());
        let (truth, known) = replay(g);
        if let Some(o) = truth.outcome() {
            assert_eq!(g.result, o.result_string(), "game {k}");
        }
        for side in [Player::White, Player::Black] {
            let name = if side == Player::White {
                g.tag("White")
            } else {
                g.tag("Black")
            };
            let e = if name == Some("A") { 0 } else { 1 };
            let lines = &logs[e][k];
            assert!(!lines.is_empty());
            for line in lines {
                assert!(
                    line.starts_with(&format!("position fen view {}", side.fen_char())),
                    "{line}"
                );
                for c in cards_named(line) {
                    assert!(
                        known[side.index()] & (1 << c.code()) != 0,
                        "{} was told of {c}, which it never held nor saw played: {line}",
                        side.name()
                    );
                }
            }
        }
    }
    let text = std::fs::read_to_string(&pgn).unwrap().replace('\n', " ");
    assert_eq!(text.matches("{final position ").count(), 2);
}

/// The score fraction of the first engine from the match's last `Score of` line.
fn first_engine_score(out: &Output) -> (f64, String) {
    let text = String::from_utf8_lossy(&out.stdout);
    let line = last_score_line(&text)
        .unwrap_or_else(|| panic!("no score in {text}"))
        .to_string();
    let frac = line
        .split('[')
        .nth(1)
        .and_then(|r| r.split(']').next())
        .and_then(|f| f.parse().ok())
        .unwrap_or_else(|| panic!("no score fraction in {line}"));
    (frac, line)
}

/// ISMCTS from its own view against the 1-ply greedy player on its view (target: 70%) and
/// against determinized alpha-beta (target: above 50%), 200 games each (docs/variants/booster.md).
#[test]
#[ignore]
fn ismcts_beats_greedy_and_determinized_alpha_beta() {
    let t = tessera();
    let t = t.display();
    for (seed, opponent, target) in [
        (2, "name=greedy option.Search=greedy", 0.70),
        (4, "name=detab option.Search=alphabeta depth=2", 0.5),
    ] {
        let out = run_match(&format!(
            "--variant booster --games 200 --seed {seed} --nodes 400 --concurrency 2 \
             --engine cmd={t} name=ismcts --engine cmd={t} {opponent}"
        ));
        let (score, line) = first_engine_score(&out);
        println!("{line}");
        assert!(score > target, "{line}");
    }
}
