//! TCHES against the independent reference generator (`tches_reference`): perft counts and
//! legal-action sets on fixed positions for every piece type, with and without Strike, and
//! along seeded random games.

mod tches_reference;

use std::collections::BTreeSet;

use rand_core::{RngCore, SeedableRng};
use rand_xoshiro::Xoshiro256PlusPlus;
use tches_reference::RefPos;
use tessera::games::tches::{options::parse_reverse, Tches};
use tessera::perft::perft;
use tessera::Game;

/// Promotion letters of an army after the flips, as the rules give them.
fn promos(reverse: &str) -> String {
    let flips = parse_reverse(reverse).unwrap();
    "GFDQLCM"
        .chars()
        .map(|c| {
            flips
                .iter()
                .find(|(m, _)| m.letter() == c)
                .map_or(c, |(_, r)| r.letter())
        })
        .collect()
}

fn engine(fen: &str, strike: bool, reverse: &str) -> Tches {
    let mut g = Tches::new(strike, parse_reverse(reverse).unwrap());
    g.set_fen(fen).unwrap_or_else(|e| panic!("{fen}: {e}"));
    g
}

fn engine_set(g: &Tches) -> BTreeSet<String> {
    let mut v = Vec::new();
    g.legal_actions(&mut v);
    let set: BTreeSet<String> = v.iter().map(|&a| g.format_action(a)).collect();
    assert_eq!(set.len(), v.len(), "duplicate actions in {}", g.fen());
    set
}

fn check_perft(fen: &str, strike: bool, reverse: &str, depth: u32) -> u64 {
    let mut g = engine(fen, strike, reverse);
    let r = RefPos::parse(fen, strike, &promos(reverse));
    assert_eq!(
        engine_set(&g),
        r.legal(),
        "root actions differ in {fen} (strike {strike})"
    );
    let n = perft(&mut g, depth);
    assert_eq!(
        n,
        r.perft(depth),
        "perft({depth}) differs in {fen} (strike {strike})"
    );
    n
}

/// Plays seeded random games comparing the action sets at every position.
fn random_walks(fen: &str, strike: bool, reverse: &str, games: u64, plies: usize) {
    for seed in 0..games {
        let mut rng = Xoshiro256PlusPlus::seed_from_u64(seed);
        let mut g = engine(fen, strike, reverse);
        let mut r = RefPos::parse(fen, strike, &promos(reverse));
        for _ in 0..plies {
            let set = engine_set(&g);
            assert_eq!(set, r.legal(), "actions differ in {}", g.fen());
            if set.is_empty() {
                break;
            }
            let pick: Vec<&String> = set.iter().collect();
            let a = pick[(rng.next_u32() as usize) % pick.len()].clone();
            let m = g.parse_action(&a).unwrap();
            g.play(m);
            assert_eq!(g.key(), g.recompute_key());
            r = r.after(&a);
            assert_eq!(g.fen().split(' ').next(), Some(placement(&r).as_str()));
        }
    }
}

fn placement(r: &RefPos) -> String {
    let mut rows = Vec::new();
    for rank in (0..8).rev() {
        let mut s = String::new();
        let mut gap = 0;
        for f in 0..8 {
            let c = r.b[rank][f];
            if c == '.' {
                gap += 1;
            } else {
                if gap > 0 {
                    s.push_str(&gap.to_string());
                    gap = 0;
                }
                s.push(c);
            }
        }
        if gap > 0 {
            s.push_str(&gap.to_string());
        }
        rows.push(s);
    }
    rows.join("/")
}

const START: &str = "gfdqklcm/pppppppp/8/8/8/8/PPPPPPPP/GFDQKLCM w - -- 1";

#[test]
fn layer1_start_perft() {
    assert_eq!(check_perft(START, false, "", 3), 2200);
}

#[test]
fn layer1_open_position_perft() {
    let fen = "g2qk1c1/pp1p1ppp/2p1lf2/3Pm3/1D2p3/2F2L2/PPP2PPP/G2QK1CM w - -- 5";
    check_perft(fen, false, "", 2);
    check_perft(fen, true, "", 2);
}

#[test]
fn strike_start_perft() {
    assert_eq!(check_perft(START, true, "", 3), 2170);
}

#[test]
fn strike_turn_boundary_perft() {
    check_perft("4k3/3p4/8/2G5/5l2/8/3P1P2/4K3 w - -- 1", true, "", 4);
}

/// Each Layer 2 type on a board with blockers and targets of both colours, both sides.
#[test]
fn layer2_piece_perft() {
    for x in [
        'T', 'X', 'W', 'A', 'E', 'Y', 'H', 'O', 'U', 'V', 'S', 'Z', 'I', 'N', 'B', 'R',
    ] {
        let l = x.to_ascii_lowercase();
        let fen = format!("4k3/1p1{l}1p2/2p3p1/3P4/1{x}2p3/2P1{l}1P1/3P4/4K3 w - -- 1");
        check_perft(&fen, false, "", 3);
        check_perft(&fen, true, "", 3);
    }
}

#[test]
fn pawn_types_promote() {
    for x in ['P', 'V', 'S', 'Z', 'I'] {
        let l = x.to_ascii_lowercase();
        let fen = format!("1g2k3/{x}1{x}5/8/8/8/8/5{l}1{l}/4K1D1 w - -- 1");
        check_perft(&fen, false, "queen,magister", 2);
        check_perft(&fen, true, "queen,magister", 3);
    }
}

#[test]
fn jester_copies_the_last_moved_type() {
    for last in ["Cg", "Lm", "-f", "Pd", "Ia", "Ou", "Qq"] {
        let fen = format!("4k3/2pj4/3p4/2p5/3J1p2/2P5/1P6/4K3 w - {last} 1");
        check_perft(&fen, false, "queen", 2);
        check_perft(&fen, true, "queen", 3);
    }
}

#[test]
fn checks_and_pins_under_strike() {
    // The king is attacked at the start of the turn; pieces pinned; the king may be exposed
    // in the middle of the turn but not at its end.
    for fen in [
        "4k3/8/8/8/1l6/8/3G4/4K2m w - -- 1",
        "3gk3/8/8/8/8/8/3PP3/2DK4 w - -- 1",
        "4k3/4m3/8/8/8/8/4D3/4K3 w - -- 1",
        "k7/8/8/3c4/8/4L3/8/K7 w - -- 1",
    ] {
        check_perft(fen, true, "", 3);
        check_perft(fen, false, "", 3);
    }
}

#[test]
fn random_games_layer1() {
    random_walks(START, false, "", 4, 60);
    random_walks(START, true, "", 4, 60);
}

#[test]
fn random_games_layer2() {
    for reverse in [
        "templar,exarch,warchariot",
        "assassin,emperor,jester,flanker",
        "mounted-bishop,shock-cavalryman,sentinel",
        "zealot,jester",
        "pikeman,assassin,templar",
    ] {
        let g = Tches::new(true, parse_reverse(reverse).unwrap());
        let fen = g.fen();
        random_walks(&fen, true, reverse, 2, 60);
        random_walks(&fen, false, reverse, 2, 60);
    }
}

/// Deeper counts; run with `cargo test -p tessera-engine --release -- --ignored tches_deep`.
#[test]
#[ignore]
fn tches_deep_perft() {
    println!(
        "layer1 start perft(4) = {}",
        check_perft(START, false, "", 4)
    );
    println!(
        "strike start perft(4) = {}",
        check_perft(START, true, "", 4)
    );
}

#[test]
fn registry_and_text_interface() {
    use tessera::options::VariantOptions;
    use tessera::registry::create;
    let mut opts = VariantOptions::new();
    opts.set("TchesReverse", "guardian,knight,sentinel");
    let mut g = create("tches", &opts).unwrap();
    assert_eq!(
        g.fen(),
        "tfdqklcm/ssssssss/8/8/8/8/SSSSSSSS/TFDQKLCM w - -- 1"
    );
    g.play_str("a2b3,c2d3,h2g3").unwrap();
    assert_eq!(g.to_move(), tessera::Player::Black);
    g.play_str("a7b6").unwrap();
    assert_eq!(g.to_move(), tessera::Player::Black);
    let before = g.fen();
    assert!(
        g.play_str("c7d6,a7a6").is_err(),
        "a used piece cannot act again"
    );
    assert_eq!(g.fen(), before);
    assert!(g.play_str("zz").is_err());
    g.play_str("c7d6,e7f6").unwrap();
    assert_eq!(g.to_move(), tessera::Player::White);
    opts.set("Strike", "false");
    let mut single = create("tches", &opts).unwrap();
    single.play_str("a2b3").unwrap();
    assert_eq!(single.to_move(), tessera::Player::Black);
    assert_eq!(single.perft(2), {
        let mut v = single.legal_actions();
        v.sort();
        v.iter()
            .map(|a| {
                let mut h = single.boxed_clone();
                h.play_str(a).unwrap();
                h.legal_actions().len() as u64
            })
            .sum::<u64>()
    });
    opts.set("TchesReverse", "pawn");
    assert!(create("tches", &opts).is_err());
    opts.set("TchesReverse", "");
    opts.set("Strike", "maybe");
    assert!(create("tches", &opts).is_err());
}

/// Perft counts recorded in the docs (the reference agrees at depth 2 above).
#[test]
fn recorded_counts() {
    let fen = "g2qk1c1/pp1p1ppp/2p1lf2/3Pm3/1D2p3/2F2L2/PPP2PPP/G2QK1CM w - -- 5";
    let counts = |strike| {
        let mut g = engine(fen, strike, "");
        (1..=3).map(|d| perft(&mut g, d)).collect::<Vec<u64>>()
    };
    assert_eq!(counts(true), vec![50, 2018, 69904]);
    assert_eq!(counts(false), vec![50, 798, 27589]);
    let start = |strike| {
        let mut g = engine(START, strike, "");
        (1..=3).map(|d| perft(&mut g, d)).collect::<Vec<u64>>()
    };
    assert_eq!(start(false), vec![12, 144, 2200]);
    assert_eq!(start(true), vec![12, 158, 2170]);
}

#[test]
fn searcher_returns_whole_strike_turns() {
    use tessera::search::tt::TranspositionTable;
    use tessera::search::{think, Limits, SearchConfig, SearchControl};
    for (strike, fen) in [
        (true, START),
        (
            true,
            "gfdqklcm/pppppppp/8/8/8/PP6/2PPPPPP/GFDQKLCM w a3,b3 P- 1",
        ),
        (false, START),
    ] {
        let mut g = engine(fen, strike, "");
        let tt = TranspositionTable::new(1);
        let ctl = SearchControl::new(false);
        let out = think(
            &g,
            &Limits::depth(3),
            &SearchConfig::default(),
            &ctl,
            &tt,
            &mut |_| {},
        );
        let side = g.to_move();
        let left = if strike { 3 - g.actions_this_turn() } else { 1 };
        assert_eq!(out.turn.len() as u32, left, "{:?}", out.turn);
        for s in &out.turn {
            let m = g.parse_action(s).unwrap();
            g.play(m);
        }
        assert_ne!(g.to_move(), side);
    }
}
