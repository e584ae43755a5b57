//! The `trios` binary: parse the command line and hand over to a front end.

use std::fmt::Display;
use std::io::{self, IsTerminal};
use std::path::PathBuf;
use std::process::ExitCode;
use std::sync::Arc;

use clap::Parser;
use trios::autosave::{self, AutosaveError};
use trios::cli::{Cli, Command, PlayArgs, ReplayArgs, SetupArgs, SimArgs, SolveArgs, Ui};
use trios::controller::{Match, MatchConfig, Seat, SourceFile, StartError};
use trios::games::GameKind;
use trios::record::Record;
use trios::sim::report as sim_report;
use trios::tui::lobby::{Choices, GameOptions, Intent, Launch, Lobby};
use trios::{commands, textui};

/// A problem the user can fix (a file, a flag, the input): exit code 2.
enum UserError {
    /// Printed plainly as `error: <message>`.
    Message(String),
    /// Already reported by the front end.
    Reported,
}

impl<E: std::fmt::Display> From<E> for UserError {
    fn from(e: E) -> UserError {
        UserError::Message(e.to_string())
    }
}

/// A platform command's failure, as the binary reports it.
fn failed(failure: commands::Failure) -> UserError {
    match failure {
        commands::Failure::Message(m) => UserError::Message(m),
        commands::Failure::Reported => UserError::Reported,
    }
}

fn main() -> ExitCode {
    // Only a bug can reach color-eyre's handlers; user errors are printed plainly below.
    let _ = color_eyre::install();
    let cli = Cli::parse();
    // Plain `trios` in a terminal opens the home screen; with any flag it is `trios play`.
    let bare = std::env::args_os().len() <= 1;
    let result = match cli.command {
        None if bare && interactive() => home(),
        None => play(cli.play),
        Some(Command::Play(args)) => play(args),
        Some(Command::Replay(args)) => replay(&args),
        Some(Command::Solve(args)) => solve(&args),
        Some(Command::Sim(args)) => sim(&args),
        Some(Command::Perft(args)) => perft(&args),
        Some(Command::Serve(args)) => serve(&args),
        Some(Command::Triad(tool)) => commands::triad_tool(&tool).map_err(failed),
        Some(Command::Hexpaths(tool)) => match commands::hexpaths_tool(&tool) {
            Ok(true) => Ok(()),
            // A "no" answer (illegal, no path) is not an error.
            Ok(false) => return ExitCode::from(1),
            Err(f) => Err(failed(f)),
        },
    };
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(UserError::Message(message)) => {
            eprintln!("error: {message}");
            ExitCode::from(2)
        }
        Err(UserError::Reported) => ExitCode::from(2),
    }
}

/// Triad and Hex paths games are played through and not saved.
const TRIAD_NOT_SAVED: &str = "Triad and Hex paths games are not saved, so there is none to resume";

fn play(args: PlayArgs) -> Result<(), UserError> {
    if !matches!(args.game, GameKind::Triad | GameKind::HexPaths) && !args.rivals.is_empty() {
        return Err(UserError::Message(
            "--rivals is a Triad and Hex paths flag; add --game triad or --game hexpaths".into(),
        ));
    }
    let hex = &args.hexpaths;
    let hex_flags = !hex.players.is_empty()
        || hex.rounds.is_some()
        || hex.round_secs.is_some()
        || hex.pieces.is_some()
        || hex.difficulty.is_some();
    if args.game != GameKind::HexPaths && hex_flags {
        return Err(UserError::Message(
            "--players, --rounds, --round-secs, --pieces and --difficulty are Hex paths flags; \
             add --game hexpaths"
                .into(),
        ));
    }
    if args.game == GameKind::HexPaths {
        // (`--resume` with `--game` is refused by the parser.) The flags are checked before the terminal is.
        let setup = commands::hexpaths_setup(&args).map_err(failed)?;
        let ui = front_end(args.ui)?;
        return commands::play_hexpaths(setup, ui == Ui::Tui).map_err(failed);
    }
    let ui = front_end(args.ui)?;
    // The latest unfinished match of any game, found once; other games resume through
    // `commands`.
    let resumed = if args.resume {
        let path = latest_unfinished()?;
        match trios::record::game_of_file(&path)? {
            GameKind::ThreeTrios => {}
            GameKind::Reversi => {
                return commands::resume_reversi(path, ui == Ui::Tui).map_err(failed);
            }
            GameKind::Islands => {
                return commands::resume_islands(path, ui == Ui::Tui).map_err(failed);
            }
            GameKind::Triad | GameKind::HexPaths => {
                return Err(UserError::Message(TRIAD_NOT_SAVED.into()));
            }
        }
        Some(path)
    } else {
        None
    };
    if args.game == GameKind::Reversi && !args.resume {
        return commands::play_reversi(&args, ui == Ui::Tui).map_err(failed);
    }
    if args.game == GameKind::Islands && !args.resume {
        return commands::play_islands(&args, ui == Ui::Tui).map_err(failed);
    }
    if args.game == GameKind::Triad && !args.resume {
        return commands::play_triad(&args, ui == Ui::Tui).map_err(failed);
    }

    let duel = &args.duel;
    if duel.dark.is_some() || duel.light.is_some() || duel.position.is_some() {
        return Err(UserError::Message(
            "--dark, --light and --position are Reversi flags; add --game reversi".into(),
        ));
    }
    if duel.white.is_some() || duel.black.is_some() || duel.size.is_some() {
        return Err(UserError::Message(
            "--white, --black and --size are Islands of Hex flags; add --game islands".into(),
        ));
    }
    // A resumed match goes on in its autosave file; a new one is autosaved unless the player
    // chose a record file or none.
    let autosaving = args.resume || (args.record.is_none() && !args.no_autosave);
    let game = if let Some(path) = resumed {
        resume(path)?
    } else {
        start_new(&args, ui)?
    };
    if ui == Ui::Tui {
        let last = play_full_screen(
            game,
            trios::tui::Start::Play,
            args.no_autosave,
            !args.no_animation,
        )?;
        // The seed goes to stderr once the screen is back, so the game can be played again.
        let config = last.config();
        if !args.resume && Some(config.seed) != args.setup.seed && config.depends_on_seed() {
            eprintln!("{}", commands::seed_note(config.seed));
        }
        return Ok(());
    }
    if args.setup.seed.is_none() && !args.resume && game.config().depends_on_seed() {
        eprintln!("{}", commands::seed_note(game.config().seed));
    }
    play_text(game, autosaving, args.describe)
}

/// Whether standard input and output are both a terminal.
fn interactive() -> bool {
    io::stdin().is_terminal() && io::stdout().is_terminal()
}

// `trios` alone in a terminal: the home screen, and the matches chosen there.

/// The home screen until the person quits it: each match chosen there takes the terminal
/// the way its `trios play` or `trios replay` would, and leaving it comes back here.
fn home() -> Result<(), UserError> {
    let setup = SetupArgs {
        board: None,
        cards: None,
        deal: trios::trios::DealMode::Shuffle,
        seed: None,
        rules: trios::trios::RuleSet::default(),
    };
    let base = config_from(
        &setup,
        Seat::Human,
        Seat::Computer(trios::cli::STRONGEST.into()),
        1000,
    )?;
    let choices = Arc::new(Choices::home(base));
    let theme = trios::tui::Theme::from_env();
    let mut lobby = Lobby::home(choices, autosave::data_dir(), (80, 24), theme);
    loop {
        let intent = trios::tui::run_lobby(&mut lobby)
            .map_err(|e| UserError::Message(format!("terminal: {e}")))?;
        let resumable = lobby.resumable().cloned();
        let done = match intent {
            Intent::Quit => return Ok(()),
            Intent::Play(launch) => play_from_home(&launch),
            Intent::Resume(path) => resume_from_home(path).map(Played::from),
            Intent::Replay(path) => replay_file(&path, Ui::Tui).map(|()| Played::default()),
            // Tables belong to a server's lobby.
            Intent::Open { .. } | Intent::Join(_) | Intent::Watch(_) => Ok(Played::default()),
        };
        if trios::tui::stop_requested() {
            // Told to stop during the match: the process ends as `trios play` would.
            let played = done?;
            if let Some(hint) = played.last.as_ref().and_then(resume_hint) {
                eprintln!("{hint}");
            }
            return Ok(());
        }
        // The match is over: let it go, and with it the lock on its record, before looking
        // for the match to resume (a record still locked reads as played elsewhere).
        let done = done.map(|played| played.warning);
        lobby.refresh();
        match done {
            Ok(Some(warning)) => lobby.say(&warning, true),
            // A match left unfinished is now the one to resume (with more moves, or new).
            Ok(_) if lobby.resumable().is_some() && lobby.resumable() != resumable.as_ref() => {
                lobby.say("Match saved: Resume last match continues it", false)
            }
            Ok(_) => {}
            Err(UserError::Message(message)) => lobby.say(&message, true),
            Err(UserError::Reported) => lobby.say(
                "That stopped with an error; it is shown when trios ends",
                true,
            ),
        }
    }
}

/// What a match started from the home screen leaves behind.
#[derive(Default)]
struct Played {
    /// The Three Trios match shown last, to say whether it can be resumed.
    last: Option<Match>,
    /// Why the match could not be saved, if it could not.
    warning: Option<String>,
}

impl From<Option<Match>> for Played {
    fn from(last: Option<Match>) -> Played {
        Played {
            last,
            warning: None,
        }
    }
}

/// A new match chosen at home: Three Trios full screen and autosaved like `trios play`,
/// Reversi through `trios play --game reversi --dark … --light …`.
fn play_from_home(launch: &Launch) -> Result<Played, UserError> {
    match &launch.options {
        GameOptions::ThreeTrios(config) => {
            let mut config = (**config).clone();
            config.seed = rand::random();
            let warning = std::cell::RefCell::new(None);
            let game = start_autosaved(config, |why| {
                *warning.borrow_mut() = Some(format!(
                    "This match could not be saved: {why}; it cannot be resumed"
                ));
            })?;
            let last = run_full_screen(game, trios::tui::Start::Play, false, true)?;
            Ok(Played {
                last: Some(last),
                warning: warning.into_inner(),
            })
        }
        GameOptions::Reversi { .. } => {
            let [dark, light] = launch.seats().map(|seat| seat.to_string());
            let command = ["trios", "play", "--game", "reversi"];
            let seats = ["--dark", &dark, "--light", &light];
            let cli = Cli::try_parse_from(command.into_iter().chain(seats))?;
            let Some(Command::Play(args)) = cli.command else {
                return Err(UserError::Message(
                    "cannot set up this Reversi match".into(),
                ));
            };
            let ui = front_end(args.ui)?;
            commands::play_reversi(&args, ui == Ui::Tui).map_err(failed)?;
            Ok(Played::default())
        }
        GameOptions::Islands { size } => {
            let [white, black] = launch.seats().map(|seat| seat.to_string());
            let size = size.to_string();
            let command = ["trios", "play", "--game", "islands", "--size", &size];
            let seats = ["--white", &white, "--black", &black];
            let cli = Cli::try_parse_from(command.into_iter().chain(seats))?;
            let Some(Command::Play(args)) = cli.command else {
                return Err(UserError::Message(
                    "cannot set up this Islands of Hex match".into(),
                ));
            };
            let ui = front_end(args.ui)?;
            commands::play_islands(&args, ui == Ui::Tui).map_err(failed)?;
            Ok(Played::default())
        }
        GameOptions::Triad { rival } => {
            let seed = rand::random();
            let rival = match rival {
                Some(level) => Some(
                    trios::games::triad::race::Rival::new(level, seed ^ 1)
                        .map_err(UserError::Message)?,
                ),
                None => None,
            };
            trios::tui::run_screen(|_events, size, theme| match rival {
                Some(rival) => trios::tui::triad::TriadApp::race(seed, vec![rival], size, theme),
                None => trios::tui::triad::TriadApp::new(
                    seed,
                    trios::tui::triad::bests::path(),
                    size,
                    theme,
                ),
            })
            .map_err(|e| UserError::Message(format!("terminal: {e}")))?;
            Ok(Played::default())
        }
        GameOptions::HexPaths { rival, people } => {
            let seed: u64 = rand::random();
            let rivals = match rival {
                Some(level) => vec![
                    trios::games::hexpaths::round::Rival::new(level, seed ^ 1)
                        .map_err(UserError::Message)?,
                ],
                None => Vec::new(),
            };
            let people: Vec<String> = if *people > 1 {
                (1..=*people).map(|i| format!("player {i}")).collect()
            } else {
                Vec::new()
            };
            let settings = trios::games::hexpaths::round::Settings::default();
            trios::tui::run_screen(|_events, size, theme| {
                trios::tui::hexpaths::HexApp::new(seed, settings, people, rivals, size, theme)
            })
            .map_err(|e| UserError::Message(format!("terminal: {e}")))?;
            Ok(Played::default())
        }
    }
}

/// Continues the match recorded at `path` as `trios play --resume` continues the latest;
/// gives back a Three Trios match once it is left.
fn resume_from_home(path: PathBuf) -> Result<Option<Match>, UserError> {
    let full_screen = || -> Result<bool, UserError> { Ok(front_end(Ui::Auto)? == Ui::Tui) };
    match trios::record::game_of_file(&path)? {
        GameKind::ThreeTrios => {}
        GameKind::Reversi => {
            commands::resume_reversi(path, full_screen()?).map_err(failed)?;
            return Ok(None);
        }
        GameKind::Islands => {
            commands::resume_islands(path, full_screen()?).map_err(failed)?;
            return Ok(None);
        }
        GameKind::Triad | GameKind::HexPaths => {
            return Err(UserError::Message(TRIAD_NOT_SAVED.into()));
        }
    }
    let game = resume(path)?;
    run_full_screen(game, trios::tui::Start::Play, false, true).map(Some)
}

/// The front end to use: `auto` becomes full screen only when both ends are a terminal.
fn front_end(asked: Ui) -> Result<Ui, UserError> {
    let interactive = interactive();
    let ui = asked.resolve(interactive);
    if ui == Ui::Tui && !interactive {
        return Err(UserError::Message(
            "the full-screen UI needs a terminal on standard input and output; use --ui text"
                .into(),
        ));
    }
    Ok(ui)
}

fn play_text(mut game: Match, autosaving: bool, describe: bool) -> Result<(), UserError> {
    if io::stdin().is_terminal() {
        eprintln!("Three Trios: type help for the commands.");
    }
    let stdin = io::stdin().lock();
    let ended = textui::run_with(
        &mut game,
        stdin,
        &mut io::stdout().lock(),
        &mut io::stderr().lock(),
        describe,
    );
    if autosaving && game.game().is_over() {
        prune_quietly();
    }
    match finish_output(ended)? {
        Some(textui::Ended::InputFailed) => Err(UserError::Reported),
        _ => Ok(()),
    }
}

/// Runs the full-screen UI, then says where the last match is kept; gives back that match.
fn play_full_screen(
    game: Match,
    start: trios::tui::Start,
    no_autosave: bool,
    animate: bool,
) -> Result<Match, UserError> {
    let last = run_full_screen(game, start, no_autosave, animate)?;
    if let Some(hint) = resume_hint(&last) {
        eprintln!("{hint}");
    }
    Ok(last)
}

/// Runs the full-screen UI until the player leaves it and gives back the match shown last;
/// old finished autosaves are pruned once a match is over.
fn run_full_screen(
    game: Match,
    start: trios::tui::Start,
    no_autosave: bool,
    animate: bool,
) -> Result<Match, UserError> {
    // `n` deals a fresh game, autosaved like the first unless the player said not to.
    let new_match: trios::tui::NewMatch = Box::new(move |config: &MatchConfig| {
        let mut config = config.clone();
        config.seed = rand::random();
        let started = if no_autosave {
            Match::start(config, None)
        } else {
            // Silently unrecorded if autosave fails: stderr would tear the full screen.
            start_autosaved(config, |_| {})
        };
        started.map_err(|e| e.to_string())
    });
    let last = trios::tui::run(game, new_match, start, animate)
        .map_err(|e| UserError::Message(format!("terminal: {e}")))?;
    if last.game().is_over() {
        prune_quietly();
    }
    Ok(last)
}

/// Where an unfinished match with moves is kept and how to go on with it.
fn resume_hint(last: &Match) -> Option<String> {
    let path = last.record_path()?;
    (!last.game().is_over() && !last.history().is_empty()).then(|| {
        format!(
            "Match saved in {}; trios play --resume continues it.",
            path.display()
        )
    })
}

/// Sets up and deals a new match from the flags, recorded where they say.
fn start_new(args: &PlayArgs, ui: Ui) -> Result<Match, UserError> {
    let config = config_from(
        &args.setup,
        args.red.clone(),
        args.blue_seat(ui),
        args.think_ms,
    )?;
    let game = match args.record.clone() {
        Some(path) => {
            check_record_path(&path, &args.setup)?;
            // An unfinished record of this very match is continued, never emptied.
            let existing = if args.force {
                trios::record::Existing::Fresh
            } else {
                trios::record::check_overwrite(&path, &config)?
            };
            match existing {
                trios::record::Existing::Continue => resume(path)?,
                trios::record::Existing::Fresh => Match::start(config, Some(path))?,
            }
        }
        None if args.no_autosave => Match::start(config, None)?,
        None => start_autosaved(config, warn_unrecorded)?,
    };
    Ok(game)
}

/// Refuses a record path that is one of the command's own input files: even `--force` must
/// not turn a card file into a record.
fn check_record_path(record: &std::path::Path, setup: &SetupArgs) -> Result<(), UserError> {
    let inputs = [("--board", &setup.board), ("--cards", &setup.cards)];
    for (flag, input) in inputs {
        let Some(input) = input else { continue };
        if same_file(record, input) {
            return Err(UserError::Message(format!(
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
fn config_from(
    setup: &SetupArgs,
    red: Seat,
    blue: Seat,
    think_ms: u64,
) -> Result<MatchConfig, UserError> {
    let board = SourceFile::board_or_default(setup.board.as_deref())?;
    let cards = SourceFile::cards_or_default(setup.cards.as_deref())?;
    Ok(MatchConfig {
        board,
        cards,
        deal: setup.deal,
        seed: setup.seed.unwrap_or_else(rand::random),
        rules: setup.rules,
        red,
        blue,
        think_ms,
    })
}

/// Starts `config` recorded in a new file in the data folder. When that file cannot be
/// written, tells `warn` why and starts the match unrecorded: autosave never stops a game.
fn start_autosaved(config: MatchConfig, warn: impl Fn(&dyn Display)) -> Result<Match, StartError> {
    let why: Box<dyn Display> = match autosave::new_autosave_file(config.seed) {
        Ok(path) => match Match::start(config.clone(), Some(path)) {
            Err(StartError::Record(e)) => Box::new(e),
            started => return started,
        },
        Err(e) => Box::new(e),
    };
    warn(why.as_ref());
    Match::start(config, None)
}

fn warn_unrecorded(why: &dyn Display) {
    eprintln!(
        "warning: cannot autosave: {why}; this match will not be recoverable \
         (use --record FILE or --no-autosave)"
    );
}

/// The most recent unfinished autosaved match of any game, or why there is none.
fn latest_unfinished() -> Result<PathBuf, UserError> {
    let dir = autosave::data_dir().ok_or(AutosaveError::NoDataDir)?;
    let warn = &mut |why: String| eprintln!("warning: cannot resume: {why}; skipped");
    autosave::latest_unfinished_noting(&dir, warn)?.ok_or_else(|| {
        UserError::Message(format!(
            "no unfinished match to resume in {}",
            autosave::matches_dir(&dir).display()
        ))
    })
}

/// Continues the Three Trios match recorded at `path`, announcing it on stderr.
fn resume(path: PathBuf) -> Result<Match, UserError> {
    let game = Match::resume(path.clone())?;
    eprintln!(
        "resuming {} (move {})",
        path.display(),
        game.history().len() + 1
    );
    Ok(game)
}

/// Drops old finished autosaves. Failing to is harmless, and the game is already over, so
/// nothing is reported.
fn prune_quietly() {
    if let Some(dir) = autosave::data_dir() {
        let _ = autosave::prune(&dir);
    }
}

fn replay(args: &ReplayArgs) -> Result<(), UserError> {
    replay_file(&args.file, args.ui)
}

/// `trios replay FILE`: the record at `file` in the front end `ui` asks for.
fn replay_file(file: &std::path::Path, ui: Ui) -> Result<(), UserError> {
    match trios::record::game_of_file(file) {
        Ok(GameKind::Reversi) => {
            let full_screen = front_end(ui)? == Ui::Tui;
            return commands::replay_reversi(file, full_screen).map_err(failed);
        }
        Ok(GameKind::Islands) => {
            let full_screen = front_end(ui)? == Ui::Tui;
            return commands::replay_islands(file, full_screen).map_err(failed);
        }
        _ => {}
    }
    let record = Record::load(file)?;
    let name = file.display().to_string();
    if front_end(ui)? == Ui::Tui {
        let game = Match::replayed(&record, &name)?;
        return play_full_screen(game, trios::tui::Start::Review, false, true).map(|_| ());
    }
    // A record that does not replay shows nothing: it is checked whole first (cheap beside
    // making the views); then each view is written as the replay reaches it, so one view is
    // in memory at a time.
    record.replay(&name, |_, _| {})?;
    let mut out = trios::record::stream::ReplayOut::new(io::stdout().lock());
    let game = record.replay(&name, |game, outcome| {
        if let Some(outcome) = outcome.filter(|_| out.is_open()) {
            out.line(&textui::plays_line(outcome));
        }
        if out.is_open() {
            out.line(&trios::trios::text::render(game));
        }
    })?;
    match game.outcome() {
        Some(outcome) => out.line(&textui::game_over_line(&game, outcome)),
        None => out.text(&format!(
            "Record ends after {} moves; the game was not finished.\n",
            record.moves.len()
        )),
    }
    finish_output(out.finish())?;
    Ok(())
}

/// A closed output pipe (`trios ... | head`) is a normal way to stop reading, not an error;
/// gives `None` then.
fn finish_output<T>(result: io::Result<T>) -> Result<Option<T>, UserError> {
    match result {
        Ok(value) => Ok(Some(value)),
        Err(e) if e.kind() == io::ErrorKind::BrokenPipe => Ok(None),
        Err(e) => Err(UserError::Message(format!("cannot write output: {e}"))),
    }
}

/// Reads the files and deals the game a setup describes; a drawn seed is announced on stderr.
fn deal(setup: &SetupArgs) -> Result<trios::trios::Game, UserError> {
    let config = config_from(setup, Seat::Human, Seat::Human, 1000)?;
    if setup.seed.is_none() && config.depends_on_seed() {
        eprintln!("{}", commands::seed_note(config.seed));
    }
    Ok(config.new_game()?)
}

fn solve(args: &SolveArgs) -> Result<(), UserError> {
    use trios::trios::ai::Solved;
    match args.game {
        GameKind::Reversi => return commands::solve_reversi(args).map_err(failed),
        GameKind::Islands | GameKind::Triad | GameKind::HexPaths => {
            return Err(UserError::Message(
                "trios solve solves three-trios and reversi positions (Hex paths moves: trios hexpaths solve)".into(),
            ));
        }
        GameKind::ThreeTrios if args.position.is_some() => {
            return Err(UserError::Message(
                "--position is a Reversi flag; add --game reversi".into(),
            ));
        }
        GameKind::ThreeTrios => {}
    }
    // The deadline counts from the start: reading and dealing big files spend it too.
    let started = std::time::Instant::now();
    let budget = trios::trios::ai::SolveBudget {
        deadline: args
            .max_secs
            .map(|secs| started + std::time::Duration::from_secs(secs)),
        memory: usize::try_from(args.memory_mb.saturating_mul(1 << 20)).unwrap_or(usize::MAX),
    };
    let game = deal(&args.setup)?;
    let Some((solved, stop)) = solve_with_progress(&game, &budget) else {
        return Err(UserError::Message(
            "the game is already over; nothing to solve".into(),
        ));
    };
    let solution = match solved {
        Solved::Exact(solution) => solution,
        Solved::Bound(bound) => {
            let out_of_memory = stop == trios::trios::ai::Stop::Memory;
            return print_bound(args, &game, bound, started.elapsed(), out_of_memory);
        }
    };
    let ranking = match args.rank {
        true => {
            let (ranked, nodes) = trios::trios::ai::rank_first_moves(&game, &budget);
            if ranked.len() < trios::trios::ai::first_move_count(&game) {
                return Err(UserError::Message(format!(
                    "ranking every first move needs more memory than --memory-mb {} allows; \
                     raise it",
                    args.memory_mb
                )));
            }
            Some((ranked, nodes))
        }
        false => None,
    };
    let millis = started.elapsed().as_millis();
    let nodes = solution.nodes + ranking.as_ref().map_or(0, |(_, n)| *n);
    let best = solution.best;
    let mut out = String::new();
    if args.json {
        // Fields in the documented order: value, best, nodes, millis (then the ranking).
        #[derive(serde::Serialize)]
        struct At {
            hand: usize,
            row: usize,
            col: usize,
            #[serde(skip_serializing_if = "Option::is_none")]
            value: Option<i32>,
        }
        #[derive(serde::Serialize)]
        struct Solved {
            value: i32,
            best: At,
            nodes: u64,
            millis: u128,
            #[serde(skip_serializing_if = "Option::is_none")]
            ranking: Option<Vec<At>>,
        }
        let at = |mv: trios::trios::Move, value| At {
            hand: mv.hand,
            row: mv.pos.row,
            col: mv.pos.col,
            value,
        };
        let solved = Solved {
            value: solution.value,
            best: at(best, None),
            nodes,
            millis,
            ranking: ranking
                .as_ref()
                .map(|(ranked, _)| ranked.iter().map(|&(mv, v)| at(mv, Some(v))).collect()),
        };
        let json = serde_json::to_string(&solved).map_err(|e| UserError::Message(e.to_string()))?;
        out.push_str(&format!("{json}\n"));
    } else {
        let card = game
            .player_hand()
            .nth(best.hand)
            .map(|c| c.name().to_string())
            .unwrap_or_default();
        let verdict = match solution.value {
            0 => "a tie under perfect play".to_string(),
            v if v > 0 => format!("Red wins by {v} under perfect play"),
            v => format!("Blue wins by {} under perfect play", -v),
        };
        out.push_str(&format!("value: {:+} ({verdict})\n", solution.value));
        out.push_str(&format!(
            "best first move: place {best} ({card} at {},{})\n",
            best.pos.row, best.pos.col
        ));
        if let Some((ranked, _)) = &ranking {
            out.push_str("first moves (Red minus Blue under perfect play):\n");
            for (mv, v) in ranked {
                let name = game
                    .player_hand()
                    .nth(mv.hand)
                    .map(|c| c.name().to_string())
                    .unwrap_or_default();
                out.push_str(&format!("  place {mv}  {v:+}  {name}\n"));
            }
        }
        let rate = nodes as f64 / started.elapsed().as_secs_f64().max(1e-9);
        out.push_str(&format!(
            "searched {nodes} positions in {millis} ms ({:.1} M/s)\n",
            rate / 1e6
        ));
    }
    use std::io::Write;
    finish_output(io::stdout().lock().write_all(out.as_bytes()))?;
    Ok(())
}

/// Solves on worker threads while a spinner on stderr (shown only on a terminal) tells the
/// positions searched, the rate, the first moves finished and a rough time left.
fn solve_with_progress(
    game: &trios::trios::Game,
    budget: &trios::trios::ai::SolveBudget,
) -> Option<(trios::trios::ai::Solved, trios::trios::ai::Stop)> {
    use std::sync::atomic::Ordering;
    let progress = std::sync::Arc::new(trios::trios::ai::search::Progress::default());
    let roots = trios::trios::ai::first_move_count(game).max(1) as u64;
    let bar =
        indicatif::ProgressBar::with_draw_target(None, indicatif::ProgressDrawTarget::stderr());
    if let Ok(style) = indicatif::ProgressStyle::with_template("{spinner} {elapsed} · {msg}") {
        bar.set_style(style);
    }
    let started = std::time::Instant::now();
    // The worker hands its answer over a channel, so the answer is printed the moment it
    // is ready rather than at the next tick of the spinner.
    let (answer, answered) = std::sync::mpsc::channel();
    let solved = std::thread::scope(|scope| {
        {
            let progress = progress.clone();
            scope.spawn(move || {
                let _ = answer.send(trios::trios::ai::solve_budgeted(
                    game,
                    budget,
                    Some(progress),
                ));
            });
        }
        loop {
            match answered.recv_timeout(std::time::Duration::from_millis(100)) {
                Ok(solved) => break solved,
                Err(std::sync::mpsc::RecvTimeoutError::Disconnected) => break None,
                Err(std::sync::mpsc::RecvTimeoutError::Timeout) => {}
            }
            let nodes = progress.nodes.load(Ordering::Relaxed);
            let done = progress.roots_done.load(Ordering::Relaxed);
            let secs = started.elapsed().as_secs_f64().max(1e-3);
            let left = if done > 0 {
                let total = secs * roots as f64 / done as f64;
                format!("about {:.0} s left", (total - secs).max(0.0))
            } else {
                "estimating".to_string()
            };
            bar.set_message(format!(
                "{:.1} M positions ({:.1} M/s) · first moves solved {done}/{roots} · {left}",
                nodes as f64 / 1e6,
                nodes as f64 / secs / 1e6,
            ));
            bar.tick();
        }
    });
    bar.finish_and_clear();
    solved
}

/// The answer of a solve stopped by --max-secs: the best bound found, said as a bound.
fn print_bound(
    args: &SolveArgs,
    game: &trios::trios::Game,
    bound: Option<trios::trios::ai::Solution>,
    took: std::time::Duration,
    out_of_memory: bool,
) -> Result<(), UserError> {
    let secs = args.max_secs.unwrap_or(0);
    let mb = args.memory_mb;
    let red_moves = game.turn() == trios::trios::Player::Red;
    let mut out = String::new();
    match (&bound, args.json) {
        (None, true) => out.push_str(&format!(
            "{{\"exact\":false,\"value\":null,\"best\":null,\"millis\":{}}}\n",
            took.as_millis()
        )),
        (None, false) if out_of_memory => out.push_str(&format!(
            "no first move was solved within {mb} MB of memory; allow more with --memory-mb\n"
        )),
        (None, false) => out.push_str(&format!(
            "no first move was solved within {secs} s; allow more time with --max-secs\n"
        )),
        (Some(s), true) => {
            // The exact solve's fields in the same order, then what makes it a bound.
            #[derive(serde::Serialize)]
            struct At {
                hand: usize,
                row: usize,
                col: usize,
            }
            #[derive(serde::Serialize)]
            struct Bounded {
                value: i32,
                best: At,
                nodes: u64,
                millis: u128,
                exact: bool,
                bound: &'static str,
            }
            let bounded = Bounded {
                value: s.value,
                best: At {
                    hand: s.best.hand,
                    row: s.best.pos.row,
                    col: s.best.pos.col,
                },
                nodes: s.nodes,
                millis: took.as_millis(),
                exact: false,
                bound: if red_moves { "lower" } else { "upper" },
            };
            let json =
                serde_json::to_string(&bounded).map_err(|e| UserError::Message(e.to_string()))?;
            out.push_str(&format!("{json}\n"));
        }
        (Some(s), false) => {
            let side = if red_moves { "at least" } else { "at most" };
            let stopped = if out_of_memory {
                format!("stopped at {mb} MB of memory")
            } else {
                format!("stopped after {secs} s")
            };
            out.push_str(&format!(
                "value: {side} {:+} (Red minus Blue; {stopped}, not exact)\n",
                s.value
            ));
            out.push_str(&format!(
                "best first move found: place {} (worth exactly {:+})\n",
                s.best, s.value
            ));
            out.push_str(&format!("searched {} positions\n", s.nodes));
        }
    }
    use std::io::Write;
    finish_output(io::stdout().lock().write_all(out.as_bytes()))?;
    Ok(())
}

// `trios sim`: headless games, a progress bar on stderr, the report on stdout.

fn sim(args: &SimArgs) -> Result<(), UserError> {
    let bar = sim_progress_bar();
    let draw = |done: usize, total: usize| {
        bar.set_length(total as u64);
        bar.set_position(done as u64);
    };
    // The other games report through `commands`; checked flags first, then the run.
    let platform = match args.game {
        GameKind::HexPaths => {
            return Err(UserError::Message(
                "trios sim plays three-trios, reversi, islands and triad; Hex paths is played \
                 with trios play --game hexpaths (its tools: trios hexpaths …)"
                    .into(),
            ));
        }
        GameKind::Triad => Some(GameKind::Triad),
        GameKind::Islands => Some(GameKind::Islands),
        _ if args.white.is_some() => {
            return Err(UserError::Message(
                "--white and --black are Islands of Hex seats; add --game islands".into(),
            ));
        }
        GameKind::Reversi => Some(GameKind::Reversi),
        _ if args.dark.is_some() => {
            return Err(UserError::Message(
                "--dark and --light are Reversi seats; add --game reversi".into(),
            ));
        }
        _ => None,
    };
    if let Some(game) = platform {
        let report = match game {
            GameKind::Triad => commands::sim_triad(args, draw),
            GameKind::Islands => commands::sim_islands(args, draw),
            _ => commands::sim_reversi(args, draw),
        };
        bar.finish_and_clear();
        use std::io::Write;
        finish_output(
            io::stdout()
                .lock()
                .write_all(report.map_err(failed)?.as_bytes()),
        )?;
        return Ok(());
    }
    if let Some(list) = &args.round_robin {
        for name in &list.0 {
            trios::sim::parse_strategy(name)
                .map_err(|e| UserError::Message(format!("--round-robin: {e}")))?;
        }
    }
    let spec = sim_spec(args)?;
    let started = std::time::Instant::now();
    let report = match &args.round_robin {
        Some(list) => trios::sim::round_robin(&list.0, &spec, draw).map(|pairs| {
            if args.json {
                format!("{}\n", sim_report::round_robin_json(&list.0, &spec, &pairs))
            } else {
                sim_report::round_robin_text(&list.0, &spec, &pairs, started.elapsed())
            }
        }),
        None => trios::sim::summarize(&spec, draw).map(|summary| {
            if args.json {
                format!("{}\n", sim_report::pair_json(&spec, &summary))
            } else {
                sim_report::pair_text(&spec, &summary, started.elapsed())
            }
        }),
    };
    bar.finish_and_clear();
    use std::io::Write;
    finish_output(io::stdout().lock().write_all(report?.as_bytes()))?;
    Ok(())
}

/// The simulation the flags ask for, its files loaded; a drawn seed is announced on stderr.
fn sim_spec(args: &SimArgs) -> Result<trios::sim::SimSpec, UserError> {
    let setup = &args.setup;
    if args.round_robin.is_none() && (args.red.is_none() || args.blue.is_none()) {
        return Err(UserError::Message(
            "a Three Trios simulation needs --red A --blue B (two strategies) or \
             --round-robin A,B,...; other games: --game reversi, islands or triad"
                .into(),
        ));
    }
    let seed = setup.seed.unwrap_or_else(rand::random);
    let loaded = trios::sim::SimSetup::load(
        setup.board.as_deref(),
        setup.cards.as_deref(),
        setup.rules,
        setup.deal,
        seed,
    )?;
    if setup.seed.is_none() {
        eprintln!("{}", commands::sim_seed_note(seed));
    }
    let threads = args.threads.unwrap_or_else(trios::games::cores);
    Ok(trios::sim::SimSpec {
        a: args.red.clone().unwrap_or_default(),
        b: args.blue.clone().unwrap_or_default(),
        deals: args.games,
        swap: args.swap,
        setup: loaded,
        think_ms: args.think_ms,
        threads,
    })
}

/// `trios perft`: Reversi through the platform, Three Trios here (the built-in board and
/// cards dealt in order, or the setup flags' game).
fn perft(args: &trios::cli::PerftArgs) -> Result<(), UserError> {
    if matches!(
        args.game,
        GameKind::Islands | GameKind::Triad | GameKind::HexPaths
    ) {
        return Err(UserError::Message(
            "trios perft counts three-trios and reversi positions".into(),
        ));
    }
    if args.game == GameKind::Reversi {
        return commands::perft_reversi(args).map_err(failed);
    }
    if args.position.is_some() {
        return Err(UserError::Message(
            "--position is a Reversi flag; add --game reversi".into(),
        ));
    }
    let config = config_from(
        &SetupArgs {
            board: None,
            cards: None,
            deal: trios::trios::DealMode::InOrder,
            seed: Some(0),
            rules: trios::trios::RuleSet::default(),
        },
        Seat::Human,
        Seat::Human,
        1000,
    )?;
    let game = config.new_game()?;
    let started = std::time::Instant::now();
    let count = trios::trios::perft::perft(&game, args.depth as usize);
    use std::io::Write;
    finish_output(
        io::stdout()
            .lock()
            .write_all(format!("{count}\n").as_bytes()),
    )?;
    eprintln!(
        "depth {} in {:.3} s",
        args.depth,
        started.elapsed().as_secs_f64()
    );
    Ok(())
}

/// Games done of all, rate and time left, on stderr; indicatif draws nothing when stderr is
/// not a terminal, so pipes and scripts see only the report.
fn sim_progress_bar() -> indicatif::ProgressBar {
    let bar =
        indicatif::ProgressBar::with_draw_target(None, indicatif::ProgressDrawTarget::stderr());
    let template = "{bar:30} {pos}/{len} games · {rate} · ETA {eta}";
    if let Ok(style) = indicatif::ProgressStyle::with_template(template) {
        let rate = |state: &indicatif::ProgressState, w: &mut dyn std::fmt::Write| {
            let rate = state.per_sec();
            let unit = if format!("{rate:.0}") == "1" {
                "game"
            } else {
                "games"
            };
            let _ = write!(w, "{rate:.0} {unit}/s");
        };
        bar.set_style(style.with_key("rate", rate));
    }
    bar
}

// `trios serve`: the game over SSH, on a tokio runtime built here.

/// A host key the user named goes where they said or nowhere: its folder must exist (a typo
/// should not quietly make new folders). Only the default key in the data folder gets its
/// folder made.
fn check_host_key_folder(path: &std::path::Path) -> Result<(), UserError> {
    if path.exists() {
        return Ok(());
    }
    match path.parent().filter(|d| !d.as_os_str().is_empty()) {
        Some(dir) if !dir.is_dir() => Err(UserError::Message(format!(
            "--host-key {}: the folder {} does not exist; create it first (trios makes a new \
             key file there, not the folder)",
            path.display(),
            dir.display()
        ))),
        _ => Ok(()),
    }
}

fn serve(args: &trios::cli::ServeArgs) -> Result<(), UserError> {
    use tracing_subscriber::EnvFilter;
    let filter = EnvFilter::try_from_default_env()
        .unwrap_or_else(|_| EnvFilter::new("trios=info,russh=warn"));
    tracing_subscriber::fmt()
        .with_env_filter(filter)
        .with_writer(io::stderr)
        .with_ansi(io::stderr().is_terminal())
        .init();
    let game = config_from(
        &args.setup,
        Seat::Human,
        args.opponent.clone(),
        args.think_ms,
    )?;
    let key_path = match &args.host_key {
        Some(path) => {
            check_host_key_folder(path)?;
            path.clone()
        }
        None => trios::ssh::default_host_key_path().ok_or(AutosaveError::NoDataDir)?,
    };
    let host_key = trios::ssh::load_or_create_host_key(&key_path)?;
    let authorized_keys = match &args.authorized_keys {
        Some(path) => Some(trios::ssh::read_authorized_keys(path).map_err(UserError::Message)?),
        None => None,
    };
    let mut config = trios::ssh::ServeConfig::new(host_key, game);
    config.listen = args.listen;
    config.max_sessions = args.max_sessions;
    config.connections_per_minute = args.per_address;
    config.idle_timeout = std::time::Duration::from_secs(args.idle_timeout);
    config.authorized_keys = authorized_keys;
    config.fixed_seed = args.setup.seed.is_some();
    config.grace = std::time::Duration::from_secs(args.grace);
    config.lobby_game = args.game;
    config.login_grace = std::time::Duration::from_secs(args.login_grace_secs);
    config.max_startups = args.max_startups as usize;
    config.max_startups_per_address = args.max_startups_per_address as usize;
    config.showcase = (!args.no_showcase).then(|| {
        [
            trios::cli::STRONGEST.to_string(),
            trios::cli::SHOWCASE_OPPONENT.to_string(),
        ]
    });
    if !args.no_record {
        let dir = trios::autosave::data_dir().ok_or(AutosaveError::NoDataDir)?;
        match trios::ssh::records_writable(&dir) {
            Ok(matches) => eprintln!("recording matches with people in {}", matches.display()),
            Err(e) => eprintln!(
                "warning: matches are NOT being recorded: {e}; players are told at their \
                 tables (free space or fix the folder's permissions, or use --no-record)"
            ),
        }
        config.data_dir = Some(dir);
    }
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()
        .map_err(|e| UserError::Message(format!("cannot start the server: {e}")))?;
    runtime.block_on(async move {
        let server = trios::ssh::serve(config)
            .await
            .map_err(|e| UserError::Message(format!("cannot listen on {}: {e}", args.listen)))?;
        eprintln!(
            "trios is serving on {}: ssh -p {} {}   (Ctrl-C stops)",
            server.local_addr(),
            server.local_addr().port(),
            server.local_addr().ip()
        );
        wait_for_stop_signal().await;
        eprintln!("stopping");
        server.shutdown().await;
        Ok(())
    })
}

/// Waits for Ctrl-C (SIGINT) or SIGTERM: both stop the server the same graceful way.
async fn wait_for_stop_signal() {
    #[cfg(unix)]
    {
        use tokio::signal::unix::{SignalKind, signal};
        if let Ok(mut term) = signal(SignalKind::terminate()) {
            tokio::select! {
                _ = tokio::signal::ctrl_c() => {}
                _ = term.recv() => {}
            }
            return;
        }
    }
    let _ = tokio::signal::ctrl_c().await;
}
