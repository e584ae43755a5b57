//! The `trios` binary: parse the command line and hand over to a command.

use std::process::ExitCode;

use clap::Parser;
use trios::cli::{Cli, Command};
use trios::cmd::{self, Error};

fn main() -> color_eyre::Result<ExitCode> {
    // Only a bug reaches color-eyre's report; user errors are printed plainly below.
    color_eyre::install()?;
    let cli = Cli::parse();
    // Plain `trios` in a terminal opens the home screen; with any flag it is `trios play`.
    let bare = std::env::args_os().len() <= 1;
    let result = match cli.command {
        None if bare && cmd::interactive() => cmd::home::run(),
        None => cmd::play::run(cli.play),
        Some(Command::Play(args)) => cmd::play::run(args),
        Some(Command::Replay(args)) => cmd::replay::run(&args),
        Some(Command::Solve(args)) => cmd::solve::run(&args),
        Some(Command::Sim(args)) => cmd::sim::run(&args),
        Some(Command::Perft(args)) => cmd::perft::run(&args),
        Some(Command::Serve(args)) => cmd::serve::run(&args),
        Some(Command::Players(args)) => cmd::players::run(&args),
        Some(other) => match trios::registry::run_tool(&other) {
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
