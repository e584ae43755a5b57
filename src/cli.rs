//! The command line: clap types for every subcommand and flag.

use std::path::PathBuf;

use clap::{Args, Parser, Subcommand, ValueEnum};

use crate::controller::Seat;
use crate::flag_value::{NumberError, seed, within};
use crate::games::GameKind;
use crate::games::hexpaths::args::{HexpathsArgs, HexpathsTool};
use crate::games::islands::args::{IslandsArgs, IslandsSimArgs};
use crate::games::reversi::args::{
    ReversiArgs, ReversiPerftArgs, ReversiSimArgs, ReversiSolveArgs,
};
use crate::games::three_trios::args::ThreeTriosArgs;
use crate::games::triad::args::TriadTool;

/// Three Trios in the terminal: a two-player card game on a grid with holes.
///
/// Alone in a terminal, opens the home screen (choose a game, play, watch, resume or replay).
/// With flags and no subcommand, plays like `trios play` and takes its flags: full screen
/// against the computer (you are Red) in a terminal, or the text mode when input or output is
/// not a terminal.
#[derive(Debug, Parser)]
#[command(name = "trios", version, about, args_conflicts_with_subcommands = true)]
pub struct Cli {
    #[command(subcommand)]
    pub command: Option<Command>,
    /// `trios FLAGS` is `trios play FLAGS`.
    #[command(flatten)]
    pub play: PlayArgs,
}

#[derive(Debug, Subcommand)]
pub enum Command {
    /// Play a game: full screen in a terminal (Blue is the computer unless --blue says
    /// otherwise), the line-based text mode otherwise (both seats human by default).
    Play(PlayArgs),
    /// Play back a match record written with --record, checking every move.
    Replay(ReplayArgs),
    /// Solve the opening exactly: Red's score minus Blue's under perfect play, and a best
    /// first move. A 3x3 board takes well under a second; the built-in 17-cell board tens of
    /// seconds to minutes, and bigger boards far longer: a terminal shows progress, and
    /// --max-secs stops with the best bound found.
    Solve(SolveArgs),
    /// Play many headless games between two computer strategies, or a round robin of
    /// several, on every core, and print their results.
    Sim(SimArgs),
    /// Count the positions DEPTH moves ahead (a check of the move generator and a speed
    /// test): `trios perft --game reversi 9` prints 3005288.
    Perft(PerftArgs),
    /// Host full-screen games over SSH (ssh -p 2222 localhost): a lobby where each player
    /// plays the computer, opens or joins a table to play another person, or watches.
    Serve(ServeArgs),
    /// Triad's card tools: whether three cards are a triad, and every triad among cards.
    /// A card is written shape,color,count,fill, e.g. diamond,green,3,dark.
    #[command(subcommand)]
    Triad(TriadTool),
    /// Hex paths' tools: whether crannies, nooks, a game or a step are legal, shortest paths
    /// and moves, new games. A game is its state string; cells are plain numbers, 0 to 216.
    #[command(subcommand)]
    Hexpaths(HexpathsTool),
    /// Read and manage the server's players: leaderboards, profiles, histories; rename and ban.
    Players(PlayersArgs),
}

/// Which front end to use.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, ValueEnum)]
pub enum Ui {
    /// Full screen when standard input and output are a terminal, text mode otherwise.
    #[default]
    Auto,
    /// Full screen: keyboard and mouse, animated battles, replay.
    Tui,
    /// Line-based: commands on standard input, views on standard output.
    Text,
}

impl Ui {
    /// Settles `Auto` by looking at whether both ends are a terminal.
    pub fn resolve(self, interactive: bool) -> Ui {
        match self {
            Ui::Auto if interactive => Ui::Tui,
            Ui::Auto => Ui::Text,
            ui => ui,
        }
    }
}

#[derive(Debug, Clone, Args)]
pub struct PlayArgs {
    /// The game: three-trios, reversi, islands, triad or hexpaths (and any other game
    /// installed, as the help lists).
    #[arg(long, value_name = "GAME", default_value_t = GameKind::ThreeTrios,
          help = format!("The game: {}", every_game()))]
    pub game: GameKind,
    /// Triad and Hex paths: race computer rivals, full screen (comma-separated levels: hard,
    /// medium, easy).
    #[arg(long, value_name = "LEVELS", value_delimiter = ',')]
    pub rivals: Vec<String>,
    #[command(flatten)]
    pub hexpaths: HexpathsArgs,
    /// Front end.
    #[arg(long, value_enum, default_value_t = Ui::Auto)]
    pub ui: Ui,
    #[command(flatten)]
    pub games: GameFlags,
    #[command(flatten)]
    pub seeding: SeedArg,
    /// Red's seat: `human` or a strategy (random, maxflip, corners, defensive, minimax:N,
    /// expert, or a chain like corners>maxflip).
    #[arg(long, value_name = "SEAT", default_value = "human")]
    pub red: Seat,
    /// Blue's seat: `human` or a strategy, as for --red.
    /// Default: the strongest computer player full screen, `human` in text mode.
    #[arg(long, value_name = "SEAT")]
    pub blue: Option<Seat>,
    /// Thinking time per move of the searching computers (`expert`, Reversi's levels 9 and 10),
    /// in milliseconds [1-600000]. Reversi's computers take it as wall time; without it they
    /// do a fixed amount of work a move (--think-work). Default: 1000.
    #[arg(long, value_name = "MS", value_parser = think_ms())]
    pub think_ms: Option<u64>,
    /// Play a duel on a clock: minutes each and seconds added a move (Fischer), such as 3+2;
    /// whoever runs out of time loses. Default: no clock.
    #[arg(long, value_name = "CONTROL")]
    pub clock: Option<crate::setup::clock::TimeControl>,
    /// Keep a match record in FILE (JSON), rewritten after every move. Replaces the autosave.
    /// An unfinished record of the same match in FILE is continued. FILE must be a regular
    /// file or a new path.
    #[arg(long, value_name = "FILE")]
    pub record: Option<PathBuf>,
    /// With --record: replace FILE even when it holds a finished match or something other than
    /// a record of this match. Never replaces the command's own --board or --cards file, nor
    /// a device, link or folder.
    #[arg(long, requires = "record")]
    pub force: bool,
    /// Continue the most recent unfinished autosaved match instead of starting a new one.
    #[arg(long, conflicts_with_all = resume_conflicts())]
    pub resume: bool,
    /// Do not save this match in the data folder (it then cannot be resumed).
    #[arg(long)]
    pub no_autosave: bool,
    /// Text mode for screen readers: a prompt, a line saying what each move flipped and
    /// why, the score after every view, and a `score` command.
    #[arg(long)]
    pub describe: bool,
    /// Full screen: show each move's result at once instead of playing its battle out step
    /// by step (`a` toggles this while playing, `r` still replays any battle).
    #[arg(long)]
    pub no_animation: bool,
}

/// Each game's own flags for a new match in `trios play`, one line a game. They all set up
/// the match, so `--resume` refuses every one of them.
#[derive(Debug, Clone, Args)]
pub struct GameFlags {
    #[command(flatten)]
    pub reversi: ReversiArgs,
    #[command(flatten)]
    pub islands: IslandsArgs,
    #[command(flatten)]
    pub three_trios: ThreeTriosArgs,
}

impl GameFlags {
    /// Whether any flag of the games with seats and a start position (Reversi's and Islands
    /// of Hex's) was given: the races and solitaires refuse them.
    pub fn seats_given(&self) -> bool {
        self.reversi.any() || self.islands.any()
    }
}

/// Flags that set up a new match, so make no sense with `--resume` (the record holds the
/// setup): the common ones, every game's in [`GameFlags`], plus `--no-autosave` (a resumed
/// match always goes on in its own file).
fn resume_conflicts() -> Vec<clap::Id> {
    let games = GameFlags::augment_args(clap::Command::new("games"));
    [
        "game",
        "seed",
        "red",
        "blue",
        "record",
        "no_autosave",
        "clock",
    ]
    .into_iter()
    .map(clap::Id::from)
    .chain(games.get_arguments().map(|arg| arg.get_id().clone()))
    .collect()
}

/// Every game's name as help lists them, read when the command line is parsed (so games
/// installed from outside are listed too): `three-trios, reversi, islands, triad or hexpaths`.
fn every_game() -> String {
    let names: Vec<&str> = GameKind::all().map(GameKind::name).collect();
    match names.split_last() {
        Some((last, rest)) if !rest.is_empty() => format!("{} or {last}", rest.join(", ")),
        _ => names.join(""),
    }
}

/// The computer player a person faces by default.
pub const STRONGEST: &str = crate::games::three_trios::ai::STRONGEST;
/// The showcase table's second computer: strong enough to make the strongest work for it.
pub const SHOWCASE_OPPONENT: &str = "minimax";

impl SolveArgs {
    /// The `--position` given, whichever game it is for.
    pub fn position(&self) -> Option<&str> {
        self.reversi.position.as_deref()
    }
}

impl PerftArgs {
    /// The `--position` given, whichever game it is for.
    pub fn position(&self) -> Option<&str> {
        self.reversi.position.as_deref()
    }
}

/// The thinking time a move when `--think-ms` is not given, and Reversi's work a move when
/// neither it nor `--think-work` is: a second, or a second's work.
pub const DEFAULT_THINK_MS: u64 = 1000;

impl PlayArgs {
    /// `--think-ms`, or its default.
    pub fn thinking_ms(&self) -> u64 {
        self.think_ms.unwrap_or(DEFAULT_THINK_MS)
    }

    /// Whether a flag only the first game's matches take was given: its seats, its board or
    /// its cards.
    pub fn first_game_flags_given(&self) -> bool {
        self.games.three_trios.board.is_some()
            || self.games.three_trios.cards.is_some()
            || self.blue.is_some()
            || self.red != Seat::Human
    }

    /// Blue's seat: as given, else the strongest computer full screen and a person in text
    /// mode (where scripts expect two human seats).
    pub fn blue_seat(&self, ui: Ui) -> Seat {
        match (&self.blue, ui) {
            (Some(seat), _) => seat.clone(),
            (None, Ui::Text) => Seat::Human,
            (None, _) => Seat::Computer(STRONGEST.into()),
        }
    }
}

#[derive(Debug, Clone, Args)]
pub struct ReplayArgs {
    /// The record file.
    pub file: PathBuf,
    /// Front end.
    #[arg(long, value_enum, default_value_t = Ui::Auto)]
    pub ui: Ui,
}

/// The seed of a new game: of the deal, the shuffle and the random players, for every game.
#[derive(Debug, Clone, Args)]
pub struct SeedArg {
    /// Seed for the shuffle and random players [0-18446744073709551615]; drawn at random
    /// (and printed) when absent.
    #[arg(long, value_name = "N", value_parser = seed, allow_negative_numbers = true)]
    pub seed: Option<u64>,
}

#[derive(Debug, Clone, Args)]
pub struct SolveArgs {
    /// The game: three-trios or reversi.
    #[arg(long, value_name = "GAME", default_value_t = GameKind::ThreeTrios)]
    pub game: GameKind,
    #[command(flatten)]
    pub reversi: ReversiSolveArgs,
    #[command(flatten)]
    pub three_trios: ThreeTriosArgs,
    #[command(flatten)]
    pub seeding: SeedArg,
    /// Print one JSON object: {"value", "best": {"hand", "row", "col"}, "nodes", "millis"}.
    #[arg(long)]
    pub json: bool,
    /// Also rank every first move by its exact value (one per distinct card).
    #[arg(long, conflicts_with = "max_secs")]
    pub rank: bool,
    /// Stop after this many seconds with the best bound found so far instead of the exact
    /// value [1-86400].
    #[arg(long, value_name = "SECS", value_parser = within::<u64>(1, MAX_SECS))]
    pub max_secs: Option<u64>,
    /// Memory the three-trios search may use, in MB (its table and move lists); past it the
    /// solve stops with the best bound found, as at --max-secs.
    #[arg(long, value_name = "MB", default_value_t = 256,
          value_parser = within::<u64>(16, 65_536))]
    pub memory_mb: u64,
}

/// `trios perft`: leaf positions a given number of moves ahead.
#[derive(Debug, Clone, Args)]
pub struct PerftArgs {
    /// The game: three-trios (the built-in board and cards, dealt in order) or reversi.
    #[arg(long, value_name = "GAME", default_value_t = GameKind::ThreeTrios)]
    pub game: GameKind,
    /// Moves ahead (a pass counts as a move) [0-64].
    #[arg(value_name = "DEPTH", value_parser = within::<u32>(0, 64))]
    pub depth: u32,
    #[command(flatten)]
    pub reversi: ReversiPerftArgs,
    /// Threads to count on [1-256]. Default: one.
    #[arg(long, value_name = "N", value_parser = threads(), default_value_t = 1)]
    pub threads: usize,
}

/// `trios sim`: headless games between computer strategies.
#[derive(Debug, Clone, Args)]
pub struct SimArgs {
    /// The game: three-trios, reversi or islands.
    #[arg(long, value_name = "GAME", default_value_t = GameKind::ThreeTrios)]
    pub game: GameKind,
    #[command(flatten)]
    pub three_trios: ThreeTriosArgs,
    #[command(flatten)]
    pub seeding: SeedArg,
    /// Strategy `a`: plays Red (and Blue in the second game of each deal with --swap).
    #[arg(long, value_name = "STRATEGY", value_parser = crate::sim::three_trios::parse_strategy,
          conflicts_with = "round_robin")]
    pub red: Option<String>,
    /// Strategy `b`: plays Blue (and Red with --swap).
    #[arg(long, value_name = "STRATEGY", value_parser = crate::sim::three_trios::parse_strategy,
          conflicts_with = "round_robin")]
    pub blue: Option<String>,
    #[command(flatten)]
    pub reversi: ReversiSimArgs,
    #[command(flatten)]
    pub islands: IslandsSimArgs,
    /// Reversi and Islands of Hex: random plies played from the start of each deal before
    /// the strategies take over, so deterministic strategies meet in varied positions
    /// [0-1000].
    #[arg(long, value_name = "K", default_value_t = 6, value_parser = count(0, MAX_OPENINGS))]
    pub openings: usize,
    /// Number of deals; each is one game, or two with --swap (per pair in a round robin)
    /// [1-1000000].
    #[arg(long, value_name = "N", default_value_t = 100, value_parser = count(1, MAX_DEALS))]
    pub games: usize,
    /// Play every deal twice, seats exchanged: N deals make 2N games.
    #[arg(long)]
    pub swap: bool,
    /// Print JSON: {"games", "ties", "a": {"strategy", "wins"}, "b": {"strategy", "wins"}},
    /// with `a` the --red strategy even when seats are swapped.
    #[arg(long)]
    pub json: bool,
    /// Every pair of these comma-separated strategies plays --games deals, seats swapped;
    /// prints the cross table (of the strategies of the game --game names).
    #[arg(long, value_name = "LIST", value_parser = crate::sim::parse_name_list)]
    pub round_robin: Option<crate::sim::StrategyList>,
    /// Thinking time per move of the searching computers (`expert`, Reversi's levels 9 and 10),
    /// in milliseconds [1-600000]. Reversi's computers take it as wall time; without it they
    /// do a fixed amount of work a move (--think-work), so a run repeats. Default: 1000.
    #[arg(long, value_name = "MS", value_parser = think_ms())]
    pub think_ms: Option<u64>,
    /// Games played at once [1-256]. Default: one per core (one per four cores with expert,
    /// which searches on up to four threads itself).
    #[arg(long, value_name = "N", value_parser = threads())]
    pub threads: Option<usize>,
}

impl SimArgs {
    /// `--think-ms`, or its default.
    pub fn thinking_ms(&self) -> u64 {
        self.think_ms.unwrap_or(DEFAULT_THINK_MS)
    }
}

/// Why a flag's value was refused, said after the flag's name by clap.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum FlagError {
    /// Not a whole number in the flag's range, or not a seed.
    #[error(transparent)]
    Number(#[from] NumberError),
    /// Not a strategy's name.
    #[error(transparent)]
    Seat(#[from] crate::controller::three_trios::SeatError),
    /// `human` where only a computer can sit.
    #[error("the opponent must be a computer strategy, not human")]
    HumanOpponent,
}

/// A computer seat: any strategy, not `human`.
fn computer(s: &str) -> Result<Seat, FlagError> {
    match s.parse::<Seat>()? {
        Seat::Human => Err(FlagError::HumanOpponent),
        seat => Ok(seat),
    }
}

// Every numeric flag has a range, stated in its help, so no value can overflow a duration, a
// thread count or an allocation further on.

/// The most threads a command starts: far more than cores, far fewer than the OS allows.
pub const MAX_THREADS: usize = 256;
/// The longest time a flag in seconds may give: a day.
pub const MAX_SECS: u64 = 86_400;
/// The longest thinking time a move may get, in milliseconds: ten minutes.
pub const MAX_THINK_MS: u64 = 600_000;
/// The most deals one simulation plays (each game's result is kept until the report).
pub const MAX_DEALS: usize = 1_000_000;
/// The most random opening plies of a simulated deal.
pub const MAX_OPENINGS: usize = 1000;
/// The most connections at once, or a minute from one address, a server may allow.
pub const MAX_CONNECTIONS: usize = 10_000;

/// A count flag: a whole number from `low` to `high`.
fn count(
    low: usize,
    high: usize,
) -> impl Fn(&str) -> Result<usize, NumberError> + Clone + Send + Sync {
    within(low, high)
}

/// Threads: 1 to [`MAX_THREADS`].
fn threads() -> impl Fn(&str) -> Result<usize, NumberError> + Clone + Send + Sync {
    count(1, MAX_THREADS)
}

/// Thinking time in milliseconds: 1 to [`MAX_THINK_MS`].
fn think_ms() -> impl Fn(&str) -> Result<u64, NumberError> + Clone + Send + Sync {
    within(1, MAX_THINK_MS)
}

// `trios serve`: the game over SSH.

/// `trios serve`: host full-screen games over SSH.
#[derive(Debug, Clone, Args)]
pub struct ServeArgs {
    /// Address and port to listen on. The default serves only this machine; use
    /// 0.0.0.0:PORT to let others connect.
    #[arg(long, value_name = "ADDR:PORT", default_value = "127.0.0.1:2222")]
    pub listen: std::net::SocketAddr,
    /// The server's private host key (OpenSSH format); made (ed25519) when missing.
    /// Default: host_key in the data folder.
    #[arg(long, value_name = "PATH")]
    pub host_key: Option<PathBuf>,
    /// Connections at once; more are refused with a message [1-10000].
    #[arg(long, value_name = "N", default_value_t = 64, value_parser = count(1, MAX_CONNECTIONS))]
    pub max_sessions: usize,
    /// New connections a minute from one address; more are refused with a message
    /// [1-10000].
    #[arg(long, value_name = "N", default_value_t = 10, value_parser = count(1, MAX_CONNECTIONS))]
    pub per_address: usize,
    /// End a connection after this many seconds without input [1-86400].
    #[arg(long, value_name = "SECS", default_value_t = 1800, value_parser = within::<u64>(1, MAX_SECS))]
    pub idle_timeout: u64,
    /// Close a connection that has not logged in and started a game within this many
    /// seconds (as OpenSSH's LoginGraceTime) [1-600].
    #[arg(long, value_name = "SECS", default_value_t = 30, value_parser = within::<u64>(1, 600))]
    pub login_grace_secs: u64,
    /// Connections not yet logged in, in all; more are closed at once (as OpenSSH's
    /// MaxStartups) [2-4096].
    #[arg(long, value_name = "N", default_value_t = 32, value_parser = within::<u32>(2, 4096))]
    pub max_startups: u32,
    /// Connections not yet logged in from one address; more from it are closed at once, so
    /// one address cannot keep others from logging in (at most --max-startups - 1) [1-1024].
    #[arg(long, value_name = "N", default_value_t = 4, value_parser = within::<u32>(1, 1024))]
    pub max_startups_per_address: u32,
    /// Admit only the public keys in this OpenSSH authorized_keys file. Default: anyone.
    #[arg(long, value_name = "FILE")]
    pub authorized_keys: Option<PathBuf>,
    /// Thinking time per move for the computer player, in milliseconds [1-600000].
    #[arg(long, value_name = "MS", default_value_t = 1000, value_parser = think_ms())]
    pub think_ms: u64,
    /// Seconds a seat is kept for a player who dropped mid-match before the match is
    /// abandoned (it stays recorded) [1-86400].
    #[arg(long, value_name = "SECS", default_value_t = 120, value_parser = within::<u64>(1, MAX_SECS))]
    pub grace: u64,
    /// Do not record matches (by default every match with a person in it is saved in the
    /// data folder's matches/).
    #[arg(long)]
    pub no_record: bool,
    /// Do not run the always-on computer-vs-computer showcase table.
    #[arg(long)]
    pub no_showcase: bool,
    /// The lobby's first choice of computer opponent (a strategy, as for --blue).
    #[arg(long, value_name = "STRATEGY", default_value = STRONGEST, value_parser = computer)]
    pub opponent: Seat,
    /// The game the lobby opens on (one of the games installed, as the help lists); its Game
    /// row offers every game, and tables of every game are listed, joined and watched.
    #[arg(long, value_name = "GAME", default_value_t = GameKind::ThreeTrios,
          help = format!("The game the lobby opens on ({}); its Game row offers every game, \
                          and tables of every game are listed, joined and watched", every_game()))]
    pub game: GameKind,
    #[command(flatten)]
    pub three_trios: ThreeTriosArgs,
    #[command(flatten)]
    pub seeding: SeedArg,
    /// Where players, ratings and histories are kept: a postgres:// URL shared by several
    /// servers; default: trios.db in the data folder.
    #[arg(
        long,
        value_name = "URL",
        env = "TRIOS_DATABASE_URL",
        hide_env_values = true
    )]
    pub database: Option<String>,
    /// The data folder: the players database (trios.db), the journal of results waiting for
    /// it, the host key and the match records (made if missing). Default: $TRIOS_DATA_DIR,
    /// else the platform's data folder plus trios.
    #[arg(long, value_name = "DIR")]
    pub data_dir: Option<PathBuf>,
    /// Rate games between players connecting from one address (players behind one NAT); by
    /// default such games are casual.
    #[arg(long)]
    pub rated_same_address: bool,
    /// Where players reach this server (HOST:PORT), as the lobbies of other servers sharing
    /// the database list it beside this server's players; default: the --listen address.
    #[arg(long, value_name = "HOST:PORT", value_parser = public_address)]
    pub public_address: Option<String>,
}

/// A `--public-address`: printable, without spaces, at most 255 bytes.
fn public_address(text: &str) -> Result<String, String> {
    if text.is_empty() || text.len() > 255 {
        return Err("give HOST:PORT, at most 255 characters".into());
    }
    if text.chars().any(|c| c.is_whitespace() || c.is_control()) {
        return Err("HOST:PORT has no spaces or control characters".into());
    }
    Ok(text.to_string())
}

// `trios players`: the server's players, read and managed from the command line.

/// The most rows `trios players top` and `trios players games` print.
pub const MAX_PLAYER_ROWS: usize = 1000;

/// `trios players`: leaderboards, profiles and histories; rename and ban.
#[derive(Debug, Clone, Args)]
pub struct PlayersArgs {
    /// Where players, ratings and histories are kept: a postgres:// URL shared by several
    /// servers; default: trios.db in the data folder.
    #[arg(
        long,
        value_name = "URL",
        env = "TRIOS_DATABASE_URL",
        hide_env_values = true,
        global = true
    )]
    pub database: Option<String>,
    #[command(subcommand)]
    pub tool: PlayersTool,
}

/// What `trios players` does.
#[derive(Debug, Clone, Subcommand)]
pub enum PlayersTool {
    /// A leaderboard: the established players of a rating group, best first.
    Top {
        /// The rating group (three-trios-reverse, islands-small…) or a game, meaning its main
        /// group: three-trios, reversi, islands, triad or hexpaths.
        #[arg(long, value_name = "GROUP")]
        game: String,
        /// Print one JSON object: {"group", "players": [{"rank", "handle", "rating",
        /// "deviation", "games"}]}.
        #[arg(long)]
        json: bool,
        /// The most players listed [1-1000].
        #[arg(long, value_name = "N", default_value_t = crate::store::TOP,
              value_parser = count(1, MAX_PLAYER_ROWS))]
        limit: usize,
    },
    /// A player's profile: their account and their rating in every group they have played.
    Show {
        /// The player's handle (any case).
        name: String,
        /// Print one JSON object (its fields: docs/server.md, "Players and ratings").
        #[arg(long)]
        json: bool,
    },
    /// A player's games, newest first, with their own rating change in each.
    Games {
        /// The player's handle (any case).
        name: String,
        /// Print one JSON object (its fields: docs/server.md, "Players and ratings").
        #[arg(long)]
        json: bool,
        /// The most games listed [1-1000].
        #[arg(long, value_name = "N", default_value_t = 20,
              value_parser = count(1, MAX_PLAYER_ROWS))]
        limit: usize,
    },
    /// Give a player a new handle (refused when another player has it in any case).
    Rename {
        /// The player's handle now (any case).
        old: String,
        /// The new handle.
        new: String,
    },
    /// Copy the SQLite players database, consistently, to a new file while servers keep
    /// using it (SQLite's online backup). For Postgres, use pg_dump.
    Backup {
        /// The new file (refused if it exists).
        dest: PathBuf,
    },
    /// Ban a player: their keys are refused at login. Their games and ratings stay.
    Ban {
        /// The player's handle (any case).
        name: String,
        /// Lift the ban instead.
        #[arg(long)]
        undo: bool,
    },
}

#[cfg(test)]
mod tests {
    use clap::{Args, CommandFactory, Parser};

    use super::{Cli, GameFlags};

    /// `--resume` refuses every flag a game adds to `trios play`, so a game's flags need no
    /// second mention to be refused with it.
    #[test]
    fn resume_refuses_every_game_flag() {
        let games = GameFlags::augment_args(clap::Command::new("games"));
        let mut checked = 0;
        for arg in games.get_arguments() {
            let long = format!("--{}", arg.get_long().unwrap_or_default());
            // A valid value: the default where there is one, else the first of the values
            // the flag lists, else a number (valid for all the others).
            let listed: Vec<String> = arg
                .get_possible_values()
                .iter()
                .map(|v| v.get_name().to_string())
                .collect();
            let value = arg.get_value_names().map(|_| {
                arg.get_default_values()
                    .first()
                    .and_then(|v| v.to_str())
                    .or(listed.first().map(String::as_str))
                    .unwrap_or("1")
            });
            let args = ["trios", "play", "--resume", long.as_str()]
                .into_iter()
                .chain(value);
            let error = Cli::try_parse_from(args).expect_err(&long);
            assert_eq!(
                error.kind(),
                clap::error::ErrorKind::ArgumentConflict,
                "{long}: {error}"
            );
            checked += 1;
        }
        assert!(checked >= 10, "only {checked} game flags found");
    }

    /// Every numeric flag says its range in its help, as `[LOW-HIGH]`.
    #[test]
    fn every_numeric_flag_states_its_range() {
        fn check(command: &clap::Command, path: &str, checked: &mut usize) {
            for arg in command.get_arguments() {
                let numeric = arg.get_value_names().is_some_and(|names| {
                    names
                        .iter()
                        .any(|n| ["N", "SECS", "MS", "K", "DEPTH"].contains(&n.as_str()))
                });
                if !numeric {
                    continue;
                }
                let help = arg.get_help().map(|h| h.to_string()).unwrap_or_default();
                let stated = help.split('[').skip(1).any(|rest| {
                    rest.split(']').next().is_some_and(|range| {
                        let mut ends = range.splitn(2, '-');
                        ends.next().is_some_and(|lo| lo.parse::<u64>().is_ok())
                            && ends.next().is_some_and(|hi| hi.parse::<u64>().is_ok())
                    })
                });
                assert!(
                    stated,
                    "{path} --{}: help {help:?} states no range",
                    arg.get_id()
                );
                *checked += 1;
            }
            for sub in command.get_subcommands() {
                check(sub, &format!("{path} {}", sub.get_name()), checked);
            }
        }
        let mut checked = 0;
        check(&Cli::command(), "trios", &mut checked);
        assert!(checked >= 20, "only {checked} numeric flags found");
    }
}
