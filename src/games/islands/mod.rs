//! Islands of Hex (the brief `004_…`): white and black stones on an N x N board of
//! hexagons; the game ends when white joins top to bottom or black joins left to right, and
//! whoever has more islands wins. The library mirrors the brief's `GameModel`.

/// The game's name on the command line and in records.
pub const NAME: &str = "islands";
/// The game's name as people read it.
pub const TITLE: &str = "Islands of Hex";

/// The computer players a person can face, strongest first, as menus offer them.
pub fn opponents() -> Vec<&'static str> {
    STRATEGY_NAMES.iter().rev().copied().collect()
}

pub mod ai;
pub mod args;
mod board;
pub mod expert;
mod game;
mod platform;
pub mod text;

pub use board::{Board, BoardSizeError, MAX_SIZE, NEIGHBOURS, PlayError, Stone, neighbours_of};
pub use game::{Game, MoveError, Place, Placed};
pub use platform::{DEFAULT_SIZE, Options, STRATEGY_NAMES, stone_of};
