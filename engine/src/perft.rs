//! Perft: counts the action sequences of a given length, the standard check of a move generator.

use std::sync::atomic::{AtomicBool, Ordering};

use crate::game::Game;

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
