//! Triad's line-based protocol, exactly as the rules document gives it: the view at the
//! start and after every accepted pick, `pick I J K`, `hint`, `count`, re-deals announced,
//! and the end.

use std::io::{self, BufRead, Write};

use super::{Ended, Lines, Typed, command_words, quoted, say_error};
use crate::games::triad::{Game, count_triads, first_triad, text};

const HELP: &str = "\
Commands:
  pick I J K     take the cards at positions I, J and K if they are a triad, e.g. pick 0 4 9
  hint           show a triad on the table (the one with the smallest positions)
  count          show how many triads are on the table
  help           show this list
  quit           leave the game
Positions are laid out in columns: 0 3 6 9 / 1 4 7 10 / 2 5 8 11.
Lines starting with # and empty lines are ignored.
";

/// What one input line asks for.
enum Command {
    Nothing,
    Pick([usize; 3]),
    Hint,
    Count,
    Help,
    Quit,
}

/// Why a typed line is not a command (words from the line kept quoted and escaped).
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
enum CommandError {
    #[error("pick takes three positions, whole numbers from 0, not \"{0} {1} {2}\"")]
    NotNumbers(String, String, String),
    #[error("pick takes three positions, e.g. pick 0 4 9")]
    PickUsage,
    #[error("{0} takes nothing after it")]
    TakesNothing(String),
    #[error("unknown command \"{0}\"; type help for the commands")]
    Unknown(String),
    #[error("the line is not UTF-8 text; commands are plain text")]
    NotText,
}

fn parse(line: &str) -> Result<Command, CommandError> {
    let Some((first, rest)) = command_words(line) else {
        return Ok(Command::Nothing);
    };
    match (first.as_str(), rest.as_slice()) {
        ("help", []) => Ok(Command::Help),
        ("quit" | "exit", []) => Ok(Command::Quit),
        ("hint", []) => Ok(Command::Hint),
        ("count", []) => Ok(Command::Count),
        ("pick", [i, j, k]) => match (i.parse(), j.parse(), k.parse()) {
            (Ok(i), Ok(j), Ok(k)) => Ok(Command::Pick([i, j, k])),
            _ => Err(CommandError::NotNumbers(
                quoted(i).to_string(),
                quoted(j).to_string(),
                quoted(k).to_string(),
            )),
        },
        ("pick", _) => Err(CommandError::PickUsage),
        ("hint" | "count" | "help" | "quit" | "exit", _) => {
            Err(CommandError::TakesNothing(first.to_string()))
        }
        _ => Err(CommandError::Unknown(quoted(&first).to_string())),
    }
}

/// Plays `game` to the end, or until `quit` or end of input. Only failures to write `out`
/// are errors; everything a player types is answered on `err` as `error: …`.
pub fn run(
    game: &mut Game,
    input: impl BufRead,
    out: &mut impl Write,
    err: &mut impl Write,
) -> io::Result<Ended> {
    for redeal in game.opening_redeals() {
        writeln!(out, "{}", text::redeal_line(redeal))?;
    }
    write!(out, "{}", text::render(game))?;
    let mut lines = Lines::new(input);
    loop {
        if game.is_over() {
            writeln!(out, "{}", text::game_over_line(game))?;
            out.flush()?;
            return Ok(Ended::Normally);
        }
        out.flush()?;
        let command = match lines.next_line(err) {
            Typed::Text(line) => parse(line),
            Typed::NotText => Err(CommandError::NotText),
            Typed::End => return Ok(Ended::Normally),
            Typed::Failed => return Ok(Ended::InputFailed),
        };
        match command {
            Ok(Command::Nothing) => {}
            Ok(Command::Pick(positions)) => match game.pick(positions) {
                Ok(found) => {
                    for redeal in &found.redeals {
                        writeln!(out, "{}", text::redeal_line(redeal))?;
                    }
                    write!(out, "{}", text::render(game))?;
                }
                Err(e) => {
                    say_error(err, e);
                }
            },
            Ok(Command::Hint) => {
                if let Some([i, j, k]) = first_triad(game.tableau()) {
                    writeln!(out, "pick {i} {j} {k}")?;
                }
            }
            Ok(Command::Count) => writeln!(out, "{}", count_triads(game.tableau()))?,
            Ok(Command::Help) => write!(out, "{HELP}")?,
            Ok(Command::Quit) => {
                out.flush()?;
                return Ok(Ended::Normally);
            }
            Err(e) => {
                say_error(err, e);
            }
        }
    }
}
