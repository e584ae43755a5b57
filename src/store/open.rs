//! Opening the store a command line names: a Postgres URL, or the SQLite file in the data
//! folder.

use std::fmt;
use std::path::{Path, PathBuf};

use super::postgres::{PostgresStore, without_password};
use super::sqlite::SqliteStore;
use super::{Store, StoreError};

/// The SQLite file's name in the data folder.
pub const SQLITE_FILE: &str = "trios.db";

/// Which database a server or tool uses.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Database {
    /// A SQLite file (made when absent, by the commands that write).
    Sqlite(PathBuf),
    /// A Postgres server, by its URL (`postgres://user:password@host/db`).
    Postgres(String),
}

impl Database {
    /// The database `url` names — a `postgres://` or `postgresql://` URL, or the path of a
    /// SQLite file ending in `.db` — or, without a URL, [`SQLITE_FILE`] in `data_dir`
    /// (creating the folder).
    pub fn from_url_or_dir(
        url: Option<&str>,
        data_dir: Option<&Path>,
    ) -> Result<Database, StoreError> {
        match url {
            Some(url) if url.starts_with("postgres://") || url.starts_with("postgresql://") => {
                Ok(Database::Postgres(url.to_string()))
            }
            Some(url) if Path::new(url).extension().is_some_and(|e| e == "db") => {
                Ok(Database::Sqlite(PathBuf::from(url)))
            }
            Some(url) => Err(StoreError::Invalid(format!(
                "{:?} names no database trios can use: give a postgres:// (or postgresql://) \
                 URL, or the path of a SQLite file ending in .db",
                without_password(url)
            ))),
            None => {
                let Some(dir) = data_dir else {
                    return Err(StoreError::Invalid(
                        "there is no data folder for the players database; give a database \
                         URL or a path ending in .db"
                            .into(),
                    ));
                };
                std::fs::create_dir_all(dir).map_err(|e| {
                    StoreError::Unavailable(format!("creating {}: {e}", dir.display()))
                })?;
                Ok(Database::Sqlite(dir.join(SQLITE_FILE)))
            }
        }
    }
}

impl fmt::Display for Database {
    /// The path, or the URL without its password.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Database::Sqlite(path) => write!(f, "{}", path.display()),
            Database::Postgres(url) => f.write_str(&without_password(url)),
        }
    }
}

/// Opens (and if need be creates or migrates) `db`. A Postgres store must be opened and used
/// from plain threads, never from inside a tokio runtime.
pub fn open(db: &Database) -> Result<Box<dyn Store>, StoreError> {
    Ok(match db {
        Database::Sqlite(path) => Box::new(SqliteStore::open(path)?),
        Database::Postgres(url) => Box::new(PostgresStore::connect(url)?),
    })
}

/// Opens `db` as [`open`] does, only if it already holds a trios database: a tool's reads
/// and changes never make one ([`StoreError::Missing`]).
pub fn open_existing(db: &Database) -> Result<Box<dyn Store>, StoreError> {
    Ok(match db {
        Database::Sqlite(path) => Box::new(SqliteStore::open_existing(path)?),
        Database::Postgres(url) => Box::new(PostgresStore::connect_existing(url)?),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn urls_paths_and_the_data_folder_name_their_database() {
        let pg = Database::from_url_or_dir(Some("postgres://u:secret@h/db"), None).unwrap();
        assert_eq!(pg, Database::Postgres("postgres://u:secret@h/db".into()));
        assert_eq!(pg.to_string(), "postgres://u@h/db");
        assert!(matches!(
            Database::from_url_or_dir(Some("postgresql://h/db"), None),
            Ok(Database::Postgres(_))
        ));
        assert_eq!(
            Database::from_url_or_dir(Some("/tmp/x/players.db"), None).unwrap(),
            Database::Sqlite("/tmp/x/players.db".into())
        );
        let refused = Database::from_url_or_dir(Some("mysql://h/db"), None);
        assert!(matches!(refused, Err(StoreError::Invalid(m)) if m.contains("postgres://")));
        let dir = tempfile::tempdir().unwrap();
        let data = dir.path().join("data");
        assert_eq!(
            Database::from_url_or_dir(None, Some(&data)).unwrap(),
            Database::Sqlite(data.join(SQLITE_FILE))
        );
        assert!(data.is_dir());
        assert!(Database::from_url_or_dir(None, None).is_err());
    }
}
