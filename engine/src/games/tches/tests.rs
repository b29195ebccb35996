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

/// A game under the options given as `name=value` pairs (Strike as given).
fn with(pairs: &[(&str, &str)], fen: &str) -> Tches {
    let mut opts = crate::core::options::VariantOptions::new();
    for (k, v) in pairs {
        opts.set(k, v);
    }
    let mut g = Tches::from_options(&opts).unwrap();
    g.set_fen(fen).unwrap();
    g
}

fn play(g: &mut Tches, text: &str) {
    let m = g
        .parse_action(text)
        .unwrap_or_else(|e| panic!("{text} in {}: {e}", g.fen()));
    g.play(m);
    assert_eq!(g.key(), g.recompute_key());
    let fen = g.fen();
    let mut h = g.clone();
    h.set_fen(&fen).unwrap();
    assert_eq!(h.fen(), fen);
    assert_eq!(h.key(), g.key());
}

fn won(g: &Tches) -> Option<(Player, &'static str)> {
    match g.terminal() {
        Some(Outcome::Win { winner, reason }) => Some((winner, reason)),
        _ => None,
    }
}

#[test]
fn contradicting_options_are_refused() {
    let build = |pairs: &[(&str, &str)]| {
        let mut opts = crate::core::options::VariantOptions::new();
        for (k, v) in pairs {
            opts.set(k, v);
        }
        Tches::from_options(&opts).map(|_| ())
    };
    assert!(build(&[("CaptureTheKing", "true"), ("CaptureTheFlag", "true")]).is_err());
    assert!(build(&[("EscortTheKing", "true"), ("CaptureTheFlag", "true")]).is_err());
    assert!(
        build(&[("Target", "assassin")]).is_err(),
        "no assassin in the army"
    );
    assert!(build(&[("Target", "assassin"), ("TchesReverse", "magister")]).is_ok());
    assert!(build(&[("Target", "pawn")]).is_err());
    assert!(build(&[("Target", "dragon")]).is_err());
    assert!(build(&[("EscortTheKing", "true"), ("CaptureTheKing", "true")]).is_ok());
    assert!(build(&[("Target", "queen"), ("CaptureTheFlag", "true")]).is_ok());
    assert!(build(&[("ReplacementTiming", "later")]).is_err());
}

#[test]
fn escort_the_king_wins_on_the_enemy_portal() {
    let p = [("EscortTheKing", "true"), ("Strike", "false")];
    let mut g = with(&p, "k7/8/8/8/8/8/3K4/8 b - -- 1");
    play(&mut g, "a8a7");
    play(&mut g, "d2d1");
    assert_eq!(won(&g), None, "White's own portal is not the goal");
    let mut g = with(&p, "k7/4K3/8/8/8/8/8/8 w - -- 1");
    play(&mut g, "e7e8");
    assert_eq!(
        won(&g),
        Some((Player::White, "king escorted to the portal"))
    );
    assert!(actions(&g).is_empty());
}

#[test]
fn escort_the_king_may_not_step_onto_an_attacked_portal() {
    for strike in ["false", "true"] {
        let p = [("EscortTheKing", "true"), ("Strike", strike)];
        // The a8 rook guards the whole eighth rank: no step onto it, portal or not.
        let g = with(&p, "r7/3K4/8/8/8/8/8/7k w - -- 1");
        let a = actions(&g);
        assert!(
            !a.iter().any(|x| x.ends_with('8')),
            "Strike {strike}: {a:?}"
        );
        assert!(a.contains(&"d7d6".to_string()), "Strike {strike}: {a:?}");
        let e = g.parse_action("d7d8").unwrap_err().to_string();
        assert!(e.contains("open to capture"), "Strike {strike}: {e}");
        // Capturing the enemy king on the portal wins, attacked or not.
        let mut g = with(&p, "r2k4/3K4/8/8/8/8/8/8 w - -- 1");
        play(&mut g, "d7d8");
        assert_eq!(won(&g), Some((Player::White, "king capture")));
    }
    // Under Strike the win comes when the king reaches the portal, so the king must be safe
    // then: a block later in the same turn comes too late, a block before it is in time.
    let p = [("EscortTheKing", "true"), ("Strike", "true")];
    let mut g = with(&p, "r7/3K4/8/8/8/7k/8/1R6 w - -- 1");
    assert!(g.parse_action("d7d8").is_err());
    play(&mut g, "b1b8");
    play(&mut g, "d7d8");
    assert_eq!(
        won(&g),
        Some((Player::White, "king escorted to the portal"))
    );
    // With another target the target piece must be safe when the king arrives.
    let q = [
        ("EscortTheKing", "true"),
        ("Target", "queen"),
        ("Strike", "false"),
    ];
    let g = with(&q, "8/3K3q/8/8/8/8/8/Q7 w - -- 1");
    assert!(actions(&g).contains(&"d7d8".to_string()));
    let g = with(&q, "8/Q2K3q/8/8/8/8/8/8 w - -- 1");
    let a = actions(&g);
    assert!(!a.contains(&"d7d8".to_string()), "{a:?}");
    assert!(a.contains(&"a7a6".to_string()), "{a:?}");
    let e = g.parse_action("d7d8").unwrap_err().to_string();
    assert!(e.contains("the queen"), "{e}");
}

#[test]
fn a_finished_game_has_no_turn_in_progress() {
    let p = [("EscortTheKing", "true"), ("Strike", "true")];
    let mut g = with(&p, "8/3K4/8/8/8/7k/8/1R6 w - -- 1");
    play(&mut g, "b1b2");
    assert_eq!(g.panel()[1], "Strike: action 2 of 3 for white");
    play(&mut g, "d7d8");
    assert_eq!(
        won(&g),
        Some((Player::White, "king escorted to the portal"))
    );
    assert_eq!(
        g.panel(),
        ["game over: white wins by king escorted to the portal"]
    );
    let shown = g.display();
    assert!(!shown.contains("Strike"), "{shown}");
    assert!(!shown.contains("to move"), "{shown}");
    assert!(shown.contains("white wins by king escorted"), "{shown}");
    assert_eq!(g.to_move(), Player::Black, "the winner's turn is over");
    assert_eq!(g.actions_this_turn(), 0);
    assert_eq!(g.fen(), "3K4/8/8/8/8/7k/1R6/8 b - K- 1");
    // A king capture in the middle of a turn ends it too.
    let mut g = game(true, "4k3/8/8/8/8/8/8/K3R3 w - -- 1");
    play(&mut g, "e1e8");
    assert_eq!(g.panel(), ["game over: white wins by king capture"]);
    assert_eq!(g.to_move(), Player::Black);
    // A side with no legal action has lost: no turn is shown either.
    let g = game(true, "k7/2K5/1P6/8/8/8/8/8 b - -- 1");
    assert_eq!(g.panel(), ["game over: white wins by no legal action"]);
}

#[test]
fn capture_the_king_carries_and_frees() {
    let p = [("CaptureTheKing", "true"), ("Strike", "false")];
    // The king does not attack: the White king next to the Black one is not attacked, and
    // no check stops it from stepping next to an enemy.
    let g = with(&p, "8/8/3k4/3K4/8/8/8/8 w - -- 1");
    assert!(!g.is_king_attacked(Player::White));
    assert!(actions(&g).iter().all(|a| a != "d5d6"));
    // A Guardian takes the king and carries it; a Champion carries one home.
    let mut g = with(&p, "8/8/8/8/8/2k5/8/3G3K w - -- 1");
    play(&mut g, "d1d2xc3");
    assert_eq!(g.carried_at(18), Some((Player::Black, Kind::King)));
    assert_eq!(won(&g), None);
    let mut g = with(&p, "8/8/8/8/8/8/2C(k)5/7K w - -- 1");
    play(&mut g, "c2e1");
    assert_eq!(won(&g), Some((Player::White, "king carried to the portal")));
    // Taking the carrier frees the king to a nearest free cell of the taker's choice.
    let g = with(&p, "4k3/8/8/8/2l(K)5/3G4/8/8 w - -- 1");
    let a = actions(&g);
    assert!(a.contains(&"d3b3xc4@b4".to_string()));
    assert!(!a
        .iter()
        .any(|x| x.starts_with("d3b3xc4") && !x.contains('@')));
    assert!(g.parse_action("d3b3xc4").is_err(), "the cell must be named");
    assert!(g.parse_action("d3b3xc4@a4").is_err(), "not a nearest cell");
    let mut h = g.clone();
    play(&mut h, "d3b3xc4@d5");
    assert_eq!(h.piece_at(35), Some((Player::White, Kind::King)));
    assert_eq!(h.carried_at(26), None);
}

#[test]
fn capture_the_flag_king_never_moves() {
    let p = [("CaptureTheFlag", "true"), ("Strike", "true")];
    let g = with(&p, "4k3/8/8/8/8/8/8/4K3 w - -- 1");
    assert!(actions(&g).is_empty(), "a lone flag cannot act");
    assert_eq!(
        g.outcome(),
        Some(Outcome::Win {
            winner: Player::Black,
            reason: "no legal action"
        })
    );
}

#[test]
fn replacement_now_and_at_the_turn() {
    let now = [
        ("Replacement", "true"),
        ("TchesReverse", "queen"),
        ("Strike", "true"),
    ];
    let mut g = with(&now, "4k3/pp1j4/8/3Q4/8/8/2PP4/4K3 w - -- 1");
    play(&mut g, "d5d7");
    // Black chooses at once, in the middle of White's turn.
    assert_eq!(g.to_move(), Player::Black);
    assert_eq!(actions(&g), ["a7=j", "b7=j"]);
    play(&mut g, "b7=j");
    assert_eq!(g.to_move(), Player::White);
    assert_eq!(g.actions_this_turn(), 1);
    assert_eq!(g.piece_at(49), Some((Player::Black, Kind::Jester)));
    let turn = [
        ("Replacement", "true"),
        ("ReplacementTiming", "turn"),
        ("TchesReverse", "queen"),
        ("Strike", "true"),
    ];
    let mut g = with(&turn, "4k3/pp1j4/8/3Q4/8/8/2PP4/4K3 w - -- 1");
    play(&mut g, "d5d7");
    assert_eq!(g.to_move(), Player::White);
    play(&mut g, "c2c3");
    play(&mut g, "d2d3");
    assert_eq!(g.to_move(), Player::Black);
    assert_eq!(actions(&g), ["a7=j", "b7=j"]);
    // A lost queen turns the only magister into a queen, with no choice to make.
    let p = [("Replacement", "true"), ("Strike", "false")];
    let mut g = with(&p, "3qk2m/8/8/8/8/8/8/3QK3 w - -- 1");
    play(&mut g, "d1d8");
    assert_eq!(g.piece_at(63), Some((Player::Black, Kind::Queen)));
    // The target type is never replaced nor turned into another.
    let t = [
        ("Replacement", "true"),
        ("Target", "magister"),
        ("Strike", "false"),
    ];
    let mut g = with(&t, "3qk1mm/8/8/8/8/8/PP6/M2QK3 w - -- 1");
    play(&mut g, "d1d8");
    assert_eq!(g.piece_at(62), Some((Player::Black, Kind::Magister)));
}

#[test]
fn replacement_only_when_no_piece_of_the_lost_type_is_left() {
    for timing in ["now", "turn"] {
        let p = [("Replacement", "true"), ("ReplacementTiming", timing)];
        // A second queen is left: the magister stays a magister.
        let mut g = with(&p, "3rk3/8/8/8/3Q4/8/8/Q3K2M b - -- 1");
        play(&mut g, "d8d4");
        play(&mut g, "e8e7");
        assert_eq!(g.to_move(), Player::White);
        assert_eq!(
            g.piece_at(7),
            Some((Player::White, Kind::Magister)),
            "{timing}"
        );
        assert_eq!(g.piece_at(0), Some((Player::White, Kind::Queen)));
        // The last queen lost: now the magister becomes one.
        let p = [
            ("Replacement", "true"),
            ("ReplacementTiming", timing),
            ("Strike", "false"),
        ];
        let mut g = with(&p, "3rk3/8/8/8/3Q4/8/8/3QK2M b - -- 1");
        play(&mut g, "d8d4");
        assert_eq!(
            g.piece_at(7),
            Some((Player::White, Kind::Magister)),
            "{timing}"
        );
        play(&mut g, "e1f2");
        play(&mut g, "d4d1");
        assert_eq!(
            g.piece_at(7),
            Some((Player::White, Kind::Queen)),
            "{timing}"
        );
        // A second Jester is left: no pawn becomes a Jester, and there is nothing to choose.
        let j = [
            ("Replacement", "true"),
            ("ReplacementTiming", timing),
            ("TchesReverse", "queen"),
            ("Strike", "false"),
        ];
        let mut g = with(&j, "4k2j/pp1j4/8/3Q4/8/8/2PP4/4K3 w - -- 1");
        play(&mut g, "d5d7");
        assert_eq!(g.to_move(), Player::Black);
        let a = actions(&g);
        assert!(!a.iter().any(|x| x.contains('=')), "{timing}: {a:?}");
        assert_eq!(g.piece_at(48), Some((Player::Black, Kind::Pawn)));
        assert_eq!(g.piece_at(49), Some((Player::Black, Kind::Pawn)));
    }
    // A position cannot owe a replacement while a piece of the lost type is left.
    let p = [("Replacement", "true"), ("Strike", "false")];
    let mut g = with(&p, "4k3/8/8/8/8/8/8/4K3 w - -- 1");
    let e = g
        .set_fen("4k3/pp1j4/8/8/8/8/8/4K3 b - -- 1 j")
        .unwrap_err()
        .to_string();
    assert!(e.contains("jester"), "{e}");
    assert!(g.set_fen("4k3/pp6/8/8/8/8/8/4K3 b - -- 1 j").is_ok());
}

#[test]
fn an_unsafe_target_is_named_in_the_error() {
    for (strike, why) in [
        ("false", "it leaves the queen open to capture"),
        (
            "true",
            "after it the turn cannot be finished with the queen safe",
        ),
    ] {
        let p = [("Target", "queen"), ("Strike", strike)];
        let g = with(&p, "k2r4/7q/8/8/8/8/8/Q7 w - -- 1");
        let e = g.parse_action("a1d1").unwrap_err().to_string();
        assert!(e.ends_with(why), "Strike {strike}: {e}");
    }
    let p = [
        ("Target", "mounted-bishop"),
        ("TchesReverse", "griffin"),
        ("Strike", "false"),
    ];
    let g = with(&p, "k2r4/7o/8/8/8/8/8/2K2O2 w - -- 1");
    let e = g.parse_action("f1d2").unwrap_err().to_string();
    assert!(
        e.ends_with("it leaves the mounted-bishop open to capture"),
        "{e}"
    );
}

#[test]
fn another_target_is_royal() {
    let p = [
        ("Target", "assassin"),
        ("TchesReverse", "magister"),
        ("Strike", "false"),
    ];
    // The king is an ordinary piece now; the assassin may not be left attacked.
    let mut g = with(&p, "a3k3/8/8/8/8/8/8/R3K2A w - -- 1");
    assert!(g.is_king_attacked(Player::Black));
    play(&mut g, "a1a8");
    assert_eq!(won(&g), Some((Player::White, "target capture")));
    // The king may be taken like any piece.
    let mut g = with(&p, "R3k2a/8/8/8/8/8/8/4K2A w - -- 1");
    play(&mut g, "a8e8");
    assert_eq!(won(&g), None);
    // Promotion never makes a target.
    let g = with(&p, "7a/P7/8/8/8/8/8/4K2A w - -- 1");
    assert!(actions(&g).iter().all(|a| !a.ends_with('a')));
}

#[test]
fn transportation_loads_carries_leaves_and_drops() {
    let p = [("Transportation", "true"), ("Strike", "false")];
    let mut g = with(&p, "4k3/8/8/8/8/2P5/8/1N2K3 w - -- 1");
    play(&mut g, "b1c3");
    assert_eq!(g.piece_at(18), Some((Player::White, Kind::Knight)));
    assert_eq!(g.carried_at(18), Some((Player::White, Kind::Pawn)));
    play(&mut g, "e8d8");
    play(&mut g, "c3e4");
    assert_eq!(g.carried_at(28), Some((Player::White, Kind::Pawn)));
    play(&mut g, "d8e8");
    play(&mut g, "e4*c5");
    assert_eq!(g.piece_at(28), Some((Player::White, Kind::Pawn)));
    assert_eq!(g.carried_at(34), None);
    // A Griffin drops its pawn on its landing and captures alone.
    let mut g = with(&p, "4k3/8/3p4/8/2F(P)5/8/8/4K3 w - -- 1");
    play(&mut g, "c4e5*xd6");
    assert_eq!(g.piece_at(36), Some((Player::White, Kind::Pawn)));
    assert_eq!(g.piece_at(43), Some((Player::White, Kind::Griffin)));
    // Taking a carrier takes its passenger too.
    let mut g = with(&p, "4k3/8/8/3l4/2N(G)5/8/8/4K3 b - -- 1");
    play(&mut g, "d5d4xc4");
    assert_eq!(g.carried_at(26), None);
    assert_eq!(g.piece_at(26), Some((Player::Black, Kind::Lion)));
    // Kings and knight-based pieces are never loaded.
    let g = with(&p, "4k3/8/8/8/8/2C5/8/1N2K3 w - -- 1");
    assert!(!actions(&g).contains(&"b1c3".to_string()));
    // Under Strike, a piece that acted may be loaded: that ends the turn (three pieces acted).
    let s = [("Transportation", "true"), ("Strike", "true")];
    let mut g = with(&s, "4k3/8/8/8/3C4/8/4L3/4K3 w e2 -- 1");
    play(&mut g, "d4e2");
    assert_eq!(g.actions_this_turn(), 2);
    play(&mut g, "e1f1");
    assert_eq!(g.to_move(), Player::Black);
}

/// A carrier that loads with its first leap and captures with the second takes its passenger
/// off the loading cell: here the pawn on e7 that shields the king from the queen on e3. (The
/// generator once skipped the check, reasoning only about the cell the carrier left.)
#[test]
fn loading_with_the_first_leap_can_expose_the_king() {
    let p = [
        ("Transportation", "true"),
        ("TchesReverse", "griffin,knight"),
        ("Strike", "false"),
    ];
    let g = with(
        &p,
        "o1dqklcm/gp1ppD2/p1p3pp/8/8/2P1Q2P/PP2PPP1/GO(P)2KLCM b - Dp 9",
    );
    let listed = actions(&g);
    assert!(!listed.contains(&"g8e7xf7".to_string()));
    let why = g.parse_action("g8e7xf7").unwrap_err().to_string();
    assert!(why.ends_with("it leaves the king open to capture"), "{why}");
    // The same capture by way of the empty f6, the plain loading, and the pawn's own step are
    // legal.
    for text in ["g8f6xf7", "g8e7", "e7e6"] {
        assert!(listed.contains(&text.to_string()), "{text}");
    }
    let mut v = Vec::new();
    g.legal_actions(&mut v);
    assert!(v.iter().all(|&a| g.is_legal(a)));
}

#[test]
fn polarity_faces_and_turns() {
    let p = [("Polarity", "true"), ("Strike", "false")];
    // A rook facing north moves north and sideways, never south.
    let g = with(&p, "4k3/8/8/8/3R4/8/8/4K3 w - -- 1");
    let a = actions(&g);
    assert!(a.contains(&"d4d8".to_string()) && a.contains(&"d4a4".to_string()));
    assert!(!a.contains(&"d4d1".to_string()));
    // A bishop moving diagonally chooses a facing among the directions it went.
    let mut g = with(&p, "4k3/8/8/8/3B4/8/8/4K3 w - -- 1");
    assert!(g.parse_action("d4f6").is_err(), "the facing must be named");
    play(&mut g, "d4f6:e");
    assert_eq!(g.facing_at(45), Some('e'));
    assert!(g.fen().contains("B:e"));
    // Sideways moves turn a piece; pawns never turn.
    let mut g = with(&p, "4k3/8/8/8/3R4/8/P7/4K3 w - -- 1");
    play(&mut g, "d4h4");
    assert_eq!(g.facing_at(31), Some('e'));
    let keep = [
        ("Polarity", "true"),
        ("PolarityFacing", "keep"),
        ("Strike", "false"),
    ];
    let mut g = with(&keep, "4k3/8/8/8/3B4/8/8/4K3 w - -- 1");
    play(&mut g, "d4f6");
    assert_eq!(g.facing_at(45), Some('n'));
    let turn = [
        ("Polarity", "true"),
        ("PolarityRotate", "true"),
        ("Strike", "false"),
    ];
    let mut g = with(&turn, "4k3/8/8/8/3B4/8/8/4K3 w - -- 1");
    play(&mut g, "d4:s");
    assert_eq!(g.facing_at(27), Some('s'));
    assert_eq!(g.to_move(), Player::Black);
}

#[test]
fn weights_are_a_param_table() {
    use crate::core::game::Evaluate;
    use crate::core::param_table::{self, testing};
    let plain = Tches::new(false, Vec::new());
    let names = param_table::names(plain.eval_weights().unwrap());
    assert_eq!(names[0], "material.pawn");
    assert!(names.contains(&"material.mounted-bishop".to_string()));
    assert!(names.contains(&"escort.7".to_string()));
    // The default material is the measured values.
    assert_eq!(plain.weights().material.0, values::piece_values().value);
    for (rules, seed) in [
        (&[("Strike", "false")][..], 21),
        (&[("Strike", "true"), ("EscortTheKing", "true")][..], 22),
        (&[("Strike", "false"), ("CaptureTheKing", "true")][..], 23),
    ] {
        let mut opts = crate::core::options::VariantOptions::new();
        for (k, v) in rules {
            opts.set(k, v);
        }
        let start = Tches::from_options(&opts).unwrap();
        let positions = testing::random_positions(&start, seed, 12);
        testing::check_table("tches", &positions, 3.0);
    }
}
