//! Computer players think on their own thread, so whoever runs a match (a screen, a shared
//! table) keeps answering while a move is chosen.

use std::sync::mpsc::{self, Sender};
use std::thread;

use super::duel::Computers;
use crate::games::TwoPlayer;

/// A request of a [`DuelWorker`]: choose for the player to move in `game`.
struct DuelRequest<G> {
    ticket: u64,
    game: G,
}

/// Where a [`DuelWorker`]'s answers go: the ticket (which comes back with the answer, so the
/// asker can drop answers for a game it no longer plays), the position asked about and the
/// chosen move; `false` once the asker is gone, which ends the thread.
pub type DeliverMove<G> = Box<dyn Fn(u64, &G, Option<<G as TwoPlayer>::Move>) -> bool + Send>;

/// The thinking thread of one match of any two-player game. Dropping it ends the thread once
/// it is idle.
pub struct DuelWorker<G: TwoPlayer> {
    requests: Sender<DuelRequest<G>>,
}

impl<G: TwoPlayer> DuelWorker<G> {
    /// Starts a thread holding the match's computer strategies; each answer is handed to
    /// `deliver`.
    pub fn start(strategies: Computers<G>, deliver: DeliverMove<G>) -> DuelWorker<G> {
        let (requests, inbox) = mpsc::channel::<DuelRequest<G>>();
        let _ = thread::Builder::new()
            .name("trios-ai".into())
            .spawn(move || {
                let mut strategies = strategies;
                for request in inbox {
                    let side = request.game.to_move();
                    let mv = strategies[side.index()]
                        .as_mut()
                        .and_then(|s| s.choose(&request.game));
                    if !deliver(request.ticket, &request.game, mv) {
                        return;
                    }
                }
            });
        DuelWorker { requests }
    }

    /// Asks for a move; the answer arrives later through the deliver function. If the thread
    /// could not be spawned the seat never moves, and the match stays usable and saved.
    pub fn request(&self, ticket: u64, game: &G) {
        let _ = self.requests.send(DuelRequest {
            ticket,
            game: game.clone(),
        });
    }
}
