//! Islands of Hex's line-based protocol, exactly as the rules document gives it: the view
//! at the start and after every accepted move, `place R C` (0-based), and the end.

use std::io::{self, BufRead, Write};

use super::{Ended, Lines, Typed, command_words, quoted, say_error};
use crate::controller::Duel;
use crate::games::islands::{Game, Place, Stone, text};
use crate::games::{TwoPlayer, Verdict};

fn help(size: usize) -> String {
    format!(
        "\
Commands:
  place R C      place your stone at row R, column C (both 0 to {}), e.g. place 0 3
  suggest NAME   show what strategy NAME would play: {}
  help           show this list
  quit           leave the game
Lines starting with # and empty lines are ignored.
",
        size.saturating_sub(1),
        Game::strategy_names().join(", ")
    )
}

/// What one input line asks for.
enum Command {
    Nothing,
    Place(Place),
    Suggest(String),
    Help,
    Quit,
}

/// Why a typed line is not a command (words from the line kept quoted and escaped).
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
enum CommandError {
    #[error("suggest takes one strategy name, e.g. suggest random")]
    SuggestUsage,
    #[error("place takes a row and a column, whole numbers from 0, not \"{0} {1}\"")]
    NotNumbers(String, String),
    #[error("place takes a row and a column, e.g. place 0 3")]
    PlaceUsage,
    #[error("unknown command \"{0}\"; type help for the commands")]
    Unknown(String),
    #[error("the line is not UTF-8 text; moves are plain text")]
    NotText,
}

fn parse(line: &str) -> Result<Command, CommandError> {
    let Some((first, rest)) = command_words(line) else {
        return Ok(Command::Nothing);
    };
    match (first.as_str(), rest.as_slice()) {
        ("help", []) => Ok(Command::Help),
        ("quit" | "exit", []) => Ok(Command::Quit),
        ("suggest", [name]) => Ok(Command::Suggest(name.to_string())),
        ("suggest", _) => Err(CommandError::SuggestUsage),
        ("place", [row, col]) => match (row.parse::<usize>(), col.parse::<usize>()) {
            (Ok(row), Ok(col)) => Ok(Command::Place(Place { row, col })),
            _ => Err(CommandError::NotNumbers(
                quoted(row).to_string(),
                quoted(col).to_string(),
            )),
        },
        ("place", _) => Err(CommandError::PlaceUsage),
        _ => Err(CommandError::Unknown(quoted(&first).to_string())),
    }
}

/// `WHITE joined top and bottom` or `BLACK joined left and right`.
pub fn chain_line(stone: Stone) -> String {
    match stone {
        Stone::White => "WHITE joined top and bottom".to_string(),
        Stone::Black => "BLACK joined left and right".to_string(),
    }
}

/// `Game over: BLACK wins 2-6`, `Game over: WHITE wins 3-1` or `Game over: tie 2-2`
/// (white's count first).
pub fn game_over_line(game: &Game) -> String {
    let [white, black] = game.score();
    match game.verdict() {
        Some(Verdict::Win(side)) => {
            format!("Game over: {} wins {white}-{black}", Game::side_name(side))
        }
        _ => format!("Game over: tie {white}-{black}"),
    }
}

/// Plays `duel` to the end, or until `quit` or end of input. Only failures to write `out`
/// are errors; everything a player types is answered on `err` as `error: …`.
pub fn run(
    duel: &mut Duel<Game>,
    input: impl BufRead,
    out: &mut impl Write,
    err: &mut impl Write,
) -> io::Result<Ended> {
    write!(out, "{}", text::render(duel.game()))?;
    let mut lines = Lines::new(input);
    loop {
        if let Some(e) = duel.take_record_error() {
            say_error(err, e);
        }
        let game = duel.game();
        if game.is_over() {
            if let Some(stone) = game.board().chain_maker() {
                writeln!(out, "{}", chain_line(stone))?;
            }
            writeln!(out, "{}", game_over_line(game))?;
            out.flush()?;
            return Ok(Ended::Normally);
        }
        let stone = game.turn();
        if duel.computer_to_move() {
            let Some(mv) = duel.computer_choice() else {
                out.flush()?;
                return Ok(Ended::Normally);
            };
            if let Err(e) = duel.play(mv) {
                say_error(err, format_args!("the computer chose an illegal move: {e}"));
                out.flush()?;
                return Ok(Ended::Normally);
            }
            writeln!(out, "{} plays {mv}", stone.name())?;
            write!(out, "{}", text::render(duel.game()))?;
            continue;
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
            Ok(Command::Place(place)) => match duel.play(place) {
                Ok(_) => write!(out, "{}", text::render(duel.game()))?,
                Err(e) => {
                    say_error(err, e);
                }
            },
            Ok(Command::Suggest(name)) => match duel.suggest(&name) {
                Ok(Some(mv)) => writeln!(out, "place {mv}")?,
                Ok(None) => {}
                Err(e) => {
                    say_error(err, e);
                }
            },
            Ok(Command::Help) => write!(out, "{}", help(duel.game().board().size()))?,
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
