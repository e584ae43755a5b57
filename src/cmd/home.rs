//! `trios` alone in a terminal: the home screen, and the matches chosen there opened on top
//! of it in the one full screen; leaving a match comes back home.

use std::path::PathBuf;
use std::sync::Arc;
use std::time::Instant;

use ratatui::buffer::Buffer;
use ratatui::crossterm::event::{KeyCode, KeyModifiers};
use ratatui::layout::Rect;
use ratatui::widgets::Widget;

use super::resume::TRIAD_NOT_SAVED;
use super::{Error, replay};
use crate::autosave;
use crate::front::entry;
use crate::tui::lobby::{Choices, Intent, Launch, Lobby, Resumable};
use crate::tui::{Closed, Event, Opening, Screen, Transition};

/// The home screen until the person quits it or the process is told to stop; each match
/// chosen there is opened on top of it and comes back to it when left.
pub fn run() -> Result<(), Error> {
    let base = crate::front::home_setup()?;
    let choices = Arc::new(Choices::home(base));
    if crate::tui::stop_requested() {
        return Ok(());
    }
    crate::tui::run_screen(|_events, size, theme| {
        let mut lobby = Lobby::home(choices, autosave::data_dir(), size, theme);
        lobby.update(Event::Resize(size.0, size.1));
        Home {
            lobby,
            resumable: None,
        }
    })
    .map_err(Error::Terminal)?;
    Ok(())
}

/// The home screen in the shell: the lobby, and what it remembers of the match opened last.
struct Home {
    lobby: Lobby,
    /// The match "Resume last match" continued before the match on top was opened.
    resumable: Option<Resumable>,
}

impl Home {
    /// Opens the match `opened` built, or says on the home screen why it could not be.
    fn open(&mut self, opened: Result<Opening, Error>) -> Transition {
        match opened {
            Ok(opening) => {
                self.resumable = self.lobby.resumable().cloned();
                Transition::Push(opening)
            }
            Err(e) => {
                self.say_error(&e);
                Transition::Stay
            }
        }
    }

    fn say_error(&mut self, e: &Error) {
        match e {
            Error::Reported => self.lobby.say(
                "That stopped with an error; it is shown when trios ends",
                true,
            ),
            e => self.lobby.say(&e.to_string(), true),
        }
    }
}

impl Screen for Home {
    fn update(&mut self, event: Event, _now: Instant) -> Transition {
        if let Event::Key(key) = &event
            && key.code == KeyCode::Char('z')
            && key.modifiers.contains(KeyModifiers::CONTROL)
        {
            return Transition::Suspend;
        }
        match self.lobby.update(event) {
            None => Transition::Stay,
            Some(Intent::Quit) => Transition::Quit,
            Some(Intent::Play(launch)) => self.open(play(&launch)),
            Some(Intent::Resume(path)) => self.open(resume(path)),
            Some(Intent::Replay(path)) => self.open(replay::replay_screen(&path)),
            // Tables belong to a server's lobby.
            Some(
                Intent::Open { .. } | Intent::Join(_) | Intent::Watch(_) | Intent::Players { .. },
            ) => Transition::Stay,
        }
    }

    fn next_tick(&self) -> Option<Instant> {
        None
    }

    fn draw(&self, area: Rect, buf: &mut Buffer) {
        (&self.lobby).render(area, buf);
    }

    /// The match is over and let go, and with it the lock on its record: the saved list is
    /// read again, and the home screen says why the match was not saved, or that it now is
    /// the one to resume.
    fn uncovered(&mut self, closed: Closed, _now: Instant) -> Transition {
        let before = self.resumable.take();
        self.lobby.refresh();
        match closed.warning {
            Some(warning) => self.lobby.say(&warning, true),
            // A match left unfinished is now the one to resume (with more moves, or new).
            None if self.lobby.resumable().is_some()
                && self.lobby.resumable() != before.as_ref() =>
            {
                self.lobby
                    .say("Match saved: Resume last match continues it", false)
            }
            None => {}
        }
        Transition::Stay
    }
}

/// A new match chosen at home, as a screen, built by its game's entry: autosaved like
/// `trios play`'s, a warning kept for the home screen when it cannot be.
fn play(launch: &Launch) -> Result<Opening, Error> {
    (entry(launch.game).launch)(launch)
}

/// The match recorded at `path` continued as a screen, as `trios play --resume` continues
/// the latest.
fn resume(path: PathBuf) -> Result<Opening, Error> {
    match entry(crate::record::game_of_file(&path)?).resume_screen {
        Some(screen) => screen(path),
        None => Err(Error::Usage(TRIAD_NOT_SAVED.into())),
    }
}
