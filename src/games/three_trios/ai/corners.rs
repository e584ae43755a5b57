//! "corners": hold the corners with the cards hardest to take there.

use super::{Strategy, most_flips};
use crate::games::three_trios::card::Direction;
use crate::games::three_trios::game::{Game, Move};
use crate::games::three_trios::grid::Pos;

/// Plays into an empty corner card cell when there is one, choosing the card with the highest
/// sum of the values that face into the grid there (a corner card can only be attacked from
/// those sides). Ties: uppermost cell, then leftmost, then lowest hand index. With no free
/// corner it plays as maxflip.
#[derive(Debug, Clone, Copy, Default)]
pub struct Corners;

impl Strategy for Corners {
    fn name(&self) -> &str {
        "corners"
    }

    fn choose(&mut self, game: &Game) -> Option<Move> {
        self.propose(game).or_else(|| most_flips(game))
    }

    /// A corner move, or `None` when no corner is free (so a chain can decide).
    fn propose(&mut self, game: &Game) -> Option<Move> {
        if game.is_over() {
            return None;
        }
        let grid = game.grid();
        let (last_row, last_col) = (grid.rows() - 1, grid.cols() - 1);
        let mut corners = vec![
            Pos::new(0, 0),
            Pos::new(0, last_col),
            Pos::new(last_row, 0),
            Pos::new(last_row, last_col),
        ];
        corners.sort();
        corners.dedup();
        let mut best: Option<(u32, Move)> = None;
        for pos in corners {
            if game.check(Move { hand: 0, pos }).is_err() {
                continue;
            }
            // The sides that face a cell inside the grid (hole or not) are the ones that can
            // ever be attacked from; on an ordinary corner that is exactly two.
            let inward: Vec<Direction> = Direction::ALL
                .into_iter()
                .filter(|&d| faces_inside(pos, d, last_row, last_col))
                .collect();
            for (hand, card) in game.player_hand().enumerate() {
                let strength: u32 = inward.iter().map(|&d| u32::from(card.value(d).get())).sum();
                if best.is_none_or(|(b, _)| strength > b) {
                    best = Some((strength, Move { hand, pos }));
                }
            }
        }
        best.map(|(_, mv)| mv)
    }
}

fn faces_inside(pos: Pos, dir: Direction, last_row: usize, last_col: usize) -> bool {
    match dir {
        Direction::North => pos.row > 0,
        Direction::South => pos.row < last_row,
        Direction::East => pos.col < last_col,
        Direction::West => pos.col > 0,
    }
}
