//! The barriers inside the perimeter: crannies on the outer ring and nooks, what makes a set
//! of them legal, and the walls they put around each cell.
//!
//! A wall mask is six bits, bit `d` set when a piece cannot leave the cell in direction `d`
//! (the edge of the board, a cranny or a side of a nook). Every barrier blocks both ways, so
//! the cell on the other side has the opposite bit set.

use super::error::{Item, StateError};
use super::geometry::{
    CELLS, Cell, DIRS, Dir, NEIGHBOURS, NONE, direction_to, is_corner, opposite, ring, ring_start,
    side_of,
};

/// Crannies in a game.
pub const CRANNY_COUNT: usize = 6;
/// Nooks in a game.
pub const NOOK_COUNT: usize = 18;
/// Nooks in each of the six triangles.
pub const NOOKS_PER_TRIANGLE: usize = 3;
/// Legal nook cells in each triangle.
pub const TRIANGLE_CELLS: usize = 15;

/// The first cell of the outer ring, where crannies go.
const OUTER: Cell = ring_start(8);
/// The last cell of the board.
const LAST: Cell = (CELLS - 1) as Cell;

/// The cells a cranny of side `side` (0 to 5) may be at: `169 + 8·side` to `176 + 8·side`.
pub const fn cranny_range(side: u8) -> (Cell, Cell) {
    (OUTER + 8 * side, OUTER + 8 * side + 7)
}

/// The side of the hexagon a cranny at `cell` is on, if the cell is on the outer ring.
pub const fn cranny_side(cell: Cell) -> Option<u8> {
    if cell >= OUTER && cell <= LAST {
        Some((cell - OUTER) / 8)
    } else {
        None
    }
}

/// The cell a cranny at `cell` separates it from: the next one clockwise (216 with 169).
pub const fn cranny_partner(cell: Cell) -> Cell {
    if cell == LAST { OUTER } else { cell + 1 }
}

/// The triangle (0 to 5) a legal nook cell belongs to: the non-corner cells of rings 2–6,
/// triangle j being the side-j cells. `None` for any other cell.
pub const fn triangle(cell: Cell) -> Option<u8> {
    let k = ring(cell);
    if k < 2 || k > 6 || is_corner(cell) {
        return None;
    }
    match side_of(cell) {
        Some((side, _)) => Some(side),
        None => None,
    }
}

/// The fifteen legal nook cells of each triangle, ring by ring, clockwise.
pub const TRIANGLES: [[Cell; TRIANGLE_CELLS]; 6] = build_triangles();

const fn build_triangles() -> [[Cell; TRIANGLE_CELLS]; 6] {
    let mut out = [[0; TRIANGLE_CELLS]; 6];
    let mut filled = [0usize; 6];
    let mut c = 0;
    while c < CELLS {
        if let Some(t) = triangle(c as Cell) {
            out[t as usize][filled[t as usize]] = c as Cell;
            filled[t as usize] += 1;
        }
        c += 1;
    }
    out
}

/// A nook: three walls around a cell, on the side facing [`Nook::facing`] and the two sides
/// next to it; open on the other three, and a piece entering always stops in it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Nook {
    pub cell: Cell,
    /// The letter as 0 to 5 for `A` to `F`.
    pub letter: u8,
}

impl Nook {
    /// The nook with this letter (`A`–`F`), if it is one.
    pub fn new(cell: Cell, letter: char) -> Option<Nook> {
        let l = (letter as u32).checked_sub('A' as u32)?;
        (l < 6 && (cell as usize) < CELLS).then_some(Nook {
            cell,
            letter: l as u8,
        })
    }

    /// The letter, `A` to `F`.
    pub fn letter_char(self) -> char {
        char::from(b'A' + self.letter)
    }

    /// The direction of the middle wall: A faces 330°, B 30°, C 90°, D 150°, E 210°, F 270°.
    pub const fn facing(self) -> Dir {
        (self.letter + 5) % 6
    }

    /// The wall mask of the nook's own cell: the facing side and its two neighbours.
    pub const fn walls(self) -> u8 {
        let f = self.facing();
        (1 << f) | (1 << ((f + 1) % 6)) | (1 << ((f + 5) % 6))
    }
}

/// The wall mask of every cell for these crannies and nooks, the perimeter included. Any
/// cells are accepted (an off-board or inner cranny adds nothing); legality is checked
/// elsewhere.
pub fn wall_masks(crannies: &[Cell], nooks: &[Nook]) -> [u8; CELLS] {
    let mut walls = [0u8; CELLS];
    for (c, mask) in walls.iter_mut().enumerate() {
        for d in DIRS {
            if NEIGHBOURS[c][d as usize] == NONE {
                *mask |= 1 << d;
            }
        }
    }
    let mut wall = |a: Cell, d: Dir| {
        let b = NEIGHBOURS[a as usize][d as usize];
        walls[a as usize] |= 1 << d;
        if b != NONE {
            walls[b as usize] |= 1 << opposite(d);
        }
    };
    for &p in crannies {
        if cranny_side(p).is_some()
            && let Some(d) = direction_to(p, cranny_partner(p))
        {
            wall(p, d);
        }
    }
    for nook in nooks {
        if (nook.cell as usize) < CELLS {
            for d in DIRS {
                if nook.walls() & (1 << d) != 0 {
                    wall(nook.cell, d);
                }
            }
        }
    }
    walls
}

/// Checks six crannies: each on the outer ring, exactly one per side.
pub fn check_crannies(crannies: &[Cell; CRANNY_COUNT]) -> Result<(), StateError> {
    let mut per_side = [0u8; 6];
    for (i, &p) in crannies.iter().enumerate() {
        match cranny_side(p) {
            Some(side) => per_side[side as usize] += 1,
            None => {
                return Err(StateError::CrannyOffRing {
                    item: Item::Cranny(i + 1),
                    cell: p,
                });
            }
        }
    }
    for (side, &count) in per_side.iter().enumerate() {
        if count != 1 {
            let (first, last) = cranny_range(side as u8);
            return Err(StateError::CranniesPerSide {
                side: side as u8,
                first,
                last,
                count,
            });
        }
    }
    Ok(())
}

/// Checks eighteen nooks: each on a legal nook cell, no cell twice, no two neighbours,
/// three per triangle.
pub fn check_nooks(nooks: &[Nook; NOOK_COUNT]) -> Result<(), StateError> {
    let mut per_triangle = [0u8; 6];
    for (i, nook) in nooks.iter().enumerate() {
        let Some(t) = triangle(nook.cell) else {
            return Err(StateError::NookCell {
                item: Item::Nook(i + 1),
                cell: nook.cell,
            });
        };
        per_triangle[t as usize] += 1;
        for (j, other) in nooks[..i].iter().enumerate() {
            if other.cell == nook.cell {
                return Err(StateError::NookTwice {
                    first: j + 1,
                    second: i + 1,
                    cell: nook.cell,
                });
            }
            if direction_to(other.cell, nook.cell).is_some() {
                return Err(StateError::NooksAdjacent {
                    first: other.cell,
                    second: nook.cell,
                });
            }
        }
    }
    for (t, &count) in per_triangle.iter().enumerate() {
        if count as usize != NOOKS_PER_TRIANGLE {
            return Err(StateError::Triangle {
                triangle: t as u8,
                count,
            });
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_triangles_hold_the_non_corner_cells_of_rings_two_to_six() {
        let mut all: Vec<Cell> = TRIANGLES.iter().flatten().copied().collect();
        all.sort_unstable();
        all.dedup();
        assert_eq!(all.len(), 90);
        assert!(
            all.iter()
                .all(|&c| (2..=6).contains(&ring(c)) && !is_corner(c))
        );
        // Ring 2's side-0 cell sits between its corners 7 and 9.
        assert_eq!(TRIANGLES[0][0], 8);
    }

    #[test]
    fn a_nook_walls_three_sides_around_its_facing() {
        let a = Nook::new(50, 'A').expect("nook");
        assert_eq!(a.facing(), 5);
        assert_eq!(a.walls(), 0b110001);
        let d = Nook::new(50, 'D').expect("nook");
        assert_eq!(d.walls(), 0b001110);
        assert!(Nook::new(50, 'G').is_none());
        assert!(Nook::new(50, 'a').is_none());
    }
}
