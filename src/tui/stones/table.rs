//! The duel screen at a server's table: the table plays every move and announces it; the
//! screen shows the announced moves in order and sends its own player's moves as requests.

use crate::tui::event::Sender;
use std::time::Instant;

use super::{NewDuel, StoneGame, StonesScreen};
use crate::controller::duel::DuelConfig;
use crate::controller::table::{Joined, Request};
use crate::tui::Event;
use crate::tui::match_screen::{DuelLink, MirrorError, ToTable, mirror};
use crate::tui::view::theme::Theme;

/// Sends a request to the shared table a [`StonesScreen`] shows.
pub type ToDuelTable<G> = ToTable<DuelConfig<G>>;

impl<G: StoneGame> StonesScreen<G> {
    /// A screen showing a server's table from where `joined` stands: the moves so far are
    /// replayed here, later ones arrive as [`Event::Table`] news, and this player's moves go
    /// to the table through `send`.
    pub fn at_table(
        joined: Joined<DuelConfig<G>>,
        send: ToDuelTable<G>,
        events: Sender<Event>,
        size: (u16, u16),
        theme: Theme,
    ) -> Result<StonesScreen<G>, MirrorError<G::Refusal>> {
        let duel = mirror(&joined.config, &joined.moves)?;
        let refuse: NewDuel<G> = Box::new(|_| Err("a table deals its own games".into()));
        let mut app = StonesScreen::build(duel, refuse, events, size, theme, false);
        app.table = Some(DuelLink::new(&joined, send));
        app.after_move(Instant::now());
        Ok(app)
    }

    /// At a table: why it closed, once it has.
    pub fn table_closed(&self) -> Option<&str> {
        self.table.as_ref().and_then(|t| t.link.closed.as_deref())
    }

    /// At a table: whether this screen's move went out and its news has not come back yet.
    pub(super) fn table_busy(&self) -> bool {
        self.table.as_ref().is_some_and(DuelLink::busy)
    }

    /// At a table a forced pass is still the player's to send, and only theirs: sent once
    /// the move before it has been shown.
    pub(super) fn send_forced_pass(&mut self) {
        let pass = self.game().forced_pass();
        if self.human_to_move()
            && let Some(pass) = pass
            && let Some(table) = &mut self.table
        {
            table.request(Request::Play(pass));
        }
    }
}
