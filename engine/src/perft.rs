//! Perft: counts the action sequences of a given length, the standard check of a move generator.
//! `perft` counts actions (plies); `perft_turns` counts complete turns, for variants whose turn
//! holds several actions (a turn ends where `to_move` changes, or where the game ends; a
//! one-player game's turn is one action).

use std::sync::atomic::{AtomicBool, Ordering};

use crate::game::{Game, Player};

/// Number of legal action sequences of length `depth` (plies) from the position.
pub fn perft<G: Game>(g: &mut G, depth: u32) -> u64 {
    counted(g, depth, &Never)
}

/// Something that may ask a long count to stop: checked once per inner node, never per leaf,
/// so a count that cannot be stopped (`Never`) costs nothing.
trait Interrupt {
    fn interrupted(&self) -> bool;
}

struct Never;

impl Interrupt for Never {
    #[inline(always)]
    fn interrupted(&self) -> bool {
        false
    }
}

impl Interrupt for AtomicBool {
    #[inline(always)]
    fn interrupted(&self) -> bool {
        self.load(Ordering::Relaxed)
    }
}

fn counted<G: Game, I: Interrupt>(g: &mut G, depth: u32, stop: &I) -> u64 {
    // One action list per ply, allocated once and reused by every node at that ply.
    let mut lists: Vec<Vec<G::Action>> = (0..depth).map(|_| Vec::with_capacity(128)).collect();
    perft_with(g, depth, &mut lists, stop)
}

fn perft_with<G: Game, I: Interrupt>(
    g: &mut G,
    depth: u32,
    lists: &mut [Vec<G::Action>],
    stop: &I,
) -> u64 {
    match depth {
        0 => 1,
        1 => g.count_actions(),
        _ => {
            if stop.interrupted() {
                return 0;
            }
            let (list, deeper) = lists.split_first_mut().expect("one list per remaining ply");
            list.clear();
            g.legal_actions(list);
            let mut n = 0;
            for &a in list.iter() {
                let u = g.play(a);
                n += perft_with(g, depth - 1, deeper, stop);
                g.undo(u);
            }
            n
        }
    }
}

/// Perft split by first action: `(action, count)` in generation order, where `depth` is the
/// number of plies counted after the first action (so the counts add up to `perft(depth + 1)`).
pub fn divide<G: Game>(g: &mut G, depth: u32) -> Vec<(G::Action, u64)> {
    let mut out = Vec::new();
    divide_until(g, depth, &AtomicBool::new(false), &mut |a, n| {
        out.push((a, n))
    });
    out
}

/// `divide` that hands each first action's count to `each` as soon as it is known and gives
/// up when `stop` is raised: `true` when every first action was counted. A count cut short by
/// `stop` is not handed on.
pub fn divide_until<G: Game>(
    g: &mut G,
    depth: u32,
    stop: &AtomicBool,
    each: &mut dyn FnMut(G::Action, u64),
) -> bool {
    let mut actions = Vec::new();
    g.legal_actions(&mut actions);
    for a in actions {
        if stop.interrupted() {
            return false;
        }
        let u = g.play(a);
        let n = counted(g, depth, stop);
        g.undo(u);
        if stop.interrupted() {
            return false;
        }
        each(a, n);
    }
    true
}

/// Number of distinct sequences of `turns` complete legal turns from the position. A turn is
/// the actions one side plays until `to_move` changes (or the game ends); each different
/// action sequence counts once. For games of one action per turn this equals `perft`.
/// A turn left unfinishable (no legal action while the same side is still to move) is not
/// counted.
pub fn perft_turns<G: Game>(g: &mut G, turns: u32) -> u64 {
    turns_counted(g, turns, &Never)
}

fn turns_counted<G: Game, I: Interrupt>(g: &mut G, turns: u32, stop: &I) -> u64 {
    if turns == 0 {
        return 1;
    }
    let mut lists = Vec::new();
    walk_turns(g, g.to_move(), turns, 0, &mut lists, stop)
}

/// Counts completions of the turn of `side` in progress, then `turns - 1` more turns.
/// `ply` indexes the reusable action lists.
fn walk_turns<G: Game, I: Interrupt>(
    g: &mut G,
    side: Player,
    turns: u32,
    ply: usize,
    lists: &mut Vec<Vec<G::Action>>,
    stop: &I,
) -> u64 {
    if stop.interrupted() {
        return 0;
    }
    if lists.len() <= ply {
        lists.push(Vec::with_capacity(128));
    }
    let mut list = std::mem::take(&mut lists[ply]);
    list.clear();
    g.legal_actions(&mut list);
    let mut n = 0;
    for &a in list.iter() {
        let u = g.play(a);
        // A solitaire's turn is one action (its side never changes).
        let over = g.to_move() != side || g.terminal().is_some() || g.players() == 1;
        n += match (over, turns) {
            (false, _) => walk_turns(g, side, turns, ply + 1, lists, stop),
            (true, 1) => 1,
            (true, _) => walk_turns(g, g.to_move(), turns - 1, ply + 1, lists, stop),
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
    divide_turns_until(g, turns, &AtomicBool::new(false), &mut |t, n| {
        out.push((t.to_vec(), n))
    });
    out
}

/// `divide_turns` that hands each first turn's count to `each` as soon as it is known and
/// gives up when `stop` is raised: `true` when every first turn was counted.
pub fn divide_turns_until<G: Game>(
    g: &mut G,
    turns: u32,
    stop: &AtomicBool,
    each: &mut dyn FnMut(&[G::Action], u64),
) -> bool {
    let mut prefix = Vec::new();
    first_turns(g, g.to_move(), turns, &mut prefix, stop, each)
}

fn first_turns<G: Game>(
    g: &mut G,
    side: Player,
    turns: u32,
    prefix: &mut Vec<G::Action>,
    stop: &AtomicBool,
    each: &mut dyn FnMut(&[G::Action], u64),
) -> bool {
    let mut list = Vec::new();
    g.legal_actions(&mut list);
    for a in list {
        if stop.interrupted() {
            return false;
        }
        let u = g.play(a);
        prefix.push(a);
        let whole = if g.to_move() != side || g.terminal().is_some() || g.players() == 1 {
            let n = turns_counted(g, turns, stop);
            let counted = !stop.interrupted();
            if counted {
                each(prefix, n);
            }
            counted
        } else {
            first_turns(g, side, turns, prefix, stop, each)
        };
        prefix.pop();
        g.undo(u);
        if !whole {
            return false;
        }
    }
    true
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::chess::Chess;

    #[test]
    fn divide_adds_up_and_stops_when_told() {
        let mut g = Chess::new(false);
        let split = divide(&mut g, 2);
        assert_eq!(split.iter().map(|(_, n)| n).sum::<u64>(), 8902);
        let stop = AtomicBool::new(true);
        let mut seen = 0;
        assert!(!divide_until(&mut g, 2, &stop, &mut |_, _| seen += 1));
        assert_eq!(seen, 0);
        // Raised midway: the counts handed on before are whole, nothing after.
        let stop = AtomicBool::new(false);
        let mut got = Vec::new();
        let done = divide_until(&mut g, 2, &stop, &mut |a, n| {
            got.push((a, n));
            stop.store(true, Ordering::Relaxed);
        });
        assert!(!done);
        assert_eq!(got, split[..1]);
    }
}
