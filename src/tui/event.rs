//! Everything that can change the app: input, time, computer moves and signals.

use std::any::Any;
use std::sync::Arc;
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
}
