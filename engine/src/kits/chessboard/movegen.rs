//! Legal move generation with check and pin masks.
//!
//! One generator feeds a [`Sink`]: a [`Lister`] writes a game's moves, the [`Counter`] only
//! adds up popcounts, which makes the perft leaf (and `count_actions`) cheap. The floor's
//! landing cells mask every piece but the king, and its walls block as pieces do.

use super::attacks::{bb, pawn_attacks_bb, tables, Square, RANK_1, RANK_8};
use super::castling::{king_to, rook_to, CastlingRules};
use super::pieces::PieceKind;
use super::position::{Floor, Position, NO_SQUARE};

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
    /// Pawn moves arriving on `targets`, each from `to - delta`; promotions on the last rank.
    fn pawns(&mut self, targets: u64, delta: i8);
    /// The pawn on `from` takes en passant onto `to`.
    fn en_passant(&mut self, from: Square, to: Square);
    /// The king on `king` castles with the rook on `rook`, arriving on `king_to`.
    fn castling(&mut self, king: Square, rook: Square, king_to: Square);
}

/// A game's move encoding, as the [`Lister`] builds it.
pub trait BoardMove: Copy {
    fn normal(from: Square, to: Square) -> Self;
    /// `promo` is a knight, bishop, rook or queen.
    fn promotion(from: Square, to: Square, promo: PieceKind) -> Self;
    fn en_passant(from: Square, to: Square) -> Self;
    fn castling(king: Square, rook: Square, king_to: Square) -> Self;
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
    fn en_passant(&mut self, _from: Square, _to: Square) {
        self.0 += 1;
    }

    #[inline(always)]
    fn castling(&mut self, _king: Square, _rook: Square, _king_to: Square) {
        self.0 += 1;
    }
}

/// Appends moves to a vector.
pub struct Lister<'a, M>(pub &'a mut Vec<M>);

impl<M: BoardMove> Sink for Lister<'_, M> {
    #[inline(always)]
    fn piece(&mut self, from: Square, mut targets: u64) {
        while targets != 0 {
            let to = targets.trailing_zeros() as Square;
            targets &= targets - 1;
            self.0.push(M::normal(from, to));
        }
    }

    #[inline(always)]
    fn pawns(&mut self, targets: u64, delta: i8) {
        let mut plain = targets & !(RANK_1 | RANK_8);
        while plain != 0 {
            let to = plain.trailing_zeros() as Square;
            plain &= plain - 1;
            self.0.push(M::normal((to as i8 - delta) as Square, to));
        }
        let mut promo = targets & (RANK_1 | RANK_8);
        while promo != 0 {
            let to = promo.trailing_zeros() as Square;
            promo &= promo - 1;
            let from = (to as i8 - delta) as Square;
            for p in PROMOTIONS {
                self.0.push(M::promotion(from, to, p));
            }
        }
    }

    #[inline(always)]
    fn en_passant(&mut self, from: Square, to: Square) {
        self.0.push(M::en_passant(from, to));
    }

    #[inline(always)]
    fn castling(&mut self, king: Square, rook: Square, king_to: Square) {
        self.0.push(M::castling(king, rook, king_to));
    }
}

/// Passes on the captures, promotions and en-passant captures: the moves quiescence search
/// looks at.
pub struct Tactical<'a, M> {
    pub list: Lister<'a, M>,
    /// The opponent's pieces.
    pub enemy: u64,
}

impl<M: BoardMove> Sink for Tactical<'_, M> {
    #[inline(always)]
    fn piece(&mut self, from: Square, targets: u64) {
        self.list.piece(from, targets & self.enemy);
    }

    #[inline(always)]
    fn pawns(&mut self, targets: u64, delta: i8) {
        // Pushes (a multiple of a rank) count only when they promote; diagonal steps are
        // captures.
        let targets = if delta % 8 == 0 {
            targets & (RANK_1 | RANK_8)
        } else {
            targets
        };
        if targets != 0 {
            self.list.pawns(targets, delta);
        }
    }

    #[inline(always)]
    fn en_passant(&mut self, from: Square, to: Square) {
        self.list.en_passant(from, to);
    }

    #[inline(always)]
    fn castling(&mut self, _king: Square, _rook: Square, _king_to: Square) {}
}

#[inline(always)]
fn shift(b: u64, d: i8) -> u64 {
    if d > 0 {
        b << d
    } else {
        b >> -d
    }
}

/// Feeds every legal move of the side to move into `sink`.
#[inline(always)]
pub fn generate<F: Floor, S: Sink>(pos: &Position<F>, rules: &CastlingRules, sink: &mut S) {
    generate_with(pos, rules, sink, |_, _, _| {});
}

/// As [`generate`], with `more(sink, checkers, target)` called once the king's steps are
/// given and the side to move is known not to be in double check, for a game's own actions:
/// `checkers` are the pieces giving check, `target` the cells a move must reach to answer
/// it (every cell but our own pieces when not in check).
#[inline(always)]
pub fn generate_with<F: Floor, S: Sink>(
    pos: &Position<F>,
    rules: &CastlingRules,
    sink: &mut S,
    more: impl FnOnce(&mut S, u64, u64),
) {
    let t = tables();
    let us = pos.side as usize;
    let them = us ^ 1;
    let own = pos.by_color[us];
    let enemy = pos.by_color[them];
    let occ = own | enemy;
    let walls = pos.floor.walls();
    let blockers = occ | walls;
    let ksq = pos.king_square(us);

    // King steps: a square is safe if no enemy attacks it once the king has left its square
    // (so a slider's ray behind the king counts).
    let without_king = blockers ^ bb(ksq);
    let mut steps = t.king(ksq) & !own;
    let mut safe_steps = 0;
    while steps != 0 {
        let to = steps.trailing_zeros() as Square;
        steps &= steps - 1;
        if !pos.attacked_by(to, them, without_king) {
            safe_steps |= bb(to);
        }
    }
    sink.piece(ksq, safe_steps);

    let checkers = pos.attackers_to(ksq, blockers) & enemy;
    if checkers & (checkers.wrapping_sub(1)) != 0 {
        return; // double check: only the king moves
    }
    let target = if checkers == 0 {
        !own
    } else {
        let c = checkers.trailing_zeros() as Square;
        t.between(ksq, c) | checkers
    };
    // Where pieces other than the king may land.
    let land = target & (enemy | (pos.floor.landing() & !occ));

    more(sink, checkers, target);

    // Pinned pieces: own pieces alone between the king and an enemy slider.
    let rq = (pos.by_kind[ROOK] | pos.by_kind[QUEEN]) & enemy;
    let bq = (pos.by_kind[BISHOP] | pos.by_kind[QUEEN]) & enemy;
    let screen = enemy | walls;
    let mut snipers = (t.rook(ksq, screen) & rq) | (t.bishop(ksq, screen) & bq);
    let mut pinned = 0;
    while snipers != 0 {
        let s = snipers.trailing_zeros() as Square;
        snipers &= snipers - 1;
        let between = t.between(ksq, s) & blockers;
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
        sink.piece(s, t.knight(s) & land);
    }
    let mut diagonal = (pos.by_kind[BISHOP] | pos.by_kind[QUEEN]) & movable;
    while diagonal != 0 {
        let s = diagonal.trailing_zeros() as Square;
        diagonal &= diagonal - 1;
        let mut to = t.bishop(s, blockers) & land;
        if pinned & bb(s) != 0 {
            to &= t.line(ksq, s);
        }
        sink.piece(s, to);
    }
    let mut straight = (pos.by_kind[ROOK] | pos.by_kind[QUEEN]) & movable;
    while straight != 0 {
        let s = straight.trailing_zeros() as Square;
        straight &= straight - 1;
        let mut to = t.rook(s, blockers) & land;
        if pinned & bb(s) != 0 {
            to &= t.line(ksq, s);
        }
        sink.piece(s, to);
    }

    pawn_moves(pos, us, blockers, land, pinned, movable, ksq, sink);

    if pos.ep != NO_SQUARE {
        // Kept only when some capture is legal (checked when the double step was played or
        // the FEN read), but which of up to two pawns may take still needs the full test.
        let ep = pos.ep;
        let mut from = t.pawn(them, ep) & pos.pieces(us, PAWN);
        while from != 0 {
            let f = from.trailing_zeros() as Square;
            from &= from - 1;
            if pos.ep_safe(f, ep) {
                sink.en_passant(f, ep);
            }
        }
    }

    if checkers == 0 && pos.castling & (0b11 << (us * 2)) != 0 {
        castling(pos, rules, us, ksq, blockers, sink);
    }
}

#[inline(always)]
#[allow(clippy::too_many_arguments)]
fn pawn_moves<F: Floor, S: Sink>(
    pos: &Position<F>,
    us: usize,
    blockers: u64,
    land: u64,
    pinned: u64,
    movable: u64,
    ksq: Square,
    sink: &mut S,
) {
    let t = tables();
    let pawns = pos.pieces(us, PAWN) & movable;
    let free = pawns & !pinned;
    let enemy = pos.by_color[us ^ 1];
    // A push lands on an empty landing cell; the double step passes a cell that blocks
    // nothing (a cell a piece could not land on is fine).
    let push_to = land & !enemy;
    let passable = !blockers;
    let (up, third_rank): (i8, u64) = if us == 0 {
        (8, 0xff << 16)
    } else {
        (-8, 0xff << 40)
    };
    let step = shift(free, up);
    let single = step & push_to;
    let double = shift(step & passable & third_rank, up) & push_to;
    sink.pawns(single, up);
    sink.pawns(double, 2 * up);
    // Captures towards the a-file and towards the h-file.
    let (west, east): (i8, i8) = if us == 0 { (7, 9) } else { (-9, -7) };
    let not_a = !0x0101_0101_0101_0101u64;
    let not_h = !0x8080_8080_8080_8080u64;
    sink.pawns(shift(free & not_a, west) & enemy & land, west);
    sink.pawns(shift(free & not_h, east) & enemy & land, east);

    let mut p = pawns & pinned;
    while p != 0 {
        let s = p.trailing_zeros() as Square;
        p &= p - 1;
        let along = t.line(ksq, s);
        let mid = shift(bb(s), up);
        let one = mid & push_to;
        let two = shift(mid & passable & third_rank, up) & push_to;
        let caps = t.pawn(us, s) & enemy & land;
        let mut each = (one | two | caps) & along;
        while each != 0 {
            let d = each.trailing_zeros() as Square;
            each &= each - 1;
            sink.pawns(bb(d), d as i8 - s as i8);
        }
    }
}

/// Castling, the king not in check: the squares between king and rook and on their ways
/// hold nothing that blocks, the rook may land where it ends, and the king crosses and
/// reaches only squares no enemy attacks.
#[inline]
fn castling<F: Floor, S: Sink>(
    pos: &Position<F>,
    rules: &CastlingRules,
    us: usize,
    ksq: Square,
    blockers: u64,
    sink: &mut S,
) {
    for right in us * 2..us * 2 + 2 {
        if pos.castling & (1 << right) == 0 {
            continue;
        }
        let rook = rules.rook_from[right];
        let without = blockers ^ bb(ksq) ^ bb(rook);
        if rules.empty_needed(right) & without != 0 || pos.floor.landing() & bb(rook_to(right)) == 0
        {
            continue;
        }
        let mut path = rules.safe_needed(right);
        let mut ok = true;
        while path != 0 {
            let s = path.trailing_zeros() as Square;
            path &= path - 1;
            if pos.attacked_by(s, us ^ 1, without) {
                ok = false;
                break;
            }
        }
        if ok {
            sink.castling(ksq, rook, king_to(right));
        }
    }
}

/// Squares attacked by every piece of `color` (across the pieces and the floor's walls).
pub fn attacked_squares<F: Floor>(pos: &Position<F>, color: usize) -> u64 {
    let t = tables();
    let blockers = pos.blockers();
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
    each(BISHOP, &|s| t.bishop(s, blockers));
    each(ROOK, &|s| t.rook(s, blockers));
    each(QUEEN, &|s| t.queen(s, blockers));
    each(KING, &|s| t.king(s));
    out
}
