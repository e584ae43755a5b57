//! "maxflip": take the most cards this turn.

use super::{Strategy, most_flips};
use crate::games::three_trios::game::{Game, Move};

/// Plays the move that flips the most cards this turn, combos included. Ties: uppermost
/// cell, then leftmost, then lowest hand index; with nothing to flip that is the
/// uppermost-leftmost empty cell with hand index 0.
#[derive(Debug, Clone, Copy, Default)]
pub struct MaxFlip;

impl Strategy for MaxFlip {
    fn name(&self) -> &str {
        "maxflip"
    }

    fn choose(&mut self, game: &Game) -> Option<Move> {
        most_flips(game)
    }
}
