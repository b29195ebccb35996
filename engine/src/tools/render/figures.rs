//! The piece figures: plain Staunton-like silhouettes drawn on a 100 x 100 box, standing on
//! its lower edge. Each is one `<g>` of shapes without colours: the piece that uses it sets
//! fill and stroke, so one drawing serves both sides (and details, drawn with stroke only,
//! take the stroke's colour). `currentColor` fills the few dots that must be solid.

use crate::core::game::Player;

/// The id under which figure `kind` (`k q r b n p`) is defined in a picture.
pub fn id(kind: char) -> String {
    format!("tessera-figure-{kind}")
}

/// The English name of a chess figure, for class names and legends.
pub fn name(kind: char) -> &'static str {
    match kind {
        'k' => "king",
        'q' => "queen",
        'r' => "rook",
        'b' => "bishop",
        'n' => "knight",
        _ => "pawn",
    }
}

const BASE: &str = r#"<path d="M22,92 C22,85 26,82 32,82 H68 C74,82 78,85 78,92 Z"/>"#;

/// The shapes of figure `kind`, in drawing order.
fn shapes(kind: char) -> String {
    match kind {
        'p' => format!(
            concat!(
                r#"<path d="M33,83 C34,68 40,60 43,54 H57 C60,60 66,68 67,83 Z"/>"#,
                "{}",
                r#"<path d="M36,54 C36,49 64,49 64,54 C64,58 36,58 36,54 Z"/>"#,
                r#"<circle cx="50" cy="36" r="13"/>"#
            ),
            BASE
        ),
        'r' => format!(
            concat!(
                r#"<path d="M30,83 L34,45 H66 L70,83 Z"/>"#,
                r#"<path d="M28,83 H72 V76 H28 Z"/>"#,
                "{}",
                r#"<path d="M26,46 V18 H36 V26 H45 V18 H55 V26 H64 V18 H74 V46 Z"/>"#,
                r#"<path d="M34,38 H66" fill="none"/>"#
            ),
            BASE
        ),
        'b' => format!(
            concat!(
                r#"<path d="M33,83 C33,72 40,66 42,60 H58 C60,66 67,72 67,83 Z"/>"#,
                "{}",
                r#"<path d="M36,60 C36,55 64,55 64,60 C64,64 36,64 36,60 Z"/>"#,
                r#"<path d="M50,18 C38,27 32,39 35,49 C37,56 63,56 65,49 C68,39 62,27 50,18 Z"/>"#,
                r#"<circle cx="50" cy="13" r="5"/>"#,
                r#"<path d="M57,29 L47,40 M44,47 H56" fill="none"/>"#
            ),
            BASE
        ),
        'q' => format!(
            concat!(
                r#"<path d="M30,83 L19,37 L32,58 L34,29 L43,55 L50,23 L57,55 L66,29 L68,58 L81,37 L70,83 Z"/>"#,
                "{}",
                r#"<path d="M31,76 C42,70 58,70 69,76" fill="none"/>"#,
                r#"<circle cx="19" cy="34" r="5"/><circle cx="34" cy="26" r="5"/>"#,
                r#"<circle cx="50" cy="19" r="5"/><circle cx="66" cy="26" r="5"/>"#,
                r#"<circle cx="81" cy="34" r="5"/>"#
            ),
            BASE
        ),
        'k' => format!(
            concat!(
                r#"<path d="M47,8 H53 V15 H60 V21 H53 V30 H47 V21 H40 V15 H47 Z"/>"#,
                r#"<path d="M50,62 C43,52 42,40 50,31 C58,40 57,52 50,62 Z"/>"#,
                r#"<path d="M29,83 C19,68 20,52 32,46 C41,42 48,50 50,60 C52,50 59,42 68,46 C80,52 81,68 71,83 Z"/>"#,
                "{}",
                r#"<path d="M30,75 C42,69 58,69 70,75" fill="none"/>"#
            ),
            BASE
        ),
        _ => format!(
            concat!(
                r#"<path d="M30,83 C29,72 33,64 40,58 C46,53 50,50 51,45 C47,49 41,51 36,51 L27,55 C22,57 17,54 18,49 L23,39 C26,31 31,24 37,20 L38,11 L45,17 C61,18 73,32 76,52 C78,64 77,74 75,83 Z"/>"#,
                "{}",
                r#"<path d="M62,26 C70,38 72,56 70,80" fill="none"/>"#,
                r#"<circle cx="36" cy="31" r="3.2" fill="currentColor" stroke="none"/>"#,
                r#"<path d="M22,49 L25,47" fill="none"/>"#
            ),
            BASE
        ),
    }
}

/// The `<defs>` entry of figure `kind`.
pub fn definition(kind: char) -> String {
    format!(r#"<g id="{}">{}</g>"#, id(kind), shapes(kind))
}

/// One figure of `side` in a box of `size` pixels centred on `(x, y)`, drawn from the
/// definition: White light with a dark outline; Black dark with a light outline inside a
/// dark edge, so that it reads on light and dark cells alike. `pale` draws it see-through.
pub fn figure(kind: char, side: Player, x: f64, y: f64, size: f64) -> String {
    let k = size / 100.0;
    let (x0, y0) = (x - size / 2.0, y - size / 2.0);
    let href = id(kind);
    let at = format!("transform=\"translate({x0:.2},{y0:.2}) scale({k:.4})\"");
    match side {
        Player::White => format!(
            r##"<use href="#{href}" {at} fill="#fcfcfa" stroke="#1c1c1c" color="#1c1c1c" stroke-width="3.2" stroke-linejoin="round" stroke-linecap="round"/>"##
        ),
        Player::Black => format!(
            r##"<use href="#{href}" {at} fill="#2a2a2a" stroke="#0d0d0d" color="#0d0d0d" stroke-width="6" stroke-linejoin="round" stroke-linecap="round"/><use href="#{href}" {at} fill="#2a2a2a" stroke="#ececec" color="#ececec" stroke-width="1.8" stroke-linejoin="round" stroke-linecap="round"/>"##
        ),
    }
}
