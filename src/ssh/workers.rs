//! The screen workers: a few threads that each drive many connections' screens, woken by
//! their events and by the times their screens asked for (a frame, a tick, idleness).
//!
//! A session stays on the worker that started it (its screens hold `Rc`s), so a worker
//! owns its sessions outright and needs no lock to step one. A panic in one session ends
//! that session alone. Work that may wait on something slow (the database at login) is
//! done elsewhere and handed back with [`Workers::call`].
//!
//! Sessions that took input are drawn before those that only heard lobby news, and a
//! worker looks for new input between news frames. A worker left with no sessions for a
//! while goes on in a fresh thread, which gives the allocator's cache of the old one back.

use std::collections::{BTreeSet, HashMap, VecDeque};
use std::io;
use std::panic::{AssertUnwindSafe, catch_unwind};
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::mpsc::{self, RecvTimeoutError, SendError};
use std::sync::{Arc, Mutex};
use std::thread;
use std::time::{Duration, Instant};

use crate::tui::Event;
use crate::tui::event::Sender;

/// Events taken in one go before the worker draws what they changed: enough that a busy
/// worker draws once for many events, few enough that a flood does not hold frames back.
const BURST: usize = 1024;

/// One session as its worker drives it.
pub(crate) trait Task {
    /// An event for this session (a key, a table's news, the connection closing).
    fn take(&mut self, event: Event);
    /// After a burst of events, or when the time asked for has come (`woken`): does what is
    /// due (draws a frame, ticks, ends an idle player) and says when to be woken next
    /// (`Some(None)`: only by an event), or `None` once the session is over.
    fn settle(&mut self, now: Instant, woken: bool) -> Option<Option<Instant>>;
    /// The session panicked: its last words to the player. It is dropped right after.
    fn fault(&mut self);
}

/// Something to do to one session on its worker.
type Call<T> = Box<dyn FnOnce(&mut T) + Send>;

enum Mail<T> {
    /// Make session `id` on this worker; the flag is cleared when it is over.
    Start(u64, Arc<AtomicBool>, Box<dyn FnOnce() -> T + Send>),
    Event(u64, Event),
    Call(u64, Call<T>),
}

/// Which worker drives each running session.
type Homes = Arc<Mutex<HashMap<u64, usize>>>;

/// The pool: where sessions are started and how their events reach them.
pub(crate) struct Workers<T> {
    inboxes: Vec<mpsc::Sender<Mail<T>>>,
    next: AtomicUsize,
    homes: Homes,
}

impl<T: Task + 'static> Workers<T> {
    /// `count` worker threads (at least one).
    pub(crate) fn new(count: usize) -> io::Result<Workers<T>> {
        Workers::renewed_after(count, RENEW_AFTER)
    }

    /// `count` worker threads, each handing over to a fresh thread once its sessions have
    /// all left and none came for `renew_after`.
    fn renewed_after(count: usize, renew_after: Duration) -> io::Result<Workers<T>> {
        let homes = Homes::default();
        let mut inboxes = Vec::new();
        for n in 0..count.max(1) {
            let (tx, rx) = mpsc::channel();
            spawn(n, renew_after, homes.clone(), rx).map_err(|(e, _)| e)?;
            inboxes.push(tx);
        }
        Ok(Workers {
            inboxes,
            next: AtomicUsize::new(0),
            homes,
        })
    }

    /// Starts session `id` (unique among those running): `make` builds it on its worker,
    /// given the sender of its events, which fails once the session is over. Gives that
    /// sender.
    pub(crate) fn start(
        &self,
        id: u64,
        make: impl FnOnce(Sender<Event>) -> T + Send + 'static,
    ) -> io::Result<Sender<Event>> {
        let home = self.next.fetch_add(1, Ordering::Relaxed) % self.inboxes.len();
        let inbox = self.inboxes[home].clone();
        let alive = Arc::new(AtomicBool::new(true));
        let events = {
            let (inbox, alive) = (inbox.clone(), alive.clone());
            Sender::new(move |event| {
                if !alive.load(Ordering::Acquire) {
                    return Err(SendError(event));
                }
                inbox
                    .send(Mail::Event(id, event))
                    .map_err(|SendError(mail)| match mail {
                        Mail::Event(_, event) => SendError(event),
                        Mail::Start(..) | Mail::Call(..) => SendError(Event::Terminate),
                    })
            })
        };
        crate::ssh::lock(&self.homes).insert(id, home);
        let own = events.clone();
        let mail = Mail::Start(id, alive, Box::new(move || make(own)));
        if inbox.send(mail).is_err() {
            crate::ssh::lock(&self.homes).remove(&id);
            return Err(io::Error::other("the screen workers have stopped"));
        }
        Ok(events)
    }

    /// Has session `id`'s worker run `call` on it (nothing if it is over).
    pub(crate) fn call(&self, id: u64, call: impl FnOnce(&mut T) + Send + 'static) {
        let home = crate::ssh::lock(&self.homes).get(&id).copied();
        if let Some(home) = home {
            let _ = self.inboxes[home].send(Mail::Call(id, Box::new(call)));
        }
    }
}

/// Starts worker `n`'s thread, which takes its mail from `inbox`; gives `inbox` back with
/// the error if no thread could be started.
fn spawn<T: Task + 'static>(
    n: usize,
    renew_after: Duration,
    homes: Homes,
    inbox: mpsc::Receiver<Mail<T>>,
) -> Result<(), (io::Error, mpsc::Receiver<Mail<T>>)> {
    // The inbox waits here for the thread, so that a thread that never starts (whose closure
    // is dropped with whatever it holds) leaves it to be taken back.
    let slot = Arc::new(Mutex::new(Some(inbox)));
    let handed = slot.clone();
    let started = thread::Builder::new()
        .name(format!("trios-screens-{n}"))
        .spawn(move || {
            if let Some(inbox) = crate::ssh::lock(&handed).take() {
                Worker::new(n, renew_after, homes).run(inbox);
            }
        });
    let Err(e) = started else {
        return Ok(());
    };
    match crate::ssh::lock(&slot).take() {
        Some(inbox) => Err((e, inbox)),
        None => Ok(()),
    }
}

/// How long a worker whose sessions have all left waits before it hands its inbox to a
/// fresh thread. The C library's allocator keeps a cache of freed blocks for each thread
/// (hundreds of small blocks of every size, scattered over the heap) that nothing but the
/// thread's end gives back: after a crowd left, those caches pinned about 2.5 MB of pages,
/// a fifth of an idle server.
const RENEW_AFTER: Duration = Duration::from_secs(10);

/// What a worker waiting for mail got.
enum Next<T> {
    Mail(Mail<T>),
    /// A session's time came.
    Due,
    /// The worker has been empty long enough to go on in a fresh thread.
    Renew,
    /// The pool is gone.
    Closed,
}

/// A session on its worker, with the time it asked to be woken.
struct Entry<T> {
    task: T,
    wake: Option<Instant>,
    alive: Arc<AtomicBool>,
}

/// One worker thread's sessions and their wake-up times.
struct Worker<T> {
    /// Which worker this is (its thread's name).
    n: usize,
    /// How long it waits, its sessions gone, before a fresh thread takes over.
    renew_after: Duration,
    /// Whether a session was ever started on this thread.
    served: bool,
    sessions: HashMap<u64, Entry<T>>,
    /// Each session's wake-up time (the one in its entry), earliest first. A new time
    /// replaces the old, so this never holds more than one time a session: a key a second
    /// moves a session's idle time a second later each time.
    wakes: BTreeSet<(Instant, u64)>,
    /// Sessions that took mail in this burst (but lobby news).
    touched: Vec<u64>,
    /// Sessions that heard lobby news and are yet to be settled, in the order they heard
    /// it (a session may be here more than once; settling it again draws nothing).
    news: VecDeque<u64>,
    homes: Homes,
}

impl<T: Task + 'static> Worker<T> {
    fn new(n: usize, renew_after: Duration, homes: Homes) -> Worker<T> {
        Worker {
            n,
            renew_after,
            served: false,
            sessions: HashMap::new(),
            wakes: BTreeSet::new(),
            touched: Vec::new(),
            news: VecDeque::new(),
            homes,
        }
    }

    fn run(mut self, mut inbox: mpsc::Receiver<Mail<T>>) {
        let mut waiting = None;
        loop {
            let next = match waiting.take() {
                Some(mail) => Next::Mail(mail),
                None => self.next_mail(&inbox),
            };
            let first = match next {
                Next::Mail(mail) => Some(mail),
                Next::Due => None,
                Next::Renew => match self.renew(inbox) {
                    Ok(()) => return,
                    Err(kept) => {
                        inbox = kept;
                        self.served = false;
                        None
                    }
                },
                Next::Closed => break,
            };
            // Take what is waiting, then draw each session it touched once, those that took
            // input first.
            let mut next = first;
            let mut taken = 0;
            while let Some(mail) = next {
                self.deliver(mail);
                taken += 1;
                next = if taken < BURST {
                    inbox.try_recv().ok()
                } else {
                    None
                };
            }
            let now = Instant::now();
            let mut touched = std::mem::take(&mut self.touched);
            touched.sort_unstable();
            touched.dedup();
            for &id in &touched {
                self.settle(id, now, false);
            }
            touched.clear();
            self.touched = touched;
            // Then what nobody is waiting on, one session at a time, stopping as soon as
            // mail comes: a key is never held back by a batch of frames nobody asked for.
            loop {
                let now = Instant::now();
                let Some((id, woken)) = self.next_unasked(now) else {
                    break;
                };
                self.settle(id, now, woken);
                if let Ok(mail) = inbox.try_recv() {
                    waiting = Some(mail);
                    break;
                }
            }
            if self.sessions.is_empty() {
                self.sessions.shrink_to_fit();
            }
        }
        // The pool is gone (the process is ending): the sessions end with it.
        for (id, entry) in self.sessions.drain() {
            entry.alive.store(false, Ordering::Release);
            crate::ssh::lock(&self.homes).remove(&id);
        }
    }

    /// Every session has left and none came for a while: hands `inbox` to a fresh thread,
    /// so that this one ends and its allocator cache goes back to the heap (then to the
    /// system, at the server's next trim). Gives `inbox` back if no thread could be
    /// started (this one goes on).
    fn renew(&self, inbox: mpsc::Receiver<Mail<T>>) -> Result<(), mpsc::Receiver<Mail<T>>> {
        let n = self.n;
        spawn(n, self.renew_after, self.homes.clone(), inbox).map_err(|(e, inbox)| {
            tracing::warn!("screen worker {n} goes on in its old thread: {e}");
            inbox
        })
    }

    /// Waits for the next mail, or until a session's time comes (`Due`), or, the worker
    /// having been left empty, until it is time to renew it.
    fn next_mail(&self, inbox: &mpsc::Receiver<Mail<T>>) -> Next<T> {
        let (wait, on_timeout) = match self.next_due() {
            Some(at) => (
                Some(at.saturating_duration_since(Instant::now())),
                Next::Due,
            ),
            None if self.served && self.sessions.is_empty() => {
                (Some(self.renew_after), Next::Renew)
            }
            None => (None, Next::Closed),
        };
        let mail = match wait {
            Some(wait) => inbox.recv_timeout(wait),
            None => inbox.recv().map_err(|_| RecvTimeoutError::Disconnected),
        };
        match mail {
            Ok(mail) => Next::Mail(mail),
            Err(RecvTimeoutError::Timeout) => on_timeout,
            Err(RecvTimeoutError::Disconnected) => Next::Closed,
        }
    }

    /// When the worker has something to do with no mail: now while news waits to be drawn,
    /// else the earliest time a session asked for.
    fn next_due(&self) -> Option<Instant> {
        if self.news.is_empty() {
            self.wakes.first().map(|&(at, _)| at)
        } else {
            Some(Instant::now())
        }
    }

    /// The next session to settle that took no input: one whose time has come (woken), else
    /// one that heard news.
    fn next_unasked(&mut self, now: Instant) -> Option<(u64, bool)> {
        if let Some(&(at, id)) = self.wakes.first()
            && at <= now
        {
            self.wakes.pop_first();
            if let Some(entry) = self.sessions.get_mut(&id) {
                entry.wake = None;
            }
            return Some((id, true));
        }
        self.news.pop_front().map(|id| (id, false))
    }

    fn deliver(&mut self, mail: Mail<T>) {
        let id = match mail {
            Mail::Start(id, alive, make) => {
                self.served = true;
                match catch_unwind(AssertUnwindSafe(make)) {
                    Ok(task) => {
                        let entry = Entry {
                            task,
                            wake: None,
                            alive,
                        };
                        self.sessions.insert(id, entry);
                    }
                    Err(_) => {
                        alive.store(false, Ordering::Release);
                        crate::ssh::lock(&self.homes).remove(&id);
                        return;
                    }
                }
                id
            }
            Mail::Event(id, event) => {
                let news = matches!(event, Event::Lobby);
                if !self.step(id, |task| task.take(event)) {
                    return;
                }
                if news {
                    // News is drawn after every session that took input in this burst.
                    self.news.push_back(id);
                    return;
                }
                id
            }
            Mail::Call(id, call) => {
                if !self.step(id, call) {
                    return;
                }
                id
            }
        };
        self.touched.push(id);
    }

    /// Runs `step` on session `id`; false if there is no such session or it panicked
    /// (then it is over).
    fn step(&mut self, id: u64, step: impl FnOnce(&mut T)) -> bool {
        let Some(entry) = self.sessions.get_mut(&id) else {
            return false;
        };
        if catch_unwind(AssertUnwindSafe(|| step(&mut entry.task))).is_ok() {
            return true;
        }
        self.failed(id);
        false
    }

    /// Lets session `id` do what is due and files its next wake-up time.
    fn settle(&mut self, id: u64, now: Instant, woken: bool) {
        let Some(entry) = self.sessions.get_mut(&id) else {
            return;
        };
        if let Some(at) = entry.wake.take() {
            self.wakes.remove(&(at, id));
        }
        match catch_unwind(AssertUnwindSafe(|| entry.task.settle(now, woken))) {
            Ok(Some(wake)) => {
                entry.wake = wake;
                if let Some(at) = wake {
                    self.wakes.insert((at, id));
                }
            }
            Ok(None) => self.end(id),
            Err(_) => self.failed(id),
        }
    }

    /// Session `id` panicked: it says goodbye (if even that does not panic) and ends.
    fn failed(&mut self, id: u64) {
        if let Some(entry) = self.sessions.get_mut(&id) {
            let _ = catch_unwind(AssertUnwindSafe(|| entry.task.fault()));
        }
        self.end(id);
    }

    /// Session `id` is over: its events fail from now on, and it is dropped (which lets go
    /// of whatever it held), a panic in dropping it ending nothing else.
    fn end(&mut self, id: u64) {
        {
            let mut homes = crate::ssh::lock(&self.homes);
            homes.remove(&id);
            // Room for a crowd gone is given back once the map is a quarter full.
            let (len, room) = (homes.len(), homes.capacity());
            if room > 64 && len * 4 < room {
                homes.shrink_to(len * 2);
            }
        }
        if let Some(entry) = self.sessions.remove(&id) {
            if let Some(at) = entry.wake {
                self.wakes.remove(&(at, id));
            }
            entry.alive.store(false, Ordering::Release);
            let _ = catch_unwind(AssertUnwindSafe(move || drop(entry)));
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use ratatui::crossterm::event::{KeyCode, KeyEvent};

    /// What the fake sessions drew, in order: the session and whether the frame answered a
    /// key.
    type Drawn = Arc<Mutex<Vec<(u64, bool)>>>;

    /// A session whose every frame takes a while to draw, that says when it first settled
    /// (`ready`), and when the fifth frame of all was drawn (`signal`).
    struct Slow {
        id: u64,
        owed: Option<bool>,
        drawn: Drawn,
        ready: Option<mpsc::Sender<()>>,
        signal: Option<mpsc::Sender<()>>,
    }

    impl Task for Slow {
        fn take(&mut self, event: Event) {
            let key = matches!(event, Event::Key(_));
            self.owed = Some(key || self.owed == Some(true));
        }
        fn settle(&mut self, _now: Instant, _woken: bool) -> Option<Option<Instant>> {
            if let Some(ready) = self.ready.take() {
                let _ = ready.send(());
            }
            if let Some(key) = self.owed.take() {
                thread::sleep(Duration::from_millis(2));
                let mut drawn = self.drawn.lock().unwrap_or_else(|e| e.into_inner());
                drawn.push((self.id, key));
                if drawn.len() == 5
                    && let Some(signal) = self.signal.take()
                {
                    let _ = signal.send(());
                }
            }
            Some(None)
        }
        fn fault(&mut self) {}
    }

    fn key() -> Event {
        Event::Key(KeyEvent::from(KeyCode::Down))
    }

    #[test]
    fn a_key_is_drawn_before_lobby_news_waiting_and_arriving_amid_it() {
        let workers = Workers::<Slow>::new(1).unwrap();
        let drawn = Drawn::default();
        let (signal, signalled) = mpsc::channel();
        let (ready, started) = mpsc::channel();
        let mut senders = Vec::new();
        for id in 0..30u64 {
            let (drawn, signal, ready) = (drawn.clone(), signal.clone(), ready.clone());
            let sender = workers.start(id, move |_| Slow {
                id,
                owed: None,
                drawn,
                ready: Some(ready),
                signal: Some(signal),
            });
            senders.push(sender.unwrap());
        }
        for _ in 0..30 {
            started.recv_timeout(Duration::from_secs(5)).unwrap();
        }
        // Hold the worker so that news for every session and then a key for the last wait
        // in its inbox together.
        let (hold, held) = mpsc::channel::<()>();
        workers.call(0, move |_| {
            let _ = held.recv_timeout(Duration::from_secs(5));
        });
        for sender in &senders {
            sender.send(Event::Lobby).unwrap();
        }
        senders[29].send(key()).unwrap();
        hold.send(()).unwrap();
        // Once the fifth frame is drawn, a key comes for the first session while news is
        // still being drawn.
        signalled.recv_timeout(Duration::from_secs(5)).unwrap();
        senders[0].send(key()).unwrap();
        let deadline = Instant::now() + Duration::from_secs(5);
        while drawn.lock().unwrap().len() < 31 && Instant::now() < deadline {
            thread::sleep(Duration::from_millis(5));
        }
        let drawn = drawn.lock().unwrap().clone();
        assert_eq!(
            drawn.len(),
            31,
            "a frame for each news and the late key: {drawn:?}"
        );
        assert_eq!(
            drawn[..2],
            [(0, false), (29, true)],
            "the key first: {drawn:?}"
        );
        let late = drawn.iter().position(|&d| d == (0, true));
        assert!(
            late.is_some_and(|at| at < 10),
            "the key that came amid the news is drawn within a frame or two: {drawn:?}"
        );
    }

    /// A session that says which thread made it and ends at its first event.
    struct Brief {
        made_on: thread::ThreadId,
        said: mpsc::Sender<thread::ThreadId>,
        over: bool,
    }

    impl Task for Brief {
        fn take(&mut self, _event: Event) {
            self.over = true;
        }
        fn settle(&mut self, _now: Instant, _woken: bool) -> Option<Option<Instant>> {
            let _ = self.said.send(self.made_on);
            (!self.over).then_some(None)
        }
        fn fault(&mut self) {}
    }

    #[test]
    fn a_worker_left_empty_goes_on_in_a_fresh_thread_and_its_sessions_still_run() {
        let workers = Workers::<Brief>::renewed_after(1, Duration::from_millis(250)).unwrap();
        let (said, heard) = mpsc::channel();
        let start = |id| {
            let said = said.clone();
            let events = workers.start(id, move |_| Brief {
                made_on: thread::current().id(),
                said,
                over: false,
            });
            let first = heard.recv_timeout(Duration::from_secs(5)).unwrap();
            events.unwrap().send(Event::Lobby).unwrap();
            assert_eq!(heard.recv_timeout(Duration::from_secs(5)).unwrap(), first);
            first
        };
        let first = start(1);
        // Another session at once is on the same thread; after a pause with nobody on the
        // worker, a new one is made on a fresh thread, and takes its events there.
        assert_eq!(start(2), first);
        thread::sleep(Duration::from_millis(1000));
        let later = start(3);
        assert_ne!(later, first, "a fresh thread after the pause");
        assert_eq!(start(4), later);
    }
}
