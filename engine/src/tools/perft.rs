//! Perft: counts the action sequences of a given length, the standard check of a move generator.
//! `perft` counts actions (plies); `perft_turns` counts complete turns, for variants whose turn
//! holds several actions (a turn ends where `to_move` changes, or where the game ends; a
//! one-player game's turn is one action).
//!
//! Like every published perft table, the counts ignore the draws the rules decide by counting
//! (the fifty-move rule, repetition, insufficient material: `Game::draw_rules`); endings that
//! are not such draws (checkmate, three in a row, a king in the end zone) still end a line.

use std::sync::atomic::{AtomicBool, Ordering};

use crate::core::game::{Game, Player};

/// Number of legal action sequences of length `depth` (plies) from the position.
pub fn perft<G: Game>(g: &mut G, depth: u32) -> u64 {
    ignoring_draws(g, |g| counted(g, depth, &Never))
}

/// Runs a count with the game's counted draws turned off, then restores them.
fn ignoring_draws<G: Game, R>(g: &mut G, count: impl FnOnce(&mut G) -> R) -> R {
    let on = g.draw_rules();
    g.set_draw_rules(false);
    let r = count(g);
    g.set_draw_rules(on);
    r
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
    ignoring_draws(g, |g| {
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
    })
}

/// Number of distinct sequences of `turns` complete legal turns from the position. A turn is
/// the actions one side plays until `to_move` changes (or the game ends); each different
/// action sequence counts once. For games of one action per turn this equals `perft`.
/// A turn left unfinishable (no legal action while the same side is still to move) is not
/// counted.
pub fn perft_turns<G: Game>(g: &mut G, turns: u32) -> u64 {
    ignoring_draws(g, |g| turns_counted(g, turns, &Never))
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
    ignoring_draws(g, |g| {
        let mut prefix = Vec::new();
        first_turns(g, g.to_move(), turns, &mut prefix, stop, each)
    })
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
    use crate::core::game::Outcome;
    use crate::games::adrenaline::Adrenaline;
    use crate::games::booster::{Booster, Config};
    use crate::games::chess::Chess;
    use crate::games::cloak::Cloak;
    use crate::games::tictacchess::TicTacChess;
    use crate::games::tiledsquares::TiledSquares;

    /// `g` with the FEN's half-move clock (field `field`) set to `clock`.
    fn with_clock<G: Game>(g: &G, field: usize, clock: u32) -> G {
        let mut fields: Vec<String> = g.fen().split(' ').map(str::to_string).collect();
        fields[field] = clock.to_string();
        let mut h = g.clone();
        h.set_fen(&fields.join(" "))
            .expect("the same position, another clock");
        h
    }

    /// At the fifty-move limit the game is drawn, yet perft counts what the same position
    /// with a fresh clock counts, and the draw stands after the count.
    fn counts_past_the_fifty_move_rule<G: Game>(g: &G, field: usize, depth: u32) {
        let mut fresh = with_clock(g, field, 0);
        let mut done = with_clock(g, field, 100);
        assert!(fresh.outcome().is_none(), "{}", fresh.fen());
        assert!(
            matches!(done.outcome(), Some(Outcome::Draw { .. })),
            "{}",
            done.fen()
        );
        let want = perft(&mut fresh, depth);
        assert!(want > 0);
        assert_eq!(perft(&mut done, depth), want, "{}", done.fen());
        assert_eq!(perft_turns(&mut done, 1), perft_turns(&mut fresh, 1));
        assert!(done.draw_rules() && matches!(done.outcome(), Some(Outcome::Draw { .. })));
    }

    #[test]
    fn perft_counts_past_the_fifty_move_rule_in_every_game_that_has_it() {
        let chess = Chess::from_fen("4k3/8/8/8/8/8/8/4K2R w K - 0 1", false).unwrap();
        counts_past_the_fifty_move_rule(&chess, 4, 2);
        counts_past_the_fifty_move_rule(&TiledSquares::new(false), 4, 2);
        counts_past_the_fifty_move_rule(&Adrenaline::new(), 4, 2);
        counts_past_the_fifty_move_rule(&Booster::dealt(Config::default(), 7), 4, 2);
        counts_past_the_fifty_move_rule(&Cloak::new(Some([518, 518])), 6, 2);
    }

    #[test]
    fn perft_counts_past_insufficient_material() {
        // Stockfish: 8 and 40.
        let mut g = Chess::from_fen("4k3/8/8/8/8/8/8/4K1N1 w - - 0 1", false).unwrap();
        assert!(g.outcome().is_some());
        assert_eq!(perft(&mut g, 1), 8);
        assert_eq!(perft(&mut g, 2), 40);
        let mut d = 0;
        assert!(divide_until(
            &mut g,
            1,
            &AtomicBool::new(false),
            &mut |_, n| d += n
        ));
        assert_eq!(d, 40);
        // Adrenaline draws bare kings only (a knight on checkers may mate), by turns.
        let mut a = Adrenaline::from_fen("4k3/8/8/8/8/8/8/4K3 w - - 0 1 -").unwrap();
        assert!(a.outcome().is_some());
        assert_eq!(perft_turns(&mut a, 2), 25);
        // Tiled Squares: the king's moves tile, the knight has no tile to land on.
        let mut t = TiledSquares::from_fen("4k3/8/8/8/8/8/8/4K1N1 w - - 0 1", false).unwrap();
        assert!(t.outcome().is_some());
        assert!(perft(&mut t, 2) > 0);
        assert!(t.outcome().is_some());
    }

    /// Plays `line` (the variant's notation) from `g`.
    fn played<G: Game>(mut g: G, line: &str) -> G {
        for s in line.split_whitespace() {
            let a = g.parse_action(s).unwrap_or_else(|e| panic!("{s}: {e}"));
            g.play(a);
        }
        g
    }

    #[test]
    fn perft_counts_past_a_threefold_repetition() {
        let shuffle = "g1f3 g8f6 f3g1 f6g8 g1f3 g8f6 f3g1 f6g8";
        let mut g = played(Chess::new(false), shuffle);
        assert!(g.outcome().is_some());
        assert_eq!(perft(&mut g, 2), 400);
        assert!(g.outcome().is_some());
        // Tic Tac Chess: kings dropped, then walked back and forth.
        let line = "K@a1 k@c3 a1b1 c3b3 b1a1 b3c3 a1b1 c3b3 b1a1 b3c3";
        let mut t = played(TicTacChess::default(), line);
        assert_eq!(
            t.outcome().map(|o| o.reason()),
            Some("threefold repetition")
        );
        let mut fresh = TicTacChess::default();
        fresh.set_fen(&t.fen()).unwrap();
        assert!(fresh.outcome().is_none());
        assert_eq!(perft(&mut t, 3), perft(&mut fresh, 3));
    }

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
