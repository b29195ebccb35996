//! Parade and Neighbour Chess Solitaire through the real binary: the deal as an option and as
//! a position, `go` answering the clairvoyant solver's first action whose line replays to the
//! reported score, `d` with the piles, bad input, `tessera solve` on one deal and many, and
//! `tessera render` with the panel.

use std::process::Command;
use std::time::Duration;

use tessera::core::options::VariantOptions;
use tessera::faces::registry;
use tessera_tests::binary::{tessera_bin, Engine};

const WAIT: Duration = Duration::from_secs(60);
const DEAL: &str = "9H 10H KS 10S 8S 8H 10C 9S 8D QH KH 9D 10D 8C QS 9C";

/// The `cp` score and the principal variation of the last `info` line with a `pv`.
fn score_and_pv(lines: &[String]) -> (i32, Vec<String>) {
    let info = lines
        .iter()
        .rev()
        .find(|l| l.starts_with("info") && l.contains(" pv "))
        .unwrap_or_else(|| panic!("no pv in {lines:?}"));
    let words: Vec<&str> = info.split(' ').collect();
    let cp = words.iter().position(|w| *w == "cp").unwrap();
    let pv = words.iter().position(|w| *w == "pv").unwrap();
    (
        words[cp + 1].parse().unwrap(),
        words[pv + 1..].iter().map(|s| s.to_string()).collect(),
    )
}

/// Plays the line after the position and returns the game's final score line from `d`.
fn replayed_result(e: &mut Engine, position: &str, line: &[String]) -> Vec<String> {
    e.send(&format!("{position} {}", line.join(" ")));
    e.send("d");
    e.sync()
}

#[test]
fn parade_session() {
    let mut e = Engine::start();
    e.send("setoption name UCI_Variant value parade");
    e.send(&format!("setoption name Deal value {DEAL}"));
    let start = "position startpos moves";
    e.send(start);
    e.send("d");
    let d = e.sync();
    assert!(
        d.iter()
            .any(|l| l.starts_with("hand: 8 cards (top first: 8D QH")),
        "{d:?}"
    );
    assert!(
        d.iter().any(|l| l == "next add: white knight on g4"),
        "{d:?}"
    );
    assert!(d.iter().any(
        |l| l.starts_with("Fen: 8/8/8/8/1r2b3/1r1n1N2/5k2/2B3R1 9H,10H,KS,10S,8S,8H,10C,9S|8D")
    ));
    e.send("go");
    let out = e.until("bestmove", WAIT);
    let (score, pv) = score_and_pv(&out);
    assert_eq!(score, 5);
    assert!(out.iter().any(|l| l.contains("proven")), "{out:?}");
    assert_eq!(out.last().unwrap(), &format!("bestmove {}", pv[0]));
    let d = replayed_result(&mut e, start, &pv);
    assert!(d.iter().any(|l| l == "won: score 5"), "{d:?}");
    assert!(d.iter().any(|l| l.starts_with("Result: 1-0")), "{d:?}");
    // The same deal as a position, with actions.
    e.send(&format!("position fen {DEAL} moves N@g4 Q@e5"));
    e.send("d");
    let d = e.sync();
    assert!(d.iter().any(|l| l.starts_with("hand: 6 cards")), "{d:?}");
    // Bad input: one error line, nothing changed.
    for bad in [
        "position startpos moves c1d2",
        "position startpos moves N@g5",
        "position fen 9H 10H moves",
        "setoption name Deal value 9H 9H",
        "setoption name Deal value 1X",
    ] {
        e.send(bad);
        let r = e.sync();
        assert_eq!(
            r.iter()
                .filter(|l| l.starts_with("info string error"))
                .count(),
            1,
            "{bad}: {r:?}"
        );
    }
    e.send("d");
    let d = e.sync();
    assert!(d.iter().any(|l| l.starts_with("hand: 6 cards")), "{d:?}");
    // The player's view (the cards left, not their order): `go` plays fairly from it (the
    // fair player: deck orders sampled from the view, each solved) within the clock, and the
    // answer is legal in the truth; observations follow the game. `Search mcts` plays the same
    // view with the generic searcher of views.
    const VIEW: &str =
        "view 8/8/8/8/1r2b3/1r1n1N2/5k2/2B3R1 9H,10H,KS,10S,8S,8H,10C,9S|?,?,?,?,?,?,?,? 0 -";
    let mut o = VariantOptions::new();
    o.set("Deal", DEAL);
    let mut truth = registry::create("parade", &o).unwrap();
    truth.play_str("f3g2,Q@c5").unwrap();
    for (search, go) in [("auto", "go movetime 300"), ("mcts", "go nodes 300")] {
        e.send(&format!("setoption name Search value {search}"));
        e.send(&format!("position fen {VIEW} moves f3g2 add=QH"));
        e.send(go);
        let out = e.until("bestmove", WAIT);
        let best = out
            .last()
            .unwrap()
            .trim_start_matches("bestmove ")
            .to_string();
        assert!(truth.legal_actions().contains(&best), "{best}: {out:?}");
        assert_eq!(
            out.iter().any(|l| l.contains("fair player: mean score")),
            search == "auto",
            "{out:?}"
        );
    }
    e.send("setoption name Search value auto");
    // The same deal's truth as a position names the hand; a view refuses it.
    e.send(&format!("position fen {VIEW} moves 8D"));
    let r = e.sync();
    assert!(
        r.iter().any(|l| l.starts_with("info string error")),
        "{r:?}"
    );
    e.quit(WAIT);
}

#[test]
fn neighbour_session() {
    let mut e = Engine::start();
    e.send("setoption name UCI_Variant value neighbour");
    e.send("setoption name DealSeed value 2");
    e.send("position startpos");
    e.send("go");
    let out = e.until("bestmove", WAIT);
    let (score, pv) = score_and_pv(&out);
    assert_eq!(score, 30);
    let d = replayed_result(&mut e, "position startpos moves", &pv);
    assert!(d.iter().any(|l| l == "won: score 30"), "{d:?}");
    e.send("position startpos moves K@f1 R@d1 B>f1");
    e.send("legal");
    let l = e.sync();
    assert!(
        l.iter()
            .any(|l| l.starts_with("legal @") && l.contains("@e1")),
        "{l:?}"
    );
    e.send("d");
    let d = e.sync();
    assert!(
        d.iter()
            .any(|l| l.starts_with("placing the white bishop held over f1")),
        "{d:?}"
    );
    e.quit(WAIT);
}

fn tessera(args: &[&str]) -> (bool, String, String) {
    let out = Command::new(tessera_bin()).args(args).output().unwrap();
    (
        out.status.success(),
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

#[test]
fn solve_one_deal_and_many() {
    let (ok, out, _) = tessera(&["solve", "--variant", "parade", "--deal", DEAL]);
    assert!(ok);
    assert!(out.contains("best score 5 (won), proven"), "{out}");
    let line = out
        .lines()
        .find_map(|l| l.strip_prefix("line "))
        .unwrap()
        .to_string();
    // The line replays legally to the score (through the library's text face).
    let mut o = VariantOptions::new();
    o.set("Deal", DEAL);
    let mut g = registry::create("parade", &o).unwrap();
    for a in line.split(' ') {
        g.play_str(a).unwrap();
    }
    assert!(g.display().contains("won: score 5"));
    let (ok, out, _) = tessera(&[
        "solve",
        "--variant",
        "parade",
        "--deals",
        "6",
        "--seed",
        "1",
        // One sampled order a decision keeps the Monte Carlo fair player quick here.
        "--option",
        "FairSamples=1",
    ]);
    assert!(ok, "{out}");
    for row in ["clairvoyant ", "fair ", "greedy ", "random "] {
        assert!(out.lines().any(|l| l.starts_with(row)), "{row}: {out}");
    }
    let (ok, out, _) = tessera(&["solve", "--variant", "neighbour", "--seed", "3"]);
    assert!(ok && out.contains("best score 29 (won), proven"), "{out}");
    let (ok, _, err) = tessera(&["solve", "--variant", "parade", "--deal", "9H 10H"]);
    assert!(!ok && err.contains("16 cards"), "{err}");
    let (ok, _, err) = tessera(&["solve", "--variant", "chess", "--deal", DEAL]);
    assert!(!ok && err.contains("no option Deal"), "{err}");
}

/// Appendix A's queens are the queen of hearts (White) and the queen of spades (Black): a
/// deal with them solves, and one naming the queen of diamonds or clubs is refused with the
/// right card named.
#[test]
fn the_queens_are_the_hearts_and_spades() {
    let deal = "9H 10H KS 10S 8S 8H 10C 9S 8D QH 10D 9D KH QS 9C 8C";
    let (ok, out, err) = tessera(&["solve", "--variant", "parade", "--deal", deal]);
    assert!(ok, "{out}{err}");
    assert!(out.contains(&format!("deal {deal}")), "{out}");
    assert!(
        out.contains("best score ") && out.contains(", proven"),
        "{out}"
    );
    let wrong = "9H 10H KS 10S 8S 8H 10C 9S 8D QD 10D 9D KH QC 9C 8C";
    let (ok, _, err) = tessera(&["solve", "--variant", "parade", "--deal", wrong]);
    assert!(
        !ok && err.contains("QD is not a card of this deck: the White queen is QH"),
        "{err}"
    );
    let mut e = Engine::start();
    e.send("setoption name UCI_Variant value parade");
    e.send(&format!(
        "setoption name Deal value {}",
        wrong.replace("QD", "QH")
    ));
    let r = e.sync();
    assert!(
        r.iter()
            .any(|l| l.contains("QC is not a card of this deck: the Black queen is QS")),
        "{r:?}"
    );
    e.send(&format!("position fen {deal}"));
    e.send("d");
    let d = e.sync();
    assert!(
        d.iter()
            .any(|l| l.starts_with("hand: 8 cards (top first: 8D QH")),
        "{d:?}"
    );
    e.quit(WAIT);
}

#[test]
fn render_draws_the_piles() {
    let dir = tessera_tests::scratch::scratch("solitaire");
    let file = dir.join("parade.svg");
    let (ok, _, err) = tessera(&[
        "render",
        "--variant",
        "parade",
        "--option",
        &format!("Deal={DEAL}"),
        "--arrow",
        "f3g2",
        "--out",
        file.to_str().unwrap(),
    ]);
    assert!(ok, "{err}");
    let svg = std::fs::read_to_string(&file).unwrap();
    assert!(svg.contains("hand: 8 cards"));
    assert!(svg.contains("next add: white knight on g4"));
}

/// `tessera match` with one engine over seeded Parade deals: the referee holds the deal and
/// sends the engine only its view (the hand as `?`) and what it observed; the engine's
/// answers are checked against the truth; the report gives the score per deal and the mean
/// with its interval.
#[cfg(unix)]
#[test]
fn the_referee_sends_a_solitaire_only_its_view() {
    use std::os::unix::fs::PermissionsExt;
    let dir = tessera_tests::scratch::scratch("parade-match");
    let log = dir.join("received.log");
    let script = dir.join("engine.sh");
    std::fs::write(
        &script,
        format!(
            "#!/bin/sh\ntee -a '{}' | exec '{}'\n",
            log.display(),
            tessera_bin().display()
        ),
    )
    .unwrap();
    std::fs::set_permissions(&script, std::fs::Permissions::from_mode(0o755)).unwrap();
    let (ok, out, err) = tessera(&[
        "match",
        "--variant",
        "parade",
        "--engine",
        &format!("cmd={}", script.display()),
        "name=fair",
        "nodes=100",
        "--games",
        "3",
        "--seed",
        "5",
    ]);
    assert!(ok, "{out}\n{err}");
    assert!(
        out.contains("Score of fair over 3 deals: mean")
            && out.contains("95% interval")
            && out.contains("faults 0"),
        "{out}"
    );
    assert_eq!(
        (out.clone() + &err).matches("Finished deal").count(),
        3,
        "{out}{err}"
    );
    let received = std::fs::read_to_string(&log).unwrap();
    let positions: Vec<&str> = received
        .lines()
        .filter(|l| l.starts_with("position "))
        .collect();
    assert!(positions.len() >= 3, "{received}");
    for p in positions {
        assert!(p.starts_with("position fen view "), "{p}");
        // position fen view <board> <deck> ...: the hand holds no card the player has not
        // seen, and each observation is a move or an add with the card it turned up.
        let w: Vec<&str> = p.split_whitespace().collect();
        let hand = w[4].split_once('|').unwrap().1;
        assert!(
            hand.split(',').all(|c| c == "?" || c.starts_with('!')),
            "{p}"
        );
        if let Some(i) = w.iter().position(|&x| x == "moves") {
            for o in &w[i + 1..] {
                assert!(o.starts_with("add=") || o.len() == 4, "{o} in {p}");
            }
        }
    }
}
