//! Triad and Hex paths (solitaires and races): checked from the play flags and played.

use std::io::{self, IsTerminal};

use super::output::text_ended;
use super::{Error, seed_note};
use crate::cli::PlayArgs;
use crate::games::triad;
use crate::textui;
use crate::tui;

/// `trios play --game triad`: a solitaire from `--seed` (drawn and announced when absent),
/// full screen or in text mode.
pub fn play_triad(args: &PlayArgs, full_screen: bool) -> Result<(), Error> {
    if args.games.seats_given() {
        return Err(Error::Usage(
            "Triad is a solitaire: it takes no seats, --size or --position".into(),
        ));
    }
    let seed = args.seeding.seed.unwrap_or_else(rand::random);
    let rivals = args
        .rivals
        .iter()
        .enumerate()
        .map(|(i, name)| {
            triad::race::Rival::new(name, seed.wrapping_add(i as u64 + 1))
                .map_err(|e| Error::flag("--rivals", e))
        })
        .collect::<Result<Vec<_>, _>>()?;
    if rivals.len() > 7 {
        return Err(Error::Usage(
            "--rivals: at most 7 rivals (8 players at a table)".into(),
        ));
    }
    if !rivals.is_empty() && !full_screen {
        return Err(Error::Usage(
            "a race against --rivals is played full screen; drop --ui text".into(),
        ));
    }
    if full_screen {
        return triad_full_screen(seed, rivals);
    }
    if args.seeding.seed.is_none() {
        eprintln!("{}", seed_note(seed));
    }
    let mut game = triad::Game::new(seed);
    if io::stdin().is_terminal() {
        eprintln!("Triad: type help for the commands.");
    }
    let ended = textui::triad::run(
        &mut game,
        io::stdin().lock(),
        &mut io::stdout().lock(),
        &mut io::stderr().lock(),
    );
    text_ended(ended)
}

/// Triad full screen: a solitaire (its best times kept) without `rivals`, else a race
/// against them.
pub fn triad_full_screen(seed: u64, rivals: Vec<triad::race::Rival>) -> Result<(), Error> {
    tui::run_screen(|_events, size, theme| triad_app(seed, rivals, size, theme))
        .map_err(Error::Terminal)?;
    Ok(())
}

/// The Triad screen: a solitaire (its best times kept) without `rivals`, else a race.
fn triad_app(
    seed: u64,
    rivals: Vec<triad::race::Rival>,
    size: (u16, u16),
    theme: tui::Theme,
) -> tui::triad::TriadApp {
    if rivals.is_empty() {
        tui::triad::TriadApp::new(seed, tui::triad::bests::path(), size, theme)
    } else {
        tui::triad::TriadApp::race(seed, rivals, size, theme)
    }
}

/// Triad as a screen of the shell (see [`triad_full_screen`]).
pub fn triad_screen(seed: u64, rivals: Vec<triad::race::Rival>) -> tui::Opening {
    Box::new(move |_events, size, theme| Box::new(triad_app(seed, rivals, size, theme)))
}

/// A game of Hex paths as `trios play` asks for it: its seed, settings, the people at the
/// keyboard and the computer rivals.
pub struct HexpathsSetup {
    pub seed: u64,
    pub settings: crate::games::hexpaths::round::Settings,
    pub people: Vec<String>,
    pub rivals: Vec<crate::games::hexpaths::round::Rival>,
}

/// Reads `trios play --game hexpaths`'s flags, refusing what does not make a game.
pub fn hexpaths_setup(args: &PlayArgs) -> Result<HexpathsSetup, Error> {
    use crate::games::hexpaths::Difficulty;
    use crate::games::hexpaths::round::{Rival, Settings};
    if args.games.seats_given() {
        return Err(Error::Usage(
            "Hex paths takes no seats, --size or --position: people are --players, computers \
             --rivals"
                .into(),
        ));
    }
    let options = &args.hexpaths;
    let seed = args.seeding.seed.unwrap_or_else(rand::random);
    let mut settings = Settings::default();
    if let Some(n) = options.rounds {
        settings.rounds = n as usize;
    }
    if let Some(secs) = options.round_secs {
        settings.round_time = std::time::Duration::from_secs(secs);
    }
    if let Some(n) = options.pieces {
        settings.pieces = usize::from(n);
    }
    if let Some(level) = &options.difficulty {
        let level: Difficulty = level
            .parse()
            .map_err(|e: String| Error::flag("--difficulty", e))?;
        if level == Difficulty::NeedsAnother && settings.pieces < 2 {
            return Err(Error::Usage(
                "--difficulty needs-another needs at least two --pieces".into(),
            ));
        }
        settings.difficulty = Some(level);
    }
    let people: Vec<String> = options
        .players
        .iter()
        .map(|name| name.trim().to_string())
        .filter(|name| !name.is_empty())
        .collect();
    if people.len() > 4 {
        return Err(Error::Usage(
            "--players: at most four people at one keyboard (keys 1–4)".into(),
        ));
    }
    let rivals = args
        .rivals
        .iter()
        .enumerate()
        .map(|(i, name)| {
            Rival::new(name, seed.wrapping_add(i as u64 + 1))
                .map_err(|e| Error::flag("--rivals", e))
        })
        .collect::<Result<Vec<_>, _>>()?;
    if rivals.len() > 3 {
        return Err(Error::Usage("--rivals: at most three rivals".into()));
    }
    Ok(HexpathsSetup {
        seed,
        settings,
        people,
        rivals,
    })
}

/// `trios play --game hexpaths`: rounds on the hexagon, full screen: alone, several people
/// at this keyboard (`--players`), or against computer `--rivals`.
pub fn play_hexpaths(setup: HexpathsSetup, full_screen: bool) -> Result<(), Error> {
    if !full_screen {
        return Err(Error::Usage(
            "Hex paths is played full screen; drop --ui text (the tools are `trios hexpaths …`)"
                .into(),
        ));
    }
    tui::run_screen(|_events, size, theme| hexpaths_app(setup, size, theme))
        .map_err(Error::Terminal)?;
    Ok(())
}

/// The Hex paths screen for `setup`.
fn hexpaths_app(
    setup: HexpathsSetup,
    size: (u16, u16),
    theme: tui::Theme,
) -> tui::hexpaths::HexApp {
    let HexpathsSetup {
        seed,
        settings,
        people,
        rivals,
    } = setup;
    tui::hexpaths::HexApp::new(seed, settings, people, rivals, size, theme)
}

/// Hex paths as a screen of the shell.
pub fn hexpaths_screen(setup: HexpathsSetup) -> tui::Opening {
    Box::new(move |_events, size, theme| Box::new(hexpaths_app(setup, size, theme)))
}
