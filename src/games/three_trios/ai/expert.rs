//! "expert": the strongest player — iterative deepening alpha-beta with a transposition
//! table on every core, solving the rest of the game exactly once it is small enough.

use std::time::{Duration, Instant};

use super::Strategy;
use super::search::{self, Limits, Searcher};
use crate::games::three_trios::game::{Game, Move};

/// Searches deeper and deeper until the budget runs out and plays the best move of the
/// deepest finished search; a search that reaches the end of the game is exact and ends
/// thinking early.
///
/// The budget is counted in work (`think_ms` times a rate every supported machine beats),
/// so the same position always gets the same move; a wall-clock deadline at `think_ms`
/// only matters on a machine slower than that rate.
#[derive(Debug, Clone)]
pub struct Expert {
    /// Work (positions plus moves evaluated) per thread per move.
    work: u64,
    /// Wall-clock limit per move, if any.
    think: Option<Duration>,
}

impl Expert {
    /// Work (positions plus moves evaluated) per millisecond per thread counted against the
    /// budget: half what one core manages at its slowest on the shipped boards (12–44 million
    /// a second), so the work budget, not the clock, ends the search and the move does not
    /// depend on timing.
    pub const WORK_PER_MS: u64 = 6000;

    /// An expert thinking about `think_ms` per move.
    pub fn new(think_ms: u64) -> Expert {
        let think_ms = think_ms.max(1);
        Expert {
            work: think_ms.saturating_mul(Self::WORK_PER_MS),
            think: Some(Duration::from_millis(think_ms)),
        }
    }

    /// An expert limited only by work per move: fully repeatable on any machine, at any
    /// speed (for tests and analysis).
    pub fn with_work(work: u64) -> Expert {
        Expert {
            work: work.max(1),
            think: None,
        }
    }
}

impl Strategy for Expert {
    fn name(&self) -> &str {
        "expert"
    }

    fn choose(&mut self, game: &Game) -> Option<Move> {
        if super::move_count(game) > super::SEARCHABLE_MOVES {
            return super::most_flips(game);
        }
        let start = Instant::now();
        // Only the move list is needed here: no searcher (and no key tables) yet.
        let mut moves = search::root_moves(game);
        let first = *moves.first()?;
        if moves.len() == 1 {
            return Some(first);
        }
        let threads = threads();
        let limits = Limits {
            max_depth: None,
            work: Some(self.work),
            // Stop a little early: joining threads and the last iteration's tail cost time.
            deadline: self.think.map(|t| start + t * 9 / 10),
        };
        // A table about as large as the work a thread may do: big enough, cheap to clear.
        let bits = (64 - self.work.leading_zeros()).clamp(12, 20);
        let mut searchers: Vec<Searcher> =
            (0..threads).map(|_| Searcher::new(game, bits)).collect();
        let mut best = first;
        for depth in 1..=game.empty_cells() {
            let Some((mv, _)) = parallel_best(&mut searchers, &moves, depth, limits) else {
                break;
            };
            best = mv;
            // Search the best move first next time: better pruning, same result.
            if let Some(i) = moves.iter().position(|&m| m == mv) {
                moves[..=i].rotate_right(1);
            }
        }
        Some(best)
    }
}

/// Threads worth using: the machine's cores, at most four.
pub(crate) fn threads() -> usize {
    std::thread::available_parallelism()
        .map_or(1, |n| n.get())
        .clamp(1, 4)
}

/// The best root move at `depth`, the root moves dealt round-robin to the searchers, each
/// on its own thread. `None` if any searcher ran out of budget. Ties go to the earlier move
/// in `moves`.
pub(crate) fn parallel_best(
    searchers: &mut [Searcher],
    moves: &[Move],
    depth: usize,
    limits: Limits,
) -> Option<(Move, i32)> {
    let n = searchers.len().max(1);
    let shares: Vec<Vec<Move>> = (0..n)
        .map(|t| moves.iter().skip(t).step_by(n).copied().collect())
        .collect();
    let results: Vec<Option<(Move, i32)>> = std::thread::scope(|scope| {
        let handles: Vec<_> = searchers
            .iter_mut()
            .zip(&shares)
            .filter(|(_, share)| !share.is_empty())
            .map(|(searcher, share)| scope.spawn(move || searcher.best_of(share, depth, limits)))
            .collect();
        handles
            .into_iter()
            .map(|h| h.join().ok().flatten())
            .collect()
    });
    if results.iter().any(Option::is_none) {
        return None;
    }
    let order = |mv: &Move| moves.iter().position(|m| m == mv).unwrap_or(usize::MAX);
    results
        .into_iter()
        .flatten()
        .max_by(|a, b| a.1.cmp(&b.1).then_with(|| order(&b.0).cmp(&order(&a.0))))
}
