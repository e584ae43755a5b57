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
use super::three_trios::{config_from, match_screen, start_autosaved};
use super::{Error, duel, race, replay};
use crate::autosave;
use crate::controller::{Match, Seat};
use crate::games::GameKind;
use crate::games::islands::Game as Islands;
use crate::games::reversi::Game as Reversi;
use crate::games::three_trios::args::ThreeTriosArgs;
use crate::tui::lobby::{Choices, GameOptions, Intent, Launch, Lobby, Resumable};
use crate::tui::{Closed, Event, Opening, Screen, Transition};

/// The home screen until the person quits it or the process is told to stop; each match
/// chosen there is opened on top of it and comes back to it when left.
pub fn run() -> Result<(), Error> {
    let setup = ThreeTriosArgs::built_in(crate::games::three_trios::DealMode::Shuffle);
    let base = config_from(
        &setup,
        None,
        Seat::Human,
        Seat::Computer(crate::cli::STRONGEST.into()),
        1000,
    )?;
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
            Some(Intent::Open { .. } | Intent::Join(_) | Intent::Watch(_)) => Transition::Stay,
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

/// A new match chosen at home, as a screen: autosaved like `trios play`'s, a warning kept
/// for the home screen when it cannot be.
fn play(launch: &Launch) -> Result<Opening, Error> {
    match &launch.options {
        GameOptions::ThreeTrios(config) => {
            let mut config = (**config).clone();
            config.seed = rand::random();
            let warning = std::cell::RefCell::new(None);
            let game = start_autosaved(config, |why| {
                *warning.borrow_mut() = Some(format!(
                    "This match could not be saved: {why}; it cannot be resumed"
                ));
            })?;
            Ok(match_screen(
                game,
                crate::tui::Start::Play,
                warning.into_inner(),
            ))
        }
        GameOptions::Reversi { .. } => duel::home_screen::<Reversi>(launch.seats(), |_| {}),
        GameOptions::Islands { size } => {
            duel::islands_fit_the_screen(*size)?;
            duel::home_screen::<Islands>(launch.seats(), |options| options.size = *size)
        }
        GameOptions::Triad { rival } => {
            let seed = rand::random();
            let rivals = match rival {
                Some(level) => vec![
                    crate::games::triad::race::Rival::new(level, seed ^ 1).map_err(Error::Usage)?,
                ],
                None => Vec::new(),
            };
            Ok(race::triad_screen(seed, rivals))
        }
        GameOptions::HexPaths { rival, people } => {
            let seed: u64 = rand::random();
            let rivals = match rival {
                Some(level) => vec![
                    crate::games::hexpaths::round::Rival::new(level, seed ^ 1)
                        .map_err(Error::Usage)?,
                ],
                None => Vec::new(),
            };
            let people: Vec<String> = if *people > 1 {
                (1..=*people).map(|i| format!("player {i}")).collect()
            } else {
                Vec::new()
            };
            Ok(race::hexpaths_screen(race::HexpathsSetup {
                seed,
                settings: Default::default(),
                people,
                rivals,
            }))
        }
    }
}

/// The match recorded at `path` continued as a screen, as `trios play --resume` continues
/// the latest.
fn resume(path: PathBuf) -> Result<Opening, Error> {
    match crate::record::game_of_file(&path)? {
        GameKind::ThreeTrios => Ok(match_screen(
            Match::resume(path)?,
            crate::tui::Start::Play,
            None,
        )),
        kind @ (GameKind::Reversi | GameKind::Islands) => duel::resumed_screen(path, kind),
        GameKind::Triad | GameKind::HexPaths => Err(Error::Usage(TRIAD_NOT_SAVED.into())),
    }
}
