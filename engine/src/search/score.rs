//! Internal score scale: centipawns, with mates as `MATE - plies` so that shorter wins score
//! higher and longer losses score higher than shorter ones.

use super::types::Score;
use crate::core::game::{Evaluate, Player};

pub const INF: i32 = 32_000;
pub const MATE: i32 = 31_000;
pub const MAX_PLY: usize = 128;
/// Scores beyond this are decided results (mates, solved positions), never evaluations.
pub const MATE_BOUND: i32 = MATE - 2 * MAX_PLY as i32;

#[inline]
pub fn is_mate(score: i32) -> bool {
    score.abs() >= MATE_BOUND
}

/// A win (+1), draw (0) or loss (-1) `plies` from a node `ply` plies below the root.
#[inline]
pub fn decided(value: i32, ply: usize, plies: u32) -> i32 {
    let dist = ply as i32 + plies.min(MAX_PLY as u32) as i32;
    match value.signum() {
        1 => MATE - dist,
        -1 => -(MATE - dist),
        _ => 0,
    }
}

/// Mate scores are stored relative to the node so that a table hit at another ply reads right.
#[inline]
pub fn to_tt(score: i32, ply: usize) -> i32 {
    if score >= MATE_BOUND {
        score + ply as i32
    } else if score <= -MATE_BOUND {
        score - ply as i32
    } else {
        score
    }
}

#[inline]
pub fn from_tt(score: i32, ply: usize) -> i32 {
    if score >= MATE_BOUND {
        score - ply as i32
    } else if score <= -MATE_BOUND {
        score + ply as i32
    } else {
        score
    }
}

/// The score as the protocol prints it. A mate is counted in turns of the side that delivers
/// it, walking the principal line (for chess: plies rounded up, halved). Where the line stops
/// short of the end, the remaining plies count as alternating single-action turns.
pub fn report_score<G: Evaluate>(root: &G, pv: &[G::Action], score: i32) -> Score {
    if !is_mate(score) {
        return Score::Cp(score);
    }
    let plies = (MATE - score.abs()) as usize;
    let winner = if score > 0 {
        root.to_move()
    } else {
        root.to_move().opponent()
    };
    // The side to move before each of the line's actions: played where the line is known,
    // alternating after that.
    let mut sides: Vec<Player> = Vec::with_capacity(plies);
    let mut g = root.clone();
    for &a in pv.iter().take(plies) {
        sides.push(g.to_move());
        g.play(a);
    }
    let mut side = g.to_move();
    while sides.len() < plies {
        sides.push(side);
        side = side.opponent();
    }
    let turns = (0..plies)
        .filter(|&i| sides[i] == winner && (i == 0 || sides[i - 1] != winner))
        .count() as i32;
    let turns = turns.max(1);
    Score::Mate(if score > 0 { turns } else { -turns })
}
