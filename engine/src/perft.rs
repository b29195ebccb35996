//! Perft: counts the action sequences of a given length, the standard check of a move generator.
//! `perft` counts actions (plies); `perft_turns` counts complete turns, for variants whose turn
//! holds several actions (a turn ends where `to_move` changes, or where the game ends).

use crate::game::{Game, Player};

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

/// Number of distinct sequences of `turns` complete legal turns from the position. A turn is
/// the actions one side plays until `to_move` changes (or the game ends); each different
/// action sequence counts once. For games of one action per turn this equals `perft`.
/// A turn left unfinishable (no legal action while the same side is still to move) is not
/// counted.
pub fn perft_turns<G: Game>(g: &mut G, turns: u32) -> u64 {
    if turns == 0 {
        return 1;
    }
    let mut lists = Vec::new();
    walk_turns(g, g.to_move(), turns, 0, &mut lists)
}

/// Counts completions of the turn of `side` in progress, then `turns - 1` more turns.
/// `ply` indexes the reusable action lists.
fn walk_turns<G: Game>(
    g: &mut G,
    side: Player,
    turns: u32,
    ply: usize,
    lists: &mut Vec<Vec<G::Action>>,
) -> u64 {
    if lists.len() <= ply {
        lists.push(Vec::with_capacity(128));
    }
    let mut list = std::mem::take(&mut lists[ply]);
    list.clear();
    g.legal_actions(&mut list);
    let mut n = 0;
    for &a in list.iter() {
        let u = g.play(a);
        let over = g.to_move() != side || g.terminal().is_some();
        n += match (over, turns) {
            (false, _) => walk_turns(g, side, turns, ply + 1, lists),
            (true, 1) => 1,
            (true, _) => walk_turns(g, g.to_move(), turns - 1, ply + 1, lists),
        };
        g.undo(u);
    }
    lists[ply] = list;
    n
}

/// `perft_turns` split by first turn: `(actions of the turn, count)` in generation order,
/// where `turns` more turns are counted after the first (so the counts add up to
/// `perft_turns(turns + 1)`).
pub fn divide_turns<G: Game>(g: &mut G, turns: u32) -> Vec<(Vec<G::Action>, u64)> {
    let mut out = Vec::new();
    let mut prefix = Vec::new();
    first_turns(g, g.to_move(), turns, &mut prefix, &mut out);
    out
}

fn first_turns<G: Game>(
    g: &mut G,
    side: Player,
    turns: u32,
    prefix: &mut Vec<G::Action>,
    out: &mut Vec<(Vec<G::Action>, u64)>,
) {
    let mut list = Vec::new();
    g.legal_actions(&mut list);
    for a in list {
        let u = g.play(a);
        prefix.push(a);
        if g.to_move() != side || g.terminal().is_some() {
            out.push((prefix.clone(), perft_turns(g, turns)));
        } else {
            first_turns(g, side, turns, prefix, out);
        }
        prefix.pop();
        g.undo(u);
    }
}
