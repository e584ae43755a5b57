//! The match as a sequence of viewable points: the start, then for every move the placed
//! card (or disc) and each battle step (or flip line) after it. Replay and animation walk
//! this sequence; each screen rebuilds its board at any point from the position before the
//! move plus the recorded steps, so the UI never recomputes a move.

/// A point in a match.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Point {
    /// Before the first move.
    Start,
    /// Move `mv` (0-based) with its card placed and the first `shown` battle steps applied.
    Move { mv: usize, shown: usize },
}

/// A move as the timeline sees it: placed, then shown step by step (Three Trios battles,
/// Reversi flip lines). Every game's replay and animation walk the same points.
pub trait Steps {
    /// How many steps follow the placing.
    fn steps(&self) -> usize;
}

/// How many points a history has: the start, plus each move's steps and one for placing.
pub fn len<T: Steps>(history: &[T]) -> usize {
    1 + history.iter().map(|o| o.steps() + 1).sum::<usize>()
}

/// The point at flat index `index` (clamped to the last point).
pub fn point<T: Steps>(history: &[T], index: usize) -> Point {
    let mut rest = index;
    if rest == 0 {
        return Point::Start;
    }
    rest -= 1;
    for (mv, outcome) in history.iter().enumerate() {
        let here = outcome.steps() + 1;
        if rest < here {
            return Point::Move { mv, shown: rest };
        }
        rest -= here;
    }
    match history.len() {
        0 => Point::Start,
        n => Point::Move {
            mv: n - 1,
            shown: history[n - 1].steps(),
        },
    }
}

/// The flat index of the first point of move `mv` (its card just placed).
pub fn move_start<T: Steps>(history: &[T], mv: usize) -> usize {
    1 + history[..mv.min(history.len())]
        .iter()
        .map(|o| o.steps() + 1)
        .sum::<usize>()
}

/// The flat index of the last point.
pub fn last<T: Steps>(history: &[T]) -> usize {
    len(history) - 1
}

/// Where a replay's move-by-move step from `index` lands: the start of the next move
/// (`forward`; the last point from the last move), or back to the start of the move shown
/// when part of it is shown, else to the start of the move before (the very start from the
/// first move).
pub fn move_boundary<T: Steps>(history: &[T], index: usize, forward: bool) -> usize {
    let current = match point(history, index) {
        Point::Start => None,
        Point::Move { mv, .. } => Some(mv),
    };
    match (current, forward) {
        (None, true) if !history.is_empty() => move_start(history, 0),
        (None, _) => 0,
        (Some(mv), true) if mv + 1 < history.len() => move_start(history, mv + 1),
        (Some(_), true) => last(history),
        (Some(mv), false) => {
            let start = move_start(history, mv);
            if index > start {
                start
            } else if mv > 0 {
                move_start(history, mv - 1)
            } else {
                0
            }
        }
    }
}

/// A move of tests: this many steps after its placing.
#[cfg(test)]
pub(crate) struct FakeMove(pub usize);

#[cfg(test)]
impl Steps for FakeMove {
    fn steps(&self) -> usize {
        self.0
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::tui::timeline::FakeMove as Move;

    #[test]
    fn move_boundaries_walk_whole_moves() {
        // Points: 0 start; 1-3 move 0 (two steps); 4 move 1; 5-6 move 2 (one step).
        let history = [Move(2), Move(0), Move(1)];
        assert_eq!(last(&history), 6);
        let forward: Vec<usize> = (0..=6).map(|i| move_boundary(&history, i, true)).collect();
        assert_eq!(forward, [1, 4, 4, 4, 5, 6, 6]);
        let back: Vec<usize> = (0..=6).map(|i| move_boundary(&history, i, false)).collect();
        assert_eq!(back, [0, 0, 1, 1, 1, 4, 5]);
        assert_eq!(move_boundary::<Move>(&[], 0, true), 0);
        assert_eq!(move_boundary::<Move>(&[], 0, false), 0);
    }
}
