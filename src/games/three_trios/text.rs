//! The textual view from the brief: whose turn, the grid as letters, and that player's hand.

use std::fmt::Write;

use super::game::{Cell, Game};
use super::grid::Pos;

/// Renders the exact textual view: `Player: RED|BLUE`, one line per grid row (`_` empty card
/// cell, space for a hole, `R`/`B` for an owned card), then `Hand:` and the current player's
/// cards as `NAME N S E W`. Every line ends with `\n`.
pub fn render(game: &Game) -> String {
    let grid = game.grid();
    let mut out = String::with_capacity((grid.cols() + 1) * grid.rows() + 64);
    let player = game.turn();
    let _ = writeln!(out, "Player: {player}");
    for row in 0..grid.rows() {
        for col in 0..grid.cols() {
            out.push(match game.cell(Pos::new(row, col)) {
                Cell::Hole => ' ',
                Cell::Empty => '_',
                Cell::Card { owner, .. } => owner.letter(),
            });
        }
        out.push('\n');
    }
    out.push_str("Hand:\n");
    for card in game.hand(player) {
        let _ = writeln!(out, "{card}");
    }
    out
}
