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
    let line_of = |symbol: &str| {
        svg.lines()
            .find(|l| {
                l.contains(r#"class="piece" data-cell"#)
                    && l.contains(&format!(r#"data-symbol="{symbol}""#))
            })
            .unwrap()
            .to_string()
    };
    assert!(line_of("K").contains(r##"href="#tessera-figure-k""##));
    assert!(line_of("K").contains(r##"fill="#fcfcfa""##));
    assert!(line_of("k").contains(r##"fill="#2a2a2a""##));
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
        ..Default::default()
    };
    let svg = svg(&g, &opts).unwrap();
    assert_well_formed(&svg);
    assert_eq!(svg.matches(r#"class="arrow""#).count(), 1);
    // b2 steps to the 7 empty neighbours (a1 is taken).
    assert_eq!(svg.matches(r#"class="target""#).count(), 7);
    assert!(!svg.contains(r#"class="target" data-cell="a1""#));
    // Cell names, coordinates and the panel line (the pieces are figures).
    assert_eq!(svg.matches("<text").count(), 9 + 6 + 1);
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
            ..Default::default()
        },
    )
}

#[test]
fn cell_names_are_read_longest_first() {
    let g = Geometry::square(3, 3);
    assert_eq!(cells_in(&g, "a1xc3=Q"), vec![0, 8]);
    assert_eq!(cells_in(&g, "N@b2"), vec![4]);
    assert_eq!(cells_in(&g, ""), Vec::<Cell>::new());
    let mut b = crate::core::geometry::GeometryBuilder::new("t", vec!["a1".into(), "a10".into()]);
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
                    ..Default::default()
                })
                .unwrap();
            assert_well_formed(&svg);
            let discs: Vec<(f64, f64, f64)> = svg
                .lines()
                .filter(|l| l.contains(r#"<g class="piece""#))
                .map(|l| (attr(l, "data-cx"), attr(l, "data-cy"), attr(l, "data-r")))
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
                // A shaft, not a bare head, however close the cells.
                assert!(
                    len >= 2.0 * w,
                    "{} {action}: a shaft of {len:.1} under a head of width {w}",
                    v.name
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
    assert!(drop.contains(r##"href="#tessera-figure-q""##), "{drop}");
}

#[test]
fn the_panel_fits_in_the_picture() {
    let g =
        crate::faces::registry::create("tictacchess", &crate::core::options::VariantOptions::new())
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

fn chess_game(fen: &str) -> Box<dyn crate::faces::session::AnyGame> {
    let mut g =
        crate::faces::registry::create("chess", &crate::core::options::VariantOptions::new())
            .unwrap();
    g.set_fen(fen).unwrap();
    g
}

fn render(g: &dyn crate::faces::session::AnyGame, opts: &RenderOptions) -> String {
    let svg = g.svg(opts).unwrap();
    assert_well_formed(&svg);
    svg
}

/// The element line of the piece on `cell`.
fn piece_line<'a>(svg: &'a str, cell: &str) -> &'a str {
    svg.lines()
        .find(|l| l.contains(&format!(r#"<g class="piece" data-cell="{cell}""#)))
        .unwrap_or_else(|| panic!("no piece on {cell}"))
}

#[test]
fn chess_pieces_are_drawn_as_figures() {
    let g = chess_game("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1");
    let svg = render(&*g, &RenderOptions::default());
    for (cell, kind) in [
        ("e1", 'k'),
        ("d8", 'q'),
        ("a1", 'r'),
        ("c8", 'b'),
        ("g1", 'n'),
        ("e7", 'p'),
    ] {
        let line = piece_line(&svg, cell);
        assert!(
            line.contains(&format!(r##"href="#tessera-figure-{kind}""##)),
            "{cell}: {line}"
        );
        assert!(!line.contains("<text"), "{cell} is a figure, not a letter");
        assert!(svg.contains(&format!(r#"<g id="tessera-figure-{kind}">"#)));
    }
    assert!(piece_line(&svg, "e1").contains(r#"data-side="white""#));
    assert!(piece_line(&svg, "e8").contains(r#"data-side="black""#));
    // Each figure is defined once, however many pieces use it.
    assert_eq!(svg.matches(r#"<g id="tessera-figure-p">"#).count(), 1);
}

#[test]
fn other_letters_are_badges_named_in_a_legend() {
    let g = crate::faces::registry::create("tches", &crate::core::options::VariantOptions::new())
        .unwrap();
    let svg = render(&*g, &RenderOptions::default());
    let badge = |symbol: &str| {
        svg.lines()
            .find(|l| {
                l.contains(r#"<g class="piece""#)
                    && l.contains(&format!(r#"data-symbol="{symbol}""#))
            })
            .unwrap_or_else(|| panic!("a piece {symbol}"))
            .to_string()
    };
    let g_line = badge("G");
    assert!(
        g_line.contains(r#"class="badge""#) && g_line.contains(">G</text>"),
        "{g_line}"
    );
    assert!(!g_line.contains("tessera-figure"), "{g_line}");
    assert!(badge("m").contains(r#"data-side="black""#));
    let legend: String = svg
        .lines()
        .filter(|l| l.contains(r#"class="legend""#))
        .collect();
    for entry in ["G guardian", "F griffin", "M magister"] {
        assert!(legend.contains(entry), "{entry} in {legend}");
    }
    assert!(
        !legend.contains("K king"),
        "figures need no legend: {legend}"
    );
    // Chess types keep their figures; no legend where every piece is a figure.
    assert!(badge("K").contains(r##"href="#tessera-figure-k""##));
    let chess = chess_game("4k3/8/8/8/8/8/8/4K3 w - - 0 1");
    assert!(!render(&*chess, &RenderOptions::default()).contains(r#"class="legend""#));
}

#[test]
fn hidden_pieces_are_neutral_markers() {
    let g = Steps::new(3, 3, &[("a1", "?"), ("b2", "K")]);
    let svg = svg(&g, &RenderOptions::default()).unwrap();
    let line = piece_line(&svg, "a1");
    assert!(line.contains(r#"class="hidden""#), "{line}");
    assert!(!line.contains("tessera-figure"), "{line}");
    let mut cloak =
        crate::faces::registry::create("cloak", &crate::core::options::VariantOptions::new())
            .unwrap();
    while cloak.is_chance_node() {
        let mut rng = crate::core::game::seeded_rng(1);
        let a = cloak.sample_chance(&mut rng).unwrap();
        cloak.play_str(&a).unwrap();
    }
    let view = cloak.view(Player::White).unwrap();
    let svg = render(&*view, &RenderOptions::default());
    assert!(
        piece_line(&svg, "a8").contains(r#"class="hidden""#),
        "Black's unknown checker"
    );
}

#[test]
fn the_last_turn_is_marked_cell_by_cell() {
    let g = Steps::new(3, 3, &[("b2", "K"), ("c3", "Q")]);
    let opts = RenderOptions {
        last_turn: LastTurn {
            from: vec!["a1".into()],
            to: vec!["b2".into(), "c3".into()],
        },
        ..Default::default()
    };
    let svg = svg(&g, &opts).unwrap();
    assert_well_formed(&svg);
    assert_eq!(svg.matches(r#"class="last-from""#).count(), 1);
    assert!(svg.contains(r#"class="last-from" data-cell="a1""#));
    assert!(svg.contains(r#"class="last-to" data-cell="b2""#));
    assert!(svg.contains(r#"class="last-to" data-cell="c3""#));
    // Under the pieces, and not a piece: no figure, no disc.
    let at = svg.find(r#"class="last-from""#).unwrap();
    assert!(at < svg.find(r#"<g class="pieces""#).unwrap());
    let from = svg
        .lines()
        .find(|l| l.contains(r#"class="last-from""#))
        .unwrap();
    assert!(
        from.starts_with("<polygon") && !from.contains("circle"),
        "{from}"
    );
    // Unknown cells are errors.
    let bad = RenderOptions {
        last_turn: LastTurn {
            from: vec!["z9".into()],
            to: vec![],
        },
        ..Default::default()
    };
    assert!(svg_fn(&g, &bad).is_err());
    // A turn's text gives its cells: the Booster turn `h7h5,6h+d1` leaves h7 and reaches
    // h5 and d1; steps chain.
    let geo = Geometry::square(8, 8);
    let t = LastTurn::of_turn(&geo, "h7h5,6h+d1");
    assert_eq!(t.from, ["h7"]);
    assert_eq!(t.to, ["h5", "d1"]);
    let t = LastTurn::of_turn(&geo, "e8f7,+a2");
    assert_eq!(
        (t.from, t.to),
        (
            vec!["e8".to_string()],
            vec!["f7".to_string(), "a2".to_string()]
        )
    );
}

fn svg_fn(g: &Steps, o: &RenderOptions) -> Result<String, RuleError> {
    svg(g, o)
}

#[test]
fn a_king_in_check_glows() {
    let glow = |svg: &str| svg.matches(r#"class="check""#).count();
    let checked = chess_game("4k3/8/8/8/8/8/4R3/4K3 b - - 0 1");
    let svg = render(&*checked, &RenderOptions::default());
    assert_eq!(glow(&svg), 1);
    assert!(svg.contains(r#"class="check" data-cell="e8""#));
    assert!(svg.contains("<radialGradient"));
    // Under the king.
    assert!(svg.find(r#"class="check""#).unwrap() < svg.find(r#"<g class="pieces""#).unwrap());
    let calm = chess_game("4k3/8/8/8/8/8/3R4/4K3 b - - 0 1");
    assert_eq!(glow(&render(&*calm, &RenderOptions::default())), 0);
    // The other games with check.
    let mut ts =
        crate::faces::registry::create("tictacchess", &crate::core::options::VariantOptions::new())
            .unwrap();
    for a in ["K@a1", "K@c3", "N@c1", "R@a3"] {
        ts.play_str(a).unwrap();
    }
    // Black's rook on a3 attacks White's king on a1 with White to move.
    let svg = render(&*ts, &RenderOptions::default());
    assert!(
        svg.contains(r#"class="check" data-cell="a1""#),
        "{}",
        ts.fen()
    );
}

#[test]
fn flip_turns_the_board_round() {
    let g = Steps::new(8, 8, &[("a1", "R"), ("h8", "r")]);
    let plain = svg(&g, &RenderOptions::default()).unwrap();
    let flipped = svg(
        &g,
        &RenderOptions {
            flip: true,
            ..Default::default()
        },
    )
    .unwrap();
    assert_well_formed(&flipped);
    let corner = |svg: &str, cell: &str| {
        let at = svg
            .find(&format!(r#"data-cell="{cell}" points=""#))
            .unwrap();
        let pts = svg[at..].split("points=\"").nth(1).unwrap();
        let n: Vec<f64> = pts
            .split(['"', ' '])
            .take(4)
            .flat_map(|p| p.split(','))
            .filter_map(|t| t.parse().ok())
            .collect();
        (n[0], n[1])
    };
    assert!(corner(&plain, "a1").1 > corner(&plain, "a8").1);
    assert!(
        corner(&flipped, "a1").1 < corner(&flipped, "a8").1,
        "a1 at the top"
    );
    assert!(
        corner(&flipped, "a1").0 > corner(&flipped, "h1").0,
        "a-file on the right"
    );
    assert_eq!(corner(&flipped, "a1"), corner(&plain, "h8"));
    // Coordinates follow.
    let label_x = |svg: &str, t: &str| {
        let line = svg
            .lines()
            .find(|l| l.contains(&format!(">{t}</text>")) && l.contains("<text x="))
            .unwrap();
        attr(line, "x")
    };
    assert!(label_x(&plain, "a") < label_x(&plain, "h"));
    assert!(label_x(&flipped, "a") > label_x(&flipped, "h"));
    // Pieces follow the cells.
    let cx = |svg: &str, cell: &str| attr(piece_line(svg, cell), "data-cy");
    assert!(cx(&flipped, "a1") < cx(&flipped, "h8"));
    // Polygon boards turn round too.
    let ts =
        crate::faces::registry::create("turtleshell", &crate::core::options::VariantOptions::new())
            .unwrap();
    let opts = RenderOptions {
        flip: true,
        ..Default::default()
    };
    let svg = render(&*ts, &opts);
    let y = |cell: &str| attr(piece_line(&svg, cell), "data-cy");
    assert!(y("E1") < y("E8"), "White's king at the top");
}

#[test]
fn polygon_cells_are_named_in_a_corner() {
    let ts =
        crate::faces::registry::create("turtleshell", &crate::core::options::VariantOptions::new())
            .unwrap();
    let svg = render(&*ts, &RenderOptions::default());
    let geo = ts.geometry();
    let labels: Vec<&str> = svg
        .lines()
        .filter(|l| l.contains(r#"class="cell-label""#))
        .collect();
    assert_eq!(labels.len(), geo.cell_names().len());
    for name in geo.cell_names() {
        assert!(
            labels
                .iter()
                .any(|l| l.ends_with(&format!(">{name}</text>"))),
            "{name}"
        );
    }
    // Away from the centre, where the piece stands.
    let e1 = labels.iter().find(|l| l.ends_with(">E1</text>")).unwrap();
    let (x, y) = (attr(e1, "x"), attr(e1, "y"));
    let p = piece_line(&svg, "E1");
    let (cx, cy) = (attr(p, "data-cx"), attr(p, "data-cy"));
    assert!(((x - cx).powi(2) + (y - cy).powi(2)).sqrt() > 0.8 * attr(p, "data-r"));
}

#[test]
fn a_one_square_arrow_has_a_shaft() {
    let g = Steps::new(3, 3, &[("b2", "K"), ("c2", "p")]);
    for action in ["b2c3", "b2b3", "Q@a1"] {
        let svg = svg_of(&g, action);
        for line in svg.lines().filter(|l| l.contains(r#"<line class="arrow""#)) {
            let len = ((attr(line, "x2") - attr(line, "x1")).powi(2)
                + (attr(line, "y2") - attr(line, "y1")).powi(2))
            .sqrt();
            assert!(len >= 0.25 * SQUARE, "{action}: shaft {len:.1}");
        }
    }
}
