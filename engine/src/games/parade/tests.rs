//! Parade tests: the rule text's examples, hand-made positions for each rule, an independent
//! slow reference generator (perft and action sets against it), property tests of the `Game`
//! contracts, the observation and its samples, and the solver against brute force.

use std::collections::{BTreeSet, HashMap};

use proptest::prelude::*;
use rand_core::{RngCore, SeedableRng};
use rand_xoshiro::Xoshiro256PlusPlus;

use super::*;
use crate::core::game::{Chance, Hidden, View};
use crate::core::solo::Dealt;
use crate::kits::cards::parse_cards;
use crate::kits::solitaire::board::parse_cell;
use crate::search::solo::{solve, Caps, Solitaire, SoloScore};
use crate::testkit::{assert_actions_refused, assert_fens_refused, check_contracts};

/// The rule text's setup example: drawn B, R, k, r, n, N, r, b, from the 9 and 10 of hearts to
/// the 9 of spades; then the hand.
const DEAL: &str = "9H 10H KS 10S 8S 8H 10C 9S 8D QH KH 9D 10D 8C QS 9C";

fn dealt(text: &str) -> Parade {
    Parade::from_deal(&parse_cards(text).unwrap()).unwrap()
}

fn at(fen: &str) -> Parade {
    let mut g = dealt(DEAL);
    g.set_fen(fen).unwrap_or_else(|e| panic!("{fen}: {e}"));
    g
}

fn legal(g: &Parade) -> BTreeSet<String> {
    let mut v = Vec::new();
    g.legal_actions(&mut v);
    v.into_iter().map(|a| g.format_action(a)).collect()
}

fn targets(g: &Parade, from: &str) -> Vec<String> {
    legal(g)
        .into_iter()
        .filter(|m| m.len() == 4 && m.starts_with(from))
        .map(|m| m[2..].to_string())
        .collect()
}

fn play(g: &mut Parade, actions: &str) {
    for a in actions.split_whitespace() {
        let x = g.parse_action(a).unwrap_or_else(|e| panic!("{a}: {e}"));
        g.play(x);
    }
}

#[test]
fn setup_places_the_examples_pieces() {
    let g = dealt(DEAL);
    let cells: Vec<(String, char)> = g
        .pieces()
        .into_iter()
        .map(|(c, s)| (cell_name(c), s.chars().next().unwrap()))
        .collect();
    let mut want = vec![
        ("c1", 'B'),
        ("g1", 'R'),
        ("f2", 'k'),
        ("b3", 'r'),
        ("d3", 'n'),
        ("f3", 'N'),
        ("b4", 'r'),
        ("e4", 'b'),
    ];
    want.sort();
    let mut have: Vec<(&str, char)> = cells.iter().map(|(c, s)| (c.as_str(), *s)).collect();
    have.sort();
    assert_eq!(have, want);
    assert_eq!(
        g.fen(),
        "8/8/8/8/1r2b3/1r1n1N2/5k2/2B3R1 9H,10H,KS,10S,8S,8H,10C,9S|8D,QH,KH,9D,10D,8C,QS,9C 0 -"
    );
    assert_eq!(g.position().hand(), 8);
    assert_eq!(g.deal_text(), DEAL);
}

#[test]
fn the_knight_on_d3_moves_the_bishop_from_c1() {
    let g = dealt(DEAL);
    assert_eq!(targets(&g, "c1"), ["b2", "c5", "e1", "e5", "f4"]);
}

#[test]
fn the_king_moves_its_white_neighbours_around_it() {
    let g = dealt(DEAL);
    let around = ["e1", "f1", "e2", "g2", "e3", "g3"];
    for from in ["g1", "f3"] {
        let t = targets(&g, from);
        for cell in around {
            assert!(t.contains(&cell.to_string()), "{from} to {cell}: {t:?}");
        }
    }
}

#[test]
fn the_bishop_on_e4_moves_the_knight_from_f3_to_g2() {
    let mut g = dealt(DEAL);
    // g2 lies behind f3 from e4: the moved piece is lifted before its cell is chosen.
    assert!(targets(&g, "f3").contains(&"g2".to_string()));
    play(&mut g, "f3g2");
    assert_eq!(g.position().board.fen(), "8/8/8/8/1r2b3/1r1n4/5kN1/2B3R1");
    assert_eq!(g.position().hand(), 7);
    // The card was spent face down.
    assert!(g.fen().contains("9S,*8D|QH,"), "{}", g.fen());
}

#[test]
fn the_add_example_places_the_white_knight_on_g4() {
    let mut g = dealt(DEAL);
    assert!(legal(&g).contains("N@g4"));
    play(&mut g, "N@g4");
    assert_eq!(
        g.position()
            .board
            .piece_at(parse_cell("g4").unwrap())
            .unwrap()
            .symbol(),
        'N'
    );
    // The next card, the queen of diamonds, leaves a gap of five after g4: e5.
    assert!(legal(&g).contains("Q@e5"));
    assert!(g.fen().contains("9S,8D|QH"), "{}", g.fen());
}

#[test]
fn an_add_past_h8_is_not_possible() {
    // The piece farthest along stands on c8; the next card is the white king (gap 6).
    let mut g = at(
        "2R5/8/8/8/1r2b3/1r1n1N2/5k2/2B5 9H,10H,KS,10S,8S,8H,10C,9S|KH,QH,8D,9D,10D,8C,QS,9C 0 -",
    );
    assert!(!legal(&g).iter().any(|a| a.contains('@')));
    let e = g.parse_action("K@i8").unwrap_err().0;
    assert!(e.contains("past h8"), "{e}");
    // A move spends the king; the queen (gap 5) does not fit either, the knight would.
    play(&mut g, "c1b2");
    assert!(!legal(&g).iter().any(|a| a.contains('@')));
    play(&mut g, "b2c1");
    assert!(legal(&g).contains("N@e8"));
}

#[test]
fn one_connected_group_wins_with_the_cards_left() {
    const SETUP: &str = "9H,10H,KS,10S,8S,8H,10C,9S";
    // The king on b1 touches c2 only diagonally: not one group.
    let g = at(&format!(
        "8/8/8/8/8/2rnbR2/2BrN3/1k6 {SETUP}|8D,QH,KH,9D,10D,8C,QS,9C 0 -"
    ));
    assert!(g.terminal().is_none());
    assert_eq!(g.final_score(), None);
    let won = at(&format!(
        "8/8/8/8/8/2rnbR2/2BrN3/2k5 {SETUP},*8D|QH,KH,9D,10D,8C,QS,9C 0 -"
    ));
    assert_eq!(
        won.terminal(),
        Some(Outcome::Win {
            winner: Player::White,
            reason: "one connected group"
        })
    );
    assert_eq!(won.final_score(), Some(SoloScore::won(7)));
    assert!(legal(&won).is_empty());
    assert_eq!(won.outcome().unwrap().result_string(), "1-0");
    assert!(won.parse_action("c2b2").is_err());
}

#[test]
fn after_the_hand_moves_count_negative_points() {
    let order = "9H,10H,KS,10S,8S,8H,10C,9S,*8D,*QH,*KH,*9D,*10D,*8C,*QS,*9C|";
    let mut g = at(&format!("8/8/8/8/1r2b3/1r1n1N2/5k2/2B3R1 {order} 0 -"));
    assert!(legal(&g).iter().all(|a| !a.contains('@')), "no adds");
    play(&mut g, "f3g2");
    assert_eq!(g.position().negative, 1);
    assert_eq!(g.position().points(), -1);
    // With 15 counted, one more move ends the game: lost at -16 unless it connects.
    let mut g = at(&format!("8/8/8/8/1r2b3/1r1n1N2/5k2/2B3R1 {order} 15 -"));
    play(&mut g, "f3g2");
    assert_eq!(g.final_score(), Some(LOST));
    assert_eq!(g.outcome().unwrap().result_string(), "0-1");
    // Connecting with the last negative point still wins, at -16: the king on e2 moves the
    // rook from f3 to f2.
    let mut g = at(&format!("8/8/8/8/8/5R2/3nk3/rrNbB3 {order} 15 -"));
    play(&mut g, "f3f2");
    assert_eq!(g.final_score(), Some(SoloScore::won(-16)));
}

#[test]
fn no_action_possible_loses() {
    // Only white pieces (the setup dealt the eight white cards): nothing attacks anything,
    // and the next card's piece would pass h8.
    let g = at("5R1N/8/8/8/8/8/1N6/RBBQK3 10H,9H,9D,QH,KH,10D,8H,8D|KS,QS,8S,9S,10S,8C,9C,10C 0 -");
    assert!(legal(&g).is_empty());
    assert_eq!(g.result(), Some(LOST));
    assert_eq!(g.outcome().unwrap().reason(), "no action possible");
}

#[test]
fn bad_text_is_refused_and_changes_nothing() {
    let mut g = dealt(DEAL);
    assert_fens_refused(
        &mut g,
        &[
            "",
            "8/8/8/8/8/8/8/8 9H|10H 0 -",
            // The board does not hold the face-up cards' pieces.
            "8/8/8/8/1r2b3/1r1n1N2/5k2/2B3Q1 9H,10H,KS,10S,8S,8H,10C,9S|8D,QH,KH,9D,10D,8C,QS,9C 0 -",
            // Negative points with cards in hand.
            "8/8/8/8/1r2b3/1r1n1N2/5k2/2B3R1 9H,10H,KS,10S,8S,8H,10C,9S|8D,QH,KH,9D,10D,8C,QS,9C 2 -",
            // The setup's cards face down.
            "8/8/8/8/1r2b3/1r1n1N2/5k2/2B3R1 9H,10H,KS,10S,8S,8H,10C,*9S|8D,QH,KH,9D,10D,8C,QS,9C 0 -",
            "8/8/8/8/1r2b3/1r1n1N2/5k2/2B3R1 9H,10H,KS,10S,8S,8H,10C,9S|8D,QH,KH,9D,10D,8C,QS,9C 17 -",
            "8/8/8/8/1r2b3/1r1n1N2/5k2/2B3R1 9H,10H,KS,10S,8S,8H,10C,9S|8D,QH,KH,9D,10D,8C,QS,9C 0 add",
            "9H 10H KS 10S 8S 8H 10C 9S 8D QH KH 9D 10D 8C QS QS",
            "9H 10H KS 10S 8S 8H 10C 9S 8D QH KH 9D 10D 8C QS 2C",
        ],
    );
    assert_actions_refused(
        &g,
        &[
            "", "c1", "c1c1", "c1b3", "c1d2", "x1b2", "N@g5", "Q@e5", "add", "c1b2,", "8D",
        ],
    );
    assert!(g.parse_action("c1b2").is_ok());
}

#[test]
fn a_bare_deal_is_a_position_and_reset_returns_to_the_deal() {
    let mut g = dealt(DEAL);
    g.set_fen("8D QH KH 9D 10D 8C QS 9C 9H 10H KS 10S 8S 8H 10C 9S")
        .unwrap();
    assert!(
        g.fen().contains(" 8D,QH,KH,9D,10D,8C,QS,9C|9H,"),
        "{}",
        g.fen()
    );
    g.reset();
    assert_eq!(g.fen(), dealt(DEAL).fen());
    let s = Parade::shuffled(7);
    assert_eq!(s.fen(), Parade::shuffled(7).fen());
    assert_ne!(s.fen(), Parade::shuffled(8).fen());
}

#[test]
fn panel_shows_hand_discards_and_next_add() {
    let mut g = dealt(DEAL);
    play(&mut g, "c1b2");
    let p = g.panel().join("\n");
    assert!(
        p.contains("hand: 7 cards (top first: QH KH 9D 10D 8C QS 9C)"),
        "{p}"
    );
    assert!(
        p.contains("discards: 9H 10H KS 10S 8S 8H 10C 9S and 1 face down"),
        "{p}"
    );
    assert!(p.contains("next add: white queen on c5"), "{p}");
    assert!(g.display().contains("score if won now: 7"));
}

// ---------------------------------------------------------------------------------------
// An independent, slow reference: its own reading of the position text, attacks by
// coordinates, actions as text.

mod reference {
    use crate::testkit::reference;

    #[derive(Clone, Debug)]
    pub struct Ref {
        /// (white, letter) per cell, a1 = 0.
        pub cells: Vec<Option<(bool, char)>>,
        /// (rank, white) of each card, in deck order.
        pub deck: Vec<(u8, bool)>,
        pub drawn: usize,
        pub negative: u32,
    }

    fn name(c: usize) -> String {
        format!("{}{}", (b'a' + (c % 8) as u8) as char, c / 8 + 1)
    }

    fn card(word: &str) -> (u8, bool) {
        let w = word.trim_start_matches('*');
        let (rank, suit) = w.split_at(w.len() - 1);
        let r = match rank {
            "J" => 11,
            "Q" => 12,
            "K" => 13,
            n => n.parse().unwrap(),
        };
        (r, suit == "H" || suit == "D")
    }

    impl Ref {
        pub fn from_fen(fen: &str) -> Ref {
            let f: Vec<&str> = fen.split(' ').collect();
            let mut cells = vec![None; 64];
            for (i, row) in f[0].split('/').enumerate() {
                let rank = 7 - i;
                let mut file = 0;
                for ch in row.chars() {
                    if let Some(d) = ch.to_digit(10) {
                        file += d as usize;
                    } else {
                        cells[rank * 8 + file] =
                            Some((ch.is_ascii_uppercase(), ch.to_ascii_lowercase()));
                        file += 1;
                    }
                }
            }
            let (drawn, left) = f[1].split_once('|').unwrap();
            let words = |s: &str| -> Vec<String> {
                s.split(',')
                    .filter(|w| !w.is_empty())
                    .map(String::from)
                    .collect()
            };
            let d = words(drawn);
            let mut deck: Vec<(u8, bool)> = d.iter().map(|w| card(w)).collect();
            deck.extend(words(left).iter().map(|w| card(w)));
            Ref {
                cells,
                deck,
                drawn: d.len(),
                negative: f[2].parse().unwrap(),
            }
        }

        pub fn connected(&self) -> bool {
            reference::connected(&self.cells, true)
        }

        fn add_target(&self) -> Option<(char, usize)> {
            let (rank, white) = self.deck[self.drawn];
            let letter = match rank {
                8 => 'n',
                9 => 'b',
                10 => 'r',
                12 => 'q',
                13 => 'k',
                _ => unreachable!(),
            };
            let last = (0..64).rev().find(|&c| self.cells[c].is_some()).unwrap() as i32;
            let target = last + (rank as i32 - 7) + 1;
            let symbol = if white {
                letter.to_ascii_uppercase()
            } else {
                letter
            };
            (target < 64).then_some((symbol, target as usize))
        }

        pub fn actions(&self) -> Vec<String> {
            let mut out = Vec::new();
            if self.connected() || self.negative >= 16 {
                return out;
            }
            let hand = self.deck.len() - self.drawn;
            if hand > 0 {
                if let Some((symbol, target)) = self.add_target() {
                    out.push(format!("{symbol}@{}", name(target)));
                }
            }
            for from in 0..64 {
                let Some((white, _)) = self.cells[from] else {
                    continue;
                };
                let mut lifted = self.cells.clone();
                lifted[from] = None;
                for to in 0..64 {
                    if to == from || self.cells[to].is_some() {
                        continue;
                    }
                    let ok = (0..64).any(|m| match self.cells[m] {
                        Some((w, kind)) if w != white => {
                            reference::attacks(&self.cells, kind, m, from)
                                && reference::attacks(&lifted, kind, m, to)
                        }
                        _ => false,
                    });
                    if ok {
                        out.push(format!("{}{}", name(from), name(to)));
                    }
                }
            }
            out
        }

        pub fn play(&mut self, a: &str) {
            if let Some((symbol, cell)) = a.split_once('@') {
                let c = super::parse_cell(cell).unwrap() as usize;
                let ch = symbol.chars().next().unwrap();
                self.cells[c] = Some((ch.is_ascii_uppercase(), ch.to_ascii_lowercase()));
                self.drawn += 1;
                return;
            }
            let from = super::parse_cell(&a[..2]).unwrap() as usize;
            let to = super::parse_cell(&a[2..]).unwrap() as usize;
            self.cells[to] = self.cells[from].take();
            if self.drawn < self.deck.len() {
                self.drawn += 1;
            } else {
                self.negative += 1;
            }
        }

        pub fn perft(&self, depth: u32) -> u64 {
            crate::testkit::perft_by(self, depth, &Ref::actions, &|r: &mut Ref, a: &String| {
                r.play(a)
            })
        }
    }
}

use reference::Ref;

fn sorted(v: Vec<String>) -> BTreeSet<String> {
    v.into_iter().collect()
}

#[test]
fn perft_agrees_with_the_reference() {
    for seed in 1..=6 {
        let mut g = Parade::shuffled(seed);
        let r = Ref::from_fen(&g.fen());
        for depth in 1..=2 {
            assert_eq!(
                crate::tools::perft::perft(&mut g, depth),
                r.perft(depth),
                "seed {seed} depth {depth}"
            );
        }
    }
    let mut g = dealt(DEAL);
    assert_eq!(
        crate::tools::perft::perft(&mut g, 2),
        Ref::from_fen(&g.fen()).perft(2)
    );
}

/// Random games: at every position the generated actions are the reference's.
#[test]
fn action_sets_agree_with_the_reference_along_random_games() {
    let mut rng = Xoshiro256PlusPlus::seed_from_u64(5);
    for game in 0..40 {
        let mut g = Parade::shuffled(100 + game);
        loop {
            let r = Ref::from_fen(&g.fen());
            let mine = legal(&g);
            assert_eq!(mine, sorted(r.actions()), "{}", g.fen());
            if mine.is_empty() {
                break;
            }
            let v: Vec<String> = mine.into_iter().collect();
            let a = &v[(rng.next_u64() % v.len() as u64) as usize];
            play(&mut g, a);
        }
    }
}

fn random_line(seed: u64, steps: usize) -> Parade {
    let mut g = Parade::shuffled(seed);
    let mut rng = Xoshiro256PlusPlus::seed_from_u64(seed);
    let mut acts = Vec::new();
    for _ in 0..steps {
        acts.clear();
        g.legal_actions(&mut acts);
        if acts.is_empty() {
            break;
        }
        let a = acts[(rng.next_u64() % acts.len() as u64) as usize];
        g.play(a);
    }
    g
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    #[test]
    fn game_contracts_hold(seed in 0u64..10_000, steps in 0usize..26) {
        let mut g = random_line(seed, steps);
        let acts = check_contracts(&mut g, &mut dealt(DEAL));
        // Every well-formed move text the generator does not give is refused.
        let all: BTreeSet<String> = acts.iter().map(|&a| g.format_action(a)).collect();
        for from in 0..64u8 {
            for to in 0..64u8 {
                let s = format!("{}{}", cell_name(from), cell_name(to));
                prop_assert_eq!(g.parse_action(&s).is_ok(), all.contains(&s), "{}", s);
            }
        }
    }

    #[test]
    fn parsing_never_panics(s in "\\PC{0,12}") {
        let g = dealt(DEAL);
        let _ = g.parse_action(&s);
        let mut h = g.clone();
        if h.set_fen(&s).is_err() {
            prop_assert_eq!(h.fen(), g.fen());
        }
    }
}

// ---------------------------------------------------------------------------------------
// What the player knows.

#[test]
fn the_observation_hides_the_order_of_the_unseen_cards() {
    let mut g = dealt(DEAL);
    play(&mut g, "f3g2 Q@c5");
    let obs = g.observed();
    assert_eq!(
        obs.fen(),
        "8/8/8/2Q5/1r2b3/1r1n4/5kN1/2B3R1 9H,10H,KS,10S,8S,8H,10C,9S,*?,QH|?,?,?,?,?,? 0 -"
    );
    assert_eq!(obs.unknowns(), 7);
    // An add in the observation waits for its card: each unseen card equally likely.
    let mut o = obs.clone();
    play(&mut o, "add");
    assert!(o.is_chance_node());
    let mut outcomes = Vec::new();
    o.chance_actions(&mut outcomes);
    let names: BTreeSet<String> = outcomes.iter().map(|(a, _)| o.format_action(*a)).collect();
    let want: BTreeSet<String> = ["8D", "KH", "9D", "10D", "8C", "QS", "9C"]
        .iter()
        .map(|s| s.to_string())
        .collect();
    assert_eq!(names, want);
    assert!(outcomes.iter().all(|(_, p)| (p - 1.0 / 7.0).abs() < 1e-12));
    assert_eq!(o.fen(), obs.fen().replace(" 0 -", " 0 add"));
    // A king (gap 6 after c5: b6) fits; the card is now known and face up.
    play(&mut o, "KH");
    assert_eq!(
        o.position()
            .board
            .piece_at(parse_cell("b6").unwrap())
            .unwrap()
            .symbol(),
        'K'
    );
    assert!(o.fen().contains(",QH,KH|?,"), "{}", o.fen());
}

#[test]
fn a_card_that_cannot_be_added_is_seen_and_stays_on_top() {
    let g = at(
        "2R5/8/8/8/1r2b3/1r1n1N2/5k2/2B5 9H,10H,KS,10S,8S,8H,10C,9S|KH,QH,8D,9D,10D,8C,QS,9C 0 -",
    );
    let mut o = g.observed();
    play(&mut o, "add KH");
    assert!(o.fen().contains("|!KH,?,"), "{}", o.fen());
    assert_eq!(o.position().hand(), 8);
    // The player knows the top card now: no add, and a move spends it seen.
    assert!(!legal(&o).iter().any(|a| a.contains('@') || a == "add"));
    play(&mut o, "c1b2");
    assert!(o.fen().contains(",*!KH|?,"), "{}", o.fen());
    let mut h = dealt(DEAL);
    h.set_fen(&o.fen()).unwrap();
    assert_eq!(h.fen(), o.fen());
}

#[test]
fn samples_agree_with_the_observation_and_are_uniform() {
    let mut g = dealt(DEAL);
    play(&mut g, "f3g2 Q@c5");
    let obs = g.observed();
    let mut rng = Xoshiro256PlusPlus::seed_from_u64(9);
    // How often each unseen card lands in each unknown place.
    let mut counts: HashMap<(usize, String), u32> = HashMap::new();
    let samples = 7000;
    for _ in 0..samples {
        let d = Parade::determinize(&obs, &mut rng);
        assert_eq!(d.unknowns(), 0);
        assert_eq!(d.observed().fen(), obs.fen());
        assert_eq!(d.position().board, obs.position().board);
        assert_eq!(d.key(), d.recompute_key());
        for i in [8usize, 10, 15] {
            counts
                .entry((i, d.position().deck.card(i).unwrap().to_string()))
                .and_modify(|n| *n += 1)
                .or_insert(1);
        }
    }
    // 7 unseen cards in 7 places: each about 1000 times per place (3 sigma is about 88).
    for i in [8usize, 10, 15] {
        for c in ["8D", "KH", "9D", "10D", "8C", "QS", "9C"] {
            let n = counts.get(&(i, c.to_string())).copied().unwrap_or(0);
            assert!((880..=1120).contains(&n), "{c} in place {i}: {n}");
        }
        assert!(!counts.contains_key(&(i, "QH".to_string())));
    }
}

// ---------------------------------------------------------------------------------------
// The solver against brute force.

/// Every action costs one card or one negative point, so the best score is the current
/// points less the fewest actions that connect the pieces (within the 16 negative points), or
/// the loss. Brute force: all positions by number of actions, breadth first, no bound.
fn brute_force(g: &Parade, max_depth: usize) -> Option<SoloScore> {
    use std::collections::HashSet;
    if let Some(s) = g.result() {
        return Some(s);
    }
    let mut layer = vec![g.clone()];
    let mut seen: HashSet<u64> = HashSet::new();
    let mut any_stuck_or_lost = false;
    for depth in 1..=max_depth {
        let mut next = Vec::new();
        for p in &layer {
            let mut acts = Vec::new();
            p.legal_actions(&mut acts);
            if acts.is_empty() {
                any_stuck_or_lost = true;
            }
            for a in acts {
                let mut c = p.clone();
                c.play(a);
                if !seen.insert(c.key()) {
                    continue;
                }
                match c.final_score() {
                    Some(s) if s.won => return Some(s),
                    Some(_) => any_stuck_or_lost = true,
                    None => next.push(c),
                }
            }
        }
        if next.is_empty() {
            return any_stuck_or_lost.then_some(LOST);
        }
        let _ = depth;
        layer = next;
    }
    None
}

fn solved(g: &Parade) -> crate::search::solo::Solution<ParadeAction> {
    let stop = std::sync::atomic::AtomicBool::new(false);
    solve(g, &Caps::default(), &stop, &mut |_| {})
}

/// Checks the solver on one position: its line replays to its score, the bound is admissible,
/// and brute force to `depth` actions agrees (a win within `depth` actions exactly when the
/// solver's best needs that few).
fn check_solver(g: &Parade, depth: usize) -> usize {
    let sol = solved(g);
    assert!(sol.verdict.proven());
    let mut r = g.clone();
    for &a in &sol.line {
        assert!(r.is_legal(a));
        r.play(a);
    }
    assert_eq!(r.result(), Some(sol.best), "{}", g.fen());
    assert!(g.score_bound() >= sol.best, "{}", g.fen());
    let needed = (g.position().points() - sol.best.points) as usize;
    let brute = brute_force(g, depth);
    if sol.best.won && needed <= depth {
        assert_eq!(brute, Some(sol.best), "{}", g.fen());
    } else {
        assert!(
            brute.is_none() || brute == Some(LOST),
            "{} {brute:?}",
            g.fen()
        );
    }
    needed
}

#[test]
fn the_solver_is_exact_on_small_positions() {
    let mut rng = Xoshiro256PlusPlus::seed_from_u64(3);
    let mut near = 0;
    for seed in 0..12u64 {
        // The positions along an optimal line, and a random step aside from each.
        let mut g = Parade::shuffled(seed);
        let line = solved(&g).line;
        for &a in &line {
            if check_solver(&g, 2) <= 2 {
                near += 1;
            }
            let mut acts = Vec::new();
            g.legal_actions(&mut acts);
            let mut aside = g.clone();
            aside.play(acts[(rng.next_u64() % acts.len() as u64) as usize]);
            if aside.result().is_none() {
                check_solver(&aside, 2);
            }
            g.play(a);
        }
    }
    assert!(
        near >= 20,
        "only {near} positions within two actions of the end"
    );
    // Three actions deep, on a few deals.
    for seed in [4u64, 10, 23] {
        let g = Parade::shuffled(seed);
        assert!(check_solver(&g, 3) <= 3);
    }
    // The negative phase: two negative points left to count.
    for seed in 0..20u64 {
        let mut g = random_line(seed, 8);
        let f = g.fen();
        let fields: Vec<&str> = f.split(' ').collect();
        if !fields[1].ends_with('|') {
            continue;
        }
        g.set_fen(&format!("{} {} 14 -", fields[0], fields[1]))
            .unwrap();
        if g.result().is_none() {
            check_solver(&g, 2);
        }
    }
}

#[test]
fn the_solver_finds_the_loss_when_no_group_can_form() {
    let g = at("5R1N/8/8/8/8/8/1N6/RBBQK3 10H,9H,9D,QH,KH,10D,8H,8D|KS,QS,8S,9S,10S,8C,9C,10C 0 -");
    let stop = std::sync::atomic::AtomicBool::new(false);
    let sol = solve(&g, &Caps::default(), &stop, &mut |_| {});
    assert_eq!(sol.best, LOST);
    assert!(sol.verdict.proven());
}

/// Two empty cells (c2, b2) join five groups here: a bound that looked only one empty cell
/// away from each group said three actions, one too many.
#[test]
fn the_bound_sees_two_cells_joining_groups() {
    let g = at(
        "6R1/8/8/8/8/1b2B3/R2Nr3/2b1n3 9C,8S,10D,10S,8D,9S,9D,10H,*KH,*9H|8H,QS,QH,10C,8C,KS 0 -",
    );
    assert!(g.score_bound() >= SoloScore::won(4));
    assert_eq!(solved(&g).best, SoloScore::won(4));
    assert_eq!(brute_force(&g, 2), Some(SoloScore::won(4)));
}

// ---------------------------------------------------------------------------------------
// The game as a hidden-information game: views, observations, samples.

#[test]
fn views_and_observations_keep_the_hidden_contract() {
    for seed in [1, 2, 3] {
        let g = Parade::shuffled(seed).fair();
        crate::tools::contract::check_hidden(&g, 6, 4, seed).unwrap();
    }
    // From a position text that does not know the hand (a truth with chance).
    let mut g = dealt(DEAL).fair();
    g.set_fen(&dealt(DEAL).observed().fen()).unwrap();
    crate::tools::contract::check_hidden(&g, 4, 3, 7).unwrap();
}

#[test]
fn a_fair_player_may_try_an_add_that_does_not_fit() {
    let g = at(
        "2R5/8/8/8/1r2b3/1r1n1N2/5k2/2B5 9H,10H,KS,10S,8S,8H,10C,9S|KH,QH,8D,9D,10D,8C,QS,9C 0 -",
    )
    .fair();
    // The player does not know the king is next: the add is offered, written `add`.
    assert!(legal(&g).contains("add"));
    assert!(g.reveals(ParadeAction::Add));
    let o = g.observe(ParadeAction::Add, Player::White);
    assert_eq!(g.view(Player::White).format_observation(&o), "add=KH");
    let mut t = g.clone();
    play(&mut t, "add");
    // Nothing is spent; the king is seen and stays on top; no add is offered now.
    assert_eq!(t.position().hand(), 8);
    assert!(t.fen().contains("|!KH,QH,"), "{}", t.fen());
    assert!(!legal(&t).iter().any(|a| a.contains('@') || a == "add"));
    let mut v = g.view(Player::White);
    v.apply(&o).unwrap();
    assert_eq!(v.fen(), t.view(Player::White).fen());
    assert!(
        v.fen().starts_with("view ") && v.fen().contains("|!KH,?,"),
        "{}",
        v.fen()
    );
    // The clairvoyant puzzle never offers it.
    assert!(!legal(&g.clone().with_clairvoyance()).contains("add"));
}

#[test]
fn the_view_text_is_not_a_position_and_knows_no_hidden_card() {
    let g = dealt(DEAL).fair();
    let v = g.view(Player::White);
    assert_eq!(
        v.fen(),
        "view 8/8/8/8/1r2b3/1r1n1N2/5k2/2B3R1 9H,10H,KS,10S,8S,8H,10C,9S|?,?,?,?,?,?,?,? 0 -"
    );
    let mut h = g.clone();
    assert!(h.set_fen(&v.fen()).is_err());
    assert!(g.parse_view(&g.fen()).is_err());
    assert!(g.parse_view(&format!("view {}", g.fen())).is_err());
    assert_eq!(g.parse_view(&v.fen()).unwrap().fen(), v.fen());
}

#[test]
fn each_unseen_card_turns_up_with_the_right_frequency() {
    // After a move and an add, seven cards are unseen; each is the next card one time in
    // seven, in samples from the view and in chance's draw at an add.
    let mut g = dealt(DEAL).fair();
    play(&mut g, "f3g2 add");
    let v = g.view(Player::White);
    let mut rng = Xoshiro256PlusPlus::seed_from_u64(5);
    let mut counts: HashMap<String, u32> = HashMap::new();
    let n = 7000;
    for _ in 0..n {
        let s = v.sample(&mut rng);
        assert_eq!(s.weight, 1.0);
        assert_eq!(s.state.view(Player::White).fen(), v.fen());
        let top = s.state.position().deck.top().unwrap().to_string();
        *counts.entry(top).or_default() += 1;
    }
    assert_eq!(counts.len(), 7, "{counts:?}");
    // About 1000 each; 3 sigma is about 88.
    for (c, k) in &counts {
        assert!((880..=1120).contains(k), "{c}: {k}");
    }
}

/// Expansions for each solve of the Monte Carlo player in the test below.
const EXPANSIONS: u64 = 20_000;

#[test]
fn the_monte_carlo_player_decides_from_the_view_alone() {
    use crate::search::solo::pimc::{self, PimcConfig};
    // A count, not a clock, for each solve: a loaded machine gets the same values, so the
    // two views below are compared on what they show, not on how fast the machine was.
    let cfg = PimcConfig {
        samples: 3,
        caps: Caps {
            expansions: Some(EXPANSIONS),
            time: None,
            ..PimcConfig::default().caps
        },
    };
    // Two deals that differ only in the order of the hand: the same view, so the same values.
    let a = dealt(DEAL).fair();
    let b = dealt("9H 10H KS 10S 8S 8H 10C 9S 9C QS 8C 10D 9D KH QH 8D").fair();
    assert_eq!(a.view(Player::White).fen(), b.view(Player::White).fen());
    let va = pimc::values::<Parade>(&a.view(Player::White), &cfg, &mut rng(5));
    let vb = pimc::values::<Parade>(&b.view(Player::White), &cfg, &mut rng(5));
    assert_eq!(va, vb);
    assert!(!va.is_empty());
    for (act, v) in &va {
        assert!(a.is_legal(*act), "{act:?}");
        assert!((-16.0..=8.0).contains(v), "{v}");
    }
    // It plays a whole game from the view, to a win no better than the clairvoyant score.
    let g = dealt(DEAL);
    let best = solve(&g, &Caps::default(), &Default::default(), &mut |_| {}).best;
    let fair = crate::search::solo::study::pimc_player(&g, &cfg, 1);
    assert!(fair.won && fair <= best, "{fair} against {best}");
}

#[test]
fn the_monte_carlo_player_keeps_its_budget() {
    use crate::search::solo::pimc::{self, Budget, PimcConfig};
    use std::sync::atomic::AtomicBool;
    use std::time::Instant;
    let view = dealt(DEAL).fair().view(Player::White);
    let cfg = PimcConfig::default();
    let legal = {
        let mut v = Vec::new();
        dealt(DEAL).fair().legal_actions(&mut v);
        v
    };
    let stop = AtomicBool::new(false);
    // A deadline already passed, or `stop` already set: the first sample is still finished,
    // so every action has a value, and no second sample starts.
    let passed = Budget {
        deadline: Some(Instant::now()),
        stop: &stop,
        extend: true,
        nodes: None,
    };
    let stopped_flag = AtomicBool::new(true);
    let stopped = Budget {
        deadline: None,
        stop: &stopped_flag,
        extend: true,
        nodes: None,
    };
    for budget in [passed, stopped] {
        let v = pimc::values_within::<Parade>(&view, &cfg, &mut rng(3), budget);
        assert_eq!(v.samples, 1);
        assert_eq!(v.actions.len(), legal.len());
        assert!(v.actions.iter().all(|(a, _)| legal.contains(a)));
    }
    // A node budget: the solver's expansions over the whole decision stay within it (each
    // solve's share is at least one expansion, so the floor is one per action of a sample).
    for nodes in [50u64, 2000] {
        let budget = Budget {
            deadline: None,
            stop: &stop,
            extend: true,
            nodes: Some(nodes),
        };
        let v = pimc::values_within::<Parade>(&view, &cfg, &mut rng(3), budget);
        assert!(v.samples >= 1);
        assert!(
            v.expanded <= nodes.max(legal.len() as u64),
            "{} expansions for a budget of {nodes}",
            v.expanded
        );
    }
    // More nodes, more samples (the configured count is only the plan for sharing them).
    let few = Budget {
        deadline: None,
        stop: &stop,
        extend: true,
        nodes: Some(100),
    };
    let many = Budget {
        nodes: Some(200_000),
        ..few
    };
    let f = pimc::values_within::<Parade>(&view, &cfg, &mut rng(3), few);
    let m = pimc::values_within::<Parade>(&view, &cfg, &mut rng(3), many);
    assert!(m.samples > f.samples, "{} against {}", m.samples, f.samples);
}

fn rng(seed: u64) -> Xoshiro256PlusPlus {
    Xoshiro256PlusPlus::seed_from_u64(seed)
}
