//! Three Trios: the complete rules as a pure, deterministic library (no I/O, no clock).

/// The game's name on the command line and in records.
pub const NAME: &str = "three-trios";
/// The game's name as people read it.
pub const TITLE: &str = "Three Trios";

/// The computer players a person can face, strongest first, as menus offer them.
pub fn opponents() -> Vec<&'static str> {
    ai::OPPONENTS.to_vec()
}

pub mod card;
pub mod config;
pub mod grid;
pub mod rules;

pub use card::{Card, Direction, Value};
pub use config::{ConfigError, ConfigErrorKind};
pub use grid::{Grid, GridError, Pos};
pub use rules::RuleSet;
pub mod ai;
pub mod args;
pub mod battle;
pub mod deal;
pub mod game;
pub mod perft;
pub mod platform;
pub mod player;
pub mod searchable;
mod setup;
pub mod source;
pub mod text;

pub use battle::{BattleStep, Rule};
pub use deal::{Deal, DealMode};
pub use game::{Cell, Game, Move, MoveError, MoveOutcome, Outcome, SetupError};
pub use platform::Options;
pub use player::Player;
pub use searchable::Position;
pub use source::SourceFile;
