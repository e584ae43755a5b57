//! `trios` alone in a terminal: the home screen, and the matches chosen there.

use std::path::PathBuf;
use std::sync::Arc;

use clap::Parser;

use super::replay::replay_file;
use super::resume as resuming;
use super::three_trios::{config_from, resume, resume_hint, run_full_screen, start_autosaved};
use super::{Error, duel, front_end, race};
use crate::autosave;
use crate::cli::{Cli, Command, Ui};
use crate::controller::{Match, Seat};
use crate::games::three_trios::args::ThreeTriosArgs;
use crate::tui::lobby::{Choices, GameOptions, Intent, Launch, Lobby};

/// The home screen until the person quits it: each match chosen there takes the terminal
/// the way its `trios play` or `trios replay` would, and leaving it comes back here.
pub fn run() -> Result<(), Error> {
    let setup = ThreeTriosArgs::built_in(crate::games::three_trios::DealMode::Shuffle);
    let base = config_from(
        &setup,
        None,
        Seat::Human,
        Seat::Computer(crate::cli::STRONGEST.into()),
        1000,
    )?;
    let choices = Arc::new(Choices::home(base));
    let theme = crate::tui::Theme::from_env();
    let mut lobby = Lobby::home(choices, autosave::data_dir(), (80, 24), theme);
    loop {
        let intent = crate::tui::run_lobby(&mut lobby).map_err(Error::Terminal)?;
        let resumable = lobby.resumable().cloned();
        let done = match intent {
            Intent::Quit => return Ok(()),
            Intent::Play(launch) => play_from_home(&launch),
            Intent::Resume(path) => resume_from_home(path).map(Played::from),
            Intent::Replay(path) => replay_file(&path, Ui::Tui).map(|()| Played::default()),
            // Tables belong to a server's lobby.
            Intent::Open { .. } | Intent::Join(_) | Intent::Watch(_) => Ok(Played::default()),
        };
        if crate::tui::stop_requested() {
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
            Err(Error::Reported) => lobby.say(
                "That stopped with an error; it is shown when trios ends",
                true,
            ),
            Err(e) => lobby.say(&e.to_string(), true),
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
fn play_from_home(launch: &Launch) -> Result<Played, Error> {
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
            let last = run_full_screen(game, crate::tui::Start::Play, false, true)?;
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
                return Err(Error::Usage("cannot set up this Reversi match".into()));
            };
            let ui = front_end(args.ui)?;
            duel::play_reversi(&args, ui == Ui::Tui)?;
            Ok(Played::default())
        }
        GameOptions::Islands { size } => {
            let [white, black] = launch.seats().map(|seat| seat.to_string());
            let size = size.to_string();
            let command = ["trios", "play", "--game", "islands", "--size", &size];
            let seats = ["--white", &white, "--black", &black];
            let cli = Cli::try_parse_from(command.into_iter().chain(seats))?;
            let Some(Command::Play(args)) = cli.command else {
                return Err(Error::Usage(
                    "cannot set up this Islands of Hex match".into(),
                ));
            };
            let ui = front_end(args.ui)?;
            duel::play_islands(&args, ui == Ui::Tui)?;
            Ok(Played::default())
        }
        GameOptions::Triad { rival } => {
            let seed = rand::random();
            let rivals = match rival {
                Some(level) => vec![
                    crate::games::triad::race::Rival::new(level, seed ^ 1).map_err(Error::Usage)?,
                ],
                None => Vec::new(),
            };
            race::triad_full_screen(seed, rivals)?;
            Ok(Played::default())
        }
        GameOptions::HexPaths { rival, people } => {
            let seed: u64 = rand::random();
            let rivals = match rival {
                Some(level) => vec![
                    crate::games::hexpaths::round::Rival::new(level, seed ^ 1)
                        .map_err(Error::Usage)?,
                ],
                None => Vec::new(),
            };
            let people: Vec<String> = if *people > 1 {
                (1..=*people).map(|i| format!("player {i}")).collect()
            } else {
                Vec::new()
            };
            let setup = race::HexpathsSetup {
                seed,
                settings: Default::default(),
                people,
                rivals,
            };
            race::play_hexpaths(setup, true)?;
            Ok(Played::default())
        }
    }
}

/// Continues the match recorded at `path` as `trios play --resume` continues the latest;
/// gives back a Three Trios match once it is left.
fn resume_from_home(path: PathBuf) -> Result<Option<Match>, Error> {
    let full_screen = || Ok(front_end(Ui::Auto)? == Ui::Tui);
    let Some(path) = resuming::platform_or_three_trios(path, full_screen)? else {
        return Ok(None);
    };
    let game = resume(path)?;
    run_full_screen(game, crate::tui::Start::Play, false, true).map(Some)
}
