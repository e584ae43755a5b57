//! What every game's entry shares to run a match from the command line or the home screen:
//! the one error a command fails with, output to a pipe that may close, the duels' and Three
//! Trios' match starts, the record viewer and the simulation runner. The registry
//! ([`crate::registry`]) calls in here; nothing here names a game's entry.

pub mod duel;
pub mod error;
pub mod output;
pub mod replay;
pub mod sim;
pub mod three_trios;

use std::io::{self, IsTerminal};

use crate::cli::Ui;

pub use error::Error;

/// Whether standard input and output are both a terminal.
pub fn interactive() -> bool {
    io::stdin().is_terminal() && io::stdout().is_terminal()
}

/// The front end to use: `auto` becomes full screen only when both ends are a terminal.
pub fn front_end(asked: Ui) -> Result<Ui, Error> {
    let interactive = interactive();
    let ui = asked.resolve(interactive);
    if ui == Ui::Tui && !interactive {
        return Err(Error::Usage(
            "the full-screen UI needs a terminal on standard input and output; use --ui text"
                .into(),
        ));
    }
    Ok(ui)
}

/// A drawn seed that shapes the game is shown so the game can be played again; in text mode
/// it goes to stderr, which scripts read only for `error:` lines.
pub fn seed_note(seed: u64) -> String {
    format!("seed: {seed} (play this game again with --seed {seed})")
}

/// Says on stderr that a new match could not be autosaved, and what to do about it: autosave
/// never stops a game, but the player should know it cannot be resumed.
pub fn warn_unrecorded(why: &dyn std::fmt::Display) {
    eprintln!(
        "warning: cannot autosave: {why}; this match will not be recoverable \
         (use --record FILE or --no-autosave)"
    );
}

/// Where an unfinished match with moves is kept and how to go on with it.
pub fn saved_note(path: &std::path::Path) -> String {
    format!(
        "Match saved in {}; trios play --resume continues it.",
        path.display()
    )
}

/// The same for a simulation's games.
pub fn sim_seed_note(seed: u64) -> String {
    format!("seed: {seed} (run these games again with --seed {seed})")
}
