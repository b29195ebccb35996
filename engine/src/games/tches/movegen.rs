//! Pseudo-legal generation ("king safety aside") and attack tests, read from the compiled
//! movement tables.

use crate::bitboard::{bit, Bits, Cell};
use crate::game::Player;

use super::patterns::CompiledOption;
use super::pieces::Kind;
use super::position::Move;
use super::Tches;

impl Tches {
    /// Appends the actions of the piece on `c` (owned by the side to move), king safety aside.
    pub(super) fn piece_actions(&self, c: Cell, out: &mut Vec<Move>) {
        let pos = &self.pos;
        let Some((me, kind)) = pos.at(c) else { return };
        let Some(eff) = pos.effective(me, kind) else {
            return;
        };
        let occ = pos.occupied();
        let enemy = pos.occ[me.opponent().index()];
        let mut quiet = 0u64;
        let mut capture = 0u64;
        for o in &self.tables.moves[me.index()][eff.index()] {
            match o {
                CompiledOption::Single {
                    shape,
                    moves,
                    captures,
                } => {
                    let r = shape.reach(c, occ, enemy);
                    if *moves {
                        quiet |= r.quiet;
                    }
                    if *captures {
                        capture |= r.capture;
                    }
                }
                CompiledOption::Then { first, then } => {
                    let land = first.quiet(c, occ);
                    quiet |= land;
                    for l in Bits(land) {
                        let after = occ ^ bit(c) ^ bit(l);
                        for t in Bits(then.reach(l, after, enemy).capture) {
                            out.push(Move::two_part(c, l, t));
                        }
                    }
                }
            }
        }
        let promoting = if kind.is_pawn() {
            self.tables.far_rank[me.index()]
        } else {
            0
        };
        for t in Bits(quiet | capture) {
            if promoting & bit(t) != 0 {
                for &k in &self.tables.promotions {
                    out.push(Move {
                        promo: Some(k),
                        ..Move::simple(c, t)
                    });
                }
            } else {
                out.push(Move::simple(c, t));
            }
        }
    }

    /// True when the piece on `c` has any action, king safety aside.
    pub(super) fn piece_can_act(&self, c: Cell) -> bool {
        let pos = &self.pos;
        let Some((me, kind)) = pos.at(c) else {
            return false;
        };
        let Some(eff) = pos.effective(me, kind) else {
            return false;
        };
        let occ = pos.occupied();
        let enemy = pos.occ[me.opponent().index()];
        self.tables.moves[me.index()][eff.index()]
            .iter()
            .any(|o| match o {
                CompiledOption::Single {
                    shape,
                    moves,
                    captures,
                } => {
                    let r = shape.reach(c, occ, enemy);
                    (*moves && r.quiet != 0) || (*captures && r.capture != 0)
                }
                CompiledOption::Then { first, .. } => first.quiet(c, occ) != 0,
            })
    }

    /// Every action of the side to move's pieces that have not acted this turn, king safety
    /// aside.
    pub(super) fn pseudo_actions(&self, out: &mut Vec<Move>) {
        let me = self.pos.side;
        for c in Bits(self.pos.occ[me.index()] & !self.pos.used) {
            self.piece_actions(c, out);
        }
    }

    /// True when some piece of the side to move that has not acted this turn can act.
    pub(super) fn any_unused_can_act(&self) -> bool {
        let me = self.pos.side;
        Bits(self.pos.occ[me.index()] & !self.pos.used).any(|c| self.piece_can_act(c))
    }

    /// True when one action of `by` could capture on `target` (an enemy piece stands there).
    pub(super) fn attacks(&self, by: Player, target: Cell) -> bool {
        self.attacks_with(by, self.pos.occ[by.index()], target)
    }

    /// As `attacks`, with only the pieces of `by` on the cells of `pieces`.
    pub(super) fn attacks_with(&self, by: Player, pieces: u64, target: Cell) -> bool {
        let pos = &self.pos;
        let occ = pos.occupied();
        let tb = bit(target);
        for c in Bits(pieces & pos.occ[by.index()]) {
            let Some((_, kind)) = pos.at(c) else { continue };
            let Some(eff) = pos.effective(by, kind) else {
                continue;
            };
            if self.tables.capture_hull[by.index()][eff.index()][c as usize] & tb == 0 {
                continue;
            }
            for o in &self.tables.moves[by.index()][eff.index()] {
                let hit = match o {
                    CompiledOption::Single {
                        shape,
                        captures: true,
                        ..
                    } => shape.reach(c, occ, tb).capture != 0,
                    CompiledOption::Single { .. } => false,
                    CompiledOption::Then { first, then } => {
                        let land = first.quiet(c, occ);
                        match then.capture_sources(target) {
                            Some(src) => land & src != 0,
                            None => Bits(land)
                                .any(|l| then.reach(l, occ ^ bit(c) ^ bit(l), tb).capture != 0),
                        }
                    }
                };
                if hit {
                    return true;
                }
            }
        }
        false
    }

    /// True when `p`'s king could be captured by one enemy action.
    pub(super) fn king_attacked(&self, p: Player) -> bool {
        match Bits(self.pos.kings[p.index()]).next() {
            Some(k) => self.attacks(p.opponent(), k),
            None => false,
        }
    }

    /// True when the action captures the enemy king.
    pub(super) fn captures_king(&self, m: Move) -> bool {
        matches!(self.pos.at(m.to), Some((p, Kind::King)) if p != self.pos.side)
    }
}
