//! Three Trios's text protocol: `place H R C`, `suggest NAME`, the board and hand as the
//! rules document prints them, and the accessible descriptions of `--describe`.

use std::io::{self, BufRead, Write};

use super::{Ended, Lines, Typed, quoted, say_error};
use crate::controller::three_trios::{self, Match};
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
            Err(e) => Reply::Error(e.to_string()),
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

/// How `place` is typed, said with each mistake in it.
const PLACE_USAGE: &str = "place needs three numbers: place HAND ROW COL, e.g. place 0 1 2";

/// Why the words after `place` are not a move.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
enum PlaceError {
    #[error("{PLACE_USAGE} (got {0} values)")]
    Count(usize),
    /// `what` (hand index, row, column) is not a number; `value` kept quoted and escaped.
    #[error("{what} \"{value}\" is not a whole number 0 or more; {PLACE_USAGE}")]
    NotNumber { what: &'static str, value: String },
}

fn parse_move(args: &[&str]) -> Result<Move, PlaceError> {
    let [h, r, c] = args[..] else {
        return Err(PlaceError::Count(args.len()));
    };
    let number = |s: &str, what: &'static str| {
        s.parse::<usize>().map_err(|_| PlaceError::NotNumber {
            what,
            value: quoted(s).to_string(),
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
