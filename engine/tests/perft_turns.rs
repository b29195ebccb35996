//! Turn perft for every variant: equal to plain perft where a turn is one action, and for
//! TCHES Strike the count of three-action turns, checked against the independent TCHES
//! reference generator walked action by action until the side to move changes.

#[path = "tches_reference/mod.rs"]
mod tches_reference;

use tches_reference::RefPos;
use tessera::core::options::VariantOptions;
use tessera::faces::registry;
use tessera::games::tches::Tches;
use tessera::tools::perft::{divide_turns, perft, perft_turns};
use tessera::Game;

/// Complete turns by the reference: actions until the side to move changes or a king falls.
fn reference_turns(r: &RefPos, turns: u32) -> u64 {
    fn walk(r: &RefPos, white: bool, turns: u32) -> u64 {
        let mut n = 0;
        for a in r.legal() {
            let next = r.after(&a);
            n += if next.white == white && !next.game_over() {
                walk(&next, white, turns)
            } else if turns == 1 {
                1
            } else {
                reference_turns(&next, turns - 1)
            };
        }
        n
    }
    if turns == 0 {
        return 1;
    }
    walk(r, r.white, turns)
}

const TCHES_START: &str = "gfdqklcm/pppppppp/8/8/8/8/PPPPPPPP/GFDQKLCM w - -- 1";

#[test]
fn strike_turns_match_the_reference() {
    for (fen, turns) in [
        (TCHES_START, 1),
        ("4k3/8/8/3p4/8/2L5/1P6/2C1K3 w - -- 1", 2),
        ("4k3/2p5/8/8/8/8/8/G3K2C w - -- 1", 2),
    ] {
        let mut g = Tches::new(true, Vec::new());
        g.set_fen(fen).unwrap();
        let r = RefPos::parse(fen, true, "GFDQLCM");
        assert_eq!(
            perft_turns(&mut g, turns),
            reference_turns(&r, turns),
            "{fen}"
        );
    }
    let mut g = Tches::new(true, Vec::new());
    // At the start every turn has three actions, each order of the same pieces counted.
    assert_eq!(perft_turns(&mut g, 1), perft(&mut g, 3));
    let split = divide_turns(&mut g, 0);
    assert_eq!(split.len() as u64, perft_turns(&mut g, 1));
    assert!(split.iter().all(|(t, n)| t.len() == 3 && *n == 1));
}

/// Every registered variant through the text face: where a turn is one action (everything
/// but TCHES Strike and Adrenaline) turn perft equals perft, and divide adds up.
#[test]
fn single_action_variants_count_turns_as_actions() {
    for v in registry::variants() {
        let mut g = registry::create(v.name, &VariantOptions::new()).unwrap();
        // A game that starts with a deal (chance chooses among hundreds of setups) has its
        // own perft from fixed setups.
        if g.is_chance_node() {
            continue;
        }
        // TCHES Strike has 2170 turns at the start: one turn deep is enough.
        let depth = if v.name == "tches" { 1 } else { 2 };
        let turns = g.perft_turns(depth);
        let mut split = Vec::new();
        g.divide_turns_until(
            depth,
            &std::sync::atomic::AtomicBool::new(false),
            &mut |t, n| split.push((t.to_string(), n)),
        );
        assert_eq!(
            split.iter().map(|(_, n)| n).sum::<u64>(),
            turns,
            "{}",
            v.name
        );
        if v.name == "tches" || v.name == "adrenaline" {
            continue;
        }
        for d in 1..=3 {
            assert_eq!(g.perft_turns(d), g.perft(d), "{} depth {d}", v.name);
        }
    }
    let mut g = registry::create("tches", &VariantOptions::new()).unwrap();
    assert!(g.set_fen(TCHES_START).is_ok());
    assert_eq!(g.perft_turns(1), 2170);
    let mut vo = VariantOptions::new();
    vo.set("Strike", "false");
    let mut g = registry::create("tches", &vo).unwrap();
    assert_eq!(g.perft_turns(3), g.perft(3));
}
