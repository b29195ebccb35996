//! The hidden-information parts on the test toys: the contracts of `Chance` and `Hidden`,
//! samplers that give unseen cards the frequencies the rules give them, and the searchers
//! playing positions whose right play is known.

use tessera::core::game::{seeded_rng, Game, Hidden, Player, View};
use tessera::search::tt::TranspositionTable;
use tessera::search::{run_view, Limits, Observers, SearchConfig, SearchControl, Searcher};
use tessera::tools::contract::check_hidden;
use tessera_tests::toys::hilo::{best_guess, HlView};
use tessera_tests::toys::peekwhist::{parse_card, PwView};
use tessera_tests::toys::{HiLo, PeekWhist};

#[test]
fn peek_whist_keeps_the_contracts() {
    check_hidden(&PeekWhist::new(), 150, 6, 1).unwrap();
}

#[test]
fn higher_or_lower_keeps_the_contracts() {
    check_hidden(&HiLo::new(), 60, 6, 2).unwrap();
}

fn pw(fen: &str) -> PeekWhist {
    let mut g = PeekWhist::new();
    g.set_fen(fen).unwrap_or_else(|e| panic!("{fen}: {e}"));
    g
}

#[test]
fn unseen_cards_are_sampled_with_the_rules_frequencies() {
    // White holds JS QS KS; nothing played; Black's three cards are any three of the nine
    // unseen, equally likely: each unseen card is in Black's hand a third of the time.
    let t = pw("JSQSKS AHKHQH ASJHJDQDKDAD w - 0-0 - - - 000000");
    let v = t.view(Player::White);
    let mut rng = seeded_rng(5);
    let n = 9000;
    let mut count = [0u32; 12];
    for _ in 0..n {
        let s = v.sample(&mut rng).state;
        for (c, k) in count.iter_mut().enumerate() {
            if s.hands[1] & (1 << c) != 0 {
                *k += 1;
            }
        }
    }
    for (c, &k) in count.iter().enumerate() {
        if v.hand & (1 << c) != 0 {
            assert_eq!(k, 0);
        } else {
            // Binomial(9000, 1/3): sd 45; allow five.
            assert!((k as i64 - 3000).abs() < 225, "card {c}: {k}");
        }
    }
    // Black showed a void in spades and has drawn once since: at most one spade.
    let t = pw("JSQSKS AHKHQH ASJHJDQDKDAD w - 0-0 - - - 000002");
    let v = t.view(Player::White);
    for _ in 0..500 {
        let s = v.sample(&mut rng).state;
        assert!((s.hands[1] & 0xF).count_ones() <= 1);
    }
}

#[test]
fn higher_or_lower_samples_every_order_of_the_unseen_cards() {
    let mut g = HiLo::new();
    let mut rng = seeded_rng(9);
    while tessera::Chance::is_chance_node(&g) {
        let a = tessera::Chance::sample_chance(&g, &mut rng);
        g.play(a);
    }
    let v = g.view(Player::White);
    let n = 12_000;
    let mut next = [0u32; 14];
    for _ in 0..n {
        let s = v.determinize(&mut rng);
        next[s.deck[1] as usize] += 1;
    }
    for c in 1..=13u8 {
        let k = next[c as usize];
        if c == g.deck[0] {
            assert_eq!(k, 0);
        } else {
            assert!((k as i64 - 1000).abs() < 150, "card {c}: {k}");
        }
    }
}

fn answer_view<V: View>(v: &V, searcher: Searcher, observers: Observers, nodes: u64) -> Vec<String>
where
    V::Game: tessera::Evaluate,
{
    let mut cfg = SearchConfig {
        searcher,
        ..SearchConfig::default()
    };
    cfg.mcts.observers = observers;
    let ctl = SearchControl::new(false);
    let tt = TranspositionTable::new(4);
    let limits = Limits {
        nodes: Some(nodes),
        depth: (searcher == Searcher::AlphaBeta).then_some(6),
        ..Limits::default()
    };
    run_view(v, &limits, &cfg, &ctl, &tt, &mut |_| {}).turn
}

#[test]
fn the_fair_player_guesses_toward_the_unseen_majority() {
    let mut rng = seeded_rng(11);
    for deal in 0..12 {
        let mut g = HiLo::new();
        while tessera::Chance::is_chance_node(&g) {
            let a = tessera::Chance::sample_chance(&g, &mut rng);
            g.play(a);
        }
        // Play the deal out with the searcher, checking each guess that matters.
        while g.terminal().is_none() {
            let v: HlView = g.view(Player::White);
            let turn = answer_view(&v, Searcher::Mcts, Observers::Multiple, 3000);
            assert_eq!(turn.len(), 1);
            let cur = *v.seen.last().unwrap();
            let unseen = v.unseen();
            let higher = unseen.iter().filter(|&&c| c > cur).count();
            let lower = unseen.len() - higher;
            // A clear majority (two cards or more) decides the right guess.
            if higher.abs_diff(lower) >= 2 {
                assert_eq!(turn[0], best_guess(&v), "deal {deal}: {}", g.fen());
            }
            let a = g.parse_action(&turn[0]).unwrap();
            g.play(a);
        }
    }
}

#[test]
fn every_searcher_answers_a_legal_whole_turn_at_peek_whist() {
    let mut rng = seeded_rng(21);
    for _ in 0..6 {
        let mut g = PeekWhist::new();
        let mut plies = 0;
        while g.terminal().is_none() {
            if tessera::Chance::is_chance_node(&g) {
                let a = tessera::Chance::sample_chance(&g, &mut rng);
                g.play(a);
                continue;
            }
            let me = g.to_move();
            let v = g.view(me);
            let searcher = [
                Searcher::Mcts,
                Searcher::AlphaBeta,
                Searcher::Greedy,
                Searcher::Random,
            ][plies % 4];
            let observers = if plies % 8 < 4 {
                Observers::Multiple
            } else {
                Observers::Single
            };
            let turn = answer_view(&v, searcher, observers, 300);
            assert!(!turn.is_empty(), "{searcher:?} at {}", g.fen());
            for t in &turn {
                assert_eq!(g.to_move(), me);
                assert!(
                    !tessera::Chance::is_chance_node(&g),
                    "{turn:?} runs into chance"
                );
                let a = g
                    .parse_action(t)
                    .unwrap_or_else(|e| panic!("{searcher:?} {t}: {e} at {}", g.fen()));
                g.play(a);
            }
            // The turn ended, or paused at chance (the peek's card).
            assert!(
                g.terminal().is_some()
                    || g.to_move() != me
                    || tessera::Chance::is_chance_node(&g)
                    || g.public.led.is_none(),
                "{turn:?} at {}",
                g.fen()
            );
            plies += 1;
        }
    }
}

#[test]
fn ismcts_finds_the_right_lead_in_the_last_tricks() {
    // White holds AS and AH, Black two cards: both aces win whatever Black holds.
    let t = pw("ASAH KSQH - w - 2-2 wb - - 000000");
    let v: PwView = t.view(Player::White);
    let turn = answer_view(&v, Searcher::Mcts, Observers::Multiple, 2000);
    assert!(turn == ["AS"] || turn == ["AH"], "{turn:?}");
    // White holds AS and JD; Black QD and KH (the only cards unseen). Leading JD loses both
    // tricks (QD wins, then KH); leading AS wins one, and Black keeps QD: a draw.
    let t = pw("ASJD QDKH - w - 2-2 wb - - 000000");
    let v = t.view(Player::White);
    for observers in [Observers::Multiple, Observers::Single] {
        let turn = answer_view(&v, Searcher::Mcts, observers, 3000);
        assert_eq!(turn, ["AS"], "{observers:?}");
    }
    assert_eq!(
        answer_view(&v, Searcher::AlphaBeta, Observers::Multiple, 3000),
        ["AS"]
    );
    assert!(parse_card("AS").is_some());
}

/// The expected score of the right play at Higher or Lower from the start, computed exactly:
/// the next card is uniform over the unseen ones (cards put away unseen are a uniform part of
/// them), so the value depends only on the cards seen and the face-up card.
fn hilo_optimum() -> f64 {
    use std::collections::HashMap;
    fn value(seen: u16, cur: u8, left: u8, memo: &mut HashMap<(u16, u8, u8), f64>) -> f64 {
        if left == 0 {
            return 0.0;
        }
        if let Some(&v) = memo.get(&(seen, cur, left)) {
            return v;
        }
        let unseen: Vec<u8> = (1..=13u8).filter(|c| seen & (1 << c) == 0).collect();
        let higher = unseen.iter().filter(|&&c| c > cur).count();
        let right = higher.max(unseen.len() - higher) as f64 / unseen.len() as f64;
        let rest: f64 = unseen
            .iter()
            .map(|&c| value(seen | 1 << c, c, left - 1, memo))
            .sum::<f64>()
            / unseen.len() as f64;
        memo.insert((seen, cur, left), right + rest);
        right + rest
    }
    let mut memo = HashMap::new();
    (1..=13u8)
        .map(|c| value(1 << c, c, 6, &mut memo))
        .sum::<f64>()
        / 13.0
}

#[test]
fn the_right_play_at_higher_or_lower_scores_4_656_on_average() {
    let v = hilo_optimum();
    assert!((v - 4.655_955).abs() < 1e-5, "{v}");
}
