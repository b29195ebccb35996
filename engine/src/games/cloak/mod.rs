//! Cloak and Dagger Chess (chess kit): each side's eight back-rank pieces, in a private
//! Chess960 arrangement, play as checkers numbered by their starting file; each side deduces
//! which enemy checker is which.
//!
//! Rules as implemented (see `docs/variants/cloak.md`): a cloaked piece moves by its true kind; a
//! cloaked king is free of the check rules, an uncloaked one may not move into or stay in an
//! attack by a visible enemy (a pawn or an uncloaked piece); Chess960 castling; promotion gives
//! an uncloaked piece; a captured checker's kind is told; a turn is an optional guess
//! (`3=n`), the move, a bonus after a right guess (a pawn move or a drop of a pawn the
//! opponent captured on one's second rank), then uncloaking checkers; a wrong guess gives the
//! opponent that bonus before its next turn. Capturing a king wins, and so does checkmating an
//! uncloaked king (attacked by a visible piece, no legal move); stalemate, threefold
//! repetition and 100 turns without capture, pawn move or drop are draws.

mod eval;
mod fen;
mod hidden;
pub mod knowledge;
mod movegen;
mod notation;
pub mod position;
pub mod setup;

#[cfg(test)]
mod tests;

use crate::core::bitboard::Cell;
use crate::core::game::{below, CellMark, Chance, Game, GameRng, Outcome, Player, RuleError};
use crate::core::geometry::Geometry;
use crate::core::options::{OptionKind, OptionSpec, VariantOptions};
use crate::core::variant::Variant;
use crate::kits::chessboard::attacks::Square;

pub use eval::Weights;
pub use hidden::{CloakView, Seen};
pub use position::{Act, Phase, Position};

/// How each side's arrangement is chosen.
pub const SETUP: &str = "CloakSetup";
/// Whether views narrow and weight their samples by what they saw.
pub const INFERENCE: &str = "CloakInference";
/// How likely (in percent, by the public knowledge) a guess must be right for a tree search's
/// leaf search to consider it.
pub const GUESS_THREAT: &str = "CloakGuessThreat";
/// Its default (see `Evaluate::speculative` for Cloak).
pub const DEFAULT_GUESS_THREAT: u8 = 20;
/// The least chance (percent) of the opponent's guess at the searcher's own checkers, in a
/// truth sampled from the searcher's view, that a search considers.
pub const OWN_GUESS_THREAT: &str = "CloakOwnGuessThreat";
/// Its default (docs/variants/cloak.md, "The opponent's guesses at one's own checkers").
pub const DEFAULT_OWN_GUESS_THREAT: u8 = 50;

pub const OPTIONS: &[OptionSpec] = &[
    OptionSpec {
        name: SETUP,
        kind: OptionKind::Text { default: "random" },
        help: "arrangements: random (dealt by chance), standard, a Chess960 number 0-959 for both, or white/black numbers like 518/312",
        check: Some(check_setup),
    },
    OptionSpec {
        name: INFERENCE,
        kind: OptionKind::Check { default: true },
        help: "sample enemy arrangements from those the moves seen allow, weighted by move shapes (false: only captured, uncloaked and guessed identities count)",
        check: None,
    },
    OptionSpec {
        name: GUESS_THREAT,
        kind: OptionKind::Spin {
            default: DEFAULT_GUESS_THREAT as i64,
            min: 0,
            max: 100,
        },
        help: "tree search: a leaf search (in a sampled truth) considers a guess the public knowledge makes at least this likely, in percent (100: only guesses it settles)",
        check: None,
    },
    OptionSpec {
        name: OWN_GUESS_THREAT,
        kind: OptionKind::Spin {
            default: DEFAULT_OWN_GUESS_THREAT as i64,
            min: 0,
            max: 100,
        },
        help: "searches from a view: the opponent's guess at one's own checkers is considered where the public knowledge makes it at least this likely, in percent",
        check: None,
    },
];

fn check_setup(v: &str) -> Result<(), RuleError> {
    parse_setup(v).map(|_| ())
}

/// The setups an option value names: `None` for random.
pub fn parse_setup(v: &str) -> Result<Option<[u16; 2]>, RuleError> {
    let bad = || {
        RuleError::new(format!(
            "{SETUP} takes random, standard, a number 0-959 or two like 518/312, not '{v}'"
        ))
    };
    let num = |s: &str| {
        s.trim()
            .parse::<u16>()
            .ok()
            .filter(|&n| n < 960)
            .ok_or_else(bad)
    };
    let v = v.trim();
    if v.is_empty() || v.eq_ignore_ascii_case("random") {
        return Ok(None);
    }
    if v.eq_ignore_ascii_case("standard") || v.eq_ignore_ascii_case("fixed") {
        return Ok(Some([setup::STANDARD; 2]));
    }
    if let Some((w, b)) = v.split_once('/') {
        return Ok(Some([num(w)?, num(b)?]));
    }
    let n = num(v)?;
    Ok(Some([n, n]))
}

impl Variant for Cloak {
    const NAME: &'static str = "cloak";
    const SUMMARY: &'static str =
        "Cloak and Dagger: Chess960 armies hidden under numbered checkers, guesses and inference";
    const OPTIONS: &'static [OptionSpec] = OPTIONS;

    fn from_options(opts: &VariantOptions) -> Result<Cloak, RuleError> {
        let setups = parse_setup(opts.get(SETUP).unwrap_or("random"))?;
        let mut g = Cloak::new(setups);
        g.inference = opts.flag(INFERENCE, true)?;
        g.guess_threat = opts.int(GUESS_THREAT, DEFAULT_GUESS_THREAT as i64, 0, 100)? as u8;
        g.own_guess_threat =
            opts.int(OWN_GUESS_THREAT, DEFAULT_OWN_GUESS_THREAT as i64, 0, 100)? as u8;
        Ok(g)
    }
}

fn geometry() -> &'static Geometry {
    static G: std::sync::OnceLock<Geometry> = std::sync::OnceLock::new();
    G.get_or_init(|| Geometry::square(8, 8))
}

/// A game of Cloak and Dagger: the full state, the start it resets to, the public keys of the
/// turn starts so far (for repetition), and the evaluation's weights.
#[derive(Clone, Debug)]
pub struct Cloak {
    pub pos: Position,
    start: Position,
    history: Vec<u64>,
    pub weights: Weights,
    /// Whether views built from this game infer (the `CloakInference` option).
    pub inference: bool,
    /// The `CloakGuessThreat` option: the least chance, in percent, of a guess a leaf search
    /// considers.
    pub guess_threat: u8,
    /// The `CloakOwnGuessThreat` option.
    pub own_guess_threat: u8,
    /// Set on a truth sampled from a view: the side whose arrangement it holds for certain
    /// (the viewer's; the enemy's is drawn).
    pub certain: Option<Player>,
    /// Set on a view's picture: whose view it draws.
    pub viewer: Option<Player>,
    /// Whether the counted draws end the game (`Game::draw_rules`).
    draw_rules: bool,
}

/// Undo record: the state before, and the history's length.
pub struct CloakUndo {
    pos: Position,
    history: usize,
}

impl Cloak {
    /// A new game: `setups` fixes both arrangements, `None` leaves them to chance.
    pub fn new(setups: Option<[u16; 2]>) -> Cloak {
        let mut pos = Position::empty_start();
        if let Some([w, b]) = setups {
            pos.apply(
                Act::Deal {
                    side: Player::White,
                    n: w,
                },
                0,
            );
            pos.apply(
                Act::Deal {
                    side: Player::Black,
                    n: b,
                },
                0,
            );
        }
        let mut g = Cloak {
            pos: pos.clone(),
            start: pos,
            history: Vec::new(),
            weights: Weights::default(),
            inference: true,
            guess_threat: DEFAULT_GUESS_THREAT,
            own_guess_threat: DEFAULT_OWN_GUESS_THREAT,
            certain: None,
            viewer: None,
            draw_rules: true,
        };
        g.note_turn_start();
        g
    }

    pub fn from_fen(fen: &str) -> Result<Cloak, RuleError> {
        let mut g = Cloak::new(None);
        g.set_fen(fen)?;
        Ok(g)
    }

    fn note_turn_start(&mut self) {
        if matches!(self.pos.phase, Phase::Start | Phase::BonusFirst) {
            self.history.push(self.pos.public_key());
        }
    }

    pub fn history(&self) -> &[u64] {
        &self.history
    }

    /// A game at `pos` with the given history (how views build truths).
    pub(crate) fn with_position(&self, pos: Position, history: Vec<u64>) -> Cloak {
        Cloak {
            pos,
            start: self.start.clone(),
            history,
            weights: self.weights,
            inference: self.inference,
            guess_threat: self.guess_threat,
            own_guess_threat: self.own_guess_threat,
            certain: None,
            viewer: None,
            draw_rules: self.draw_rules,
        }
    }

    /// The result decided without looking for actions, from public information (so views
    /// judge it alike).
    /// The result when the side to move has no action: checkmate of a king in visible check,
    /// stalemate otherwise (public: the truth and both views agree).
    pub fn no_action_result(pos: &Position) -> Outcome {
        if pos.in_visible_check(pos.side) {
            Outcome::Win {
                winner: pos.side.opponent(),
                reason: "checkmate",
            }
        } else {
            Outcome::Draw {
                reason: "stalemate",
            }
        }
    }

    pub fn public_terminal(pos: &Position, history: &[u64]) -> Option<Outcome> {
        if let Some(loser) = pos.king_taken {
            return Some(Outcome::Win {
                winner: loser.opponent(),
                reason: "king capture",
            });
        }
        if !matches!(pos.phase, Phase::Start | Phase::BonusFirst) {
            return None;
        }
        if pos.halfmove >= 100 {
            return Some(Outcome::Draw {
                reason: "100 turns without capture, pawn move or drop",
            });
        }
        let now = pos.public_key();
        let window = (pos.halfmove as usize + 1).min(history.len());
        let seen = history[history.len() - window..]
            .iter()
            .filter(|&&k| k == now)
            .count();
        if seen >= 3 {
            return Some(Outcome::Draw {
                reason: "threefold repetition",
            });
        }
        None
    }
}

impl Game for Cloak {
    type Action = Act;
    type Undo = CloakUndo;

    fn variant(&self) -> &'static str {
        "cloak"
    }
    fn geometry(&self) -> &Geometry {
        geometry()
    }
    fn to_move(&self) -> Player {
        self.pos.side
    }
    fn legal_actions(&self, out: &mut Vec<Act>) {
        if self.terminal().is_some() {
            return;
        }
        movegen::legal(&self.pos, out);
    }
    fn play(&mut self, a: Act) -> CloakUndo {
        let undo = CloakUndo {
            pos: self.pos.clone(),
            history: self.history.len(),
        };
        let reveal = self.pos.reveal_of(a);
        let side = self.pos.side;
        let was_deal = self.pos.phase == Phase::Deal;
        self.pos.apply(a, reveal);
        if self.pos.side != side || (was_deal && self.pos.phase != Phase::Deal) {
            self.note_turn_start();
        }
        undo
    }
    fn undo(&mut self, u: CloakUndo) {
        self.pos = u.pos;
        self.history.truncate(u.history);
    }
    fn key(&self) -> u64 {
        self.pos.key()
    }
    fn recompute_key(&self) -> u64 {
        self.pos.recompute_board_key() ^ self.pos.misc_key()
    }
    fn terminal(&self) -> Option<Outcome> {
        // The draws it decides are all counted ones (fifty moves, repetition).
        Cloak::public_terminal(&self.pos, &self.history)
            .filter(|o| self.draw_rules || matches!(o, Outcome::Win { .. }))
    }
    fn draw_rules(&self) -> bool {
        self.draw_rules
    }
    fn set_draw_rules(&mut self, on: bool) {
        self.draw_rules = on;
    }
    fn no_action_outcome(&self) -> Outcome {
        Cloak::no_action_result(&self.pos)
    }
    fn repeated(&self) -> bool {
        false
    }
    fn parse_action(&self, s: &str) -> Result<Act, RuleError> {
        let want = notation::normalize(s);
        let mut v = Vec::new();
        self.legal_actions(&mut v);
        v.into_iter()
            .find(|&a| notation::format(a) == want)
            .ok_or_else(|| movegen::refusal(&self.pos, s))
    }
    fn format_action(&self, a: Act) -> String {
        notation::format(a)
    }
    fn fen(&self) -> String {
        fen::format(&self.pos)
    }
    fn set_fen(&mut self, text: &str) -> Result<(), RuleError> {
        let pos = fen::parse(text, None)?;
        self.pos = pos;
        self.history.clear();
        self.note_turn_start();
        Ok(())
    }
    fn reset(&mut self) {
        self.pos = self.start.clone();
        self.history.clear();
        self.note_turn_start();
    }
    fn display(&self) -> String {
        display(&self.pos, self.viewer)
    }
    fn pieces(&self) -> Vec<(Cell, String)> {
        pieces(&self.pos)
    }

    fn figure(&self, symbol: &str) -> crate::core::game::Figure {
        // A blank checker: its kind is what the viewer does not know.
        match symbol {
            "C" => crate::core::game::Figure::Hidden {
                side: Some(Player::White),
            },
            "c" => crate::core::game::Figure::Hidden {
                side: Some(Player::Black),
            },
            _ => crate::core::game::Figure::of_symbol(symbol),
        }
    }

    fn checked_royals(&self) -> Vec<Cell> {
        crate::core::game::checked_king(self, crate::core::game::Evaluate::in_check(self))
    }
    fn cell_marks(&self) -> Vec<(Cell, CellMark)> {
        cell_marks(&self.pos)
    }
    fn panel(&self) -> Vec<String> {
        panel(&self.pos, self.viewer)
    }
}

impl Chance for Cloak {
    fn is_chance_node(&self) -> bool {
        self.pos.phase == Phase::Deal && self.pos.king_taken.is_none()
    }
    fn chance_actions(&self, out: &mut Vec<(Act, f64)>) {
        let mut v = Vec::new();
        self.legal_actions(&mut v);
        let p = 1.0 / v.len() as f64;
        out.extend(v.into_iter().map(|a| (a, p)));
    }
    fn sample_chance(&self, rng: &mut GameRng) -> Act {
        let side = if self.pos.dealt[0] {
            Player::Black
        } else {
            Player::White
        };
        Act::Deal {
            side,
            n: below(rng, setup::COUNT) as u16,
        }
    }
}

/// What a picture shows of a piece: its letter; an enemy checker of unknown kind in a view is a
/// blank checker (`C` / `c`, its number a note), or, where the knowledge leaves it one kind,
/// that kind's letter in lower case (a belief, not a sight).
fn pieces(pos: &Position) -> Vec<(Cell, String)> {
    let mut out = Vec::new();
    for s in 0..64u8 {
        let Some(p) = pos.board[s as usize] else {
            continue;
        };
        let sym = if p.kind == position::UNKNOWN {
            let n = pos.num[s as usize];
            let kinds = pos.know[p.color.index()].kinds_possible(n);
            if kinds.count_ones() == 1 {
                letter(p.color, kinds.trailing_zeros() as u8)
            } else {
                if p.color == Player::White { "C" } else { "c" }.to_string()
            }
        } else {
            letter(p.color, p.kind)
        };
        out.push((s as Cell, sym));
    }
    out
}

fn letter(c: Player, kind: u8) -> String {
    let l = notation::kind_letter(kind);
    if c == Player::White {
        l.to_ascii_uppercase().to_string()
    } else {
        l.to_string()
    }
}

fn cell_marks(pos: &Position) -> Vec<(Cell, CellMark)> {
    let mut out = Vec::new();
    for s in 0..64u8 {
        let n = pos.num[s as usize];
        if n == 0 {
            continue;
        }
        let Some(p) = pos.board[s as usize] else {
            continue;
        };
        // A checker whose kind shows (one's own, or the full state) still wears its number,
        // starred so that it reads as cloaked; short enough for a cell's corner.
        let note = if p.kind == position::UNKNOWN {
            n.to_string()
        } else {
            format!("{n}*")
        };
        out.push((s as Cell, CellMark::Note(note)));
    }
    out
}

fn panel(pos: &Position, viewer: Option<Player>) -> Vec<String> {
    let mut v = vec![format!(
        "{} to move ({})",
        pos.side.name(),
        fen::format(pos).split(' ').nth(2).unwrap_or("")
    )];
    v.push(format!(
        "pawns to drop: white {}, black {}",
        pos.reserve[0], pos.reserve[1]
    ));
    for c in [Player::White, Player::Black] {
        if viewer == Some(c) {
            continue;
        }
        if pos.dealt[c.index()] {
            v.push(format!(
                "{} arrangements possible: {}",
                c.name(),
                pos.know[c.index()].count()
            ));
        }
    }
    if let Some(p) = viewer {
        v.push(format!(
            "{}'s view (n* : own checker n, still cloaked)",
            p.name()
        ));
    } else {
        v.push("n* : checker n, still cloaked".to_string());
    }
    v
}

/// A text board: pieces by letter, cloaked checkers with their number (`N2` in the full
/// state, `?3` for an enemy checker of unknown kind in a view, `n3` lower case where the
/// knowledge leaves one kind).
fn display(pos: &Position, viewer: Option<Player>) -> String {
    let mut s = String::new();
    for rank in (0..8u8).rev() {
        s.push_str(&format!("{} ", rank + 1));
        for file in 0..8u8 {
            let sq: Square = rank * 8 + file;
            let cell = match pos.board[sq as usize] {
                None => " . ".to_string(),
                Some(p) => {
                    let n = pos.num[sq as usize];
                    if n == 0 {
                        format!(" {} ", letter(p.color, p.kind))
                    } else if p.kind == position::UNKNOWN {
                        let kinds = pos.know[p.color.index()].kinds_possible(n);
                        let c = if kinds.count_ones() == 1 {
                            notation::kind_letter(kinds.trailing_zeros() as u8)
                        } else {
                            '?'
                        };
                        format!("{c}{n} ")
                    } else {
                        format!("{}{n} ", letter(p.color, p.kind))
                    }
                }
            };
            s.push_str(&cell);
        }
        s.push('\n');
    }
    s.push_str("   a  b  c  d  e  f  g  h\n");
    // `d` prints the side to move itself; the picture adds the phase of the turn.
    s.push_str(&format!(
        "Phase: {}\n",
        fen::format(pos).split(' ').nth(2).unwrap_or("")
    ));
    for line in panel(pos, viewer).into_iter().skip(1) {
        s.push_str(&line);
        s.push('\n');
    }
    s
}
