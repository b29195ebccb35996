//! Legal move generation with check and pin masks.
//!
//! One generator feeds a `Sink`: the list sink writes moves, the counting sink only adds up
//! popcounts, which makes the perft leaf (and `count_actions`) cheap.

use super::attacks::{bb, pawn_attacks_bb, tables, Square, RANK_1, RANK_8};
use super::castling::CastlingRules;
use super::position::{Position, NO_SQUARE};
use super::types::{Move, PieceKind};

const PAWN: usize = PieceKind::Pawn as usize;
const KNIGHT: usize = PieceKind::Knight as usize;
const BISHOP: usize = PieceKind::Bishop as usize;
const ROOK: usize = PieceKind::Rook as usize;
const QUEEN: usize = PieceKind::Queen as usize;
const KING: usize = PieceKind::King as usize;

const PROMOTIONS: [PieceKind; 4] = [
    PieceKind::Queen,
    PieceKind::Rook,
    PieceKind::Bishop,
    PieceKind::Knight,
];

/// Receives generated moves.
pub trait Sink {
    /// Ordinary moves of one piece from `from` to each square of `targets`.
    fn piece(&mut self, from: Square, targets: u64);
    /// Pawn moves arriving on `targets`, each from `to - delta`; `promote` on the last rank.
    fn pawns(&mut self, targets: u64, delta: i8);
    fn single(&mut self, m: Move);
}

/// Counts moves without building them.
pub struct Counter(pub u64);

impl Sink for Counter {
    #[inline(always)]
    fn piece(&mut self, _from: Square, targets: u64) {
        self.0 += targets.count_ones() as u64;
    }

    #[inline(always)]
    fn pawns(&mut self, targets: u64, _delta: i8) {
        let promo = targets & (RANK_1 | RANK_8);
        self.0 += targets.count_ones() as u64 + 3 * promo.count_ones() as u64;
    }

    #[inline(always)]
    fn single(&mut self, _m: Move) {
        self.0 += 1;
    }
}

/// Appends moves to a vector.
pub struct Lister<'a>(pub &'a mut Vec<Move>);

impl Sink for Lister<'_> {
    #[inline(always)]
    fn piece(&mut self, from: Square, mut targets: u64) {
        while targets != 0 {
            let to = targets.trailing_zeros() as Square;
            targets &= targets - 1;
            self.0.push(Move::normal(from, to));
        }
    }

    #[inline(always)]
    fn pawns(&mut self, targets: u64, delta: i8) {
        let mut plain = targets & !(RANK_1 | RANK_8);
        while plain != 0 {
            let to = plain.trailing_zeros() as Square;
            plain &= plain - 1;
            self.0.push(Move::normal((to as i8 - delta) as Square, to));
        }
        let mut promo = targets & (RANK_1 | RANK_8);
        while promo != 0 {
            let to = promo.trailing_zeros() as Square;
            promo &= promo - 1;
            let from = (to as i8 - delta) as Square;
            for p in PROMOTIONS {
                self.0.push(Move::promotion(from, to, p));
            }
        }
    }

    #[inline(always)]
    fn single(&mut self, m: Move) {
        self.0.push(m);
    }
}

/// Feeds every legal move of the side to move into `sink`.
#[inline(always)]
pub fn generate<S: Sink>(pos: &Position, rules: &CastlingRules, sink: &mut S) {
    let t = tables();
    let us = pos.side as usize;
    let them = us ^ 1;
    let own = pos.by_color[us];
    let enemy = pos.by_color[them];
    let occ = own | enemy;
    let ksq = pos.king_square(us);

    // King steps: a square is safe if no enemy attacks it once the king has left its square
    // (so a slider's ray behind the king counts).
    let occ_without_king = occ ^ bb(ksq);
    let mut steps = t.king(ksq) & !own;
    let mut safe_steps = 0;
    while steps != 0 {
        let to = steps.trailing_zeros() as Square;
        steps &= steps - 1;
        if !pos.attacked_by(to, them, occ_without_king) {
            safe_steps |= bb(to);
        }
    }
    sink.piece(ksq, safe_steps);

    let checkers = pos.attackers_to(ksq, occ) & enemy;
    if checkers & (checkers.wrapping_sub(1)) != 0 {
        return; // double check: only the king moves
    }
    let target = if checkers == 0 {
        !own
    } else {
        let c = checkers.trailing_zeros() as Square;
        t.between(ksq, c) | checkers
    };

    // Pinned pieces: own pieces alone between the king and an enemy slider.
    let rq = (pos.by_kind[ROOK] | pos.by_kind[QUEEN]) & enemy;
    let bq = (pos.by_kind[BISHOP] | pos.by_kind[QUEEN]) & enemy;
    let mut snipers = (t.rook(ksq, enemy) & rq) | (t.bishop(ksq, enemy) & bq);
    let mut pinned = 0;
    while snipers != 0 {
        let s = snipers.trailing_zeros() as Square;
        snipers &= snipers - 1;
        let between = t.between(ksq, s) & occ;
        if between & (between - 1) == 0 && between & own != 0 {
            pinned |= between;
        }
    }
    // In check, a pinned piece can neither capture the checker nor block.
    let movable = if checkers == 0 { own } else { own & !pinned };

    let mut knights = pos.by_kind[KNIGHT] & movable & !pinned;
    while knights != 0 {
        let s = knights.trailing_zeros() as Square;
        knights &= knights - 1;
        sink.piece(s, t.knight(s) & target);
    }
    let mut diagonal = (pos.by_kind[BISHOP] | pos.by_kind[QUEEN]) & movable;
    while diagonal != 0 {
        let s = diagonal.trailing_zeros() as Square;
        diagonal &= diagonal - 1;
        let mut to = t.bishop(s, occ) & target;
        if pinned & bb(s) != 0 {
            to &= t.line(ksq, s);
        }
        sink.piece(s, to);
    }
    let mut straight = (pos.by_kind[ROOK] | pos.by_kind[QUEEN]) & movable;
    while straight != 0 {
        let s = straight.trailing_zeros() as Square;
        straight &= straight - 1;
        let mut to = t.rook(s, occ) & target;
        if pinned & bb(s) != 0 {
            to &= t.line(ksq, s);
        }
        sink.piece(s, to);
    }

    pawn_moves(pos, us, occ, enemy, target, pinned, movable, ksq, sink);

    if pos.ep != NO_SQUARE {
        // Kept only when legal (checked when the double step was played or the FEN read), but
        // which of up to two pawns may take still needs the full test.
        let ep = pos.ep;
        let captured = if us == 0 { ep - 8 } else { ep + 8 };
        let mut from = t.pawn(them, ep) & pos.pieces(us, PAWN);
        while from != 0 {
            let f = from.trailing_zeros() as Square;
            from &= from - 1;
            if ep_legal(pos, us, ksq, f, ep, captured) {
                sink.single(Move::en_passant(f, ep));
            }
        }
    }

    if checkers == 0 && pos.castling & (0b11 << (us * 2)) != 0 {
        for right in us * 2..us * 2 + 2 {
            if pos.castling & (1 << right) == 0 {
                continue;
            }
            let rook = rules.rook_from[right];
            let occ_wo = occ ^ bb(ksq) ^ bb(rook);
            if rules.empty_needed(right) & occ_wo != 0 {
                continue;
            }
            let mut path = rules.safe_needed(right);
            let mut ok = true;
            while path != 0 {
                let s = path.trailing_zeros() as Square;
                path &= path - 1;
                if pos.attacked_by(s, them, occ_wo) {
                    ok = false;
                    break;
                }
            }
            if ok {
                sink.single(Move::castling(ksq, rook));
            }
        }
    }
}

#[inline(always)]
#[allow(clippy::too_many_arguments)]
fn pawn_moves<S: Sink>(
    pos: &Position,
    us: usize,
    occ: u64,
    enemy: u64,
    target: u64,
    pinned: u64,
    movable: u64,
    ksq: Square,
    sink: &mut S,
) {
    let t = tables();
    let pawns = pos.pieces(us, PAWN) & movable;
    let free = pawns & !pinned;
    let empty = !occ;
    let (up, third_rank): (i8, u64) = if us == 0 {
        (8, 0xff << 16)
    } else {
        (-8, 0xff << 40)
    };
    let shift = |b: u64, d: i8| if d > 0 { b << d } else { b >> -d };
    let single = shift(free, up) & empty;
    let double = shift(single & third_rank, up) & empty;
    sink.pawns(single & target, up);
    sink.pawns(double & target, 2 * up);
    // Captures towards the a-file and towards the h-file.
    let (west, east): (i8, i8) = if us == 0 { (7, 9) } else { (-9, -7) };
    let not_a = !0x0101_0101_0101_0101u64;
    let not_h = !0x8080_8080_8080_8080u64;
    sink.pawns(shift(free & not_a, west) & enemy & target, west);
    sink.pawns(shift(free & not_h, east) & enemy & target, east);

    let mut p = pawns & pinned;
    while p != 0 {
        let s = p.trailing_zeros() as Square;
        p &= p - 1;
        let along = t.line(ksq, s) & target;
        let one = shift(bb(s), up) & empty;
        let two = shift(one & third_rank, up) & empty;
        let caps = t.pawn(us, s) & enemy;
        let to = (one | two | caps) & along;
        let mut each = to;
        while each != 0 {
            let d = each.trailing_zeros() as Square;
            each &= each - 1;
            sink.pawns(bb(d), d as i8 - s as i8);
        }
    }
}

/// Full test of one en-passant capture: the captured pawn and the capturer both leave their
/// squares, which can uncover the king along a rank (the horizontal pin) or a diagonal.
#[inline]
fn ep_legal(
    pos: &Position,
    us: usize,
    ksq: Square,
    from: Square,
    ep: Square,
    captured: Square,
) -> bool {
    let t = tables();
    let them = us ^ 1;
    let occ = (pos.occupied() ^ bb(from) ^ bb(captured)) | bb(ep);
    let enemy = pos.by_color[them] & !bb(captured);
    let rq = (pos.by_kind[ROOK] | pos.by_kind[QUEEN]) & enemy;
    let bq = (pos.by_kind[BISHOP] | pos.by_kind[QUEEN]) & enemy;
    let leapers = (t.knight(ksq) & pos.by_kind[KNIGHT]
        | t.pawn(us, ksq) & pos.by_kind[PAWN]
        | t.king(ksq) & pos.by_kind[KING])
        & enemy;
    leapers == 0 && t.rook(ksq, occ) & rq == 0 && t.bishop(ksq, occ) & bq == 0
}

/// Squares attacked by every piece of `color` (occupancy as on the board).
pub fn attacked_squares(pos: &Position, color: usize) -> u64 {
    let t = tables();
    let occ = pos.occupied();
    let mut out = pawn_attacks_bb(color, pos.pieces(color, PAWN));
    let mut each = |kind: usize, f: &dyn Fn(Square) -> u64| {
        let mut b = pos.pieces(color, kind);
        while b != 0 {
            let s = b.trailing_zeros() as Square;
            b &= b - 1;
            out |= f(s);
        }
    };
    each(KNIGHT, &|s| t.knight(s));
    each(BISHOP, &|s| t.bishop(s, occ));
    each(ROOK, &|s| t.rook(s, occ));
    each(QUEEN, &|s| t.queen(s, occ));
    each(KING, &|s| t.king(s));
    out
}
