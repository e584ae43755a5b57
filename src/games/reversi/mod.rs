//! Reversi (Othello): the complete rules as a pure, deterministic library on bitboards,
//! with perft, position strings, the text view, an exact endgame solver and simple
//! computer players.

/// The game's name on the command line and in records.
pub const NAME: &str = "reversi";
/// The game's name as people read it.
pub const TITLE: &str = "Reversi";

/// The computer players a person can face, strongest first, as menus offer them.
pub fn opponents() -> Vec<&'static str> {
    STRATEGY_NAMES.iter().rev().copied().collect()
}

pub mod ai;
pub mod args;
pub mod bitboard;
pub mod book;
mod classic;
mod cpu;
pub mod endgame;
pub mod eval;
pub mod game;
mod last;
pub mod learned;
pub mod levels;
pub mod midgame;
mod order;
pub mod pattern;
mod pattern_sums;
pub mod perft;
mod platform;
pub mod position;
pub mod probcut;
mod solver;
pub mod square;
mod stability;
pub mod symmetry;
pub mod text;
pub mod train;
mod tt;
pub mod weights;

pub use endgame::{Solution, SolveOptions, solve, solve_on, solve_with, solve_within};
pub use game::{FlipLine, Game, Move, MoveError, MoveOutcome, Outcome, Undo};
pub use perft::{perft, perft_threads};
pub use platform::{INTELLIGENT, Options, STRATEGY_NAMES, canonical, color_of};
pub use position::PositionError;
pub use square::{Color, Direction, Square, SquareError, SquareIndexError};
