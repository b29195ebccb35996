//! Rule tests: the board data, the rule text's examples, the ko rule, the end zone, promotion,
//! results without moves, bad input, and property tests of the `Game` contracts.

use proptest::prelude::*;

use super::board::board;
use super::*;
use crate::core::bitboard::bit;
use crate::testkit::{assert_actions_refused, assert_fens_refused};

const START: &str = "rnggnr/p2k1p/ppp1pp/8/8/4/8/PPP1PP/P2K1P/RNGGNR w";

fn game(fen: &str) -> TurtleShell {
    TurtleShell::from_fen(fen, NoMoveRule::Loss).expect("valid test position")
}

fn legal(g: &TurtleShell) -> Vec<String> {
    let mut v = Vec::new();
    g.legal_actions(&mut v);
    let mut s: Vec<String> = v.into_iter().map(|a| g.format_action(a)).collect();
    s.sort();
    s
}

fn from(g: &TurtleShell, cell: &str) -> Vec<String> {
    legal(g)
        .into_iter()
        .filter(|m| m.starts_with(cell))
        .collect()
}

fn play(g: &mut TurtleShell, moves: &[&str]) {
    for m in moves {
        let a = g.parse_action(m).unwrap_or_else(|e| panic!("{m}: {e}"));
        g.play(a);
    }
}

#[test]
fn board_data_as_published() {
    let b = board();
    let g = &b.geometry;
    assert_eq!(g.len(), 64);
    let polys = g.polygons().expect("polygons");
    assert_eq!(polys.iter().filter(|p| p.len() == 3).count(), 42);
    assert_eq!(polys.iter().filter(|p| p.len() == 4).count(), 22);
    let edges: u32 = (0..64).map(|c| g.mask(b.edge, c).count_ones()).sum();
    let corners: u32 = (0..64).map(|c| g.mask(b.corner, c).count_ones()).sum();
    assert_eq!((edges / 2, corners / 2), (95, 166));
    assert_eq!(g.lines("row").count(), 10);
    assert_eq!(g.lines("file").count(), 6);
    assert_eq!(
        b.ranks.iter().map(Vec::len).collect::<Vec<_>>(),
        [6, 6, 6, 8, 4, 8, 8, 6, 6, 6]
    );
    assert_eq!(b.end_zone[0].count_ones(), 7);
    assert_eq!(b.promotion_zone[1].count_ones(), 24);
    assert_eq!(g.cell_name(0), "B0");
}

/// Pawn moves are irreversible (the ko rule's history is cut there) only because no pawn can
/// ever come back to a cell: the forward-step graph of each side has no cycle.
#[test]
fn pawn_steps_never_cycle() {
    let b = board();
    for side in 0..2 {
        let fwd = &b.pawn_forward[side];
        let mut reach: Vec<u64> = fwd.clone();
        for _ in 0..64 {
            for r in reach.iter_mut() {
                let more = crate::core::bitboard::Bits(*r).fold(0, |m, t| m | fwd[t as usize]);
                *r |= more;
            }
        }
        assert!((0..64).all(|c| reach[c] & bit(c as u8) == 0), "side {side}");
    }
}

#[test]
fn start_position() {
    let g = TurtleShell::default();
    assert_eq!(g.fen(), START);
    assert_eq!(
        legal(&g),
        ["B1B3", "C0D1", "C2C3", "D2E2", "E1D1", "F0D1", "F2F3", "G1G3"]
    );
    assert_eq!(g.pieces().len(), 28);
    assert!(g.display().contains(" 0    R N G G N R"), "{}", g.display());
}

#[test]
fn rook_moves_along_one_line_only() {
    // The rule text: a rook on D0 reaches D3 along file D, not E3 (on no common line).
    let g = game("3k2/6/6/8/8/4/8/6/6/2R1K1 w");
    let moves = from(&g, "D0");
    assert!(moves.contains(&"D0D3".to_string()));
    assert!(!moves.contains(&"D0E3".to_string()));
    assert!(g
        .parse_action("D0E3")
        .unwrap_err()
        .0
        .contains("cannot move"));
    // Files D and E share E1 D1 D2 E2: each target once, both files followed past E2.
    let mut dedup = moves.clone();
    dedup.dedup();
    assert_eq!(dedup, moves);
    assert!(moves.contains(&"D0D5".to_string()));
    // Captures stop the slide; own pieces block.
    let g = game("3k2/6/6/8/8/4/3p4/6/6/2R1K1 w");
    let moves = from(&g, "D0");
    assert!(moves.contains(&"D0D3".to_string()));
    assert!(!moves.contains(&"D0D5".to_string()));
}

#[test]
fn pawn_steps_from_the_rule_text() {
    // C5 to C6 with or without promotion (C6 is in White's promotion zone).
    let g = game("3k2/6/6/8/2P5/4/8/6/6/4K1 w");
    assert_eq!(from(&g, "C5"), ["C5C6", "C5C6r"]);
    // The E2 pawn branches to D3 or E3; the E7 pawn to D6 or E6.
    let g = game("3k2/6/6/8/8/4/8/3P2/6/4K1 w");
    assert_eq!(from(&g, "E2"), ["E2D3", "E2E3"]);
    let g = game("3k2/6/3p2/8/8/4/8/6/6/4K1 b");
    assert_eq!(from(&g, "E7"), ["E7D6", "E7E6"]);
    // Pawns capture the way they move: a piece in front is taken, not stepped around.
    let g = game("3k2/6/6/8/8/4/3n4/3P2/6/4K1 w");
    assert_eq!(from(&g, "E2"), ["E2D3", "E2E3"]);
    let g = game("3k2/6/6/8/8/4/3N4/3P2/6/4K1 w");
    assert_eq!(from(&g, "E2"), ["E2E3"]);
}

#[test]
fn promotion_optional_in_zone_compulsory_in_end_zone() {
    // White pawn C8 must become a rook on C9; black pawn C1 on C0.
    let mut g = game("6/1P4/6/7k/8/4/8/6/1p4/4K1 w");
    assert_eq!(from(&g, "C8"), ["C8C9r"]);
    assert!(g
        .parse_action("C8C9")
        .unwrap_err()
        .0
        .contains("must promote"));
    play(&mut g, &["C8C9r"]);
    assert_eq!(
        g.piece_at(g.geometry().cell("C9").unwrap())
            .unwrap()
            .symbol(),
        'R'
    );
    assert_eq!(from(&g, "C1"), ["C1C0r"]);
    // Black promotes optionally in its promotion zone (C4 to C3).
    let g = game("3k2/6/6/8/8/1p2/8/6/6/4K1 b");
    assert_eq!(from(&g, "C4"), ["C4C3", "C4C3r"]);
    // Outside the zone there is no promotion, and only pawns promote.
    let g = game("3k2/6/6/8/8/4/2P5/6/6/4K1 w");
    assert_eq!(from(&g, "C3"), ["C3C4"]);
    assert!(g.parse_action("C3C4r").is_err());
}

#[test]
fn king_in_the_end_zone_wins() {
    // White king on D8, one step from D9 and E8's neighbours in row 9.
    let mut g = game("6/1K4/3k2/8/8/4/8/6/6/6 w");
    assert!(g.terminal().is_none());
    let wins: Vec<String> = from(&g, "C8")
        .into_iter()
        .filter(|m| m.ends_with('9'))
        .collect();
    assert_eq!(wins, ["C8C9"]);
    play(&mut g, &["C8C9"]);
    let o = g.terminal().expect("game over");
    assert_eq!(o.value_for(Player::White), 1);
    assert!(legal(&g).is_empty());
    assert!(g.parse_action("E7E6").is_err());
    // A king cannot step into check, so an attacked end-zone cell is no way in.
    let g = game("r5/1K4/3k2/8/8/4/8/6/6/6 w");
    assert!(!from(&g, "C8").contains(&"C8C9".to_string()));
}

#[test]
fn ko_forbids_recreating_any_earlier_position() {
    let mut g = game("3k2/6/6/8/8/4/8/6/6/2KG2 w");
    play(&mut g, &["E0F0", "E9F9", "F0E0"]);
    // Black's F9E9 would recreate the start (placement and side to move).
    assert!(!legal(&g).contains(&"F9E9".to_string()));
    let err = g.parse_action("F9E9").unwrap_err();
    assert!(err.0.contains("ko"), "{err}");
    // Longer cycles too: four moves away and back.
    let mut g = game("3k2/6/6/8/8/4/8/6/6/2KG2 w");
    play(
        &mut g,
        &["E0F0", "E9F9", "D0C0", "F9G9", "F0E0", "G9F9", "C0D0"],
    );
    assert!(!legal(&g).contains(&"F9E9".to_string()));
    // Undo forgets: after taking back White's last move, Black's return is a fresh position.
    let mut g = game("3k2/6/6/8/8/4/8/6/6/2KG2 w");
    play(&mut g, &["E0F0"]);
    assert!(legal(&g).contains(&"E9F9".to_string()));
    // A capture cuts the history: earlier positions can never come back.
    let mut g = game("3k2/6/6/8/8/4/8/6/6/2KG1n w");
    play(&mut g, &["E0F0", "E9F9", "F0G0"]);
    assert_eq!(g.pos.irreversible, g.history().len());
}

#[test]
fn checkmate_and_no_move_results() {
    let g = game("6/6/R5/3PK3/8/4/2R5/6/6/k5 b");
    assert!(legal(&g).is_empty());
    assert!(g.is_check(Player::Black));
    let o = g.outcome().expect("over");
    assert_eq!((o.value_for(Player::White), o.reason()), (1, "checkmate"));

    let stale = "6/6/6/8/8/4/5R2/6/2K3/3k2 b";
    let g = game(stale);
    assert!(legal(&g).is_empty() && !g.is_check(Player::Black));
    assert_eq!(g.outcome().unwrap().value_for(Player::Black), -1);
    let g = TurtleShell::from_fen(stale, NoMoveRule::Win).unwrap();
    assert_eq!(g.outcome().unwrap().value_for(Player::Black), 1);
    // The same rule through the registry option.
    let mut opts = crate::core::options::VariantOptions::new();
    opts.set(STALEMATE_OPTION, "win");
    let mut s = crate::faces::registry::create("turtleshell", &opts).unwrap();
    s.set_fen(stale).unwrap();
    assert_eq!(s.outcome().unwrap().value_for(Player::Black), 1);
    opts.set(STALEMATE_OPTION, "draw");
    assert!(crate::faces::registry::create("turtleshell", &opts).is_err());
}

#[test]
fn check_must_be_answered() {
    // The black pawn on D2 checks the king on D1.
    let g = game("5r/1P1k2/3p2/5nP1/2Pg4/1pG1/2N5/2pP2/2K3/R5 w");
    assert!(g.is_check(Player::White));
    assert_eq!(legal(&g), ["C3D2", "D1C1", "D1D2", "D1E1", "D1F1"]);
    assert!(g
        .parse_action("B0C0")
        .unwrap_err()
        .0
        .contains("leaves the king in check"));
}

#[test]
fn bad_input_changes_nothing() {
    let mut g = TurtleShell::default();
    assert_fens_refused(
        &mut g,
        &[
            "",
            "rnggnr/p2k1p/ppp1pp/8/8/4/8/PPP1PP/P2K1P/RNGGNR",
            "rnggnr/p2k1p/ppp1pp/8/8/4/8/PPP1PP/P2K1P/RNGGNR x",
            "rnggnr/p2k1p/ppp1pp/8/8/4/8/PPP1PP/P2K1P w",
            "rnggnr/p2k1p/ppp1pp/8/8/5/8/PPP1PP/P2K1P/RNGGNR w",
            "rnggnr/p2k1p/ppp1pp/8/8/3/8/PPP1PP/P2K1P/RNGGNR w",
            "rnggnr/p2k1p/ppp1pp/8/8/4/8/PPP1PP/P2Q1P/RNGGNR w",
            "rnggnr/p2k1p/ppp1pp/8/8/4/8/PPP1PP/P4P/RNGGNR w",
            "rnggnr/p2k1p/ppp1pp/8/8/4/8/PPP1PP/P2K1P/RNGKNR w",
            "rnggnr/p2k1p/ppp1pp/8/8/4/8/PPP1PP/P2K1P/RNGGNR w 0",
            "1P4/3k2/6/8/8/4/8/6/6/4K1 w",
            "3k2/6/6/8/8/4/8/6/3r2/4K1 b",
            "3k2/6/6/0/8/4/8/6/6/4K1 w",
            "3k2/6/6/99/8/4/8/6/6/4K1 w",
        ],
    );
    assert_actions_refused(
        &g,
        &[
            "", "D0", "D0D3", "B1B2", "B1B3q", "Z1B3", "b1b3", "B1B3rr", "É1B3", "E1E8",
        ],
    );
    assert!(g.parse_action("B1B3").is_ok());
}

/// A game played by following `choices` (each picks among the legal moves).
fn random_line(choices: &[usize]) -> (TurtleShell, Vec<Move>) {
    let mut g = TurtleShell::default();
    let mut played = Vec::new();
    for &c in choices {
        let mut v = Vec::new();
        g.legal_actions(&mut v);
        if v.is_empty() {
            break;
        }
        let m = v[c % v.len()];
        g.play(m);
        played.push(m);
    }
    (g, played)
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    #[test]
    fn play_undo_restores_everything(choices in prop::collection::vec(0usize..1000, 0..120)) {
        let mut g = TurtleShell::default();
        let mut stack = Vec::new();
        let mut snapshots = Vec::new();
        for &c in &choices {
            let mut v = Vec::new();
            g.legal_actions(&mut v);
            if v.is_empty() {
                break;
            }
            snapshots.push((g.fen(), g.key(), g.history().to_vec(), g.pos.irreversible));
            let m = v[c % v.len()];
            stack.push(g.play(m));
            prop_assert_eq!(g.key(), g.recompute_key());
        }
        while let Some(u) = stack.pop() {
            g.undo(u);
            let (fen, key, hist, irr) = snapshots.pop().unwrap();
            prop_assert_eq!(g.fen(), fen);
            prop_assert_eq!(g.key(), key);
            prop_assert_eq!(g.history(), &hist[..]);
            prop_assert_eq!(g.pos.irreversible, irr);
        }
        prop_assert_eq!(g.fen(), START);
    }

    #[test]
    fn text_forms_round_trip(choices in prop::collection::vec(0usize..1000, 0..120)) {
        let (g, _) = random_line(&choices);
        let fen = g.fen();
        let again = game(&fen);
        prop_assert_eq!(again.fen(), fen);
        prop_assert_eq!(again.key(), g.key());
        let mut v = Vec::new();
        g.legal_actions(&mut v);
        for m in v {
            let s = g.format_action(m);
            prop_assert_eq!(g.parse_action(&s), Ok(m));
        }
    }

    #[test]
    fn is_legal_agrees_with_generation(choices in prop::collection::vec(0usize..1000, 0..120)) {
        let (g, _) = random_line(&choices);
        let mut v = Vec::new();
        g.legal_actions(&mut v);
        let mut seen = std::collections::HashSet::new();
        for &m in &v {
            prop_assert!(seen.insert(m), "duplicate move {}", g.format_action(m));
            prop_assert!(!g.pos.recreates_earlier(m));
            prop_assert!(g.pos.keeps_king_safe(m));
        }
        for from in 0..64u8 {
            for to in 0..64u8 {
                for promote in [false, true] {
                    let m = Move { from, to, promote };
                    prop_assert_eq!(g.is_legal(m), v.contains(&m));
                }
            }
        }
    }

    #[test]
    fn any_text_is_answered_without_harm(
        text in "[A-Hrnpgkbw0-9/ RNGPK]{0,40}|\\PC{0,12}",
        choices in prop::collection::vec(0usize..1000, 0..20),
    ) {
        let (mut g, _) = random_line(&choices);
        let (fen, key) = (g.fen(), g.key());
        if g.parse_action(&text).is_err() && g.set_fen(&text).is_err() {
            prop_assert_eq!(g.fen(), fen);
            prop_assert_eq!(g.key(), key);
        }
    }

    #[test]
    fn no_position_repeats_in_a_game(choices in prop::collection::vec(0usize..1000, 0..200)) {
        let (g, _) = random_line(&choices);
        let mut keys: Vec<u64> = g.history().to_vec();
        keys.push(g.key());
        let n = keys.len();
        keys.sort_unstable();
        keys.dedup();
        prop_assert_eq!(keys.len(), n);
    }
}

#[test]
fn start_position_picture() {
    let g = TurtleShell::default();
    let opts = crate::tools::render::RenderOptions {
        arrow: Some("D7E7".into()),
        targets_of: Some("C0".into()),
        cell_names: true,
        ..Default::default()
    };
    let mut g2 = g.clone();
    play(&mut g2, &["D2E2"]);
    let svg = crate::tools::render::svg(&g2, &opts).unwrap();
    crate::tools::render::tests::assert_well_formed(&svg);
    assert_eq!(svg.matches(r#"<polygon class="cell""#).count(), 64);
    assert_eq!(svg.matches(r#"class="piece""#).count(), 28);
    assert_eq!(svg.matches(r#"class="arrow""#).count(), 1);
    assert!(
        crate::tools::render::svg(&g, &opts).is_err(),
        "D7E7 is not White's move"
    );
    let svg = crate::tools::render::svg(
        &g,
        &crate::tools::render::RenderOptions {
            targets_of: Some("C0".into()),
            ..Default::default()
        },
    )
    .unwrap();
    assert_eq!(svg.matches(r#"class="target""#).count(), 1);
    assert!(svg.contains(r#"class="target" data-cell="D1""#));
    // North is up: White's king (E1) is drawn below Black's (E8).
    let y = |cell: &str| {
        let at = svg
            .find(&format!(r#"class="piece" data-cell="{cell}""#))
            .unwrap();
        let cy = svg[at..].split("cy=\"").nth(1).unwrap();
        cy[..cy.find('"').unwrap()].parse::<f64>().unwrap()
    };
    assert!(y("E1") > y("E8"));
}
