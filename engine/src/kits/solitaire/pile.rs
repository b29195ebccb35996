//! A pile of cards in play order: which card lies in each place (or that the player does not
//! know it), how many have been drawn from the top, and which of those were turned face up.
//!
//! Text: the drawn cards in the order they were drawn, then `|`, then the cards still in the
//! pile, top first, all separated by commas. A card drawn face down is written with a leading
//! `*`; a card the player does not know is `?`; a card the player has seen although it is not
//! face up on a discard pile (the next card, turned up by an add that could not place it) is
//! marked with `!` (`!QH`, or `*!QH` once drawn face down):
//! `9H,10H,KS,10S,8S,8H,10C,9S,*QH|8D,KH,9D,10D,8C,QS,9C` (clairvoyant) or
//! `9H,10H,KS,10S,8S,8H,10C,9S,*?|?,?,?,?,?,?,?` (what the player sees).

use rand_xoshiro::Xoshiro256PlusPlus;

use crate::core::game::RuleError;
use crate::core::zobrist;
use crate::kits::cards::{Card, Role};

/// The code of a place whose card the player does not know.
pub const UNKNOWN: u8 = 0xff;

/// The most cards a pile holds (Neighbour's positions pile has 20).
pub const MAX: usize = 20;

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Pile {
    slots: [u8; MAX],
    len: u8,
    drawn: u8,
    /// Bit i: the card in place i was drawn face up.
    shown: u32,
    /// Bit i: the player has seen the card in place i although it is not face up on a discard
    /// pile.
    seen: u32,
}

/// Zobrist keys of a pile: one per (place, card) and per drawn count and face-up place.
pub struct PileKeys {
    card: Vec<u64>,
    drawn: Vec<u64>,
    shown: Vec<u64>,
    seen: Vec<u64>,
}

impl PileKeys {
    pub fn new(seed: u64) -> PileKeys {
        let k = zobrist::keys(seed, MAX * 52 + (MAX + 1) + 2 * MAX);
        let (card, rest) = k.split_at(MAX * 52);
        let (drawn, rest) = rest.split_at(MAX + 1);
        let (shown, seen) = rest.split_at(MAX);
        PileKeys {
            card: card.to_vec(),
            drawn: drawn.to_vec(),
            shown: shown.to_vec(),
            seen: seen.to_vec(),
        }
    }

    pub fn card(&self, place: usize, code: u8) -> u64 {
        self.card[place * 52 + code as usize]
    }

    pub fn drawn(&self, n: u8) -> u64 {
        self.drawn[n as usize]
    }

    pub fn shown(&self, place: usize) -> u64 {
        self.shown[place]
    }

    pub fn seen(&self, place: usize) -> u64 {
        self.seen[place]
    }
}

impl Pile {
    /// A pile in the given order, nothing drawn.
    pub fn new(cards: &[Card]) -> Pile {
        assert!(cards.len() <= MAX);
        let mut slots = [UNKNOWN; MAX];
        for (s, c) in slots.iter_mut().zip(cards) {
            *s = c.code();
        }
        Pile {
            slots,
            len: cards.len() as u8,
            drawn: 0,
            shown: 0,
            seen: 0,
        }
    }

    pub fn len(&self) -> usize {
        self.len as usize
    }

    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    /// Cards drawn so far.
    pub fn drawn(&self) -> usize {
        self.drawn as usize
    }

    /// Cards still in the pile.
    pub fn left(&self) -> usize {
        (self.len - self.drawn) as usize
    }

    /// The card in place `i` (0 = the first drawn), if known.
    pub fn card(&self, i: usize) -> Option<Card> {
        Card::from_code(self.slots[i])
    }

    /// The next card to be drawn, if any is left and it is known.
    pub fn top(&self) -> Option<Card> {
        (self.left() > 0).then(|| self.card(self.drawn())).flatten()
    }

    pub fn top_is_known(&self) -> bool {
        self.left() > 0 && self.slots[self.drawn()] != UNKNOWN
    }

    pub fn is_shown(&self, i: usize) -> bool {
        self.shown & (1 << i) != 0
    }

    /// The player has seen the card in place `i` without it lying face up on a discard pile.
    pub fn is_seen(&self, i: usize) -> bool {
        self.seen & (1 << i) != 0
    }

    /// Marks the card in place `i` as seen; returns the change of key.
    pub fn mark_seen(&mut self, i: usize, keys: &PileKeys) -> u64 {
        debug_assert!(!self.is_seen(i));
        self.seen |= 1 << i;
        keys.seen(i)
    }

    /// Draws the top card, face up or down; returns the change of key.
    pub fn draw(&mut self, face_up: bool, keys: &PileKeys) -> u64 {
        let mut k = keys.drawn(self.drawn) ^ keys.drawn(self.drawn + 1);
        if face_up {
            self.shown |= 1 << self.drawn;
            k ^= keys.shown(self.drawn());
        }
        self.drawn += 1;
        k
    }

    /// Takes back the last draw; returns the change of key.
    pub fn undraw(&mut self, keys: &PileKeys) -> u64 {
        self.drawn -= 1;
        let mut k = keys.drawn(self.drawn) ^ keys.drawn(self.drawn + 1);
        if self.is_shown(self.drawn()) {
            self.shown &= !(1 << self.drawn);
            k ^= keys.shown(self.drawn());
        }
        k
    }

    /// Writes a card into an unknown place (a chance outcome); returns the change of key.
    pub fn learn(&mut self, place: usize, card: Card, keys: &PileKeys) -> u64 {
        debug_assert_eq!(self.slots[place], UNKNOWN);
        self.slots[place] = card.code();
        keys.card(place, card.code())
    }

    /// Forgets a card learnt by `learn`; returns the change of key.
    pub fn forget(&mut self, place: usize, keys: &PileKeys) -> u64 {
        let code = self.slots[place];
        self.slots[place] = UNKNOWN;
        keys.card(place, code)
    }

    pub fn key(&self, keys: &PileKeys) -> u64 {
        let mut k = keys.drawn(self.drawn);
        for i in 0..self.len() {
            if self.slots[i] != UNKNOWN {
                k ^= keys.card(i, self.slots[i]);
            }
            if self.is_shown(i) {
                k ^= keys.shown(i);
            }
            if self.is_seen(i) {
                k ^= keys.seen(i);
            }
        }
        k
    }

    /// The places whose card is unknown.
    pub fn unknown_places(&self) -> impl Iterator<Item = usize> + '_ {
        (0..self.len()).filter(|&i| self.slots[i] == UNKNOWN)
    }

    pub fn unknown_count(&self) -> usize {
        self.unknown_places().count()
    }

    /// The cards of `deck` not known to be anywhere in this pile (the unseen cards).
    pub fn unseen(&self, deck: &[Card]) -> Vec<Card> {
        deck.iter()
            .copied()
            .filter(|c| !self.slots[..self.len()].contains(&c.code()))
            .collect()
    }

    /// The same pile with every card the player has not seen replaced by `UNKNOWN`: cards
    /// drawn face up stay, and so do cards marked seen.
    pub fn observed(&self) -> Pile {
        let mut p = *self;
        for i in 0..self.len() {
            let known = (i < self.drawn() && self.is_shown(i)) || self.is_seen(i);
            if !known {
                p.slots[i] = UNKNOWN;
            }
        }
        p
    }

    /// Fills the unknown places with the unseen cards of `deck` in a uniformly random order.
    pub fn fill_unknown(&mut self, deck: &[Card], rng: &mut Xoshiro256PlusPlus) {
        let mut unseen = self.unseen(deck);
        shuffle(&mut unseen, rng);
        let places: Vec<usize> = self.unknown_places().collect();
        debug_assert_eq!(places.len(), unseen.len());
        for (i, c) in places.into_iter().zip(unseen) {
            self.slots[i] = c.code();
        }
    }

    /// Every card of the pile in order, where known.
    pub fn known_cards(&self) -> Vec<Card> {
        (0..self.len()).filter_map(|i| self.card(i)).collect()
    }

    /// The drawn cards that were turned up, in the order drawn.
    pub fn turned_up(&self) -> Vec<Card> {
        (0..self.drawn())
            .filter(|&i| self.is_shown(i))
            .filter_map(|i| self.card(i))
            .collect()
    }

    /// How many drawn cards were spent face down.
    pub fn face_down(&self) -> usize {
        (0..self.drawn()).filter(|&i| !self.is_shown(i)).count()
    }

    /// The cards still to draw, top first, for a panel: ` (top first: 9H ? KS)`, or nothing
    /// when none is left (`?` a card the player does not know).
    pub fn upcoming_note(&self) -> String {
        let left: Vec<String> = (self.drawn()..self.len())
            .map(|i| self.card(i).map_or("?".to_string(), |c| c.to_string()))
            .collect();
        if left.is_empty() {
            String::new()
        } else {
            format!(" (top first: {})", left.join(" "))
        }
    }

    /// The pile as text (see the module text).
    pub fn text(&self) -> String {
        let word = |i: usize| -> String {
            let card = self.card(i).map_or("?".to_string(), |c| c.to_string());
            let down = if i < self.drawn() && !self.is_shown(i) {
                "*"
            } else {
                ""
            };
            let seen = if self.is_seen(i) { "!" } else { "" };
            format!("{down}{seen}{card}")
        };
        let drawn: Vec<String> = (0..self.drawn()).map(word).collect();
        let left: Vec<String> = (self.drawn()..self.len()).map(word).collect();
        format!("{}|{}", drawn.join(","), left.join(","))
    }

    /// Reads the text form. `deck` is the set of cards the pile must hold, each once; `role`
    /// names the pile in messages.
    pub fn parse(text: &str, deck: &[Card], role: &str) -> Result<Pile, RuleError> {
        let (drawn, left) = text.split_once('|').ok_or_else(|| {
            RuleError::new(format!(
                "the {role} '{text}' needs a '|' between the drawn cards and the cards left"
            ))
        })?;
        let words = |s: &str| -> Vec<String> {
            s.split(',')
                .map(str::trim)
                .filter(|w| !w.is_empty())
                .map(String::from)
                .collect()
        };
        let (drawn, left) = (words(drawn), words(left));
        if drawn.len() + left.len() != deck.len() {
            return Err(RuleError::new(format!(
                "the {role} holds {} cards, not {}",
                deck.len(),
                drawn.len() + left.len()
            )));
        }
        let mut p = Pile {
            slots: [UNKNOWN; MAX],
            len: deck.len() as u8,
            drawn: drawn.len() as u8,
            shown: 0,
            seen: 0,
        };
        for (i, w) in drawn.iter().chain(left.iter()).enumerate() {
            let (face_down, name) = match w.strip_prefix('*') {
                Some(rest) => (true, rest),
                None => (false, w.as_str()),
            };
            let (seen, name) = match name.strip_prefix('!') {
                Some(rest) => (true, rest),
                None => (false, name),
            };
            if seen {
                if i < drawn.len() && !face_down {
                    return Err(RuleError::new(format!(
                        "'{w}': a card drawn face up is not marked seen ('!')"
                    )));
                }
                if name == "?" {
                    return Err(RuleError::new(format!("'{w}': a seen card is known")));
                }
                p.seen |= 1 << i;
            }
            if face_down && i >= drawn.len() {
                return Err(RuleError::new(format!(
                    "'{w}': only drawn cards are face down (written before the '|')"
                )));
            }
            if i < drawn.len() && !face_down {
                p.shown |= 1 << i;
            }
            if name == "?" {
                if i < drawn.len() && !face_down {
                    return Err(RuleError::new(format!(
                        "card {} of the {role} was drawn face up, so it is known",
                        i + 1
                    )));
                }
                continue;
            }
            let card = Card::parse(name)?;
            if !deck.contains(&card) {
                return Err(RuleError::new(format!(
                    "{card} is not a card of the {role}"
                )));
            }
            if p.slots[..deck.len()].contains(&card.code()) {
                return Err(RuleError::new(format!(
                    "{card} appears twice in the {role}"
                )));
            }
            p.slots[i] = card.code();
        }
        Ok(p)
    }
}

pub use crate::core::random::shuffle;

/// Checks that `cards` is `deck` in some order (each card once).
pub fn check_order(cards: &[Card], deck: &[Card], role: &str) -> Result<(), RuleError> {
    if cards.len() != deck.len() {
        return Err(RuleError::new(format!(
            "the {role} needs {} cards, not {}",
            deck.len(),
            cards.len()
        )));
    }
    for (i, c) in cards.iter().enumerate() {
        if !deck.contains(c) {
            let what = match c.role() {
                Role::Piece(p, colour) => format!("a {} {:?}", colour.name(), p).to_lowercase(),
                Role::Checker(_) => "a checker card".into(),
                Role::Unused => "unused".into(),
            };
            return Err(RuleError::new(format!(
                "{c} ({what}) is not a card of the {role}"
            )));
        }
        if cards[..i].contains(c) {
            return Err(RuleError::new(format!("{c} appears twice in the {role}")));
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::kits::cards::{parse_cards, solitaire_piece_cards};
    use rand_core::SeedableRng;

    #[test]
    fn text_round_trips() {
        let deck = solitaire_piece_cards();
        let keys = PileKeys::new(3);
        let mut p = Pile::new(&deck);
        p.draw(true, &keys);
        p.draw(false, &keys);
        let t = p.text();
        assert!(t.starts_with("8H,*9H|10H,"), "{t}");
        assert_eq!(Pile::parse(&t, &deck, "deck").unwrap(), p);
        let seen = p.observed();
        assert_eq!(seen.text().split('|').next().unwrap(), "8H,*?");
        assert_eq!(Pile::parse(&seen.text(), &deck, "deck").unwrap(), seen);
        assert_eq!(seen.unknown_count(), 15);
        assert_eq!(seen.unseen(&deck).len(), 15);
    }

    #[test]
    fn bad_piles_are_refused() {
        let deck = solitaire_piece_cards();
        let ok = Pile::new(&deck).text();
        assert!(Pile::parse(&ok, &deck, "deck").is_ok());
        for bad in [
            ok.replace('|', ","),
            ok.replacen("8H", "8D", 1),
            ok.replacen("8H", "2H", 1),
            ok.replacen("|8H,", "|", 1),
            ok.replacen("|8H", "|*8H", 1),
            ok.replacen("|8H", "?|", 1).replacen("?|,", "?|", 1),
        ] {
            assert!(Pile::parse(&bad, &deck, "deck").is_err(), "{bad}");
        }
    }

    #[test]
    fn keys_follow_draws() {
        let deck = solitaire_piece_cards();
        let keys = PileKeys::new(3);
        let mut p = Pile::new(&deck);
        let mut k = p.key(&keys);
        k ^= p.draw(true, &keys);
        k ^= p.draw(false, &keys);
        assert_eq!(k, p.key(&keys));
        k ^= p.undraw(&keys);
        assert_eq!(k, p.key(&keys));
        k ^= p.mark_seen(4, &keys);
        assert_eq!(k, p.key(&keys));
    }

    #[test]
    fn filling_respects_what_is_known() {
        let deck = solitaire_piece_cards();
        let order = parse_cards("9H 10H KS 10S 8S 8H 10C 9S 8D QH KH 9D 10D 8C QS 9C").unwrap();
        let keys = PileKeys::new(3);
        let mut p = Pile::new(&order);
        for _ in 0..9 {
            p.draw(true, &keys);
        }
        p.mark_seen(9, &keys);
        let seen = p.observed();
        assert_eq!(seen.card(9), p.card(9));
        assert!(seen.text().contains("|!QH,"), "{}", seen.text());
        assert_eq!(Pile::parse(&seen.text(), &deck, "deck").unwrap(), seen);
        let mut rng = Xoshiro256PlusPlus::seed_from_u64(1);
        let mut full = seen;
        full.fill_unknown(&deck, &mut rng);
        assert_eq!(full.unknown_count(), 0);
        for i in 0..9 {
            assert_eq!(full.card(i), p.card(i));
        }
        let mut all: Vec<u8> = (0..16).map(|i| full.card(i).unwrap().code()).collect();
        all.sort_unstable();
        all.dedup();
        assert_eq!(all.len(), 16);
    }
}
