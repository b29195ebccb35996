//! Board pictures as SVG text (the engine writes no files; the CLI does).
//!
//! Any geometry draws: rectangles of squares from `Geometry::rect` (a1 dark, coordinates on
//! the edges) and other tilings from `Geometry::polygons` (y grows north there, so it is
//! flipped for SVG). Pieces are discs with the piece letter: white discs for uppercase
//! symbols, black discs for lowercase. Arrows and highlighted targets are read from the
//! variant's own move notation, so the renderer knows no variant.

use std::fmt::Write;

use crate::core::bitboard::Cell;
use crate::core::game::{CellMark, Game, Player, RuleError};
use crate::core::geometry::Geometry;

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
}

const MARGIN: f64 = 30.0;
const SQUARE: f64 = 60.0;
/// Pixels per unit edge on polygon boards (their cells have edge length 1).
const POLYGON_UNIT: f64 = 70.0;

const LIGHT: &str = "#f0d9b5";
const DARK: &str = "#b58863";
const TRIANGLE: &str = "#f3e6c8";
const TILE: &str = "#d9c08f";
const OTHER: &str = "#e8d4a6";
const ARROW: &str = "#1f6fd1";
const TARGET: &str = "#2e9e44";
const ORIGIN: &str = "#e0b400";
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
}

fn rect_layout(files: u8, ranks: u8) -> Layout {
    let (files, ranks) = (files as usize, ranks as usize);
    let mut cells = Vec::with_capacity(files * ranks);
    for i in 0..files * ranks {
        let (f, r) = (i % files, i / files);
        let x = MARGIN + f as f64 * SQUARE;
        let y = MARGIN + (ranks - 1 - r) as f64 * SQUARE;
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
        });
    }
    let mut coordinates = Vec::new();
    for f in 0..files {
        let x = MARGIN + (f as f64 + 0.5) * SQUARE;
        let y = MARGIN + ranks as f64 * SQUARE + MARGIN * 0.6;
        coordinates.push((x, y, ((b'a' + f as u8) as char).to_string()));
    }
    for r in 0..ranks {
        let y = MARGIN + (ranks - 1 - r) as f64 * SQUARE + SQUARE / 2.0;
        coordinates.push((MARGIN * 0.5, y, (r + 1).to_string()));
    }
    Layout {
        cells,
        width: 2.0 * MARGIN + files as f64 * SQUARE,
        height: 2.0 * MARGIN + ranks as f64 * SQUARE,
        piece_radius: 0.38 * SQUARE,
        font: 0.42 * SQUARE,
        coordinates,
    }
}

fn polygon_layout(polys: &[Vec<(f64, f64)>]) -> Layout {
    let all = polys.iter().flatten();
    let min_x = all.clone().map(|p| p.0).fold(f64::INFINITY, f64::min);
    let max_x = all.clone().map(|p| p.0).fold(f64::NEG_INFINITY, f64::max);
    let min_y = all.clone().map(|p| p.1).fold(f64::INFINITY, f64::min);
    let max_y = all.map(|p| p.1).fold(f64::NEG_INFINITY, f64::max);
    let to_svg = |(x, y): (f64, f64)| {
        (
            MARGIN + (x - min_x) * POLYGON_UNIT,
            MARGIN + (max_y - y) * POLYGON_UNIT,
        )
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
            CellShape {
                outline,
                centre,
                fill,
                label,
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
    }
}

fn layout(g: &Geometry) -> Result<Layout, RuleError> {
    if let Some((files, ranks)) = g.rect() {
        return Ok(rect_layout(files, ranks));
    }
    match g.polygons() {
        Some(polys) => Ok(polygon_layout(polys)),
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

/// `svg` with another position text in its title: a player's view is drawn from a picture
/// game, and titled with the view's own text.
pub fn svg_titled<G: Game>(g: &G, opts: &RenderOptions, fen: &str) -> Result<String, RuleError> {
    let geo = g.geometry();
    let lay = layout(geo)?;
    let marks = match &opts.arrow {
        Some(text) => arrow_marks(g, text)?,
        None => (Vec::new(), Vec::new()),
    };
    let highlight = match &opts.targets_of {
        Some(name) => Some(targets_of(g, name)?),
        None => None,
    };

    let cell_marks = g.cell_marks();
    let holes: Vec<Cell> = cell_marks
        .iter()
        .filter(|(_, m)| *m == CellMark::Hole)
        .map(|&(c, _)| c)
        .collect();
    let panel = g.panel();

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
    let _ = writeln!(
        s,
        r#"<defs><marker id="arrowhead" viewBox="0 0 10 10" refX="6" refY="5" markerWidth="4" markerHeight="4" orient="auto"><path d="M0,0 L10,5 L0,10 z" fill="{ARROW}"/></marker></defs>"#
    );
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

    draw_owners(&mut s, &lay, geo, &cell_marks);
    let pieces = g.pieces();
    s.push_str("<g class=\"pieces\" text-anchor=\"middle\" font-weight=\"bold\">\n");
    for (cell, symbol) in &pieces {
        let _ = writeln!(s, "{}", piece(&lay, geo, *cell, symbol, "piece"));
    }
    s.push_str("</g>\n");

    draw_stacks_and_notes(&mut s, &lay, geo, &cell_marks);
    draw_panel(&mut s, &lay, &panel);
    // Cells with a piece, dropped ones included: their names go beside the piece.
    let mut occupied: Vec<Cell> = pieces.iter().map(|(c, _)| *c).collect();
    occupied.extend(marks.1.iter().map(|(c, _)| *c));
    draw_arrows(&mut s, &lay, geo, marks, &pieces);
    if opts.cell_names {
        // Over the pieces, in the cell's free corner, with a halo: never hidden.
        draw_names(&mut s, &lay, geo, &occupied);
    }
    s.push_str("</svg>\n");
    Ok(s)
}

/// One piece: a disc in the owner's colour with the symbol's letters.
fn piece(lay: &Layout, geo: &Geometry, cell: Cell, symbol: &str, class: &str) -> String {
    let (x, y) = lay.cells[cell as usize].centre;
    let first = symbol.chars().find(|c| c.is_alphabetic());
    let (disc, ink) = match first {
        Some(c) if c.is_uppercase() => ("#ffffff", "#111111"),
        Some(_) => ("#222222", "#f5f5f5"),
        None => ("#9a9a9a", "#111111"),
    };
    let label: String = symbol.to_uppercase();
    let font = lay.font / (label.chars().count().max(1) as f64).sqrt();
    format!(
        r##"<g class="{class}" data-cell="{}" data-symbol="{}"><circle cx="{x:.1}" cy="{y:.1}" r="{:.1}" fill="{disc}" stroke="#111" stroke-width="1.2"/><text x="{x:.1}" y="{y:.1}" dy="0.35em" font-size="{font:.0}" fill="{ink}">{}</text></g>"##,
        escape(geo.cell_name(cell)),
        escape(symbol),
        lay.piece_radius,
        escape(&label)
    )
}

/// Where an arrow between two cell centres starts and ends, and its stroke width: it leaves
/// the moving piece's disc at its edge and its head stops at the edge of the disc it points
/// to (short of the centre on an empty cell), so that no letter is covered.
fn arrow_line(lay: &Layout, from: (f64, f64), to: (f64, f64), to_occupied: bool) -> [f64; 5] {
    let width = lay.piece_radius * 0.35;
    // The marker's tip lies this far beyond the end of the line (see `arrowhead`).
    let head = 1.6 * width;
    let (x1, y1) = from;
    let (x2, y2) = to;
    let len = ((x2 - x1).powi(2) + (y2 - y1).powi(2)).sqrt().max(1e-9);
    let (ux, uy) = ((x2 - x1) / len, (y2 - y1) / len);
    let start = lay.piece_radius;
    let stop = if to_occupied {
        lay.piece_radius
    } else {
        lay.piece_radius * 0.5
    } + head;
    // Cells too close for both gaps: share what there is.
    let scale = ((len - 2.0) / (start + stop)).min(1.0);
    let (a, b) = (start * scale, len - stop * scale);
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
    (arrows, spots): Marks,
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
    for (spot, symbol) in spots {
        let (x, y) = lay.cells[spot as usize].centre;
        let _ = writeln!(
            s,
            r#"<g class="drop" data-cell="{}" opacity="0.75"><circle cx="{x:.1}" cy="{y:.1}" r="{:.1}" fill="none" stroke="{ARROW}" stroke-width="{:.1}"/>{}</g>"#,
            escape(geo.cell_name(spot)),
            lay.piece_radius * 1.1,
            lay.piece_radius * 0.3,
            symbol.map_or(String::new(), |sym| piece(lay, geo, spot, &sym, "dropped"))
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

/// The text panel under the board.
fn draw_panel(s: &mut String, lay: &Layout, panel: &[String]) {
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
            r#"<text x="{MARGIN:.1}" y="{y:.1}" dy="0.35em">{}</text>"#,
            escape(line)
        );
    }
    s.push_str("</g>\n");
}

#[cfg(test)]
pub(crate) mod tests {
    use super::*;
    use crate::core::bitboard::{bit, Bits};
    use crate::core::game::{Action, Outcome, Player};

    /// A small test game on a square board: pieces step like kings to empty cells, and a
    /// `Q@cell` drop fills any empty cell.
    #[derive(Clone)]
    struct Steps {
        geo: Geometry,
        pieces: Vec<(Cell, String)>,
        /// Show the sample cell marks.
        marked: bool,
    }

    #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
    enum Act {
        Step(Cell, Cell),
        Drop(Cell),
    }

    impl Action for Act {
        fn code(self) -> u32 {
            match self {
                Act::Step(a, b) => a as u32 | (b as u32) << 6,
                Act::Drop(c) => 1 << 12 | c as u32,
            }
        }
    }

    impl Steps {
        fn new(files: u8, ranks: u8, pieces: &[(&str, &str)]) -> Steps {
            let geo = Geometry::square(files, ranks);
            let pieces = pieces
                .iter()
                .map(|(c, p)| (geo.cell(c).unwrap(), p.to_string()))
                .collect();
            Steps {
                geo,
                pieces,
                marked: false,
            }
        }

        fn occupied(&self) -> u64 {
            self.pieces.iter().fold(0, |m, (c, _)| m | bit(*c))
        }
    }

    impl Game for Steps {
        type Action = Act;
        type Undo = Vec<(Cell, String)>;
        fn variant(&self) -> &'static str {
            "steps"
        }
        fn geometry(&self) -> &Geometry {
            &self.geo
        }
        fn to_move(&self) -> Player {
            Player::White
        }
        fn legal_actions(&self, out: &mut Vec<Act>) {
            let king = self.geo.mask_id("king").unwrap();
            let empty = self.geo.all() & !self.occupied();
            for (c, _) in &self.pieces {
                for t in Bits(self.geo.mask(king, *c) & empty) {
                    out.push(Act::Step(*c, t));
                }
            }
            out.extend(Bits(empty).map(Act::Drop));
        }
        fn play(&mut self, a: Act) -> Self::Undo {
            let before = self.pieces.clone();
            match a {
                Act::Step(f, t) => {
                    let p = self.pieces.iter_mut().find(|(c, _)| *c == f).unwrap();
                    p.0 = t;
                }
                Act::Drop(c) => self.pieces.push((c, "Q".into())),
            }
            before
        }
        fn undo(&mut self, u: Self::Undo) {
            self.pieces = u;
        }
        fn key(&self) -> u64 {
            self.occupied()
        }
        fn recompute_key(&self) -> u64 {
            self.occupied()
        }
        fn terminal(&self) -> Option<Outcome> {
            None
        }
        fn no_action_outcome(&self) -> Outcome {
            Outcome::Draw { reason: "no move" }
        }
        fn parse_action(&self, s: &str) -> Result<Act, RuleError> {
            let mut v = Vec::new();
            self.legal_actions(&mut v);
            v.into_iter()
                .find(|a| self.format_action(*a) == s)
                .ok_or_else(|| RuleError::new(format!("illegal: {s}")))
        }
        fn format_action(&self, a: Act) -> String {
            match a {
                Act::Step(f, t) => format!("{}{}", self.geo.cell_name(f), self.geo.cell_name(t)),
                Act::Drop(c) => format!("Q@{}", self.geo.cell_name(c)),
            }
        }
        fn fen(&self) -> String {
            "steps".into()
        }
        fn set_fen(&mut self, _fen: &str) -> Result<(), RuleError> {
            Err(RuleError::new("no fen"))
        }
        fn reset(&mut self) {}
        fn display(&self) -> String {
            String::new()
        }
        fn cell_marks(&self) -> Vec<(Cell, CellMark)> {
            if !self.marked {
                return Vec::new();
            }
            vec![
                (0, CellMark::Hole),
                (1, CellMark::Owner(Player::Black)),
                (
                    2,
                    CellMark::Stack {
                        count: 3,
                        colour: None,
                    },
                ),
                (3, CellMark::Note("7".into())),
            ]
        }

        fn pieces(&self) -> Vec<(Cell, String)> {
            self.pieces.clone()
        }
    }

    /// Checks that tags nest and close, attributes are quoted, and text has no raw `<`/`&`.
    pub(crate) fn assert_well_formed(svg: &str) {
        let mut stack: Vec<String> = Vec::new();
        let mut rest = svg;
        while let Some(open) = rest.find('<') {
            let text = &rest[..open];
            assert!(!text.contains('>'), "stray '>' in text: {text}");
            for (i, _) in text.match_indices('&') {
                let ent = &text[i..];
                assert!(
                    ["&amp;", "&lt;", "&gt;", "&quot;"]
                        .iter()
                        .any(|e| ent.starts_with(e)),
                    "bare & in text"
                );
            }
            let close = rest[open..].find('>').expect("unclosed tag") + open;
            let tag = &rest[open + 1..close];
            assert!(!tag.contains('<'), "'<' inside a tag: {tag}");
            assert_eq!(tag.matches('"').count() % 2, 0, "unbalanced quotes: {tag}");
            if let Some(name) = tag.strip_prefix('/') {
                assert_eq!(
                    stack.pop().as_deref(),
                    Some(name.trim()),
                    "mismatched </{name}>"
                );
            } else if !tag.ends_with('/') {
                let name = tag.split_whitespace().next().expect("tag name");
                stack.push(name.to_string());
            }
            rest = &rest[close + 1..];
        }
        assert!(rest.trim().is_empty(), "text after the root element");
        assert!(stack.is_empty(), "unclosed elements: {stack:?}");
        assert!(svg.starts_with("<svg "));
    }

    #[test]
    fn holes_owners_stacks_notes_and_panel_are_drawn() {
        let mut g = Steps::new(3, 3, &[("c1", "K")]);
        g.marked = true;
        let svg = svg_of_opts(&g, None, None).unwrap();
        assert_well_formed(&svg);
        let a1 = svg
            .lines()
            .find(|l| l.contains(r#"class="cell" data-cell="a1""#))
            .unwrap();
        assert!(a1.contains(HOLE));
        let b1 = svg
            .lines()
            .find(|l| l.contains(r#"class="cell" data-cell="b1""#))
            .unwrap();
        assert!(!b1.contains(HOLE));
        assert!(svg.contains(r#"class="owner" data-cell="b1" data-owner="black""#));
        assert!(svg.contains(r#"class="stack" data-cell="c1" data-count="3""#));
        assert!(svg.contains(r#"class="note" data-cell="a2""#));
        assert!(svg.contains(">white to move</text>"));
    }

    #[test]
    fn square_board_picture() {
        let g = Steps::new(8, 8, &[("e1", "K"), ("e8", "k"), ("d4", "nn")]);
        let svg = svg(&g, &RenderOptions::default()).unwrap();
        assert_well_formed(&svg);
        assert_eq!(svg.matches(r#"<polygon class="cell""#).count(), 64);
        assert_eq!(svg.matches(r#"class="piece""#).count(), 3);
        // a1 is dark, b1 light, a2 light; coordinates a-h and 1-8 on the edges.
        let fill_of = |cell: &str| {
            let at = svg.find(&format!(r#"data-cell="{cell}""#)).unwrap();
            svg[at..].split("fill=\"").nth(1).unwrap()[..7].to_string()
        };
        assert_eq!(fill_of("a1"), DARK);
        assert_eq!(fill_of("b1"), LIGHT);
        assert_eq!(fill_of("a2"), LIGHT);
        assert!(svg.contains(">h</text>") && svg.contains(">8</text>"));
        // White piece: white disc; black piece: dark disc.
        assert!(svg.contains(r##"data-symbol="K"><circle"##));
        let k = svg.find(r#"data-symbol="k""#).unwrap();
        assert!(svg[k..].contains(r##"fill="#222222""##));
        // a1 at the bottom left: its outline is lower (larger y) than a8's.
        let y_of = |cell: &str| {
            let at = svg
                .find(&format!(r#"data-cell="{cell}" points=""#))
                .unwrap();
            let pts = svg[at..].split("points=\"").nth(1).unwrap();
            pts.split([',', ' '])
                .nth(1)
                .unwrap()
                .parse::<f64>()
                .unwrap()
        };
        assert!(y_of("a1") > y_of("a8"));
    }

    #[test]
    fn arrows_drops_and_targets() {
        let g = Steps::new(3, 3, &[("b2", "K"), ("a1", "p")]);
        let opts = RenderOptions {
            arrow: Some("b2c3".into()),
            targets_of: Some("b2".into()),
            cell_names: true,
        };
        let svg = svg(&g, &opts).unwrap();
        assert_well_formed(&svg);
        assert_eq!(svg.matches(r#"class="arrow""#).count(), 1);
        // b2 steps to the 7 empty neighbours (a1 is taken).
        assert_eq!(svg.matches(r#"class="target""#).count(), 7);
        assert!(!svg.contains(r#"class="target" data-cell="a1""#));
        // Cell names, pieces, coordinates and the panel line.
        assert_eq!(svg.matches("<text").count(), 9 + 2 + 6 + 1);
        // A drop marks its cell; a turn of two actions draws both.
        let svg2 = svg_of(&g, "Q@c1");
        assert_eq!(svg2.matches(r#"class="drop""#).count(), 1);
        let svg3 = svg_of(&g, "b2c3, c3c2");
        assert_eq!(svg3.matches(r#"class="arrow""#).count(), 2);
        // Bad options are errors, not pictures.
        assert!(svg_of_opts(&g, Some("b2b2"), None).is_err());
        assert!(svg_of_opts(&g, None, Some("z9")).is_err());
    }

    fn svg_of(g: &Steps, arrow: &str) -> String {
        svg_of_opts(g, Some(arrow), None).unwrap()
    }

    fn svg_of_opts(g: &Steps, arrow: Option<&str>, of: Option<&str>) -> Result<String, RuleError> {
        svg(
            g,
            &RenderOptions {
                arrow: arrow.map(Into::into),
                targets_of: of.map(Into::into),
                cell_names: false,
            },
        )
    }

    #[test]
    fn cell_names_are_read_longest_first() {
        let g = Geometry::square(3, 3);
        assert_eq!(cells_in(&g, "a1xc3=Q"), vec![0, 8]);
        assert_eq!(cells_in(&g, "N@b2"), vec![4]);
        assert_eq!(cells_in(&g, ""), Vec::<Cell>::new());
        let mut b =
            crate::core::geometry::GeometryBuilder::new("t", vec!["a1".into(), "a10".into()]);
        b.polygons(vec![vec![(0.0, 0.0), (1.0, 0.0), (0.0, 1.0)]; 2]);
        assert_eq!(cells_in(&b.build(), "a10a1"), vec![1, 0]);
    }

    /// The numbers in attribute `name="..."` of an SVG element line.
    fn attr(line: &str, name: &str) -> f64 {
        let at = line.find(&format!(" {name}=\"")).expect(name) + name.len() + 3;
        line[at..].split('"').next().unwrap().parse().unwrap()
    }

    /// Distance from point `p` to the segment `a`-`b`.
    fn distance(p: (f64, f64), a: (f64, f64), b: (f64, f64)) -> f64 {
        let (dx, dy) = (b.0 - a.0, b.1 - a.1);
        let len2 = (dx * dx + dy * dy).max(1e-12);
        let t = (((p.0 - a.0) * dx + (p.1 - a.1) * dy) / len2).clamp(0.0, 1.0);
        ((a.0 + t * dx - p.0).powi(2) + (a.1 + t * dy - p.1).powi(2)).sqrt()
    }

    #[test]
    fn arrows_and_names_leave_every_letter_visible() {
        for v in crate::faces::registry::variants() {
            let mut g = (v.create)(&crate::core::options::VariantOptions::new()).unwrap();
            // A few actions in, so that arrows also point at pieces (captures) where there are.
            for _ in 0..2 {
                if let Some(a) = g.legal_actions().first() {
                    g.play_str(a).unwrap();
                }
            }
            for action in g.legal_actions() {
                let svg = g
                    .svg(&RenderOptions {
                        arrow: Some(action.clone()),
                        targets_of: None,
                        cell_names: true,
                    })
                    .unwrap();
                assert_well_formed(&svg);
                let discs: Vec<(f64, f64, f64)> = svg
                    .lines()
                    .filter(|l| l.contains(r#"<g class="piece""#))
                    .map(|l| (attr(l, "cx"), attr(l, "cy"), attr(l, "r")))
                    .collect();
                for line in svg.lines().filter(|l| l.contains(r#"<path class="arrow""#)) {
                    // A bent arrow: every point of the curve keeps clear of the letters.
                    let d = line
                        .split(r#"d=""#)
                        .nth(1)
                        .unwrap()
                        .split('"')
                        .next()
                        .unwrap();
                    let n: Vec<f64> = d
                        .split(['M', 'Q', ',', ' '])
                        .filter(|t| !t.is_empty())
                        .map(|t| t.parse().unwrap())
                        .collect();
                    let (p0, c, p1) = ((n[0], n[1]), (n[2], n[3]), (n[4], n[5]));
                    for i in 0..=32 {
                        let q = super::bezier(p0, c, p1, i as f64 / 32.0);
                        for &(cx, cy, r) in &discs {
                            let d = ((q.0 - cx).powi(2) + (q.1 - cy).powi(2)).sqrt();
                            assert!(
                                d >= 0.5 * r,
                                "{} {action}: bent arrow over a letter",
                                v.name
                            );
                        }
                    }
                }
                for line in svg.lines().filter(|l| l.contains(r#"<line class="arrow""#)) {
                    let a = (attr(line, "x1"), attr(line, "y1"));
                    let b = (attr(line, "x2"), attr(line, "y2"));
                    // The head's tip lies 1.6 stroke widths beyond the end.
                    let len = ((b.0 - a.0).powi(2) + (b.1 - a.1).powi(2)).sqrt().max(1e-9);
                    let w = attr(line, "stroke-width");
                    let tip = (
                        b.0 + (b.0 - a.0) / len * 1.6 * w,
                        b.1 + (b.1 - a.1) / len * 1.6 * w,
                    );
                    for &(cx, cy, r) in &discs {
                        let d = distance((cx, cy), a, tip);
                        assert!(
                            d >= 0.5 * r,
                            "{} {action}: the arrow passes {d:.1} from a letter (disc radius {r})",
                            v.name
                        );
                    }
                }
                // Names come after (over) the pieces.
                let pieces_at = svg.find(r#"<g class="pieces""#).unwrap();
                let names_at = svg.find(r#"<g class="cell-names""#).unwrap();
                assert!(names_at > pieces_at, "{}", v.name);
            }
        }
    }

    #[test]
    fn a_drop_shows_the_piece_dropped() {
        let g = Steps::new(3, 3, &[("b2", "K")]);
        let svg = svg_of(&g, "Q@c1");
        let drop = svg.lines().find(|l| l.contains(r#"class="drop""#)).unwrap();
        assert!(drop.contains(r#"data-cell="c1""#), "{drop}");
        assert!(
            drop.contains(r#"class="dropped" data-cell="c1" data-symbol="Q""#),
            "{drop}"
        );
        assert!(drop.contains(">Q</text>"), "{drop}");
    }

    #[test]
    fn the_panel_fits_in_the_picture() {
        let g = crate::faces::registry::create(
            "tictacchess",
            &crate::core::options::VariantOptions::new(),
        )
        .unwrap();
        let svg = g.svg(&RenderOptions::default()).unwrap();
        let panel: Vec<&str> = svg
            .lines()
            .skip_while(|l| !l.contains(r#"class="panel""#))
            .skip(1)
            .take_while(|l| l.starts_with("<text"))
            .map(|l| l.split('>').nth(1).unwrap().trim_end_matches("</text"))
            .collect();
        assert_eq!(
            panel,
            [
                "white to move",
                "white reserve: PPPPPPPPRRNNBBQK",
                "black reserve: pppppppprrnnbbqk"
            ]
        );
        let width = attr(svg.lines().next().unwrap(), "width");
        let longest = panel.iter().map(|l| l.len()).max().unwrap() as f64;
        assert!(
            width >= MARGIN + longest * 0.7 * PANEL_FONT,
            "width {width}"
        );
    }
}
