//! Connect Four's rules: seven columns of six rows, stones dropped to the lowest empty cell
//! of a column, four in a row (across, down or diagonal) wins, a full board is a draw. Red
//! moves first. Rows count from the top, as every trios board does.

use std::fmt;

use serde::{Deserialize, Serialize};
use trios::games::Side;

/// Rows of the board.
pub const ROWS: usize = 6;
/// Columns of the board.
pub const COLUMNS: usize = 7;

/// A move: the cell a stone lands in (the lowest empty cell of its column), 0-based from the
/// top-left; written as the board names it (`d6`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Drop {
    pub row: usize,
    pub col: usize,
}

impl fmt::Display for Drop {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&trios::tui::view::coords::cell(self.row, self.col))
    }
}

/// Why a move was refused.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum Refusal {
    #[error("the game is over")]
    Over,
    #[error("there is no column {0}; the columns are a to g")]
    NoColumn(String),
    #[error("column {0} is full")]
    Full(String),
    #[error("a stone dropped in column {column} lands on {lands}, not {asked}")]
    NotLowest {
        column: String,
        lands: String,
        asked: String,
    },
}

/// A position: what stands in each cell, whose move it is, and the four that won.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Board {
    cells: [[Option<Side>; COLUMNS]; ROWS],
    to_move: Side,
    last_mover: Side,
    stones: usize,
    four: Option<[(usize, usize); 4]>,
}

impl Default for Board {
    fn default() -> Board {
        Board {
            cells: [[None; COLUMNS]; ROWS],
            to_move: Side::First,
            last_mover: Side::First,
            stones: 0,
            four: None,
        }
    }
}

/// The four directions a line of four can run: across, down, and both diagonals.
const DIRECTIONS: [(isize, isize); 4] = [(0, 1), (1, 0), (1, 1), (1, -1)];

impl Board {
    /// The stone in a cell.
    pub fn at(&self, row: usize, col: usize) -> Option<Side> {
        self.cells.get(row)?.get(col).copied().flatten()
    }

    /// Whose move it is (after the end, the last mover's).
    pub fn to_move(&self) -> Side {
        if self.is_over() {
            self.last_mover
        } else {
            self.to_move
        }
    }

    /// The cell a stone dropped in `col` lands in, if the column has room.
    pub fn landing(&self, col: usize) -> Option<Drop> {
        (0..ROWS)
            .rev()
            .find(|&row| self.cells[row][col].is_none())
            .map(|row| Drop { row, col })
    }

    /// The four in a row that won, if any.
    pub fn four(&self) -> Option<[(usize, usize); 4]> {
        self.four
    }

    /// The side that made four in a row.
    pub fn winner(&self) -> Option<Side> {
        let (row, col) = self.four?[0];
        self.at(row, col)
    }

    /// Whether the game is over: four in a row, or no room left.
    pub fn is_over(&self) -> bool {
        self.four.is_some() || self.stones == ROWS * COLUMNS
    }

    /// Every legal move, column by column from the left.
    pub fn moves(&self) -> Vec<Drop> {
        if self.is_over() {
            return Vec::new();
        }
        (0..COLUMNS).filter_map(|col| self.landing(col)).collect()
    }

    /// Stones on the board.
    pub fn stones(&self) -> usize {
        self.stones
    }

    /// Drops the mover's stone in `col`.
    pub fn drop_in(&mut self, col: usize) -> Result<Drop, Refusal> {
        if self.is_over() {
            return Err(Refusal::Over);
        }
        if col >= COLUMNS {
            return Err(Refusal::NoColumn(col.to_string()));
        }
        let at = self
            .landing(col)
            .ok_or_else(|| Refusal::Full(trios::tui::view::coords::column(col)))?;
        self.cells[at.row][at.col] = Some(self.to_move);
        self.stones += 1;
        self.four = self.four_through(at.row, at.col);
        self.last_mover = self.to_move;
        self.to_move = self.to_move.other();
        Ok(at)
    }

    /// Plays `mv`, which must be the landing cell of its column.
    pub fn play(&mut self, mv: Drop) -> Result<Drop, Refusal> {
        if self.is_over() {
            return Err(Refusal::Over);
        }
        if mv.col >= COLUMNS {
            return Err(Refusal::NoColumn(mv.to_string()));
        }
        match self.landing(mv.col) {
            Some(lands) if lands != mv => Err(Refusal::NotLowest {
                column: trios::tui::view::coords::column(mv.col),
                lands: lands.to_string(),
                asked: mv.to_string(),
            }),
            _ => self.drop_in(mv.col),
        }
    }

    /// The first line of four through (row, col) of that cell's stone.
    fn four_through(&self, row: usize, col: usize) -> Option<[(usize, usize); 4]> {
        let side = self.at(row, col)?;
        for (dr, dc) in DIRECTIONS {
            let mut line = vec![(row, col)];
            for sign in [1isize, -1] {
                let (mut r, mut c) = (row as isize, col as isize);
                loop {
                    r += sign * dr;
                    c += sign * dc;
                    if r < 0 || c < 0 || self.at(r as usize, c as usize) != Some(side) {
                        break;
                    }
                    line.push((r as usize, c as usize));
                }
            }
            if line.len() >= 4 {
                line.sort_unstable();
                return Some([line[0], line[1], line[2], line[3]]);
            }
        }
        None
    }

    /// The board as text, a row a line from the top, `R` and `Y` for the stones and `.` for
    /// an empty cell, the column letters under it.
    pub fn render(&self) -> String {
        let mut out = String::new();
        for row in 0..ROWS {
            out.push_str(&format!("{} ", row + 1));
            for col in 0..COLUMNS {
                out.push(match self.at(row, col) {
                    Some(Side::First) => 'R',
                    Some(Side::Second) => 'Y',
                    None => '.',
                });
                out.push(' ');
            }
            out.pop();
            out.push('\n');
        }
        out.push_str("  a b c d e f g\n");
        out
    }
}
