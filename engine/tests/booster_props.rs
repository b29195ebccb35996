//! Property tests of the Booster rules: play/undo restores everything (key, FEN, cards),
//! the incremental key equals the recomputed one, FEN (mid-turn and mid-draw included), views
//! and action text round-trip, parsing accepts exactly the generated actions (texts near them
//! are refused), and the fast check test agrees with the brute-force one of the reference
//! generator on the positions random games reach.

mod booster_reference;

use booster_reference::RefPos;
use proptest::prelude::*;
use tessera::cards::Card;
use tessera::game::{below, seeded_rng, Chance, Hidden, View};
use tessera::games::booster::{Booster, Config, Phase};
use tessera::{Game, Player};

fn near(s: &str) -> Vec<String> {
    let mut out = Vec::new();
    if let Some((card, sq)) = s.split_once('+') {
        for c in ["2h", "9s", "6c", "kh", "qd", "10d", "7h"] {
            out.push(format!("{c}+{sq}"));
        }
        for q in ["a1", "e8", "h4"] {
            out.push(format!("{card}+{q}"));
        }
    } else if s.len() >= 4 && !s.starts_with('#') && s != "end" && s != "reshuffle" {
        for to in ["a1", "d4", "e5", "h8", "b6"] {
            out.push(format!("{}{}", &s[..2], to));
        }
    }
    out.push("end".into());
    out.push("reshuffle".into());
    out.push("#2h".into());
    out
}

fn check_position(g: &Booster) {
    assert_eq!(g.key(), g.recompute_key());
    let fen = g.fen();
    let mut h = Booster::new();
    h.set_fen(&fen).unwrap_or_else(|e| panic!("{fen}: {e}"));
    assert_eq!(h.fen(), fen);
    for p in [Player::White, Player::Black] {
        let v = g.view(p);
        let back = g
            .parse_view(&v.fen())
            .unwrap_or_else(|e| panic!("{}: {e}", v.fen()));
        assert_eq!(back.fen(), v.fen());
    }
    let mut v = Vec::new();
    g.legal_actions(&mut v);
    let names: Vec<String> = v.iter().map(|&a| g.format_action(a)).collect();
    for (&a, s) in v.iter().zip(&names) {
        assert_eq!(g.parse_action(s), Ok(a), "{s} in {fen}");
        assert_eq!(g.parse_action(&s.to_uppercase()), Ok(a), "{s} in {fen}");
    }
    for n in names.iter().take(10) {
        for alt in near(n) {
            if !names.contains(&alt) {
                assert!(g.parse_action(&alt).is_err(), "{alt} accepted in {fen}");
            }
        }
    }
}

/// The reference's check test on a turn-start position (draw pile written in full).
fn reference_agrees(g: &Booster) {
    if g.phase() != Phase::Regular {
        return;
    }
    let mut f: Vec<String> = g.fen().split_whitespace().map(str::to_string).collect();
    let pile: Vec<String> = (0..52u8)
        .filter(|c| g.draw_pile() & (1 << c) != 0)
        .map(|c| Card::from_code(c).unwrap().to_string())
        .collect();
    f[10] = if pile.is_empty() {
        "*".into()
    } else {
        pile.join(".")
    };
    let cfg = Config::default();
    let deck: Vec<String> = (0..52u8)
        .filter(|c| cfg.deck & (1 << c) != 0)
        .map(|c| Card::from_code(c).unwrap().to_string())
        .collect();
    let deck: Vec<&str> = deck.iter().map(String::as_str).collect();
    let r = RefPos::parse(&f.join(" "), &deck, [6, 6]);
    assert_eq!(
        g.in_adrenaline_check(),
        r.in_check(),
        "check disagrees in {}",
        g.fen()
    );
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 12, .. ProptestConfig::default() })]

    #[test]
    fn random_games_keep_every_invariant(seed in any::<u64>()) {
        let mut rng = seeded_rng(seed);
        let mut g = Booster::new();
        for _ in 0..160 {
            if g.terminal().is_some() {
                break;
            }
            check_position(&g);
            reference_agrees(&g);
            let mut v = Vec::new();
            g.legal_actions(&mut v);
            if v.is_empty() {
                break;
            }
            let a = if g.is_chance_node() { g.sample_chance(&mut rng) } else { v[below(&mut rng, v.len())] };
            let before = (g.fen(), g.key());
            let u = g.play(a);
            prop_assert_eq!(g.key(), g.recompute_key());
            let after = g.fen();
            g.undo(u);
            prop_assert_eq!((g.fen(), g.key()), before);
            g.play(a);
            prop_assert_eq!(g.fen(), after);
        }
    }

    #[test]
    fn garbage_is_refused_and_changes_nothing(text in "\\PC{0,12}") {
        let g = Booster::dealt(Config::default(), 3);
        let fen = g.fen();
        let mut v = Vec::new();
        g.legal_actions(&mut v);
        let legal: Vec<String> = v.iter().map(|&a| g.format_action(a)).collect();
        if !legal.contains(&text.trim().to_ascii_lowercase()) {
            prop_assert!(g.parse_action(&text).is_err());
        }
        let mut h = g.clone();
        let _ = h.set_fen(&text);
        prop_assert_eq!(h.fen(), fen.clone());
        let view = g.view(Player::White);
        let _ = view.parse_observation(&text);
        prop_assert_eq!(g.fen(), fen);
    }
}
