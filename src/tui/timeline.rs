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
