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
use crate::games::GameKind;
use crate::registry::daily::DailyStore;
use crate::registry::entry;
use crate::registry::local::LocalProfile;
use crate::store::AccountId;
use crate::store::handle::{LOCAL_HANDLE, LOCAL_KEY};
use crate::store::lazy::LazyStore;
use crate::store::open::Database;
use crate::store::worker::{StoreService, now};
use crate::tui::lobby::{Intent, Launch, Lobby, Resumable};
use crate::tui::players::{PlayersScreen, Whose};
use crate::tui::{Closed, Event, Opening, Screen, Transition};

/// The home screen until the person quits it or the process is told to stop; each match
/// chosen there is opened on top of it and comes back to it when left.
pub fn run() -> Result<(), Error> {
    let base = crate::registry::home_setup()?;
    let choices = Arc::new(crate::registry::lobby_choices(base));
    if crate::tui::stop_requested() {
        return Ok(());
    }
    let local = Local::open(autosave::data_dir().as_deref());
    crate::tui::run_screen(|_events, size, theme| {
        let mut lobby = Lobby::home(choices, autosave::data_dir(), size, theme);
        lobby.update(Event::Resize(size.0, size.1));
        lobby.set_players(local.is_ok());
        HomeScreen {
            lobby,
            resumable: None,
            local,
        }
    })
    .map_err(Error::Terminal)?;
    Ok(())
}

/// How long the home screen waits for its own store.
const WAIT: std::time::Duration = std::time::Duration::from_secs(2);

/// The home screen's own store (`trios.db` in the data folder) and its one account, the
/// person at this terminal ([`LOCAL_HANDLE`]).
#[derive(Clone)]
pub struct Local {
    pub store: StoreService,
    pub me: AccountId,
    /// The local profile: the matches finished here, kept in the store.
    pub profile: Option<LocalProfile>,
}

impl Local {
    /// Opens the store in `data_dir` and the local account, created on first use; `Err`
    /// says why there is no local profile (no data folder, a store that cannot open).
    pub fn open(data_dir: Option<&std::path::Path>) -> Result<Local, String> {
        let database = Database::from_url_or_dir(None, data_dir).map_err(|e| e.to_string())?;
        let (store, opened) = LazyStore::new(database);
        opened.map_err(|e| e.to_string())?;
        let store = StoreService::start(Box::new(store), None, crate::store::LICHESS)
            .map_err(|e| format!("cannot start the store: {e}"))?;
        let me = store
            .ask(WAIT, |s| match s.account_by_key(LOCAL_KEY)? {
                Some(account) => Ok(account.id),
                None => Ok(s.create_account(LOCAL_HANDLE, LOCAL_KEY, now())?.id),
            })
            .map_err(|e| e.to_string())?;
        let profile = data_dir.map(|dir| LocalProfile::new(store.clone(), me, dir.to_path_buf()));
        if let Some(profile) = &profile {
            profile.keep_finished();
        }
        Ok(Local { store, me, profile })
    }
}

/// The daily puzzles' keeper of the home screen: the local account in its own store, or
/// nothing kept and why.
pub fn daily_store(local: &Result<Local, String>) -> DailyStore {
    match local {
        Ok(local) => DailyStore {
            store: Some(local.store.clone()),
            me: Some(local.me),
            not_kept: None,
            puzzles: crate::registry::daily::puzzles(),
        },
        Err(why) => DailyStore {
            store: None,
            me: None,
            not_kept: Some(format!("no local profile: {why}")),
            puzzles: crate::registry::daily::puzzles(),
        },
    }
}

/// The home screen in the shell: the lobby, and what it remembers of the match opened last.
struct HomeScreen {
    lobby: Lobby,
    /// The match "Resume last match" continued before the match on top was opened.
    resumable: Option<Resumable>,
    /// The local profile's store, or why there is none.
    local: Result<Local, String>,
}

impl HomeScreen {
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

impl Screen for HomeScreen {
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
            Some(Intent::Daily(game)) => {
                match crate::registry::daily::today(game, daily_store(&self.local)) {
                    Some(opening) => Transition::Push(opening),
                    None => Transition::Stay,
                }
            }
            Some(Intent::DailyBoard) => Transition::Push(crate::registry::daily::board(
                daily_store(&self.local),
                None,
            )),
            Some(Intent::Players { .. }) => match &self.local {
                Ok(Local {
                    profile: Some(profile),
                    ..
                }) => {
                    let source = Box::new(profile.clone());
                    Transition::Push(Box::new(move |_events, _size, theme| {
                        Box::new(PlayersScreen::new(
                            source,
                            Whose::Typed(LOCAL_HANDLE.into()),
                            crate::registry::rating_groups(),
                            GameKind::default(),
                            true,
                            theme,
                        ))
                    }))
                }
                _ => Transition::Stay,
            },
            // Tables belong to a server's lobby.
            Some(
                Intent::Open { .. }
                | Intent::Join(_)
                | Intent::Watch(_)
                | Intent::Casual(_)
                | Intent::FindOpponent(_),
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
        if let Ok(Local {
            profile: Some(profile),
            ..
        }) = &self.local
        {
            profile.keep_finished();
        }
        // Done with that match: old finished autosaves go, off the screen's thread.
        std::thread::spawn(super::prune_autosaves);
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
