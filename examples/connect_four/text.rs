//! Connect Four's text mode: the board at the start and after every move, `drop C` (a
//! column letter), `suggest NAME`, `help` and `quit`, and the end.

use std::io::{self, BufRead, Write};

use trios::controller::Duel;
use trios::games::TwoPlayer;
use trios::textui::{
    Command, Ended, Lines, Read, Reading, command_words, computer_turn, quoted, read_command,
    say_error,
};

use crate::platform::title;
use crate::rules::{Board, COLUMNS};

fn help() -> String {
    format!(
        "\
Commands:
  drop C         drop your stone in column C (a to g), e.g. drop d
  suggest NAME   show what strategy NAME would play: {}
  help           show this list
  quit           leave the game
Lines starting with # and empty lines are ignored.
",
        Board::strategy_names().join(", ")
    )
}

/// The game's own commands.
enum Own {
    Drop(usize),
    Suggest(String),
}

/// Why a typed line is not a command.
#[derive(Debug, thiserror::Error)]
enum CommandError {
    #[error("drop takes a column letter from a to g, not \"{0}\"")]
    NotAColumn(String),
    #[error("drop takes one column letter, e.g. drop d")]
    DropUsage,
    #[error("suggest takes one strategy name, e.g. suggest random")]
    SuggestUsage,
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
        ("drop", [column]) => match column.to_ascii_lowercase().as_bytes() {
            [letter @ b'a'..=b'z'] if usize::from(letter - b'a') < COLUMNS => {
                Ok(Command::Own(Own::Drop(usize::from(letter - b'a'))))
            }
            _ => Err(CommandError::NotAColumn(quoted(column).to_string())),
        },
        ("drop", _) => Err(CommandError::DropUsage),
        _ => Err(CommandError::Unknown(quoted(&first).to_string())),
    }
}

/// The last line of a finished game.
pub fn game_over_line(game: &Board) -> String {
    match game.winner() {
        Some(side) => format!("Game over: {} wins", title(side)),
        None => "Game over: draw".to_string(),
    }
}

/// Plays `duel` to the end, or until `quit` or end of input.
pub fn run(
    duel: &mut Duel<Board>,
    input: impl BufRead,
    out: &mut impl Write,
    err: &mut impl Write,
) -> io::Result<Ended> {
    write!(out, "{}", duel.game().render())?;
    let mut lines = Lines::new(input);
    let reading = Reading {
        help: &help,
        plain: "moves",
        at_end: "",
    };
    loop {
        if let Some(e) = duel.take_record_error() {
            say_error(err, e);
        }
        let game = duel.game();
        if game.is_over() {
            writeln!(out, "{}", game_over_line(game))?;
            out.flush()?;
            return Ok(Ended::Normally);
        }
        let side = game.to_move();
        if duel.computer_to_move() {
            let Some(turn) = computer_turn(duel, err) else {
                out.flush()?;
                return Ok(Ended::Normally);
            };
            writeln!(out, "{} plays {}", title(side), turn.mv)?;
            write!(out, "{}", duel.game().render())?;
            continue;
        }
        out.flush()?;
        match read_command(&mut lines, out, err, &reading, parse)? {
            Read::Own(Own::Drop(col)) => match duel.game().landing(col) {
                Some(mv) => match duel.play(mv) {
                    Ok(_) => write!(out, "{}", duel.game().render())?,
                    Err(e) => say_error(err, e),
                },
                None => say_error(
                    err,
                    format_args!("column {} is full", trios::tui::view::coords::column(col)),
                ),
            },
            Read::Own(Own::Suggest(name)) => match duel.suggest(&name) {
                Ok(Some(mv)) => writeln!(out, "drop {}", trios::tui::view::coords::column(mv.col))?,
                Ok(None) => {}
                Err(e) => say_error(err, e),
            },
            Read::Answered => {}
            Read::Done(ended) => return Ok(ended),
        }
    }
}
