//! Reversi's line-based protocol, exactly as the rules document gives it: the brief's
//! welcome, the board with `_` on the legal moves before every move, the brief's prompt, and
//! `R C` moves (1-based).

use std::io::{self, BufRead, Write};

use super::{
    Command, Ended, Lines, Read, Reading, command_words, computer_turn, quoted, read_command,
    say_error,
};
use crate::controller::Duel;
use crate::games::TwoPlayer;
use crate::games::reversi::{Color, Game, Move, Outcome, Square, SquareError, text};

/// The first line, as in the brief.
pub const WELCOME: &str =
    "Welcome to Reversi!  Moves should be entered in \"[row] [column]\" format.";

fn help() -> String {
    format!(
        "\
Commands:
  R C            place a disc at row R, column C (both 1 to 8), e.g. 3 5
  suggest NAME   show what strategy NAME would play: {}
  help           show this list
  quit           leave the game
Lines starting with # and empty lines are ignored.
",
        Game::strategy_names().join(", ")
    )
}

/// The game's own commands.
enum Own {
    Place(Square),
    Suggest(String),
}

/// Why a typed line is not a command.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
enum CommandError {
    #[error("suggest takes one strategy name, e.g. suggest greedy")]
    SuggestUsage,
    /// Not a square either (what was typed kept quoted and escaped).
    #[error("{0}; type help for the commands")]
    Square(SquareError),
}

fn parse(line: &str) -> Result<Command<Own>, CommandError> {
    let Some((first, rest)) = command_words(line) else {
        return Ok(Command::Nothing);
    };
    match (first.as_str(), rest.as_slice()) {
        ("help", _) => Ok(Command::Help),
        ("quit" | "exit", _) => Ok(Command::Quit),
        ("suggest", [name]) => Ok(Command::Own(Own::Suggest(name.to_string()))),
        ("suggest", _) => Err(CommandError::SuggestUsage),
        _ => line
            .trim()
            .parse::<Square>()
            .map(|square| Command::Own(Own::Place(square)))
            .map_err(|e| match e {
                SquareError::Syntax(got) => SquareError::Syntax(quoted(&got).into_owned()),
                e => e,
            })
            .map_err(CommandError::Square),
    }
}

/// `O plays 3 4`, or `X passes` for a computer's pass (announced separately).
fn plays_line(color: Color, mv: Move) -> String {
    format!("{} plays {mv}", color.letter())
}

/// `X has no legal move and passes.`
pub fn pass_line(color: Color) -> String {
    format!("{} has no legal move and passes.", color.letter())
}

/// `Game over: X wins 40-24`, `Game over: O wins 24-40` or `Game over: tie 32-32`.
pub fn game_over_line(game: &Game) -> String {
    let [x, o] = game.score();
    match game.outcome() {
        Some(Outcome::Win(color)) => format!("Game over: {} wins {x}-{o}", color.letter()),
        _ => format!("Game over: tie {x}-{o}"),
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
    writeln!(out, "{WELCOME}")?;
    let mut lines = Lines::new(input);
    let reading = Reading {
        help: &help,
        plain: "moves",
        at_end: "\n",
    };
    // Whether the board has been shown to the player to move since the last move.
    let mut shown = false;
    loop {
        if let Some(e) = duel.take_record_error() {
            say_error(err, e);
        }
        let game = *duel.game();
        if game.is_over() {
            write!(
                out,
                "\n{}\n{}\n",
                text::render_plain(&game),
                game_over_line(&game)
            )?;
            out.flush()?;
            return Ok(Ended::Normally);
        }
        let color = game.turn();
        if game.must_pass() {
            writeln!(out, "{}", pass_line(color))?;
            if let Err(e) = duel.play(Move::Pass) {
                say_error(err, e);
                return Ok(Ended::Normally);
            }
            shown = false;
            continue;
        }
        if duel.computer_to_move() {
            if !shown {
                write!(out, "\n{}\n", text::render(&game))?;
            }
            let Some(turn) = computer_turn(duel, err) else {
                out.flush()?;
                return Ok(Ended::Normally);
            };
            writeln!(out, "{}", plays_line(color, turn.mv))?;
            shown = false;
            continue;
        }
        if !shown {
            write!(out, "\n{}\n", text::render(&game))?;
            shown = true;
        }
        write!(out, "Enter your move, {} player: ", color.letter())?;
        out.flush()?;
        match read_command(&mut lines, out, err, &reading, parse)? {
            Read::Own(Own::Place(square)) => match duel.play(Move::Place(square)) {
                Ok(_) => shown = false,
                Err(e) => say_error(err, e),
            },
            Read::Own(Own::Suggest(name)) => match duel.suggest(&name) {
                Ok(Some(mv)) => writeln!(out, "{mv}")?,
                Ok(None) => {}
                Err(e) => say_error(err, e),
            },
            Read::Answered => {}
            Read::Done(ended) => return Ok(ended),
        }
    }
}
