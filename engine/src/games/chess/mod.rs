//! Standard chess and Chess960 (FIDE rules).
//!
//! The board, its attacks, move generation, castling and FEN are the chess-board kit's
//! (`kits::chessboard`), on a floor where every square takes any piece:
//!
//! - `position`: that floor and `make` for the compact `Move` (`types`).
//! - `fen`, `notation` (UCI and SAN), `keys` (Zobrist), `eval` (search hooks), `nnue`.
//!
//! Squares are numbered a1 = 0 .. h8 = 63, the same cells as `Geometry::square(8, 8)`.
//! Colour indices: 0 White, 1 Black.

pub mod eval;
mod fen;
mod keys;
pub mod nnue;
mod notation;
mod position;
mod weights;

#[cfg(test)]
mod tests;

use std::sync::Arc;

pub use crate::kits::chessboard::attacks;
pub use crate::kits::chessboard::fen::{parse_clocks, parse_ranks, parse_side, START_FEN};
pub use crate::kits::chessboard::{insufficient_material, parse_square, square_name};
pub use crate::kits::chessboard::{Move, MoveKind};
pub use crate::kits::chessboard::{PieceKind, Square};
pub use position::Position;
pub use weights::{ByKind, BySquare, Weights, S};

use crate::core::bitboard::Cell;
use crate::core::game::{Game, Outcome, Player, RuleError};
use crate::core::geometry::Geometry;
use crate::core::network::Accumulators;
use crate::core::options::{OptionKind, OptionSpec, VariantOptions};
use crate::core::variant::Variant;
use crate::kits::chessboard::movegen::{self, Counter, Lister};
use crate::kits::chessboard::{geometry, player, CastlingRules, Play};
use attacks::tables;

/// The variant's options.
pub const OPTIONS: &[OptionSpec] = &[
    OptionSpec {
        name: "UCI_Chess960",
        kind: OptionKind::Check { default: false },
        help: "write castling as king takes own rook (e1h1), as Chess960 GUIs expect",
        check: None,
    },
    OptionSpec {
        name: "EvalNet",
        kind: OptionKind::Text {
            default: nnue::BUILTIN,
        },
        help: "builtin: the network built in, which corrects the hand-written evaluation; \
               none (or empty): the hand-written evaluation alone; or a network file (tessera \
               tune nnue) that evaluates instead of it, or (trained with --residual) corrects it",
        check: Some(nnue::check),
    },
];

impl Variant for Chess {
    const NAME: &'static str = "chess";
    const SUMMARY: &'static str = "Standard chess and Chess960 (FIDE rules)";
    const OPTIONS: &'static [OptionSpec] = OPTIONS;

    /// The game the variant's options describe (`EvalNet` unset: the built-in network).
    fn from_options(opts: &VariantOptions) -> Result<Chess, RuleError> {
        let mut c = Chess::new(opts.flag("UCI_Chess960", false)?);
        if let Some(net) = nnue::load(opts.get("EvalNet").unwrap_or(nnue::BUILTIN))? {
            c.set_net(Some(net));
        }
        Ok(c)
    }
}

/// A chess game: the position, its castling geometry, and the keys of earlier positions
/// (for repetition).
#[derive(Clone)]
pub struct Chess {
    pos: Position,
    rules: CastlingRules,
    /// Keys of the positions before each move played since the position was set.
    history: Vec<u64>,
    chess960: bool,
    /// Whether the counted draws end the game (`Game::draw_rules`).
    draw_rules: bool,
    /// The evaluation's weights and tables, shared between copies.
    eval: Arc<eval::EvalTables>,
    /// With a network in use: its first layer's sums along the line played since it was
    /// set (`nnue`).
    acc: Accumulators,
}

impl Default for Chess {
    fn default() -> Self {
        Chess::new(false)
    }
}

impl Chess {
    /// The standard start position. `chess960` selects how castling is written
    /// (king takes own rook); Chess960 positions work either way.
    pub fn new(chess960: bool) -> Chess {
        let (pos, rules) = fen::parse(START_FEN).expect("start FEN is valid");
        Chess {
            pos,
            rules,
            history: Vec::new(),
            chess960,
            draw_rules: true,
            eval: eval::EvalTables::default_shared(),
            acc: Accumulators::default(),
        }
    }

    pub fn from_fen(fen: &str, chess960: bool) -> Result<Chess, RuleError> {
        let (pos, rules) = fen::parse(fen)?;
        Ok(Chess {
            pos,
            rules,
            history: Vec::new(),
            chess960,
            draw_rules: true,
            eval: eval::EvalTables::default_shared(),
            acc: Accumulators::default(),
        })
    }

    /// Whether castling is written king-takes-rook (the `UCI_Chess960` option).
    pub fn is_chess960(&self) -> bool {
        self.chess960
    }

    pub fn set_chess960(&mut self, on: bool) {
        self.chess960 = on;
    }

    /// The raw position (bitboards, clocks, key).
    pub fn position(&self) -> &Position {
        &self.pos
    }

    pub fn side_to_move(&self) -> Player {
        player(self.pos.side as usize)
    }

    /// Bitboard of `color`'s pieces of `kind` (bit `sq` for square `sq`, a1 = 0).
    #[inline]
    pub fn pieces(&self, color: Player, kind: PieceKind) -> u64 {
        self.pos.pieces(color.index(), kind as usize)
    }

    /// Bitboard of all pieces of a kind, both colours.
    #[inline]
    pub fn kind_bb(&self, kind: PieceKind) -> u64 {
        self.pos.by_kind[kind as usize]
    }

    /// Bitboard of all of `color`'s pieces.
    #[inline]
    pub fn color_bb(&self, color: Player) -> u64 {
        self.pos.by_color[color.index()]
    }

    #[inline]
    pub fn occupied(&self) -> u64 {
        self.pos.occupied()
    }

    #[inline]
    pub fn piece_at(&self, s: Square) -> Option<(Player, PieceKind)> {
        self.pos
            .piece_at(s)
            .map(|(c, k)| (player(c), PieceKind::from_index(k)))
    }

    #[inline]
    pub fn king_square(&self, color: Player) -> Square {
        self.pos.king_square(color.index())
    }

    /// Pieces of both colours attacking `s`, with occupancy `occ` (pass `occupied()` for the
    /// board as it is; other values give x-ray attacks).
    #[inline]
    pub fn attackers_to(&self, s: Square, occ: u64) -> u64 {
        self.pos.attackers_to(s, occ)
    }

    /// Whether `by` attacks `s`.
    #[inline]
    pub fn is_attacked(&self, s: Square, by: Player) -> bool {
        self.pos.attacked_by(s, by.index(), self.pos.occupied())
    }

    /// Pieces checking the side to move.
    #[inline]
    pub fn checkers(&self) -> u64 {
        self.pos.checkers()
    }

    /// `color`'s pieces pinned to their own king by an enemy slider.
    pub fn pinned(&self, color: Player) -> u64 {
        let t = tables();
        let us = color.index();
        let ksq = self.pos.king_square(us);
        let enemy = self.pos.by_color[us ^ 1];
        let k = &self.pos.by_kind;
        let rq = (k[3] | k[4]) & enemy;
        let bq = (k[2] | k[4]) & enemy;
        let mut snipers = (t.rook(ksq, enemy) & rq) | (t.bishop(ksq, enemy) & bq);
        let occ = self.pos.occupied();
        let mut pinned = 0;
        while snipers != 0 {
            let s = snipers.trailing_zeros() as Square;
            snipers &= snipers - 1;
            let b = t.between(ksq, s) & occ;
            if b.count_ones() == 1 && b & self.pos.by_color[us] != 0 {
                pinned |= b;
            }
        }
        pinned
    }

    /// Squares the piece on `s` attacks with the current occupancy (empty if no piece):
    /// the raw material of mobility terms.
    pub fn attacks_from(&self, s: Square) -> u64 {
        match self.pos.piece_at(s) {
            None => 0,
            Some((c, k)) => piece_attacks(PieceKind::from_index(k), player(c), s, self.occupied()),
        }
    }

    /// Every square `color` attacks.
    pub fn attacked_squares(&self, color: Player) -> u64 {
        movegen::attacked_squares(&self.pos, color.index())
    }

    /// Game-phase material: knight and bishop 1, rook 2, queen 4 (24 at the start).
    pub fn phase(&self) -> i32 {
        let k = &self.pos.by_kind;
        (k[1].count_ones() + k[2].count_ones() + 2 * k[3].count_ones() + 4 * k[4].count_ones())
            as i32
    }

    pub fn halfmove_clock(&self) -> u32 {
        self.pos.halfmove
    }

    pub fn fullmove_number(&self) -> u32 {
        self.pos.fullmove
    }

    /// Castling rights held: bit 0 White h-side, 1 White a-side, 2 Black h-side, 3 Black a-side.
    pub fn castling_rights(&self) -> u8 {
        self.pos.castling
    }

    /// The en-passant square, present only when the capture is legal.
    pub fn ep_square(&self) -> Option<Square> {
        (self.pos.ep != position::NO_SQUARE).then_some(self.pos.ep)
    }

    /// The FEN with a Shredder-FEN castling field (`HAha`).
    pub fn shredder_fen(&self) -> String {
        let x = self.fen();
        let mut f: Vec<String> = x.split(' ').map(str::to_string).collect();
        f[2] = fen::shredder_castling(&self.pos, &self.rules);
        f.join(" ")
    }

    /// Legal moves of the position, ignoring draws by rule (the rules of movement only).
    pub fn moves(&self, out: &mut Vec<Move>) {
        movegen::generate(&self.pos, &self.rules, &mut Lister(out));
    }

    /// Number of legal moves, ignoring draws by rule.
    #[inline]
    pub fn count_moves(&self) -> u64 {
        let mut c = Counter(0);
        movegen::generate(&self.pos, &self.rules, &mut c);
        c.0
    }

    /// Whether `m` is legal by the rules of movement, tested directly rather than by
    /// generating: the piece can make that move, and its own king is safe afterwards.
    pub fn is_legal_move(&self, m: Move) -> bool {
        match position::play_of(m) {
            Play::Castling => {
                // Rare: trust the generator's castling rules.
                let mut v = Vec::new();
                self.moves(&mut v);
                v.contains(&m)
            }
            play => self.pos.is_legal_move(m.from(), m.to(), play, &self.rules),
        }
    }

    /// Plays a null move (pass); the caller makes sure the side to move is not in check.
    pub fn play_null_move(&mut self) -> Position {
        let old = self.pos;
        self.history.push(self.pos.key);
        self.pos.make_null();
        self.follow_net(&old);
        old
    }

    /// Neither side can ever mate: no pawns, rooks or queens, and at most one knight, or
    /// only bishops all on squares of one colour.
    pub fn insufficient_material(&self) -> bool {
        insufficient_material(&self.pos.by_kind)
    }

    /// How many times the current position occurred before (same side to move, rights and
    /// en-passant possibility), since the last irreversible move.
    pub fn earlier_occurrences(&self) -> usize {
        self.pos.earlier_occurrences(&self.history)
    }

    /// Quick pre-test shared by `terminal` and generation: can any draw rule apply here?
    #[inline(always)]
    fn may_be_terminal(&self) -> bool {
        self.draw_rules && self.pos.may_be_drawn()
    }
}

/// Squares a piece of `kind` and `color` on `s` attacks with occupancy `occ`.
#[inline]
pub fn piece_attacks(kind: PieceKind, color: Player, s: Square, occ: u64) -> u64 {
    let t = tables();
    match kind {
        PieceKind::Pawn => t.pawn(color.index(), s),
        PieceKind::Knight => t.knight(s),
        PieceKind::Bishop => t.bishop(s, occ),
        PieceKind::Rook => t.rook(s, occ),
        PieceKind::Queen => t.queen(s, occ),
        PieceKind::King => t.king(s),
    }
}

/// Squares attacked by all of `pawns` (a bitboard) of `color`.
#[inline]
pub fn pawn_attacks(color: Player, pawns: u64) -> u64 {
    attacks::pawn_attacks_bb(color.index(), pawns)
}

impl Game for Chess {
    type Action = Move;
    type Undo = Position;

    fn variant(&self) -> &'static str {
        "chess"
    }

    fn geometry(&self) -> &Geometry {
        geometry()
    }

    fn to_move(&self) -> Player {
        self.side_to_move()
    }

    fn legal_actions(&self, out: &mut Vec<Move>) {
        if self.may_be_terminal() && self.terminal().is_some() {
            return;
        }
        self.moves(out);
    }

    #[inline]
    fn count_actions(&self) -> u64 {
        if self.may_be_terminal() && self.terminal().is_some() {
            return 0;
        }
        self.count_moves()
    }

    fn is_legal(&self, a: Move) -> bool {
        if self.may_be_terminal() && self.terminal().is_some() {
            return false;
        }
        self.is_legal_move(a)
    }

    #[inline]
    fn play(&mut self, a: Move) -> Position {
        let old = self.pos;
        self.history.push(self.pos.key);
        self.pos.make(a, &self.rules);
        self.follow_net(&old);
        old
    }

    #[inline]
    fn undo(&mut self, u: Position) {
        self.pos = u;
        self.history.pop();
        self.acc.pop();
    }

    fn key(&self) -> u64 {
        self.pos.key
    }

    fn recompute_key(&self) -> u64 {
        self.pos.compute_key()
    }

    fn terminal(&self) -> Option<Outcome> {
        // Every ending of chess the rules decide without the moves is a counted draw.
        if !self.draw_rules {
            return None;
        }
        self.pos.draw_by_rule(&self.history, || {
            self.checkers() != 0 && self.count_moves() == 0
        })
    }

    fn no_action_outcome(&self) -> Outcome {
        self.pos.no_move_outcome()
    }

    fn draw_rules(&self) -> bool {
        self.draw_rules
    }

    fn set_draw_rules(&mut self, on: bool) {
        self.draw_rules = on;
    }

    fn repeated(&self) -> bool {
        self.pos.repeated(&self.history)
    }

    fn parse_action(&self, s: &str) -> Result<Move, RuleError> {
        notation::parse_uci(self, s)
    }

    fn format_action(&self, a: Move) -> String {
        notation::uci(a, self.chess960)
    }

    fn san(&self, a: Move) -> Option<String> {
        Some(notation::san(self, a))
    }

    fn fen(&self) -> String {
        fen::format(&self.pos, &self.rules)
    }

    fn set_fen(&mut self, f: &str) -> Result<(), RuleError> {
        let (pos, rules) = fen::parse(f)?;
        self.pos = pos;
        self.rules = rules;
        self.history.clear();
        self.refresh_net();
        Ok(())
    }

    fn reset(&mut self) {
        let (eval, draw_rules) = (self.eval.clone(), self.draw_rules);
        *self = Chess::new(self.chess960);
        self.eval = eval;
        self.draw_rules = draw_rules;
        self.refresh_net();
    }

    fn display(&self) -> String {
        let mut s = String::new();
        s.push_str("  +---+---+---+---+---+---+---+---+\n");
        for rank in (0..8u8).rev() {
            s.push_str(&format!("{} |", rank + 1));
            for file in 0..8u8 {
                let c = match self.pos.piece_at(rank * 8 + file) {
                    None => ' ',
                    Some((color, kind)) => {
                        let l = PieceKind::from_index(kind).letter();
                        if color == 0 {
                            l.to_ascii_uppercase()
                        } else {
                            l
                        }
                    }
                };
                s.push_str(&format!(" {c} |"));
            }
            s.push('\n');
            s.push_str("  +---+---+---+---+---+---+---+---+\n");
        }
        s.push_str("    a   b   c   d   e   f   g   h\n\n");
        s.push_str(&format!("Key: {:016X}\n", self.pos.key));
        s
    }

    fn pieces(&self) -> Vec<(Cell, String)> {
        (0..64u8)
            .filter_map(|s| {
                self.pos.piece_at(s).map(|(c, k)| {
                    let l = PieceKind::from_index(k).letter();
                    let l = if c == 0 { l.to_ascii_uppercase() } else { l };
                    (s as Cell, l.to_string())
                })
            })
            .collect()
    }

    fn checked_royals(&self) -> Vec<Cell> {
        crate::core::game::checked_king(self, crate::core::game::Evaluate::in_check(self))
    }
}
