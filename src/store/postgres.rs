//! The shared store: a Postgres database that several servers use at once.
//!
//! One synchronous client behind a mutex; it is reconnected on the next call after the
//! connection breaks (a call that fails because the connection just broke is tried once more
//! on a new one), so a Postgres restart heals without restarting the server. Writers that
//! share accounts are serialised by row locks (`SELECT … FOR UPDATE` on the accounts, in id
//! order), and a game id written by two servers at once is kept once (`ON CONFLICT DO
//! NOTHING`). The synchronous client runs its own runtime: call it from plain threads, never
//! from inside a tokio runtime.

use std::collections::HashMap;
use std::sync::{Mutex, MutexGuard};
use std::time::Duration;

use postgres::error::SqlState;
use postgres::types::FromSql;
use postgres::{Client, Config, GenericClient, NoTls, Row};

use super::migrate::{self, Found};
use super::plan::{self, Plan};
use super::sqlite::{
    SeatRow, check_limits, established_bounds, gather_games, rating_of, seated, sql_count,
};
use super::{
    Account, AccountId, DailyEntry, Finished, GameRow, GroupRating, LinkedKey, Online, Params,
    Participant, RatingChange, ServerTable, Standing, Store, StoreError, Timestamp, Unusable,
    Written, handle,
};

/// How long connecting may take before the database counts as unavailable.
const CONNECT_TIMEOUT: Duration = Duration::from_secs(5);
/// The advisory lock that keeps two servers from migrating one database at once.
const MIGRATION_LOCK: i64 = 0x7472_696f_7301;

/// A trios database on a Postgres server.
pub struct PostgresStore {
    config: Config,
    place: String,
    client: Mutex<Option<Client>>,
}

/// The client runs a runtime of its own, which may not be shut down inside another (a
/// server's tokio runtime, where the last handle on a store may be let go): there, it is let
/// go on a thread of its own.
impl Drop for PostgresStore {
    fn drop(&mut self) {
        let client = self
            .client
            .get_mut()
            .unwrap_or_else(|e| e.into_inner())
            .take();
        if let Some(client) = client
            && tokio::runtime::Handle::try_current().is_ok()
        {
            let _ = std::thread::Builder::new()
                .name("trios-pg-close".into())
                .spawn(move || drop(client));
        }
    }
}

impl PostgresStore {
    /// Connects to the database at `url` (without TLS) and brings its schema up to
    /// [`migrate::SCHEMA_VERSION`], making it in an empty database; a database from a newer
    /// trios, or of another program, is refused untouched.
    pub fn connect(url: &str) -> Result<PostgresStore, StoreError> {
        PostgresStore::connect_as(url, true)
    }

    /// Connects as [`PostgresStore::connect`] does, but makes no schema: a database without
    /// tables is [`StoreError::Missing`].
    pub fn connect_existing(url: &str) -> Result<PostgresStore, StoreError> {
        PostgresStore::connect_as(url, false)
    }

    fn connect_as(url: &str, create: bool) -> Result<PostgresStore, StoreError> {
        let place = without_password(url);
        let mut config: Config = url.parse().map_err(|e| {
            StoreError::Invalid(format!("{place} is not a usable Postgres URL: {e}"))
        })?;
        if config.get_connect_timeout().is_none() {
            config.connect_timeout(CONNECT_TIMEOUT);
        }
        let mut client = config.connect(NoTls).map_err(|e| unreachable(&place, e))?;
        if !create && found(&mut client, &place)? == Found::Empty {
            return Err(StoreError::Missing(place));
        }
        migrate_schema(&mut client, &place)?;
        Ok(PostgresStore {
            config,
            place,
            client: Mutex::new(Some(client)),
        })
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
        let n = sql_count(n);
        self.with(|client| {
            let mut tx = client.transaction().map_err(pg)?;
            let first: i64 = tx
                .query_one("SELECT coalesce(max(id), 0) + 1 FROM accounts", &[])
                .and_then(|row| row.try_get(0))
                .map_err(pg)?;
            tx.execute(
                "INSERT INTO accounts (id, handle, handle_folded, created) \
                 SELECT $1::bigint + i, 'bench' || i, 'bench' || i, $3::bigint \
                 FROM generate_series(0, $2::bigint - 1) i",
                &[&first, &n, &now],
            )
            .map_err(pg)?;
            tx.execute(
                "SELECT setval(pg_get_serial_sequence('accounts', 'id'), \
                 (SELECT max(id) FROM accounts))",
                &[],
            )
            .map_err(pg)?;
            tx.execute(
                "INSERT INTO keys (fingerprint, account, added) \
                 SELECT 'bench' || i, $1::bigint + i, $3::bigint \
                 FROM generate_series(0, $2::bigint - 1) i",
                &[&first, &n, &now],
            )
            .map_err(pg)?;
            tx.execute(
                "INSERT INTO ratings (account, grp, rating, deviation, volatility, games, wins, \
                 losses, draws, last_played) \
                 SELECT $1::bigint + i, $4::text, 800 + mod(i * 7919, 1600), 60, 0.06, 30, 15, 15, \
                 0, $3::bigint - mod(i, 5) * 3600 FROM generate_series(0, $2::bigint - 1) i",
                &[&first, &n, &now, &group],
            )
            .map_err(pg)?;
            tx.batch_execute("ANALYZE accounts; ANALYZE ratings")
                .map_err(pg)?;
            tx.commit().map_err(pg)
        })
    }

    /// Runs `f` on a live client, connecting first when there is none or it broke. When `f`
    /// fails because the connection broke under it, it runs once more on a new one.
    fn with<T>(
        &self,
        mut f: impl FnMut(&mut Client) -> Result<T, StoreError>,
    ) -> Result<T, StoreError> {
        let mut guard = self.client.lock().unwrap_or_else(|e| e.into_inner());
        let was_live = guard.as_ref().is_some_and(|c| !c.is_closed());
        match self.attempt(&mut guard, &mut f) {
            Err(StoreError::Unavailable(_)) if was_live && guard.is_none() => {
                self.attempt(&mut guard, &mut f)
            }
            other => other,
        }
    }

    /// One try of [`PostgresStore::with`]: leaves `None` in `slot` when the client broke.
    fn attempt<T>(
        &self,
        slot: &mut MutexGuard<'_, Option<Client>>,
        f: &mut impl FnMut(&mut Client) -> Result<T, StoreError>,
    ) -> Result<T, StoreError> {
        if slot.as_ref().is_none_or(|c| c.is_closed()) {
            **slot = None;
            **slot = Some(
                self.config
                    .connect(NoTls)
                    .map_err(|e| unreachable(&self.place, e))?,
            );
        }
        let Some(client) = slot.as_mut() else {
            return Err(StoreError::Unavailable("no connection".into()));
        };
        let out = f(client);
        if client.is_closed() {
            **slot = None;
        }
        out
    }
}

/// The URL (or `key=value` connection string) with any password left out, for messages.
pub fn without_password(url: &str) -> String {
    let Some(scheme_end) = url.find("://") else {
        let mut out = Vec::new();
        let mut in_quoted_password = false;
        for token in url.split_whitespace() {
            if in_quoted_password {
                in_quoted_password = !token.ends_with('\'');
                continue;
            }
            if let Some(value) = token.strip_prefix("password=") {
                in_quoted_password =
                    value.starts_with('\'') && (value.len() < 2 || !value.ends_with('\''));
                continue;
            }
            out.push(token);
        }
        return out.join(" ");
    };
    let (scheme, rest) = url.split_at(scheme_end + 3);
    let authority_end = rest.find(['/', '?', '#']).unwrap_or(rest.len());
    let (authority, tail) = rest.split_at(authority_end);
    let authority = match authority.rsplit_once('@') {
        Some((userinfo, host)) => {
            let user = userinfo.split_once(':').map_or(userinfo, |(user, _)| user);
            format!("{user}@{host}")
        }
        None => authority.to_string(),
    };
    let tail = match tail.split_once('?') {
        Some((path, query)) => {
            let kept: Vec<&str> = query
                .split('&')
                .filter(|p| !p.starts_with("password="))
                .collect();
            if kept.is_empty() {
                path.to_string()
            } else {
                format!("{path}?{}", kept.join("&"))
            }
        }
        None => tail.to_string(),
    };
    format!("{scheme}{authority}{tail}")
}

/// A failure to connect.
fn unreachable(place: &str, e: postgres::Error) -> StoreError {
    StoreError::Unavailable(format!("{place}: {}", describe(&e)))
}

/// The error's words, with the server's message when there is one, else with its cause
/// (`error connecting to server: Connection refused`).
fn describe(e: &postgres::Error) -> String {
    match e.as_db_error() {
        Some(db) => format!("{} ({})", db.message(), db.code().code()),
        None => match std::error::Error::source(e) {
            Some(cause) => format!("{e}: {cause}"),
            None => e.to_string(),
        },
    }
}

/// A database error during a call: corruption the server reports is [`Unusable::Damaged`]
/// (with no place: [`StoreError::at`] adds it), the rest [`StoreError::Unavailable`].
fn pg(e: postgres::Error) -> StoreError {
    match e.code() {
        Some(code) if *code == SqlState::DATA_CORRUPTED || *code == SqlState::INDEX_CORRUPTED => {
            StoreError::Corrupt {
                place: String::new(),
                kind: Unusable::Damaged,
                reason: format!("the server reports corrupted data ({})", describe(&e)),
            }
        }
        _ => StoreError::Unavailable(describe(&e)),
    }
}

/// A write error during a result: a broken reference is the caller's (an unknown account).
fn write_error(e: postgres::Error) -> StoreError {
    match e.code() {
        Some(code) if *code == SqlState::FOREIGN_KEY_VIOLATION => StoreError::Invalid(format!(
            "the result does not fit the database: {}",
            describe(&e)
        )),
        _ => pg(e),
    }
}

/// A uniqueness error from a new account or key that raced another's.
fn taken(e: postgres::Error, handle: &str) -> StoreError {
    match e.as_db_error() {
        Some(db) if *db.code() == SqlState::UNIQUE_VIOLATION => match db.constraint() {
            Some(c) if c.contains("handle") => StoreError::HandleTaken(handle.to_string()),
            _ => StoreError::KeyTaken,
        },
        _ => pg(e),
    }
}

/// Column `i` of `row`, as `T`.
fn col<'a, T: FromSql<'a>>(row: &'a Row, i: usize) -> Result<T, StoreError> {
    row.try_get(i).map_err(pg)
}

/// A place as the game reports it.
fn place_of(value: i64) -> Result<u32, StoreError> {
    u32::try_from(value)
        .map_err(|_| StoreError::Unavailable(format!("a stored place {value} is out of range")))
}

/// What the database holds, read without writing.
fn found(client: &mut impl GenericClient, place: &str) -> Result<Found, StoreError> {
    let broken = |e: postgres::Error| StoreError::Unavailable(format!("{place}: {}", describe(&e)));
    let row = client
        .query_one(
            "SELECT count(*), count(*) FILTER (WHERE tablename = 'schema_version') \
             FROM pg_catalog.pg_tables WHERE schemaname = current_schema()",
            &[],
        )
        .map_err(broken)?;
    let tables: i64 = row.try_get(0).map_err(broken)?;
    let versioned: i64 = row.try_get(1).map_err(broken)?;
    if tables == 0 {
        return Ok(Found::Empty);
    }
    if versioned == 0 {
        return Ok(Found::Foreign);
    }
    let version: Option<i64> = client
        .query_one("SELECT max(version) FROM schema_version", &[])
        .and_then(|row| row.try_get(0))
        .map_err(broken)?;
    match version {
        Some(v) => Ok(Found::Version(v)),
        None => Err(StoreError::Corrupt {
            place: place.to_string(),
            kind: Unusable::Damaged,
            reason: "its schema_version table is empty".into(),
        }),
    }
}

/// Brings the schema up to date in one transaction, after checking without writing that it
/// is a trios database no newer than this one.
fn migrate_schema(client: &mut Client, place: &str) -> Result<(), StoreError> {
    migrate::pending(migrate::POSTGRES, place, found(client, place)?)?;
    let broken = |e: postgres::Error| StoreError::Unavailable(format!("{place}: {}", describe(&e)));
    let mut tx = client.transaction().map_err(broken)?;
    tx.execute("SELECT pg_advisory_xact_lock($1)", &[&MIGRATION_LOCK])
        .map_err(broken)?;
    let todo = migrate::pending(migrate::POSTGRES, place, found(&mut tx, place)?)?;
    if !todo.is_empty() {
        for (_, sql) in todo {
            tx.batch_execute(sql).map_err(broken)?;
        }
        tx.execute("DELETE FROM schema_version", &[])
            .map_err(broken)?;
        tx.execute(
            "INSERT INTO schema_version (version) VALUES ($1)",
            &[&migrate::SCHEMA_VERSION],
        )
        .map_err(broken)?;
    }
    tx.commit().map_err(broken)
}

/// The columns of an account, in [`account_row`]'s order.
const ACCOUNT: &str = "id, handle, created, banned";

fn account_row(row: &Row) -> Result<Account, StoreError> {
    Ok(Account {
        id: col(row, 0)?,
        handle: col(row, 1)?,
        created: col(row, 2)?,
        banned: col(row, 3)?,
    })
}

/// The columns of a rating, in [`rating_row`]'s order.
const RATING: &str = "grp, rating, deviation, volatility, games, wins, losses, draws, last_played";

fn rating_row(row: &Row, at: usize) -> Result<GroupRating, StoreError> {
    Ok(GroupRating {
        group: col(row, at)?,
        rating: col(row, at + 1)?,
        deviation: col(row, at + 2)?,
        volatility: col(row, at + 3)?,
        games: col(row, at + 4)?,
        wins: col(row, at + 5)?,
        losses: col(row, at + 6)?,
        draws: col(row, at + 7)?,
        last_played: col(row, at + 8)?,
    })
}

fn account_by_folded(
    client: &mut impl GenericClient,
    folded: &str,
) -> Result<Option<Account>, StoreError> {
    let row = client
        .query_opt(
            &format!("SELECT {ACCOUNT} FROM accounts WHERE handle_folded = $1"),
            &[&folded],
        )
        .map_err(pg)?;
    row.as_ref().map(account_row).transpose()
}

/// Refuses `handle` for a new account, or for account `except` renamed, when it looks like
/// another account's handle ([`handle::skeleton`]). Every handle is read and compared, under
/// a lock on the accounts that only one such transaction holds at a time (reads go on), so
/// two new accounts on two servers cannot both pass.
fn refuse_look_alike(
    tx: &mut postgres::Transaction<'_>,
    handle: &str,
    except: Option<AccountId>,
) -> Result<(), StoreError> {
    let shape = handle::skeleton(handle);
    let rows = tx
        .query_raw("SELECT id, handle FROM accounts", std::iter::empty::<i64>())
        .map_err(pg)?;
    let rows = postgres::fallible_iterator::FallibleIterator::iterator(rows)
        .map(|row| row.and_then(|row| Ok((row.try_get(0)?, row.try_get(1)?))));
    match handle::look_alike(&shape, except, rows).map_err(pg)? {
        Some(taken) => Err(StoreError::LooksTaken {
            handle: handle.to_string(),
            taken,
        }),
        None => Ok(()),
    }
}

/// Takes the lock [`refuse_look_alike`] is read under, for the rest of the transaction.
fn lock_handles(tx: &mut postgres::Transaction<'_>) -> Result<(), StoreError> {
    tx.batch_execute("LOCK TABLE accounts IN SHARE ROW EXCLUSIVE MODE")
        .map_err(pg)
}

fn account_by_id(
    client: &mut impl GenericClient,
    id: AccountId,
) -> Result<Option<Account>, StoreError> {
    let row = client
        .query_opt(
            &format!("SELECT {ACCOUNT} FROM accounts WHERE id = $1"),
            &[&id],
        )
        .map_err(pg)?;
    row.as_ref().map(account_row).transpose()
}

fn key_owner(
    client: &mut impl GenericClient,
    fingerprint: &str,
) -> Result<Option<AccountId>, StoreError> {
    let row = client
        .query_opt(
            "SELECT account FROM keys WHERE fingerprint = $1",
            &[&fingerprint],
        )
        .map_err(pg)?;
    row.as_ref().map(|r| col(r, 0)).transpose()
}

/// The changes stored for game `id`, if it was written.
fn stored_changes(
    client: &mut impl GenericClient,
    id: &str,
) -> Result<Option<Vec<RatingChange>>, StoreError> {
    let Some(game) = client
        .query_opt("SELECT grp FROM games WHERE id = $1", &[&id])
        .map_err(pg)?
    else {
        return Ok(None);
    };
    let group: String = col(&game, 0)?;
    let rows = client
        .query(
            "SELECT account, before_rating, before_deviation, before_volatility, after_rating, \
             after_deviation, after_volatility FROM game_players \
             WHERE game_id = $1 AND account IS NOT NULL AND before_rating IS NOT NULL \
             ORDER BY account, seat",
            &[&id],
        )
        .map_err(pg)?;
    let mut changes = Vec::new();
    for row in &rows {
        let before = rating_of(col(row, 1)?, col(row, 2)?, col(row, 3)?);
        let after = rating_of(col(row, 4)?, col(row, 5)?, col(row, 6)?);
        if let (Some(before), Some(after)) = (before, after) {
            changes.push(RatingChange {
                account: col(row, 0)?,
                group: group.clone(),
                before,
                after,
            });
        }
    }
    Ok(Some(changes))
}

/// Writes the seats, ratings and pair counts of `plan` (the game row is written).
fn write_plan(
    tx: &mut postgres::Transaction<'_>,
    result: &Finished,
    plan: &Plan,
) -> Result<(), StoreError> {
    let changes: HashMap<AccountId, &RatingChange> =
        plan.changes.iter().map(|c| (c.account, c)).collect();
    let seat = tx
        .prepare(
            "INSERT INTO game_players (game_id, seat, account, name, place, computer, \
             before_rating, before_deviation, before_volatility, after_rating, \
             after_deviation, after_volatility) \
             VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12)",
        )
        .map_err(pg)?;
    for (i, p) in result.players.iter().enumerate() {
        let change = p.account.and_then(|a| changes.get(&a));
        tx.execute(
            &seat,
            &[
                &result.id,
                &sql_count(i),
                &p.account,
                &p.name,
                &i64::from(p.place),
                &p.computer,
                &change.map(|c| c.before.rating),
                &change.map(|c| c.before.deviation),
                &change.map(|c| c.before.volatility),
                &change.map(|c| c.after.rating),
                &change.map(|c| c.after.deviation),
                &change.map(|c| c.after.volatility),
            ],
        )
        .map_err(write_error)?;
    }
    if !plan.ratings.is_empty() {
        let rating = tx
            .prepare(
                "INSERT INTO ratings (account, grp, rating, deviation, volatility, games, wins, \
                 losses, draws, last_played) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10) \
                 ON CONFLICT (account, grp) DO UPDATE SET rating = excluded.rating, \
                 deviation = excluded.deviation, volatility = excluded.volatility, \
                 games = excluded.games, wins = excluded.wins, losses = excluded.losses, \
                 draws = excluded.draws, last_played = excluded.last_played",
            )
            .map_err(pg)?;
        for new in &plan.ratings {
            let r = &new.row;
            tx.execute(
                &rating,
                &[
                    &new.account,
                    &result.group,
                    &r.rating,
                    &r.deviation,
                    &r.volatility,
                    &r.games,
                    &r.wins,
                    &r.losses,
                    &r.draws,
                    &r.last_played,
                ],
            )
            .map_err(write_error)?;
        }
    }
    let day = plan::day_of(result.ended);
    for &(low, high) in &plan.pairs {
        tx.execute(
            "INSERT INTO pair_days (day, low, high, games) VALUES ($1, $2, $3, 1) \
             ON CONFLICT (day, low, high) DO UPDATE SET games = pair_days.games + 1",
            &[&day, &low, &high],
        )
        .map_err(pg)?;
    }
    Ok(())
}

fn write_result(
    client: &mut Client,
    result: &Finished,
    params: &Params,
) -> Result<Written, StoreError> {
    let mut tx = client.transaction().map_err(pg)?;
    if let Some(changes) = stored_changes(&mut tx, &result.id)? {
        return Ok(Written {
            changes,
            duplicate: true,
        });
    }
    check_limits(result)?;
    let ids = seated(result);
    if !ids.is_empty() {
        // Lock the accounts, in id order, so writers sharing a player queue here.
        let locked = tx
            .query(
                "SELECT id FROM accounts WHERE id = ANY($1) ORDER BY id FOR UPDATE",
                &[&ids],
            )
            .map_err(pg)?;
        if locked.len() != ids.len() {
            return Err(StoreError::Invalid(
                "the result names an account that does not exist".into(),
            ));
        }
    }
    let mut current = HashMap::new();
    for row in &tx
        .query(
            &format!(
                "SELECT account, {RATING} FROM ratings WHERE grp = $1 AND account = ANY($2) \
                 FOR UPDATE"
            ),
            &[&result.group, &ids],
        )
        .map_err(pg)?
    {
        current.insert(col::<AccountId>(row, 0)?, rating_row(row, 1)?);
    }
    let day = plan::day_of(result.ended);
    let mut today = HashMap::new();
    for row in &tx
        .query(
            "SELECT low, high, games FROM pair_days \
             WHERE day = $1 AND low = ANY($2) AND high = ANY($2)",
            &[&day, &ids],
        )
        .map_err(pg)?
    {
        today.insert((col(row, 0)?, col(row, 1)?), col::<i64>(row, 2)?);
    }
    let plan = plan::plan(result, &current, &today, params);
    let inserted = tx
        .execute(
            "INSERT INTO games (id, game, grp, rated, started, ended, summary, record) \
             VALUES ($1, $2, $3, $4, $5, $6, $7, $8) ON CONFLICT (id) DO NOTHING",
            &[
                &result.id,
                &result.game,
                &result.group,
                &plan.rated,
                &result.started,
                &result.ended,
                &result.summary,
                &result.record,
            ],
        )
        .map_err(pg)?;
    if inserted == 0 {
        // Another server wrote this id since we looked: report what it stored.
        let changes = stored_changes(&mut tx, &result.id)?.unwrap_or_default();
        return Ok(Written {
            changes,
            duplicate: true,
        });
    }
    write_plan(&mut tx, result, &plan)?;
    tx.commit().map_err(pg)?;
    Ok(Written {
        changes: plan.changes,
        duplicate: false,
    })
}

/// One seat row of a history page, as [`Store::games`] selects it.
fn seat_row(row: &Row) -> Result<SeatRow, StoreError> {
    Ok(SeatRow {
        head: GameRow {
            id: col(row, 0)?,
            game: col(row, 1)?,
            group: col(row, 2)?,
            rated: col(row, 3)?,
            started: col(row, 4)?,
            ended: col(row, 5)?,
            summary: col(row, 6)?,
            record: col(row, 7)?,
            players: Vec::new(),
            change: None,
        },
        participant: Participant {
            account: col(row, 8)?,
            name: col(row, 9)?,
            place: place_of(col(row, 10)?)?,
            computer: col(row, 11)?,
        },
        before: rating_of(col(row, 12)?, col(row, 13)?, col(row, 14)?),
        after: rating_of(col(row, 15)?, col(row, 16)?, col(row, 17)?),
    })
}

impl Store for PostgresStore {
    fn place(&self) -> String {
        self.place.clone()
    }

    fn account_by_key(&self, fingerprint: &str) -> Result<Option<Account>, StoreError> {
        self.with(|client| {
            let row = client
                .query_opt(
                    "SELECT a.id, a.handle, a.created, a.banned FROM keys k \
                     JOIN accounts a ON a.id = k.account WHERE k.fingerprint = $1",
                    &[&fingerprint],
                )
                .map_err(pg)?;
            row.as_ref().map(account_row).transpose()
        })
    }

    fn account_by_handle(&self, handle: &str) -> Result<Option<Account>, StoreError> {
        let folded = handle::fold(handle);
        self.with(|client| account_by_folded(client, &folded))
    }

    fn account(&self, id: AccountId) -> Result<Option<Account>, StoreError> {
        self.with(|client| account_by_id(client, id))
    }

    fn create_account(
        &self,
        handle: &str,
        fingerprint: &str,
        now: Timestamp,
    ) -> Result<Account, StoreError> {
        handle::check_new(handle, fingerprint)?;
        let folded = handle::fold(handle);
        self.with(|client| {
            let mut tx = client.transaction().map_err(pg)?;
            lock_handles(&mut tx)?;
            if key_owner(&mut tx, fingerprint)?.is_some() {
                return Err(StoreError::KeyTaken);
            }
            if account_by_folded(&mut tx, &folded)?.is_some() {
                return Err(StoreError::HandleTaken(handle.to_string()));
            }
            refuse_look_alike(&mut tx, handle, None)?;
            let row = tx
                .query_one(
                    "INSERT INTO accounts (handle, handle_folded, created, banned) \
                     VALUES ($1, $2, $3, FALSE) RETURNING id",
                    &[&handle, &folded, &now],
                )
                .map_err(|e| taken(e, handle))?;
            let id: AccountId = col(&row, 0)?;
            tx.execute(
                "INSERT INTO keys (fingerprint, account, added) VALUES ($1, $2, $3)",
                &[&fingerprint, &id, &now],
            )
            .map_err(|e| taken(e, handle))?;
            tx.commit().map_err(|e| taken(e, handle))?;
            Ok(Account {
                id,
                handle: handle.to_string(),
                created: now,
                banned: false,
            })
        })
    }

    fn keys(&self, account: AccountId) -> Result<Vec<LinkedKey>, StoreError> {
        self.with(|client| {
            let rows = client
                .query(
                    "SELECT fingerprint, added FROM keys WHERE account = $1 \
                     ORDER BY added, fingerprint",
                    &[&account],
                )
                .map_err(pg)?;
            rows.iter()
                .map(|row| {
                    Ok(LinkedKey {
                        fingerprint: col(row, 0)?,
                        added: col(row, 1)?,
                    })
                })
                .collect()
        })
    }

    fn add_key(
        &self,
        account: AccountId,
        fingerprint: &str,
        now: Timestamp,
    ) -> Result<(), StoreError> {
        self.with(|client| {
            let mut tx = client.transaction().map_err(pg)?;
            if key_owner(&mut tx, fingerprint)?.is_some() {
                return Err(StoreError::KeyTaken);
            }
            if account_by_id(&mut tx, account)?.is_none() {
                return Err(StoreError::NoSuchPlayer(format!("#{account}")));
            }
            tx.execute(
                "INSERT INTO keys (fingerprint, account, added) VALUES ($1, $2, $3)",
                &[&fingerprint, &account, &now],
            )
            .map_err(|e| taken(e, ""))?;
            tx.commit().map_err(|e| taken(e, ""))
        })
    }

    fn remove_key(&self, account: AccountId, fingerprint: &str) -> Result<(), StoreError> {
        self.with(|client| {
            let mut tx = client.transaction().map_err(pg)?;
            // Lock the account's keys so two removals cannot leave it with none.
            let keys = tx
                .query(
                    "SELECT fingerprint FROM keys WHERE account = $1 FOR UPDATE",
                    &[&account],
                )
                .map_err(pg)?;
            let mut found = false;
            for row in &keys {
                found |= col::<String>(row, 0)? == fingerprint;
            }
            if !found {
                return Err(StoreError::NoSuchKey);
            }
            if keys.len() <= 1 {
                return Err(StoreError::LastKey);
            }
            tx.execute("DELETE FROM keys WHERE fingerprint = $1", &[&fingerprint])
                .map_err(pg)?;
            tx.commit().map_err(pg)
        })
    }

    fn rename(&self, old: &str, new: &str) -> Result<Account, StoreError> {
        handle::check(new, &[])?;
        let folded = handle::fold(new);
        let old_folded = handle::fold(old);
        self.with(|client| {
            let mut tx = client.transaction().map_err(pg)?;
            lock_handles(&mut tx)?;
            let Some(mut account) = account_by_folded(&mut tx, &old_folded)? else {
                return Err(StoreError::NoSuchPlayer(old.to_string()));
            };
            if let Some(twin) = account_by_folded(&mut tx, &folded)?
                && twin.id != account.id
            {
                return Err(StoreError::HandleTaken(new.to_string()));
            }
            refuse_look_alike(&mut tx, new, Some(account.id))?;
            tx.execute(
                "UPDATE accounts SET handle = $1, handle_folded = $2 WHERE id = $3",
                &[&new, &folded, &account.id],
            )
            .map_err(|e| taken(e, new))?;
            tx.commit().map_err(|e| taken(e, new))?;
            account.handle = new.to_string();
            Ok(account)
        })
    }

    fn set_banned(&self, handle: &str, banned: bool) -> Result<Account, StoreError> {
        let folded = handle::fold(handle);
        self.with(|client| {
            let row = client
                .query_opt(
                    &format!(
                        "UPDATE accounts SET banned = $1 WHERE handle_folded = $2 \
                         RETURNING {ACCOUNT}"
                    ),
                    &[&banned, &folded],
                )
                .map_err(pg)?;
            match row {
                Some(row) => account_row(&row),
                None => Err(StoreError::NoSuchPlayer(handle.to_string())),
            }
        })
    }

    fn put_link_code(
        &self,
        account: AccountId,
        code_hash: &str,
        expires: Timestamp,
    ) -> Result<(), StoreError> {
        self.with(|client| {
            let mut tx = client.transaction().map_err(pg)?;
            tx.execute("DELETE FROM link_codes WHERE account = $1", &[&account])
                .map_err(pg)?;
            tx.execute(
                "INSERT INTO link_codes (code_hash, account, expires) VALUES ($1, $2, $3) \
                 ON CONFLICT (code_hash) DO UPDATE SET account = excluded.account, \
                 expires = excluded.expires",
                &[&code_hash, &account, &expires],
            )
            .map_err(write_error)?;
            tx.commit().map_err(pg)
        })
    }

    fn take_link_code(
        &self,
        code_hash: &str,
        now: Timestamp,
    ) -> Result<Option<AccountId>, StoreError> {
        self.with(|client| {
            let mut tx = client.transaction().map_err(pg)?;
            tx.execute("DELETE FROM link_codes WHERE expires <= $1", &[&now])
                .map_err(pg)?;
            let row = tx
                .query_opt(
                    "DELETE FROM link_codes WHERE code_hash = $1 AND expires > $2 \
                     RETURNING account",
                    &[&code_hash, &now],
                )
                .map_err(pg)?;
            let account = row.as_ref().map(|r| col(r, 0)).transpose()?;
            tx.commit().map_err(pg)?;
            Ok(account)
        })
    }

    fn ratings(&self, account: AccountId) -> Result<Vec<GroupRating>, StoreError> {
        self.with(|client| {
            let rows = client
                .query(
                    &format!("SELECT {RATING} FROM ratings WHERE account = $1 ORDER BY grp"),
                    &[&account],
                )
                .map_err(pg)?;
            rows.iter().map(|row| rating_row(row, 0)).collect()
        })
    }

    fn write_result(&self, result: &Finished, params: &Params) -> Result<Written, StoreError> {
        self.with(|client| write_result(client, result, params))
    }

    fn games(&self, account: AccountId, limit: usize) -> Result<Vec<GameRow>, StoreError> {
        self.with(|client| {
            let rows = client
                .query(
                    "WITH page AS (SELECT g.id, g.game, g.grp, g.rated, g.started, g.ended, \
                     g.summary, g.record FROM games g WHERE g.id IN \
                     (SELECT game_id FROM game_players WHERE account = $1) \
                     ORDER BY g.ended DESC, g.id DESC LIMIT $2) \
                     SELECT page.id, page.game, page.grp, page.rated, page.started, page.ended, \
                     page.summary, page.record, p.account, p.name, p.place, p.computer, \
                     p.before_rating, p.before_deviation, p.before_volatility, p.after_rating, \
                     p.after_deviation, p.after_volatility \
                     FROM page JOIN game_players p ON p.game_id = page.id \
                     ORDER BY page.ended DESC, page.id DESC, p.seat",
                    &[&account, &sql_count(limit)],
                )
                .map_err(pg)?;
            let rows = rows.iter().map(seat_row).collect::<Result<Vec<_>, _>>()?;
            Ok(gather_games(rows, account))
        })
    }

    fn rating_history(
        &self,
        account: AccountId,
        group: &str,
        limit: usize,
    ) -> Result<Vec<f64>, StoreError> {
        self.with(|client| {
            let rows = client
                .query(
                    "SELECT after_rating FROM (SELECT p.after_rating, g.ended, g.id \
                     FROM game_players p JOIN games g ON g.id = p.game_id \
                     WHERE p.account = $1 AND g.grp = $2 AND p.after_rating IS NOT NULL \
                     ORDER BY g.ended DESC, g.id DESC LIMIT $3) AS last ORDER BY ended, id",
                    &[&account, &group, &sql_count(limit)],
                )
                .map_err(pg)?;
            rows.iter().map(|row| col(row, 0)).collect()
        })
    }

    fn top(
        &self,
        group: &str,
        now: Timestamp,
        limit: usize,
        params: &Params,
    ) -> Result<Vec<Standing>, StoreError> {
        let (games, since, deviation) = established_bounds(now);
        let columns = RATING.replace(", ", ", r.");
        let sql = format!(
            "SELECT r.account, a.handle, r.{columns} FROM ratings r \
             JOIN accounts a ON a.id = r.account \
             WHERE r.grp = $1 AND r.games >= $2 AND r.last_played >= $3 AND r.deviation < $4 \
             ORDER BY r.rating DESC, r.account LIMIT $5"
        );
        self.with(|client| {
            // The SQL filter is nearly exact (idle growth may still push a few out), so ask
            // for a few more than needed, and for more again only if that fell short.
            let mut fetch = sql_count(limit).saturating_add(16);
            loop {
                let rows = client
                    .query(&sql, &[&group, &games, &since, &deviation, &fetch])
                    .map_err(pg)?;
                let mut out: Vec<Standing> = Vec::new();
                for row in &rows {
                    if out.len() >= limit {
                        break;
                    }
                    let rating = rating_row(row, 2)?;
                    if !rating.established(now, params) {
                        continue;
                    }
                    let rank = match out.last() {
                        Some(last) if last.rating == rating.rating => last.rank,
                        _ => out.len() + 1,
                    };
                    out.push(Standing {
                        rank,
                        handle: col(row, 1)?,
                        account: col(row, 0)?,
                        rating: rating.rating,
                        deviation: rating.as_of(now, params).deviation,
                        games: rating.games,
                    });
                }
                if out.len() >= limit || sql_count(rows.len()) < fetch {
                    return Ok(out);
                }
                fetch = fetch.saturating_mul(4);
            }
        })
    }

    fn rank(
        &self,
        account: AccountId,
        group: &str,
        now: Timestamp,
        params: &Params,
    ) -> Result<Option<usize>, StoreError> {
        let (games, since, deviation) = established_bounds(now);
        self.with(|client| {
            let own = client
                .query_opt(
                    &format!("SELECT {RATING} FROM ratings WHERE account = $1 AND grp = $2"),
                    &[&account, &group],
                )
                .map_err(pg)?;
            let own = own.as_ref().map(|r| rating_row(r, 0)).transpose()?;
            let Some(own) = own.filter(|r| r.established(now, params)) else {
                return Ok(None);
            };
            let rows = client
                .query(
                    &format!(
                        "SELECT {RATING} FROM ratings WHERE grp = $1 AND rating > $2 \
                         AND games >= $3 AND last_played >= $4 AND deviation < $5"
                    ),
                    &[&group, &own.rating, &games, &since, &deviation],
                )
                .map_err(pg)?;
            let mut above = 0;
            for row in &rows {
                if rating_row(row, 0)?.established(now, params) {
                    above += 1;
                }
            }
            Ok(Some(above + 1))
        })
    }

    fn put_daily(&self, entry: &DailyEntry) -> Result<(), StoreError> {
        self.with(|client| {
            client
                .execute(
                    "INSERT INTO daily (day, game, account, score, millis) \
                     VALUES ($1, $2, $3, $4, $5) \
                     ON CONFLICT (day, game, account) DO UPDATE SET score = excluded.score, \
                     millis = excluded.millis WHERE excluded.score > daily.score \
                     OR (excluded.score = daily.score AND excluded.millis < daily.millis)",
                    &[
                        &entry.day,
                        &entry.game,
                        &entry.account,
                        &entry.score,
                        &entry.millis,
                    ],
                )
                .map_err(write_error)?;
            Ok(())
        })
    }

    fn put_presence(
        &self,
        server: &str,
        address: &str,
        online: &[Online],
        now: Timestamp,
    ) -> Result<(), StoreError> {
        self.with(|client| {
            let mut tx = client.transaction().map_err(pg)?;
            tx.execute("DELETE FROM presence WHERE server = $1", &[&server])
                .map_err(pg)?;
            if !online.is_empty() {
                let insert = tx
                    .prepare(
                        "INSERT INTO presence (server, address, account, handle, seen) \
                         VALUES ($1, $2, $3, $4, $5)",
                    )
                    .map_err(pg)?;
                for o in online {
                    tx.execute(&insert, &[&server, &address, &o.account, &o.handle, &now])
                        .map_err(pg)?;
                }
            }
            tx.commit().map_err(pg)
        })
    }

    fn presence(&self, now: Timestamp, within: i64) -> Result<Vec<Online>, StoreError> {
        self.with(|client| {
            let rows = client
                .query(
                    "SELECT server, address, account, handle FROM presence WHERE seen >= $1 \
                     ORDER BY server, handle",
                    &[&now.saturating_sub(within)],
                )
                .map_err(pg)?;
            rows.iter()
                .map(|row| {
                    Ok(Online {
                        server: col(row, 0)?,
                        address: col(row, 1)?,
                        account: col(row, 2)?,
                        handle: col(row, 3)?,
                    })
                })
                .collect()
        })
    }

    fn online_ratings(
        &self,
        now: Timestamp,
        within: i64,
    ) -> Result<Vec<(AccountId, GroupRating)>, StoreError> {
        self.with(|client| {
            let rows = client
                .query(
                    &format!(
                        "SELECT account, {RATING} FROM ratings WHERE account IN \
                         (SELECT account FROM presence WHERE seen >= $1 \
                         AND account IS NOT NULL) ORDER BY account, grp"
                    ),
                    &[&now.saturating_sub(within)],
                )
                .map_err(pg)?;
            rows.iter()
                .map(|row| Ok((col(row, 0)?, rating_row(row, 1)?)))
                .collect()
        })
    }

    fn renamed_online(&self, server: &str) -> Result<Vec<(AccountId, String)>, StoreError> {
        self.with(|client| {
            let rows = client
                .query(
                    "SELECT DISTINCT a.id, a.handle FROM presence p JOIN accounts a \
                     ON a.id = p.account WHERE p.server = $1 AND a.handle <> p.handle \
                     ORDER BY a.id",
                    &[&server],
                )
                .map_err(pg)?;
            rows.iter()
                .map(|row| Ok((col(row, 0)?, col(row, 1)?)))
                .collect()
        })
    }

    fn put_tables(
        &self,
        server: &str,
        address: &str,
        lines: &[String],
        now: Timestamp,
    ) -> Result<(), StoreError> {
        self.with(|client| {
            let mut tx = client.transaction().map_err(pg)?;
            tx.execute("DELETE FROM server_tables WHERE server = $1", &[&server])
                .map_err(pg)?;
            if !lines.is_empty() {
                // One statement for every line, each with its place in the list.
                let order: Vec<i64> = (0..lines.len() as i64).collect();
                tx.execute(
                    "INSERT INTO server_tables (server, address, n, line, seen) \
                     SELECT $1, $2, n, line, $4 FROM unnest($3::text[], $5::bigint[]) \
                     AS t(line, n)",
                    &[&server, &address, &lines, &now, &order],
                )
                .map_err(pg)?;
            }
            tx.commit().map_err(pg)
        })
    }

    fn tables(&self, now: Timestamp, within: i64) -> Result<Vec<ServerTable>, StoreError> {
        self.with(|client| {
            let rows = client
                .query(
                    "SELECT server, address, line FROM server_tables WHERE seen >= $1 \
                     ORDER BY server, n",
                    &[&now.saturating_sub(within)],
                )
                .map_err(pg)?;
            rows.iter()
                .map(|row| {
                    Ok(ServerTable {
                        server: col(row, 0)?,
                        address: col(row, 1)?,
                        line: col(row, 2)?,
                    })
                })
                .collect()
        })
    }

    fn daily_top(&self, day: i64, game: &str, limit: usize) -> Result<Vec<DailyEntry>, StoreError> {
        self.with(|client| {
            let rows = client
                .query(
                    "SELECT d.day, d.game, d.account, a.handle, d.score, d.millis FROM daily d \
                     JOIN accounts a ON a.id = d.account WHERE d.day = $1 AND d.game = $2 \
                     ORDER BY d.score DESC, d.millis, d.account LIMIT $3",
                    &[&day, &game, &sql_count(limit)],
                )
                .map_err(pg)?;
            rows.iter().map(daily_row).collect()
        })
    }

    fn daily_place(
        &self,
        day: i64,
        game: &str,
        account: AccountId,
    ) -> Result<Option<(usize, DailyEntry)>, StoreError> {
        self.with(|client| {
            let rows = client
                .query(
                    "SELECT d.day, d.game, d.account, a.handle, d.score, d.millis, \
                     (SELECT COUNT(*) FROM daily o WHERE o.day = d.day AND o.game = d.game \
                     AND (o.score > d.score OR (o.score = d.score AND (o.millis < d.millis \
                     OR (o.millis = d.millis AND o.account < d.account))))) \
                     FROM daily d JOIN accounts a ON a.id = d.account \
                     WHERE d.day = $1 AND d.game = $2 AND d.account = $3",
                    &[&day, &game, &account],
                )
                .map_err(pg)?;
            let Some(row) = rows.first() else {
                return Ok(None);
            };
            let above: i64 = col(row, 6)?;
            let place = usize::try_from(above).unwrap_or(usize::MAX - 1) + 1;
            Ok(Some((place, daily_row(row)?)))
        })
    }

    fn daily_best(&self, account: AccountId, game: &str) -> Result<Option<DailyEntry>, StoreError> {
        self.with(|client| {
            let rows = client
                .query(
                    "SELECT d.day, d.game, d.account, a.handle, d.score, d.millis FROM daily d \
                     JOIN accounts a ON a.id = d.account WHERE d.account = $1 AND d.game = $2 \
                     ORDER BY d.score DESC, d.millis, d.day DESC LIMIT 1",
                    &[&account, &game],
                )
                .map_err(pg)?;
            rows.first().map(daily_row).transpose()
        })
    }
}

/// A daily entry from the first six columns of `row` (day, game, account, handle, score,
/// millis).
fn daily_row(row: &Row) -> Result<DailyEntry, StoreError> {
    Ok(DailyEntry {
        day: col(row, 0)?,
        game: col(row, 1)?,
        account: col(row, 2)?,
        handle: col(row, 3)?,
        score: col(row, 4)?,
        millis: col(row, 5)?,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn passwords_never_reach_messages() {
        assert_eq!(
            without_password("postgres://u:secret@h:5432/db?sslmode=disable&password=x"),
            "postgres://u@h:5432/db?sslmode=disable"
        );
        assert_eq!(without_password("postgresql://h/db"), "postgresql://h/db");
        assert_eq!(without_password("postgres://u@h"), "postgres://u@h");
        assert_eq!(
            without_password("host=h password='a b' user=u"),
            "host=h user=u"
        );
        assert_eq!(without_password("host=h password=x"), "host=h");
    }
}
