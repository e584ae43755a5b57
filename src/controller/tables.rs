//! The server's tables: opening them, listing them for the lobby, and passing messages to
//! them. Each table runs on its own thread (see [`super::table`]); this registry only knows
//! how to reach it and what it last said about itself.

use std::any::Any;
use std::collections::BTreeMap;
use std::sync::mpsc::{self, Sender};
use std::sync::{Arc, Mutex, MutexGuard};
use std::thread;
use std::time::Duration;

use super::audience::Teller;
use super::race_table::Phase;
use super::refusal::{Refused, TableError};
use super::table::{ClientId, Identity, Kind, SeatView, TableId, Want};
use super::table_kind::{Command, OpensTable, TableKind};
use crate::games::{GameKind, Verdict};

/// What the lobby shows of a table.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Summary {
    pub id: TableId,
    /// The game played at the table.
    pub game: GameKind,
    pub kind: Kind,
    /// The seats in order (a race: its players, in the order they joined).
    pub seats: Vec<SeatView>,
    /// Moves played, out of `cells` in a whole game.
    pub moves: usize,
    pub cells: usize,
    pub outcome: Option<Verdict>,
    /// People watching.
    pub watchers: usize,
    /// The board file's name (another game's table: its title).
    pub board: String,
    /// What the game says of the rules in play (`same + plus`); empty for its usual rules.
    pub rules: String,
    /// People whose seats are kept for them while they are away.
    pub away: Vec<Identity>,
    /// People sitting at the table now.
    pub present: Vec<Identity>,
    /// A race table's state (`None` for a table of two seats).
    pub race: Option<RaceStatus>,
    /// The time control of a duel on a clock.
    pub clock: Option<crate::setup::clock::TimeControl>,
}

/// What the lobby shows of a race.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct RaceStatus {
    pub phase: Phase,
    /// The winner (the best score, unshared), once the race is over.
    pub leader: Option<String>,
}

impl Summary {
    /// Whether `who` has a seat here to go (back) to: one kept while they are away, or one
    /// they hold from another session and prove with their key (that session may be a
    /// connection that died without a word).
    pub fn keeps_seat_for(&self, who: &Identity) -> bool {
        self.away.contains(who) || (who.proof.keyed() && self.present.contains(who))
    }
}

/// How a lobby screen hears that the list changed; returns `false` once it is gone.
pub type Notify = Arc<dyn Fn() -> bool + Send + Sync>;

/// How long a caller waits for a table to answer a join.
const JOIN_WAIT: Duration = Duration::from_secs(5);

/// The most tables one person (name and key, or name and address) may hold a seat at,
/// present or kept while away. Each table is a thread and a match in memory for the whole
/// grace period, so without a cap one connection could open tables without end.
pub const SEATS_PER_PERSON: usize = 3;

/// Why every table closes when the server stops.
const SHUTTING_DOWN: &str = "the server is shutting down";

/// A word every table understands, whatever its game.
enum Plain {
    Leave {
        client: ClientId,
        dropped: bool,
    },
    /// Close, for this reason.
    Stop(String),
}

struct Entry {
    /// The table's `Sender<Command<K>>`, for its own kind `K`.
    commands: Box<dyn Any + Send>,
    /// Passes a [`Plain`] word on; `false` once the table is gone.
    plain: Box<dyn Fn(Plain) -> bool + Send>,
    summary: Option<Summary>,
    /// Asked to close to make room for its player's newer table; no longer counts as a seat.
    closing: bool,
}

#[derive(Default)]
struct Inner {
    next_id: TableId,
    tables: BTreeMap<TableId, Entry>,
    lobby: super::lobby_news::LobbyNews,
}

/// All tables of one server.
#[derive(Default)]
pub struct Registry {
    inner: Mutex<Inner>,
    /// Where finished games go to be kept and rated; unset, nothing is kept.
    ratings: std::sync::OnceLock<super::rated::Ratings>,
}

impl Registry {
    pub fn new() -> Arc<Registry> {
        Arc::new(Registry::default())
    }

    /// Has every table report its finished games to `ratings` (set once, at start).
    pub fn keep_results(&self, ratings: super::rated::Ratings) {
        let _ = self.ratings.set(ratings);
    }

    /// Where finished games go, if anywhere.
    pub fn ratings(&self) -> Option<&super::rated::Ratings> {
        self.ratings.get()
    }

    fn lock(&self) -> MutexGuard<'_, Inner> {
        // A panic elsewhere while holding the lock leaves the map itself consistent.
        self.inner.lock().unwrap_or_else(|e| e.into_inner())
    }

    /// Opens a table of the kind its setup names — a duel of one game's setup, or a race —
    /// deals its first game and starts its thread; returns its number. An opener who holds
    /// [`SEATS_PER_PERSON`] seats already makes room first, or is refused.
    pub fn open<S: OpensTable>(self: &Arc<Self>, spec: S) -> Result<TableId, TableError> {
        let spec = spec.into_spec();
        if let Some(opener) = S::Table::opener(&spec) {
            self.make_room_for(opener)?;
        }
        let (commands, inbox) = mpsc::channel::<Command<S::Table>>();
        let id = self.next_id();
        let table = S::Table::new(id, spec, self.clone(), commands.clone())?;
        let plain_commands = commands.clone();
        let plain = Box::new(move |word: Plain| {
            let command = match word {
                Plain::Leave { client, dropped } => Command::Leave { client, dropped },
                Plain::Stop(reason) => Command::Stop(reason),
            };
            plain_commands.send(command).is_ok()
        });
        let summary = table.summary();
        self.lock().tables.insert(
            id,
            Entry {
                commands: Box::new(commands),
                plain,
                summary: Some(summary),
                closing: false,
            },
        );
        let spawned = thread::Builder::new()
            .name(S::Table::thread_name(id))
            .spawn(move || table.run(inbox));
        if let Err(e) = spawned {
            self.lock().tables.remove(&id);
            return Err(TableError::Spawn(e));
        }
        self.notify_lobby();
        Ok(id)
    }

    /// Keeps `who` within [`SEATS_PER_PERSON`] before they open another table: their oldest
    /// tables with nobody else seated (a game against the computer left for the lobby) are
    /// closed; when only tables shared with other people are left, the new one is refused.
    fn make_room_for(&self, who: &Identity) -> Result<(), TableError> {
        let mut inner = self.lock();
        // Each table where `who` has a seat: its number, whether nobody else is seated, and
        // whether `who` sits there now (from another connection, or not yet seen leaving).
        let held: Vec<(TableId, bool, bool)> = inner
            .tables
            .iter()
            .filter(|(_, e)| !e.closing)
            .filter_map(|(id, e)| e.summary.as_ref().map(|s| (*id, s)))
            .filter(|(_, s)| s.kind != Kind::Showcase)
            .filter(|(_, s)| s.away.contains(who) || s.present.contains(who))
            .map(|(id, s)| {
                let alone = s.away.iter().chain(&s.present).all(|p| p == who);
                (id, alone, s.present.contains(who))
            })
            .collect();
        // Room for the new table: at most SEATS_PER_PERSON - 1 may stay.
        let excess = (held.len() + 1).saturating_sub(SEATS_PER_PERSON);
        if excess == 0 {
            return Ok(());
        }
        // The oldest tables left for the lobby go first, then the oldest sat at.
        let mut alone: Vec<(bool, TableId)> = held
            .iter()
            .filter(|(_, alone, _)| *alone)
            .map(|(id, _, present)| (*present, *id))
            .collect();
        alone.sort();
        let oldest_alone: Vec<TableId> = alone.iter().map(|(_, id)| *id).take(excess).collect();
        if oldest_alone.len() < excess {
            return Err(TableError::TooManySeats { held: held.len() });
        }
        for id in oldest_alone {
            if let Some(entry) = inner.tables.get_mut(&id) {
                tracing::info!(
                    table = id,
                    user = %crate::escape::escape(&who.user),
                    "closed: its player opened more than {SEATS_PER_PERSON} tables"
                );
                entry.closing = true;
                let _ = (entry.plain)(Plain::Stop(format!(
                    "{} opened a newer table (at most {SEATS_PER_PERSON} a person)",
                    who.user
                )));
            }
        }
        Ok(())
    }

    /// A new table's number.
    fn next_id(&self) -> TableId {
        let mut inner = self.lock();
        inner.next_id += 1;
        inner.next_id
    }

    /// Every open table: the showcase first, then by number.
    pub fn list(&self) -> Vec<Summary> {
        let mut list: Vec<Summary> = self
            .lock()
            .tables
            .values()
            .filter_map(|e| e.summary.clone())
            .collect();
        // The showcase heads the list even after it hands over to a new table; then the
        // tables in the order they opened.
        list.sort_by_key(|t| (t.kind != Kind::Showcase, t.id));
        list
    }

    /// The game played at `table`, while it is open.
    pub fn game_of(&self, table: TableId) -> Option<GameKind> {
        self.lock()
            .tables
            .get(&table)
            .and_then(|e| e.summary.as_ref())
            .map(|s| s.game)
    }

    /// Takes a seat at or watches (by `want`) `table`, a table of kind `K`; from then on
    /// `tell` hears its news.
    pub fn join<K: TableKind>(
        &self,
        table: TableId,
        client: ClientId,
        who: Identity,
        want: Want,
        tell: Teller<K::News>,
    ) -> Result<K::Joined, TableError> {
        self.join_with(table, client, |reply| Command::<K>::Join {
            client,
            who,
            want,
            tell,
            reply,
        })
    }

    /// Sends `table` the join command `join` makes around a reply channel, and waits for the
    /// answer.
    fn join_with<M: Send + 'static, J: Send + 'static>(
        &self,
        table: TableId,
        client: ClientId,
        join: impl FnOnce(Sender<Result<J, Refused>>) -> M,
    ) -> Result<J, TableError> {
        let (reply, answer) = mpsc::channel();
        self.send_to(table, join(reply))?;
        match answer.recv_timeout(JOIN_WAIT) {
            Ok(joined) => Ok(joined?),
            Err(_) => {
                // Should the table answer after all, it must not keep a seat for a client
                // that gave up.
                self.leave(table, client, true);
                Err(TableError::NoAnswer(table))
            }
        }
    }

    /// Passes a player's move or request to their table, of kind `K`.
    pub fn ask<K: TableKind>(&self, table: TableId, client: ClientId, request: K::Request) {
        let _ = self.send_to(table, Command::<K>::Ask { client, request });
    }

    /// Tells `table` the client left (`dropped`: its connection went away).
    pub fn leave(&self, table: TableId, client: ClientId, dropped: bool) {
        if let Some(entry) = self.lock().tables.get(&table) {
            let _ = (entry.plain)(Plain::Leave { client, dropped });
        }
    }

    /// The table keeping a seat for `who`, if any.
    pub fn seat_kept_for(&self, who: &Identity) -> Option<TableId> {
        self.lock()
            .tables
            .values()
            .filter_map(|e| e.summary.as_ref())
            .find(|s| s.keeps_seat_for(who))
            .map(|s| s.id)
    }

    /// Has `notify` called when what the lobbies show changed: at most once a
    /// [`NEWS_PERIOD`](super::lobby_news::NEWS_PERIOD), at the client's own turn in it.
    pub fn watch_lobby(self: &Arc<Self>, client: ClientId, notify: Notify) {
        let start = self.lock().lobby.listen(client, notify);
        if start {
            super::lobby_news::start_courier(self);
        }
    }

    pub fn unwatch_lobby(&self, client: ClientId) {
        self.lock().lobby.forget(client);
    }

    /// Runs `f` on the lobbies' news, under the registry's lock.
    pub(super) fn with_lobby_news<T>(
        &self,
        f: impl FnOnce(&mut super::lobby_news::LobbyNews) -> T,
    ) -> T {
        f(&mut self.lock().lobby)
    }

    /// Asks every table to close (the server is stopping).
    pub fn stop_all(&self) {
        for entry in self.lock().tables.values() {
            let _ = (entry.plain)(Plain::Stop(SHUTTING_DOWN.into()));
        }
    }

    /// Passes `command` to `table`, whose thread takes commands of type `M`.
    fn send_to<M: Send + 'static>(&self, table: TableId, command: M) -> Result<(), TableError> {
        let inner = self.lock();
        let entry = inner.tables.get(&table).ok_or(TableError::Closed(table))?;
        let commands = entry
            .commands
            .downcast_ref::<Sender<M>>()
            .ok_or(TableError::OtherGame(table))?;
        commands
            .send(command)
            .map_err(|_| TableError::Closed(table))
    }

    /// A table's new summary; the lobby hears of it only if something shows differently,
    /// and of moves played alone only now and then.
    pub(super) fn update(&self, summary: Summary) {
        let mut inner = self.lock();
        let Some(entry) = inner.tables.get_mut(&summary.id) else {
            return;
        };
        let mut summary = summary;
        let progress_only = match &entry.summary {
            Some(old) if *old == summary => return,
            Some(old) => {
                // Compared with the old move count, without a copy of the summary.
                let moves = std::mem::replace(&mut summary.moves, old.moves);
                let same = *old == summary;
                summary.moves = moves;
                same
            }
            None => false,
        };
        entry.summary = Some(summary);
        if progress_only {
            inner.lobby.progressed();
        } else {
            inner.lobby.changed();
        }
    }

    pub(super) fn remove(&self, table: TableId) {
        self.lock().tables.remove(&table);
        self.notify_lobby();
    }

    /// Tells every lobby that what it shows changed (the tables, or who is online): each
    /// hears at its turn.
    pub fn notify_lobby(&self) {
        self.lock().lobby.changed();
    }
}
