//! Move generation: targets of each piece, promotion choices, then the two legality filters
//! (the mover's king is not attacked afterwards; the ko rule).

use crate::core::bitboard::{bit, Bits, Cell};

use super::piece::{Kind, Piece};
use super::position::{Move, Position};

impl Position {
    /// Cells the piece on `from` may move to, ignoring check and the ko rule.
    #[inline]
    pub fn targets(&self, from: Cell, p: Piece) -> u64 {
        let b = self.b;
        let g = &b.geometry;
        let t = match p.kind {
            Kind::Pawn => b.pawn_forward[p.side.index()][from as usize],
            Kind::Rook => g.slide(b.rook, from, self.occupied()),
            Kind::Knight => g.mask(b.corner, from),
            Kind::Guard | Kind::King => g.mask(b.edge, from),
        };
        t & !self.occupied_by[p.side.index()]
    }

    /// Every move of the side to move before the legality filters, promotion choices included:
    /// a pawn arriving in its promotion zone may promote, in its end zone it must.
    pub fn pseudo_moves(&self, out: &mut Vec<Move>) {
        let us = self.side.index();
        for from in Bits(self.occupied_by[us]) {
            let p = self.squares[from as usize].expect("occupied cell");
            for to in Bits(self.targets(from, p)) {
                let plain = Move {
                    from,
                    to,
                    promote: false,
                };
                if p.kind != Kind::Pawn {
                    out.push(plain);
                    continue;
                }
                if self.b.end_zone[us] & bit(to) == 0 {
                    out.push(plain);
                }
                if self.b.promotion_zone[us] & bit(to) != 0 {
                    out.push(Move {
                        promote: true,
                        ..plain
                    });
                }
            }
        }
    }

    /// Appends the legal moves (the game-over test is the caller's).
    pub fn legal_moves(&self, out: &mut Vec<Move>) {
        let start = out.len();
        self.pseudo_moves(out);
        let king = self.kings[self.side.index()];
        let in_check = self.attackers(king, self.side.opponent()) != 0;
        // Out of check, only the king itself or a piece leaving a rook line through the king
        // can expose it: knights, guards and pawns attack the same cells whatever moves.
        let lines = self.b.geometry.slide(self.b.rook, king, 0);
        let mut keep = start;
        for i in start..out.len() {
            let m = out[i];
            let surely_safe = !in_check && m.from != king && lines & bit(m.from) == 0;
            if (surely_safe || self.keeps_king_safe(m)) && !self.recreates_earlier(m) {
                out[keep] = m;
                keep += 1;
            }
        }
        out.truncate(keep);
    }

    /// Whether `m` is legal here (the game-over test is the caller's).
    pub fn is_legal_move(&self, m: Move) -> bool {
        let Some(p) = self.squares.get(m.from as usize).copied().flatten() else {
            return false;
        };
        if p.side != self.side || m.to as usize >= 64 || self.targets(m.from, p) & bit(m.to) == 0 {
            return false;
        }
        let us = self.side.index();
        let promotion_ok = if p.kind == Kind::Pawn {
            if m.promote {
                self.b.promotion_zone[us] & bit(m.to) != 0
            } else {
                self.b.end_zone[us] & bit(m.to) == 0
            }
        } else {
            !m.promote
        };
        promotion_ok && self.keeps_king_safe(m) && !self.recreates_earlier(m)
    }
}
