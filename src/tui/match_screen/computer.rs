//! A match screen's computer seats: the thread they think on, the ticket each request
//! carries (an answer for a position since left is dropped), whether one is thinking, and
//! the move chosen but not played yet (it waits for the last move's animation or the
//! watcher's pace; the screen decides when).

use crate::tui::event::Sender;

use super::positions::start_worker;
use crate::controller::duel::Computers;
use crate::controller::worker::DuelWorker;
use crate::games::TwoPlayer;
use crate::tui::Event;

/// The computer seats as a screen asks them.
///
/// Invariant: `thinking` only while the request numbered `ticket` is unanswered; a move in
/// `queued` was chosen for the live position.
pub struct Computer<G: TwoPlayer> {
    worker: Option<DuelWorker<G>>,
    ticket: u64,
    thinking: bool,
    queued: Option<G::Move>,
}

impl<G: TwoPlayer> Computer<G> {
    /// No computer thread (a viewer, a table that plays its own computers, two people).
    pub fn none() -> Computer<G> {
        Computer {
            worker: None,
            ticket: 0,
            thinking: false,
            queued: None,
        }
    }

    /// A fresh thread for `strategies`, answering through `events`; anything asked of the
    /// one before is forgotten.
    pub fn start(&mut self, strategies: Computers<G>, events: &Sender<Event>) {
        self.forget();
        self.worker = Some(start_worker(strategies, events));
    }

    /// No thread from now on (a request already out stays awaited; no answer comes).
    pub fn stop(&mut self) {
        self.worker = None;
    }

    /// Drops the request being thought about and the move waiting to show: they are for a
    /// position gone (a move taken back, a new deal).
    pub fn forget(&mut self) {
        self.ticket += 1;
        self.thinking = false;
        self.queued = None;
    }

    /// Asks for a move in `game` (on a clock, within `budget`), if there is a thread;
    /// gives whether it was asked.
    pub fn ask(&mut self, game: &G, budget: Option<std::time::Duration>) -> bool {
        let Some(worker) = &self.worker else {
            return false;
        };
        self.ticket += 1;
        self.thinking = true;
        worker.request_within(self.ticket, game, budget);
        true
    }

    /// Takes the answer to request `ticket` (the move as its place among `game`'s legal
    /// moves): `None` for an answer no longer awaited, else the move, if it names one.
    pub fn answer(
        &mut self,
        ticket: u64,
        index: Option<usize>,
        game: &G,
    ) -> Option<Option<G::Move>> {
        if ticket != self.ticket || !self.thinking {
            return None;
        }
        self.thinking = false;
        Some(index.and_then(|i| game.legal_moves().get(i).copied()))
    }

    /// Whether a request is being thought about.
    pub fn thinking(&self) -> bool {
        self.thinking
    }

    /// The move chosen and waiting to be played.
    pub fn queued(&self) -> Option<G::Move> {
        self.queued
    }

    /// Sets (or clears) the move waiting to be played.
    pub fn queue(&mut self, mv: Option<G::Move>) {
        self.queued = mv;
    }
}
