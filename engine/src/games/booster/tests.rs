use super::*;
use crate::core::game::{seeded_rng, Evaluate, View};
use crate::core::options::VariantOptions;
use crate::tools::contract::check_hidden;

fn legal_text(g: &Booster) -> Vec<String> {
    let mut v = Vec::new();
    g.legal_actions(&mut v);
    let mut t: Vec<String> = v.into_iter().map(|a| g.format_action(a)).collect();
    t.sort();
    t
}

fn play(g: &mut Booster, turn: &str) {
    for a in turn.split(',') {
        let act = g
            .parse_action(a)
            .unwrap_or_else(|e| panic!("{a} in {}: {e}", g.fen()));
        g.play(act);
        assert_eq!(g.key(), g.recompute_key(), "after {a}");
    }
}

/// A FEN with the six chess fields, stacks and turn, and these hands (rest shuffled).
fn pos(chess: &str, stacks: &str, turn: &str, white: &str, black: &str, discard: &str) -> Booster {
    Booster::from_fen(&format!(
        "{chess} {stacks} {turn} {white} {black} * {discard}"
    ))
    .unwrap_or_else(|e| panic!("{chess}: {e}"))
}

#[test]
fn the_deal_gives_each_side_a_hand_to_match_its_supply() {
    let g = Booster::dealt(Config::default(), 7);
    assert_eq!(g.phase(), Phase::Regular);
    assert_eq!(g.to_move(), Player::White);
    assert_eq!(g.hand(Player::White).len(), 6);
    assert_eq!(g.hand(Player::Black).len(), 6);
    assert_eq!(g.draw_pile().count_ones(), 24);
    assert_eq!(Booster::new().fen().split_whitespace().nth(7), Some("deal"));
    let back = Booster::from_fen(&g.fen()).unwrap();
    assert_eq!(back.fen(), g.fen());
    // Handicap: White gets 4 checkers and 4 cards.
    let h = Booster::dealt(Config::new(6, 2, 2).unwrap(), 7);
    assert_eq!(h.hand(Player::White).len(), 4);
    assert_eq!(h.supply(Player::White), 4);
    assert_eq!(h.hand(Player::Black).len(), 6);
}

#[test]
fn the_contracts_of_chance_and_hidden_hold() {
    check_hidden(&Booster::new(), 8, 4, 11).unwrap();
}

fn has(g: &Booster, a: &str) -> bool {
    legal_text(g).iter().any(|x| x == a)
}

#[test]
fn a_hobbled_piece_moves_as_a_pawn_and_a_hobbled_pawn_not_at_all() {
    let g = pos(
        "4k3/8/8/3r4/8/2N5/3P4/4K3 w - - 0 1",
        "c3:1b,d2:1b",
        "-",
        "9H",
        "KS",
        "-",
    );
    let moves: Vec<String> = legal_text(&g)
        .into_iter()
        .filter(|m| m.starts_with("c3") || m.starts_with("d2"))
        .collect();
    assert_eq!(moves, vec!["c3c4"]);
    // With an enemy diagonally ahead it captures like a pawn.
    let g = pos(
        "4k3/8/8/8/3r4/2N5/8/4K3 w - - 0 1",
        "c3:2b",
        "-",
        "9H",
        "KS",
        "-",
    );
    let moves: Vec<String> = legal_text(&g)
        .into_iter()
        .filter(|m| m.starts_with("c3"))
        .collect();
    assert_eq!(moves, vec!["c3c4", "c3d4"]);
    // No double step for a hobbled piece on its second rank.
    let g = pos(
        "4k3/8/8/8/8/8/1N6/4K3 w - - 0 1",
        "b2:1b",
        "-",
        "9H",
        "KS",
        "-",
    );
    assert!(has(&g, "b2b3") && !has(&g, "b2b4"));
}

#[test]
fn a_hobbled_piece_gives_check_as_a_pawn() {
    let g = pos(
        "4k3/8/8/8/8/8/3n4/4K3 w - - 0 1",
        "d2:1w",
        "-",
        "9H",
        "KS",
        "-",
    );
    assert!(g.in_check());
    let g = pos("4k3/8/8/8/8/8/3n4/4K3 w - - 0 1", "-", "-", "9H", "KS", "-");
    assert!(!g.in_check());
}

#[test]
fn boosted_steps_return_checkers_and_the_hand_is_refilled() {
    let mut g =
        Booster::from_fen("4k3/8/8/8/8/8/8/R3K3 w - - 0 1 a1:2w - 9H.2H.3H.4H KS 5S.8S *").unwrap();
    assert_eq!(g.supply(Player::White), 4);
    play(&mut g, "a1a3");
    assert_eq!(g.phase(), Phase::Steps(16));
    play(&mut g, "a3b4");
    assert_eq!(g.stack(25), (1, Player::White));
    assert_eq!(g.supply(Player::White), 5);
    play(&mut g, "end");
    assert_eq!(g.phase(), Phase::Draw);
    assert_eq!(legal_text(&g), vec!["#5s"]);
    play(&mut g, "#5s");
    assert_eq!(g.to_move(), Player::Black);
    assert_eq!(g.hand(Player::White).len(), 5);
}

#[test]
fn cards_boost_own_pieces_hobble_enemies_and_opposite_checkers_cancel() {
    let mut g = pos(
        "4k3/8/8/8/8/2N5/8/4K3 w - - 0 1",
        "c3:1b",
        "-",
        "8H.9S",
        "KS",
        "-",
    );
    assert_eq!(g.supply(Player::Black), 5);
    play(&mut g, "e1e2");
    assert_eq!(g.phase(), Phase::Card);
    // 8H: White knights; 9S: Black bishops, none left, so any Black piece.
    let cards: Vec<String> = legal_text(&g);
    assert!(cards.contains(&"8h+c3".to_string()));
    assert!(cards.contains(&"9s+e8".to_string()));
    assert!(!cards.contains(&"8h+e2".to_string()));
    play(&mut g, "8h+c3");
    assert_eq!(g.stack(18).0, 0);
    assert_eq!(g.supply(Player::Black), 6);
    assert_eq!(g.supply(Player::White), 6);
    assert_eq!(g.phase(), Phase::Draw);
}

#[test]
fn a_capture_takes_over_the_checkers_and_they_cancel() {
    // The bishop (1 White) takes the knight hobbled by 2 White: boosted 3, it may step.
    let mut g = pos(
        "7k/8/8/3n4/8/1B6/8/4K3 w - - 0 1",
        "b3:1w,d5:2w",
        "-",
        "9H",
        "KS",
        "-",
    );
    play(&mut g, "b3d5");
    assert_eq!(g.stack(35), (3, Player::White));
    assert_eq!(g.phase(), Phase::Steps(35));
    // A plain rook takes a knight boosted by 2 Black: it is hobbled.
    let mut g = pos(
        "4k3/8/8/3n4/8/8/8/3RK3 w - - 0 1",
        "d5:2b",
        "-",
        "9H",
        "KS",
        "-",
    );
    play(&mut g, "d1d5");
    assert_eq!(g.stack(35), (2, Player::Black));
    // A boosted rook (1) takes a knight boosted by 2 Black: one pair cancels.
    let mut g = pos(
        "4k3/8/8/3n4/8/8/8/3RK3 w - - 0 1",
        "d1:1w,d5:2b",
        "-",
        "9H",
        "KS",
        "-",
    );
    play(&mut g, "d1d5");
    assert_eq!(g.stack(35), (1, Player::Black));
    assert_eq!(g.supply(Player::White), 6);
    assert_eq!(g.supply(Player::Black), 5);
}

#[test]
fn a_hobbled_piece_reaching_its_last_rank_gives_the_hobble_back() {
    let mut g = pos(
        "4k3/R7/8/8/8/8/8/4K3 w - - 0 1",
        "a7:2b",
        "-",
        "9H",
        "KS",
        "-",
    );
    assert_eq!(g.supply(Player::Black), 4);
    play(&mut g, "a7a8");
    assert_eq!(g.stack(56).0, 0);
    assert_eq!(g.supply(Player::Black), 6);
    assert_eq!(g.piece_at(56), Some((Player::White, PieceKind::Rook)));
}

#[test]
fn the_discard_pile_is_reshuffled_when_the_draw_pile_runs_out() {
    let g = Booster::new();
    let deck: Vec<Card> = Bits(g.config().deck)
        .map(|c| Card::from_code(c).unwrap())
        .collect();
    let text = |cs: &[Card]| {
        cs.iter()
            .map(|c| c.to_string())
            .collect::<Vec<_>>()
            .join(".")
    };
    let white = &deck[..5];
    let black = &deck[5..11];
    let discard = &deck[11..];
    let mut g = Booster::from_fen(&format!(
        "4k3/8/8/8/8/8/8/4K3 w - - 0 1 - draw {} {} * {}",
        text(white),
        text(black),
        text(discard)
    ));
    // Two bare kings draw at once; give White a rook.
    assert!(g.is_ok());
    g = Booster::from_fen(&format!(
        "4k3/8/8/8/8/8/8/R3K3 w - - 0 1 - draw {} {} * {}",
        text(white),
        text(black),
        text(discard)
    ));
    let mut g = g.unwrap();
    assert_eq!(legal_text(&g), vec!["reshuffle"]);
    play(&mut g, "reshuffle");
    assert!(g.discard_pile().is_empty());
    let mut chance = Vec::new();
    g.chance_actions(&mut chance);
    assert_eq!(chance.len(), discard.len());
    let a = g.sample_chance(&mut seeded_rng(3));
    g.play(a);
    assert_eq!(g.to_move(), Player::Black);
}

#[test]
fn castling_is_barred_by_checkers_under_king_or_rook() {
    let g = pos(
        "4k3/8/8/8/8/8/8/R3K2R w KQ - 0 1",
        "h1:1w",
        "-",
        "9H",
        "KS",
        "-",
    );
    assert!(has(&g, "e1c1") && !has(&g, "e1g1"));
    let g = pos(
        "4k3/8/8/8/8/8/8/R3K2R w KQ - 0 1",
        "a1:1b",
        "-",
        "9H",
        "KS",
        "-",
    );
    assert!(!has(&g, "e1c1") && has(&g, "e1g1"));
}

#[test]
fn en_passant_only_after_a_plain_double_step() {
    let mut g = pos(
        "4k3/8/8/8/3p4/8/4P3/4K3 w - - 0 1",
        "-",
        "-",
        "9H",
        "KS.2S",
        "-",
    );
    play(&mut g, "e2e4,end");
    while g.is_chance_node() {
        let a = g.sample_chance(&mut seeded_rng(1));
        g.play(a);
    }
    assert!(has(&g, "d4e3"));
    let mut g = pos(
        "4k3/8/8/8/3p4/8/4P3/4K3 w - - 0 1",
        "e2:1w",
        "-",
        "9H",
        "KS.2S",
        "-",
    );
    play(&mut g, "e2e4,e4f4,end");
    while g.is_chance_node() {
        let a = g.sample_chance(&mut seeded_rng(1));
        g.play(a);
    }
    assert!(!legal_text(&g)
        .iter()
        .any(|m| m.starts_with("d4") && m != "d4d3"));
}

/// En passant hands the capturer the taken pawn's checkers, in the check test too. White's
/// pawn on e4 (just double-stepped; the FEN sets it down hobbled by a Black checker) may be
/// taken by d4e3, which then stands on that checker and steps onto the king on d2: neither
/// `end` nor a boost of the king is safe, only the six that cancels that checker.
#[test]
fn en_passant_takes_over_checkers_in_the_check_test() {
    let g = pos(
        "3k4/8/8/8/3pP3/8/3K4/8 w - e3 0 1",
        "e4:1b",
        "card",
        "6H",
        "5S",
        "-",
    );
    assert_eq!(legal_text(&g), vec!["6h+e4"]);
}

/// The boosted Black pawn on d4 reaches the king on g2 only by taking en passant (e3, then
/// two steps): with the right in the FEN, White's king can be captured and the FEN is refused.
#[test]
fn a_fen_whose_king_falls_to_en_passant_and_steps_is_refused() {
    let chess = "3k4/8/8/8/3pP3/8/6K1/8 b - - 0 1";
    pos(chess, "d4:2b", "-", "5H", "5S", "-");
    let ep = chess.replace(" - 0 1", " e3 0 1");
    let Err(e) = Booster::from_fen(&format!("{ep} d4:2b - 5H 5S * -")) else {
        panic!("{ep} accepted");
    };
    assert!(e.to_string().contains("could lose its king"), "{e}");
}

#[test]
fn a_card_may_save_the_king_from_a_stepped_attack() {
    // The boosted Black knight on e4 reaches e1 by a move and a step: adrenaline check.
    let fen = "7k/8/8/8/4n3/8/P7/4K3 w - - 0 1";
    let without = pos(fen, "e4:1b", "-", "9H", "KS", "-");
    assert!(without.in_adrenaline_check() && !without.in_check());
    assert!(!has(&without, "a2a3"));
    // With the knight's card, a2a3 is legal: the card's checker cancels the boost.
    let mut with = pos(fen, "e4:1b", "-", "8S", "KS", "-");
    assert!(has(&with, "a2a3"));
    play(&mut with, "a2a3");
    assert_eq!(legal_text(&with), vec!["8s+e4"]);
    play(&mut with, "8s+e4");
    assert_eq!(with.stack(28).0, 0);
}

#[test]
fn views_round_trip_and_samples_deal_unseen_cards_fairly() {
    let g = Booster::dealt(Config::default(), 5);
    let v = g.view(Player::White);
    let back = g.parse_view(&v.fen()).unwrap();
    assert_eq!(back.fen(), v.fen());
    assert!(Booster::new().set_fen(&v.fen()).is_err());
    let unseen: Vec<u8> = Bits(v.unseen()).collect();
    assert_eq!(unseen.len(), 30);
    let n = 30_000;
    let mut counts = [0u32; 52];
    let mut rng = seeded_rng(9);
    for _ in 0..n {
        let s = v.determinize(&mut rng);
        assert_eq!(s.view(Player::White).fen(), v.fen());
        for c in Bits(s.hands[1]) {
            counts[c as usize] += 1;
        }
    }
    // Each unseen card is in Black's hand with probability 6/30 (sd of the count ~69).
    let expect = n as f64 * 6.0 / 30.0;
    for &c in &unseen {
        let got = counts[c as usize] as f64;
        assert!(
            (got - expect).abs() < 5.0 * 69.3,
            "card {c}: {got} vs {expect}"
        );
    }
    assert_eq!(counts.iter().sum::<u32>(), 6 * n);
}

/// A White view in the card phase with an empty draw pile: White holds five cards, Black six
/// (8S among them, so every card not seen is in Black's hand), the other 25 are discarded.
fn empty_pile_view() -> (BoosterView, Vec<String>) {
    let cfg = Config::default();
    let eight = Card::parse("8S").unwrap().code();
    let others: Vec<u8> = Bits(cfg.deck).filter(|&c| c != eight).collect();
    let white = fen::cards_text(others[..5].iter().fold(0, |m, &c| m | 1 << c));
    let discard: Vec<u8> = others[10..].to_vec();
    let text = format!(
        "view w 4k3/8/8/8/8/8/8/R3K3 w - - 0 1 - card {white} 6 0 {}",
        fen::cards_text(discard.iter().fold(0, |m, &c| m | 1 << c))
    );
    let v = Booster::new().parse_view(&text).unwrap();
    let names = discard.iter().map(|&c| fen::cards_text(1 << c)).collect();
    (v, names)
}

fn observe(v: &mut BoosterView, text: &str) -> Result<(), RuleError> {
    let o = v.parse_observation(text)?;
    v.apply(&o)
}

#[test]
fn a_view_refuses_a_draw_of_a_card_known_in_the_other_hand() {
    let (mut v, discarded) = empty_pile_view();
    let black = v.unseen();
    assert_eq!(black.count_ones(), 6);
    observe(&mut v, "end").unwrap();
    observe(&mut v, "reshuffle").unwrap();
    // The draw pile is the old discard pile; Black's six cards are still Black's.
    let before = v.fen();
    let e = v.parse_observation("#8s").unwrap_err().to_string();
    assert!(e.contains("8S is known to be in Black's hand"), "{e}");
    let eight = Card::parse("8S").unwrap();
    let e = v.apply(&Seen::Public(Act::Draw(eight))).unwrap_err();
    assert!(e.to_string().contains("known to be in Black's hand"), "{e}");
    assert_eq!(v.fen(), before);
    assert_eq!(v.known_theirs(), black);
    // Every sample deals Black exactly the cards it is known to hold.
    let mut rng = seeded_rng(3);
    for _ in 0..50 {
        assert_eq!(v.determinize(&mut rng).hands[1], black);
    }
    // A card of the old discard pile may come.
    observe(&mut v, &format!("#{}", discarded[0].to_lowercase())).unwrap();
    assert_eq!(v.to_move(), Player::Black);
    // Black may play only its known cards: not one now in the draw pile, not White's.
    let own = v.hand()[0].to_string().to_lowercase();
    let pile = discarded[1].to_lowercase();
    observe(&mut v, "a1a2").unwrap_err();
    observe(&mut v, "e8d8").unwrap();
    let before = v.fen();
    let e = v.parse_observation(&format!("{pile}+d8")).unwrap_err();
    assert!(
        e.to_string().contains("holds only cards known to White"),
        "{e}"
    );
    let e = v.parse_observation(&format!("{own}+d8")).unwrap_err();
    assert!(
        e.to_string().contains("in White's hand, not Black's"),
        "{e}"
    );
    assert_eq!(v.fen(), before);
    observe(&mut v, "8s+d8").unwrap();
    assert_eq!(v.known_theirs(), black & !(1 << eight.code()));
    assert_eq!(v.to_move(), Player::White);
}

/// Long random games through reshuffles: each player's view takes every true observation,
/// and the cards it knows in the other hand are always there.
#[test]
fn views_know_only_true_cards_through_reshuffles() {
    let mut rng = seeded_rng(17);
    let mut reshuffles = 0;
    let mut known = 0;
    for seed in 0..12 {
        let mut t = Booster::dealt(Config::new(6, 2, 0).unwrap(), seed);
        let mut views = [t.view(Player::White), t.view(Player::Black)];
        for _ in 0..600 {
            if t.terminal().is_some() {
                break;
            }
            let a = if t.is_chance_node() {
                t.sample_chance(&mut rng)
            } else {
                let mut v = Vec::new();
                t.legal_actions(&mut v);
                if v.is_empty() {
                    break;
                }
                // Card plays first, so cards go round and the piles run out.
                let cards: Vec<Act> = v
                    .iter()
                    .copied()
                    .filter(|a| matches!(a, Act::Card { .. } | Act::Step { .. }))
                    .collect();
                if !cards.is_empty() && below(&mut rng, 4) != 0 {
                    cards[below(&mut rng, cards.len())]
                } else {
                    v[below(&mut rng, v.len())]
                }
            };
            reshuffles += (a == Act::Reshuffle) as u32;
            for (i, view) in views.iter_mut().enumerate() {
                let p = [Player::White, Player::Black][i];
                view.apply(&t.observe(a, p))
                    .unwrap_or_else(|e| panic!("{p:?} refuses {a:?} in {}: {e}", t.fen()));
            }
            t.play(a);
            for (i, view) in views.iter().enumerate() {
                let theirs = t.hands[i ^ 1];
                assert_eq!(view.known_theirs() & !theirs, 0, "{}", t.fen());
                known += view.known_theirs().count_ones();
            }
        }
    }
    assert!(reshuffles > 0 && known > 0, "{reshuffles} reshuffles");
}

#[test]
fn a_view_refuses_cards_it_knows_are_elsewhere() {
    let mut t = pos(
        "4k3/8/8/8/8/8/8/R3K3 w - - 0 1",
        "a1:1w",
        "-",
        "2H.3H.4H.5H.9H",
        "2S.3S",
        "10S.9S",
    );
    let mut v = t.view(Player::White);
    let refused = |v: &BoosterView, bad: &str, why: &str| {
        let before = v.fen();
        let e = v.parse_observation(bad).unwrap_err().to_string();
        assert!(e.contains(why), "{bad}: {e}");
        assert_eq!(v.fen(), before);
    };
    refused(&v, "#ah", "AH is not in this game's deck");
    refused(&v, "ah+a1", "AH is not in this game's deck");
    refused(&v, "8h+a1", "8H is not in White's hand");
    for a in ["a1a2", "a2a3", "end"] {
        observe(&mut v, a).unwrap();
        play(&mut t, a);
    }
    // White draws: not a card it holds, not a discarded one.
    assert!(t.is_chance_node());
    refused(&v, "#2h", "2H is already in White's hand");
    refused(&v, "#10s", "10S is in the discard pile");
    let draw = t.sample_chance(&mut seeded_rng(2));
    v.apply(&t.observe(draw, Player::White)).unwrap();
    t.play(draw);
    assert_eq!(v.fen(), t.view(Player::White).fen());
    // Black plays: not White's card, not a discarded one.
    observe(&mut v, "e8d8").unwrap();
    play(&mut t, "e8d8");
    refused(&v, "2h+d8", "2H is in White's hand, not Black's");
    refused(
        &v,
        "9s+d8",
        "9S is in the discard pile, not in Black's hand",
    );
    observe(&mut v, "2s+d8").unwrap();
}

#[test]
fn notation_errors_are_clear_and_change_nothing() {
    let g = Booster::dealt(Config::default(), 5);
    let before = g.fen();
    for bad in ["", "e2e5", "zz", "9h+c1", "#9h", "reshuffle", "e2e4,end"] {
        assert!(g.parse_action(bad).is_err(), "{bad}");
    }
    assert_eq!(g.fen(), before);
    for bad in [
        "",
        "4k3/8/8/8/8/8/8/4K3 w - - 0 1 - - 9H 9H * -",
        "4k3/8/8/8/8/8/8/4K3 w - - 0 1 e1:7w - - - * -",
        "4k3/8/8/8/8/8/8/4K3 w - - 0 1 d4:1w - - - * -",
        "4k3/8/8/8/8/8/8/4K3 w - - 0 1 - card - - * -",
        "4k3/8/8/8/8/8/8/4K3 w - - 0 1 - - AH - * -",
    ] {
        assert!(Booster::from_fen(bad).is_err(), "{bad}");
    }
}

#[test]
fn evaluation_counts_boosts_and_hobbles() {
    let plain = pos("4k3/8/8/8/8/8/8/R3K3 w - - 0 1", "-", "-", "9H", "KS", "-");
    let boosted = pos(
        "4k3/8/8/8/8/8/8/R3K3 w - - 0 1",
        "a1:1w",
        "-",
        "9H",
        "KS",
        "-",
    );
    let hobbled = pos(
        "4k3/8/8/8/8/8/8/R3K3 w - - 0 1",
        "a1:1b",
        "-",
        "9H",
        "KS",
        "-",
    );
    assert!(boosted.evaluate() > plain.evaluate());
    assert!(hobbled.evaluate() < plain.evaluate());
}

#[test]
fn options_shape_the_deck_and_the_supplies() {
    assert_eq!(Config::default().deck.count_ones(), 36);
    assert_eq!(Config::new(6, 0, 0).unwrap().deck.count_ones(), 32);
    let more = Config::new(6, 4, 0).unwrap();
    assert_eq!(more.deck.count_ones(), 40);
    assert!(more.sevens);
    assert_eq!(Config::new(6, 2, -2).unwrap().checkers, [6, 4]);
    assert!(Config::new(3, 2, 3).is_err());
    let mut opts = VariantOptions::new();
    opts.set(CHECKERS_OPTION, "4");
    let g = <Booster as crate::core::variant::Variant>::from_options(&opts).unwrap();
    assert_eq!(g.config().checkers[0], 4);
}

#[test]
fn a_view_is_drawn_with_its_own_hand_and_only_a_count_of_the_other() {
    let g = Booster::dealt(Config::default(), 11);
    for me in [Player::White, Player::Black] {
        let other = me.opponent();
        let picture = g.view(me).picture().expect("Booster views have pictures");
        let svg = crate::tools::render::svg(&picture, &Default::default()).unwrap();
        let panel = picture.panel().join("\n");
        assert!(
            panel.contains(&format!(
                "{} hand: {}",
                me.name(),
                fen::cards_text(g.hands[me.index()])
            )),
            "{panel}"
        );
        assert!(
            panel.contains(&format!("{} hand: 6 cards, not seen", other.name())),
            "{panel}"
        );
        // No card of the other hand is named anywhere in the picture (none is discarded yet).
        let words: Vec<&str> = svg.split(|c: char| !c.is_alphanumeric()).collect();
        for c in Bits(g.hands[other.index()]) {
            let name = fen::cards_text(1 << c);
            assert!(
                !words.contains(&name.as_str()),
                "{name} shown in {me:?}'s picture"
            );
        }
        for c in Bits(g.hands[me.index()]) {
            assert!(words.contains(&fen::cards_text(1 << c).as_str()));
        }
        // The full state shows both hands.
        assert!(g
            .panel()
            .join("\n")
            .contains(&fen::cards_text(g.hands[other.index()])));
    }
}
