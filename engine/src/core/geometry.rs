//! Board geometry: a set of at most 64 named cells plus precomputed `u64` tables.
//!
//! Every board (3x3, 8x8, the Turtle Shell tiling) is the same structure with other tables:
//! - *directions*: a single step from each cell (`n`, `ne`, ... on square boards), used by pawns
//!   and by pieces whose paths are built step by step;
//! - *masks*: named per-cell target sets of leapers and steppers (`knight`, `king`, `edge`, ...);
//! - *rays*: named per-cell lists of ordered rays for sliders (`orthogonal`, `diagonal`, `row`, ...);
//! - *lines*: named ordered cell lists (rows, files, diagonals) for rules that look at lines.
//!
//! A game looks the tables up by name once, when it is built, and keeps the returned ids.

use crate::core::bitboard::{bit, low_bits, Cell};

/// One ray from a cell: the cells met in order, nearest first, and their mask.
#[derive(Clone, Debug)]
pub struct Ray {
    pub cells: Vec<Cell>,
    pub mask: u64,
    /// Set when the cell indices along the ray strictly increase (or decrease), so that the
    /// first blocker is the lowest (or highest) set bit of `mask & occupied`.
    order: RayOrder,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum RayOrder {
    Increasing,
    Decreasing,
    Mixed,
}

impl Ray {
    pub fn new(cells: Vec<Cell>) -> Ray {
        let mask = cells.iter().fold(0u64, |m, &c| m | bit(c));
        let order = if cells.windows(2).all(|w| w[0] < w[1]) {
            RayOrder::Increasing
        } else if cells.windows(2).all(|w| w[0] > w[1]) {
            RayOrder::Decreasing
        } else {
            RayOrder::Mixed
        };
        Ray { cells, mask, order }
    }

    /// Cells a slider reaches along this ray: up to and including the first occupied cell.
    #[inline]
    pub fn attacks(&self, occupied: u64) -> u64 {
        let blockers = self.mask & occupied;
        if blockers == 0 {
            return self.mask;
        }
        match self.order {
            RayOrder::Increasing => {
                let first = blockers.trailing_zeros();
                self.mask & low_bits(first as usize + 1)
            }
            RayOrder::Decreasing => {
                let first = 63 - blockers.leading_zeros();
                self.mask & !low_bits(first as usize)
            }
            RayOrder::Mixed => {
                let mut out = 0;
                for &c in &self.cells {
                    out |= bit(c);
                    if occupied & bit(c) != 0 {
                        break;
                    }
                }
                out
            }
        }
    }
}

/// Id of a named table, returned by the `*_id` look-ups.
pub type TableId = usize;

/// A board: cells and their tables. Built once per variant and shared read-only.
#[derive(Clone, Debug)]
pub struct Geometry {
    name: String,
    cell_names: Vec<String>,
    /// Number of files and ranks when the board is a rectangle of squares.
    rect: Option<(u8, u8)>,
    directions: Vec<(String, Vec<Option<Cell>>)>,
    masks: Vec<(String, Vec<u64>)>,
    rays: Vec<(String, Vec<Vec<Ray>>)>,
    lines: Vec<(String, Vec<Cell>)>,
    /// Cell outlines for pictures (x east, y north), when the board is not a rectangle.
    polygons: Option<Vec<Vec<(f64, f64)>>>,
}

impl Geometry {
    /// A rectangular board of `files` x `ranks` squares (at most 64 cells), cells numbered
    /// rank by rank from a1 (`index = rank * files + file`), named `a1`, `b1`, ...
    ///
    /// Tables: directions `n s e w ne nw se sw`; masks `king`, `knight`, `orthogonal_step`,
    /// `diagonal_step`; rays `orthogonal`, `diagonal`, `queen`; lines `rank`, `file`, `diagonal`
    /// (every diagonal and anti-diagonal of length >= 2).
    pub fn square(files: u8, ranks: u8) -> Geometry {
        assert!(files >= 1 && ranks >= 1 && (files as usize) * (ranks as usize) <= 64);
        assert!(files <= 26, "file letters run out");
        let n = files as usize * ranks as usize;
        let idx = |f: i32, r: i32| -> Option<Cell> {
            (f >= 0 && r >= 0 && f < files as i32 && r < ranks as i32)
                .then(|| (r * files as i32 + f) as Cell)
        };
        let names: Vec<String> = (0..n)
            .map(|i| {
                let f = (i % files as usize) as u8;
                let r = i / files as usize;
                format!("{}{}", (b'a' + f) as char, r + 1)
            })
            .collect();
        let mut b = GeometryBuilder::new(&format!("{files}x{ranks}"), names);
        b.rect = Some((files, ranks));
        const DIRS: [(&str, i32, i32); 8] = [
            ("n", 0, 1),
            ("s", 0, -1),
            ("e", 1, 0),
            ("w", -1, 0),
            ("ne", 1, 1),
            ("nw", -1, 1),
            ("se", 1, -1),
            ("sw", -1, -1),
        ];
        let fr = |c: usize| ((c % files as usize) as i32, (c / files as usize) as i32);
        for (name, df, dr) in DIRS {
            let table = (0..n)
                .map(|c| {
                    let (f, r) = fr(c);
                    idx(f + df, r + dr)
                })
                .collect();
            b.direction(name, table);
        }
        let offsets_mask = |offs: &[(i32, i32)]| -> Vec<u64> {
            (0..n)
                .map(|c| {
                    let (f, r) = fr(c);
                    offs.iter()
                        .filter_map(|&(df, dr)| idx(f + df, r + dr))
                        .fold(0, |m, t| m | bit(t))
                })
                .collect()
        };
        let ortho: Vec<(i32, i32)> = DIRS[..4].iter().map(|d| (d.1, d.2)).collect();
        let diag: Vec<(i32, i32)> = DIRS[4..].iter().map(|d| (d.1, d.2)).collect();
        let king: Vec<(i32, i32)> = DIRS.iter().map(|d| (d.1, d.2)).collect();
        let knight = [
            (1, 2),
            (2, 1),
            (2, -1),
            (1, -2),
            (-1, -2),
            (-2, -1),
            (-2, 1),
            (-1, 2),
        ];
        b.mask("king", offsets_mask(&king));
        b.mask("knight", offsets_mask(&knight));
        b.mask("orthogonal_step", offsets_mask(&ortho));
        b.mask("diagonal_step", offsets_mask(&diag));
        let rays_for = |dirs: &[(i32, i32)]| -> Vec<Vec<Ray>> {
            (0..n)
                .map(|c| {
                    let (f, r) = fr(c);
                    dirs.iter()
                        .filter_map(|&(df, dr)| {
                            let cells: Vec<Cell> =
                                (1..).map_while(|k| idx(f + k * df, r + k * dr)).collect();
                            (!cells.is_empty()).then(|| Ray::new(cells))
                        })
                        .collect()
                })
                .collect()
        };
        b.rays("orthogonal", rays_for(&ortho));
        b.rays("diagonal", rays_for(&diag));
        b.rays("queen", rays_for(&king));
        for r in 0..ranks as i32 {
            b.line(
                "rank",
                (0..files as i32).filter_map(|f| idx(f, r)).collect(),
            );
        }
        for f in 0..files as i32 {
            b.line(
                "file",
                (0..ranks as i32).filter_map(|r| idx(f, r)).collect(),
            );
        }
        for start in -(ranks as i32)..files as i32 {
            let d: Vec<Cell> = (0..ranks as i32)
                .filter_map(|r| idx(start + r, r))
                .collect();
            if d.len() >= 2 {
                b.line("diagonal", d);
            }
            let a: Vec<Cell> = (0..ranks as i32)
                .filter_map(|r| idx(start + (ranks as i32 - 1 - r), r))
                .collect();
            if a.len() >= 2 {
                b.line("diagonal", a);
            }
        }
        b.build()
    }

    pub fn name(&self) -> &str {
        &self.name
    }

    /// Cell outlines (x east, y north) of a non-rectangular board.
    pub fn polygons(&self) -> Option<&[Vec<(f64, f64)>]> {
        self.polygons.as_deref()
    }

    pub fn len(&self) -> usize {
        self.cell_names.len()
    }

    pub fn is_empty(&self) -> bool {
        self.cell_names.is_empty()
    }

    /// Mask of every cell of the board.
    pub fn all(&self) -> u64 {
        low_bits(self.len())
    }

    /// `(files, ranks)` when the board is a rectangle of squares.
    pub fn rect(&self) -> Option<(u8, u8)> {
        self.rect
    }

    pub fn cell_name(&self, c: Cell) -> &str {
        &self.cell_names[c as usize]
    }

    pub fn cell_names(&self) -> &[String] {
        &self.cell_names
    }

    /// The cell with this name (case-sensitive, as the board writes it).
    pub fn cell(&self, name: &str) -> Option<Cell> {
        self.cell_names
            .iter()
            .position(|n| n == name)
            .map(|i| i as Cell)
    }

    pub fn direction_id(&self, name: &str) -> Option<TableId> {
        self.directions.iter().position(|(n, _)| n == name)
    }

    pub fn mask_id(&self, name: &str) -> Option<TableId> {
        self.masks.iter().position(|(n, _)| n == name)
    }

    pub fn rays_id(&self, name: &str) -> Option<TableId> {
        self.rays.iter().position(|(n, _)| n == name)
    }

    /// The cell one step from `c` in a direction, if on the board.
    #[inline]
    pub fn step(&self, dir: TableId, c: Cell) -> Option<Cell> {
        self.directions[dir].1[c as usize]
    }

    /// The precomputed target mask of a leaper or stepper table.
    #[inline]
    pub fn mask(&self, table: TableId, c: Cell) -> u64 {
        self.masks[table].1[c as usize]
    }

    /// The rays of a slider table from `c`.
    #[inline]
    pub fn rays(&self, table: TableId, c: Cell) -> &[Ray] {
        &self.rays[table].1[c as usize]
    }

    /// Cells a slider on `c` reaches with the given occupancy (first blocker included).
    #[inline]
    pub fn slide(&self, table: TableId, c: Cell, occupied: u64) -> u64 {
        self.rays(table, c)
            .iter()
            .fold(0, |m, r| m | r.attacks(occupied))
    }

    /// All lines of a kind (`rank`, `file`, `diagonal`, or a geometry's own names).
    pub fn lines(&self, kind: &str) -> impl Iterator<Item = &[Cell]> + '_ {
        let kind = kind.to_string();
        self.lines
            .iter()
            .filter(move |(n, _)| *n == kind)
            .map(|(_, l)| l.as_slice())
    }
}

/// Builds a [`Geometry`] from tables; used by boards that are not rectangles of squares.
pub struct GeometryBuilder {
    name: String,
    cell_names: Vec<String>,
    rect: Option<(u8, u8)>,
    directions: Vec<(String, Vec<Option<Cell>>)>,
    masks: Vec<(String, Vec<u64>)>,
    rays: Vec<(String, Vec<Vec<Ray>>)>,
    lines: Vec<(String, Vec<Cell>)>,
    polygons: Option<Vec<Vec<(f64, f64)>>>,
}

impl GeometryBuilder {
    pub fn new(name: &str, cell_names: Vec<String>) -> GeometryBuilder {
        assert!(cell_names.len() <= 64, "a geometry holds at most 64 cells");
        GeometryBuilder {
            name: name.to_string(),
            cell_names,
            rect: None,
            directions: Vec::new(),
            masks: Vec::new(),
            rays: Vec::new(),
            lines: Vec::new(),
            polygons: None,
        }
    }

    fn n(&self) -> usize {
        self.cell_names.len()
    }

    pub fn direction(&mut self, name: &str, table: Vec<Option<Cell>>) -> &mut Self {
        assert_eq!(table.len(), self.n());
        self.directions.push((name.to_string(), table));
        self
    }

    pub fn mask(&mut self, name: &str, table: Vec<u64>) -> &mut Self {
        assert_eq!(table.len(), self.n());
        self.masks.push((name.to_string(), table));
        self
    }

    pub fn rays(&mut self, name: &str, table: Vec<Vec<Ray>>) -> &mut Self {
        assert_eq!(table.len(), self.n());
        self.rays.push((name.to_string(), table));
        self
    }

    pub fn line(&mut self, kind: &str, cells: Vec<Cell>) -> &mut Self {
        self.lines.push((kind.to_string(), cells));
        self
    }

    /// Slider rays along ordered lines: from each cell of a line, one ray each way along it.
    /// A cell on several lines gets rays along all of them.
    pub fn rays_along_lines(&mut self, name: &str, lines: &[Vec<Cell>]) -> &mut Self {
        let mut table: Vec<Vec<Ray>> = vec![Vec::new(); self.n()];
        for line in lines {
            for (i, &c) in line.iter().enumerate() {
                let fwd: Vec<Cell> = line[i + 1..].to_vec();
                let back: Vec<Cell> = line[..i].iter().rev().copied().collect();
                for r in [fwd, back] {
                    if !r.is_empty() {
                        table[c as usize].push(Ray::new(r));
                    }
                }
            }
        }
        self.rays(name, table)
    }

    pub fn polygons(&mut self, polygons: Vec<Vec<(f64, f64)>>) -> &mut Self {
        assert_eq!(polygons.len(), self.n());
        self.polygons = Some(polygons);
        self
    }

    pub fn build(self) -> Geometry {
        Geometry {
            name: self.name,
            cell_names: self.cell_names,
            rect: self.rect,
            directions: self.directions,
            masks: self.masks,
            rays: self.rays,
            lines: self.lines,
            polygons: self.polygons,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn targets(g: &Geometry, mask: u64) -> Vec<String> {
        let mut v: Vec<String> = crate::core::bitboard::Bits(mask)
            .map(|c| g.cell_name(c).to_string())
            .collect();
        v.sort();
        v
    }

    #[test]
    fn square_8x8_tables() {
        let g = Geometry::square(8, 8);
        assert_eq!(g.len(), 64);
        let a1 = g.cell("a1").unwrap();
        let kn = g.mask_id("knight").unwrap();
        assert_eq!(targets(&g, g.mask(kn, a1)), vec!["b3", "c2"]);
        let orth = g.rays_id("orthogonal").unwrap();
        let occ = bit(g.cell("a4").unwrap()) | bit(g.cell("d1").unwrap());
        assert_eq!(
            targets(&g, g.slide(orth, a1, occ)),
            vec!["a2", "a3", "a4", "b1", "c1", "d1"]
        );
        let diag = g.rays_id("diagonal").unwrap();
        let d4 = g.cell("d4").unwrap();
        assert_eq!(g.slide(diag, d4, 0).count_ones(), 13);
        assert_eq!(g.lines("diagonal").count(), 26);
        assert_eq!(g.lines("rank").count(), 8);
    }

    #[test]
    fn square_3x3_tables() {
        let g = Geometry::square(3, 3);
        assert_eq!(g.all(), 0x1ff);
        let b2 = g.cell("b2").unwrap();
        let k = g.mask_id("king").unwrap();
        assert_eq!(g.mask(k, b2).count_ones(), 8);
        let kn = g.mask_id("knight").unwrap();
        assert_eq!(g.mask(kn, b2), 0);
        assert_eq!(g.lines("diagonal").filter(|l| l.len() == 3).count(), 2);
        let n = g.direction_id("n").unwrap();
        assert_eq!(g.step(n, g.cell("a3").unwrap()), None);
        assert_eq!(g.step(n, g.cell("a1").unwrap()), g.cell("a2"));
    }

    #[test]
    fn mixed_order_rays_stop_at_first_blocker() {
        // A line whose indices are not monotone, as on non-square tilings.
        let names = (0..5).map(|i| format!("c{i}")).collect();
        let mut b = GeometryBuilder::new("test", names);
        b.rays_along_lines("line", &[vec![0, 3, 1, 4, 2]]);
        let g = b.build();
        let id = g.rays_id("line").unwrap();
        assert_eq!(g.slide(id, 0, bit(1)), bit(3) | bit(1));
        assert_eq!(g.slide(id, 1, 0), bit(0) | bit(3) | bit(4) | bit(2));
        assert_eq!(g.slide(id, 4, bit(3)), bit(1) | bit(3) | bit(2));
    }
}
