//! The registry: the one list of games, each an [`Entry`] saying how the commands, the home
//! screen and the server start, resume and replay it. Commands and menus go through the list
//! and never name a game; what a game adds lives in the file named after it here.
//!
//! The entries are apart from `games/` because the games are pure libraries (no I/O, no
//! terminal), while an entry opens screens and runs commands.

pub mod daily;
pub mod local;
mod race_resume;
pub mod stones;

use std::path::{Path, PathBuf};

use crate::cli::{Command, PerftArgs, PlayArgs, SimArgs, SolveArgs, Ui};
pub use crate::games::GameInfo;
use crate::games::{GameKind, RegisterError, Side, TwoPlayer, Verdict};
use crate::record::duel::DuelRecord;
use crate::record::{AnyRecord, ReadRecordFn, RecordError};
use crate::run::Error;
use crate::setup::Base;
use crate::setup::three_trios::MatchConfig;
use crate::ssh::Showcase;
use crate::tui::Opening;
pub use crate::tui::lobby::games::{GameOptions, LobbyGame, LobbyRows, OwnRow, SavedLineFn};
use crate::tui::lobby::{Item, Launch};
use crate::tui::stones::StoneGame;
use std::sync::OnceLock;

/// Continues a saved match found by `trios play --resume`, in the front end given.
pub type ResumeFn = fn(PathBuf, &PlayArgs, Ui) -> Result<(), Error>;
/// Continues a saved match as a screen.
pub type ResumeScreenFn = fn(PathBuf) -> Result<Opening, Error>;
/// Replays a record in the front end given.
pub type ReplayFn = fn(&Path, Ui) -> Result<(), Error>;
/// Replays a record as a screen.
pub type ReplayScreenFn = fn(&Path) -> Result<Opening, Error>;
/// `trios solve` of one game.
pub type SolveFn = fn(&SolveArgs) -> Result<(), Error>;
pub use crate::ssh::session::{JoinTableFn, OpenTableFn};
/// A game's own subcommand, when the command given is it.
pub type ToolFn = fn(&Command) -> Option<Result<bool, Error>>;
/// `trios perft` of one game.
pub type PerftFn = fn(&PerftArgs) -> Result<(), Error>;
/// `trios sim` of one game: plays the games the flags ask for, telling `progress` the games
/// done of all, and gives the report.
pub type SimFn = fn(&SimArgs, &mut dyn FnMut(usize, usize)) -> Result<String, Error>;

/// How a finished record of a game ended for its seats ([`Entry::ended`]).
pub type EndedFn = fn(&AnyRecord) -> Option<Ended>;

/// A finished game's seats, first mover first, each with its place (0 is first; equal
/// places tie), and the result in the saved list's words.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Ended {
    pub seats: Vec<(crate::controller::Seat, u32)>,
    pub result: String,
}

/// How `trios sim` treats a game.
pub enum Sim {
    /// Headless games, played by `run`.
    Plays {
        run: SimFn,
        /// The values of this game's two seat flags (`--dark`, `--light` …) as given.
        seats: fn(&SimArgs) -> [Option<&String>; 2],
        /// The refusal when this game's first seat flag is given to a game listed before
        /// it (the games after the chosen one are checked from the last up); `None` when
        /// its seats are never refused.
        seats_refused: Option<&'static str>,
    },
    /// Not simulated: where the game is played instead, for the refusal.
    Not(&'static str),
}

/// What one game offers around its rules. Invariant: an entry's place in [`entries`] is its
/// game's place in the catalog ([`GameKind::index`]).
pub struct Entry {
    /// Which game, its title and its computer opponents.
    pub game: GameInfo,
    /// Whether `trios play --rivals` applies to it (races against computers).
    pub takes_rivals: bool,
    /// This game's own play flags that were given (their names as messages list them), or
    /// `None` when none was.
    pub flags_given: fn(&PlayArgs) -> Option<&'static str>,
    /// Whether any other game refuses this game's flags before anything else (they make no
    /// sense to any other game, whatever else is given).
    pub flags_refused_first: bool,
    /// `trios play --game NAME`: a new match from the flags.
    pub play: fn(&PlayArgs) -> Result<(), Error>,
    /// `trios play --resume` of a match of this game found at the path; `None` when the
    /// game is never saved.
    pub resume: Option<ResumeFn>,
    /// The home screen's Resume: the saved match at the path as a screen.
    pub resume_screen: Option<ResumeScreenFn>,
    /// A match chosen on the home screen, as a screen.
    pub launch: fn(&Launch) -> Result<Opening, Error>,
    /// `trios replay FILE` of a record of this game in the front end asked for; `None`
    /// when the game has no records of its own.
    pub replay: Option<ReplayFn>,
    /// The home screen's Replay of a record of this game, as a screen.
    pub replay_screen: Option<ReplayScreenFn>,
    /// `trios solve --game NAME`, where the game has a solver.
    pub solve: Option<SolveFn>,
    /// The game's own subcommand (`trios triad …`), when the command is it: `Some` of
    /// whether the answer was yes (a no exits with 1).
    pub tool: ToolFn,
    /// `trios perft --game NAME`, where the game counts positions.
    pub perft: Option<PerftFn>,
    /// `trios sim --game NAME`.
    pub sim: Sim,
    /// Its turn in a server's showcase, where computers play it for watchers.
    pub showcase: Option<Showcase>,
    /// Whether `--position` of `trios solve` and `trios perft` is this game's.
    pub takes_position: bool,
    /// Where a game without `trios solve` solves its moves instead, for the refusal.
    pub solve_hint: Option<&'static str>,
    /// Reads a record of this game (once its header said so), for the saved list and the
    /// resume of the latest match; `None` when the game is never recorded.
    pub read_record: Option<ReadRecordFn>,
    /// How a finished record of this game ended for each seat, for the local profile;
    /// `None` when it is unfinished, another game's, or not a contest between seats.
    pub ended: EndedFn,
    /// A server's lobby chose this game: opens a table for the choice (against the computer
    /// named, or for people) and sits the player at it.
    pub open_table: OpenTableFn,
    /// Sits at (or watches) a server's table of this game: the screen that shows it and how
    /// its news is told apart.
    pub join_table: JoinTableFn,
    /// What the lobby and the home screen know of the game.
    pub lobby: LobbyGame,
    /// Its daily puzzle, when it has one.
    pub daily: Option<daily::DailyPuzzle>,
}

/// The saved list's players and result of a duel's record, in its screen's words for the sides
/// (`Dark wins 40–24`, `White wins 3–1`).
pub fn duel_line<G: StoneGame>(
    record: &DuelRecord<G>,
    unfinished: &dyn Fn() -> String,
) -> (String, String) {
    let [first, second] = &record.setup.seats;
    let players = format!("{first} vs {second}");
    let result = record.result.as_ref().map_or_else(unfinished, |end| {
        let [a, b] = end.score;
        match end.verdict {
            Verdict::Win(side) => format!("{} wins {a}–{b}", G::side_title(side)),
            Verdict::Tie => format!("tie {a}–{b}"),
        }
    });
    (players, result)
}

/// Reads a duel's record of game `G` for the saved list ([`Entry::read_record`]).
pub fn read_duel<G: TwoPlayer + std::fmt::Debug>(
    name: &str,
    json: &str,
) -> Result<AnyRecord, RecordError> {
    DuelRecord::<G>::from_json(name, json).map(AnyRecord::of)
}

/// The saved list's line of a duel's record of game `G` ([`LobbyGame::saved_line`]); `None`
/// when the record is another game's.
pub fn duel_saved_line<G: StoneGame + std::fmt::Debug>(
    record: &AnyRecord,
    unfinished: &dyn Fn() -> String,
) -> Option<(String, String)> {
    record
        .downcast_ref::<DuelRecord<G>>()
        .map(|r| duel_line(r, unfinished))
}

/// How a finished duel's record of game `G` ended ([`Entry::ended`]).
pub fn duel_ended<G: StoneGame + std::fmt::Debug>(record: &AnyRecord) -> Option<Ended> {
    let r = record.downcast_ref::<DuelRecord<G>>()?;
    let end = r.result.as_ref()?;
    let places = match end.verdict {
        Verdict::Win(Side::First) => [0, 1],
        Verdict::Win(Side::Second) => [1, 0],
        Verdict::Tie => [0, 0],
    };
    let [first, second] = r.setup.seats.clone();
    Some(Ended {
        seats: vec![(first, places[0]), (second, places[1])],
        result: duel_line(r, &String::new).1,
    })
}

/// What the home screen offers for a two-player game: the computer, a friend at the same
/// keyboard, or two computers to watch.
pub const DUEL_ACTIONS: &[Item] = &[Item::PlayComputer, Item::TwoPlayers, Item::Watch];

/// The setups the lobbies start from, at home and at a server: the base's own setup and the
/// lobby's boards and rules are Three Trios', so its entry file builds them.
pub use three_trios::{home_setup, server_setup};

/// The registry's list of games built in: each line a game's file (or folder) here, whose
/// `ENTRY` says all the game offers around its rules, in the order of the games' catalog. A
/// new game here is one line; a game kept outside this crate is handed to [`install`].
macro_rules! entries {
    ($($module:ident),+ $(,)?) => {
        $(pub mod $module;)+

        /// The games built in, in the catalog's order (the order menus list them).
        static BUILT_IN: &[&Entry] = &[$(&$module::ENTRY),+];
    };
}

entries! {
    three_trios,
    reversi,
    islands,
    triad,
    hexpaths,
}

/// Every game's entry: the built-in ones, then those [`install`]ed. Fixed at its first reading.
static ENTRIES: OnceLock<Vec<&'static Entry>> = OnceLock::new();
/// Every game as the lobby and the home screen show it, in menu order.
static LOBBY_GAMES: OnceLock<Vec<&'static LobbyGame>> = OnceLock::new();

/// Adds games kept outside this crate, after the built-in ones, to every command, menu and
/// server: once, as a program's first step, before any game is looked up. Each entry's
/// game and lobby name the same game.
pub fn install(extra: &[&'static Entry]) -> Result<(), RegisterError> {
    if ENTRIES.get().is_some() {
        return Err(RegisterError::TooLate);
    }
    let infos: Vec<GameInfo> = extra.iter().map(|e| e.game).collect();
    crate::games::register(&infos)?;
    let mut all = BUILT_IN.to_vec();
    all.extend_from_slice(extra);
    ENTRIES.set(all).map_err(|_| RegisterError::TooLate)
}

/// Every game's entry, in the order menus list them.
pub fn entries() -> &'static [&'static Entry] {
    ENTRIES.get_or_init(|| BUILT_IN.to_vec())
}

/// Every game as the lobby and the home screen show it, in menu order.
pub fn lobby_games() -> &'static [&'static LobbyGame] {
    LOBBY_GAMES.get_or_init(|| entries().iter().map(|e| &e.lobby).collect())
}

impl Entry {
    /// Which game this is.
    pub fn kind(&self) -> GameKind {
        self.game.kind
    }
}

/// The replay screen of the game recorded at `path`, whatever its game, or why there is
/// none (the players screens' Enter on a game).
pub fn replay_record(path: &Path) -> Result<Opening, String> {
    let kind =
        crate::record::game_of_file(path).map_err(|e| format!("Cannot replay this game: {e}"))?;
    let screen = entry(kind)
        .replay_screen
        .ok_or_else(|| format!("{} games have no replay here", kind.title()))?;
    screen(path).map_err(|e| format!("Cannot replay this game: {e}"))
}

/// What a server knows of the games ([`crate::ssh::Games`]), from their entries.
pub fn server_games() -> crate::ssh::Games {
    crate::ssh::Games {
        showcase: |kind| entry(kind).showcase.as_ref(),
        readers: record_readers,
        open_table: |kind| entry(kind).open_table,
        join_table: |kind| entry(kind).join_table,
        short_title: |kind| entry(kind).lobby.short_title,
        replay: replay_record,
        daily: daily::today,
        puzzles: daily::puzzles(),
        choices: |base| lobby_choices(base),
    }
}

/// Each game's reader of its records, as the layers below are handed it
/// ([`crate::record::Readers`]).
pub fn record_readers(kind: GameKind) -> Option<crate::record::ReadRecordFn> {
    entry(kind).read_record
}

/// Every rating group of every game, game by game, each game's main group first.
pub fn rating_groups() -> Vec<(GameKind, &'static str)> {
    GameKind::all()
        .flat_map(|kind| (entry(kind).lobby.rating_groups.iter()).map(move |&g| (kind, g)))
        .collect()
}

/// The lobby's choices for the setup `base`: every game, and the opponents, boards and
/// rules offered with its Three Trios setup (a server's lobby and the home screen alike).
pub fn lobby_choices(base: impl Into<Base>) -> crate::tui::lobby::Choices {
    let base = base.into();
    let offered = three_trios::choices::offered(&MatchConfig::of_base(&base)).labels();
    let offered = (GameKind::ThreeTrios, offered);
    crate::tui::lobby::Choices::new(base, offered, lobby_games(), record_readers)
}

/// Refuses the flags of any game but the one chosen, saying which game they are for.
pub fn refuse_flags_of_others(args: &PlayArgs) -> Result<(), Error> {
    match flags_of_another(args, args.game, false) {
        Some((flags, kind)) => Err(other_flags(flags, kind)),
        None => Ok(()),
    }
}

/// The first game other than `game` whose own flags were given, and their names; with
/// `first_only`, among the games whose flags are refused before anything else.
pub fn flags_of_another(
    args: &PlayArgs,
    game: GameKind,
    first_only: bool,
) -> Option<(&'static str, GameKind)> {
    (entries().iter())
        .filter(|e| e.kind() != game && (!first_only || e.flags_refused_first))
        .find_map(|e| Some(((e.flags_given)(args)?, e.kind())))
}

/// The usage error for `flags` of game `kind` given to another game.
pub fn other_flags(flags: &str, kind: GameKind) -> Error {
    Error::Usage(format!(
        "{flags} are {} flags; add --game {}",
        kind.title(),
        kind.name()
    ))
}

/// Refuses the flags of another game, naming the ones this game uses (`seats`).
pub fn refuse_other_seats(args: &PlayArgs, game: GameKind, seats: &str) -> Result<(), Error> {
    if args.first_game_flags_given() {
        return Err(Error::Usage(format!(
            "--red, --blue, --board and --cards are Three Trios flags; {} seats are {seats}",
            game.title()
        )));
    }
    match flags_of_another(args, game, false) {
        Some((flags, other)) => Err(Error::Usage(format!(
            "{flags} are {} flags; {} seats are {seats}",
            other.title(),
            game.title()
        ))),
        None => Ok(()),
    }
}

/// The entry of `kind` (the first game's for a game never installed: kinds come from the
/// catalog, so only a program's own mistake names one).
pub fn entry(kind: GameKind) -> &'static Entry {
    let all = entries();
    all.iter().find(|e| e.kind() == kind).unwrap_or(&all[0])
}

/// The entry used where a file does not say its game: records without a game are of the
/// first game trios had.
pub fn default_entry() -> &'static Entry {
    entry(GameKind::default())
}

/// Runs `command` when it is a game's own subcommand: `Some` of whether the answer was yes.
pub fn run_tool(command: &Command) -> Option<Result<bool, Error>> {
    entries().iter().find_map(|e| (e.tool)(command))
}

/// The `trios sim` of `args.game`, once the flags it refuses are checked: a game without
/// simulations, or another game's seats (see [`Sim::Plays`]'s `seats_refused`).
pub fn sim_of(args: &SimArgs) -> Result<SimFn, Error> {
    let run = match entry(args.game).sim {
        Sim::Plays { run, .. } => run,
        Sim::Not(hint) => {
            return Err(Error::Usage(format!(
                "trios sim plays {}; {hint}",
                listed(&simulated(), "and")
            )));
        }
    };
    for later in entries().iter().rev().take_while(|e| e.kind() != args.game) {
        if let Sim::Plays {
            seats,
            seats_refused: Some(refusal),
            ..
        } = later.sim
            && seats(args)[0].is_some()
        {
            return Err(Error::Usage(refusal.into()));
        }
    }
    Ok(run)
}

/// Whether any game's seat flag of `trios sim` was given.
pub fn sim_seats_given(args: &SimArgs) -> bool {
    entries().iter().any(|e| match e.sim {
        Sim::Plays { seats, .. } => seats(args).iter().any(|s| s.is_some()),
        Sim::Not(_) => false,
    })
}

/// The names of the games `trios sim` plays, in menu order.
pub fn simulated() -> Vec<&'static str> {
    entries()
        .iter()
        .filter(|e| matches!(e.sim, Sim::Plays { .. }))
        .map(|e| e.kind().name())
        .collect()
}

/// `a, b, c and d` (with `last` for "and").
pub fn listed(names: &[&str], last: &str) -> String {
    match names.split_last() {
        None => String::new(),
        Some((only, [])) => only.to_string(),
        Some((tail, head)) => format!("{} {last} {tail}", head.join(", ")),
    }
}

/// Every game's kind, in menu order.
pub fn kinds() -> Vec<GameKind> {
    entries().iter().map(|e| e.kind()).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every group a game's results can be rated in is one its entry lists (so the
    /// leaderboards and `trios players --game` offer it), its main group, named as the game,
    /// first; and no group belongs to two games.
    #[test]
    fn every_rating_group_a_game_can_rate_in_is_listed_in_its_entry() {
        use crate::controller::table_game::Hosted;
        let listed = |kind: GameKind| entry(kind).lobby.rating_groups;
        let mut seen = std::collections::HashSet::new();
        for kind in GameKind::all() {
            assert_eq!(listed(kind).first(), Some(&kind.name()), "{kind:?}");
            for group in listed(kind) {
                assert!(seen.insert(*group), "{group} is listed twice");
            }
        }
        for size in 1..=70 {
            let options = crate::games::islands::Options { size };
            let group = <crate::games::islands::Game as Hosted>::rating_group(&options);
            assert!(
                listed(GameKind::Islands).contains(&group.as_str()),
                "{group}"
            );
        }
        for bits in 0..16u8 {
            let mut options = crate::games::three_trios::Options::default();
            options.rules.reverse = bits & 1 != 0;
            options.rules.fallen_ace = bits & 2 != 0;
            options.rules.same = bits & 4 != 0;
            options.rules.plus = bits & 8 != 0;
            let group = <crate::games::three_trios::Game as Hosted>::rating_group(&options);
            assert!(
                listed(GameKind::ThreeTrios).contains(&group.as_str()),
                "{group}"
            );
        }
        let reversi = <crate::games::reversi::Game as Hosted>::rating_group(&Default::default());
        assert_eq!(listed(GameKind::Reversi), [reversi.as_str()]);
        // A race rates in its game's group (controller/race_table/report.rs).
        for kind in [GameKind::Triad, GameKind::HexPaths] {
            assert_eq!(listed(kind), [kind.name()]);
        }
        assert_eq!(rating_groups().len(), seen.len());
    }

    #[test]
    fn entries_follow_the_kinds_in_order() {
        let kinds: Vec<GameKind> = entries().iter().map(|e| e.kind()).collect();
        assert_eq!(kinds, GameKind::all().collect::<Vec<_>>());
        for kind in GameKind::all() {
            assert_eq!(entry(kind).kind(), kind);
            let description = entry(kind).lobby.description;
            assert_eq!(entry(kind).lobby.kind, kind);
            assert_eq!(lobby_games()[kind.index()].kind, kind);
            // The home screen offers to continue exactly the games that resume as a screen.
            assert_eq!(
                entry(kind).lobby.resumes,
                entry(kind).resume_screen.is_some()
            );
            assert!(!description.is_empty());
            let width = unicode_width::UnicodeWidthStr::width(description);
            let most = crate::tui::lobby::view::DESCRIPTION_WIDTH;
            assert!(width <= most, "{kind}: {width} > {most} columns");
        }
    }

    #[test]
    fn own_rows_start_on_one_of_their_values() {
        for e in entries() {
            for row in e.lobby.own_rows {
                assert!(row.first < row.values, "{}", e.kind());
            }
        }
        let sides = islands::ISLAND_SIDES;
        let size = entry(GameKind::Islands)
            .lobby
            .own_row(Item::Size)
            .map(|r| sides[r.first]);
        assert_eq!(size, Some(crate::games::islands::DEFAULT_SIZE));
    }

    #[test]
    fn lists_read_as_sentences() {
        assert_eq!(listed(&[], "and"), "");
        assert_eq!(listed(&["a"], "and"), "a");
        assert_eq!(listed(&["a", "b"], "or"), "a or b");
        assert_eq!(listed(&["a", "b", "c"], "and"), "a, b and c");
    }
}
