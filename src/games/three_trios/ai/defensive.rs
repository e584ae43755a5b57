//! "defensive": leave the opponent the least to take.

use super::{Strategy, evaluations};
use crate::games::three_trios::game::{Game, Move};

/// Plays the move after which the opponent's best immediate reply flips the fewest cards.
/// Ties: the move that flips more now, then the uppermost, leftmost cell and lowest hand
/// index.
///
/// Weighing every move against every reply costs the square of the number of moves. When
/// that is more than `evaluations` allows (big boards), only the moves that flip most now
/// are weighed, as many as the budget allows (at least one): slower boards get a shallower
/// look, never a slower move.
#[derive(Debug, Clone, Copy, Default)]
pub struct Defensive;

impl Strategy for Defensive {
    fn name(&self) -> &str {
        "defensive"
    }

    fn choose(&mut self, game: &Game) -> Option<Move> {
        let candidates = candidates(game);
        let replies = (evaluations(game) / candidates.len().max(1)).max(1);
        let mut work = game.clone();
        let mut flips = Vec::new();
        let mut best: Option<((usize, std::cmp::Reverse<usize>), Move)> = None;
        for mv in candidates {
            let undo = work.make(mv, &mut flips);
            let taken_now = flips.len();
            let reply = work
                .legal_moves()
                .take(replies)
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

/// The moves to weigh, in board order: all of them when every reply to every one fits the
/// budget; otherwise the ones that flip most now (of the first the budget allows).
fn candidates(game: &Game) -> Vec<Move> {
    let budget = evaluations(game);
    let moves: Vec<Move> = game.legal_moves().take(budget).collect();
    let all = moves.len();
    if all.saturating_mul(all) <= budget {
        return moves;
    }
    let keep = (budget / all).max(1);
    let mut ranked: Vec<(usize, usize, Move)> = moves
        .into_iter()
        .enumerate()
        .map(|(order, mv)| (game.flips_if(mv).unwrap_or(0), order, mv))
        .collect();
    ranked.sort_by_key(|&(flips, order, _)| (std::cmp::Reverse(flips), order));
    ranked.truncate(keep);
    ranked.sort_by_key(|&(_, order, _)| order);
    ranked.into_iter().map(|(_, _, mv)| mv).collect()
}
