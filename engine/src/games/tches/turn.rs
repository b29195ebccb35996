//! Playing an action, ending turns, replacements, and legality: under Strike an action is
//! legal only if the turn can still be finished with the mover's royal piece safe (a small
//! search over the rest of the turn, at most two more actions).

use crate::core::bitboard::{bit, Bits, Cell};
use crate::core::game::Player;
use crate::kits::steps::memo::Memo;

use super::options::Timing;
use super::pieces::Kind;
use super::position::{pack, Move, Pos, DROP, LEAVE};
use super::tables::REPLACE_SLOTS;
use super::Tches;

/// The reason of a win by Escort the King.
const ESCORTED: &str = "king escorted to the portal";

/// A piece as it is taken off or put on a cell: owner, type, facing.
type Piece = (Player, Kind, u8);

impl Tches {
    fn put(&mut self, (p, k, f): Piece, c: Cell) {
        self.pos.board[c as usize] = pack(p, k) | f << 6;
        self.pos.occ[p.index()] |= bit(c);
        self.mark(p, k, c, true);
        let keys = &self.tables.keys;
        self.pos.key ^= keys.piece(p, k, c) ^ keys.face(c, f);
    }

    fn take(&mut self, c: Cell) -> Option<Piece> {
        let (p, k) = self.pos.at(c)?;
        let f = self.pos.facing(c);
        self.pos.board[c as usize] = 0;
        self.pos.occ[p.index()] &= !bit(c);
        self.mark(p, k, c, false);
        let keys = &self.tables.keys;
        self.pos.key ^= keys.piece(p, k, c) ^ keys.face(c, f);
        Some((p, k, f))
    }

    fn put_under(&mut self, (p, k, f): Piece, c: Cell) {
        self.pos.under[c as usize] = pack(p, k) | f << 6;
        self.pos.stacked |= bit(c);
        self.mark(p, k, c, true);
        let keys = &self.tables.keys;
        self.pos.key ^= keys.under(p, k, c) ^ keys.under_face(c, f);
    }

    fn take_under(&mut self, c: Cell) -> Option<Piece> {
        let (p, k) = self.pos.under_at(c)?;
        let f = self.pos.under[c as usize] >> 6;
        self.pos.under[c as usize] = 0;
        self.pos.stacked &= !bit(c);
        self.mark(p, k, c, false);
        let keys = &self.tables.keys;
        self.pos.key ^= keys.under(p, k, c) ^ keys.under_face(c, f);
        Some((p, k, f))
    }

    /// Keeps the king and royal cells: a cell holds at most one of each side's.
    #[inline]
    fn mark(&mut self, p: Player, k: Kind, c: Cell, on: bool) {
        let b = bit(c);
        if k == Kind::King {
            if on {
                self.pos.kings[p.index()] |= b;
            } else {
                self.pos.kings[p.index()] &= !b;
            }
        }
        if k == self.tables.rules.target {
            if on {
                self.pos.royals[p.index()] |= b;
            } else {
                self.pos.royals[p.index()] &= !b;
            }
        }
    }

    fn set_used(&mut self, used: u64) {
        for c in Bits(self.pos.used ^ used) {
            self.pos.key ^= self.tables.keys.used(c);
        }
        self.pos.used = used;
    }

    fn set_acts(&mut self, n: u8) {
        let keys = &self.tables.keys;
        self.pos.key ^= keys.acts(self.pos.acts, false) ^ keys.acts(n, false);
        self.pos.acts = n;
    }

    fn set_suspended_acts(&mut self, n: u8) {
        let keys = &self.tables.keys;
        self.pos.key ^= keys.acts(self.pos.suspended_acts, true) ^ keys.acts(n, true);
        self.pos.suspended_acts = n;
    }

    fn set_suspended(&mut self, s: u64) {
        for c in Bits(self.pos.suspended ^ s) {
            self.pos.key ^= self.tables.keys.suspended(c);
        }
        self.pos.suspended = s;
    }

    fn set_owed(&mut self, p: Player, slot: usize, n: u8) {
        let old = self.pos.owed(p, slot);
        let keys = &self.tables.keys;
        self.pos.key ^= keys.pending(p, slot, old) ^ keys.pending(p, slot, n);
        let shift = 2 * slot;
        let v = &mut self.pos.pending[p.index()];
        *v = (*v & !(3 << shift)) | n << shift;
    }

    fn toggle_side(&mut self) {
        self.pos.side = self.pos.side.opponent();
        self.pos.key ^= self.tables.keys.side;
    }

    /// Plays a pseudo-legal action: moves, captures, carries, frees, records the moved type
    /// for the Jesters, owes replacements, and ends the turn after three actions, when no
    /// unused piece can act, or at once without Strike. An action that wins ends the game
    /// without ending the turn.
    pub(super) fn play_raw(&mut self, m: Move) -> Pos {
        let saved = self.pos;
        if m.is_replacement() {
            self.replace(m);
            return saved;
        }
        let me = self.pos.side;
        if m.in_place() {
            let (p, k, _) = self.take(m.from).expect("a turn starts on a piece");
            self.put((p, k, m.face), m.from);
            self.after_action(me, m.from);
            return saved;
        }
        let load_at = if m.is_two_part() { m.via } else { m.to };
        let loads = self.pos.occ[me.index()] & bit(load_at) != 0;
        let (_, kind, _) = self.take(m.from).expect("an action starts on a piece");
        let moved = self
            .pos
            .effective(me, kind)
            .map_or(0, |k| k.index() as u8 + 1);
        let below = self.take_under(m.from);
        let mut holds = None;
        if let Some(b) = below {
            if b.0 != me {
                holds = Some(b);
            } else {
                match m.mode {
                    LEAVE => self.put(b, m.from),
                    DROP => self.put(b, m.via),
                    _ => holds = Some(b),
                }
            }
        }
        if loads {
            holds = self.take(load_at);
            if m.is_two_part() && self.pos.used & bit(load_at) != 0 {
                // A piece that acted is carried on: its mark goes with it.
                self.set_used(self.pos.used & !bit(load_at));
            }
        }
        let mut lost = [None; 2];
        // A one-part load lands on its own piece: nothing to capture there.
        if !loads || m.is_two_part() {
            if let Some(victim) = self.take(m.to) {
                lost[0] = Some(victim);
                match self.take_under(m.to) {
                    Some(mine) if mine.0 == me => self.put(mine, m.place),
                    other => lost[1] = other,
                }
                if victim.1 == Kind::King && self.tables.rules.capture_king {
                    holds = Some(victim);
                    lost[0] = None;
                }
            }
        }
        let face = if self.tables.rules.polarity {
            m.face
        } else {
            0
        };
        self.put((me, m.promo.unwrap_or(kind), face), m.to);
        if let Some(h) = holds {
            self.put_under(h, m.to);
        }
        let keys = &self.tables.keys;
        self.pos.key ^= keys.last(me, self.pos.last[me.index()]) ^ keys.last(me, moved);
        self.pos.last[me.index()] = moved;
        if self.winner().is_some() {
            // The game is over, and the winner's turn with it: nothing is left in progress.
            self.end_turn(me);
            return saved;
        }
        if self.tables.rules.replacement {
            for (_, k, _) in lost.into_iter().flatten() {
                self.owe(me.opponent(), k);
            }
        }
        self.after_action(me, m.to);
        saved
    }

    /// The owner of a lost Jester, Queen or Magister owes its replacement when it has no
    /// piece of that type left (never for the target type: its loss counts as such).
    fn owe(&mut self, owner: Player, lost: Kind) {
        if lost == self.tables.rules.target || self.has_kind(owner, lost) {
            return;
        }
        if let Some(slot) = REPLACE_SLOTS.iter().position(|&k| k == lost) {
            let n = self.pos.owed(owner, slot);
            self.set_owed(owner, slot, (n + 1).min(3));
        }
    }

    /// Marks the piece on `acted` used and ends the turn when it is over; settles
    /// replacements the opponent owes, by the timing in force.
    fn after_action(&mut self, me: Player, acted: Cell) {
        let them = me.opponent();
        self.set_used(self.pos.used | bit(acted));
        self.set_acts(self.pos.acts + 1);
        let turn_over =
            !self.tables.rules.strike || self.pos.acts >= 3 || !self.any_unused_can_act();
        match self.tables.rules.timing {
            Timing::Now => {
                let choosing = self.settle(them);
                if turn_over {
                    self.end_turn(me);
                } else if choosing {
                    // The owner chooses now, in the middle of this turn, which then goes on.
                    let (used, acts) = (self.pos.used, self.pos.acts);
                    self.set_used(0);
                    self.set_acts(0);
                    self.set_suspended(used);
                    self.set_suspended_acts(acts);
                    self.toggle_side();
                }
            }
            Timing::Turn => {
                if turn_over {
                    self.end_turn(me);
                    self.settle(them);
                }
            }
        }
    }

    fn end_turn(&mut self, me: Player) {
        self.set_used(0);
        self.set_acts(0);
        self.toggle_side();
        if me == Player::Black {
            self.pos.fullmove += 1;
        }
    }

    /// Cells of `p`'s pieces that can take the replacement of slot `slot`: pawns for a lost
    /// Jester, Magisters for a lost Queen, Queens for a lost Magister, on top or carried;
    /// never the target type.
    pub(super) fn candidates(&self, p: Player, slot: usize) -> u64 {
        let pos = &self.pos;
        let fits = |k: Kind| {
            k != self.tables.rules.target
                && match slot {
                    0 => k.is_pawn(),
                    1 => k == Kind::Magister,
                    _ => k == Kind::Queen,
                }
        };
        let mut m = 0;
        for c in Bits(pos.occ[p.index()]) {
            let piece = if pos.stacked & bit(c) != 0 {
                pos.under_at(c)
            } else {
                pos.at(c)
            };
            if matches!(piece, Some((o, k)) if o == p && fits(k)) {
                m |= bit(c);
            }
        }
        m
    }

    /// True when `p` has a piece of type `k`, on top or carried.
    pub(super) fn has_kind(&self, p: Player, k: Kind) -> bool {
        let pos = &self.pos;
        Bits(pos.occupied()).any(|c| {
            pos.at(c) == Some((p, k))
                || (pos.stacked & bit(c) != 0 && pos.under_at(c) == Some((p, k)))
        })
    }

    /// Applies `p`'s owed replacements that leave no choice (one candidate, or none: then
    /// nothing happens). True when a choice is left.
    fn settle(&mut self, p: Player) -> bool {
        let mut choosing = false;
        for slot in 0..REPLACE_SLOTS.len() {
            while self.pos.owed(p, slot) > 0 {
                let cands = self.candidates(p, slot);
                match cands.count_ones() {
                    0 => self.set_owed(p, slot, 0),
                    1 => self.transform(p, slot, cands.trailing_zeros() as Cell),
                    _ => {
                        choosing = true;
                        break;
                    }
                }
            }
        }
        choosing
    }

    /// The candidate on `c` takes the lost type of `slot`.
    fn transform(&mut self, p: Player, slot: usize, c: Cell) {
        let new = REPLACE_SLOTS[slot];
        if self.pos.stacked & bit(c) != 0 {
            let (o, _, f) = self.take_under(c).expect("a carried candidate");
            self.put_under((o, new, f), c);
        } else {
            let (o, _, f) = self.take(c).expect("a candidate");
            self.put((o, new, f), c);
        }
        let n = self.pos.owed(p, slot);
        self.set_owed(p, slot, n - 1);
    }

    /// A replacement choice by the side to move; when none is left, a suspended turn of the
    /// opponent goes on.
    fn replace(&mut self, m: Move) {
        let p = self.pos.side;
        let slot = REPLACE_SLOTS
            .iter()
            .position(|&k| Some(k) == m.promo)
            .expect("a replacement type");
        self.transform(p, slot, m.from);
        if !self.settle(p) && self.pos.suspended != 0 {
            let (used, acts) = (self.pos.suspended, self.pos.suspended_acts);
            self.set_suspended(0);
            self.set_suspended_acts(0);
            self.toggle_side();
            self.set_used(used);
            self.set_acts(acts);
        }
    }

    /// True when the side to move must choose a replacement before anything else.
    #[inline]
    pub(super) fn choosing(&self) -> bool {
        self.pos.pending[self.pos.side.index()] != 0
    }

    /// The replacement choices of the side to move.
    pub(super) fn replacement_actions(&self, out: &mut Vec<Move>) {
        let p = self.pos.side;
        for (slot, &k) in REPLACE_SLOTS.iter().enumerate() {
            if self.pos.owed(p, slot) > 0 {
                for c in Bits(self.candidates(p, slot)) {
                    out.push(Move {
                        promo: Some(k),
                        ..Move::simple(c, c)
                    });
                }
            }
        }
    }

    /// True when the turn of `me`, now in progress or just ended, can end with `me`'s royal
    /// piece not attacked. `memo` remembers positions already decided (transpositions inside
    /// a turn). A replacement the opponent chooses on the way must leave a way for every
    /// choice.
    fn can_finish(&mut self, me: Player, memo: &mut Memo) -> bool {
        if self.pos.side != me {
            if self.choosing() {
                let mut choices = Vec::new();
                self.replacement_actions(&mut choices);
                return choices.into_iter().all(|a| {
                    let saved = self.play_raw(a);
                    let ok = self.can_finish(me, memo);
                    self.pos = saved;
                    ok
                });
            }
            return !self.royal_attacked(me);
        }
        if let Some(known) = memo.get(self.pos.key) {
            return known;
        }
        // Capturing the enemy's last royal piece ends the game at once: nothing else need
        // be safe.
        let unused = self.pos.occ[me.index()] & !self.pos.used;
        let mut ok = self
            .royal_cell(me.opponent())
            .is_some_and(|r| self.attacks_with(me, unused, r));
        // On the last action, a piece whose departure cannot expose the royal piece has a safe
        // action if it has any: a carrier that could load with its first leap and capture
        // (emptying two cells) can also make the plain loading, which empties only its own.
        if !ok && self.pos.acts == 2 {
            let royal = self.royal_cell(me).map_or(0, bit);
            let quiet = self.safe_departures() & unused & !royal;
            ok = Bits(quiet).any(|c| self.piece_can_act(c));
        }
        // Piece by piece, so that the first safe continuation stops generation early.
        let mut actions = Vec::with_capacity(32);
        'pieces: for c in Bits(unused) {
            if ok {
                break;
            }
            actions.clear();
            self.piece_actions(c, &mut actions);
            for &a in &actions {
                let saved = self.play_raw(a);
                ok = self
                    .win_stands(me)
                    .unwrap_or_else(|| self.can_finish(me, memo));
                self.pos = saved;
                if ok {
                    break 'pieces;
                }
            }
        }
        memo.put(self.pos.key, ok);
        ok
    }

    /// Legality of a pseudo-legal action of the side to move.
    pub(super) fn legal_with(&mut self, m: Move, memo: &mut Memo) -> bool {
        if m.is_replacement() || self.royal_cell(self.pos.side).is_none() {
            return true;
        }
        let me = self.pos.side;
        let saved = self.play_raw(m);
        let ok = self
            .win_stands(me)
            .unwrap_or_else(|| self.can_finish(me, memo));
        self.pos = saved;
        ok
    }

    /// After an action of `me`: `None` when it did not win; `Some(true)` when it won;
    /// `Some(false)` when its only win is `me`'s king on the enemy portal while `me`'s royal
    /// piece could be captured. Reaching the portal does not lift king safety (only capturing
    /// the enemy's last royal piece does), and the win comes when the king arrives, so the
    /// royal piece must be safe then, also in the middle of a Strike turn.
    fn win_stands(&self, me: Player) -> Option<bool> {
        match self.won(me)? {
            ESCORTED => Some(!self.royal_attacked(me)),
            _ => Some(true),
        }
    }

    /// Every legal action, in generation order.
    pub(super) fn legal(&self, out: &mut Vec<Move>) {
        if self.winner().is_some() {
            return;
        }
        if self.choosing() {
            self.replacement_actions(out);
            return;
        }
        let Some(royal) = self.royal_cell(self.pos.side) else {
            // Nothing can be lost in one enemy action: every action is legal.
            self.pseudo_actions(out);
            return;
        };
        let mut pseudo = Vec::new();
        self.pseudo_actions(&mut pseudo);
        let mut scratch = self.clone();
        let mut memo = Memo::default();
        let quiet_cells = self.safe_departures();
        let own = self.pos.occ[self.pos.side.index()];
        out.extend(pseudo.into_iter().filter(|&m| {
            let royal_stays = m.from != royal && m.via != royal;
            // A carrier that loads with its first leap takes its passenger off that cell too.
            let loaded_from = if m.is_two_part() { own & bit(m.via) } else { 0 };
            let vacated = bit(m.from) | loaded_from;
            (royal_stays && quiet_cells & vacated == vacated) || scratch.legal_with(m, &mut memo)
        }));
    }

    /// When the next action surely ends the turn (no Strike, or the third action), the cells a
    /// non-royal piece may leave with no check of the result: the royal piece is not attacked
    /// now, and no enemy piece that could ever capture on its cell is affected by that cell.
    /// Occupying the destination or removing an enemy there can only take attacks away.
    /// Enemy Jesters change with every action, and replacements change enemy types, so they
    /// disable the shortcut.
    fn safe_departures(&self) -> u64 {
        let me = self.pos.side;
        let them = me.opponent();
        let t = &self.tables;
        let last_action = !t.rules.strike || self.pos.acts == 2;
        if !last_action || t.rules.replacement || self.royal_attacked(me) {
            return 0;
        }
        let Some(royal) = self.royal_cell(me) else {
            return 0;
        };
        let mut touched = 0u64;
        for c in Bits(self.pos.occ[them.index()]) {
            let (_, kind) = self.pos.at(c).expect("occupied cell");
            if kind == Kind::Jester {
                return 0;
            }
            let f = self.pos.facing(c) as usize;
            if t.capture_hull[them.index()][f][kind.index()][c as usize] & bit(royal) != 0 {
                touched |= t.touch_hull[them.index()][f][kind.index()][c as usize];
            }
        }
        !touched
    }

    /// Why `p` has won, if it has: the opponent lost its last royal piece, `p`'s king stands
    /// on the enemy portal (Escort the King), or `p` carries the enemy king on its own portal
    /// (Capture the King).
    pub(super) fn won(&self, p: Player) -> Option<&'static str> {
        let t = &self.tables;
        let pos = &self.pos;
        let them = p.opponent();
        if t.royalty && pos.royals[them.index()] == 0 {
            return Some(if t.rules.target == Kind::King {
                "king capture"
            } else {
                "target capture"
            });
        }
        if t.rules.escort && pos.kings[p.index()] & !pos.stacked & t.portal[them.index()] != 0 {
            return Some(ESCORTED);
        }
        if t.rules.capture_king
            && pos.kings[them.index()] & pos.stacked & pos.occ[p.index()] & t.portal[p.index()] != 0
        {
            return Some("king carried to the portal");
        }
        None
    }

    /// The side that has won, if the game is over.
    pub(super) fn winner(&self) -> Option<Player> {
        [Player::White, Player::Black]
            .into_iter()
            .find(|&p| self.won(p).is_some())
    }
}
