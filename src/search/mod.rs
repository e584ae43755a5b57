//! The game-tree search every game shares, written once against [`Searchable`]: negamax
//! with alpha-beta pruning, a lock-free transposition table, move ordering, iterative
//! deepening within a deterministic work budget, and exact solving on several threads.
//!
//! A game plugs in by implementing [`Searchable`]. A strategy builds a [`Searcher`] for the
//! position and calls [`Searcher::deepen`] (or [`smp::deepen_split`] over several searchers)
//! with [`Limits`] holding its work budget; an exact solve is [`smp::solve`] with
//! [`SolveOptions`] (threads, table size, deadline, [`Progress`] counters).

use std::fmt;

mod limits;
mod negamax;
pub mod reference;
pub mod smp;
mod table;

pub use limits::{Limits, Progress};
pub use negamax::{Found, Searcher, root_moves};
pub use smp::{SolveOptions, Solved, deepen_split, rank, solve, split_best};
pub use table::{Bound, Entry, Table};

/// A position of a two-player game with alternating turns, as the shared search sees it.
///
/// `make` and `unmake` are the fast path: no allocation, no checks beyond what the rules need;
/// `unmake(mv, undo)` after `make(mv)` restores the position exactly, key included. A player
/// who must pass has exactly one legal move, a pass (a game's `Move` type spells it), so plies
/// always alternate sides. Values are from the player to move's point of view.
pub trait Searchable: Clone + Send + Sync + 'static {
    /// A move, small and copyable.
    type Move: Copy + Eq + fmt::Debug + Send + Sync + 'static;
    /// What `make` needs kept to take a move back.
    type Undo;

    /// Appends the legal moves to `out` (which the caller has cleared); empty iff the game is
    /// over. Order matters only for ties: the search prefers the earlier of equal moves.
    fn legal_moves(&self, out: &mut Vec<Self::Move>);
    /// Plays a legal move.
    fn make(&mut self, mv: Self::Move) -> Self::Undo;
    /// Takes back the move `make(mv)` played.
    fn unmake(&mut self, mv: Self::Move, undo: Self::Undo);
    /// A hash of the whole position (side to move included); equal positions, equal keys.
    fn key(&self) -> u64;
    /// Whether the game is over.
    fn is_over(&self) -> bool;
    /// The player to move's final margin, exact once the game is over; otherwise the margin
    /// as things stand.
    fn margin(&self) -> i32;
    /// A heuristic value at the search horizon, on the same scale as [`margin`](Self::margin).
    fn evaluate(&self) -> i32 {
        self.margin()
    }
    /// A cheap guess of how good `mv` is for the player to move (higher is tried first).
    fn order(&self, mv: Self::Move) -> i32 {
        let _ = mv;
        0
    }
    /// Plies left from which the search sorts the moves of a node by
    /// [`order`](Self::order) (the table's move always comes first); closer to the leaves
    /// they are tried in the order [`legal_moves`](Self::legal_moves) gives. Weighing every
    /// move pays only where it saves more than it costs; `usize::MAX` sorts the root alone.
    fn order_depth(&self) -> usize {
        3
    }
    /// Plies left from which the search reads and writes its transposition table: smaller
    /// subtrees are cheaper to search again than to look up.
    fn table_depth(&self) -> usize {
        2
    }
    /// An upper bound on the plies left: a search this deep reaches every end, so it is exact.
    fn plies_left(&self) -> usize;
    /// A compact, position-independent id of a move for the transposition table.
    fn move_id(&self, mv: Self::Move) -> u32;
    /// The value a one-ply search finds here (the best over the legal moves of minus the
    /// opponent's [`evaluate`](Self::evaluate), or of minus its [`margin`](Self::margin) where
    /// the move ends the game) and how many moves it weighed, when the game can work that
    /// out more cheaply than by making every move; `None` (the default) makes them.
    fn one_ply(&self) -> Option<(i32, u64)> {
        None
    }
    /// How many moves [`legal_moves`](Self::legal_moves) would list, when the game can tell
    /// without listing them: the search then refuses a list bigger than its memory budget
    /// before building it. `None` (the default) for games whose lists are always small.
    fn move_count(&self) -> Option<usize> {
        None
    }
}
