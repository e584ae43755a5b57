//! "minimax:N": look N moves ahead, assuming the opponent answers with its best move.

use super::Strategy;
use super::search::{Limits, Searcher};
use crate::trios::game::{Game, Move};

/// Depth-limited minimax (with alpha-beta, which changes no result) on the score
/// difference. Ties go to the move that flips most now, then board order.
#[derive(Debug, Clone)]
pub struct Minimax {
    depth: usize,
    name: String,
}

impl Minimax {
    /// The depth plain `minimax` uses.
    pub const DEFAULT_DEPTH: usize = 3;

    pub fn new(depth: usize) -> Minimax {
        Minimax {
            depth: depth.max(1),
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
        let mut searcher = Searcher::new(game, 16);
        let moves = searcher.root_moves();
        let limits = Limits {
            max_depth: Some(self.depth),
            ..Limits::default()
        };
        searcher
            .best_of(&moves, self.depth, limits)
            .map(|(mv, _)| mv)
    }
}
