//! Booster Chess: Adrenaline Chess's steps with coloured checkers and private hands of cards.
//!
//! Each side has a supply of checkers (6) and a hand of as many cards, dealt from a deck of
//! 36 (the piece cards of the chess-kit table and the sixes). A turn: a regular move; steps
//! by a boosted moved piece (one on its own side's checkers), each returning a checker to the
//! supply; optionally one card, putting one of the mover's checkers under a matching piece
//! (own piece: a boost; enemy piece: a hobble); then the mover draws until its hand matches
//! its supply, the discard pile reshuffled when the draw pile runs out. Hobbled pieces move
//! and capture as pawns (hobbled pawns not at all); opposite checkers cancel in pairs; a
//! capture takes over the captured piece's checkers; a hobbled piece reaching its last rank
//! gives its hobble checkers back. Check counts the opponent's whole next turn (Adrenaline's
//! test with coloured rules). Checkmate wins; stalemate and chess's draws draw.
//!
//! The game has hidden information (hands, the draw pile's order) and chance (the deal, the
//! draws, the reshuffle): `Booster` is the truth, `BoosterView` one player's knowledge.
//!
//! Shared with Adrenaline (`games::adrenaline`): the board, regular move generation, the
//! step tables, the adrenaline-check test (`reach`, through its `StepRules`), castling's
//! table and the notation of moves and steps.

mod eval;
mod fen;
mod movegen;
mod notation;
mod position;
#[cfg(test)]
mod tests;
mod turn;
mod view;

use crate::core::bitboard::{Bits, Cell};
use crate::core::game::{
    below, CellMark, Chance, Game, GameRng, Hidden, Outcome, Player, RuleError,
};
use crate::core::options::{OptionKind, OptionSpec, VariantOptions};
use crate::core::variant::Variant;
use crate::core::zobrist::earlier_occurrences;
use crate::kits::cards::{booster_deck, Card, Role};
use crate::kits::chessboard::{square_name, PieceKind};
use crate::kits::steps::board::{player, KING};
use crate::kits::steps::step_game_parts;
use crate::kits::steps::turn::no_action_outcome;

pub use eval::Weights;
pub use movegen::{card_targets, role, Act};
pub use notation::{END, RESHUFFLE};
pub use position::Phase;
pub use view::{BoosterView, Seen};

use position::{cards_key, Pos};
use turn::Hand;

pub const CHECKERS_OPTION: &str = "BoosterCheckers";
pub const CARDS_OPTION: &str = "BoosterCheckerCards";
pub const HANDICAP_OPTION: &str = "BoosterHandicap";

const OPTIONS: &[OptionSpec] = &[
    OptionSpec {
        name: CHECKERS_OPTION,
        kind: OptionKind::Spin {
            default: 6,
            min: 1,
            max: 12,
        },
        help: "Booster: checkers in each side's supply at the start (each is dealt as many cards)",
        check: None,
    },
    OptionSpec {
        name: CARDS_OPTION,
        kind: OptionKind::Spin {
            default: 2,
            min: 0,
            max: 4,
        },
        help: "Booster: checker cards per colour in the deck (0-2: the sixes, hearts and spades \
               first; 3-4: the sevens join them as checker cards)",
        check: None,
    },
    OptionSpec {
        name: HANDICAP_OPTION,
        kind: OptionKind::Spin {
            default: 0,
            min: -11,
            max: 11,
        },
        help: "Booster: checkers taken from White's supply (positive) or Black's (negative)",
        check: None,
    },
];

/// The game's options: checkers per side, and the deck.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Config {
    pub checkers: [u8; 2],
    /// The cards in the game, as a mask of card codes.
    pub deck: u64,
    /// Sevens are checker cards.
    pub sevens: bool,
}

impl Default for Config {
    fn default() -> Config {
        Config::new(6, 2, 0).expect("the default options are valid")
    }
}

impl Config {
    /// `checkers` per side, `checker_cards` per colour (0..=4), and a handicap (checkers taken
    /// from White if positive, from Black if negative).
    pub fn new(checkers: u8, checker_cards: u8, handicap: i32) -> Result<Config, RuleError> {
        if !(1..=12).contains(&checkers) || checker_cards > 4 {
            return Err(RuleError::new(
                "Booster: 1-12 checkers and 0-4 checker cards",
            ));
        }
        let mut c = [checkers as i32; 2];
        if handicap > 0 {
            c[0] -= handicap;
        } else {
            c[1] += handicap;
        }
        if c.iter().any(|&n| n < 1) {
            return Err(RuleError::new(format!(
                "Booster: a handicap of {} leaves a side without checkers",
                handicap.abs()
            )));
        }
        let mut deck = 0u64;
        for card in booster_deck() {
            if !matches!(card.role(), Role::Checker(_)) {
                deck |= 1 << card.code();
            }
        }
        use crate::kits::cards::Suit::*;
        let extra = [(6, Hearts), (6, Spades), (6, Diamonds), (6, Clubs)];
        let sevens = [(7, Hearts), (7, Spades), (7, Diamonds), (7, Clubs)];
        let picked = extra.iter().take(2 * checker_cards.min(2) as usize).chain(
            sevens
                .iter()
                .take(2 * checker_cards.saturating_sub(2) as usize),
        );
        for &(r, s) in picked {
            deck |= 1 << Card::new(r, s).code();
        }
        Ok(Config {
            checkers: [c[0] as u8, c[1] as u8],
            deck,
            sevens: checker_cards > 2,
        })
    }

    fn from_options(opts: &VariantOptions) -> Result<Config, RuleError> {
        let n = opts.int(CHECKERS_OPTION, 6, 1, 12)? as u8;
        let cards = opts.int(CARDS_OPTION, 2, 0, 4)? as u8;
        let h = opts.int(HANDICAP_OPTION, 0, -11, 11)? as i32;
        Config::new(n, cards, h)
    }

    pub fn hand(&self, cards: u64) -> Hand {
        Hand {
            cards,
            sevens: self.sevens,
        }
    }
}

impl Variant for Booster {
    const NAME: &'static str = "booster";
    const SUMMARY: &'static str =
        "Booster Chess: Adrenaline's steps with coloured checkers, hidden hands of cards \
              that boost own pieces and hobble enemy ones";
    const OPTIONS: &'static [OptionSpec] = OPTIONS;

    fn from_options(opts: &VariantOptions) -> Result<Booster, RuleError> {
        Ok(Booster::with_config(Config::from_options(opts)?))
    }
}

/// Repetition and draws by the public position, which the truth and both views agree on:
/// kings alone, fifty moves, a third occurrence of a turn start.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Record {
    /// Public keys of earlier turn starts.
    history: Vec<u64>,
}

/// The checks a position passes whoever holds it: hand sizes, the turn field, the kings.
/// `mover_cards`: the cards the side to move may hold.
fn check_public(pos: &Pos, cfg: &Config, mover_cards: u64) -> Result<(), RuleError> {
    for c in 0..2 {
        let most = if pos.phase == Phase::Deal {
            pos.checkers[c]
        } else {
            pos.supply(c)
        };
        if pos.hand_len[c] > most {
            return Err(RuleError::new(format!(
                "{}'s hand holds {} cards, more than its supply of {}",
                player(c).name(),
                pos.hand_len[c],
                most
            )));
        }
    }
    match pos.phase {
        Phase::Deal if pos.hand_len[1] > 0 && pos.hand_len[0] < pos.checkers[0] => {
            Err(RuleError::new("the deal fills White's hand first"))
        }
        Phase::Deal if pos.hand_len == pos.checkers => {
            Err(RuleError::new("the deal is over: both hands are full"))
        }
        Phase::Card if !pos.card_possible() => Err(RuleError::new(
            "the turn field says card, but the mover has no card or no checker",
        )),
        Phase::Draw if !pos.needs_draw() => Err(RuleError::new(
            "the turn field says draw, but the mover's hand matches its supply",
        )),
        // The en-passant right belongs to the side to move, and its capture counts.
        Phase::Regular | Phase::Deal if pos.exposed(pos.side as usize ^ 1, pos.ep) => Err(
            RuleError::new("the side not to move could lose its king to the side to move"),
        ),
        Phase::Steps(_) | Phase::Card if !pos.has_legal(&cfg.hand(mover_cards)) => Err(
            RuleError::new("the turn in progress cannot be completed legally"),
        ),
        _ => Ok(()),
    }
}

fn public_key(pos: &Pos, discard: u64) -> u64 {
    pos.key ^ cards_key(2, discard)
}

fn draw_rules(pos: &Pos, discard: u64, rec: &Record) -> Option<Outcome> {
    if pos.phase != Phase::Regular {
        return None;
    }
    if pos.board.occupied() == pos.board.by_kind[KING] {
        return Some(Outcome::Draw {
            reason: "insufficient material",
        });
    }
    if pos.halfmove >= 100 {
        return Some(Outcome::Draw {
            reason: "fifty-move rule",
        });
    }
    if pos.rep_window >= 4 && occurrences(pos, discard, rec) >= 2 {
        return Some(Outcome::Draw {
            reason: "threefold repetition",
        });
    }
    None
}

fn occurrences(pos: &Pos, discard: u64, rec: &Record) -> usize {
    let key = public_key(pos, discard);
    earlier_occurrences(&rec.history, pos.rep_window as usize, 2, key)
}

/// A Booster game, the full state: the public position, both hands, the discard pile and any
/// known order of the draw pile's top.
#[derive(Clone)]
pub struct Booster {
    cfg: Config,
    pos: Pos,
    hands: [u64; 2],
    discard: u64,
    /// Known cards on top of the draw pile, the top last.
    order: Vec<u8>,
    /// The public key at the start of the turn in progress.
    turn_public: u64,
    rec: Record,
    /// Whether the counted draws end the game (`Game::draw_rules`).
    draw_rules: bool,
    weights: Weights,
    /// Set on a view's picture: the player whose view it is (the other hand is not known, and
    /// the panel gives only its size).
    viewer: Option<Player>,
}

pub struct Undo {
    pos: Pos,
    hands: [u64; 2],
    discard: u64,
    popped: Option<u8>,
    turn_public: u64,
    ended_turn: bool,
}

impl Default for Booster {
    fn default() -> Self {
        Booster::new()
    }
}

impl Booster {
    /// The start: the standard position, every card in the draw pile, chance to deal.
    pub fn new() -> Booster {
        Booster::with_config(Config::default())
    }

    pub fn with_config(cfg: Config) -> Booster {
        let mut g = Booster {
            cfg,
            pos: Pos::empty(cfg.checkers),
            hands: [0; 2],
            discard: 0,
            order: Vec::new(),
            turn_public: 0,
            rec: Record::default(),
            draw_rules: true,
            weights: Weights::default(),
            viewer: None,
        };
        g.reset();
        g
    }

    pub fn config(&self) -> &Config {
        &self.cfg
    }

    pub fn from_fen(fen: &str) -> Result<Booster, RuleError> {
        let mut g = Booster::new();
        g.set_fen(fen)?;
        Ok(g)
    }

    /// A dealt game from `seed` (chance's actions played until White is to move).
    pub fn dealt(cfg: Config, seed: u64) -> Booster {
        let mut g = Booster::with_config(cfg);
        let mut rng = crate::core::game::seeded_rng(seed);
        while g.is_chance_node() {
            let a = g.sample_chance(&mut rng);
            g.play(a);
        }
        g
    }

    pub fn weights(&self) -> &Weights {
        &self.weights
    }

    pub fn set_weights(&mut self, w: Weights) {
        self.weights = w;
    }

    pub fn hand(&self, p: Player) -> Vec<Card> {
        Bits(self.hands[p.index()])
            .map(|c| Card::from_code(c).expect("a card"))
            .collect()
    }

    pub fn discard_pile(&self) -> Vec<Card> {
        Bits(self.discard)
            .map(|c| Card::from_code(c).expect("a card"))
            .collect()
    }

    pub fn draw_pile(&self) -> u64 {
        self.cfg.deck & !self.hands[0] & !self.hands[1] & !self.discard
    }

    pub fn piece_at(&self, s: Cell) -> Option<(Player, PieceKind)> {
        self.pos
            .board
            .piece_at(s)
            .map(|(c, k)| (player(c), PieceKind::from_index(k)))
    }

    /// The checkers under `s`: how many and whose.
    pub fn stack(&self, s: Cell) -> (u8, Player) {
        (
            self.pos.stacks[s as usize],
            player(self.pos.checker_colour(s)),
        )
    }

    pub fn supply(&self, p: Player) -> u8 {
        self.pos.supply(p.index())
    }

    pub fn phase(&self) -> Phase {
        self.pos.phase
    }

    pub fn in_adrenaline_check(&self) -> bool {
        self.pos.phase == Phase::Regular && self.pos.in_adrenaline_check()
    }

    fn mover_hand(&self) -> Hand {
        self.cfg.hand(self.hands[self.pos.side as usize])
    }

    fn all_actions(&self) -> Vec<Act> {
        let mut v = Vec::new();
        if self.pos.is_chance_node() {
            let mut c = Vec::new();
            self.chance_actions(&mut c);
            v.extend(c.into_iter().map(|x| x.0));
        } else {
            self.pos.legal(&self.mover_hand(), &mut |a| v.push(a));
        }
        v
    }

    fn cards_key(&self) -> u64 {
        cards_key(0, self.hands[0]) ^ cards_key(1, self.hands[1]) ^ cards_key(2, self.discard)
    }
}

impl Game for Booster {
    type Action = Act;
    type Undo = Undo;

    step_game_parts!();

    fn variant(&self) -> &'static str {
        "booster"
    }

    fn legal_actions(&self, out: &mut Vec<Act>) {
        if self.terminal().is_some() {
            return;
        }
        out.extend(self.all_actions());
    }

    fn play(&mut self, a: Act) -> Undo {
        let undo = Undo {
            pos: self.pos,
            hands: self.hands,
            discard: self.discard,
            popped: None,
            turn_public: self.turn_public,
            ended_turn: false,
        };
        let mut popped = None;
        match a {
            Act::Draw(c) => {
                let d = self.pos.drawer();
                self.hands[d] |= 1 << c.code();
                if self.order.last() == Some(&c.code()) {
                    popped = self.order.pop();
                }
            }
            Act::Card { card, .. } => {
                let us = self.pos.side as usize;
                self.hands[us] &= !(1 << card.code());
                self.discard |= 1 << card.code();
            }
            Act::Reshuffle => self.discard = 0,
            _ => {}
        }
        let was_regular_start = self.pos.phase == Phase::Deal;
        self.pos.apply(a);
        let ended_turn = self.pos.side != undo.pos.side;
        if ended_turn {
            self.rec.history.push(self.turn_public);
        }
        if ended_turn || (was_regular_start && self.pos.phase == Phase::Regular) {
            self.turn_public = public_key(&self.pos, self.discard);
        }
        Undo {
            popped,
            ended_turn,
            ..undo
        }
    }

    fn undo(&mut self, u: Undo) {
        self.pos = u.pos;
        self.hands = u.hands;
        self.discard = u.discard;
        self.turn_public = u.turn_public;
        if let Some(c) = u.popped {
            self.order.push(c);
        }
        if u.ended_turn {
            self.rec.history.pop();
        }
    }

    fn key(&self) -> u64 {
        self.pos.key ^ self.cards_key()
    }

    fn recompute_key(&self) -> u64 {
        self.pos.compute_key() ^ self.cards_key()
    }

    fn terminal(&self) -> Option<Outcome> {
        // Every ending decided without the moves is a counted draw.
        if !self.draw_rules {
            return None;
        }
        draw_rules(&self.pos, self.discard, &self.rec)
    }

    fn draw_rules(&self) -> bool {
        self.draw_rules
    }

    fn set_draw_rules(&mut self, on: bool) {
        self.draw_rules = on;
    }

    fn no_action_outcome(&self) -> Outcome {
        no_action_outcome(self.pos.in_adrenaline_check(), self.to_move())
    }

    fn outcome(&self) -> Option<Outcome> {
        self.terminal()
            .or_else(|| (!self.pos.has_legal(&self.mover_hand())).then(|| self.no_action_outcome()))
    }

    fn repeated(&self) -> bool {
        self.pos.phase == Phase::Regular
            && self.pos.rep_window >= 2
            && occurrences(&self.pos, self.discard, &self.rec) >= 1
    }

    fn parse_action(&self, s: &str) -> Result<Act, RuleError> {
        if let Some(o) = self.terminal() {
            return Err(RuleError::new(format!("game is over ({o})")));
        }
        notation::find(s, &self.all_actions())
    }

    fn format_action(&self, a: Act) -> String {
        notation::format(a)
    }

    fn fen(&self) -> String {
        let order = if self.order.is_empty() {
            "*".to_string()
        } else {
            self.order
                .iter()
                .rev()
                .map(|&c| Card::from_code(c).expect("a card").to_string())
                .collect::<Vec<_>>()
                .join(".")
        };
        format!(
            "{} {} {} {} {}",
            fen::format_public(&self.pos),
            fen::cards_text(self.hands[0]),
            fen::cards_text(self.hands[1]),
            order,
            fen::cards_text(self.discard)
        )
    }

    fn set_fen(&mut self, text: &str) -> Result<(), RuleError> {
        let f: Vec<&str> = text.split_whitespace().collect();
        if f.len() != 12 {
            return Err(RuleError::new(format!(
                "Booster FEN needs 12 fields (the six of chess, stacks, turn, White's hand, \
                 Black's hand, draw order, discard pile), got {}",
                f.len()
            )));
        }
        let mut pos = fen::parse_public(&f[..8], &self.cfg)?;
        let deck = self.cfg.deck;
        let white = fen::parse_card_list(f[8], deck)?;
        let black = fen::parse_card_list(f[9], deck)?;
        let order = fen::parse_card_list(f[10], deck)?;
        let discard = fen::parse_card_list(f[11], deck)?;
        let (w, b, o, d) = (
            fen::mask_of(&white),
            fen::mask_of(&black),
            fen::mask_of(&order),
            fen::mask_of(&discard),
        );
        if w & b != 0 || (w | b) & (o | d) != 0 || o & d != 0 {
            return Err(RuleError::new("a card is in two places"));
        }
        let draw = deck & !w & !b & !d;
        pos.hand_len = [white.len() as u8, black.len() as u8];
        pos.draw_len = draw.count_ones() as u8;
        pos.discard_len = discard.len() as u8;
        pos.key = pos.compute_key();
        pos.turn_key = pos.key;
        check_public(&pos, &self.cfg, if pos.side == 0 { w } else { b })?;
        let mut order = order;
        order.reverse();
        self.pos = pos;
        self.hands = [w, b];
        self.discard = d;
        self.order = order;
        self.rec = Record::default();
        self.turn_public = public_key(&self.pos, self.discard);
        Ok(())
    }

    fn reset(&mut self) {
        let mut pos = fen::parse_public(
            &(fen::START_BOARD.to_string() + " - deal")
                .split_whitespace()
                .collect::<Vec<_>>(),
            &self.cfg,
        )
        .expect("the start is valid");
        pos.draw_len = self.cfg.deck.count_ones() as u8;
        pos.key = pos.compute_key();
        pos.turn_key = pos.key;
        self.pos = pos;
        self.hands = [0; 2];
        self.discard = 0;
        self.order.clear();
        self.rec = Record::default();
        self.turn_public = public_key(&self.pos, 0);
    }

    fn display(&self) -> String {
        let mut s = view::board_text(&self.pos);
        for p in [Player::White, Player::Black] {
            s.push_str(&format!(
                "{} hand: {}\n",
                p.name(),
                fen::cards_text(self.hands[p.index()])
            ));
        }
        s.push_str(&format!(
            "draw pile: {} cards; discard pile: {}\n",
            self.pos.draw_len,
            fen::cards_text(self.discard)
        ));
        s
    }

    fn pieces(&self) -> Vec<(Cell, String)> {
        view::pieces(&self.pos)
    }

    fn checked_royals(&self) -> Vec<Cell> {
        crate::core::game::checked_king(self, crate::core::game::Evaluate::in_check(self))
    }

    fn cell_marks(&self) -> Vec<(Cell, CellMark)> {
        view::marks(&self.pos)
    }

    fn panel(&self) -> Vec<String> {
        let mut v = view::panel(&self.pos);
        for p in [Player::White, Player::Black] {
            match self.viewer {
                Some(me) if me != p => v.push(format!(
                    "{} hand: {} cards, not seen",
                    p.name(),
                    self.pos.hand_len[p.index()]
                )),
                _ => v.push(format!(
                    "{} hand: {}",
                    p.name(),
                    fen::cards_text(self.hands[p.index()])
                )),
            }
        }
        if self.viewer.is_some() {
            v.push(format!("discard pile: {}", fen::cards_text(self.discard)));
        }
        v
    }
}

impl Chance for Booster {
    fn is_chance_node(&self) -> bool {
        self.pos.is_chance_node()
    }

    fn chance_actions(&self, out: &mut Vec<(Act, f64)>) {
        if !self.pos.is_chance_node() {
            return;
        }
        if self.pos.draw_len == 0 {
            out.push((Act::Reshuffle, 1.0));
            return;
        }
        if let Some(&top) = self.order.last() {
            out.push((Act::Draw(Card::from_code(top).expect("a card")), 1.0));
            return;
        }
        let pile = self.draw_pile();
        let p = 1.0 / pile.count_ones() as f64;
        out.extend(Bits(pile).map(|c| (Act::Draw(Card::from_code(c).expect("a card")), p)));
    }

    fn sample_chance(&self, rng: &mut GameRng) -> Act {
        if self.pos.draw_len == 0 {
            return Act::Reshuffle;
        }
        if let Some(&top) = self.order.last() {
            return Act::Draw(Card::from_code(top).expect("a card"));
        }
        let pile: Vec<u8> = Bits(self.draw_pile()).collect();
        Act::Draw(Card::from_code(pile[below(rng, pile.len())]).expect("a card"))
    }
}

impl Hidden for Booster {
    type View = BoosterView;
    type Observation = Seen;

    fn view(&self, p: Player) -> BoosterView {
        let mut v = BoosterView {
            cfg: self.cfg,
            pos: self.pos,
            me: p,
            hand: self.hands[p.index()],
            discard: self.discard,
            turn_public: self.turn_public,
            rec: self.rec.clone(),
            theirs: 0,
        };
        v.settle();
        v
    }

    fn observe(&self, a: Act, p: Player) -> Seen {
        match a {
            Act::Draw(_) if self.pos.drawer() != p.index() => Seen::HiddenDraw,
            _ => Seen::Public(a),
        }
    }

    fn parse_view(&self, text: &str) -> Result<BoosterView, RuleError> {
        BoosterView::parse(text, self.cfg)
    }
}

/// The square name (for messages).
pub fn square(s: Cell) -> String {
    square_name(s)
}
