//! The server's tables: opening them, listing them for the lobby, and passing messages to
//! them. Each table runs on its own thread (see [`super::table`]); this registry only knows
//! how to reach it and what it last said about itself.

use std::collections::BTreeMap;
use std::sync::mpsc::{self, Sender};
use std::sync::{Arc, Mutex, MutexGuard};
use std::thread;
use std::time::Duration;

use super::table::{
    ClientId, Command, Identity, Joined, Kind, Proof, Request, SeatView, Table, TableId, TableSpec,
    Tell, Want,
};
use crate::games::three_trios::{Outcome, RuleSet};

/// What the lobby shows of a table.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Summary {
    pub id: TableId,
    pub kind: Kind,
    pub seats: [SeatView; 2],
    /// Moves played, out of `cells` in a whole game.
    pub moves: usize,
    pub cells: usize,
    pub outcome: Option<Outcome>,
    /// People watching.
    pub watchers: usize,
    /// The board file's name and the rules in play.
    pub board: String,
    pub rules: RuleSet,
    /// People whose seats are kept for them while they are away.
    pub away: Vec<Identity>,
    /// People sitting at the table now.
    pub present: Vec<Identity>,
}

impl Summary {
    /// Whether `who` has a seat here to go (back) to: one kept while they are away, or one
    /// they hold from another session and prove with their key (that session may be a
    /// connection that died without a word).
    pub fn keeps_seat_for(&self, who: &Identity) -> bool {
        self.away.contains(who)
            || (matches!(who.proof, Proof::Key(_)) && self.present.contains(who))
    }
}

/// How a lobby screen hears that the list changed; returns `false` once it is gone.
pub type Notify = Arc<dyn Fn() -> bool + Send + Sync>;

/// How long a caller waits for a table to answer a join.
const JOIN_WAIT: Duration = Duration::from_secs(5);

struct Entry {
    commands: Sender<Command>,
    summary: Option<Summary>,
}

#[derive(Default)]
struct Inner {
    next_id: TableId,
    tables: BTreeMap<TableId, Entry>,
    lobby: Vec<(ClientId, Notify)>,
}

/// All tables of one server.
#[derive(Default)]
pub struct Registry {
    inner: Mutex<Inner>,
}

impl Registry {
    pub fn new() -> Arc<Registry> {
        Arc::new(Registry::default())
    }

    fn lock(&self) -> MutexGuard<'_, Inner> {
        // A panic elsewhere while holding the lock leaves the map itself consistent.
        self.inner.lock().unwrap_or_else(|e| e.into_inner())
    }

    /// Deals a table's first game and starts its thread; returns its number.
    pub fn open(self: &Arc<Self>, spec: TableSpec) -> Result<TableId, String> {
        let (commands, inbox) = mpsc::channel();
        let id = {
            let mut inner = self.lock();
            inner.next_id += 1;
            inner.next_id
        };
        let table = Table::new(id, spec, self.clone(), commands.clone())?;
        self.lock().tables.insert(
            id,
            Entry {
                commands,
                summary: Some(table.summary()),
            },
        );
        let spawned = thread::Builder::new()
            .name(format!("trios-table-{id}"))
            .spawn(move || table.run(inbox));
        if let Err(e) = spawned {
            self.lock().tables.remove(&id);
            return Err(format!("cannot start the table: {e}"));
        }
        self.notify_lobby();
        Ok(id)
    }

    /// Every open table, by number.
    pub fn list(&self) -> Vec<Summary> {
        self.lock()
            .tables
            .values()
            .filter_map(|e| e.summary.clone())
            .collect()
    }

    /// Takes a seat at or watches `table`; from then on `tell` hears its news.
    pub fn join(
        &self,
        table: TableId,
        client: ClientId,
        who: Identity,
        want: Want,
        tell: Tell,
    ) -> Result<Joined, String> {
        let (reply, answer) = mpsc::channel();
        self.send(
            table,
            Command::Join {
                client,
                who,
                want,
                tell,
                reply,
            },
        )?;
        match answer.recv_timeout(JOIN_WAIT) {
            Ok(joined) => joined,
            Err(_) => {
                // Should the table answer after all, it must not keep a seat for a client
                // that gave up.
                self.leave(table, client, true);
                Err(format!("table {table} did not answer"))
            }
        }
    }

    /// Passes a player's request to their table.
    pub fn ask(&self, table: TableId, client: ClientId, request: Request) {
        let _ = self.send(table, Command::Ask { client, request });
    }

    /// Tells `table` the client left (`dropped`: its connection went away).
    pub fn leave(&self, table: TableId, client: ClientId, dropped: bool) {
        let _ = self.send(table, Command::Leave { client, dropped });
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

    /// Has `notify` called whenever the list of tables changes.
    pub fn watch_lobby(&self, client: ClientId, notify: Notify) {
        self.lock().lobby.push((client, notify));
    }

    pub fn unwatch_lobby(&self, client: ClientId) {
        self.lock().lobby.retain(|(c, _)| *c != client);
    }

    /// Asks every table to close (the server is stopping).
    pub fn stop_all(&self) {
        for entry in self.lock().tables.values() {
            let _ = entry.commands.send(Command::Stop);
        }
    }

    fn send(&self, table: TableId, command: Command) -> Result<(), String> {
        let inner = self.lock();
        let entry = inner
            .tables
            .get(&table)
            .ok_or_else(|| format!("table {table} has closed"))?;
        entry
            .commands
            .send(command)
            .map_err(|_| format!("table {table} has closed"))
    }

    /// A table's new summary; the lobby hears of it only if something shows differently.
    pub(super) fn update(&self, summary: Summary) {
        let changed = {
            let mut inner = self.lock();
            match inner.tables.get_mut(&summary.id) {
                Some(entry) if entry.summary.as_ref() != Some(&summary) => {
                    entry.summary = Some(summary);
                    true
                }
                _ => false,
            }
        };
        if changed {
            self.notify_lobby();
        }
    }

    pub(super) fn remove(&self, table: TableId) {
        self.lock().tables.remove(&table);
        self.notify_lobby();
    }

    /// Tells every lobby screen the list changed. The calls happen outside the lock, so a
    /// notifier may use the registry; screens that are gone are dropped.
    fn notify_lobby(&self) {
        let watchers: Vec<(ClientId, Notify)> = self.lock().lobby.clone();
        let gone: Vec<ClientId> = watchers
            .into_iter()
            .filter(|(_, notify)| !notify())
            .map(|(client, _)| client)
            .collect();
        if !gone.is_empty() {
            self.lock().lobby.retain(|(c, _)| !gone.contains(c));
        }
    }
}
