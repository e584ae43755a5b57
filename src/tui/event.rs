//! Everything that can change the app: input, time, computer moves and signals.

use std::any::Any;
use std::fmt;
use std::sync::Arc;
use std::sync::mpsc::{self, SendError};
use std::time::Instant;

use ratatui::crossterm::event::{KeyEvent, MouseEvent};

use crate::controller::table::TableId;

/// One input to a screen ([`super::Screen::update`]). Local terminals, SSH channels and tests
/// all speak this.
#[derive(Debug, Clone)]
pub enum Event {
    Key(KeyEvent),
    Mouse(MouseEvent),
    /// The screen is now this many columns and rows.
    Resize(u16, u16),
    /// Time has passed; animations and paced computer moves advance.
    Tick(Instant),
    /// A computer seat's answer to the request with this ticket: the chosen move's index in
    /// the position's legal moves (so events stay free of any one game's types).
    Chosen {
        ticket: u64,
        index: Option<usize>,
    },
    /// News from the shared table this app shows (a move, a seat change, a notice): a
    /// duel table's `News` of its game's setup, or a race table's news, which its screen
    /// takes out (so events stay free of any one game's types).
    Table(TableId, Arc<dyn Any + Send + Sync>),
    /// The list of a server's tables changed (for a lobby screen).
    Lobby,
    /// The process was asked to stop (SIGTERM, SIGHUP, SIGINT), or the client went away.
    Terminate,
    /// The server is stopping: the screen says goodbye, restores the client's terminal and
    /// ends.
    Shutdown,
    /// Quick pairing found this player an opponent (for a server's lobby).
    Paired(Pairing),
}

/// What quick pairing tells each of the two players it paired: the first opens the table for
/// both and hands the other its number; the other sits at it.
#[derive(Clone)]
pub enum Pairing {
    /// Open a table for two on the options waited for, and tell `partner` its number.
    Open { partner: Sender<Event> },
    /// Sit at this table, which the partner opened.
    Join(TableId),
}

impl std::fmt::Debug for Pairing {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Pairing::Open { .. } => f.write_str("Open"),
            Pairing::Join(id) => f.debug_tuple("Join").field(id).finish(),
        }
    }
}

/// Where a screen's events go: a channel's sending end, or anything else that takes them
/// (an SSH screen worker's inbox, tagged with the session). Clones go to the same place.
pub struct Sender<T>(Arc<dyn Fn(T) -> Result<(), SendError<T>> + Send + Sync>);

impl<T> Sender<T> {
    /// A sender that hands each value to `take`, which gives it back when nobody is there
    /// to take it any more.
    pub fn new(take: impl Fn(T) -> Result<(), SendError<T>> + Send + Sync + 'static) -> Self {
        Sender(Arc::new(take))
    }

    /// Sends `value`; an error (with the value) when the other end is gone.
    pub fn send(&self, value: T) -> Result<(), SendError<T>> {
        (self.0)(value)
    }
}

impl<T> Clone for Sender<T> {
    fn clone(&self) -> Self {
        Sender(self.0.clone())
    }
}

impl<T> fmt::Debug for Sender<T> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("Sender")
    }
}

impl<T: Send + 'static> From<mpsc::Sender<T>> for Sender<T> {
    fn from(channel: mpsc::Sender<T>) -> Self {
        Sender::new(move |value| channel.send(value))
    }
}

/// A channel whose sending end is a [`Sender`].
pub fn channel<T: Send + 'static>() -> (Sender<T>, mpsc::Receiver<T>) {
    let (tx, rx) = mpsc::channel();
    (tx.into(), rx)
}
