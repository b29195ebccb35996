//! The state of a Neighbour game: the pieces, the pieces pile (16 piece cards) and the
//! squares pile (the 2-6 of every suit, 20 cards), the phase, the cell of the last piece added,
//! and the Zobrist key.

use std::sync::OnceLock;

use crate::core::bitboard::{bit, Bits, Cell};
use crate::core::game::{Player, RuleError};
use crate::core::zobrist;
use crate::kits::cards::{cards_where, solitaire_piece_cards, Card, CardPiece, Role};
use crate::kits::solitaire::board::tables;
use crate::kits::solitaire::connect::{self, Connectivity};
use crate::kits::solitaire::pile::{check_order, PileKeys};
use crate::kits::solitaire::{Board, Kind, Piece, Pile};

/// Which pile a move spends its card from.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Spend {
    Pieces,
    Squares,
}

/// An action. `Add` draws the next piece card and square card and places the piece (or holds
/// it over an occupied cell, to be placed by `Place`); `Stop` ends the adding; `Move` moves a
/// piece with a same-colour neighbour's move, spending a card; `Reveal` is the card that turns
/// up where the position does not know it (a chance outcome).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum NeighbourAction {
    Add,
    Place(Cell),
    Stop,
    Move { from: Cell, to: Cell, spend: Spend },
    Reveal(Card),
}

impl crate::core::game::Action for NeighbourAction {
    fn code(self) -> u32 {
        match self {
            NeighbourAction::Add => 0,
            NeighbourAction::Stop => 1,
            NeighbourAction::Place(c) => 2 + c as u32,
            NeighbourAction::Reveal(c) => 66 + c.code() as u32,
            NeighbourAction::Move { from, to, spend } => {
                118 + (spend as u32) * 4096 + from as u32 * 64 + to as u32
            }
        }
    }
}

/// Where the game stands.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Phase {
    /// Adding pieces: add another, or stop.
    Adding,
    /// An add waits for its piece card to turn up (a chance node).
    PieceCard,
    /// An add waits for its square card to turn up (a chance node).
    SquareCard,
    /// The drawn piece is held over this occupied cell, to be placed on a nearest free cell.
    Placing(Cell),
    /// Adding has stopped: moves only.
    Moving,
}

impl Phase {
    fn index(self) -> usize {
        match self {
            Phase::Adding => 0,
            Phase::PieceCard => 1,
            Phase::SquareCard => 2,
            Phase::Placing(_) => 3,
            Phase::Moving => 4,
        }
    }

    /// A draw or a placement is under way.
    pub fn pending(self) -> bool {
        matches!(
            self,
            Phase::PieceCard | Phase::SquareCard | Phase::Placing(_)
        )
    }
}

/// What the options decide: the fewest pieces of a winning group, and which cells count as
/// next to each other in it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Rules {
    pub min_pieces: u8,
    pub connectivity: Connectivity,
}

impl Rules {
    /// Groups through all eight directions, the rule text's neighbours.
    pub fn new(min_pieces: u8) -> Rules {
        Rules {
            min_pieces,
            connectivity: Connectivity::EightWay,
        }
    }
}

impl Default for Rules {
    fn default() -> Rules {
        Rules::new(super::DEFAULT_MIN_PIECES)
    }
}

pub const PIECES: usize = 16;
pub const SQUARES: usize = 20;
/// No piece added yet.
pub const NO_CELL: u8 = 64;

pub fn piece_cards() -> &'static [Card] {
    static D: OnceLock<Vec<Card>> = OnceLock::new();
    D.get_or_init(solitaire_piece_cards)
}

/// The squares pile: the 2 to 6 of every suit.
pub fn square_cards() -> &'static [Card] {
    static D: OnceLock<Vec<Card>> = OnceLock::new();
    D.get_or_init(|| {
        cards_where(|r| {
            matches!(r, Role::Piece(CardPiece::Pawn, _)) || matches!(r, Role::Checker(_))
        })
    })
}

pub fn card_piece(c: Card) -> Piece {
    match c.role() {
        Role::Piece(p, colour) => Piece::new(colour, Kind::from_card(p).expect("no pawn cards")),
        _ => unreachable!("only piece cards are in the pieces pile"),
    }
}

/// The cell a square card sends a piece to from `from` (`NO_CELL`: from a1 itself): red cards
/// that many cells right, black cards up, wrapping around the edge.
pub fn target_cell(from: u8, card: Card) -> Cell {
    let base = if from == NO_CELL { 0 } else { from };
    let (file, rank) = (base % 8, base / 8);
    let n = card.rank();
    match card.colour() {
        Player::White => rank * 8 + (file + n) % 8,
        Player::Black => ((rank + n) % 8) * 8 + file,
    }
}

/// The free cells nearest to `target` (by king steps, no wrapping): the cells a piece held
/// over an occupied cell may go to.
pub fn nearest_free(occupied: u64, target: Cell) -> u64 {
    let t = tables();
    let mut ring = bit(target);
    let mut seen = ring;
    loop {
        let next = Bits(ring).fold(0, |m, c| m | t.around(c)) & !seen;
        if next == 0 {
            return 0;
        }
        let free = next & !occupied;
        if free != 0 {
            return free;
        }
        seen |= next;
        ring = next;
    }
}

pub(crate) struct Keys {
    pub pieces: PileKeys,
    pub squares: PileKeys,
    phase: Vec<u64>,
    last: Vec<u64>,
    target: Vec<u64>,
    pub total: Vec<u64>,
}

pub(crate) fn keys() -> &'static Keys {
    static K: OnceLock<Keys> = OnceLock::new();
    K.get_or_init(|| {
        let k = zobrist::keys(0x4e16_4b01, 5 + 65 + 64 + 37);
        Keys {
            pieces: PileKeys::new(0x4e16_4b02),
            squares: PileKeys::new(0x4e16_4b03),
            phase: k[..5].to_vec(),
            last: k[5..70].to_vec(),
            target: k[70..134].to_vec(),
            total: k[134..].to_vec(),
        }
    })
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Position {
    pub board: Board,
    pub pieces: Pile,
    pub squares: Pile,
    pub phase: Phase,
    /// The cell of the last piece added (`NO_CELL` before the first).
    pub last: u8,
    /// The fewest pieces a winning group holds, and its connectivity. Not part of the
    /// position text nor of the key (a game keeps them throughout).
    pub rules: Rules,
    /// The player does not know the piles' order (the real game, not the clairvoyant
    /// puzzle): an add is written `add`, whatever the cards it will turn up. Not part of the
    /// position text nor of the key.
    pub fair: bool,
    pub key: u64,
}

impl Position {
    /// The start of a deal: the two piles in order, nothing on the board.
    pub fn deal(pieces: &[Card], squares: &[Card], rules: Rules) -> Result<Position, RuleError> {
        check_order(pieces, piece_cards(), "pieces pile")?;
        check_order(squares, square_cards(), "squares pile")?;
        let mut p = Position {
            board: Board::default(),
            pieces: Pile::new(pieces),
            squares: Pile::new(squares),
            phase: Phase::Adding,
            last: NO_CELL,
            rules,
            fair: false,
            key: 0,
        };
        p.key = p.compute_key();
        Ok(p)
    }

    pub fn compute_key(&self) -> u64 {
        let k = keys();
        let mut key = self.board.key()
            ^ self.pieces.key(&k.pieces)
            ^ self.squares.key(&k.squares)
            ^ k.phase[self.phase.index()]
            ^ k.last[self.last as usize];
        if let Phase::Placing(t) = self.phase {
            key ^= k.target[t as usize];
        }
        key
    }

    fn set_phase(&mut self, phase: Phase) {
        let k = keys();
        if let Phase::Placing(t) = self.phase {
            self.key ^= k.target[t as usize];
        }
        self.key ^= k.phase[self.phase.index()] ^ k.phase[phase.index()];
        if let Phase::Placing(t) = phase {
            self.key ^= k.target[t as usize];
        }
        self.phase = phase;
    }

    fn set_last(&mut self, cell: u8) {
        let k = keys();
        self.key ^= k.last[self.last as usize] ^ k.last[cell as usize];
        self.last = cell;
    }

    /// Cards left in the two piles: the score of a win now.
    pub fn cards_left(&self) -> usize {
        self.pieces.left() + self.squares.left()
    }

    pub fn count(&self) -> u32 {
        self.board.count()
    }

    /// Won: at least `min_pieces` pieces in one connected group, nothing pending.
    pub fn won(&self) -> bool {
        !self.phase.pending()
            && self.count() >= self.rules.min_pieces as u32
            && connect::is_connected(self.board.occupied(), self.rules.connectivity)
    }

    /// The piece drawn for the add under way.
    pub fn held(&self) -> Option<Piece> {
        match self.phase {
            Phase::SquareCard | Phase::Placing(_) => {
                self.pieces.card(self.pieces.drawn() - 1).map(card_piece)
            }
            _ => None,
        }
    }

    /// Where the next add's piece would go: its piece, the target cell, and whether the target
    /// is free. `None` when a card is unknown.
    pub fn next_add(&self) -> Option<(Piece, Cell, bool)> {
        let piece = card_piece(self.pieces.top()?);
        let target = target_cell(self.last, self.squares.top()?);
        Some((piece, target, self.board.occupied() & bit(target) == 0))
    }

    pub fn play(&mut self, a: NeighbourAction) {
        let k = keys();
        match a {
            NeighbourAction::Add => {
                if self.pieces.top_is_known() {
                    self.key ^= self.pieces.draw(true, &k.pieces);
                    self.after_piece_card();
                } else {
                    self.set_phase(Phase::PieceCard);
                }
            }
            NeighbourAction::Reveal(card) => match self.phase {
                Phase::PieceCard => {
                    let place = self.pieces.drawn();
                    self.key ^= self.pieces.learn(place, card, &k.pieces);
                    self.key ^= self.pieces.draw(true, &k.pieces);
                    self.after_piece_card();
                }
                Phase::SquareCard => {
                    let place = self.squares.drawn();
                    self.key ^= self.squares.learn(place, card, &k.squares);
                    self.after_square_known();
                }
                _ => unreachable!("a card turns up only while an add waits for it"),
            },
            NeighbourAction::Place(cell) => self.put(cell),
            NeighbourAction::Stop => self.stop_adding(),
            NeighbourAction::Move { from, to, spend } => {
                let p = self.board.relocate(from, to);
                let t = tables();
                self.key ^= t.piece_key(p, from) ^ t.piece_key(p, to);
                self.key ^= match spend {
                    Spend::Pieces => self.pieces.draw(false, &k.pieces),
                    Spend::Squares => self.squares.draw(false, &k.squares),
                };
            }
        }
    }

    /// Completes an add waiting for cards that are now known (after `determinize`).
    pub fn complete_draws(&mut self) {
        match self.phase {
            Phase::PieceCard => {
                self.key ^= self.pieces.draw(true, &keys().pieces);
                self.after_piece_card();
            }
            Phase::SquareCard => self.after_square_known(),
            _ => {}
        }
    }

    fn after_piece_card(&mut self) {
        if self.squares.top_is_known() {
            self.after_square_known();
        } else {
            self.set_phase(Phase::SquareCard);
        }
    }

    /// The square card is known (on top): draw it and send the held piece.
    fn after_square_known(&mut self) {
        let card = self.squares.top().expect("a known square card");
        self.key ^= self.squares.draw(true, &keys().squares);
        let target = target_cell(self.last, card);
        if self.board.occupied() & bit(target) == 0 {
            self.put(target);
        } else {
            // The target now stands for where the piece is; the last cell is set when it lands.
            self.set_last(NO_CELL);
            self.set_phase(Phase::Placing(target));
        }
    }

    /// Puts the drawn piece on a free cell; adding goes on while piece cards remain.
    fn put(&mut self, cell: Cell) {
        let piece = card_piece(
            self.pieces
                .card(self.pieces.drawn() - 1)
                .expect("the drawn piece card is known"),
        );
        debug_assert_eq!(self.board.occupied() & bit(cell), 0);
        self.board.toggle(piece, cell);
        self.key ^= tables().piece_key(piece, cell);
        self.set_last(cell);
        if self.pieces.left() == 0 {
            self.stop_adding();
        } else {
            self.set_phase(Phase::Adding);
        }
    }

    /// Moves only from now on; the last cell added no longer matters.
    fn stop_adding(&mut self) {
        self.set_last(NO_CELL);
        self.set_phase(Phase::Moving);
    }

    /// The key without what no longer matters once adding has stopped: which pile each card
    /// was spent from and the last cell added (only the board and the cards left count).
    pub fn solve_key(&self) -> u64 {
        if self.phase == Phase::Moving {
            let k = keys();
            self.board.key() ^ k.phase[Phase::Moving.index()] ^ k.total[self.cards_left()]
        } else {
            self.key
        }
    }
}
