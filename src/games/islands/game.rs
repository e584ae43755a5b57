//! A match's game of Islands of Hex: the board, whose turn it is (white first), and the
//! moves as the platform plays, records and replays them.

use std::fmt;

use serde::{Deserialize, Serialize};

use super::board::{Board, PlayError, Stone};

/// Placing the mover's stone on (row, col), 0-based.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Place {
    pub row: usize,
    pub col: usize,
}

/// `R C`, 0-based, as the text mode reads and prints moves.
impl fmt::Display for Place {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} {}", self.row, self.col)
    }
}

/// What an accepted move did: who placed where, and the island counts after it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Placed {
    pub stone: Stone,
    pub place: Place,
    /// White's and black's islands after the move.
    pub islands: [usize; 2],
}

/// Why a move was refused; a refused move changes nothing.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum MoveError {
    #[error("the game is over")]
    GameOver,
    #[error(transparent)]
    Play(#[from] PlayError),
}

/// A game in progress: the board and the player to move.
///
/// Invariant: `turn` alternates with every accepted move, white first; once the board is
/// over no move is accepted (the board's own `make_play` still would, as the brief wants).
#[derive(Debug, Clone)]
pub struct Game {
    board: Board,
    turn: Stone,
    last: Option<Stone>,
}

impl Game {
    /// A new game on an empty `size` x `size` board, white to move.
    pub fn new(size: usize) -> Result<Game, super::BoardSizeError> {
        Ok(Game {
            board: Board::try_new(size)?,
            turn: Stone::White,
            last: None,
        })
    }

    pub fn board(&self) -> &Board {
        &self.board
    }

    /// The player to move (once the game is over, the one who would have moved).
    pub fn turn(&self) -> Stone {
        self.turn
    }

    /// The player who moved last, if anyone has.
    pub fn last_mover(&self) -> Option<Stone> {
        self.last
    }

    pub fn is_over(&self) -> bool {
        self.board.is_over()
    }

    /// Plays `place` for the player to move.
    pub fn play(&mut self, place: Place) -> Result<Placed, MoveError> {
        if self.is_over() {
            return Err(MoveError::GameOver);
        }
        let stone = self.turn;
        self.board
            .make_play(place.row as i64, place.col as i64, stone)?;
        self.last = Some(stone);
        self.turn = stone.other();
        Ok(Placed {
            stone,
            place,
            islands: [self.board.white_score(), self.board.black_score()],
        })
    }

    /// Every empty cell, row-major: the legal moves until the game is over.
    pub fn empty_cells(&self) -> Vec<Place> {
        if self.is_over() {
            return Vec::new();
        }
        let size = self.board.size();
        let mut out = Vec::with_capacity(size * size - self.board.stones());
        for row in 0..size {
            for col in 0..size {
                if self.board.stone(row, col).is_none() {
                    out.push(Place { row, col });
                }
            }
        }
        out
    }
}
