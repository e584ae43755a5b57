//! A store that opens its database on first use and again after losing it, so a server
//! starts, and keeps serving, while the database is away: every call until it is back says
//! [`StoreError::Unavailable`], and results wait in the journal.

use std::sync::Mutex;
use std::time::{Duration, Instant};

use super::open::{Database, open};
use super::{Store, StoreError};

/// After a failed try, calls fail at once for this long rather than wait on the database
/// again (a connection attempt can take seconds).
const RETRY_AFTER: Duration = Duration::from_secs(2);
/// After a try found a database trios will not use (damaged, another program's, a newer
/// trios's), calls fail at once for this long: it needs its operator, and checking it again
/// reads it whole.
const RETRY_UNTRUSTED_AFTER: Duration = Duration::from_secs(60);

/// The database named, opened when it can be.
pub struct LazyStore {
    database: Database,
    place: String,
    opened: Mutex<Opened>,
}

/// The open store, or when the last try to open it failed and what it said.
struct Opened {
    store: Option<Box<dyn Store>>,
    failed: Option<(Instant, StoreError)>,
}

/// How long to wait after a failed open.
fn wait_after(e: &StoreError) -> Duration {
    if e.is_untrusted() {
        RETRY_UNTRUSTED_AFTER
    } else {
        RETRY_AFTER
    }
}

impl LazyStore {
    /// A store of `database`, opened now if it can be (`first` is what opening said, for
    /// the caller to report).
    pub fn new(database: Database) -> (LazyStore, Result<(), StoreError>) {
        // On a thread of its own: the Postgres client runs a runtime of its own, which must
        // not start inside the caller's (a server's tokio runtime).
        let tried = std::thread::scope(|scope| scope.spawn(|| open(&database)).join());
        let (opened, first) = match tried {
            Ok(Ok(store)) => (Some(store), Ok(())),
            Ok(Err(e)) => (None, Err(e)),
            Err(_) => (
                None,
                Err(StoreError::Unavailable(
                    "opening the database failed".into(),
                )),
            ),
        };
        let place = match &opened {
            Some(store) => store.place(),
            None => database.to_string(),
        };
        let failed = first.as_ref().err().map(|e| (Instant::now(), e.clone()));
        let store = LazyStore {
            database,
            place,
            opened: Mutex::new(Opened {
                store: opened,
                failed,
            }),
        };
        (store, first)
    }

    /// Runs `f` on the open store, opening it first if need be. Until the next try, calls get
    /// what the last try to open it said: [`StoreError::Unavailable`] while it may come back
    /// by itself, or what it is when it needs its operator (damaged, another program's, a
    /// newer trios's).
    fn with<T>(
        &self,
        f: impl FnOnce(&dyn Store) -> Result<T, StoreError>,
    ) -> Result<T, StoreError> {
        let mut opened = self.opened.lock().unwrap_or_else(|e| e.into_inner());
        if opened.store.is_none() {
            if let Some((at, said)) = &opened.failed
                && at.elapsed() < wait_after(said)
            {
                return Err(said.clone());
            }
            match open(&self.database) {
                Ok(store) => {
                    tracing::info!(place = %self.place, "the players database is open");
                    opened.store = Some(store);
                    opened.failed = None;
                }
                Err(e) => {
                    opened.failed = Some((Instant::now(), e.clone()));
                    return Err(e);
                }
            }
        }
        match opened.store.as_deref() {
            Some(store) => f(store),
            None => Err(StoreError::Unavailable("not open".into())),
        }
    }
}

store_through!(LazyStore);
