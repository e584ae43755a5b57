//! Hex paths in the registry: rounds on the hexagon, alone, with people at one keyboard or
//! racing computer rivals, from the play flags or the home screen, and its tools
//! (`trios hexpaths …`).

use super::race_resume;
use super::daily::DailyPuzzle;
use super::{Entry, GameInfo, LobbyGame, LobbyRows, Sim};
use crate::cli::{Command, PlayArgs};
use crate::games::hexpaths::args::{HexpathsArgs, HexpathsTool};
use crate::games::hexpaths::platform::HexRace;
use crate::games::{GameKind, hexpaths};
use crate::record::AnyRecord;
use crate::record::hexpaths::{self as hex_record, HexRecord, HexRecorder};
use crate::record::race::RaceRecord;
use crate::run::output::write_out;
use crate::run::{Error, front_end};
use crate::ssh::session::{join_race_table, open_race_table, race_news};
use crate::tui::hexpaths::HexPathsScreen;
use crate::tui::lobby::{GameOptions, Item, Launch, Mode};
use crate::tui::{self, Opening};
use crate::words::count;
use std::path::PathBuf;

/// Hex paths' entry.
pub static ENTRY: Entry = Entry {
    game: GameInfo::HexPaths,
    takes_rivals: true,
    flags_given: |args| args.hexpaths.any().then_some(HexpathsArgs::FLAGS),
    flags_refused_first: true,
    // (`--resume` with `--game` is refused by the parser.) The flags are checked before
    // the terminal is.
    play: |args| {
        let setup = hexpaths_setup(args)?;
        let ui = front_end(args.ui)?;
        play_hexpaths(setup, ui == crate::cli::Ui::Tui, !args.no_autosave)
    },
    resume: Some(|path, _, ui| resume_hexpaths(path, ui)),
    resume_screen: Some(resume_screen),
    launch,
    replay: Some(|path, _| Err(not_replayed(path))),
    replay_screen: Some(|path| Err(not_replayed(path))),
    solve: None,
    tool: |command| match command {
        Command::Hexpaths(asked) => Some(tool(asked)),
        _ => None,
    },
    perft: None,
    sim: Sim::Not(
        "Hex paths is played with trios play --game hexpaths (its tools: trios hexpaths …)",
    ),
    showcase: None,
    takes_position: false,
    solve_hint: Some("Hex paths moves: trios hexpaths solve"),
    read_record: Some(|name, json| HexRecord::from_json(name, json).map(AnyRecord::of)),
    ended: |_| None,
    open_table: |conn, rival, _, size| open_race_table::<HexRace>(conn, rival, size),
    join_table: |spec, events, id, want, size| {
        let app = join_race_table::<HexRace, _, _>(
            spec,
            events,
            id,
            want,
            size,
            HexPathsScreen::at_table,
        )?;
        Ok((Box::new(app), race_news::<HexRace>()))
    },
    lobby: LobbyGame {
        kind: GameKind::HexPaths,
        description: "slide pieces on a hexagon to a nook in the fewest moves",
        lobby_options: LobbyRows {
            home: &[Item::Opponent],
            server: &[Item::Opponent],
        },
        // Alone, racing the chosen rival, people racing at one keyboard, or today's puzzle.
        home_actions: &[
            Item::Solitaire,
            Item::PlayComputer,
            Item::TwoPlayers,
            Item::Daily,
        ],
        short_title: "Hex",
        rating_groups: &["hexpaths"],
        option_value: |_, _| None,
        home_words: |item| match item {
            Item::Solitaire => Some("Play alone"),
            Item::PlayComputer => Some("Race the computer"),
            Item::TwoPlayers => Some("Two players race at this keyboard"),
            _ => None,
        },
        race_progress: Some(|table| format!("round {}/{}", table.moves + 1, table.cells)),
        saved_line,
        alone: Some(|| {
            GameOptions::new(
                GameKind::HexPaths,
                HexOptions {
                    rival: None,
                    people: 1,
                },
            )
        }),
        clocks: &[],
        own_rows: &[],
        most_players: crate::controller::race_table::hexpaths::MAX_PLAYERS,
        table_from_setup: false,
        options: |lobby, mode| {
            GameOptions::new(
                GameKind::HexPaths,
                HexOptions {
                    rival: (mode == Mode::VsComputer).then(|| lobby.opponent_name()),
                    people: if mode == Mode::TwoPlayers { 2 } else { 1 },
                },
            )
        },
        resumes: true,
    },
    daily: Some(DailyPuzzle {
        game: GameKind::HexPaths,
        scored: true,
        start: |seed, size, theme| {
            let settings = Default::default();
            let screen = HexPathsScreen::new(seed, settings, Vec::new(), Vec::new(), size, theme);
            Box::new(screen.as_daily())
        },
    }),
};

/// What a Hex paths game chosen in the lobby needs: the people at this keyboard, and a
/// computer rival of this level if one is named.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct HexOptions {
    pub rival: Option<String>,
    pub people: usize,
}

/// A game chosen on the home screen, as a screen.
fn launch(launch: &Launch) -> Result<Opening, Error> {
    let Some(HexOptions { rival, people }) = launch.options.own::<HexOptions>() else {
        return Err(Error::Usage("not a Hex paths game".into()));
    };
    let seed: u64 = rand::random();
    let rivals = match rival {
        Some(level) => vec![hexpaths::round::Rival::new(level, seed ^ 1).map_err(Error::game)?],
        None => Vec::new(),
    };
    let people: Vec<String> = if *people > 1 {
        (1..=*people).map(|i| format!("player {i}")).collect()
    } else {
        Vec::new()
    };
    Ok(hexpaths_screen(
        HexpathsSetup {
            seed,
            settings: Default::default(),
            people,
            rivals,
        },
        true,
    ))
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
fn hexpaths_setup(args: &PlayArgs) -> Result<HexpathsSetup, Error> {
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
        let level: Difficulty = level.parse().map_err(|e| Error::flag("--difficulty", e))?;
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
fn play_hexpaths(setup: HexpathsSetup, full_screen: bool, save: bool) -> Result<(), Error> {
    if !full_screen {
        return Err(Error::Usage(
            "Hex paths is played full screen; drop --ui text (the tools are `trios hexpaths …`)"
                .into(),
        ));
    }
    tui::run_screen(|_events, size, theme| hexpaths_app(setup, save, size, theme))
        .map_err(Error::Terminal)?;
    Ok(())
}

/// The Hex paths screen for `setup`; a lone player's game is saved when `save` (a race's
/// rivals and announcements are not a move list).
fn hexpaths_app(
    setup: HexpathsSetup,
    save: bool,
    size: (u16, u16),
    theme: tui::Theme,
) -> HexPathsScreen {
    let HexpathsSetup {
        seed,
        settings,
        people,
        rivals,
    } = setup;
    let alone = people.len() <= 1 && rivals.is_empty();
    let record =
        (save && alone).then(|| hex_record::autosave(seed, &settings).map_err(|e| e.to_string()));
    let app = HexPathsScreen::new(seed, settings, people, rivals, size, theme);
    match record {
        Some(record) => app.autosaved(record),
        None => app,
    }
}

/// Hex paths as a screen of the shell.
pub fn hexpaths_screen(setup: HexpathsSetup, save: bool) -> tui::Opening {
    Box::new(move |_events, size, theme| Box::new(hexpaths_app(setup, save, size, theme)))
}

/// The saved lone game at `path`, checked and locked, ready to go on.
fn saved_game(path: PathBuf) -> Result<HexRecorder, Error> {
    race_resume::saved_game(path, "this Hex paths game is over; nothing is left to play")
}

/// The saved lone game as a screen.
fn resume_app(recorder: HexRecorder, size: (u16, u16), theme: tui::Theme) -> HexPathsScreen {
    let path = recorder.name();
    let settings = recorder.record().setup.settings(&path).unwrap_or_default();
    HexPathsScreen::resume(recorder, size, theme).unwrap_or_else(|e| {
        // Checked as it was opened; a file changed since then is said, not played.
        HexPathsScreen::new(
            rand::random(),
            settings,
            Vec::new(),
            Vec::new(),
            size,
            theme,
        )
        .autosaved(Err(format!("{path} not resumed: {e}")))
    })
}

/// `trios play --resume` of a lone Hex paths game (full screen, as it is played).
fn resume_hexpaths(path: PathBuf, ui: crate::cli::Ui) -> Result<(), Error> {
    let refusal = "Hex paths is played full screen; drop --ui text";
    race_resume::resume(saved_game(path), ui, refusal, resume_app)
}

/// The home screen's resume of the lone Hex paths game at `path`.
fn resume_screen(path: PathBuf) -> Result<tui::Opening, Error> {
    race_resume::resume_screen(saved_game(path), resume_app)
}

/// A Hex paths record asked to be replayed: not yet stepped through; what to do instead.
fn not_replayed(path: &std::path::Path) -> Error {
    Error::Usage(format!(
        "{}: Hex paths games are not replayed yet; Resume last match (trios play --resume) \
         continues the latest unfinished one",
        path.display()
    ))
}

/// The saved list's line of a Hex paths record: `alone`, and the score and rounds.
fn saved_line(record: &AnyRecord, unfinished: &dyn Fn() -> String) -> Option<(String, String)> {
    let record = record.downcast_ref::<HexRecord>()?;
    let result = record.result.map_or_else(unfinished, |score| {
        format!("score {score}, {}", count(record.moves.len(), "round"))
    });
    Some(("alone".to_string(), result))
}

/// `trios hexpaths …`: answers a question about crannies, nooks, a game, a step, a path or
/// a move, or draws a game. `Ok(false)` is a "no" (`illegal: …`, `no path`): exit 1.
pub fn tool(tool: &HexpathsTool) -> Result<bool, Error> {
    use hexpaths::State;
    /// `legal`, or `illegal:` and why.
    fn verdict<E: std::fmt::Display>(r: Result<(), E>) -> Result<bool, Error> {
        match r {
            Ok(()) => write_out("legal\n").map(|()| true),
            Err(reason) => write_out(&format!("illegal: {reason}\n")).map(|()| false),
        }
    }
    let game = |text: &str| -> Result<State, Error> {
        text.parse().map_err(|e| Error::game(IllegalGame(e)))
    };
    // The index of the piece at `cell`.
    let piece_at = |state: &State, cell: u16| -> Result<usize, Error> {
        state
            .pieces()
            .iter()
            .position(|&p| u16::from(p) == cell)
            .ok_or_else(|| Error::Usage(format!("no piece is at {cell}")))
    };
    match tool {
        HexpathsTool::Crannies { text } => verdict(hexpaths::parse_crannies(text).map(drop)),
        HexpathsTool::Nooks { text } => verdict(hexpaths::parse_nooks(text).map(drop)),
        HexpathsTool::Game { text } => verdict(text.parse::<State>().map(drop)),
        HexpathsTool::Step {
            game: text,
            from,
            to,
        } => {
            game(text)?;
            verdict(match hexpaths::why_not_step(text, *from, *to) {
                None => Ok(()),
                Some(reason) => Err(reason),
            })
        }
        HexpathsTool::Path {
            game: text,
            start,
            goal,
        } => {
            let state = game(text)?;
            piece_at(&state, *start)?;
            match hexpaths::minimal_path(text, *start, *goal) {
                Some(path) => {
                    let cells: Vec<String> = path.iter().map(u16::to_string).collect();
                    write_out(&format!("{}\n", cells.join(" "))).map(|()| true)
                }
                None => write_out("no path\n").map(|()| false),
            }
        }
        HexpathsTool::Solve {
            game: text,
            piece,
            goal,
        } => {
            let state = game(text)?;
            let index = piece_at(&state, *piece)?;
            let board = state.board();
            let pieces = state.pieces();
            let goal = *goal as hexpaths::Cell;
            match hexpaths::solve(&board, pieces, index, goal, hexpaths::DEFAULT_BUDGET) {
                Ok(solution) => {
                    let mut out: String = solution
                        .steps
                        .iter()
                        .map(|s| format!("{}>{}\n", s.from, s.to))
                        .collect();
                    out.push_str(&format!("{}\n", count(solution.len(), "step")));
                    if !solution.proven {
                        eprintln!(
                            "note: the search stopped after {} positions; a shorter move may exist",
                            solution.expanded
                        );
                    }
                    write_out(&out).map(|()| true)
                }
                Err(hexpaths::Unsolved::NoMove) => write_out("no move\n").map(|()| false),
                Err(e) => Err(Error::game(e)),
            }
        }
        HexpathsTool::New { seed, pieces } => {
            let seed = match seed {
                Some(s) => *s,
                None => {
                    let s = rand::random();
                    eprintln!("seed: {s} (draw this game again with --seed {s})");
                    s
                }
            };
            let state = hexpaths::new_game(seed, usize::from(*pieces));
            write_out(&format!("{state}\n")).map(|()| true)
        }
        HexpathsTool::Show { game: text } => {
            let state = game(text)?;
            write_out(&format!("{state}\n")).map(|()| true)
        }
    }
}

/// A game given to a tool that is not a legal Hex paths game.
#[derive(Debug, thiserror::Error)]
#[error("illegal game: {0}")]
struct IllegalGame(#[source] hexpaths::StateError);
