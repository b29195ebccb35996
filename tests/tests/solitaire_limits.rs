//! The solitaires' solvers keep every `go` limit: `nodes` and `depth` bound the positions
//! expanded (a `go nodes 10` does not run the solver's whole time cap), and `searchmoves`
//! restricts the answer, for the clairvoyant solver (a known deal) and the fair player (a
//! view).

use std::time::Duration;

use tessera_tests::binary::Engine;

const WAIT: Duration = Duration::from_secs(60);
const DEAL: &str = "9H 10H KS 10S 8S 8H 10C 9S 8D QH KH 9D 10D 8C QS 9C";
const VIEW: &str =
    "view 8/8/8/8/1r2b3/1r1n1N2/5k2/2B3R1 9H,10H,KS,10S,8S,8H,10C,9S|?,?,?,?,?,?,?,? 0 -";

/// `(nodes of the last info line, the bestmove)` of one `go`.
fn go(e: &mut Engine, command: &str) -> (u64, String) {
    e.send(command);
    let out = e.until("bestmove", WAIT);
    let best = out.last().unwrap()["bestmove ".len()..].to_string();
    let nodes = out
        .iter()
        .filter_map(|l| {
            let w: Vec<&str> = l.split_whitespace().collect();
            let i = w.iter().position(|&x| x == "nodes")?;
            w.get(i + 1)?.parse().ok()
        })
        .next_back()
        .unwrap_or_else(|| panic!("no info with nodes: {out:?}"));
    (nodes, best)
}

fn legal(e: &mut Engine) -> Vec<String> {
    e.send("legal");
    let lines = e.sync();
    let line = lines.iter().find(|l| l.starts_with("legal")).unwrap();
    line.split_whitespace()
        .skip(1)
        .map(str::to_string)
        .collect()
}

fn start(variant: &str, deal: (&str, &str)) -> Engine {
    let mut e = Engine::start();
    e.send(&format!("setoption name UCI_Variant value {variant}"));
    e.send(&format!("setoption name {} value {}", deal.0, deal.1));
    e.send("position startpos");
    e
}

/// Plays the first legal action until at least three are offered; returns them.
fn to_a_choice(e: &mut Engine) -> Vec<String> {
    let mut line = Vec::new();
    loop {
        let moves = legal(e);
        if moves.len() >= 3 {
            return moves;
        }
        line.push(moves[0].clone());
        e.send(&format!("position startpos moves {}", line.join(" ")));
    }
}

#[test]
fn nodes_and_depth_bound_the_clairvoyant_solver() {
    for (variant, deal) in [("neighbour", ("DealSeed", "2")), ("parade", ("Deal", DEAL))] {
        let mut e = start(variant, deal);
        let moves = legal(&mut e);
        let (nodes, best) = go(&mut e, "go nodes 10");
        assert!(nodes <= 10, "{variant}: go nodes 10 expanded {nodes}");
        assert!(moves.contains(&best), "{variant}: {best} not in {moves:?}");
        // Depth 1 stands for 200 expansions, depth 3 for 800.
        let (nodes, best) = go(&mut e, "go depth 1");
        assert!(nodes <= 200, "{variant}: go depth 1 expanded {nodes}");
        assert!(moves.contains(&best));
        let (nodes, _) = go(&mut e, "go depth 3 nodes 50");
        assert!(nodes <= 50, "{variant}: the smaller limit holds, {nodes}");
        e.quit(WAIT);
    }
}

#[test]
fn searchmoves_restricts_the_clairvoyant_solver() {
    for (variant, deal) in [("neighbour", ("DealSeed", "2")), ("parade", ("Deal", DEAL))] {
        let mut e = start(variant, deal);
        let moves = to_a_choice(&mut e);
        let (_, free) = go(&mut e, "go nodes 2000");
        let others: Vec<&String> = moves.iter().filter(|m| **m != free).collect();
        assert!(others.len() >= 2, "{variant}: {moves:?}");
        let (_, one) = go(&mut e, &format!("go nodes 2000 searchmoves {}", others[0]));
        assert_eq!(&one, others[0], "{variant}");
        let two = format!("{} {}", others[0], others[others.len() - 1]);
        let (_, best) = go(&mut e, &format!("go nodes 2000 searchmoves {two}"));
        assert!(
            two.split(' ').any(|m| m == best),
            "{variant}: {best} not in {two}"
        );
        e.quit(WAIT);
    }
}

#[test]
fn the_fair_player_keeps_searchmoves_and_nodes() {
    let mut e = Engine::start();
    e.send("setoption name UCI_Variant value parade");
    e.send(&format!("position fen {VIEW}"));
    let moves = legal(&mut e);
    let (_, free) = go(&mut e, "go nodes 500");
    let other = moves.iter().find(|m| **m != free).unwrap();
    let (nodes, best) = go(&mut e, &format!("go nodes 500 searchmoves {other}"));
    assert_eq!(&best, other);
    assert!(nodes <= 500, "{nodes}");
    let (nodes, _) = go(&mut e, "go depth 2");
    assert!(nodes <= 400, "go depth 2 expanded {nodes}");
    e.quit(WAIT);
}
