//! Playing strength of the Turtle Shell evaluation under the generic alpha-beta searcher:
//! against a one-ply greedy player and against a shallower copy of itself. Slow, so ignored:
//! `cargo test -p tessera-engine --release --test turtleshell_play -- --ignored --nocapture`.

use rand_core::{RngCore, SeedableRng};
use rand_xoshiro::Xoshiro256PlusPlus;

use tessera::games::turtleshell::{Move, NoMoveRule, TurtleShell, Weights};
use tessera::search::tt::TranspositionTable;
use tessera::search::{think, Limits, SearchConfig, SearchControl};
use tessera::{Evaluate, Game, Player};

/// A way of choosing moves.
enum Chooser {
    Search {
        depth: u32,
        tt: Box<TranspositionTable>,
        weights: Weights,
    },
    /// Takes an immediate win, else the move after which the static evaluation is best,
    /// ties broken at random.
    Greedy,
}

impl Chooser {
    fn search(depth: u32) -> Chooser {
        Chooser::with_weights(depth, Weights::default())
    }

    fn with_weights(depth: u32, weights: Weights) -> Chooser {
        Chooser::Search {
            depth,
            tt: Box::new(TranspositionTable::new(16)),
            weights,
        }
    }

    fn choose(&self, g: &TurtleShell, rng: &mut Xoshiro256PlusPlus) -> Move {
        match self {
            Chooser::Search { depth, tt, weights } => {
                let ctl = SearchControl::new(false);
                let mut g = g.clone();
                g.set_weights(*weights);
                let out = think(
                    &g,
                    &Limits::depth(*depth),
                    &SearchConfig::default(),
                    &ctl,
                    tt,
                    &mut |_| {},
                );
                g.parse_action(&out.turn[0])
                    .expect("the searcher plays legal moves")
            }
            Chooser::Greedy => {
                let mut moves = Vec::new();
                g.legal_actions(&mut moves);
                let mut best = (i64::MIN, moves[0]);
                for m in moves {
                    let mut after = g.clone();
                    after.play(m);
                    let score = match after.outcome() {
                        Some(o) => o.value_for(g.to_move()) as i64 * 1_000_000,
                        None => -(after.evaluate() as i64),
                    };
                    let score = score * 16 + (rng.next_u32() % 16) as i64;
                    if score > best.0 {
                        best = (score, m);
                    }
                }
                best.1
            }
        }
    }
}

/// Plays one game from the start after `random_plies` random moves; +1 when `white` wins,
/// -1 when `black` wins, 0 when the ply limit is reached. Also returns the plies played.
fn play_game(
    white: &Chooser,
    black: &Chooser,
    random_plies: usize,
    rng: &mut Xoshiro256PlusPlus,
) -> (i32, usize, String) {
    let mut g = TurtleShell::new(NoMoveRule::Loss);
    let mut plies = 0;
    let verbose = std::env::var("TS_VERBOSE").is_ok();
    while g.outcome().is_none() && plies < 400 {
        let m = if plies < random_plies {
            let mut moves = Vec::new();
            g.legal_actions(&mut moves);
            moves[rng.next_u32() as usize % moves.len()]
        } else if g.to_move() == Player::White {
            white.choose(&g, rng)
        } else {
            black.choose(&g, rng)
        };
        if verbose {
            print!("{} ", g.format_action(m));
        }
        g.play(m);
        plies += 1;
    }
    if verbose {
        println!("\n{}", g.display());
    }
    match g.outcome() {
        Some(o) => (o.value_for(Player::White), plies, o.reason().to_string()),
        None => (0, plies, "ply limit".to_string()),
    }
}

/// Plays `pairs` pairs of games (each opening once with each colour); returns the first
/// player's wins, losses and unfinished games.
fn series(a: &Chooser, b: &Chooser, pairs: usize, label: &str) -> (usize, usize, usize) {
    let mut rng = Xoshiro256PlusPlus::seed_from_u64(2024);
    let (mut won, mut lost, mut open) = (0, 0, 0);
    for i in 0..pairs {
        let seed = rng.next_u64();
        for a_white in [true, false] {
            let mut game_rng = Xoshiro256PlusPlus::seed_from_u64(seed);
            let (r, plies, why) = if a_white {
                play_game(a, b, 2, &mut game_rng)
            } else {
                play_game(b, a, 2, &mut game_rng)
            };
            let r = if a_white { r } else { -r };
            match r {
                1 => won += 1,
                -1 => lost += 1,
                _ => open += 1,
            }
            println!("{label} pair {i} a_white={a_white}: {r:+} after {plies} plies ({why})");
        }
    }
    println!("{label}: won {won}, lost {lost}, unfinished {open}");
    (won, lost, open)
}

#[test]
#[ignore]
fn search_beats_greedy_player() {
    let (won, lost, open) = series(
        &Chooser::search(4),
        &Chooser::Greedy,
        5,
        "depth 4 vs greedy",
    );
    assert!(
        won >= 9 && lost == 0,
        "won {won}, lost {lost}, unfinished {open}"
    );
}

#[test]
#[ignore]
fn deeper_search_beats_shallower() {
    let deep = std::env::var("TS_DEEP").map_or(4, |v| v.parse().unwrap());
    let shallow = std::env::var("TS_SHALLOW").map_or(2, |v| v.parse().unwrap());
    let (won, lost, open) = series(
        &Chooser::search(deep),
        &Chooser::search(shallow),
        5,
        &format!("depth {deep} vs depth {shallow}"),
    );
    assert!(won >= 7, "won {won}, lost {lost}, unfinished {open}");
}

/// Material only, no positional terms: what the evaluation's other terms are measured against.
fn material_only() -> Weights {
    Weights {
        king_progress_opening: [0; 12],
        king_progress_ending: [0; 12],
        pawn_progress: [0; 8],
        mobility: 0,
        king_danger: 0,
        ..Weights::default()
    }
}

#[test]
#[ignore]
fn full_evaluation_beats_material_only() {
    let (won, lost, open) = series(
        &Chooser::search(4),
        &Chooser::with_weights(4, material_only()),
        10,
        "full vs material-only evaluation, depth 4",
    );
    assert!(won > lost + 4, "won {won}, lost {lost}, unfinished {open}");
}

/// Tuning: `TS_AB_DEPTH=4 TS_AB_PAIRS=20 cargo test ... -- --ignored ab_match --nocapture`
/// compares the defaults with the variation written in `variation()`.
#[test]
#[ignore]
fn ab_match() {
    let depth = std::env::var("TS_AB_DEPTH").map_or(4, |v| v.parse().unwrap());
    let pairs = std::env::var("TS_AB_PAIRS").map_or(10, |v| v.parse().unwrap());
    series(
        &Chooser::search(depth),
        &Chooser::with_weights(depth, variation()),
        pairs,
        "defaults vs variation",
    );
}

/// The variation named by `TS_AB_VARIATION` (default: material only).
fn variation() -> Weights {
    let d = Weights::default();
    let name = std::env::var("TS_AB_VARIATION").unwrap_or_default();
    match name.as_str() {
        "no-mobility" => Weights { mobility: 0, ..d },
        "more-mobility" => Weights { mobility: 8, ..d },
        "no-king-danger" => Weights {
            king_danger: 0,
            ..d
        },
        "more-king-danger" => Weights {
            king_danger: 25,
            ..d
        },
        "no-king-progress" => Weights {
            king_progress_opening: [0; 12],
            king_progress_ending: [0; 12],
            ..d
        },
        "no-pawn-progress" => Weights {
            pawn_progress: [0; 8],
            ..d
        },
        "strong-pawn-progress" => Weights {
            pawn_progress: [100, 250, 150, 90, 50, 25, 10, 0],
            ..d
        },
        "strong-king-progress" => Weights {
            king_progress_opening: d.king_progress_opening.map(|v| 2 * v),
            king_progress_ending: d.king_progress_ending.map(|v| 2 * v),
            ..d
        },
        _ => material_only(),
    }
}
