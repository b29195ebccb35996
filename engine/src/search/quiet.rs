//! Quiet positions for tuning: quiescence search from a position, and the line it follows to
//! the position whose static evaluation is its score. Texel tuning fits the static
//! evaluation of those positions, where no capture is pending. Tree search scores its leaves
//! with the same searcher (quiescence, or a few plies of alpha-beta).

use super::alphabeta::{Searcher, Shared};
use super::time::TimeBudget;
use super::tt::TranspositionTable;
use super::types::{Limits, SearchConfig, SearchControl};
use crate::core::game::Evaluate;

/// The end of the quiescence line from `g`, or `None` when the line ends in a position the
/// rules decide (a mate found by quiescence, a draw) or nothing is left to evaluate.
pub type QuietLeaf<G> = Option<G>;

/// Runs `f` with a searcher for positions like `proto` and the small table it uses (cleared
/// per position by the callers), so one searcher serves many positions. Its cache of static
/// evaluations is kept across them: they are evaluated alike (one game, one set of weights).
fn with_searcher<G: Evaluate, R>(
    proto: &G,
    f: impl FnOnce(&mut Searcher<'_, '_, G>, &TranspositionTable) -> R,
) -> R {
    let tt = TranspositionTable::new(0);
    let ctl = SearchControl::new(false);
    let limits = Limits::default();
    let budget = TimeBudget::new(&limits, &SearchConfig::default(), proto.to_move());
    let sh = Shared::new(&tt, &ctl, &limits, budget, 1);
    let mut searcher = Searcher::new(proto, &[], &sh, 0);
    f(&mut searcher, &tt)
}

/// Runs `f` with a probe that maps a position to the end of its quiescence line. One probe
/// serves many positions (it reuses its searcher and a small table, cleared per position).
pub fn with_quiet_probe<G: Evaluate, R>(
    proto: &G,
    f: impl FnOnce(&mut dyn FnMut(&G) -> QuietLeaf<G>) -> R,
) -> R {
    with_searcher(proto, |searcher, tt| {
        f(&mut |g: &G| {
            tt.clear();
            let (_, line) = searcher.quiet_line(g)?;
            let mut leaf = g.clone();
            for a in line {
                leaf.play(a);
            }
            if leaf.terminal().is_some() || leaf.repeated() {
                return None;
            }
            Some(leaf)
        })
    })
}

/// Runs `f` with a probe that scores a position by quiescence search, for the side to move
/// (a score of `search::score`: centipawns, or a decided result found on the way). Tree
/// search scores its leaves with it where captures are pending.
pub fn with_quiet_score<G: Evaluate, R>(
    proto: &G,
    f: impl FnOnce(&mut dyn FnMut(&G) -> i32) -> R,
) -> R {
    with_searcher(proto, |searcher, tt| {
        f(&mut |g: &G| {
            tt.clear();
            searcher
                .quiet_line(g)
                .map_or_else(|| g.evaluate(), |(s, _)| s)
        })
    })
}

/// Runs `f` with a probe that scores a position by an alpha-beta search of `depth` plies,
/// plus the plies the caller adds for that position (a leaf the tree search keeps returning
/// to is searched deeper), and quiescence, for the side to move, leaving out speculative
/// actions (`Searcher::leaf_score`). The probe's table is kept between positions: they are
/// the leaves of one tree search, and a key covers all of a position, hidden parts included.
pub fn with_search_score<G: Evaluate, R>(
    proto: &G,
    depth: u32,
    f: impl FnOnce(&mut dyn FnMut(&G, u32) -> i32) -> R,
) -> R {
    with_searcher(proto, |searcher, _| {
        f(&mut |g: &G, more: u32| searcher.leaf_score(g, depth + more))
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::chess::Chess;
    use crate::Game;

    #[test]
    fn the_leaf_of_a_hanging_queen_is_after_its_capture() {
        // White's queen on d5 hangs to the pawn on e6; quiescence takes it.
        let g = Chess::from_fen("4k3/8/4p3/3Q4/8/8/8/4K3 b - - 0 1", false).unwrap();
        let leaf = with_quiet_probe(&g, |probe| probe(&g)).unwrap();
        assert_eq!(leaf.fen(), "4k3/8/8/3p4/8/8/8/4K3 w - - 0 2");
        assert!(leaf.evaluate() < -50);
        // A quiet position is its own leaf.
        let q = Chess::new(false);
        let leaf = with_quiet_probe(&q, |probe| probe(&q)).unwrap();
        assert_eq!(leaf.fen(), q.fen());
    }

    #[test]
    fn the_score_of_a_hanging_queen_counts_its_capture() {
        let g = Chess::from_fen("4k3/8/4p3/3Q4/8/8/8/4K3 b - - 0 1", false).unwrap();
        let after = Chess::from_fen("4k3/8/8/3p4/8/8/8/4K3 w - - 0 2", false).unwrap();
        let scores = with_quiet_score(&g, |score| [score(&g), score(&after)]);
        // Black, to move, stands to win the queen: its score is the position after the
        // capture, seen from Black; the static evaluation says Black is a queen down.
        assert_eq!(scores[0], -after.evaluate());
        assert_eq!(scores[1], after.evaluate());
        assert!(g.evaluate() < -500 && scores[0] > 50);
    }

    #[test]
    fn a_leaf_search_sees_a_mate_in_one_that_quiescence_does_not() {
        // Ra8 mates; no capture is pending, so quiescence stands on the evaluation.
        let g = Chess::from_fen("6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1", false).unwrap();
        let quiet = with_quiet_score(&g, |score| score(&g));
        assert_eq!(quiet, g.evaluate());
        for depth in 1..=3 {
            let s = with_search_score(&g, depth, |score| score(&g, 0));
            assert!(s >= crate::search::score::MATE_BOUND, "depth {depth}: {s}");
        }
    }
}
