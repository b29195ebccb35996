//! Views: what one player knows. A view is the position with the enemy's cloaked kinds
//! unknown, plus the inference over the enemy's arrangement (see `knowledge`).

use std::sync::Arc;

use super::fen;
use super::movegen;
use super::notation;
use super::position::{Act, Phase, Position, CASTLE, EN_PASSANT, HIDDEN_DEAL, NORMAL, UNKNOWN};
use super::setup::{self, bit, KING, PAWN};
use super::Cloak;
use crate::core::game::{GameRng, Hidden, Outcome, Player, RuleError, Sample, View};
use crate::kits::chessboard::attacks::{bb, file_of};

/// What a player perceives of an action: the action (a deal's number hidden from the other
/// side) and what it revealed: the kind of a captured or uncloaked checker, or a guess's
/// answer (1 right, 2 wrong).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Seen {
    pub act: Act,
    pub reveal: u8,
}

/// One player's view.
#[derive(Clone, Debug)]
pub struct CloakView {
    pub pos: Position,
    player: Player,
    history: Vec<u64>,
    /// The game the view belongs to (options, weights).
    game: Cloak,
    /// The enemy's arrangements still possible with their weights (all of them when inference
    /// is off, narrowed by identities told only).
    possible: Arc<Vec<(u16, f64)>>,
    /// Own arrangements the enemy could still believe, weighted the same way (what the
    /// public knowledge of one's own checkers allows).
    own_possible: Arc<Vec<(u16, f64)>>,
}

impl CloakView {
    fn new(pos: Position, player: Player, history: Vec<u64>, game: &Cloak) -> CloakView {
        let mut v = CloakView {
            pos,
            player,
            history,
            game: game.clone(),
            possible: Arc::new(Vec::new()),
            own_possible: Arc::new(Vec::new()),
        };
        v.refresh();
        v
    }

    /// Recomputes the possible arrangements after the knowledge changed.
    fn refresh(&mut self) {
        let them = self.player.opponent();
        let read = |p: Player| self.pos.know[p.index()].as_read(self.game.inference);
        self.possible = Arc::new(read(them).possible());
        self.own_possible = Arc::new(read(self.player).possible());
    }

    /// A truth at `pos`, whose enemy arrangement was drawn: it holds the viewer's own for
    /// certain.
    fn truth(&self, pos: Position) -> Cloak {
        let mut g = self.game.with_position(pos, self.history.clone());
        g.certain = Some(self.player);
        g
    }

    /// The view's position with the enemy's cloaked checkers given an arrangement drawn
    /// from the possible ones.
    fn enemy_drawn(&self, rng: &mut GameRng) -> Position {
        let them = self.player.opponent();
        let mut pos = self.pos.clone();
        if pos.dealt[them.index()] {
            if let Some(pick) = pick_weighted(&self.possible, rng) {
                dress(&mut pos, them, pick);
            }
        }
        pos
    }

    /// The enemy arrangements still possible (with inference: by everything seen).
    pub fn possible(&self) -> &[(u16, f64)] {
        &self.possible
    }

    /// The probability of each kind (knight to king, index 0 to 4) for enemy checker `n`
    /// under the weighted possible arrangements.
    pub fn belief(&self, n: u8) -> [f64; 5] {
        let know = self.pos.know[self.player.opponent().index()].as_read(self.game.inference);
        know.marginals()[n as usize - 1]
    }

    /// An action as the view reads it: a move onto one's own piece is castling, a pawn's
    /// diagonal step onto the empty en passant cell is en passant.
    fn resolve(&self, a: Act) -> Act {
        if let Act::Move {
            from,
            to,
            special: NORMAL,
        } = a
        {
            let mover = self.pos.board[from as usize];
            let target = self.pos.board[to as usize];
            if let (Some(m), Some(t)) = (mover, target) {
                if m.color == t.color {
                    return Act::Move {
                        from,
                        to,
                        special: CASTLE,
                    };
                }
            }
            if mover.is_some_and(|m| m.kind == PAWN && Some(to) == self.pos.ep_for(m.color))
                && target.is_none()
                && file_of(from) != file_of(to)
            {
                return Act::Move {
                    from,
                    to,
                    special: EN_PASSANT,
                };
            }
        }
        a
    }

    /// Checks an observation against what the view can check.
    fn check(&self, o: &Seen) -> Result<(), RuleError> {
        let bad = |why: &str| {
            Err(RuleError::new(format!(
                "'{}' does not fit this view: {why}",
                self.format_observation(o)
            )))
        };
        if self.outcome().is_some() {
            return bad("the game is over");
        }
        let pos = &self.pos;
        if let Act::Deal { side, n } = o.act {
            let next = if pos.dealt[0] {
                Player::Black
            } else {
                Player::White
            };
            if pos.phase != Phase::Deal || side != next {
                return bad("no deal is due");
            }
            if (side == self.player) == (n == HIDDEN_DEAL) {
                return bad("a player sees its own deal and not the other's");
            }
            return Ok(());
        }
        if pos.phase == Phase::Deal {
            return bad("the arrangements are not dealt yet");
        }
        if pos.side == self.player {
            // Our own action: it must be legal here, and what it revealed must fit.
            let mut legal = Vec::new();
            movegen::legal(pos, &mut legal);
            if !legal.contains(&o.act) {
                return bad("not a legal action of ours");
            }
            return self.check_reveal(o);
        }
        // The enemy's action: its kind of action fits the phase and the cells.
        let ok = match (pos.phase, o.act) {
            // A bonus moves a pawn or drops one, and the check rules it keeps bind only a
            // visible king: everything it depends on is public, so the view lists it whole.
            (Phase::BonusFirst | Phase::BonusAfter, _) => {
                let mut legal = Vec::new();
                movegen::legal(pos, &mut legal);
                legal.contains(&o.act)
            }
            (Phase::Start, Act::Guess { n, kind }) => {
                pos.checker_cell(self.player, n).is_some()
                    && pos.know[self.player.index()].kinds_possible(n) & bit(kind) != 0
            }
            (Phase::Start | Phase::Move { .. }, Act::Move { from, to, special }) => {
                let mover = pos.board[from as usize];
                let target = pos.board[to as usize];
                mover.is_some_and(|m| m.color == pos.side)
                    && (special == CASTLE || target.is_none_or(|t| t.color != pos.side))
                    && (mover.is_some_and(|m| m.kind != UNKNOWN) || self.shape_allowed(o.act))
            }
            (Phase::Uncloak { after }, Act::Uncloak { n }) => {
                n > after && pos.checker_cell(pos.side, n).is_some()
            }
            (Phase::Uncloak { .. }, Act::End) => true,
            _ => false,
        };
        if !ok {
            return bad("not an action the enemy may take here");
        }
        self.check_reveal(o)
    }

    /// Whether an unknown enemy checker's move leaves it a possible kind.
    fn shape_allowed(&self, a: Act) -> bool {
        let Act::Move { from, to, special } = a else {
            return true;
        };
        let n = self.pos.num[from as usize];
        if n == 0 {
            return true;
        }
        let mut k = self.pos.know[self.pos.side.index()];
        if special == CASTLE {
            return k.mask[n as usize - 1] & bit(KING) != 0;
        }
        k.observe_move(n, from, to, self.pos.occupied());
        k.mask[n as usize - 1] != 0
    }

    fn check_reveal(&self, o: &Seen) -> Result<(), RuleError> {
        let pos = &self.pos;
        let bad = || {
            Err(RuleError::new(format!(
                "'{}' tells what cannot be so in this view",
                self.format_observation(o)
            )))
        };
        let expected_kinds: Option<u8> = match o.act {
            Act::Move { to, special, .. } if special != CASTLE && special != EN_PASSANT => {
                match pos.board[to as usize] {
                    Some(t) if pos.num[to as usize] > 0 && t.color != pos.side => {
                        if t.kind == UNKNOWN {
                            Some(pos.know[t.color.index()].kinds_possible(pos.num[to as usize]))
                        } else {
                            Some(bit(t.kind))
                        }
                    }
                    _ => None,
                }
            }
            Act::Guess { .. } => {
                return if o.reveal == 1 || o.reveal == 2 {
                    Ok(())
                } else {
                    bad()
                };
            }
            Act::Uncloak { n } => {
                let s = pos.checker_cell(pos.side, n).expect("checked");
                let p = pos.board[s as usize].expect("there");
                Some(if p.kind == UNKNOWN {
                    pos.know[p.color.index()].kinds_possible(n)
                } else {
                    bit(p.kind)
                })
            }
            _ => None,
        };
        match expected_kinds {
            None if o.reveal == 0 => Ok(()),
            Some(m) if (1..=5).contains(&o.reveal) && m & bit(o.reveal) != 0 => Ok(()),
            _ => bad(),
        }
    }
}

impl Hidden for Cloak {
    type View = CloakView;
    type Observation = Seen;

    fn view(&self, p: Player) -> CloakView {
        let mut pos = self.pos.clone();
        let them = p.opponent();
        for s in 0..64 {
            if pos.num[s] > 0 {
                if let Some(mut pc) = pos.board[s] {
                    if pc.color == them {
                        pos.take(s as u8);
                        pc.kind = UNKNOWN;
                        let n = self.pos.num[s];
                        pos.put(s as u8, pc, n);
                    }
                }
            }
        }
        pos.setup[them.index()] = None;
        CloakView::new(pos, p, self.history().to_vec(), self)
    }

    fn observe(&self, a: Act, p: Player) -> Seen {
        let act = match a {
            Act::Deal { side, .. } if side != p => Act::Deal {
                side,
                n: HIDDEN_DEAL,
            },
            other => other,
        };
        Seen {
            act,
            reveal: self.pos.reveal_of(a),
        }
    }

    fn reveals(&self, a: Act) -> bool {
        match a {
            Act::Guess { .. } => true,
            Act::Move { to, special, .. } if special != CASTLE => {
                let them = self.pos.side.opponent();
                self.pos.cloaked & self.pos.color_bb[them.index()] & bb(to) != 0
            }
            _ => false,
        }
    }

    fn parse_view(&self, text: &str) -> Result<CloakView, RuleError> {
        let t = text.trim();
        let rest = t.strip_prefix("view ").ok_or_else(|| {
            RuleError::new(format!("a view starts 'view w' or 'view b': '{text}'"))
        })?;
        let (who, rest) = rest
            .split_once(' ')
            .ok_or_else(|| RuleError::new("a view needs a player and a position"))?;
        let player = match who {
            "w" => Player::White,
            "b" => Player::Black,
            _ => {
                return Err(RuleError::new(format!(
                    "a view's player is w or b, not '{who}'"
                )))
            }
        };
        let pos = fen::parse(rest, Some(player))?;
        let history = if matches!(pos.phase, Phase::Start | Phase::BonusFirst) {
            vec![pos.public_key()]
        } else {
            Vec::new()
        };
        Ok(CloakView::new(pos, player, history, self))
    }
}

impl View for CloakView {
    type Game = Cloak;

    fn player(&self) -> Player {
        self.player
    }
    fn to_move(&self) -> Player {
        self.pos.side
    }
    fn outcome(&self) -> Option<Outcome> {
        Cloak::public_terminal(&self.pos, &self.history).or_else(|| {
            // The player knows its own actions: with none on its turn the game is over.
            if self.pos.side != self.player || self.pos.phase == Phase::Deal {
                return None;
            }
            let mut v = Vec::new();
            movegen::legal(&self.pos, &mut v);
            v.is_empty().then(|| Cloak::no_action_result(&self.pos))
        })
    }
    fn apply(&mut self, o: &Seen) -> Result<(), RuleError> {
        let o = Seen {
            act: self.resolve(o.act),
            reveal: o.reveal,
        };
        self.check(&o)?;
        let side = self.pos.side;
        let was_deal = self.pos.phase == Phase::Deal;
        self.pos.apply(o.act, o.reveal);
        if (self.pos.side != side || (was_deal && self.pos.phase != Phase::Deal))
            && matches!(self.pos.phase, Phase::Start | Phase::BonusFirst)
        {
            self.history.push(self.pos.public_key());
        }
        self.refresh();
        Ok(())
    }
    fn parse_observation(&self, text: &str) -> Result<Seen, RuleError> {
        let t = text.trim();
        if let Some(g) = t.strip_suffix('+').or_else(|| t.strip_suffix('-')) {
            if g.contains('=') {
                let act = notation::parse_free(g)?;
                return Ok(Seen {
                    act,
                    reveal: if t.ends_with('+') { 1 } else { 2 },
                });
            }
        }
        let (a, reveal) = match t.split_once('!') {
            Some((a, k)) => {
                let mut cs = k.chars();
                let kind = cs
                    .next()
                    .and_then(crate::kits::chessboard::PieceKind::from_letter)
                    .filter(|k| *k != crate::kits::chessboard::PieceKind::Pawn)
                    .ok_or_else(|| RuleError::new(format!("bad revealed kind in '{text}'")))?;
                if cs.next().is_some() {
                    return Err(RuleError::new(format!("bad revealed kind in '{text}'")));
                }
                (a, kind.index() as u8)
            }
            None => (t, 0),
        };
        let act = notation::parse_free(a)?;
        if matches!(act, Act::Guess { .. }) {
            return Err(RuleError::new(format!(
                "a guess is observed with its answer: '{text}+' or '{text}-'"
            )));
        }
        Ok(Seen {
            act: self.resolve(act),
            reveal,
        })
    }
    fn format_observation(&self, o: &Seen) -> String {
        let text = notation::format(o.act);
        match o.act {
            Act::Guess { .. } => format!("{text}{}", if o.reveal == 1 { '+' } else { '-' }),
            _ if o.reveal > 0 => format!("{text}!{}", notation::kind_letter(o.reveal)),
            _ => text,
        }
    }
    fn fen(&self) -> String {
        format!("view {} {}", self.player.fen_char(), fen::format(&self.pos))
    }
    fn display(&self) -> String {
        super::display(&self.pos, Some(self.player))
    }
    fn determinize(&self, rng: &mut GameRng) -> Cloak {
        self.truth(self.enemy_drawn(rng))
    }
    fn picture(&self) -> Option<Cloak> {
        let mut g = self
            .game
            .with_position(self.pos.clone(), self.history.clone());
        g.viewer = Some(self.player);
        Some(g)
    }
    fn sample(&self, rng: &mut GameRng) -> Sample<Cloak> {
        Sample {
            state: self.determinize(rng),
            weight: 1.0,
        }
    }
    /// Once both sides are dealt chance has nothing more to decide, and every other part of
    /// the position is public: the worlds are the enemy arrangements still possible, with
    /// their weights. Without inference those are the arrangements the identities told
    /// allow.
    fn worlds(&self, max: usize) -> Option<Vec<Sample<Cloak>>> {
        if self.pos.dealt != [true, true] || self.possible.len() > max {
            return None;
        }
        let total: f64 = self.possible.iter().map(|&(_, w)| w).sum();
        let them = self.player.opponent();
        let worlds = self.possible.iter().map(|&(pick, w)| {
            let mut pos = self.pos.clone();
            dress(&mut pos, them, pick);
            Sample {
                state: self.truth(pos),
                weight: w / total,
            }
        });
        Some(worlds.collect())
    }
    fn sample_hiding_own(&self, rng: &mut GameRng) -> Option<Sample<Cloak>> {
        let mut pos = self.enemy_drawn(rng);
        let me = self.player;
        if pos.dealt[me.index()] {
            let pick = pick_weighted(&self.own_possible, rng)?;
            dress(&mut pos, me, pick);
        }
        Some(Sample {
            state: self.game.with_position(pos, self.history.clone()),
            weight: 1.0,
        })
    }
}

/// An arrangement drawn with the weights given; `None` from an empty list.
///
/// An exponential race: one number is drawn, each arrangement gets from it and its own
/// number a uniform `u`, and the smallest `-ln(u) / weight` wins, which draws with the
/// weights. The same random number keeps the same draw for as long as it stays possible
/// (arrangements that drop out do not move it), so a searcher that reuses its random
/// numbers from move to move (`Fixed Sample`) keeps one sample until the game refutes it.
fn pick_weighted(list: &[(u16, f64)], rng: &mut GameRng) -> Option<u16> {
    use rand_core::RngCore;
    let seed = rng.next_u64();
    let mut best: Option<(u16, f64)> = None;
    for &(n, w) in list {
        if w <= 0.0 {
            continue;
        }
        let key = -uniform_of(seed, n).ln() / w;
        if best.is_none_or(|(_, k)| key < k) {
            best = Some((n, key));
        }
    }
    best.map(|(n, _)| n).or_else(|| list.last().map(|x| x.0))
}

/// A uniform number in (0, 1] from a seed and an arrangement's number (splitmix64).
fn uniform_of(seed: u64, n: u16) -> f64 {
    let z = crate::core::random::mix64(seed ^ (n as u64 + 1).wrapping_mul(0x9E37_79B9_7F4A_7C15));
    ((z >> 11) + 1) as f64 / (1u64 << 53) as f64
}

/// Gives `side`'s cloaked checkers the kinds of arrangement `pick`.
fn dress(pos: &mut Position, side: Player, pick: u16) {
    let arr = setup::arrangement(pick);
    for s in 0..64u8 {
        let n = pos.num[s as usize];
        if n > 0 && pos.board[s as usize].is_some_and(|p| p.color == side) {
            let (mut pc, _) = pos.take(s).expect("there");
            pc.kind = arr[n as usize - 1];
            pos.put(s, pc, n);
        }
    }
    pos.setup[side.index()] = Some(pick);
}
