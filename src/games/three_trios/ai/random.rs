//! "random": any legal move, uniformly, from a seeded stream.

use super::Strategy;
use crate::games::rng::{GameRng, below, seeded};
use crate::games::three_trios::game::{Game, Move};

/// Picks uniformly among the legal moves. The same seed makes the same choices.
#[derive(Debug, Clone)]
pub struct Random {
    rng: GameRng,
}

impl Random {
    pub fn new(seed: u64) -> Random {
        Random { rng: seeded(seed) }
    }
}

impl Strategy for Random {
    fn name(&self) -> &str {
        "random"
    }

    fn choose(&mut self, game: &Game) -> Option<Move> {
        let count = game.legal_move_count();
        if count == 0 {
            return None;
        }
        // Index `pick` of `legal_moves()`, found without walking the hand indices.
        let pick = below(&mut self.rng, count as u64) as usize;
        let hand_len = game.player_hand().len();
        let pos = game.empty_positions().nth(pick / hand_len)?;
        Some(Move {
            hand: pick % hand_len,
            pos,
        })
    }
}
