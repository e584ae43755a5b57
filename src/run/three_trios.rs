//! Three Trios matches: set up from the flags (files, seed, seats), autosaved or recorded,
//! and played full screen or in text mode.

use std::fmt::Display;
use std::io::{self, IsTerminal};
use std::path::PathBuf;

use super::{Error, output, warn_unrecorded};
use crate::autosave;
use crate::cli::{PlayArgs, Ui};
use crate::controller::Seat;
use crate::controller::three_trios::{Match, StartError};
use crate::games::three_trios::args::ThreeTriosArgs;
use crate::games::three_trios::source::SourceFile;
use crate::setup::three_trios::MatchConfig;
use crate::textui;

/// Plays `game` in text mode on standard input and output.
pub fn play_text(mut game: Match, describe: bool) -> Result<(), Error> {
    if io::stdin().is_terminal() {
        eprintln!("Three Trios: type help for the commands.");
    }
    let stdin = io::stdin().lock();
    let ended = textui::three_trios::run_with(
        &mut game,
        stdin,
        &mut io::stdout().lock(),
        &mut io::stderr().lock(),
        describe,
    );
    output::text_ended(ended)
}

/// Runs the full-screen UI, then says where the last match is kept; gives back that match.
pub fn play_full_screen(
    game: Match,
    start: crate::tui::Start,
    no_autosave: bool,
    animate: bool,
) -> Result<Match, Error> {
    let last = run_full_screen(game, start, no_autosave, animate)?;
    if let Some(hint) = resume_hint(&last) {
        eprintln!("{hint}");
    }
    Ok(last)
}

/// Runs the full-screen UI until the player leaves it and gives back the match shown last.
pub fn run_full_screen(
    game: Match,
    start: crate::tui::Start,
    no_autosave: bool,
    animate: bool,
) -> Result<Match, Error> {
    let last = crate::tui::three_trios::run(game, new_match(no_autosave), start, animate)
        .map_err(Error::Terminal)?;
    Ok(last)
}

/// What `n` does on the match screen: deals a fresh game, autosaved like the first unless the
/// player said not to.
fn new_match(no_autosave: bool) -> crate::tui::three_trios::app::NewMatch {
    Box::new(move |config: &MatchConfig| {
        let mut config = config.clone();
        config.seed = rand::random();
        let started = if no_autosave {
            Match::start(config, None)
        } else {
            // Silently unrecorded if autosave fails: stderr would tear the full screen.
            start_autosaved(config, |_| {})
        };
        started.map_err(|e| e.to_string())
    })
}

/// `game` as a screen of the shell (played, or reviewed from the top), new deals autosaved;
/// closing it leaves where an unfinished match is kept and `warning` (why the match is not
/// saved).
pub fn match_screen(
    game: Match,
    start: crate::tui::Start,
    warning: Option<String>,
) -> crate::tui::Opening {
    Box::new(move |events, size, theme| {
        let app = crate::tui::three_trios::match_app(
            game,
            new_match(false),
            start,
            true,
            (events, size, theme),
        );
        Box::new(crate::tui::Leaving::new(
            app,
            move |app: crate::tui::three_trios::app::ThreeTriosScreen| {
                let last = app.into_match();
                crate::tui::Closed {
                    saved: resume_hint(&last),
                    warning,
                }
            },
        ))
    })
}

/// Where an unfinished match with moves is kept and how to go on with it.
pub fn resume_hint(last: &Match) -> Option<String> {
    let path = last.record_path()?;
    (!last.game().is_over() && !last.history().is_empty()).then(|| super::saved_note(path))
}

/// Sets up and deals a new match from the flags, recorded where they say.
pub fn start_new(args: &PlayArgs, ui: Ui) -> Result<Match, Error> {
    let mut config = config_from(
        &args.games.three_trios,
        args.seeding.seed,
        args.red.clone(),
        args.blue_seat(ui),
        args.thinking_ms(),
    )?;
    config.clock = args.clock;
    let game = match args.record.clone() {
        Some(path) => {
            check_record_path(&path, &args.games.three_trios)?;
            // An unfinished record of this very match is continued, never emptied.
            let existing = if args.force {
                crate::record::Existing::Fresh
            } else {
                crate::record::three_trios::check_overwrite(&path, &config)?
            };
            match existing {
                crate::record::Existing::Continue => resume(path)?,
                crate::record::Existing::Fresh => Match::start(config, Some(path))?,
            }
        }
        None if args.no_autosave => Match::start(config, None)?,
        None => start_autosaved(config, |why| warn_unrecorded(why))?,
    };
    Ok(game)
}

/// Refuses a record path that is one of the command's own input files: even `--force` must
/// not turn a card file into a record.
fn check_record_path(record: &std::path::Path, setup: &ThreeTriosArgs) -> Result<(), Error> {
    let inputs = [("--board", &setup.board), ("--cards", &setup.cards)];
    for (flag, input) in inputs {
        let Some(input) = input else { continue };
        if same_file(record, input) {
            return Err(Error::Usage(format!(
                "{}: --record names the {flag} file of this command; choose another file for the \
                 record",
                record.display()
            )));
        }
    }
    Ok(())
}

/// Whether two paths name the same existing file (after links and `..`).
fn same_file(a: &std::path::Path, b: &std::path::Path) -> bool {
    match (std::fs::canonicalize(a), std::fs::canonicalize(b)) {
        (Ok(a), Ok(b)) => a == b,
        _ => false,
    }
}

/// The match a setup describes: its files read and checked (or the built-in ones), and its
/// seed (drawn at random when not given).
pub fn config_from(
    setup: &ThreeTriosArgs,
    seed: Option<u64>,
    red: Seat,
    blue: Seat,
    think_ms: u64,
) -> Result<MatchConfig, Error> {
    let board = SourceFile::board_or_default(setup.board.as_deref())?;
    let cards = SourceFile::cards_or_default(setup.cards.as_deref())?;
    Ok(MatchConfig {
        clock: None,
        board,
        cards,
        deal: setup.deal,
        seed: seed.unwrap_or_else(rand::random),
        rules: setup.rules,
        red,
        blue,
        think_ms,
    })
}

/// Starts `config` recorded in a new file in the data folder. When that file cannot be
/// written, tells `warn` why and starts the match unrecorded: autosave never stops a game.
pub fn start_autosaved(
    config: MatchConfig,
    warn: impl Fn(&dyn Display),
) -> Result<Match, StartError> {
    let why: Box<dyn Display> = match autosave::new_autosave_slot(config.seed) {
        // The file is made with the first move: a match left before it leaves none.
        Ok(slot) => return Match::start_at_first_move(config, move || slot.create()),
        Err(e) => Box::new(e),
    };
    warn(why.as_ref());
    Match::start(config, None)
}

/// Continues the Three Trios match recorded at `path`, announcing it on stderr.
pub fn resume(path: PathBuf) -> Result<Match, Error> {
    let game = Match::resume(path.clone())?;
    eprintln!(
        "resuming {} (move {})",
        path.display(),
        game.history().len() + 1
    );
    Ok(game)
}

/// Reads the files and deals the game a setup describes; a drawn seed is announced on stderr.
pub fn deal(
    setup: &ThreeTriosArgs,
    seed: Option<u64>,
) -> Result<crate::games::three_trios::Game, Error> {
    let config = config_from(setup, seed, Seat::Human, Seat::Human, 1000)?;
    if seed.is_none() && config.depends_on_seed() {
        eprintln!("{}", super::seed_note(config.seed));
    }
    Ok(config.new_game()?)
}
