//! FEN-like text: `<placement> <side> <used> <last> <fullmove>`.
//!
//! - placement: ranks 8 to 1, one letter per piece (upper case White), digits for empty runs;
//! - used: `-`, or the cells of the side to move's pieces that already acted this turn
//!   (Strike), comma-joined, e.g. `e3,f3`;
//! - last: two characters, the type White moved last (upper case) and the type Black moved
//!   last (lower case), `-` for none; the other side's Jesters copy it;
//! - fullmove: the turn number.
//!
//! The last three fields may be left out (`- -- 1`).

use crate::bitboard::{bit, Bits};
use crate::game::{Player, RuleError};

use super::pieces::Kind;
use super::position::{pack, Pos};
use super::Tches;

impl Tches {
    pub(super) fn to_fen(&self) -> String {
        let p = &self.pos;
        let mut rows = Vec::new();
        for r in (0..8).rev() {
            let mut row = String::new();
            let mut gap = 0;
            for f in 0..8 {
                match p.at((r * 8 + f) as u8) {
                    None => gap += 1,
                    Some((owner, k)) => {
                        if gap > 0 {
                            row.push_str(&gap.to_string());
                            gap = 0;
                        }
                        row.push(letter(owner, k));
                    }
                }
            }
            if gap > 0 {
                row.push_str(&gap.to_string());
            }
            rows.push(row);
        }
        let used = if p.used == 0 {
            "-".to_string()
        } else {
            let cells: Vec<&str> = Bits(p.used).map(|c| self.tables.geo.cell_name(c)).collect();
            cells.join(",")
        };
        let last: String = [Player::White, Player::Black]
            .iter()
            .map(|&s| match p.last[s.index()] {
                0 => '-',
                k => letter(s, Kind::from_index(k as usize - 1).expect("valid type")),
            })
            .collect();
        format!(
            "{} {} {} {} {}",
            rows.join("/"),
            p.side.fen_char(),
            used,
            last,
            p.fullmove
        )
    }

    /// Parses a position; checks everything play relies on, so a bad text is an error and
    /// never a broken position.
    pub(super) fn parse_fen(&self, fen: &str) -> Result<Pos, RuleError> {
        let err = |m: String| Err(RuleError::new(format!("bad TCHES FEN '{fen}': {m}")));
        let fields: Vec<&str> = fen.split_whitespace().collect();
        if fields.len() < 2 || fields.len() > 5 {
            return err("expected 2 to 5 fields: placement side [used] [last] [fullmove]".into());
        }
        let mut pos = Pos::empty();
        let ranks: Vec<&str> = fields[0].split('/').collect();
        if ranks.len() != 8 {
            return err(format!("{} ranks, expected 8", ranks.len()));
        }
        for (i, row) in ranks.iter().enumerate() {
            let r = 7 - i;
            let mut f = 0usize;
            let mut digits_before = false;
            for ch in row.chars() {
                if let Some(d) = ch.to_digit(10) {
                    if d == 0 || digits_before {
                        return err(format!("bad empty-run count in rank {}", r + 1));
                    }
                    f += d as usize;
                    digits_before = true;
                    continue;
                }
                digits_before = false;
                let Some(k) = Kind::from_letter(ch) else {
                    return err(format!("unknown piece letter '{ch}'"));
                };
                if f >= 8 {
                    return err(format!("rank {} has more than 8 files", r + 1));
                }
                let owner = if ch.is_ascii_uppercase() {
                    Player::White
                } else {
                    Player::Black
                };
                let c = (r * 8 + f) as u8;
                if k.is_pawn() && bit(c) & self.tables.far_rank[owner.index()] != 0 {
                    return err(format!("a {} pawn on its promotion rank", owner.name()));
                }
                pos.board[c as usize] = pack(owner, k);
                pos.occ[owner.index()] |= bit(c);
                if k == Kind::King {
                    pos.kings[owner.index()] |= bit(c);
                }
                f += 1;
            }
            if f != 8 {
                return err(format!("rank {} has {} files, expected 8", r + 1, f));
            }
        }
        for p in [Player::White, Player::Black] {
            if pos.kings[p.index()].count_ones() != 1 {
                return err(format!("{} needs exactly one king", p.name()));
            }
        }
        pos.side = match fields[1] {
            "w" => Player::White,
            "b" => Player::Black,
            s => return err(format!("side '{s}', expected w or b")),
        };
        if let Some(&used) = fields.get(2).filter(|&&u| u != "-") {
            if !self.tables.strike {
                return err("used pieces given, but Strike is off".into());
            }
            for name in used.split(',') {
                let Some(c) = self.tables.geo.cell(name) else {
                    return err(format!("bad cell '{name}' in the used list"));
                };
                if pos.occ[pos.side.index()] & bit(c) == 0 {
                    return err(format!(
                        "used cell {name} holds no piece of the side to move"
                    ));
                }
                if pos.used & bit(c) != 0 {
                    return err(format!("used cell {name} listed twice"));
                }
                pos.used |= bit(c);
            }
            if pos.used.count_ones() >= 3 {
                return err("three pieces used: the turn would be over".into());
            }
        }
        if let Some(last) = fields.get(3) {
            let ch: Vec<char> = last.chars().collect();
            if ch.len() != 2 {
                return err(format!("last-moved field '{last}' must be two characters"));
            }
            for (i, (&c, want_upper)) in ch.iter().zip([true, false]).enumerate() {
                if c == '-' {
                    continue;
                }
                match Kind::from_letter(c) {
                    Some(k) if k != Kind::Jester && c.is_ascii_uppercase() == want_upper => {
                        pos.last[i] = k.index() as u8 + 1;
                    }
                    _ => {
                        return err(format!(
                            "last-moved '{c}': a type letter (not J), upper case for White, lower for Black"
                        ))
                    }
                }
            }
        }
        if let Some(n) = fields.get(4) {
            pos.fullmove = match n.parse::<u32>() {
                Ok(n) if n >= 1 => n,
                _ => return err(format!("fullmove '{n}' must be a positive number")),
            };
        }
        let mut probe = Tches {
            tables: self.tables.clone(),
            pos,
        };
        probe.pos.key = probe.compute_key();
        if probe.pos.used != 0 && !probe.any_unused_can_act() {
            return err("no unused piece can act: the turn would be over".into());
        }
        Ok(probe.pos)
    }

    pub(super) fn compute_key(&self) -> u64 {
        let p = &self.pos;
        let keys = &self.tables.keys;
        let mut k = 0;
        for c in Bits(p.occupied()) {
            let (owner, kind) = p.at(c).expect("occupied cell");
            k ^= keys.piece(owner, kind, c);
        }
        if p.side == Player::Black {
            k ^= keys.side;
        }
        for c in Bits(p.used) {
            k ^= keys.used(c);
        }
        k ^ keys.last(Player::White, p.last[0]) ^ keys.last(Player::Black, p.last[1])
    }
}

pub fn letter(owner: Player, k: Kind) -> char {
    match owner {
        Player::White => k.letter(),
        Player::Black => k.letter().to_ascii_lowercase(),
    }
}
