//! The position as text.
//!
//! `<board> <side> <phase> <unmoved> <reserve> <ep> <halfmove> <fullmove> <setups>
//! <knowledge-w> <knowledge-b>`:
//!
//! - board: ranks 8 to 1 as in FEN; pawns and uncloaked pieces as letters; a cloaked checker in
//!   brackets with its kind and number, `[N2]` (white knight, checker 2), `[q4]`; in a view an
//!   enemy checker whose kind is not known is `[U3]` / `[u3]`;
//! - phase: `deal`, `bonus` (a bonus owed by the opponent's wrong guess comes first), `start`,
//!   `move` (after a wrong guess), `move+` (after a right guess), `extra` (the bonus after a
//!   right guess), `uncloak` or `uncloakN` (uncloaking checkers numbered above N), with a
//!   trailing `!` when a wrong guess this turn owes the opponent a bonus;
//! - unmoved: per side the files of starting pieces that never moved, `abcdefgh/abcdefgh`
//!   (`-` for none);
//! - reserve: pawns each side may drop, `0/0`;
//! - setups: the Chess960 numbers of the arrangements, `518/312` (`?` where not dealt, or in a
//!   view for the enemy's);
//! - knowledge: per side, what the public knows of its checkers (`knowledge::Knowledge`).
//!
//! A view is written `view <w|b> ` followed by the same fields.

use super::knowledge::Knowledge;
use super::position::{back_rank, ep_rank, sq, Phase, Piece, Position, UNKNOWN};
use super::setup::{self, bit, KING, PAWN};
use crate::core::game::{Player, RuleError};
use crate::kits::chessboard::attacks::{rank_of, Square};
use crate::kits::chessboard::{parse_square, square_name, PieceKind};

fn piece_char(p: Piece) -> char {
    let c = if p.kind == UNKNOWN {
        'u'
    } else {
        PieceKind::from_index(p.kind as usize).letter()
    };
    if p.color == Player::White {
        c.to_ascii_uppercase()
    } else {
        c
    }
}

fn files_text(bits: u8) -> String {
    if bits == 0 {
        return "-".into();
    }
    (0..8)
        .filter(|f| bits >> f & 1 != 0)
        .map(|f| (b'a' + f) as char)
        .collect()
}

fn phase_text(p: &Position) -> String {
    let mut s = match p.phase {
        Phase::Deal => "deal".to_string(),
        Phase::BonusFirst => "bonus".into(),
        Phase::Start => "start".into(),
        Phase::Move { right: false } => "move".into(),
        Phase::Move { right: true } => "move+".into(),
        Phase::BonusAfter => "extra".into(),
        Phase::Uncloak { after: 0 } => "uncloak".into(),
        Phase::Uncloak { after } => format!("uncloak{after}"),
    };
    if p.owed {
        s.push('!');
    }
    s
}

pub fn format(p: &Position) -> String {
    let mut board = String::new();
    for rank in (0..8u8).rev() {
        let mut empty = 0;
        for file in 0..8u8 {
            let s = (rank * 8 + file) as usize;
            match p.board[s] {
                None => empty += 1,
                Some(pc) => {
                    if empty > 0 {
                        board.push_str(&empty.to_string());
                        empty = 0;
                    }
                    if p.num[s] > 0 {
                        board.push_str(&format!("[{}{}]", piece_char(pc), p.num[s]));
                    } else {
                        board.push(piece_char(pc));
                    }
                }
            }
        }
        if empty > 0 {
            board.push_str(&empty.to_string());
        }
        if rank > 0 {
            board.push('/');
        }
    }
    let setups: Vec<String> = p
        .setup
        .iter()
        .map(|s| s.map_or("?".into(), |n| n.to_string()))
        .collect();
    format!(
        "{board} {} {} {}/{} {}/{} {} {} {} {} {} {}",
        p.side.fen_char(),
        phase_text(p),
        files_text(p.unmoved[0]),
        files_text(p.unmoved[1]),
        p.reserve[0],
        p.reserve[1],
        p.ep.map_or("-".into(), square_name),
        p.halfmove,
        p.fullmove,
        setups.join("/"),
        p.know[0].format(),
        p.know[1].format(),
    )
}

/// Whether the pawn beyond `e` could have just passed it by a double step: that pawn on the
/// cell beyond, `e` and the pawn's starting cell empty (any later move clears the cell).
fn passed_by_double_step(p: &Position, e: Square) -> bool {
    let side = [Player::White, Player::Black]
        .into_iter()
        .find(|&c| rank_of(e) == ep_rank(c));
    let Some(c) = side else {
        return false;
    };
    let fwd: i32 = if c == Player::White { 8 } else { -8 };
    let pawn = (e as i32 + fwd) as usize;
    let start = (e as i32 - fwd) as usize;
    p.board[pawn]
        == Some(Piece {
            color: c,
            kind: PAWN,
        })
        && p.board[e as usize].is_none()
        && p.board[start].is_none()
}

/// Whether what the position tells of `c`'s eight starting pieces fits a Chess960
/// arrangement (its own, where the setup number is given): the kinds of cloaked checkers, the
/// public knowledge, and the files marked unmoved, each of which holds its starting piece (the
/// checker of that number, or an uncloaked piece of that file's kind). Those files are the
/// castling rights, so castling follows the arrangement.
fn check_arrangement(p: &Position, c: Player) -> Result<(), String> {
    let name = c.name();
    let own = p.color_bb[c.index()];
    let kings = (p.kind_bb[KING as usize] & own).count_ones();
    if kings > 1 {
        return Err(format!("{name} has {kings} kings"));
    }
    let mut masks = p.know[c.index()].mask;
    for s in 0..64 {
        let n = p.num[s];
        if n > 0 && own >> s & 1 != 0 {
            let kind = p.board[s].map_or(UNKNOWN, |pc| pc.kind);
            if kind != UNKNOWN {
                masks[n as usize - 1] &= bit(kind);
            }
        }
    }
    for f in 0..8u8 {
        if p.unmoved[c.index()] >> f & 1 == 0 {
            continue;
        }
        let s = sq(f, back_rank(c));
        let piece = p.board[s as usize].filter(|pc| pc.color == c);
        match piece {
            Some(_) if p.num[s as usize] == f + 1 => {}
            Some(pc) if p.num[s as usize] == 0 && pc.kind != PAWN => {
                masks[f as usize] &= bit(pc.kind);
            }
            _ => {
                return Err(format!(
                    "the {name} {}-file is marked unmoved (castling rights), but {} does not \
                     hold its starting piece (checker {}, cloaked or uncloaked)",
                    (b'a' + f) as char,
                    square_name(s),
                    f + 1
                ))
            }
        }
    }
    let fits = |a: &setup::Arrangement| (0..8).all(|f| masks[f] & bit(a[f]) != 0);
    let fits_some = match p.setup[c.index()] {
        Some(n) => fits(&setup::arrangement(n)),
        None => setup::all().iter().any(fits),
    };
    if !fits_some {
        return Err(format!(
            "no Chess960 arrangement (king between the rooks, bishops on both colours) fits what \
             the position tells of the {name} pieces"
        ));
    }
    Ok(())
}

/// Reads a position. `viewer`: the player whose view this is (the enemy's checkers may then
/// be of unknown kind, and must be), or `None` for the full state.
pub fn parse(text: &str, viewer: Option<Player>) -> Result<Position, RuleError> {
    let bad = |why: &str| RuleError::new(format!("bad Cloak and Dagger position '{text}': {why}"));
    let f: Vec<&str> = text.split_whitespace().collect();
    if f.len() != 11 {
        return Err(bad("it needs 11 fields"));
    }
    let mut p = Position::empty_start();
    for s in 0..64u8 {
        p.take(s);
    }
    let ranks: Vec<&str> = f[0].split('/').collect();
    if ranks.len() != 8 {
        return Err(bad("the board needs 8 ranks"));
    }
    let mut seen_num = [[false; 8]; 2];
    for (i, r) in ranks.iter().enumerate() {
        let rank = 7 - i as u8;
        let mut file = 0u8;
        let mut chars = r.chars().peekable();
        while let Some(c) = chars.next() {
            if let Some(d) = c.to_digit(10) {
                if !(1..=8).contains(&d) {
                    return Err(bad("empty runs are 1 to 8"));
                }
                file += d as u8;
                continue;
            }
            let (letter, num) = if c == '[' {
                let l = chars.next().ok_or_else(|| bad("unclosed ["))?;
                let n = chars
                    .next()
                    .and_then(|d| d.to_digit(10))
                    .filter(|d| (1..=8).contains(d))
                    .ok_or_else(|| bad("a checker's number is 1 to 8"))?;
                if chars.next() != Some(']') {
                    return Err(bad("unclosed ["));
                }
                (l, n as u8)
            } else {
                (c, 0)
            };
            let color = if letter.is_ascii_uppercase() {
                Player::White
            } else {
                Player::Black
            };
            let kind = if letter.eq_ignore_ascii_case(&'u') {
                UNKNOWN
            } else {
                PieceKind::from_letter(letter)
                    .ok_or_else(|| bad("unknown piece letter"))?
                    .index() as u8
            };
            if file >= 8 {
                return Err(bad("a rank is too long"));
            }
            if num > 0 {
                if kind == PAWN {
                    return Err(bad("pawns are never cloaked"));
                }
                if std::mem::replace(&mut seen_num[color.index()][num as usize - 1], true) {
                    return Err(bad("a checker number is on the board twice"));
                }
            }
            if kind == UNKNOWN && (num == 0 || Some(color) == viewer || viewer.is_none()) {
                return Err(bad(
                    "only the enemy's cloaked checkers in a view are of unknown kind",
                ));
            }
            if kind != UNKNOWN && num > 0 && viewer == Some(color.opponent()) {
                return Err(bad(
                    "a view does not know the kind of the enemy's cloaked checkers",
                ));
            }
            p.put(rank * 8 + file, Piece { color, kind }, num);
            file += 1;
        }
        if file != 8 {
            return Err(bad("a rank is not 8 cells"));
        }
    }
    p.side = match f[1] {
        "w" => Player::White,
        "b" => Player::Black,
        _ => return Err(bad("side is w or b")),
    };
    let (ph, owed) = match f[2].strip_suffix('!') {
        Some(x) => (x, true),
        None => (f[2], false),
    };
    p.owed = owed;
    p.phase = match ph {
        "deal" => Phase::Deal,
        "bonus" => Phase::BonusFirst,
        "start" => Phase::Start,
        "move" => Phase::Move { right: false },
        "move+" => Phase::Move { right: true },
        "extra" => Phase::BonusAfter,
        "uncloak" => Phase::Uncloak { after: 0 },
        x => match x.strip_prefix("uncloak").and_then(|n| n.parse::<u8>().ok()) {
            Some(n) if (1..=8).contains(&n) => Phase::Uncloak { after: n },
            _ => return Err(bad("unknown phase")),
        },
    };
    fn pair(s: &str) -> Result<(&str, &str), RuleError> {
        s.split_once('/')
            .ok_or_else(|| RuleError::new(format!("bad Cloak and Dagger pair '{s}': it needs a /")))
    }
    let (uw, ub) = pair(f[3])?;
    for (i, t) in [uw, ub].into_iter().enumerate() {
        let mut bits = 0u8;
        if t != "-" {
            for c in t.chars() {
                if !('a'..='h').contains(&c) {
                    return Err(bad("unmoved files are a to h"));
                }
                bits |= 1 << (c as u8 - b'a');
            }
        }
        p.unmoved[i] = bits;
    }
    let (rw, rb) = pair(f[4])?;
    p.reserve = [
        rw.parse()
            .ok()
            .filter(|&n| n <= 8)
            .ok_or_else(|| bad("reserve"))?,
        rb.parse()
            .ok()
            .filter(|&n| n <= 8)
            .ok_or_else(|| bad("reserve"))?,
    ];
    p.ep = match f[5] {
        "-" => None,
        s => Some(parse_square(s).ok_or_else(|| bad("en passant cell"))?),
    };
    p.halfmove = f[6].parse().map_err(|_| bad("halfmove"))?;
    p.fullmove = f[7]
        .parse()
        .ok()
        .filter(|&n| n >= 1)
        .ok_or_else(|| bad("fullmove"))?;
    let (sw, sb) = pair(f[8])?;
    for (i, t) in [sw, sb].into_iter().enumerate() {
        p.setup[i] = match t {
            "?" => None,
            n => Some(
                n.parse::<u16>()
                    .ok()
                    .filter(|&n| n < 960)
                    .ok_or_else(|| bad("setup number"))?,
            ),
        };
    }
    for i in 0..2 {
        p.know[i] = Knowledge::parse(f[9 + i]).ok_or_else(|| bad("knowledge"))?;
    }
    // Whether each side was dealt: its checkers or its knowledge show it.
    for (i, c) in [Player::White, Player::Black].into_iter().enumerate() {
        let own_view = viewer == Some(c);
        p.dealt[i] = p.setup[i].is_some()
            || seen_num[i].iter().any(|&x| x)
            || p.phase != Phase::Deal
            || (viewer.is_some() && !own_view && p.color_bb[i] & !p.kind_bb[PAWN as usize] != 0);
        let must_know = match viewer {
            None => p.dealt[i],
            Some(v) => v == c && p.dealt[i],
        };
        if must_know && p.setup[i].is_none() {
            return Err(bad("a dealt arrangement's number is missing"));
        }
        if viewer.is_some_and(|v| v != c) && p.setup[i].is_some() {
            return Err(bad("a view does not know the enemy's arrangement"));
        }
        if let Some(n) = p.setup[i] {
            let arr = setup::arrangement(n);
            for s in 0..64 {
                let num = p.num[s];
                if num > 0
                    && p.board[s]
                        .is_some_and(|pc| pc.color == c && pc.kind != arr[num as usize - 1])
                {
                    return Err(bad("a checker's kind differs from its arrangement"));
                }
            }
            for (f, &kind) in arr.iter().enumerate() {
                if p.know[i].mask[f] & setup::bit(kind) == 0 {
                    return Err(bad("the knowledge rules out the true arrangement"));
                }
            }
        }
    }
    if p.phase == Phase::Deal && p.dealt == [true, true] {
        return Err(bad("both are dealt: the phase is not deal"));
    }
    if let Some(e) = p.ep {
        if !passed_by_double_step(&p, e) {
            return Err(bad(&format!(
                "the en passant cell {} is not one a pawn's double step just passed",
                square_name(e)
            )));
        }
    }
    for c in [Player::White, Player::Black] {
        if p.dealt[c.index()] {
            check_arrangement(&p, c).map_err(|why| bad(&why))?;
        }
    }
    for c in [Player::White, Player::Black] {
        let i = c.index();
        let on_board = p.color_bb[i] & p.kind_bb[super::setup::KING as usize] != 0;
        // A king taken is known to both: its checker's kind was told when it was captured.
        let taken_checker = (1..=8u8).any(|n| {
            p.know[i].mask[n as usize - 1] == setup::bit(super::setup::KING)
                && p.checker_cell(c, n).is_none()
                && !on_board
        });
        let gone = if viewer.is_some_and(|v| v != c) {
            taken_checker
        } else {
            p.dealt[i] && !on_board
        };
        if gone {
            if p.king_taken.is_some() {
                return Err(bad("both kings are gone"));
            }
            p.king_taken = Some(c);
        }
    }
    p.board_key = p.recompute_board_key();
    p.public_board_key = p.recompute_public_board_key();
    Ok(p)
}
