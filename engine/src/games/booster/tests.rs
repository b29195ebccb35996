use super::*;
use crate::contract::check_hidden;
use crate::game::{seeded_rng, Evaluate, View};

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
