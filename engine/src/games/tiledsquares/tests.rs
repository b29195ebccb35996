//! Rule tests (each special rule on a position built for it), draws, text forms, pictures,
//! the evaluation's symmetry, and property tests of the `Game` contracts.

use proptest::prelude::*;

use super::*;
use crate::core::game::Evaluate;
use crate::kits::chessboard::parse_square;

fn game(fen: &str) -> TiledSquares {
    TiledSquares::from_fen(fen, false).unwrap_or_else(|e| panic!("{fen}: {e}"))
}

fn anti_game(fen: &str) -> TiledSquares {
    TiledSquares::from_fen(fen, true).unwrap_or_else(|e| panic!("{fen}: {e}"))
}

fn legal(g: &TiledSquares) -> Vec<String> {
    let mut v = Vec::new();
    g.legal_actions(&mut v);
    let mut s: Vec<String> = v.into_iter().map(|a| g.format_action(a)).collect();
    s.sort();
    s
}

fn has(g: &TiledSquares, a: &str) -> bool {
    legal(g).iter().any(|x| x == a)
}

fn play(g: &mut TiledSquares, actions: &[&str]) {
    for a in actions {
        let m = g.parse_action(a).unwrap_or_else(|e| panic!("{a}: {e}"));
        g.play(m);
    }
}

fn sq(name: &str) -> u64 {
    1u64 << parse_square(name).unwrap()
}

#[test]
fn start_position_is_the_fide_fen_with_four_untiled_ranks() {
    let g = TiledSquares::default();
    assert_eq!(g.fen(), START_FEN);
    assert_eq!(g.tiles(), 0xffff_0000_0000_ffff);
    assert_eq!(g.owned_tiles(Player::White), 0xffff);
    assert_eq!(g.holes().count_ones(), 32);
    // Nothing can move onto ranks 3 to 6 yet: the only actions are 32 tile drops.
    let l = legal(&g);
    assert_eq!(l.len(), 32);
    assert!(l.iter().all(|a| a.starts_with("$-")));
    let mut g = g;
    for (depth, n) in [(1, 32), (2, 1012), (3, 32_612)] {
        assert_eq!(crate::tools::perft::perft(&mut g, depth), n);
    }
}

#[test]
fn pieces_land_only_on_tiles_and_pass_over_holes() {
    let mut g = TiledSquares::default();
    assert!(g
        .parse_action("g1f3")
        .unwrap_err()
        .0
        .contains("has no tile"));
    play(&mut g, &["$-f3"]);
    assert!(!has(&g, "g8f6"));
    play(&mut g, &["%-f6"]);
    // The knight lands on White's own tile; the pawn steps onto it too.
    assert!(has(&g, "g1f3") && has(&g, "f2f3"));
    play(&mut g, &["$-b5"]);
    // Black's pawn double-steps over the hole on b6 onto the new tile.
    let onto_b5: Vec<String> = legal(&g)
        .into_iter()
        .filter(|a| a.ends_with("b5"))
        .collect();
    assert_eq!(onto_b5, ["b7b5"]);
    // A rook slides along holes to the far tile.
    let g = game("4k3/8/r7/8/8/8/8/R3K3 w - - 0 1");
    let rook: Vec<String> = legal(&g)
        .into_iter()
        .filter(|a| a.starts_with("a1"))
        .collect();
    assert_eq!(rook, ["a1a6"]);
    let g = game("4k3/8/r7/8/$7/8/8/R3K3 w - - 0 1");
    let rook: Vec<String> = legal(&g)
        .into_iter()
        .filter(|a| a.starts_with("a1"))
        .collect();
    assert_eq!(rook, ["a1a4", "a1a6"]);
}

#[test]
fn the_king_lands_anywhere_safe_and_tiles_it() {
    // In check from the bishop on h7 across holes; the rook on a5 sweeps rank 5; d3 is on
    // the bishop's line behind the king.
    let g = game("4k3/7b/8/r7/4K3/8/8/8 w - - 0 1");
    assert_eq!(legal(&g), ["e4d4", "e4e3", "e4f3", "e4f4"]);
    let mut g = g;
    play(&mut g, &["e4d4"]);
    assert!(g.tiles() & sq("d4") != 0);
    assert!(g.owned_tiles(Player::White) & sq("d4") != 0);
    // The cell it left stays a tile, White's.
    assert!(g.owned_tiles(Player::White) & sq("e4") != 0);
    assert_eq!(g.fen(), "4k3/7b/8/r7/3K$3/8/8/8 b - - 1 1");
    // The king cannot land next to the enemy king, tile or not.
    let g = game("8/8/3k4/8/3K4/8/8/7R b - - 0 1");
    let king: Vec<String> = legal(&g)
        .into_iter()
        .filter(|a| a.starts_with("d6"))
        .collect();
    assert_eq!(king, ["d6c6", "d6c7", "d6d7", "d6e6", "d6e7"]);
    assert!(has(&g, "d6c7") && has(&g, "d6e6"));
}

#[test]
fn pawns_need_tiles_and_double_steps_pass_holes() {
    let g = game("4k3/pppppppp/8/8/1$2$3/2$5/PPPPPPPP/4K3 w - - 0 1");
    let pawns: Vec<String> = legal(&g)
        .into_iter()
        .filter(|a| a.as_bytes()[1] == b'2' && a.len() == 4 && !a.starts_with('$'))
        .filter(|a| !a.starts_with("e1"))
        .collect();
    assert_eq!(pawns, ["b2b4", "c2c3", "e2e4"]);
    // An anti-tile on the crossed cell blocks the double step.
    let g = anti_game("4k3/pppppppp/8/8/1$2$3/2$1*3/PPPPPPPP/4K3 w - - 0 1");
    assert!(!has(&g, "e2e4") && has(&g, "b2b4"));
}

#[test]
fn en_passant_needs_a_tile_to_land_on() {
    let base = "4k3/3p1p2/5%2/3$P$2/8/8/8/4K3 b - - 0 1";
    let mut g = game(base);
    play(&mut g, &["d7d5"]);
    assert!(!has(&g, "e5d6"));
    assert_eq!(g.fen().split(' ').nth(3), Some("-"));
    let mut g = game(base);
    play(&mut g, &["f7f5"]);
    assert_eq!(g.fen().split(' ').nth(3), Some("f6"));
    play(&mut g, &["e5f6"]);
    // The captured pawn's cell stays a tile owned by its last occupant.
    assert!(g.fen().starts_with("4k3/3p1%2/5P2/3$$%2/"), "{}", g.fen());
    // A FEN naming an untiled en-passant square gives no capture.
    let g = game("4k3/3%4/5%2/3pP$2/8/8/8/4K3 w - d6 0 1");
    assert!(!has(&g, "e5d6"));
    assert_eq!(g.fen().split(' ').nth(3), Some("-"));
}

#[test]
fn castling_needs_the_rooks_landing_cell_tiled() {
    let g = game("r3k2r/pppppppp/8/8/8/8/PPPPPPPP/R3K2R w KQkq - 0 1");
    assert!(!has(&g, "e1g1") && !has(&g, "e1c1"));
    let mut g = game("r2%k%1r/pppppppp/8/8/8/8/PPPPPPPP/R2$K$1R w KQkq - 0 1");
    assert!(has(&g, "e1g1") && has(&g, "e1c1"));
    play(&mut g, &["e1g1", "e8c8"]);
    // The king tiled g1 (c8) and both own their landing cells.
    assert_eq!(
        g.fen(),
        "%1kr%%1r/pppppppp/8/8/8/8/PPPPPPPP/R2$$RK$ w - - 2 2"
    );
    // Through an attacked cell: a rook on f8 sweeping the f-file across holes.
    let g = game("4kr2/8/8/8/8/8/8/R2$K$1R w KQ - 0 1");
    assert!(!has(&g, "e1g1") && has(&g, "e1c1"));
    // Anti-tiles between king and rook block it.
    let g = anti_game("4k3/8/8/8/8/8/8/R*1$K$*R w KQ - 0 1");
    assert!(!has(&g, "e1g1") && !has(&g, "e1c1"));
}

#[test]
fn removal_follows_the_last_occupant() {
    // Black's knight stands on e3, a tile White once dropped: it is Black's now.
    let mut g = game("4k3/8/8/3n4/6$1/2$1n3/8/4K2R b K - 0 1");
    assert!(!has(&g, "-c3"), "Black cannot take White's tile");
    play(&mut g, &["e3g4"]);
    assert!(!has(&g, "-e3"), "White cannot take Black's tile");
    assert!(has(&g, "-c3"));
    play(&mut g, &["-c3"]);
    assert!(has(&g, "-e3"));
    play(&mut g, &["-e3"]);
    assert_eq!(g.fen(), "4k3/8/8/3n4/6n1/8/8/4K2R w K - 3 3");
    // An enemy piece standing on a tile and leaving makes it the enemy's.
    let mut g = game("4k3/8/8/8/8/2$5/K7/6Nr b - - 0 1");
    play(&mut g, &["h1g1", "-c3", "g1h1"]);
    assert!(g.owned_tiles(Player::Black) & sq("g1") != 0);
}

#[test]
fn tile_actions_never_answer_a_check() {
    let g = game("4k3/4r3/8/8/8/2$1$3/8/R3K2Q w Q - 0 1");
    assert_eq!(legal(&g), ["e1d1", "e1d2", "e1f1", "e1f2"]);
    assert!(g.parse_action("$-a4").unwrap_err().0.contains("check"));
    // With anti-tiles, one dropped on a hole between king and rook blocks it.
    let g = anti_game("4k3/4r3/8/8/8/2$1$3/8/R3K2Q w Q - 0 1");
    let anti: Vec<String> = legal(&g)
        .into_iter()
        .filter(|a| a.starts_with('*'))
        .collect();
    assert_eq!(anti, ["*-e2", "*-e4", "*-e5", "*-e6"]);
    assert!(g
        .parse_action("*-a3")
        .unwrap_err()
        .0
        .contains("does not block"));
}

#[test]
fn pins_hold_across_holes() {
    let g = game("4k3/8/4r3/8/3$1$2/2$3$1/4N3/4K3 w - - 0 1");
    assert!(!legal(&g).iter().any(|a| a.starts_with("e2")));
    // An anti-tile in between is a blocker: the knight is free.
    let g = anti_game("4k3/8/4r3/4*3/3$1$2/2$3$1/4N3/4K3 w - - 0 1");
    assert!(has(&g, "e2c3") && has(&g, "e2g3"));
}

#[test]
fn promotion_onto_a_tile_or_by_capture() {
    let g = game("1n2k2%/P6P/8/8/8/8/8/4K3 w - - 0 1");
    let promos: Vec<String> = legal(&g).into_iter().filter(|a| a.len() == 5).collect();
    assert_eq!(
        promos,
        ["a7b8b", "a7b8n", "a7b8q", "a7b8r", "h7h8b", "h7h8n", "h7h8q", "h7h8r"]
    );
}

#[test]
fn anti_tiles_block_sliders_and_only_the_king_lands_on_them() {
    let mut g = anti_game("4k3/8/8/8/3*1*2/3*K3/3**3/7r w - - 0 1");
    assert!(has(&g, "e3d4") && has(&g, "e3d2"));
    play(&mut g, &["e3d4"]);
    assert!(g.tiles() & sq("d4") != 0 && g.anti_tile_cells() & sq("d4") == 0);
    // A rook stops in front of an anti-tile; a knight jumps it.
    let fen = "4k3/8/8/8/R1*1$3/2$5/1**5/1N2K3 w - - 0 1";
    let g = anti_game(fen);
    assert!(!has(&g, "a4e4"));
    assert!(has(&g, "b1c3"));
    // Anti-tiles need the option.
    assert!(TiledSquares::from_fen(fen, false).is_err());
    assert!(TiledSquares::default().parse_action("*-e4").is_err());
}

#[test]
fn draws_by_rule() {
    // Tile actions are quiet moves for the fifty-move rule.
    let mut g = game("4k3/4p3/8/8/8/8/4P3/4K3 w - - 98 60");
    play(&mut g, &["$-a3"]);
    assert!(g.terminal().is_none());
    play(&mut g, &["%-a6"]);
    assert_eq!(g.terminal().unwrap().reason(), "fifty-move rule");
    // Tiles and owners are part of a repeated position.
    let mut g = game("4k3/4p3/8/8/8/8/4P3/4K3 w - - 0 1");
    for _ in 0..2 {
        play(&mut g, &["$-a3", "%-a6", "-a3", "-a6"]);
    }
    assert_eq!(g.terminal().unwrap().reason(), "threefold repetition");
    // A tile dropped by the other side is a different position.
    let mut a = game("4k3/4p3/8/8/8/8/4P3/4K3 w - - 0 1");
    let mut b = a.clone();
    play(&mut a, &["$-a3", "%-h6"]);
    play(&mut b, &["$-h6", "%-a3"]);
    assert_ne!(a.key(), b.key());
    let g = game("4k3/8/8/8/8/8/8/3NK3 w - - 0 1");
    assert_eq!(g.terminal().unwrap().reason(), "insufficient material");
    assert!(legal(&g).is_empty());
}

#[test]
fn checkmate_and_stalemate() {
    // Every empty cell is a White tile: Black has no hole to tile and nothing to remove.
    let full = |rows: [&str; 8], side: &str| format!("{} {side} - - 0 1", rows.join("/"));
    let stale = full(
        [
            "$$$$$$$k", "$$$$$K$$", "$$$$$$Q$", "$$$$$$$$", "$$$$$$$$", "$$$$$$$$", "$$$$$$$$",
            "$$$$$$$$",
        ],
        "b",
    );
    let g = game(&stale);
    assert!(legal(&g).is_empty());
    assert_eq!(g.outcome().unwrap().reason(), "stalemate");
    // One hole is enough to escape stalemate by dropping a tile.
    let g = game(&stale.replacen("$$$$$$$$", "1$$$$$$$", 1));
    assert_eq!(legal(&g), ["%-a5"]);
    let mate = full(
        [
            "$$$$$$$k", "$$$$$$Q$", "$$$$$K$$", "$$$$$$$$", "$$$$$$$$", "$$$$$$$$", "$$$$$$$$", "8",
        ],
        "b",
    );
    let g = game(&mate);
    assert!(legal(&g).is_empty());
    let o = g.outcome().unwrap();
    assert_eq!((o.reason(), o.value_for(Player::White)), ("checkmate", 1));
}

#[test]
fn notation_and_errors() {
    let mut g = TiledSquares::default();
    let e = |g: &TiledSquares, s: &str| g.parse_action(s).unwrap_err().0;
    assert!(e(&g, "%-e4").contains("'$'"));
    assert!(e(&g, "$-e2").contains("not a hole"));
    assert!(e(&g, "-e2").contains("not an empty tile"));
    assert!(e(&g, "$-e9").contains("square"));
    assert!(e(&g, "e2e3").contains("has no tile"));
    assert!(e(&g, "e7e5").contains("not yours"));
    assert!(e(&g, "e4e5").contains("no piece"));
    for bad in [
        "", "e2", "$e4", "$--e4", "e2e4qq", "E2E4", "#-e4", "ê2e4", "-", "$-",
    ] {
        assert!(g.parse_action(bad).is_err(), "{bad}");
    }
    play(&mut g, &["$-e4", "%-e5", "e2e4", "e7e5"]);
    assert_eq!(
        g.fen(),
        "rnbqkbnr/pppp%ppp/8/4p3/4P3/8/PPPP$PPP/RNBQKBNR w KQkq - 0 3"
    );
    let m = g.parse_action("-e2").unwrap();
    assert_eq!(g.format_action(m), "-e2");
}

#[test]
fn bad_fens_change_nothing() {
    let mut g = TiledSquares::default();
    for fen in [
        "",
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq",
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR x KQkq - 0 1",
        "rnbqkbnr/pppppppp/9/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
        "rnbqkbnr/pppppppp/$$$$$$$$$/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQ1BNR w KQkq - 0 1",
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBN1 w KQkq - 0 1",
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq e3 0 1",
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkqK - 0 1",
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w HAha - 0 1",
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNP w - - 0 1",
        "4k3/8/8/8/8/8/8/4K2r b - - 0 1",
        "4k3/8/8/8/*7/8/8/4K3 w - - 0 1",
        "4k3/8/8/8/&7/8/8/4K3 w - - 0 1",
    ] {
        assert!(g.set_fen(fen).is_err(), "{fen}");
        assert_eq!(g.fen(), START_FEN);
    }
}

#[test]
fn options_through_the_registry() {
    let mut opts = VariantOptions::new();
    opts.set(ANTI_TILES_OPTION, "true");
    let mut s = crate::faces::registry::create("tiledsquares", &opts).unwrap();
    assert_eq!(s.legal_actions().len(), 64);
    s.play_str("*-e4").unwrap();
    assert!(s.fen().starts_with("rnbqkbnr/pppppppp/8/8/4*3/"));
    assert_eq!(s.perft(1), 62);
    opts.set(WEIGHTS_OPTION, "mobility=1/2/3/4,tempo=0");
    assert!(crate::faces::registry::create("tiledsquares", &opts).is_ok());
    for bad in ["mobility=1/2", "nonsense=3", "tempo", "tempo=x"] {
        assert!(Weights::parse(bad).is_err(), "{bad}");
        assert!(OPTIONS[1].validate(bad).is_err(), "{bad}");
    }
    let w = Weights::parse(" king_front_hole = -7 , values=1/2/3/4/5").unwrap();
    assert_eq!((w.king_front_hole, w.values), (-7, [1, 2, 3, 4, 5]));
}

#[test]
fn pictures_show_holes_owners_and_anti_tiles() {
    let mut g = anti_game(START_FEN);
    play(&mut g, &["$-e4", "*-d5"]);
    let marks = g.cell_marks();
    let count = |f: &dyn Fn(&CellMark) -> bool| marks.iter().filter(|(_, m)| f(m)).count();
    assert_eq!(count(&|m| *m == CellMark::Hole), 30);
    assert_eq!(count(&|m| *m == CellMark::Owner(Player::White)), 1);
    assert_eq!(count(&|m| matches!(m, CellMark::Note(n) if n == "*")), 1);
    let text = g.display();
    assert!(
        text.contains("4 |   |   |   |   | $ |   |   |   |"),
        "{text}"
    );
    assert!(text.contains("5 |   |   |   | * |"), "{text}");
    assert!(
        !text.contains("to move"),
        "d prints the side to move itself"
    );
    assert!(text.contains("anti-tiles: 1"));
    let svg = crate::tools::render::svg(&g, &Default::default()).unwrap();
    crate::tools::render::tests::assert_well_formed(&svg);
    assert_eq!(svg.matches(r#"class="owner""#).count(), 1);
    assert_eq!(svg.matches(r#"class="piece""#).count(), 32);
    assert_eq!(svg.matches(r#"class="note""#).count(), 1);
    let ring = crate::tools::render::RenderOptions {
        arrow: Some("$-f3".into()),
        ..Default::default()
    };
    assert_eq!(
        crate::tools::render::svg(&g, &ring)
            .unwrap()
            .matches(r#"class="drop""#)
            .count(),
        1
    );
}

/// The same position with colours swapped and the board mirrored across the middle rank.
fn mirror(fen: &str) -> String {
    crate::kits::chessboard::fen::mirror(fen, |c| match c {
        '$' => '%',
        '%' => '$',
        c if c.is_ascii_uppercase() => c.to_ascii_lowercase(),
        c => c.to_ascii_uppercase(),
    })
}

#[test]
fn evaluation_is_colour_symmetric_along_random_games() {
    crate::kits::chessboard::testing::assert_evaluation_symmetric(
        || TiledSquares::new(true),
        |fen| TiledSquares::from_fen(&mirror(fen), true).unwrap(),
        3,
        20,
        80,
    );
}

#[test]
fn evaluation_counts_material_and_mobility() {
    let g = TiledSquares::default();
    assert_eq!(g.evaluate(), Weights::default().tempo);
    let q = game("rnb1kbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1");
    assert!(q.evaluate() > 800);
    // A knight with tiles to jump to is worth more than one without.
    let a = game("4k3/pppppppp/8/8/8/2$2$2/PPPPPPPP/1N2K3 w - - 0 1");
    let b = game("4k3/pppppppp/8/8/8/8/PPPPPPPP/1N2K3 w - - 0 1");
    assert!(a.evaluate() > b.evaluate());
}

#[test]
fn static_exchange_and_ordering() {
    // Rook takes a pawn defended by a pawn across holes: loses the exchange.
    let g = game("4k3/8/3p4/4p3/8/8/8/4R1K1 w - - 0 1");
    let m = g.parse_action("e1e5").unwrap();
    assert_eq!(g.see(m), 100 - 500);
    assert!(g.order_score(m) < 0);
    let g = game("4k3/8/8/4p3/8/8/8/4R1K1 w - - 0 1");
    assert_eq!(g.see(g.parse_action("e1e5").unwrap()), 100);
}

#[test]
fn tactical_actions_are_the_tactical_legal_actions() {
    use rand_core::{RngCore, SeedableRng};
    let mut rng = rand_xoshiro::Xoshiro256PlusPlus::seed_from_u64(8);
    for start in [
        START_FEN,
        "r3k2r/p1pp%p1p/1$6/2%1$3/Q2$2%1/2$5/PPP2PPP/R3K2R w KQkq - 0 1",
        "1n2k2%/P6P/8/8/8/8/8/4K3 w - - 0 1",
    ] {
        for _ in 0..10 {
            let mut g = anti_game(start);
            for _ in 0..60 {
                let mut all = Vec::new();
                g.legal_actions(&mut all);
                let mut want: Vec<u16> = all
                    .iter()
                    .filter(|&&a| g.is_tactical(a))
                    .map(|a| a.bits())
                    .collect();
                let mut got = Vec::new();
                g.tactical_actions(&mut got);
                let mut got: Vec<u16> = got.iter().map(|a| a.bits()).collect();
                want.sort_unstable();
                got.sort_unstable();
                assert_eq!(got, want, "{}", g.fen());
                if all.is_empty() {
                    break;
                }
                g.play(all[rng.next_u64() as usize % all.len()]);
            }
        }
    }
}

/// A game played by following `choices`, preferring piece moves so positions get varied.
fn random_line(anti: bool, choices: &[usize]) -> TiledSquares {
    let mut g = TiledSquares::new(anti);
    for &c in choices {
        let mut v = Vec::new();
        g.legal_actions(&mut v);
        if v.is_empty() {
            break;
        }
        let moves: Vec<Move> = v.iter().copied().filter(|m| m.is_piece_move()).collect();
        let m = if c % 3 != 0 && !moves.is_empty() {
            moves[c / 3 % moves.len()]
        } else {
            v[c % v.len()]
        };
        g.play(m);
    }
    g
}

/// Every action value of the encoding that names cells: piece moves of each kind and tile
/// actions on each cell.
fn all_encodings() -> Vec<Move> {
    let mut out = Vec::new();
    for from in 0..64u8 {
        out.push(Move::drop_tile(from));
        out.push(Move::remove_tile(from));
        out.push(Move::drop_anti(from));
        for to in 0..64u8 {
            out.push(Move::normal(from, to));
            out.push(Move::en_passant(from, to));
            out.push(Move::castling(from, to));
            for k in [
                PieceKind::Knight,
                PieceKind::Bishop,
                PieceKind::Rook,
                PieceKind::Queen,
            ] {
                out.push(Move::promotion(from, to, k));
            }
        }
    }
    out
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(48))]

    #[test]
    fn play_undo_restores_everything(
        anti in any::<bool>(),
        choices in prop::collection::vec(0usize..10_000, 0..160),
    ) {
        let mut g = TiledSquares::new(anti);
        let mut stack = Vec::new();
        let mut snapshots = Vec::new();
        for &c in &choices {
            let mut v = Vec::new();
            g.legal_actions(&mut v);
            if v.is_empty() {
                break;
            }
            snapshots.push((g.fen(), g.key(), g.history.len()));
            stack.push(g.play(v[c % v.len()]));
            prop_assert_eq!(g.key(), g.recompute_key());
        }
        while let Some(u) = stack.pop() {
            g.undo(u);
            let (fen, key, n) = snapshots.pop().unwrap();
            prop_assert_eq!(g.fen(), fen);
            prop_assert_eq!(g.key(), key);
            prop_assert_eq!(g.history.len(), n);
        }
        prop_assert_eq!(g.fen(), START_FEN);
    }

    #[test]
    fn invariants_hold_along_games(
        anti in any::<bool>(),
        choices in prop::collection::vec(0usize..10_000, 0..200),
    ) {
        let g = random_line(anti, &choices);
        let p = g.position();
        // Every piece stands on a tile its side owns; anti-tiles are neither.
        prop_assert_eq!(p.by_color[0] & !p.floor.white_tiles, 0);
        prop_assert_eq!(p.by_color[1] & p.floor.white_tiles, 0);
        prop_assert_eq!(p.occupied() & !p.floor.tiles, 0);
        prop_assert_eq!(p.floor.white_tiles & !p.floor.tiles, 0);
        prop_assert_eq!(p.floor.anti & (p.floor.tiles | p.occupied()), 0);
        if !anti {
            prop_assert_eq!(p.floor.anti, 0);
        }
    }

    #[test]
    fn text_forms_round_trip(
        anti in any::<bool>(),
        choices in prop::collection::vec(0usize..10_000, 0..160),
    ) {
        let g = random_line(anti, &choices);
        let fen = g.fen();
        let again = TiledSquares::from_fen(&fen, anti).unwrap();
        prop_assert_eq!(again.fen(), fen.clone());
        prop_assert_eq!(again.key(), g.key());
        // The FEN carries everything but the repetition window.
        let mut p = *g.position();
        p.rep_window = 0;
        prop_assert_eq!(again.position(), &p);
        let mut v = Vec::new();
        g.legal_actions(&mut v);
        for m in v {
            let s = g.format_action(m);
            prop_assert_eq!(g.parse_action(&s), Ok(m));
        }
    }

    #[test]
    fn is_legal_agrees_with_generation(
        anti in any::<bool>(),
        choices in prop::collection::vec(0usize..10_000, 0..160),
    ) {
        let g = random_line(anti, &choices);
        let mut v = Vec::new();
        g.legal_actions(&mut v);
        prop_assert_eq!(v.len() as u64, g.count_actions());
        let set: std::collections::HashSet<Move> = v.iter().copied().collect();
        prop_assert_eq!(set.len(), v.len());
        for m in all_encodings() {
            prop_assert_eq!(g.is_legal(m), set.contains(&m), "{:?} in {}", m, g.fen());
        }
    }

    #[test]
    fn any_text_is_answered_without_harm(
        text in "[a-h1-9$%*/ -]{0,12}|[rnbqkpRNBQKP1-8$%*/]{0,40} [wb] [KQkq-]{1,4} [a-h36-]{1,2}|\\PC{0,12}",
        choices in prop::collection::vec(0usize..10_000, 0..30),
    ) {
        let mut g = random_line(false, &choices);
        let (fen, key) = (g.fen(), g.key());
        if g.parse_action(&text).is_err() && g.set_fen(&text).is_err() {
            prop_assert_eq!(g.fen(), fen);
            prop_assert_eq!(g.key(), key);
        }
    }
}

#[test]
fn weights_are_a_param_table() {
    use crate::core::param_table::{self, testing};
    let start = TiledSquares::default();
    let positions = testing::random_positions(&start, 11, 40);
    testing::check_table("tiledsquares", &positions, 3.0);
    // TiledWeights and EvalWeights name the same numbers.
    let t = start.eval_weights().unwrap();
    let names = param_table::names(t);
    assert_eq!(names.len(), 59);
    assert_eq!(names[5], "mobility.0");
    let w = Weights::parse("mobility=1/2/3/4,tempo=0").unwrap();
    let mut g = TiledSquares::default();
    param_table::apply_weights(
        &mut g,
        &param_table::parse_json(
            r#"{"mobility.0": 1, "mobility.1": 2, "mobility.2": 3, "mobility.3": 4, "tempo": 0}"#,
        )
        .unwrap()
        .values,
    )
    .unwrap();
    assert_eq!(*g.weights(), w);
}
