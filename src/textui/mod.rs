//! The line-based front end: commands on standard input, textual views on standard output.
//!
//! For scripts, screen readers and tests. The output is exactly what the rules document
//! specifies; errors go to standard error as `error: <reason>` and never end the game, but
//! for a line longer than [`MAX_LINE`], which ends the run: such input is not commands.

use std::io::{self, BufRead, Write};

pub mod islands;
pub mod reversi;
pub mod triad;

use crate::controller::{Match, three_trios};
use crate::games::three_trios::ai::STRATEGY_NAMES;
use crate::games::three_trios::{Game, Move, MoveOutcome, Outcome, Player, text};

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

/// A command line as the text modes of the platform's games read it: its first word in
/// lower case and the words after it; `None` for an empty line or a `#` comment.
pub(crate) fn command_words(line: &str) -> Option<(String, Vec<&str>)> {
    let line = line.trim();
    if line.is_empty() || line.starts_with('#') {
        return None;
    }
    let mut words = line.split_whitespace();
    let first = words.next().unwrap_or_default().to_ascii_lowercase();
    Some((first, words.collect()))
}

/// The longest command line the text modes read, newline not counted: 64 KiB, far above any
/// command, so a stream without newlines (`< /dev/zero`) ends the run instead of filling
/// memory.
pub const MAX_LINE: usize = 64 << 10;

/// The most characters of a message about what a player typed that are shown; the rest is
/// summed up by its size.
const MAX_SHOWN: usize = 300;

/// Writes `error: MESSAGE` to `err`, control characters escaped and the message shortened,
/// so what a player typed can neither drive the terminal nor flood it. A failure to write is
/// ignored: losing a message must not end the game.
pub(crate) fn say_error(err: &mut impl Write, message: impl std::fmt::Display) {
    let shown = crate::escape::escape_short(&message.to_string(), MAX_SHOWN);
    let _ = writeln!(err, "error: {shown}");
}

/// A word the player typed, as a message quotes it: at most 40 characters (escaping is left
/// to [`say_error`]).
pub(crate) fn quoted(word: &str) -> std::borrow::Cow<'_, str> {
    crate::escape::shorten(word, crate::escape::QUOTED_CHARS)
}

/// One line the player typed, as the text modes read it.
pub(crate) enum Typed<'a> {
    /// The line without its newline.
    Text(&'a str),
    /// The line is not UTF-8.
    NotText,
    /// The input ended.
    End,
    /// The input could not be read, or a line was longer than [`MAX_LINE`]; the reason went
    /// to `err`. Reading on could never end on an endless stream, so the run stops.
    Failed,
}

/// Standard input (or any reader) as command lines of at most [`MAX_LINE`] bytes: the one
/// line reader of every text mode. Never holds more than one line.
pub(crate) struct Lines<R> {
    input: R,
    buf: Vec<u8>,
    /// Lines read so far, for messages.
    number: usize,
}

impl<R: BufRead> Lines<R> {
    pub(crate) fn new(input: R) -> Lines<R> {
        Lines {
            input,
            buf: Vec::new(),
            number: 0,
        }
    }

    /// The next line; a last line without a newline counts as a line.
    pub(crate) fn next_line(&mut self, err: &mut impl Write) -> Typed<'_> {
        self.buf.clear();
        loop {
            let chunk = match self.input.fill_buf() {
                Ok(chunk) => chunk,
                Err(e) if e.kind() == io::ErrorKind::Interrupted => continue,
                Err(e) => {
                    say_error(err, format_args!("cannot read standard input: {e}"));
                    return Typed::Failed;
                }
            };
            if chunk.is_empty() {
                if self.buf.is_empty() {
                    return Typed::End;
                }
                break;
            }
            let newline = chunk.iter().position(|&b| b == b'\n');
            let end = newline.unwrap_or(chunk.len());
            if self.buf.len() + end > MAX_LINE {
                say_error(
                    err,
                    format_args!(
                        "line {} is longer than {}; a command is one short line, so this \
                         input is not commands",
                        self.number + 1,
                        crate::input_file::human_size(MAX_LINE as u64)
                    ),
                );
                return Typed::Failed;
            }
            self.buf.extend_from_slice(&chunk[..end]);
            self.input.consume(newline.map_or(end, |i| i + 1));
            if newline.is_some() {
                break;
            }
        }
        self.number += 1;
        std::str::from_utf8(&self.buf).map_or(Typed::NotText, Typed::Text)
    }
}

/// How a text-mode session ended.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Ended {
    /// The game finished, or the player quit or closed the input.
    Normally,
    /// Standard input could not be read, or held a line longer than [`MAX_LINE`] (the reason
    /// went to `err`). The game so far is kept as at any other end of input.
    InputFailed,
}

/// Plays `game` to the end or until `quit` or end of input. Only failures to write `out` are
/// errors (a closed pipe, say); everything a player types is answered. Failures to write
/// `err` are ignored: losing a message must not end the game.
pub fn run(
    game: &mut Match,
    input: impl BufRead,
    out: &mut impl Write,
    err: &mut impl Write,
) -> io::Result<Ended> {
    run_with(game, input, out, err, false)
}

/// [`run`], and with `describe` also for people who cannot see the board: a prompt naming
/// the player to move, after every move a line saying what it flipped and why, the score
/// after every view, and a `score` command. Without it the output is exactly [`run`]'s.
pub fn run_with(
    game: &mut Match,
    input: impl BufRead,
    out: &mut impl Write,
    err: &mut impl Write,
    describe: bool,
) -> io::Result<Ended> {
    let mut lines = Lines::new(input);
    print_view(out, game.game())?;
    if describe {
        writeln!(out, "{}", score_line(game.game()))?;
    }
    loop {
        if let Some(e) = game.take_record_error() {
            say_error(err, e);
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
                Ok(turn) => {
                    let line = plays_line(&turn.played);
                    let said = describe.then(|| describe_move(&turn.played));
                    writeln!(out, "{line}")?;
                    if let Some(said) = said {
                        writeln!(out, "{said}")?;
                    }
                    print_view(out, game.game())?;
                    if describe {
                        writeln!(out, "{}", score_line(game.game()))?;
                    }
                }
                // A strategy must return a legal move; if one ever does not, say so and stop
                // rather than loop.
                Err(e) => {
                    say_error(err, format_args!("the computer chose an illegal move: {e}"));
                    out.flush()?;
                    return Ok(Ended::Normally);
                }
            }
            continue;
        }
        if describe {
            write!(out, "{}> ", game.game().turn())?;
        }
        out.flush()?;
        let reply = match lines.next_line(err) {
            Typed::Text(line) if describe && line.trim().eq_ignore_ascii_case("score") => {
                Reply::Text(format!("{}\n", score_line(game.game())))
            }
            Typed::Text(line) => execute(game, line.trim()),
            Typed::NotText => {
                Reply::Error("the line is not UTF-8 text; commands are plain text".into())
            }
            Typed::End => return Ok(Ended::Normally),
            Typed::Failed => return Ok(Ended::InputFailed),
        };
        match reply {
            Reply::Nothing => {}
            Reply::Played => {
                if describe && let Some(turn) = game.history().last() {
                    writeln!(out, "{}", describe_move(&turn.played))?;
                }
                print_view(out, game.game())?;
                if describe {
                    writeln!(out, "{}", score_line(game.game()))?;
                }
            }
            Reply::Text(t) => write!(out, "{t}")?,
            Reply::Error(e) => say_error(err, e),
            Reply::Quit => {
                out.flush()?;
                return Ok(Ended::Normally);
            }
        }
    }
}

/// What one command line leads to.
pub(crate) enum Reply {
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
            match three_trios::suggest(game, name) {
                Ok(Some(mv)) => Reply::Text(format!("place {mv}\n")),
                Ok(None) => Reply::Error("the game is over".into()),
                Err(e) => Reply::Error(e.to_string()),
            }
        }
        "help" | "?" => Reply::Text(help()),
        "quit" | "exit" => Reply::Quit,
        _ => Reply::Error(format!(
            "unknown command \"{}\"; type help for the list",
            quoted(command)
        )),
    }
}

fn parse_move(args: &[&str]) -> Result<Move, String> {
    let usage = "place needs three numbers: place HAND ROW COL, e.g. place 0 1 2";
    let [h, r, c] = args[..] else {
        return Err(format!("{usage} (got {} values)", args.len()));
    };
    let number = |s: &str, what: &str| {
        s.parse::<usize>().map_err(|_| {
            format!(
                "{what} \"{}\" is not a whole number 0 or more; {usage}",
                quoted(s)
            )
        })
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

/// `Score: RED 5, BLUE 4`: the score as `--describe` says it.
pub fn score_line(game: &Game) -> String {
    format!(
        "Score: RED {}, BLUE {}",
        game.score(Player::Red),
        game.score(Player::Blue)
    )
}

/// What a move did, in words: `RED placed Ember at 1,2: flipped 0,2 (same) 1,1; combo 2,1`,
/// or `... : flipped nothing`. Combo flips are those of later waves.
pub fn describe_move(outcome: &MoveOutcome) -> String {
    use crate::games::three_trios::Rule;
    let taken = |combo: bool| -> Vec<String> {
        outcome
            .steps
            .iter()
            .filter(|s| s.flipped && (s.wave > 0) == combo)
            .map(|s| match s.rule {
                Rule::Same => format!("{} (same)", s.defender),
                Rule::Plus => format!("{} (plus)", s.defender),
                Rule::Battle => s.defender.to_string(),
            })
            .collect()
    };
    let (now, combo) = (taken(false), taken(true));
    let mut text = format!(
        "{} placed {} at {}: ",
        outcome.player,
        outcome.card.name(),
        outcome.mv.pos
    );
    if now.is_empty() {
        text.push_str("flipped nothing");
    } else {
        text.push_str(&format!("flipped {}", now.join(" ")));
    }
    if !combo.is_empty() {
        text.push_str(&format!("; combo {}", combo.join(" ")));
    }
    text
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
