//! A match screen's computer seats: the thread they think on, the ticket each request
//! carries (an answer for a position since left is dropped), whether one is thinking, and
//! the move chosen but not played yet (it waits for the last move's animation or the
//! watcher's pace; the screen decides when).

use std::sync::mpsc::Sender;

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

    /// Asks for a move in `game`, if there is a thread; gives whether it was asked.
    pub fn ask(&mut self, game: &G) -> bool {
        let Some(worker) = &self.worker else {
            return false;
        };
        self.ticket += 1;
        self.thinking = true;
        worker.request(self.ticket, game);
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::reversi::{Game, Options};

    #[test]
    fn only_the_answer_to_the_latest_request_is_taken() {
        let game = <Game as TwoPlayer>::start(&Options::default(), 0).expect("the usual start");
        let (events, _answers) = std::sync::mpsc::channel();
        let mut computer = Computer::<Game>::none();
        assert!(!computer.ask(&game), "no thread, nothing asked");
        assert_eq!(computer.answer(0, Some(0), &game), None, "nothing awaited");

        computer.start([None, None], &events);
        assert!(computer.ask(&game));
        let asked = computer.ticket;
        assert!(computer.thinking());
        assert_eq!(computer.answer(asked - 1, Some(0), &game), None, "stale");
        let first = game.legal_moves()[0];
        assert_eq!(computer.answer(asked, Some(0), &game), Some(Some(first)));
        assert!(!computer.thinking());
        assert_eq!(
            computer.answer(asked, Some(0), &game),
            None,
            "answered once"
        );

        assert!(computer.ask(&game));
        computer.queue(Some(first));
        computer.forget();
        assert_eq!(
            computer.answer(asked + 1, Some(0), &game),
            None,
            "forgotten"
        );
        assert_eq!(computer.queued(), None);
    }
}
