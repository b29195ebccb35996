//! The rules on a bare position: attacks, three-in-a-row lines, action generation and
//! application. Everything here is a pure function of a `Position`, so the solver can use it
//! without the game's history.

use std::sync::OnceLock;

use crate::bitboard::{bit, Bits, Cell};
use crate::game::{Action, Player};
use crate::geometry::{Geometry, TableId};
use crate::zobrist;

/// Piece kinds, in reserve and FEN order.
pub const PAWN: u8 = 0;
pub const ROOK: u8 = 1;
pub const KNIGHT: u8 = 2;
pub const BISHOP: u8 = 3;
pub const QUEEN: u8 = 4;
pub const KING: u8 = 5;
pub const KINDS: usize = 6;
/// FEN letters of the kinds (White's; Black's are lower case).
pub const LETTERS: [char; KINDS] = ['P', 'R', 'N', 'B', 'Q', 'K'];
/// The most of each kind a reserve can hold: the full starting reserve, which never refills.
pub const RESERVE_MAX: [u8; KINDS] = [8, 2, 2, 2, 1, 1];
/// The kinds a pawn may promote to.
pub const PROMOTIONS: [u8; 4] = [QUEEN, ROOK, BISHOP, KNIGHT];
pub const CELLS: usize = 9;

/// A piece code on a cell: 0 is empty, `1 + 6 * side + kind` otherwise.
#[inline]
pub fn piece(side: Player, kind: u8) -> u8 {
    1 + 6 * side.index() as u8 + kind
}

#[inline]
pub fn side_of(p: u8) -> Player {
    if p <= 6 {
        Player::White
    } else {
        Player::Black
    }
}

#[inline]
pub fn kind_of(p: u8) -> u8 {
    (p - 1) % 6
}

/// A drop from the reserve or a move on the board (with the promotion kind, if any).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum TttAction {
    Drop {
        kind: u8,
        to: Cell,
    },
    Move {
        from: Cell,
        to: Cell,
        promo: Option<u8>,
    },
}

impl Action for TttAction {
    fn code(self) -> u32 {
        match self {
            TttAction::Drop { kind, to } => 0x1000 | (kind as u32) << 4 | to as u32,
            TttAction::Move { from, to, promo } => {
                (from as u32) << 8 | (to as u32) << 4 | promo.map_or(0, |k| k as u32 + 1)
            }
        }
    }
}

/// Board tables and Zobrist keys, built once.
pub struct Tables {
    pub geo: Geometry,
    orthogonal: TableId,
    diagonal: TableId,
    queen: TableId,
    knight: [u64; CELLS],
    king: [u64; CELLS],
    /// The cell a pawn of each side steps to, and the cells it captures on.
    pawn_step: [[Option<Cell>; CELLS]; 2],
    pawn_capture: [[u64; CELLS]; 2],
    /// The eight three-cell lines (ranks, files, the two long diagonals).
    pub lines: Vec<u64>,
    /// Each side's first rank (pawn drops) and last rank (promotion).
    pub first_rank: [u64; 2],
    pub last_rank: [u64; 2],
    zob_piece: [[u64; CELLS]; 13],
    zob_reserve: [[[u64; 9]; KINDS]; 2],
    zob_black: u64,
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

/// Rule parameters a game is built with.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Config {
    /// Each side's starting reserve, by kind.
    pub reserve: [u8; KINDS],
    /// The most pieces of one side on the board at once.
    pub max_on_board: u8,
}

impl Default for Config {
    fn default() -> Config {
        Config {
            reserve: RESERVE_MAX,
            max_on_board: 4,
        }
    }
}

/// A position without history: board, reserves, side to move and its Zobrist key.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Position {
    pub board: [u8; CELLS],
    pub reserve: [[u8; KINDS]; 2],
    pub to_move: Player,
    pub key: u64,
}

impl Position {
    pub fn start(cfg: &Config) -> Position {
        let mut p = Position {
            board: [0; CELLS],
            reserve: [cfg.reserve; 2],
            to_move: Player::White,
            key: 0,
        };
        p.key = p.compute_key();
        p
    }

    pub fn compute_key(&self) -> u64 {
        let t = tables();
        let mut k = 0;
        for (c, &p) in self.board.iter().enumerate() {
            k ^= t.zob_piece[p as usize][c];
        }
        for side in 0..2 {
            for kind in 0..KINDS {
                k ^= t.zob_reserve[side][kind][self.reserve[side][kind] as usize];
            }
        }
        if self.to_move == Player::Black {
            k ^= t.zob_black;
        }
        k
    }

    /// Cells holding a piece of `side`.
    #[inline]
    pub fn mask(&self, side: Player) -> u64 {
        let mut m = 0;
        for (c, &p) in self.board.iter().enumerate() {
            if p != 0 && side_of(p) == side {
                m |= 1 << c;
            }
        }
        m
    }

    #[inline]
    pub fn occupied(&self) -> u64 {
        let mut m = 0;
        for (c, &p) in self.board.iter().enumerate() {
            if p != 0 {
                m |= 1 << c;
            }
        }
        m
    }

    /// Every cell `side` attacks.
    pub fn attacked_by(&self, side: Player) -> u64 {
        let t = tables();
        let occ = self.occupied();
        let mut a = 0;
        for (c, &p) in self.board.iter().enumerate() {
            if p != 0 && side_of(p) == side {
                a |= t.attacks(p, c as Cell, occ);
            }
        }
        a
    }

    pub fn king_cell(&self, side: Player) -> Option<Cell> {
        let k = piece(side, KING);
        self.board.iter().position(|&p| p == k).map(|c| c as Cell)
    }

    /// True when `side` has a king on the board and the opponent attacks it.
    pub fn king_attacked(&self, side: Player) -> bool {
        self.king_cell(side)
            .is_some_and(|k| self.attacked_by(side.opponent()) & bit(k) != 0)
    }

    pub fn in_check(&self) -> bool {
        self.king_attacked(self.to_move)
    }

    /// The cells of `side`'s three-in-a-row lines (0 when it has none).
    pub fn line_cells(&self, side: Player) -> u64 {
        let mine = self.mask(side);
        tables()
            .lines
            .iter()
            .filter(|&&l| mine & l == l)
            .fold(0, |m, &l| m | l)
    }

    /// The cells of the opponent's line(s) that the side to move must break by a capture.
    /// The opponent ended its turn with them, so they are pending now; derived from the board.
    #[inline]
    pub fn pending_line(&self) -> u64 {
        self.line_cells(self.to_move.opponent())
    }

    pub fn on_board(&self, side: Player) -> u32 {
        self.mask(side).count_ones()
    }

    /// Plays an action (assumed legal) and updates the key.
    pub fn apply(&mut self, a: TttAction) {
        let t = tables();
        let me = self.to_move;
        match a {
            TttAction::Drop { kind, to } => {
                let r = &mut self.reserve[me.index()][kind as usize];
                self.key ^= t.zob_reserve[me.index()][kind as usize][*r as usize];
                *r -= 1;
                self.key ^= t.zob_reserve[me.index()][kind as usize][*r as usize];
                let p = piece(me, kind);
                self.board[to as usize] = p;
                self.key ^= t.zob_piece[p as usize][to as usize];
            }
            TttAction::Move { from, to, promo } => {
                let p = self.board[from as usize];
                let captured = self.board[to as usize];
                self.key ^= t.zob_piece[p as usize][from as usize];
                self.key ^= t.zob_piece[captured as usize][to as usize];
                let landed = promo.map_or(p, |k| piece(me, k));
                self.board[from as usize] = 0;
                self.board[to as usize] = landed;
                self.key ^= t.zob_piece[landed as usize][to as usize];
            }
        }
        self.to_move = me.opponent();
        self.key ^= t.zob_black;
    }

    /// True when the action can never be followed by a repetition of an earlier position:
    /// drops shrink a reserve, captures shrink the board, pawns only go forward.
    pub fn is_irreversible(&self, a: TttAction) -> bool {
        match a {
            TttAction::Drop { .. } => true,
            TttAction::Move { from, to, .. } => {
                self.board[to as usize] != 0 || kind_of(self.board[from as usize]) == PAWN
            }
        }
    }

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

    /// 61-bit code of the position (board, reserves, side), the solver's table key.
    pub fn encode(&self) -> u64 {
        let mut c: u64 = 0;
        for &p in &self.board {
            c = c << 4 | p as u64;
        }
        for side in 0..2 {
            let r = &self.reserve[side];
            c = c << 4 | r[0] as u64;
            c = c << 2 | r[1] as u64;
            c = c << 2 | r[2] as u64;
            c = c << 2 | r[3] as u64;
            c = c << 1 | r[4] as u64;
            c = c << 1 | r[5] as u64;
        }
        c << 1 | (self.to_move == Player::Black) as u64
    }

    pub fn decode(mut c: u64) -> Position {
        let to_move = if c & 1 == 1 {
            Player::Black
        } else {
            Player::White
        };
        c >>= 1;
        let mut reserve = [[0u8; KINDS]; 2];
        for side in (0..2).rev() {
            let r = &mut reserve[side];
            r[5] = (c & 1) as u8;
            c >>= 1;
            r[4] = (c & 1) as u8;
            c >>= 1;
            r[3] = (c & 3) as u8;
            c >>= 2;
            r[2] = (c & 3) as u8;
            c >>= 2;
            r[1] = (c & 3) as u8;
            c >>= 2;
            r[0] = (c & 15) as u8;
            c >>= 4;
        }
        let mut board = [0u8; CELLS];
        for cell in (0..CELLS).rev() {
            board[cell] = (c & 15) as u8;
            c >>= 4;
        }
        let mut p = Position {
            board,
            reserve,
            to_move,
            key: 0,
        };
        p.key = p.compute_key();
        p
    }
}
