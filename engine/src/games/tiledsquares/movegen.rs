//! Legal generation with check and pin masks, as in chess, over the chess attack tables.
//!
//! What differs from chess: a piece other than the king lands only on an empty tile or an
//! enemy piece; the king lands anywhere chess lets it (creating a tile); a pawn's double
//! step may pass a hole; castling needs the rook's landing cell tiled; and tile actions are
//! legal exactly when the mover is not in check, because tiles neither block nor open lines.
//! Anti-tiles do block, so an anti-tile dropped between the king and a checking slider
//! answers the check.

use super::action::{Move, Square};
use super::position::{
    Position, BISHOP, KING, KING_TO, KNIGHT, NO_SQUARE, PAWN, QUEEN, ROOK, ROOK_HOME, ROOK_TO,
};
use crate::games::chess::attacks::{bb, pawn_attacks_bb, tables, RANK_1, RANK_8};
use crate::games::chess::PieceKind;

const PROMOTIONS: [PieceKind; 4] = [
    PieceKind::Queen,
    PieceKind::Rook,
    PieceKind::Bishop,
    PieceKind::Knight,
];

/// Which tile action a set of cells is for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum TileAction {
    Drop,
    Remove,
    Anti,
}

/// Receives generated actions.
pub trait Sink {
    /// Ordinary moves of one piece from `from` to each square of `targets`.
    fn piece(&mut self, from: Square, targets: u64);
    /// Pawn moves arriving on `targets`, each from `to - delta`; promotions on the last rank.
    fn pawns(&mut self, targets: u64, delta: i8);
    fn single(&mut self, m: Move);
    /// One tile action of a kind on each cell of `cells`.
    fn tiles(&mut self, cells: u64, what: TileAction);
}

/// Counts actions without building them.
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

    #[inline(always)]
    fn tiles(&mut self, cells: u64, _what: TileAction) {
        self.0 += cells.count_ones() as u64;
    }
}

/// Appends actions to a vector.
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

    #[inline(always)]
    fn tiles(&mut self, mut cells: u64, what: TileAction) {
        while cells != 0 {
            let c = cells.trailing_zeros() as Square;
            cells &= cells - 1;
            self.0.push(match what {
                TileAction::Drop => Move::drop_tile(c),
                TileAction::Remove => Move::remove_tile(c),
                TileAction::Anti => Move::drop_anti(c),
            });
        }
    }
}

#[inline(always)]
fn shift(b: u64, d: i8) -> u64 {
    if d > 0 {
        b << d
    } else {
        b >> -d
    }
}

/// Feeds every legal action of the side to move into `sink`. `anti_tiles`: whether anti-tile
/// drops are part of the game.
#[inline(always)]
pub fn generate<S: Sink>(pos: &Position, anti_tiles: bool, sink: &mut S) {
    let t = tables();
    let us = pos.side as usize;
    let them = us ^ 1;
    let own = pos.by_color[us];
    let enemy = pos.by_color[them];
    let occ = own | enemy;
    let blockers = occ | pos.anti;
    let ksq = pos.king_square(us);
    let holes = pos.holes();

    // King steps: any cell without an own piece that no enemy could capture on once the
    // king has left its square (so a slider's ray behind the king counts).
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
    if checkers & checkers.wrapping_sub(1) != 0 {
        return; // double check: only the king moves
    }
    let target = if checkers == 0 {
        !own
    } else {
        t.between(ksq, checkers.trailing_zeros() as Square) | checkers
    };
    // Where pieces other than the king may land.
    let land = target & (enemy | (pos.tiles & !occ));

    if checkers == 0 {
        sink.tiles(holes, TileAction::Drop);
        sink.tiles(pos.owned(us) & !occ, TileAction::Remove);
    }
    if anti_tiles {
        // Anywhere when not in check; between the king and a checking slider otherwise.
        sink.tiles(holes & target, TileAction::Anti);
    }

    // Pinned pieces: own pieces alone between the king and an enemy slider.
    let rq = (pos.by_kind[ROOK] | pos.by_kind[QUEEN]) & enemy;
    let bq = (pos.by_kind[BISHOP] | pos.by_kind[QUEEN]) & enemy;
    let screen = enemy | pos.anti;
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
        // Kept only when some capture is legal and the square is tiled; which of up to two
        // pawns may take still needs the full test.
        let ep = pos.ep;
        let mut from = t.pawn(them, ep) & pos.pieces(us, PAWN);
        while from != 0 {
            let f = from.trailing_zeros() as Square;
            from &= from - 1;
            if pos.ep_safe(f, ep) {
                sink.single(Move::en_passant(f, ep));
            }
        }
    }

    if checkers == 0 && pos.castling & (0b11 << (us * 2)) != 0 {
        castling(pos, us, blockers, sink);
    }
}

#[inline(always)]
#[allow(clippy::too_many_arguments)]
fn pawn_moves<S: Sink>(
    pos: &Position,
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
    // A push lands on an empty tile; the double step passes a cell with no piece and no
    // anti-tile (a hole is fine).
    let push_to = land & !enemy;
    let (up, third_rank): (i8, u64) = if us == 0 {
        (8, 0xff << 16)
    } else {
        (-8, 0xff << 40)
    };
    let passable = !blockers;
    let single = shift(free, up) & push_to;
    let double = shift(shift(free, up) & passable & third_rank, up) & push_to;
    sink.pawns(single, up);
    sink.pawns(double, 2 * up);
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

/// Castling, the king not in check: the cells between king and rook hold no piece and no
/// anti-tile, the rook's landing cell is a tile, and the king crosses and reaches only cells
/// no enemy could capture on.
#[inline]
fn castling<S: Sink>(pos: &Position, us: usize, blockers: u64, sink: &mut S) {
    let t = tables();
    let ksq = pos.king_square(us);
    for right in us * 2..us * 2 + 2 {
        if pos.castling & (1 << right) == 0 {
            continue;
        }
        let rook = ROOK_HOME[right];
        if t.between(ksq, rook) & blockers != 0 || pos.tiles & bb(ROOK_TO[right]) == 0 {
            continue;
        }
        let without = blockers ^ bb(ksq) ^ bb(rook);
        let king_to = KING_TO[right];
        let mut path = t.between(ksq, king_to) | bb(king_to);
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
            sink.single(Move::castling(ksq, king_to));
        }
    }
}

/// Squares attacked by every piece of `color` across the position's blockers.
pub fn attacked_squares(pos: &Position, color: usize) -> u64 {
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

/// Whether `m` is legal, tested directly rather than by generating everything: the action
/// fits the position, and a piece move leaves the mover's king safe.
pub fn is_legal(pos: &Position, anti_tiles: bool, m: Move) -> bool {
    use super::action::MoveKind;
    let t = tables();
    let us = pos.side as usize;
    let (from, to) = (m.from(), m.to());
    let occ = pos.occupied();
    let holes = pos.holes();
    let kind = m.kind();
    match kind {
        MoveKind::DropTile => return holes & bb(to) != 0 && pos.checkers() == 0,
        MoveKind::RemoveTile => {
            return pos.owned(us) & !occ & bb(to) != 0 && pos.checkers() == 0;
        }
        MoveKind::DropAnti => {
            if !anti_tiles || holes & bb(to) == 0 {
                return false;
            }
            let c = pos.checkers();
            let ksq = pos.king_square(us);
            return c == 0
                || (c & (c - 1) == 0
                    && t.between(ksq, c.trailing_zeros() as Square) & bb(to) != 0);
        }
        MoveKind::Castling => {
            // Rare: trust the generator.
            let mut v = Vec::new();
            generate(pos, anti_tiles, &mut Lister(&mut v));
            return v.contains(&m);
        }
        _ => {}
    }
    let Some((color, piece)) = pos.piece_at(from) else {
        return false;
    };
    if color != us || from == to || pos.by_color[us] & bb(to) != 0 {
        return false;
    }
    let enemy = pos.by_color[us ^ 1];
    let empty_tile = pos.tiles & !occ & bb(to) != 0;
    let capture = enemy & bb(to) != 0;
    let last_rank = if us == 0 { RANK_8 } else { RANK_1 };
    let pawn_reaches = || {
        let up: i32 = if us == 0 { 8 } else { -8 };
        let start_rank = if us == 0 { 1 } else { 6 };
        let one = from as i32 + up;
        (capture && t.pawn(us, from) & bb(to) != 0)
            || (to as i32 == one && empty_tile)
            || (from >> 3 == start_rank
                && to as i32 == one + up
                && pos.blockers() & (1u64 << one) == 0
                && empty_tile)
    };
    let pseudo = match kind {
        MoveKind::EnPassant => piece == PAWN && pos.ep == to && t.pawn(us, from) & bb(to) != 0,
        MoveKind::Promotion(_) => piece == PAWN && last_rank & bb(to) != 0 && pawn_reaches(),
        _ if piece == PAWN => last_rank & bb(to) == 0 && pawn_reaches(),
        _ if piece == KING => t.king(from) & bb(to) != 0,
        _ => {
            let reach = match piece {
                KNIGHT => t.knight(from),
                BISHOP => t.bishop(from, pos.blockers()),
                ROOK => t.rook(from, pos.blockers()),
                _ => t.queen(from, pos.blockers()),
            };
            reach & bb(to) != 0 && (capture || empty_tile)
        }
    };
    if !pseudo {
        return false;
    }
    let mut after = *pos;
    after.make(m);
    !after.king_attacked(us)
}
