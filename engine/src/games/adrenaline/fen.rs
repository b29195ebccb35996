//! FEN in and out: the six FIDE fields, a seventh for the stacks (`-`, or `square:count`
//! pairs joined by commas: `c1:3,e5:1`), and, only while a turn is in progress, an eighth:
//! `h5` (the piece on h5 may step, nothing captured yet this turn), `h5x` (the same after a
//! capture: a checker is owed) or `x` (a capture was made, no steps remain: place a checker).

use crate::core::bitboard::Bits;
use crate::core::game::RuleError;
use crate::kits::chessboard::attacks::{bb, rank_of, tables, RANK_1, RANK_8};
use crate::kits::chessboard::fen::{parse_clocks, parse_ranks, parse_side};
use crate::kits::chessboard::{parse_square, square_name, PieceKind};

use crate::kits::steps::board::{king_home, KING, NO_SQUARE, PAWN, ROOK};
use crate::kits::steps::reach::{steps_reach, Stacks, StepRules};

use super::position::{Phase, Pos, SUPPLY};

pub const START_FEN: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 -";

fn err(msg: impl Into<String>) -> RuleError {
    RuleError::new(msg)
}

pub fn parse(fen: &str) -> Result<Pos, RuleError> {
    let fields: Vec<&str> = fen.split_whitespace().collect();
    if !(4..=8).contains(&fields.len()) {
        return Err(err(format!(
            "Adrenaline FEN needs 4 to 8 fields (placement, side, castling, en passant, clocks, \
             stacks, turn in progress), got {}",
            fields.len()
        )));
    }
    let mut pos = Pos::empty();
    placement(fields[0], &mut pos)?;
    pos.side = parse_side(fields[1])?;
    pos.castling = castling(fields[2], &pos)?;
    let ep = match fields[3] {
        "-" => NO_SQUARE,
        s => parse_square(s).ok_or_else(|| err(format!("bad en-passant square '{s}'")))?,
    };
    (pos.halfmove, pos.fullmove) = parse_clocks(fields.get(4).copied(), fields.get(5).copied())?;
    stacks(fields.get(6).copied().unwrap_or("-"), &mut pos)?;
    if let Some(t) = fields.get(7) {
        turn_in_progress(t, &mut pos)?;
    }
    if ep != NO_SQUARE {
        en_passant(ep, &mut pos)?;
    }
    pos.key = pos.compute_key();
    pos.turn_key = pos.key;
    check_kings(&pos)?;
    Ok(pos)
}

pub(crate) fn placement(s: &str, pos: &mut Pos) -> Result<(), RuleError> {
    parse_ranks(s, |sq, c| {
        let kind =
            PieceKind::from_letter(c).ok_or_else(|| err(format!("unknown piece '{c}' in FEN")))?;
        pos.board
            .toggle(sq, usize::from(c.is_ascii_lowercase()), kind as usize);
        Ok(())
    })?;
    for (color, name) in [(0, "white"), (1, "black")] {
        if pos.board.pieces(color, KING).count_ones() != 1 {
            return Err(err(format!("{name} needs exactly one king")));
        }
    }
    // A pawn may stand on its own first rank (after a step back), never on its last.
    if pos.board.pieces(0, PAWN) & RANK_8 != 0 || pos.board.pieces(1, PAWN) & RANK_1 != 0 {
        return Err(err("a pawn cannot stand on its last rank"));
    }
    Ok(())
}

pub(crate) fn castling(s: &str, pos: &Pos) -> Result<u8, RuleError> {
    if s == "-" {
        return Ok(0);
    }
    let mut rights = 0u8;
    for c in s.chars() {
        let (bit, color, rook) = match c {
            'K' => (1, 0, 7),
            'Q' => (2, 0, 0),
            'k' => (4, 1, 63),
            'q' => (8, 1, 56),
            _ => {
                return Err(err(format!(
                    "castling field takes K, Q, k, q or '-', not '{s}'"
                )))
            }
        };
        if rights & bit != 0 {
            return Err(err(format!("castling right '{c}' given twice")));
        }
        if pos.board.pieces(color, KING) & bb(king_home(color)) == 0
            || pos.board.pieces(color, ROOK) & bb(rook) == 0
        {
            return Err(err(format!(
                "castling right '{c}' needs the king and the rook on their home squares"
            )));
        }
        rights |= bit;
    }
    Ok(rights)
}

fn stacks(s: &str, pos: &mut Pos) -> Result<(), RuleError> {
    if s == "-" {
        return Ok(());
    }
    let mut total = 0u32;
    for part in s.split(',') {
        let (sq, n) = part.split_once(':').ok_or_else(|| {
            err(format!(
                "stack '{part}' must be written square:count, like c1:3"
            ))
        })?;
        let sq = parse_square(sq).ok_or_else(|| err(format!("bad square in stack '{part}'")))?;
        let n: u8 = n
            .parse()
            .ok()
            .filter(|&n| (1..=SUPPLY).contains(&n))
            .ok_or_else(|| err(format!("stack '{part}' needs a count from 1 to {SUPPLY}")))?;
        if pos.board.occupied() & bb(sq) == 0 {
            return Err(err(format!(
                "stack on {}: checkers stand only under pieces",
                square_name(sq)
            )));
        }
        if pos.stacks[sq as usize] != 0 {
            return Err(err(format!("stack on {} given twice", square_name(sq))));
        }
        total += n as u32;
        if total > SUPPLY as u32 {
            return Err(err(format!("more than {SUPPLY} checkers on the board")));
        }
        pos.set_stack(sq, n);
    }
    Ok(())
}

fn turn_in_progress(s: &str, pos: &mut Pos) -> Result<(), RuleError> {
    let us = pos.side as usize;
    if s == "x" {
        if pos.supply() == 0 {
            return Err(err("a checker is owed but the supply is empty"));
        }
        pos.phase = Phase::Place;
        pos.captured = true;
        return Ok(());
    }
    let (sq, captured) = match s.strip_suffix('x') {
        Some(sq) => (sq, true),
        None => (s, false),
    };
    let sq = parse_square(sq).ok_or_else(|| {
        err(format!(
            "turn-in-progress field takes a square (h5), a square and x (h5x), or x; not '{s}'"
        ))
    })?;
    if pos.board.by_color[us] & bb(sq) == 0 || pos.stacks[sq as usize] == 0 {
        return Err(err(format!(
            "the stepping piece on {} must be the mover's and stand on checkers",
            square_name(sq)
        )));
    }
    pos.phase = Phase::Steps(sq);
    pos.captured = captured;
    Ok(())
}

/// The en-passant square must lie behind a pawn that has just made a double step: at the
/// start of a turn the opponent's, during a turn the stepping pawn of the mover. It is kept
/// only when a pawn stands ready to take.
pub(crate) fn en_passant(ep: u8, pos: &mut Pos) -> Result<(), RuleError> {
    let bad = || {
        err(format!(
            "en-passant square {} is impossible",
            square_name(ep)
        ))
    };
    let mover = match pos.phase {
        Phase::Regular => pos.side as usize ^ 1,
        Phase::Steps(_) => pos.side as usize,
        Phase::Place => return Err(bad()),
    };
    let (rank, pawn, behind) = if mover == 0 {
        (2, ep + 8, ep.wrapping_sub(8))
    } else {
        (5, ep.wrapping_sub(8), ep + 8)
    };
    if rank_of(ep) != rank
        || pos.board.pieces(mover, PAWN) & bb(pawn) == 0
        || pos.board.occupied() & (bb(ep) | bb(behind)) != 0
        || matches!(pos.phase, Phase::Steps(s) if s != pawn)
    {
        return Err(bad());
    }
    if tables().pawn(mover, ep) & pos.board.pieces(mover ^ 1, PAWN) != 0 {
        pos.ep = ep;
    }
    Ok(())
}

/// The side that just completed a turn cannot be capturable; during a turn, the rest of it
/// cannot reach the enemy king either, and it must be possible to finish it.
fn check_kings(pos: &Pos) -> Result<(), RuleError> {
    let us = pos.side as usize;
    let rules = Stacks {
        stacks: &pos.stacks,
        stacked: pos.stacked,
    };
    match pos.phase {
        Phase::Regular => {
            if pos.exposed(us ^ 1, pos.ep) {
                return Err(err(
                    "the side not to move is in adrenaline check (its king can be captured)",
                ));
            }
        }
        Phase::Steps(s) => {
            let king = pos.board.king_square(us ^ 1);
            let steps = rules.budget(s, None);
            if steps_reach(&pos.board, us, s, steps, king, &rules) {
                return Err(err("the stepping piece could capture the enemy king"));
            }
        }
        Phase::Place => {}
    }
    if pos.phase != Phase::Regular && !pos.has_legal() {
        return Err(err("the turn in progress cannot be completed legally"));
    }
    Ok(())
}

pub fn format(pos: &Pos) -> String {
    let mut s = String::new();
    for rank in (0..8u8).rev() {
        let mut empty = 0;
        for file in 0..8u8 {
            match pos.board.piece_at(rank * 8 + file) {
                None => empty += 1,
                Some((color, kind)) => {
                    if empty > 0 {
                        s.push_str(&empty.to_string());
                        empty = 0;
                    }
                    let l = PieceKind::from_index(kind).letter();
                    s.push(if color == 0 {
                        l.to_ascii_uppercase()
                    } else {
                        l
                    });
                }
            }
        }
        if empty > 0 {
            s.push_str(&empty.to_string());
        }
        if rank > 0 {
            s.push('/');
        }
    }
    s.push(' ');
    s.push(if pos.side == 0 { 'w' } else { 'b' });
    s.push(' ');
    if pos.castling == 0 {
        s.push('-');
    } else {
        for (bit, c) in [(1, 'K'), (2, 'Q'), (4, 'k'), (8, 'q')] {
            if pos.castling & bit != 0 {
                s.push(c);
            }
        }
    }
    s.push(' ');
    if pos.ep == NO_SQUARE {
        s.push('-');
    } else {
        s.push_str(&square_name(pos.ep));
    }
    s.push_str(&format!(" {} {} ", pos.halfmove, pos.fullmove));
    s.push_str(&stacks_text(pos));
    match pos.phase {
        Phase::Regular => {}
        Phase::Steps(sq) => {
            s.push(' ');
            s.push_str(&square_name(sq));
            if pos.captured {
                s.push('x');
            }
        }
        Phase::Place => s.push_str(" x"),
    }
    s
}

/// The seventh field: `-` or `c1:3,e5:1` (squares in a1..h8 order).
pub fn stacks_text(pos: &Pos) -> String {
    if pos.stacked == 0 {
        return "-".to_string();
    }
    Bits(pos.stacked)
        .map(|sq| format!("{}:{}", square_name(sq), pos.stacks[sq as usize]))
        .collect::<Vec<_>>()
        .join(",")
}
