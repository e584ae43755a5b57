//! Hex paths (the brief `001_…`, the ANU hex game): pieces slide across a hexagon of 217
//! cells until a barrier or another piece stops them; each round asks for the shortest move
//! that brings one piece to a nook, other pieces helping if that is shorter.

/// The game's name on the command line and in records.
pub const NAME: &str = "hexpaths";
/// The game's name as people read it.
pub const TITLE: &str = "Hex paths";

/// The computer players a person can face, strongest first, as menus offer them.
pub fn opponents() -> Vec<&'static str> {
    round::LEVELS.iter().map(|(n, _)| *n).collect()
}

mod api;
pub mod args;
mod barriers;
mod board;
mod error;
pub mod geometry;
pub mod platform;
mod random;
pub mod round;
mod solve;
mod state;

pub use api::{
    legitimate_crannies, legitimate_game, legitimate_nooks, legitimate_step, minimal_path,
    why_not_step,
};
pub use barriers::{
    CRANNY_COUNT, NOOK_COUNT, Nook, TRIANGLES, cranny_partner, cranny_range, cranny_side, triangle,
    wall_masks,
};
pub use board::{Board, Cells, UNREACHABLE};
pub use error::{Item, StateError};
pub use geometry::{CELLS, Cell, Dir};
pub use random::{Difficulty, Objective, draw_objective, new_game, objective, objectives};
pub use solve::{DEFAULT_BUDGET, Solution, Step, Unsolved, next_step, replay, solve};
pub use state::{MAX_PIECES, State, parse_crannies, parse_nooks};
