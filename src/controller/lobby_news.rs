//! How the lobbies hear that what they show changed (a table's line, who is online): each at
//! most once a [`NEWS_PERIOD`], and the lobbies in turn over the period, so a change every
//! lobby shows (the showcase's move) is drawn by a few at a time, never by all at once. With
//! more lobbies than [`NEWS_PER_PERIOD`], each hears only every few periods, so news never
//! costs the server more than that many frames a period, however large the crowd. A game
//! going on (its move count, the only thing of it that changes move after move) is told
//! only every [`PROGRESS_PERIODS`] periods: what lobbies show of a table's membership and
//! of who is online comes at once, its progress a little behind.

use std::sync::{Arc, Weak};
use std::thread;
use std::time::Duration;

use super::table::ClientId;
use super::tables::{Notify, Registry};

/// The most often one lobby hears news.
pub const NEWS_PERIOD: Duration = Duration::from_secs(1);
/// The courier's step: the period is cut into this many turns, a lobby hearing in its own.
/// Fine turns (5 ms) keep each a handful of frames: at 40 a period, 2,000 lobbies drew in
/// bursts of 50 that kept players' keys waiting behind them.
pub const TURNS: u64 = 200;
/// The most lobbies told news in one period.
pub const NEWS_PER_PERIOD: u64 = 2000;
/// A lobby that heard only of games' progress (moves played) is told every this many of its
/// turns: the showcase moves every second or two, and its line alone would otherwise redraw
/// every lobby every period.
pub const PROGRESS_PERIODS: u64 = 3;

/// The lobbies listening, and how far each has heard.
#[derive(Default)]
pub(super) struct LobbyNews {
    /// Counts the changes; a lobby that heard an older count is told at its turn.
    changes: u64,
    /// Counts games' progress (moves played), told every [`PROGRESS_PERIODS`] turns.
    progress: u64,
    listeners: Vec<Listener>,
    /// Whether the courier thread runs.
    courier: bool,
}

struct Listener {
    client: ClientId,
    notify: Notify,
    /// Its turn in each period, from 0 to [`TURNS`] - 1.
    turn: u64,
    /// The count of changes it last heard of.
    heard: u64,
    /// The count of games' progress it last heard of.
    heard_progress: u64,
}

/// Client `client`'s turn: spread evenly over the turns by the golden ratio, whatever the
/// numbers of the clients listening.
pub(super) fn turn_of(client: ClientId) -> u64 {
    ((client.wrapping_mul(0x9E37_79B9_7F4A_7C15) >> 32) * TURNS) >> 32
}

impl LobbyNews {
    /// Adds (or renews) `client`'s lobby, which has just read the list itself. Whether the
    /// courier must be started.
    pub(super) fn listen(&mut self, client: ClientId, notify: Notify) -> bool {
        self.forget(client);
        self.listeners.push(Listener {
            client,
            notify,
            turn: turn_of(client),
            heard: self.changes,
            heard_progress: self.progress,
        });
        !std::mem::replace(&mut self.courier, true)
    }

    /// Stops telling `client`. The list gives back its room as a crowd leaves (once it is
    /// a quarter full), so that six thousand lobbies gone do not keep their room for ever.
    pub(super) fn forget(&mut self, client: ClientId) {
        self.listeners.retain(|l| l.client != client);
        let (len, room) = (self.listeners.len(), self.listeners.capacity());
        if room > 64 && len * 4 < room {
            self.listeners.shrink_to(len * 2);
        }
    }

    /// Something every lobby may show changed.
    pub(super) fn changed(&mut self) {
        self.changes += 1;
    }

    /// A game went on (moves played), nothing else of what lobbies show changed.
    pub(super) fn progressed(&mut self) {
        self.progress += 1;
    }

    /// The lobbies whose turn is `turn` in period `round` and that have news, marked as
    /// told. Past [`NEWS_PER_PERIOD`] lobbies, a lobby's turn comes every few periods; news
    /// of progress alone waits for every [`PROGRESS_PERIODS`]th turn.
    fn due(&mut self, turn: u64, round: u64) -> Vec<(ClientId, Notify)> {
        let (changes, progress) = (self.changes, self.progress);
        let every = (self.listeners.len() as u64)
            .div_ceil(NEWS_PER_PERIOD)
            .max(1);
        (self.listeners.iter_mut())
            .filter(|l| l.turn == turn)
            .filter(|l| {
                let at = round.wrapping_add(l.client);
                at % every == 0
                    && (l.heard < changes
                        || (l.heard_progress < progress && at % (every * PROGRESS_PERIODS) == 0))
            })
            .map(|l| {
                l.heard = changes;
                l.heard_progress = progress;
                (l.client, l.notify.clone())
            })
            .collect()
    }
}

/// Starts the courier of `registry`'s lobby news; it ends with the registry.
pub(super) fn start_courier(registry: &Arc<Registry>) {
    let registry = Arc::downgrade(registry);
    let started = thread::Builder::new()
        .name("trios-lobby-news".into())
        .spawn(move || courier(&registry));
    if let Err(e) = started {
        tracing::warn!("no lobby news: {e}");
    }
}

/// Tells each lobby its news at its turn, a turn each `NEWS_PERIOD / TURNS`.
fn courier(registry: &Weak<Registry>) {
    let step = NEWS_PERIOD / TURNS as u32;
    let (mut turn, mut round) = (0, 0u64);
    loop {
        thread::sleep(step);
        let Some(registry) = registry.upgrade() else {
            return;
        };
        let due = registry.with_lobby_news(|news| news.due(turn, round));
        let gone: Vec<ClientId> = (due.into_iter())
            .filter(|(_, notify)| !notify())
            .map(|(client, _)| client)
            .collect();
        if !gone.is_empty() {
            registry.with_lobby_news(|news| gone.iter().for_each(|&c| news.forget(c)));
        }
        turn = (turn + 1) % TURNS;
        if turn == 0 {
            round = round.wrapping_add(1);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn turns_spread_clients_evenly_over_the_period() {
        let mut counts = [0usize; TURNS as usize];
        for client in 0..2000 {
            counts[turn_of(client) as usize] += 1;
        }
        let even = 2000 / TURNS as usize;
        let near = (even * 4 / 5)..=(even * 6 / 5);
        assert!(counts.iter().all(|n| near.contains(n)), "{counts:?}");
    }

    #[test]
    fn a_crowd_hears_in_turns_over_periods_never_more_than_the_bound_a_period() {
        let lobbies = NEWS_PER_PERIOD * 3 - 100;
        let mut news = LobbyNews::default();
        for client in 0..lobbies {
            news.listen(client, Arc::new(|| true));
        }
        news.changed();
        // Every lobby hears once in the three periods, and each period tells at most the
        // bound (about a third of the crowd).
        let mut heard = std::collections::HashSet::new();
        for round in 0..3 {
            let told: Vec<ClientId> = (0..TURNS)
                .flat_map(|turn| news.due(turn, round))
                .map(|(client, _)| client)
                .collect();
            assert!(
                told.len() as u64 <= NEWS_PER_PERIOD,
                "{} in period {round}",
                told.len()
            );
            assert!(
                told.len() as u64 >= NEWS_PER_PERIOD * 4 / 5,
                "{}",
                told.len()
            );
            heard.extend(told);
        }
        assert_eq!(heard.len() as u64, lobbies);
    }

    #[test]
    fn a_lobby_hears_once_at_its_turn_however_many_changes_came() {
        let mut news = LobbyNews::default();
        let told = Arc::new(std::sync::atomic::AtomicUsize::new(0));
        let counter = told.clone();
        assert!(news.listen(
            7,
            Arc::new(move || counter.fetch_add(1, std::sync::atomic::Ordering::SeqCst) < 100)
        ));
        let turn = turn_of(7);
        assert!(news.due(turn, 0).is_empty(), "nothing changed yet");
        news.changed();
        news.changed();
        news.changed();
        assert!(news.due((turn + 1) % TURNS, 0).is_empty(), "not its turn");
        assert_eq!(news.due(turn, 0).len(), 1);
        assert!(news.due(turn, 0).is_empty(), "told already");
        news.changed();
        assert_eq!(news.due(turn, 0).len(), 1);
        news.forget(7);
        news.changed();
        assert!(news.due(turn, 0).is_empty(), "forgotten");
    }

    #[test]
    fn progress_alone_is_told_every_few_periods_and_a_change_brings_it_at_once() {
        let mut news = LobbyNews::default();
        let client = 11;
        news.listen(client, Arc::new(|| true));
        let turn = turn_of(client);
        // Over many periods with a move in each, the lobby hears once every few periods.
        let rounds = PROGRESS_PERIODS * 10;
        let mut told = Vec::new();
        for round in 0..rounds {
            news.progressed();
            if !news.due(turn, round).is_empty() {
                told.push(round);
            }
        }
        assert_eq!(told.len() as u64, 10, "{told:?}");
        assert!(told.windows(2).all(|w| w[1] - w[0] == PROGRESS_PERIODS));
        // A change comes at the next turn, whatever the period, and carries the progress.
        let round = (0..).find(|r| !told.contains(r) && (r + client) % PROGRESS_PERIODS != 0);
        let round = round.unwrap_or(1);
        news.progressed();
        news.changed();
        assert_eq!(news.due(turn, round).len(), 1);
        assert!(
            news.due(turn, round + PROGRESS_PERIODS * 5).is_empty(),
            "told already"
        );
    }

    #[test]
    fn the_list_gives_back_the_room_of_a_crowd_that_left() {
        let mut news = LobbyNews::default();
        for client in 0..6000 {
            news.listen(client, Arc::new(|| true));
        }
        for client in 10..6000 {
            news.forget(client);
        }
        assert_eq!(news.listeners.len(), 10);
        assert!(
            news.listeners.capacity() <= 128,
            "{}",
            news.listeners.capacity()
        );
    }
}
