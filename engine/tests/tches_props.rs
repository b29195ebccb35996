//! Property tests of the TCHES rules: play/undo restores everything, the incremental key equals
//! the recomputed one, FEN and action text round-trip, and `is_legal` agrees with generation.

use proptest::prelude::*;
use tessera::core::options::VariantOptions;
use tessera::games::tches::{options::parse_reverse, Move, Tches};
use tessera::testkit::{assert_fens_refused, play_and_unwind};
use tessera::Game;

/// Layer 3 option sets for the property tests (Strike is chosen separately).
const LAYER3: [&[(&str, &str)]; 9] = [
    &[("EscortTheKing", "true"), ("CaptureTheKing", "true")],
    &[("CaptureTheFlag", "true"), ("Target", "lion")],
    &[("Replacement", "true"), ("TchesReverse", "queen")],
    &[
        ("Replacement", "true"),
        ("ReplacementTiming", "turn"),
        ("TchesReverse", "queen,magister"),
        ("Target", "assassin"),
    ],
    &[("Transportation", "true"), ("CaptureTheKing", "true")],
    &[
        ("Transportation", "true"),
        ("TchesReverse", "griffin,knight"),
    ],
    &[("Polarity", "true")],
    &[
        ("Polarity", "true"),
        ("PolarityFacing", "keep"),
        ("PolarityRotate", "true"),
    ],
    &[
        ("EscortTheKing", "true"),
        ("Transportation", "true"),
        ("Polarity", "true"),
        ("Replacement", "true"),
        ("TchesReverse", "queen"),
    ],
];

fn layer3_game(which: usize, strike: bool) -> Tches {
    let mut opts = VariantOptions::new();
    for (k, v) in LAYER3[which] {
        opts.set(k, v);
    }
    opts.set("Strike", if strike { "true" } else { "false" });
    Tches::from_options(&opts).unwrap()
}

const REVERSES: [&str; 5] = [
    "",
    "templar,exarch,warchariot,ballista",
    "assassin,emperor,jester,flanker",
    "mounted-bishop,shock-cavalryman,sentinel,archer",
    "pikeman,jester,ballista",
];

fn check_position(g: &Tches) {
    assert_eq!(g.key(), g.recompute_key());
    let fen = g.fen();
    let mut h = g.clone();
    h.set_fen(&fen).unwrap();
    assert_eq!(h.fen(), fen);
    assert_eq!(h.key(), g.key());
    let mut v = Vec::new();
    g.legal_actions(&mut v);
    for &a in &v {
        let s = g.format_action(a);
        assert_eq!(g.parse_action(&s), Ok(a), "{s} in {fen}");
        assert!(g.is_legal(a));
    }
}

/// Actions near legal ones that generation did not produce must be refused: another end
/// cell, another passenger mode, another facing, another cell for a freed king.
fn check_illegal_neighbours(g: &Tches, v: &[Move], salt: u32) {
    for (i, &a) in v.iter().enumerate().take(8) {
        let k = salt.wrapping_add(i as u32);
        let shifted = [
            Move {
                to: ((a.to as u32 + 1 + k) % 64) as u8,
                ..a
            },
            Move {
                mode: ((a.mode as u32 + 1 + k % 2) % 3) as u8,
                ..a
            },
            Move {
                face: ((a.face as u32 + 1 + k % 3) % 4) as u8,
                ..a
            },
            Move {
                place: ((a.place as u32 + 1 + k) % 65) as u8,
                ..a
            },
        ];
        for s in shifted {
            if !v.contains(&s) {
                assert!(!g.is_legal(s), "{s:?} in {}", g.fen());
                if s.to != s.from || s.promo.is_some() {
                    let text = g.format_action(s);
                    if let Ok(b) = g.parse_action(&text) {
                        // Text may name a legal action when the change is not written (a
                        // facing with no choice): it must then be a generated one.
                        assert!(v.contains(&b), "{text} parsed to {b:?} in {}", g.fen());
                    }
                }
            }
        }
    }
}

/// What a random line checks before each action.
fn visit(g: &Tches, v: &[Move], pick: usize) {
    check_position(g);
    check_illegal_neighbours(g, v, pick as u32);
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(24))]

    #[test]
    fn random_play_keeps_invariants(
        strike in any::<bool>(),
        which in 0..REVERSES.len(),
        picks in proptest::collection::vec(any::<u32>(), 1..50),
    ) {
        let mut g = Tches::new(strike, parse_reverse(REVERSES[which]).unwrap());
        play_and_unwind(&mut g, picks.into_iter().map(|p| p as usize), visit);
    }

    #[test]
    fn layer3_random_play_keeps_invariants(
        strike in any::<bool>(),
        which in 0..LAYER3.len(),
        picks in proptest::collection::vec(any::<u32>(), 1..80),
    ) {
        let mut g = layer3_game(which, strike);
        play_and_unwind(&mut g, picks.into_iter().map(|p| p as usize), visit);
    }

    #[test]
    fn garbage_text_is_an_error_not_a_panic(s in "\\PC{0,20}") {
        let mut g = Tches::new(true, Vec::new());
        let before = g.fen();
        let _ = g.parse_action(&s);
        if g.set_fen(&s).is_err() {
            prop_assert_eq!(g.fen(), before);
        }
    }
}

#[test]
fn bad_fens_are_refused() {
    let mut g = Tches::new(true, Vec::new());
    assert_fens_refused(
        &mut g,
        &[
            "",
            "8/8/8/8/8/8/8/8 w",
            "4k3/8/8/8/8/8/8/4K3 x",
            "4k3/8/8/8/8/8/8/4K2K w",
            "8/8/8/8/8/8/8/8 w",
            "4k3/8/8/8/8/8/8/4K3/8 w",
            "4k3/8/8/8/8/8/8/4K4 w",
            "4k3/8/8/8/8/8/8/4K2Q1 w",
            "4k2P/8/8/8/8/8/8/4K3 w",
            "4k3/8/8/8/8/8/8/3?K3 w",
            "4k3/8/8/8/8/8/8/4K3 w e2",
            "4k3/8/8/8/8/8/8/4K3 w e1,e1",
            "4k3/8/8/8/8/8/8/4K3 w - j- 1",
            "4k3/8/8/8/8/8/8/4K3 w - Q 1",
            "4k3/8/8/8/8/8/8/4K3 w - -- 0",
            "4k3/8/8/8/8/8/8/4K3 w e1",
        ],
    );
    let mut off = Tches::new(false, Vec::new());
    assert!(off.set_fen("4k3/8/8/8/8/8/P7/4K3 w a2 -- 1").is_err());
    // Layer 3 text without its option, or breaking its rules.
    for bad in [
        "4k3/8/8/8/8/8/8/1N(P)2K3 w",
        "4k3/8/8/8/8/8/8/1N:e2K3 w",
        "4k3/8/8/8/8/8/8/1N2K3 w - -- 1 j",
        "4k3/8/8/8/8/8/8/1N(k)2K3 w",
    ] {
        assert!(off.set_fen(bad).is_err(), "{bad}");
    }
    let mut all = layer3_game(8, true);
    assert_fens_refused(
        &mut all,
        &[
            "4k3/8/8/8/8/8/8/1P(N)2K3 w",
            "4k3/8/8/8/8/8/8/1N(K)3Q1 w",
            "4k3/8/8/8/8/8/8/1N(N)2K3 w",
            "4k3/8/8/8/8/8/8/1N(P2K3 w",
            "4k3/8/8/8/8/8/8/1N(P:x)2K3 w",
            "4k3/8/8/8/8/8/8/1N:q2K3 w",
            "4k3/8/8/8/8/8/P:e7/1N2K3 w",
            "1N(P)1k3/8/8/8/8/8/8/4K3 w",
            "4k3/8/8/8/8/8/8/1N2K3 w - -- 1 x",
            "4k3/8/8/8/8/8/8/1N2K3 w - -- 1 J",
            "4k3/8/8/8/8/8/8/1N2K3 w - -- 1 JJJJ",
            "4k3/8/8/8/8/8/8/1N2K3 w b1,b1 -- 1",
            "4k3/8/8/8/8/8/8/1N2K1P1 w - -- 1 j/b1",
            "3K4/8/8/8/8/8/8/4k3 w",
        ],
    );
    // A carrier and a passenger that both acted share a cell, written twice.
    let mut t = layer3_game(5, true);
    t.set_fen("4k3/8/8/8/8/8/4C(L)3/4K3 w e2,e2 -- 1").unwrap();
    assert_eq!(t.actions_this_turn(), 2);
    assert_eq!(t.fen(), "4k3/8/8/8/8/8/4C(L)3/4K3 w e2,e2 -- 1");
}

/// `x` is the capture mark and the Exarch's letter: a promotion to an Exarch ends in `x`.
#[test]
fn promotion_to_an_exarch_round_trips() {
    let mut g = Tches::new(false, parse_reverse(REVERSES[1]).unwrap());
    g.set_fen("tfxqklc1/1ppp1p1p/4p3/6p1/1K6/7C/PpPm1PPP/T1XFQL1M b - Fp 13")
        .unwrap();
    let a = g.parse_action("b2a1x").unwrap();
    assert_eq!(g.format_action(a), "b2a1x");
}
