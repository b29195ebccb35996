//! Quiet positions for tuning: quiescence search from a position, and the line it follows to
//! the position whose static evaluation is its score. Texel tuning fits the static
//! evaluation of those positions, where no capture is pending.

use super::alphabeta::{Searcher, Shared};
use super::time::TimeBudget;
use super::tt::TranspositionTable;
use super::types::{Limits, SearchConfig, SearchControl};
use crate::game::Evaluate;

/// The end of the quiescence line from `g`, or `None` when the line ends in a position the
/// rules decide (a mate found by quiescence, a draw) or nothing is left to evaluate.
pub type QuietLeaf<G> = Option<G>;

/// Runs `f` with a probe that maps a position to the end of its quiescence line. One probe
/// serves many positions (it reuses its searcher and a small table, cleared per position).
pub fn with_quiet_probe<G: Evaluate, R>(
    proto: &G,
    f: impl FnOnce(&mut dyn FnMut(&G) -> QuietLeaf<G>) -> R,
) -> R {
    let tt = TranspositionTable::new(0);
    let ctl = SearchControl::new(false);
    let limits = Limits::default();
    let budget = TimeBudget::new(&limits, &SearchConfig::default(), proto.to_move());
    let sh = Shared::new(&tt, &ctl, &limits, budget, 1);
    let mut searcher = Searcher::new(proto, &[], &sh, 0);
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
}
