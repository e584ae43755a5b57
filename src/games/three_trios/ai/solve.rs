//! Exact solving: the game-theoretic value of a position and a best move, on every core.

use super::expert::{parallel_best, threads};
use super::search::{Limits, Progress, Searcher};
use crate::games::three_trios::game::{Game, Move};
use crate::games::three_trios::player::Player;

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

/// Solves `game`, stopping at `deadline` if given (with the best bound found), reporting to
/// `progress` as it goes. `None` once the game is over.
pub fn solve_within(
    game: &Game,
    deadline: Option<std::time::Instant>,
    progress: Option<std::sync::Arc<Progress>>,
) -> Option<Solved> {
    let mut searchers: Vec<Searcher> = (0..threads()).map(|_| Searcher::new(game, 20)).collect();
    if let Some(progress) = &progress {
        for searcher in &mut searchers {
            searcher.report_to(progress.clone());
        }
    }
    let moves = searchers.first()?.root_moves();
    let limits = Limits {
        deadline,
        ..Limits::default()
    };
    let result = parallel_best(&mut searchers, &moves, game.empty_cells(), limits);
    let nodes = searchers.iter().map(Searcher::nodes).sum();
    if let Some((best, value)) = result {
        return Some(Solved::Exact(Solution {
            value: for_red(game, value),
            best,
            nodes,
        }));
    }
    // Each thread's best finished move has an exact value: the best of them bounds the
    // position from the mover's side.
    let order = |mv: &Move| moves.iter().position(|m| m == mv).unwrap_or(usize::MAX);
    let bound = searchers
        .iter()
        .filter_map(Searcher::best_so_far)
        .max_by_key(|&(mv, v)| (v, std::cmp::Reverse(order(&mv))))
        .map(|(best, value)| Solution {
            value: for_red(game, value),
            best,
            nodes,
        });
    Some(Solved::Bound(bound))
}

/// How many first moves a solve of `game` searches (one per distinct card and cell), for
/// progress displays.
pub fn first_move_count(game: &Game) -> usize {
    super::search::root_moves(game).len()
}

/// Every legal first move (one per distinct card) with its exact value for Red (Red's score
/// minus Blue's), best for the mover first; and the nodes searched.
pub fn rank_first_moves(game: &Game) -> (Vec<(Move, i32)>, u64) {
    let threads = threads();
    let mut searchers: Vec<Searcher> = (0..threads).map(|_| Searcher::new(game, 20)).collect();
    let Some(moves) = searchers.first().map(Searcher::root_moves) else {
        return (Vec::new(), 0);
    };
    let depth = game.empty_cells();
    let shares: Vec<Vec<Move>> = (0..threads)
        .map(|t| moves.iter().skip(t).step_by(threads).copied().collect())
        .collect();
    let mut ranked: Vec<(Move, i32)> = std::thread::scope(|scope| {
        let handles: Vec<_> = searchers
            .iter_mut()
            .zip(&shares)
            .map(|(searcher, share)| {
                scope.spawn(move || {
                    searcher
                        .rank(share, depth, Limits::default())
                        .unwrap_or_default()
                })
            })
            .collect();
        handles
            .into_iter()
            .flat_map(|h| h.join().unwrap_or_default())
            .collect()
    });
    ranked.sort_by_key(|&(mv, v)| (-v, mv.pos, mv.hand));
    let nodes = searchers.iter().map(Searcher::nodes).sum();
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
