//! Playing an action, ending turns, and legality: under Strike an action is legal only if the
//! turn can still be finished with the mover's king safe (a small search over the rest of the
//! turn, at most two more actions).

use crate::bitboard::{bit, Bits};
use crate::game::Player;

use super::pieces::Kind;
use super::position::{pack, Move, Pos};
use super::Tches;

/// A small direct-mapped table of mid-turn positions already decided, for one generation
/// call: the same pair of actions played in either order reaches the same position.
pub(super) struct Memo {
    slots: [(u64, bool); MEMO_SLOTS],
}

const MEMO_SLOTS: usize = 64;

impl Default for Memo {
    fn default() -> Memo {
        Memo {
            slots: [(0, false); MEMO_SLOTS],
        }
    }
}

impl Memo {
    #[inline]
    fn get(&self, key: u64) -> Option<bool> {
        let (k, v) = self.slots[key as usize % MEMO_SLOTS];
        (k == key && key != 0).then_some(v)
    }

    #[inline]
    fn put(&mut self, key: u64, v: bool) {
        self.slots[key as usize % MEMO_SLOTS] = (key, v);
    }
}

impl Tches {
    fn put(&mut self, p: Player, k: Kind, c: u8) {
        self.pos.board[c as usize] = pack(p, k);
        self.pos.occ[p.index()] |= bit(c);
        if k == Kind::King {
            self.pos.kings[p.index()] |= bit(c);
        }
        self.pos.key ^= self.tables.keys.piece(p, k, c);
    }

    fn take(&mut self, c: u8) -> Option<(Player, Kind)> {
        let pk = self.pos.at(c)?;
        let (p, k) = pk;
        self.pos.board[c as usize] = 0;
        self.pos.occ[p.index()] &= !bit(c);
        self.pos.kings[p.index()] &= !bit(c);
        self.pos.key ^= self.tables.keys.piece(p, k, c);
        Some(pk)
    }

    fn set_used(&mut self, used: u64) {
        for c in Bits(self.pos.used ^ used) {
            self.pos.key ^= self.tables.keys.used(c);
        }
        self.pos.used = used;
    }

    /// Plays a pseudo-legal action: moves, captures, records the moved type for the Jesters,
    /// and ends the turn after three actions, when no unused piece can act, or at once without
    /// Strike. Capturing the king ends the game without ending the turn.
    pub(super) fn play_raw(&mut self, m: Move) -> Pos {
        let saved = self.pos;
        let me = self.pos.side;
        let (_, kind) = self.take(m.from).expect("an action starts on a piece");
        let moved = self
            .pos
            .effective(me, kind)
            .map_or(0, |k| k.index() as u8 + 1);
        let captured = self.take(m.to);
        self.put(me, m.promo.unwrap_or(kind), m.to);
        let keys = &self.tables.keys;
        self.pos.key ^= keys.last(me, self.pos.last[me.index()]) ^ keys.last(me, moved);
        self.pos.last[me.index()] = moved;
        if matches!(captured, Some((_, Kind::King))) {
            return saved;
        }
        self.set_used(self.pos.used | bit(m.to));
        let turn_over =
            !self.tables.strike || self.pos.used.count_ones() >= 3 || !self.any_unused_can_act();
        if turn_over {
            self.set_used(0);
            self.pos.side = me.opponent();
            self.pos.key ^= self.tables.keys.side;
            if me == Player::Black {
                self.pos.fullmove += 1;
            }
        }
        saved
    }

    /// True when the turn of `me`, now in progress or just ended, can end with `me`'s king not
    /// attacked. `memo` remembers positions already decided (transpositions inside a turn).
    fn can_finish(&mut self, me: Player, memo: &mut Memo) -> bool {
        if self.pos.side != me {
            return !self.king_attacked(me);
        }
        if let Some(known) = memo.get(self.pos.key) {
            return known;
        }
        // Capturing the enemy king ends the game at once: nothing else need be safe.
        let unused = self.pos.occ[me.index()] & !self.pos.used;
        let mut ok = Bits(self.pos.kings[me.opponent().index()])
            .next()
            .is_some_and(|k| self.attacks_with(me, unused, k));
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
                ok = self.can_finish(me, memo);
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
        if self.captures_king(m) {
            return true;
        }
        let me = self.pos.side;
        let saved = self.play_raw(m);
        let ok = self.can_finish(me, memo);
        self.pos = saved;
        ok
    }

    /// Every legal action, in generation order.
    pub(super) fn legal(&self, out: &mut Vec<Move>) {
        if self.winner().is_some() {
            return;
        }
        let mut pseudo = Vec::new();
        self.pseudo_actions(&mut pseudo);
        let mut scratch = self.clone();
        let mut memo = Memo::default();
        out.extend(
            pseudo
                .into_iter()
                .filter(|&m| scratch.legal_with(m, &mut memo)),
        );
    }

    /// The side left without a king loses at once.
    pub(super) fn winner(&self) -> Option<Player> {
        if self.pos.kings[0] == 0 {
            Some(Player::Black)
        } else if self.pos.kings[1] == 0 {
            Some(Player::White)
        } else {
            None
        }
    }
}
