//! What the two card solitaires of the chess kit (Parade and Neighbour Chess Solitaire) share:
//! the 8x8 board of non-pawn pieces in bitboards, attacks, connectivity (orthogonal, or through
//! the eight cells around) and the lower bound on the cards a connected group still costs, the
//! piles of cards, and the options for deals and the clairvoyant solver.

pub mod board;
pub mod connect;
pub mod options;
pub mod pile;

use crate::core::game::{Outcome, Player, RuleError};

pub use board::{Board, Kind, Piece};
pub use pile::{Pile, UNKNOWN};

/// The parts of `Game` that every card solitaire of this kit writes alike, for inside its
/// `impl Game`: the kit's board, one player (White), the score of its `Solitaire` result, and
/// a position `pos` (with `play`, `key` and `compute_key`) that undo restores by a copy, or
/// `reset` to the deal's `start`.
macro_rules! solitaire_game_parts {
    () => {
        fn geometry(&self) -> &$crate::core::geometry::Geometry {
            &$crate::kits::solitaire::board::tables().geo
        }

        fn to_move(&self) -> $crate::core::game::Player {
            $crate::core::game::Player::White
        }

        fn players(&self) -> usize {
            1
        }

        fn score(&self) -> Option<f64> {
            use $crate::core::solo::Solitaire;
            self.result().map(|s| s.points as f64)
        }

        fn play(&mut self, a: Self::Action) -> Self::Undo {
            let before = self.pos;
            self.pos.play(a);
            before
        }

        fn undo(&mut self, u: Self::Undo) {
            self.pos = u;
        }

        fn key(&self) -> u64 {
            self.pos.key
        }

        fn recompute_key(&self) -> u64 {
            self.pos.compute_key()
        }

        fn reset(&mut self) {
            self.pos = self.start;
        }
    };
}
pub(crate) use solitaire_game_parts;

/// The parts of `View` that every view of this kit's solitaires writes alike, for inside its
/// `impl View`: the one player's (White's) view holds the observed game `game`, is written
/// `view <position>`, and pictures the position as the player knows it.
macro_rules! solitaire_view_parts {
    () => {
        fn player(&self) -> $crate::core::game::Player {
            $crate::core::game::Player::White
        }

        fn to_move(&self) -> $crate::core::game::Player {
            $crate::core::game::Player::White
        }

        fn outcome(&self) -> Option<$crate::core::game::Outcome> {
            $crate::core::game::Game::outcome(&self.game)
        }

        fn fen(&self) -> String {
            format!("view {}", $crate::core::game::Game::fen(&self.game))
        }

        fn display(&self) -> String {
            $crate::core::game::Game::display(&self.game)
        }

        /// The position as the player knows it: the unseen cards drawn face down.
        fn picture(&self) -> Option<Self::Game> {
            Some(self.game.clone())
        }
    };
}
pub(crate) use solitaire_view_parts;

/// The position text of a view's text, `view <position>`, of the solitaire `game`.
pub fn view_text<'a>(text: &'a str, game: &str) -> Result<&'a str, RuleError> {
    text.trim()
        .strip_prefix("view ")
        .ok_or_else(|| RuleError::new(format!("a {game} view starts with 'view ', not '{text}'")))
}

/// The end of a solitaire won by its one player (White).
pub fn won(reason: &'static str) -> Outcome {
    Outcome::Win {
        winner: Player::White,
        reason,
    }
}

/// The end of a solitaire its player lost (written as a win of the other side).
pub fn lost(reason: &'static str) -> Outcome {
    Outcome::Win {
        winner: Player::Black,
        reason,
    }
}

/// A solitaire's view: what its one player knows of the game, as an observed game
/// (the unseen cards unknown).
#[derive(Clone, Debug)]
pub struct SoloView<G> {
    pub(crate) game: G,
}

impl<G> SoloView<G> {
    /// The position as the player knows it.
    pub fn game(&self) -> &G {
        &self.game
    }
}
