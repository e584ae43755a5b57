//! `expert-classic`: the engine `expert` was before the levels, kept so the new one can be
//! measured against it in `trios sim` (not offered in menus or lists). The shared search
//! ([`crate::search`]) over the evaluation of [`super::eval`], and an exact solve by
//! [`super::endgame`] once the empties left fit the budget.
//!
//! Its budget is counted in work, not time, so the same position gets the same move on any
//! machine fast enough; a wall-clock stop at 90% of the thinking time protects slower ones.

use std::time::{Duration, Instant};

use super::endgame;
use super::game::{Game, Move};
use crate::games::Strategy;
use crate::search::{Limits, Searcher, root_moves};

/// Units of search work (positions visited plus moves weighed) allowed per millisecond of
/// thinking time: about half of what one core of the machines trios was measured on does,
/// so the budget, not the clock, decides.
pub const WORK_PER_MS: u64 = 1_500;

/// Positions the endgame solver may visit per millisecond of thinking time: it visits them
/// far faster than the midgame search, and gives up (and the search plays) when a solve
/// does not fit.
pub const SOLVE_NODES_PER_MS: u64 = 4_000;

/// Empties at or below which an exact solve is tried before searching.
pub const SOLVE_EMPTIES: u32 = 20;

/// Table size of a move's search: 2^18 entries.
const TABLE_BITS: u32 = 18;

/// The hidden strategy name.
pub const NAME: &str = "expert-classic";

/// `expert-classic`: deterministic for a given thinking time.
pub struct Classic {
    think_ms: u64,
}

impl Classic {
    pub fn new(think_ms: u64) -> Classic {
        Classic {
            think_ms: think_ms.max(1),
        }
    }
}

impl Strategy<Game> for Classic {
    fn name(&self) -> &str {
        NAME
    }

    fn think_for(&mut self, budget: std::time::Duration) {
        self.think_ms = (budget.as_millis() as u64).max(1);
    }

    fn choose(&mut self, game: &Game) -> Option<Move> {
        let moves = game.legal_moves();
        match moves.as_slice() {
            [] => return None,
            [only] => return Some(*only),
            _ => {}
        }
        if game.empties() <= SOLVE_EMPTIES
            && let Some(solution) =
                endgame::solve_within(game, SOLVE_NODES_PER_MS.saturating_mul(self.think_ms))
        {
            return Some(solution.best.map_or(Move::Pass, Move::Place));
        }
        let limits = Limits {
            max_depth: None,
            work: Some(WORK_PER_MS.saturating_mul(self.think_ms)),
            deadline: Some(Instant::now() + Duration::from_millis(self.think_ms * 9 / 10)),
        };
        let mut searcher = Searcher::new(*game, TABLE_BITS);
        let ordered = root_moves(game);
        searcher
            .deepen(&ordered, limits)
            .map(|found| found.best)
            .or_else(|| ordered.first().copied())
    }
}
