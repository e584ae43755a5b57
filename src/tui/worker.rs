//! Computer players think on their own thread, so the UI keeps drawing and answering keys.

use std::sync::mpsc::{self, Receiver, Sender};
use std::thread;

use crate::trios::ai::Strategy;
use crate::trios::{Game, Move};

use super::event::Event;

/// A request: choose a move for the player to move in `game`. `ticket` comes back with the
/// answer so the app can drop answers for a game it no longer shows.
struct Request {
    ticket: u64,
    game: Game,
}

/// Handle to the thinking thread of one match. Dropping it ends the thread once it is idle.
pub struct AiWorker {
    requests: Sender<Request>,
}

impl AiWorker {
    /// Starts a thread holding the match's computer strategies; answers go to `events` as
    /// [`Event::AiMove`].
    pub fn start(strategies: [Option<Box<dyn Strategy>>; 2], events: Sender<Event>) -> AiWorker {
        let (requests, inbox) = mpsc::channel();
        // Detached: it ends when this handle (the request channel) is dropped.
        let _ = thread::Builder::new()
            .name("trios-ai".into())
            .spawn(move || think(strategies, inbox, events));
        AiWorker { requests }
    }

    /// Asks for a move; the answer arrives later as an event.
    pub fn request(&self, ticket: u64, game: &Game) {
        // If the thread is gone (it could not be spawned), the seat simply never moves and
        // the status bar keeps saying it is thinking; the game stays usable and saved.
        let _ = self.requests.send(Request {
            ticket,
            game: game.clone(),
        });
    }
}

fn think(
    mut strategies: [Option<Box<dyn Strategy>>; 2],
    inbox: Receiver<Request>,
    events: Sender<Event>,
) {
    for request in inbox {
        let player = request.game.turn();
        let mv: Option<Move> = strategies[player as usize]
            .as_mut()
            .and_then(|s| s.choose(&request.game));
        if events
            .send(Event::AiMove {
                ticket: request.ticket,
                mv,
            })
            .is_err()
        {
            return;
        }
    }
}
