//! The grid: a rectangle of card cells and holes, with its adjacency worked out once.

use std::fmt;

use serde::{Deserialize, Serialize};

use super::card::Direction;

/// A cell coordinate `(row, col)`, 0-based from the top-left.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub struct Pos {
    pub row: usize,
    pub col: usize,
}

impl Pos {
    pub const fn new(row: usize, col: usize) -> Pos {
        Pos { row, col }
    }
}

/// `row,col`, 0-based: the way the battle log, messages and errors all write a cell.
impl fmt::Display for Pos {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{},{}", self.row, self.col)
    }
}

/// Why a grid could not be built.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum GridError {
    #[error("a grid needs at least one row and one column")]
    Empty,
    #[error("a grid may be at most {max}x{max}; this one is {rows}x{cols}")]
    TooLarge {
        rows: usize,
        cols: usize,
        max: usize,
    },
    #[error("expected {expected} cells for {rows}x{cols}, got {got}")]
    CellCount {
        rows: usize,
        cols: usize,
        expected: usize,
        got: usize,
    },
    #[error("the grid has no card cells; at least one `C` is needed")]
    NoCardCells,
}

/// Marks a missing neighbour (off the grid or a hole) in the adjacency table.
pub(crate) const NO_CELL: u32 = u32::MAX;

/// A rectangular grid of card cells and holes.
///
/// Invariants: `1 <= rows, cols <= Grid::MAX_SIDE`; at least one card cell; the adjacency
/// table lists, for every cell, the index of its card-cell neighbour in each direction or
/// `NO_CELL` (holes are never neighbours).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Grid {
    rows: usize,
    cols: usize,
    is_card_cell: Vec<bool>,
    neighbours: Vec<[u32; 4]>,
    /// Indices of the card cells, row-major.
    card_indices: Vec<u32>,
    card_cells: usize,
}

impl Grid {
    /// The longest side accepted, which keeps every cell index within `u32`.
    pub const MAX_SIDE: usize = 1000;

    /// Builds a grid from row-major cells, `true` for a card cell and `false` for a hole.
    pub fn new(rows: usize, cols: usize, is_card_cell: Vec<bool>) -> Result<Grid, GridError> {
        if rows == 0 || cols == 0 {
            return Err(GridError::Empty);
        }
        if rows > Self::MAX_SIDE || cols > Self::MAX_SIDE {
            return Err(GridError::TooLarge {
                rows,
                cols,
                max: Self::MAX_SIDE,
            });
        }
        if is_card_cell.len() != rows * cols {
            return Err(GridError::CellCount {
                rows,
                cols,
                expected: rows * cols,
                got: is_card_cell.len(),
            });
        }
        let card_cells = is_card_cell.iter().filter(|&&c| c).count();
        if card_cells == 0 {
            return Err(GridError::NoCardCells);
        }
        let neighbours = (0..rows * cols)
            .map(|i| {
                let (row, col) = (i / cols, i % cols);
                Direction::ALL.map(|d| {
                    let target = match d {
                        Direction::North if row > 0 => Some(i - cols),
                        Direction::South if row + 1 < rows => Some(i + cols),
                        Direction::East if col + 1 < cols => Some(i + 1),
                        Direction::West if col > 0 => Some(i - 1),
                        _ => None,
                    };
                    match target {
                        Some(t) if is_card_cell[t] => t as u32,
                        _ => NO_CELL,
                    }
                })
            })
            .collect();
        let card_indices = (0..rows * cols)
            .filter(|&i| is_card_cell[i])
            .map(|i| i as u32)
            .collect();
        Ok(Grid {
            rows,
            cols,
            is_card_cell,
            neighbours,
            card_indices,
            card_cells,
        })
    }

    /// A grid with no holes.
    pub fn full(rows: usize, cols: usize) -> Result<Grid, GridError> {
        Grid::new(rows, cols, vec![true; rows * cols])
    }

    pub fn rows(&self) -> usize {
        self.rows
    }

    pub fn cols(&self) -> usize {
        self.cols
    }

    /// How many card cells (non-holes) the grid has: the number of moves in a game.
    pub fn card_cells(&self) -> usize {
        self.card_cells
    }

    /// Whether `pos` lies on the grid.
    pub fn contains(&self, pos: Pos) -> bool {
        pos.row < self.rows && pos.col < self.cols
    }

    /// Whether `pos` is a card cell (on the grid and not a hole).
    pub fn is_card_cell(&self, pos: Pos) -> bool {
        self.contains(pos) && self.is_card_cell[self.index(pos)]
    }

    /// Whether `pos` is a hole (on the grid and not a card cell).
    pub fn is_hole(&self, pos: Pos) -> bool {
        self.contains(pos) && !self.is_card_cell[self.index(pos)]
    }

    /// Every card cell, row by row, left to right.
    pub fn card_positions(&self) -> impl Iterator<Item = Pos> + '_ {
        self.card_indices.iter().map(|&i| self.pos(i as usize))
    }

    /// The card-cell neighbour of `pos` in direction `dir`, if any.
    pub fn neighbour(&self, pos: Pos, dir: Direction) -> Option<Pos> {
        if !self.contains(pos) {
            return None;
        }
        let n = self.neighbours[self.index(pos)][dir as usize];
        (n != NO_CELL).then(|| self.pos(n as usize))
    }

    #[inline]
    pub(crate) fn index(&self, pos: Pos) -> usize {
        pos.row * self.cols + pos.col
    }

    #[inline]
    pub(crate) fn pos(&self, index: usize) -> Pos {
        Pos::new(index / self.cols, index % self.cols)
    }

    #[inline]
    pub(crate) fn neighbours_of(&self, index: usize) -> &[u32; 4] {
        &self.neighbours[index]
    }

    /// Indices of the card cells, row-major.
    #[inline]
    pub(crate) fn card_indices(&self) -> &[u32] {
        &self.card_indices
    }

    pub(crate) fn cell_count(&self) -> usize {
        self.rows * self.cols
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn grid(rows: &[&str]) -> Grid {
        let cols = rows[0].len();
        let cells = rows
            .iter()
            .flat_map(|r| r.chars().map(|c| c == 'C'))
            .collect();
        Grid::new(rows.len(), cols, cells).unwrap()
    }

    #[test]
    fn holes_are_never_neighbours() {
        let g = grid(&["CXC", "CCC"]);
        assert_eq!(g.card_cells(), 5);
        assert_eq!(g.neighbour(Pos::new(0, 0), Direction::East), None);
        assert_eq!(g.neighbour(Pos::new(1, 1), Direction::North), None);
        assert_eq!(
            g.neighbour(Pos::new(0, 0), Direction::South),
            Some(Pos::new(1, 0))
        );
        assert_eq!(
            g.neighbour(Pos::new(1, 1), Direction::West),
            Some(Pos::new(1, 0))
        );
        assert_eq!(
            g.neighbour(Pos::new(1, 1), Direction::East),
            Some(Pos::new(1, 2))
        );
        assert_eq!(g.neighbour(Pos::new(0, 2), Direction::North), None);
        assert!(g.is_hole(Pos::new(0, 1)));
        assert!(!g.is_card_cell(Pos::new(5, 5)));
    }

    #[test]
    fn rejects_degenerate_grids() {
        assert_eq!(Grid::new(0, 3, vec![]), Err(GridError::Empty));
        assert_eq!(
            Grid::new(1, 2, vec![false, false]),
            Err(GridError::NoCardCells)
        );
        assert!(matches!(
            Grid::new(2, 2, vec![true]),
            Err(GridError::CellCount { .. })
        ));
        assert!(matches!(
            Grid::full(1001, 1),
            Err(GridError::TooLarge { .. })
        ));
    }

    #[test]
    fn card_positions_are_row_major() {
        let g = grid(&["XC", "CX"]);
        let cells: Vec<_> = g.card_positions().collect();
        assert_eq!(cells, vec![Pos::new(0, 1), Pos::new(1, 0)]);
    }
}
