//! Triad's line-based protocol, exactly as the rules document gives it: the view at the
//! start and after every accepted pick, `pick I J K`, `hint`, `count`, re-deals announced,
//! and the end.

use std::io::{self, BufRead, Write};

use super::{Command, Ended, Lines, Read, Reading, command_words, quoted, read_command, say_error};
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

/// The game's own commands.
enum Own {
    Pick([usize; 3]),
    Hint,
    Count,
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
}

fn parse(line: &str) -> Result<Command<Own>, CommandError> {
    let Some((first, rest)) = command_words(line) else {
        return Ok(Command::Nothing);
    };
    match (first.as_str(), rest.as_slice()) {
        ("help", []) => Ok(Command::Help),
        ("quit" | "exit", []) => Ok(Command::Quit),
        ("hint", []) => Ok(Command::Own(Own::Hint)),
        ("count", []) => Ok(Command::Own(Own::Count)),
        ("pick", [i, j, k]) => match (i.parse(), j.parse(), k.parse()) {
            (Ok(i), Ok(j), Ok(k)) => Ok(Command::Own(Own::Pick([i, j, k]))),
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
    let reading = Reading {
        help: &|| HELP.to_string(),
        plain: "commands",
        at_end: "",
    };
    loop {
        if game.is_over() {
            writeln!(out, "{}", text::game_over_line(game))?;
            out.flush()?;
            return Ok(Ended::Normally);
        }
        out.flush()?;
        match read_command(&mut lines, out, err, &reading, parse)? {
            Read::Own(Own::Pick(positions)) => match game.pick(positions) {
                Ok(found) => {
                    for redeal in &found.redeals {
                        writeln!(out, "{}", text::redeal_line(redeal))?;
                    }
                    write!(out, "{}", text::render(game))?;
                }
                Err(e) => say_error(err, e),
            },
            Read::Own(Own::Hint) => {
                if let Some([i, j, k]) = first_triad(game.tableau()) {
                    writeln!(out, "pick {i} {j} {k}")?;
                }
            }
            Read::Own(Own::Count) => writeln!(out, "{}", count_triads(game.tableau()))?,
            Read::Answered => {}
            Read::Done(ended) => return Ok(ended),
        }
    }
}
