//! The line-based front end: commands on standard input, textual views on standard output;
//! one loop's pieces here (line reading, errors, how a session ends) and one file per game's
//! text protocol.
//!
//! For scripts, screen readers and tests. The output is exactly what the rules document
//! specifies; errors go to standard error as `error: <reason>` and never end the game, but
//! for a line longer than [`MAX_LINE`], which ends the run: such input is not commands.

use std::io::{self, BufRead, Write};

pub mod islands;
pub mod reversi;
pub mod three_trios;
pub mod triad;

/// A command line as the text modes of the platform's games read it: its first word in
/// lower case and the words after it; `None` for an empty line or a `#` comment.
pub fn command_words(line: &str) -> Option<(String, Vec<&str>)> {
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
pub fn say_error(err: &mut impl Write, message: impl std::fmt::Display) {
    let shown = crate::escape::escape_short(&message.to_string(), MAX_SHOWN);
    let _ = writeln!(err, "error: {shown}");
}

/// A word the player typed, as a message quotes it: at most 40 characters (escaping is left
/// to [`say_error`]).
pub fn quoted(word: &str) -> std::borrow::Cow<'_, str> {
    crate::escape::shorten(word, crate::escape::QUOTED_CHARS)
}

/// One line the player typed, as the text modes read it.
pub enum Typed<'a> {
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
pub struct Lines<R> {
    input: R,
    buf: Vec<u8>,
    /// Lines read so far, for messages.
    number: usize,
}

impl<R: BufRead> Lines<R> {
    pub fn new(input: R) -> Lines<R> {
        Lines {
            input,
            buf: Vec::new(),
            number: 0,
        }
    }

    /// The next line; a last line without a newline counts as a line.
    pub fn next_line(&mut self, err: &mut impl Write) -> Typed<'_> {
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

/// What a typed line asks of a text mode: a command every mode shares, or one of the game's
/// own (`C`).
pub enum Command<C> {
    /// An empty line or a `#` comment.
    Nothing,
    Help,
    Quit,
    Own(C),
}

/// What reading one line came to, for a text mode's loop.
pub enum Read<C> {
    /// The game's own command, for the mode to carry out.
    Own(C),
    /// The line was answered here (help shown, a mistake said, nothing asked).
    Answered,
    /// The session is over: the player quit, or the input ended or failed.
    Done(Ended),
}

/// How a game's text mode reads a line, besides its parser: the help it shows, how it calls
/// a line that is not text, and what it writes when the input ends.
pub struct Reading<'a> {
    pub help: &'a dyn Fn() -> String,
    /// `moves` or `commands`: the line is not UTF-8 text; these are plain text.
    pub plain: &'static str,
    /// Written to `out` when the input ends (after a prompt, the newline it lacked).
    pub at_end: &'static str,
}

/// Reads the next line and answers what every text mode shares: nothing for an empty line,
/// the help, quitting, the end or failure of input, and a mistake as `error: …` on `err`.
/// The game's own command (`parse` turned the line into) is handed back to carry out.
pub fn read_command<R: BufRead, C, E: std::fmt::Display>(
    lines: &mut Lines<R>,
    out: &mut impl Write,
    err: &mut impl Write,
    reading: &Reading<'_>,
    parse: impl FnOnce(&str) -> Result<Command<C>, E>,
) -> io::Result<Read<C>> {
    let command = match lines.next_line(err) {
        Typed::Text(line) => parse(line),
        Typed::NotText => {
            let plain = reading.plain;
            say_error(
                err,
                format_args!("the line is not UTF-8 text; {plain} are plain text"),
            );
            return Ok(Read::Answered);
        }
        Typed::End => {
            write!(out, "{}", reading.at_end)?;
            return Ok(Read::Done(Ended::Normally));
        }
        Typed::Failed => return Ok(Read::Done(Ended::InputFailed)),
    };
    Ok(match command {
        Ok(Command::Nothing) => Read::Answered,
        Ok(Command::Help) => {
            write!(out, "{}", (reading.help)())?;
            Read::Answered
        }
        Ok(Command::Quit) => {
            out.flush()?;
            Read::Done(Ended::Normally)
        }
        Ok(Command::Own(own)) => Read::Own(own),
        Err(e) => {
            say_error(err, e);
            Read::Answered
        }
    })
}

/// Asks the computer to move in `duel` and plays its choice: the turn played, or `None` when
/// no move came or the game refused it (said on `err`), which ends the session.
pub fn computer_turn<'d, G: crate::games::TwoPlayer>(
    duel: &'d mut crate::controller::Duel<G>,
    err: &mut impl Write,
) -> Option<&'d crate::controller::Turn<G>> {
    let mv = duel.computer_choice()?;
    match duel.play(mv) {
        Ok(turn) => Some(turn),
        // A strategy must return a legal move; if one ever does not, say so and stop rather
        // than loop.
        Err(e) => {
            say_error(err, format_args!("the computer chose an illegal move: {e}"));
            None
        }
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
