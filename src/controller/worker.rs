//! Computer players think on their own thread, so whoever runs a match (a screen, a shared
//! table) keeps answering while a move is chosen. Thinking never holds up a frame: a
//! thinking thread runs only when no screen needs the core, and only as many searches as
//! there are cores run at once (the others wait their turn), however many matches a server
//! hosts.

use std::sync::mpsc::{self, Sender};
use std::sync::{Condvar, Mutex};
use std::thread;

use super::duel::Computers;
use crate::games::TwoPlayer;

/// A request of a [`DuelWorker`]: choose for the player to move in `game`.
struct DuelRequest<G> {
    ticket: u64,
    game: G,
    /// On a clock: the thinking time the move may take, counted from the request (time spent
    /// waiting for a core comes out of it).
    budget: Option<(std::time::Duration, std::time::Instant)>,
}

/// Where a [`DuelWorker`]'s answers go: the ticket (which comes back with the answer, so the
/// asker can drop answers for a game it no longer plays), the position asked about and the
/// chosen move; `false` once the asker is gone, which ends the thread.
pub type DeliverMove<G> = Box<dyn Fn(u64, &G, Option<<G as TwoPlayer>::Move>) -> bool + Send>;

/// The thinking thread of one match of any two-player game. Dropping it ends the thread once
/// it is idle.
pub struct DuelWorker<G: TwoPlayer> {
    requests: Sender<DuelRequest<G>>,
}

impl<G: TwoPlayer> DuelWorker<G> {
    /// Starts a thread holding the match's computer strategies; each answer is handed to
    /// `deliver`.
    pub fn start(strategies: Computers<G>, deliver: DeliverMove<G>) -> DuelWorker<G> {
        let (requests, inbox) = mpsc::channel::<DuelRequest<G>>();
        let _ = thread::Builder::new()
            .name("trios-ai".into())
            .spawn(move || {
                below_screens();
                let mut strategies = strategies;
                for request in inbox {
                    let side = request.game.to_move();
                    let turn = Turn::wait();
                    let mv = strategies[side.index()].as_mut().and_then(|s| {
                        if let Some((budget, asked)) = request.budget {
                            let left = budget.saturating_sub(asked.elapsed());
                            s.think_for(left.max(std::time::Duration::from_millis(1)));
                        }
                        s.choose(&request.game)
                    });
                    drop(turn);
                    if !deliver(request.ticket, &request.game, mv) {
                        return;
                    }
                }
            });
        DuelWorker { requests }
    }

    /// Asks for a move; the answer arrives later through the deliver function. If the thread
    /// could not be spawned the seat never moves, and the match stays usable and saved.
    pub fn request(&self, ticket: u64, game: &G) {
        self.request_within(ticket, game, None);
    }

    /// [`DuelWorker::request`] on a clock: the move takes at most `budget` from now.
    pub fn request_within(&self, ticket: u64, game: &G, budget: Option<std::time::Duration>) {
        let _ = self.requests.send(DuelRequest {
            ticket,
            game: game.clone(),
            budget: budget.map(|b| (b, std::time::Instant::now())),
        });
    }
}

/// Searches running now, of at most [`searches_at_once`].
static RUNNING: Mutex<usize> = Mutex::new(0);
static TURN_FREED: Condvar = Condvar::new();

/// As many searches as there are cores.
fn searches_at_once() -> usize {
    thread::available_parallelism().map_or(1, usize::from)
}

/// One search's turn to use a core; the next waiting search goes when it is dropped.
struct Turn;

impl Turn {
    /// Waits until fewer than [`searches_at_once`] searches run.
    fn wait() -> Turn {
        let most = searches_at_once();
        let mut running = RUNNING.lock().unwrap_or_else(|e| e.into_inner());
        while *running >= most {
            running = TURN_FREED.wait(running).unwrap_or_else(|e| e.into_inner());
        }
        *running += 1;
        Turn
    }
}

impl Drop for Turn {
    fn drop(&mut self) {
        let mut running = RUNNING.lock().unwrap_or_else(|e| e.into_inner());
        *running = running.saturating_sub(1);
        TURN_FREED.notify_one();
    }
}

/// Puts this thread below the screens: it runs only when no screen needs a core (Linux's
/// `SCHED_IDLE`, which any thread may choose for itself and which Linux keeps per thread), so
/// a busy server draws every frame first and thinks with what is left.
#[cfg(target_os = "linux")]
fn below_screens() {
    /// `struct sched_param`: only the priority, which must be 0 for `SCHED_IDLE`.
    #[repr(C)]
    struct SchedParam {
        priority: i32,
    }
    unsafe extern "C" {
        /// `sched_setscheduler(2)`; `pid` 0 means the calling thread.
        fn sched_setscheduler(pid: i32, policy: i32, param: *const SchedParam) -> i32;
    }
    const SCHED_IDLE: i32 = 5;
    let param = SchedParam { priority: 0 };
    // SAFETY: the call reads one valid, live `sched_param` and changes only this thread's
    // policy; a refusal leaves it as it was, which is harmless.
    unsafe {
        sched_setscheduler(0, SCHED_IDLE, &param);
    }
}

/// Elsewhere the thread keeps the process's priority.
#[cfg(not(target_os = "linux"))]
fn below_screens() {}

#[cfg(test)]
mod tests {
    use super::*;
    use std::sync::Arc;
    use std::sync::atomic::{AtomicUsize, Ordering};
    use std::time::Duration;

    #[test]
    fn no_more_searches_run_at_once_than_there_are_cores() {
        let most = searches_at_once();
        let (now, peak) = (Arc::new(AtomicUsize::new(0)), Arc::new(AtomicUsize::new(0)));
        let threads: Vec<_> = (0..most * 3 + 2)
            .map(|_| {
                let (now, peak) = (now.clone(), peak.clone());
                thread::spawn(move || {
                    let turn = Turn::wait();
                    let running = now.fetch_add(1, Ordering::SeqCst) + 1;
                    peak.fetch_max(running, Ordering::SeqCst);
                    thread::sleep(Duration::from_millis(20));
                    now.fetch_sub(1, Ordering::SeqCst);
                    drop(turn);
                })
            })
            .collect();
        for t in threads {
            t.join().ok();
        }
        // All ran, never more than the cores at once (other tests' searches count too).
        assert_eq!(now.load(Ordering::SeqCst), 0);
        let peak = peak.load(Ordering::SeqCst);
        assert!(
            (1..=most).contains(&peak),
            "{peak} at once, of at most {most}"
        );
    }
}
