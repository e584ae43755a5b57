//! Islands of Hex's line-based protocol, exactly as the rules document gives it: the view
//! at the start and after every accepted move, `place R C` (0-based), and the end.

use std::io::{self, BufRead, Write};

use super::{
    Command, Ended, Lines, Read, Reading, command_words, computer_turn, quoted, read_command,
    say_error,
};
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

/// The game's own commands.
enum Own {
    Place(Place),
    Suggest(String),
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
}

fn parse(line: &str) -> Result<Command<Own>, CommandError> {
    let Some((first, rest)) = command_words(line) else {
        return Ok(Command::Nothing);
    };
    match (first.as_str(), rest.as_slice()) {
        ("help", []) => Ok(Command::Help),
        ("quit" | "exit", []) => Ok(Command::Quit),
        ("suggest", [name]) => Ok(Command::Own(Own::Suggest(name.to_string()))),
        ("suggest", _) => Err(CommandError::SuggestUsage),
        ("place", [row, col]) => match (row.parse::<usize>(), col.parse::<usize>()) {
            (Ok(row), Ok(col)) => Ok(Command::Own(Own::Place(Place { row, col }))),
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
    let size = duel.game().board().size();
    let reading = Reading {
        help: &|| help(size),
        plain: "moves",
        at_end: "",
    };
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
            let Some(turn) = computer_turn(duel, err) else {
                out.flush()?;
                return Ok(Ended::Normally);
            };
            writeln!(out, "{} plays {}", stone.name(), turn.mv)?;
            write!(out, "{}", text::render(duel.game()))?;
            continue;
        }
        out.flush()?;
        match read_command(&mut lines, out, err, &reading, parse)? {
            Read::Own(Own::Place(place)) => match duel.play(place) {
                Ok(_) => write!(out, "{}", text::render(duel.game()))?,
                Err(e) => say_error(err, e),
            },
            Read::Own(Own::Suggest(name)) => match duel.suggest(&name) {
                Ok(Some(mv)) => writeln!(out, "place {mv}")?,
                Ok(None) => {}
                Err(e) => say_error(err, e),
            },
            Read::Answered => {}
            Read::Done(ended) => return Ok(ended),
        }
    }
}
