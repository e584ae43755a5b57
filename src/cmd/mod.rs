//! The `trios` commands: play, replay, resume, solve, perft, sim, serve, players, the
//! per-game tools and the home screen, one module each; the binary only parses the command
//! line and dispatches here. Each goes through the registry ([`crate::registry`]) to the game
//! chosen; what the games' entries share to run a match is [`crate::run`].

pub mod home;
pub mod perft;
pub mod play;
pub mod players;
pub mod replay;
pub mod resume;
pub mod serve;
pub mod sim;
pub mod solve;

pub use crate::run::Error;
pub use crate::run::{front_end, interactive, saved_note, seed_note};

/// Drops old finished autosaves once a command or the home screen is done with a match
/// (every game's records, read through the registry). Failing to is harmless and the match is
/// over, so nothing is said.
pub fn prune_autosaves() {
    if let Some(dir) = crate::autosave::data_dir() {
        let _ = crate::record::kept::prune_finished(&dir, crate::registry::record_readers);
    }
}
