//! Who is online and where to play: each server says every second who is connected to it
//! and which tables it has open, and reads the same of every server sharing its database
//! (players with their ratings), for the lobbies. Lobbies are told only when that changed.

use std::collections::HashMap;
use std::sync::{Arc, Weak};
use std::thread;
use std::time::Duration;

use super::Shared;
use crate::controller::table::Kind;
use crate::controller::tables::Summary;
use crate::games::GameKind;
use crate::store::worker::now;
use crate::store::{AccountId, LICHESS, Online, ServerTable};
use crate::tui::lobby::{ElsewhereTable, OnlinePlayer};

/// What the lobbies are shown of every server sharing the database.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct Heard {
    /// Who is online, here and elsewhere: one list every lobby shares.
    pub online: Arc<Vec<OnlinePlayer>>,
    /// The tables open on the other servers.
    pub tables: Vec<ElsewhereTable>,
}

/// How often a server says who is connected and reads who is.
const BEAT: Duration = Duration::from_secs(1);
/// A server that has not spoken for this many seconds is gone (its players are not listed).
const STALE_SECS: i64 = 5;
/// How long a beat waits for the store.
const WAIT: Duration = Duration::from_secs(2);
/// A server whose players did not change says so again at least this often, so the others
/// do not take it for gone.
const RESAY_SECS: i64 = 2;

/// Starts the beat of `shared`'s server, called `server` and reached at `address`; it ends
/// with the server.
pub(crate) fn start(shared: &Arc<Shared>, server: String, address: String) -> std::io::Result<()> {
    let weak = Arc::downgrade(shared);
    thread::Builder::new()
        .name("trios-presence".into())
        .spawn(move || beat(&weak, &server, &address))?;
    Ok(())
}

fn beat(shared: &Weak<Shared>, server: &str, address: &str) {
    let mut said = Said::default();
    loop {
        {
            let Some(shared) = shared.upgrade() else {
                return;
            };
            if shared.stopping() {
                return;
            }
            let fresh = read(&shared, server, address, &mut said);
            let mut shown = super::lock(&shared.online_view);
            if *shown != fresh {
                *shown = fresh;
                drop(shown);
                shared.tables.notify_lobby();
            }
        }
        thread::sleep(BEAT);
    }
}

/// What this server last said of its players and tables, and when: it says it again only
/// when that changed, or every [`RESAY_SECS`].
#[derive(Default)]
struct Said {
    online: Vec<Online>,
    tables: Vec<String>,
    at: i64,
}

/// A table as other servers' lobbies list it: game, players and how far it is
/// (`Reversi  alice vs open seat  waiting for a player`). Showcases are every server's own
/// and are not listed.
pub fn table_line(table: &Summary, short_title: fn(GameKind) -> &'static str) -> Option<String> {
    if table.kind == Kind::Showcase {
        return None;
    }
    let sep = if table.race.is_some() { ", " } else { " vs " };
    let players: Vec<String> = table.seats.iter().map(|s| s.label()).collect();
    let open = table
        .seats
        .iter()
        .any(|s| s.state == crate::controller::table::SeatState::Open);
    let status = if table.outcome.is_some() {
        "over".to_string()
    } else if open
        || (table.race.as_ref()).is_some_and(|r| r.phase == crate::games::race::Phase::Waiting)
    {
        "waiting for players".to_string()
    } else {
        format!("move {}/{}", table.moves, table.cells)
    };
    Some(format!(
        "{:<8}{}  {status}",
        short_title(table.game),
        players.join(sep)
    ))
}

/// The other servers' tables, theirs only, as the lobbies list them.
fn elsewhere(tables: Vec<ServerTable>, server: &str) -> Vec<ElsewhereTable> {
    tables
        .into_iter()
        .filter(|t| t.server != server)
        .map(|t| ElsewhereTable {
            line: t.line,
            address: t.address,
        })
        .collect()
}

/// Says who is here (when that changed, or to stay fresh), and reads who is everywhere; on a
/// store error, only who is here.
fn read(shared: &Shared, server: &str, address: &str, said: &mut Said) -> Heard {
    let here: Vec<Online> = super::lock(&shared.online)
        .values()
        .map(|who| Online {
            server: server.to_string(),
            address: address.to_string(),
            account: who.proof.account(),
            handle: who.user.clone(),
        })
        .collect();
    let only_here = |here| Heard {
        online: Arc::new(listed(here, &HashMap::new(), server)),
        tables: Vec::new(),
    };
    let Some(store) = &shared.store else {
        return only_here(here);
    };
    let mut here = here;
    here.sort_by(|a, b| (&a.handle, a.account).cmp(&(&b.handle, b.account)));
    let tables: Vec<String> = (shared.tables.list().iter())
        .filter_map(|t| table_line(t, shared.games.short_title))
        .collect();
    let t = now();
    let say = here != said.online || tables != said.tables || t - said.at >= RESAY_SECS;
    if say {
        said.online = here.clone();
        said.tables = tables.clone();
        said.at = t;
    }
    let (me, at, mine) = (server.to_string(), address.to_string(), here.clone());
    let answer = store.ask(WAIT, move |s| {
        if say {
            s.put_presence(&me, &at, &mine, t)?;
            s.put_tables(&me, &at, &tables, t)?;
        }
        let open = s.tables(t, STALE_SECS)?;
        let renamed = s.renamed_online(&me)?;
        let everyone = s.presence(t, STALE_SECS)?;
        let mut ratings: HashMap<AccountId, Vec<(String, String)>> = HashMap::new();
        for (account, r) in s.online_ratings(t, STALE_SECS)? {
            let shown = r.as_of(t, &LICHESS).shown(&LICHESS);
            ratings.entry(account).or_default().push((r.group, shown));
        }
        Ok((everyone, ratings, open, renamed))
    });
    match answer {
        Ok((everyone, ratings, open, renamed)) => {
            tell_renamed(shared, renamed);
            Heard {
                online: Arc::new(listed(everyone, &ratings, server)),
                tables: elsewhere(open, server),
            }
        }
        Err(_) => only_here(here),
    }
}

/// Accounts connected here whose handle changed in the database (`trios players rename`):
/// each of their sessions takes the new handle at once. A game already in play keeps the
/// names it began with, as its record does.
fn tell_renamed(shared: &Shared, renamed: Vec<(AccountId, String)>) {
    for (account, handle) in renamed {
        let clients: Vec<u64> = super::lock(&shared.online)
            .iter_mut()
            .filter(|(_, who)| who.proof.account() == Some(account))
            .map(|(client, who)| {
                who.user.clone_from(&handle);
                *client
            })
            .collect();
        tracing::info!(
            account,
            handle = %crate::escape::escape(&handle),
            sessions = clients.len(),
            "an account connected here was renamed"
        );
        for client in clients {
            let handle = handle.clone();
            (shared.workers).call(client, move |session: &mut super::task::Session| {
                session.renamed(&handle)
            });
        }
    }
}

/// The lobby's list: one line a person, in handle order, those elsewhere with their server's
/// address.
fn listed(
    online: Vec<Online>,
    ratings: &HashMap<AccountId, Vec<(String, String)>>,
    server: &str,
) -> Vec<OnlinePlayer> {
    let mut people: Vec<OnlinePlayer> = online
        .into_iter()
        .map(|o| OnlinePlayer {
            guest: o.account.is_none(),
            ratings: o
                .account
                .and_then(|a| ratings.get(&a).cloned())
                .unwrap_or_default(),
            elsewhere: (o.server != server).then_some(o.address),
            handle: o.handle,
        })
        .collect();
    people.sort_by(|a, b| a.handle.cmp(&b.handle).then(a.elsewhere.cmp(&b.elsewhere)));
    people.dedup();
    people
}
