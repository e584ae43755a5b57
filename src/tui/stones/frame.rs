//! The point of the match the board shows, and every number that goes with it: the score,
//! whose turn it is, the moves in the log. Live, while a move plays out, and in a replay,
//! the panel and the status bar read from here so that they never run ahead of the board.

use super::board::{Shown, StoneGame};
use super::{StonesScreen, board};
use crate::games::Side;
use crate::tui::timeline::Point;

/// One frame of the board and its numbers.
pub(super) struct Frame<'a, G: StoneGame> {
    /// Every cell as drawn, row-major.
    pub cells: Vec<Shown>,
    /// Each side's score on the board drawn.
    pub score: [usize; 2],
    /// The side whose turn it is on the board drawn (the mover while its move plays out);
    /// none once the game shown is over.
    pub to_move: Option<Side>,
    /// The move being played out (placed, its steps not all shown), if any.
    pub moving: Option<usize>,
    /// The move shown, if any (the log marks it).
    pub current: Option<usize>,
    /// How many moves the board drawn has had: the log lists no more.
    pub moves: usize,
    /// The position whose move counts the status bar gives: the one before a move playing
    /// out, else the one drawn.
    pub position: &'a G,
}

impl<G: StoneGame> StonesScreen<G> {
    /// The frame on the board now.
    pub(super) fn frame(&self) -> Frame<'_, G> {
        let mut frame = self.frame_shown();
        // A match ended on the clock has nobody to move at its end.
        if self.duel.is_over() && frame.moving.is_none() && frame.moves == self.history().len() {
            frame.to_move = None;
        }
        frame
    }

    /// The frame of the point shown, as the board's positions have it.
    fn frame_shown(&self) -> Frame<'_, G> {
        let states = &self.states;
        let live = self.game();
        let at = |i: usize| states.get(i).unwrap_or(live);
        match self.shown_point() {
            Point::Start => {
                let start = at(0);
                Frame {
                    cells: board::plain_cells(start),
                    score: start.score(),
                    to_move: (!start.is_over()).then(|| start.to_move()),
                    moving: None,
                    current: None,
                    moves: 0,
                    position: start,
                }
            }
            Point::Move { mv, shown } => {
                let turn = &self.history()[mv];
                let (before, after) = (at(mv), at(mv + 1));
                let cells = G::shown(before, &turn.played, shown);
                if shown < G::step_count(&turn.played) {
                    Frame {
                        score: G::partial_score(&cells, after),
                        cells,
                        to_move: Some(turn.side),
                        moving: Some(mv),
                        current: Some(mv),
                        moves: mv + 1,
                        position: before,
                    }
                } else {
                    Frame {
                        cells,
                        score: after.score(),
                        to_move: (!after.is_over()).then(|| after.to_move()),
                        moving: None,
                        current: Some(mv),
                        moves: mv + 1,
                        position: after,
                    }
                }
            }
        }
    }
}
