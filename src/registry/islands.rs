//! Islands of Hex in the registry: a match from the play flags or the home screen, resumed
//! and replayed; boards too large for the full screen are played as text.

use crate::setup::clock::TimeControl;
use std::path::{Path, PathBuf};

use super::{GameInfo, DUEL_ACTIONS, Entry, LobbyGame, LobbyRows, OwnRow, Sim};
use crate::cli::{PlayArgs, SimArgs, Ui};
use crate::controller::Duel;
use crate::controller::duel::DuelConfig;
use crate::controller::table_game::Hosted;
use crate::games::islands::args::IslandsArgs;
use crate::games::islands::{self, Game as Islands};
use crate::games::{GameKind, Side, TwoPlayer};
use crate::record::duel::DuelRecord;
use crate::run::duel::{
    duel_screen, home_screen, new_config, play_full_screen, play_text_with, resume_duel, start_duel,
};
use crate::run::replay::{stream_duel, view_record, viewer_screen};
use crate::run::{Error, front_end};
use crate::ssh::session::{AtTableError, Conn, TableScreen, duel_news, join_duel, open_duel};
use crate::ssh::{Showcase, show};
use crate::textui;
use crate::tui::Opening;
use crate::tui::lobby::{GameOptions, Item, Launch, Lobby};

/// The board sides offered at home; the default is 11.
pub const ISLAND_SIDES: [usize; 10] = [5, 7, 9, 11, 13, 15, 19, 25, 40, 64];

/// Where the default size is among [`ISLAND_SIDES`] (the first side if it is not there).
const DEFAULT_SIDE: usize = {
    let mut at = 0;
    while at < ISLAND_SIDES.len() && ISLAND_SIDES[at] != islands::DEFAULT_SIZE {
        at += 1;
    }
    if at == ISLAND_SIDES.len() { 0 } else { at }
};

/// The board side picked in the lobby.
fn side(lobby: &Lobby) -> usize {
    let at = lobby.pick(GameKind::Islands, Item::Size);
    ISLAND_SIDES
        .get(at)
        .copied()
        .unwrap_or(islands::DEFAULT_SIZE)
}

/// Islands of Hex's entry.
pub static ENTRY: Entry = Entry {
    game: GameInfo::Islands,
    takes_rivals: false,
    flags_given: |args| args.games.islands.any().then_some(IslandsArgs::FLAGS),
    flags_refused_first: false,
    play: |args| play_islands(args, front_end(args.ui)? == Ui::Tui),
    resume: Some(|path, _, ui| resume_islands(path, ui == Ui::Tui)),
    resume_screen: Some(resume_screen),
    launch,
    replay: Some(|file, ui| islands_replay(file, front_end(ui)? == Ui::Tui)),
    replay_screen: Some(replay_screen),
    solve: None,
    tool: |_| None,
    perft: None,
    sim: Sim::Plays {
        run: sim,
        seats: |args| args.islands.seats.both(),
        seats_refused: Some("--white and --black are Islands of Hex seats; add --game islands"),
    },
    showcase: Some(Showcase {
        computers: ["expert", "connector"],
        show: |base, seats, think_ms| show(DuelConfig::<Islands>::new(seats, base.seed, think_ms)),
    }),
    takes_position: false,
    solve_hint: None,
    read_record: Some(super::read_duel::<Islands>),
    ended: super::duel_ended::<Islands>,
    open_table,
    join_table: |spec, events, id, want, size| {
        let app = join_duel::<Islands>(spec, events, id, want, size)?;
        Ok((Box::new(app), duel_news::<DuelConfig<Islands>>()))
    },
    lobby: LobbyGame {
        kind: GameKind::Islands,
        description: "stones on hexagons; once a side joins, more islands wins",
        lobby_options: LobbyRows {
            home: &[Item::Opponent, Item::Size, Item::Clock],
            // The size decides the rating group, so a server offers every size home does.
            server: &[Item::Clock, Item::Opponent, Item::Size],
        },
        home_actions: DUEL_ACTIONS,
        short_title: "Islands",
        rating_groups: &["islands", "islands-small", "islands-large"],
        option_value: |lobby, item| match item {
            Item::Size => {
                let n = side(lobby);
                Some(("Board", format!("{n}x{n}")))
            }
            _ => None,
        },
        home_words: |_| None,
        race_progress: None,
        saved_line: super::duel_saved_line::<Islands>,
        alone: None,
        clocks: &[TimeControl::new(5, 5), TimeControl::new(2, 3), TimeControl::new(10, 10)],
        own_rows: &[OwnRow {
            item: Item::Size,
            values: ISLAND_SIDES.len(),
            first: DEFAULT_SIDE,
        }],
        most_players: 2,
        table_from_setup: false,
        options: |lobby, _| {
            GameOptions::new(GameKind::Islands, islands::Options { size: side(lobby) })
        },
        resumes: true,
    },
    daily: None,
};

/// The largest side a server's table is played on: every screen at a table keeps each
/// position of the match, about 7 bytes a cell a move, so 25x25 is under 3 MB a screen by
/// the last move where 64x64 would be over 100 MB.
pub const SERVER_MOST_SIDE: usize = 25;

/// Opens a server's table on the board side the lobby chose (the default side if it is not
/// one offered; a side above [`SERVER_MOST_SIDE`] is refused): against `opponent` when it
/// is one of the game's computer players (else the strongest), or (`None`) for two.
fn open_table(
    conn: &std::rc::Rc<Conn>,
    opponent: Option<String>,
    options: &GameOptions,
    screen: (u16, u16),
) -> Result<TableScreen, AtTableError> {
    let size = match options.own::<islands::Options>() {
        Some(islands::Options { size }) if ISLAND_SIDES.contains(size) => *size,
        _ => islands::DEFAULT_SIZE,
    };
    if size > SERVER_MOST_SIDE {
        return Err(AtTableError::BoardTooLarge {
            most: SERVER_MOST_SIDE,
        });
    }
    let names = GameKind::Islands.opponents();
    let strongest = names.first().copied().unwrap_or_default();
    let clock = options.clock();
    open_duel::<Islands>(conn, opponent, strongest, islands::Options { size }, clock, screen)
}

/// A match chosen on the home screen, as a screen; a board too large for it is refused.
fn launch(launch: &Launch) -> Result<Opening, Error> {
    let Some(&islands::Options { size }) = launch.options.own::<islands::Options>() else {
        return Err(Error::Usage("not an Islands of Hex match".into()));
    };
    islands_fit_the_screen(size)?;
    home_screen::<Islands>(launch.seats(), launch.options.clock(), |options| {
        options.size = size;
    })
}

/// The match recorded at `path` continued as a screen; a board too large for the full
/// screen is refused.
fn resume_screen(path: PathBuf) -> Result<Opening, Error> {
    let record = DuelRecord::<Islands>::load(&path)?;
    islands_fit_the_screen(record.setup.options.size)?;
    Ok(duel_screen(Duel::<Islands>::resume(path)?, None))
}

/// The record at `file` in the full-screen viewer, as a screen; a board too large for it
/// is refused.
fn replay_screen(file: &Path) -> Result<Opening, Error> {
    let record = DuelRecord::<Islands>::load(file)?;
    islands_fit_the_screen(record.setup.options.size)?;
    let name = file.display().to_string();
    Ok(viewer_screen(Duel::replayed(&record, &name)?))
}

/// The computer a person faces at Islands of Hex full screen when no seat is given.
pub const ISLANDS_OPPONENT: &str = "connector";

/// `trios play --game islands`: a new match, full screen (black is the connector unless
/// `--black` says otherwise) or in text mode (two people by default).
pub fn play_islands(args: &PlayArgs, full_screen: bool) -> Result<(), Error> {
    let seats = [
        (args.games.islands.white.as_deref(), "--white"),
        (args.games.islands.black.as_deref(), "--black"),
    ];
    super::refuse_other_seats(args, GameKind::Islands, "--white and --black")?;
    let mut config = new_config::<Islands>(args, seats, full_screen, ISLANDS_OPPONENT)?;
    config.options.size = args.games.islands.size.unwrap_or(islands::DEFAULT_SIZE);
    Islands::start(&config.options, config.seed).map_err(|e| Error::flag("--size", e))?;
    if full_screen {
        islands_fit_the_screen(config.options.size)?;
    }
    let mut duel = start_duel(args, config, full_screen)?;
    if full_screen {
        let known = args.seeding.seed;
        return play_full_screen(duel, args.no_autosave, !args.no_animation, known);
    }
    play_islands_text(&mut duel)
}

/// The largest Islands of Hex board played full screen: the screen keeps every position of
/// the match for replay, which on larger boards would take too much memory.
pub const ISLANDS_SCREEN_MAX: usize = 64;

/// Refuses a board too large for the full screen, saying what to do instead.
pub fn islands_fit_the_screen(size: usize) -> Result<(), Error> {
    if size > ISLANDS_SCREEN_MAX {
        return Err(Error::Usage(format!(
            "a {size}x{size} board is too large for the full screen (at most \
             {ISLANDS_SCREEN_MAX} a side); play it in text mode with --ui text"
        )));
    }
    Ok(())
}

/// Resumes the Islands of Hex match recorded at `path`, full screen or in text mode.
pub fn resume_islands(path: PathBuf, full_screen: bool) -> Result<(), Error> {
    if full_screen {
        let record = DuelRecord::<Islands>::load(&path)?;
        islands_fit_the_screen(record.setup.options.size)?;
    }
    resume_duel::<Islands>(path, full_screen, play_islands_text)
}

/// Plays an Islands of Hex match in text mode on standard input and output.
fn play_islands_text(duel: &mut Duel<Islands>) -> Result<(), Error> {
    play_text_with(duel, |duel, input, out, err| {
        textui::islands::run(duel, input, out, err)
    })
}

/// `trios replay FILE` of an Islands of Hex record: full screen, a viewer that steps through
/// every move; in text (and for boards too large for the screen), every move and the view
/// after it, then the end.
fn islands_replay(path: &Path, full_screen: bool) -> Result<(), Error> {
    let record = DuelRecord::<Islands>::load(path)?;
    let name = path.display().to_string();
    if full_screen && record.setup.options.size <= ISLANDS_SCREEN_MAX {
        return view_record(&record, &name);
    }
    stream_duel(
        &record,
        &name,
        |out, turn| out.line(&format!("{} plays {}", turn.played.stone.name(), turn.mv)),
        |out, game| out.text(&islands::text::render(game)),
        |game, out| {
            if let Some(stone) = game.board().chain_maker() {
                out.line(&textui::islands::chain_line(stone));
            }
            out.line(&textui::islands::game_over_line(game));
        },
    )
}

/// `trios sim --game islands`: pairs (`--white A --black B`) or a round robin, on boards
/// of `--size` (default 11).
fn sim(args: &SimArgs, progress: &mut dyn FnMut(usize, usize)) -> Result<String, Error> {
    let names: Vec<String> = match (
        &args.round_robin,
        &args.islands.seats.first,
        &args.islands.seats.second,
    ) {
        (Some(list), _, _) => list.0.clone(),
        (None, Some(a), Some(b)) => {
            vec![a.trim().to_ascii_lowercase(), b.trim().to_ascii_lowercase()]
        }
        _ => {
            return Err(Error::Usage(
                "an Islands of Hex simulation needs --white A --black B (two strategies) or \
                 --round-robin A,B,..."
                    .into(),
            ));
        }
    };
    let options = islands::Options {
        size: args.islands.size.unwrap_or(islands::DEFAULT_SIZE),
    };
    Islands::start(&options, 0).map_err(|e| Error::flag("--size", e))?;
    crate::run::sim::sim_game::<Islands>(args, &names, options, args.thinking_ms(), progress)
}

/// What a table says of an Islands of Hex match: its seats' names and how many moves it can last.
impl Hosted for Islands {
    fn cells(game: &Self) -> usize {
        game.board().size().pow(2)
    }
    fn seat_title(side: Side) -> &'static str {
        match side {
            Side::First => "White",
            Side::Second => "Black",
        }
    }
    /// A board of another side than the default's is named in the lobby's list of tables.
    fn rules_label(options: &Self::Options) -> String {
        match options.size {
            islands::DEFAULT_SIZE => String::new(),
            n => format!("{n}x{n}"),
        }
    }
    /// The board's size changes the contest: small boards (up to 9 a side) are quick and
    /// tactical, 10 to 13 are the classic sizes (11 the default), 14 and up are long games.
    fn rating_group(options: &Self::Options) -> String {
        match options.size {
            0..=9 => "islands-small".to_string(),
            10..=13 => "islands".to_string(),
            _ => "islands-large".to_string(),
        }
    }
}

/// A tournament of Islands takes the platform's defaults.
impl crate::sim::duel::SimGame for Islands {}
