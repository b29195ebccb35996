//! Unit checks of the rules on hand-made positions. Perft against the independent reference
//! generator and the property tests live in `tests/tches*.rs`.

use super::*;
use crate::perft::perft;

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
fn start_position_counts() {
    let g = Tches::new(false, Vec::new());
    assert_eq!(
        g.fen(),
        "gfdqklcm/pppppppp/8/8/8/8/PPPPPPPP/GFDQKLCM w - -- 1"
    );
    // 8 pawn steps; griffin and champion 2 knight landings each (no captures in reach).
    let a = actions(&g);
    assert_eq!(a.len(), 12, "{a:?}");
}

#[test]
fn two_part_capture_notation() {
    let mut g = game(false, "4k3/8/8/8/3p4/8/8/2F1K3 w - -- 1");
    let a = actions(&g);
    assert!(a.contains(&"c1d3".to_string()));
    assert!(a.contains(&"c1b3".to_string()));
    assert!(a.contains(&"c1e2xd3".to_string()) == false);
    let m = g.parse_action("c1b3").unwrap();
    assert_eq!(g.format_action(m), "c1b3");
    // Griffin lands on e2 then captures d3? d3 is empty: no. It captures d4 from e3? not a landing.
    assert!(
        g.parse_action("c1d3xd4").is_err(),
        "orthogonal capture is the champion's"
    );
    let mut g2 = game(false, "4k3/8/8/8/4p3/8/8/2C1K3 w - -- 1");
    let m = g2.parse_action("c1d3xd4").err();
    assert!(m.is_some());
    let m = g2.parse_action("c1e2").unwrap();
    g2.play(m);
    g.play(g.parse_action("c1b3").unwrap());
}

#[test]
fn strike_turn_has_three_actions() {
    let mut g = Tches::new(true, Vec::new());
    let before = g.to_move();
    for a in ["a2a3", "b2b3", "c2c3"] {
        assert_eq!(g.to_move(), before);
        let m = g.parse_action(a).unwrap();
        g.play(m);
        assert_eq!(g.key(), g.recompute_key());
    }
    assert_eq!(g.to_move(), before.opponent());
    assert!(g.parse_action("a7a6").is_ok());
}

#[test]
fn strike_start_perft_small() {
    let mut g = Tches::new(true, Vec::new());
    assert_eq!(perft(&mut g, 1), 12);
}
