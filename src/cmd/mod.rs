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

use std::process::ExitCode;

use clap::Parser;

use crate::cli::{Cli, Command};
use crate::registry::Entry;
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

/// The `trios` program: the games built in and `extra` (games kept outside this crate, each
/// one [`Entry`]) are installed, the command line is parsed and the command run. User
/// errors are one line and exit code 2; only a bug reaches color-eyre's report.
pub fn main(extra: &[&'static Entry]) -> color_eyre::Result<ExitCode> {
    color_eyre::install()?;
    crate::registry::install(extra)?;
    let cli = Cli::parse();
    // Plain `trios` in a terminal opens the home screen; with any flag it is `trios play`.
    let bare = std::env::args_os().len() <= 1;
    let result = match cli.command {
        None if bare && interactive() => home::run(),
        None => play::run(cli.play),
        Some(Command::Play(args)) => play::run(args),
        Some(Command::Replay(args)) => replay::run(&args),
        Some(Command::Solve(args)) => solve::run(&args),
        Some(Command::Sim(args)) => sim::run(&args),
        Some(Command::Perft(args)) => perft::run(&args),
        Some(Command::Serve(args)) => serve::run(&args),
        Some(Command::Players(args)) => players::run(&args),
        Some(other) => match crate::registry::run_tool(&other) {
            Some(Ok(true)) => Ok(()),
            // A "no" answer (illegal, no path) is not an error.
            Some(Ok(false)) => return Ok(ExitCode::from(1)),
            Some(Err(e)) => Err(e),
            None => Err(Error::Usage("no game has this command".into())),
        },
    };
    match result {
        Ok(()) => Ok(ExitCode::SUCCESS),
        // A bug: color-eyre reports it with its source chain.
        Err(e) if e.is_unexpected() => Err(e.into()),
        // Said already, by the front end that met it.
        Err(Error::Reported) => Ok(ExitCode::from(2)),
        // Something the user can fix: one line, exit code 2.
        Err(e) => {
            eprintln!("error: {e}");
            Ok(ExitCode::from(2))
        }
    }
}
