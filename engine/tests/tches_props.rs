//! Property tests of the TCHES rules: play/undo restores everything, the incremental key equals
//! the recomputed one, FEN and action text round-trip, and `is_legal` agrees with generation.

use proptest::prelude::*;
use tessera::games::tches::{options::parse_reverse, Move, Tches};
use tessera::Game;

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

/// Actions near legal ones that generation did not produce must be refused.
fn check_illegal_neighbours(g: &Tches, v: &[Move], salt: u32) {
    for (i, &a) in v.iter().enumerate().take(8) {
        let shifted = Move {
            to: ((a.to as u32 + 1 + salt + i as u32) % 64) as u8,
            ..a
        };
        if !v.contains(&shifted) {
            assert!(!g.is_legal(shifted));
            assert!(g.parse_action(&g.format_action(shifted)).is_err());
        }
    }
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
        let mut history = Vec::new();
        for p in picks {
            check_position(&g);
            let mut v = Vec::new();
            g.legal_actions(&mut v);
            if v.is_empty() {
                break;
            }
            check_illegal_neighbours(&g, &v, p);
            let a = v[p as usize % v.len()];
            let before = (g.fen(), g.key());
            let u = g.play(a);
            history.push((before, u));
        }
        while let Some(((fen, key), u)) = history.pop() {
            g.undo(u);
            prop_assert_eq!(g.fen(), fen);
            prop_assert_eq!(g.key(), key);
        }
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
    let before = g.fen();
    for bad in [
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
    ] {
        assert!(g.set_fen(bad).is_err(), "{bad}");
        assert_eq!(g.fen(), before);
    }
    let mut off = Tches::new(false, Vec::new());
    assert!(off.set_fen("4k3/8/8/8/8/8/P7/4K3 w a2 -- 1").is_err());
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
