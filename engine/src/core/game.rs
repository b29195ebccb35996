//! The rules interface every variant implements, and the hooks searchers use.
//!
//! A *turn* may hold several *actions* (TCHES Strike: three; Adrenaline: a move, king steps and
//! a checker). `to_move` changes only when a turn ends; searchers flip the score's sign only
//! when it changes. Actions are what the searchers and `go perft` count (plies).

use std::fmt;
use std::hash::Hash;

use crate::core::geometry::Geometry;
use crate::core::hints::TreeDefaults;

/// The random generator games and searchers share: seeded, so that deals, determinizations
/// and searches can be reproduced.
pub type GameRng = rand_xoshiro::Xoshiro256PlusPlus;

/// A side. One-player games use `White` throughout.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Player {
    White,
    Black,
}

impl Player {
    #[inline]
    pub fn opponent(self) -> Player {
        match self {
            Player::White => Player::Black,
            Player::Black => Player::White,
        }
    }

    #[inline]
    pub fn index(self) -> usize {
        self as usize
    }

    /// `w` or `b`, as in FEN.
    pub fn fen_char(self) -> char {
        match self {
            Player::White => 'w',
            Player::Black => 'b',
        }
    }

    pub fn name(self) -> &'static str {
        match self {
            Player::White => "white",
            Player::Black => "black",
        }
    }
}

/// How a game ended.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Outcome {
    Win {
        winner: Player,
        reason: &'static str,
    },
    Draw {
        reason: &'static str,
    },
}

impl Outcome {
    /// +1 win, 0 draw, -1 loss, from `p`'s point of view.
    pub fn value_for(&self, p: Player) -> i32 {
        match self {
            Outcome::Win { winner, .. } if *winner == p => 1,
            Outcome::Win { .. } => -1,
            Outcome::Draw { .. } => 0,
        }
    }

    pub fn reason(&self) -> &'static str {
        match self {
            Outcome::Win { reason, .. } | Outcome::Draw { reason } => reason,
        }
    }

    /// The PGN result string: `1-0`, `0-1` or `1/2-1/2`.
    pub fn result_string(&self) -> &'static str {
        match self {
            Outcome::Win {
                winner: Player::White,
                ..
            } => "1-0",
            Outcome::Win {
                winner: Player::Black,
                ..
            } => "0-1",
            Outcome::Draw { .. } => "1/2-1/2",
        }
    }
}

impl fmt::Display for Outcome {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Outcome::Win { winner, reason } => write!(f, "{} wins by {}", winner.name(), reason),
            Outcome::Draw { reason } => write!(f, "draw by {reason}"),
        }
    }
}

/// A game's own facts about a node that order its quiet actions (`Evaluate::quiet_context`),
/// as words of bits: cheap to work out once and read for every action.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct QuietContext(pub [u64; 8]);

/// Input that breaks the rules or the notation. The message is meant for a person.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RuleError(pub String);

impl RuleError {
    pub fn new(msg: impl Into<String>) -> RuleError {
        RuleError(msg.into())
    }
}

impl fmt::Display for RuleError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for RuleError {}

/// An action value: small, copyable, with a compact code for the transposition table and
/// history tables. Two different actions legal in the same position have different codes.
pub trait Action: Copy + Eq + Hash + fmt::Debug + Send + Sync + 'static {
    fn code(self) -> u32;
}

/// The rules of one variant. Positions are mutated in place with `play`/`undo`.
pub trait Game: Clone + Send + Sync + 'static {
    type Action: Action;
    /// What `undo` needs to restore the position exactly (a copy of the state works).
    type Undo: Send;

    /// The registered variant name (`chess`, `tictacchess`, ...).
    fn variant(&self) -> &'static str;
    fn geometry(&self) -> &Geometry;
    /// The side whose turn it is. Stays the same between the actions of one turn.
    fn to_move(&self) -> Player;

    /// Appends every legal action of the side to move. Empty when the game is over by
    /// `terminal`, or when the side has no action (see `no_action_outcome`).
    fn legal_actions(&self, out: &mut Vec<Self::Action>);

    /// Number of legal actions; games may count faster than they generate (perft leaves).
    fn count_actions(&self) -> u64 {
        let mut v = Vec::new();
        self.legal_actions(&mut v);
        v.len() as u64
    }

    fn is_legal(&self, a: Self::Action) -> bool {
        let mut v = Vec::new();
        self.legal_actions(&mut v);
        v.contains(&a)
    }

    /// Plays a legal action. Playing an illegal one is a logic error (it may corrupt state,
    /// never memory): inputs go through `parse_action`, which only returns legal actions.
    fn play(&mut self, a: Self::Action) -> Self::Undo;
    fn undo(&mut self, u: Self::Undo);

    /// Zobrist key of the whole position, maintained incrementally.
    fn key(&self) -> u64;
    /// The key computed from scratch; equals `key()` (checked by the tests).
    fn recompute_key(&self) -> u64;

    /// A result decided without looking for legal actions (three in a row, 50-move rule,
    /// repetition, insufficient material, a king in the end zone, ...).
    fn terminal(&self) -> Option<Outcome>;
    /// The result when the side to move has no legal action (checkmate, stalemate, ...).
    fn no_action_outcome(&self) -> Outcome;

    fn outcome(&self) -> Option<Outcome> {
        self.terminal().or_else(|| {
            if self.count_actions() == 0 {
                Some(self.no_action_outcome())
            } else {
                None
            }
        })
    }

    /// Whether the draws the rules decide by counting (the fifty-move rule, repetition,
    /// insufficient material) end the game. On by default; perft turns them off, since a
    /// perft count (like every published table) counts legal moves whatever those rules say.
    /// Endings that are not such draws (checkmate, three in a row, a king in the end zone)
    /// end the game either way.
    fn draw_rules(&self) -> bool {
        true
    }
    /// Turns the counted draws on or off (see `draw_rules`); games without any ignore it.
    fn set_draw_rules(&mut self, _on: bool) {}

    /// True when the current position occurred earlier since the last irreversible action
    /// and the rules make repetition a draw: searchers score such a node as a draw.
    fn repeated(&self) -> bool {
        false
    }

    /// How many players take turns: 2, or 1 for a solitaire (which plays as `White`). In a
    /// solitaire `to_move` never changes, so searchers and the referee take one action as a
    /// turn.
    fn players(&self) -> usize {
        2
    }

    /// A finished game's score in points, for games that keep one (a solitaire's cards
    /// left); `None` while the game runs and in games decided by win, draw or loss only.
    fn score(&self) -> Option<f64> {
        None
    }

    /// The lowest and highest `score` possible, so that searchers can put a score on their
    /// 0 (worst) to 1 (best) scale.
    fn score_bounds(&self) -> (f64, f64) {
        (0.0, 1.0)
    }

    /// Parses one action in the variant's notation; only legal actions are returned.
    fn parse_action(&self, s: &str) -> Result<Self::Action, RuleError>;
    /// Formats an action legal in the current position; `parse_action` accepts the result.
    fn format_action(&self, a: Self::Action) -> String;

    /// Standard algebraic notation where the variant has it (for PGN records).
    fn san(&self, _a: Self::Action) -> Option<String> {
        None
    }

    /// The position as text (FEN or the variant's FEN-like form).
    fn fen(&self) -> String;
    /// Replaces the position; on error the position is unchanged.
    fn set_fen(&mut self, fen: &str) -> Result<(), RuleError>;
    /// Resets to the variant's start position (keeping the variant's options).
    fn reset(&mut self);

    /// A readable text picture of the position (for the `d` command), with what the picture
    /// cannot show (reserves, the actions left in a turn). Not the FEN nor the side to move:
    /// `d` prints those itself, the same way for every variant.
    fn display(&self) -> String;

    /// Pieces on cells for pictures: `(cell, symbol)` with the FEN-like symbol of each piece.
    fn pieces(&self) -> Vec<(crate::core::bitboard::Cell, String)>;

    /// What pictures show of cells besides their pieces: holes, owners, stacks, notes.
    fn cell_marks(&self) -> Vec<(crate::core::bitboard::Cell, CellMark)> {
        Vec::new()
    }

    /// Lines of text shown beside the board: the side to move, and what the board does not
    /// show (reserves, hands, supplies, pile sizes).
    fn panel(&self) -> Vec<String> {
        vec![format!("{} to move", self.to_move().name())]
    }

    /// How pictures draw `symbol`, one of the symbols `pieces` gives. The default reads
    /// `K Q R B N P` (upper case White) as chess figures; games whose letters mean other
    /// pieces, or hide them, say so here.
    fn figure(&self, symbol: &str) -> Figure {
        Figure::of_symbol(symbol)
    }

    /// Cells of royal pieces standing in check, which pictures mark with a red glow. Games
    /// without check keep the default: none.
    fn checked_royals(&self) -> Vec<crate::core::bitboard::Cell> {
        Vec::new()
    }
}

/// How a picture draws a piece.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Figure {
    /// A chess figure in its side's colour; `kind` is one of `k q r b n p`.
    Chess { side: Player, kind: char },
    /// A disc with `letters`; `name` (when given) is written in the picture's legend.
    Badge {
        side: Option<Player>,
        letters: String,
        name: Option<&'static str>,
    },
    /// A piece whose identity the picture does not know: a plain marker in its side's
    /// colour, where that is known.
    Hidden { side: Option<Player> },
}

impl Figure {
    /// The usual reading of a FEN-like symbol: a single `K Q R B N P` (upper case White,
    /// lower case Black) is a chess figure, other letters a badge, no letter a hidden piece.
    pub fn of_symbol(symbol: &str) -> Figure {
        let Some(first) = symbol.chars().find(|c| c.is_alphabetic()) else {
            return Figure::Hidden { side: None };
        };
        let side = if first.is_uppercase() {
            Player::White
        } else {
            Player::Black
        };
        let kind = first.to_ascii_lowercase();
        if symbol.chars().count() == 1 && "kqrbnp".contains(kind) {
            Figure::Chess { side, kind }
        } else {
            Figure::Badge {
                side: Some(side),
                letters: symbol.to_uppercase(),
                name: None,
            }
        }
    }
}

/// `checked_royals` for games whose royal piece is the king, `K` / `k` in `pieces`: the side
/// to move's king when `in_check`.
pub fn checked_king<G: Game>(g: &G, in_check: bool) -> Vec<crate::core::bitboard::Cell> {
    if !in_check {
        return Vec::new();
    }
    let king = match g.to_move() {
        Player::White => "K",
        Player::Black => "k",
    };
    g.pieces()
        .into_iter()
        .filter(|(_, s)| s == king)
        .map(|(c, _)| c)
        .collect()
}

/// What a picture shows of a cell besides its piece.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum CellMark {
    /// An empty cell no piece may land on (an untiled cell).
    Hole,
    /// The side owning the cell or the tile on it.
    Owner(Player),
    /// Checkers under the piece: how many, and whose colour (`None`: colourless).
    Stack { count: u8, colour: Option<Player> },
    /// A short text on the cell (a checker's number, a believed identity).
    Note(String),
}

/// Search hooks: evaluation and move-ordering knowledge. Default methods make a plain game
/// searchable; variants override what they know.
pub trait Evaluate: Game {
    /// Static score in centipawns from the side to move's point of view.
    fn evaluate(&self) -> i32;

    /// Captures, promotions and other actions quiescence search should look at.
    fn is_tactical(&self, _a: Self::Action) -> bool {
        false
    }

    /// Appends the legal actions for which `is_tactical` holds (what quiescence search tries
    /// when not in check). Games may generate them faster than all legal actions.
    fn tactical_actions(&self, out: &mut Vec<Self::Action>) {
        let start = out.len();
        self.legal_actions(out);
        retain_from(out, start, |a| self.is_tactical(a));
    }

    /// Ordering hint: larger is searched earlier (MVV-LVA for captures, say). A negative
    /// score for a tactical action says it is expected to lose material (a capture that
    /// a static exchange evaluation finds losing): it is searched after the quiet actions,
    /// and quiescence search skips it.
    fn order_score(&self, _a: Self::Action) -> i32 {
        0
    }

    /// What the game works out once per node to order its quiet actions (in chess: the
    /// squares each kind of enemy piece attacks, the pieces they threaten, the squares
    /// that give check), handed to `quiet_hint` for each quiet action the search keys.
    /// The default holds nothing.
    fn quiet_context(&self) -> QuietContext {
        QuietContext::default()
    }

    /// Ordering hint for a quiet action, given the node's `quiet_context`; larger is
    /// searched earlier. The default is `order_score`.
    fn quiet_hint(&self, a: Self::Action, _ctx: &QuietContext) -> i32 {
        self.order_score(a)
    }

    fn in_check(&self) -> bool {
        false
    }

    /// A hash of the part of the position whose static evaluation errs alike (in chess, the
    /// pawns): alpha-beta learns how far its searches found the evaluation off for each key
    /// and corrects later evaluations by it (`search::correction`). `None` (the default):
    /// no correction.
    fn correction_key(&self) -> Option<u64> {
        None
    }

    /// More parts of the position whose evaluation errs alike, each learnt apart and their
    /// corrections added to the `correction_key`'s, at the weight `SearchParams::corr_more`
    /// gives them (in chess: each side's pieces other than pawns). `[None; 2]` (the
    /// default): none.
    fn more_correction_keys(&self) -> [Option<u64>; 2] {
        [None; 2]
    }

    /// The plies counted toward a draw by a rule that counts them, with the count that
    /// draws (chess: the fifty-move rule's halfmove clock, and 100): the searcher can draw
    /// its static score toward even as the count runs out (`SearchParams::fifty_damp`), so
    /// that an advantage is pressed by captures and pawn moves rather than kept by
    /// shuffling. `None` (the default): no such rule.
    fn draw_count(&self) -> Option<(u32, u32)> {
        None
    }

    /// The material `a` is expected to win (positive) or lose (negative) once the exchanges
    /// on its target cell are played out (a static exchange evaluation), for any action, a
    /// quiet one included; `None` where the game does not count it (the default). The
    /// searcher skips quiet actions near the horizon that lose much by it.
    fn exchange(&self, _a: Self::Action) -> Option<i32> {
        None
    }

    /// How much tree search should explore `a` against the other actions here, from 0 to 1
    /// (1, the default: as much as any). A game that can tell a long shot from a likely
    /// one without search gives it less (a guess by how likely it is right): information-set
    /// search scales the action's exploration by it and does not force a first visit.
    fn prior(&self, _a: Self::Action) -> f64 {
        1.0
    }

    /// True for an action whose worth rests on what its player cannot see (a guess at a
    /// hidden identity). A search of one sampled truth would play it knowing the answer, so
    /// searches that score the leaves of information-set search leave it out (default: no
    /// action is).
    fn speculative(&self, _a: Self::Action) -> bool {
        false
    }

    /// True for an action that moves nothing and only asks (a guess at a hidden identity,
    /// whose answer pauses the turn). A leaf search of a sampled truth that plays it (one
    /// `speculative` lets through) does not count it as a ply, so that the turn it opens is
    /// searched as deep as a turn without it (default: no action is).
    fn asks_only(&self, _a: Self::Action) -> bool {
        false
    }

    /// What tree search does in this game where its options leave it to the game: how it
    /// scores leaves, the scale of its rewards, widening and depth (`TreeDefaults`: the
    /// static evaluation, the Elo scale, no widening, no depth limit), unless a game
    /// measured better. A game whose scores run large (whole armies) takes a wider reward
    /// scale, so that a big lead and a bigger one still differ; a game with many actions
    /// whose refutations its `order_score` finds (captures) widens, so that an opponent's
    /// refutation is not buried under one visit to each of its other replies.
    fn tree_defaults(&self) -> TreeDefaults {
        TreeDefaults::default()
    }

    /// True inside a turn whose static score would mislead: the turn has changed the material
    /// and the opponent has not answered yet (a capture whose turn still owes an action).
    /// Quiescence search then does not stand pat there but plays on with `tactical_actions`
    /// (taking the static score only if there is none), so that the turn ends and the reply
    /// is looked at.
    fn quiescence_continues(&self) -> bool {
        false
    }

    /// Passes the turn for null-move pruning where the rules make that meaningful;
    /// `None` where the game forbids it (zugzwang-heavy games, inside a turn).
    fn play_null(&mut self) -> Option<Self::Undo> {
        None
    }

    /// An exact game-theoretic value known without search (a solved table, like endgame
    /// tablebases): `Some(+1 | 0 | -1)` for the side to move, with plies to the end.
    fn probe_solved(&self) -> Option<(i32, u32)> {
        None
    }

    /// The evaluation's weights as a named table (see `crate::core::param_table`), for tuning and for
    /// loading from a file; `None` where the game has none.
    fn eval_weights(&self) -> Option<&dyn crate::core::param_table::ParamTable> {
        None
    }

    /// Replaces the evaluation's weights by `values`, in the order of `eval_weights`.
    /// The position is unchanged on error.
    fn set_eval_weights(&mut self, _values: &[i32]) -> Result<(), RuleError> {
        Err(RuleError::new(format!(
            "{} has no evaluation weights",
            self.variant()
        )))
    }

    /// The gradient of `evaluate()` with respect to the weights, as (index, derivative)
    /// pairs for the nonzero entries: what Texel tuning fits. The default takes central
    /// differences through `set_eval_weights`; games with many weights trace their
    /// evaluation instead.
    fn eval_gradient(&self, out: &mut Vec<(u32, f32)>) {
        crate::core::param_table::finite_difference_gradient(self, out)
    }
}

/// Games with chance: at a *chance node* the next action is chance's, not a player's (a card
/// drawn, a pile reshuffled, a deal).
///
/// Contract:
/// - At a chance node `legal_actions` lists chance's actions (so notation, replay with
///   `position ... moves`, the referee's records and perft work as for any action), and
///   `chance_actions` gives each with its probability.
/// - `to_move` at a chance node is the side whose turn the event belongs to (the draws at the
///   end of a turn belong to that turn; a searcher flips the sign only when `to_move`
///   changes, as always).
/// - A state may fix chance's outcome (a deck order the full state knows): its chance node
///   then has one action, with probability 1. Full-information searchers walk such a node
///   like any other.
/// - A game without chance implements this with `is_chance_node` false (three lines).
pub trait Chance: Game {
    fn is_chance_node(&self) -> bool;

    /// Chance's actions at a chance node with their probabilities (summing to 1), in the
    /// order `legal_actions` lists them.
    fn chance_actions(&self, out: &mut Vec<(Self::Action, f64)>);

    /// One of chance's actions, drawn with the probabilities of the rules. Games override
    /// it where drawing is cheaper than listing.
    fn sample_chance(&self, rng: &mut GameRng) -> Self::Action {
        let mut v = Vec::new();
        self.chance_actions(&mut v);
        assert!(
            !v.is_empty(),
            "sample_chance called where chance has no action"
        );
        let mut x = unit_f64(rng);
        for &(a, p) in &v {
            if x < p {
                return a;
            }
            x -= p;
        }
        v[v.len() - 1].0
    }
}

/// A generator seeded with `seed`.
pub fn seeded_rng(seed: u64) -> GameRng {
    <GameRng as rand_core::SeedableRng>::seed_from_u64(seed)
}

/// A uniform number in `[0, 1)`.
pub fn unit_f64(rng: &mut GameRng) -> f64 {
    use rand_core::RngCore;
    (rng.next_u64() >> 11) as f64 / (1u64 << 53) as f64
}

/// A uniform index below `n` (`n > 0`).
pub fn below(rng: &mut GameRng, n: usize) -> usize {
    use rand_core::RngCore;
    ((rng.next_u64() as u128 * n as u128) >> 64) as usize
}

/// Games with hidden information. A value of the game is the *truth* (the full state: every
/// hand, every identity); each player has a *view*: what that player may know, and nothing
/// that depends on what it cannot see.
///
/// - `view(p)` projects the truth onto player `p`'s view.
/// - `observe(a, p)` is what `p` perceives of action `a` played from this state: its own
///   actions whole, an opponent's action as the rules show it (a checker's from-to without
///   its identity), a chance action as the rules show it (the card drawn, to its drawer; "a
///   card was drawn", to the other side), plus anything the action reveals (the identity of
///   a captured piece, the answer to a guess, the card an add turns up).
/// - A view follows the game by `View::apply`-ing observations, so an engine that is told
///   its start view and the observations since holds exactly its player's knowledge;
///   `View::determinize` samples a truth consistent with it, which is what the searchers
///   search.
/// - A player's legal actions are the same in every truth consistent with its view (it knows
///   its own options). An action that shows its player something it did not know (`reveals`)
///   ends what the player can decide ahead: its turn pauses there, and the player is asked
///   again once it has seen the result. A chance node inside a turn pauses the turn too.
pub trait Hidden: Chance {
    /// A player's view.
    type View: View<Game = Self>;
    /// What a player perceives of one action (see `observe`).
    type Observation: Clone + Eq + Hash + fmt::Debug + Send + Sync + 'static;

    fn view(&self, p: Player) -> Self::View;

    /// What `p` perceives of `a`, legal in this state, when it is played.
    fn observe(&self, a: Self::Action, p: Player) -> Self::Observation;

    /// True when `a` shows the player who plays it something it did not know (its answer
    /// depends on the hidden part of the state): the player's turn pauses after it.
    fn reveals(&self, _a: Self::Action) -> bool {
        false
    }

    /// Reads a view written by `View::fen` (the variant's options come from `self`). A view's
    /// text and the truth's FEN must not be mistaken for each other.
    fn parse_view(&self, text: &str) -> Result<Self::View, RuleError>;

    /// A fresh deal drawn from `rng` with this game's options, for games whose deal is made
    /// outside their actions (a solitaire whose deck order is an option); `None` where
    /// chance's actions deal (the referee then samples them).
    fn deal(&self, _rng: &mut GameRng) -> Option<Self> {
        None
    }
}

/// The observation type of a view's game.
pub type ObservationOf<V> = <<V as View>::Game as Hidden>::Observation;

/// A truth drawn for a view, with its weight: 1 when truths are drawn with the probability
/// the view gives them; a sampler that draws from another distribution (for speed, or from
/// a narrowed set) says by how much to weight the sample.
#[derive(Clone, Debug)]
pub struct Sample<G> {
    pub state: G,
    pub weight: f64,
}

/// One player's view of a hidden-information game (see `Hidden`).
pub trait View: Clone + Send + Sync + 'static {
    type Game: Hidden<View = Self>;

    /// The player whose view this is.
    fn player(&self) -> Player;

    /// The side to move, as in the truth.
    fn to_move(&self) -> Player;

    /// The result, once the game is over.
    fn outcome(&self) -> Option<Outcome>;

    /// Follows the game by one observed event: an action of either side or of chance, as
    /// this player perceived it. Atomic: on error the view is unchanged.
    fn apply(&mut self, o: &ObservationOf<Self>) -> Result<(), RuleError>;

    /// Reads an observation as `format_observation` writes it (one word: no spaces, no
    /// commas). Hidden parts are written `?`; a player's own action that reveals nothing is
    /// written as the action itself.
    fn parse_observation(&self, text: &str) -> Result<ObservationOf<Self>, RuleError>;
    fn format_observation(&self, o: &ObservationOf<Self>) -> String;

    /// The view as text: the view-FEN (hidden parts as `?` or counts).
    fn fen(&self) -> String;

    /// A readable picture for the `d` command.
    fn display(&self) -> String;

    /// A truth consistent with this view, drawn with the probability the view gives it
    /// (uniformly over unseen cards, say). The truth's own view for `player()` has the same
    /// view-FEN as this view (`tessera::tools::contract::check_hidden` tests it).
    fn determinize(&self, rng: &mut GameRng) -> Self::Game;

    /// A state whose pictures (`Game::pieces`, `cell_marks`, `panel`) draw this view, for
    /// `tessera render` and the GUI; `None` (the default) where the game draws no view.
    fn picture(&self) -> Option<Self::Game> {
        None
    }

    /// The sampler the searchers call. Games that narrow or weight their samples (inference
    /// over possible setups) override this; the default draws with `determinize`, weight 1.
    fn sample(&self, rng: &mut GameRng) -> Sample<Self::Game> {
        Sample {
            state: self.determinize(rng),
            weight: 1.0,
        }
    }

    /// Every truth this view allows, each with its probability, where there are at most
    /// `max` of them and chance has nothing left to decide (from here the game is, for this
    /// player, one of perfect information in each of them). `None` otherwise, and by
    /// default: always safe, it only keeps the information-set searcher and the sampling of
    /// determinized search.
    fn worlds(&self, _max: usize) -> Option<Vec<Sample<Self::Game>>> {
        None
    }

    /// A truth as the opponent could believe it: drawn like `sample`, and then this player's
    /// own hidden part drawn again from what the opponent has seen of it. Tree search trains
    /// the opponent's tree on these, so the modelled opponent never learns this player's
    /// secrets from samples that all share them. `None` (the default): the game has no
    /// such sampler, and every tree learns from `sample`.
    fn sample_hiding_own(&self, _rng: &mut GameRng) -> Option<Sample<Self::Game>> {
        None
    }
}

/// Keeps, of `out[start..]`, the actions `keep` accepts (in place, without allocating: the
/// filter quiescence runs at every node).
pub fn retain_from<A: Copy>(out: &mut Vec<A>, start: usize, keep: impl Fn(A) -> bool) {
    let mut kept = start;
    for i in start..out.len() {
        if keep(out[i]) {
            out.swap(kept, i);
            kept += 1;
        }
    }
    out.truncate(kept);
}
