//! Playing cards as the chess-kit games use them (Booster Chess, Parade and Neighbour Chess
//! Solitaire): compact codes, text, and the card-to-piece table of the rule text's
//! Appendix A.
//!
//! Appendix A (from the author's published rules): red cards are White pieces, black cards
//! Black pieces; the 2 to 5 are pawns, the 8s knights, the 9s bishops, the 10s rooks, the
//! queen of hearts (spades) the White (Black) queen and the king of hearts (spades) the White
//! (Black) king. The 6s and 7s stand for empty cells in games that use them; Booster's sixes
//! are its checker cards. Aces, jacks and the queens and kings of diamonds and clubs are not
//! used: a queen or king of diamonds or clubs is refused when read, naming the right card,
//! since writing one for a piece is the likely slip.

use std::fmt;

use crate::core::game::{Player, RuleError};

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Suit {
    Hearts,
    Diamonds,
    Spades,
    Clubs,
}

impl Suit {
    pub const ALL: [Suit; 4] = [Suit::Hearts, Suit::Diamonds, Suit::Spades, Suit::Clubs];

    /// Red suits are White's, black suits Black's.
    pub fn colour(self) -> Player {
        match self {
            Suit::Hearts | Suit::Diamonds => Player::White,
            Suit::Spades | Suit::Clubs => Player::Black,
        }
    }

    pub fn letter(self) -> char {
        match self {
            Suit::Hearts => 'H',
            Suit::Diamonds => 'D',
            Suit::Spades => 'S',
            Suit::Clubs => 'C',
        }
    }

    fn from_letter(c: char) -> Option<Suit> {
        match c.to_ascii_uppercase() {
            'H' => Some(Suit::Hearts),
            'D' => Some(Suit::Diamonds),
            'S' => Some(Suit::Spades),
            'C' => Some(Suit::Clubs),
            _ => None,
        }
    }
}

/// A chess piece type as a card names it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum CardPiece {
    Pawn,
    Knight,
    Bishop,
    Rook,
    Queen,
    King,
}

impl CardPiece {
    /// Empty cells left before the piece when Parade places it (the rank minus 7).
    /// Pawns have no Parade gap; they never enter a solitaire.
    pub fn gap(self) -> Option<u8> {
        match self {
            CardPiece::Pawn => None,
            CardPiece::Knight => Some(1),
            CardPiece::Bishop => Some(2),
            CardPiece::Rook => Some(3),
            CardPiece::Queen => Some(5),
            CardPiece::King => Some(6),
        }
    }

    /// FEN letter in the colour's case.
    pub fn letter(self, colour: Player) -> char {
        let c = match self {
            CardPiece::Pawn => 'p',
            CardPiece::Knight => 'n',
            CardPiece::Bishop => 'b',
            CardPiece::Rook => 'r',
            CardPiece::Queen => 'q',
            CardPiece::King => 'k',
        };
        match colour {
            Player::White => c.to_ascii_uppercase(),
            Player::Black => c,
        }
    }
}

/// What a card stands for.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Role {
    /// A piece of the suit's colour.
    Piece(CardPiece, Player),
    /// A checker card (the sixes): matches every piece of the suit's colour.
    Checker(Player),
    /// Not used by the chess-kit games.
    Unused,
}

/// A card: rank 1 (ace) to 13 (king) and suit, in one byte (`suit * 13 + rank - 1`).
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Card(u8);

impl Card {
    pub fn new(rank: u8, suit: Suit) -> Card {
        assert!((1..=13).contains(&rank), "card rank {rank}");
        Card(suit as u8 * 13 + rank - 1)
    }

    /// The compact code, 0..52.
    pub fn code(self) -> u8 {
        self.0
    }

    pub fn from_code(code: u8) -> Option<Card> {
        (code < 52).then_some(Card(code))
    }

    pub fn rank(self) -> u8 {
        self.0 % 13 + 1
    }

    pub fn suit(self) -> Suit {
        Suit::ALL[(self.0 / 13) as usize]
    }

    pub fn colour(self) -> Player {
        self.suit().colour()
    }

    /// The card's meaning in the chess-kit games (Appendix A).
    pub fn role(self) -> Role {
        let colour = self.colour();
        let face_suit = matches!(self.suit(), Suit::Hearts | Suit::Spades);
        let piece = match self.rank() {
            2..=5 => CardPiece::Pawn,
            6 => return Role::Checker(colour),
            8 => CardPiece::Knight,
            9 => CardPiece::Bishop,
            10 => CardPiece::Rook,
            12 if face_suit => CardPiece::Queen,
            13 if face_suit => CardPiece::King,
            _ => return Role::Unused,
        };
        Role::Piece(piece, colour)
    }

    /// Reads `9H`, `10h`, `QH`, `ks` (rank `A 2..10 J Q K`, suit `H D S C`, any case). The
    /// queens and kings of diamonds and clubs are refused (see the module text).
    pub fn parse(text: &str) -> Result<Card, RuleError> {
        let card = Card::parse_any(text)?;
        if let (12 | 13, Suit::Diamonds | Suit::Clubs) = (card.rank(), card.suit()) {
            let (colour, suit) = match card.colour() {
                Player::White => ("White", Suit::Hearts),
                Player::Black => ("Black", Suit::Spades),
            };
            let right = Card::new(card.rank(), suit);
            let piece = if card.rank() == 12 { "queen" } else { "king" };
            return Err(RuleError::new(format!(
                "{card} is not a card of this deck: the {colour} {piece} is {right}"
            )));
        }
        Ok(card)
    }

    /// Reads any of the 52 cards.
    fn parse_any(text: &str) -> Result<Card, RuleError> {
        let bad = || {
            RuleError::new(format!(
                "'{text}' is not a card (rank A, 2-10, J, Q, K then suit H, D, S, C, e.g. 9H)"
            ))
        };
        let t = text.trim();
        let mut chars = t.chars();
        let suit = chars
            .next_back()
            .and_then(Suit::from_letter)
            .ok_or_else(bad)?;
        let rank = match chars.as_str().to_ascii_uppercase().as_str() {
            "A" => 1,
            "J" => 11,
            "Q" => 12,
            "K" => 13,
            n => match n.parse::<u8>() {
                Ok(r) if (2..=10).contains(&r) => r,
                _ => return Err(bad()),
            },
        };
        Ok(Card::new(rank, suit))
    }

    fn rank_text(self) -> String {
        match self.rank() {
            1 => "A".into(),
            11 => "J".into(),
            12 => "Q".into(),
            13 => "K".into(),
            r => r.to_string(),
        }
    }
}

/// Upper case, as deals are written: `9H`, `10H`, `KS`.
impl fmt::Display for Card {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", self.rank_text(), self.suit().letter())
    }
}

impl fmt::Debug for Card {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(self, f)
    }
}

/// Every card whose role passes `keep`, in suit then rank order.
pub fn cards_where(keep: impl Fn(Role) -> bool) -> Vec<Card> {
    (0..52).map(Card).filter(|c| keep(c.role())).collect()
}

/// The 16 piece cards without pawns (Parade, Neighbour's pieces deck).
pub fn solitaire_piece_cards() -> Vec<Card> {
    cards_where(|r| matches!(r, Role::Piece(p, _) if p != CardPiece::Pawn))
}

/// Booster's deck: the 32 piece cards and the four sixes.
pub fn booster_deck() -> Vec<Card> {
    cards_where(|r| !matches!(r, Role::Unused))
}

/// Reads a whitespace- or comma-separated list of cards.
pub fn parse_cards(text: &str) -> Result<Vec<Card>, RuleError> {
    text.split(|c: char| c.is_whitespace() || c == ',')
        .filter(|w| !w.is_empty())
        .map(Card::parse)
        .collect()
}

/// Writes cards separated by single spaces.
pub fn format_cards(cards: &[Card]) -> String {
    cards
        .iter()
        .map(Card::to_string)
        .collect::<Vec<_>>()
        .join(" ")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_rule_texts_examples_fix_the_table() {
        let piece = |t: &str| Card::parse(t).unwrap().role();
        assert_eq!(piece("9H"), Role::Piece(CardPiece::Bishop, Player::White));
        assert_eq!(piece("10H"), Role::Piece(CardPiece::Rook, Player::White));
        assert_eq!(piece("8D"), Role::Piece(CardPiece::Knight, Player::White));
        assert_eq!(piece("9S"), Role::Piece(CardPiece::Bishop, Player::Black));
        assert_eq!(piece("6C"), Role::Checker(Player::Black));
        assert_eq!(piece("AS"), Role::Unused);
    }

    #[test]
    fn the_queens_and_kings_are_the_hearts_and_spades_of_appendix_a() {
        let role = |t: &str| Card::parse(t).unwrap().role();
        assert_eq!(role("QH"), Role::Piece(CardPiece::Queen, Player::White));
        assert_eq!(role("QS"), Role::Piece(CardPiece::Queen, Player::Black));
        assert_eq!(role("KH"), Role::Piece(CardPiece::King, Player::White));
        assert_eq!(role("KS"), Role::Piece(CardPiece::King, Player::Black));
        for (wrong, right) in [
            ("QD", "the White queen is QH"),
            ("qc", "the Black queen is QS"),
            ("KD", "the White king is KH"),
            ("KC", "the Black king is KS"),
        ] {
            let e = Card::parse(wrong).unwrap_err().to_string();
            let want = format!(
                "{} is not a card of this deck: {right}",
                wrong.to_uppercase()
            );
            assert!(e.contains(&want), "{wrong}: {e}");
            assert!(parse_cards(&format!("9H {wrong} 8S")).is_err());
        }
        let deck: Vec<String> = booster_deck().iter().map(Card::to_string).collect();
        for c in ["QH", "QS", "KH", "KS"] {
            assert!(deck.contains(&c.to_string()), "{c} in {deck:?}");
        }
        for c in ["QD", "QC", "KD", "KC"] {
            assert!(!deck.contains(&c.to_string()), "{c} in {deck:?}");
        }
        let solo: Vec<String> = solitaire_piece_cards()
            .iter()
            .map(Card::to_string)
            .collect();
        assert!(solo.contains(&"QH".to_string()) && solo.contains(&"QS".to_string()));
    }

    #[test]
    fn decks_hold_a_standard_set() {
        let solo = solitaire_piece_cards();
        assert_eq!(solo.len(), 16);
        for colour in [Player::White, Player::Black] {
            let count = |p: CardPiece| {
                solo.iter()
                    .filter(|c| c.role() == Role::Piece(p, colour))
                    .count()
            };
            assert_eq!(
                [
                    count(CardPiece::King),
                    count(CardPiece::Queen),
                    count(CardPiece::Rook),
                    count(CardPiece::Bishop),
                    count(CardPiece::Knight)
                ],
                [1, 1, 2, 2, 2]
            );
        }
        let deck = booster_deck();
        assert_eq!(deck.len(), 36);
        let pawns = deck
            .iter()
            .filter(|c| matches!(c.role(), Role::Piece(CardPiece::Pawn, _)))
            .count();
        assert_eq!(pawns, 16);
        let sixes = deck
            .iter()
            .filter(|c| matches!(c.role(), Role::Checker(_)))
            .count();
        assert_eq!(sixes, 4);
    }

    #[test]
    fn text_round_trips_and_bad_text_is_refused() {
        for code in 0..52 {
            let c = Card::from_code(code).unwrap();
            assert_eq!(Card::parse_any(&c.to_string()).unwrap(), c);
            assert_eq!(Card::parse_any(&c.to_string().to_lowercase()).unwrap(), c);
            if c.rank() < 12 || matches!(c.suit(), Suit::Hearts | Suit::Spades) {
                assert_eq!(Card::parse(&c.to_string()).unwrap(), c);
            }
        }
        for bad in ["", "H", "1H", "11H", "9X", "10", "QQ", "9HH"] {
            assert!(Card::parse(bad).is_err(), "{bad}");
        }
        let cards = parse_cards("9H 10H, ks").unwrap();
        assert_eq!(format_cards(&cards), "9H 10H KS");
    }

    #[test]
    fn gaps_are_the_rank_minus_seven() {
        for c in solitaire_piece_cards() {
            let Role::Piece(p, _) = c.role() else {
                unreachable!()
            };
            assert_eq!(p.gap(), Some(c.rank() - 7));
        }
    }
}
