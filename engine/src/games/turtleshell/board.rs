//! The Turtle Shell board, built once from the reference data (`engine/data/turtle-shell.json`).
//!
//! The data is the single source of truth for cell names, adjacency, rows, files, zones, pawn
//! steps and the setup; nothing here is derived by hand. Cells keep the data's index order.

use std::sync::OnceLock;

use serde_json::Value;

use crate::core::bitboard::{bit, Cell};
use crate::core::game::Player;
use crate::core::geometry::{Geometry, GeometryBuilder, TableId};

use super::piece::{Kind, Piece};

const DATA: &str = include_str!("../../../data/turtle-shell.json");

/// The board tables the rules use, looked up once.
#[derive(Debug)]
pub struct Board {
    pub geometry: Geometry,
    /// Cells sharing an edge: guard and king steps.
    pub edge: TableId,
    /// Cells sharing only a corner: knight leaps.
    pub corner: TableId,
    /// Rook rays along every row and file through a cell.
    pub rook: TableId,
    /// Pawn targets per side, as the data's forward steps give them.
    pub pawn_forward: [Vec<u64>; 2],
    /// Cells from which a pawn of a side reaches a cell (the reverse of `pawn_forward`).
    pub pawn_from: [Vec<u64>; 2],
    /// Cells where a side's pawns may promote (`promotion_zone_for_<side>`).
    pub promotion_zone: [u64; 2],
    /// Cells where a side's pawns must promote and its king wins (`end_zone_for_<side>`).
    pub end_zone: [u64; 2],
    /// Cells grouped by the digit of their name, `0` to `9`, each in letter order: the ranks
    /// of the FEN-like text form and of the text picture.
    pub ranks: Vec<Vec<Cell>>,
    /// The start position.
    pub setup: Vec<(Cell, Piece)>,
    /// King steps from each cell to the nearest cell of a side's end zone on an empty board.
    pub king_distance: [Vec<u8>; 2],
    /// Pawn steps from each cell to a side's promotion zone (255 where unreachable).
    pub pawn_distance: [Vec<u8>; 2],
}

/// The board, parsed on first use.
pub fn board() -> &'static Board {
    static BOARD: OnceLock<Board> = OnceLock::new();
    BOARD.get_or_init(|| Board::from_json(DATA))
}

fn strs(v: &Value) -> Vec<&str> {
    v.as_array()
        .expect("a list of names")
        .iter()
        .map(|s| s.as_str().expect("a name"))
        .collect()
}

fn side_key(p: Player) -> &'static str {
    match p {
        Player::White => "white",
        Player::Black => "black",
    }
}

impl Board {
    fn from_json(text: &str) -> Board {
        let doc: Value = serde_json::from_str(text).expect("turtle-shell.json parses");
        let cells = doc["cells"].as_array().expect("cells");
        let names: Vec<String> = cells
            .iter()
            .map(|c| c["name"].as_str().expect("cell name").to_string())
            .collect();
        assert_eq!(names.len(), 64);
        let cell = |n: &str| -> Cell {
            names
                .iter()
                .position(|x| x == n)
                .unwrap_or_else(|| panic!("unknown cell {n} in the board data")) as Cell
        };
        let mask_of = |list: &Value| -> u64 { strs(list).iter().fold(0, |m, n| m | bit(cell(n))) };

        let mut b = GeometryBuilder::new("turtle-shell", names.clone());
        let edge: Vec<u64> = cells
            .iter()
            .map(|c| mask_of(&c["edge_neighbours"]))
            .collect();
        let corner: Vec<u64> = cells
            .iter()
            .map(|c| mask_of(&c["corner_neighbours"]))
            .collect();
        b.mask("edge", edge.clone());
        b.mask("corner", corner);

        let line_list = |key: &str| -> Vec<Vec<Cell>> {
            let obj = doc[key].as_object().expect("rows/files object");
            obj.values()
                .map(|l| strs(l).iter().map(|n| cell(n)).collect())
                .collect()
        };
        let rows = line_list("rows");
        let files = line_list("files");
        let mut lines = rows.clone();
        lines.extend(files.iter().cloned());
        b.rays_along_lines("rook", &lines);
        for r in &rows {
            b.line("row", r.clone());
        }
        for f in &files {
            b.line("file", f.clone());
        }

        let mut pawn_forward = [Vec::new(), Vec::new()];
        let mut pawn_from = [vec![0u64; 64], vec![0u64; 64]];
        for p in [Player::White, Player::Black] {
            let fwd: Vec<u64> = cells
                .iter()
                .map(|c| mask_of(&c["pawn_forward"][side_key(p)]))
                .collect();
            for (from, &m) in fwd.iter().enumerate() {
                for to in crate::core::bitboard::Bits(m) {
                    pawn_from[p.index()][to as usize] |= bit(from as Cell);
                }
            }
            b.mask(&format!("pawn_{}", side_key(p)), fwd.clone());
            pawn_forward[p.index()] = fwd;
        }

        let polygons: Vec<Vec<(f64, f64)>> = cells
            .iter()
            .map(|c| {
                c["vertices"]
                    .as_array()
                    .expect("vertices")
                    .iter()
                    .map(|v| (v[0].as_f64().expect("x"), v[1].as_f64().expect("y")))
                    .collect()
            })
            .collect();
        b.polygons(polygons);

        let zones = &doc["zones"];
        let zone = |prefix: &str| -> [u64; 2] {
            [
                mask_of(&zones[format!("{prefix}_white")]),
                mask_of(&zones[format!("{prefix}_black")]),
            ]
        };
        let promotion_zone = zone("promotion_zone_for");
        let end_zone = zone("end_zone_for");

        let mut ranks: Vec<Vec<Cell>> = vec![Vec::new(); 10];
        let mut by_name: Vec<(usize, &String)> = names.iter().enumerate().collect();
        by_name.sort_by(|a, b| a.1.cmp(b.1));
        for (i, n) in by_name {
            let digit = n.as_bytes()[1] - b'0';
            ranks[digit as usize].push(i as Cell);
        }

        let mut setup = Vec::new();
        for p in [Player::White, Player::Black] {
            let side = doc["setup"][side_key(p)].as_object().expect("setup side");
            for (kind_name, list) in side {
                let kind = Kind::from_name(kind_name)
                    .unwrap_or_else(|| panic!("unknown piece {kind_name} in the setup"));
                for n in strs(list) {
                    setup.push((cell(n), Piece { side: p, kind }));
                }
            }
        }
        setup.sort_by_key(|&(c, _)| c);

        let king_distance = [distances(&edge, end_zone[0]), distances(&edge, end_zone[1])];
        // Distance for a pawn counts forward steps only: walk the reversed pawn graph.
        let pawn_distance = [
            distances(&pawn_from[0], promotion_zone[0]),
            distances(&pawn_from[1], promotion_zone[1]),
        ];

        let geometry = b.build();
        Board {
            edge: geometry.mask_id("edge").expect("edge table"),
            corner: geometry.mask_id("corner").expect("corner table"),
            rook: geometry.rays_id("rook").expect("rook table"),
            geometry,
            pawn_forward,
            pawn_from,
            promotion_zone,
            end_zone,
            ranks,
            setup,
            king_distance,
            pawn_distance,
        }
    }

    /// Cells from which a piece of `by` attacks `target`, given the occupancy and the
    /// attacker's pieces by kind (`kinds[k] & side`).
    #[inline]
    pub fn attackers(&self, target: Cell, by: Player, occupied: u64, pieces: &[u64; 5]) -> u64 {
        let g = &self.geometry;
        let steppers = pieces[Kind::Guard as usize] | pieces[Kind::King as usize];
        (g.mask(self.edge, target) & steppers)
            | (g.mask(self.corner, target) & pieces[Kind::Knight as usize])
            | (g.slide(self.rook, target, occupied) & pieces[Kind::Rook as usize])
            | (self.pawn_from[by.index()][target as usize] & pieces[Kind::Pawn as usize])
    }
}

/// Breadth-first distances to `goal` over the graph whose neighbours of `c` are `next[c]`
/// (255 where the goal cannot be reached).
fn distances(next: &[u64], goal: u64) -> Vec<u8> {
    let mut dist = vec![u8::MAX; next.len()];
    let mut frontier = goal;
    let mut d = 0u8;
    while frontier != 0 {
        let mut grown = 0;
        for c in crate::core::bitboard::Bits(frontier) {
            dist[c as usize] = d;
            grown |= next[c as usize];
        }
        frontier = crate::core::bitboard::Bits(grown)
            .filter(|&c| dist[c as usize] == u8::MAX)
            .fold(0, |m, c| m | bit(c));
        d += 1;
    }
    dist
}
