//! Three Trios: the complete rules as a pure, deterministic library (no I/O, no clock).

pub mod card;
pub mod config;
pub mod grid;
pub mod rules;

pub use card::{Card, Direction, Value};
pub use grid::{Grid, GridError, Pos};
pub use rules::RuleSet;
