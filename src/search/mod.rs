//! The game-tree search every game shares, written once against [`Searchable`]: negamax
//! with alpha-beta pruning, a lock-free transposition table, move ordering, iterative
//! deepening within a deterministic work budget, and exact solving on several threads.
//!
//! A game plugs in by implementing [`Searchable`]. A strategy builds a [`Searcher`] for the
//! position and calls [`Searcher::deepen`] (or [`smp::deepen_split`] over several searchers)
//! with [`Limits`] holding its work budget; an exact solve is [`smp::solve`] with
//! [`SolveOptions`] (threads, table size, deadline, [`Progress`] counters).

mod limits;
mod negamax;
pub mod reference;
pub mod smp;
mod table;

pub use crate::games::Searchable;
pub use limits::{Limits, Progress};
pub use negamax::{Found, Searcher, root_moves};
pub use smp::{SolveOptions, Solved, deepen_split, rank, solve, split_best};
pub use table::{Bound, Entry, Table};
