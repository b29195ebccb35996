//! Checks that every game's tests make the same way: a game's rules are its own, but the
//! contracts between `play`, `undo`, the key and the text forms are the engine's. Built for
//! the engine's own tests, and for other crates' tests through the `testkit` feature.

use crate::core::game::Game;

pub mod reference;

/// Asserts that each text of `bad` is refused as a position and leaves `g` as it was.
pub fn assert_fens_refused<G: Game>(g: &mut G, bad: &[&str]) {
    let before = g.fen();
    for text in bad {
        assert!(g.set_fen(text).is_err(), "accepted as a position: {text}");
        assert_eq!(g.fen(), before, "changed by refusing {text}");
    }
}

/// Asserts that each text of `bad` is refused as an action of `g`.
pub fn assert_actions_refused<G: Game>(g: &G, bad: &[&str]) {
    for text in bad {
        assert!(
            g.parse_action(text).is_err(),
            "accepted as an action: {text}"
        );
    }
}

/// Checks the contracts of the position `g`: its key is the one computed afresh; its text,
/// read into `fresh`, gives the same text and key; and each legal action's text reads back
/// as the action, which is legal, keeps the key right when played, and when undone restores
/// the text and the key. Returns the legal actions.
pub fn check_contracts<G: Game>(g: &mut G, fresh: &mut G) -> Vec<G::Action> {
    assert_eq!(g.key(), g.recompute_key());
    fresh
        .set_fen(&g.fen())
        .expect("a position's own text reads back");
    assert_eq!(fresh.fen(), g.fen());
    assert_eq!(fresh.key(), g.key());
    let mut acts = Vec::new();
    g.legal_actions(&mut acts);
    for &a in &acts {
        let text = g.format_action(a);
        assert_eq!(g.parse_action(&text).ok(), Some(a), "{text}");
        assert!(g.is_legal(a), "{text}");
        let before = (g.fen(), g.key());
        let u = g.play(a);
        assert_eq!(g.key(), g.recompute_key(), "after {text}");
        g.undo(u);
        assert_eq!((g.fen(), g.key()), before, "undoing {text}");
    }
    acts
}

/// Plays a line from `g`: before each action `visit` sees the position, its legal actions and
/// the pick, and the action played is the pick's (modulo their number); the line stops where
/// no action is legal or the picks run out. Then it takes every action back, asserting that
/// each undo restores the text and the key the action started from.
pub fn play_and_unwind<G: Game>(
    g: &mut G,
    picks: impl IntoIterator<Item = usize>,
    mut visit: impl FnMut(&G, &[G::Action], usize),
) {
    let mut line = Vec::new();
    for p in picks {
        let mut v = Vec::new();
        g.legal_actions(&mut v);
        visit(g, &v, p);
        if v.is_empty() {
            break;
        }
        let a = v[p % v.len()];
        let before = (g.fen(), g.key());
        line.push((before, g.play(a)));
    }
    while let Some(((fen, key), u)) = line.pop() {
        g.undo(u);
        assert_eq!(g.fen(), fen);
        assert_eq!(g.key(), key);
    }
}

/// Counts the action sequences of length `depth` from `s` for a reference generator of the
/// tests, given as its `actions` and the way to `play` one (its rules are its own).
pub fn perft_by<S: Clone, A>(
    s: &S,
    depth: u32,
    actions: &impl Fn(&S) -> Vec<A>,
    play: &impl Fn(&mut S, &A),
) -> u64 {
    if depth == 0 {
        return 1;
    }
    let acts = actions(s);
    if depth == 1 {
        return acts.len() as u64;
    }
    acts.iter()
        .map(|a| {
            let mut next = s.clone();
            play(&mut next, a);
            perft_by(&next, depth - 1, actions, play)
        })
        .sum()
}
