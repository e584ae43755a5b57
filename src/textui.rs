//! The line-based front end: commands on standard input, textual views on standard output.
//!
//! For scripts, screen readers and tests. The output is exactly what the rules document
//! specifies; errors go to standard error as `error: <reason>` and never end the game.

use std::io::{self, BufRead, Write};

use crate::controller::Match;
use crate::trios::ai::STRATEGY_NAMES;
use crate::trios::{Game, Move, MoveOutcome, Outcome, Player, text};

/// The `help` text: the commands, with every strategy `suggest` knows.
fn help() -> String {
    format!(
        "\
Commands:
  place H R C    play card H of your hand at row R, column C (all count from 0)
  suggest NAME   show what strategy NAME would play: {},
                 minimax:N, or a chain like corners>maxflip
  help           show this list
  quit           leave the game
Lines starting with # and empty lines are ignored.
",
        STRATEGY_NAMES.join(", ")
    )
}

/// How a text-mode session ended.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Ended {
    /// The game finished, or the player quit or closed the input.
    Normally,
    /// Standard input could not be read (the reason went to `err`).
    InputFailed,
}

/// Plays `game` to the end or until `quit` or end of input. Only failures to write `out` are
/// errors (a closed pipe, say); everything a player types is answered. Failures to write
/// `err` are ignored: losing a message must not end the game.
pub fn run(
    game: &mut Match,
    mut input: impl BufRead,
    out: &mut impl Write,
    err: &mut impl Write,
) -> io::Result<Ended> {
    let mut buf = Vec::new();
    print_view(out, game.game())?;
    loop {
        if let Some(e) = game.take_record_error() {
            let _ = writeln!(err, "error: {e}");
        }
        if let Some(outcome) = game.game().outcome() {
            writeln!(out, "{}", game_over_line(game.game(), outcome))?;
            out.flush()?;
            return Ok(Ended::Normally);
        }
        if game.computer_to_move() {
            let Some(mv) = game.computer_choice() else {
                out.flush()?;
                return Ok(Ended::Normally);
            };
            match game.play(mv) {
                Ok(outcome) => {
                    let line = plays_line(outcome);
                    writeln!(out, "{line}")?;
                    print_view(out, game.game())?;
                }
                // A strategy must return a legal move; if one ever does not, say so and stop
                // rather than loop.
                Err(e) => {
                    let _ = writeln!(err, "error: the computer chose an illegal move: {e}");
                    out.flush()?;
                    return Ok(Ended::Normally);
                }
            }
            continue;
        }
        out.flush()?;
        buf.clear();
        match input.read_until(b'\n', &mut buf) {
            Ok(0) => return Ok(Ended::Normally),
            Ok(_) => {}
            Err(e) => {
                let _ = writeln!(err, "error: cannot read standard input: {e}");
                return Ok(Ended::InputFailed);
            }
        }
        let reply = match std::str::from_utf8(&buf) {
            Ok(line) => execute(game, line.trim()),
            Err(_) => Reply::Error("the line is not UTF-8 text; commands are plain text".into()),
        };
        match reply {
            Reply::Nothing => {}
            Reply::Played => print_view(out, game.game())?,
            Reply::Text(t) => write!(out, "{t}")?,
            Reply::Error(e) => {
                let _ = writeln!(err, "error: {e}");
            }
            Reply::Quit => {
                out.flush()?;
                return Ok(Ended::Normally);
            }
        }
    }
}

/// What one command line leads to.
enum Reply {
    Nothing,
    Played,
    Text(String),
    Error(String),
    Quit,
}

fn execute(game: &mut Match, line: &str) -> Reply {
    if line.is_empty() || line.starts_with('#') {
        return Reply::Nothing;
    }
    let mut words = line.split_whitespace();
    let command = words.next().unwrap_or_default();
    let args: Vec<&str> = words.collect();
    match command.to_ascii_lowercase().as_str() {
        "place" => match parse_move(&args) {
            Ok(mv) => match game.play(mv) {
                Ok(_) => Reply::Played,
                Err(e) => Reply::Error(e.to_string()),
            },
            Err(e) => Reply::Error(e),
        },
        "suggest" => {
            let [name] = args[..] else {
                return Reply::Error(format!(
                    "suggest needs one strategy name: suggest NAME (one of {})",
                    STRATEGY_NAMES.join(", ")
                ));
            };
            match game.suggest(name) {
                Ok(Some(mv)) => Reply::Text(format!("place {mv}\n")),
                Ok(None) => Reply::Error("the game is over".into()),
                Err(e) => Reply::Error(e.to_string()),
            }
        }
        "help" | "?" => Reply::Text(help()),
        "quit" | "exit" => Reply::Quit,
        _ => Reply::Error(format!(
            "unknown command \"{command}\"; type help for the list"
        )),
    }
}

fn parse_move(args: &[&str]) -> Result<Move, String> {
    let usage = "place needs three numbers: place HAND ROW COL, e.g. place 0 1 2";
    let [h, r, c] = args[..] else {
        return Err(format!("{usage} (got {} values)", args.len()));
    };
    let number = |s: &str, what: &str| {
        s.parse::<usize>()
            .map_err(|_| format!("{what} \"{s}\" is not a whole number 0 or more; {usage}"))
    };
    Ok(Move::new(
        number(h, "hand index")?,
        number(r, "row")?,
        number(c, "column")?,
    ))
}

fn print_view(out: &mut impl Write, game: &Game) -> io::Result<()> {
    write!(out, "{}", text::render(game))?;
    writeln!(out)
}

/// `RED plays H R C`: how a computer move is announced.
pub fn plays_line(outcome: &MoveOutcome) -> String {
    format!("{} plays {}", outcome.player, outcome.mv)
}

/// `Game over: RED wins 6-4`, `Game over: BLUE wins 4-6` or `Game over: tie 5-5`, Red first.
pub fn game_over_line(game: &Game, outcome: Outcome) -> String {
    let (red, blue) = (game.score(Player::Red), game.score(Player::Blue));
    match outcome {
        Outcome::Win(p) => format!("Game over: {p} wins {red}-{blue}"),
        Outcome::Tie => format!("Game over: tie {red}-{blue}"),
    }
}
