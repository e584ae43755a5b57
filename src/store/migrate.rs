//! The schema's versions and how a database reaches the newest: each backend's ordered
//! migrations, and the one rule both follow when opening — an empty database gets every
//! migration, an older one the rest, a newer or foreign one is refused and left untouched.
//!
//! A `schema_version` table of one row records the version. Both backends read the version
//! before writing anything, then apply what is missing inside one transaction (re-reading
//! the version there, so two servers opening one database at once do not both migrate it).

use super::{StoreError, Unusable};

/// The schema version this trios writes and understands.
pub const SCHEMA_VERSION: i64 = 2;

/// One migration: the version it brings the database to and the SQL that does it.
pub type Migration = (i64, &'static str);

/// What an opened database holds, as far as migrating goes.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Found {
    /// No tables at all: a new database.
    Empty,
    /// A trios database at this schema version.
    Version(i64),
    /// Tables (or an application id or user version), but no `schema_version` table: some
    /// other program's database.
    Foreign,
}

/// The migrations a database in state `found` still needs (in order; empty when it is
/// current). A newer database is [`StoreError::Newer`], a foreign one
/// [`StoreError::Corrupt`] ([`Unusable::Foreign`]); `place` names the database in those
/// errors.
pub fn pending<'a>(
    migrations: &'a [Migration],
    place: &str,
    found: Found,
) -> Result<&'a [Migration], StoreError> {
    let version = match found {
        Found::Empty => 0,
        Found::Version(v) if v > SCHEMA_VERSION => {
            return Err(StoreError::Newer {
                place: place.to_string(),
                found: v,
                supported: SCHEMA_VERSION,
            });
        }
        Found::Version(v) if v < 1 => {
            return Err(StoreError::Corrupt {
                place: place.to_string(),
                kind: Unusable::Damaged,
                reason: format!("its schema version {v} is not one trios ever wrote"),
            });
        }
        Found::Version(v) => v,
        Found::Foreign => {
            return Err(StoreError::Corrupt {
                place: place.to_string(),
                kind: Unusable::Foreign,
                reason: "it holds tables, but no schema_version table".into(),
            });
        }
    };
    let first = migrations
        .iter()
        .position(|(v, _)| *v > version)
        .unwrap_or(migrations.len());
    Ok(&migrations[first..])
}

/// SQLite's migrations, oldest first; the last brings the database to [`SCHEMA_VERSION`].
pub const SQLITE: &[Migration] = &[(1, SQLITE_V1), (2, TABLES_V2)];

/// Postgres's migrations, oldest first; the last brings the database to [`SCHEMA_VERSION`].
pub const POSTGRES: &[Migration] = &[(1, POSTGRES_V1), (2, TABLES_V2)];

/// Schema 1 on SQLite: timestamps are Unix seconds, booleans 0 or 1.
const SQLITE_V1: &str = "
CREATE TABLE schema_version (version INTEGER NOT NULL);
CREATE TABLE accounts (
    id INTEGER PRIMARY KEY,
    handle TEXT NOT NULL,
    handle_folded TEXT NOT NULL UNIQUE,
    created INTEGER NOT NULL,
    banned INTEGER NOT NULL DEFAULT 0
);
CREATE TABLE keys (
    fingerprint TEXT PRIMARY KEY,
    account INTEGER NOT NULL REFERENCES accounts(id),
    added INTEGER NOT NULL
);
CREATE INDEX keys_account ON keys(account);
CREATE TABLE link_codes (
    code_hash TEXT PRIMARY KEY,
    account INTEGER NOT NULL UNIQUE REFERENCES accounts(id),
    expires INTEGER NOT NULL
);
CREATE TABLE ratings (
    account INTEGER NOT NULL REFERENCES accounts(id),
    grp TEXT NOT NULL,
    rating REAL NOT NULL,
    deviation REAL NOT NULL,
    volatility REAL NOT NULL,
    games INTEGER NOT NULL,
    wins INTEGER NOT NULL,
    losses INTEGER NOT NULL,
    draws INTEGER NOT NULL,
    last_played INTEGER NOT NULL,
    PRIMARY KEY (account, grp)
);
CREATE INDEX ratings_board ON ratings(grp, rating DESC, account);
CREATE TABLE games (
    id TEXT PRIMARY KEY,
    game TEXT NOT NULL,
    grp TEXT NOT NULL,
    rated INTEGER NOT NULL,
    started INTEGER NOT NULL,
    ended INTEGER NOT NULL,
    summary TEXT NOT NULL,
    record TEXT
);
CREATE INDEX games_ended ON games(ended);
CREATE TABLE game_players (
    game_id TEXT NOT NULL REFERENCES games(id),
    seat INTEGER NOT NULL,
    account INTEGER REFERENCES accounts(id),
    name TEXT NOT NULL,
    place INTEGER NOT NULL,
    computer INTEGER NOT NULL,
    before_rating REAL,
    before_deviation REAL,
    before_volatility REAL,
    after_rating REAL,
    after_deviation REAL,
    after_volatility REAL,
    PRIMARY KEY (game_id, seat)
);
CREATE INDEX game_players_account ON game_players(account, game_id);
CREATE TABLE pair_days (
    day INTEGER NOT NULL,
    low INTEGER NOT NULL,
    high INTEGER NOT NULL,
    games INTEGER NOT NULL,
    PRIMARY KEY (day, low, high)
);
CREATE TABLE daily (
    day INTEGER NOT NULL,
    game TEXT NOT NULL,
    account INTEGER NOT NULL REFERENCES accounts(id),
    score INTEGER NOT NULL,
    millis INTEGER NOT NULL,
    PRIMARY KEY (day, game, account)
);
CREATE TABLE presence (
    server TEXT NOT NULL,
    address TEXT NOT NULL,
    account INTEGER,
    handle TEXT NOT NULL,
    seen INTEGER NOT NULL
);
CREATE INDEX presence_server ON presence(server);
";

/// Schema 1 on Postgres: the same tables, with BIGINT timestamps and ids.
const POSTGRES_V1: &str = "
CREATE TABLE schema_version (version BIGINT NOT NULL);
CREATE TABLE accounts (
    id BIGSERIAL PRIMARY KEY,
    handle TEXT NOT NULL,
    handle_folded TEXT NOT NULL UNIQUE,
    created BIGINT NOT NULL,
    banned BOOLEAN NOT NULL DEFAULT FALSE
);
CREATE TABLE keys (
    fingerprint TEXT PRIMARY KEY,
    account BIGINT NOT NULL REFERENCES accounts(id),
    added BIGINT NOT NULL
);
CREATE INDEX keys_account ON keys(account);
CREATE TABLE link_codes (
    code_hash TEXT PRIMARY KEY,
    account BIGINT NOT NULL UNIQUE REFERENCES accounts(id),
    expires BIGINT NOT NULL
);
CREATE TABLE ratings (
    account BIGINT NOT NULL REFERENCES accounts(id),
    grp TEXT NOT NULL,
    rating DOUBLE PRECISION NOT NULL,
    deviation DOUBLE PRECISION NOT NULL,
    volatility DOUBLE PRECISION NOT NULL,
    games BIGINT NOT NULL,
    wins BIGINT NOT NULL,
    losses BIGINT NOT NULL,
    draws BIGINT NOT NULL,
    last_played BIGINT NOT NULL,
    PRIMARY KEY (account, grp)
);
CREATE INDEX ratings_board ON ratings(grp, rating DESC, account);
CREATE TABLE games (
    id TEXT PRIMARY KEY,
    game TEXT NOT NULL,
    grp TEXT NOT NULL,
    rated BOOLEAN NOT NULL,
    started BIGINT NOT NULL,
    ended BIGINT NOT NULL,
    summary TEXT NOT NULL,
    record TEXT
);
CREATE INDEX games_ended ON games(ended);
CREATE TABLE game_players (
    game_id TEXT NOT NULL REFERENCES games(id),
    seat BIGINT NOT NULL,
    account BIGINT REFERENCES accounts(id),
    name TEXT NOT NULL,
    place BIGINT NOT NULL,
    computer BOOLEAN NOT NULL,
    before_rating DOUBLE PRECISION,
    before_deviation DOUBLE PRECISION,
    before_volatility DOUBLE PRECISION,
    after_rating DOUBLE PRECISION,
    after_deviation DOUBLE PRECISION,
    after_volatility DOUBLE PRECISION,
    PRIMARY KEY (game_id, seat)
);
CREATE INDEX game_players_account ON game_players(account, game_id);
CREATE TABLE pair_days (
    day BIGINT NOT NULL,
    low BIGINT NOT NULL,
    high BIGINT NOT NULL,
    games BIGINT NOT NULL,
    PRIMARY KEY (day, low, high)
);
CREATE TABLE daily (
    day BIGINT NOT NULL,
    game TEXT NOT NULL,
    account BIGINT NOT NULL REFERENCES accounts(id),
    score BIGINT NOT NULL,
    millis BIGINT NOT NULL,
    PRIMARY KEY (day, game, account)
);
CREATE TABLE presence (
    server TEXT NOT NULL,
    address TEXT NOT NULL,
    account BIGINT,
    handle TEXT NOT NULL,
    seen BIGINT NOT NULL
);
CREATE INDEX presence_server ON presence(server);
";

/// Version 2: the tables each server has open, so the lobbies of the others sharing the
/// database list them with the address to connect to. The same text serves both databases.
const TABLES_V2: &str = "
CREATE TABLE server_tables (
    server TEXT NOT NULL,
    address TEXT NOT NULL,
    n BIGINT NOT NULL,
    line TEXT NOT NULL,
    seen BIGINT NOT NULL
);
CREATE INDEX server_tables_server ON server_tables(server);
";

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_list_ends_at_the_current_version_in_order() {
        for list in [SQLITE, POSTGRES] {
            assert!(list.windows(2).all(|w| w[0].0 < w[1].0));
            assert_eq!(list.last().map(|m| m.0), Some(SCHEMA_VERSION));
        }
    }

    #[test]
    fn empty_gets_all_current_gets_none_newer_and_foreign_are_refused() {
        assert_eq!(
            pending(SQLITE, "x", Found::Empty).unwrap().len(),
            SQLITE.len()
        );
        assert!(
            pending(SQLITE, "x", Found::Version(SCHEMA_VERSION))
                .unwrap()
                .is_empty()
        );
        assert!(matches!(
            pending(SQLITE, "x", Found::Version(SCHEMA_VERSION + 1)),
            Err(StoreError::Newer { found, .. }) if found == SCHEMA_VERSION + 1
        ));
        assert!(matches!(
            pending(SQLITE, "x", Found::Foreign),
            Err(StoreError::Corrupt {
                kind: Unusable::Foreign,
                ..
            })
        ));
        assert!(matches!(
            pending(SQLITE, "x", Found::Version(0)),
            Err(StoreError::Corrupt {
                kind: Unusable::Damaged,
                ..
            })
        ));
    }
}
