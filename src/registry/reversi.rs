//! Reversi in the registry: a match from the play flags or the home screen, resumed,
//! replayed, and the command-line tools (`trios solve`, `trios perft`).

use crate::setup::clock::TimeControl;
use std::path::{Path, PathBuf};
use std::time::Instant;

use super::{GameInfo, DUEL_ACTIONS, Entry, LobbyGame, LobbyRows, OwnRow, Sim};
use crate::cli::{PerftArgs, PlayArgs, SimArgs, SolveArgs, Ui};
use crate::controller::Duel;
use crate::controller::duel::DuelConfig;
use crate::controller::table_game::Hosted;
use crate::games::reversi::args::{BookSwitch, ReversiArgs};
use crate::games::reversi::{self, Game as Reversi, Move, Square};
use crate::games::{GameKind, Side, TwoPlayer};
use crate::record::duel::DuelRecord;
use crate::run::duel::{
    duel_screen, home_screen, new_config, play_full_screen, play_text_with, resume_duel, start_duel,
};
use crate::run::output::write_out;
use crate::run::replay::{stream_duel, view_record, viewer_screen};
use crate::run::{Error, front_end};
use crate::ssh::session::{duel_news, join_duel, open_duel};
use crate::ssh::{Showcase, show};
use crate::textui;
use crate::tui::Opening;
use crate::tui::lobby::{GameOptions, Item, Launch, Lobby};

/// Reversi's entry.
pub static ENTRY: Entry = Entry {
    game: GameInfo::Reversi,
    takes_rivals: false,
    flags_given: |args| args.games.reversi.any().then_some(ReversiArgs::FLAGS),
    flags_refused_first: false,
    play: |args| play_reversi(args, front_end(args.ui)? == Ui::Tui),
    resume: Some(|path, _, ui| resume_reversi(path, ui == Ui::Tui)),
    resume_screen: Some(|path| Ok(duel_screen(Duel::<Reversi>::resume(path)?, None))),
    launch,
    replay: Some(|file, ui| reversi_replay(file, front_end(ui)? == Ui::Tui)),
    replay_screen: Some(replay_screen),
    solve: Some(solve),
    tool: |_| None,
    perft: Some(perft),
    sim: Sim::Plays {
        run: sim,
        seats: |args| args.reversi.seats.both(),
        seats_refused: Some("--dark and --light are Reversi seats; add --game reversi"),
    },
    showcase: Some(Showcase {
        computers: ["expert", "positional"],
        show: |game, seats, think_ms| show(DuelConfig::<Reversi>::new(seats, game.seed, think_ms)),
    }),
    takes_position: true,
    solve_hint: None,
    // Dark, then light.
    read_record: Some(super::read_duel::<Reversi>),
    ended: super::duel_ended::<Reversi>,
    open_table: |conn, opponent, options, size| {
        let clock = options.clock();
        open_duel::<Reversi>(conn, opponent, REVERSI_OPPONENT, Default::default(), clock, size)
    },
    join_table: |spec, events, id, want, size| {
        let app = join_duel::<Reversi>(spec, events, id, want, size)?;
        Ok((Box::new(app), duel_news::<DuelConfig<Reversi>>()))
    },
    lobby: LobbyGame {
        kind: GameKind::Reversi,
        description: "flip your rival's discs by closing lines around them",
        // A server's tables seat their opener first (dark): no colour to choose there.
        lobby_options: LobbyRows {
            home: &[Item::Opponent, Item::Color, Item::Clock],
            server: &[Item::Clock, Item::Opponent],
        },
        home_actions: DUEL_ACTIONS,
        short_title: "Reversi",
        rating_groups: &["reversi"],
        option_value: |lobby, item| match item {
            Item::Color => Some(("You play", color_label(lobby.color()))),
            _ => None,
        },
        home_words: |_| None,
        race_progress: None,
        saved_line: super::duel_saved_line::<Reversi>,
        alone: None,
        clocks: &[TimeControl::new(3, 2), TimeControl::new(1, 1), TimeControl::new(5, 3), TimeControl::new(10, 5)],
        own_rows: &[OwnRow {
            item: Item::Color,
            values: 2,
            first: 0,
        }],
        most_players: 2,
        table_from_setup: false,
        options: |lobby, _| {
            GameOptions::new(GameKind::Reversi, ()).playing(match lobby.color() {
                reversi::Color::Dark => Side::First,
                reversi::Color::Light => Side::Second,
            })
        },
        resumes: true,
    },
    daily: None,
};

/// A match chosen on the home screen, as a screen.
fn launch(launch: &Launch) -> Result<Opening, Error> {
    home_screen::<Reversi>(launch.seats(), launch.options.clock(), |_| {})
}

/// The record at `file` in the full-screen viewer, as a screen.
fn replay_screen(file: &Path) -> Result<Opening, Error> {
    let record = DuelRecord::<Reversi>::load(file)?;
    let name = file.display().to_string();
    Ok(viewer_screen(Duel::replayed(&record, &name)?))
}

/// The computer a person faces full screen when no seat is given.
pub const REVERSI_OPPONENT: &str = "expert";

/// `trios play --game reversi`: a new match, full screen or in text mode. Full screen, light
/// is the expert unless `--light` says otherwise; text mode seats two people by default.
pub fn play_reversi(args: &PlayArgs, full_screen: bool) -> Result<(), Error> {
    let seats = [
        (args.games.reversi.dark.as_deref(), "--dark"),
        (args.games.reversi.light.as_deref(), "--light"),
    ];
    super::refuse_other_seats(args, GameKind::Reversi, "--dark and --light")?;
    let mut config = new_config::<Reversi>(args, seats, full_screen, REVERSI_OPPONENT)?;
    config.options.position = args.games.reversi.position.clone();
    config.options.no_book = args.games.reversi.book == Some(BookSwitch::Off);
    (config.think_ms, config.options.timed) = args.games.reversi.work.budget(args.think_ms);
    Reversi::start(&config.options, config.seed).map_err(Error::game)?;
    let mut duel = start_duel(args, config, full_screen)?;
    if full_screen {
        let known = args.seeding.seed;
        return play_full_screen(duel, args.no_autosave, !args.no_animation, known);
    }
    play_text(&mut duel)
}

/// Plays a Reversi match in text mode on standard input and output.
pub fn play_text(duel: &mut Duel<Reversi>) -> Result<(), Error> {
    play_text_with(duel, |duel, input, out, err| {
        textui::reversi::run(duel, input, out, err)
    })
}

/// Resumes the Reversi match recorded at `path`, full screen or in text mode.
pub fn resume_reversi(path: PathBuf, full_screen: bool) -> Result<(), Error> {
    resume_duel::<Reversi>(path, full_screen, play_text)
}

/// `trios replay FILE` of a Reversi record: full screen, a viewer that steps through every
/// move and flip; in text, every move, the board after it, and the result.
fn reversi_replay(path: &Path, full_screen: bool) -> Result<(), Error> {
    let record = DuelRecord::<Reversi>::load(path)?;
    let name = path.display().to_string();
    if full_screen {
        return view_record(&record, &name);
    }
    stream_duel(
        &record,
        &name,
        |out, turn| {
            let color = reversi::color_of(turn.side);
            out.line(&match turn.mv {
                Move::Pass => textui::reversi::pass_line(color),
                mv => format!("{} plays {mv}", color.letter()),
            });
        },
        |out, game| out.line(&reversi::text::render_plain(game)),
        |game, out| out.line(&textui::reversi::game_over_line(game)),
    )
}

/// A Reversi position from `--position`, or the start.
fn reversi_position(given: Option<&str>) -> Result<Reversi, Error> {
    match given {
        None => Ok(Reversi::new()),
        Some(text) => text.parse().map_err(|e| Error::flag("--position", e)),
    }
}

/// `trios solve --game reversi --position P`: the exact value for the side to move (empty
/// squares to the winner) and a best move, searched on up to four threads as Three Trios'
/// solve is.
fn solve(args: &SolveArgs) -> Result<(), Error> {
    let Some(text) = args.reversi.position.as_deref() else {
        return Err(Error::Usage(
            "solving Reversi needs --position P (64 squares X, O or -, then X or O to move); \
             the whole game from the start is far beyond reach"
                .into(),
        ));
    };
    let game = reversi_position(Some(text))?;
    if game.is_over() {
        return Err(Error::Usage(
            "the game is already over; nothing to solve".into(),
        ));
    }
    let started = Instant::now();
    let solution = reversi::endgame::solve_on(&game, crate::games::search_threads());
    let millis = started.elapsed().as_millis();
    let best = solution.best.map(|sq: Square| (sq.row() + 1, sq.col() + 1));
    if args.json {
        #[derive(serde::Serialize)]
        struct At {
            row: usize,
            col: usize,
        }
        #[derive(serde::Serialize)]
        struct Solved {
            value: i32,
            best: Option<At>,
            nodes: u64,
            millis: u128,
        }
        let json = serde_json::to_string(&Solved {
            value: solution.value,
            best: best.map(|(row, col)| At { row, col }),
            nodes: solution.nodes,
            millis,
        })?;
        return write_out(&format!("{json}\n"));
    }
    let mover = game.turn().letter();
    let verdict = match solution.value {
        0 => "a tie under perfect play".to_string(),
        v if v > 0 => format!("{mover} wins by {v} under perfect play"),
        v => format!("{mover} loses by {} under perfect play", -v),
    };
    let best = match best {
        Some((row, col)) => format!("{row} {col}"),
        None => format!("pass ({mover} has no legal move)"),
    };
    let rate = solution.nodes as f64 / started.elapsed().as_secs_f64().max(1e-9);
    write_out(&format!(
        "value: {:+} ({verdict})\nbest move: {best}\nsearched {} positions in {millis} ms \
         ({:.1} M/s)\n",
        solution.value,
        solution.nodes,
        rate / 1e6
    ))
}

/// `trios perft --game reversi DEPTH`: the leaf count, and the time on standard error.
fn perft(args: &PerftArgs) -> Result<(), Error> {
    let game = reversi_position(args.reversi.position.as_deref())?;
    let started = Instant::now();
    let count = reversi::perft::perft_threads(&game, args.depth, args.threads);
    let secs = started.elapsed().as_secs_f64();
    write_out(&format!("{count}\n"))?;
    eprintln!(
        "depth {} in {secs:.3} s ({:.1} M leaves/s, {} thread{})",
        args.depth,
        count as f64 / secs.max(1e-9) / 1e6,
        args.threads,
        if args.threads == 1 { "" } else { "s" }
    );
    Ok(())
}

/// `trios sim --game reversi --dark A --light B`, `--round-robin`, or with neither the
/// ladder of levels.
fn sim(args: &SimArgs, progress: &mut dyn FnMut(usize, usize)) -> Result<String, Error> {
    let names: Vec<String> = match (
        &args.round_robin,
        &args.reversi.seats.first,
        &args.reversi.seats.second,
    ) {
        (Some(list), _, _) => list.0.iter().map(|n| reversi::canonical(n)).collect(),
        (None, Some(a), Some(b)) => vec![reversi::canonical(a), reversi::canonical(b)],
        (None, None, None) => return ladder(args, progress),
        _ => {
            return Err(Error::Usage(
                "a Reversi simulation needs --dark A --light B (two strategies) or \
                 --round-robin A,B,..."
                    .into(),
            ));
        }
    };
    let (think_ms, timed) = args.reversi.work.budget(args.think_ms);
    let options = reversi::Options {
        no_book: args.reversi.book == Some(BookSwitch::Off),
        timed,
        ..reversi::Options::default()
    };
    crate::run::sim::sim_game::<Reversi>(args, &names, options, think_ms, progress)
}

/// `trios sim --game reversi` with no strategies: the ladder, each of `level:1` …
/// `level:10` against the one below it (`level:1` against `random`).
fn ladder(args: &SimArgs, progress: &mut dyn FnMut(usize, usize)) -> Result<String, Error> {
    let rungs: Vec<String> = std::iter::once("random".to_string())
        .chain((reversi::levels::LOWEST..=reversi::levels::HIGHEST).map(|n| format!("level:{n}")))
        .collect();
    let seed = args.seeding.seed.unwrap_or_else(rand::random);
    if args.seeding.seed.is_none() {
        eprintln!("{}", crate::run::sim_seed_note(seed));
    }
    let (think_ms, timed) = args.reversi.work.budget(args.think_ms);
    let mut spec =
        crate::sim::duel::DuelSpec::<Reversi>::new(&rungs[1], &rungs[0], seed, think_ms)?;
    spec.options.timed = timed;
    spec.deals = args.games;
    spec.swap = args.swap;
    spec.openings = args.openings;
    spec.threads = args.threads.unwrap_or_else(crate::games::cores);
    let started = Instant::now();
    let results = crate::sim::ladder::ladder(&rungs, &spec, progress)?;
    Ok(if args.json {
        format!("{}\n", crate::sim::ladder::ladder_json(&spec, &results))
    } else {
        crate::sim::ladder::ladder_text(&spec, &results, started.elapsed())
    })
}

/// How the colour choice reads: who moves first, and the letter of the text view.
fn color_label(color: reversi::Color) -> String {
    match color {
        reversi::Color::Dark => "Dark (X, moves first)".to_string(),
        reversi::Color::Light => "Light (O)".to_string(),
    }
}

impl Lobby {
    /// Reversi: the colour the person plays.
    pub fn color(&self) -> reversi::Color {
        match self.pick(GameKind::Reversi, Item::Color) {
            0 => reversi::Color::Dark,
            _ => reversi::Color::Light,
        }
    }
}

/// What a table says of a Reversi match: its seats' names and how many moves it can last.
impl Hosted for Reversi {
    fn cells(_: &Self) -> usize {
        60
    }
    fn seat_title(side: Side) -> &'static str {
        match side {
            Side::First => "Dark",
            Side::Second => "Light",
        }
    }
}

/// A tournament of Reversi takes the platform's defaults, but for its budget: work unless
/// the match is on a clock.
impl crate::sim::duel::SimGame for Reversi {
    fn budget(spec: &crate::sim::duel::DuelSpec<Self>) -> String {
        if spec.options.timed {
            format!("{} ms a move", spec.think_ms)
        } else {
            let units = usize::try_from(spec.think_ms).unwrap_or(usize::MAX);
            format!("{} of work a move", crate::words::count(units, "unit"))
        }
    }
}
