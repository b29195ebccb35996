//! Tic Tac Chess: one test per rule of the rule text and the rulings, the invariants every
//! game keeps, and the solver on small configurations.

use proptest::prelude::*;
use tessera::core::game::{Evaluate, Outcome};
use tessera::core::options::VariantOptions;
use tessera::faces::registry;
use tessera::games::tictacchess::position::{TttAction, QUEEN, ROOK};
use tessera::games::tictacchess::{config_from_options, solver, TicTacChess};
use tessera::{Game, Player};

const FULL: &str = "PPPPPPPPRRNNBBQKpppppppprrnnbbqk";

fn at(fen: &str) -> TicTacChess {
    let mut g = TicTacChess::default();
    g.set_fen(fen).unwrap_or_else(|e| panic!("{fen}: {e}"));
    g
}

fn legal(g: &TicTacChess) -> Vec<String> {
    let mut v = Vec::new();
    g.legal_actions(&mut v);
    v.into_iter().map(|a| g.format_action(a)).collect()
}

fn play(g: &mut TicTacChess, s: &str) {
    let a = g
        .parse_action(s)
        .unwrap_or_else(|e| panic!("{s} at {}: {e}", g.fen()));
    g.play(a);
}

fn refused(g: &TicTacChess, s: &str, why: &str) {
    let fen = g.fen();
    match g.parse_action(s) {
        Ok(_) => panic!("{s} accepted at {fen}"),
        Err(e) => assert!(e.0.contains(why), "{s}: '{e}' does not say '{why}'"),
    }
    assert_eq!(g.fen(), fen);
}

// "The game uses the Tic Tac Toe board, which is a 3 by 3 grid."
#[test]
fn board_is_three_by_three() {
    let g = TicTacChess::default();
    assert_eq!(g.geometry().len(), 9);
    assert_eq!(g.fen(), format!("3/3/3[{FULL}] w - - 0 1"));
    refused(&g, "Q@d1", "not a tic tac chess action");
    refused(&g, "Q@a4", "not a tic tac chess action");
}

// "Each turn, a player can choose to either move a piece or add a piece ... can not do the
// other on the same turn."
#[test]
fn a_turn_is_one_drop_or_one_move() {
    let mut g = TicTacChess::default();
    play(&mut g, "Q@b2");
    assert_eq!(g.to_move(), Player::Black);
    play(&mut g, "N@a3");
    assert_eq!(g.to_move(), Player::White);
    play(&mut g, "b2c3");
    assert_eq!(g.to_move(), Player::Black);
}

// "a maximum of 8 pawns, 2 rooks, 2 knights, 2 bishops, 1 king, and 1 queen"; the reserve never
// refills.
#[test]
fn reserve_holds_the_chess_army_and_never_refills() {
    let mut g = TicTacChess::default();
    play(&mut g, "R@a2");
    play(&mut g, "N@c3");
    play(&mut g, "R@c2");
    play(&mut g, "N@a3");
    assert!(!legal(&g).iter().any(|a| a.starts_with("R@")));
    refused(&g, "R@b2", "no R left");
    assert!(g
        .fen()
        .starts_with("n1n/R1R/3[PPPPPPPPNNBBQKpppppppprrbbqk]"));
}

// "The rooks, knights, bishops, and queen can be placed anywhere ... not already occupied".
#[test]
fn pieces_drop_on_any_empty_cell_only() {
    let mut g = TicTacChess::default();
    for kind in ['R', 'N', 'B', 'Q'] {
        let drops = legal(&g).iter().filter(|a| a.starts_with(kind)).count();
        assert_eq!(drops, 9, "{kind}");
    }
    play(&mut g, "B@b2");
    refused(&g, "Q@b2", "occupied");
    assert_eq!(legal(&g).iter().filter(|a| a.starts_with("Q@")).count(), 8);
}

// "The pawns can only be placed on one side of the grid": White rank 1, Black rank 3.
#[test]
fn pawn_dropped_on_the_wrong_rank_refused() {
    let mut g = TicTacChess::default();
    refused(&g, "P@a2", "rank 1");
    refused(&g, "P@b3", "rank 1");
    play(&mut g, "P@a1");
    refused(&g, "P@a1", "occupied");
    refused(&g, "P@c1", "rank 3");
    refused(&g, "P@b2", "rank 3");
    play(&mut g, "P@c3");
}

// "The king can only be added to a square that the opponent can not move to on the next turn."
#[test]
fn king_drop_onto_an_attacked_cell_refused() {
    let mut g = at(&format!(
        "3/3/Q2[{}] b - - 0 1",
        "PPPPPPPPRRNNBBKpppppppprrnnbbqk"
    ));
    // The queen on a1 reaches a2, a3, b1, c1, b2, c3.
    for c in ["a2", "a3", "b1", "c1", "b2", "c3"] {
        refused(&g, &format!("K@{c}"), "attacked cell");
    }
    let kings: Vec<String> = legal(&g)
        .into_iter()
        .filter(|a| a.starts_with("K@"))
        .collect();
    assert_eq!(kings, vec!["K@c2", "K@b3"]);
    play(&mut g, "K@b3");
    // A pawn attacks only the diagonal cells ahead; the cell in front is not attacked.
    let g = at("3/1P1/3[k] b - - 0 1");
    let mut kings: Vec<String> = legal(&g)
        .into_iter()
        .filter(|a| a.starts_with("K@"))
        .collect();
    kings.sort();
    assert_eq!(kings, vec!["K@a1", "K@a2", "K@b1", "K@b3", "K@c1", "K@c2"]);
}

// "A player can only have a maximum of 4 pieces on the board."
#[test]
fn fifth_piece_refused() {
    let g = at("1k1/NB1/R1Q[PPPPPPPPRNBKpppppppprrnnbbq] w - - 0 1");
    refused(&g, "P@b1", "already has 4 pieces");
    refused(&g, "K@c2", "already has 4 pieces");
    assert!(legal(&g).iter().all(|a| !a.contains('@')));
    assert!(!legal(&g).is_empty());
    // After a capture of one of them, drops come back.
    let mut g = at("rk1/NB1/R1Q[PPPPPPPPRNBKpppppppnnbbq] b - - 0 1");
    play(&mut g, "a3a2");
    assert!(legal(&g).iter().any(|a| a.contains('@')));
}

// "The pawns can move forward one square if there is nothing in front, and it can only move
// diagonally one square by taking a piece ... The pawns can not move back."
#[test]
fn pawns_step_forward_and_capture_diagonally() {
    let g = at("3/rP1/3[] w - - 0 1");
    let mut v = legal(&g);
    v.sort();
    assert_eq!(v, vec!["b2b3b", "b2b3n", "b2b3q", "b2b3r"]);
    let g = at("1n1/1P1/3[] w - - 0 1");
    assert!(legal(&g).is_empty(), "blocked pawn, no capture forward");
    let g = at("3/1p1/R1N[] b - - 0 1");
    let mut v = legal(&g);
    v.sort();
    assert_eq!(
        v,
        vec![
            "b2a1b", "b2a1n", "b2a1q", "b2a1r", "b2b1b", "b2b1n", "b2b1q", "b2b1r", "b2c1b",
            "b2c1n", "b2c1q", "b2c1r"
        ]
    );
    let g = at("3/P2/3[] w - - 0 1");
    refused(&g, "a2a1", "does not move that way");
}

// "the pawns get to the opposite side of the board, they can turn into a rook, knight, bishop,
// or queen without having to reduce the piece count."
#[test]
fn promotion_to_rook_knight_bishop_queen_keeps_the_reserve() {
    let mut g = at("3/P2/3[Q] w - - 0 1");
    refused(&g, "a2a3k", "not a tic tac chess action");
    refused(&g, "a2a3", "");
    play(&mut g, "a2a3q");
    assert!(g.fen().starts_with("Q2/3/3[Q]"), "{}", g.fen());
}

// "rooks ... horizontally or vertically. Knights ... L ... Bishops ... diagonally. The queen is
// a combination ... The king ... one square at a time." and "Knights are the only pieces that
// can hop over other pieces."
#[test]
fn pieces_move_as_in_chess_and_only_knights_hop() {
    let targets = |fen: &str, from: &str| -> Vec<String> {
        let g = at(fen);
        let mut v: Vec<String> = legal(&g)
            .into_iter()
            .filter(|a| a.starts_with(from) && !a.contains('@'))
            .map(|a| a[2..].to_string())
            .collect();
        v.sort();
        v
    };
    assert_eq!(targets("3/3/R2[] w", "a1"), vec!["a2", "a3", "b1", "c1"]);
    assert_eq!(targets("3/p2/R2[] w", "a1"), vec!["a2", "b1", "c1"]);
    assert_eq!(targets("3/P2/R2[] w", "a1"), vec!["b1", "c1"]);
    assert_eq!(targets("3/3/B2[] w", "a1"), vec!["b2", "c3"]);
    assert_eq!(targets("3/1N1/B2[] w", "a1"), Vec::<String>::new());
    assert_eq!(targets("3/3/N2[] w", "a1"), vec!["b3", "c2"]);
    assert_eq!(targets("1n1/NN1/N2[] w", "a1"), vec!["b3", "c2"]);
    assert_eq!(targets("3/1N1/3[] w", "b2"), Vec::<String>::new());
    assert_eq!(targets("3/1Q1/3[] w", "b2").len(), 8);
    assert_eq!(targets("3/3/K2[] w", "a1"), vec!["a2", "b1", "b2"]);
}

// "You can only take the opponent's pieces, and you are not allowed to kill your own piece."
#[test]
fn no_capture_of_own_pieces_and_captured_pieces_leave_the_game() {
    let g = at("3/3/RN1[] w - - 0 1");
    assert!(!legal(&g).contains(&"a1b1".to_string()));
    let mut g = at("3/3/Rn1[] w - - 0 1");
    play(&mut g, "a1b1");
    assert_eq!(g.fen(), "3/3/1R1[] b - - 0 1");
}

// "The king can not move to a square where it would be under check"; an action may not leave
// one's own king attacked.
#[test]
fn no_action_leaves_the_own_king_attacked() {
    let g = at("2r/3/K2[] w - - 0 1");
    let mut v = legal(&g);
    v.sort();
    assert_eq!(v, vec!["a1a2", "a1b1", "a1b2"]);
    // A pinned bishop: b2 shields a1 from the c3 bishop.
    let g = at("2b/1Q1/K2[] w - - 0 1");
    assert!(legal(&g)
        .iter()
        .all(|a| !a.starts_with("b2a2") && !a.starts_with("b2c2")));
    assert!(legal(&g).contains(&"b2c3".to_string()));
}

// "checkmating the king ... attacking the king, and the king has no where to go": drops that
// block count as escapes.
#[test]
fn checkmate_loses_and_blocking_drops_escape() {
    let g = at("k2/3/2Q[n] b - - 0 1");
    assert!(g.in_check());
    let mut v = legal(&g);
    v.sort();
    assert_eq!(v, vec!["N@b2", "a3a2", "a3b3"]);
    // Queen b2 protected by the rook; the king in the corner has nowhere to go.
    let g = at("k2/1QR/3[] b - - 0 1");
    assert!(g.in_check());
    assert!(legal(&g).is_empty());
    assert_eq!(
        g.outcome(),
        Some(Outcome::Win {
            winner: Player::White,
            reason: "checkmate"
        })
    );
}

// "A side with no king on the board cannot be in check."
#[test]
fn no_king_no_check() {
    let g = at("3/3/2Q[k] b - - 0 1");
    assert!(!g.in_check());
    assert!(!legal(&g).is_empty());
    // Adding the king is never compulsory: it is just one option among others.
    let g = at("3/3/2Q[kr] b - - 0 1");
    assert!(legal(&g).iter().any(|a| a.starts_with("R@")));
}

// "if the opponent has a three in a row, you can not do any other move than to take a piece
// from the three": a line the opponent can break, the game goes on.
#[test]
fn breakable_line_forces_a_capture_of_it() {
    let mut g = at("3/1q1/3[RNBpppppppprrnnbbk] w - - 0 1");
    play(&mut g, "R@a1");
    play(&mut g, "P@c3");
    play(&mut g, "N@b1");
    play(&mut g, "c3c2");
    play(&mut g, "B@c1");
    assert_eq!(g.line_cells(Player::White).count_ones(), 3);
    assert_eq!(g.outcome(), None);
    let mut v = legal(&g);
    v.sort();
    assert_eq!(
        v,
        vec!["b2a1", "b2b1", "b2c1", "c2b1b", "c2b1n", "c2b1q", "c2b1r"]
    );
    refused(&g, "b2a2", "must capture one of its pieces");
    refused(&g, "P@a3", "must capture one of its pieces");
    play(&mut g, "b2b1");
    assert!(g.outcome().is_none());
}

// "in order to win, they must make the three so that the opponent can not take any pieces from
// those three by the next move ... If you are unable to take one of those three, then you
// automatically lose."
#[test]
fn unbreakable_line_wins() {
    let mut g = at("3/3/RN1[Bpppppppprrnnbbqk] w - - 0 1");
    play(&mut g, "B@c1");
    assert!(legal(&g).is_empty());
    assert_eq!(
        g.outcome(),
        Some(Outcome::Win {
            winner: Player::White,
            reason: "three in a row"
        })
    );
    // Black has a piece but it reaches none of the line: still a win.
    let g = at("3/1n1/RNB[] b - - 0 1");
    assert_eq!(g.outcome().map(|o| o.result_string()), Some("1-0"));
    // A capture that would leave the own king attacked does not break the line: the rook on
    // b2 is pinned by the bishop on a1.
    let g = at("2k/1r1/BRN[] b - - 0 1");
    assert!(!g.in_check());
    assert!(legal(&g).is_empty());
    assert_eq!(g.outcome().map(|o| o.reason()), Some("three in a row"));
}

// Rulings: if both sides have a line, the side to move must break the opponent's.
#[test]
fn with_two_lines_the_mover_breaks_the_opponents() {
    let g = at("rnb/1Q1/R2[] w - - 0 1");
    let mut v = legal(&g);
    v.sort();
    assert_eq!(v, vec!["a1a3", "b2a3", "b2b3", "b2c3"]);
    let g = at("rnb/3/PPP[] w - - 0 1");
    assert!(g.outcome().is_some_and(|o| o.result_string() == "0-1"));
}

// Rulings: no legal action and not in check is a draw.
#[test]
fn stalemate_is_a_draw() {
    let g = at("3/3/3[] w - - 0 1");
    assert_eq!(
        g.outcome(),
        Some(Outcome::Draw {
            reason: "stalemate"
        })
    );
    let g = at("1n1/1P1/3[] w - - 0 1");
    assert_eq!(
        g.outcome(),
        Some(Outcome::Draw {
            reason: "stalemate"
        })
    );
}

// Rulings: threefold repetition is a draw.
#[test]
fn threefold_repetition_is_a_draw() {
    let mut g = at("2k/3/K2[] w - - 0 1");
    for _ in 0..2 {
        for s in ["a1a2", "c3c2", "a2a1", "c2c3"] {
            play(&mut g, s);
        }
    }
    assert_eq!(
        g.outcome(),
        Some(Outcome::Draw {
            reason: "threefold repetition"
        })
    );
    assert!(legal(&g).is_empty());
    refused(&g, "a1a2", "game is over");
}

#[test]
fn bad_fens_are_refused_and_change_nothing() {
    let mut g = TicTacChess::default();
    let before = g.fen();
    for bad in [
        "",
        "3/3/3 w - - 0 1",
        "3/3/3[ w",
        "3/3/33[] w",
        "3/3/4[] w",
        "3/3[] w",
        "3/3/3[PPPPPPPPP] w",
        "3/3/3[KK] w",
        "K2/3/3[K] w",
        "3/3/3[] x",
        "3/3/3[] w KQ - 0 1",
        "P2/3/3[] w",
        "3/3/p2[] w",
        "QQQ/Q2/Q2[] w",
        "k2/3/Q2[] w",
        "3/3/3[X] w",
        "3/3/3[] w - - a 1",
    ] {
        assert!(g.set_fen(bad).is_err(), "accepted '{bad}'");
        assert_eq!(g.fen(), before);
    }
}

#[test]
fn fen_forms() {
    let g = at("3/3/3[] b");
    assert_eq!(g.fen(), "3/3/3[] b - - 0 1");
    let g = at("3/3/3[-] w - - 3 7");
    assert_eq!(g.fen(), "3/3/3[] w - - 3 7");
    let g = at("3/3/3[kqbbnnrrppppppppKQBBNNRRPPPPPPPP] w - - 0 1");
    assert_eq!(g.fen(), format!("3/3/3[{FULL}] w - - 0 1"));
}

#[test]
fn options_build_smaller_games() {
    let mut o = VariantOptions::new();
    o.set("TicTacReserve", "QRK");
    o.set("TicTacMaxPieces", "3");
    let g = registry::create("tictacchess", &o).unwrap();
    assert_eq!(g.fen(), "3/3/3[RQKrqk] w - - 0 1");
    o.set("TicTacReserve", "QQ");
    assert!(config_from_options(&o).is_err());
    o.set("TicTacReserve", "X");
    assert!(config_from_options(&o).is_err());
    let mut o = VariantOptions::new();
    o.set("TicTacMaxPieces", "10");
    assert!(config_from_options(&o).is_err());
}

/// Every action shape, legal or not.
fn all_shapes() -> Vec<TttAction> {
    let mut v = Vec::new();
    for to in 0..9 {
        for kind in 0..6 {
            v.push(TttAction::Drop { kind, to });
        }
    }
    for from in 0..9 {
        for to in 0..9 {
            v.push(TttAction::Move {
                from,
                to,
                promo: None,
            });
            for k in [QUEEN, ROOK, 2, 3] {
                v.push(TttAction::Move {
                    from,
                    to,
                    promo: Some(k),
                });
            }
        }
    }
    v
}

fn check_invariants(g: &mut TicTacChess) {
    assert_eq!(g.key(), g.recompute_key());
    let fen = g.fen();
    let mut h = TicTacChess::default();
    h.set_fen(&fen).unwrap();
    assert_eq!(h.fen(), fen);
    assert_eq!(h.key(), g.key());
    let mut acts = Vec::new();
    g.legal_actions(&mut acts);
    for &a in &acts {
        let s = g.format_action(a);
        assert_eq!(g.parse_action(&s), Ok(a));
        let key = g.key();
        let u = g.play(a);
        assert_eq!(g.key(), g.recompute_key());
        g.undo(u);
        assert_eq!(g.fen(), fen);
        assert_eq!(g.key(), key);
    }
    for a in all_shapes() {
        assert_eq!(g.is_legal(a), acts.contains(&a), "{a:?} at {fen}");
        let s = g.format_action(a);
        assert_eq!(
            g.parse_action(&s).is_ok(),
            acts.contains(&a),
            "{s} at {fen}"
        );
    }
    // The evaluation does not depend on colour: the mirrored position (ranks reversed, colours
    // swapped, the other side to move) scores the same for its side to move.
    let mirrored = mirror(&fen);
    let m = at(&mirrored);
    assert_eq!(m.evaluate(), g.evaluate(), "{fen} / {mirrored}");
}

fn swap_case(s: &str) -> String {
    s.chars()
        .map(|c| {
            if c.is_ascii_uppercase() {
                c.to_ascii_lowercase()
            } else {
                c.to_ascii_uppercase()
            }
        })
        .collect()
}

fn mirror(fen: &str) -> String {
    let mut f = fen.split_whitespace();
    let place = f.next().unwrap();
    let side = f.next().unwrap();
    let (board, reserve) = place.split_once('[').unwrap();
    let ranks: Vec<String> = board.split('/').rev().map(swap_case).collect();
    let other = if side == "w" { "b" } else { "w" };
    format!("{}[{} {other}", ranks.join("/"), swap_case(reserve))
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(120))]
    #[test]
    fn invariants_along_random_games(choices in proptest::collection::vec(0usize..1000, 0..60)) {
        let mut g = TicTacChess::default();
        for c in choices {
            check_invariants(&mut g);
            let mut acts = Vec::new();
            g.legal_actions(&mut acts);
            if acts.is_empty() {
                break;
            }
            g.play(acts[c % acts.len()]);
        }
    }

    #[test]
    fn garbage_never_panics(s in "\\PC{0,8}") {
        let mut g = TicTacChess::default();
        let _ = g.parse_action(&s);
        let before = g.fen();
        if g.set_fen(&s).is_err() {
            prop_assert_eq!(g.fen(), before);
        }
    }
}

/// Checks every value of a table against the values of the children: the table is a fixed
/// point of the game's rules.
fn check_table(s: &solver::Solution) {
    for (p, v, d) in s.iter() {
        let mut acts = Vec::new();
        p.legal_actions(&s.cfg, &mut acts);
        let kids: Vec<(solver::Value, u32)> = acts
            .iter()
            .map(|&a| {
                let mut c = p;
                c.apply(a);
                s.lookup(&c).expect("children are covered")
            })
            .collect();
        match v {
            solver::Value::Win => {
                assert!(kids.contains(&(solver::Value::Loss, d - 1)));
                assert!(kids
                    .iter()
                    .all(|&(kv, kd)| kv != solver::Value::Loss || kd + 1 >= d));
            }
            solver::Value::Loss => {
                assert!(kids.iter().all(|&(kv, _)| kv == solver::Value::Win));
                assert_eq!(kids.iter().map(|k| k.1 + 1).max().unwrap_or(0), d);
                if kids.is_empty() {
                    assert!(p.in_check() || p.pending_line() != 0);
                }
            }
            solver::Value::Draw => {
                assert!(kids.iter().all(|&(kv, _)| kv != solver::Value::Loss));
                assert!(kids.is_empty() || kids.iter().any(|&(kv, _)| kv == solver::Value::Draw));
            }
        }
    }
}

/// Plain depth-limited minimax on the rules (no table): can the side to move force a win
/// within `plies`?
fn wins_within(g: &mut TicTacChess, plies: u32) -> bool {
    let mut acts = Vec::new();
    g.legal_actions(&mut acts);
    if plies == 0 || acts.is_empty() {
        return false;
    }
    acts.iter().any(|&a| {
        let u = g.play(a);
        let r = loses_within(g, plies - 1);
        g.undo(u);
        r
    })
}

fn loses_within(g: &mut TicTacChess, plies: u32) -> bool {
    let mut acts = Vec::new();
    g.legal_actions(&mut acts);
    if acts.is_empty() {
        return g.terminal().is_none() && g.no_action_outcome().value_for(g.to_move()) < 0;
    }
    if plies == 0 {
        return false;
    }
    acts.iter().all(|&a| {
        let u = g.play(a);
        let r = wins_within(g, plies - 1);
        g.undo(u);
        r
    })
}

#[test]
fn solver_small_configurations() {
    for (reserve, max) in [("QK", 4), ("RK", 4), ("RNK", 3), ("PK", 4)] {
        let mut o = VariantOptions::new();
        o.set("TicTacReserve", reserve);
        o.set("TicTacMaxPieces", &max.to_string());
        let cfg = config_from_options(&o).unwrap();
        let root = *TicTacChess::new(cfg).position();
        let s = solver::solve_from(cfg, root, 2_000_000).unwrap();
        eprintln!(
            "{reserve}: {} positions, root {:?}",
            s.len(),
            s.lookup(&root)
        );
        check_table(&s);
        let (v, d) = s.lookup(&root).unwrap();
        if v == solver::Value::Win && d <= 7 {
            let mut g = TicTacChess::new(cfg);
            assert!(wins_within(&mut g, d), "{reserve}: win in {d}");
            assert!(!wins_within(&mut g, d - 2), "{reserve}: no faster win");
        }
        // The table's best actions, played out, end as the value says.
        let mut g = TicTacChess::new(cfg);
        for _ in 0..40 {
            match s.best_action(g.position()) {
                Some(a) if g.outcome().is_none() => {
                    g.play(a);
                }
                _ => break,
            }
        }
        if v != solver::Value::Draw {
            let o = g.outcome().expect("a decided game ends");
            assert_eq!(o.value_for(Player::White), v.sign(), "{reserve}");
        }
        let report = solver::report(&s);
        assert!(report[0].starts_with("value: "));
    }
}

#[test]
fn queen_and_king_game_is_a_white_win_in_five() {
    let mut o = VariantOptions::new();
    o.set("TicTacReserve", "QK");
    let r = registry::find("tictacchess").unwrap().solve.unwrap()(&o, &mut |_| {}).unwrap();
    assert_eq!(
        r.lines[0],
        "value: white wins (start position, white to move), in 5 plies"
    );
    // The searcher's probe sees the same table.
    let g = TicTacChess::new(config_from_options(&o).unwrap());
    assert_eq!(g.probe_solved(), Some((1, 5)));
}

#[test]
fn full_game_beyond_budget_reports_not_solved() {
    let mut o = VariantOptions::new();
    o.set("TicTacSolveCap", "20000");
    o.set("TicTacSolveSeconds", "1");
    o.set("TicTacProof", "bounded");
    let r = registry::find("tictacchess").unwrap().solve.unwrap()(&o, &mut |_| {}).unwrap();
    assert_eq!(r.lines[0], "value: not solved");
    assert!(r
        .lines
        .iter()
        .any(|l| l.starts_with("bounded proof search: white has no forced win")));
    // A configuration the enumeration cannot finish under a tiny budget, but the bounded proof
    // search can: rook and king each.
    let mut o = VariantOptions::new();
    o.set("TicTacReserve", "RK");
    o.set("TicTacSolveCap", "1000");
    o.set("TicTacSolveSeconds", "20");
    o.set("TicTacProof", "bounded");
    let r = registry::find("tictacchess").unwrap().solve.unwrap()(&o, &mut |_| {}).unwrap();
    assert!(
        r.lines
            .contains(&"value: white wins in at most 9 plies (bounded proof search)".to_string()),
        "{:?}",
        r.lines
    );
}

/// The default proof search, the proof-number search, through the registry's solver.
#[test]
fn full_game_beyond_budget_runs_the_proof_number_search() {
    let mut o = VariantOptions::new();
    o.set("TicTacSolveCap", "1000");
    o.set("TicTacSolveSeconds", "2");
    o.set("TicTacProofTableMiB", "16");
    let r = registry::find("tictacchess").unwrap().solve.unwrap()(&o, &mut |_| {}).unwrap();
    assert_eq!(r.lines[0], "value: not solved");
    assert!(
        r.lines
            .iter()
            .any(|l| l.starts_with("proof-number search: white has no forced win within")),
        "{:?}",
        r.lines
    );
    assert!(r.lines.iter().any(|l| l.starts_with("proof search size:")));
    let mut o = VariantOptions::new();
    o.set("TicTacReserve", "RK");
    o.set("TicTacSolveCap", "1000");
    o.set("TicTacSolveSeconds", "20");
    o.set("TicTacProofDepth", "11");
    o.set("TicTacProofTableMiB", "16");
    let r = registry::find("tictacchess").unwrap().solve.unwrap()(&o, &mut |_| {}).unwrap();
    assert_eq!(
        r.lines[0],
        "value: white wins in 9 plies (proof-number search; no win within 7 plies)"
    );
    assert!(r.lines[1].starts_with("principal line: "), "{:?}", r.lines);
}

/// The full game with the default budgets: prints the solver's report (about two minutes).
#[test]
#[ignore]
fn full_game_solve() {
    let t = std::time::Instant::now();
    let r =
        registry::find("tictacchess").unwrap().solve.unwrap()(&VariantOptions::new(), &mut |_| {})
            .unwrap();
    for l in &r.lines {
        println!("{l}");
    }
    println!("wall time: {:.1} s", t.elapsed().as_secs_f64());
    assert!(r.lines[0].starts_with("value: "));
}

#[test]
fn probe_covers_small_endgames_of_the_full_game() {
    // Four pieces left in all: solved on demand, and it is the queen-and-king game.
    let g = at("3/3/3[QKqk] w - - 0 1");
    assert_eq!(g.probe_solved(), Some((1, 5)));
    assert!(g.display().contains("solved: white wins in 5 plies"));
    let g = at("k2/1QR/3[] b - - 0 1");
    assert_eq!(g.probe_solved(), Some((-1, 0)));
    let g = at("3/3/3[] w - - 0 1");
    assert_eq!(g.probe_solved(), Some((0, 0)));
    // Too much material: not covered.
    assert_eq!(TicTacChess::default().probe_solved(), None);
    let g = at("k2/1Q1/R2[PPrr] b - - 0 1");
    assert_eq!(g.probe_solved(), None);
}

/// Complete solutions of growing configurations, up to the enumeration budget: prints a table
/// (a few minutes).
#[test]
#[ignore]
fn configuration_table() {
    for reserve in [
        "QK",
        "RK",
        "NK",
        "BK",
        "PK",
        "PPK",
        "RNK",
        "NBK",
        "QRK",
        "QNK",
        "RRK",
        "RNBK",
        "QRNK",
        "QRNBK",
        "PPPPRNBQK",
    ] {
        let mut o = VariantOptions::new();
        o.set("TicTacReserve", reserve);
        let cfg = config_from_options(&o).unwrap();
        let root = *TicTacChess::new(cfg).position();
        match solver::solve_from(cfg, root, 10_000_000) {
            Ok(s) => {
                let (v, d) = s.lookup(&root).unwrap();
                println!(
                    "{reserve}: {v:?} {d} plies, {} positions, {} actions, {:.2} s, line {}",
                    s.len(),
                    s.edges,
                    s.elapsed.as_secs_f64(),
                    s.principal_line(30).join(" ")
                );
            }
            Err(t) => println!(
                "{reserve}: over 10,000,000 positions after {:.1} s, layers {:?}",
                t.elapsed.as_secs_f64(),
                t.layers
            ),
        }
    }
}

#[test]
fn search_says_when_it_plays_from_a_solved_table_and_plays_the_fastest_win() {
    use tessera::search::tt::TranspositionTable;
    use tessera::search::{Limits, Score, SearchConfig, SearchControl};
    let mut opts = VariantOptions::new();
    opts.set("TicTacReserve", "QK");
    let mut g = registry::create("tictacchess", &opts).unwrap();
    let tt = TranspositionTable::new(4);
    let mut notes = Vec::new();
    let out = g.search(
        &Limits::depth(6),
        &SearchConfig::default(),
        &SearchControl::new(false),
        &tt,
        &mut |i| notes.extend(i.note.clone()),
    );
    assert!(
        notes
            .iter()
            .any(|n| n.contains("solved position: white to move wins in 5 plies")),
        "{notes:?}"
    );
    // White wins in 5 plies = 3 of its moves; the search must find exactly that distance.
    assert_eq!(out.score, Score::Mate(3));
    g.play_str(&out.turn.join(",")).unwrap();
}

#[test]
fn engine_never_loses_a_solved_position_against_random_play() {
    use tessera::search::tt::TranspositionTable;
    use tessera::search::{Limits, SearchConfig, SearchControl};
    // In the QK and RK games White wins with best play; the engine plays White against a
    // seeded random opponent and must win every game, never drawing or losing.
    for (reserve, seed) in [("QK", 1u64), ("QK", 2), ("RK", 3), ("RK", 4)] {
        let mut opts = VariantOptions::new();
        opts.set("TicTacReserve", reserve);
        let mut g = registry::create("tictacchess", &opts).unwrap();
        let tt = TranspositionTable::new(4);
        let mut rng = seed;
        for _ply in 0..200 {
            if g.outcome().is_some() {
                break;
            }
            if g.to_move() == Player::White {
                let out = g.search(
                    &Limits::depth(4),
                    &SearchConfig::default(),
                    &SearchControl::new(false),
                    &tt,
                    &mut |_| {},
                );
                g.play_str(&out.turn.join(",")).unwrap();
            } else {
                let moves = g.legal_actions();
                rng = rng
                    .wrapping_mul(6364136223846793005)
                    .wrapping_add(1442695040888963407);
                let m = &moves[(rng >> 33) as usize % moves.len()];
                g.play_str(m).unwrap();
            }
        }
        match g.outcome() {
            Some(Outcome::Win {
                winner: Player::White,
                ..
            }) => {}
            other => panic!("{reserve} seed {seed}: {other:?} at {}", g.fen()),
        }
    }
}
