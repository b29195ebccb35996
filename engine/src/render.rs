//! Board pictures as SVG text (the engine writes no files; the CLI does).

use crate::game::{Game, RuleError};

/// What to draw besides the board and pieces.
#[derive(Clone, Debug, Default)]
pub struct RenderOptions {
    /// An action in the variant's notation, drawn as an arrow.
    pub arrow: Option<String>,
    /// A cell whose piece's targets are highlighted.
    pub targets_of: Option<String>,
    /// Write cell names in the cells.
    pub cell_names: bool,
}

/// The position as an SVG document.
pub fn svg<G: Game>(_g: &G, _opts: &RenderOptions) -> Result<String, RuleError> {
    Err(RuleError::new("board pictures are not built yet"))
}
