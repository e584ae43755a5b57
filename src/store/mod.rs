//! The server's memory: accounts and their SSH keys, ratings, finished games, leaderboards
//! and daily puzzles, behind one [`Store`] trait with two real databases — SQLite (the
//! embedded default, one file in the data folder) and Postgres (shared by several servers).
//!
//! The store sits above the records and below the tables: it names no game and no screen.
//! Rating math is [`glicko2`]'s, planned once for both databases in [`plan`].

pub mod daily;
pub mod glicko2;
pub mod handle;
pub mod journal;
pub mod lazy;
pub mod migrate;
pub mod open;
pub mod plan;
pub mod postgres;
pub mod sqlite;
pub mod worker;

use serde::{Deserialize, Serialize};

pub use glicko2::{LICHESS, Params, Rating};
pub use handle::HandleError;

/// Seconds since the Unix epoch, UTC.
pub type Timestamp = i64;
/// An account's number in its database.
pub type AccountId = i64;

/// Seconds in a day, for UTC days and idle time.
pub const DAY: i64 = 86_400;
/// The most rated games one pair of accounts plays a UTC day; later ones are casual.
pub const PAIR_GAMES_A_DAY: i64 = 10;
/// Leaderboards list established players only: RD below this, ...
pub const ESTABLISHED_DEVIATION: f64 = 75.0;
/// ... at least this many rated games, ...
pub const ESTABLISHED_GAMES: i64 = 10;
/// ... and a game within this many days.
pub const ESTABLISHED_DAYS: i64 = 30;
/// The most players a leaderboard lists.
pub const TOP: usize = 50;
/// The most characters of a rating group's or game's name.
pub const MAX_GROUP_LEN: usize = 64;
/// The most players in one finished game (a race seats at most eight).
pub const MAX_PLAYERS: usize = 16;
/// The most bytes of a game's summary line and record path.
pub const MAX_TEXT_LEN: usize = 1024;

/// What went wrong in the store, in words a player or operator can act on.
#[derive(Debug, thiserror::Error)]
pub enum StoreError {
    /// The database cannot be reached or written now (Postgres down, disk full): results
    /// wait in the journal and play goes on.
    #[error("the database is unavailable: {0}")]
    Unavailable(String),
    /// The database was made by a newer trios; it is left untouched.
    #[error(
        "the database {place} has schema version {found}, newer than this trios knows \
         ({supported}); use a newer trios, or another database"
    )]
    Newer {
        place: String,
        found: i64,
        supported: i64,
    },
    /// The file or schema is not a trios database, or is damaged; it is left untouched.
    #[error("{place} is not a usable trios database: {reason}")]
    Corrupt { place: String, reason: String },
    #[error(transparent)]
    Handle(#[from] HandleError),
    #[error("the handle {0:?} is taken")]
    HandleTaken(String),
    #[error("no player is called {0:?}")]
    NoSuchPlayer(String),
    #[error("this key already belongs to an account")]
    KeyTaken,
    #[error("an account keeps at least one key")]
    LastKey,
    #[error("that key is not on this account")]
    NoSuchKey,
    /// A value from a caller is outside the store's limits.
    #[error("{0}")]
    Invalid(String),
}

/// A player's account.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Account {
    pub id: AccountId,
    pub handle: String,
    pub created: Timestamp,
    pub banned: bool,
}

/// A key linked to an account, by its SHA256 fingerprint (`SHA256:…`, as `ssh-keygen -lf`
/// prints it).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct LinkedKey {
    pub fingerprint: String,
    pub added: Timestamp,
}

/// One player's rating in one rating group, as stored (idle growth not yet applied).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct GroupRating {
    pub group: String,
    pub rating: f64,
    pub deviation: f64,
    pub volatility: f64,
    /// Rated games played in the group.
    pub games: i64,
    pub wins: i64,
    pub losses: i64,
    pub draws: i64,
    /// When the last rated game ended.
    pub last_played: Timestamp,
}

impl GroupRating {
    /// The rating as of `now`: its RD grown by the idle time since the last game.
    pub fn as_of(&self, now: Timestamp, params: &Params) -> Rating {
        let days = (now - self.last_played) as f64 / DAY as f64;
        self.stored().after_idle(days, params)
    }

    /// The rating as stored, without idle growth.
    pub fn stored(&self) -> Rating {
        Rating {
            rating: self.rating,
            deviation: self.deviation,
            volatility: self.volatility,
        }
    }

    /// Whether the player counts on the leaderboard as of `now`.
    pub fn established(&self, now: Timestamp, params: &Params) -> bool {
        self.games >= ESTABLISHED_GAMES
            && now - self.last_played <= ESTABLISHED_DAYS * DAY
            && self.as_of(now, params).deviation < ESTABLISHED_DEVIATION
    }
}

/// One seat of a finished game.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Participant {
    /// The account, or `None` for a guest or a computer.
    pub account: Option<AccountId>,
    /// The name shown at the table.
    pub name: String,
    /// The final standing: 0 is first; equal places are a tie.
    pub place: u32,
    /// Whether the seat was a computer's.
    pub computer: bool,
}

/// A finished game as a table reports it, once, keyed by its id.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Finished {
    /// Unique over every server sharing the database; a second report of one id changes
    /// nothing.
    pub id: String,
    /// The game's command-line name (`reversi`).
    pub game: String,
    /// The rating group (`reversi`, `islands-9`): one rating per group.
    pub group: String,
    /// Whether the table played it rated; the store may still make it casual (the daily
    /// limit of a pair).
    pub rated: bool,
    pub started: Timestamp,
    pub ended: Timestamp,
    /// The result in words (`black wins 40–24`).
    pub summary: String,
    /// Where its record is, for replaying (a path in the data folder).
    pub record: Option<String>,
    pub players: Vec<Participant>,
}

/// How one account's rating changed with a game.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct RatingChange {
    pub account: AccountId,
    pub group: String,
    pub before: Rating,
    pub after: Rating,
}

/// What writing a result did.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct Written {
    /// The ratings it changed (empty for a casual game).
    pub changes: Vec<RatingChange>,
    /// The id was written before: nothing changed now.
    pub duplicate: bool,
}

/// One row of a player's history.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct GameRow {
    pub id: String,
    pub game: String,
    pub group: String,
    pub rated: bool,
    pub started: Timestamp,
    pub ended: Timestamp,
    pub summary: String,
    pub record: Option<String>,
    pub players: Vec<Participant>,
    /// The player's own rating change in it, when it was rated for them.
    pub change: Option<RatingChange>,
}

/// One line of a leaderboard.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Standing {
    /// From 1.
    pub rank: usize,
    pub handle: String,
    pub account: AccountId,
    pub rating: f64,
    pub deviation: f64,
    pub games: i64,
}

/// A daily puzzle's kind of score: lower time is better for Triad; higher score, then lower
/// time, for Hex paths.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct DailyEntry {
    /// The UTC day, as days since the epoch.
    pub day: i64,
    /// The puzzle's game (`triad`, `hexpaths`).
    pub game: String,
    pub account: AccountId,
    pub handle: String,
    /// Higher is better (Triad scores 0 and ranks by time alone).
    pub score: i64,
    pub millis: i64,
}

/// A player connected to some server sharing the database.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Online {
    /// The server's own name for itself (unique among those sharing the database).
    pub server: String,
    /// Where players connect to that server (`host:port`).
    pub address: String,
    /// The account, or `None` for a guest.
    pub account: Option<AccountId>,
    pub handle: String,
}

/// A table open on some server sharing the database, as that server lists it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct ServerTable {
    /// The server's own name for itself.
    pub server: String,
    /// Where players connect to that server (`host:port`).
    pub address: String,
    /// The table as its lobby line says it (`Reversi  alice vs open seat`).
    pub line: String,
}

/// The server's memory, on one database. Every method is one short transaction; callers run
/// them off the tables' and sessions' threads (see [`worker`]).
pub trait Store: Send + Sync {
    /// Where the data is, for messages (`/home/a/.local/share/trios/trios.db`, a Postgres URL
    /// without its password).
    fn place(&self) -> String;

    /// The account a key belongs to.
    fn account_by_key(&self, fingerprint: &str) -> Result<Option<Account>, StoreError>;
    /// The account with `handle`, whatever its case.
    fn account_by_handle(&self, handle: &str) -> Result<Option<Account>, StoreError>;
    fn account(&self, id: AccountId) -> Result<Option<Account>, StoreError>;
    /// A new account with one key. Refuses a handle taken in any case, and a key that is
    /// already linked. The handle must pass [`handle::check`] first.
    fn create_account(
        &self,
        handle: &str,
        fingerprint: &str,
        now: Timestamp,
    ) -> Result<Account, StoreError>;
    fn keys(&self, account: AccountId) -> Result<Vec<LinkedKey>, StoreError>;
    /// Links another key to an account; refuses a key linked anywhere already.
    fn add_key(
        &self,
        account: AccountId,
        fingerprint: &str,
        now: Timestamp,
    ) -> Result<(), StoreError>;
    /// Unlinks a key; refuses the account's last key.
    fn remove_key(&self, account: AccountId, fingerprint: &str) -> Result<(), StoreError>;
    /// Gives an account a new handle (checked as for a new account).
    fn rename(&self, old: &str, new: &str) -> Result<Account, StoreError>;
    /// Bans or unbans the account called `handle`.
    fn set_banned(&self, handle: &str, banned: bool) -> Result<Account, StoreError>;

    /// Keeps a one-time code for linking a key to `account` until `expires` (replacing the
    /// account's earlier code). Only a hash of the code is stored.
    fn put_link_code(
        &self,
        account: AccountId,
        code_hash: &str,
        expires: Timestamp,
    ) -> Result<(), StoreError>;
    /// Uses the code with this hash, once: the account it links to, if it is known and not
    /// expired at `now`. A used or expired code is gone.
    fn take_link_code(
        &self,
        code_hash: &str,
        now: Timestamp,
    ) -> Result<Option<AccountId>, StoreError>;

    /// The account's ratings, one per group it has played rated.
    fn ratings(&self, account: AccountId) -> Result<Vec<GroupRating>, StoreError>;
    /// Writes a finished game and every rating it changes in one transaction. A game whose
    /// id was written before changes nothing and says so.
    fn write_result(&self, result: &Finished, params: &Params) -> Result<Written, StoreError>;
    /// The account's games, newest first, at most `limit`.
    fn games(&self, account: AccountId, limit: usize) -> Result<Vec<GameRow>, StoreError>;
    /// The account's ratings after each rated game of `group`, oldest first, the last
    /// `limit` of them.
    fn rating_history(
        &self,
        account: AccountId,
        group: &str,
        limit: usize,
    ) -> Result<Vec<f64>, StoreError>;
    /// The established players of `group` as of `now`, best first, at most `limit`.
    fn top(
        &self,
        group: &str,
        now: Timestamp,
        limit: usize,
        params: &Params,
    ) -> Result<Vec<Standing>, StoreError>;
    /// The account's place among `group`'s established players as of `now`, if it is one.
    fn rank(
        &self,
        account: AccountId,
        group: &str,
        now: Timestamp,
        params: &Params,
    ) -> Result<Option<usize>, StoreError>;

    /// Keeps a daily puzzle's result if it is the player's best of that day and puzzle.
    fn put_daily(&self, entry: &DailyEntry) -> Result<(), StoreError>;
    /// Says who is connected to `server` (reachable at `address`) as of `now`, replacing
    /// what that server said before.
    fn put_presence(
        &self,
        server: &str,
        address: &str,
        online: &[Online],
        now: Timestamp,
    ) -> Result<(), StoreError>;
    /// Everyone connected to a server that spoke at most `within` seconds before `now`.
    fn presence(&self, now: Timestamp, within: i64) -> Result<Vec<Online>, StoreError>;
    /// Every rating of every account connected to a server that spoke at most `within`
    /// seconds before `now`, by account: what the lobbies show beside who is online, read
    /// in one query.
    fn online_ratings(
        &self,
        now: Timestamp,
        within: i64,
    ) -> Result<Vec<(AccountId, GroupRating)>, StoreError>;
    /// Says which tables `server` (reachable at `address`) has open as of `now`, a line
    /// each, replacing what that server said before.
    fn put_tables(
        &self,
        server: &str,
        address: &str,
        lines: &[String],
        now: Timestamp,
    ) -> Result<(), StoreError>;
    /// The tables of every server that spoke at most `within` seconds before `now`, by
    /// server and in the order each listed them.
    fn tables(&self, now: Timestamp, within: i64) -> Result<Vec<ServerTable>, StoreError>;

    /// The day's leaderboard of a puzzle, best first.
    fn daily_top(&self, day: i64, game: &str, limit: usize) -> Result<Vec<DailyEntry>, StoreError>;
    /// The account's result of a puzzle on `day` and its place on that day's leaderboard
    /// (from 1; ties broken as [`Store::daily_top`] breaks them), if it played it.
    fn daily_place(
        &self,
        day: i64,
        game: &str,
        account: AccountId,
    ) -> Result<Option<(usize, DailyEntry)>, StoreError>;
    /// The account's best result of a puzzle over every day (higher score, then less time,
    /// then the later day), if it ever played it.
    fn daily_best(&self, account: AccountId, game: &str) -> Result<Option<DailyEntry>, StoreError>;
}
