//! The `trios` binary: parse the command line and hand over to a front end.

use std::io::{self, IsTerminal};
use std::process::ExitCode;

use clap::Parser;
use trios::cli::{Cli, Command, PlayArgs, ReplayArgs};
use trios::controller::{Match, MatchConfig, SourceFile};
use trios::record::Record;
use trios::textui;

/// A problem the user can fix (a file, a flag, the input): exit code 2.
enum UserError {
    /// Printed plainly as `error: <message>`.
    Message(String),
    /// Already reported by the front end.
    Reported,
}

impl<E: std::fmt::Display> From<E> for UserError {
    fn from(e: E) -> UserError {
        UserError::Message(e.to_string())
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
        Err(UserError::Message(message)) => {
            eprintln!("error: {message}");
            ExitCode::from(2)
        }
        Err(UserError::Reported) => ExitCode::from(2),
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
    // A drawn seed that shapes the game is shown so the game can be played again; stdout's
    // format is fixed, so it goes to stderr, which scripts read only for `error:` lines.
    if args.seed.is_none() && game.config().depends_on_seed() {
        eprintln!("seed: {seed} (play this game again with --seed {seed})");
    }
    if io::stdin().is_terminal() {
        eprintln!("Three Trios: type help for the commands.");
    }
    let stdin = io::stdin().lock();
    let ended = textui::run(
        &mut game,
        stdin,
        &mut io::stdout().lock(),
        &mut io::stderr().lock(),
    );
    match finish_output(ended)? {
        Some(textui::Ended::InputFailed) => Err(UserError::Reported),
        _ => Ok(()),
    }
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
    finish_output(io::stdout().lock().write_all(out.as_bytes()))?;
    Ok(())
}

/// A closed output pipe (`trios ... | head`) is a normal way to stop reading, not an error;
/// gives `None` then.
fn finish_output<T>(result: io::Result<T>) -> Result<Option<T>, UserError> {
    match result {
        Ok(value) => Ok(Some(value)),
        Err(e) if e.kind() == io::ErrorKind::BrokenPipe => Ok(None),
        Err(e) => Err(UserError::Message(format!("cannot write output: {e}"))),
    }
}
