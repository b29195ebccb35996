//! The turn of the stepping games: a regular chess move, then king steps while the moved piece
//! may take them. What the checkers under a piece mean (and so what a step spends, what a
//! capture takes over, and what ends the turn) is the game's; the board moves, castling's
//! conditions and the shape of the legality search are the same in every such game.

use crate::core::bitboard::Bits;
use crate::core::game::{Outcome, Player};
use crate::kits::chessboard::attacks::{bb, file_of, tables, Square};
use crate::kits::chessboard::{Move, MoveKind, PieceKind};

use super::board::{
    en_passant_victim, king_home, Board, CASTLING, KING, NO_SQUARE, PAWN, PROMOTIONS, ROOK,
};

/// A position of a stepping game, as the shared parts of its turn see it.
pub trait StepPos: Copy {
    fn board(&self) -> &Board;
    /// The side to move: 0 White, 1 Black.
    fn side(&self) -> usize;
    /// The castling-right bits held.
    fn castling(&self) -> u8;
    /// Checkers under the piece on `s`.
    fn stack(&self, s: Square) -> u8;
    /// Puts or takes away a piece, keeping the key.
    fn toggle_piece(&mut self, s: Square, color: usize, kind: usize);
    fn set_ep(&mut self, ep: Square);
    /// Moves the piece on `from` to `to` with its checkers, capturing what stands there and
    /// taking over its checkers as the game says. Returns whether it captured.
    fn shift(&mut self, from: Square, to: Square) -> bool;
    /// An en-passant capture: the pawn on `from` takes the one on `victim` (and its
    /// checkers) and lands on `to`.
    fn take_en_passant(&mut self, victim: Square, from: Square, to: Square);
    /// Spends one checker under the piece on `from` for a step.
    fn spend_step(&mut self, from: Square);
    /// Whether `color`'s king could be captured by the opponent's next turn, with `ep` the
    /// en-passant square the opponent may use.
    fn exposed(&self, color: usize, ep: Square) -> bool;
}

/// The accessors of [`StepPos`] for a position whose fields are `board`, `side`, `castling`
/// and `stacks` (the checkers under each square), written inside its `impl StepPos`.
macro_rules! step_fields {
    () => {
        #[inline(always)]
        fn board(&self) -> &$crate::kits::steps::board::Board {
            &self.board
        }

        #[inline(always)]
        fn side(&self) -> usize {
            self.side as usize
        }

        #[inline(always)]
        fn castling(&self) -> u8 {
            self.castling
        }

        #[inline(always)]
        fn stack(&self, s: $crate::kits::chessboard::attacks::Square) -> u8 {
            self.stacks[s as usize]
        }
    };
}
pub(crate) use step_fields;

/// The key change of the en-passant square going from `old` to `new` (`NO_SQUARE`: none),
/// with `ep_file` the keys by file.
#[inline(always)]
pub fn ep_key(ep_file: &[u64; 8], old: Square, new: Square) -> u64 {
    let file_key = |s: Square| {
        if s == NO_SQUARE {
            0
        } else {
            ep_file[file_of(s) as usize]
        }
    };
    file_key(old) ^ file_key(new)
}

/// Plays the board part of a regular move of the side to move, its en-passant right already
/// cleared: castling, en passant, promotion, and the en-passant right a double step gives when
/// an enemy pawn stands beside the square crossed. Returns the landing square, whether it
/// captured, and the kind that moved.
#[inline(always)]
pub fn play_regular<P: StepPos>(p: &mut P, m: Move) -> (Square, bool, usize) {
    let us = p.side();
    let (from, to) = (m.from(), m.to());
    let moved = p.board().kind_at(from);
    match m.kind() {
        MoveKind::Castling => {
            let right = CASTLING
                .iter()
                .position(|c| c.0 == to)
                .expect("castling names a rook square");
            let (_, _, rook_to, king_to) = CASTLING[right];
            p.toggle_piece(from, us, KING);
            p.toggle_piece(to, us, ROOK);
            p.toggle_piece(king_to, us, KING);
            p.toggle_piece(rook_to, us, ROOK);
            (king_to, false, moved)
        }
        MoveKind::EnPassant => {
            p.take_en_passant(en_passant_victim(us, to), from, to);
            (to, true, moved)
        }
        _ => {
            let captured = p.shift(from, to);
            if let Some(k) = m.promotion_piece() {
                p.toggle_piece(to, us, PAWN);
                p.toggle_piece(to, us, k as usize);
            } else if moved == PAWN && from.abs_diff(to) == 16 {
                let beside = tables().pawn(us, (from + to) / 2);
                if beside & p.board().pieces(us ^ 1, PAWN) != 0 {
                    p.set_ep((from + to) / 2);
                }
            }
            (to, captured, moved)
        }
    }
}

/// Plays the board part of a king step of the side to move: the en-passant right ends, a
/// checker is spent, the piece moves (capturing) and a pawn reaching its last rank promotes.
/// Returns whether it captured, and whether a pawn stepped.
#[inline(always)]
pub fn play_step<P: StepPos>(
    p: &mut P,
    from: Square,
    to: Square,
    promo: Option<PieceKind>,
) -> (bool, bool) {
    let us = p.side();
    p.set_ep(NO_SQUARE);
    p.spend_step(from);
    let pawn = p.board().by_kind[PAWN] & bb(from) != 0;
    let captured = p.shift(from, to);
    if let Some(k) = promo {
        p.toggle_piece(to, us, PAWN);
        p.toggle_piece(to, us, k as usize);
    }
    (captured, pawn)
}

/// Castlings allowed before the end-of-turn test: the right is held, the squares between are
/// empty, neither king nor rook stands on checkers, the king is not in adrenaline check and
/// the square it crosses is not one the opponent's next turn could reach.
pub fn castlings<P: StepPos>(p: &P) -> Vec<Move> {
    let us = p.side();
    let b = p.board();
    let mut out = Vec::new();
    let rights = p.castling() >> (2 * us) & 3;
    if rights == 0 {
        return out;
    }
    let king = king_home(us);
    if b.pieces(us, KING) & bb(king) == 0 || p.stack(king) > 0 {
        return out;
    }
    let mut checked = None;
    for (i, &(rook, empty, crossed, _)) in CASTLING.iter().enumerate().skip(2 * us).take(2) {
        if rights & (1 << (i - 2 * us)) == 0
            || b.pieces(us, ROOK) & bb(rook) == 0
            || p.stack(rook) > 0
            || b.occupied() & empty != 0
        {
            continue;
        }
        if *checked.get_or_insert_with(|| p.exposed(us, NO_SQUARE)) {
            return out;
        }
        let mut through = *p;
        through.toggle_piece(king, us, KING);
        through.toggle_piece(crossed, us, KING);
        if through.exposed(us, NO_SQUARE) {
            continue;
        }
        out.push(Move::castling(king, rook));
    }
    out
}

/// Feeds to `sink` the moves of `moves` (pseudo-legal regular moves, promotions to one square
/// adjacent) that pass `keep` and then `legal`. Promotions to different kinds are equally
/// safe: `legal` is asked once per from-to pair.
#[inline]
pub fn legal_regular(
    moves: Vec<Move>,
    keep: impl Fn(Move) -> bool,
    mut legal: impl FnMut(Move) -> bool,
    mut sink: impl FnMut(Move),
) {
    let mut last: Option<(Square, Square, bool)> = None;
    for m in moves {
        if !keep(m) {
            continue;
        }
        if m.kind() == MoveKind::Promotion {
            if let Some((f, t, ok)) = last {
                if f == m.from() && t == m.to() {
                    if ok {
                        sink(m);
                    }
                    continue;
                }
            }
        }
        let ok = legal(m);
        last = Some((m.from(), m.to(), ok));
        if ok {
            sink(m);
        }
    }
}

/// Whether the side to move has a legal regular move: one of `moves` (pseudo-legal, castling
/// apart) that passes `ordinary` and `completes`, or a castling that passes `completes`.
#[inline]
pub fn has_legal_regular<P: StepPos>(
    p: &P,
    moves: Vec<Move>,
    ordinary: impl Fn(Move) -> bool,
    mut completes: impl FnMut(Move) -> bool,
) -> bool {
    moves.into_iter().any(|m| ordinary(m) && completes(m))
        || castlings(p).into_iter().any(completes)
}

/// Feeds to `sink` the legal steps to the squares of `targets`: a step that does not promote
/// must pass `keep(to)`, then `completes(to, promo)`. A promoting step is tested once, as a
/// queen (the kind changes nothing about the mover's safety: only occupancy and checkers
/// do), and then yields every kind.
#[inline]
pub fn legal_steps(
    targets: u64,
    promotes: impl Fn(Square) -> bool,
    keep: impl Fn(Square) -> bool,
    mut completes: impl FnMut(Square, Option<PieceKind>) -> bool,
    mut sink: impl FnMut(Square, Option<PieceKind>),
) {
    for to in Bits(targets) {
        if !promotes(to) {
            if keep(to) && completes(to, None) {
                sink(to, None);
            }
        } else if completes(to, Some(PieceKind::Queen)) {
            for p in PROMOTIONS {
                sink(to, Some(p));
            }
        }
    }
}

/// The end of a game whose side to move has no legal action: checkmate when its king is in
/// adrenaline check, else stalemate.
pub fn no_action_outcome(in_check: bool, mover: Player) -> Outcome {
    if in_check {
        Outcome::Win {
            winner: mover.opponent(),
            reason: "checkmate",
        }
    } else {
        Outcome::Draw {
            reason: "stalemate",
        }
    }
}
