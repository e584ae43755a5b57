//! The `trios` binary: parse the command line and hand over to a front end.

use std::io::{self, IsTerminal};
use std::process::ExitCode;

use clap::Parser;
use trios::cli::{Cli, Command, PlayArgs, ReplayArgs};
use trios::controller::{Match, MatchConfig, SourceFile};
use trios::record::Record;
use trios::textui;
use trios::trios::DealMode;

/// A problem the user can fix (a file, a flag): printed plainly, exit code 2.
struct UserError(String);

impl<E: std::fmt::Display> From<E> for UserError {
    fn from(e: E) -> UserError {
        UserError(e.to_string())
    }
}

fn main() -> ExitCode {
    // Only a bug can reach color-eyre's handlers; user errors are printed plainly below.
    let _ = color_eyre::install();
    let cli = Cli::parse();
    let result = match cli.command {
        None => play(PlayArgs::versus_computer()),
        Some(Command::Play(args)) => play(args),
        Some(Command::Replay(args)) => replay(&args),
    };
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(UserError(message)) => {
            eprintln!("error: {message}");
            ExitCode::from(2)
        }
    }
}

fn play(args: PlayArgs) -> Result<(), UserError> {
    let board = match &args.board {
        Some(path) => SourceFile::read_board(path)?,
        None => SourceFile::default_board(),
    };
    let cards = match &args.cards {
        Some(path) => SourceFile::read_cards(path)?,
        None => SourceFile::default_cards(),
    };
    let seed = args.seed.unwrap_or_else(rand::random);
    let config = MatchConfig {
        board,
        cards,
        deal: args.deal,
        seed,
        rules: args.rules,
        red: args.red,
        blue: args.blue,
    };
    let mut game = Match::start(config, args.record)?;
    let interactive = io::stdin().is_terminal();
    if interactive {
        let mut note = String::from("Three Trios. Type help for the commands");
        if args.seed.is_none() && args.deal == DealMode::Shuffle {
            note.push_str(&format!("; this deal is --seed {seed}"));
        }
        eprintln!("{note}.");
    }
    let stdin = io::stdin().lock();
    finish_output(textui::run(
        &mut game,
        stdin,
        &mut io::stdout().lock(),
        &mut io::stderr().lock(),
    ))
}

fn replay(args: &ReplayArgs) -> Result<(), UserError> {
    let record = Record::load(&args.file)?;
    let name = args.file.display().to_string();
    let mut out = String::new();
    let game = record.replay(&name, |game, outcome| {
        if let Some(outcome) = outcome {
            out.push_str(&textui::plays_line(outcome));
            out.push('\n');
        }
        out.push_str(&trios::trios::text::render(game));
        out.push('\n');
    })?;
    match game.outcome() {
        Some(outcome) => {
            out.push_str(&textui::game_over_line(&game, outcome));
            out.push('\n');
        }
        None => out.push_str(&format!(
            "Record ends after {} moves; the game was not finished.\n",
            record.moves.len()
        )),
    }
    use std::io::Write;
    finish_output(io::stdout().lock().write_all(out.as_bytes()))
}

/// A closed output pipe (`trios ... | head`) is a normal way to stop reading, not an error.
fn finish_output(result: io::Result<()>) -> Result<(), UserError> {
    match result {
        Err(e) if e.kind() != io::ErrorKind::BrokenPipe => {
            Err(UserError(format!("cannot write output: {e}")))
        }
        _ => Ok(()),
    }
}
