//! FEN of the truth and of a view.
//!
//! Truth: Adrenaline's six FIDE fields, then
//! `<stacks> <turn> <White's hand> <Black's hand> <draw order> <discard pile>`:
//! - stacks: `-` or `square:count` and the checkers' colour (`w`/`b`) joined by commas,
//!   `c1:2w,e5:1b`;
//! - turn: `-` (a turn starts), `deal`, a square (the piece there may step), `card` (the mover
//!   may play a card), `draw` (the mover draws);
//! - hands and the discard pile: cards joined by dots (`9H.10H.KS`) or `-`;
//! - draw order: `*` when the draw pile is shuffled, or the cards known to lie on top, top
//!   first (`5S.2H`): the rest of the draw pile (every card of the deck not in a hand or the
//!   discard pile) is shuffled below them.
//!
//! View: `view <w|b>`, the same first eight fields, then `<own hand> <their hand size>
//! <draw pile size> <discard pile>`.

use crate::core::bitboard::Bits;
use crate::core::game::RuleError;
use crate::games::adrenaline;
use crate::kits::cards::Card;
use crate::kits::chessboard::fen::{parse_clocks, parse_side};
use crate::kits::chessboard::{parse_square, square_name};
use crate::kits::steps::board::{last_rank, KING, PAWN};

use super::position::{Phase, Pos};
use super::Config;

pub const START_BOARD: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";

fn err(msg: impl Into<String>) -> RuleError {
    RuleError::new(msg.into())
}

/// The public fields (the first eight) into a position with the game's checkers; card
/// counts are left at zero for the caller.
pub fn parse_public(fields: &[&str], cfg: &Config) -> Result<Pos, RuleError> {
    let turn = fields[7];
    let mut a = adrenaline::position::Pos::empty();
    adrenaline::fen::placement(fields[0], &mut a)?;
    a.side = parse_side(fields[1])?;
    a.castling = adrenaline::fen::castling(fields[2], &a)?;
    (a.halfmove, a.fullmove) = parse_clocks(Some(fields[4]), Some(fields[5]))?;
    if fields[3] != "-" {
        let ep = parse_square(fields[3])
            .ok_or_else(|| err(format!("bad en-passant square '{}'", fields[3])))?;
        // The square belongs to the side that moves next: during the card and the draws,
        // the opponent; while a pawn steps, Adrenaline's rule for a stepping pawn.
        let mut probe = a;
        match turn {
            "card" | "draw" => probe.side ^= 1,
            "-" | "deal" => {}
            sq => {
                if let Some(s) = parse_square(sq) {
                    probe.phase = adrenaline::position::Phase::Steps(s);
                }
            }
        }
        adrenaline::fen::en_passant(ep, &mut probe)?;
        a.ep = probe.ep;
    }
    for c in 0..2 {
        if a.board.pieces(c, KING).count_ones() != 1 {
            return Err(err("each side needs exactly one king"));
        }
        if a.board.pieces(c, PAWN) & last_rank(c) != 0 {
            return Err(err("a pawn stands on its last rank"));
        }
    }
    let mut pos = Pos::empty(cfg.checkers);
    for s in Bits(a.board.occupied()) {
        let (c, k) = a.board.piece_at(s).expect("occupied");
        pos.toggle_piece(s, c, k);
    }
    pos.side = a.side;
    pos.castling = a.castling;
    pos.ep = a.ep;
    pos.halfmove = a.halfmove;
    pos.fullmove = a.fullmove;
    if fields[6] != "-" {
        for item in fields[6].split(',') {
            let bad = || err(format!("bad stack '{item}' (expected e.g. c1:2w)"));
            let (sq, rest) = item.split_once(':').ok_or_else(bad)?;
            let s = parse_square(sq).ok_or_else(bad)?;
            let colour = match rest.chars().last() {
                Some('w') => 0,
                Some('b') => 1,
                _ => return Err(bad()),
            };
            let n: u8 = rest[..rest.len() - 1].parse().map_err(|_| bad())?;
            if n == 0 || pos.stacks[s as usize] != 0 {
                return Err(bad());
            }
            if pos.board.piece_at(s).is_none() {
                return Err(err(format!("a stack on the empty square {sq}")));
            }
            if pos.on_board[colour] + n > cfg.checkers[colour] {
                return Err(err(format!(
                    "more {} checkers on the board than the game has ({})",
                    if colour == 0 { "White" } else { "Black" },
                    cfg.checkers[colour]
                )));
            }
            pos.set_stack(s, colour, n);
        }
    }
    pos.phase = match fields[7] {
        "-" => Phase::Regular,
        "deal" => Phase::Deal,
        "card" => Phase::Card,
        "draw" => Phase::Draw,
        sq => {
            let s = parse_square(sq).ok_or_else(|| {
                err(format!(
                    "bad turn field '{sq}' (expected -, deal, a square, card or draw)"
                ))
            })?;
            if pos.board.color_at(s) != Some(pos.side as usize) || pos.signed(s) <= 0 {
                return Err(err(format!(
                    "the turn field names {sq}, which holds no boosted piece of the side to move"
                )));
            }
            Phase::Steps(s)
        }
    };
    if pos.phase == Phase::Deal && (pos.stacked != 0 || pos.side != 0) {
        return Err(err(
            "during the deal no checker is on the board and White is to move",
        ));
    }
    pos.key = pos.compute_key();
    pos.turn_key = pos.key;
    Ok(pos)
}

pub fn format_public(pos: &Pos) -> String {
    let chess = {
        let mut a = adrenaline::position::Pos::empty();
        a.board = pos.board;
        a.side = pos.side;
        a.castling = pos.castling;
        a.ep = pos.ep;
        a.halfmove = pos.halfmove;
        a.fullmove = pos.fullmove;
        adrenaline::fen::format(&a)
    };
    let six: Vec<&str> = chess.split_whitespace().take(6).collect();
    let stacks: Vec<String> = Bits(pos.stacked)
        .map(|s| {
            format!(
                "{}:{}{}",
                square_name(s),
                pos.stacks[s as usize],
                if pos.checker_colour(s) == 1 { 'b' } else { 'w' }
            )
        })
        .collect();
    let turn = match pos.phase {
        Phase::Regular => "-".to_string(),
        Phase::Deal => "deal".into(),
        Phase::Card => "card".into(),
        Phase::Draw => "draw".into(),
        Phase::Steps(s) => square_name(s),
    };
    format!(
        "{} {} {}",
        six.join(" "),
        if stacks.is_empty() {
            "-".to_string()
        } else {
            stacks.join(",")
        },
        turn
    )
}

/// Cards as dot-joined text, `-` for none.
pub fn cards_text(mask: u64) -> String {
    if mask == 0 {
        return "-".into();
    }
    Bits(mask)
        .map(|c| Card::from_code(c).expect("a card code").to_string())
        .collect::<Vec<_>>()
        .join(".")
}

/// Cards in a list (order kept), refusing repeats and cards outside `deck`.
pub fn parse_card_list(text: &str, deck: u64) -> Result<Vec<u8>, RuleError> {
    if text == "-" || text == "*" {
        return Ok(Vec::new());
    }
    let mut out = Vec::new();
    for w in text.split('.') {
        let c = Card::parse(w)?.code();
        if deck & (1 << c) == 0 {
            return Err(err(format!("{w} is not in this game's deck")));
        }
        if out.contains(&c) {
            return Err(err(format!("{w} is written twice")));
        }
        out.push(c);
    }
    Ok(out)
}

pub fn mask_of(cards: &[u8]) -> u64 {
    cards.iter().fold(0, |m, &c| m | 1 << c)
}
