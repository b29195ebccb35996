//! The searcher checked on small games with exactly known values.

pub(crate) mod toys;

use std::time::{Duration, Instant};

use super::tt::TranspositionTable;
use super::*;
use crate::core::game::{Evaluate, Game};
use toys::{two_step_value, Nim, TicTacToe, TwoStep};

fn search_with<G: Evaluate>(
    g: &G,
    limits: &Limits,
    cfg: &SearchConfig,
) -> (SearchOutput, Vec<SearchInfo>) {
    let tt = TranspositionTable::new(1);
    let ctl = SearchControl::new(false);
    let mut infos = Vec::new();
    let out = think(g, limits, cfg, &ctl, &tt, &mut |i| infos.push(i.clone()));
    (out, infos)
}

fn search<G: Evaluate>(g: &G, depth: u32) -> (SearchOutput, Vec<SearchInfo>) {
    search_with(g, &Limits::depth(depth), &SearchConfig::default())
}

/// Plays the turn's actions as text, checking each is legal where it is played.
fn play_turn<G: Game>(g: &G, turn: &[String]) -> G {
    let mut g = g.clone();
    let side = g.to_move();
    for (i, s) in turn.iter().enumerate() {
        assert_eq!(
            g.to_move(),
            side,
            "action {i} of {turn:?} after the turn ended"
        );
        let a = g
            .parse_action(s)
            .unwrap_or_else(|e| panic!("illegal {s}: {e}"));
        g.play(a);
    }
    g
}

#[test]
fn nim_values_and_mate_distances_are_exact() {
    for pile in 1..=21u8 {
        let (out, infos) = search(&Nim::new(pile), 60);
        assert_eq!(out.turn.len(), 1);
        if pile % 4 == 0 {
            assert_eq!(out.score, Score::Mate(-(pile as i32 / 4)), "pile {pile}");
        } else {
            assert_eq!(out.turn[0], (pile % 4).to_string(), "pile {pile}");
            assert_eq!(out.score, Score::Mate(1 + pile as i32 / 4), "pile {pile}");
        }
        let last = infos.last().unwrap();
        assert_eq!(last.score, out.score);
        assert_eq!(last.pv[0], out.turn[0]);
        assert!(infos.windows(2).all(|w| w[0].depth < w[1].depth));
    }
}

#[test]
fn tic_tac_toe_start_is_a_draw() {
    let (out, _) = search(&TicTacToe::default(), 12);
    assert_eq!(out.score, Score::Cp(0));
    assert_eq!(out.turn.len(), 1);
}

#[test]
fn tic_tac_toe_takes_a_win_and_blocks_a_loss() {
    // X to move wins at c3 (top right) at once.
    let g = TicTacToe::from_rows(["XX.", "OO.", "..."]);
    let (out, _) = search(&g, 9);
    assert_eq!(out.turn, vec!["c3".to_string()]);
    assert_eq!(out.score, Score::Mate(1));
    // O to move must block the diagonal at c1; anything else loses.
    let g = TicTacToe::from_rows(["X.O", ".X.", "..."]);
    let (out, _) = search(&g, 9);
    assert_eq!(out.turn, vec!["c1".to_string()], "O blocks the diagonal");
    assert_eq!(out.score, Score::Cp(0));
}

#[test]
fn contempt_scores_a_draw_below_even_for_the_root_side_whoever_it_is() {
    let cfg = |contempt| SearchConfig {
        contempt,
        ..SearchConfig::default()
    };
    let full = Limits::depth(12);
    // X at the root: the board fills with O to move, so the draw is scored from the
    // opponent's side and flipped.
    let (out, _) = search_with(&TicTacToe::default(), &full, &cfg(30));
    assert_eq!(out.score, Score::Cp(-30));
    let (out, _) = search_with(&TicTacToe::default(), &full, &cfg(-30));
    assert_eq!(
        out.score,
        Score::Cp(30),
        "a negative contempt welcomes the draw"
    );
    // O at the root: the full board is its own node.
    let g = TicTacToe::from_rows(["...", ".X.", "..."]);
    let (out, _) = search_with(&g, &full, &cfg(30));
    assert_eq!(out.score, Score::Cp(-30));
    // Won and lost lines keep their exact values: O still blocks, X still wins at once.
    let g = TicTacToe::from_rows(["X.O", ".X.", "..."]);
    let (out, _) = search_with(&g, &full, &cfg(30));
    assert_eq!(out.turn, vec!["c1".to_string()]);
    assert_eq!(out.score, Score::Cp(-30));
    let g = TicTacToe::from_rows(["XX.", "OO.", "..."]);
    let (out, _) = search_with(&g, &full, &cfg(30));
    assert_eq!(out.turn, vec!["c3".to_string()]);
    assert_eq!(out.score, Score::Mate(1));
}

/// Exact tic-tac-toe value for the side to move with the plies to the end under best play
/// (the winner fastest, the loser slowest), by plain minimax.
fn ttt_value(g: &mut TicTacToe) -> (i32, u32) {
    if let Some(o) = g.terminal() {
        return (o.value_for(g.to_move()), 0);
    }
    let mut v = Vec::new();
    g.legal_actions(&mut v);
    if v.is_empty() {
        return (0, 0);
    }
    let mut best = (-2, 0);
    for a in v {
        let u = g.play(a);
        let (val, plies) = ttt_value(g);
        g.undo(u);
        let cand = (-val, plies + 1);
        let better = cand.0 > best.0
            || (cand.0 == best.0 && cand.0 > 0 && cand.1 < best.1)
            || (cand.0 == best.0 && cand.0 < 0 && cand.1 > best.1);
        if better {
            best = cand;
        }
    }
    best
}

#[test]
fn tic_tac_toe_scores_match_minimax_after_every_opening() {
    let mut seen = std::collections::HashSet::new();
    let mut openings = Vec::new();
    let mut v = Vec::new();
    let start = TicTacToe::default();
    start.legal_actions(&mut v);
    for &a in &v {
        for b in 0..9u8 {
            for c in 0..9u8 {
                let mut g = start.clone();
                g.play(a);
                let mut l = Vec::new();
                g.legal_actions(&mut l);
                if !l.contains(&toys::Act(b)) {
                    continue;
                }
                g.play(toys::Act(b));
                l.clear();
                g.legal_actions(&mut l);
                if !l.contains(&toys::Act(c)) {
                    continue;
                }
                g.play(toys::Act(c));
                if seen.insert((g.x, g.o)) {
                    openings.push(g);
                }
            }
        }
    }
    assert_eq!(openings.len(), 252);
    let mut wins = 0;
    for g in &mut openings {
        let (value, plies) = ttt_value(g);
        let expected = match value {
            1 => Score::Mate((plies as i32 + 1) / 2),
            -1 => Score::Mate(-(plies as i32) / 2),
            _ => Score::Cp(0),
        };
        wins += usize::from(value == 1);
        let (out, _) = search(g, 9);
        assert_eq!(out.score, expected, "{:?}", g);
        let mut after = play_turn(g, &out.turn);
        let (v_after, _) = ttt_value(&mut after);
        assert_eq!(
            -v_after, value,
            "the chosen action keeps the value: {:?}",
            g
        );
    }
    assert!(wins >= 40, "the test set holds won positions ({wins})");
}

#[test]
fn two_action_turns_are_searched_exactly() {
    let mut checked = 0;
    for a in 0..=6u8 {
        for b in 0..=6u8 {
            if a + b == 0 {
                continue;
            }
            let g = TwoStep::new(a, b);
            let (value, turns) = two_step_value(&g);
            let (out, infos) = search(&g, 40);
            let expected = if value > 0 {
                Score::Mate(turns as i32)
            } else {
                Score::Mate(-(turns as i32))
            };
            assert_eq!(out.score, expected, "piles {a} {b}");
            // The turn is whole, and after it the opponent's value is the negation.
            let after = play_turn(&g, &out.turn);
            assert!(after.to_move() != g.to_move() || after.terminal().is_some());
            if after.terminal().is_none() {
                assert_eq!(
                    two_step_value(&after).0,
                    -value,
                    "piles {a} {b}: {:?}",
                    out.turn
                );
            } else {
                assert_eq!(value, 1);
            }
            assert_eq!(infos.last().unwrap().score, out.score);
            checked += 1;
        }
    }
    assert_eq!(checked, 48);
}

#[test]
fn a_short_line_is_completed_into_a_whole_turn() {
    let g = TwoStep::new(5, 6);
    let (out, _) = search(&g, 1);
    assert_eq!(out.turn.len(), 2, "{:?}", out.turn);
    play_turn(&g, &out.turn);
}

#[test]
fn the_table_move_is_checked_against_the_legal_list() {
    // A table entry from another position under the same key must not be played.
    let g = Nim::new(2);
    let tt = TranspositionTable::new(1);
    tt.store(g.key(), Some(3), 500, false, 50, tt::Bound::Exact);
    let ctl = SearchControl::new(false);
    let out = think(
        &g,
        &Limits::depth(3),
        &SearchConfig::default(),
        &ctl,
        &tt,
        &mut |_| {},
    );
    assert!(g.parse_action(&out.turn[0]).is_ok(), "{:?}", out.turn);
}

#[test]
fn two_threads_agree_on_exact_values() {
    let cfg = SearchConfig {
        threads: 2,
        ..SearchConfig::default()
    };
    for pile in [7u8, 12, 13, 18] {
        let (out, _) = search_with(&Nim::new(pile), &Limits::depth(50), &cfg);
        let (single, _) = search(&Nim::new(pile), 50);
        assert_eq!(out.score, single.score, "pile {pile}");
        play_turn(&Nim::new(pile), &out.turn);
    }
    for (a, b) in [(3u8, 4u8), (6, 6), (2, 5)] {
        let g = TwoStep::new(a, b);
        let (out, _) = search_with(&g, &Limits::depth(40), &cfg);
        let after = play_turn(&g, &out.turn);
        let value = two_step_value(&g).0;
        if after.terminal().is_none() {
            assert_eq!(two_step_value(&after).0, -value);
        }
    }
}

#[test]
fn multipv_reports_every_line_with_its_index() {
    let cfg = SearchConfig {
        multipv: 3,
        ..SearchConfig::default()
    };
    let (out, infos) = search_with(&Nim::new(9), &Limits::depth(20), &cfg);
    let last: Vec<&SearchInfo> = infos.iter().filter(|i| i.depth == 20).collect();
    assert_eq!(last.len(), 3);
    assert_eq!(
        last.iter().map(|i| i.multipv).collect::<Vec<_>>(),
        vec![1, 2, 3]
    );
    assert_eq!(last[0].pv[0], "1");
    assert_eq!(last[0].score, Score::Mate(3));
    // Taking 2 or 3 leaves 7 or 6: the opponent wins.
    assert!(last[1..]
        .iter()
        .all(|i| matches!(i.score, Score::Mate(m) if m < 0)));
    assert_eq!(out.turn, vec!["1".to_string()]);
}

#[test]
fn searchmoves_restricts_the_root() {
    let limits = Limits {
        depth: Some(20),
        searchmoves: vec!["2".into(), "3".into(), "junk".into()],
        ..Limits::default()
    };
    let (out, _) = search_with(&Nim::new(9), &limits, &SearchConfig::default());
    assert!(out.turn[0] == "2" || out.turn[0] == "3");
    assert!(matches!(out.score, Score::Mate(m) if m < 0));
}

#[test]
fn node_limit_is_respected() {
    let limits = Limits {
        nodes: Some(300),
        ..Limits::default()
    };
    let (out, _) = search_with(&TicTacToe::default(), &limits, &SearchConfig::default());
    assert!(out.nodes <= 300, "{} nodes", out.nodes);
    assert_eq!(out.turn.len(), 1);
    play_turn(&TicTacToe::default(), &out.turn);
}

#[test]
fn stopped_before_the_first_iteration_still_plays_a_legal_action() {
    let g = TwoStep::new(9, 9);
    let tt = TranspositionTable::new(1);
    let ctl = SearchControl::new(false);
    ctl.stop();
    let out = think(
        &g,
        &Limits::default(),
        &SearchConfig::default(),
        &ctl,
        &tt,
        &mut |_| {},
    );
    assert_eq!(out.turn.len(), 2);
    play_turn(&g, &out.turn);
}

#[test]
fn infinite_search_waits_for_stop_and_movetime_is_kept() {
    let g = TwoStep::new(20, 20);
    let tt = TranspositionTable::new(1);
    let ctl = SearchControl::new(false);
    let limits = Limits {
        infinite: true,
        ..Limits::default()
    };
    let t = Instant::now();
    let out = std::thread::scope(|s| {
        s.spawn(|| {
            std::thread::sleep(Duration::from_millis(150));
            ctl.stop();
        });
        think(
            &g,
            &limits,
            &SearchConfig::default(),
            &ctl,
            &tt,
            &mut |_| {},
        )
    });
    assert!(t.elapsed() >= Duration::from_millis(150));
    assert!(t.elapsed() < Duration::from_millis(1500));
    play_turn(&g, &out.turn);

    let limits = Limits {
        movetime: Some(200),
        ..Limits::default()
    };
    let t = Instant::now();
    let (out, _) = search_with(&g, &limits, &SearchConfig::default());
    assert!(
        t.elapsed() < Duration::from_millis(700),
        "{:?}",
        t.elapsed()
    );
    play_turn(&g, &out.turn);
}

#[test]
fn pondering_waits_for_ponderhit_then_keeps_the_clock() {
    let g = TwoStep::new(20, 20);
    let tt = TranspositionTable::new(1);
    let ctl = SearchControl::new(true);
    let limits = Limits {
        ponder: true,
        movetime: Some(100),
        ..Limits::default()
    };
    let t = Instant::now();
    let out = std::thread::scope(|s| {
        s.spawn(|| {
            std::thread::sleep(Duration::from_millis(200));
            ctl.ponderhit();
        });
        think(
            &g,
            &limits,
            &SearchConfig::default(),
            &ctl,
            &tt,
            &mut |_| {},
        )
    });
    assert!(t.elapsed() >= Duration::from_millis(200));
    assert!(t.elapsed() < Duration::from_millis(1500));
    play_turn(&g, &out.turn);
}

#[test]
fn reports_carry_nodes_time_and_formatted_lines() {
    let (out, infos) = search(&TicTacToe::default(), 5);
    // One report per depth; the last one already shows the turn played with every node, so
    // no closing report repeats it.
    assert_eq!(infos.len(), 5);
    for (i, info) in infos.iter().enumerate() {
        assert_eq!(info.depth, i as u32 + 1);
        assert_eq!(info.multipv, 1);
        assert!(info.nodes > 0);
        assert!(!info.pv.is_empty());
        play_turn(&TicTacToe::default(), &info.pv[..1]);
    }
    assert_last_report_is_the_turn(&out, &infos);
    assert_eq!(out.depth, 5);
}

/// The last report shows the turn played, whole, at its head.
fn assert_last_report_is_the_turn(out: &SearchOutput, infos: &[SearchInfo]) {
    let last = infos.last().expect("a closing report");
    assert!(
        last.pv.len() >= out.turn.len() && last.pv[..out.turn.len()] == out.turn[..],
        "played {:?}, last reported {:?}",
        out.turn,
        last.pv
    );
    assert_eq!(last.score, out.score);
    assert_eq!(last.nodes, out.nodes);
}

#[test]
fn the_last_report_is_the_turn_played() {
    // The line of a depth-1 search stops inside a two-action turn; the turn is completed.
    let g = TwoStep::new(5, 6);
    let (out, infos) = search(&g, 1);
    assert_eq!(out.turn.len(), 2);
    assert_last_report_is_the_turn(&out, &infos);
    // Stopped before the first iteration: nothing was reported before the closing report.
    let tt = TranspositionTable::new(1);
    let ctl = SearchControl::new(false);
    ctl.stop();
    let mut infos = Vec::new();
    let out = think(
        &g,
        &Limits::default(),
        &SearchConfig::default(),
        &ctl,
        &tt,
        &mut |i| infos.push(i.clone()),
    );
    assert_last_report_is_the_turn(&out, &infos);
    // A node limit stops an iteration midway.
    for nodes in [50, 333, 1000] {
        let limits = Limits {
            nodes: Some(nodes),
            ..Limits::default()
        };
        let (out, infos) = search_with(&TwoStep::new(9, 9), &limits, &SearchConfig::default());
        assert_last_report_is_the_turn(&out, &infos);
    }
}

#[test]
fn reported_nodes_count_every_thread() {
    let cfg = SearchConfig {
        threads: 4,
        ..SearchConfig::default()
    };
    let (out, infos) = search_with(&TicTacToe::default(), &Limits::depth(9), &cfg);
    assert_last_report_is_the_turn(&out, &infos);
    // Counts only grow from one report to the next.
    assert!(
        infos.windows(2).all(|w| w[0].nodes <= w[1].nodes),
        "{infos:?}"
    );
}

#[test]
fn a_finished_game_returns_no_turn() {
    let g = TicTacToe::from_rows(["XXX", "OO.", "..."]);
    let (out, infos) = search(&g, 3);
    assert!(out.turn.is_empty());
    assert!(infos.is_empty());
    assert_eq!(out.score, Score::Mate(0));
}

#[test]
fn bench_is_deterministic_and_rejects_bad_input() {
    let positions = &crate::tools::bench_positions::POSITIONS[..3];
    let a = crate::tools::bench::bench(positions, 4, 4).unwrap();
    let b = crate::tools::bench::bench(positions, 4, 4).unwrap();
    assert!(a.nodes > 0);
    assert_eq!(
        a.lines, b.lines,
        "one thread and a fresh table search the same tree"
    );
    assert_eq!(a.nodes, a.lines.iter().map(|l| l.nodes).sum::<u64>());
    assert!(crate::tools::bench::bench(&[("nosuchgame", "x")], 1, 1).is_err());
    assert!(crate::tools::bench::bench(&[("chess", "not a fen")], 1, 1).is_err());
}

/// The full benchmark: `cargo test -p tessera-engine --release -- --ignored full_bench --nocapture`.
#[test]
#[ignore]
fn full_bench() {
    let depth = std::env::var("BENCH_DEPTH")
        .ok()
        .and_then(|d| d.parse().ok())
        .unwrap_or(crate::tools::bench::DEFAULT_DEPTH);
    let r =
        crate::tools::bench::bench(crate::tools::bench_positions::POSITIONS, depth, 16).unwrap();
    for l in &r.lines {
        println!("{:>10} {:?} {}", l.nodes, l.best, l.fen);
    }
    println!(
        "depth {depth}: {} nodes, {} ms, {} nodes/second",
        r.nodes,
        r.elapsed.as_millis(),
        r.nps()
    );
}

#[test]
fn every_leaf_name_is_read_back() {
    use crate::search::Leaf;
    for &name in Leaf::NAMES {
        let leaf = Leaf::from_name(name).unwrap();
        assert_eq!(leaf.searches(), !["auto", "eval"].contains(&name));
    }
    // Auto is the game's choice, or the static evaluation when the game leaves it.
    assert_eq!(Leaf::Auto.resolve(Leaf::Search(1)), Leaf::Search(1));
    assert_eq!(Leaf::Auto.resolve(Leaf::Auto), Leaf::Eval);
    assert_eq!(Leaf::Eval.resolve(Leaf::Search(1)), Leaf::Eval);
    assert_eq!(Leaf::from_name("search2"), Some(Leaf::Search(2)));
    for bad in ["search0", "search4", "search", "searchx", "Eval"] {
        assert_eq!(Leaf::from_name(bad), None, "{bad}");
    }
}

#[test]
fn a_line_is_extended_from_the_table_while_its_actions_are_legal() {
    use crate::games::chess::Chess;
    let root = Chess::new(false);
    let tt = TranspositionTable::new(1);
    let mut g = root.clone();
    let mut line = Vec::new();
    for text in ["e2e4", "e7e5", "g1f3"] {
        line.push(g.parse_action(text).unwrap());
        g.play(*line.last().unwrap());
    }
    // The table's action for the position after each prefix; after g1f3 an action that is
    // not legal there (e2e4: the pawn has gone), where the line must stop.
    let mut at = root.clone();
    for (i, &a) in line.iter().enumerate() {
        if i > 0 {
            tt.store(at.key(), Some(a.code()), 0, false, 5, tt::Bound::Exact);
        }
        at.play(a);
    }
    tt.store(
        at.key(),
        Some(line[0].code()),
        0,
        false,
        5,
        tt::Bound::Exact,
    );
    let mut pv = vec![line[0]];
    extend_from_table(&root, &mut pv, &tt, 10);
    assert_eq!(pv, line);
    let mut short = vec![line[0]];
    extend_from_table(&root, &mut short, &tt, 2);
    assert_eq!(short, line[..2]);
}

#[test]
fn a_counted_draw_rule_draws_the_static_score_toward_even() {
    use super::alphabeta::damp_by_draw_count;
    assert_eq!(damp_by_draw_count(400, Some((50, 100)), 50), 300);
    assert_eq!(damp_by_draw_count(-400, Some((100, 100)), 50), -200);
    assert_eq!(
        damp_by_draw_count(-400, Some((150, 100)), 50),
        -200,
        "the count stops at its limit"
    );
    assert_eq!(damp_by_draw_count(400, Some((0, 100)), 50), 400);
    assert_eq!(
        damp_by_draw_count(400, Some((50, 100)), 0),
        400,
        "0 turns it off"
    );
    assert_eq!(
        damp_by_draw_count(400, None, 50),
        400,
        "a game without the rule"
    );

    // A rook up in chess: the same position scores less with the fifty-move count run
    // far, and the same without the parameter.
    use crate::games::chess::Chess;
    let score = |halfmove: u32, fifty_damp: i32| {
        let fen = format!("4k3/8/8/8/8/8/8/R3K3 w - - {halfmove} 60");
        let g = Chess::from_fen(&fen, false).unwrap();
        let mut cfg = SearchConfig::default();
        cfg.params.fifty_damp = fifty_damp;
        match search_with(&g, &Limits::depth(1), &cfg).0.score {
            Score::Cp(v) => v,
            other => panic!("{other:?}"),
        }
    };
    assert_eq!(score(80, 0), score(0, 0));
    let (fresh, late) = (score(0, 50), score(80, 50));
    assert!(fresh > 300, "{fresh}");
    assert!(
        late * 4 < fresh * 3 && late * 2 > fresh,
        "{fresh} then {late}"
    );
}
