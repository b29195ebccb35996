//! Evaluation: material, what the enemy knows of one's identities, the king's exposure, pawn
//! advance and pawns to drop. Weights in one typed table.

use super::position::{Act, Phase, Position, CASTLE};
use super::setup::{KING, KNIGHT, PAWN, QUEEN};
use super::Cloak;
use crate::core::game::{retain_from, Evaluate, Game, Player, RuleError};
use crate::core::hints::{Leaf, TreeDefaults};
use crate::kits::chessboard::attacks::rank_of;

/// Evaluation weights in centipawns.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Weights {
    /// Material: pawn, knight, bishop, rook, queen.
    pub values: [i32; 5],
    /// Per cloaked checker: the enemy must still work out what it is.
    pub cloaked: i32,
    /// A cloaked king: free of the check rules, and the enemy must find it to win.
    pub king_cloaked: i32,
    /// Per kind the public knowledge still allows one's king to be hiding as (a king whose
    /// checker could be anything is hard to hunt).
    pub king_cover: i32,
    /// An uncloaked king attacked by a visible enemy.
    pub exposed_king: i32,
    /// Pawn bonus by rank counted from its own side.
    pub pawn_rank: [i32; 8],
    /// Per pawn one may drop as a bonus.
    pub reserve: i32,
    /// A bonus owed to the side to move's opponent (a wrong guess this turn).
    pub owed: i32,
}

impl Default for Weights {
    fn default() -> Self {
        Weights {
            values: [100, 300, 320, 500, 900],
            cloaked: 20,
            king_cloaked: 150,
            king_cover: 12,
            exposed_king: 60,
            pawn_rank: [0, 0, 4, 8, 16, 30, 60, 0],
            reserve: 40,
            owed: 30,
        }
    }
}

crate::param_table!(Weights {
    values,
    cloaked,
    king_cloaked,
    king_cover,
    exposed_king,
    pawn_rank,
    reserve,
    owed,
});

/// Score for `us` in the full state. Counted by bitboards: a tree search scores every leaf
/// with a search of its own, so this runs hundreds of times an iteration.
pub fn score(pos: &Position, w: &Weights, us: Player) -> i32 {
    let mut s = [0i32; 2];
    for side in [Player::White, Player::Black] {
        let c = side.index();
        let own = pos.color_bb[c];
        let mut v = 0;
        for kind in KNIGHT..=QUEEN {
            v += w.values[kind as usize] * (pos.kind_bb[kind as usize] & own).count_ones() as i32;
        }
        let mut pawns = pos.kind_bb[PAWN as usize] & own;
        v += w.values[0] * pawns.count_ones() as i32;
        while pawns != 0 {
            let sq = pawns.trailing_zeros() as u8;
            pawns &= pawns - 1;
            let r = match side {
                Player::White => rank_of(sq),
                Player::Black => 7 - rank_of(sq),
            };
            v += w.pawn_rank[r as usize];
        }
        v += w.cloaked * (pos.cloaked & own).count_ones() as i32;
        let mut kings = pos.kind_bb[KING as usize] & pos.cloaked & own;
        while kings != 0 {
            let sq = kings.trailing_zeros() as usize;
            kings &= kings - 1;
            let m = pos.know[c].mask[pos.num[sq] as usize - 1];
            v += w.king_cloaked + w.king_cover * (m.count_ones() as i32 - 1);
        }
        v += w.reserve * pos.reserve[c] as i32;
        if pos.in_visible_check(side) {
            v -= w.exposed_king;
        }
        s[c] = v;
    }
    if pos.owed {
        s[pos.side.index()] -= w.owed;
    }
    s[us.index()] - s[us.opponent().index()]
}

impl Cloak {
    /// How likely the side to move's guess that enemy checker `n` is a `kind` is right, over
    /// the public knowledge of the enemy arrangement, read with inference or without as the
    /// option says.
    fn guess_chance(&self, n: u8, kind: u8) -> f64 {
        let know = self.pos.know[self.pos.side.opponent().index()].as_read(self.inference);
        know.marginals()[n as usize - 1][kind as usize - 1]
    }
}

impl Evaluate for Cloak {
    fn evaluate(&self) -> i32 {
        score(&self.pos, &self.weights, self.pos.side)
    }

    fn is_tactical(&self, a: Act) -> bool {
        match a {
            Act::Move { to, special, .. } => {
                special != CASTLE
                    && (self.pos.board[to as usize].is_some()
                        || (super::setup::KNIGHT..=super::setup::QUEEN).contains(&special))
            }
            _ => false,
        }
    }

    /// Captures and promotions; inside a turn also the way to finish it (`pass` for a bonus,
    /// `end` when uncloaking), so that quiescence reaches the opponent's replies instead of
    /// standing on the score of a half-played turn.
    fn tactical_actions(&self, out: &mut Vec<Act>) {
        let start = out.len();
        self.legal_actions(out);
        let finish = match self.pos.phase {
            Phase::BonusAfter => Some(Act::Pass),
            Phase::Uncloak { .. } => Some(Act::End),
            _ => None,
        };
        retain_from(out, start, |a| self.is_tactical(a) || Some(a) == finish);
    }

    /// A guess by how likely it is right, over what the guesser knows of the enemy
    /// arrangement (the public knowledge, read with inference or without as the option
    /// says); every other action 1.
    fn prior(&self, a: Act) -> f64 {
        let Act::Guess { n, kind } = a else {
            return 1.0;
        };
        self.guess_chance(n, kind)
    }

    /// Measured in docs/variants/cloak.md ("Leaf search", "Widening and the tree's depth"):
    /// - leaves scored by a ply of alpha-beta and quiescence: the captures of a cloaked king
    ///   and the mates of an uncloaked one that a tree of a few thousand iterations misses;
    /// - reward scale 1200: leads here run to whole armies (a side a queen and two rooks up
    ///   is still hunting a hidden king); on the Elo scale every such lead is a near-certain
    ///   win, the tree cannot tell pressing on from marking time, and won games end drawn;
    /// - widening: without it a reply that refutes (a cloaked piece taking back) gets one
    ///   visit in thirty among the opponent's other replies, and a hopeful capture looks
    ///   good;
    /// - the tree ends where the opponent's turn starts: the opponent's tree is shared by
    ///   every arrangement it might have, so in the tree it plays as if it did not know its
    ///   own pieces, and a deeper tree played worse the more it searched; the leaf search
    ///   answers for it, knowing them;
    /// - leaf deepening 8: with the tree ended there, the leaf search's horizon is all that
    ///   grows with time; without it a longer clock (300 ms) lost to alpha-beta.
    fn tree_defaults(&self) -> TreeDefaults {
        TreeDefaults {
            leaf: Leaf::Search(1),
            reward_scale: 1200,
            widening: 100,
            tree_turns: 1,
            leaf_deepening: 8,
        }
    }

    /// A guess the public knowledge does not settle and either leaves less likely than
    /// `CloakGuessThreat` percent or this truth answers wrong. A search of one sampled truth
    /// knows every guess right or wrong: a long shot there would be played only where it
    /// wins. A likely guess is what a real opponent plays, and its threat (a bonus pawn
    /// taking a piece, an own king uncloaked and mated) is what the searcher must see.
    ///
    /// In a truth drawn from a view, the opponent's guesses at the viewer's own checkers
    /// (known for certain, the same in every truth) are judged by `CloakOwnGuessThreat`:
    /// there a guess right in one truth is right in all, and at the lower threshold the
    /// searcher plays as if the opponent knew its arrangement (it uncloaked whatever might
    /// be guessed; docs/variants/cloak.md, "The opponent's guesses at one's own checkers").
    fn speculative(&self, a: Act) -> bool {
        let Act::Guess { n, kind } = a else {
            return false;
        };
        let know = &self.pos.know[self.pos.side.opponent().index()];
        if know.mask[n as usize - 1].count_ones() <= 1 {
            return false;
        }
        // A guess this truth answers wrong only hands the opponent a bonus: a search would
        // not choose it, and leaving it out spares searching it.
        if self.pos.reveal_of(a) != 1 {
            return true;
        }
        let threat = if self.certain == Some(self.pos.side.opponent()) {
            self.own_guess_threat
        } else {
            self.guess_threat
        };
        threat >= 100 || self.guess_chance(n, kind) * 100.0 < threat as f64
    }

    fn asks_only(&self, a: Act) -> bool {
        matches!(a, Act::Guess { .. })
    }

    fn order_score(&self, a: Act) -> i32 {
        match a {
            Act::Move { from, to, special } if special != CASTLE => {
                let victim = self.pos.board[to as usize].map_or(0, |p| {
                    if p.kind == KING {
                        10_000
                    } else {
                        self.weights
                            .values
                            .get(p.kind as usize)
                            .copied()
                            .unwrap_or(0)
                    }
                });
                let attacker = self.pos.board[from as usize].map_or(0, |p| p.kind as i32);
                if victim > 0 {
                    victim * 10 - attacker
                } else {
                    0
                }
            }
            // Ending the turn without uncloaking is what one usually does.
            Act::End => 1,
            _ => 0,
        }
    }

    fn in_check(&self) -> bool {
        self.pos.in_visible_check(self.pos.side)
    }

    fn quiescence_continues(&self) -> bool {
        !matches!(
            self.pos.phase,
            Phase::Start | Phase::BonusFirst | Phase::Deal
        )
    }

    fn eval_weights(&self) -> Option<&dyn crate::core::param_table::ParamTable> {
        Some(&self.weights)
    }

    fn set_eval_weights(&mut self, values: &[i32]) -> Result<(), RuleError> {
        crate::core::param_table::set_values(&mut self.weights, values)
    }
}
