//! Computer players think on their own thread, so whoever runs a match (a screen, a shared
//! table) keeps answering while a move is chosen.

use std::sync::mpsc::{self, Receiver, Sender};
use std::thread;

use crate::games::three_trios::ai::Strategy;
use crate::games::three_trios::{Game, Move};

/// A request: choose a move for the player to move in `game`. `ticket` comes back with the
/// answer so the asker can drop answers for a game it no longer plays.
struct Request {
    ticket: u64,
    game: Game,
}

/// Where answers go: called with the ticket and the chosen move; returns `false` once the
/// asker is gone, which ends the thread.
pub type Deliver = Box<dyn Fn(u64, Option<Move>) -> bool + Send>;

/// Handle to the thinking thread of one match. Dropping it ends the thread once it is idle.
pub struct AiWorker {
    requests: Sender<Request>,
}

impl AiWorker {
    /// Starts a thread holding the match's computer strategies; each answer is handed to
    /// `deliver`.
    pub fn start(strategies: [Option<Box<dyn Strategy>>; 2], deliver: Deliver) -> AiWorker {
        let (requests, inbox) = mpsc::channel();
        // Detached: it ends when this handle (the request channel) is dropped.
        let _ = thread::Builder::new()
            .name("trios-ai".into())
            .spawn(move || think(strategies, inbox, deliver));
        AiWorker { requests }
    }

    /// Asks for a move; the answer arrives later through the deliver function.
    pub fn request(&self, ticket: u64, game: &Game) {
        // If the thread is gone (it could not be spawned), the seat simply never moves and
        // the asker keeps saying it is thinking; the game stays usable and saved.
        let _ = self.requests.send(Request {
            ticket,
            game: game.clone(),
        });
    }
}

fn think(
    mut strategies: [Option<Box<dyn Strategy>>; 2],
    inbox: Receiver<Request>,
    deliver: Deliver,
) {
    for request in inbox {
        let player = request.game.turn();
        let mv: Option<Move> = strategies[player as usize]
            .as_mut()
            .and_then(|s| s.choose(&request.game));
        if !deliver(request.ticket, mv) {
            return;
        }
    }
}
