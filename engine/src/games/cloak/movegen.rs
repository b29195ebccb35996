//! The legal actions of the side to move, from its own identities and public information only
//! (so a view lists the same actions as the full state).

use super::notation;
use super::position::{
    attacks, back_rank, pawn_rank, sq, Act, Phase, Position, CASTLE, EN_PASSANT, NORMAL, UNKNOWN,
};
use super::setup::{self, bit, BISHOP, KING, KNIGHT, PAWN, QUEEN, ROOK};
use crate::core::game::{Player, RuleError};
use crate::kits::chessboard::attacks::{bb, rank_of, tables, Square};
use crate::kits::chessboard::square_name;

/// Appends the legal actions (chance's deals in the deal phase). Nothing once a king is
/// taken.
pub fn legal(pos: &Position, out: &mut Vec<Act>) {
    if pos.king_taken.is_some() {
        return;
    }
    let us = pos.side;
    match pos.phase {
        Phase::Deal => {
            let side = if pos.dealt[0] {
                Player::Black
            } else {
                Player::White
            };
            out.extend((0..setup::COUNT as u16).map(|n| Act::Deal { side, n }));
        }
        Phase::BonusFirst | Phase::BonusAfter => {
            bonus(pos, out);
            out.push(Act::Pass);
        }
        Phase::Start => {
            let start = out.len();
            moves(pos, out);
            if out.len() > start {
                guesses(pos, out);
            }
        }
        Phase::Move { .. } => moves(pos, out),
        Phase::Uncloak { after } => {
            let cand = pos.uncloak_candidates(us, after);
            for n in 1..=8u8 {
                if cand >> (n - 1) & 1 == 0 {
                    continue;
                }
                let s = pos
                    .checker_cell(us, n)
                    .expect("a candidate is on the board");
                let is_king = pos.board[s as usize].is_some_and(|p| p.kind == KING);
                // An uncloaked king may not stay where a visible enemy attacks it.
                if is_king && pos.visibly_attacked(s, us.opponent(), pos.occupied()) {
                    continue;
                }
                out.push(Act::Uncloak { n });
            }
            out.push(Act::End);
        }
    }
}

/// Guesses: for every enemy cloaked checker, every kind some Chess960 arrangement the public
/// knowledge allows gives it (public, so the guesser's view offers the same).
fn guesses(pos: &Position, out: &mut Vec<Act>) {
    let them = pos.side.opponent();
    let possible = pos.know[them.index()].possible_kinds();
    for n in 1..=8u8 {
        if pos.checker_cell(them, n).is_none() {
            continue;
        }
        for kind in [KNIGHT, BISHOP, ROOK, QUEEN, KING] {
            if possible[n as usize - 1] & bit(kind) != 0 {
                out.push(Act::Guess { n, kind });
            }
        }
    }
}

/// Why the text `s` names no legal action here, as plainly as the position tells.
pub fn refusal(pos: &Position, s: &str) -> RuleError {
    let not_legal = |why: String| RuleError::new(format!("'{s}' is not legal here: {why}"));
    match notation::parse_free(s) {
        Ok(Act::Guess { n, kind }) => {
            let them = pos.side.opponent();
            if pos.phase != Phase::Start {
                return not_legal("a guess comes only at the start of a turn".into());
            }
            if pos.checker_cell(them, n).is_none() {
                return not_legal(format!("the opponent has no cloaked checker {n}"));
            }
            let possible = pos.know[them.index()].possible_kinds()[n as usize - 1];
            if possible & bit(kind) == 0 {
                let left: Vec<&str> = [KNIGHT, BISHOP, ROOK, QUEEN, KING]
                    .into_iter()
                    .filter(|&k| possible & bit(k) != 0)
                    .map(notation::kind_name)
                    .collect();
                let may_be = if left.is_empty() {
                    String::new()
                } else {
                    format!(" (it may be a {})", left.join(", a "))
                };
                return not_legal(format!(
                    "no Chess960 arrangement that fits what is known gives checker {n} a {}{may_be}",
                    notation::kind_name(kind),
                ));
            }
            not_legal("no legal action follows the guess".into())
        }
        Ok(Act::Move { from, to, .. })
            if pos.board[from as usize].is_some_and(|p| p.kind == PAWN && p.color == pos.side)
                && pos.board[to as usize].is_none()
                && Some(to) == pos.ep
                && pos.ep_for(pos.side).is_none() =>
        {
            not_legal(format!(
                "en passant takes only an enemy pawn right after its double step, and {} was \
                 passed by a pawn of the side to move",
                square_name(to)
            ))
        }
        _ => RuleError::new(format!("'{s}' is not legal here")),
    }
}

/// Whether a piece action leaves the mover's uncloaked king out of visible attack.
pub fn keeps_king_safe(pos: &Position, a: Act) -> bool {
    let us = pos.side;
    // Taking a king ends the game, so it needs no safe king, but only where the king taken
    // was uncloaked: legality is public, and a cloaked king's capture looks like any other.
    let takes_visible_king = match a {
        Act::Move { to, .. } => pos.uncloaked_king(us.opponent()) == Some(to),
        _ => false,
    };
    if takes_visible_king {
        return true;
    }
    let mut after = pos.clone();
    after.apply(a, 0);
    match after.uncloaked_king(us) {
        Some(k) => !after.visibly_attacked(k, us.opponent(), after.occupied()),
        None => true,
    }
}

/// Pushes a piece action if it leaves no uncloaked king of the mover in visible attack (a
/// cloaked king is free of the check rules, and promotion never makes a king).
fn push_checked(pos: &Position, a: Act, out: &mut Vec<Act>) {
    if pos.uncloaked_king(pos.side).is_none() || keeps_king_safe(pos, a) {
        out.push(a);
    }
}

fn pawn_moves(pos: &Position, from: Square, out: &mut Vec<Act>) {
    let us = pos.side;
    let them = us.opponent();
    let occ = pos.occupied();
    let fwd: i32 = if us == Player::White { 8 } else { -8 };
    let last = back_rank(them);
    let push = |to: Square, special: u8, out: &mut Vec<Act>| {
        if rank_of(to) == last {
            for k in [QUEEN, ROOK, BISHOP, KNIGHT] {
                push_checked(
                    pos,
                    Act::Move {
                        from,
                        to,
                        special: k,
                    },
                    out,
                );
            }
        } else {
            push_checked(pos, Act::Move { from, to, special }, out);
        }
    };
    let one = (from as i32 + fwd) as Square;
    if occ & bb(one) == 0 {
        push(one, NORMAL, out);
        let two = (one as i32 + fwd) as Square;
        if rank_of(from) == pawn_rank(us) && occ & bb(two) == 0 {
            push(two, NORMAL, out);
        }
    }
    let caps = tables().pawn(us.index(), from);
    let mut b = caps & pos.color_bb[them.index()];
    while b != 0 {
        let to = b.trailing_zeros() as Square;
        b &= b - 1;
        push(to, NORMAL, out);
    }
    if let Some(e) = pos.ep_for(us) {
        if caps & bb(e) != 0 {
            push(e, EN_PASSANT, out);
        }
    }
}

/// Bonus actions: a pawn move, or a drop on an empty cell of one's second rank.
fn bonus(pos: &Position, out: &mut Vec<Act>) {
    let us = pos.side;
    let mut pawns = pos.color_bb[us.index()] & pos.kind_bb[PAWN as usize];
    while pawns != 0 {
        let s = pawns.trailing_zeros() as Square;
        pawns &= pawns - 1;
        pawn_moves(pos, s, out);
    }
    if pos.reserve[us.index()] > 0 {
        for f in 0..8 {
            let to = sq(f, pawn_rank(us));
            if pos.board[to as usize].is_none() {
                push_checked(pos, Act::Drop { to }, out);
            }
        }
    }
}

/// Moves of the side's pieces by their true kinds, castling included.
fn moves(pos: &Position, out: &mut Vec<Act>) {
    let us = pos.side;
    let own = pos.color_bb[us.index()];
    let occ = pos.occupied();
    let mut b = own;
    while b != 0 {
        let from = b.trailing_zeros() as Square;
        b &= b - 1;
        let p = pos.board[from as usize].expect("own piece");
        debug_assert!(p.kind != UNKNOWN, "a side knows its own pieces");
        if p.kind == PAWN {
            pawn_moves(pos, from, out);
            continue;
        }
        let mut t = attacks(p.kind, us, from, occ) & !own;
        while t != 0 {
            let to = t.trailing_zeros() as Square;
            t &= t - 1;
            push_checked(
                pos,
                Act::Move {
                    from,
                    to,
                    special: NORMAL,
                },
                out,
            );
        }
    }
    castling(pos, out);
}

/// Chess960 castling: king and rook unmoved, every cell either passes over or lands on empty
/// but for the two of them; an uncloaked king passes only cells no visible enemy attacks.
fn castling(pos: &Position, out: &mut Vec<Act>) {
    let us = pos.side;
    let rank = back_rank(us);
    let unmoved = pos.unmoved[us.index()];
    let own = pos.color_bb[us.index()];
    let kings = pos.kind_bb[KING as usize] & own & bb_rank(rank);
    if kings == 0 {
        return;
    }
    let k = kings.trailing_zeros() as Square;
    let kf = k % 8;
    if unmoved >> kf & 1 == 0 {
        return;
    }
    let rooks = pos.kind_bb[ROOK as usize] & own & bb_rank(rank);
    let t = tables();
    for rf in 0..8u8 {
        let r = sq(rf, rank);
        if rooks & bb(r) == 0 || unmoved >> rf & 1 == 0 || rf == kf {
            continue;
        }
        let king_side = rf > kf;
        let (kt, rt) = if king_side {
            (sq(6, rank), sq(5, rank))
        } else {
            (sq(2, rank), sq(3, rank))
        };
        let span = t.between(k, kt) | bb(kt) | t.between(r, rt) | bb(rt);
        if span & pos.occupied() & !bb(k) & !bb(r) != 0 {
            continue;
        }
        // An uncloaked king starts and passes only where no visible enemy attacks (now), and
        // lands where none attacks once the rook has moved (`push_checked`).
        if pos.cloaked & bb(k) == 0 {
            let mut cells = t.between(k, kt) | bb(k);
            let mut safe = true;
            while cells != 0 {
                let c = cells.trailing_zeros() as Square;
                cells &= cells - 1;
                if pos.visibly_attacked(c, us.opponent(), pos.occupied()) {
                    safe = false;
                    break;
                }
            }
            if !safe {
                continue;
            }
        }
        push_checked(
            pos,
            Act::Move {
                from: k,
                to: r,
                special: CASTLE,
            },
            out,
        );
    }
}

fn bb_rank(rank: u8) -> u64 {
    0xffu64 << (8 * rank)
}
