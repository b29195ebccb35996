//! Board tables (attacks, pawn steps, lines, Zobrist keys) and action generation.

use std::sync::OnceLock;

use crate::core::bitboard::{bit, Bits, Cell};
use crate::core::game::Action;
use crate::core::geometry::{Geometry, TableId};
use crate::core::zobrist;

use super::position::{
    kind_of, side_of, Config, Position, TttAction, BISHOP, CELLS, KINDS, KING, KNIGHT, PAWN,
    PROMOTIONS, QUEEN, ROOK,
};

/// Board tables and Zobrist keys, built once.
pub struct Tables {
    pub geo: Geometry,
    pub(super) orthogonal: TableId,
    pub(super) diagonal: TableId,
    pub(super) queen: TableId,
    pub(super) knight: [u64; CELLS],
    pub(super) king: [u64; CELLS],
    /// The cell a pawn of each side steps to, and the cells it captures on.
    pub(super) pawn_step: [[Option<Cell>; CELLS]; 2],
    pub(super) pawn_capture: [[u64; CELLS]; 2],
    /// The eight three-cell lines (ranks, files, the two long diagonals).
    pub lines: Vec<u64>,
    /// Each side's first rank (pawn drops) and last rank (promotion).
    pub first_rank: [u64; 2],
    pub last_rank: [u64; 2],
    pub(super) zob_piece: [[u64; CELLS]; 13],
    pub(super) zob_reserve: [[[u64; 9]; KINDS]; 2],
    pub(super) zob_black: u64,
}

pub fn tables() -> &'static Tables {
    static T: OnceLock<Tables> = OnceLock::new();
    T.get_or_init(Tables::build)
}

impl Tables {
    fn build() -> Tables {
        let geo = Geometry::square(3, 3);
        let mask_table = |name: &str| -> [u64; CELLS] {
            let id = geo.mask_id(name).expect("3x3 geometry has the table");
            std::array::from_fn(|c| geo.mask(id, c as Cell))
        };
        let knight = mask_table("knight");
        let king = mask_table("king");
        let n = geo.direction_id("n").expect("direction n");
        let s = geo.direction_id("s").expect("direction s");
        let ne = geo.direction_id("ne").expect("direction ne");
        let nw = geo.direction_id("nw").expect("direction nw");
        let se = geo.direction_id("se").expect("direction se");
        let sw = geo.direction_id("sw").expect("direction sw");
        let steps = |dirs: &[TableId], c: Cell| -> u64 {
            dirs.iter()
                .filter_map(|&d| geo.step(d, c))
                .fold(0, |m, t| m | bit(t))
        };
        let pawn_step = [
            std::array::from_fn(|c| geo.step(n, c as Cell)),
            std::array::from_fn(|c| geo.step(s, c as Cell)),
        ];
        let pawn_capture = [
            std::array::from_fn(|c| steps(&[ne, nw], c as Cell)),
            std::array::from_fn(|c| steps(&[se, sw], c as Cell)),
        ];
        let lines: Vec<u64> = ["rank", "file", "diagonal"]
            .iter()
            .flat_map(|k| geo.lines(k).map(|l| l.to_vec()).collect::<Vec<_>>())
            .filter(|l| l.len() == 3)
            .map(|l| l.iter().fold(0, |m, &c| m | bit(c)))
            .collect();
        assert_eq!(lines.len(), 8);
        let keys = zobrist::keys(0x7ac7_ac00_c4e5_5001, 13 * CELLS + 2 * KINDS * 9 + 1);
        let mut it = keys.into_iter();
        let mut next = || it.next().expect("enough keys");
        let mut zob_piece = [[0; CELLS]; 13];
        for row in zob_piece.iter_mut().skip(1) {
            for k in row.iter_mut() {
                *k = next();
            }
        }
        let mut zob_reserve = [[[0; 9]; KINDS]; 2];
        for side in zob_reserve.iter_mut() {
            for kind in side.iter_mut() {
                // Count 0 hashes to 0 so that an empty reserve adds nothing.
                for k in kind.iter_mut().skip(1) {
                    *k = next();
                }
            }
        }
        let zob_black = next();
        Tables {
            orthogonal: geo.rays_id("orthogonal").expect("rays"),
            diagonal: geo.rays_id("diagonal").expect("rays"),
            queen: geo.rays_id("queen").expect("rays"),
            knight,
            king,
            pawn_step,
            pawn_capture,
            lines,
            first_rank: [0b000_000_111, 0b111_000_000],
            last_rank: [0b111_000_000, 0b000_000_111],
            zob_piece,
            zob_reserve,
            zob_black,
            geo,
        }
    }

    /// Cells a piece on `c` attacks (could capture on) with the given occupancy.
    #[inline]
    pub fn attacks(&self, p: u8, c: Cell, occupied: u64) -> u64 {
        match kind_of(p) {
            PAWN => self.pawn_capture[side_of(p).index()][c as usize],
            ROOK => self.geo.slide(self.orthogonal, c, occupied),
            KNIGHT => self.knight[c as usize],
            BISHOP => self.geo.slide(self.diagonal, c, occupied),
            QUEEN => self.geo.slide(self.queen, c, occupied),
            _ => self.king[c as usize],
        }
    }
}

impl Position {
    /// Actions the pieces' movement and the drop rules allow, before king safety.
    fn pseudo_actions(&self, cfg: &Config, out: &mut Vec<TttAction>) {
        let t = tables();
        let me = self.to_move;
        let mine = self.mask(me);
        let theirs = self.mask(me.opponent());
        let occ = mine | theirs;
        let empty = !occ & 0x1ff;
        let pending = self.pending_line();
        if pending == 0 && mine.count_ones() < cfg.max_on_board as u32 {
            let enemy_attacks = self.attacked_by(me.opponent());
            for kind in 0..KINDS as u8 {
                if self.reserve[me.index()][kind as usize] == 0 {
                    continue;
                }
                let targets = match kind {
                    PAWN => empty & t.first_rank[me.index()],
                    KING => empty & !enemy_attacks,
                    _ => empty,
                };
                for to in Bits(targets) {
                    out.push(TttAction::Drop { kind, to });
                }
            }
        }
        for from in Bits(mine) {
            let p = self.board[from as usize];
            let mut targets = if kind_of(p) == PAWN {
                let step = t.pawn_step[me.index()][from as usize].map_or(0, |s| bit(s) & empty);
                step | (t.pawn_capture[me.index()][from as usize] & theirs)
            } else {
                t.attacks(p, from, occ) & !mine
            };
            if pending != 0 {
                targets &= pending;
            }
            for to in Bits(targets) {
                if kind_of(p) == PAWN && t.last_rank[me.index()] & bit(to) != 0 {
                    for k in PROMOTIONS {
                        out.push(TttAction::Move {
                            from,
                            to,
                            promo: Some(k),
                        });
                    }
                } else {
                    out.push(TttAction::Move {
                        from,
                        to,
                        promo: None,
                    });
                }
            }
        }
    }

    /// Appends the legal actions: pseudo-legal ones that leave the mover's king unattacked.
    pub fn legal_actions(&self, cfg: &Config, out: &mut Vec<TttAction>) {
        let start = out.len();
        self.pseudo_actions(cfg, out);
        let me = self.to_move;
        let mut i = start;
        while i < out.len() {
            let mut next = *self;
            next.apply(out[i]);
            if next.king_attacked(me) {
                out.swap_remove(i);
            } else {
                i += 1;
            }
        }
        // Keep a stable order (swap_remove shuffles): generation order is part of perft divide.
        out[start..].sort_by_key(|a| a.code());
    }
}
