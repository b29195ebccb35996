//! Property tests of the Booster rules: play/undo restores everything (key, FEN, cards),
//! the incremental key equals the recomputed one, FEN (mid-turn and mid-draw included), views
//! and action text round-trip, parsing accepts exactly the generated actions (texts near them
//! are refused), and the fast check test agrees with the brute-force one of the reference
//! generator on the positions random games reach.

mod booster_reference;

use booster_reference::RefPos;
use proptest::prelude::*;
use tessera::core::game::{below, seeded_rng, Chance, Hidden, View};
use tessera::games::booster::{Booster, Config, Phase};
use tessera::kits::cards::Card;
use tessera::{Game, Player};

fn near(s: &str) -> Vec<String> {
    let mut out = Vec::new();
    if let Some((card, sq)) = s.split_once('+') {
        for c in ["2h", "9s", "6c", "kh", "qh", "10d", "7h"] {
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

/// A random board in FEN text where one side has just double-stepped a pawn beside an enemy
/// pawn, the other side to move with the en-passant right; stacks of either colour (at most
/// three a stack, six a colour) under random pieces, the two pawns included (a hobbled
/// double-stepper only a FEN can set down). Returns the FEN, the square and the mover.
fn en_passant_board(rng: &mut tessera::core::game::GameRng) -> (String, (i32, i32), bool) {
    let mut b = [['.'; 8]; 8];
    let mut stacks = [[0i32; 8]; 8];
    let white = below(rng, 2) == 0;
    let f = below(rng, 8);
    let g = if f == 0 || (f < 7 && below(rng, 2) == 0) {
        f + 1
    } else {
        f - 1
    };
    let (to, over, from) = if white { (3, 2, 1) } else { (4, 5, 6) };
    b[to][f] = if white { 'P' } else { 'p' };
    b[to][g] = if white { 'p' } else { 'P' };
    let reserved = [(over, f), (from, f)];
    let place = |b: &mut [[char; 8]; 8], c: char, rng: &mut tessera::core::game::GameRng| loop {
        let (r, fl) = (below(rng, 8), below(rng, 8));
        let pawn_rank = c.eq_ignore_ascii_case(&'p') && (r == 0 || r == 7);
        if b[r][fl] == '.' && !reserved.contains(&(r, fl)) && !pawn_rank {
            b[r][fl] = c;
            return;
        }
    };
    place(&mut b, 'K', rng);
    place(&mut b, 'k', rng);
    for _ in 0..below(rng, 8) {
        let kind = b"pnbrqp"[below(rng, 6)] as char;
        let c = if below(rng, 2) == 0 {
            kind.to_ascii_uppercase()
        } else {
            kind
        };
        place(&mut b, c, rng);
    }
    let mut used = [0, 0];
    for r in 0..8 {
        for fl in 0..8 {
            let odds = if (r, fl) == (to, f) || (r, fl) == (to, g) {
                2
            } else {
                5
            };
            if b[r][fl] != '.' && below(rng, odds) == 0 {
                let colour = below(rng, 2);
                let n = 1 + below(rng, 3) as i32;
                if used[colour] + n <= 6 {
                    used[colour] += n;
                    stacks[r][fl] = if colour == 0 { n } else { -n };
                }
            }
        }
    }
    let mut placement = Vec::new();
    for r in (0..8).rev() {
        let mut row = String::new();
        let mut empty = 0;
        for c in b[r] {
            if c == '.' {
                empty += 1;
                continue;
            }
            if empty > 0 {
                row.push_str(&empty.to_string());
                empty = 0;
            }
            row.push(c);
        }
        if empty > 0 {
            row.push_str(&empty.to_string());
        }
        placement.push(row);
    }
    let mut st = Vec::new();
    for (r, row) in stacks.iter().enumerate() {
        for (fl, &n) in row.iter().enumerate() {
            if n != 0 {
                let colour = if n > 0 { 'w' } else { 'b' };
                st.push(format!(
                    "{}{}:{}{colour}",
                    (b'a' + fl as u8) as char,
                    r + 1,
                    n.abs()
                ));
            }
        }
    }
    let st = if st.is_empty() {
        "-".into()
    } else {
        st.join(",")
    };
    let ep = format!("{}{}", (b'a' + f as u8) as char, over + 1);
    let fen = format!(
        "{} {} - {ep} 0 1 {st} - - - * -",
        placement.join("/"),
        if white { "b" } else { "w" }
    );
    (fen, (f as i32, over as i32), white)
}

/// The fast check test with the en-passant right against the reference's brute force: a FEN
/// is refused exactly when the side to move, taking en passant or otherwise, could capture
/// the other king. Counts how often the right decides it, so the comparison is not vacuous.
#[test]
fn fast_check_with_en_passant_agrees_with_the_reference() {
    let cfg = Config::default();
    let deck: Vec<String> = (0..52u8)
        .filter(|c| cfg.deck & (1 << c) != 0)
        .map(|c| Card::from_code(c).unwrap().to_string())
        .collect();
    let deck: Vec<&str> = deck.iter().map(String::as_str).collect();
    let mut rng = seeded_rng(0xe9);
    let (mut decided_by_ep, mut total) = (0, 0);
    for _ in 0..3000 {
        let (fen, ep, stepper_white) = en_passant_board(&mut rng);
        let r = RefPos::parse(&fen, &deck, [6, 6]);
        let capturable = r.king_capturable(!stepper_white, Some(ep));
        decided_by_ep += (capturable != r.king_capturable(!stepper_white, None)) as u32;
        match Booster::from_fen(&fen) {
            Ok(g) => {
                assert!(!capturable, "{fen} accepted");
                assert_eq!(g.in_adrenaline_check(), r.in_check(), "{fen}");
                total += 1;
            }
            Err(e) if e.to_string().contains("could lose its king") => {
                assert!(capturable, "{fen} refused: {e}");
                total += 1;
            }
            Err(_) => {}
        }
    }
    eprintln!("{total} boards, {decided_by_ep} decided by the en-passant right");
    assert!(
        total > 1500 && decided_by_ep > 20,
        "{decided_by_ep} of {total}"
    );
}
