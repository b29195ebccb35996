//! Unit checks of the rules on hand-made positions. Perft against the independent reference
//! generator and the property tests live in `engine/tests/tches*.rs`.

use super::*;

fn game(strike: bool, fen: &str) -> Tches {
    let mut g = Tches::new(strike, Vec::new());
    g.set_fen(fen).unwrap();
    g
}

fn actions(g: &Tches) -> Vec<String> {
    let mut v = Vec::new();
    g.legal_actions(&mut v);
    let mut s: Vec<String> = v.into_iter().map(|a| g.format_action(a)).collect();
    s.sort();
    s
}

#[test]
fn start_position() {
    let g = Tches::new(false, Vec::new());
    assert_eq!(
        g.fen(),
        "gfdqklcm/pppppppp/8/8/8/8/PPPPPPPP/GFDQKLCM w - -- 1"
    );
    // Eight pawn steps; the Griffin and the Champion have two knight landings each.
    let a = actions(&g);
    assert_eq!(
        a,
        [
            "a2a3", "b1a3", "b1c3", "b2b3", "c2c3", "d2d3", "e2e3", "f2f3", "g1f3", "g1h3", "g2g3",
            "h2h3"
        ]
    );
}

#[test]
fn move_then_capture() {
    // Champion: knight landing, then one orthogonal step onto an enemy.
    let mut g = game(false, "4k3/8/8/8/3p4/8/8/2C1K3 w - -- 1");
    let a = actions(&g);
    assert!(a.contains(&"c1d3xd4".to_string()), "{a:?}");
    assert!(a.contains(&"c1d3".to_string()));
    assert!(!a.contains(&"c1d4".to_string()), "no direct capture");
    let m = g.parse_action("c1d3xd4").unwrap();
    g.play(m);
    assert_eq!(g.fen(), "4k3/8/8/8/3C4/8/8/4K3 b - C- 1");
    // A Griffin captures diagonally after landing, not orthogonally.
    let g = game(false, "4k3/8/8/8/3p4/8/8/2F1K3 w - -- 1");
    assert!(g.parse_action("c1d3xd4").is_err());
    assert!(g.parse_action("c1b3xc4").is_err());
    assert!(actions(&g).iter().all(|a| !a.ends_with("d4")));
}

#[test]
fn no_stalemate_a_side_without_actions_loses() {
    // Black king on a8, not attacked, every step attacked: no legal action, and it loses.
    let g = game(false, "k7/2K5/1P6/8/8/8/8/8 b - -- 1");
    assert!(!g.is_king_attacked(Player::Black));
    assert!(actions(&g).is_empty());
    assert_eq!(
        g.outcome(),
        Some(Outcome::Win {
            winner: Player::White,
            reason: "no legal action"
        })
    );
}

#[test]
fn strike_turn_has_three_actions_by_different_pieces() {
    let mut g = Tches::new(true, Vec::new());
    for a in ["a2a3", "b2b3"] {
        let m = g.parse_action(a).unwrap();
        g.play(m);
        assert_eq!(g.to_move(), Player::White);
        assert_eq!(g.key(), g.recompute_key());
    }
    assert!(
        g.parse_action("a3a4").is_err(),
        "a used piece cannot act again"
    );
    assert_eq!(
        g.fen(),
        "gfdqklcm/pppppppp/8/8/8/PP6/2PPPPPP/GFDQKLCM w a3,b3 P- 1"
    );
    g.play(g.parse_action("c2c3").unwrap());
    assert_eq!(g.to_move(), Player::Black);
    assert_eq!(g.actions_this_turn(), 0);
}

#[test]
fn strike_turn_ends_when_no_unused_piece_can_act() {
    // White has a king and one pawn: two actions, then the turn passes.
    let mut g = game(true, "4k3/8/8/8/8/8/P7/4K3 w - -- 1");
    g.play(g.parse_action("a2a3").unwrap());
    assert_eq!(g.to_move(), Player::White);
    g.play(g.parse_action("e1d1").unwrap());
    assert_eq!(g.to_move(), Player::Black);
}

#[test]
fn strike_king_may_be_exposed_mid_turn_only() {
    // The d1 Guardian shields the a1 king from the h1 rook. It may leave the rank if the Lion
    // can close it later in the same turn.
    let g = game(true, "7k/8/8/8/8/PP6/PP2L3/K2G3r w - -- 1");
    assert!(g.parse_action("d1d5").is_ok());
    let mut h = g.clone();
    h.play(h.parse_action("d1d5").unwrap());
    assert!(h.is_king_attacked(Player::White));
    assert!(h.parse_action("e2d1").is_ok());
    assert!(
        h.parse_action("a3a4").is_ok(),
        "the Lion can still close the rank"
    );
    assert!(
        h.parse_action("e2e3").is_err(),
        "nothing could close the rank after this"
    );
    // Without the Lion nothing can close the rank again.
    let g = game(true, "7k/8/8/8/8/PP6/PP6/K2G3r w - -- 1");
    assert!(g.parse_action("d1d5").is_err());
    assert!(g.parse_action("d1c1").is_ok());
    // Without Strike the same action is illegal even with the Lion.
    let g = game(false, "7k/8/8/8/8/PP6/PP2L3/K2G3r w - -- 1");
    assert!(g.parse_action("d1d5").is_err());
}

#[test]
fn capturing_the_king_wins() {
    let mut g = game(true, "4k3/8/8/8/8/8/8/K3R3 w - -- 1");
    let m = g.parse_action("e1e8").unwrap();
    g.play(m);
    assert_eq!(
        g.terminal(),
        Some(Outcome::Win {
            winner: Player::White,
            reason: "king capture"
        })
    );
    let mut v = Vec::new();
    g.legal_actions(&mut v);
    assert!(v.is_empty());
}

#[test]
fn jester_copies_and_key_includes_the_copy() {
    let mut g = game(false, "4k3/8/8/8/3J4/8/8/4K3 w - -n 1");
    assert_eq!(g.jester_copy(Player::White), Some(Kind::Knight));
    assert!(actions(&g).contains(&"d4e6".to_string()));
    let other = game(false, "4k3/8/8/8/3J4/8/8/4K3 w - -r 1");
    assert_ne!(g.key(), other.key());
    assert!(actions(&other).contains(&"d4d8".to_string()));
    let none = game(false, "4k3/8/8/8/3J4/8/8/4K3 w - -- 1");
    assert!(actions(&none).iter().all(|a| a.starts_with("e1")));
    // A Jester that moves records the copied type for the opponent's Jesters.
    g.play(g.parse_action("d4e6").unwrap());
    assert_eq!(g.jester_copy(Player::Black), Some(Kind::Knight));
}

#[test]
fn promotion_to_the_army() {
    let g = Tches::new(
        false,
        crate::games::tches::options::parse_reverse("queen").unwrap(),
    );
    let mut h = g.clone();
    h.set_fen("4k3/P7/8/8/8/8/8/4K3 w - -- 1").unwrap();
    let a: Vec<String> = actions(&h)
        .into_iter()
        .filter(|a| a.starts_with("a7"))
        .collect();
    assert_eq!(
        a,
        ["a7a8c", "a7a8d", "a7a8f", "a7a8g", "a7a8j", "a7a8l", "a7a8m"]
    );
}

#[test]
fn a_finished_game_round_trips_through_fen() {
    let mut g = game(true, "4k3/8/8/8/8/8/8/K3R3 w - -- 1");
    g.play(g.parse_action("e1e8").unwrap());
    let fen = g.fen();
    let h = game(true, &fen);
    assert_eq!(h.fen(), fen);
    assert_eq!(h.terminal(), g.terminal());
}

#[test]
fn illegal_actions_say_why() {
    let why = |g: &Tches, a: &str| match g.parse_action(a) {
        Ok(_) => panic!("{a} is legal"),
        Err(e) => e.to_string(),
    };
    let start = game(true, "gfdqklcm/pppppppp/8/8/8/8/PPPPPPPP/GFDQKLCM w - -- 1");
    for (action, reason) in [
        ("e3e4", "e3e4 is illegal: no piece on e3"),
        ("e7e6", "e7e6 is illegal: the pawn on e7 is black's"),
        ("e2e5", "e2e5 is illegal: the pawn on e2 cannot reach e5"),
        (
            "e2e3q",
            "e2e3q is illegal: only a pawn reaching the far rank promotes",
        ),
    ] {
        assert_eq!(why(&start, action), reason);
    }
    let mut g = start.clone();
    g.play(g.parse_action("e2e3").unwrap());
    assert!(why(&g, "e3e4").contains("has already acted this turn"));
    let g = game(true, "7k/8/8/8/8/PP6/PP6/K2G3r w - -- 1");
    assert!(why(&g, "d1d5").ends_with("the turn cannot be finished with the king safe"));
    let g = game(false, "7k/8/8/8/8/PP6/PP2L3/K2G3r w - -- 1");
    assert!(why(&g, "d1d5").ends_with("it leaves the king open to capture"));
    let g = game(false, "4k3/P7/8/8/8/8/8/4K3 w - -- 1");
    assert!(
        why(&g, "a7a8").contains("must promote"),
        "{}",
        why(&g, "a7a8")
    );
    assert!(why(&g, "a7a8k").contains("cannot promote to a king"));
}
