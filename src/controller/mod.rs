//! Matches: the setup they came from, two seats (human or computer), the moves so far, and
//! the record kept on disk as they go. Every two-player game plays through [`Duel`]; Three
//! Trios's match ([`three_trios`]) is a duel set up and recorded in its own layout.

pub mod arena;
mod audience;
pub mod duel;
pub mod lobby_news;
pub mod pool;
pub mod race_table;
pub mod rated;
pub mod refusal;
mod seating;
mod serve;
pub mod table;
pub mod table_game;
pub mod table_kind;
pub mod tables;
pub mod three_trios;
pub mod worker;

pub use crate::setup::Seat;
pub use duel::{Duel, DuelConfig, DuelError, MatchLog, Replayable, Setup, Turn};
pub use worker::{DeliverMove, DuelWorker};

/// Whether a computer seat named `spec` draws on its seeded stream before doing anything
/// costly: `random`, or a chain whose links before `random` are only `corners` (which either
/// proposes at once or hands over). Only such seats are fast-forwarded through a replay;
/// every other strategy either keeps no stream or would think at full length for each
/// recorded move, for nothing.
pub(crate) fn draws_on_seed_first(spec: &str) -> bool {
    for link in spec.split('>').map(|l| l.trim().to_ascii_lowercase()) {
        match link.as_str() {
            "random" | "randomcomputerplayer" => return true,
            "corners" => {}
            _ => return false,
        }
    }
    false
}
