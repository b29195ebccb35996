//! FEN-like text: `<placement> <side> <used> <last> <fullmove> [<owed>]`.
//!
//! - placement: ranks 8 to 1, one letter per piece (upper case White), digits for empty runs;
//!   a piece may be followed by `:` and a compass point, its Polarity facing when it is not
//!   its side's forward (`N:e`), and by the piece under it in parentheses (`F(P)`: a Griffin
//!   carrying a pawn; `C(k)`: a Champion carrying the black king);
//! - used: `-`, or the cells of the side to move's pieces that already acted this turn
//!   (Strike), comma-joined, e.g. `e3,f3`;
//! - last: two characters, the type White moved last (upper case) and the type Black moved
//!   last (lower case), `-` for none; the other side's Jesters copy it;
//! - fullmove: the turn number;
//! - owed (Replacement, only when something is owed): the lost types whose replacement each
//!   side owes, `J`, `Q`, `M` for White and `j`, `q`, `m` for Black, once per loss; then, while
//!   the side to move chooses in the middle of the opponent's turn, `/` and the opponent's
//!   used cells (`j/d4`).
//!
//! The last four fields may be left out (`- -- 1`).

use crate::core::bitboard::{bit, Bits, Cell};
use crate::core::game::{Player, RuleError};

use super::options::Timing;
use super::pieces::Kind;
use super::position::{compass, from_compass, pack, unpack, Pos};
use super::tables::REPLACE_SLOTS;
use super::Tches;

impl Tches {
    fn piece_text(&self, byte: u8) -> String {
        let (owner, k) = unpack(byte).expect("a piece");
        let mut s = letter(owner, k).to_string();
        let f = byte >> 6;
        if f != 0 {
            s.push(':');
            s.push(compass(owner, f));
        }
        s
    }

    pub(super) fn to_fen(&self) -> String {
        let p = &self.pos;
        let mut rows = Vec::new();
        for r in (0..8).rev() {
            let mut row = String::new();
            let mut gap = 0;
            for f in 0..8 {
                let c = (r * 8 + f) as Cell;
                if p.at(c).is_none() {
                    gap += 1;
                    continue;
                }
                if gap > 0 {
                    row.push_str(&gap.to_string());
                    gap = 0;
                }
                row.push_str(&self.piece_text(p.board[c as usize]));
                if p.stacked & bit(c) != 0 {
                    row.push('(');
                    row.push_str(&self.piece_text(p.under[c as usize]));
                    row.push(')');
                }
            }
            if gap > 0 {
                row.push_str(&gap.to_string());
            }
            rows.push(row);
        }
        // One cell per piece that acted: a carrier and the passenger it loaded after that
        // one acted share a cell, written twice.
        let cells = |m: u64, acts: u8| -> String {
            if m == 0 {
                return "-".to_string();
            }
            let mut v: Vec<&str> = Bits(m).map(|c| self.tables.geo.cell_name(c)).collect();
            while v.len() < acts as usize {
                v.push(v[0]);
            }
            v.join(",")
        };
        let last: String = [Player::White, Player::Black]
            .iter()
            .map(|&s| match p.last[s.index()] {
                0 => '-',
                k => letter(s, Kind::from_index(k as usize - 1).expect("valid type")),
            })
            .collect();
        let mut fen = format!(
            "{} {} {} {} {}",
            rows.join("/"),
            p.side.fen_char(),
            cells(p.used, p.acts),
            last,
            p.fullmove
        );
        if p.pending != [0, 0] {
            fen.push(' ');
            for s in [Player::White, Player::Black] {
                for (slot, &k) in REPLACE_SLOTS.iter().enumerate() {
                    for _ in 0..p.owed(s, slot) {
                        fen.push(letter(s, k));
                    }
                }
            }
            if p.suspended != 0 {
                fen.push('/');
                fen.push_str(&cells(p.suspended, p.suspended_acts));
            }
        }
        fen
    }

    /// Parses a position; checks everything play relies on, so a bad text is an error and
    /// never a broken position.
    pub(super) fn parse_fen(&self, fen: &str) -> Result<Pos, RuleError> {
        let err = |m: String| Err(RuleError::new(format!("bad TCHES FEN '{fen}': {m}")));
        let rules = &self.tables.rules;
        let fields: Vec<&str> = fen.split_whitespace().collect();
        if fields.len() < 2 || fields.len() > 6 {
            return err(
                "expected 2 to 6 fields: placement side [used] [last] [fullmove] [owed]".into(),
            );
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
            let chars: Vec<char> = row.chars().collect();
            let mut j = 0;
            while j < chars.len() {
                let ch = chars[j];
                j += 1;
                if let Some(d) = ch.to_digit(10) {
                    if d == 0 || digits_before {
                        return err(format!("bad empty-run count in rank {}", r + 1));
                    }
                    f += d as usize;
                    digits_before = true;
                    continue;
                }
                digits_before = false;
                if f >= 8 {
                    return err(format!("rank {} has more than 8 files", r + 1));
                }
                let c = (r * 8 + f) as Cell;
                let top = match read_piece(&chars, &mut j, ch) {
                    Ok(b) => b,
                    Err(m) => return err(format!("rank {}: {m}", r + 1)),
                };
                pos.board[c as usize] = top;
                if chars.get(j) == Some(&'(') {
                    j += 1;
                    let Some(&uch) = chars.get(j) else {
                        return err(format!("rank {}: unfinished '('", r + 1));
                    };
                    j += 1;
                    let under = match read_piece(&chars, &mut j, uch) {
                        Ok(b) => b,
                        Err(m) => return err(format!("rank {}: {m}", r + 1)),
                    };
                    if chars.get(j) != Some(&')') {
                        return err(format!(
                            "rank {}: expected ')' after the carried piece",
                            r + 1
                        ));
                    }
                    j += 1;
                    pos.under[c as usize] = under;
                    pos.stacked |= bit(c);
                }
                f += 1;
            }
            if f != 8 {
                return err(format!("rank {} has {} files, expected 8", r + 1, f));
            }
        }
        for c in 0..64u8 {
            for byte in [pos.board[c as usize], pos.under[c as usize]] {
                let Some((owner, k)) = unpack(byte) else {
                    continue;
                };
                if byte >> 6 != 0 && !rules.polarity {
                    return err("a facing is given, but Polarity is off".into());
                }
                if byte >> 6 != 0 && k.is_pawn() {
                    return err("a pawn always faces forward".into());
                }
                if k == Kind::King {
                    pos.kings[owner.index()] |= bit(c);
                }
                if k == rules.target {
                    pos.royals[owner.index()] |= bit(c);
                }
            }
            if let Some((owner, k)) = pos.at(c) {
                pos.occ[owner.index()] |= bit(c);
                if k.is_pawn() && bit(c) & self.tables.far_rank[owner.index()] != 0 {
                    return err(format!("a {} pawn on its promotion rank", owner.name()));
                }
            }
            if let Some((uo, uk)) = pos.under_at(c) {
                let (to, tk) = pos.at(c).expect("a carried piece has a carrier");
                let name = self.tables.geo.cell_name(c);
                if uo == to {
                    if !rules.transport {
                        return err(format!(
                            "{name}: a carried piece, but Transportation is off"
                        ));
                    }
                    if !tk.is_carrier() || uk.is_carrier() || uk == Kind::King {
                        return err(format!(
                            "{name}: only a knight-based piece carries, and never a king or a knight-based piece"
                        ));
                    }
                    if uk.is_pawn() && bit(c) & self.tables.far_rank[uo.index()] != 0 {
                        return err(format!("{name}: a carried pawn on its promotion rank"));
                    }
                } else {
                    if !rules.capture_king {
                        return err(format!(
                            "{name}: an enemy piece is carried, but Capture the King is off"
                        ));
                    }
                    if uk != Kind::King || tk == Kind::King {
                        return err(format!(
                            "{name}: only a captured king is carried by an enemy piece"
                        ));
                    }
                }
            }
        }
        for p in [Player::White, Player::Black] {
            let kings = pos.kings[p.index()].count_ones();
            if kings > 1 {
                return err(format!("{} has more than one king", p.name()));
            }
            if rules.capture_king && kings != 1 {
                return err(format!(
                    "{} has no king: under Capture the King a king is never lost",
                    p.name()
                ));
            }
        }
        pos.side = match fields[1] {
            "w" => Player::White,
            "b" => Player::Black,
            s => return err(format!("side '{s}', expected w or b")),
        };
        // A cell may be listed twice when it holds a carrier and a passenger that both acted.
        let under = pos.under;
        let read_cells = |text: &str, what: &str, owner: Player| -> Result<(u64, u8), String> {
            let mut m = 0u64;
            let mut n = 0u8;
            for name in text.split(',') {
                let Some(c) = self.tables.geo.cell(name) else {
                    return Err(format!("bad cell '{name}' in the {what} list"));
                };
                n += 1;
                if m & bit(c) != 0 {
                    let twice = text.split(',').filter(|x| *x == name).count() == 2;
                    let carried = matches!(unpack(under[c as usize]), Some((p, _)) if p == owner);
                    if !(twice && carried) {
                        return Err(format!(
                            "{what} cell {name} listed twice, but no passenger that acted stands there"
                        ));
                    }
                }
                m |= bit(c);
            }
            Ok((m, n))
        };
        if let Some(&used) = fields.get(2).filter(|&&u| u != "-") {
            if !rules.strike {
                return err("used pieces given, but Strike is off".into());
            }
            (pos.used, pos.acts) = match read_cells(used, "used", pos.side) {
                Ok(m) => m,
                Err(e) => return err(e),
            };
            if pos.used & !pos.occ[pos.side.index()] != 0 {
                return err("a used cell holds no piece of the side to move".into());
            }
            if pos.acts >= 3 {
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
        if let Some(owed) = fields.get(5) {
            if !rules.replacement {
                return err("replacements owed, but Replacement is off".into());
            }
            let (letters, suspended) = match owed.split_once('/') {
                Some((l, s)) => (l, Some(s)),
                None => (*owed, None),
            };
            for ch in letters.chars() {
                let owner = if ch.is_ascii_uppercase() {
                    Player::White
                } else {
                    Player::Black
                };
                let Some(slot) =
                    Kind::from_letter(ch).and_then(|k| REPLACE_SLOTS.iter().position(|&s| s == k))
                else {
                    return err(format!("owed '{ch}': J, Q or M (lower case for Black)"));
                };
                let shift = 2 * slot;
                let n = (pos.pending[owner.index()] >> shift) & 3;
                if n == 3 {
                    return err("at most three replacements of one type are owed".into());
                }
                pos.pending[owner.index()] += 1 << shift;
            }
            if pos.pending == [0, 0] {
                return err("the owed field names no replacement".into());
            }
            if let Some(s) = suspended {
                if !rules.strike || rules.timing != Timing::Now {
                    return err("a suspended turn needs Strike and ReplacementTiming now".into());
                }
                let other = pos.side.opponent();
                (pos.suspended, pos.suspended_acts) = match read_cells(s, "suspended", other) {
                    Ok(m) => m,
                    Err(e) => return err(e),
                };
                if pos.suspended & !pos.occ[other.index()] != 0 {
                    return err("a suspended used cell holds no piece of the opponent".into());
                }
                if pos.suspended_acts >= 3 {
                    return err("three suspended pieces: that turn would be over".into());
                }
            }
        }
        let mut probe = Tches {
            tables: self.tables.clone(),
            pos,
            weights: self.weights.clone(),
        };
        probe.pos.key = probe.compute_key();
        for p in [Player::White, Player::Black] {
            for (slot, &k) in REPLACE_SLOTS.iter().enumerate() {
                if pos.owed(p, slot) > 0 && probe.has_kind(p, k) {
                    return err(format!(
                        "{} owes the replacement of a lost {} but still has one: a replacement \
                         is owed only when no piece of the lost type is left",
                        p.name(),
                        k.name()
                    ));
                }
            }
        }
        let won: Vec<Player> = [Player::White, Player::Black]
            .into_iter()
            .filter(|&p| probe.won(p).is_some())
            .collect();
        if won.len() == 2 {
            return err("both sides have won".into());
        }
        let me = pos.side;
        let them = me.opponent();
        if won.is_empty() {
            if pos.pending[me.index()] != 0 {
                if pos.used != 0 {
                    return err("replacements are chosen before the turn's first action".into());
                }
                for slot in 0..REPLACE_SLOTS.len() {
                    if pos.owed(me, slot) > 0 && probe.candidates(me, slot).count_ones() < 2 {
                        return err(
                            "an owed replacement with one candidate or none is made at once".into(),
                        );
                    }
                }
            } else if pos.suspended != 0 {
                return err("a suspended turn, but nothing to choose".into());
            }
            if pos.pending[them.index()] != 0 && rules.timing == Timing::Now {
                return err(
                    "with ReplacementTiming now, only the side to move can owe replacements".into(),
                );
            }
            if pos.used != 0 && !probe.any_unused_can_act() {
                return err("no unused piece can act: the turn would be over".into());
            }
        }
        Ok(probe.pos)
    }

    pub(super) fn compute_key(&self) -> u64 {
        let p = &self.pos;
        let keys = &self.tables.keys;
        let mut k = 0;
        for c in Bits(p.occupied()) {
            let (owner, kind) = p.at(c).expect("occupied cell");
            k ^= keys.piece(owner, kind, c) ^ keys.face(c, p.facing(c));
        }
        for c in Bits(p.stacked) {
            let (owner, kind) = p.under_at(c).expect("a carried piece");
            k ^= keys.under(owner, kind, c) ^ keys.under_face(c, p.under[c as usize] >> 6);
        }
        if p.side == Player::Black {
            k ^= keys.side;
        }
        for c in Bits(p.used) {
            k ^= keys.used(c);
        }
        for c in Bits(p.suspended) {
            k ^= keys.suspended(c);
        }
        k ^= keys.acts(p.acts, false) ^ keys.acts(p.suspended_acts, true);
        for s in [Player::White, Player::Black] {
            for slot in 0..REPLACE_SLOTS.len() {
                k ^= keys.pending(s, slot, p.owed(s, slot));
            }
        }
        k ^ keys.last(Player::White, p.last[0]) ^ keys.last(Player::Black, p.last[1])
    }
}

/// Reads a piece letter (already taken: `ch`) and an optional `:` facing at `chars[*j]`.
fn read_piece(chars: &[char], j: &mut usize, ch: char) -> Result<u8, String> {
    let Some(k) = Kind::from_letter(ch) else {
        return Err(format!("unknown piece letter '{ch}'"));
    };
    let owner = if ch.is_ascii_uppercase() {
        Player::White
    } else {
        Player::Black
    };
    let mut byte = pack(owner, k);
    if chars.get(*j) == Some(&':') {
        let f = chars
            .get(*j + 1)
            .and_then(|&c| from_compass(owner, c))
            .ok_or_else(|| "a facing is n, e, s or w after ':'".to_string())?;
        *j += 2;
        byte |= f << 6;
    }
    Ok(byte)
}

pub fn letter(owner: Player, k: Kind) -> char {
    match owner {
        Player::White => k.letter(),
        Player::Black => k.letter().to_ascii_lowercase(),
    }
}
