//! Tic Tac Chess: chess pieces dropped from a reserve onto a 3x3 board; three in a row that
//! the opponent cannot break at once wins, and so does checkmate.

pub mod eval;
pub mod fen;
pub mod movegen;
pub mod notation;
pub mod position;
pub mod proof;
pub mod solver;

#[cfg(test)]
mod tests;

use crate::core::bitboard::{bit, Cell};
use crate::core::game::{Game, Outcome, Player, RuleError};
use crate::core::geometry::Geometry;
use crate::core::options::{OptionKind, OptionSpec, VariantOptions};
use crate::core::variant::Variant;

use movegen::tables;
pub use position::{Config, Position, TttAction};
use position::{KINDS, KING, LETTERS, PAWN, RESERVE_MAX};

/// Variant options: the starting reserve and the board limit, for smaller (solvable) games.
pub const OPTIONS: &[OptionSpec] = &[
    OptionSpec {
        name: "TicTacReserve",
        kind: OptionKind::Text {
            default: "PPPPPPPPRRNNBBQK",
        },
        help: "each side's starting reserve (letters PRNBQK, at most the standard \
               8 P, 2 R, 2 N, 2 B, 1 Q, 1 K)",
        check: Some(check_reserve),
    },
    OptionSpec {
        name: "TicTacMaxPieces",
        kind: OptionKind::Spin {
            default: 4,
            min: 3,
            max: 9,
        },
        help: "the most pieces of one side on the board at once",
        check: None,
    },
    OptionSpec {
        name: "TicTacSolveCap",
        kind: OptionKind::Spin {
            default: solver::FULL_GAME_CAP as i64,
            min: 1_000,
            max: 1_000_000_000,
        },
        help: "positions the solver may enumerate before it gives up",
        check: None,
    },
    OptionSpec {
        name: "TicTacSolveSeconds",
        kind: OptionKind::Spin {
            default: solver::PROOF_SECONDS as i64,
            min: 1,
            max: 86_400,
        },
        help: "seconds for the proof search when the enumeration gives up",
        check: None,
    },
    OptionSpec {
        name: "TicTacProof",
        kind: OptionKind::Combo {
            default: "dfpn",
            values: &["dfpn", "bounded"],
        },
        help: "the proof search when the enumeration gives up: proof-number search (dfpn) \
               or the older iterative-deepening search (bounded)",
        check: None,
    },
    OptionSpec {
        name: "TicTacProofDepth",
        kind: OptionKind::Spin {
            default: proof::DEFAULT_DEPTH as i64,
            min: 1,
            max: 250,
        },
        help: "the bound in plies the proof-number search aims for, for both sides",
        check: None,
    },
    OptionSpec {
        name: "TicTacProofCheckpoint",
        kind: OptionKind::Text { default: "" },
        help: "a file the proof-number search saves to and resumes from (empty: none)",
        check: None,
    },
    OptionSpec {
        name: "TicTacProofCheckpointSeconds",
        kind: OptionKind::Spin {
            default: proof::DEFAULT_CHECKPOINT_SECONDS as i64,
            min: 1,
            max: 86_400,
        },
        help: "seconds between checkpoints (one is also saved after every depth)",
        check: None,
    },
    OptionSpec {
        name: "TicTacProofTableMiB",
        kind: OptionKind::Spin {
            default: proof::DEFAULT_TABLE_MIB as i64,
            min: 1,
            max: 65_536,
        },
        help: "memory of the proof-number search's table, in MiB",
        check: None,
    },
    OptionSpec {
        name: "TicTacProofThreads",
        kind: OptionKind::Spin {
            default: 2,
            min: 1,
            max: 2,
        },
        help: "2: one thread per side over a shared table; 1: the sides alternate",
        check: None,
    },
    OptionSpec {
        name: "TicTacProofLeaves",
        kind: OptionKind::Check { default: false },
        help: "answer positions with at most 4 pieces left from exact endgame tables",
        check: None,
    },
    OptionSpec {
        name: "TicTacProofLog",
        kind: OptionKind::Text { default: "" },
        help: "a text file that gets a line per finished depth and checkpoint (empty: none)",
        check: None,
    },
];

/// Checks a `TicTacReserve` value on its own, as `config_from_options` reads it.
fn check_reserve(value: &str) -> Result<(), RuleError> {
    let mut o = VariantOptions::new();
    o.set("TicTacReserve", value);
    config_from_options(&o).map(|_| ())
}

impl Variant for TicTacChess {
    const NAME: &'static str = "tictacchess";
    const SUMMARY: &'static str =
        "Tic Tac Chess: drop chess pieces on a 3x3 board; three in a row or checkmate wins";
    const OPTIONS: &'static [OptionSpec] = OPTIONS;

    fn from_options(opts: &VariantOptions) -> Result<TicTacChess, RuleError> {
        Ok(TicTacChess::new(config_from_options(opts)?))
    }
}

/// Reads the variant options into a rule configuration.
pub fn config_from_options(opts: &VariantOptions) -> Result<Config, RuleError> {
    let mut cfg = Config::default();
    if let Some(r) = opts.get("TicTacReserve") {
        let mut reserve = [0u8; KINDS];
        for ch in r.trim().chars() {
            let k = notation::kind_from_letter(ch).ok_or_else(|| {
                RuleError::new(format!("TicTacReserve: '{ch}' is not one of PRNBQK"))
            })?;
            reserve[k as usize] += 1;
            if reserve[k as usize] > RESERVE_MAX[k as usize] {
                return Err(RuleError::new(format!(
                    "TicTacReserve: at most {} of {} (the standard reserve)",
                    RESERVE_MAX[k as usize], LETTERS[k as usize]
                )));
            }
        }
        cfg.reserve = reserve;
    }
    if let Some(m) = opts.get("TicTacMaxPieces") {
        let n: u8 = m
            .trim()
            .parse()
            .ok()
            .filter(|n| (3..=9).contains(n))
            .ok_or_else(|| RuleError::new(format!("TicTacMaxPieces: '{m}' is not 3..9")))?;
        cfg.max_on_board = n;
    }
    Ok(cfg)
}

/// A game of Tic Tac Chess with its history (for threefold repetition).
#[derive(Clone, Debug)]
pub struct TicTacChess {
    cfg: Config,
    pos: Position,
    /// Keys of every position of the game so far, the current one last.
    history: Vec<u64>,
    /// Index in `history` of the position after the last irreversible action.
    since: usize,
    halfmove: u32,
    fullmove: u32,
    /// Whether threefold repetition ends the game (`Game::draw_rules`).
    draw_rules: bool,
    weights: eval::Weights,
}

/// What `undo` restores.
#[derive(Clone, Debug)]
pub struct TttUndo {
    pos: Position,
    since: usize,
    halfmove: u32,
    fullmove: u32,
}

impl Default for TicTacChess {
    fn default() -> Self {
        TicTacChess::new(Config::default())
    }
}

impl TicTacChess {
    /// `white reserve: PPRNK` (a dash when empty), as `d` and pictures show it.
    fn reserve_line(&self, side: Player) -> String {
        let mut r = String::new();
        for kind in 0..KINDS as u8 {
            for _ in 0..self.pos.reserve[side.index()][kind as usize] {
                r.push(notation::symbol(position::piece(side, kind)));
            }
        }
        format!(
            "{} reserve: {}",
            side.name(),
            if r.is_empty() { "-" } else { &r }
        )
    }

    pub fn new(cfg: Config) -> TicTacChess {
        let pos = Position::start(&cfg);
        TicTacChess {
            cfg,
            pos,
            history: vec![pos.key],
            since: 0,
            halfmove: 0,
            fullmove: 1,
            draw_rules: true,
            weights: eval::Weights::default(),
        }
    }

    /// A game at a bare position (no history), as the solver sees it.
    pub fn from_position(cfg: Config, pos: Position) -> TicTacChess {
        TicTacChess {
            cfg,
            pos,
            history: vec![pos.key],
            since: 0,
            halfmove: 0,
            fullmove: 1,
            draw_rules: true,
            weights: eval::Weights::default(),
        }
    }

    pub fn config(&self) -> &Config {
        &self.cfg
    }

    pub fn position(&self) -> &Position {
        &self.pos
    }

    /// How often the current position occurred since the last irreversible action.
    fn occurrences(&self) -> usize {
        let k = self.pos.key;
        self.history[self.since..]
            .iter()
            .filter(|&&h| h == k)
            .count()
    }

    /// Why an action the generator did not produce is illegal, for error messages.
    fn explain_illegal(&self, a: TttAction) -> String {
        let p = &self.pos;
        let me = p.to_move;
        let name = notation::format_action(a);
        let pending = p.pending_line();
        if pending != 0 {
            return format!(
                "{name} is illegal: {} has three in a row, so {} must capture one of its pieces",
                me.opponent().name(),
                me.name()
            );
        }
        match a {
            TttAction::Drop { kind, to } => {
                if p.reserve[me.index()][kind as usize] == 0 {
                    format!(
                        "{name} is illegal: no {} left in the reserve",
                        LETTERS[kind as usize]
                    )
                } else if p.on_board(me) >= self.cfg.max_on_board as u32 {
                    format!(
                        "{name} is illegal: {} already has {} pieces on the board",
                        me.name(),
                        self.cfg.max_on_board
                    )
                } else if p.board[to as usize] != 0 {
                    format!("{name} is illegal: the cell is occupied")
                } else if kind == PAWN && tables().first_rank[me.index()] & bit(to) == 0 {
                    format!(
                        "{name} is illegal: {} pawns are dropped on rank {} only",
                        me.name(),
                        if me == Player::White { 1 } else { 3 }
                    )
                } else if kind == KING && p.attacked_by(me.opponent()) & bit(to) != 0 {
                    format!("{name} is illegal: the king may not be dropped on an attacked cell")
                } else {
                    format!("{name} is illegal: it leaves the king attacked")
                }
            }
            TttAction::Move { from, .. } => {
                let piece = p.board[from as usize];
                if piece == 0 || position::side_of(piece) != me {
                    format!(
                        "{name} is illegal: no {} piece on {}",
                        me.name(),
                        notation::cell_name(from)
                    )
                } else {
                    let mut pseudo = Vec::new();
                    let mut kingless = *p;
                    kingless.board.iter_mut().for_each(|c| {
                        if *c == position::piece(me, KING) {
                            *c = 0
                        }
                    });
                    kingless.legal_actions(&self.cfg, &mut pseudo);
                    if pseudo.contains(&a) {
                        format!("{name} is illegal: it leaves the king attacked")
                    } else {
                        format!("{name} is illegal: the piece does not move that way")
                    }
                }
            }
        }
    }

    pub fn line_cells(&self, side: Player) -> u64 {
        self.pos.line_cells(side)
    }

    pub fn cell(name: &str) -> Option<Cell> {
        notation::parse_cell(name)
    }
}

impl Game for TicTacChess {
    type Action = TttAction;
    type Undo = TttUndo;

    fn variant(&self) -> &'static str {
        "tictacchess"
    }

    fn geometry(&self) -> &Geometry {
        &tables().geo
    }

    fn to_move(&self) -> Player {
        self.pos.to_move
    }

    fn legal_actions(&self, out: &mut Vec<TttAction>) {
        if self.terminal().is_some() {
            return;
        }
        self.pos.legal_actions(&self.cfg, out);
    }

    fn play(&mut self, a: TttAction) -> TttUndo {
        let undo = TttUndo {
            pos: self.pos,
            since: self.since,
            halfmove: self.halfmove,
            fullmove: self.fullmove,
        };
        let irreversible = self.pos.is_irreversible(a);
        self.pos.apply(a);
        self.history.push(self.pos.key);
        if irreversible {
            self.since = self.history.len() - 1;
            self.halfmove = 0;
        } else {
            self.halfmove += 1;
        }
        if self.pos.to_move == Player::White {
            self.fullmove += 1;
        }
        undo
    }

    fn undo(&mut self, u: TttUndo) {
        self.history.pop();
        self.pos = u.pos;
        self.since = u.since;
        self.halfmove = u.halfmove;
        self.fullmove = u.fullmove;
    }

    fn key(&self) -> u64 {
        self.pos.key
    }

    fn recompute_key(&self) -> u64 {
        self.pos.compute_key()
    }

    fn terminal(&self) -> Option<Outcome> {
        (self.draw_rules && self.occurrences() >= 3).then_some(Outcome::Draw {
            reason: "threefold repetition",
        })
    }

    fn draw_rules(&self) -> bool {
        self.draw_rules
    }

    fn set_draw_rules(&mut self, on: bool) {
        self.draw_rules = on;
    }

    fn no_action_outcome(&self) -> Outcome {
        let me = self.pos.to_move;
        if self.pos.pending_line() != 0 {
            Outcome::Win {
                winner: me.opponent(),
                reason: "three in a row",
            }
        } else if self.pos.in_check() {
            Outcome::Win {
                winner: me.opponent(),
                reason: "checkmate",
            }
        } else {
            Outcome::Draw {
                reason: "stalemate",
            }
        }
    }

    fn repeated(&self) -> bool {
        self.occurrences() >= 2
    }

    fn parse_action(&self, s: &str) -> Result<TttAction, RuleError> {
        let a = notation::parse_shape(s.trim())?;
        if let Some(o) = self.terminal() {
            return Err(RuleError::new(format!("the game is over ({o})")));
        }
        if self.is_legal(a) {
            Ok(a)
        } else {
            Err(RuleError::new(self.explain_illegal(a)))
        }
    }

    fn format_action(&self, a: TttAction) -> String {
        notation::format_action(a)
    }

    fn fen(&self) -> String {
        format!(
            "{} {} - - {} {}",
            fen::board_fen(&self.pos),
            self.pos.to_move.fen_char(),
            self.halfmove,
            self.fullmove
        )
    }

    fn set_fen(&mut self, fen: &str) -> Result<(), RuleError> {
        let parsed = fen::parse_fen(fen, self.cfg.max_on_board)?;
        self.pos = parsed.pos;
        self.history = vec![parsed.pos.key];
        self.since = 0;
        self.halfmove = parsed.halfmove;
        self.fullmove = parsed.fullmove;
        Ok(())
    }

    fn reset(&mut self) {
        let weights = self.weights;
        *self = TicTacChess::new(self.cfg);
        self.weights = weights;
    }

    fn display(&self) -> String {
        let mut s = String::new();
        for rank in (0..3).rev() {
            s.push_str(&format!("{} ", rank + 1));
            for file in 0..3 {
                let p = self.pos.board[rank * 3 + file];
                s.push(if p == 0 { '.' } else { notation::symbol(p) });
                s.push(' ');
            }
            s.push('\n');
        }
        s.push_str("  a b c\n");
        for side in [Player::White, Player::Black] {
            s.push_str(&self.reserve_line(side));
            s.push('\n');
        }
        if let Some((v, d)) = solver::probe(&self.cfg, &self.pos) {
            let me = self.pos.to_move;
            s.push_str(&match v {
                1 => format!("solved: {} wins in {d} plies\n", me.name()),
                -1 => format!("solved: {} wins in {d} plies\n", me.opponent().name()),
                _ => "solved: draw\n".to_string(),
            });
        }
        s
    }

    /// The side to move and both reserves: half the position is off the board.
    fn panel(&self) -> Vec<String> {
        vec![
            format!("{} to move", self.pos.to_move.name()),
            self.reserve_line(Player::White),
            self.reserve_line(Player::Black),
        ]
    }

    fn pieces(&self) -> Vec<(Cell, String)> {
        self.pos
            .board
            .iter()
            .enumerate()
            .filter(|(_, &p)| p != 0)
            .map(|(c, &p)| (c as Cell, notation::symbol(p).to_string()))
            .collect()
    }

    fn checked_royals(&self) -> Vec<Cell> {
        crate::core::game::checked_king(self, crate::core::game::Evaluate::in_check(self))
    }
}
