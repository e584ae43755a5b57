//! What the registry needs of each kind of table — a duel of one game's setup
//! ([`Table`](super::table::Table)) or a race ([`RaceTable`](super::race_table::RaceTable)) —
//! to open it, seat people at it, pass their requests on and close it. The registry has one
//! way in for every kind: `open`, `join`, `ask`.

use std::sync::Arc;
use std::sync::mpsc::{Receiver, Sender};

use super::audience::Teller;
use super::refusal::{Refused, TableError};
use super::table::{ClientId, Identity, TableId, Want};
use super::tables::{Registry, Summary};

/// A message to a table's thread, of any kind.
pub enum Command<K: TableKind> {
    /// Sit down (or watch, by `want`); `tell` hears the table's news from then on.
    Join {
        client: ClientId,
        who: Identity,
        want: Want,
        tell: Teller<K::News>,
        reply: Sender<Result<K::Joined, Refused>>,
    },
    /// The client left the table (`dropped`: its connection went away).
    Leave { client: ClientId, dropped: bool },
    /// A player's move or request.
    Ask {
        client: ClientId,
        request: K::Request,
    },
    /// What the table's own helpers report (a computer seat's move).
    Own(K::Own),
    /// Close the table, telling everyone at it why (the server is stopping, or its player
    /// opened too many tables).
    Stop(String),
}

/// A kind of table: how it is set up, what it tells and is asked, and how it runs.
pub trait TableKind: Sized + Send + 'static {
    /// How a table of this kind is set up.
    type Spec: Send + 'static;
    /// What the table tells the people at it.
    type News: Send + 'static;
    /// What a player asks of it.
    type Request: Send + 'static;
    /// Everything a client needs to show the table from where it stands.
    type Joined: Send + 'static;
    /// What the table's own helpers send it ([`std::convert::Infallible`]: nothing).
    type Own: Send + 'static;

    /// The person the new table seats at once, whose tables count against
    /// [`SEATS_PER_PERSON`](super::tables::SEATS_PER_PERSON) (none for a showcase).
    fn opener(spec: &Self::Spec) -> Option<&Identity>;
    /// Sets table `id` up (deals its first game); `commands` reaches its own thread.
    fn new(
        id: TableId,
        spec: Self::Spec,
        registry: Arc<Registry>,
        commands: Sender<Command<Self>>,
    ) -> Result<Self, TableError>;
    /// What the lobby shows of the table.
    fn summary(&self) -> Summary;
    /// The name of table `id`'s thread (`trios-table-7`, `trios-race-7`).
    fn thread_name(id: TableId) -> String;
    /// Runs the table on its thread until it closes.
    fn run(self, inbox: Receiver<Command<Self>>);
}

/// A setup that says which kind of table it opens, so [`Registry::open`] takes any.
pub trait OpensTable: Send + 'static {
    type Table: TableKind;
    /// The setup as its table takes it.
    fn into_spec(self) -> <Self::Table as TableKind>::Spec;
}
