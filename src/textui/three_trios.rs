//! Three Trios's text protocol: `place H R C`, `suggest NAME`, the board and hand as the
//! rules document prints them, and the accessible descriptions of `--describe`.

use std::io::{self, BufRead, Write};

use super::{Command, Ended, Lines, Read, Reading, computer_turn, quoted, read_command, say_error};
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
    let reading = Reading {
        help: &help,
        plain: "commands",
        at_end: "",
    };
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
            let Some(turn) = computer_turn(game, err) else {
                out.flush()?;
                return Ok(Ended::Normally);
            };
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
            continue;
        }
        if describe {
            write!(out, "{}> ", game.game().turn())?;
        }
        out.flush()?;
        let read = read_command(&mut lines, out, err, &reading, |line| {
            if describe && line.trim().eq_ignore_ascii_case("score") {
                return Ok(Command::Own(Reply::Text(format!(
                    "{}\n",
                    score_line(game.game())
                ))));
            }
            execute(game, line.trim())
        })?;
        match read {
            Read::Own(Reply::Played) => {
                if describe && let Some(turn) = game.history().last() {
                    writeln!(out, "{}", describe_move(&turn.played))?;
                }
                print_view(out, game.game())?;
                if describe {
                    writeln!(out, "{}", score_line(game.game()))?;
                }
            }
            Read::Own(Reply::Text(t)) => write!(out, "{t}")?,
            Read::Answered => {}
            Read::Done(ended) => return Ok(ended),
        }
    }
}

/// What a command of the game's own leads to.
enum Reply {
    Played,
    Text(String),
}

/// Carries out `line`: a move is played at once, a mistake is the message to say.
fn execute(game: &mut Match, line: &str) -> Result<Command<Reply>, String> {
    if line.is_empty() || line.starts_with('#') {
        return Ok(Command::Nothing);
    }
    let mut words = line.split_whitespace();
    let command = words.next().unwrap_or_default();
    let args: Vec<&str> = words.collect();
    match command.to_ascii_lowercase().as_str() {
        "place" => {
            let mv = parse_move(&args).map_err(|e| e.to_string())?;
            game.play(mv).map_err(|e| e.to_string())?;
            Ok(Command::Own(Reply::Played))
        }
        "suggest" => {
            let [name] = args[..] else {
                return Err(format!(
                    "suggest needs one strategy name: suggest NAME (one of {})",
                    STRATEGY_NAMES.join(", ")
                ));
            };
            match three_trios::suggest(game, name) {
                Ok(Some(mv)) => Ok(Command::Own(Reply::Text(format!("place {mv}\n")))),
                Ok(None) => Err("the game is over".into()),
                Err(e) => Err(e.to_string()),
            }
        }
        "help" | "?" => Ok(Command::Help),
        "quit" | "exit" => Ok(Command::Quit),
        _ => Err(format!(
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
