//! Perft: counts the action sequences of a given length, the standard check of a move generator.

use crate::game::Game;

/// Number of legal action sequences of length `depth` (plies) from the position.
pub fn perft<G: Game>(g: &mut G, depth: u32) -> u64 {
    // One action list per ply, allocated once and reused by every node at that ply.
    let mut lists: Vec<Vec<G::Action>> = (0..depth).map(|_| Vec::with_capacity(128)).collect();
    perft_with(g, depth, &mut lists)
}

fn perft_with<G: Game>(g: &mut G, depth: u32, lists: &mut [Vec<G::Action>]) -> u64 {
    match depth {
        0 => 1,
        1 => g.count_actions(),
        _ => {
            let (list, deeper) = lists.split_first_mut().expect("one list per remaining ply");
            list.clear();
            g.legal_actions(list);
            let mut n = 0;
            for &a in list.iter() {
                let u = g.play(a);
                n += perft_with(g, depth - 1, deeper);
                g.undo(u);
            }
            n
        }
    }
}

/// Perft split by first action: `(action, count)` in generation order, where `depth` is the
/// number of plies counted after the first action (so the counts add up to `perft(depth + 1)`).
pub fn divide<G: Game>(g: &mut G, depth: u32) -> Vec<(G::Action, u64)> {
    let mut actions = Vec::new();
    g.legal_actions(&mut actions);
    actions
        .into_iter()
        .map(|a| {
            let u = g.play(a);
            let n = perft(g, depth);
            g.undo(u);
            (a, n)
        })
        .collect()
}
