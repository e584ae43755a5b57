//! "expert": the strongest player — iterative deepening alpha-beta with a transposition
//! table on every core (the root moves split between them), solving the rest of the game
//! exactly once it is small enough.

use std::time::{Duration, Instant};

use super::Strategy;
use crate::games::three_trios::game::{Game, Move};
use crate::games::three_trios::searchable::Position;
use crate::search::{self, Limits, Searcher};

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

    /// On a clock: the work and the time of `budget`.
    fn think_for(&mut self, budget: Duration) {
        let ms = (budget.as_millis() as u64).max(1);
        self.work = ms.saturating_mul(Self::WORK_PER_MS);
        self.think = Some(Duration::from_millis(ms));
    }

    fn choose(&mut self, game: &Game) -> Option<Move> {
        if super::move_count(game) > super::SEARCHABLE_MOVES {
            return super::most_flips(game);
        }
        let start = Instant::now();
        let position = Position::new(game);
        let moves = search::root_moves(&position);
        let first = *moves.first()?;
        if moves.len() == 1 {
            return Some(first);
        }
        let limits = Limits {
            max_depth: None,
            work: Some(self.work),
            // Stop a little early: joining threads and the last iteration's tail cost time.
            deadline: self.think.map(|t| start + t * 9 / 10),
        };
        // A table about as large as the work a thread may do: big enough, cheap to clear.
        let bits = (64 - self.work.leading_zeros()).clamp(12, 20);
        // One searcher per thread, each with its own table and budget and its share of the
        // root moves: the move found does not depend on timing.
        let mut searchers: Vec<Searcher<Position>> = (0..crate::games::search_threads())
            .map(|_| Searcher::new(position.clone(), bits))
            .collect();
        let found = search::deepen_split(&mut searchers, &moves, limits);
        Some(found.map_or(first, |f| f.best))
    }
}
