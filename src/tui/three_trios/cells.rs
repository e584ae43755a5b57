//! Three Trios's board at a point of the timeline: the position before the move, the card
//! placed and the battle steps shown so far, so replay and animation never replay a move.

use crate::controller::Turn;
use crate::games::three_trios::{Card, Cell, Game, MoveOutcome, Player, Pos};
use crate::tui::timeline::Steps;

impl Steps for MoveOutcome {
    fn steps(&self) -> usize {
        self.steps.len()
    }
}

impl Steps for Turn<Game> {
    fn steps(&self) -> usize {
        self.played.steps.len()
    }
}

/// What a cell shows at some point, and its part in the battle being shown.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum CellView<'a> {
    Hole,
    Empty,
    Card {
        card: &'a Card,
        owner: Player,
        mark: Mark,
    },
}

/// A cell's part in the move being shown.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Mark {
    None,
    /// The card the move placed.
    Placed,
    /// Attacking in the step just shown.
    Attacker,
    /// Defending in the step just shown (it flipped if its owner is now the mover's).
    Defender,
    /// Flipped earlier in the move being shown.
    Flipped,
}

/// The board at a point, row-major over the whole grid (holes included).
///
/// `before` is the game before move `mv`; for `Point::Start` it is the initial game.
pub fn board_at<'a>(
    before: &'a Game,
    outcome: Option<&'a MoveOutcome>,
    shown: usize,
) -> Vec<CellView<'a>> {
    let grid = before.grid();
    let mut cells: Vec<CellView<'a>> = (0..grid.rows())
        .flat_map(|r| (0..grid.cols()).map(move |c| Pos::new(r, c)))
        .map(|pos| match before.cell(pos) {
            Cell::Hole => CellView::Hole,
            Cell::Empty => CellView::Empty,
            Cell::Card { card, owner } => CellView::Card {
                card,
                owner,
                mark: Mark::None,
            },
        })
        .collect();
    let Some(outcome) = outcome else {
        return cells;
    };
    let index = |p: Pos| p.row * grid.cols() + p.col;
    cells[index(outcome.mv.pos)] = CellView::Card {
        card: &outcome.card,
        owner: outcome.player,
        mark: Mark::Placed,
    };
    let shown = shown.min(outcome.steps.len());
    for (i, step) in outcome.steps[..shown].iter().enumerate() {
        let current = i + 1 == shown;
        if let CellView::Card { owner, mark, .. } = &mut cells[index(step.defender)] {
            if step.flipped {
                *owner = outcome.player;
                *mark = Mark::Flipped;
            }
            if current {
                *mark = Mark::Defender;
            }
        }
        if current && let CellView::Card { mark, .. } = &mut cells[index(step.attacker)] {
            *mark = Mark::Attacker;
        }
    }
    cells
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::three_trios::{BattleStep, Direction, Move, Rule, Value};
    use crate::tui::timeline::{Point, last, len, move_start, point};

    fn outcome(steps: usize) -> MoveOutcome {
        let v = Value::MIN;
        MoveOutcome {
            player: Player::Red,
            mv: Move::new(0, 0, 0),
            card: Card::new("X", v, v, v, v),
            steps: vec![
                BattleStep {
                    wave: 0,
                    attacker: Pos::new(0, 0),
                    defender: Pos::new(0, 1),
                    direction: Direction::East,
                    attack: v,
                    defense: v,
                    rule: Rule::Battle,
                    flipped: false,
                };
                steps
            ],
        }
    }

    #[test]
    fn points_walk_start_then_each_move_and_its_steps() {
        let history = vec![outcome(2), outcome(0), outcome(1)];
        assert_eq!(len(&history), 1 + 3 + 1 + 2);
        assert_eq!(point(&history, 0), Point::Start);
        assert_eq!(point(&history, 1), Point::Move { mv: 0, shown: 0 });
        assert_eq!(point(&history, 3), Point::Move { mv: 0, shown: 2 });
        assert_eq!(point(&history, 4), Point::Move { mv: 1, shown: 0 });
        assert_eq!(point(&history, 5), Point::Move { mv: 2, shown: 0 });
        assert_eq!(point(&history, 6), Point::Move { mv: 2, shown: 1 });
        assert_eq!(point(&history, 99), Point::Move { mv: 2, shown: 1 });
        assert_eq!(move_start(&history, 2), 5);
        assert_eq!(last(&history), 6);
        assert_eq!(point::<MoveOutcome>(&[], 0), Point::Start);
    }
}
