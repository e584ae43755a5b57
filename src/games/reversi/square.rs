//! Squares, colours and directions: the small types every other Reversi module speaks in.

use std::fmt;
use std::str::FromStr;

use serde::{Deserialize, Serialize};

/// A square of the 8x8 board.
///
/// Invariant: the index is below 64. Inside it is `8 * row + col`, 0-based from the
/// top-left, which is also its bit in a bitboard; in text it is `ROW COL`, 1-based.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(try_from = "u8", into = "u8")]
pub struct Square(u8);

impl Square {
    /// Every square in row-major order.
    pub fn all() -> impl DoubleEndedIterator<Item = Square> + Clone {
        (0..64).map(Square)
    }

    /// The square at 0-based `row` and `col`, or `None` off the board.
    pub const fn new(row: usize, col: usize) -> Option<Square> {
        if row < 8 && col < 8 {
            Some(Square((row * 8 + col) as u8))
        } else {
            None
        }
    }

    /// The square the text interface calls `row col` (1-based), or `None` off the board.
    pub const fn from_one_based(row: usize, col: usize) -> Option<Square> {
        if row >= 1 && col >= 1 {
            Square::new(row - 1, col - 1)
        } else {
            None
        }
    }

    /// The square with bitboard index `index`, or `None` if it is 64 or more.
    pub const fn from_index(index: u32) -> Option<Square> {
        if index < 64 {
            Some(Square(index as u8))
        } else {
            None
        }
    }

    /// The lowest square of a non-empty bitboard.
    #[inline]
    pub(crate) const fn first_of(bits: u64) -> Square {
        Square((bits.trailing_zeros() & 63) as u8)
    }

    /// Bitboard index, `8 * row + col`.
    #[inline]
    pub const fn index(self) -> u32 {
        self.0 as u32
    }

    /// This square's bit in a bitboard.
    #[inline]
    pub const fn bit(self) -> u64 {
        1u64 << self.0
    }

    /// 0-based row, 0 at the top.
    pub const fn row(self) -> usize {
        (self.0 / 8) as usize
    }

    /// 0-based column, 0 at the left.
    pub const fn col(self) -> usize {
        (self.0 % 8) as usize
    }

    /// The neighbouring square one step in `dir`, or `None` past the edge.
    pub fn step(self, dir: Direction) -> Option<Square> {
        let (dr, dc) = dir.delta();
        let row = self.row() as i32 + dr;
        let col = self.col() as i32 + dc;
        if (0..8).contains(&row) && (0..8).contains(&col) {
            Square::new(row as usize, col as usize)
        } else {
            None
        }
    }

    /// The usual Othello name: column letter then row number, `a1` top-left, `h8`
    /// bottom-right; the form published problem sets use.
    pub fn algebraic(self) -> String {
        format!("{}{}", (b'a' + self.col() as u8) as char, self.row() + 1)
    }
}

/// `ROW COL`, 1-based, as typed in the text interface: `3 5`.
impl fmt::Display for Square {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} {}", self.row() + 1, self.col() + 1)
    }
}

impl From<Square> for u8 {
    fn from(sq: Square) -> u8 {
        sq.0
    }
}

impl TryFrom<u8> for Square {
    type Error = SquareIndexError;

    fn try_from(index: u8) -> Result<Square, SquareIndexError> {
        Square::from_index(u32::from(index)).ok_or(SquareIndexError(index))
    }
}

/// A square's index beyond the board.
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
#[error("square index {0} is not below 64")]
pub struct SquareIndexError(pub u8);

/// Why text could not be read as a square.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum SquareError {
    #[error("expected a square as \"ROW COL\", e.g. \"3 5\"; got \"{0}\"")]
    Syntax(String),
    #[error("{row} {col} is off the board; rows and columns run from 1 to 8")]
    OffBoard { row: usize, col: usize },
}

/// Reads `ROW COL` (1-based, whitespace between) or the algebraic `c4` / `C4`.
impl FromStr for Square {
    type Err = SquareError;

    fn from_str(s: &str) -> Result<Square, SquareError> {
        let syntax = || SquareError::Syntax(s.trim().to_string());
        let words: Vec<&str> = s.split_whitespace().collect();
        match words.as_slice() {
            [row, col] => {
                let row: usize = row.parse().map_err(|_| syntax())?;
                let col: usize = col.parse().map_err(|_| syntax())?;
                Square::from_one_based(row, col).ok_or(SquareError::OffBoard { row, col })
            }
            [word] => {
                let mut chars = word.chars();
                let letter = chars.next().ok_or_else(syntax)?.to_ascii_lowercase();
                let row: usize = chars.as_str().parse().map_err(|_| syntax())?;
                if !letter.is_ascii_lowercase() {
                    return Err(syntax());
                }
                let col = (letter as usize) - ('a' as usize) + 1;
                Square::from_one_based(row, col).ok_or(SquareError::OffBoard { row, col })
            }
            _ => Err(syntax()),
        }
    }
}

/// A side. Dark (`X`) moves first; Light is `O`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Color {
    Dark,
    Light,
}

impl Color {
    /// Both colours, Dark first.
    pub const BOTH: [Color; 2] = [Color::Dark, Color::Light];

    /// The other side.
    #[inline]
    pub const fn other(self) -> Color {
        match self {
            Color::Dark => Color::Light,
            Color::Light => Color::Dark,
        }
    }

    /// The letter of the text view and of position strings: `X` or `O`.
    pub const fn letter(self) -> char {
        match self {
            Color::Dark => 'X',
            Color::Light => 'O',
        }
    }

    /// `dark` or `light`.
    pub const fn name(self) -> &'static str {
        match self {
            Color::Dark => "dark",
            Color::Light => "light",
        }
    }
}

/// The letter, `X` or `O`, as the text interface names players.
impl fmt::Display for Color {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.letter())
    }
}

/// One of the eight lines through a square, clockwise from north. This is also the order in
/// which a move's flipped lines are reported.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Direction {
    North,
    NorthEast,
    East,
    SouthEast,
    South,
    SouthWest,
    West,
    NorthWest,
}

impl Direction {
    /// All eight, clockwise from north.
    pub const ALL: [Direction; 8] = [
        Direction::North,
        Direction::NorthEast,
        Direction::East,
        Direction::SouthEast,
        Direction::South,
        Direction::SouthWest,
        Direction::West,
        Direction::NorthWest,
    ];

    /// (row step, column step); north is towards row 1.
    pub const fn delta(self) -> (i32, i32) {
        match self {
            Direction::North => (-1, 0),
            Direction::NorthEast => (-1, 1),
            Direction::East => (0, 1),
            Direction::SouthEast => (1, 1),
            Direction::South => (1, 0),
            Direction::SouthWest => (1, -1),
            Direction::West => (0, -1),
            Direction::NorthWest => (-1, -1),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn squares_read_and_print_one_based() {
        let sq: Square = "3 5".parse().unwrap();
        assert_eq!((sq.row(), sq.col()), (2, 4));
        assert_eq!(sq.to_string(), "3 5");
        assert_eq!("e3".parse::<Square>().unwrap(), sq);
        assert_eq!(sq.algebraic(), "e3");
        assert_eq!(
            "9 1".parse::<Square>().unwrap_err().to_string(),
            "9 1 is off the board; rows and columns run from 1 to 8"
        );
        assert!("0 1".parse::<Square>().is_err());
        assert!("x".parse::<Square>().is_err());
        assert!("1 2 3".parse::<Square>().is_err());
        assert!("i1".parse::<Square>().is_err());
    }

    #[test]
    fn steps_stop_at_the_edge() {
        let corner = Square::new(0, 0).unwrap();
        assert_eq!(corner.step(Direction::North), None);
        assert_eq!(corner.step(Direction::SouthEast), Square::new(1, 1));
    }
}
