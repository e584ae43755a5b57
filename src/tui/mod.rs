//! The full-screen terminal UI: screens fed by events and drawn by pure functions, run in the
//! local terminal by one shell (a stack of screens, a loop that sleeps until something
//! happens); and the lobby, the home screen `trios` opens with and the server's lobby alike.

pub(crate) mod driver;
pub mod event;
pub mod hexpaths;
pub mod input;
pub mod keymap;
pub mod lobby;
pub mod match_screen;
pub mod players;
pub mod race_screen;
pub mod shell;
pub mod signup;
pub mod stones;
pub mod table_link;
mod terminal;
pub mod three_trios;
pub mod timeline;
pub mod triad;
pub mod view;

pub use event::Event;
pub use shell::{Closed, Drawn, Leaving, Opening, Screen, Transition};
pub use terminal::stop_requested;
pub use view::theme::Theme;

use crate::tui::event::Sender;
use std::io;

use ratatui::crossterm::event::{KeyCode, KeyModifiers};

use stones::{StoneGame, StonesScreen};

/// How the UI opens a match.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Start {
    /// Play (or watch) it.
    Play,
    /// View a recorded match from the top.
    Review,
}

/// What the keys every game screen reads first made of a key press.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum FirstKey {
    /// Not one of them: the screen's own keys go on.
    Own,
    /// Used up: a key release, the key that closed the help, or another Ctrl key.
    Taken,
    /// Ctrl-C or Ctrl-Q.
    Quit,
    /// Ctrl-Z.
    Suspend,
}

/// The keys every game screen reads before its own: releases are ignored, any key closes
/// the help (`help` is set to false), Ctrl-C/Ctrl-Q quit and Ctrl-Z suspends.
pub fn first_key(key: &ratatui::crossterm::event::KeyEvent, help: &mut bool) -> FirstKey {
    use ratatui::crossterm::event::KeyEventKind;
    if key.kind == KeyEventKind::Release {
        return FirstKey::Taken;
    }
    if *help {
        *help = false;
        return FirstKey::Taken;
    }
    if !key.modifiers.contains(KeyModifiers::CONTROL) {
        return FirstKey::Own;
    }
    match key.code {
        KeyCode::Char('c') | KeyCode::Char('q') => FirstKey::Quit,
        KeyCode::Char('z') => FirstKey::Suspend,
        _ => FirstKey::Taken,
    }
}

/// A game screen in the shell: its own `update` (which answers the [`Transition`]),
/// `next_tick` and drawing as a widget. Each game's screen implements [`Screen`] with it.
macro_rules! game_screen {
    ($screen:ty) => {
        fn update(
            &mut self,
            event: $crate::tui::Event,
            now: std::time::Instant,
        ) -> $crate::tui::Transition {
            <$screen>::update(self, event, now)
        }
        fn next_tick(&self) -> Option<std::time::Instant> {
            <$screen>::next_tick(self)
        }
        fn draw(&self, area: ratatui::layout::Rect, buf: &mut ratatui::buffer::Buffer) {
            ratatui::widgets::Widget::render(self, area, buf);
        }
    };
}
pub(crate) use game_screen;

impl<G: StoneGame> Screen for StonesScreen<G> {
    game_screen!(StonesScreen<G>);
}

/// Runs the screen `make` builds (given where its events go, the terminal's size and the
/// theme), and any it opens, in this terminal until it quits or the process is told to
/// stop; gives the screen back. The terminal is restored on every way out.
pub fn run_screen<S: Screen>(
    make: impl FnOnce(Sender<Event>, (u16, u16), Theme) -> S,
) -> io::Result<S> {
    shell::run(make)
}
