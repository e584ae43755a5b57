//! Three Trios's full-screen UI: the screen's state and its one way to change
//! (`app`), what each cell shows at a point of the match (`cells`), and its pure drawing
//! (`view`); and the match screen as the shell runs it.

pub mod app;
pub mod cells;
pub mod view;

use crate::tui::event::Sender;
use std::io;

use crate::controller::three_trios::Match;
use crate::tui::{Event, Screen, Start, Theme, run_screen};
use app::{NewMatch, ThreeTriosScreen};

impl Screen for ThreeTriosScreen {
    crate::tui::game_screen!(ThreeTriosScreen);
}

/// A Three Trios match screen: played from its start, or (`Review`) replayed from the top,
/// with battles animated or not. `events` is where computer moves arrive.
pub fn match_app(
    game: Match,
    new_match: NewMatch,
    start: Start,
    animate: bool,
    (events, size, theme): (Sender<Event>, (u16, u16), Theme),
) -> ThreeTriosScreen {
    let mut app = match start {
        Start::Play => ThreeTriosScreen::new(game, new_match, events, size, theme),
        Start::Review => ThreeTriosScreen::review(game, new_match, events, size, theme),
    };
    app.set_animations(animate);
    app
}

/// Runs the UI in this terminal until the player quits or the process is told to stop, and
/// gives back the match shown last.
pub fn run(game: Match, new_match: NewMatch, start: Start, animate: bool) -> io::Result<Match> {
    let app = run_screen(|events, size, theme| {
        match_app(game, new_match, start, animate, (events, size, theme))
    })?;
    Ok(app.into_match())
}
