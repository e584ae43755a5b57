//! The server's memory: accounts and their SSH keys, ratings, finished games, leaderboards
//! and daily puzzles, behind one [`Store`] trait with two real databases — SQLite (the
//! embedded default, one file in the data folder) and Postgres (shared by several servers).
//!
//! The store sits above the records and below the tables: it names no game and no screen.
//! Rating math is [`glicko2`]'s, planned once for both databases in [`plan`].

/// `impl Store for $ty` by passing every call through `$ty`'s own `with(|store| …)`, which
/// runs it on the store it wraps; `place` is its `place` field. For the stores that only
/// wrap another: [`lazy::LazyStore`] and the service's watch on its database.
macro_rules! store_through {
    ($ty:ty) => {
        impl $crate::store::Store for $ty {
            fn place(&self) -> String {
                self.place.clone()
            }
            fn account_by_key(
                &self,
                fingerprint: &str,
            ) -> Result<Option<$crate::store::Account>, $crate::store::StoreError> {
                self.with(|s| s.account_by_key(fingerprint))
            }
            fn account_by_handle(
                &self,
                handle: &str,
            ) -> Result<Option<$crate::store::Account>, $crate::store::StoreError> {
                self.with(|s| s.account_by_handle(handle))
            }
            fn account(
                &self,
                id: $crate::store::AccountId,
            ) -> Result<Option<$crate::store::Account>, $crate::store::StoreError> {
                self.with(|s| s.account(id))
            }
            fn create_account(
                &self,
                handle: &str,
                fingerprint: &str,
                now: $crate::store::Timestamp,
            ) -> Result<$crate::store::Account, $crate::store::StoreError> {
                self.with(|s| s.create_account(handle, fingerprint, now))
            }
            fn keys(
                &self,
                account: $crate::store::AccountId,
            ) -> Result<Vec<$crate::store::LinkedKey>, $crate::store::StoreError> {
                self.with(|s| s.keys(account))
            }
            fn add_key(
                &self,
                account: $crate::store::AccountId,
                fingerprint: &str,
                now: $crate::store::Timestamp,
            ) -> Result<(), $crate::store::StoreError> {
                self.with(|s| s.add_key(account, fingerprint, now))
            }
            fn remove_key(
                &self,
                account: $crate::store::AccountId,
                fingerprint: &str,
            ) -> Result<(), $crate::store::StoreError> {
                self.with(|s| s.remove_key(account, fingerprint))
            }
            fn rename(
                &self,
                old: &str,
                new: &str,
            ) -> Result<$crate::store::Account, $crate::store::StoreError> {
                self.with(|s| s.rename(old, new))
            }
            fn set_banned(
                &self,
                handle: &str,
                banned: bool,
            ) -> Result<$crate::store::Account, $crate::store::StoreError> {
                self.with(|s| s.set_banned(handle, banned))
            }
            fn put_link_code(
                &self,
                account: $crate::store::AccountId,
                code_hash: &str,
                expires: $crate::store::Timestamp,
            ) -> Result<(), $crate::store::StoreError> {
                self.with(|s| s.put_link_code(account, code_hash, expires))
            }
            fn take_link_code(
                &self,
                code_hash: &str,
                now: $crate::store::Timestamp,
            ) -> Result<Option<$crate::store::AccountId>, $crate::store::StoreError> {
                self.with(|s| s.take_link_code(code_hash, now))
            }
            fn ratings(
                &self,
                account: $crate::store::AccountId,
            ) -> Result<Vec<$crate::store::GroupRating>, $crate::store::StoreError> {
                self.with(|s| s.ratings(account))
            }
            fn write_result(
                &self,
                result: &$crate::store::Finished,
                params: &$crate::store::Params,
            ) -> Result<$crate::store::Written, $crate::store::StoreError> {
                self.with(|s| s.write_result(result, params))
            }
            fn games(
                &self,
                account: $crate::store::AccountId,
                limit: usize,
            ) -> Result<Vec<$crate::store::GameRow>, $crate::store::StoreError> {
                self.with(|s| s.games(account, limit))
            }
            fn rating_history(
                &self,
                account: $crate::store::AccountId,
                group: &str,
                limit: usize,
            ) -> Result<Vec<f64>, $crate::store::StoreError> {
                self.with(|s| s.rating_history(account, group, limit))
            }
            fn top(
                &self,
                group: &str,
                now: $crate::store::Timestamp,
                limit: usize,
                params: &$crate::store::Params,
            ) -> Result<Vec<$crate::store::Standing>, $crate::store::StoreError> {
                self.with(|s| s.top(group, now, limit, params))
            }
            fn rank(
                &self,
                account: $crate::store::AccountId,
                group: &str,
                now: $crate::store::Timestamp,
                params: &$crate::store::Params,
            ) -> Result<Option<usize>, $crate::store::StoreError> {
                self.with(|s| s.rank(account, group, now, params))
            }
            fn put_daily(
                &self,
                entry: &$crate::store::DailyEntry,
            ) -> Result<(), $crate::store::StoreError> {
                self.with(|s| s.put_daily(entry))
            }
            fn put_presence(
                &self,
                server: &str,
                address: &str,
                online: &[$crate::store::Online],
                now: $crate::store::Timestamp,
            ) -> Result<(), $crate::store::StoreError> {
                self.with(|s| s.put_presence(server, address, online, now))
            }
            fn presence(
                &self,
                now: $crate::store::Timestamp,
                within: i64,
            ) -> Result<Vec<$crate::store::Online>, $crate::store::StoreError> {
                self.with(|s| s.presence(now, within))
            }
            fn online_ratings(
                &self,
                now: $crate::store::Timestamp,
                within: i64,
            ) -> Result<
                Vec<($crate::store::AccountId, $crate::store::GroupRating)>,
                $crate::store::StoreError,
            > {
                self.with(|s| s.online_ratings(now, within))
            }
            fn renamed_online(
                &self,
                server: &str,
            ) -> Result<Vec<($crate::store::AccountId, String)>, $crate::store::StoreError> {
                self.with(|s| s.renamed_online(server))
            }
            fn put_tables(
                &self,
                server: &str,
                address: &str,
                lines: &[String],
                now: $crate::store::Timestamp,
            ) -> Result<(), $crate::store::StoreError> {
                self.with(|s| s.put_tables(server, address, lines, now))
            }
            fn tables(
                &self,
                now: $crate::store::Timestamp,
                within: i64,
            ) -> Result<Vec<$crate::store::ServerTable>, $crate::store::StoreError> {
                self.with(|s| s.tables(now, within))
            }
            fn daily_top(
                &self,
                day: i64,
                game: &str,
                limit: usize,
            ) -> Result<Vec<$crate::store::DailyEntry>, $crate::store::StoreError> {
                self.with(|s| s.daily_top(day, game, limit))
            }
            fn daily_place(
                &self,
                day: i64,
                game: &str,
                account: $crate::store::AccountId,
            ) -> Result<Option<(usize, $crate::store::DailyEntry)>, $crate::store::StoreError> {
                self.with(|s| s.daily_place(day, game, account))
            }
            fn daily_best(
                &self,
                account: $crate::store::AccountId,
                game: &str,
            ) -> Result<Option<$crate::store::DailyEntry>, $crate::store::StoreError> {
                self.with(|s| s.daily_best(account, game))
            }
        }
    };
}

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
///
/// A database that cannot be reached now ([`StoreError::Unavailable`]: Postgres down, a lock
/// held, a full disk) is told apart from one trios will not use ([`StoreError::Corrupt`]:
/// empty, truncated, damaged or another program's; [`StoreError::Newer`]): the first comes
/// back by itself, the others need the operator.
#[derive(Debug, Clone, thiserror::Error)]
pub enum StoreError {
    /// The database cannot be reached or written now (Postgres down, a lock held by another
    /// program, disk full): results wait in the journal and play goes on.
    #[error("the players database cannot be reached right now: {0}")]
    Unavailable(String),
    /// The database was made by a newer trios; it is left untouched.
    #[error(
        "{place} has schema version {found}, newer than this trios knows ({supported}): a \
         newer trios wrote it, and it is left as it is. Run that newer trios, or give \
         --database another file"
    )]
    Newer {
        place: String,
        found: i64,
        supported: i64,
    },
    /// The database is not one trios can use ([`Unusable`] says why); it is left untouched.
    #[error("{}", unusable_words(place, *kind, reason))]
    Corrupt {
        /// The file or URL; empty when a query found the damage (the caller knows where).
        place: String,
        kind: Unusable,
        reason: String,
    },
    /// There is no players database there yet, and the command does not make one.
    #[error("no players database at {0} yet (a server creates it when it first runs)")]
    Missing(String),
    #[error(transparent)]
    Handle(#[from] HandleError),
    #[error("the handle {0:?} is taken")]
    HandleTaken(String),
    /// The handle looks like another account's (the same letters once look-alike characters
    /// are read as the ones they imitate).
    #[error("{handle:?} looks like the taken handle {taken:?}; choose another")]
    LooksTaken { handle: String, taken: String },
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

/// Why trios will not use a database it found. Each is left byte for byte as it was.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Unusable {
    /// A file of 0 bytes: no database at all, and not one trios made (trios makes a new
    /// database whole, beside it, and only then gives it its name).
    Empty,
    /// A file that does not start as a SQLite database does.
    NotSqlite,
    /// A SQLite file shorter than its own header says: a copy or a disk that stopped short.
    Truncated,
    /// SQLite's check at open (or a query later) found damaged pages or indexes; on Postgres,
    /// the server reported corrupted data.
    Damaged,
    /// Some other program's database: tables, but not trios's.
    Foreign,
}

/// What [`StoreError::Corrupt`] says: the place, what is wrong, and what to do.
fn unusable_words(place: &str, kind: Unusable, reason: &str) -> String {
    let place = if place.is_empty() {
        "the players database"
    } else {
        place
    };
    match kind {
        Unusable::Empty => format!(
            "{place} is an empty file ({reason}), not a players database, and is left as it \
             is. Remove it to have a new database made there, restore the database from a \
             copy made by `trios players backup`, or give --database another file"
        ),
        Unusable::NotSqlite => format!(
            "{place} is not a SQLite database ({reason}) and is left as it is. Give \
             --database the players database, or restore it from a copy made by `trios \
             players backup`"
        ),
        Unusable::Truncated => format!(
            "{place} is truncated: {reason}. It is left as it is. Restore it from a copy \
             made by `trios players backup`, or give --database another file"
        ),
        Unusable::Damaged => format!(
            "{place} is damaged: {reason}. It is left as it is. Stop every server using it, \
             then restore it from a copy made by `trios players backup` (pg_dump for \
             Postgres), or give --database another file"
        ),
        Unusable::Foreign => format!(
            "{place} is another program's database, not a trios players database ({reason}), \
             and is left as it is. Give --database the players database, or another file"
        ),
    }
}

impl StoreError {
    /// Whether the database may come back by itself (a server journals results meanwhile),
    /// as opposed to a refusal of what was asked.
    pub fn is_unavailable(&self) -> bool {
        matches!(self, StoreError::Unavailable(_))
    }

    /// Whether the database is one trios will not use until its operator acts: damaged,
    /// truncated, empty, another program's, or a newer trios's.
    pub fn is_untrusted(&self) -> bool {
        matches!(self, StoreError::Corrupt { .. } | StoreError::Newer { .. })
    }

    /// The error with `place` named where the query that found it could not name it.
    pub fn at(self, place: &str) -> StoreError {
        match self {
            StoreError::Corrupt {
                place: found,
                kind,
                reason,
            } if found.is_empty() => StoreError::Corrupt {
                place: place.to_string(),
                kind,
                reason,
            },
            other => other,
        }
    }

    /// What a player reads of a database that failed them, without paths or URLs: away for
    /// now, or in need of its operator.
    pub fn for_players(&self) -> &'static str {
        if self.is_untrusted() {
            "The players database needs its operator's attention"
        } else {
            "The players database is away right now"
        }
    }
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

impl GameRow {
    /// Each player's name as histories show it: a guest as a guest (`guest bob`), even in a
    /// server's games recorded before guests' names carried the mark. (The home screen's
    /// own games name their second person `friend`, who is nobody's impostor.)
    pub fn shown_names(&self) -> Vec<String> {
        let home = self.id.starts_with("local:");
        (self.players.iter())
            .map(|p| {
                let marked = handle::is_guest_name(&p.name);
                if p.account.is_none() && !p.computer && !home && !marked {
                    format!("{}{}", handle::GUEST_PREFIX, p.name)
                } else {
                    p.name.clone()
                }
            })
            .collect()
    }
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
    /// The accounts `server` last said are connected to it whose handle is not the one it
    /// said (renamed since), each with its handle now.
    fn renamed_online(&self, server: &str) -> Result<Vec<(AccountId, String)>, StoreError>;
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

#[cfg(test)]
mod tests {
    use super::*;

    fn row(id: &str, players: &[(Option<AccountId>, &str, bool)]) -> GameRow {
        GameRow {
            id: id.into(),
            game: "reversi".into(),
            group: "reversi".into(),
            rated: false,
            started: 0,
            ended: 0,
            summary: String::new(),
            record: None,
            players: (players.iter())
                .map(|&(account, name, computer)| Participant {
                    account,
                    name: name.into(),
                    place: 0,
                    computer,
                })
                .collect(),
            change: None,
        }
    }

    #[test]
    fn a_server_guest_is_shown_as_a_guest_even_in_an_old_row() {
        let old = row(
            "server:1",
            &[
                (Some(1), "alice", false),
                (None, "alice", false),
                (None, "expert", true),
            ],
        );
        assert_eq!(old.shown_names(), ["alice", "guest alice", "expert"]);
        let new = row(
            "server:2",
            &[(None, "guest bob", false), (None, "guest", false)],
        );
        assert_eq!(new.shown_names(), ["guest bob", "guest"]);
        let home = row(
            "local:x.json",
            &[(Some(1), "you", false), (None, "friend", false)],
        );
        assert_eq!(home.shown_names(), ["you", "friend"]);
    }
}
