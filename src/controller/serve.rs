//! The loop every table's thread runs: wait for a command or for the next moment something
//! is due, take the command in, let time act, and tell the lobby, until the table closes or
//! nobody can reach it any more.

use std::sync::mpsc::{Receiver, RecvTimeoutError};
use std::time::Instant;

/// What a table's thread does between commands.
pub(super) trait TableThread {
    type Command;
    /// When something is next due without a command (a computer's move, a round's end).
    fn next_wake(&self) -> Option<Instant>;
    fn handle(&mut self, command: Self::Command, now: Instant);
    /// What time brings by `now`.
    fn advance(&mut self, now: Instant);
    fn is_closed(&self) -> bool;
    /// Tells the lobby how the table stands.
    fn publish(&self);
}

/// Runs `table` on the commands from `inbox` until it closes, or until every sender is gone.
pub(super) fn serve<T: TableThread>(table: &mut T, inbox: &Receiver<T::Command>) {
    while !table.is_closed() {
        let now = Instant::now();
        let command = match table.next_wake() {
            Some(at) => match inbox.recv_timeout(at.saturating_duration_since(now)) {
                Ok(command) => Some(command),
                Err(RecvTimeoutError::Timeout) => None,
                Err(RecvTimeoutError::Disconnected) => break,
            },
            None => match inbox.recv() {
                Ok(command) => Some(command),
                Err(_) => break,
            },
        };
        let now = Instant::now();
        if let Some(command) = command {
            table.handle(command, now);
        }
        table.advance(now);
        if !table.is_closed() {
            table.publish();
        }
    }
}
