//! Movement patterns as data, and their compilation to per-cell tables of the board.
//!
//! A pattern is written once with offsets relative to its owner (rank offsets count forward),
//! and compiled for each side and each cell. Generation then only reads tables and masks.

use crate::core::bitboard::{bit, Bits, Cell};
use crate::core::geometry::{Geometry, Ray};

/// A geometric pattern. Offsets are `(file, forward rank)`.
#[derive(Clone, Copy, Debug)]
pub enum Shape {
    /// Jumps to each offset, over anything in between.
    Leap(&'static [(i8, i8)]),
    /// Slides along each direction until the first occupied cell.
    Slide(&'static [(i8, i8)]),
    /// Walks each path step by step without jumping ("sliding knight"): moves to the path's
    /// end when every cell is empty; captures the first enemy met on the way and stops there.
    Path(&'static [&'static [(i8, i8)]]),
    /// Reaches each path's end only through empty cells (a leap that can be blocked).
    Lame(&'static [&'static [(i8, i8)]]),
}

/// What a single-part option may do with its shape.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Mode {
    Move,
    Capture,
    Both,
}

/// One way a piece may act.
#[derive(Clone, Copy, Debug)]
pub enum Option {
    /// One part: move to an empty cell and/or capture, by one shape.
    Single { shape: Shape, mode: Mode },
    /// Two parts: a compulsory non-capturing move by `first`, then optionally one capture by
    /// `then` from the landing cell.
    Then { first: Shape, then: Shape },
}

/// A shape compiled for one side: per cell, the data generation needs.
#[derive(Clone, Debug)]
pub enum Compiled {
    /// Targets per cell, and the cells from which each cell is a target (for attack tests).
    Leap {
        to: Vec<u64>,
        from: Vec<u64>,
    },
    Slide(Vec<Vec<Ray>>),
    /// Per cell, each path's cells in order (only paths wholly on the board).
    Path(Vec<Vec<Vec<Cell>>>),
    Lame(Vec<Vec<Vec<Cell>>>),
}

/// Cells a shape reaches from `c`: empty cells it may move to, and enemy cells it may capture.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Reach {
    pub quiet: u64,
    pub capture: u64,
}

impl Compiled {
    #[inline]
    pub fn reach(&self, c: Cell, occupied: u64, enemy: u64) -> Reach {
        match self {
            Compiled::Leap { to, .. } => {
                let m = to[c as usize];
                Reach {
                    quiet: m & !occupied,
                    capture: m & enemy,
                }
            }
            Compiled::Slide(rays) => {
                let mut r = Reach::default();
                for ray in &rays[c as usize] {
                    let a = ray.attacks(occupied);
                    r.quiet |= a & !occupied;
                    r.capture |= a & enemy;
                }
                r
            }
            Compiled::Path(paths) => {
                let mut r = Reach::default();
                for p in &paths[c as usize] {
                    let mut clear = true;
                    for &s in p {
                        if occupied & bit(s) != 0 {
                            r.capture |= enemy & bit(s);
                            clear = false;
                            break;
                        }
                    }
                    if clear {
                        r.quiet |= bit(*p.last().expect("paths are not empty"));
                    }
                }
                r
            }
            Compiled::Lame(paths) => {
                let mut r = Reach::default();
                for p in &paths[c as usize] {
                    let (last, before) = p.split_last().expect("paths are not empty");
                    if before.iter().all(|&s| occupied & bit(s) == 0) {
                        r.quiet |= bit(*last) & !occupied;
                        r.capture |= bit(*last) & enemy;
                    }
                }
                r
            }
        }
    }

    /// Empty cells the shape moves to from `c` (the move part of a two-part option).
    #[inline]
    pub fn quiet(&self, c: Cell, occupied: u64) -> u64 {
        match self {
            Compiled::Leap { to, .. } => to[c as usize] & !occupied,
            _ => self.reach(c, occupied, 0).quiet,
        }
    }

    /// Cells where a move by the shape from `c` would end if the end cell were empty
    /// (Transportation: a carrier lands on a friend there to load it).
    #[inline]
    pub fn landings(&self, c: Cell, occupied: u64) -> u64 {
        match self {
            Compiled::Leap { to, .. } => to[c as usize],
            Compiled::Slide(_) => self.quiet(c, occupied),
            Compiled::Path(paths) | Compiled::Lame(paths) => {
                let mut m = 0;
                for p in &paths[c as usize] {
                    let (last, before) = p.split_last().expect("paths are not empty");
                    if before.iter().all(|&s| occupied & bit(s) == 0) {
                        m |= bit(*last);
                    }
                }
                m
            }
        }
    }

    /// Every cell the shape could ever touch from `c`, whatever the occupancy: a superset of
    /// its moves and captures.
    pub fn hull(&self, c: Cell) -> u64 {
        match self {
            Compiled::Leap { to, .. } => to[c as usize],
            Compiled::Slide(rays) => rays[c as usize].iter().fold(0, |m, r| m | r.mask),
            Compiled::Path(paths) | Compiled::Lame(paths) => paths[c as usize]
                .iter()
                .flatten()
                .fold(0, |m, &s| m | bit(s)),
        }
    }

    /// Cells from which a capture by this shape could land on `target`, where that is known
    /// without occupancy (leaps); `None` for shapes that need a search.
    #[inline]
    pub fn capture_sources(&self, target: Cell) -> std::option::Option<u64> {
        match self {
            Compiled::Leap { from, .. } => Some(from[target as usize]),
            _ => None,
        }
    }
}

/// Compiles a shape for the side whose forward direction is `forward` (+1 or -1 ranks).
pub fn compile(geo: &Geometry, shape: &Geom, forward: i8) -> Compiled {
    let (files, ranks) = geo.rect().expect("TCHES is played on a rectangle");
    let n = geo.len();
    let at = |c: usize, (df, dr): (i8, i8), k: i8| -> std::option::Option<Cell> {
        let f = (c % files as usize) as i32 + (df as i32) * k as i32;
        let r = (c / files as usize) as i32 + (dr as i32) * (forward as i32) * k as i32;
        (f >= 0 && r >= 0 && f < files as i32 && r < ranks as i32)
            .then(|| (r * files as i32 + f) as Cell)
    };
    let walk = |c: usize, steps: &[(i8, i8)]| -> std::option::Option<Vec<Cell>> {
        let mut out = Vec::with_capacity(steps.len());
        let mut cur = c;
        for &s in steps {
            let next = at(cur, s, 1)?;
            out.push(next);
            cur = next as usize;
        }
        Some(out)
    };
    match shape {
        Geom::Leap(offs) => {
            let to: Vec<u64> = (0..n)
                .map(|c| {
                    offs.iter()
                        .filter_map(|&o| at(c, o, 1))
                        .fold(0, |m, t| m | bit(t))
                })
                .collect();
            let mut from = vec![0u64; n];
            for (c, &m) in to.iter().enumerate() {
                for t in Bits(m) {
                    from[t as usize] |= bit(c as Cell);
                }
            }
            Compiled::Leap { to, from }
        }
        Geom::Slide(dirs) => Compiled::Slide(
            (0..n)
                .map(|c| {
                    dirs.iter()
                        .filter_map(|&d| {
                            let cells: Vec<Cell> = (1..).map_while(|k| at(c, d, k)).collect();
                            (!cells.is_empty()).then(|| Ray::new(cells))
                        })
                        .collect()
                })
                .collect(),
        ),
        Geom::Path(paths) => Compiled::Path(
            (0..n)
                .map(|c| paths.iter().filter_map(|p| walk(c, p)).collect())
                .collect(),
        ),
        Geom::Lame(paths) => Compiled::Lame(
            (0..n)
                .map(|c| paths.iter().filter_map(|p| walk(c, p)).collect())
                .collect(),
        ),
    }
}

/// A shape with its offsets owned, so that Polarity can filter and split it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Geom {
    Leap(Vec<(i8, i8)>),
    Slide(Vec<(i8, i8)>),
    Path(Vec<Vec<(i8, i8)>>),
    Lame(Vec<Vec<(i8, i8)>>),
}

impl Shape {
    pub fn geom(self) -> Geom {
        match self {
            Shape::Leap(o) => Geom::Leap(o.to_vec()),
            Shape::Slide(o) => Geom::Slide(o.to_vec()),
            Shape::Path(p) => Geom::Path(p.iter().map(|p| p.to_vec()).collect()),
            Shape::Lame(p) => Geom::Lame(p.iter().map(|p| p.to_vec()).collect()),
        }
    }
}

/// The overall displacement of a path.
fn path_vector(p: &[(i8, i8)]) -> (i8, i8) {
    p.iter().fold((0, 0), |(a, b), &(x, y)| (a + x, b + y))
}

impl Geom {
    /// Keeps the offsets, directions or paths whose overall vector passes `keep`.
    pub fn filter(&self, keep: impl Fn((i8, i8)) -> bool) -> Geom {
        match self {
            Geom::Leap(o) => Geom::Leap(o.iter().copied().filter(|&v| keep(v)).collect()),
            Geom::Slide(o) => Geom::Slide(o.iter().copied().filter(|&v| keep(v)).collect()),
            Geom::Path(p) => {
                Geom::Path(p.iter().filter(|p| keep(path_vector(p))).cloned().collect())
            }
            Geom::Lame(p) => {
                Geom::Lame(p.iter().filter(|p| keep(path_vector(p))).cloned().collect())
            }
        }
    }

    /// Turned `quarter` quarter turns clockwise (owner's frame: forward becomes the h-file
    /// side after one).
    pub fn rotate(&self, quarter: u8) -> Geom {
        let turn = |v: (i8, i8)| (0..quarter).fold(v, |(x, y), _| (y, -x));
        let path = |p: &Vec<(i8, i8)>| p.iter().map(|&v| turn(v)).collect::<Vec<_>>();
        match self {
            Geom::Leap(o) => Geom::Leap(o.iter().map(|&v| turn(v)).collect()),
            Geom::Slide(o) => Geom::Slide(o.iter().map(|&v| turn(v)).collect()),
            Geom::Path(p) => Geom::Path(p.iter().map(path).collect()),
            Geom::Lame(p) => Geom::Lame(p.iter().map(path).collect()),
        }
    }

    /// One shape per offset, direction or path, with its overall vector.
    pub fn split(&self) -> Vec<(Geom, (i8, i8))> {
        match self {
            Geom::Leap(o) => o.iter().map(|&v| (Geom::Leap(vec![v]), v)).collect(),
            Geom::Slide(o) => o.iter().map(|&v| (Geom::Slide(vec![v]), v)).collect(),
            Geom::Path(p) => p
                .iter()
                .map(|p| (Geom::Path(vec![p.clone()]), path_vector(p)))
                .collect(),
            Geom::Lame(p) => p
                .iter()
                .map(|p| (Geom::Lame(vec![p.clone()]), path_vector(p)))
                .collect(),
        }
    }
}

/// A movement option with owned shapes (the table's, or Polarity's filtered copies).
#[derive(Clone, Debug)]
pub enum Opt {
    Single { geom: Geom, mode: Mode },
    Then { first: Geom, then: Geom },
}

/// Polarity: a vector `v` may be used by a piece facing `f` when it does not point backwards
/// (forward, sideways, or between them). Vectors are in the owner's frame.
pub fn allowed(v: (i8, i8), f: (i8, i8)) -> bool {
    v.0 as i32 * f.0 as i32 + v.1 as i32 * f.1 as i32 >= 0
}

/// Polarity: the capture part `s` of a compound action keeps the direction `v` of its move
/// part: no component of `s` opposes `v`'s, and `s` goes forward along `v`.
pub fn same_direction(s: (i8, i8), v: (i8, i8)) -> bool {
    let (sx, sy, vx, vy) = (s.0 as i32, s.1 as i32, v.0 as i32, v.1 as i32);
    sx * vx >= 0 && sy * vy >= 0 && sx * vx + sy * vy > 0
}

/// The options of a movement-table entry for a piece facing `facing` quarter turns clockwise
/// from forward (Polarity), or unfiltered when `None`. With Polarity the pattern keeps what
/// does not point backwards, then turns with the piece; a compound option is split by the
/// direction of its move part, each keeping only the captures in that direction. (Every
/// non-pawn pattern is symmetric, so for those turning changes nothing but the filter; a
/// pawn pattern turns, which matters for a Jester copying a pawn type.)
pub fn orient(opts: &[Option], facing: std::option::Option<u8>) -> Vec<Opt> {
    const FORWARD: (i8, i8) = (0, 1);
    let mut out = Vec::new();
    for &o in opts {
        match (o, facing) {
            (Option::Single { shape, mode }, None) => out.push(Opt::Single {
                geom: shape.geom(),
                mode,
            }),
            (Option::Then { first, then }, None) => out.push(Opt::Then {
                first: first.geom(),
                then: then.geom(),
            }),
            (Option::Single { shape, mode }, Some(q)) => out.push(Opt::Single {
                geom: shape.geom().filter(|v| allowed(v, FORWARD)).rotate(q),
                mode,
            }),
            (Option::Then { first, then }, Some(q)) => {
                let then = then.geom();
                for (g, v) in first.geom().split() {
                    if allowed(v, FORWARD) {
                        out.push(Opt::Then {
                            first: g.rotate(q),
                            then: then.filter(|s| same_direction(s, v)).rotate(q),
                        });
                    }
                }
            }
        }
    }
    out
}

/// A movement option compiled for one side.
#[derive(Clone, Debug)]
pub enum CompiledOption {
    Single {
        shape: Compiled,
        moves: bool,
        captures: bool,
    },
    Then {
        first: Compiled,
        then: Compiled,
    },
}

impl CompiledOption {
    /// A superset of the cells this option could capture on from `c`.
    pub fn capture_hull(&self, c: Cell) -> u64 {
        match self {
            CompiledOption::Single {
                captures: false, ..
            } => 0,
            CompiledOption::Single { shape, .. } => shape.hull(c),
            CompiledOption::Then { first, then } => {
                Bits(first.hull(c)).fold(0, |m, l| m | then.hull(l))
            }
        }
    }

    /// A superset of the cells whose occupancy can change what this option does from `c`.
    pub fn touch_hull(&self, c: Cell) -> u64 {
        match self {
            CompiledOption::Single { shape, .. } => shape.hull(c),
            CompiledOption::Then { first, then } => {
                let lands = first.hull(c);
                Bits(lands).fold(lands, |m, l| m | then.hull(l))
            }
        }
    }
}

pub fn compile_option(geo: &Geometry, o: &Opt, forward: i8) -> CompiledOption {
    match o {
        Opt::Single { geom, mode } => CompiledOption::Single {
            shape: compile(geo, geom, forward),
            moves: *mode != Mode::Capture,
            captures: *mode != Mode::Move,
        },
        Opt::Then { first, then } => CompiledOption::Then {
            first: compile(geo, first, forward),
            then: compile(geo, then, forward),
        },
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn names(g: &Geometry, m: u64) -> Vec<&str> {
        Bits(m).map(|c| g.cell_name(c)).collect()
    }

    #[test]
    fn path_stops_at_first_piece() {
        let g = Geometry::square(8, 8);
        const P: &[&[(i8, i8)]] = &[&[(0, 1), (0, 1), (1, 0)]];
        let c = compile(&g, &Shape::Path(P).geom(), 1);
        let d4 = g.cell("d4").unwrap();
        let d5 = g.cell("d5").unwrap();
        let r = c.reach(d4, 0, 0);
        assert_eq!(names(&g, r.quiet), vec!["e6"]);
        let r = c.reach(d4, bit(d5), bit(d5));
        assert_eq!((r.quiet, r.capture), (0, bit(d5)));
        let black = compile(&g, &Shape::Path(P).geom(), -1);
        assert_eq!(names(&g, black.reach(d4, 0, 0).quiet), vec!["e2"]);
    }

    #[test]
    fn lame_leap_needs_empty_middle() {
        let g = Geometry::square(8, 8);
        const P: &[&[(i8, i8)]] = &[&[(0, 1), (0, 1)]];
        let c = compile(&g, &Shape::Lame(P).geom(), 1);
        let d4 = g.cell("d4").unwrap();
        let d5 = g.cell("d5").unwrap();
        let d6 = g.cell("d6").unwrap();
        assert_eq!(c.reach(d4, bit(d6), bit(d6)).capture, bit(d6));
        assert_eq!(c.reach(d4, bit(d6) | bit(d5), bit(d6) | bit(d5)).capture, 0);
    }
}
