//! Unit checks of the rules on hand-made positions. Perft against the independent reference
//! generator, the brute-force check test and the property tests live in
//! `engine/tests/adrenaline*.rs`.

use super::*;
use crate::core::game::Evaluate;
use crate::tools::perft::{perft, perft_turns};

fn game(fen: &str) -> Adrenaline {
    Adrenaline::from_fen(fen).unwrap_or_else(|e| panic!("{fen}: {e}"))
}

fn actions(g: &Adrenaline) -> Vec<String> {
    let mut v = Vec::new();
    g.legal_actions(&mut v);
    let mut s: Vec<String> = v.into_iter().map(|a| g.format_action(a)).collect();
    s.sort();
    s
}

/// Plays comma-joined turns separated by spaces; each must be a whole turn.
fn play(g: &mut Adrenaline, turns: &str) {
    for t in turns.split_whitespace() {
        let side = g.to_move();
        actions_of(g, t);
        assert_ne!(g.to_move(), side, "{t} is a whole turn");
    }
}

/// Plays comma-joined actions, whole turn or not.
fn actions_of(g: &mut Adrenaline, text: &str) {
    for a in text.split(',') {
        let act = g
            .parse_action(a)
            .unwrap_or_else(|e| panic!("{a} of {text} in {}: {e}", g.fen()));
        g.play(act);
        assert_eq!(g.key(), g.recompute_key(), "{a} of {text}");
    }
}

#[test]
fn start_position_turns() {
    let mut g = Adrenaline::new();
    assert_eq!(g.fen(), START_FEN);
    assert_eq!(perft_turns(&mut g, 1), 20);
    assert_eq!(perft_turns(&mut g, 2), 400);
    // Chess has 34 captures three plies deep; each becomes 15 turns, one per placement under
    // a remaining Black piece.
    assert_eq!(perft_turns(&mut g, 3), 8902 - 34 + 34 * 15);
    assert_eq!(perft(&mut g, 2), 400);
}

#[test]
fn a_capture_owes_a_checker_and_the_turn_ends_with_it() {
    let mut g = Adrenaline::new();
    play(&mut g, "e2e4 d7d5");
    let e = g.parse_action("e4d5").unwrap();
    g.play(e);
    assert_eq!(g.to_move(), Player::White);
    assert_eq!(g.phase(), Phase::Place);
    assert!(g.captured_this_turn());
    assert!(g.fen().ends_with(" x"), "{}", g.fen());
    assert!(actions(&g).iter().all(|a| a.starts_with('+')));
    assert_eq!(actions(&g).len(), 15);
    assert!(g.parse_action("end").is_err());
    assert!(g.parse_action("+d1").is_err(), "only under an enemy piece");
    let p = g.parse_action("+d8").unwrap();
    g.play(p);
    assert_eq!(g.to_move(), Player::Black);
    assert_eq!(g.stack(59), 1);
    assert_eq!(g.supply(), 23);
    assert!(g.fen().ends_with(" d8:1"), "{}", g.fen());
}

/// A White knight on two checkers, far enough from the Black king.
const KNIGHT_2: &str = "4k3/8/8/8/8/8/3N4/4K3 w - - 0 1 d2:2";

#[test]
fn a_piece_on_checkers_steps_or_ends_its_turn() {
    let mut g = game(KNIGHT_2);
    actions_of(&mut g, "d2f3");
    assert_eq!(g.phase(), Phase::Steps(21));
    assert_eq!(g.to_move(), Player::White);
    let a = actions(&g);
    assert!(a.contains(&"end".to_string()));
    assert!(a.contains(&"f3g4".to_string()));
    assert_eq!(g.fen(), "4k3/8/8/8/8/5N2/8/4K3 w - - 1 1 f3:2 f3");
    actions_of(&mut g, "end");
    assert_eq!(g.to_move(), Player::Black);
    // Each step spends a checker, which goes back to the supply.
    let mut g = game(KNIGHT_2);
    play(&mut g, "d2f3,f3g4,g4h5");
    assert_eq!(g.stack(39), 0);
    assert_eq!(g.supply(), 24);
    assert_eq!(g.to_move(), Player::Black);
}

#[test]
fn a_step_capture_takes_over_the_checkers_and_owes_one() {
    let mut g = game("4k3/8/8/1n1p4/8/8/8/R6K w - - 0 1 a1:1,b5:2");
    actions_of(&mut g, "a1a4,a4b5");
    // One checker spent, two taken over.
    assert_eq!(g.stack(33), 2);
    assert_eq!(g.phase(), Phase::Steps(33));
    assert!(g.captured_this_turn());
    let a = actions(&g);
    assert!(!a.contains(&"end".to_string()), "a checker is owed: {a:?}");
    assert!(a.contains(&"+e8".to_string()));
    play(&mut g, "b5c6,c6d5,+e8");
    assert_eq!(g.stack(60), 1);
    assert_eq!(g.to_move(), Player::Black);
}

#[test]
fn a_checker_under_the_enemy_king_gives_it_steps() {
    // Kxd2 is illegal: its only placement, under the Black king on e4, lets that king reach d2.
    let g = game("8/8/8/8/4k3/8/3p4/4K3 w - - 0 1 -");
    let a = actions(&g);
    assert!(!a.iter().any(|a| a.starts_with("e1d2")), "{a:?}");
    assert!(a.contains(&"e1f2".to_string()));
    // Farther away the king may take, and the checker goes under the Black king.
    let mut g = game("8/8/8/4k3/8/8/3p4/4K3 w - - 0 1 -");
    play(&mut g, "e1d2,+e5");
    assert_eq!(g.stack(36), 1);
}

#[test]
fn promotion_then_steps_as_the_new_piece() {
    let mut g = game("k7/6P1/8/8/8/8/8/4K3 w - - 0 1 g7:2");
    let a = actions(&g);
    for p in ["q", "r", "b", "n"] {
        assert!(a.contains(&format!("g7g8{p}")), "{a:?}");
    }
    play(&mut g, "g7g8n,g8f8,end");
    assert_eq!(g.piece_at(61), Some((Player::White, PieceKind::Knight)));
    assert_eq!(g.stack(61), 1);
    // A pawn promotes by a step too.
    let mut g = game("k7/8/6P1/8/8/8/8/4K3 w - - 0 1 g6:2");
    actions_of(&mut g, "g6g7");
    let a = actions(&g);
    assert!(a.contains(&"g7h8q".to_string()) && a.contains(&"g7g8n".to_string()));
    play(&mut g, "g7h8r,end");
    assert_eq!(g.piece_at(63), Some((Player::White, PieceKind::Rook)));
}

#[test]
fn castling_rules() {
    // The knight on h4 reaches f1 and g1 with its step: no short castling; long is fine.
    let g = game("4k3/8/8/8/7n/8/8/R3K2R w KQ - 0 1 h4:1");
    let a = actions(&g);
    assert!(!a.contains(&"e1g1".to_string()), "{a:?}");
    assert!(a.contains(&"e1c1".to_string()), "{a:?}");
    // Checkers under the rook or the king bar castling on that side, rights kept.
    let g = game("4k3/8/8/8/8/8/8/R3K2R w KQ - 0 1 h1:1");
    let a = actions(&g);
    assert!(!a.contains(&"e1g1".to_string()) && a.contains(&"e1c1".to_string()));
    assert!(g.fen().contains(" KQ "));
    let g = game("4k3/8/8/8/8/8/8/R3K2R w KQ - 0 1 e1:1");
    assert!(!actions(&g).iter().any(|a| a == "e1g1" || a == "e1c1"));
    // A step onto a rook's square ends that right.
    let mut g = game("r3k3/8/8/8/8/8/8/R3K2R w KQq - 0 1 a1:2");
    play(&mut g, "a1a7,a7a8,+e8");
    assert!(g.fen().contains(" K "), "{}", g.fen());
}

#[test]
fn en_passant_only_after_a_plain_double_step() {
    let mut g = game("4k3/3p4/8/4P3/8/8/8/4K3 b - - 0 1 d7:1");
    play(&mut g, "d7d5,end");
    assert!(actions(&g).contains(&"e5d6".to_string()));
    // The capture takes over the pawn's checker.
    actions_of(&mut g, "e5d6");
    assert_eq!(g.phase(), Phase::Steps(43));
    let mut g = game("4k3/3p4/8/4P3/8/8/8/4K3 b - - 0 1 d7:1");
    play(&mut g, "d7d5,d5d4");
    assert!(!actions(&g).contains(&"e5d6".to_string()));
    assert!(g.fen().contains(" - "), "{}", g.fen());
}

#[test]
fn a_revealed_check_is_illegal_even_if_a_step_would_block_it() {
    let g = game("k3r3/8/8/8/4N3/8/8/4K3 w - - 0 1 e4:2");
    assert!(actions(&g).iter().all(|a| !a.starts_with("e4")));
}

#[test]
fn draws() {
    // Bare kings with no checkers.
    let g = game("4k3/8/8/8/8/8/8/4K3 w - - 0 1 -");
    assert_eq!(
        g.outcome(),
        Some(Outcome::Draw {
            reason: "insufficient material"
        })
    );
    // A checker under a king keeps the game going.
    let g = game("4k3/8/8/8/8/8/8/4K3 w - - 0 1 e1:1");
    assert_eq!(g.outcome(), None);
    // Fifty moves.
    let g = game("4k3/8/8/8/8/8/8/R3K3 w - - 100 80 -");
    assert_eq!(
        g.outcome(),
        Some(Outcome::Draw {
            reason: "fifty-move rule"
        })
    );
    // Threefold repetition of the position at the start of a turn.
    let mut g = game("4k3/8/8/8/8/8/8/RN2K3 w - - 0 1 -");
    for _ in 0..2 {
        assert_eq!(g.terminal(), None);
        play(&mut g, "b1c3 e8d8 c3b1 d8e8");
    }
    assert_eq!(
        g.terminal(),
        Some(Outcome::Draw {
            reason: "threefold repetition"
        })
    );
    assert!(g.repeated());
}

#[test]
fn stalemate_and_checkmate() {
    // The Black king on a8 may not move; a checker under the queen makes it mate.
    let g = game("k7/8/1Q6/8/8/8/8/4K3 b - - 0 1 -");
    assert!(!g.in_adrenaline_check());
    assert_eq!(
        g.outcome(),
        Some(Outcome::Draw {
            reason: "stalemate"
        })
    );
    let g = game("k7/8/1Q6/8/8/8/8/4K3 b - - 0 1 b6:1");
    assert!(g.in_adrenaline_check());
    assert_eq!(
        g.outcome(),
        Some(Outcome::Win {
            winner: Player::White,
            reason: "checkmate"
        })
    );
}

#[test]
fn notation_round_trips_and_errors_explain() {
    let g = game(KNIGHT_2);
    for a in actions(&g) {
        let act = g.parse_action(&a).unwrap();
        assert_eq!(g.format_action(act), a);
    }
    for (bad, why) in [
        ("end", "regular move"),
        ("+e8", "regular move"),
        ("d2d4", "not a legal move"),
        ("e2e4x", "expected a move"),
        ("", "expected a move"),
        ("+", "expected a move"),
    ] {
        let e = g.parse_action(bad).unwrap_err();
        assert!(e.0.contains(why), "{bad}: {e}");
    }
    let mut g = g;
    actions_of(&mut g, "d2f3");
    let e = g.parse_action("+e8").unwrap_err();
    assert!(e.0.contains("'end'"), "{e}");
}

#[test]
fn pictures_show_stacks_and_the_supply() {
    let g = game("6k1/pp3pp1/2b5/7p/2q5/8/PP1P1KPP/2B3NR w - - 0 1 c1:3,h5:1");
    assert_eq!(
        g.cell_marks(),
        vec![
            (
                2,
                CellMark::Stack {
                    count: 3,
                    colour: None
                }
            ),
            (
                39,
                CellMark::Stack {
                    count: 1,
                    colour: None
                }
            )
        ]
    );
    assert_eq!(g.panel()[1], "supply: 20 of 24 checkers");
    let d = g.display();
    assert!(d.contains("| B3|") && d.contains("| p1|"), "{d}");
    assert!(d.contains("Supply: 20 checkers"));
}

#[test]
fn null_moves_only_at_a_turn_start_out_of_check() {
    let mut g = game(KNIGHT_2);
    let key = g.key();
    let u = g.play_null().expect("a pass is possible");
    assert_eq!(g.to_move(), Player::Black);
    assert_eq!(g.key(), g.recompute_key());
    g.undo(u);
    assert_eq!(g.key(), key);
    actions_of(&mut g, "d2f3");
    assert!(g.play_null().is_none());
    let mut g = game("k7/8/1Q6/8/8/8/8/4K3 b - - 0 1 b6:1");
    assert!(g.play_null().is_none());
}

/// With only its king and pawns a side may be in zugzwang, where a pass proves nothing: as
/// in chess, no null move for it (the other side, with a knight, may still pass). In Fine's
/// position 70 the search played 1. Kb2 at every depth from 15 to 24 while it could pass,
/// and plays 1. Kb1 (the only win in chess) from depth 15 on without the pass.
#[test]
fn no_null_move_for_a_side_with_only_king_and_pawns() {
    let mut g = game("8/k7/3p4/p2P1p2/P2P1P2/8/8/K7 w - - 0 1 -");
    assert!(g.play_null().is_none());
    let mut g = game("8/k7/3p4/p2P1p2/P2P1P2/8/8/K6N b - - 0 1 -");
    assert!(g.play_null().is_none());
    let mut g = game("8/k7/3p4/p2P1p2/P2P1P2/8/8/K6N w - - 0 1 -");
    assert!(g.play_null().is_some());
}

#[test]
fn the_evaluation_counts_checkers_as_material() {
    let plain = game("4k3/8/8/8/8/8/3N4/4K3 w - - 0 1 -");
    let stacked = game(KNIGHT_2);
    let w = Weights::default();
    assert_eq!(stacked.evaluate() - plain.evaluate(), w.stack_value(1, 2));
    assert!(w.stack_value(4, 3) > w.stack_value(0, 3));
}

#[test]
fn weights_are_a_param_table() {
    use crate::core::param_table::{self, testing};
    let start = Adrenaline::new();
    let positions = testing::random_positions(&start, 12, 40);
    testing::check_table("adrenaline", &positions, 3.0);
    let names = param_table::names(start.eval_weights().unwrap());
    assert!(names.contains(&"checker.5".to_string()) && names.contains(&"checker_full".into()));
    let mut g = Adrenaline::new();
    for bad in [-1, MAX_CHECKER_FULL + 1] {
        assert!(param_table::apply_weights(&mut g, &[("checker_full".into(), bad)]).is_err());
    }
    assert_eq!(*g.weights(), Weights::default());
}
