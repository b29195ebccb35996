//! Search hooks: the evaluation and its weights, static exchange and move ordering.
//!
//! What tiles change: a piece can use only the cells it attacks that are empty tiles (or
//! enemy pieces), so mobility counts those, and the holes a piece attacks count a little as
//! cells a tile drop would open to it. A tile on a slider's line gives it a landing cell;
//! holes next to a king are cells no defender can step to and no attacker can land on; an
//! empty tile next to the enemy king that we attack is a landing cell for an attack. Pawns
//! advance only onto tiles.

use super::action::{Move, MoveKind, Square};
use super::movegen;
use super::position::{Position, BISHOP, KING, KNIGHT, PAWN, QUEEN, ROOK};
use super::TiledSquares;
use crate::core::bitboard::Bits;
use crate::core::game::{Evaluate, Game, Player, RuleError};
use crate::core::param_table::{self, ParamTable};
use crate::kits::chessboard::attacks::{bb, pawn_attacks_bb, tables, FILE_A};
use crate::kits::chessboard::{Lister, Tactical};

/// Evaluation weights in centipawns. The defaults are what the engine plays with. They form a
/// `ParamTable` (names such as `mobility.0`, `king_front_hole`), loaded by the engine option
/// `EvalWeights` and fitted by `tessera tune texel`; the variant option `TiledWeights` (see
/// [`Weights::parse`]) is an older spelling of the same changes, applied first.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Weights {
    /// Material: pawn, knight, bishop, rook, queen.
    pub values: [i32; 5],
    /// Per cell a knight, bishop, rook, queen can move to: an empty tile no enemy pawn
    /// attacks, or an enemy piece.
    pub mobility: [i32; 4],
    /// Per hole a knight, bishop, rook, queen attacks (no enemy pawn attacking it): a tile
    /// dropped there would give it a move.
    pub reach: [i32; 4],
    /// Pawn bonus by rank counted from its own side (index 1: the second rank).
    pub pawn_rank: [i32; 8],
    /// A pawn that can step forward (its step cell, or its double-step cell, is an empty tile).
    pub pawn_step: i32,
    /// Passed pawn bonus by rank counted from its own side.
    pub passed: [i32; 8],
    /// Per extra pawn on a file.
    pub doubled: i32,
    /// Per pawn without own pawns on the neighbouring files.
    pub isolated: i32,
    /// Knight and bishop bonus by distance from the centre (0: d4-e5 .. 3: the edge).
    pub centre: [i32; 4],
    /// Per cell of the enemy king's zone (the king's cell and its neighbours) attacked by a
    /// knight, bishop, rook, queen; counted when at least two pieces attack the zone.
    pub king_attack: [i32; 4],
    /// Per empty tile next to the enemy king that our pieces attack: a cell to land on.
    pub king_landing: i32,
    /// Per hole among the three cells in front of a king, counted against that king's side in
    /// the middlegame (negative: holes there help the king's side).
    pub king_front_hole: i32,
    /// Per own pawn among the three cells in front of the king or the three beyond them
    /// (middlegame).
    pub shelter: i32,
    /// King bonus by rank counted from its own side, middlegame...
    pub king_rank: [i32; 8],
    /// ...and by distance from the centre in the ending.
    pub king_centre: [i32; 4],
    /// Per empty tile a side owns: it may take it away to deny a landing cell.
    pub owned_tile: i32,
    /// Converting a won ending, for the side ahead by at least a knight's value, scaled by
    /// the ending weight: per step of the losing king away from the centre (0..3), and per
    /// step the kings are closer than 7 apart.
    pub mop_up: [i32; 2],
    /// Bonus for the side to move.
    pub tempo: i32,
}

impl Default for Weights {
    fn default() -> Self {
        Weights {
            values: [100, 310, 330, 500, 950],
            mobility: [6, 5, 3, 2],
            reach: [2, 1, 1, 0],
            pawn_rank: [0, 0, 5, 10, 20, 35, 60, 0],
            pawn_step: 6,
            passed: [0, 5, 10, 20, 35, 60, 100, 0],
            doubled: -10,
            isolated: -10,
            centre: [15, 8, 0, -10],
            king_attack: [8, 8, 10, 15],
            king_landing: 8,
            king_front_hole: 25,
            shelter: 10,
            king_rank: [0, -15, -30, -45, -55, -60, -60, -60],
            king_centre: [25, 15, 0, -20],
            owned_tile: 2,
            mop_up: [20, 8],
            tempo: 10,
        }
    }
}

crate::param_table!(Weights {
    values,
    mobility,
    reach,
    pawn_rank,
    pawn_step,
    passed,
    doubled,
    isolated,
    centre,
    king_attack,
    king_landing,
    king_front_hole,
    shelter,
    king_rank,
    king_centre,
    owned_tile,
    mop_up,
    tempo,
});

/// The largest magnitude of a weight: sums of them stay far from overflowing.
const WEIGHT_LIMIT: i32 = 100_000;

fn bad(msg: String) -> RuleError {
    RuleError::new(format!("TiledWeights: {msg}"))
}

fn set_array(field: &mut [i32], name: &str, value: &str) -> Result<(), RuleError> {
    let parts: Vec<&str> = value.split('/').collect();
    if parts.len() != field.len() {
        return Err(bad(format!(
            "{name} takes {} values separated by '/', not '{value}'",
            field.len()
        )));
    }
    for (f, p) in field.iter_mut().zip(parts) {
        *f = parse_int(name, p)?;
    }
    Ok(())
}

fn parse_int(name: &str, v: &str) -> Result<i32, RuleError> {
    v.trim()
        .parse::<i32>()
        .ok()
        .filter(|n| n.abs() <= WEIGHT_LIMIT)
        .ok_or_else(|| bad(format!("{name}: '{v}' is not an integer of at most 100000")))
}

impl Weights {
    /// The field names [`Weights::parse`] accepts.
    pub const NAMES: [&'static str; 18] = [
        "values",
        "mobility",
        "reach",
        "pawn_rank",
        "pawn_step",
        "passed",
        "doubled",
        "isolated",
        "centre",
        "king_attack",
        "king_landing",
        "king_front_hole",
        "shelter",
        "king_rank",
        "king_centre",
        "owned_tile",
        "mop_up",
        "tempo",
    ];

    /// The defaults changed by `name=value` pairs joined by commas; an array's values are
    /// joined by `/` (`mobility=6/5/3/2,king_front_hole=10`). Empty text: the defaults.
    pub fn parse(spec: &str) -> Result<Weights, RuleError> {
        let mut w = Weights::default();
        for item in spec.split(',').map(str::trim).filter(|s| !s.is_empty()) {
            let (name, value) = item
                .split_once('=')
                .ok_or_else(|| bad(format!("expected name=value, not '{item}'")))?;
            let (name, value) = (name.trim(), value.trim());
            match name {
                "values" => set_array(&mut w.values, name, value)?,
                "mobility" => set_array(&mut w.mobility, name, value)?,
                "reach" => set_array(&mut w.reach, name, value)?,
                "pawn_rank" => set_array(&mut w.pawn_rank, name, value)?,
                "passed" => set_array(&mut w.passed, name, value)?,
                "centre" => set_array(&mut w.centre, name, value)?,
                "king_attack" => set_array(&mut w.king_attack, name, value)?,
                "king_rank" => set_array(&mut w.king_rank, name, value)?,
                "king_centre" => set_array(&mut w.king_centre, name, value)?,
                "mop_up" => set_array(&mut w.mop_up, name, value)?,
                "pawn_step" => w.pawn_step = parse_int(name, value)?,
                "doubled" => w.doubled = parse_int(name, value)?,
                "isolated" => w.isolated = parse_int(name, value)?,
                "king_landing" => w.king_landing = parse_int(name, value)?,
                "king_front_hole" => w.king_front_hole = parse_int(name, value)?,
                "shelter" => w.shelter = parse_int(name, value)?,
                "owned_tile" => w.owned_tile = parse_int(name, value)?,
                "tempo" => w.tempo = parse_int(name, value)?,
                _ => {
                    return Err(bad(format!(
                        "unknown weight '{name}' (known: {})",
                        Weights::NAMES.join(", ")
                    )))
                }
            }
        }
        Ok(w)
    }
}

/// Game phase from the pieces left: knight and bishop 1, rook 2, queen 4 (24 at the start).
fn phase(pos: &Position) -> i32 {
    let k = &pos.by_kind;
    let p = k[KNIGHT].count_ones()
        + k[BISHOP].count_ones()
        + 2 * k[ROOK].count_ones()
        + 4 * k[QUEEN].count_ones();
    (p as i32).min(24)
}

/// Distance of a file or rank index from the centre pair (0 for d/e or 4/5, 3 at the edge).
fn centre_distance(x: u8) -> usize {
    if x < 4 {
        3 - x as usize
    } else {
        x as usize - 4
    }
}

fn centre_of(s: Square) -> usize {
    centre_distance(s & 7).max(centre_distance(s >> 3))
}

#[inline]
fn relative_rank(us: usize, s: Square) -> usize {
    if us == 0 {
        (s >> 3) as usize
    } else {
        7 - (s >> 3) as usize
    }
}

#[inline]
fn forward(us: usize, b: u64) -> u64 {
    if us == 0 {
        b << 8
    } else {
        b >> 8
    }
}

/// Cells in front of a king on the next rank (the king's file and its neighbours).
fn king_front(us: usize, ksq: Square) -> u64 {
    let t = tables();
    forward(us, t.king(ksq) & (0xffu64 << (8 * (ksq >> 3)))) | forward(us, bb(ksq))
}

/// Files-and-ranks ahead of a pawn, for passed pawns: no enemy pawn there.
fn passed_span(us: usize, s: Square) -> u64 {
    let f = s & 7;
    let files = (FILE_A << f)
        | if f > 0 { FILE_A << (f - 1) } else { 0 }
        | if f < 7 { FILE_A << (f + 1) } else { 0 };
    let r = s >> 3;
    let ahead = if us == 0 {
        if r == 7 {
            0
        } else {
            !0u64 << (8 * (r + 1))
        }
    } else if r == 0 {
        0
    } else {
        !0u64 >> (8 * (8 - r))
    };
    files & ahead
}

/// The middlegame and ending parts of one side's score.
#[derive(Default)]
struct Split {
    mg: i32,
    eg: i32,
    both: i32,
}

fn side_score(pos: &Position, w: &Weights, us: usize, pawn_att: &[u64; 2]) -> Split {
    let t = tables();
    let them = us ^ 1;
    let blockers = pos.blockers();
    let enemy = pos.by_color[them];
    let empty_tiles = pos.empty_tiles();
    let holes = pos.holes();
    let safe_tiles = empty_tiles & !pawn_att[them];
    let safe_holes = holes & !pawn_att[them];
    let own_pawns = pos.pieces(us, PAWN);
    let their_pawns = pos.pieces(them, PAWN);
    let enemy_king = pos.king_square(them);
    let zone = t.king(enemy_king) | bb(enemy_king);
    let mut s = Split::default();

    // Pawns.
    for sq in Bits(own_pawns) {
        let rel = relative_rank(us, sq);
        s.both += w.values[0] + w.pawn_rank[rel];
        let one = forward(us, bb(sq));
        let two = forward(us, one & !blockers);
        let start = rel == 1;
        if one & empty_tiles != 0 || (start && two & empty_tiles != 0) {
            s.both += w.pawn_step;
        }
        if passed_span(us, sq) & their_pawns == 0 {
            s.both += w.passed[rel];
        }
    }
    for f in 0..8 {
        let file = FILE_A << f;
        let n = (own_pawns & file).count_ones() as i32;
        if n == 0 {
            continue;
        }
        s.both += w.doubled * (n - 1);
        let adjacent = (if f > 0 { FILE_A << (f - 1) } else { 0 })
            | (if f < 7 { FILE_A << (f + 1) } else { 0 });
        if own_pawns & adjacent == 0 {
            s.both += w.isolated * n;
        }
    }

    // Pieces.
    let (mut attackers, mut attack) = (0, 0);
    let mut zone_reach = 0u64;
    for (i, kind) in [KNIGHT, BISHOP, ROOK, QUEEN].into_iter().enumerate() {
        for sq in Bits(pos.pieces(us, kind)) {
            s.both += w.values[i + 1];
            let att = match kind {
                KNIGHT => t.knight(sq),
                BISHOP => t.bishop(sq, blockers),
                ROOK => t.rook(sq, blockers),
                _ => t.queen(sq, blockers),
            };
            let moves = (att & enemy) | (att & safe_tiles);
            s.both += w.mobility[i] * moves.count_ones() as i32;
            s.both += w.reach[i] * (att & safe_holes).count_ones() as i32;
            if kind == KNIGHT || kind == BISHOP {
                s.both += w.centre[centre_of(sq)];
            }
            if att & zone != 0 {
                attackers += 1;
                attack += w.king_attack[i] * (att & zone).count_ones() as i32;
                zone_reach |= att & zone;
            }
        }
    }
    if attackers >= 2 {
        s.mg += attack;
    }
    s.mg += w.king_landing * (zone_reach & empty_tiles).count_ones() as i32;

    // King.
    let ksq = pos.king_square(us);
    let front = king_front(us, ksq);
    s.mg += w.king_rank[relative_rank(us, ksq)];
    s.eg += w.king_centre[centre_of(ksq)];
    s.mg -= w.king_front_hole * (front & holes).count_ones() as i32;
    s.mg += w.shelter * ((front | forward(us, front)) & own_pawns).count_ones() as i32;

    s.both += w.owned_tile * (pos.owned(us) & empty_tiles).count_ones() as i32;
    s
}

/// White's point of view, in centipawns.
fn evaluate_white(pos: &Position, w: &Weights) -> i32 {
    let pawn_att = [
        pawn_attacks_bb(0, pos.pieces(0, PAWN)),
        pawn_attacks_bb(1, pos.pieces(1, PAWN)),
    ];
    let a = side_score(pos, w, 0, &pawn_att);
    let b = side_score(pos, w, 1, &pawn_att);
    let ph = phase(pos);
    let mop = mop_up(pos, w);
    (a.both - b.both) + ((a.mg - b.mg) * ph + (a.eg - b.eg + mop) * (24 - ph)) / 24
}

/// Material by the weights' values, kings excluded.
fn material(pos: &Position, w: &Weights, color: usize) -> i32 {
    [PAWN, KNIGHT, BISHOP, ROOK, QUEEN]
        .iter()
        .zip(w.values)
        .map(|(&k, v)| v * pos.pieces(color, k).count_ones() as i32)
        .sum()
}

/// The side ahead by at least a knight drives the other king to the edge and brings its own
/// king closer: White's point of view, ending part.
fn mop_up(pos: &Position, w: &Weights) -> i32 {
    let lead = material(pos, w, 0) - material(pos, w, 1);
    if lead.abs() < w.values[1] {
        return 0;
    }
    let (strong, weak) = if lead > 0 { (0, 1) } else { (1, 0) };
    let (ks, kw) = (pos.king_square(strong), pos.king_square(weak));
    let apart = ((ks & 7) as i32 - (kw & 7) as i32)
        .abs()
        .max((ks >> 3) as i32 - (kw >> 3) as i32)
        .max((kw >> 3) as i32 - (ks >> 3) as i32);
    let v = w.mop_up[0] * centre_of(kw) as i32 + w.mop_up[1] * (7 - apart);
    if strong == 0 {
        v
    } else {
        -v
    }
}

/// Piece values for exchanges and ordering, by kind index (the king never gets captured).
const VALUE: [i32; 6] = [100, 310, 330, 500, 950, 20_000];

impl TiledSquares {
    /// Static exchange evaluation of a capture: what the side to move wins on the target if
    /// both sides recapture with their least valuable piece and may stop when that suits
    /// them. Recaptures need no tile (the target is occupied); pins are ignored.
    pub fn see(&self, m: Move) -> i32 {
        let t = tables();
        let pos = self.position();
        let (from, to) = (m.from(), m.to());
        let Some((us, mover)) = pos.piece_at(from) else {
            return 0;
        };
        let mut blockers = pos.blockers() ^ bb(from);
        let mut gain = [0i32; 34];
        gain[0] = match m.kind() {
            MoveKind::EnPassant => {
                blockers ^= bb(if us == 0 { to - 8 } else { to + 8 });
                VALUE[PAWN]
            }
            _ => pos.piece_at(to).map_or(0, |(_, k)| VALUE[k]),
        };
        let mut on_target = match m.promotion_piece() {
            Some(p) => {
                gain[0] += VALUE[p as usize] - VALUE[PAWN];
                VALUE[p as usize]
            }
            None => VALUE[mover],
        };
        let k = &pos.by_kind;
        let diagonal = k[BISHOP] | k[QUEEN];
        let straight = k[ROOK] | k[QUEEN];
        let occ = pos.occupied();
        let mut attackers = pos.attackers_to(to, blockers) & occ & blockers;
        let mut side = us ^ 1;
        let mut d = 0;
        loop {
            let mine = attackers & pos.by_color[side];
            if mine == 0 {
                break;
            }
            let Some((kind, sq)) = (0..6).find_map(|k| {
                let b = mine & pos.by_kind[k];
                (b != 0).then(|| (k, b.trailing_zeros() as Square))
            }) else {
                break;
            };
            if kind == KING && attackers & pos.by_color[side ^ 1] != 0 {
                break;
            }
            d += 1;
            gain[d] = on_target - gain[d - 1];
            if d + 1 >= gain.len() {
                break;
            }
            blockers ^= bb(sq);
            attackers |= (t.bishop(to, blockers) & diagonal) | (t.rook(to, blockers) & straight);
            attackers &= occ & blockers;
            on_target = VALUE[kind];
            side ^= 1;
        }
        while d > 0 {
            gain[d - 1] = -(-gain[d - 1]).max(gain[d]);
            d -= 1;
        }
        gain[0]
    }
}

impl Evaluate for TiledSquares {
    fn evaluate(&self) -> i32 {
        let w = self.weights();
        let v = evaluate_white(self.position(), w);
        match self.to_move() {
            Player::White => v + w.tempo,
            Player::Black => -v + w.tempo,
        }
    }

    fn draw_count(&self) -> Option<(u32, u32)> {
        Some((self.halfmove_clock(), 100))
    }

    fn is_tactical(&self, a: Move) -> bool {
        match a.kind() {
            MoveKind::Promotion(_) | MoveKind::EnPassant => true,
            MoveKind::Normal => self.position().occupied() & bb(a.to()) != 0,
            _ => false,
        }
    }

    /// MVV-LVA for captures that do not lose material by static exchange, queen promotions
    /// first among them; losing captures and under-promotions get a negative score.
    fn order_score(&self, a: Move) -> i32 {
        let pos = self.position();
        let victim = match a.kind() {
            MoveKind::EnPassant => VALUE[PAWN],
            MoveKind::Normal | MoveKind::Promotion(_) => {
                pos.piece_at(a.to()).map_or(0, |(_, k)| VALUE[k])
            }
            _ => return 0,
        };
        let promo = a.promotion_piece();
        if promo.is_some_and(|p| p as usize != QUEEN) {
            return -1;
        }
        let promo = promo.map_or(0, |p| VALUE[p as usize] - VALUE[PAWN]);
        if victim == 0 && promo == 0 {
            return 0;
        }
        let attacker = pos.piece_at(a.from()).map_or(0, |(_, k)| k);
        if victim < VALUE[attacker] && attacker != KING {
            let gain = self.see(a);
            if gain < 0 {
                return gain - 1;
            }
        }
        10 * (victim + promo) - attacker as i32 + 1
    }

    fn tactical_actions(&self, out: &mut Vec<Move>) {
        if self.terminal().is_some() {
            return;
        }
        let pos = self.position();
        let mut sink = Tactical {
            list: Lister(out),
            enemy: pos.by_color[pos.side as usize ^ 1],
        };
        movegen::generate(pos, self.anti_tiles(), &mut sink);
    }

    fn in_check(&self) -> bool {
        self.position().checkers() != 0
    }

    fn play_null(&mut self) -> Option<Position> {
        if self.in_check() {
            return None;
        }
        Some(self.play_null_move())
    }

    fn eval_weights(&self) -> Option<&dyn ParamTable> {
        Some(self.weights())
    }

    fn set_eval_weights(&mut self, values: &[i32]) -> Result<(), RuleError> {
        if let Some(v) = values.iter().find(|v| v.abs() > WEIGHT_LIMIT) {
            return Err(RuleError::new(format!(
                "weight {v} is beyond the limit of {WEIGHT_LIMIT}"
            )));
        }
        let mut w = *self.weights();
        param_table::set_values(&mut w, values)?;
        self.set_weights(w);
        Ok(())
    }
}
