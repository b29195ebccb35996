//! The stepping games (Adrenaline Chess, Booster Chess): chess in which checkers under a piece
//! give it king steps after its regular move. Shared here: the board and its pseudo-legal
//! moves (`board`), the adrenaline-check test (`reach`, through the game's `StepRules`), and
//! the shape of a turn and of its legality search (`turn`, with its `memo`, which any game
//! whose turn holds several actions may use).

pub mod board;
pub mod memo;
pub mod reach;
pub mod turn;

/// The parts of `Game` that every stepping game writes alike, for inside its `impl Game`: the
/// 8x8 board, and the side to move of its position `pos` (`side`: 0 White, 1 Black).
macro_rules! step_game_parts {
    () => {
        fn geometry(&self) -> &$crate::core::geometry::Geometry {
            $crate::kits::steps::board::geometry()
        }

        fn to_move(&self) -> $crate::core::game::Player {
            $crate::kits::steps::board::player(self.pos.side as usize)
        }
    };
}
pub(crate) use step_game_parts;
