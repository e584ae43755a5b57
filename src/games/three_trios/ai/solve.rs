//! Exact solving: the game-theoretic value of a position and a best move, on every core.

use super::expert::threads;
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

/// Table size of a solve: 2^21 slots of 16 bytes, shared by all threads.
const TABLE_BITS: u32 = 21;

/// Solves `game`, stopping at `deadline` if given (with the best bound found), reporting to
/// `progress` as it goes. `None` once the game is over.
///
/// The threads share one table (see [`search::solve`]); the value is exact whatever the
/// timing, and so is the move: the first root move, in search order, that achieves it.
pub fn solve_within(
    game: &Game,
    deadline: Option<std::time::Instant>,
    progress: Option<std::sync::Arc<Progress>>,
) -> Option<Solved> {
    if game.is_over() {
        return None;
    }
    let options = SolveOptions {
        threads: threads(),
        table_bits: TABLE_BITS,
        deadline,
        progress,
    };
    let solved = search::solve(&Position::new(game), &options);
    let solution = solved.best.map(|(best, value)| Solution {
        value: for_red(game, value),
        best,
        nodes: solved.nodes,
    });
    Some(match (solved.exact, solution) {
        (true, Some(solution)) => Solved::Exact(solution),
        (_, solution) => Solved::Bound(solution),
    })
}

/// How many first moves a solve of `game` searches (one per distinct card and cell), for
/// progress displays.
pub fn first_move_count(game: &Game) -> usize {
    let mut moves = Vec::new();
    Position::new(game).legal_moves(&mut moves);
    moves.len()
}

/// Every legal first move (one per distinct card) with its exact value for Red (Red's score
/// minus Blue's), best for the mover first; and the nodes searched.
pub fn rank_first_moves(game: &Game) -> (Vec<(Move, i32)>, u64) {
    let position = Position::new(game);
    let moves = search::root_moves(&position);
    let options = SolveOptions {
        threads: threads(),
        table_bits: TABLE_BITS,
        ..SolveOptions::default()
    };
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
