//! What a game tells tree search about itself where the search's own settings leave the
//! choice to the game (`Evaluate::tree_defaults`): how leaves are scored, the scale of
//! rewards, widening and depth.

/// How tree search scores a leaf.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Leaf {
    /// The game's choice (`TreeDefaults::leaf`; the static evaluation unless the game
    /// measured better).
    #[default]
    Auto,
    /// The static evaluation.
    Eval,
    /// A quiescence search (captures and other tactical actions played out), so a leaf
    /// where a piece hangs, or a king can be taken, is scored after the exchange.
    Quiescence,
    /// An alpha-beta search of this many plies (then quiescence): the tactics a few plies
    /// deep that a tree of a few thousand iterations does not see. Actions the game calls
    /// speculative (`Evaluate::speculative`) are left to the tree.
    Search(u8),
}

impl Leaf {
    pub const NAMES: &'static [&'static str] = &[
        "auto",
        "eval",
        "quiescence",
        "search1",
        "search2",
        "search3",
    ];

    pub fn from_name(s: &str) -> Option<Leaf> {
        match s {
            "auto" => Some(Leaf::Auto),
            "eval" => Some(Leaf::Eval),
            "quiescence" => Some(Leaf::Quiescence),
            _ => {
                let d: u8 = s.strip_prefix("search")?.parse().ok()?;
                (1..=3).contains(&d).then_some(Leaf::Search(d))
            }
        }
    }

    /// `Auto` made the game's choice.
    pub fn resolve(self, game_choice: Leaf) -> Leaf {
        match self {
            Leaf::Auto if game_choice != Leaf::Auto => game_choice,
            Leaf::Auto => Leaf::Eval,
            l => l,
        }
    }

    /// Scored by a search rather than the static evaluation alone (`Auto` must be resolved).
    pub fn searches(self) -> bool {
        !matches!(self, Leaf::Auto | Leaf::Eval)
    }
}

/// What a game asks of tree search where the `MCTS` options leave it to the game
/// (`Evaluate::tree_defaults`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TreeDefaults {
    /// How a leaf is scored (`MCTS Leaf auto`).
    pub leaf: Leaf,
    /// Centipawns that make odds of 10 to 1 when a score becomes a reward (`MCTS Reward
    /// Scale 0`).
    pub reward_scale: u32,
    /// Progressive widening in hundredths of √visits (`MCTS Widening -1`).
    pub widening: u32,
    /// The other players' turns the tree may reach (`MCTS Tree Turns -1`).
    pub tree_turns: u32,
    /// Visits after which a tree-end leaf is searched deeper (`MCTS Leaf Deepening -1`).
    pub leaf_deepening: u32,
}

impl Default for TreeDefaults {
    /// The static evaluation at the leaves, the Elo scale, every action tried before any
    /// twice, no depth limit, no deepening.
    fn default() -> Self {
        TreeDefaults {
            leaf: Leaf::Eval,
            reward_scale: 400,
            widening: 0,
            tree_turns: 0,
            leaf_deepening: 0,
        }
    }
}
