//! "defensive": leave the opponent the least to take.

use super::Strategy;
use crate::trios::game::{Game, Move};

/// Plays the move after which the opponent's best immediate reply flips the fewest cards.
/// Ties: the move that flips more now, then the uppermost, leftmost cell and lowest hand
/// index.
#[derive(Debug, Clone, Copy, Default)]
pub struct Defensive;

impl Strategy for Defensive {
    fn name(&self) -> &str {
        "defensive"
    }

    fn choose(&mut self, game: &Game) -> Option<Move> {
        let mut work = game.clone();
        let mut flips = Vec::new();
        let mut best: Option<((usize, std::cmp::Reverse<usize>), Move)> = None;
        for mv in game.legal_moves() {
            let undo = work.make(mv, &mut flips);
            let taken_now = flips.len();
            let reply = work
                .legal_moves()
                .map(|r| work.flips_if(r).unwrap_or(0))
                .max()
                .unwrap_or(0);
            work.unmake(undo, &mut flips);
            let rank = (reply, std::cmp::Reverse(taken_now));
            if best.is_none_or(|(b, _)| rank < b) {
                best = Some((rank, mv));
            }
        }
        best.map(|(_, mv)| mv)
    }
}
