//! The full-screen terminal UI: an `App` fed by events and drawn by a pure function, run in
//! the local terminal by a loop that sleeps until something happens; and the lobby, the
//! home screen `trios` opens with and the server's lobby alike.

pub mod app;
pub mod duel;
pub mod event;
pub mod hexpaths;
pub mod keymap;
pub mod lobby;
pub mod race_screen;
mod terminal;
pub mod timeline;
pub mod triad;
pub mod view;

pub use app::{App, NewMatch, ToTable};
pub use event::Event;
pub use terminal::stop_requested;
pub use view::theme::Theme;

use std::io;
use std::sync::mpsc::{self, RecvTimeoutError};
use std::time::Instant;

use ratatui::crossterm::event::{KeyCode, KeyModifiers};

use crate::controller::Match;
use lobby::{Intent, Lobby};

/// How the UI opens a match.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Start {
    /// Play (or watch) it.
    Play,
    /// View a recorded match from the top.
    Review,
}

/// The terminal's size, or `fallback` if it cannot be read.
fn size_or(session: &terminal::Session, fallback: (u16, u16)) -> (u16, u16) {
    session.size().unwrap_or(fallback)
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

/// What the local loop needs of a full-screen app: events in, a frame out (through
/// `Widget for &S`), and when to wake, stop or suspend.
pub trait Screen {
    fn update(&mut self, event: Event, now: Instant);
    /// When the next animation step or paced move is due, if any; idle screens sleep.
    fn next_tick(&self) -> Option<Instant>;
    fn should_quit(&self) -> bool;
    /// Whether Ctrl-Z was pressed since the last call.
    fn take_suspend(&mut self) -> bool;
}

impl Screen for App {
    fn update(&mut self, event: Event, now: Instant) {
        App::update(self, event, now);
    }
    fn next_tick(&self) -> Option<Instant> {
        App::next_tick(self)
    }
    fn should_quit(&self) -> bool {
        App::should_quit(self)
    }
    fn take_suspend(&mut self) -> bool {
        App::take_suspend(self)
    }
}

/// Runs the UI in this terminal until the player quits or the process is told to stop, and
/// gives back the match shown last.
pub fn run(game: Match, new_match: NewMatch, start: Start, animate: bool) -> io::Result<Match> {
    let app = run_screen(|events, size, theme| {
        let mut app = match start {
            Start::Play => App::new(game, new_match, events, size, theme),
            Start::Review => App::review(game, new_match, events, size, theme),
        };
        app.set_animations(animate);
        app
    })?;
    Ok(app.into_match())
}

/// Runs the screen `make` builds (given the event sender, the terminal's size and the theme)
/// in this terminal until it quits or the process is told to stop; gives the screen back.
/// The terminal is restored on every way out.
pub fn run_screen<S>(
    make: impl FnOnce(mpsc::Sender<Event>, (u16, u16), Theme) -> S,
) -> io::Result<S>
where
    S: Screen,
    for<'a> &'a S: ratatui::widgets::Widget,
{
    let (events, inbox) = mpsc::channel();
    let mut session = terminal::Session::enter()?;
    terminal::spawn_input(events.clone());
    terminal::spawn_signals(events.clone())?;
    let size = session.size()?;
    let mut app = make(events, size, Theme::from_env());
    loop {
        let drawn = session.draw(&app);
        if app.should_quit() {
            // A terminal that went away cannot show the last frame; the match is still whole.
            return Ok(app);
        }
        drawn?;
        // Sleep until input, a computer's move, or the next animation step: idle is free.
        let event = match app.next_tick() {
            Some(due) => match inbox.recv_timeout(due.saturating_duration_since(Instant::now())) {
                Ok(event) => event,
                Err(RecvTimeoutError::Timeout) => Event::Tick(Instant::now()),
                Err(RecvTimeoutError::Disconnected) => return Ok(app),
            },
            None => match inbox.recv() {
                Ok(event) => event,
                Err(_) => return Ok(app),
            },
        };
        app.update(event, Instant::now());
        // Take everything already waiting before drawing again, so a burst of keys costs
        // one frame.
        while let Ok(event) = inbox.try_recv() {
            app.update(event, Instant::now());
        }
        if app.take_suspend() {
            // Ctrl-Z: the shell gets its terminal back as it was; `fg` brings the game back,
            // redrawn in full at the terminal's size then.
            drop(session);
            terminal::stop_until_continued();
            session = terminal::Session::enter()?;
            let (w, h) = size_or(&session, size);
            app.update(Event::Resize(w, h), Instant::now());
        }
    }
}

/// Shows `lobby` in this terminal until the person chooses something, and gives back that
/// choice; the terminal is restored before it returns, so the choice can take it over. A stop
/// signal or a terminal that went away is [`Intent::Quit`] (and [`stop_requested`]).
pub fn run_lobby(lobby: &mut Lobby) -> io::Result<Intent> {
    if stop_requested() {
        return Ok(Intent::Quit);
    }
    let screen = run_screen(|_, size, _| {
        lobby.update(Event::Resize(size.0, size.1));
        LobbyScreen {
            lobby,
            intent: None,
            suspend: false,
        }
    })?;
    match screen.intent {
        Some(intent) if !stop_requested() => Ok(intent),
        _ => Ok(Intent::Quit),
    }
}

/// A lobby as the local loop runs it: the first choice ends it.
struct LobbyScreen<'a> {
    lobby: &'a mut Lobby,
    intent: Option<Intent>,
    /// Ctrl-Z was pressed.
    suspend: bool,
}

impl Screen for LobbyScreen<'_> {
    fn update(&mut self, event: Event, _now: Instant) {
        if self.intent.is_some() {
            return;
        }
        match event {
            Event::Key(key)
                if key.code == KeyCode::Char('z')
                    && key.modifiers.contains(KeyModifiers::CONTROL) =>
            {
                self.suspend = true;
            }
            event => self.intent = self.lobby.update(event),
        }
    }
    fn next_tick(&self) -> Option<Instant> {
        None
    }
    fn should_quit(&self) -> bool {
        self.intent.is_some()
    }
    fn take_suspend(&mut self) -> bool {
        std::mem::take(&mut self.suspend)
    }
}

impl ratatui::widgets::Widget for &LobbyScreen<'_> {
    fn render(self, area: ratatui::layout::Rect, buf: &mut ratatui::buffer::Buffer) {
        (&*self.lobby).render(area, buf);
    }
}
