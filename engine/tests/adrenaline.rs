//! Adrenaline Chess against the independent reference generator (`adrenaline_reference`):
//! the sets of legal turns, turn perft and action perft from the start and from positions
//! built to hit every rule, and seeded random games compared turn by turn.

mod adrenaline_reference;

use std::collections::BTreeSet;

use adrenaline_reference::{RefPos, Turns};
use rand_core::{RngCore, SeedableRng};
use rand_xoshiro::Xoshiro256PlusPlus;
use tessera::games::adrenaline::Adrenaline;
use tessera::tools::perft::{perft, perft_turns};
use tessera::{Game, Outcome, Player};

fn engine(fen: &str) -> Adrenaline {
    Adrenaline::from_fen(fen).unwrap_or_else(|e| panic!("{fen}: {e}"))
}

/// Every complete turn the engine allows, as comma-joined text, found by walking its actions.
fn engine_turns(g: &Adrenaline) -> BTreeSet<String> {
    fn walk(
        g: &mut Adrenaline,
        side: Player,
        prefix: &mut Vec<String>,
        out: &mut BTreeSet<String>,
    ) {
        let mut v = Vec::new();
        g.legal_actions(&mut v);
        let names: BTreeSet<String> = v.iter().map(|&a| g.format_action(a)).collect();
        assert_eq!(names.len(), v.len(), "duplicate actions in {}", g.fen());
        for a in v {
            prefix.push(g.format_action(a));
            let u = g.play(a);
            assert_eq!(g.key(), g.recompute_key(), "key after {prefix:?}");
            if g.to_move() != side {
                assert!(out.insert(prefix.join(",")), "turn twice: {prefix:?}");
            } else {
                walk(g, side, prefix, out);
            }
            g.undo(u);
            prefix.pop();
        }
    }
    let mut out = BTreeSet::new();
    let mut h = g.clone();
    walk(&mut h, g.to_move(), &mut Vec::new(), &mut out);
    out
}

/// The turn sets agree, and so do turn perft (to `turn_depth`) and action perft (to
/// `action_depth`). Returns the number of turns.
fn compare(fen: &str, turn_depth: u32, action_depth: u32) -> usize {
    let mut g = engine(fen);
    let r = RefPos::parse(fen);
    let mine = engine_turns(&g);
    let theirs = r.turn_set();
    if mine != theirs {
        let extra: Vec<&String> = mine.difference(&theirs).take(10).collect();
        let missing: Vec<&String> = theirs.difference(&mine).take(10).collect();
        panic!("turns differ in {fen}\nengine only: {extra:?}\nreference only: {missing:?}");
    }
    for d in 1..=turn_depth {
        assert_eq!(
            perft_turns(&mut g, d),
            r.perft_turns(d),
            "turn perft {d} in {fen}"
        );
    }
    for d in 1..=action_depth {
        assert_eq!(perft(&mut g, d), r.perft_actions(d), "perft {d} in {fen}");
    }
    mine.len()
}

#[test]
fn start_position() {
    let fen = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 -";
    assert_eq!(compare(fen, 3, 3), 20);
    let mut g = engine(fen);
    assert_eq!(perft_turns(&mut g, 3), 9378);
}

/// The seed's "strange checkmate", reconstructed from its text: a White bishop on c1 walled
/// in by its own pawns on b2 and d2 stands on three checkers; the Black queen on c4 can take
/// it down the open c-file and spend them to reach the king on f2 (through d2, e1, e2 or e3).
/// e2 and f1 are also on the queen's diagonal, f3 on the Black bishop's, and g3 is reached by
/// the Black pawn on h5 with its one checker (h5h4, then a step to g3). g1 and g2 are blocked
/// by White's own knight and pawn, and nothing of White's can reach c4, c3 or c2.
pub const STRANGE_MATE: &str = "6k1/pp3pp1/2b5/7p/2q5/8/PP1P1KPP/2B3NR w - - 0 1 c1:3,h5:1";

#[test]
fn strange_checkmate() {
    let g = engine(STRANGE_MATE);
    assert!(g.in_adrenaline_check());
    assert!(
        !g.king_exposed(Player::Black),
        "the bishop cannot use its checkers: it has no regular move"
    );
    assert_eq!(engine_turns(&g).len(), 0);
    assert_eq!(
        g.outcome(),
        Some(Outcome::Win {
            winner: Player::Black,
            reason: "checkmate"
        })
    );
    let r = RefPos::parse(STRANGE_MATE);
    assert!(r.in_check());
    assert!(r.turn_set().is_empty());
    // Without the checker under h5, g3 is a way out.
    let fen = STRANGE_MATE.replace(",h5:1", "");
    let g = engine(&fen);
    assert!(g.in_adrenaline_check());
    assert_eq!(engine_turns(&g), BTreeSet::from(["f2g3".to_string()]));
    compare(&fen, 2, 2);
    // With two checkers under the bishop the queen comes one step short of f2.
    let fen = STRANGE_MATE.replace("c1:3", "c1:2");
    assert!(!engine(&fen).in_adrenaline_check());
    compare(&fen, 1, 2);
}

/// Positions built to hit each rule, compared with the reference.
const BUILT: &[(&str, &str)] = &[
    (
        "a knight steps with one checker",
        "4k3/8/8/8/3N4/8/8/4K3 w - - 0 1 d4:1",
    ),
    (
        "a queen with three checkers",
        "4k3/8/8/8/8/8/PP6/Q1K5 w - - 0 1 a1:3",
    ),
    (
        "a step captures and takes over checkers, then spends them",
        "4k3/8/8/1n1p4/8/8/8/R6K w - - 0 1 a1:1,b5:2",
    ),
    (
        "a capture owes a checker; under the enemy king it would give the king steps",
        "8/8/8/8/4k3/8/3p4/4K3 w - - 0 1 -",
    ),
    (
        "a pinned piece may not move even if a step would block again",
        "k3r3/8/8/8/4N3/8/8/4K3 w - - 0 1 e4:2",
    ),
    (
        "a king attacked from two steps away",
        "4k3/8/8/8/8/r7/1R6/4K3 w - - 0 1 a3:2",
    ),
    (
        "promotion, then steps as the new piece",
        "k7/6P1/8/8/8/8/8/4K3 w - - 0 1 g7:2",
    ),
    (
        "castling through a square reached only by extra steps",
        "4k3/8/8/8/7n/8/8/R3K2R w KQ - 0 1 h4:1",
    ),
    (
        "castling through a square a bishop attacks",
        "4k3/8/b7/8/8/8/8/R3K2R w KQ - 0 1 -",
    ),
    (
        "castling barred by checkers under the rook",
        "4k3/8/8/8/8/8/8/R3K2R w KQ - 0 1 h1:1",
    ),
    (
        "en passant after a plain double step",
        "7k/8/8/3pP3/8/8/8/4K3 w - d6 0 1 d5:2",
    ),
    (
        "a double step with steps after it gives no en passant",
        "4k3/3p4/8/4P3/8/8/8/4K3 b - - 0 1 d7:1",
    ),
    (
        "a pawn stepped back to its first rank",
        "4k3/8/8/8/8/8/8/1P2K3 w - - 0 1 b1:1",
    ),
    (
        "an empty supply: captures owe nothing",
        "4k3/8/8/3p4/8/p7/P7/3QK3 w - - 0 1 a2:24",
    ),
];

/// En passant hands the capturing pawn the double-stepped pawn's checkers, and the adrenaline
/// check must count them even when the capturer has none of its own: after `e2e4` Black's
/// `d4e3` takes the checker and `e3d2` takes the king.
const EP_TAKEOVER: &str = "3k4/8/8/8/3p4/8/3KP3/8 w - - 2 2 e2:1";

#[test]
fn en_passant_hands_over_checkers_in_the_check_test() {
    let theirs = RefPos::parse(EP_TAKEOVER).turn_set();
    assert!(theirs.contains("e2e4,e4f5"), "{theirs:?}");
    assert!(!theirs.contains("e2e4,end"), "{theirs:?}");
    let fen = "4k3/8/8/8/3p4/8/4P3/4K3 w - - 0 1 e2:1";
    assert_eq!(RefPos::parse(fen).perft_turns(3), 2214);
    let mine = engine_turns(&engine(EP_TAKEOVER));
    assert_eq!(mine, theirs);
    assert_eq!(perft_turns(&mut engine(fen), 3), 2214);
}

/// Five turns from the start reach positions where a pawn on a checker double-steps beside
/// an enemy pawn that may take it en passant and then step onto the king.
#[test]
fn start_position_turn_perft_5() {
    let t0 = std::time::Instant::now();
    let mut g = engine("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 -");
    assert_eq!(perft_turns(&mut g, 5), 8_127_047);
    eprintln!("start position turn perft 5: {:?}", t0.elapsed());
}

/// Positions where a double step may be taken en passant and the stepping pawn, the pawns
/// that may take it, or both stand on checkers, near and far from the kings: the reference's
/// brute force and the engine's check test must agree on every one.
const EN_PASSANT: &[&str] = &[
    "3k4/8/8/8/3p4/8/3KP3/8 w - - 0 1 e2:1",
    "3k4/8/8/8/3p4/8/3KP3/8 w - - 0 1 e2:2",
    "3k4/8/8/8/3p1p2/8/2K1P3/8 w - - 0 1 e2:2",
    "4k3/8/8/8/3p4/8/4P3/4K3 w - - 0 1 e2:1",
    "4k3/8/8/8/3p4/8/4P3/4K3 w - - 0 1 e2:2",
    "4k3/8/8/8/3p4/8/4P3/4K3 w - - 0 1 d4:1,e2:1",
    "4k3/8/8/8/5p2/8/4P1K1/8 w - - 0 1 e2:1",
    "4k3/8/8/8/2p1p3/8/3P4/K7 w - - 0 1 d2:1,e4:1",
    "8/3pk3/8/4P3/8/8/8/4K3 b - - 0 1 d7:1",
    "8/2p1k3/8/1P1P4/8/8/8/4K3 b - - 0 1 c7:2",
    "8/2p5/4k3/1P1P4/8/8/8/4K3 b - - 0 1 c7:1,b5:1",
];

#[test]
fn en_passant_positions_agree_with_the_reference() {
    for fen in EN_PASSANT {
        let n = compare(fen, 2, 3);
        assert!(n > 0, "no turn in {fen}");
    }
}

/// A middlegame from a self-play game, with checkers added on both sides.
const MIDDLE: &str =
    "r2qk2r/1pp3pp/2nb3n/p3pp1P/P2pP1b1/3P1NPB/1PPB1P2/RN1QK2R w KQkq - 0 11 b2:2,c6:1,f3:1,h7:1";

#[test]
fn a_middlegame_agrees_with_the_reference() {
    assert_eq!(compare(MIDDLE, 1, 2), 854);
}

#[test]
fn built_positions_agree_with_the_reference() {
    for (what, fen) in BUILT {
        let n = compare(fen, 2, 3);
        assert!(n > 0, "{what}: no turn in {fen}");
    }
}

/// Seeded random games from the start, comparing the turn sets at every turn; a game stops
/// when a stack grows beyond what the brute-force reference can explore quickly.
#[test]
fn random_games_agree_with_the_reference() {
    for seed in 0..6u64 {
        let mut rng = Xoshiro256PlusPlus::seed_from_u64(seed);
        let mut g = Adrenaline::new();
        let mut r = RefPos::parse(&g.fen());
        for _ in 0..60 {
            let turns = r.turns();
            let theirs: BTreeSet<String> = turns.iter().map(|(t, _)| t.join(",")).collect();
            let mine = engine_turns(&g);
            assert_eq!(mine, theirs, "turns differ in {}", g.fen());
            if turns.is_empty() || g.terminal().is_some() {
                break;
            }
            let (t, next) = &turns[rng.next_u32() as usize % turns.len()];
            for a in t {
                let act = g.parse_action(a).unwrap();
                g.play(act);
            }
            assert_eq!(g.key(), g.recompute_key());
            r = next.clone();
            let (placement, stacks) = r.board_text();
            let f = g.fen();
            let fields: Vec<&str> = f.split(' ').collect();
            assert_eq!(
                (fields[0], fields[6]),
                (placement.as_str(), stacks.as_str())
            );
            if r.stacks.iter().flatten().any(|&n| n > 3) {
                break;
            }
        }
    }
}

/// Deeper counts against the reference (a few minutes):
/// `cargo test -p tessera-engine --release --test adrenaline deep -- --ignored`.
#[test]
#[ignore]
fn deep_perft_matches_the_reference() {
    let start = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 -";
    let mut g = engine(start);
    let r = RefPos::parse(start);
    assert_eq!(perft_turns(&mut g, 4), 242_430);
    assert_eq!(r.perft_turns(4), 242_430);
    assert_eq!(perft(&mut g, 5), r.perft_actions(5));
    let mut g = engine(MIDDLE);
    let r = RefPos::parse(MIDDLE);
    assert_eq!(perft_turns(&mut g, 2), 358_184);
    assert_eq!(r.perft_turns(2), 358_184);
    compare(STRANGE_MATE.replace(",h5:1", "").as_str(), 3, 4);
}
