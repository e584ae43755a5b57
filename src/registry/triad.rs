//! Triad in the registry: a solitaire or a race against computer rivals, from the play flags
//! or the home screen, and its card tools (`trios triad …`).

use crate::words::count;
use std::io::{self, IsTerminal};
use std::path::PathBuf;

use super::race_resume;
use super::daily::DailyPuzzle;
use super::{Entry, GameInfo, LobbyGame, LobbyRows, Sim};
use crate::cli::{Command, PlayArgs, SimArgs};
use crate::games::triad::args::TriadTool;
use crate::games::triad::platform::TriadRace;
use crate::games::{GameKind, triad};
use crate::record::AnyRecord;
use crate::record::race::RaceRecord;
use crate::record::triad::{self as triad_record, TriadRecord, TriadRecorder};
use crate::run::output::{text_ended, write_out};
use crate::run::{Error, front_end, seed_note};
use crate::ssh::session::{join_race_table, open_race_table, race_news};
use crate::textui;
use crate::tui::lobby::{GameOptions, Item, Launch, Mode};
use crate::tui::triad::TriadScreen;
use crate::tui::{self, Opening};

/// Triad's entry.
pub static ENTRY: Entry = Entry {
    game: GameInfo::Triad,
    takes_rivals: true,
    flags_given: |_| None,
    flags_refused_first: false,
    play: |args| play_triad(args, front_end(args.ui)? == crate::cli::Ui::Tui),
    resume: Some(|path, _, ui| resume_triad(path, ui)),
    resume_screen: Some(resume_screen),
    launch,
    replay: Some(replay_triad),
    replay_screen: Some(replay_screen),
    solve: None,
    tool: |command| match command {
        Command::Triad(asked) => Some(tool(asked).map(|()| true)),
        _ => None,
    },
    perft: None,
    // Solitaire games: no seats.
    sim: Sim::Plays {
        run: sim,
        seats: |_| [None, None],
        seats_refused: None,
    },
    showcase: None,
    takes_position: false,
    solve_hint: None,
    read_record: Some(|name, json| TriadRecord::from_json(name, json).map(AnyRecord::of)),
    ended: |_| None,
    open_table: |conn, rival, _, size| open_race_table::<TriadRace>(conn, rival, size),
    join_table: |spec, events, id, want, size| {
        let app = join_race_table::<TriadRace, _, _>(
            spec,
            events,
            id,
            want,
            size,
            TriadScreen::at_table,
        )?;
        Ok((Box::new(app), race_news::<TriadRace>()))
    },
    lobby: LobbyGame {
        kind: GameKind::Triad,
        description: "find three cards: each trait all same or all different",
        lobby_options: LobbyRows {
            home: &[Item::Opponent],
            server: &[Item::Opponent],
        },
        // Alone, racing the chosen rival, or today's puzzle.
        home_actions: &[Item::Solitaire, Item::PlayComputer, Item::Daily],
        short_title: "Triad",
        rating_groups: &["triad"],
        option_value: |_, _| None,
        home_words: |item| match item {
            Item::PlayComputer => Some("Race the computer"),
            _ => None,
        },
        race_progress: Some(|table| format!("{} taken", crate::words::count(table.moves, "triad"))),
        saved_line,
        alone: Some(|| GameOptions::new(GameKind::Triad, TriadOptions { rival: None })),
        clocks: &[],
        own_rows: &[],
        most_players: crate::controller::race_table::triad::MAX_RACERS,
        table_from_setup: false,
        options: |lobby, mode| {
            let rival = (mode == Mode::VsComputer).then(|| lobby.opponent_name());
            GameOptions::new(GameKind::Triad, TriadOptions { rival })
        },
        resumes: true,
    },
    daily: Some(DailyPuzzle {
        game: GameKind::Triad,
        scored: false,
        start: |seed, size, theme| Box::new(TriadScreen::new(seed, None, size, theme).as_daily()),
    }),
};

/// What a Triad game chosen in the lobby needs: alone, or racing a computer rival of this
/// level.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TriadOptions {
    pub rival: Option<String>,
}

/// A solitaire or race chosen on the home screen, as a screen.
fn launch(launch: &Launch) -> Result<Opening, Error> {
    let Some(TriadOptions { rival }) = launch.options.own::<TriadOptions>() else {
        return Err(Error::Usage("not a Triad game".into()));
    };
    let seed = rand::random();
    let rivals = match rival {
        Some(level) => vec![triad::race::Rival::new(level, seed ^ 1).map_err(Error::game)?],
        None => Vec::new(),
    };
    Ok(triad_screen(seed, rivals, true))
}

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
        return triad_full_screen(seed, rivals, !args.no_autosave);
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

/// Triad full screen: a solitaire (its best times kept, and saved in the data folder when
/// `save`) without `rivals`, else a race against them.
fn triad_full_screen(seed: u64, rivals: Vec<triad::race::Rival>, save: bool) -> Result<(), Error> {
    tui::run_screen(|_events, size, theme| triad_app(seed, rivals, save, size, theme))
        .map_err(Error::Terminal)?;
    Ok(())
}

/// The Triad screen: a solitaire (its best times kept; saved when `save`) without `rivals`,
/// else a race (never saved: its rivals' timing is not a move list).
fn triad_app(
    seed: u64,
    rivals: Vec<triad::race::Rival>,
    save: bool,
    size: (u16, u16),
    theme: tui::Theme,
) -> TriadScreen {
    if !rivals.is_empty() {
        return TriadScreen::race(seed, rivals, size, theme);
    }
    let app = TriadScreen::new(seed, tui::triad::bests::path(), size, theme);
    if !save {
        return app;
    }
    app.autosaved(triad_record::autosave(seed).map_err(|e| e.to_string()))
}

/// Triad as a screen of the shell (as `triad_full_screen` plays it on its own).
pub fn triad_screen(seed: u64, rivals: Vec<triad::race::Rival>, save: bool) -> tui::Opening {
    Box::new(move |_events, size, theme| Box::new(triad_app(seed, rivals, save, size, theme)))
}

/// The saved Triad solitaire at `path`, checked and locked, ready to go on.
fn saved_game(path: PathBuf) -> Result<TriadRecorder, Error> {
    race_resume::saved_game(path, "this Triad game is over; trios replay shows it")
}

/// The saved solitaire at `path` as a screen.
fn resume_app(recorder: TriadRecorder, size: (u16, u16), theme: tui::Theme) -> TriadScreen {
    let path = recorder.name();
    let bests = tui::triad::bests::path();
    TriadScreen::resume(recorder, bests.clone(), size, theme).unwrap_or_else(|e| {
        // Checked as it was opened; a file changed since then is said, not played.
        TriadScreen::new(rand::random(), bests, size, theme)
            .autosaved(Err(format!("{path} not resumed: {e}")))
    })
}

/// `trios play --resume` of a Triad solitaire: full screen only.
fn resume_triad(path: PathBuf, ui: crate::cli::Ui) -> Result<(), Error> {
    let refusal = "a Triad game goes on full screen; drop --ui text";
    race_resume::resume(saved_game(path), ui, refusal, resume_app)
}

/// The home screen's resume of the Triad solitaire at `path`.
fn resume_screen(path: PathBuf) -> Result<tui::Opening, Error> {
    race_resume::resume_screen(saved_game(path), resume_app)
}

/// The saved game at `path`, read and checked, to step through.
fn recorded_game(path: &std::path::Path) -> Result<(TriadRecord, String), Error> {
    let record = TriadRecord::load(path)?;
    let name = path.display().to_string();
    record.replay_moves(&name, |_, _| {})?;
    Ok((record, name))
}

/// The replay as a screen, or a fresh solitaire saying why it could not be (the record was
/// checked as it was read).
fn replay_app(record: TriadRecord, name: &str, size: (u16, u16), theme: tui::Theme) -> TriadScreen {
    TriadScreen::replay(record, name, size, theme).unwrap_or_else(|e| {
        TriadScreen::new(rand::random(), None, size, theme)
            .autosaved(Err(format!("{name} not replayed: {e}")))
    })
}

/// `trios replay FILE` of a Triad record: stepped through full screen.
fn replay_triad(path: &std::path::Path, ui: crate::cli::Ui) -> Result<(), Error> {
    if ui != crate::cli::Ui::Tui {
        return Err(Error::Usage(
            "a Triad game is replayed full screen; drop --ui text".into(),
        ));
    }
    let (record, name) = recorded_game(path)?;
    tui::run_screen(|_events, size, theme| replay_app(record, &name, size, theme))
        .map_err(Error::Terminal)?;
    Ok(())
}

/// The Saved list's replay of a Triad record.
fn replay_screen(path: &std::path::Path) -> Result<tui::Opening, Error> {
    let (record, name) = recorded_game(path)?;
    Ok(Box::new(move |_events, size, theme| {
        Box::new(replay_app(record, &name, size, theme))
    }))
}

/// The saved list's line of a Triad record: `solitaire`, and the triads and time.
fn saved_line(record: &AnyRecord, unfinished: &dyn Fn() -> String) -> Option<(String, String)> {
    let record = record.downcast_ref::<TriadRecord>()?;
    let result = record.result.map_or_else(unfinished, |end| {
        let secs = end.clock_ms as f64 / 1000.0;
        format!(
            "{} in {}",
            count(end.triads, "triad"),
            tui::triad::bests::clock(secs)
        )
    });
    Some(("solitaire".to_string(), result))
}

/// `trios triad check|find`: reads the cards, then prints the answer.
pub fn tool(tool: &TriadTool) -> Result<(), Error> {
    let read = |texts: &[String]| -> Result<Vec<triad::Card>, Error> {
        let cards = texts
            .iter()
            .map(|t| t.parse::<triad::Card>().map_err(Error::game))
            .collect::<Result<Vec<triad::Card>, Error>>()?;
        // The deck holds every card once: a card given twice is a typing slip.
        if let Some((first, again)) = triad::first_repeat(&cards) {
            return Err(Error::Usage(format!(
                "cards {} and {} are the same card ({}); the deck holds each card once, so \
                 give different cards",
                first + 1,
                again + 1,
                cards[first]
            )));
        }
        Ok(cards)
    };
    let out = match tool {
        TriadTool::Check { cards } => match read(cards)?.as_slice() {
            &[a, b, c] if triad::is_triad(a, b, c) => "triad\n".to_string(),
            [_, _, _] => "not a triad\n".to_string(),
            _ => return Err(Error::Usage("check takes three cards".into())),
        },
        TriadTool::Find { cards } => {
            let found = triad::triads(&read(cards)?);
            let mut out: String = found
                .iter()
                .map(|[i, j, k]| format!("{i} {j} {k}\n"))
                .collect();
            out.push_str(&format!("{}\n", count(found.len(), "triad")));
            out
        }
    };
    write_out(&out)
}

/// `trios sim --game triad`: solitaire games and what they show about the deal.
fn sim(args: &SimArgs, progress: &mut dyn FnMut(usize, usize)) -> Result<String, Error> {
    if super::sim_seats_given(args) || args.round_robin.is_some() || args.swap {
        return Err(Error::Usage(
            "a Triad simulation plays solitaire games: it takes --games, --seed, --threads and \
             --json, and no strategies"
                .into(),
        ));
    }
    let seed = args.seeding.seed.unwrap_or_else(rand::random);
    if args.seeding.seed.is_none() {
        eprintln!("{}", crate::run::sim_seed_note(seed));
    }
    let threads = args.threads.unwrap_or_else(crate::games::cores);
    let started = std::time::Instant::now();
    let summary = crate::sim::triad::run(args.games as u64, seed, threads, progress);
    Ok(if args.json {
        crate::sim::triad::json(&summary, seed)
    } else {
        crate::sim::triad::table(&summary, seed, threads, started)
    })
}
