//! Three Trios: the complete rules as a pure, deterministic library (no I/O, no clock).

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
