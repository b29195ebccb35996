//! Evaluation: measured material plus place bonuses from measured per-cell mobility, pawn
//! progress towards promotion, and a term per Layer 3 goal: the king's way to the enemy
//! portal (Escort the King), the carried king and the carrier's way home (Capture the King,
//! Capture the Flag), and the safety of the royal piece (the king, or the Target).
//!
//! Every weight is in `Weights`, whose `Default` holds the values in use: a `ParamTable`
//! (`material.knight`, `place`, `escort.3`) loaded by the engine option `EvalWeights` and
//! fitted by `tessera tune texel`.

use crate::core::bitboard::{bit, Bits, Cell};
use crate::core::game::{Evaluate, Game, Player, RuleError};
use crate::core::param_table::{self, with_part, ParamField, ParamTable};

use super::pieces::{Kind, ALL_KINDS, KIND_COUNT};
use super::position::Move;
use super::values::piece_values;
use super::Tches;

/// A value per piece type, named by the type (`material.mounted-bishop`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct PerKind(pub [i32; KIND_COUNT]);

impl ParamField for PerKind {
    fn visit_field(&self, name: &mut String, f: &mut dyn FnMut(&str, i32)) {
        for k in ALL_KINDS {
            with_part(name, k.name(), |n| f(n, self.0[k.index()]));
        }
    }

    fn visit_field_mut(&mut self, name: &mut String, f: &mut dyn FnMut(&str, &mut i32)) {
        for k in ALL_KINDS {
            with_part(name, k.name(), |n| f(n, &mut self.0[k.index()]));
        }
    }
}

/// The evaluation's weights, in centipawns unless said otherwise.
#[derive(Clone, Debug, PartialEq)]
pub struct Weights {
    /// Piece values by type; the defaults are the measured values (`values.rs`). Move
    /// ordering keeps the measured values.
    pub material: PerKind,
    /// Tenths of a centipawn per unit of cell mobility above the type's average (Polarity:
    /// for the facing too).
    pub place: i32,
    /// Per rank advanced, squared (a pawn near promotion is nearly a piece).
    pub pawn_progress: i32,
    /// Escort the King: by the king's distance (king steps) to the enemy portal, 1 to 7.
    pub escort: [i32; 8],
    /// Capture the King: for holding the enemy king.
    pub captive: i32,
    /// Capture the King: by the carrier's distance (king steps) to its own portal, 1 to 7.
    pub carrier: [i32; 8],
    /// Capture the King: own free king that an enemy action could take.
    pub king_exposed: i32,
    /// The royal piece (king or Target) that an enemy action could take, when it is the last.
    pub royal_attacked: i32,
    /// A passenger's value counts in full; a carrier loaded with one is worth this much more
    /// (both are lost together, but the carrier moves the passenger fast).
    pub loaded: i32,
}

impl Default for Weights {
    fn default() -> Weights {
        Weights::with_material(piece_values().value)
    }
}

impl Weights {
    /// The default weights with the given material.
    pub fn with_material(material: [i32; KIND_COUNT]) -> Weights {
        Weights {
            material: PerKind(material),
            place: 30,
            pawn_progress: 3,
            escort: [0, 400, 220, 120, 70, 40, 20, 10],
            captive: 700,
            carrier: [0, 400, 220, 120, 70, 40, 20, 10],
            king_exposed: 350,
            royal_attacked: 150,
            loaded: 10,
        }
    }
}

crate::param_table!(Weights {
    material,
    place,
    pawn_progress,
    escort,
    captive,
    carrier,
    king_exposed,
    royal_attacked,
    loaded,
});

/// The largest magnitude of a weight: sums of them stay far from overflowing.
const WEIGHT_LIMIT: i32 = 100_000;

/// King steps between two cells.
#[inline]
fn distance(a: Cell, b: Cell) -> usize {
    let df = ((a % 8) as i32 - (b % 8) as i32).unsigned_abs();
    let dr = ((a / 8) as i32 - (b / 8) as i32).unsigned_abs();
    df.max(dr) as usize
}

fn to_portal(c: Cell, portal: u64) -> usize {
    Bits(portal).map(|p| distance(c, p)).min().unwrap_or(7)
}

impl Tches {
    /// The weights in use.
    pub fn weights(&self) -> &Weights {
        &self.weights
    }

    /// Replaces the weights (for tuning).
    pub fn set_weights(&mut self, w: Weights) {
        self.weights = std::sync::Arc::new(w);
    }

    fn piece_score(&self, p: Player, k: Kind, c: Cell, facing: u8) -> i32 {
        let v = piece_values();
        let w = &self.weights;
        let mut s = w.material.0[k.index()];
        let rank = (c / 8) as i32;
        let progress = if p == Player::White {
            rank - 1
        } else {
            6 - rank
        };
        if k.is_pawn() {
            s += w.pawn_progress * progress.max(0).pow(2);
        } else if k != Kind::King {
            let view = if p == Player::White { c } else { c ^ 56 };
            let (here, mean) = if self.tables.rules.polarity {
                (
                    v.cell_mobility_polar[k.index()][facing as usize][view as usize],
                    v.mobility_polar[k.index()],
                )
            } else {
                (
                    v.cell_mobility[k.index()][view as usize],
                    v.mobility_empty[k.index()],
                )
            };
            // place / 10 is exact for the default (30 -> 3.0): the same scores as before.
            s += ((here - mean) * (w.place as f64 / 10.0)) as i32;
        }
        s
    }

    fn side_score(&self, p: Player) -> i32 {
        let pos = &self.pos;
        let rules = &self.tables.rules;
        let w = &self.weights;
        let them = p.opponent();
        let mut s = 0;
        for c in Bits(pos.occ[p.index()]) {
            let (_, k) = pos.at(c).expect("occupied cell");
            s += self.piece_score(p, k, c, pos.facing(c));
            if pos.stacked & bit(c) != 0 {
                match pos.under_at(c) {
                    Some((o, u)) if o == p => {
                        s += self.piece_score(p, u, c, pos.under[c as usize] >> 6) + w.loaded;
                    }
                    _ => {
                        // The enemy king, carried: a prize on its way home.
                        let d = to_portal(c, self.tables.portal[p.index()]);
                        s += w.captive + w.carrier[d.min(7)];
                    }
                }
            }
        }
        let free_king = pos.kings[p.index()] & !pos.stacked;
        if let Some(k) = Bits(free_king).next() {
            if rules.escort {
                s += w.escort[to_portal(k, self.tables.portal[them.index()]).min(7)];
            }
            if rules.capture_king && self.attacks(them, k) {
                s -= w.king_exposed;
            }
        }
        if self.royal_attacked(p) {
            s -= w.royal_attacked;
        }
        s
    }

    fn value_of(&self, k: Kind) -> i32 {
        if k == Kind::King || k == self.tables.rules.target {
            20_000
        } else {
            piece_values().value[k.index()]
        }
    }

    /// True when the action ends the game at once for the mover by a goal of Layer 3 (the
    /// king on the enemy portal, the carried king home).
    fn reaches_goal(&self, a: Move) -> bool {
        let pos = &self.pos;
        let rules = &self.tables.rules;
        let me = pos.side;
        if a.in_place() {
            return false;
        }
        let mover = pos.at(a.from);
        let home = self.tables.portal[me.index()] & bit(a.to) != 0;
        if rules.escort
            && matches!(mover, Some((_, Kind::King)))
            && self.tables.portal[me.opponent().index()] & bit(a.to) != 0
        {
            return true;
        }
        if rules.capture_king && home {
            let carries = matches!(pos.under_at(a.from), Some((o, Kind::King)) if o != me);
            let takes = matches!(pos.at(a.to), Some((o, Kind::King)) if o != me);
            return carries || takes;
        }
        false
    }
}

impl Evaluate for Tches {
    fn evaluate(&self) -> i32 {
        let me = self.to_move();
        self.side_score(me) - self.side_score(me.opponent())
    }

    fn is_tactical(&self, a: Move) -> bool {
        a.promo.is_some()
            || matches!(self.pos.at(a.to), Some((p, _)) if p != self.pos.side)
            || self.reaches_goal(a)
    }

    fn order_score(&self, a: Move) -> i32 {
        if a.is_replacement() {
            return self.value_of(a.promo.expect("a replacement type")) / 16;
        }
        let mut s = 0;
        if self.reaches_goal(a) {
            s += 16 * 20_000;
        }
        if let Some((p, victim)) = self.pos.at(a.to) {
            if p != self.pos.side {
                let attacker = self.pos.at(a.from).map_or(0, |(_, k)| self.value_of(k));
                let carried = self
                    .pos
                    .under_at(a.to)
                    .filter(|u| u.0 == p)
                    .map_or(0, |(_, k)| self.value_of(k));
                s += 16 * (self.value_of(victim) + carried) - attacker / 16;
            }
        }
        if let Some(k) = a.promo {
            s += self.value_of(k);
        }
        s
    }

    fn in_check(&self) -> bool {
        self.pos.acts == 0 && !self.choosing() && self.royal_attacked(self.to_move())
    }

    fn eval_weights(&self) -> Option<&dyn ParamTable> {
        Some(&*self.weights)
    }

    fn set_eval_weights(&mut self, values: &[i32]) -> Result<(), RuleError> {
        if let Some(v) = values.iter().find(|v| v.abs() > WEIGHT_LIMIT) {
            return Err(RuleError::new(format!(
                "weight {v} is beyond the limit of {WEIGHT_LIMIT}"
            )));
        }
        let mut w = (*self.weights).clone();
        param_table::set_values(&mut w, values)?;
        self.set_weights(w);
        Ok(())
    }
}
