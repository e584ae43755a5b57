//! A match screen's view of the match itself: the position before every move (what replay
//! and animation draw from), the match a shared table's game is mirrored on, and the thread
//! its computer seats think on.

use crate::tui::event::Sender;

use crate::controller::Seat;
use crate::controller::duel::Computers;
use crate::controller::duel::{Duel, DuelConfig, DuelError, Setup};
use crate::controller::worker::DuelWorker;
use crate::games::TwoPlayer;
use crate::tui::Event;

/// The position before each move of a match, then the live one: `states[i]` is the game
/// before move `i`, rebuilt once by replaying the recorded moves on a fresh deal.
///
/// Invariant: the result holds `history().len() + 1` positions. If the start cannot be
/// dealt again (or a move does not replay), the live game stands in for every point.
pub fn states_of<G: TwoPlayer>(duel: &Duel<G>) -> Vec<G> {
    let moves = duel.history().len();
    let mut states = Vec::with_capacity(moves + 1);
    if let Ok(mut game) = duel.config().deal() {
        states.push(game.clone());
        for turn in duel.history() {
            if game.play(turn.mv).is_err() {
                break;
            }
            states.push(game.clone());
        }
    }
    if states.len() != moves + 1 {
        states = vec![duel.game().clone(); moves + 1];
    }
    states
}

/// Why a screen cannot show the match at the table it joined; `R` is the game's refusal.
#[derive(Debug, thiserror::Error)]
pub enum MirrorError<R: std::error::Error + 'static> {
    /// The table's setup does not start a match here.
    #[error(transparent)]
    Start(#[from] DuelError),
    /// Move `number` (from 1) the table played does not replay on its setup.
    #[error("move {number} of the table does not replay: {reason}")]
    Replay {
        number: usize,
        #[source]
        reason: R,
    },
}

/// A match to show a shared table's game on: `config` dealt with no computer of its own
/// (the table plays for them), and the table's `moves` so far replayed on it.
pub fn mirror<S>(
    config: &S,
    moves: &[<S::Game as TwoPlayer>::Move],
) -> Result<Duel<S::Game>, MirrorError<<S::Game as TwoPlayer>::Refusal>>
where
    S: Setup + From<DuelConfig<S::Game>>,
{
    let mut platform = config.duel_config();
    platform.seats = [Seat::Human, Seat::Human];
    let mut duel = Duel::start(S::from(platform), None)?;
    for (n, &mv) in moves.iter().enumerate() {
        duel.play(mv).map_err(|reason| MirrorError::Replay {
            number: n + 1,
            reason,
        })?;
    }
    Ok(duel)
}

/// The computer seats' thread: each answer comes back as [`Event::Chosen`] with its ticket,
/// the move given as its place among the position's legal moves (as every game's computer
/// answers do).
pub fn start_worker<G: TwoPlayer>(
    strategies: Computers<G>,
    events: &Sender<Event>,
) -> DuelWorker<G> {
    let events = events.clone();
    DuelWorker::start(
        strategies,
        Box::new(move |ticket, game: &G, chosen: Option<G::Move>| {
            let index = chosen.and_then(|mv| game.legal_moves().iter().position(|&m| m == mv));
            events.send(Event::Chosen { ticket, index }).is_ok()
        }),
    )
}
