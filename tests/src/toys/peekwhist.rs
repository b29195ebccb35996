//! Peek Whist: a small trick-taking card game with hidden hands, chance and private events,
//! for testing the hidden-information parts without any real variant.
//!
//! Twelve cards: jack, queen, king and ace (low to high) of spades, hearts and diamonds,
//! written `JS` ... `AD`. Chance deals three cards to each player (White first); the other
//! six are the stock, face down. White leads the first trick. The leader plays a card, the
//! follower plays one and must follow suit if it can; the higher card of the led suit wins
//! the trick and leads the next. After each trick, while the stock lasts, the winner draws a
//! card, then the loser. Once per game, a player about to lead may first `peek` at the top
//! card of the stock (chance shows it to that player only; that card is drawn next). When
//! every card is played, more tricks wins; three each is a draw.
//!
//! Notation: a card played `QS`; chance's draw `+QS` (seen as `+?` by the other player);
//! `peek`, then chance's `=QS` (the top card, `=?` to the other player).
//!
//! Position (the truth): `<white hand> <black hand> <stock> <to move> <led card> <tricks>
//! <peeked> <top> <pending draws> <voids>`, e.g. `JSQH AD KS... w - 0-0 - - wbwbwb 000000`.
//! Cards are concatenated (`-` for none); `<tricks>` is `white-black`; `<peeked>` is `-`,
//! `w`, `b` or `wb`; `<top>` is the stock's fixed top card (`-` when none), `p` when a peek
//! is to be shown; `<pending draws>` lists who draws next (`-` when nobody); `<voids>` six
//! digits, White's spades, hearts, diamonds then Black's: 0 when the player has not shown a
//! void, else 1 plus the cards it has drawn since it failed to follow that suit.
//!
//! A view: `view <w|b> <own hand> <played cards> <their hand size> <stock size> <to move>
//! <led card> <tricks> <peeked> <top> <pending draws> <voids>`, the top written `?` when
//! fixed but unknown to the viewer.

use std::sync::OnceLock;

use tessera::core::game::{below, Chance, GameRng, Hidden, ObservationOf, Sample, View};
use tessera::{Action, Cell, Evaluate, Game, Geometry, Outcome, Player, RuleError};

pub const CARDS: u8 = 12;
const ALL: u16 = (1 << CARDS) - 1;
const RANKS: [char; 4] = ['J', 'Q', 'K', 'A'];
const SUITS: [char; 3] = ['S', 'H', 'D'];
const PEEK: u8 = 12;

fn suit(c: u8) -> u8 {
    c / 4
}

fn rank(c: u8) -> u8 {
    c % 4
}

pub fn card_text(c: u8) -> String {
    format!("{}{}", RANKS[rank(c) as usize], SUITS[suit(c) as usize])
}

pub fn parse_card(s: &str) -> Option<u8> {
    let mut ch = s.chars();
    let (rc, sc) = (ch.next()?, ch.next()?);
    let r = RANKS.iter().position(|&x| x == rc)?;
    let su = SUITS.iter().position(|&x| x == sc)?;
    ch.next().is_none().then_some((su * 4 + r) as u8)
}

fn cards_text(mask: u16) -> String {
    if mask == 0 {
        return "-".into();
    }
    (0..CARDS)
        .filter(|c| mask & (1 << c) != 0)
        .map(card_text)
        .collect()
}

fn parse_cards(s: &str) -> Option<u16> {
    if s == "-" {
        return Some(0);
    }
    if !s.len().is_multiple_of(2) {
        return None;
    }
    let mut m = 0u16;
    for i in (0..s.len()).step_by(2) {
        let c = parse_card(s.get(i..i + 2)?)?;
        if m & (1 << c) != 0 {
            return None;
        }
        m |= 1 << c;
    }
    Some(m)
}

fn side_char(p: Player) -> char {
    p.fen_char()
}

fn parse_side(s: &str) -> Option<Player> {
    match s {
        "w" => Some(Player::White),
        "b" => Some(Player::Black),
        _ => None,
    }
}

/// An action: a card (played, or drawn or shown by chance, by where it happens) or `peek`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Pw(pub u8);

impl Action for Pw {
    fn code(self) -> u32 {
        self.0 as u32
    }
}

/// The parts of the game both players see, shared by the truth and the views.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Public {
    pub to_move: Player,
    /// The card led to the current trick.
    pub led: Option<u8>,
    pub tricks: [u8; 2],
    pub peeked: [bool; 2],
    /// A peek waits for chance to show the top card.
    pub peek_pending: bool,
    /// Who has seen the stock's top card (it is fixed once someone has).
    pub top_known: [bool; 2],
    /// Who draws next, in order.
    pub pending: Vec<Player>,
    pub voids: [[u8; 3]; 2],
    pub played: u16,
}

impl Public {
    fn start() -> Public {
        use Player::{Black as B, White as W};
        Public {
            to_move: Player::White,
            led: None,
            tricks: [0, 0],
            peeked: [false; 2],
            peek_pending: false,
            top_known: [false; 2],
            pending: vec![W, B, W, B, W, B],
            voids: [[0; 3]; 2],
            played: 0,
        }
    }

    fn chance(&self) -> bool {
        self.peek_pending || !self.pending.is_empty()
    }

    fn peeked_text(&self) -> String {
        match self.peeked {
            [false, false] => "-".into(),
            [true, false] => "w".into(),
            [false, true] => "b".into(),
            [true, true] => "wb".into(),
        }
    }

    fn pending_text(&self) -> String {
        if self.pending.is_empty() {
            "-".into()
        } else {
            self.pending.iter().map(|&p| side_char(p)).collect()
        }
    }

    fn voids_text(&self) -> String {
        self.voids
            .iter()
            .flatten()
            .map(|v| char::from_digit(*v as u32, 10).unwrap_or('9'))
            .collect()
    }

    fn top_fixed(&self) -> bool {
        self.top_known[0] || self.top_known[1]
    }

    /// Reads the public fields `<to move> <led> <tricks> <peeked> <top> <pending> <voids>`;
    /// the top card's text (before the `:`) is returned for the caller to read.
    fn parse(f: &[&str], played: u16) -> Result<(Public, String), RuleError> {
        let bad = |what: &str| RuleError::new(format!("bad {what} field"));
        let [to_move, led, tricks, peeked, top, pending, voids] = f else {
            return Err(RuleError::new("wrong number of fields"));
        };
        let to_move = parse_side(to_move).ok_or_else(|| bad("side"))?;
        let led = match *led {
            "-" => None,
            c => Some(parse_card(c).ok_or_else(|| bad("led card"))?),
        };
        let (tw, tb) = tricks.split_once('-').ok_or_else(|| bad("tricks"))?;
        let tricks = [
            tw.parse().map_err(|_| bad("tricks"))?,
            tb.parse().map_err(|_| bad("tricks"))?,
        ];
        let peeked = match *peeked {
            "-" => [false, false],
            "w" => [true, false],
            "b" => [false, true],
            "wb" => [true, true],
            _ => return Err(bad("peeked")),
        };
        let pending = if *pending == "-" {
            Vec::new()
        } else {
            pending
                .chars()
                .map(|c| parse_side(&c.to_string()))
                .collect::<Option<Vec<_>>>()
                .ok_or_else(|| bad("pending"))?
        };
        let digits: Vec<u8> = voids
            .chars()
            .map(|c| c.to_digit(10).map(|d| d as u8))
            .collect::<Option<_>>()
            .ok_or_else(|| bad("voids"))?;
        if digits.len() != 6 {
            return Err(bad("voids"));
        }
        let mut v = [[0u8; 3]; 2];
        for (i, d) in digits.into_iter().enumerate() {
            v[i / 3][i % 3] = d;
        }
        let (top_card, top_known) = match *top {
            "-" => ("-", [false; 2]),
            "p" => ("p", [false; 2]),
            t => {
                let (card, who) = t.split_once(':').ok_or_else(|| bad("top"))?;
                let known = match who {
                    "w" => [true, false],
                    "b" => [false, true],
                    "wb" => [true, true],
                    _ => return Err(bad("top")),
                };
                (card, known)
            }
        };
        Ok((
            Public {
                to_move,
                led,
                tricks,
                peeked,
                peek_pending: *top == "p",
                top_known,
                pending,
                voids: v,
                played,
            },
            top_card.to_string(),
        ))
    }

    /// The public fields as text; `top` is the top card as the writer may show it.
    fn text(&self, top: &str) -> String {
        let top = if self.peek_pending {
            "p".to_string()
        } else if self.top_fixed() {
            let who = match self.top_known {
                [true, false] => "w",
                [false, true] => "b",
                _ => "wb",
            };
            format!("{top}:{who}")
        } else {
            "-".to_string()
        };
        format!(
            "{} {} {}-{} {} {} {} {}",
            side_char(self.to_move),
            self.led.map_or("-".into(), card_text),
            self.tricks[0],
            self.tricks[1],
            self.peeked_text(),
            top,
            self.pending_text(),
            self.voids_text()
        )
    }

    fn over(&self, cards_left: bool) -> bool {
        !cards_left && !self.chance() && self.led.is_none()
    }

    fn outcome(&self) -> Outcome {
        let [w, b] = self.tricks;
        if w > b {
            Outcome::Win {
                winner: Player::White,
                reason: "more tricks",
            }
        } else if b > w {
            Outcome::Win {
                winner: Player::Black,
                reason: "more tricks",
            }
        } else {
            Outcome::Draw {
                reason: "as many tricks",
            }
        }
    }

    /// A card was played by the side to move; `follows`: it followed suit or led.
    fn play_card(&mut self, c: u8, follows: bool) {
        let me = self.to_move;
        self.played |= 1 << c;
        match self.led {
            None => {
                self.led = Some(c);
                self.to_move = me.opponent();
            }
            Some(l) => {
                if !follows {
                    self.voids[me.index()][suit(l) as usize] = 1;
                }
                let winner = if suit(c) == suit(l) && rank(c) > rank(l) {
                    me
                } else {
                    me.opponent()
                };
                self.tricks[winner.index()] += 1;
                self.led = None;
                self.to_move = winner;
                self.pending = vec![winner, winner.opponent()];
            }
        }
    }

    /// A card was drawn by `p`, the first in line.
    fn drew(&mut self, p: Player) {
        self.pending.remove(0);
        for v in &mut self.voids[p.index()] {
            if *v > 0 {
                *v = (*v + 1).min(9);
            }
        }
        self.top_known = [false; 2];
    }
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PeekWhist {
    pub hands: [u16; 2],
    pub stock: u16,
    /// The stock's top card, once someone has peeked at it.
    pub top: Option<u8>,
    pub public: Public,
}

fn geometry() -> &'static Geometry {
    static G: OnceLock<Geometry> = OnceLock::new();
    G.get_or_init(|| Geometry::square(1, 1))
}

impl PeekWhist {
    pub fn new() -> PeekWhist {
        PeekWhist {
            hands: [0, 0],
            stock: ALL,
            top: None,
            public: Public::start(),
        }
    }

    fn drawer(&self) -> Option<Player> {
        self.public.pending.first().copied()
    }

    /// Drops draws the stock cannot serve.
    fn settle(&mut self) {
        if self.stock == 0 {
            self.public.pending.clear();
        }
    }

    fn cards_left(&self) -> bool {
        self.hands[0] | self.hands[1] | self.stock != 0
    }

    /// May the follower play `c`? (It must follow suit when it can.)
    fn follows(&self, hand: u16, c: u8) -> bool {
        match self.public.led {
            None => true,
            Some(l) => {
                let suit_mask: u16 = 0xF << (suit(l) * 4);
                suit(c) == suit(l) || hand & suit_mask == 0
            }
        }
    }
}

impl Default for PeekWhist {
    fn default() -> Self {
        PeekWhist::new()
    }
}

impl Game for PeekWhist {
    type Action = Pw;
    type Undo = PeekWhist;

    fn variant(&self) -> &'static str {
        "peekwhist"
    }
    fn geometry(&self) -> &Geometry {
        geometry()
    }
    fn to_move(&self) -> Player {
        self.public.to_move
    }
    fn legal_actions(&self, out: &mut Vec<Pw>) {
        if self.terminal().is_some() {
            return;
        }
        if self.public.peek_pending || self.drawer().is_some() {
            match self.top {
                Some(t) => out.push(Pw(t)),
                None => out.extend((0..CARDS).filter(|c| self.stock & (1 << c) != 0).map(Pw)),
            }
            return;
        }
        let me = self.public.to_move;
        let hand = self.hands[me.index()];
        if self.public.led.is_none() && !self.public.peeked[me.index()] && self.stock != 0 {
            out.push(Pw(PEEK));
        }
        out.extend(
            (0..CARDS)
                .filter(|&c| hand & (1 << c) != 0 && self.follows(hand, c))
                .map(Pw),
        );
    }
    fn play(&mut self, a: Pw) -> PeekWhist {
        let before = self.clone();
        let me = self.public.to_move;
        if self.public.peek_pending {
            self.top = Some(a.0);
            self.public.peek_pending = false;
            self.public.top_known[me.index()] = true;
        } else if let Some(p) = self.drawer() {
            self.stock &= !(1 << a.0);
            self.hands[p.index()] |= 1 << a.0;
            self.top = None;
            self.public.drew(p);
        } else if a.0 == PEEK {
            self.public.peeked[me.index()] = true;
            self.public.peek_pending = true;
        } else {
            let follows = match self.public.led {
                Some(l) => suit(a.0) == suit(l),
                None => true,
            };
            self.hands[me.index()] &= !(1 << a.0);
            self.public.play_card(a.0, follows);
        }
        self.settle();
        before
    }
    fn undo(&mut self, u: PeekWhist) {
        *self = u;
    }
    fn key(&self) -> u64 {
        self.recompute_key()
    }
    fn recompute_key(&self) -> u64 {
        let mut h = crate::toys::mix(
            self.hands[0] as u64
                | (self.hands[1] as u64) << 12
                | (self.stock as u64) << 24
                | (self.top.map_or(15, |t| t as u64)) << 36,
        );
        let p = &self.public;
        h ^= crate::toys::mix(
            p.to_move.index() as u64
                | (p.led.map_or(15, |c| c as u64)) << 1
                | (p.tricks[0] as u64) << 5
                | (p.tricks[1] as u64) << 9
                | (p.peeked[0] as u64) << 13
                | (p.peeked[1] as u64) << 14
                | (p.peek_pending as u64) << 15
                | (p.pending.len() as u64) << 16
                | (p.pending.first().map_or(0, |x| x.index() as u64)) << 20
                | 1 << 40,
        );
        h
    }
    fn terminal(&self) -> Option<Outcome> {
        self.public
            .over(self.cards_left())
            .then(|| self.public.outcome())
    }
    fn no_action_outcome(&self) -> Outcome {
        self.public.outcome()
    }
    fn parse_action(&self, s: &str) -> Result<Pw, RuleError> {
        let mut v = Vec::new();
        self.legal_actions(&mut v);
        v.into_iter()
            .find(|&a| self.format_action(a) == s)
            .ok_or_else(|| RuleError::new(format!("'{s}' is not legal here")))
    }
    fn format_action(&self, a: Pw) -> String {
        if self.public.peek_pending {
            format!("={}", card_text(a.0))
        } else if self.drawer().is_some() {
            format!("+{}", card_text(a.0))
        } else if a.0 == PEEK {
            "peek".into()
        } else {
            card_text(a.0)
        }
    }
    fn fen(&self) -> String {
        let top = self.top.map_or("-".into(), card_text);
        format!(
            "{} {} {} {}",
            cards_text(self.hands[0]),
            cards_text(self.hands[1]),
            cards_text(self.stock),
            self.public.text(&top)
        )
    }
    fn set_fen(&mut self, fen: &str) -> Result<(), RuleError> {
        let f: Vec<&str> = fen.split_whitespace().collect();
        if f.len() != 10 {
            return Err(RuleError::new("a position has 10 fields"));
        }
        let card_set =
            |s: &str| parse_cards(s).ok_or_else(|| RuleError::new(format!("bad cards '{s}'")));
        let hands = [card_set(f[0])?, card_set(f[1])?];
        let stock = card_set(f[2])?;
        if hands[0] & hands[1] != 0 || (hands[0] | hands[1]) & stock != 0 {
            return Err(RuleError::new("a card is in two places"));
        }
        let played = ALL & !(hands[0] | hands[1] | stock);
        let (public, top) = Public::parse(&f[3..], played)?;
        let top = match top.as_str() {
            "-" | "p" => None,
            t => Some(parse_card(t).ok_or_else(|| RuleError::new("bad top card"))?),
        };
        if top.is_some_and(|t| stock & (1 << t) == 0) || top.is_some() != public.top_fixed() {
            return Err(RuleError::new("the top card is not in the stock"));
        }
        *self = PeekWhist {
            hands,
            stock,
            top,
            public,
        };
        Ok(())
    }
    fn reset(&mut self) {
        *self = PeekWhist::new();
    }
    fn display(&self) -> String {
        format!(
            "white {} | black {} | stock {}\n{}",
            cards_text(self.hands[0]),
            cards_text(self.hands[1]),
            cards_text(self.stock),
            self.fen()
        )
    }
    fn pieces(&self) -> Vec<(Cell, String)> {
        Vec::new()
    }
}

impl Evaluate for PeekWhist {
    /// Tricks won, and the strength of the hand held.
    fn evaluate(&self) -> i32 {
        let me = self.public.to_move.index();
        let strength = |m: u16| -> i32 {
            (0..CARDS)
                .filter(|c| m & (1 << c) != 0)
                .map(|c| rank(c) as i32)
                .sum()
        };
        100 * (self.public.tricks[me] as i32 - self.public.tricks[1 - me] as i32)
            + 15 * (strength(self.hands[me]) - strength(self.hands[1 - me]))
    }
}

impl Chance for PeekWhist {
    fn is_chance_node(&self) -> bool {
        self.terminal().is_none() && (self.public.peek_pending || self.drawer().is_some())
    }
    fn chance_actions(&self, out: &mut Vec<(Pw, f64)>) {
        let mut v = Vec::new();
        self.legal_actions(&mut v);
        let p = 1.0 / v.len() as f64;
        out.extend(v.into_iter().map(|a| (a, p)));
    }
}

/// What a player perceives of an action.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum Seen {
    Played(u8),
    Peek,
    /// A draw: the card to its drawer, `None` to the other player.
    Drew(Option<u8>),
    /// The top card shown to the player who peeked.
    Top(Option<u8>),
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PwView {
    pub me: Player,
    pub hand: u16,
    pub their_count: u8,
    pub stock_count: u8,
    /// The stock's top card, where this player peeked at it.
    pub top: Option<u8>,
    pub public: Public,
}

impl Hidden for PeekWhist {
    type View = PwView;
    type Observation = Seen;

    fn view(&self, p: Player) -> PwView {
        let mine = self.public.top_known[p.index()];
        PwView {
            me: p,
            hand: self.hands[p.index()],
            their_count: self.hands[1 - p.index()].count_ones() as u8,
            stock_count: self.stock.count_ones() as u8,
            top: if mine { self.top } else { None },
            public: self.public.clone(),
        }
    }

    fn observe(&self, a: Pw, p: Player) -> Seen {
        if self.public.peek_pending {
            Seen::Top((self.public.to_move == p).then_some(a.0))
        } else if let Some(d) = self.drawer() {
            Seen::Drew((d == p).then_some(a.0))
        } else if a.0 == PEEK {
            Seen::Peek
        } else {
            Seen::Played(a.0)
        }
    }

    fn parse_view(&self, text: &str) -> Result<PwView, RuleError> {
        let f: Vec<&str> = text.split_whitespace().collect();
        if f.len() != 13 || f[0] != "view" {
            return Err(RuleError::new(
                "a view is 'view <w|b> <hand> <played> <their count> <stock count> <to move> <led> <tricks> <peeked> <top> <pending> <voids>'",
            ));
        }
        let me = parse_side(f[1]).ok_or_else(|| RuleError::new("bad viewer"))?;
        let hand = parse_cards(f[2]).ok_or_else(|| RuleError::new("bad hand"))?;
        let played = parse_cards(f[3]).ok_or_else(|| RuleError::new("bad played cards"))?;
        let num = |s: &str| {
            s.parse::<u8>()
                .map_err(|_| RuleError::new(format!("bad count '{s}'")))
        };
        let their_count = num(f[4])?;
        let stock_count = num(f[5])?;
        if hand & played != 0
            || (hand | played).count_ones() as u8 + their_count + stock_count != CARDS
        {
            return Err(RuleError::new("the cards do not add up to twelve"));
        }
        let (public, top) = Public::parse(&f[6..], played)?;
        let top = match top.as_str() {
            "-" | "p" | "?" => None,
            t => Some(parse_card(t).ok_or_else(|| RuleError::new("bad top card"))?),
        };
        if top.is_some() != public.top_known[me.index()] {
            return Err(RuleError::new(
                "the top card is shown to whoever has seen it",
            ));
        }
        Ok(PwView {
            me,
            hand,
            their_count,
            stock_count,
            top,
            public,
        })
    }
}

impl View for PwView {
    type Game = PeekWhist;

    fn player(&self) -> Player {
        self.me
    }
    fn to_move(&self) -> Player {
        self.public.to_move
    }
    fn outcome(&self) -> Option<Outcome> {
        let left = self.hand != 0 || self.their_count > 0 || self.stock_count > 0;
        self.public.over(left).then(|| self.public.outcome())
    }
    fn apply(&mut self, o: &Seen) -> Result<(), RuleError> {
        let mut v = self.clone();
        let p = &mut v.public;
        let bad = |what: &str| Err(RuleError::new(format!("{what} does not fit this view")));
        match *o {
            Seen::Top(c) => {
                if !p.peek_pending {
                    return bad("a shown top card");
                }
                if (p.to_move == v.me) != c.is_some() {
                    return bad("the top card");
                }
                p.peek_pending = false;
                p.top_known[p.to_move.index()] = true;
                v.top = c.or(v.top);
            }
            Seen::Drew(c) => {
                let Some(&d) = p.pending.first() else {
                    return bad("a draw");
                };
                if (d == v.me) != c.is_some() || v.stock_count == 0 {
                    return bad("the draw");
                }
                if let Some(c) = c {
                    if (v.hand | p.played) & (1 << c) != 0 || v.top.is_some_and(|t| t != c) {
                        return bad("the card drawn");
                    }
                    v.hand |= 1 << c;
                } else {
                    v.their_count += 1;
                }
                v.stock_count -= 1;
                v.top = None;
                p.drew(d);
                if v.stock_count == 0 {
                    p.pending.clear();
                }
            }
            Seen::Peek => {
                if p.chance() || p.led.is_some() || p.peeked[p.to_move.index()] {
                    return bad("a peek");
                }
                p.peeked[p.to_move.index()] = true;
                p.peek_pending = true;
            }
            Seen::Played(c) => {
                if p.chance() || p.played & (1 << c) != 0 {
                    return bad("the card played");
                }
                let mover = p.to_move;
                let follows = match p.led {
                    Some(l) => suit(c) == suit(l),
                    None => true,
                };
                if mover == v.me {
                    if v.hand & (1 << c) == 0 {
                        return bad("a card not in hand");
                    }
                    v.hand &= !(1 << c);
                } else {
                    if v.hand & (1 << c) != 0 || v.their_count == 0 || v.top == Some(c) {
                        return bad("the opponent's card");
                    }
                    v.their_count -= 1;
                }
                p.play_card(c, follows);
                if v.stock_count == 0 {
                    p.pending.clear();
                }
            }
        }
        *self = v;
        Ok(())
    }
    fn parse_observation(&self, text: &str) -> Result<Seen, RuleError> {
        let card = |s: &str| {
            parse_card(s).ok_or_else(|| RuleError::new(format!("bad observation '{text}'")))
        };
        let hidden_or = |s: &str| {
            if s == "?" {
                Ok(None)
            } else {
                card(s).map(Some)
            }
        };
        if text == "peek" {
            Ok(Seen::Peek)
        } else if let Some(r) = text.strip_prefix('+') {
            Ok(Seen::Drew(hidden_or(r)?))
        } else if let Some(r) = text.strip_prefix('=') {
            Ok(Seen::Top(hidden_or(r)?))
        } else {
            Ok(Seen::Played(card(text)?))
        }
    }
    fn format_observation(&self, o: &Seen) -> String {
        let c = |x: Option<u8>| x.map_or("?".to_string(), card_text);
        match *o {
            Seen::Played(x) => card_text(x),
            Seen::Peek => "peek".into(),
            Seen::Drew(x) => format!("+{}", c(x)),
            Seen::Top(x) => format!("={}", c(x)),
        }
    }
    fn fen(&self) -> String {
        let top = self.top.map_or("?".into(), card_text);
        format!(
            "view {} {} {} {} {} {}",
            side_char(self.me),
            cards_text(self.hand),
            cards_text(self.public.played),
            self.their_count,
            self.stock_count,
            self.public.text(&top)
        )
    }
    fn display(&self) -> String {
        format!(
            "{} holds {}; the other player holds {} cards; stock {}; played {}",
            self.me.name(),
            cards_text(self.hand),
            self.their_count,
            self.stock_count,
            cards_text(self.public.played)
        )
    }
    fn determinize(&self, rng: &mut GameRng) -> PeekWhist {
        self.sample(rng).state
    }
    /// Deals the unseen cards at random to the other hand and the stock, keeping a known top
    /// card in the stock and respecting the other player's shown voids (a void holds fewer
    /// cards of that suit than it has drawn since): rejection sampling, giving up on the voids
    /// after a thousand tries.
    fn sample(&self, rng: &mut GameRng) -> Sample<PeekWhist> {
        let me = self.me.index();
        let them = 1 - me;
        let mut unseen: Vec<u8> = (0..CARDS)
            .filter(|&c| (self.hand | self.public.played) & (1 << c) == 0 && Some(c) != self.top)
            .collect();
        let n = self.their_count as usize;
        let mut best = None;
        for _ in 0..1000 {
            for i in 0..n.min(unseen.len()) {
                let j = i + below(rng, unseen.len() - i);
                unseen.swap(i, j);
            }
            let theirs: u16 = unseen[..n].iter().fold(0, |m, &c| m | 1 << c);
            let ok = (0..3).all(|s| {
                let v = self.public.voids[them][s];
                v == 0 || (theirs >> (s * 4) & 0xF).count_ones() < v as u32
            });
            best = Some(theirs);
            if ok {
                break;
            }
        }
        let theirs = best.unwrap_or(0);
        let mut hands = [0u16; 2];
        hands[me] = self.hand;
        hands[them] = theirs;
        let stock = ALL & !(self.hand | self.public.played | theirs);
        // A top card fixed by the other player's peek is one of the stock's cards.
        let top = match self.top {
            Some(t) => Some(t),
            None if self.public.top_fixed() => {
                let s: Vec<u8> = (0..CARDS).filter(|c| stock & (1 << c) != 0).collect();
                (!s.is_empty()).then(|| s[below(rng, s.len())])
            }
            None => None,
        };
        Sample {
            state: PeekWhist {
                hands,
                stock,
                top,
                public: self.public.clone(),
            },
            weight: 1.0,
        }
    }
}

/// Observation type of the game, for tests.
pub type PwSeen = ObservationOf<PwView>;
