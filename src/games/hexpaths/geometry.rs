//! The hexagonal board of 217 cells: their numbers, axial coordinates, rows and columns for
//! drawing, rings and sides, and the six directions of a step. Everything here is a table
//! worked out at compile time; no barriers, no pieces.
//!
//! Cell 0 is the centre. Ring k (1 to 8) holds the 6k cells numbered from 1 + 3k(k−1),
//! starting at the ring's north-west corner and running clockwise, east along the top first.
//! Inside, a cell is axial `(q, r)`: `r` counts rows down from the centre row, `q` counts
//! cells east along a row, and the north-west neighbour of `(q, r)` is `(q, r − 1)`.

/// A cell number, 0 to 216.
pub type Cell = u8;

/// The number of cells.
pub const CELLS: usize = 217;

/// The outermost ring.
pub const RINGS: u8 = 8;

/// Rows of the board, top to bottom: 9, 10, …, 17, …, 10, 9 cells.
pub const ROWS: usize = 17;

/// Marks "no cell" in the tables (a neighbour off the board, the end of a ray).
pub const NONE: Cell = u8::MAX;

/// A direction of a step, by compass bearing: 0 is 30° (north-east), then clockwise 90°
/// (east), 150° (south-east), 210° (south-west), 270° (west), 330° (north-west).
pub type Dir = u8;

/// The six directions in clockwise order from north-east.
pub const DIRS: [Dir; 6] = [0, 1, 2, 3, 4, 5];

/// The compass bearing of a direction, in degrees.
pub const fn bearing(d: Dir) -> u16 {
    30 + 60 * d as u16
}

/// The direction with this bearing (30, 90, …, 330), if it is one.
pub const fn dir_of_bearing(bearing: u16) -> Option<Dir> {
    if bearing >= 30 && bearing <= 330 && (bearing - 30).is_multiple_of(60) {
        Some(((bearing - 30) / 60) as Dir)
    } else {
        None
    }
}

/// The direction pointing the other way.
pub const fn opposite(d: Dir) -> Dir {
    (d + 3) % 6
}

/// The axial step `(dq, dr)` of each direction.
pub const DELTAS: [(i8, i8); 6] = [(1, -1), (1, 0), (0, 1), (-1, 1), (-1, 0), (0, -1)];

/// Axial coordinates of each cell.
pub const AXIAL: [(i8, i8); CELLS] = build_axial();

/// The cell at axial `(q, r)`, indexed `[r + 8][q + 8]`; [`NONE`] outside the hexagon.
const CELL_AT: [[Cell; 17]; 17] = build_cell_at();

/// The neighbour of each cell in each direction; [`NONE`] off the board.
pub const NEIGHBOURS: [[Cell; 6]; CELLS] = build_neighbours();

/// For each cell and direction, the cells a straight line passes, nearest first, up to the
/// edge of the board; the rest of the 16 entries are [`NONE`].
pub static RAYS: [[[Cell; 16]; 6]; CELLS] = build_rays();

/// The straight line from `from` to `to`, if they lie on one: its direction and the cells
/// it passes over before `to`, nearest first.
pub fn line_to(from: Cell, to: Cell) -> Option<(Dir, &'static [Cell])> {
    let rays = RAYS.get(from as usize)?;
    rays.iter().enumerate().find_map(|(d, ray)| {
        ray.iter()
            .position(|&c| c == to && c != NONE)
            .map(|i| (d as Dir, &ray[..i]))
    })
}

/// The first cell of ring `k` (the ring's north-west corner); ring 0 is the centre alone.
pub const fn ring_start(k: u8) -> Cell {
    if k == 0 {
        0
    } else {
        (1 + 3 * k as u16 * (k as u16 - 1)) as Cell
    }
}

/// The ring of a cell: 0 for the centre, 8 for the outermost.
pub const fn ring(cell: Cell) -> u8 {
    let mut k = 0;
    while k < RINGS && cell >= ring_start(k + 1) {
        k += 1;
    }
    k
}

/// Where a cell sits on its ring: `(side, offset)`, with side 0 to 5 (side 0 runs east from
/// the north-west corner, then clockwise) and offset 0 at the side's first corner. `None` for
/// the centre.
pub const fn side_of(cell: Cell) -> Option<(u8, u8)> {
    let k = ring(cell);
    if k == 0 {
        return None;
    }
    let index = cell - ring_start(k);
    Some((index / k, index % k))
}

/// Whether a cell is one of the six corners of its ring (the centre is not).
pub const fn is_corner(cell: Cell) -> bool {
    matches!(side_of(cell), Some((_, 0)))
}

/// The cell at axial `(q, r)`, if it is on the board.
pub const fn cell_at(q: i8, r: i8) -> Option<Cell> {
    if q < -8 || q > 8 || r < -8 || r > 8 {
        return None;
    }
    let c = CELL_AT[(r + 8) as usize][(q + 8) as usize];
    if c == NONE { None } else { Some(c) }
}

/// The number of cells in drawing row `row` (0 at the top): 9 up to 17 and back to 9.
pub const fn row_len(row: usize) -> usize {
    17 - row.abs_diff(8)
}

/// Where a cell is drawn: `(row, column)`, row 0 at the top and column 0 the row's
/// leftmost cell. Rows are centred: row `row` starts `17 − row_len(row)` half-cells in
/// (see [`half_x`]).
pub const fn row_col(cell: Cell) -> (usize, usize) {
    let (q, r) = AXIAL[cell as usize];
    let row = (r + 8) as usize;
    // The leftmost q of row r is max(-8, -8 - r).
    let first = if r < 0 { -8 - r } else { -8 };
    (row, (q - first) as usize)
}

/// How far across a cell is drawn, in half-cells from the left edge of the middle row: 0 to
/// 32, even on even rows. A cell's neighbours east and west are two apart, the others one.
pub const fn half_x(cell: Cell) -> usize {
    let (q, r) = AXIAL[cell as usize];
    (2 * q as i16 + r as i16 + 16) as usize
}

/// The cell drawn at `(row, column)`, if there is one.
pub const fn cell_at_row_col(row: usize, col: usize) -> Option<Cell> {
    if row >= ROWS || col >= row_len(row) {
        return None;
    }
    let r = row as i8 - 8;
    let first = if r < 0 { -8 - r } else { -8 };
    cell_at(first + col as i8, r)
}

/// The number of steps between two cells along the grid, barriers ignored.
pub const fn distance(a: Cell, b: Cell) -> u8 {
    let (q1, r1) = AXIAL[a as usize];
    let (q2, r2) = AXIAL[b as usize];
    let dq = (q1 - q2).unsigned_abs();
    let dr = (r1 - r2).unsigned_abs();
    let ds = (q1 + r1 - q2 - r2).unsigned_abs();
    let m = if dq > dr { dq } else { dr };
    if m > ds { m } else { ds }
}

/// The direction from `a` to its neighbour `b`, if they are neighbours.
pub const fn direction_to(a: Cell, b: Cell) -> Option<Dir> {
    let mut d = 0;
    while d < 6 {
        if NEIGHBOURS[a as usize][d] == b {
            return Some(d as Dir);
        }
        d += 1;
    }
    None
}

const fn build_axial() -> [(i8, i8); CELLS] {
    let mut out = [(0i8, 0i8); CELLS];
    let mut k: i8 = 1;
    let mut n = 1;
    while k <= RINGS as i8 {
        // Start at the north-west corner (0, -k); side s walks direction (s + 1) % 6
        // (east, south-east, south-west, west, north-west, north-east).
        let (mut q, mut r) = (0i8, -k);
        let mut s = 0;
        while s < 6 {
            let (dq, dr) = DELTAS[(s + 1) % 6];
            let mut i = 0;
            while i < k {
                out[n] = (q, r);
                n += 1;
                q += dq;
                r += dr;
                i += 1;
            }
            s += 1;
        }
        k += 1;
    }
    out
}

const fn build_cell_at() -> [[Cell; 17]; 17] {
    let mut out = [[NONE; 17]; 17];
    let mut c = 0;
    while c < CELLS {
        let (q, r) = AXIAL[c];
        out[(r + 8) as usize][(q + 8) as usize] = c as Cell;
        c += 1;
    }
    out
}

const fn build_neighbours() -> [[Cell; 6]; CELLS] {
    let mut out = [[NONE; 6]; CELLS];
    let mut c = 0;
    while c < CELLS {
        let (q, r) = AXIAL[c];
        let mut d = 0;
        while d < 6 {
            let (dq, dr) = DELTAS[d];
            if let Some(n) = cell_at(q + dq, r + dr) {
                out[c][d] = n;
            }
            d += 1;
        }
        c += 1;
    }
    out
}

const fn build_rays() -> [[[Cell; 16]; 6]; CELLS] {
    let mut out = [[[NONE; 16]; 6]; CELLS];
    let mut c = 0;
    while c < CELLS {
        let mut d = 0;
        while d < 6 {
            let mut at = c as Cell;
            let mut i = 0;
            while NEIGHBOURS[at as usize][d] != NONE {
                at = NEIGHBOURS[at as usize][d];
                out[c][d][i] = at;
                i += 1;
            }
            d += 1;
        }
        c += 1;
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_cell_has_a_place_and_every_place_a_cell() {
        let mut seen = 0;
        for row in 0..ROWS {
            for col in 0..row_len(row) {
                let c = cell_at_row_col(row, col).expect("a cell");
                assert_eq!(row_col(c), (row, col));
                seen += 1;
            }
        }
        assert_eq!(seen, CELLS);
    }

    #[test]
    fn rows_are_drawn_centred_half_a_cell_apart() {
        for c in 0..CELLS as Cell {
            let (row, col) = row_col(c);
            assert_eq!(half_x(c), 17 - row_len(row) + 2 * col);
        }
        assert_eq!((half_x(169), half_x(209), half_x(0)), (8, 0, 16));
    }

    #[test]
    fn neighbours_are_mutual() {
        for c in 0..CELLS as Cell {
            for d in DIRS {
                let n = NEIGHBOURS[c as usize][d as usize];
                if n != NONE {
                    assert_eq!(NEIGHBOURS[n as usize][opposite(d) as usize], c);
                    assert_eq!(distance(c, n), 1);
                }
            }
        }
    }

    #[test]
    fn rings_and_sides() {
        assert_eq!(ring(0), 0);
        assert_eq!(ring(1), 1);
        assert_eq!(ring(168), 7);
        assert_eq!(ring(169), 8);
        assert_eq!(ring(216), 8);
        assert_eq!(side_of(169), Some((0, 0)));
        assert_eq!(side_of(177), Some((1, 0)));
        assert_eq!(side_of(216), Some((5, 7)));
        assert!(is_corner(7) && !is_corner(8));
        for c in 1..CELLS as Cell {
            assert_eq!(distance(0, c), ring(c));
        }
    }
}
