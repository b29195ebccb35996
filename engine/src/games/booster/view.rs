//! One player's view: the public position (board, stacks, supplies, pile sizes, the discard
//! pile) and its own hand. What it perceives of an action: every player action whole (card
//! plays are public: the card goes face up to the discard pile), its own draws (`#5s`), the
//! opponent's draws as `#?`, and the reshuffle. Sampling deals the unseen cards at random
//! between the opponent's hand and the draw pile, as the rules' shuffle does, except the
//! cards known to be in the opponent's hand.
//!
//! What a view knows of the cards it has not seen: when the draw pile is empty every unseen
//! card is in the opponent's hand, and it stays known there (through the reshuffle, which
//! brings back only the discard pile) until the opponent plays it. An observation that puts
//! a card anywhere the view knows it cannot be is refused.

use crate::core::bitboard::{Bits, Cell};
use crate::core::game::{below, CellMark, GameRng, Outcome, Player, RuleError, View};
use crate::kits::cards::Card;
use crate::kits::chessboard::{square_name, PieceKind};

use super::fen::{cards_text, format_public, mask_of, parse_card_list, parse_public};
use super::movegen::Act;
use super::notation;
use super::position::{Phase, Pos};
use super::{check_public, draw_rules, player, public_key, Booster, Config, Record, Weights};

/// What a player perceives of one action.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum Seen {
    /// The action itself (every player action, the reshuffle, and one's own draws).
    Public(Act),
    /// The opponent drew a card.
    HiddenDraw,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BoosterView {
    pub(super) cfg: Config,
    pub(super) pos: Pos,
    pub(super) me: Player,
    pub(super) hand: u64,
    pub(super) discard: u64,
    pub(super) turn_public: u64,
    pub(super) rec: Record,
    /// Unseen cards known to be in the opponent's hand.
    pub(super) theirs: u64,
}

impl BoosterView {
    /// A full state with this view's public part and own hand, the opponent holding
    /// `theirs`; `viewer` marks a picture of the view.
    fn state(&self, theirs: u64, viewer: Option<Player>) -> Booster {
        let mut hands = [0; 2];
        hands[self.me.index()] = self.hand;
        hands[self.me.opponent().index()] = theirs;
        Booster {
            cfg: self.cfg,
            pos: self.pos,
            hands,
            discard: self.discard,
            order: Vec::new(),
            turn_public: self.turn_public,
            rec: self.rec.clone(),
            draw_rules: true,
            weights: Weights::default(),
            viewer,
        }
    }

    /// Cards this player has not seen: in the opponent's hand or the draw pile.
    pub fn unseen(&self) -> u64 {
        self.cfg.deck & !self.hand & !self.discard
    }

    /// Unseen cards known to be in the opponent's hand.
    pub fn known_theirs(&self) -> u64 {
        self.theirs
    }

    /// Unseen cards that may be in the draw pile.
    fn drawable(&self) -> u64 {
        self.unseen() & !self.theirs
    }

    /// The cards the opponent may hold: the known ones, and any other unseen one while its
    /// hand has room for more than the known ones.
    fn opponent_may_hold(&self) -> u64 {
        let size = self.pos.hand_len[self.me.opponent().index()] as u32;
        if size > self.theirs.count_ones() {
            self.unseen()
        } else {
            self.theirs
        }
    }

    /// Brings the known cards up to date: a played card leaves them, and with the draw pile
    /// empty every unseen card is in the opponent's hand.
    pub(super) fn settle(&mut self) {
        self.theirs &= self.unseen();
        if self.pos.draw_len == 0 && self.pos.phase != Phase::Deal {
            self.theirs = self.unseen();
        }
    }

    pub fn hand(&self) -> Vec<Card> {
        Bits(self.hand)
            .map(|c| Card::from_code(c).expect("a card"))
            .collect()
    }

    /// The actions that may come next as this player knows them: chance's (every unseen
    /// card for its own draw, the reshuffle), or the mover's, the opponent's cards being any
    /// unseen ones.
    fn candidates(&self) -> Vec<Act> {
        let mut v = Vec::new();
        if self.outcome().is_some() {
            return v;
        }
        if self.pos.is_chance_node() {
            if self.pos.draw_len == 0 {
                v.push(Act::Reshuffle);
            } else if self.pos.drawer() == self.me.index() {
                v.extend(
                    Bits(self.drawable()).map(|c| Act::Draw(Card::from_code(c).expect("a card"))),
                );
            }
            return v;
        }
        let cards = if self.pos.side as usize == self.me.index() {
            self.hand
        } else {
            self.opponent_may_hold()
        };
        self.pos.legal(&self.cfg.hand(cards), &mut |a| v.push(a));
        v
    }

    fn step(&mut self, a: Act) {
        let before = self.pos;
        let was_deal = self.pos.phase == Phase::Deal;
        match a {
            Act::Draw(c) if self.pos.drawer() == self.me.index() => self.hand |= 1 << c.code(),
            Act::Card { card, .. } => {
                self.hand &= !(1 << card.code());
                self.discard |= 1 << card.code();
            }
            Act::Reshuffle => self.discard = 0,
            _ => {}
        }
        self.pos.apply(a);
        if self.pos.side != before.side {
            self.rec.history.push(self.turn_public);
        }
        if self.pos.side != before.side || (was_deal && self.pos.phase == Phase::Regular) {
            self.turn_public = public_key(&self.pos, self.discard);
        }
        self.settle();
    }

    /// Why an observation naming a card cannot have happened, when the view knows where the
    /// card is (`None`: no card conflict; the observation may still be illegal otherwise).
    fn card_conflict(&self, text: &str) -> Option<RuleError> {
        let t = text.trim().to_ascii_lowercase();
        let (card, draw) = if let Some(c) = t.strip_prefix('#') {
            (c, true)
        } else {
            (t.split_once('+')?.0, false)
        };
        let card = Card::parse(card).ok()?;
        let bit = 1u64 << card.code();
        let side = |p: Player| if p == Player::White { "White" } else { "Black" };
        let me = side(self.me);
        let them = side(self.me.opponent());
        let refuse = |why: String| Some(RuleError::new(format!("'{t}' cannot be: {why}")));
        if self.cfg.deck & bit == 0 {
            return refuse(format!("{card} is not in this game's deck"));
        }
        if draw {
            let my_draw = self.pos.is_chance_node()
                && self.pos.draw_len > 0
                && self.pos.drawer() == self.me.index();
            if !my_draw {
                return None;
            }
            if self.hand & bit != 0 {
                return refuse(format!("{card} is already in {me}'s hand"));
            }
            if self.discard & bit != 0 {
                return refuse(format!("{card} is in the discard pile"));
            }
            if self.theirs & bit != 0 {
                return refuse(format!(
                    "{card} is known to be in {them}'s hand (every card not seen was there \
                     when the draw pile was empty), not in the draw pile"
                ));
            }
            return None;
        }
        if self.pos.is_chance_node() {
            return None;
        }
        if self.pos.side as usize == self.me.index() {
            return (self.hand & bit == 0)
                .then(|| refuse(format!("{card} is not in {me}'s hand")))
                .flatten();
        }
        if self.hand & bit != 0 {
            return refuse(format!("{card} is in {me}'s hand, not {them}'s"));
        }
        if self.discard & bit != 0 {
            return refuse(format!(
                "{card} is in the discard pile, not in {them}'s hand"
            ));
        }
        if self.opponent_may_hold() & bit == 0 {
            return refuse(format!(
                "{them}'s hand holds only cards known to {me} ({}), and {card} is not one of them",
                cards_text(self.theirs)
            ));
        }
        None
    }

    pub(super) fn parse(text: &str, cfg: Config) -> Result<BoosterView, RuleError> {
        let f: Vec<&str> = text.split_whitespace().collect();
        if f.len() != 14 || f[0] != "view" {
            return Err(RuleError::new(format!(
                "a Booster view has 14 fields (view, w|b, the six of chess, stacks, turn, own \
                 hand, their hand size, draw pile size, discard pile), got {}",
                f.len()
            )));
        }
        let me = match f[1] {
            "w" => Player::White,
            "b" => Player::Black,
            s => {
                return Err(RuleError::new(format!(
                    "the viewer must be w or b, not '{s}'"
                )))
            }
        };
        let mut pos = parse_public(&f[2..10], &cfg)?;
        let hand = mask_of(&parse_card_list(f[10], cfg.deck)?);
        let discard = mask_of(&parse_card_list(f[13], cfg.deck)?);
        if hand & discard != 0 {
            return Err(RuleError::new(
                "a card is both in the hand and the discard pile",
            ));
        }
        let num = |s: &str, what: &str| {
            s.parse::<u8>()
                .map_err(|_| RuleError::new(format!("bad {what} '{s}'")))
        };
        let theirs = num(f[11], "hand size")?;
        let draw = num(f[12], "draw pile size")?;
        let unseen = (cfg.deck & !hand & !discard).count_ones() as u8;
        if theirs as u32 + draw as u32 != unseen as u32 {
            return Err(RuleError::new(format!(
                "{theirs} cards in the opponent's hand and {draw} in the draw pile, but {unseen} \
                 cards are unseen"
            )));
        }
        let mine = hand.count_ones() as u8;
        pos.hand_len[me.index()] = mine;
        pos.hand_len[me.opponent().index()] = theirs;
        pos.draw_len = draw;
        pos.discard_len = discard.count_ones() as u8;
        pos.key = pos.compute_key();
        pos.turn_key = pos.key;
        let mut v = BoosterView {
            cfg,
            pos,
            me,
            hand,
            discard,
            turn_public: public_key(&pos, discard),
            rec: Record::default(),
            theirs: 0,
        };
        v.settle();
        let mover_cards = if pos.side as usize == me.index() {
            hand
        } else {
            v.opponent_may_hold()
        };
        check_public(&pos, &cfg, mover_cards)?;
        Ok(v)
    }
}

impl View for BoosterView {
    type Game = Booster;

    fn player(&self) -> Player {
        self.me
    }

    fn to_move(&self) -> Player {
        player(self.pos.side as usize)
    }

    fn outcome(&self) -> Option<Outcome> {
        draw_rules(&self.pos, self.discard, &self.rec).or_else(|| {
            // The player knows its own actions (the same in every state its view allows):
            // with none on its turn the game is over.
            if self.pos.is_chance_node() || self.pos.side as usize != self.me.index() {
                return None;
            }
            let g = self.determinize(&mut crate::core::game::seeded_rng(0));
            (crate::core::game::Game::count_actions(&g) == 0)
                .then(|| crate::core::game::Game::no_action_outcome(&g))
        })
    }

    fn apply(&mut self, o: &Seen) -> Result<(), RuleError> {
        if let Some(o) = self.outcome() {
            return Err(RuleError::new(format!("game is over ({o})")));
        }
        match *o {
            Seen::HiddenDraw => {
                if !self.pos.is_chance_node()
                    || self.pos.draw_len == 0
                    || self.pos.drawer() == self.me.index()
                {
                    return Err(RuleError::new(
                        "'#?' (the opponent drew) does not fit this view: it is not the \
                         opponent's draw",
                    ));
                }
                self.step(Act::Draw(Card::from_code(0).expect("a card")));
            }
            Seen::Public(a) => {
                if !self.candidates().contains(&a) {
                    let text = notation::format(a);
                    return Err(self.card_conflict(&text).unwrap_or_else(|| {
                        RuleError::new(format!("'{text}' is not legal in this view"))
                    }));
                }
                self.step(a);
            }
        }
        Ok(())
    }

    fn parse_observation(&self, text: &str) -> Result<Seen, RuleError> {
        if text.trim() == "#?" {
            return Ok(Seen::HiddenDraw);
        }
        notation::find(text, &self.candidates())
            .map(Seen::Public)
            .map_err(|e| self.card_conflict(text).unwrap_or(e))
    }

    fn format_observation(&self, o: &Seen) -> String {
        match o {
            Seen::HiddenDraw => "#?".into(),
            Seen::Public(a) => notation::format(*a),
        }
    }

    fn fen(&self) -> String {
        format!(
            "view {} {} {} {} {} {}",
            self.me.fen_char(),
            format_public(&self.pos),
            cards_text(self.hand),
            self.pos.hand_len[self.me.opponent().index()],
            self.pos.draw_len,
            cards_text(self.discard)
        )
    }

    fn display(&self) -> String {
        let mut s = board_text(&self.pos);
        s.push_str(&format!(
            "{} hand: {}\n{} hand: {} cards\ndraw pile: {} cards; discard pile: {}\n",
            self.me.name(),
            cards_text(self.hand),
            self.me.opponent().name(),
            self.pos.hand_len[self.me.opponent().index()],
            self.pos.draw_len,
            cards_text(self.discard)
        ));
        s
    }

    fn determinize(&self, rng: &mut GameRng) -> Booster {
        let mut unseen: Vec<u8> = Bits(self.drawable()).collect();
        let mut theirs = self.theirs;
        let known = self.theirs.count_ones() as u8;
        for _ in known..self.pos.hand_len[self.me.opponent().index()] {
            let i = below(rng, unseen.len());
            theirs |= 1 << unseen.swap_remove(i);
        }
        self.state(theirs, None)
    }

    /// The board, the player's own hand, and only the counts of what it cannot see (the
    /// other hand is empty in the picture).
    fn picture(&self) -> Option<Booster> {
        Some(self.state(0, Some(self.me)))
    }
}

// ----- pictures shared by the truth and the views -------------------------------------------

fn letter(pos: &Pos, s: Cell) -> Option<char> {
    pos.board.piece_at(s).map(|(c, k)| {
        let l = PieceKind::from_index(k).letter();
        if c == 0 {
            l.to_ascii_uppercase()
        } else {
            l
        }
    })
}

pub(super) fn board_text(pos: &Pos) -> String {
    let mut s = String::from("  +----+----+----+----+----+----+----+----+\n");
    for rank in (0..8u8).rev() {
        s.push_str(&format!("{} |", rank + 1));
        for file in 0..8u8 {
            let sq = rank * 8 + file;
            let cell = match letter(pos, sq) {
                None => "    ".to_string(),
                Some(l) => match pos.stacks[sq as usize] {
                    0 => format!(" {l}  "),
                    n => format!(
                        " {l}{n}{}",
                        if pos.checker_colour(sq) == 1 {
                            'b'
                        } else {
                            'w'
                        }
                    ),
                },
            };
            s.push_str(&format!("{cell:<4}|"));
        }
        s.push_str("\n  +----+----+----+----+----+----+----+----+\n");
    }
    s.push_str("    a    b    c    d    e    f    g    h\n\n");
    s.push_str("(after a piece: the checkers under it and their colour)\n");
    for line in panel(pos) {
        s.push_str(&line);
        s.push('\n');
    }
    s
}

pub(super) fn pieces(pos: &Pos) -> Vec<(Cell, String)> {
    Bits(pos.board.occupied())
        .map(|s| (s, letter(pos, s).expect("occupied").to_string()))
        .collect()
}

pub(super) fn marks(pos: &Pos) -> Vec<(Cell, CellMark)> {
    Bits(pos.stacked)
        .map(|s| {
            (
                s,
                CellMark::Stack {
                    count: pos.stacks[s as usize],
                    colour: Some(player(pos.checker_colour(s))),
                },
            )
        })
        .collect()
}

pub(super) fn panel(pos: &Pos) -> Vec<String> {
    let side = player(pos.side as usize).name();
    let turn = match pos.phase {
        Phase::Deal => "the cards are being dealt".to_string(),
        Phase::Regular => format!("{side} to move"),
        Phase::Steps(s) => format!(
            "{side} to move: the piece on {} may step ({} left), play a card or end",
            square_name(s),
            pos.stacks[s as usize]
        ),
        Phase::Card => format!("{side} to move: play a card or end"),
        Phase::Draw => format!("{side} draws"),
    };
    vec![
        turn,
        format!(
            "supplies: white {} of {}, black {} of {}",
            pos.supply(0),
            pos.checkers[0],
            pos.supply(1),
            pos.checkers[1]
        ),
        format!(
            "hands: white {} cards, black {}; draw pile {}, discard pile {}",
            pos.hand_len[0], pos.hand_len[1], pos.draw_len, pos.discard_len
        ),
    ]
}
