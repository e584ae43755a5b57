//! The embedded store: one SQLite file in the data folder, in WAL mode.
//!
//! One connection behind a mutex serves every call; each call is one short transaction
//! (`BEGIN IMMEDIATE` where it writes), so concurrent callers simply queue. Opening refuses,
//! without writing a byte, an empty file, a file that is not a SQLite database or is shorter
//! than its own header says, a database SQLite's `quick_check` finds damaged, a database of
//! some other program, and one made by a newer trios (see [`super::migrate`]). A new
//! database is made whole beside its path and only then given its name, so a path never
//! holds half a database, nor an empty file trios left.

use std::collections::HashMap;
use std::path::{Path, PathBuf};
use std::sync::{Mutex, MutexGuard};
use std::time::Duration;

use rusqlite::{Connection, ErrorCode, OpenFlags, OptionalExtension, TransactionBehavior, params};

use super::migrate::{self, Found};
use super::plan::{self, Plan};
use super::{
    Account, AccountId, DailyEntry, ESTABLISHED_DAYS, ESTABLISHED_DEVIATION, ESTABLISHED_GAMES,
    Finished, GameRow, GroupRating, LinkedKey, MAX_GROUP_LEN, MAX_PLAYERS, MAX_TEXT_LEN, Online,
    Params, Participant, Rating, RatingChange, ServerTable, Standing, Store, StoreError, Timestamp,
    Unusable, Written, handle,
};

/// How long a call waits for another process's write lock before giving up.
const BUSY_TIMEOUT: Duration = Duration::from_secs(5);
/// The first bytes of every SQLite database file.
const SQLITE_MAGIC: &[u8; 16] = b"SQLite format 3\0";
/// The bytes of a SQLite file's header.
const HEADER: usize = 100;
/// The most problems `quick_check` lists before it stops (it names the first few).
const CHECK_PROBLEMS: usize = 3;

/// A trios database in one SQLite file.
pub struct SqliteStore {
    path: PathBuf,
    conn: Mutex<Connection>,
}

/// Whether opening may make the database.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Access {
    /// A server, or the home screen: a database is made where there is none, and an older
    /// one brought up to date.
    Create,
    /// A tool: only a trios database that is there already is opened.
    Existing,
}

impl SqliteStore {
    /// Opens the database at `path`, making it if the path is free and bringing its schema
    /// up to [`migrate::SCHEMA_VERSION`]. A file that is not a usable trios database (empty,
    /// truncated, damaged, another program's, a newer trios's) is refused and left byte for
    /// byte as it was.
    pub fn open(path: &Path) -> Result<SqliteStore, StoreError> {
        SqliteStore::open_as(path, Access::Create)
    }

    /// Opens the trios database at `path` as [`SqliteStore::open`] does, but never makes one:
    /// nothing at `path`, or a SQLite file without tables, is [`StoreError::Missing`].
    pub fn open_existing(path: &Path) -> Result<SqliteStore, StoreError> {
        SqliteStore::open_as(path, Access::Existing)
    }

    fn open_as(path: &Path, access: Access) -> Result<SqliteStore, StoreError> {
        let place = path.display().to_string();
        if !inspect(path, &place)? {
            match access {
                Access::Existing => return Err(StoreError::Missing(place)),
                Access::Create => create(path, &place)?,
            }
        }
        // The file is there now: SQLite may not make another in its place.
        let flags = OpenFlags::default().difference(OpenFlags::SQLITE_OPEN_CREATE);
        let conn = Connection::open_with_flags(path, flags).map_err(|e| open_error(e, &place))?;
        conn.busy_timeout(BUSY_TIMEOUT)
            .map_err(|e| open_error(e, &place))?;
        // Read-only first: nothing is written to a database we would refuse.
        let state = found(&conn, &place)?;
        if access == Access::Existing && state == Found::Empty {
            return Err(StoreError::Missing(place));
        }
        migrate::pending(migrate::SQLITE, &place, state)?;
        quick_check(&conn, &place)?;
        conn.pragma_update(None, "journal_mode", "WAL")
            .map_err(|e| open_error(e, &place))?;
        conn.pragma_update(None, "synchronous", "NORMAL")
            .map_err(|e| open_error(e, &place))?;
        conn.pragma_update(None, "foreign_keys", "ON")
            .map_err(|e| open_error(e, &place))?;
        let mut conn = conn;
        migrate_in(&mut conn, &place)?;
        Ok(SqliteStore {
            path: path.to_path_buf(),
            conn: Mutex::new(conn),
        })
    }

    /// Copies the whole database, consistently, to a new file at `dest` while it stays in
    /// use (SQLite's online backup).
    pub fn backup_to(&self, dest: &Path) -> Result<(), StoreError> {
        let conn = self.conn();
        conn.backup(
            rusqlite::MAIN_DB,
            dest,
            None::<fn(rusqlite::backup::Progress)>,
        )
        .map_err(|e| StoreError::Unavailable(format!("backing up to {}: {e}", dest.display())))
    }

    /// Bench support: `n` new accounts (`bench0`, `bench1`, …, each with a key of the same
    /// name), each an established player of `group` as of `now` with a spread of ratings.
    #[doc(hidden)]
    pub fn seed_ratings_for_bench(
        &self,
        group: &str,
        n: usize,
        now: Timestamp,
    ) -> Result<(), StoreError> {
        let mut conn = self.conn();
        let tx = conn
            .transaction_with_behavior(TransactionBehavior::Immediate)
            .map_err(db)?;
        {
            let mut account = tx
                .prepare(
                    "INSERT INTO accounts (handle, handle_folded, created) VALUES (?1, ?1, ?2)",
                )
                .map_err(db)?;
            let mut key = tx
                .prepare("INSERT INTO keys (fingerprint, account, added) VALUES (?1, ?2, ?3)")
                .map_err(db)?;
            let mut rating = tx
                .prepare(
                    "INSERT INTO ratings (account, grp, rating, deviation, volatility, games, \
                     wins, losses, draws, last_played) VALUES (?1, ?2, ?3, 60, 0.06, 30, 15, 15, 0, ?4)",
                )
                .map_err(db)?;
            for i in 0..n {
                let name = format!("bench{i}");
                account.execute(params![name, now]).map_err(db)?;
                let id = tx.last_insert_rowid();
                key.execute(params![name, id, now]).map_err(db)?;
                let value = 800.0 + (i as f64 * 7919.0) % 1600.0;
                rating
                    .execute(params![id, group, value, now - (i as i64 % 5) * 3600])
                    .map_err(db)?;
            }
        }
        tx.commit().map_err(db)
    }

    /// The connection, whether or not an earlier caller panicked holding it.
    fn conn(&self) -> MutexGuard<'_, Connection> {
        self.conn.lock().unwrap_or_else(|e| e.into_inner())
    }
}

/// Brings the schema of the database on `conn` up to date in one transaction (re-reading its
/// version there, so two servers opening one database at once do not both migrate it).
fn migrate_in(conn: &mut Connection, place: &str) -> Result<(), StoreError> {
    let tx = conn
        .transaction_with_behavior(TransactionBehavior::Immediate)
        .map_err(|e| open_error(e, place))?;
    let todo = migrate::pending(migrate::SQLITE, place, found(&tx, place)?)?;
    if !todo.is_empty() {
        for (_, sql) in todo {
            tx.execute_batch(sql).map_err(|e| open_error(e, place))?;
        }
        tx.execute("DELETE FROM schema_version", [])
            .map_err(|e| open_error(e, place))?;
        tx.execute(
            "INSERT INTO schema_version (version) VALUES (?1)",
            [migrate::SCHEMA_VERSION],
        )
        .map_err(|e| open_error(e, place))?;
    }
    tx.commit().map_err(|e| open_error(e, place))
}

/// Looks at the file at `path` before SQLite does: `false` when there is none; an error when
/// it cannot be a usable database — a folder or device, 0 bytes, a file that does not start
/// as SQLite's do, or one shorter than its own header says.
fn inspect(path: &Path, place: &str) -> Result<bool, StoreError> {
    use std::io::Read;
    let unusable = |kind, reason: String| StoreError::Corrupt {
        place: place.to_string(),
        kind,
        reason,
    };
    let meta = match std::fs::metadata(path) {
        Ok(meta) => meta,
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok(false),
        Err(e) => return Err(StoreError::Unavailable(format!("reading {place}: {e}"))),
    };
    if meta.is_dir() {
        return Err(unusable(Unusable::NotSqlite, "it is a folder".into()));
    }
    if !meta.is_file() {
        return Err(unusable(
            Unusable::NotSqlite,
            "it is not a regular file".into(),
        ));
    }
    let len = meta.len();
    // A database whose pages are still in its write-ahead log (a server has it open) is
    // SQLite's to read: the file alone does not tell its size.
    let mut wal = path.as_os_str().to_owned();
    wal.push("-wal");
    let logged = std::fs::metadata(&wal).is_ok_and(|m| m.len() > 0);
    if len == 0 {
        return if logged {
            Ok(true)
        } else {
            Err(unusable(Unusable::Empty, "0 bytes".into()))
        };
    }
    let mut head = Vec::with_capacity(HEADER);
    std::fs::File::open(path)
        .and_then(|file| file.take(HEADER as u64).read_to_end(&mut head))
        .map_err(|e| StoreError::Unavailable(format!("reading {place}: {e}")))?;
    if head.len() < SQLITE_MAGIC.len() || head[..SQLITE_MAGIC.len()] != SQLITE_MAGIC[..] {
        return Err(if SQLITE_MAGIC.starts_with(&head) {
            unusable(
                Unusable::Truncated,
                format!("it has {len} bytes, fewer than a SQLite header"),
            )
        } else {
            unusable(
                Unusable::NotSqlite,
                "its first bytes are not SQLite's".into(),
            )
        });
    }
    if head.len() < HEADER {
        return Err(unusable(
            Unusable::Truncated,
            format!("it has {len} bytes, fewer than the {HEADER} of a SQLite header"),
        ));
    }
    let word = |at: usize| u32::from_be_bytes([head[at], head[at + 1], head[at + 2], head[at + 3]]);
    let page = match u16::from_be_bytes([head[16], head[17]]) {
        1 => 65_536,
        n => u64::from(n),
    };
    if !(512..=65_536).contains(&page) || !page.is_power_of_two() {
        return Err(unusable(
            Unusable::Damaged,
            format!("its header gives a page size of {page} bytes, which SQLite never writes"),
        ));
    }
    if logged {
        return Ok(true);
    }
    if len % page != 0 {
        return Err(unusable(
            Unusable::Truncated,
            format!("it has {len} bytes, which ends part-way through a page of {page}"),
        ));
    }
    // The page count in the header is current when its "valid for" number is the change
    // counter (SQLite 3.7.0 and later always keep it so).
    let (pages, valid) = (u64::from(word(28)), word(92) == word(24));
    if valid && pages * page > len {
        return Err(unusable(
            Unusable::Truncated,
            format!(
                "it has {len} bytes, but its header says it holds {pages} pages of {page} \
                 ({} bytes)",
                pages * page
            ),
        ));
    }
    Ok(true)
}

/// Makes a new trios database at `path` whole: written beside it under a temporary name,
/// then given the name only if the path is still free (another trios that got there first
/// wins, and its database is used).
fn create(path: &Path, place: &str) -> Result<(), StoreError> {
    let failed =
        |e: &dyn std::fmt::Display| StoreError::Unavailable(format!("making {place}: {e}"));
    let dir = match path.parent() {
        Some(dir) if !dir.as_os_str().is_empty() => dir,
        _ => Path::new("."),
    };
    let mut builder = tempfile::Builder::new();
    builder.prefix(".trios-new-").suffix(".db");
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt;
        // As SQLite makes its files: readable by all, less the umask.
        builder.permissions(std::fs::Permissions::from_mode(0o644));
    }
    let temp = builder
        .tempfile_in(dir)
        .map_err(|e| failed(&e))?
        .into_temp_path();
    {
        let mut conn = Connection::open(&temp).map_err(|e| failed(&e))?;
        migrate_in(&mut conn, place)?;
        conn.close().map_err(|(_, e)| failed(&e))?;
    }
    match temp.persist_noclobber(path) {
        Ok(()) => {}
        // Another trios made it meanwhile: ours is removed, theirs is opened.
        Err(e) if e.error.kind() == std::io::ErrorKind::AlreadyExists => {}
        Err(e) => return Err(failed(&e.error)),
    }
    // The new name is on disk before anything is written to the database under it.
    if let Ok(folder) = std::fs::File::open(dir) {
        let _ = folder.sync_all();
    }
    Ok(())
}

/// SQLite's `quick_check` of the whole database: every page and every record's format, but
/// not the indexes' contents (`integrity_check` reads those too, at several times the cost).
/// Damage is [`Unusable::Damaged`], naming the first problems found. The pages it read are
/// let go afterwards, so the connection starts with what a call needs.
fn quick_check(conn: &Connection, place: &str) -> Result<(), StoreError> {
    let said: Vec<String> = conn
        .prepare(&format!("PRAGMA quick_check({CHECK_PROBLEMS})"))
        .and_then(|mut stmt| {
            stmt.query_map([], |row| row.get::<_, String>(0))?
                .collect::<Result<_, _>>()
        })
        .map_err(|e| open_error(e, place))?;
    let _ = conn.execute_batch("PRAGMA shrink_memory");
    if said.len() == 1 && said[0] == "ok" {
        return Ok(());
    }
    let problems: Vec<String> = said
        .iter()
        .flat_map(|line| line.lines())
        .filter(|line| !line.starts_with("***"))
        .map(|line| line.chars().filter(|c| !c.is_control()).collect())
        .collect();
    Err(StoreError::Corrupt {
        place: place.to_string(),
        kind: Unusable::Damaged,
        reason: format!(
            "SQLite's check of it finds {}",
            if problems.is_empty() {
                "it unsound".to_string()
            } else {
                problems.join("; ")
            }
        ),
    })
}

/// What the database holds, read without writing.
fn found(conn: &Connection, place: &str) -> Result<Found, StoreError> {
    let objects: i64 = conn
        .query_row(
            "SELECT count(*) FROM sqlite_master WHERE name NOT LIKE 'sqlite_%'",
            [],
            |row| row.get(0),
        )
        .map_err(|e| open_error(e, place))?;
    if objects == 0 {
        // No tables, but marked by some program as its own.
        let marks: i64 = conn
            .query_row(
                "SELECT (SELECT application_id FROM pragma_application_id) | \
                 (SELECT user_version FROM pragma_user_version)",
                [],
                |row| row.get(0),
            )
            .map_err(|e| open_error(e, place))?;
        return Ok(if marks == 0 {
            Found::Empty
        } else {
            Found::Foreign
        });
    }
    let versioned: i64 = conn
        .query_row(
            "SELECT count(*) FROM sqlite_master WHERE type = 'table' AND name = 'schema_version'",
            [],
            |row| row.get(0),
        )
        .map_err(|e| open_error(e, place))?;
    if versioned == 0 {
        return Ok(Found::Foreign);
    }
    let version: Option<i64> = conn
        .query_row("SELECT max(version) FROM schema_version", [], |row| {
            row.get(0)
        })
        .map_err(|e| open_error(e, place))?;
    match version {
        Some(v) => Ok(Found::Version(v)),
        None => Err(StoreError::Corrupt {
            place: place.to_string(),
            kind: Unusable::Damaged,
            reason: "its schema_version table is empty".into(),
        }),
    }
}

/// An error while opening: a damaged file is [`StoreError::Corrupt`], a lock another program
/// holds or anything else [`StoreError::Unavailable`].
fn open_error(e: rusqlite::Error, place: &str) -> StoreError {
    match db(e) {
        StoreError::Unavailable(why) => StoreError::Unavailable(format!("{place}: {why}")),
        other => other.at(place),
    }
}

/// A database error during a call: damage SQLite met is [`Unusable::Damaged`] (with no place:
/// [`StoreError::at`] adds it), a lock another program holds and the rest
/// [`StoreError::Unavailable`].
fn db(e: rusqlite::Error) -> StoreError {
    match e.sqlite_error_code() {
        Some(ErrorCode::NotADatabase | ErrorCode::DatabaseCorrupt) => StoreError::Corrupt {
            place: String::new(),
            kind: Unusable::Damaged,
            reason: format!("SQLite reads it as damaged ({e})"),
        },
        Some(ErrorCode::DatabaseBusy | ErrorCode::DatabaseLocked) => StoreError::Unavailable(
            format!("another program holds its lock ({e}); try again when it lets go"),
        ),
        _ => StoreError::Unavailable(e.to_string()),
    }
}

/// A write error during a result: a broken constraint is the caller's (an unknown account).
fn write_error(e: rusqlite::Error) -> StoreError {
    match e.sqlite_error_code() {
        Some(ErrorCode::ConstraintViolation) => {
            StoreError::Invalid(format!("the result does not fit the database: {e}"))
        }
        _ => db(e),
    }
}

/// A count or limit as SQL wants it.
pub(crate) fn sql_count(n: usize) -> i64 {
    i64::try_from(n).unwrap_or(i64::MAX)
}

/// Refuses a result outside the store's limits ([`MAX_GROUP_LEN`], [`MAX_PLAYERS`],
/// [`MAX_TEXT_LEN`]). Shared by both databases.
pub(crate) fn check_limits(result: &Finished) -> Result<(), StoreError> {
    for (what, value) in [
        ("id", &result.id),
        ("game", &result.game),
        ("group", &result.group),
    ] {
        if value.chars().count() > MAX_GROUP_LEN {
            return Err(StoreError::Invalid(format!(
                "a result's {what} is at most {MAX_GROUP_LEN} characters"
            )));
        }
    }
    if result.players.len() > MAX_PLAYERS {
        return Err(StoreError::Invalid(format!(
            "a result has at most {MAX_PLAYERS} players"
        )));
    }
    let texts = [Some(&result.summary), result.record.as_ref()]
        .into_iter()
        .flatten()
        .chain(result.players.iter().map(|p| &p.name));
    for text in texts {
        if text.len() > MAX_TEXT_LEN {
            return Err(StoreError::Invalid(format!(
                "a result's summary, record and names are at most {MAX_TEXT_LEN} bytes"
            )));
        }
    }
    Ok(())
}

/// The least `last_played` and the most stored RD an established player can have as of
/// `now`: the SQL side of [`GroupRating::established`] (idle growth only raises the RD).
pub(crate) fn established_bounds(now: Timestamp) -> (i64, i64, f64) {
    (
        ESTABLISHED_GAMES,
        now - ESTABLISHED_DAYS * super::DAY,
        ESTABLISHED_DEVIATION,
    )
}

/// A rating from three columns that are all set or all null.
pub(crate) fn rating_of(r: Option<f64>, d: Option<f64>, v: Option<f64>) -> Option<Rating> {
    match (r, d, v) {
        (Some(rating), Some(deviation), Some(volatility)) => Some(Rating {
            rating,
            deviation,
            volatility,
        }),
        _ => None,
    }
}

/// One seat as stored, with the game it belongs to and its rating columns.
pub(crate) struct SeatRow {
    pub head: GameRow,
    pub participant: Participant,
    pub before: Option<Rating>,
    pub after: Option<Rating>,
}

/// Gathers seat rows (grouped by game, in page order, seats in order) into `account`'s
/// history page.
pub(crate) fn gather_games(rows: Vec<SeatRow>, account: AccountId) -> Vec<GameRow> {
    let mut out: Vec<GameRow> = Vec::new();
    for row in rows {
        if out.last().is_none_or(|g| g.id != row.head.id) {
            out.push(row.head.clone());
        }
        let Some(game) = out.last_mut() else {
            continue;
        };
        if row.participant.account == Some(account)
            && let (Some(before), Some(after)) = (row.before, row.after)
        {
            game.change = Some(RatingChange {
                account,
                group: game.group.clone(),
                before,
                after,
            });
        }
        game.players.push(row.participant);
    }
    out
}

/// The columns of an account, in [`account_row`]'s order.
const ACCOUNT: &str = "id, handle, created, banned";

fn account_row(row: &rusqlite::Row<'_>) -> rusqlite::Result<Account> {
    Ok(Account {
        id: row.get(0)?,
        handle: row.get(1)?,
        created: row.get(2)?,
        banned: row.get(3)?,
    })
}

/// The columns of a rating, in [`rating_row`]'s order.
const RATING: &str = "grp, rating, deviation, volatility, games, wins, losses, draws, last_played";

fn rating_row(row: &rusqlite::Row<'_>, at: usize) -> rusqlite::Result<GroupRating> {
    Ok(GroupRating {
        group: row.get(at)?,
        rating: row.get(at + 1)?,
        deviation: row.get(at + 2)?,
        volatility: row.get(at + 3)?,
        games: row.get(at + 4)?,
        wins: row.get(at + 5)?,
        losses: row.get(at + 6)?,
        draws: row.get(at + 7)?,
        last_played: row.get(at + 8)?,
    })
}

fn account_by_folded(conn: &Connection, folded: &str) -> Result<Option<Account>, StoreError> {
    conn.query_row(
        &format!("SELECT {ACCOUNT} FROM accounts WHERE handle_folded = ?1"),
        [folded],
        account_row,
    )
    .optional()
    .map_err(db)
}

/// Refuses `handle` for a new account, or for account `except` renamed, when it looks like
/// another account's handle ([`handle::skeleton`]). Every handle is read and compared, inside
/// the caller's write transaction, so two new accounts cannot both pass.
fn refuse_look_alike(
    conn: &Connection,
    handle: &str,
    except: Option<AccountId>,
) -> Result<(), StoreError> {
    let shape = handle::skeleton(handle);
    let mut stmt = conn
        .prepare_cached("SELECT id, handle FROM accounts")
        .map_err(db)?;
    let rows = stmt
        .query_map([], |row| Ok((row.get(0)?, row.get(1)?)))
        .map_err(db)?;
    match handle::look_alike(&shape, except, rows).map_err(db)? {
        Some(taken) => Err(StoreError::LooksTaken {
            handle: handle.to_string(),
            taken,
        }),
        None => Ok(()),
    }
}

fn account_by_id(conn: &Connection, id: AccountId) -> Result<Option<Account>, StoreError> {
    conn.query_row(
        &format!("SELECT {ACCOUNT} FROM accounts WHERE id = ?1"),
        [id],
        account_row,
    )
    .optional()
    .map_err(db)
}

fn key_owner(conn: &Connection, fingerprint: &str) -> Result<Option<AccountId>, StoreError> {
    conn.query_row(
        "SELECT account FROM keys WHERE fingerprint = ?1",
        [fingerprint],
        |row| row.get(0),
    )
    .optional()
    .map_err(db)
}

/// The changes stored for game `id`, if it was written.
fn stored_changes(conn: &Connection, id: &str) -> Result<Option<Vec<RatingChange>>, StoreError> {
    let group: Option<String> = conn
        .query_row("SELECT grp FROM games WHERE id = ?1", [id], |row| {
            row.get(0)
        })
        .optional()
        .map_err(db)?;
    let Some(group) = group else {
        return Ok(None);
    };
    let mut stmt = conn
        .prepare_cached(
            "SELECT account, before_rating, before_deviation, before_volatility, after_rating, \
             after_deviation, after_volatility FROM game_players \
             WHERE game_id = ?1 AND account IS NOT NULL AND before_rating IS NOT NULL \
             ORDER BY account, seat",
        )
        .map_err(db)?;
    let rows = stmt
        .query_map([id], |row| {
            Ok((
                row.get::<_, AccountId>(0)?,
                rating_of(row.get(1)?, row.get(2)?, row.get(3)?),
                rating_of(row.get(4)?, row.get(5)?, row.get(6)?),
            ))
        })
        .map_err(db)?;
    let mut changes = Vec::new();
    for row in rows {
        let (account, before, after) = row.map_err(db)?;
        if let (Some(before), Some(after)) = (before, after) {
            changes.push(RatingChange {
                account,
                group: group.clone(),
                before,
                after,
            });
        }
    }
    Ok(Some(changes))
}

/// Writes the plan for `result` (the game is known to be new).
fn write_plan(conn: &Connection, result: &Finished, plan: &Plan) -> Result<(), StoreError> {
    conn.execute(
        "INSERT INTO games (id, game, grp, rated, started, ended, summary, record) \
         VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8)",
        params![
            result.id,
            result.game,
            result.group,
            plan.rated,
            result.started,
            result.ended,
            result.summary,
            result.record
        ],
    )
    .map_err(write_error)?;
    let changes: HashMap<AccountId, &RatingChange> =
        plan.changes.iter().map(|c| (c.account, c)).collect();
    let mut seat = conn
        .prepare_cached(
            "INSERT INTO game_players (game_id, seat, account, name, place, computer, \
             before_rating, before_deviation, before_volatility, after_rating, \
             after_deviation, after_volatility) \
             VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12)",
        )
        .map_err(db)?;
    for (i, p) in result.players.iter().enumerate() {
        let change = p.account.and_then(|a| changes.get(&a));
        seat.execute(params![
            result.id,
            sql_count(i),
            p.account,
            p.name,
            p.place,
            p.computer,
            change.map(|c| c.before.rating),
            change.map(|c| c.before.deviation),
            change.map(|c| c.before.volatility),
            change.map(|c| c.after.rating),
            change.map(|c| c.after.deviation),
            change.map(|c| c.after.volatility),
        ])
        .map_err(write_error)?;
    }
    let mut rating = conn
        .prepare_cached(
            "INSERT INTO ratings (account, grp, rating, deviation, volatility, games, wins, \
             losses, draws, last_played) VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10) \
             ON CONFLICT (account, grp) DO UPDATE SET rating = excluded.rating, \
             deviation = excluded.deviation, volatility = excluded.volatility, \
             games = excluded.games, wins = excluded.wins, losses = excluded.losses, \
             draws = excluded.draws, last_played = excluded.last_played",
        )
        .map_err(db)?;
    for new in &plan.ratings {
        let r = &new.row;
        rating
            .execute(params![
                new.account,
                result.group,
                r.rating,
                r.deviation,
                r.volatility,
                r.games,
                r.wins,
                r.losses,
                r.draws,
                r.last_played
            ])
            .map_err(write_error)?;
    }
    let mut pair = conn
        .prepare_cached(
            "INSERT INTO pair_days (day, low, high, games) VALUES (?1, ?2, ?3, 1) \
             ON CONFLICT (day, low, high) DO UPDATE SET games = pair_days.games + 1",
        )
        .map_err(db)?;
    let day = plan::day_of(result.ended);
    for &(low, high) in &plan.pairs {
        pair.execute(params![day, low, high]).map_err(db)?;
    }
    Ok(())
}

/// The accounts seated in `result`, each once, lowest first.
pub(crate) fn seated(result: &Finished) -> Vec<AccountId> {
    let mut ids: Vec<AccountId> = result.players.iter().filter_map(|p| p.account).collect();
    ids.sort_unstable();
    ids.dedup();
    ids
}

impl SqliteStore {
    /// Replaces what `server` said in `table` (presence, its tables) by the rows `fill`
    /// runs `insert` with, in one transaction.
    fn replace_server_rows(
        &self,
        server: &str,
        table: &str,
        insert: &str,
        fill: impl FnOnce(&mut rusqlite::CachedStatement<'_>) -> rusqlite::Result<()>,
    ) -> Result<(), StoreError> {
        let mut conn = self.conn();
        let tx = conn
            .transaction_with_behavior(TransactionBehavior::Immediate)
            .map_err(db)?;
        tx.execute(&format!("DELETE FROM {table} WHERE server = ?1"), [server])
            .map_err(db)?;
        {
            let mut stmt = tx.prepare_cached(insert).map_err(db)?;
            fill(&mut stmt).map_err(db)?;
        }
        tx.commit().map_err(db)
    }
}

impl Store for SqliteStore {
    fn place(&self) -> String {
        self.path.display().to_string()
    }

    fn account_by_key(&self, fingerprint: &str) -> Result<Option<Account>, StoreError> {
        let conn = self.conn();
        conn.query_row(
            "SELECT a.id, a.handle, a.created, a.banned FROM keys k \
             JOIN accounts a ON a.id = k.account WHERE k.fingerprint = ?1",
            [fingerprint],
            account_row,
        )
        .optional()
        .map_err(db)
    }

    fn account_by_handle(&self, handle: &str) -> Result<Option<Account>, StoreError> {
        account_by_folded(&self.conn(), &handle::fold(handle))
    }

    fn account(&self, id: AccountId) -> Result<Option<Account>, StoreError> {
        account_by_id(&self.conn(), id)
    }

    fn create_account(
        &self,
        handle: &str,
        fingerprint: &str,
        now: Timestamp,
    ) -> Result<Account, StoreError> {
        handle::check_new(handle, fingerprint)?;
        let folded = handle::fold(handle);
        let mut conn = self.conn();
        let tx = conn
            .transaction_with_behavior(TransactionBehavior::Immediate)
            .map_err(db)?;
        if key_owner(&tx, fingerprint)?.is_some() {
            return Err(StoreError::KeyTaken);
        }
        if account_by_folded(&tx, &folded)?.is_some() {
            return Err(StoreError::HandleTaken(handle.to_string()));
        }
        refuse_look_alike(&tx, handle, None)?;
        tx.execute(
            "INSERT INTO accounts (handle, handle_folded, created, banned) VALUES (?1, ?2, ?3, 0)",
            params![handle, folded, now],
        )
        .map_err(db)?;
        let id = tx.last_insert_rowid();
        tx.execute(
            "INSERT INTO keys (fingerprint, account, added) VALUES (?1, ?2, ?3)",
            params![fingerprint, id, now],
        )
        .map_err(db)?;
        tx.commit().map_err(db)?;
        Ok(Account {
            id,
            handle: handle.to_string(),
            created: now,
            banned: false,
        })
    }

    fn keys(&self, account: AccountId) -> Result<Vec<LinkedKey>, StoreError> {
        let conn = self.conn();
        let mut stmt = conn
            .prepare_cached(
                "SELECT fingerprint, added FROM keys WHERE account = ?1 ORDER BY added, fingerprint",
            )
            .map_err(db)?;
        let rows = stmt
            .query_map([account], |row| {
                Ok(LinkedKey {
                    fingerprint: row.get(0)?,
                    added: row.get(1)?,
                })
            })
            .map_err(db)?;
        rows.collect::<Result<_, _>>().map_err(db)
    }

    fn add_key(
        &self,
        account: AccountId,
        fingerprint: &str,
        now: Timestamp,
    ) -> Result<(), StoreError> {
        let mut conn = self.conn();
        let tx = conn
            .transaction_with_behavior(TransactionBehavior::Immediate)
            .map_err(db)?;
        if key_owner(&tx, fingerprint)?.is_some() {
            return Err(StoreError::KeyTaken);
        }
        if account_by_id(&tx, account)?.is_none() {
            return Err(StoreError::NoSuchPlayer(format!("#{account}")));
        }
        tx.execute(
            "INSERT INTO keys (fingerprint, account, added) VALUES (?1, ?2, ?3)",
            params![fingerprint, account, now],
        )
        .map_err(db)?;
        tx.commit().map_err(db)
    }

    fn remove_key(&self, account: AccountId, fingerprint: &str) -> Result<(), StoreError> {
        let mut conn = self.conn();
        let tx = conn
            .transaction_with_behavior(TransactionBehavior::Immediate)
            .map_err(db)?;
        if key_owner(&tx, fingerprint)? != Some(account) {
            return Err(StoreError::NoSuchKey);
        }
        let count: i64 = tx
            .query_row(
                "SELECT count(*) FROM keys WHERE account = ?1",
                [account],
                |row| row.get(0),
            )
            .map_err(db)?;
        if count <= 1 {
            return Err(StoreError::LastKey);
        }
        tx.execute("DELETE FROM keys WHERE fingerprint = ?1", [fingerprint])
            .map_err(db)?;
        tx.commit().map_err(db)
    }

    fn rename(&self, old: &str, new: &str) -> Result<Account, StoreError> {
        handle::check(new, &[])?;
        let folded = handle::fold(new);
        let mut conn = self.conn();
        let tx = conn
            .transaction_with_behavior(TransactionBehavior::Immediate)
            .map_err(db)?;
        let Some(mut account) = account_by_folded(&tx, &handle::fold(old))? else {
            return Err(StoreError::NoSuchPlayer(old.to_string()));
        };
        if let Some(twin) = account_by_folded(&tx, &folded)?
            && twin.id != account.id
        {
            return Err(StoreError::HandleTaken(new.to_string()));
        }
        refuse_look_alike(&tx, new, Some(account.id))?;
        tx.execute(
            "UPDATE accounts SET handle = ?1, handle_folded = ?2 WHERE id = ?3",
            params![new, folded, account.id],
        )
        .map_err(db)?;
        tx.commit().map_err(db)?;
        account.handle = new.to_string();
        Ok(account)
    }

    fn set_banned(&self, handle: &str, banned: bool) -> Result<Account, StoreError> {
        let mut conn = self.conn();
        let tx = conn
            .transaction_with_behavior(TransactionBehavior::Immediate)
            .map_err(db)?;
        let Some(mut account) = account_by_folded(&tx, &handle::fold(handle))? else {
            return Err(StoreError::NoSuchPlayer(handle.to_string()));
        };
        tx.execute(
            "UPDATE accounts SET banned = ?1 WHERE id = ?2",
            params![banned, account.id],
        )
        .map_err(db)?;
        tx.commit().map_err(db)?;
        account.banned = banned;
        Ok(account)
    }

    fn put_link_code(
        &self,
        account: AccountId,
        code_hash: &str,
        expires: Timestamp,
    ) -> Result<(), StoreError> {
        let mut conn = self.conn();
        let tx = conn
            .transaction_with_behavior(TransactionBehavior::Immediate)
            .map_err(db)?;
        tx.execute("DELETE FROM link_codes WHERE account = ?1", [account])
            .map_err(db)?;
        tx.execute(
            "INSERT INTO link_codes (code_hash, account, expires) VALUES (?1, ?2, ?3) \
             ON CONFLICT (code_hash) DO UPDATE SET account = excluded.account, \
             expires = excluded.expires",
            params![code_hash, account, expires],
        )
        .map_err(write_error)?;
        tx.commit().map_err(db)
    }

    fn take_link_code(
        &self,
        code_hash: &str,
        now: Timestamp,
    ) -> Result<Option<AccountId>, StoreError> {
        let mut conn = self.conn();
        let tx = conn
            .transaction_with_behavior(TransactionBehavior::Immediate)
            .map_err(db)?;
        tx.execute("DELETE FROM link_codes WHERE expires <= ?1", [now])
            .map_err(db)?;
        let account: Option<AccountId> = tx
            .query_row(
                "DELETE FROM link_codes WHERE code_hash = ?1 AND expires > ?2 RETURNING account",
                params![code_hash, now],
                |row| row.get(0),
            )
            .optional()
            .map_err(db)?;
        tx.commit().map_err(db)?;
        Ok(account)
    }

    fn ratings(&self, account: AccountId) -> Result<Vec<GroupRating>, StoreError> {
        let conn = self.conn();
        let mut stmt = conn
            .prepare_cached(&format!(
                "SELECT {RATING} FROM ratings WHERE account = ?1 ORDER BY grp"
            ))
            .map_err(db)?;
        let rows = stmt
            .query_map([account], |row| rating_row(row, 0))
            .map_err(db)?;
        rows.collect::<Result<_, _>>().map_err(db)
    }

    fn write_result(&self, result: &Finished, params: &Params) -> Result<Written, StoreError> {
        let mut conn = self.conn();
        let tx = conn
            .transaction_with_behavior(TransactionBehavior::Immediate)
            .map_err(db)?;
        if let Some(changes) = stored_changes(&tx, &result.id)? {
            return Ok(Written {
                changes,
                duplicate: true,
            });
        }
        check_limits(result)?;
        let ids = seated(result);
        let mut current = HashMap::new();
        {
            let mut stmt = tx
                .prepare_cached(&format!(
                    "SELECT {RATING} FROM ratings WHERE account = ?1 AND grp = ?2"
                ))
                .map_err(db)?;
            for &id in &ids {
                if let Some(row) = stmt
                    .query_row(params![id, result.group], |row| rating_row(row, 0))
                    .optional()
                    .map_err(db)?
                {
                    current.insert(id, row);
                }
            }
        }
        let day = plan::day_of(result.ended);
        let mut today = HashMap::new();
        {
            let mut stmt = tx
                .prepare_cached(
                    "SELECT games FROM pair_days WHERE day = ?1 AND low = ?2 AND high = ?3",
                )
                .map_err(db)?;
            for (i, &low) in ids.iter().enumerate() {
                for &high in &ids[i + 1..] {
                    if let Some(games) = stmt
                        .query_row(params![day, low, high], |row| row.get::<_, i64>(0))
                        .optional()
                        .map_err(db)?
                    {
                        today.insert((low, high), games);
                    }
                }
            }
        }
        let plan = plan::plan(result, &current, &today, params);
        write_plan(&tx, result, &plan)?;
        tx.commit().map_err(db)?;
        Ok(Written {
            changes: plan.changes,
            duplicate: false,
        })
    }

    fn games(&self, account: AccountId, limit: usize) -> Result<Vec<GameRow>, StoreError> {
        let conn = self.conn();
        let mut stmt = conn
            .prepare_cached(
                "WITH page AS (SELECT g.id, g.game, g.grp, g.rated, g.started, g.ended, \
                 g.summary, g.record FROM games g WHERE g.id IN \
                 (SELECT game_id FROM game_players WHERE account = ?1) \
                 ORDER BY g.ended DESC, g.id DESC LIMIT ?2) \
                 SELECT page.id, page.game, page.grp, page.rated, page.started, page.ended, \
                 page.summary, page.record, p.account, p.name, p.place, p.computer, \
                 p.before_rating, p.before_deviation, p.before_volatility, p.after_rating, \
                 p.after_deviation, p.after_volatility \
                 FROM page JOIN game_players p ON p.game_id = page.id \
                 ORDER BY page.ended DESC, page.id DESC, p.seat",
            )
            .map_err(db)?;
        let rows = stmt
            .query_map(params![account, sql_count(limit)], |row| {
                Ok(SeatRow {
                    head: GameRow {
                        id: row.get(0)?,
                        game: row.get(1)?,
                        group: row.get(2)?,
                        rated: row.get(3)?,
                        started: row.get(4)?,
                        ended: row.get(5)?,
                        summary: row.get(6)?,
                        record: row.get(7)?,
                        players: Vec::new(),
                        change: None,
                    },
                    participant: Participant {
                        account: row.get(8)?,
                        name: row.get(9)?,
                        place: row.get(10)?,
                        computer: row.get(11)?,
                    },
                    before: rating_of(row.get(12)?, row.get(13)?, row.get(14)?),
                    after: rating_of(row.get(15)?, row.get(16)?, row.get(17)?),
                })
            })
            .map_err(db)?;
        let rows = rows.collect::<Result<Vec<_>, _>>().map_err(db)?;
        Ok(gather_games(rows, account))
    }

    fn rating_history(
        &self,
        account: AccountId,
        group: &str,
        limit: usize,
    ) -> Result<Vec<f64>, StoreError> {
        let conn = self.conn();
        let mut stmt = conn
            .prepare_cached(
                "SELECT after_rating FROM (SELECT p.after_rating, g.ended, g.id \
                 FROM game_players p JOIN games g ON g.id = p.game_id \
                 WHERE p.account = ?1 AND g.grp = ?2 AND p.after_rating IS NOT NULL \
                 ORDER BY g.ended DESC, g.id DESC LIMIT ?3) AS last ORDER BY ended, id",
            )
            .map_err(db)?;
        let rows = stmt
            .query_map(params![account, group, sql_count(limit)], |row| row.get(0))
            .map_err(db)?;
        rows.collect::<Result<_, _>>().map_err(db)
    }

    fn top(
        &self,
        group: &str,
        now: Timestamp,
        limit: usize,
        params: &Params,
    ) -> Result<Vec<Standing>, StoreError> {
        let (games, since, deviation) = established_bounds(now);
        let conn = self.conn();
        let mut stmt = conn
            .prepare_cached(&format!(
                "SELECT r.account, a.handle, r.{} FROM ratings r \
                 JOIN accounts a ON a.id = r.account \
                 WHERE r.grp = ?1 AND r.games >= ?2 AND r.last_played >= ?3 \
                 AND r.deviation < ?4 ORDER BY r.rating DESC, r.account",
                RATING.replace(", ", ", r.")
            ))
            .map_err(db)?;
        let mut rows = stmt
            .query(params![group, games, since, deviation])
            .map_err(db)?;
        let mut out: Vec<Standing> = Vec::new();
        while out.len() < limit {
            let Some(row) = rows.next().map_err(db)? else {
                break;
            };
            let rating = rating_row(row, 2).map_err(db)?;
            if !rating.established(now, params) {
                continue;
            }
            let rank = match out.last() {
                Some(last) if last.rating == rating.rating => last.rank,
                _ => out.len() + 1,
            };
            out.push(Standing {
                rank,
                handle: row.get(1).map_err(db)?,
                account: row.get(0).map_err(db)?,
                rating: rating.rating,
                deviation: rating.as_of(now, params).deviation,
                games: rating.games,
            });
        }
        Ok(out)
    }

    fn rank(
        &self,
        account: AccountId,
        group: &str,
        now: Timestamp,
        params: &Params,
    ) -> Result<Option<usize>, StoreError> {
        let conn = self.conn();
        let own = conn
            .query_row(
                &format!("SELECT {RATING} FROM ratings WHERE account = ?1 AND grp = ?2"),
                params![account, group],
                |row| rating_row(row, 0),
            )
            .optional()
            .map_err(db)?;
        let Some(own) = own.filter(|r| r.established(now, params)) else {
            return Ok(None);
        };
        let (games, since, deviation) = established_bounds(now);
        let mut stmt = conn
            .prepare_cached(&format!(
                "SELECT {RATING} FROM ratings WHERE grp = ?1 AND rating > ?2 AND games >= ?3 \
                 AND last_played >= ?4 AND deviation < ?5"
            ))
            .map_err(db)?;
        let mut rows = stmt
            .query(params![group, own.rating, games, since, deviation])
            .map_err(db)?;
        let mut above = 0;
        while let Some(row) = rows.next().map_err(db)? {
            if rating_row(row, 0).map_err(db)?.established(now, params) {
                above += 1;
            }
        }
        Ok(Some(above + 1))
    }

    fn put_daily(&self, entry: &DailyEntry) -> Result<(), StoreError> {
        let conn = self.conn();
        conn.execute(
            "INSERT INTO daily (day, game, account, score, millis) VALUES (?1, ?2, ?3, ?4, ?5) \
             ON CONFLICT (day, game, account) DO UPDATE SET score = excluded.score, \
             millis = excluded.millis WHERE excluded.score > daily.score \
             OR (excluded.score = daily.score AND excluded.millis < daily.millis)",
            params![
                entry.day,
                entry.game,
                entry.account,
                entry.score,
                entry.millis
            ],
        )
        .map_err(write_error)?;
        Ok(())
    }

    fn put_presence(
        &self,
        server: &str,
        address: &str,
        online: &[Online],
        now: Timestamp,
    ) -> Result<(), StoreError> {
        self.replace_server_rows(
            server,
            "presence",
            "INSERT INTO presence (server, address, account, handle, seen) \
             VALUES (?1, ?2, ?3, ?4, ?5)",
            |insert| {
                for o in online {
                    insert.execute(params![server, address, o.account, o.handle, now])?;
                }
                Ok(())
            },
        )
    }

    fn presence(&self, now: Timestamp, within: i64) -> Result<Vec<Online>, StoreError> {
        let conn = self.conn();
        let mut stmt = conn
            .prepare_cached(
                "SELECT server, address, account, handle FROM presence WHERE seen >= ?1 \
                 ORDER BY server, handle",
            )
            .map_err(db)?;
        let rows = stmt
            .query_map([now.saturating_sub(within)], |row| {
                Ok(Online {
                    server: row.get(0)?,
                    address: row.get(1)?,
                    account: row.get(2)?,
                    handle: row.get(3)?,
                })
            })
            .map_err(db)?;
        rows.collect::<Result<_, _>>().map_err(db)
    }

    fn online_ratings(
        &self,
        now: Timestamp,
        within: i64,
    ) -> Result<Vec<(AccountId, GroupRating)>, StoreError> {
        let conn = self.conn();
        let mut stmt = conn
            .prepare_cached(&format!(
                "SELECT account, {RATING} FROM ratings WHERE account IN \
                 (SELECT account FROM presence WHERE seen >= ?1 AND account IS NOT NULL) \
                 ORDER BY account, grp"
            ))
            .map_err(db)?;
        let rows = stmt
            .query_map([now.saturating_sub(within)], |row| {
                Ok((row.get(0)?, rating_row(row, 1)?))
            })
            .map_err(db)?;
        rows.collect::<Result<_, _>>().map_err(db)
    }

    fn renamed_online(&self, server: &str) -> Result<Vec<(AccountId, String)>, StoreError> {
        let conn = self.conn();
        let mut stmt = conn
            .prepare_cached(
                "SELECT DISTINCT a.id, a.handle FROM presence p JOIN accounts a \
                 ON a.id = p.account WHERE p.server = ?1 AND a.handle <> p.handle \
                 ORDER BY a.id",
            )
            .map_err(db)?;
        let rows = stmt
            .query_map([server], |row| Ok((row.get(0)?, row.get(1)?)))
            .map_err(db)?;
        rows.collect::<Result<_, _>>().map_err(db)
    }

    fn put_tables(
        &self,
        server: &str,
        address: &str,
        lines: &[String],
        now: Timestamp,
    ) -> Result<(), StoreError> {
        self.replace_server_rows(
            server,
            "server_tables",
            "INSERT INTO server_tables (server, address, n, line, seen) \
             VALUES (?1, ?2, ?3, ?4, ?5)",
            |insert| {
                for (n, line) in lines.iter().enumerate() {
                    insert.execute(params![server, address, n as i64, line, now])?;
                }
                Ok(())
            },
        )
    }

    fn tables(&self, now: Timestamp, within: i64) -> Result<Vec<ServerTable>, StoreError> {
        let conn = self.conn();
        let mut stmt = conn
            .prepare_cached(
                "SELECT server, address, line FROM server_tables WHERE seen >= ?1 \
                 ORDER BY server, n",
            )
            .map_err(db)?;
        let rows = stmt
            .query_map([now.saturating_sub(within)], |row| {
                Ok(ServerTable {
                    server: row.get(0)?,
                    address: row.get(1)?,
                    line: row.get(2)?,
                })
            })
            .map_err(db)?;
        rows.collect::<Result<_, _>>().map_err(db)
    }

    fn daily_top(&self, day: i64, game: &str, limit: usize) -> Result<Vec<DailyEntry>, StoreError> {
        let conn = self.conn();
        let mut stmt = conn
            .prepare_cached(
                "SELECT d.day, d.game, d.account, a.handle, d.score, d.millis FROM daily d \
                 JOIN accounts a ON a.id = d.account WHERE d.day = ?1 AND d.game = ?2 \
                 ORDER BY d.score DESC, d.millis, d.account LIMIT ?3",
            )
            .map_err(db)?;
        let rows = stmt
            .query_map(params![day, game, sql_count(limit)], daily_row)
            .map_err(db)?;
        rows.collect::<Result<_, _>>().map_err(db)
    }

    fn daily_place(
        &self,
        day: i64,
        game: &str,
        account: AccountId,
    ) -> Result<Option<(usize, DailyEntry)>, StoreError> {
        let conn = self.conn();
        let mut stmt = conn
            .prepare_cached(
                "SELECT d.day, d.game, d.account, a.handle, d.score, d.millis, \
                 (SELECT COUNT(*) FROM daily o WHERE o.day = d.day AND o.game = d.game \
                 AND (o.score > d.score OR (o.score = d.score AND (o.millis < d.millis \
                 OR (o.millis = d.millis AND o.account < d.account))))) \
                 FROM daily d JOIN accounts a ON a.id = d.account \
                 WHERE d.day = ?1 AND d.game = ?2 AND d.account = ?3",
            )
            .map_err(db)?;
        let mut rows = stmt.query(params![day, game, account]).map_err(db)?;
        let Some(row) = rows.next().map_err(db)? else {
            return Ok(None);
        };
        let above: i64 = row.get(6).map_err(db)?;
        let entry = daily_row(row).map_err(db)?;
        Ok(Some((
            usize::try_from(above).unwrap_or(usize::MAX - 1) + 1,
            entry,
        )))
    }

    fn daily_best(&self, account: AccountId, game: &str) -> Result<Option<DailyEntry>, StoreError> {
        let conn = self.conn();
        let mut stmt = conn
            .prepare_cached(
                "SELECT d.day, d.game, d.account, a.handle, d.score, d.millis FROM daily d \
                 JOIN accounts a ON a.id = d.account WHERE d.account = ?1 AND d.game = ?2 \
                 ORDER BY d.score DESC, d.millis, d.day DESC LIMIT 1",
            )
            .map_err(db)?;
        let mut rows = stmt.query(params![account, game]).map_err(db)?;
        match rows.next().map_err(db)? {
            Some(row) => daily_row(row).map(Some).map_err(db),
            None => Ok(None),
        }
    }
}

/// A daily entry from the first six columns of `row` (day, game, account, handle, score,
/// millis).
fn daily_row(row: &rusqlite::Row<'_>) -> rusqlite::Result<DailyEntry> {
    Ok(DailyEntry {
        day: row.get(0)?,
        game: row.get(1)?,
        account: row.get(2)?,
        handle: row.get(3)?,
        score: row.get(4)?,
        millis: row.get(5)?,
    })
}
