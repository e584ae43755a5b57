//! The store's work off the tables' and sessions' threads: a bounded queue and a small pool
//! of threads that write results (through the journal when the database is away) and answer
//! reads.
//!
//! Nothing here ever blocks a caller on the database: a result is queued (or journalled when
//! the queue is full), and a read either gets its answer within its timeout or an error.
//!
//! Every answer of the database passes a watch that tells the operator, once and at ERROR,
//! that it cannot be reached (and at INFO that it is back), or that it is damaged: the log
//! says which, and does not repeat it for every query that fails the same way. Results wait
//! in the journal in both cases.

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc::{self, Receiver, RecvTimeoutError, SyncSender, TrySendError};
use std::sync::{Arc, Mutex};
use std::thread;
use std::time::{Duration, Instant, SystemTime, UNIX_EPOCH};

use super::journal::Journal;
use super::{Finished, Params, Store, StoreError, Timestamp, Written};

/// Jobs waiting for a store thread; more results go straight to the journal, more reads are
/// refused.
const QUEUE: usize = 1024;
/// Store threads: enough that one slow read does not hold up results.
const THREADS: usize = 2;
/// How often journalled results are offered to the database again.
const RETRY: Duration = Duration::from_secs(2);
/// After a read went unanswered in its time, reads are refused at once for this long, so a
/// database that hangs holds up one asker, not every screen that asks meanwhile.
const QUIET_AFTER_TIMEOUT: Duration = Duration::from_secs(10);

/// What became of a reported result.
#[derive(Debug, Clone, PartialEq)]
pub enum Reported {
    /// Written, with the ratings it changed.
    Written(Written),
    /// The database is away: the result waits in the journal and is applied once it is back.
    Waiting,
    /// Neither the database nor the journal took it (the reason is logged).
    Lost(String),
}

type Reply = Box<dyn FnOnce(Reported) + Send>;
type Read = Box<dyn FnOnce(&dyn Store) + Send>;

enum Job {
    Write(Finished, Reply),
    Read(Read),
}

/// The handle tables and sessions hold: cheap to clone, never blocks on the database.
#[derive(Clone)]
pub struct StoreService {
    inner: Arc<Inner>,
}

struct Inner {
    store: Watched,
    jobs: SyncSender<Job>,
    journal: Option<Journal>,
    /// The last write failed for want of the database; cleared by the next success.
    down: AtomicBool,
    /// Reads are refused at once until then: the last one went unanswered.
    quiet_until: Mutex<Option<Instant>>,
    params: Params,
}

/// The current time in Unix seconds (0 before 1970, which no clock here reports).
pub fn now() -> Timestamp {
    SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .map(|d| d.as_secs() as Timestamp)
        .unwrap_or(0)
}

impl StoreService {
    /// Starts the store threads on `store`, journalling in `journal` when the database is
    /// away, and offers what the journal holds to the database at once and then every few
    /// seconds.
    pub fn start(
        store: Box<dyn Store>,
        journal: Option<Journal>,
        params: Params,
    ) -> std::io::Result<StoreService> {
        let (jobs, inbox) = mpsc::sync_channel(QUEUE);
        let inbox = Arc::new(Mutex::new(inbox));
        let inner = Arc::new(Inner {
            store: Watched::new(store),
            jobs,
            journal,
            down: AtomicBool::new(false),
            quiet_until: Mutex::new(None),
            params,
        });
        for n in 0..THREADS {
            let inbox = inbox.clone();
            let inner = Arc::downgrade(&inner);
            thread::Builder::new()
                .name(format!("trios-store-{n}"))
                .spawn(move || serve(&inbox, &inner))?;
        }
        if inner.journal.is_some() {
            let weak = Arc::downgrade(&inner);
            thread::Builder::new()
                .name("trios-journal".into())
                .spawn(move || {
                    while let Some(inner) = weak.upgrade() {
                        inner.replay_journal();
                        drop(inner);
                        thread::sleep(RETRY);
                    }
                })?;
        }
        Ok(StoreService { inner })
    }

    /// Where the data is, for messages.
    pub fn place(&self) -> String {
        self.inner.store.place()
    }

    pub fn params(&self) -> &Params {
        &self.inner.params
    }

    /// Whether the last write found the database away.
    pub fn is_down(&self) -> bool {
        self.inner.down.load(Ordering::SeqCst)
    }

    /// Reports a finished game; `reply` hears what became of it, on a store thread. Never
    /// blocks: with the queue full, the result goes to the journal at once.
    pub fn report(&self, result: Finished, reply: impl FnOnce(Reported) + Send + 'static) {
        match self
            .inner
            .jobs
            .try_send(Job::Write(result, Box::new(reply)))
        {
            Ok(()) => {}
            Err(TrySendError::Full(Job::Write(result, reply)))
            | Err(TrySendError::Disconnected(Job::Write(result, reply))) => {
                reply(self.inner.keep_for_later(&result));
            }
            Err(_) => {}
        }
    }

    /// Runs `read` on a store thread and waits at most `timeout` for its answer.
    pub fn ask<T: Send + 'static>(
        &self,
        timeout: Duration,
        read: impl FnOnce(&dyn Store) -> Result<T, StoreError> + Send + 'static,
    ) -> Result<T, StoreError> {
        if self
            .inner
            .quiet()
            .is_some_and(|until| Instant::now() < until)
        {
            return Err(StoreError::Unavailable(
                "the database did not answer a moment ago; try again in a few seconds".into(),
            ));
        }
        let (tx, rx) = mpsc::sync_channel(1);
        let job = Job::Read(Box::new(move |store| {
            let _ = tx.send(read(store));
        }));
        match self.inner.jobs.try_send(job) {
            Ok(()) => {}
            Err(_) => return Err(StoreError::Unavailable("the store is busy".into())),
        }
        match rx.recv_timeout(timeout) {
            Ok(answer) => {
                *self.inner.quiet() = None;
                answer
            }
            Err(RecvTimeoutError::Timeout) => {
                *self.inner.quiet() = Some(Instant::now() + QUIET_AFTER_TIMEOUT);
                Err(StoreError::Unavailable(format!(
                    "no answer within {} ms",
                    timeout.as_millis()
                )))
            }
            Err(RecvTimeoutError::Disconnected) => {
                Err(StoreError::Unavailable("the store stopped".into()))
            }
        }
    }

    /// Runs `read` on a store thread without waiting; `false` when the queue is full.
    pub fn spawn_read(&self, read: impl FnOnce(&dyn Store) + Send + 'static) -> bool {
        self.inner.jobs.try_send(Job::Read(Box::new(read))).is_ok()
    }

    /// Offers every journalled result to the database now (tests and shutdown use it; the
    /// store threads do it every few seconds by themselves). Gives how many still wait.
    pub fn flush_journal(&self) -> usize {
        self.inner.replay_journal()
    }
}

impl Inner {
    /// Until when reads are refused at once.
    fn quiet(&self) -> std::sync::MutexGuard<'_, Option<Instant>> {
        self.quiet_until.lock().unwrap_or_else(|e| e.into_inner())
    }

    /// Writes `result`, or journals it while the database is away or damaged (the watch
    /// tells the operator which).
    fn write(&self, result: &Finished) -> Reported {
        match self.store.write_result(result, &self.params) {
            Ok(written) => {
                self.down.store(false, Ordering::SeqCst);
                Reported::Written(written)
            }
            Err(e) if waits(&e) => {
                self.down.store(true, Ordering::SeqCst);
                self.keep_for_later(result)
            }
            Err(e) => {
                tracing::error!(game = %result.id, "result refused by the store: {e}");
                Reported::Lost(e.to_string())
            }
        }
    }

    /// Journals `result` for a later try.
    fn keep_for_later(&self, result: &Finished) -> Reported {
        let Some(journal) = &self.journal else {
            return Reported::Lost("the database is away and there is no journal".into());
        };
        match journal.append(result) {
            Ok(()) => Reported::Waiting,
            Err(e) => {
                tracing::error!(
                    game = %result.id,
                    journal = %journal.path().display(),
                    "cannot journal a result: {e}"
                );
                Reported::Lost(format!("cannot journal the result: {e}"))
            }
        }
    }

    /// Applies journalled results in order until the database refuses; keeps the rest.
    /// Gives how many still wait.
    fn replay_journal(&self) -> usize {
        let Some(journal) = &self.journal else {
            return 0;
        };
        // One replay at a time: the file is read and rewritten whole.
        static REPLAYING: Mutex<()> = Mutex::new(());
        let _one = REPLAYING.lock().unwrap_or_else(|e| e.into_inner());
        let pending = match journal.pending() {
            Ok(pending) => pending,
            Err(e) => {
                tracing::warn!("cannot read the journal: {e}");
                return 0;
            }
        };
        if pending.is_empty() {
            return 0;
        }
        let mut applied = 0;
        for result in &pending {
            match self.store.write_result(result, &self.params) {
                Ok(_) => applied += 1,
                Err(e) if waits(&e) => break,
                Err(e) => {
                    // It can never be written: kept out of the way, in the log.
                    tracing::error!(game = %result.id, "journalled result refused: {e}");
                    applied += 1;
                }
            }
        }
        if applied > 0 {
            self.down.store(applied < pending.len(), Ordering::SeqCst);
            tracing::info!(applied, "journalled results applied");
            if let Err(e) = journal.keep_only(&pending[applied..]) {
                // Applied results stay in the file; applying them again changes nothing.
                tracing::warn!("cannot shorten the journal: {e}");
            }
        }
        pending.len() - applied
    }
}

/// Whether a result the database failed to take waits in the journal: the database is away,
/// or damaged (or a newer trios's) until its operator restores it. Any other refusal is the
/// result's own, and trying again would not change it.
fn waits(e: &StoreError) -> bool {
    e.is_unavailable() || e.is_untrusted()
}

/// The database as the service's threads reach it: every answer is heard, and the operator
/// told of what changed, once.
struct Watched {
    store: Box<dyn Store>,
    place: String,
    /// The last answer found the database away; cleared by the next that reaches it.
    away: AtomicBool,
    /// An answer found the database damaged, or one trios will not use: said once, for good
    /// (some queries may still pass while others meet the damage).
    untrusted: AtomicBool,
}

impl Watched {
    fn new(store: Box<dyn Store>) -> Watched {
        Watched {
            place: store.place(),
            store,
            away: AtomicBool::new(false),
            untrusted: AtomicBool::new(false),
        }
    }

    /// Runs `f` on the database and hears its answer.
    fn with<T>(
        &self,
        f: impl FnOnce(&dyn Store) -> Result<T, StoreError>,
    ) -> Result<T, StoreError> {
        let answer = f(self.store.as_ref());
        match &answer {
            Err(e) if e.is_unavailable() => {
                if !self.away.swap(true, Ordering::SeqCst) {
                    tracing::error!(
                        place = %self.place,
                        "{e}. Results wait in the journal, and players with accounts play as \
                         guests, until it is back"
                    );
                }
            }
            Err(e) if e.is_untrusted() => {
                if !self.untrusted.swap(true, Ordering::SeqCst) {
                    tracing::error!(
                        place = %self.place,
                        "{}. Results wait in the journal until then, and are applied when the \
                         server starts on the restored database",
                        e.clone().at(&self.place)
                    );
                }
            }
            _ => {
                if self.away.swap(false, Ordering::SeqCst) {
                    tracing::info!(place = %self.place, "the players database is back");
                }
            }
        }
        answer
    }
}

store_through!(Watched);

/// A store thread: takes jobs until the service is gone.
fn serve(inbox: &Mutex<Receiver<Job>>, inner: &std::sync::Weak<Inner>) {
    loop {
        let job = {
            let inbox = inbox.lock().unwrap_or_else(|e| e.into_inner());
            inbox.recv_timeout(Duration::from_secs(1))
        };
        let Some(inner) = inner.upgrade() else {
            return;
        };
        match job {
            Ok(Job::Write(result, reply)) => reply(inner.write(&result)),
            Ok(Job::Read(read)) => read(&inner.store),
            Err(RecvTimeoutError::Timeout) => {}
            Err(RecvTimeoutError::Disconnected) => return,
        }
    }
}
