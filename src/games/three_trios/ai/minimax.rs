//! "minimax:N": look N moves ahead, assuming the opponent answers with its best move.

use super::search::{Limits, Searcher};
use super::{Expert, SEARCHABLE_MOVES, Strategy, most_flips, move_count};
use crate::games::three_trios::game::{Game, Move};

/// Depth-limited minimax (with alpha-beta, which changes no result) on the score
/// difference. Ties go to the move that flips most now, then board order.
///
/// It deepens one ply at a time up to N within a work budget (as `expert` counts work, so
/// moves stay repeatable): where N plies do not fit (big boards) it plays the best move of
/// the deepest search that finished, and on boards too big to search at all, as `maxflip`.
#[derive(Debug, Clone)]
pub struct Minimax {
    depth: usize,
    work: u64,
    /// The thinking time the budget stands for; 90% of it is a wall-clock safety stop, as
    /// for `expert`, on machines (or boards) where the work costs more than counted.
    think: std::time::Duration,
    name: String,
}

impl Minimax {
    /// The depth plain `minimax` uses.
    pub const DEFAULT_DEPTH: usize = 3;

    /// Minimax to `depth` plies with the work budget of one second's thinking.
    pub fn new(depth: usize) -> Minimax {
        Minimax {
            depth: depth.max(1),
            work: 1000 * Expert::WORK_PER_MS,
            think: std::time::Duration::from_millis(1000),
            name: format!("minimax:{}", depth.max(1)),
        }
    }
}

impl Strategy for Minimax {
    fn name(&self) -> &str {
        &self.name
    }

    fn choose(&mut self, game: &Game) -> Option<Move> {
        if game.is_over() {
            return None;
        }
        if move_count(game) > SEARCHABLE_MOVES {
            return most_flips(game);
        }
        let deadline = std::time::Instant::now() + self.think * 9 / 10;
        let mut searcher = Searcher::new(game, 16);
        let moves = searcher.root_moves();
        // Deepening one ply at a time in the same (warming) table, the root moves always in
        // the same order: ties go to the same move as a single search N plies deep.
        let mut best = *moves.first()?;
        for depth in 1..=self.depth {
            let limits = Limits {
                max_depth: Some(depth),
                work: Some(self.work),
                deadline: Some(deadline),
            };
            match searcher.best_of(&moves, depth, limits) {
                Some((mv, _)) => best = mv,
                None => break,
            }
        }
        Some(best)
    }
}
