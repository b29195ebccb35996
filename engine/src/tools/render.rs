//! Board pictures as SVG text (the engine writes no files; the CLI does).
//!
//! Any geometry draws: rectangles of squares from `Geometry::rect` (a1 dark, coordinates on
//! the edges) and other tilings from `Geometry::polygons` (y grows north there, so it is
//! flipped for SVG). Pieces are drawn as the game's `Game::figure` says: chess figures
//! (`figures`), lettered badges named in a legend, or plain markers for hidden pieces.
//! Arrows and highlighted targets are read from the variant's own move notation, so the
//! renderer knows no variant.

use std::fmt::Write;

use crate::core::bitboard::Cell;
use crate::core::game::{CellMark, Figure, Game, Player, RuleError};
use crate::core::geometry::Geometry;

mod figures;
#[cfg(test)]
pub(crate) mod tests;

/// What to draw besides the board and pieces.
#[derive(Clone, Debug, Default)]
pub struct RenderOptions {
    /// An action in the variant's notation, drawn as an arrow (a whole turn may be given as
    /// comma-joined actions: one arrow each).
    pub arrow: Option<String>,
    /// A cell whose piece's targets are highlighted.
    pub targets_of: Option<String>,
    /// Write cell names in the cells.
    pub cell_names: bool,
    /// The cells of the turn just played, marked under the pieces.
    pub last_turn: LastTurn,
    /// Draw the board turned round, Black's side at the bottom.
    pub flip: bool,
}

/// The cells of a turn, by name.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct LastTurn {
    /// Cells a piece left.
    pub from: Vec<String>,
    /// The other cells the turn touched: where pieces went, steps, placements, card targets.
    /// A cell in both lists is drawn as reached.
    pub to: Vec<String>,
}

impl LastTurn {
    /// The cells of `turn`, comma-joined actions in the variant's notation, read on `geo`:
    /// an action naming several cells leaves the first and reaches the others; an action
    /// naming one cell (a drop, a tile, a card's target) reaches it.
    pub fn of_turn(geo: &Geometry, turn: &str) -> LastTurn {
        let mut t = LastTurn::default();
        let add = |list: &mut Vec<String>, c: Cell| {
            let name = geo.cell_name(c).to_string();
            if !list.contains(&name) {
                list.push(name);
            }
        };
        for action in turn.split(',') {
            match cells_in(geo, action.trim())[..] {
                [] => {}
                [one] => add(&mut t.to, one),
                [first, ref rest @ ..] => {
                    add(&mut t.from, first);
                    for &c in rest {
                        add(&mut t.to, c);
                    }
                }
            }
        }
        t
    }
}

const MARGIN: f64 = 30.0;
const SQUARE: f64 = 60.0;
/// Pixels per unit edge on polygon boards (their cells have edge length 1).
const POLYGON_UNIT: f64 = 84.0;

const LIGHT: &str = "#f0d9b5";
const DARK: &str = "#b58863";
const TRIANGLE: &str = "#f3e6c8";
const TILE: &str = "#d9c08f";
const OTHER: &str = "#e8d4a6";
const ARROW: &str = "#1f6fd1";
const TARGET: &str = "#2e9e44";
const ORIGIN: &str = "#e0b400";
/// The last turn's cells: a see-through yellow-green over the cell's own colour.
const LAST: &str = "#9bc700";
const LAST_OPACITY: f64 = 0.45;
const HOLE: &str = "#55524c";
/// Height of one line of the text panel under the board, and its font size.
const PANEL_LINE: f64 = 20.0;
const PANEL_FONT: f64 = 14.0;

/// One cell as drawn: its outline in picture coordinates and where its contents go.
struct CellShape {
    outline: Vec<(f64, f64)>,
    centre: (f64, f64),
    fill: &'static str,
    /// Where the cell name is written (off-centre, so a piece does not hide it).
    label: (f64, f64),
    /// The side of the box a figure is drawn in.
    figure: f64,
}

struct Layout {
    cells: Vec<CellShape>,
    width: f64,
    height: f64,
    /// Radius of a piece disc.
    piece_radius: f64,
    font: f64,
    /// Coordinates along the edges (rectangular boards): `(x, y, text)`.
    coordinates: Vec<(f64, f64, String)>,
    /// Cells are named in a corner (boards without coordinates on the edges).
    corner_names: bool,
}

fn rect_layout(files: u8, ranks: u8, flip: bool) -> Layout {
    let (files, ranks) = (files as usize, ranks as usize);
    // Where file `f` and rank `r` are drawn, counted from the left and from the top.
    let column = |f: usize| if flip { files - 1 - f } else { f };
    let row = |r: usize| if flip { r } else { ranks - 1 - r };
    let mut cells = Vec::with_capacity(files * ranks);
    for i in 0..files * ranks {
        let (f, r) = (i % files, i / files);
        let x = MARGIN + column(f) as f64 * SQUARE;
        let y = MARGIN + row(r) as f64 * SQUARE;
        cells.push(CellShape {
            outline: vec![
                (x, y),
                (x + SQUARE, y),
                (x + SQUARE, y + SQUARE),
                (x, y + SQUARE),
            ],
            centre: (x + SQUARE / 2.0, y + SQUARE / 2.0),
            fill: if (f + r) % 2 == 0 { DARK } else { LIGHT },
            label: (x + 0.16 * SQUARE, y + 0.2 * SQUARE),
            figure: SQUARE,
        });
    }
    let mut coordinates = Vec::new();
    for f in 0..files {
        let x = MARGIN + (column(f) as f64 + 0.5) * SQUARE;
        let y = MARGIN + ranks as f64 * SQUARE + MARGIN * 0.5;
        coordinates.push((x, y, ((b'a' + f as u8) as char).to_string()));
    }
    for r in 0..ranks {
        let y = MARGIN + row(r) as f64 * SQUARE + SQUARE / 2.0;
        coordinates.push((MARGIN * 0.5, y, (r + 1).to_string()));
    }
    Layout {
        cells,
        width: 2.0 * MARGIN + files as f64 * SQUARE,
        height: 2.0 * MARGIN + ranks as f64 * SQUARE,
        piece_radius: 0.38 * SQUARE,
        font: 0.42 * SQUARE,
        coordinates,
        corner_names: false,
    }
}

/// Distance from `p` to the nearest side of the polygon `outline`.
fn inradius(outline: &[(f64, f64)], p: (f64, f64)) -> f64 {
    (0..outline.len())
        .map(|i| segment_distance(p, outline[i], outline[(i + 1) % outline.len()]))
        .fold(f64::INFINITY, f64::min)
}

fn polygon_layout(polys: &[Vec<(f64, f64)>], flip: bool) -> Layout {
    let all = polys.iter().flatten();
    let min_x = all.clone().map(|p| p.0).fold(f64::INFINITY, f64::min);
    let max_x = all.clone().map(|p| p.0).fold(f64::NEG_INFINITY, f64::max);
    let min_y = all.clone().map(|p| p.1).fold(f64::INFINITY, f64::min);
    let max_y = all.map(|p| p.1).fold(f64::NEG_INFINITY, f64::max);
    // Turned round: south up and west right.
    let to_svg = |(x, y): (f64, f64)| {
        if flip {
            (
                MARGIN + (max_x - x) * POLYGON_UNIT,
                MARGIN + (y - min_y) * POLYGON_UNIT,
            )
        } else {
            (
                MARGIN + (x - min_x) * POLYGON_UNIT,
                MARGIN + (max_y - y) * POLYGON_UNIT,
            )
        }
    };
    let cells = polys
        .iter()
        .map(|poly| {
            let outline: Vec<(f64, f64)> = poly.iter().map(|&p| to_svg(p)).collect();
            let n = outline.len() as f64;
            let centre = (
                outline.iter().map(|p| p.0).sum::<f64>() / n,
                outline.iter().map(|p| p.1).sum::<f64>() / n,
            );
            // The name goes towards the topmost corner, where a cell has room beside a piece.
            let top =
                outline
                    .iter()
                    .copied()
                    .fold(outline[0], |a, b| if b.1 < a.1 - 1e-6 { b } else { a });
            let label = (
                centre.0 + 0.62 * (top.0 - centre.0),
                centre.1 + 0.62 * (top.1 - centre.1) + 3.0,
            );
            let fill = match poly.len() {
                3 => TRIANGLE,
                4 => TILE,
                _ => OTHER,
            };
            // The figure fits the cell's inscribed circle (a triangle's is small), and on
            // larger cells keeps to the size it has on triangles' neighbours.
            let figure = (1.9 * inradius(&outline, centre)).min(0.62 * POLYGON_UNIT);
            CellShape {
                outline,
                centre,
                fill,
                label,
                figure,
            }
        })
        .collect();
    Layout {
        cells,
        width: 2.0 * MARGIN + (max_x - min_x) * POLYGON_UNIT,
        height: 2.0 * MARGIN + (max_y - min_y) * POLYGON_UNIT,
        // A triangle's inscribed circle has radius 0.289 edges.
        piece_radius: 0.2 * POLYGON_UNIT,
        font: 0.22 * POLYGON_UNIT,
        coordinates: Vec::new(),
        corner_names: true,
    }
}

fn layout(g: &Geometry, flip: bool) -> Result<Layout, RuleError> {
    if let Some((files, ranks)) = g.rect() {
        return Ok(rect_layout(files, ranks, flip));
    }
    match g.polygons() {
        Some(polys) => Ok(polygon_layout(polys, flip)),
        None => Err(RuleError::new(format!(
            "the board '{}' has no shapes to draw",
            g.name()
        ))),
    }
}

/// The cells named in an action's text, in order (longest name first at each position, so
/// `a10` is not read as `a1`).
pub fn cells_in(g: &Geometry, text: &str) -> Vec<Cell> {
    let mut names: Vec<(usize, &str)> = g
        .cell_names()
        .iter()
        .enumerate()
        .map(|(i, n)| (i, n.as_str()))
        .collect();
    names.sort_by_key(|(_, n)| std::cmp::Reverse(n.len()));
    let mut out = Vec::new();
    let mut i = 0;
    while i < text.len() {
        let rest = &text[i..];
        match names.iter().find(|(_, n)| rest.starts_with(n)) {
            Some(&(c, n)) => {
                out.push(c as Cell);
                i += n.len();
            }
            None => i += rest.chars().next().map_or(1, char::len_utf8),
        }
    }
    out
}

fn escape(s: &str) -> String {
    s.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
        .replace('"', "&quot;")
}

fn points(outline: &[(f64, f64)]) -> String {
    outline
        .iter()
        .map(|(x, y)| format!("{x:.1},{y:.1}"))
        .collect::<Vec<_>>()
        .join(" ")
}

/// `(from, to)` pairs for arrows, and single cells to mark with the piece that lands there
/// (a drop), for the comma-joined actions of `text` played in turn from the current position.
type Marks = (Vec<(Cell, Cell)>, Vec<(Cell, Option<String>)>);

fn arrow_marks<G: Game>(g: &G, text: &str) -> Result<Marks, RuleError> {
    let mut game = g.clone();
    let (mut arrows, mut spots) = (Vec::new(), Vec::new());
    for part in text.split(',').map(str::trim) {
        let a = game.parse_action(part)?;
        let cells = cells_in(game.geometry(), &game.format_action(a));
        game.play(a);
        match cells[..] {
            [] => {}
            [one] => {
                let landed = game.pieces().into_iter().find(|(c, _)| *c == one);
                spots.push((one, landed.map(|(_, symbol)| symbol)));
            }
            [first, .., last] => arrows.push((first, last)),
        }
    }
    Ok((arrows, spots))
}

/// The origin cell and the targets of the legal actions starting there.
fn targets_of<G: Game>(g: &G, name: &str) -> Result<(Cell, Vec<Cell>), RuleError> {
    let geo = g.geometry();
    let from = geo
        .cell(name)
        .ok_or_else(|| RuleError::new(format!("'{name}' is not a cell of this board")))?;
    let mut actions = Vec::new();
    g.legal_actions(&mut actions);
    let mut targets = Vec::new();
    for a in actions {
        let cells = cells_in(geo, &g.format_action(a));
        if let [first, .., last] = cells[..] {
            if first == from && !targets.contains(&last) {
                targets.push(last);
            }
        }
    }
    Ok((from, targets))
}

/// The position as an SVG document.
pub fn svg<G: Game>(g: &G, opts: &RenderOptions) -> Result<String, RuleError> {
    svg_titled(g, opts, &g.fen())
}

/// The cells named in `names`, or an error naming the first that is not a cell.
fn named_cells(geo: &Geometry, names: &[String]) -> Result<Vec<Cell>, RuleError> {
    names
        .iter()
        .map(|n| {
            geo.cell(n)
                .ok_or_else(|| RuleError::new(format!("'{n}' is not a cell of this board")))
        })
        .collect()
}

/// `svg` with another position text in its title: a player's view is drawn from a picture
/// game, and titled with the view's own text.
pub fn svg_titled<G: Game>(g: &G, opts: &RenderOptions, fen: &str) -> Result<String, RuleError> {
    let geo = g.geometry();
    let lay = layout(geo, opts.flip)?;
    let marks = match &opts.arrow {
        Some(text) => arrow_marks(g, text)?,
        None => (Vec::new(), Vec::new()),
    };
    let highlight = match &opts.targets_of {
        Some(name) => Some(targets_of(g, name)?),
        None => None,
    };
    let last_to = named_cells(geo, &opts.last_turn.to)?;
    let last_from: Vec<Cell> = named_cells(geo, &opts.last_turn.from)?
        .into_iter()
        .filter(|c| !last_to.contains(c))
        .collect();

    let cell_marks = g.cell_marks();
    let holes: Vec<Cell> = cell_marks
        .iter()
        .filter(|(_, m)| *m == CellMark::Hole)
        .map(|&(c, _)| c)
        .collect();
    let pieces: Vec<(Cell, String, Figure)> = g
        .pieces()
        .into_iter()
        .map(|(c, sym)| {
            let f = g.figure(&sym);
            (c, sym, f)
        })
        .collect();
    let dropped: Vec<(Cell, Option<(String, Figure)>)> = marks
        .1
        .iter()
        .map(|(c, sym)| (*c, sym.as_ref().map(|sym| (sym.clone(), g.figure(sym)))))
        .collect();
    let mut panel = g.panel();
    let plain_lines = panel.len();
    panel.extend(legend(pieces.iter().map(|p| &p.2)));

    let mut s = String::new();
    // Wide enough for the longest panel line (a reserve of sixteen pieces is wider than a
    // 3x3 board); a character is taken as 0.7 of the font size, wider than most.
    let panel_width = panel
        .iter()
        .map(|l| 2.0 * MARGIN + l.chars().count() as f64 * 0.7 * PANEL_FONT)
        .fold(0.0, f64::max);
    let (w, h) = (
        lay.width.max(panel_width),
        lay.height + panel.len() as f64 * PANEL_LINE + if panel.is_empty() { 0.0 } else { 6.0 },
    );
    let _ = writeln!(
        s,
        r#"<svg xmlns="http://www.w3.org/2000/svg" width="{w:.0}" height="{h:.0}" viewBox="0 0 {w:.1} {h:.1}" font-family="DejaVu Sans, Arial, sans-serif">"#
    );
    let _ = writeln!(
        s,
        r#"<title>{} {}</title>"#,
        escape(g.variant()),
        escape(fen)
    );
    let checked = g.checked_royals();
    s.push_str("<defs>");
    let _ = write!(
        s,
        r#"<marker id="arrowhead" viewBox="0 0 10 10" refX="6" refY="5" markerWidth="4" markerHeight="4" orient="auto"><path d="M0,0 L10,5 L0,10 z" fill="{ARROW}"/></marker>"#
    );
    // Only the figures drawn are defined, each once.
    let mut kinds: Vec<char> = pieces
        .iter()
        .map(|p| &p.2)
        .chain(dropped.iter().filter_map(|d| d.1.as_ref().map(|f| &f.1)))
        .filter_map(|f| match f {
            Figure::Chess { kind, .. } => Some(*kind),
            _ => None,
        })
        .collect();
    kinds.sort_unstable();
    kinds.dedup();
    for k in kinds {
        s.push_str(&figures::definition(k));
    }
    for &c in &checked {
        // The glow of lichess and its kin: red at the king's feet, fading out by the edge.
        let (x, y) = lay.cells[c as usize].centre;
        let r = lay.cells[c as usize].figure * 0.62;
        let _ = write!(
            s,
            r##"<radialGradient id="tessera-check-{c}" gradientUnits="userSpaceOnUse" cx="{x:.1}" cy="{y:.1}" r="{r:.1}"><stop offset="0" stop-color="#ff0000"/><stop offset="0.25" stop-color="#e70000"/><stop offset="0.9" stop-color="#a90000" stop-opacity="0"/><stop offset="1" stop-color="#9e0000" stop-opacity="0"/></radialGradient>"##
        );
    }
    s.push_str("</defs>\n");
    let _ = writeln!(
        s,
        r##"<rect x="0" y="0" width="{w:.1}" height="{h:.1}" fill="#faf7f0"/>"##
    );

    s.push_str(
        "<g class=\"board\" stroke=\"#333\" stroke-width=\"1.2\" stroke-linejoin=\"round\">\n",
    );
    for (i, c) in lay.cells.iter().enumerate() {
        let name = escape(geo.cell_name(i as Cell));
        let fill = match &highlight {
            Some((from, _)) if *from as usize == i => ORIGIN,
            _ if holes.contains(&(i as Cell)) => HOLE,
            _ => c.fill,
        };
        let _ = writeln!(
            s,
            r#"<polygon class="cell" data-cell="{name}" points="{}" fill="{fill}"/>"#,
            points(&c.outline)
        );
    }
    s.push_str("</g>\n");

    draw_last_turn(&mut s, &lay, geo, &last_from, &last_to);
    if !checked.is_empty() {
        s.push_str("<g class=\"checks\">\n");
        for &c in &checked {
            let _ = writeln!(
                s,
                r#"<polygon class="check" data-cell="{}" points="{}" fill="url(#tessera-check-{c})"/>"#,
                escape(geo.cell_name(c)),
                points(&lay.cells[c as usize].outline)
            );
        }
        s.push_str("</g>\n");
    }

    if let Some((_, targets)) = &highlight {
        s.push_str("<g class=\"targets\">\n");
        for &t in targets {
            let (x, y) = lay.cells[t as usize].centre;
            let _ = writeln!(
                s,
                r#"<circle class="target" data-cell="{}" cx="{x:.1}" cy="{y:.1}" r="{:.1}" fill="none" stroke="{TARGET}" stroke-width="{:.1}" stroke-opacity="0.85"/>"#,
                escape(geo.cell_name(t)),
                lay.piece_radius * 1.05,
                lay.piece_radius * 0.22
            );
        }
        s.push_str("</g>\n");
    }

    if !lay.coordinates.is_empty() {
        let _ = writeln!(
            s,
            r##"<g class="coordinates" font-size="{:.0}" fill="#555" text-anchor="middle">"##,
            MARGIN * 0.5
        );
        for (x, y, t) in &lay.coordinates {
            let _ = writeln!(
                s,
                r#"<text x="{x:.1}" y="{y:.1}" dy="0.35em">{}</text>"#,
                escape(t)
            );
        }
        s.push_str("</g>\n");
    }
    if lay.corner_names && !opts.cell_names {
        draw_corner_names(&mut s, &lay, geo);
    }

    draw_owners(&mut s, &lay, geo, &cell_marks);
    s.push_str("<g class=\"pieces\" text-anchor=\"middle\" font-weight=\"bold\">\n");
    for (cell, symbol, figure) in &pieces {
        let _ = writeln!(s, "{}", piece(&lay, geo, *cell, symbol, figure, "piece"));
    }
    s.push_str("</g>\n");

    draw_stacks_and_notes(&mut s, &lay, geo, &cell_marks);
    draw_panel(&mut s, &lay, &panel, plain_lines);
    // Cells with a piece, dropped ones included: their names go beside the piece.
    let mut occupied: Vec<Cell> = pieces.iter().map(|p| p.0).collect();
    occupied.extend(dropped.iter().map(|(c, _)| *c));
    let plain: Vec<(Cell, String)> = pieces.iter().map(|p| (p.0, p.1.clone())).collect();
    draw_arrows(&mut s, &lay, geo, marks.0, &dropped, &plain);
    if opts.cell_names {
        // Over the pieces, in the cell's free corner, with a halo: never hidden.
        draw_names(&mut s, &lay, geo, &occupied);
    }
    s.push_str("</svg>\n");
    Ok(s)
}

/// Legend lines for the badges drawn whose game names them: `G guardian`, each letter once,
/// several to a line.
fn legend<'a>(figures: impl Iterator<Item = &'a Figure>) -> Vec<String> {
    let mut named: Vec<(String, &'static str)> = Vec::new();
    for f in figures {
        if let Figure::Badge {
            letters,
            name: Some(name),
            ..
        } = f
        {
            if !named.iter().any(|(l, _)| l == letters) {
                named.push((letters.clone(), name));
            }
        }
    }
    named.sort();
    named
        .chunks(4)
        .map(|c| {
            c.iter()
                .map(|(l, n)| format!("{l} {n}"))
                .collect::<Vec<_>>()
                .join(" \u{b7} ")
        })
        .collect()
}

/// The last turn: a see-through fill on the cells pieces left, the same fill and an inner
/// border on the cells reached. Neither is round, so neither reads as a piece.
fn draw_last_turn(s: &mut String, lay: &Layout, geo: &Geometry, from: &[Cell], to: &[Cell]) {
    if from.is_empty() && to.is_empty() {
        return;
    }
    let _ = writeln!(
        s,
        r#"<g class="last-turn" fill="{LAST}" fill-opacity="{LAST_OPACITY}">"#
    );
    for &c in from {
        let _ = writeln!(
            s,
            r#"<polygon class="last-from" data-cell="{}" points="{}"/>"#,
            escape(geo.cell_name(c)),
            points(&lay.cells[c as usize].outline)
        );
    }
    for &c in to {
        let shape = &lay.cells[c as usize];
        let width = (shape.figure * 0.06).max(2.0);
        // The border's outer edge on the cell's edge.
        let inner = shrink(&shape.outline, shape.centre, width / 2.0);
        let _ = writeln!(
            s,
            r#"<polygon class="last-to" data-cell="{}" points="{}" stroke="{LAST}" stroke-width="{width:.1}" stroke-opacity="0.9" stroke-linejoin="round"/>"#,
            escape(geo.cell_name(c)),
            points(&inner)
        );
    }
    s.push_str("</g>\n");
}

/// `outline` pulled towards `centre` so that its sides move in by about `by`.
fn shrink(outline: &[(f64, f64)], centre: (f64, f64), by: f64) -> Vec<(f64, f64)> {
    let r = inradius(outline, centre).max(1e-9);
    let k = ((r - by) / r).max(0.0);
    outline
        .iter()
        .map(|&(x, y)| (centre.0 + k * (x - centre.0), centre.1 + k * (y - centre.1)))
        .collect()
}

/// Small cell names in a corner of each cell, as on boards whose edges carry no
/// coordinates.
fn draw_corner_names(s: &mut String, lay: &Layout, geo: &Geometry) {
    let _ = writeln!(
        s,
        r##"<g class="cell-labels" font-size="{:.1}" fill="#7a6440" text-anchor="middle">"##,
        lay.font * 0.5
    );
    for (i, c) in lay.cells.iter().enumerate() {
        let (x, y) = c.label;
        let _ = writeln!(
            s,
            r#"<text class="cell-label" x="{x:.1}" y="{y:.1}" dy="0.35em">{}</text>"#,
            escape(geo.cell_name(i as Cell))
        );
    }
    s.push_str("</g>\n");
}

/// One piece: a chess figure, a lettered badge, or a hidden piece's marker, centred in its
/// cell. `data-cx`, `data-cy` and `data-r` give the centre and the radius the piece keeps
/// clear (of arrows).
fn piece(
    lay: &Layout,
    geo: &Geometry,
    cell: Cell,
    symbol: &str,
    figure: &Figure,
    class: &str,
) -> String {
    let shape = &lay.cells[cell as usize];
    let (x, y) = shape.centre;
    let size = shape.figure;
    // Badges and markers are discs a little smaller than the figures' box.
    let r = (0.4 * size).min(lay.piece_radius * 1.05);
    let side_name = |p: &Option<Player>| p.map_or("none", |p| p.name());
    let (side, body) = match figure {
        Figure::Chess { side, kind } => (
            side.name(),
            format!(
                r#"<g class="figure {}">{}</g>"#,
                figures::name(*kind),
                figures::figure(*kind, *side, x, y, size)
            ),
        ),
        Figure::Badge { side, letters, .. } => {
            let (disc, ink) = disc_colours(*side);
            let font = 1.1 * r / (letters.chars().count().max(1) as f64).sqrt();
            (
                side_name(side),
                format!(
                    r##"<g class="badge"><circle cx="{x:.1}" cy="{y:.1}" r="{r:.1}" fill="{disc}" stroke="{ink}" stroke-width="{:.1}"/><circle cx="{x:.1}" cy="{y:.1}" r="{:.1}" fill="none" stroke="{ink}" stroke-width="{:.1}" stroke-opacity="0.55"/><text x="{x:.1}" y="{y:.1}" dy="0.36em" font-size="{font:.0}" fill="{ink}">{}</text></g>"##,
                    r * 0.09,
                    r * 0.8,
                    r * 0.04,
                    escape(letters)
                ),
            )
        }
        Figure::Hidden { side } => {
            let (disc, ink) = disc_colours(*side);
            (
                side_name(side),
                format!(
                    r##"<g class="hidden"><circle cx="{x:.1}" cy="{y:.1}" r="{:.1}" fill="{disc}" stroke="{ink}" stroke-width="{:.1}" stroke-dasharray="{:.1} {:.1}"/><text x="{x:.1}" y="{y:.1}" dy="0.36em" font-size="{:.0}" fill="{ink}" fill-opacity="0.7">?</text></g>"##,
                    r * 0.85,
                    r * 0.09,
                    r * 0.3,
                    r * 0.18,
                    r * 0.95
                ),
            )
        }
    };
    format!(
        r#"<g class="{class}" data-cell="{}" data-symbol="{}" data-side="{side}" data-cx="{x:.1}" data-cy="{y:.1}" data-r="{:.1}">{body}</g>"#,
        escape(geo.cell_name(cell)),
        escape(symbol),
        lay.piece_radius
    )
}

/// Disc and ink of a badge or marker: White light, Black dark, no side grey.
fn disc_colours(side: Option<Player>) -> (&'static str, &'static str) {
    match side {
        Some(Player::White) => ("#fcfcfa", "#1c1c1c"),
        Some(Player::Black) => ("#2a2a2a", "#ececec"),
        None => ("#9a9a9a", "#111111"),
    }
}

/// Where an arrow between two cell centres starts and ends, and its stroke width: it leaves
/// the moving piece's disc at its edge and its head stops at the edge of the disc it points
/// to (short of the centre on an empty cell), so that little of a figure is covered. Between
/// near cells the gaps shrink, down to half a disc, so that the arrow keeps a shaft.
fn arrow_line(lay: &Layout, from: (f64, f64), to: (f64, f64), to_occupied: bool) -> [f64; 5] {
    let width = lay.piece_radius * 0.35;
    // The marker's tip lies this far beyond the end of the line (see `arrowhead`).
    let head = 1.6 * width;
    let (x1, y1) = from;
    let (x2, y2) = to;
    let len = ((x2 - x1).powi(2) + (y2 - y1).powi(2)).sqrt().max(1e-9);
    let (ux, uy) = ((x2 - x1) / len, (y2 - y1) / len);
    let mut start = lay.piece_radius;
    let mut stop = if to_occupied {
        lay.piece_radius
    } else {
        lay.piece_radius * 0.5
    };
    // The shaft wanted: a third of the way, and at least two widths.
    let shaft = (len / 3.0).max(2.0 * width);
    let fit = ((len - head - shaft) / (start + stop)).clamp(0.55, 1.0);
    start *= fit;
    stop *= fit;
    // Cells too close even so: share what there is.
    let scale = ((len - 2.0) / (start + stop + head)).min(1.0);
    let (a, b) = (start * scale, len - (stop + head) * scale);
    [x1 + ux * a, y1 + uy * a, x1 + ux * b, y1 + uy * b, width]
}

/// Distance from `p` to the segment `a`-`b`.
fn segment_distance(p: (f64, f64), a: (f64, f64), b: (f64, f64)) -> f64 {
    let (dx, dy) = (b.0 - a.0, b.1 - a.1);
    let len2 = (dx * dx + dy * dy).max(1e-12);
    let t = (((p.0 - a.0) * dx + (p.1 - a.1) * dy) / len2).clamp(0.0, 1.0);
    ((a.0 + t * dx - p.0).powi(2) + (a.1 + t * dy - p.1).powi(2)).sqrt()
}

/// A point of the quadratic Bezier curve `p0`-`c`-`p1` at `t`.
fn bezier(p0: (f64, f64), c: (f64, f64), p1: (f64, f64), t: f64) -> (f64, f64) {
    let u = 1.0 - t;
    (
        u * u * p0.0 + 2.0 * u * t * c.0 + t * t * p1.0,
        u * u * p0.1 + 2.0 * u * t * c.1 + t * t * p1.1,
    )
}

/// A bent arrow from `a` to `b` that keeps `clear` away from every centre in `others`:
/// `[x1, y1, control x, control y, x2, y2]`, ends cut at the discs' edges as `arrow_line`
/// does (the head's tip included). `None` when no bend tried keeps clear.
fn bend(
    lay: &Layout,
    a: (f64, f64),
    b: (f64, f64),
    to_occupied: bool,
    others: &[(f64, f64)],
    clear: f64,
) -> Option<[f64; 6]> {
    let len = ((b.0 - a.0).powi(2) + (b.1 - a.1).powi(2)).sqrt().max(1e-9);
    let (nx, ny) = (-(b.1 - a.1) / len, (b.0 - a.0) / len);
    let mid = ((a.0 + b.0) / 2.0, (a.1 + b.1) / 2.0);
    for k in [0.3, 0.45, 0.6, 0.8] {
        for side in [1.0, -1.0] {
            let c = (mid.0 + side * k * len * nx, mid.1 + side * k * len * ny);
            // The ends leave and reach the discs along the curve's tangents.
            let [x1, y1, ..] = arrow_line(lay, a, c, false);
            let [.., ex, ey, width] = arrow_line(lay, c, b, to_occupied);
            let (tx, ty) = (ex - c.0, ey - c.1);
            let tl = (tx * tx + ty * ty).sqrt().max(1e-9);
            let tip = (ex + tx / tl * 1.6 * width, ey + ty / tl * 1.6 * width);
            let points = (0..=32)
                .map(|i| bezier((x1, y1), c, (ex, ey), i as f64 / 32.0))
                .chain([tip]);
            let ok = points.collect::<Vec<_>>().iter().all(|&q| {
                others
                    .iter()
                    .all(|&p| ((q.0 - p.0).powi(2) + (q.1 - p.1).powi(2)).sqrt() >= clear)
            });
            if ok {
                return Some([x1, y1, c.0, c.1, ex, ey]);
            }
        }
    }
    None
}

fn draw_arrows(
    s: &mut String,
    lay: &Layout,
    geo: &Geometry,
    arrows: Vec<(Cell, Cell)>,
    spots: &[(Cell, Option<(String, Figure)>)],
    pieces: &[(Cell, String)],
) {
    if arrows.is_empty() && spots.is_empty() {
        return;
    }
    let _ = writeln!(
        s,
        r#"<g class="arrows" stroke="{ARROW}" stroke-opacity="0.8" fill="none">"#
    );
    let occupied = |c: Cell| pieces.iter().any(|(p, _)| *p == c);
    for (from, to) in arrows {
        let (a, b) = (
            lay.cells[from as usize].centre,
            lay.cells[to as usize].centre,
        );
        let others: Vec<(f64, f64)> = pieces
            .iter()
            .filter(|(c, _)| *c != from && *c != to)
            .map(|(c, _)| lay.cells[*c as usize].centre)
            .collect();
        let [x1, y1, ex, ey, width] = arrow_line(lay, a, b, occupied(to));
        let clear = lay.piece_radius * 0.6;
        let straight_clear = others
            .iter()
            .all(|&p| segment_distance(p, (x1, y1), (ex, ey)) >= clear);
        match (
            straight_clear,
            bend(lay, a, b, occupied(to), &others, clear),
        ) {
            (false, Some([x1, y1, cx, cy, ex, ey])) => {
                // Some games move a piece past another (Parade's mover stands between the
                // two cells): the arrow bends around the letters in its way.
                let _ = writeln!(
                    s,
                    r#"<path class="arrow" d="M{x1:.1},{y1:.1} Q{cx:.1},{cy:.1} {ex:.1},{ey:.1}" stroke-width="{width:.1}" stroke-linecap="round" marker-end="url(#arrowhead)"/>"#
                );
            }
            _ => {
                let _ = writeln!(
                    s,
                    r#"<line class="arrow" x1="{x1:.1}" y1="{y1:.1}" x2="{ex:.1}" y2="{ey:.1}" stroke-width="{width:.1}" stroke-linecap="round" marker-end="url(#arrowhead)"/>"#
                );
            }
        }
    }
    s.push_str("</g>\n");
    // A drop: the piece dropped, pale, in a ring.
    for (spot, dropped) in spots {
        let spot = *spot;
        let (x, y) = lay.cells[spot as usize].centre;
        let _ = writeln!(
            s,
            r#"<g class="drop" data-cell="{}" opacity="0.75"><circle cx="{x:.1}" cy="{y:.1}" r="{:.1}" fill="none" stroke="{ARROW}" stroke-width="{:.1}"/>{}</g>"#,
            escape(geo.cell_name(spot)),
            lay.piece_radius * 1.1,
            lay.piece_radius * 0.3,
            dropped.as_ref().map_or(String::new(), |(sym, f)| piece(
                lay, geo, spot, sym, f, "dropped"
            ))
        );
    }
}

/// Cell names: centred in an empty cell; in an occupied one beside the piece, towards the
/// cell's corner, with a halo in the page colour where it meets the disc. Drawn last.
fn draw_names(s: &mut String, lay: &Layout, geo: &Geometry, occupied: &[Cell]) {
    let _ = writeln!(
        s,
        r##"<g class="cell-names" font-size="{:.0}" fill="#5a4a2a" text-anchor="middle" stroke-linejoin="round" paint-order="stroke">"##,
        lay.font * 0.5,
    );
    for (i, c) in lay.cells.iter().enumerate() {
        let name = escape(geo.cell_name(i as Cell));
        if occupied.contains(&(i as Cell)) {
            let (x, y) = c.label;
            let _ = writeln!(
                s,
                r##"<text class="beside" x="{x:.1}" y="{y:.1}" dy="0.35em" stroke="#faf7f0" stroke-width="{:.1}">{name}</text>"##,
                lay.font * 0.12
            );
        } else {
            let (x, y) = c.centre;
            let _ = writeln!(
                s,
                r#"<text x="{x:.1}" y="{y:.1}" dy="0.35em">{name}</text>"#
            );
        }
    }
    s.push_str("</g>\n");
}

fn ink(p: Player) -> (&'static str, &'static str) {
    match p {
        Player::White => ("#ffffff", "#111111"),
        Player::Black => ("#222222", "#f5f5f5"),
    }
}

/// A small triangle in the cell's lower-left corner, in the owner's colour.
fn draw_owners(s: &mut String, lay: &Layout, geo: &Geometry, marks: &[(Cell, CellMark)]) {
    let owners: Vec<(Cell, Player)> = marks
        .iter()
        .filter_map(|(c, m)| match m {
            CellMark::Owner(p) => Some((*c, *p)),
            _ => None,
        })
        .collect();
    if owners.is_empty() {
        return;
    }
    s.push_str("<g class=\"owners\" stroke=\"#333\" stroke-width=\"0.8\">\n");
    for (cell, p) in owners {
        let shape = &lay.cells[cell as usize];
        let (cx, cy) = shape.centre;
        // The outline corner furthest down and left, pulled a little towards the centre.
        let corner = shape
            .outline
            .iter()
            .copied()
            .fold(
                shape.outline[0],
                |a, b| if b.1 - b.0 > a.1 - a.0 { b } else { a },
            );
        let at = |t: f64, (x, y): (f64, f64)| (x + t * (cx - x), y + t * (cy - y));
        let k = at(0.08, corner);
        let r = lay.piece_radius * 0.45;
        let pts = [k, (k.0 + r, k.1), (k.0, k.1 - r)];
        let _ = writeln!(
            s,
            r#"<polygon class="owner" data-cell="{}" data-owner="{}" points="{}" fill="{}"/>"#,
            escape(geo.cell_name(cell)),
            p.name(),
            points(&pts),
            ink(p).0
        );
    }
    s.push_str("</g>\n");
}

/// Stack heights as small numbered discs at the piece's lower right; notes at its upper left.
fn draw_stacks_and_notes(s: &mut String, lay: &Layout, geo: &Geometry, marks: &[(Cell, CellMark)]) {
    let r = lay.piece_radius * 0.42;
    let mut any = false;
    for (cell, m) in marks {
        let (x, y) = lay.cells[*cell as usize].centre;
        let name = escape(geo.cell_name(*cell));
        match m {
            CellMark::Stack { count, colour } => {
                if !any {
                    s.push_str("<g class=\"marks\" text-anchor=\"middle\" font-weight=\"bold\">\n");
                    any = true;
                }
                let (disc, text) = match colour {
                    Some(p) => ink(*p),
                    None => ("#d2452f", "#ffffff"),
                };
                let (sx, sy) = (x + lay.piece_radius * 0.78, y + lay.piece_radius * 0.78);
                let _ = writeln!(
                    s,
                    r##"<g class="stack" data-cell="{name}" data-count="{count}"><circle cx="{sx:.1}" cy="{sy:.1}" r="{r:.1}" fill="{disc}" stroke="#111" stroke-width="1"/><text x="{sx:.1}" y="{sy:.1}" dy="0.35em" font-size="{:.0}" fill="{text}">{count}</text></g>"##,
                    r * 1.3
                );
            }
            CellMark::Note(t) => {
                if !any {
                    s.push_str("<g class=\"marks\" text-anchor=\"middle\" font-weight=\"bold\">\n");
                    any = true;
                }
                let (nx, ny) = (x - lay.piece_radius * 0.8, y - lay.piece_radius * 0.8);
                let _ = writeln!(
                    s,
                    r##"<text class="note" data-cell="{name}" x="{nx:.1}" y="{ny:.1}" dy="0.35em" font-size="{:.0}" fill="#1f3f8f">{}</text>"##,
                    r * 1.4,
                    escape(t)
                );
            }
            CellMark::Hole | CellMark::Owner(_) => {}
        }
    }
    if any {
        s.push_str("</g>\n");
    }
}

/// The text panel under the board; lines from `legend_from` on are the legend.
fn draw_panel(s: &mut String, lay: &Layout, panel: &[String], legend_from: usize) {
    if panel.is_empty() {
        return;
    }
    let _ = writeln!(
        s,
        r##"<g class="panel" font-size="{PANEL_FONT:.0}" fill="#222">"##
    );
    for (i, line) in panel.iter().enumerate() {
        let y = lay.height + (i as f64 + 0.5) * PANEL_LINE;
        let _ = writeln!(
            s,
            r#"<text{} x="{MARGIN:.1}" y="{y:.1}" dy="0.35em">{}</text>"#,
            if i >= legend_from {
                r#" class="legend""#
            } else {
                ""
            },
            escape(line)
        );
    }
    s.push_str("</g>\n");
}
