//! Pseudo-legal generation ("king safety aside") and attack tests, read from the compiled
//! movement tables. Layer 3 modifications add to the raw actions of the tables: loading
//! landings of carriers, the passenger's fate, where a freed king is set, the facing after
//! the action.

use crate::core::bitboard::{bit, Bits, Cell};
use crate::core::game::Player;

use super::options::Facing;
use super::patterns::CompiledOption;
use super::pieces::Kind;
use super::position::{Move, CARRY, DROP, LEAVE};
use super::tables::FACING_VECTORS;
use super::Tches;

/// The owner's-frame vector from `a` to `b`, as signs per axis.
#[inline]
fn signs(owner: Player, a: Cell, b: Cell) -> (i8, i8) {
    let df = (b % 8) as i8 - (a % 8) as i8;
    let dr = (b / 8) as i8 - (a / 8) as i8;
    let dr = if owner == Player::White { dr } else { -dr };
    (df.signum(), dr.signum())
}

/// The facing index of a unit owner's-frame vector.
#[inline]
fn facing_of(v: (i8, i8)) -> u8 {
    FACING_VECTORS
        .iter()
        .position(|&f| f == v)
        .expect("a unit vector") as u8
}

impl Tches {
    /// Appends the actions of the piece on `c` (owned by the side to move), king safety aside.
    pub(super) fn piece_actions(&self, c: Cell, out: &mut Vec<Move>) {
        let pos = &self.pos;
        let Some((me, kind)) = pos.at(c) else { return };
        let rules = &self.tables.rules;
        if kind == Kind::King && rules.flag {
            return;
        }
        let f = pos.facing(c);
        if rules.rotate && rules.polarity && !kind.is_pawn() {
            for g in (0..4).filter(|&g| g != f) {
                out.push(Move {
                    face: g,
                    ..Move::simple(c, c)
                });
            }
        }
        let Some(eff) = pos.effective(me, kind) else {
            return;
        };
        // The king's movement under Capture the King has no capture, and under Capture the
        // Flag nothing at all: so for a Jester copying it too.
        if eff == Kind::King && rules.flag {
            return;
        }
        let occ = pos.occupied();
        let enemy = pos.occ[me.opponent().index()];
        let captures_allowed = !(rules.capture_king && eff == Kind::King);
        let loadable = if rules.transport && kind.is_carrier() {
            self.loadable_for(c, me)
        } else {
            0
        };
        let start = out.len();
        let mut quiet = 0u64;
        let mut capture = 0u64;
        for o in &self.tables.moves[me.index()][f as usize][eff.index()] {
            match o {
                CompiledOption::Single {
                    shape,
                    moves,
                    captures,
                } => {
                    let r = shape.reach(c, occ, enemy);
                    if *moves {
                        quiet |= r.quiet;
                        if loadable != 0 {
                            quiet |= shape.landings(c, occ) & loadable;
                        }
                    }
                    if *captures && captures_allowed {
                        capture |= r.capture;
                    }
                }
                CompiledOption::Then { first, then } => {
                    let mut land = first.quiet(c, occ);
                    if loadable != 0 {
                        land |= first.landings(c, occ) & loadable;
                    }
                    quiet |= land;
                    for l in Bits(land) {
                        let after = (occ & !bit(c)) | bit(l);
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
        if rules.polarity || rules.transport || rules.capture_king {
            let end = out.len();
            for i in start..end {
                let m = out[i];
                if !m.in_place() {
                    self.expand(m, kind, f, out);
                } else {
                    out.push(m);
                }
            }
            out.drain(start..end);
        }
    }

    /// Own pieces a carrier on `c` may land on to load: not a king, not knight-based, not
    /// carrying anything. A carrier holding a captured king loads nothing.
    fn loadable_for(&self, c: Cell, me: Player) -> u64 {
        let pos = &self.pos;
        if pos.stacked & bit(c) != 0 && matches!(pos.under_at(c), Some((p, _)) if p != me) {
            return 0;
        }
        let mut m = 0;
        for s in Bits(pos.occ[me.index()] & !pos.stacked & !pos.kings[me.index()]) {
            let (_, k) = pos.at(s).expect("occupied cell");
            if !k.is_carrier() {
                m |= bit(s);
            }
        }
        m
    }

    /// Expands a raw action of the tables into the actions of the rules: the passenger's
    /// fate (carry, leave, drop), loading, the cell where a freed king is set, the facing.
    fn expand(&self, raw: Move, kind: Kind, face: u8, out: &mut Vec<Move>) {
        let pos = &self.pos;
        let rules = &self.tables.rules;
        let me = pos.side;
        let c = raw.from;
        let under = pos.under_at(c);
        let passenger = under.filter(|u| u.0 == me);
        let captive = under.filter(|u| u.0 != me);
        let load_at = if raw.is_two_part() { raw.via } else { raw.to };
        let loads = pos.occ[me.index()] & bit(load_at) != 0;
        let modes: &[u8] = match (passenger.is_some(), loads, raw.is_two_part()) {
            (false, _, _) => &[CARRY],
            (true, true, _) => &[LEAVE],
            (true, false, false) => &[CARRY, LEAVE],
            (true, false, true) => &[CARRY, LEAVE, DROP],
        };
        let target = pos.at(raw.to).filter(|t| t.0 != me);
        let takes_king = rules.capture_king && matches!(target, Some((_, Kind::King)));
        let frees = rules.capture_king
            && target.is_some()
            && matches!(pos.under_at(raw.to), Some((p, Kind::King)) if p == me);
        let far = self.tables.far_rank[me.index()];
        let (faces, n_faces) = self.facings(kind, face, raw);
        for &mode in modes {
            // What the mover holds when it lands on `to`.
            let holds = if loads {
                pos.at(load_at)
            } else if captive.is_some() || mode == CARRY {
                under
            } else {
                None
            };
            if takes_king && holds.is_some() {
                continue;
            }
            let carried_pawn = |at: Cell| far & bit(at) != 0;
            let own_held = holds.filter(|h| h.0 == me);
            if own_held.is_some_and(|h| h.1.is_pawn()) && carried_pawn(raw.to) {
                continue;
            }
            if mode == DROP && passenger.is_some_and(|p| p.1.is_pawn()) && carried_pawn(raw.via) {
                continue;
            }
            let m = Move { mode, ..raw };
            if frees {
                let mut after = (pos.occupied() & !bit(c)) | bit(raw.to);
                if mode == LEAVE {
                    after |= bit(c);
                }
                if mode == DROP {
                    after |= bit(raw.via);
                }
                if loads && raw.is_two_part() {
                    after &= !bit(raw.via);
                }
                for place in Bits(self.nearest_free(raw.to, after)) {
                    for &g in &faces[..n_faces] {
                        out.push(Move {
                            place,
                            face: g,
                            ..m
                        });
                    }
                }
            } else {
                for &g in &faces[..n_faces] {
                    out.push(Move { face: g, ..m });
                }
            }
        }
    }

    /// The free cells nearest to `c` (king steps), given the occupied cells.
    pub(super) fn nearest_free(&self, c: Cell, occupied: u64) -> u64 {
        let (cf, cr) = ((c % 8) as i32, (c / 8) as i32);
        for d in 1..8 {
            let mut ring = 0u64;
            for s in 0..64u8 {
                let (f, r) = ((s % 8) as i32, (s / 8) as i32);
                if (f - cf).abs().max((r - cr).abs()) == d {
                    ring |= bit(s);
                }
            }
            let free = ring & !occupied;
            if free != 0 {
                return free;
            }
        }
        0
    }

    /// Polarity: the facings the mover may have after `m` (one, or two to choose from).
    /// Pawns never turn; a promoted piece faces forward.
    pub(super) fn facings(&self, kind: Kind, face: u8, m: Move) -> ([u8; 2], usize) {
        let rules = &self.tables.rules;
        if !rules.polarity || kind.is_pawn() || m.promo.is_some() {
            return ([0, 0], 1);
        }
        let me = self.pos.side;
        let (a, b) = if m.is_two_part() {
            (m.via, m.to)
        } else {
            (m.from, m.to)
        };
        let (sx, sy) = signs(me, a, b);
        if (sx, sy) == (0, 0) {
            // Not an action that moves (only reached when formatting a made-up one).
            return ([face, 0], 1);
        }
        if sx == 0 || sy == 0 {
            return ([facing_of((sx, sy)), 0], 1);
        }
        match rules.facing {
            Facing::Choose => ([facing_of((sx, 0)), facing_of((0, sy))], 2),
            Facing::Keep => {
                let mut f = face;
                if m.is_two_part() {
                    let (mx, my) = signs(me, m.from, m.via);
                    if mx == 0 || my == 0 {
                        f = facing_of((mx, my));
                    }
                }
                ([f, 0], 1)
            }
        }
    }

    /// True when the piece on `c` has any action, king safety aside.
    pub(super) fn piece_can_act(&self, c: Cell) -> bool {
        let pos = &self.pos;
        let rules = &self.tables.rules;
        if rules.transport || rules.capture_king || rules.rotate {
            let mut v = Vec::new();
            self.piece_actions(c, &mut v);
            return !v.is_empty();
        }
        let Some((me, kind)) = pos.at(c) else {
            return false;
        };
        let Some(eff) = pos.effective(me, kind) else {
            return false;
        };
        let occ = pos.occupied();
        let enemy = pos.occ[me.opponent().index()];
        self.tables.moves[me.index()][pos.facing(c) as usize][eff.index()]
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
        let rules = &self.tables.rules;
        let occ = pos.occupied();
        let tb = bit(target);
        for c in Bits(pieces & pos.occ[by.index()]) {
            let Some((_, kind)) = pos.at(c) else { continue };
            let Some(eff) = pos.effective(by, kind) else {
                continue;
            };
            if eff == Kind::King && rules.capture_king {
                continue;
            }
            let f = pos.facing(c) as usize;
            if self.tables.capture_hull[by.index()][f][eff.index()][c as usize] & tb == 0 {
                continue;
            }
            let loadable = if rules.transport && kind.is_carrier() {
                self.loadable_for(c, by)
            } else {
                0
            };
            for o in &self.tables.moves[by.index()][f][eff.index()] {
                let hit = match o {
                    CompiledOption::Single {
                        shape,
                        captures: true,
                        ..
                    } => shape.reach(c, occ, tb).capture != 0,
                    CompiledOption::Single { .. } => false,
                    CompiledOption::Then { first, then } => {
                        let mut land = first.quiet(c, occ);
                        if loadable != 0 {
                            land |= first.landings(c, occ) & loadable;
                        }
                        match then.capture_sources(target) {
                            Some(src) => land & src != 0,
                            None => Bits(land)
                                .any(|l| then.reach(l, (occ & !bit(c)) | bit(l), tb).capture != 0),
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

    /// The cell of `p`'s royal piece when it has exactly one (its loss would end the game).
    #[inline]
    pub(super) fn royal_cell(&self, p: Player) -> Option<Cell> {
        let r = self.pos.royals[p.index()];
        (self.tables.royalty && r.count_ones() == 1).then(|| r.trailing_zeros() as Cell)
    }

    /// True when one enemy action could capture `p`'s last royal piece.
    pub(super) fn royal_attacked(&self, p: Player) -> bool {
        self.royal_cell(p)
            .is_some_and(|r| self.attacks(p.opponent(), r))
    }
}
