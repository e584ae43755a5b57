//! Exact solving: the game-theoretic value of a position and a best move, on every core.

use crate::games::Searchable;
use crate::games::three_trios::game::{Game, Move};
use crate::games::three_trios::player::Player;
use crate::games::three_trios::searchable::Position;
use crate::search::{self, Progress, SolveOptions};

/// The exact result of a position under perfect play.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Solution {
    /// Red's final score minus Blue's.
    pub value: i32,
    pub best: Move,
    /// Positions searched.
    pub nodes: u64,
}

/// Solves `game` to the end: `None` once the game is over.
pub fn solve(game: &Game) -> Option<Solution> {
    match solve_within(game, None, None)? {
        Solved::Exact(solution) => Some(solution),
        Solved::Bound(_) => None,
    }
}

/// A solve that may have been stopped early.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Solved {
    Exact(Solution),
    /// Stopped at the deadline: `value` is exact for `best`, so the mover does at least that
    /// well; the position's true value may be better for them. `None` when no first move was
    /// solved in time.
    Bound(Option<Solution>),
}

/// The most a solve's table takes: 2^21 slots of 16 bytes (32 MB), shared by all threads.
const TABLE_BITS: u32 = 21;

/// The memory a solve may use unless told otherwise: 256 MB.
pub const DEFAULT_MEMORY: usize = 256 << 20;

/// What a solve may spend: it stops at whichever runs out first, with the best bound found.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct SolveBudget {
    /// Stop here; `None` runs to the exact value.
    pub deadline: Option<std::time::Instant>,
    /// Bytes for the search's own memory: a quarter (at most 32 MB) for the table, half for
    /// the move lists of all threads; the rest is left for the position and its keys.
    pub memory: usize,
}

impl SolveBudget {
    /// The table's size as a power of two: the largest that fits a quarter of the memory.
    fn table_bits(&self) -> u32 {
        let slots = (self.memory / 4 / 16).max(1);
        (usize::BITS - 1 - slots.leading_zeros()).min(TABLE_BITS)
    }

    fn options(&self, progress: Option<std::sync::Arc<Progress>>) -> SolveOptions {
        SolveOptions {
            threads: crate::games::search_threads(),
            table_bits: self.table_bits(),
            deadline: self.deadline,
            progress,
            list_memory: Some(self.memory / 2),
        }
    }
}

/// Why a solve that is not exact stopped.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Stop {
    /// It finished: the value is exact.
    Finished,
    /// The deadline passed.
    Deadline,
    /// Its move lists would have passed the memory budget.
    Memory,
}

/// Solves `game`, stopping at `deadline` if given (with the best bound found), reporting to
/// `progress` as it goes, within the default memory. `None` once the game is over.
///
/// The threads share one table (see [`search::solve`]); the value is exact whatever the
/// timing, and so is the move: the first root move, in search order, that achieves it.
pub fn solve_within(
    game: &Game,
    deadline: Option<std::time::Instant>,
    progress: Option<std::sync::Arc<Progress>>,
) -> Option<Solved> {
    let budget = SolveBudget {
        deadline,
        memory: DEFAULT_MEMORY,
    };
    solve_budgeted(game, &budget, progress).map(|(solved, _)| solved)
}

/// [`solve_within`] with a memory budget too, and why it stopped.
pub fn solve_budgeted(
    game: &Game,
    budget: &SolveBudget,
    progress: Option<std::sync::Arc<Progress>>,
) -> Option<(Solved, Stop)> {
    if game.is_over() {
        return None;
    }
    let solved = search::solve(&Position::new(game), &budget.options(progress));
    let solution = solved.best.map(|(best, value)| Solution {
        value: for_red(game, value),
        best,
        nodes: solved.nodes,
    });
    let stop = match (solved.exact, solved.out_of_memory) {
        (true, _) => Stop::Finished,
        (false, true) => Stop::Memory,
        (false, false) => Stop::Deadline,
    };
    Some(match (solved.exact, solution) {
        (true, Some(solution)) => (Solved::Exact(solution), stop),
        (_, solution) => (Solved::Bound(solution), stop),
    })
}

/// How many first moves a solve of `game` searches (one per distinct card and cell), for
/// progress displays; counted without listing them.
pub fn first_move_count(game: &Game) -> usize {
    Position::new(game).move_count().unwrap_or(0)
}

/// Every legal first move (one per distinct card) with its exact value for Red (Red's score
/// minus Blue's), best for the mover first; and the nodes searched. A move whose search
/// would pass the memory of `budget` is left out (the deadline is ignored).
pub fn rank_first_moves(game: &Game, budget: &SolveBudget) -> (Vec<(Move, i32)>, u64) {
    let position = Position::new(game);
    if position
        .move_count()
        .unwrap_or(0)
        .saturating_mul(std::mem::size_of::<Move>() * 4)
        > budget.memory
    {
        return (Vec::new(), 0);
    }
    let moves = search::root_moves(&position);
    let options = budget.options(None);
    let (mut ranked, nodes) = search::rank(&position, &moves, &options);
    ranked.sort_by_key(|&(mv, v)| (-v, mv.pos, mv.hand));
    (
        ranked
            .into_iter()
            .map(|(mv, v)| (mv, for_red(game, v)))
            .collect(),
        nodes,
    )
}

/// A value from the mover's point of view turned into Red's.
fn for_red(game: &Game, value: i32) -> i32 {
    if game.turn() == Player::Red {
        value
    } else {
        -value
    }
}
