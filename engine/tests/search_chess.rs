//! The alpha-beta searcher on chess: mates found with the right distance, no pieces thrown
//! away, legal results under threads, limits and the table. Expected moves were checked with
//! Stockfish 15.1 (depth 16-22).

use tessera::core::game::{Evaluate, Game};
use tessera::games::chess::Chess;
use tessera::search::params::SearchParams;
use tessera::search::tt::TranspositionTable;
use tessera::search::{
    think, Limits, Score, SearchConfig, SearchControl, SearchInfo, SearchOutput,
};

fn chess(fen: &str) -> Chess {
    Chess::from_fen(fen, false).expect("valid FEN")
}

fn run(g: &Chess, limits: &Limits, cfg: &SearchConfig) -> (SearchOutput, Vec<SearchInfo>) {
    let tt = TranspositionTable::new(16);
    let ctl = SearchControl::new(false);
    let mut infos = Vec::new();
    let out = think(g, limits, cfg, &ctl, &tt, &mut |i| infos.push(i.clone()));
    (out, infos)
}

fn depth(g: &Chess, d: u32) -> SearchOutput {
    run(g, &Limits::depth(d), &SearchConfig::default()).0
}

fn play(g: &Chess, mv: &str) -> Chess {
    let mut g = g.clone();
    let a = g
        .parse_action(mv)
        .unwrap_or_else(|e| panic!("illegal {mv}: {e}"));
    g.play(a);
    g
}

#[test]
fn finds_mates_in_one_two_and_three() {
    let cases: &[(&str, i32)] = &[
        ("6k1/5ppp/8/8/8/8/5PPP/R5K1 w - - 0 1", 1),
        (
            "r1bqkb1r/pppp1ppp/2n2n2/4p2Q/2B1P3/8/PPPP1PPP/RNB1K1NR w KQkq - 4 4",
            1,
        ),
        ("1k6/8/1K6/8/8/8/8/7R w - - 0 1", 1),
        ("6k1/5ppp/8/8/8/8/r4PPP/1R4K1 w - - 0 1", 1),
        (
            "r2qkb1r/pp2nppp/3p4/2pNN1B1/2BnP3/3P4/PPP2PPP/R2bK2R w KQkq - 1 1",
            2,
        ),
        ("6k1/pp4p1/2p5/2bp4/8/P5Pb/1P3rrP/2BRRN1K b - - 0 1", 2),
        (
            "r1b1kb1r/pppp1ppp/5q2/4n3/3KP3/2N3PN/PPP4P/R1BQ1B1R b kq - 0 1",
            3,
        ),
        ("r5rk/5p1p/5R2/4B3/8/8/7P/7K w - - 0 1", 3),
    ];
    for &(fen, n) in cases {
        let g = chess(fen);
        let limits = Limits {
            mate: Some(n as u32),
            depth: Some(2 * n as u32 + 6),
            ..Limits::default()
        };
        let (out, infos) = run(&g, &limits, &SearchConfig::default());
        assert_eq!(out.score, Score::Mate(n), "{fen}");
        assert_eq!(infos.last().unwrap().score, Score::Mate(n));
        assert_eq!(out.turn.len(), 1);
        let after = play(&g, &out.turn[0]);
        if n == 1 {
            let o = after.outcome().expect("the move mates");
            assert_eq!(o.value_for(g.to_move()), 1, "{fen}: {o}");
        } else {
            // Every defence still loses: the reply's search sees mate against it.
            let reply = depth(&after, 2 * n as u32 + 2);
            assert_eq!(
                reply.score,
                Score::Mate(-(n - 1)),
                "{fen} after {}",
                out.turn[0]
            );
        }
    }
}

#[test]
fn getting_mated_is_scored_as_negative_mate() {
    // Black's only move, Kb8, is met by Rh8 mate.
    let g = chess("k7/8/1K6/8/8/8/8/7R b - - 0 1");
    let out = depth(&g, 6);
    assert_eq!(out.turn, vec!["a8b8".to_string()]);
    assert_eq!(out.score, Score::Mate(-1));
    assert_eq!(out.ponder.as_deref(), Some("h1h8"));
    // Here black has a long defence but no mate of its own.
    let g = chess("7k/5ppp/8/8/8/8/5PPP/R5K1 b - - 0 1");
    let out = depth(&g, 6);
    assert!(
        !matches!(out.score, Score::Mate(m) if m > 0),
        "{:?}",
        out.score
    );
    let g = chess("R5k1/5ppp/8/8/8/8/5PPP/6K1 b - - 0 1");
    assert!(g.outcome().is_some(), "checkmate");
    let (out, infos) = run(&g, &Limits::depth(3), &SearchConfig::default());
    assert!(out.turn.is_empty() && infos.is_empty());
    assert_eq!(out.score, Score::Mate(0));
}

#[test]
fn stalemate_is_a_draw_and_avoided_when_winning() {
    let g = chess("7k/8/5KQ1/8/8/8/8/8 b - - 0 1");
    let out = depth(&g, 4);
    assert!(out.turn.is_empty());
    assert_eq!(out.score, Score::Cp(0));
    // White to move must not play Qg6 (stalemate) and keeps a winning score.
    let g = chess("7k/8/5K2/8/8/8/6Q1/8 w - - 0 1");
    let out = depth(&g, 6);
    assert_ne!(out.turn[0], "g2g6");
    assert!(
        matches!(out.score, Score::Mate(m) if m > 0)
            || matches!(out.score, Score::Cp(c) if c > 500)
    );
}

#[test]
fn does_not_throw_pieces_away() {
    let cases: &[(&str, &[&str])] = &[
        // A queen left en prise is taken.
        (
            "rnb1kbnr/pppp1ppp/8/4p1q1/3P4/2N5/PPP1PPPP/R1BQKBNR w KQkq - 0 1",
            &["c1g5"],
        ),
        // A knight attacked by a pawn retreats.
        (
            "rnbqkbnr/ppp2ppp/8/3pp3/4N3/8/PPPPPPPP/R1BQKBNR w KQkq - 0 3",
            &["e4c3", "e4g3"],
        ),
        // A queen attacked by a pawn moves to a safe square.
        (
            "rnbqkbnr/ppp1pppp/8/3p4/4Q3/8/PPPP1PPP/RNB1KBNR w KQkq - 0 1",
            &[
                "e4e3", "e4f4", "e4e2", "e4a4", "e4e5", "e4f3", "e4h4", "e4d4", "e4d3",
            ],
        ),
        // A knight fork wins the rook.
        (
            "r3k2r/ppp2ppp/2n5/3N4/8/8/PPP2PPP/R3K2R w KQkq - 0 1",
            &["d5c7"],
        ),
    ];
    for &(fen, good) in cases {
        let out = depth(&chess(fen), 7);
        assert!(
            good.contains(&out.turn[0].as_str()),
            "{fen}: played {:?}",
            out.turn
        );
    }
    // The defended f7 pawn is not taken with the queen.
    let out = depth(
        &chess("r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5Q2/PPPP1PPP/RNB1KBNR w KQkq - 2 3"),
        7,
    );
    assert_ne!(out.turn[0], "f3f7");
}

/// Fine's position 70 (Lasker-Reichhelm, 1901): only 1. Kb1 wins, by opposition deep in
/// the line. A side with only its king and pawns must not pass in the search (null move):
/// there, having to move is what loses, and a pass that "proves" a cutoff hid the win (with
/// it the search played Kb2 at every depth up to 40).
#[test]
fn a_pawn_ending_that_turns_on_zugzwang_is_won() {
    let out = depth(&chess("8/k7/3p4/p2P1p2/P2P1P2/8/8/K7 w - - 0 1"), 23);
    assert_eq!(out.turn, ["a1b1"]);
    assert!(
        matches!(out.score, Score::Cp(cp) if cp > 300),
        "{:?}",
        out.score
    );
}

/// The search options that are off by default (measured, not adopted) still work: each
/// changes the tree when on, and the search still plays a legal move. The position (the
/// "Kiwipete" of perft) is sharp enough that the root fails high within depth 10, which
/// `asp_fail_high_reduce` needs.
#[test]
fn search_options_off_by_default_change_the_search_when_on() {
    let g = chess("r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1");
    let search = |params: SearchParams| {
        let cfg = SearchConfig {
            params,
            ..SearchConfig::default()
        };
        run(&g, &Limits::depth(11), &cfg).0
    };
    let base = search(SearchParams::default());
    let d = SearchParams::default();
    let options = [
        (
            "hist_prior",
            SearchParams {
                hist_prior: 100,
                ..d
            },
        ),
        (
            "hist_tt_cut",
            SearchParams {
                hist_tt_cut: 100,
                ..d
            },
        ),
        (
            "check_see_margin",
            SearchParams {
                check_see_margin: 0,
                ..d
            },
        ),
        (
            "lmr_deeper",
            SearchParams {
                lmr_deeper: 50,
                ..d
            },
        ),
        (
            "lmr_shallower",
            SearchParams {
                lmr_shallower: 1,
                ..d
            },
        ),
        ("lmr_tt_pv", SearchParams { lmr_tt_pv: 1, ..d }),
        (
            "lmr_tt_tactical",
            SearchParams {
                lmr_tt_tactical: 1,
                ..d
            },
        ),
        ("qs_tt_eval", SearchParams { qs_tt_eval: 1, ..d }),
        (
            "lmr_losing_tactical",
            SearchParams {
                lmr_losing_tactical: 1,
                ..d
            },
        ),
        (
            "lmr_cont_update",
            SearchParams {
                lmr_cont_update: 100,
                ..d
            },
        ),
        (
            "hist_bonus_margin",
            SearchParams {
                hist_bonus_margin: 100,
                ..d
            },
        ),
        (
            "asp_fail_high_reduce",
            SearchParams {
                asp_fail_high_reduce: 1,
                ..d
            },
        ),
        (
            "struct_hist",
            SearchParams {
                struct_hist: 100,
                ..d
            },
        ),
        (
            "lmr_cutoffs",
            SearchParams {
                lmr_cutoffs: 1,
                ..d
            },
        ),
        (
            "qs_evasions",
            SearchParams {
                qs_evasions: 2,
                ..d
            },
        ),
        ("rfp_blend", SearchParams { rfp_blend: 1, ..d }),
        (
            "fail_high_blend",
            SearchParams {
                fail_high_blend: 1,
                ..d
            },
        ),
        (
            "iir_cut_node",
            SearchParams {
                iir_cut_node: 1,
                ..d
            },
        ),
        ("lmr_checks", SearchParams { lmr_checks: 1, ..d }),
        (
            "corr_more",
            SearchParams {
                corr_more: 100,
                ..d
            },
        ),
        (
            "corr_cont",
            SearchParams {
                corr_cont: 100,
                ..d
            },
        ),
        (
            "probcut_margin",
            SearchParams {
                probcut_margin: 200,
                ..d
            },
        ),
        (
            "hist_prune",
            SearchParams {
                hist_prune: 1000,
                ..d
            },
        ),
        (
            "lmr_hist_div",
            SearchParams {
                lmr_hist_div: 6000,
                ..d
            },
        ),
        ("cap_fp", SearchParams { cap_fp: 150, ..d }),
        // On by default: turning it off must change the search as well.
        ("check_ext", SearchParams { check_ext: 0, ..d }),
    ];
    for (name, params) in options {
        let out = search(params);
        // `play` panics on an action that is not legal here.
        play(&g, &out.turn[0]);
        assert_ne!(out.nodes, base.nodes, "{name} changed nothing");
    }
}

#[test]
fn two_threads_return_legal_moves_and_find_the_mate() {
    let cfg = SearchConfig {
        threads: 2,
        ..SearchConfig::default()
    };
    let g = chess("r2qkb1r/pp2nppp/3p4/2pNN1B1/2BnP3/3P4/PPP2PPP/R2bK2R w KQkq - 1 1");
    let (out, _) = run(&g, &Limits::depth(6), &cfg);
    assert_eq!(out.score, Score::Mate(2));
    play(&g, &out.turn[0]);
    for fen in [
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
        "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 10",
        "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 11",
    ] {
        let g = chess(fen);
        let (out, infos) = run(&g, &Limits::depth(6), &cfg);
        let after = play(&g, &out.turn[0]);
        if let Some(p) = &out.ponder {
            play(&after, p);
        }
        for i in &infos {
            play(&g, &i.pv[0]);
        }
    }
}

#[test]
fn a_corrupt_table_move_is_never_played() {
    // Fill the table with entries whose action codes are illegal in the positions searched.
    let g = chess("r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 10");
    let tt = TranspositionTable::new(1);
    let mut v = Vec::new();
    g.legal_actions(&mut v);
    for a in v {
        let mut c = g.clone();
        c.play(a);
        // 0xffff decodes as no legal move here; depth 40 makes it look authoritative.
        tt.store(
            c.key(),
            Some(0xffff),
            0,
            false,
            40,
            tessera::search::tt::Bound::Lower,
        );
    }
    tt.store(
        g.key(),
        Some(0xfffe),
        0,
        false,
        40,
        tessera::search::tt::Bound::Exact,
    );
    let ctl = SearchControl::new(false);
    let out = think(
        &g,
        &Limits::depth(5),
        &SearchConfig::default(),
        &ctl,
        &tt,
        &mut |_| {},
    );
    play(&g, &out.turn[0]);
}

#[test]
fn limits_are_respected() {
    let g = Chess::new(false);
    let limits = Limits {
        nodes: Some(5_000),
        ..Limits::default()
    };
    let (out, _) = run(&g, &limits, &SearchConfig::default());
    assert!(out.nodes <= 5_000, "{}", out.nodes);
    play(&g, &out.turn[0]);

    let limits = Limits {
        movetime: Some(300),
        ..Limits::default()
    };
    let t = std::time::Instant::now();
    let (out, _) = run(&g, &limits, &SearchConfig::default());
    assert!(t.elapsed().as_millis() < 1_000, "{:?}", t.elapsed());
    play(&g, &out.turn[0]);

    // On a clock: 1 s left, no increment, a share of it is used.
    let limits = Limits {
        wtime: Some(1_000),
        btime: Some(1_000),
        ..Limits::default()
    };
    let t = std::time::Instant::now();
    let (out, _) = run(&g, &limits, &SearchConfig::default());
    assert!(t.elapsed().as_millis() < 400, "{:?}", t.elapsed());
    play(&g, &out.turn[0]);

    // searchmoves restricts the root.
    let limits = Limits {
        depth: Some(4),
        searchmoves: vec!["a2a3".into(), "h2h3".into()],
        ..Limits::default()
    };
    let (out, infos) = run(&g, &limits, &SearchConfig::default());
    assert!(out.turn[0] == "a2a3" || out.turn[0] == "h2h3");
    assert!(infos.iter().all(|i| i.pv[0] == "a2a3" || i.pv[0] == "h2h3"));
}

#[test]
fn multipv_lines_are_distinct_and_ordered() {
    let g = Chess::new(false);
    let cfg = SearchConfig {
        multipv: 4,
        ..SearchConfig::default()
    };
    let (_, infos) = run(&g, &Limits::depth(5), &cfg);
    let last: Vec<&SearchInfo> = infos.iter().filter(|i| i.depth == 5).collect();
    assert_eq!(last.len(), 4);
    let firsts: std::collections::HashSet<&str> = last.iter().map(|i| i.pv[0].as_str()).collect();
    assert_eq!(firsts.len(), 4);
    let cp = |s: Score| match s {
        Score::Cp(c) => c,
        Score::Mate(_) => panic!("no mate at the start"),
    };
    assert!(last.windows(2).all(|w| cp(w[0].score) >= cp(w[1].score)));
}

#[test]
fn evaluation_prefers_sound_development() {
    let g = Chess::new(false);
    let e = g.evaluate();
    assert!(e.abs() < 50);
    let out = depth(&g, 6);
    assert!(
        matches!(out.score, Score::Cp(c) if c.abs() < 100),
        "{:?}",
        out.score
    );
}

/// The table carries what a search learnt (ordering tables, correction history) to the next
/// search, and clearing it (`ucinewgame`) forgets all of it: a search repeats exactly.
#[test]
fn a_search_repeats_exactly_from_a_cleared_table_and_learns_from_the_last_one() {
    let g = chess("r1bqkb1r/pppp1ppp/2n2n2/4p3/2B1P3/5N2/PPPP1PPP/RNBQK2R w KQkq - 4 4");
    let tt = TranspositionTable::new(16);
    let ctl = SearchControl::new(false);
    let cfg = SearchConfig::default();
    let nodes = |limits: &Limits| think(&g, limits, &cfg, &ctl, &tt, &mut |_| {}).nodes;
    let first = nodes(&Limits::depth(9));
    let again = nodes(&Limits::depth(9));
    assert!(
        again < first,
        "the table and the tables kept: {again} vs {first}"
    );
    tt.clear();
    assert_eq!(nodes(&Limits::depth(9)), first);
    // A new table starts from nothing too.
    let mut fresh = Vec::new();
    for _ in 0..2 {
        let tt = TranspositionTable::new(16);
        fresh.push(think(&g, &Limits::depth(9), &cfg, &ctl, &tt, &mut |_| {}).nodes);
    }
    assert_eq!(fresh, [first, first]);
}
