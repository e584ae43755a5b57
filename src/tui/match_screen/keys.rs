//! What every duel's key bar knows of its match screen: the state the keymap's offers are
//! chosen by, as far as the match itself decides it. A board adds its own flags (a card
//! picked, the cell under the cursor) to the same state.

use super::{MatchBoard, MatchScreen};
use crate::controller::duel::Turn;
use crate::tui::keymap::offers::{State, flag};
use crate::tui::timeline::Steps;

impl<B: MatchBoard> MatchScreen<B>
where
    Turn<B::Game>: Steps,
{
    /// The key bar's state from the match: replay or play, where it is played, a table
    /// closed or waiting, the game over, a match watched and paused, a move playing out,
    /// and whether `u` has a move to take back.
    pub(crate) fn key_state(&self) -> State {
        State::new(self.key_mode(), self.context())
            .with(
                flag::CLOSED,
                self.table.as_ref().is_some_and(|t| t.link.closed.is_some()),
            )
            .with(flag::WAITING, self.waiting_for_opponent())
            .with(flag::OVER, self.duel.is_over())
            .with(flag::WATCHING, self.watching())
            .with(flag::PAUSED, self.motion.paused)
            .with(flag::ANIMATING, self.motion.animation.is_some())
            .with(flag::TAKE_BACK, self.can_take_back())
    }
}
