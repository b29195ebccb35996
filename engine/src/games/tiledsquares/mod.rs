//! Tiled Squares Chess (Tony Quintanilla): chess on a board the players build and take apart.
//!
//! A turn is one action: a piece move, a tile dropped on a hole, or the removal of an empty
//! tile the mover owns. Pieces other than the king land only on tiles; holes never block, so
//! attacks are exactly chess attacks and the chess module's tables serve as they are. The king
//! lands anywhere chess lets it and tiles the cell; it may not land where an enemy could
//! capture it once the cell is tiled. A tile belongs to the side whose piece stood on it last,
//! else to its dropper. With the option `AntiTiles`, anti-tiles (ownerless, blocking sliders,
//! turned into tiles only by the king) may be dropped on holes too.
//!
//! - `action`: the 16-bit action. `position`: bitboards (pieces, tiles, owners, anti-tiles),
//!   `make`, attacks. `movegen`: legal generation with check and pin masks, counting, and a
//!   direct legality test. `fen`, `notation`, `keys` (Zobrist), `eval` (weights and search
//!   hooks), `picture` (the text board and the marks pictures draw).

mod action;
pub mod eval;
mod fen;
mod keys;
mod movegen;
mod notation;
mod picture;
mod position;
#[cfg(test)]
mod tests;

pub use action::{Move, MoveKind, Square};
pub use eval::Weights;
pub use fen::START_FEN;
pub use position::Position;

use crate::core::bitboard::Cell;
use crate::core::game::{CellMark, Game, Outcome, Player, RuleError};
use crate::core::geometry::Geometry;
use crate::core::options::{OptionKind, OptionSpec, VariantOptions};
use crate::core::variant::Variant;
use crate::kits::chessboard::{
    geometry, insufficient_material, player, Counter, Lister, PieceKind,
};

/// The option that adds the original game's anti-tiles.
pub const ANTI_TILES_OPTION: &str = "AntiTiles";
/// The option that changes evaluation weights (tuning matches), `name=value,...`.
pub const WEIGHTS_OPTION: &str = "TiledWeights";

/// The variant's options.
pub const OPTIONS: &[OptionSpec] = &[
    OptionSpec {
        name: ANTI_TILES_OPTION,
        kind: OptionKind::Check { default: false },
        help: "Tiled Squares: anti-tiles (*-e4) may be dropped on holes; they block sliders \
               and only a king may land on one, turning it into a tile",
        check: None,
    },
    OptionSpec {
        name: WEIGHTS_OPTION,
        kind: OptionKind::Text { default: "" },
        help: "Tiled Squares: evaluation weights changed from their defaults, \
               e.g. mobility=4/3/2/1,king_front_hole=8 (for tuning matches)",
        check: Some(|v| Weights::parse(v).map(|_| ())),
    },
];

impl Variant for TiledSquares {
    const NAME: &'static str = "tiledsquares";
    const SUMMARY: &'static str =
        "Tiled Squares Chess: pieces land only on tiles that the players drop and remove";
    const OPTIONS: &'static [OptionSpec] = OPTIONS;

    fn from_options(opts: &VariantOptions) -> Result<TiledSquares, RuleError> {
        let mut g = TiledSquares::new(opts.flag(ANTI_TILES_OPTION, false)?);
        g.set_weights(Weights::parse(opts.get(WEIGHTS_OPTION).unwrap_or(""))?);
        Ok(g)
    }
}

/// A Tiled Squares game: the position, the keys of earlier positions (repetition), whether
/// anti-tiles are in play, and the evaluation weights.
#[derive(Clone)]
pub struct TiledSquares {
    pos: Position,
    /// Keys of the positions before each action played since the position was set.
    history: Vec<u64>,
    anti_tiles: bool,
    /// Whether the counted draws end the game (`Game::draw_rules`).
    draw_rules: bool,
    weights: Weights,
}

impl Default for TiledSquares {
    fn default() -> Self {
        TiledSquares::new(false)
    }
}

impl TiledSquares {
    /// The start position: the FIDE setup, ranks 3 to 6 untiled.
    pub fn new(anti_tiles: bool) -> TiledSquares {
        TiledSquares {
            pos: fen::parse(START_FEN, false).expect("start FEN is valid"),
            history: Vec::new(),
            anti_tiles,
            draw_rules: true,
            weights: Weights::default(),
        }
    }

    pub fn from_fen(fen: &str, anti_tiles: bool) -> Result<TiledSquares, RuleError> {
        Ok(TiledSquares {
            pos: fen::parse(fen, anti_tiles)?,
            history: Vec::new(),
            anti_tiles,
            draw_rules: true,
            weights: Weights::default(),
        })
    }

    /// Whether anti-tiles are in play (the `AntiTiles` option).
    pub fn anti_tiles(&self) -> bool {
        self.anti_tiles
    }

    pub fn set_weights(&mut self, w: Weights) {
        self.weights = w;
    }

    pub fn weights(&self) -> &Weights {
        &self.weights
    }

    /// The raw position (bitboards, clocks, key).
    pub fn position(&self) -> &Position {
        &self.pos
    }

    /// Bitboard of `color`'s pieces of `kind` (bit `sq` for square `sq`, a1 = 0).
    pub fn pieces(&self, color: Player, kind: PieceKind) -> u64 {
        self.pos.pieces(color.index(), kind as usize)
    }

    pub fn piece_at(&self, s: Square) -> Option<(Player, PieceKind)> {
        self.pos
            .piece_at(s)
            .map(|(c, k)| (player(c), PieceKind::from_index(k)))
    }

    /// Every tiled cell, occupied ones included.
    pub fn tiles(&self) -> u64 {
        self.pos.floor.tiles
    }

    /// The tiles `p` owns (occupied ones included: a piece's tile is its side's).
    pub fn owned_tiles(&self, p: Player) -> u64 {
        self.pos.owned(p.index())
    }

    pub fn anti_tile_cells(&self) -> u64 {
        self.pos.floor.anti
    }

    /// Untiled empty cells without an anti-tile.
    pub fn holes(&self) -> u64 {
        self.pos.holes()
    }

    /// Every cell `p` attacks (could capture on), holes included.
    pub fn attacked_squares(&self, p: Player) -> u64 {
        movegen::attacked_squares(&self.pos, p.index())
    }

    /// Pieces checking the side to move.
    pub fn checkers(&self) -> u64 {
        self.pos.checkers()
    }

    pub fn halfmove_clock(&self) -> u32 {
        self.pos.halfmove
    }

    /// Castling rights held: bit 0 White h-side, 1 White a-side, 2 Black h-side, 3 Black a-side.
    pub fn castling_rights(&self) -> u8 {
        self.pos.castling
    }

    /// Legal actions by the rules of movement, ignoring draws by rule.
    pub fn actions(&self, out: &mut Vec<Move>) {
        movegen::generate(&self.pos, self.anti_tiles, &mut Lister(out));
    }

    pub fn count_moves(&self) -> u64 {
        let mut c = Counter(0);
        movegen::generate(&self.pos, self.anti_tiles, &mut c);
        c.0
    }

    /// Plays a null move (pass); the caller makes sure the side to move is not in check.
    pub fn play_null_move(&mut self) -> Position {
        let old = self.pos;
        self.history.push(self.pos.key);
        self.pos.make_null();
        old
    }

    /// Neither side can ever mate: as in chess, since the king's moves (and so the mating
    /// patterns) do not depend on tiles.
    pub fn insufficient_material(&self) -> bool {
        insufficient_material(&self.pos.by_kind)
    }

    /// How many times the current position occurred before (same pieces, tiles, owners,
    /// side, rights and en-passant possibility), since the last capture or pawn move.
    pub fn earlier_occurrences(&self) -> usize {
        self.pos.earlier_occurrences(&self.history)
    }

    #[inline(always)]
    fn may_be_terminal(&self) -> bool {
        self.draw_rules && self.pos.may_be_drawn()
    }
}

impl Game for TiledSquares {
    type Action = Move;
    type Undo = Position;

    fn variant(&self) -> &'static str {
        "tiledsquares"
    }

    fn geometry(&self) -> &Geometry {
        geometry()
    }

    fn to_move(&self) -> Player {
        player(self.pos.side as usize)
    }

    fn legal_actions(&self, out: &mut Vec<Move>) {
        if self.may_be_terminal() && self.terminal().is_some() {
            return;
        }
        self.actions(out);
    }

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
        movegen::is_legal(&self.pos, self.anti_tiles, a)
    }

    #[inline]
    fn play(&mut self, a: Move) -> Position {
        let old = self.pos;
        self.history.push(self.pos.key);
        self.pos.make(a);
        old
    }

    #[inline]
    fn undo(&mut self, u: Position) {
        self.pos = u;
        self.history.pop();
    }

    fn key(&self) -> u64 {
        self.pos.key
    }

    fn recompute_key(&self) -> u64 {
        self.pos.compute_key()
    }

    fn terminal(&self) -> Option<Outcome> {
        // Every ending the rules decide without the moves is a counted draw.
        if !self.draw_rules {
            return None;
        }
        self.pos.draw_by_rule(&self.history, || {
            self.pos.checkers() != 0 && self.count_moves() == 0
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
        notation::parse(self, s)
    }

    fn format_action(&self, a: Move) -> String {
        notation::format(a, self.pos.side == 0)
    }

    fn fen(&self) -> String {
        fen::format(&self.pos)
    }

    fn set_fen(&mut self, f: &str) -> Result<(), RuleError> {
        self.pos = fen::parse(f, self.anti_tiles)?;
        self.history.clear();
        Ok(())
    }

    fn reset(&mut self) {
        self.pos = fen::parse(START_FEN, false).expect("start FEN is valid");
        self.history.clear();
    }

    fn display(&self) -> String {
        picture::text(self)
    }

    fn pieces(&self) -> Vec<(Cell, String)> {
        picture::pieces(&self.pos)
    }

    fn checked_royals(&self) -> Vec<Cell> {
        crate::core::game::checked_king(self, crate::core::game::Evaluate::in_check(self))
    }

    fn cell_marks(&self) -> Vec<(Cell, CellMark)> {
        picture::marks(&self.pos)
    }

    fn panel(&self) -> Vec<String> {
        picture::panel(self)
    }
}
