//! A store that opens its database on first use and again after losing it, so a server
//! starts, and keeps serving, while the database is away: every call until it is back says
//! [`StoreError::Unavailable`], and results wait in the journal.

use std::sync::Mutex;
use std::time::{Duration, Instant};

use super::open::{Database, open};
use super::{
    Account, AccountId, DailyEntry, Finished, GameRow, GroupRating, LinkedKey, Online, Params,
    ServerTable, Standing, Store, StoreError, Timestamp, Written,
};

/// After a failed try, calls fail at once for this long rather than wait on the database
/// again (a connection attempt can take seconds).
const RETRY_AFTER: Duration = Duration::from_secs(2);

/// The database named, opened when it can be.
pub struct LazyStore {
    database: Database,
    place: String,
    opened: Mutex<Opened>,
}

/// The open store, or when the last try to open it failed.
struct Opened {
    store: Option<Box<dyn Store>>,
    failed_at: Option<Instant>,
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
        let failed_at = opened.is_none().then(Instant::now);
        let store = LazyStore {
            database,
            place,
            opened: Mutex::new(Opened {
                store: opened,
                failed_at,
            }),
        };
        (store, first)
    }

    /// Runs `f` on the open store, opening it first if need be.
    fn with<T>(
        &self,
        f: impl FnOnce(&dyn Store) -> Result<T, StoreError>,
    ) -> Result<T, StoreError> {
        let mut opened = self.opened.lock().unwrap_or_else(|e| e.into_inner());
        if opened.store.is_none() {
            if opened
                .failed_at
                .is_some_and(|at| at.elapsed() < RETRY_AFTER)
            {
                return Err(StoreError::Unavailable(format!("{} is away", self.place)));
            }
            match open(&self.database) {
                Ok(store) => {
                    tracing::info!(place = %self.place, "the players database is open");
                    opened.store = Some(store);
                    opened.failed_at = None;
                }
                Err(e) => {
                    opened.failed_at = Some(Instant::now());
                    return Err(match e {
                        StoreError::Unavailable(why) => StoreError::Unavailable(why),
                        other => StoreError::Unavailable(other.to_string()),
                    });
                }
            }
        }
        match opened.store.as_deref() {
            Some(store) => f(store),
            None => Err(StoreError::Unavailable("not open".into())),
        }
    }
}

impl Store for LazyStore {
    fn place(&self) -> String {
        self.place.clone()
    }
    fn account_by_key(&self, fingerprint: &str) -> Result<Option<Account>, StoreError> {
        self.with(|s| s.account_by_key(fingerprint))
    }
    fn account_by_handle(&self, handle: &str) -> Result<Option<Account>, StoreError> {
        self.with(|s| s.account_by_handle(handle))
    }
    fn account(&self, id: AccountId) -> Result<Option<Account>, StoreError> {
        self.with(|s| s.account(id))
    }
    fn create_account(
        &self,
        handle: &str,
        fingerprint: &str,
        now: Timestamp,
    ) -> Result<Account, StoreError> {
        self.with(|s| s.create_account(handle, fingerprint, now))
    }
    fn keys(&self, account: AccountId) -> Result<Vec<LinkedKey>, StoreError> {
        self.with(|s| s.keys(account))
    }
    fn add_key(
        &self,
        account: AccountId,
        fingerprint: &str,
        now: Timestamp,
    ) -> Result<(), StoreError> {
        self.with(|s| s.add_key(account, fingerprint, now))
    }
    fn remove_key(&self, account: AccountId, fingerprint: &str) -> Result<(), StoreError> {
        self.with(|s| s.remove_key(account, fingerprint))
    }
    fn rename(&self, old: &str, new: &str) -> Result<Account, StoreError> {
        self.with(|s| s.rename(old, new))
    }
    fn set_banned(&self, handle: &str, banned: bool) -> Result<Account, StoreError> {
        self.with(|s| s.set_banned(handle, banned))
    }
    fn put_link_code(
        &self,
        account: AccountId,
        code_hash: &str,
        expires: Timestamp,
    ) -> Result<(), StoreError> {
        self.with(|s| s.put_link_code(account, code_hash, expires))
    }
    fn take_link_code(
        &self,
        code_hash: &str,
        now: Timestamp,
    ) -> Result<Option<AccountId>, StoreError> {
        self.with(|s| s.take_link_code(code_hash, now))
    }
    fn ratings(&self, account: AccountId) -> Result<Vec<GroupRating>, StoreError> {
        self.with(|s| s.ratings(account))
    }
    fn write_result(&self, result: &Finished, params: &Params) -> Result<Written, StoreError> {
        self.with(|s| s.write_result(result, params))
    }
    fn games(&self, account: AccountId, limit: usize) -> Result<Vec<GameRow>, StoreError> {
        self.with(|s| s.games(account, limit))
    }
    fn rating_history(
        &self,
        account: AccountId,
        group: &str,
        limit: usize,
    ) -> Result<Vec<f64>, StoreError> {
        self.with(|s| s.rating_history(account, group, limit))
    }
    fn top(
        &self,
        group: &str,
        now: Timestamp,
        limit: usize,
        params: &Params,
    ) -> Result<Vec<Standing>, StoreError> {
        self.with(|s| s.top(group, now, limit, params))
    }
    fn rank(
        &self,
        account: AccountId,
        group: &str,
        now: Timestamp,
        params: &Params,
    ) -> Result<Option<usize>, StoreError> {
        self.with(|s| s.rank(account, group, now, params))
    }
    fn put_daily(&self, entry: &DailyEntry) -> Result<(), StoreError> {
        self.with(|s| s.put_daily(entry))
    }
    fn put_presence(
        &self,
        server: &str,
        address: &str,
        online: &[Online],
        now: Timestamp,
    ) -> Result<(), StoreError> {
        self.with(|s| s.put_presence(server, address, online, now))
    }
    fn presence(&self, now: Timestamp, within: i64) -> Result<Vec<Online>, StoreError> {
        self.with(|s| s.presence(now, within))
    }
    fn online_ratings(
        &self,
        now: Timestamp,
        within: i64,
    ) -> Result<Vec<(AccountId, GroupRating)>, StoreError> {
        self.with(|s| s.online_ratings(now, within))
    }
    fn put_tables(
        &self,
        server: &str,
        address: &str,
        lines: &[String],
        now: Timestamp,
    ) -> Result<(), StoreError> {
        self.with(|s| s.put_tables(server, address, lines, now))
    }
    fn tables(&self, now: Timestamp, within: i64) -> Result<Vec<ServerTable>, StoreError> {
        self.with(|s| s.tables(now, within))
    }
    fn daily_top(&self, day: i64, game: &str, limit: usize) -> Result<Vec<DailyEntry>, StoreError> {
        self.with(|s| s.daily_top(day, game, limit))
    }
    fn daily_place(
        &self,
        day: i64,
        game: &str,
        account: AccountId,
    ) -> Result<Option<(usize, DailyEntry)>, StoreError> {
        self.with(|s| s.daily_place(day, game, account))
    }
    fn daily_best(&self, account: AccountId, game: &str) -> Result<Option<DailyEntry>, StoreError> {
        self.with(|s| s.daily_best(account, game))
    }
}
