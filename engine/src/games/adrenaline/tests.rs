//! Unit checks of the rules on hand-made positions.

use super::*;
use crate::perft::{perft, perft_turns};

#[test]
fn start_position_turns() {
    let mut g = Adrenaline::new();
    assert_eq!(perft_turns(&mut g, 1), 20);
    assert_eq!(perft_turns(&mut g, 2), 400);
    assert_eq!(perft_turns(&mut g, 3), 8902 - 34 + 34 * 15);
    assert_eq!(perft(&mut g, 2), 400);
}
