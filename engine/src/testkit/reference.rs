//! Pieces shared by the tests' reference generators of the card solitaires: slow and obvious,
//! on a plain array of 64 cells (a1 = 0, `None` empty), and sharing nothing with the engine's
//! rules.

/// The file and rank of a cell.
pub fn xy(c: usize) -> (i32, i32) {
    ((c % 8) as i32, (c / 8) as i32)
}

/// Whether the piece of `kind` (`n`, `k`, `r`, `b` or `q`) on `from` attacks `to` on `cells`.
pub fn attacks<T>(cells: &[Option<T>], kind: char, from: usize, to: usize) -> bool {
    let (x0, y0) = xy(from);
    let (x1, y1) = xy(to);
    let (dx, dy) = (x1 - x0, y1 - y0);
    if dx == 0 && dy == 0 {
        return false;
    }
    let clear = || {
        let (sx, sy) = (dx.signum(), dy.signum());
        let (mut x, mut y) = (x0 + sx, y0 + sy);
        while (x, y) != (x1, y1) {
            if cells[(y * 8 + x) as usize].is_some() {
                return false;
            }
            x += sx;
            y += sy;
        }
        true
    };
    let straight = dx == 0 || dy == 0;
    let diagonal = dx.abs() == dy.abs();
    match kind {
        'n' => dx.abs() * dy.abs() == 2,
        'k' => dx.abs() <= 1 && dy.abs() <= 1,
        'r' => straight && clear(),
        'b' => diagonal && clear(),
        'q' => (straight || diagonal) && clear(),
        _ => unreachable!(),
    }
}

/// Whether the pieces on `cells` form one group, joined through the four sides of a cell
/// (`orthogonal`) or through the eight cells around it. No piece at all is one group.
pub fn connected<T>(cells: &[Option<T>], orthogonal: bool) -> bool {
    let occ: Vec<usize> = (0..64).filter(|&c| cells[c].is_some()).collect();
    if occ.is_empty() {
        return true;
    }
    let mut seen = vec![occ[0]];
    let mut i = 0;
    while i < seen.len() {
        let (x, y) = xy(seen[i]);
        for (dx, dy) in [
            (1, 0),
            (-1, 0),
            (0, 1),
            (0, -1),
            (1, 1),
            (1, -1),
            (-1, 1),
            (-1, -1),
        ] {
            if orthogonal && dx != 0 && dy != 0 {
                continue;
            }
            let (nx, ny) = (x + dx, y + dy);
            if (0..8).contains(&nx) && (0..8).contains(&ny) {
                let n = (ny * 8 + nx) as usize;
                if cells[n].is_some() && !seen.contains(&n) {
                    seen.push(n);
                }
            }
        }
        i += 1;
    }
    seen.len() == occ.len()
}
