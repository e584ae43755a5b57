//! The brief's functions on state strings, with cells as plain numbers: whether crannies,
//! nooks and a game are legal, whether a step is one, and a shortest path.

use super::board::Cells;
use super::geometry::{CELLS, Cell};
use super::state::{State, parse_crannies, parse_nooks};

/// Whether `crannies` (six 3-digit cells) is a legal set of crannies.
pub fn legitimate_crannies(crannies: &str) -> bool {
    parse_crannies(crannies).is_ok()
}

/// Whether `nooks` (eighteen `NNNL`) is a legal set of nooks.
pub fn legitimate_nooks(nooks: &str) -> bool {
    parse_nooks(nooks).is_ok()
}

/// Whether `game` is a legal state string.
pub fn legitimate_game(game: &str) -> bool {
    game.parse::<State>().is_ok()
}

/// A cell number that is on the board.
fn cell(n: u16) -> Option<Cell> {
    (usize::from(n) < CELLS).then_some(n as Cell)
}

/// Whether one step of the piece at `from` ends at `to` in the legal game `game`.
pub fn legitimate_step(game: &str, from: u16, to: u16) -> bool {
    why_not_step(game, from, to).is_none()
}

/// Why one step of the piece at `from` does not end at `to`: `None` when it does.
pub fn why_not_step(game: &str, from: u16, to: u16) -> Option<String> {
    let state: State = match game.parse() {
        Ok(s) => s,
        Err(e) => return Some(e.to_string()),
    };
    let (Some(f), Some(t)) = (cell(from), cell(to)) else {
        return Some(format!(
            "{} is not a cell; cells run from 0 to 216",
            if cell(from).is_none() { from } else { to }
        ));
    };
    if !state.pieces().contains(&f) {
        return Some(format!("no piece is at {from}"));
    }
    let board = state.board();
    let occupied = Cells::of(state.pieces());
    if board.step_direction(f, t, &occupied).is_some() {
        return None;
    }
    let ends: Vec<String> = board
        .steps(f, &occupied)
        .iter()
        .flatten()
        .map(|c| c.to_string())
        .collect();
    Some(if ends.is_empty() {
        format!("the piece at {from} cannot move")
    } else {
        format!(
            "a step from {from} ends at {}, not at {to}",
            ends.join(", ")
        )
    })
}

/// A shortest path of the piece at `start` to `goal` in the legal game `game`, the other
/// pieces standing still: `start`, the cell where each step ends, `goal` last. `None` if the
/// game is not legal, no piece is at `start`, or the piece cannot get there.
pub fn minimal_path(game: &str, start: u16, goal: u16) -> Option<Vec<u16>> {
    let state: State = game.parse().ok()?;
    let (s, g) = (cell(start)?, cell(goal)?);
    if !state.pieces().contains(&s) {
        return None;
    }
    let others: Vec<Cell> = state.pieces().iter().copied().filter(|&p| p != s).collect();
    let path = state.board().path(s, g, &Cells::of(&others))?;
    Some(path.into_iter().map(u16::from).collect())
}
