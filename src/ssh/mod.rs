//! `trios serve`: the full-screen game over SSH. Each connection with a pty plays its own
//! match against the computer; nothing else (no shell, commands, files or forwarding) is served.
//!
//! This module listens, admits connections within the limits (sessions at once, connections
//! a minute per address, unfinished logins per address and in all, a grace time to start a
//! game), and keeps the host key; `handler` speaks SSH for one connection, `session` runs its
//! game, and `input` turns its bytes into keys.

pub mod account;
pub mod handler;
pub mod lobby;
pub mod lobby_view;
mod memory;
pub mod name;
mod pairing;
pub mod players;
mod presence;
pub mod session;
mod startup;
mod task;
mod turned_away;
mod workers;

use std::collections::{HashMap, VecDeque};
use std::fs::{self, OpenOptions};
use std::io::{self, Write};
use std::net::{IpAddr, SocketAddr};
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicU64, AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use russh::keys::ssh_key::{self, LineEnding};
use russh::keys::{Algorithm, PrivateKey, PublicKey};
use russh::{MethodKind, MethodSet};
use tokio::net::TcpListener;
use tokio::sync::watch;
use tokio::task::JoinHandle;

use crate::controller::Seat;
use crate::controller::refusal::TableError;
use crate::controller::table::{Kind, Successor, TableId, TableSpec};
use crate::controller::table_game::TableGame;
use crate::controller::tables::Registry;
use crate::games::GameKind;
use crate::setup::Base;
use handler::SshHandler;
use lobby::Choices;
use startup::{Live, Startups};
pub(crate) use turned_away::TurnedAway;

/// Connections beyond `max_sessions` still get a handshake to be told why they are refused;
/// beyond this many more (besides the unfinished logins, which have a limit of their own),
/// they are closed at once without a word.
const REFUSAL_HEADROOM: usize = 16;
/// How often old match records are pruned.
const RECORD_PRUNING: Duration = Duration::from_secs(3600);
/// How often a silent client is asked whether it is still there.
const KEEPALIVE: Duration = Duration::from_secs(15);
/// The window of the per-address rate limit.
const RATE_WINDOW: Duration = Duration::from_secs(60);

/// How a server runs.
#[derive(Clone)]
pub struct ServeConfig {
    /// Where to listen (port 0 picks a free port; see [`ServerHandle::local_addr`]).
    pub listen: SocketAddr,
    pub host_key: PrivateKey,
    /// Games at once; more connections are refused with a message.
    pub max_sessions: usize,
    /// New connections a minute from one IP address; more are refused with a message.
    pub connections_per_minute: usize,
    /// A game with no input for this long is ended with a message.
    pub idle_timeout: Duration,
    /// When set, only these keys may log in; otherwise anyone may, by any method.
    pub authorized_keys: Option<Vec<PublicKey>>,
    /// The setup each game is dealt from (the lobby changes board, rules and seats).
    pub game: Base,
    /// Deal every game from `game.seed` (the same deal for everyone) instead of a fresh seed
    /// per game.
    pub fixed_seed: bool,
    /// How long a seat is kept for a player who left mid-match.
    pub grace: Duration,
    /// Where matches with people in them are recorded (`<dir>/matches/`); `None` records
    /// nothing.
    pub data_dir: Option<PathBuf>,
    /// The always-running showcase: each game listed with the two computers that play it,
    /// one game at a time in this order, the computers changing sides each time a game comes
    /// round again; empty runs none. [`ServeConfig::new`] lists every game that has a
    /// showcase, with its entry's computers.
    pub showcases: Vec<(GameKind, [String; 2])>,
    /// What the server knows of the games, from the registry.
    pub games: Games,
    /// The game the lobby opens on (its Game row offers every game).
    pub lobby_game: GameKind,
    /// The showcase's least time between moves, so watchers can follow.
    pub showcase_pace: Duration,
    /// How long the showcase shows a finished game before the next.
    pub showcase_rest: Duration,
    /// A connection that has not logged in and started a game within this long is closed
    /// (OpenSSH's `LoginGraceTime`).
    pub login_grace: Duration,
    /// Connections not yet logged in, in all; more are closed at once (OpenSSH's
    /// `MaxStartups`).
    pub max_startups: usize,
    /// Connections not yet logged in from one address; more from it are closed at once, so
    /// one address cannot take every place in `max_startups`.
    pub max_startups_per_address: usize,
    /// Where accounts, ratings and histories are kept; `None` keeps nothing (every player
    /// is a guest).
    pub store: Option<crate::store::worker::StoreService>,
    /// Rate games between players who connect from one address (behind one NAT).
    pub rated_same_address: bool,
    /// Where players reach this server (`host:port`), shown in the lobbies of other servers
    /// sharing its database; the listening address when unset.
    pub public_address: Option<String>,
}

/// What the server needs to know of the games, handed in by the registry above it: the
/// server itself names no game.
#[derive(Clone, Copy)]
pub struct Games {
    /// Each game's showcase, where computers play it for watchers.
    pub showcase: fn(GameKind) -> Option<&'static Showcase>,
    /// Each game's reader of its records (old records are pruned through it).
    pub readers: crate::record::Readers,
    /// Opens a table of a game for the lobby's choice and sits the player at it.
    pub(crate) open_table: fn(GameKind) -> session::OpenTableFn,
    /// Sits at, or watches, a table of a game.
    pub(crate) join_table: fn(GameKind) -> session::JoinTableFn,
    /// A game's name in a list of tables (at most 8 columns).
    pub short_title: fn(GameKind) -> &'static str,
    /// The replay screen of the game recorded in a file, or why there is none.
    pub replay: fn(&Path) -> Result<crate::tui::Opening, String>,
    /// Today's puzzle of a game, its results kept by the keeper given.
    pub daily:
        fn(GameKind, crate::tui::players::daily_store::DailyStore) -> Option<crate::tui::Opening>,
    /// Every game's daily puzzle, in the order the leaderboard lists them.
    pub puzzles: &'static [crate::tui::players::daily::DailyPuzzle],
    /// The lobby's choices for the server's setup.
    pub choices: fn(Base) -> Choices,
}

impl ServeConfig {
    /// The defaults of `trios serve` for a host key, a game setup and the games.
    pub fn new(host_key: PrivateKey, game: impl Into<Base>, games: Games) -> ServeConfig {
        ServeConfig {
            listen: SocketAddr::from(([127, 0, 0, 1], 2222)),
            host_key,
            max_sessions: 64,
            connections_per_minute: 10,
            idle_timeout: Duration::from_secs(1800),
            authorized_keys: None,
            game: game.into(),
            fixed_seed: false,
            grace: Duration::from_secs(120),
            data_dir: None,
            showcases: GameKind::all()
                .filter_map(|kind| {
                    Some((kind, (games.showcase)(kind)?.computers.map(String::from)))
                })
                .collect(),
            games,
            lobby_game: GameKind::default(),
            showcase_pace: SHOWCASE_PACE,
            showcase_rest: SHOWCASE_REST,
            login_grace: Duration::from_secs(30),
            max_startups: 32,
            max_startups_per_address: 4,
            store: None,
            rated_same_address: false,
            public_address: None,
        }
    }

    /// Has `computers` play `game`'s turn of the showcase: in its place when it has one,
    /// else last.
    pub fn set_showcase(&mut self, game: GameKind, computers: [String; 2]) {
        match self.showcases.iter_mut().find(|(kind, _)| *kind == game) {
            Some(show) => show.1 = computers,
            None => self.showcases.push((game, computers)),
        }
    }
}

/// The showcase plays quickly so watchers see a steady game; it needs no deep search.
const SHOWCASE_THINK_MS: u64 = 300;
/// The showcase's least time between moves (the battle's steps add to it).
const SHOWCASE_PACE: Duration = Duration::from_millis(1500);
/// How long the showcase shows a finished game before dealing the next.
const SHOWCASE_REST: Duration = Duration::from_secs(8);

/// A new random seed for each deal of a table.
pub(crate) fn fresh_seed<C: TableGame>(_: &C) -> u64 {
    rand::random()
}

/// The same seed every deal of a table (a server started with `--seed`).
pub(crate) fn same_seed<C: TableGame>(config: &C) -> u64 {
    config.seed()
}

/// How a table reseeds each deal: the same seed when the server's is fixed, else fresh.
pub(crate) fn reseed_of<C: TableGame>(fixed_seed: bool) -> fn(&C) -> u64 {
    if fixed_seed { same_seed } else { fresh_seed }
}

/// One game's turn in the showcase: opens its table (reseeded when asked, the seats swapped
/// on odd laps), which hands over to the next turn when it has one.
pub(crate) type Show = Arc<
    dyn Fn(&Arc<Registry>, &Showcases, bool, u64, Option<Successor>) -> Result<TableId, TableError>
        + Send
        + Sync,
>;

/// A turn of the showcase that deals `config`.
pub(crate) fn show<C: TableGame>(config: C) -> Show {
    Arc::new(move |registry, shows, fresh, lap, next| {
        open_show(registry, shows, config.clone(), fresh, lap, next)
    })
}

/// How a game takes its turn in the showcase: the computers that play it unless the server
/// says otherwise, and its setup for the computers seated.
pub struct Showcase {
    pub computers: [&'static str; 2],
    /// The turn for the computers given, from the server's setup (its seed) and the
    /// showcase's think time.
    pub(crate) show: fn(&Base, [Seat; 2], u64) -> Show,
}

/// The showcase's games and how to deal them; each showcase table plays one game and then
/// opens the next game's, so the showcase takes turns through the games.
pub(crate) struct Showcases {
    /// The games in turn.
    games: Vec<Show>,
    grace: Duration,
    fixed_seed: bool,
    pace: Duration,
    rest: Duration,
}

/// Opens a showcase table of setup `config` (seated by `lap`, reseeded after the first).
fn open_show<C: TableGame>(
    registry: &Arc<Registry>,
    shows: &Showcases,
    mut config: C,
    fresh: bool,
    lap: u64,
    next: Option<Successor>,
) -> Result<TableId, TableError> {
    if fresh {
        config.set_seed(rand::random());
    }
    if lap % 2 == 1 {
        config.swap_seats();
    }
    registry.open(TableSpec {
        kind: Kind::Showcase,
        config,
        opener: None,
        data_dir: None,
        grace: shows.grace,
        pace: shows.pace,
        rest: shows.rest,
        reseed: reseed_of(shows.fixed_seed),
        successor: next,
        casual: true,
    })
}

/// Opens showcase number `round` (from 0): the games in turn, the computers changing sides
/// every time a game comes round again.
fn open_showcase(registry: &Arc<Registry>, shows: Arc<Showcases>, round: u64) -> Option<TableId> {
    let count = shows.games.len().max(1) as u64;
    let (game, lap) = (round % count, round / count);
    let next = {
        let shows = shows.clone();
        (count > 1).then(|| -> Successor {
            Box::new(move |registry: &Arc<Registry>| open_showcase(registry, shows, round + 1))
        })
    };
    let fresh = round > 0 && !shows.fixed_seed;
    let opened = match shows.games.get(game as usize) {
        Some(show) => show(registry, &shows, fresh, lap, next),
        None => {
            tracing::warn!("no showcase table: no game to show");
            return None;
        }
    };
    match opened {
        Ok(id) => Some(id),
        Err(e) => {
            tracing::warn!("no showcase table: {e}");
            None
        }
    }
}

/// What every connection's handler shares.
pub(crate) struct Shared {
    /// What the server knows of the games, from the registry.
    pub(crate) games: Games,
    pub(crate) authorized_keys: Option<Vec<PublicKey>>,
    pub(crate) idle_timeout: Duration,
    /// Every table deals the same seed (`--seed`).
    pub(crate) fixed_seed: bool,
    pub(crate) grace: Duration,
    pub(crate) data_dir: Option<PathBuf>,
    pub(crate) tables: Arc<Registry>,
    pub(crate) choices: Arc<Choices>,
    /// Numbers the connections, so tables can tell two sessions of one user apart.
    pub(crate) next_client: AtomicU64,
    /// Frames not sent because a client's queue was full (each is made good by a repaint).
    pub(crate) dropped_frames: AtomicU64,
    max_sessions: usize,
    connections_per_minute: usize,
    /// How long a connection has to log in and start a game.
    pub(crate) login_grace: Duration,
    /// Admitted connections (those that may play) now open.
    playing: AtomicUsize,
    /// All connections now open, refused ones included.
    pub(crate) open: AtomicUsize,
    /// Connections not yet logged in, in all and by address.
    pub(crate) startups: Arc<Startups>,
    /// Logged-in connections that hold a place among the games, by connection number.
    live: Mutex<HashMap<u64, Live>>,
    recent: Mutex<HashMap<IpAddr, VecDeque<Instant>>>,
    /// Every connection's screens whose output still reaches the client, by number: told
    /// to say goodbye when the server stops, and gone once its last bytes are sent.
    pub(crate) screens: Mutex<HashMap<u64, crate::tui::event::Sender<crate::tui::Event>>>,
    /// The threads that drive every connection's screens.
    pub(crate) workers: workers::Workers<task::Session>,
    /// The server's runtime, for work a screen worker must not wait on.
    pub(crate) runtime: tokio::runtime::Handle,
    /// Where accounts and ratings are kept, if anywhere.
    pub(crate) store: Option<crate::store::worker::StoreService>,
    /// Names no account may take: the computer players' and their levels'.
    pub(crate) reserved: Vec<String>,
    /// Wrong link codes, by address and by key.
    pub(crate) link_tries: account::LinkTries,
    /// Who is signed in here, by connection.
    pub(crate) online: Mutex<HashMap<u64, crate::controller::table::Identity>>,
    /// Players waiting for an opponent (quick pairing).
    pub(crate) pool: Mutex<crate::controller::pool::Pool<pairing::PoolSeat>>,
    /// Who is online here and on the servers sharing the database, and the other servers'
    /// tables, as the lobbies list them.
    pub(crate) online_view: Mutex<presence::Heard>,
    /// Set when the server stops: background work ends.
    stopped: std::sync::atomic::AtomicBool,
}

impl Shared {
    /// The seed of a new deal: the server's when it is fixed (`--seed`), else fresh.
    pub(crate) fn deal_seed(&self) -> u64 {
        if self.fixed_seed {
            self.choices.base.seed
        } else {
            rand::random()
        }
    }

    /// Whether the server is stopping.
    pub(crate) fn stopping(&self) -> bool {
        self.stopped.load(Ordering::SeqCst)
    }

    /// Who is online, as the lobbies list them.
    pub(crate) fn online_now(&self) -> Arc<Vec<crate::tui::lobby::OnlinePlayer>> {
        lock(&self.online_view).online.clone()
    }

    /// The tables open on the other servers sharing the database, as the lobbies list them.
    pub(crate) fn tables_elsewhere(&self) -> Vec<crate::tui::lobby::ElsewhereTable> {
        lock(&self.online_view).tables.clone()
    }

    /// The login methods offered: keys only with `--authorized-keys`, else anything but
    /// "none" (see the handler's `auth_none`).
    pub(crate) fn methods(&self) -> MethodSet {
        if self.authorized_keys.is_some() {
            MethodSet::from(&[MethodKind::PublicKey][..])
        } else {
            MethodSet::from(
                &[
                    MethodKind::PublicKey,
                    MethodKind::KeyboardInteractive,
                    MethodKind::Password,
                ][..],
            )
        }
    }

    /// Whether a new connection from `ip` is within the per-address rate; `Err` says why
    /// not, in plain words.
    fn within_rate(&self, ip: IpAddr, now: Instant) -> Result<(), TurnedAway> {
        let mut recent = lock(&self.recent);
        if recent.len() > 1024 {
            recent.retain(|_, times| times.back().is_some_and(|t| now - *t < RATE_WINDOW));
        }
        let times = recent.entry(ip).or_default();
        while times.front().is_some_and(|t| now - *t >= RATE_WINDOW) {
            times.pop_front();
        }
        // Refused attempts count too: hammering keeps an address out.
        times.push_back(now);
        if times.len() > self.connections_per_minute {
            return Err(TurnedAway::TooManyConnections {
                per_minute: self.connections_per_minute,
            });
        }
        Ok(())
    }

    /// Forgets connection times older than the rate window and gives back the room the
    /// maps of connections grew to for a crowd now gone (the crowd's thousands of small
    /// entries would otherwise pin the allocator's pages).
    pub(crate) fn forget_the_crowd(&self, now: Instant) {
        {
            let mut recent = lock(&self.recent);
            recent.retain(|_, times| times.back().is_some_and(|t| now - *t < RATE_WINDOW));
            recent.shrink_to_fit();
        }
        lock(&self.live).shrink_to_fit();
        lock(&self.screens).shrink_to_fit();
        lock(&self.online).shrink_to_fit();
        crate::tui::input::InputDecoder::forget_idle_parsers();
    }

    /// Whether every place among the games is taken.
    pub(crate) fn full(&self) -> bool {
        self.playing.load(Ordering::SeqCst) >= self.max_sessions
    }

    /// A place among the games for logged-in connection `id`, reachable through `handle`;
    /// `Err` says why there is none. When the server is full, a connection logged in with a
    /// key takes the place of an older connection of the same name and key (most likely one
    /// that died without a word and is not yet noticed), which is closed.
    pub(crate) fn take_place(
        self: &Arc<Self>,
        id: u64,
        user: &str,
        key: Option<&str>,
        handle: russh::server::Handle,
    ) -> Result<(), TurnedAway> {
        let taken = self.playing.fetch_add(1, Ordering::SeqCst);
        let admission = if taken < self.max_sessions {
            Admission(self.clone())
        } else {
            self.playing.fetch_sub(1, Ordering::SeqCst);
            let full = || TurnedAway::Full {
                max: self.max_sessions,
            };
            let key = key.ok_or_else(full)?;
            let (old, place) = {
                let mut live = lock(&self.live);
                let old = live
                    .iter()
                    .find(|(_, l)| l.user == user && l.key.as_deref() == Some(key))
                    .map(|(n, _)| *n)
                    .ok_or_else(full)?;
                let place = live.remove(&old).ok_or_else(full)?;
                (old, place)
            };
            tracing::info!(asked_name = ?user, old, new = id, "a returning key replaces its older connection");
            let handle = place.handle.clone();
            tokio::spawn(async move {
                let _ = handle
                    .disconnect(
                        russh::Disconnect::ByApplication,
                        "trios: you connected again from elsewhere".into(),
                        "en".into(),
                    )
                    .await;
            });
            place.admission
        };
        lock(&self.live).insert(
            id,
            Live {
                user: user.to_string(),
                key: key.map(str::to_string),
                handle,
                admission,
            },
        );
        Ok(())
    }

    /// Whether a connection of `user` that logged in with a key holds a place (its owner may
    /// be coming back to replace it, so a full server still asks for their key).
    pub(crate) fn keyed_user_playing(&self, user: &str) -> bool {
        lock(&self.live)
            .values()
            .any(|l| l.user == user && l.key.is_some())
    }

    /// Gives back connection `id`'s place among the games, if it still holds one.
    pub(crate) fn leave_place(&self, id: u64) {
        // The place is given back after the lock is let go: giving it back takes other locks.
        let place = lock(&self.live).remove(&id);
        drop(place);
    }
}

/// A place among the `max_sessions` games, given back when dropped.
pub(crate) struct Admission(Arc<Shared>);

impl Drop for Admission {
    fn drop(&mut self) {
        self.0.playing.fetch_sub(1, Ordering::SeqCst);
    }
}

/// A running server.
pub struct ServerHandle {
    local_addr: SocketAddr,
    stop: watch::Sender<bool>,
    task: JoinHandle<()>,
    shared: Arc<Shared>,
}

impl ServerHandle {
    /// The address the server listens on (with the real port when 0 was asked for).
    pub fn local_addr(&self) -> SocketAddr {
        self.local_addr
    }

    /// Connections now open (playing or being refused).
    pub fn open_connections(&self) -> usize {
        self.shared.open.load(Ordering::SeqCst)
    }

    /// Connections not yet logged in.
    pub fn pending_logins(&self) -> usize {
        self.shared.startups.pending()
    }

    /// Frames dropped so far for clients too slow to take them.
    pub fn dropped_frames(&self) -> u64 {
        self.shared.dropped_frames.load(Ordering::SeqCst)
    }

    /// The server's tables as the lobby lists them.
    pub fn tables(&self) -> Vec<crate::controller::tables::Summary> {
        self.shared.tables.list()
    }

    /// Stops accepting, tells every connected client the server is going away, closes the
    /// tables, and waits for the listener to stop.
    pub async fn shutdown(self) {
        // Every screen first restores its client's terminal and says goodbye; only then are
        // the connections cut (or after a few seconds, for clients that stopped reading).
        let screens: Vec<_> = lock(&self.shared.screens).values().cloned().collect();
        for screen in screens {
            let _ = screen.send(crate::tui::Event::Shutdown);
        }
        let deadline = Instant::now() + GOODBYE_WAIT;
        while !lock(&self.shared.screens).is_empty() && Instant::now() < deadline {
            tokio::time::sleep(Duration::from_millis(20)).await;
        }
        let _ = self.stop.send(true);
        self.shared.stopped.store(true, Ordering::SeqCst);
        let _ = self.task.await;
        self.shared.tables.stop_all();
    }
}

/// How many threads drive the connections' screens: two for each core, and at least four,
/// so a session that waits on something slow (the database on the players screen) holds up
/// only a few of the others.
fn screen_workers() -> usize {
    let cores = std::thread::available_parallelism().map_or(2, usize::from);
    (2 * cores).clamp(4, 32)
}

/// Binds `config.listen` and serves until [`ServerHandle::shutdown`]. Must run inside a tokio
/// runtime.
pub async fn serve(config: ServeConfig) -> io::Result<ServerHandle> {
    let listener = TcpListener::bind(config.listen).await?;
    let local_addr = listener.local_addr()?;
    let methods = if config.authorized_keys.is_some() {
        MethodSet::from(&[MethodKind::PublicKey][..])
    } else {
        MethodSet::from(
            &[
                MethodKind::None,
                MethodKind::Password,
                MethodKind::PublicKey,
                MethodKind::KeyboardInteractive,
            ][..],
        )
    };
    let ssh_config = Arc::new(russh::server::Config {
        methods,
        auth_rejection_time: Duration::from_millis(300),
        auth_rejection_time_initial: Some(Duration::ZERO),
        keys: vec![config.host_key.clone()],
        // The game ends idle players itself, with a message, and a connection without a game
        // is closed after the login grace (russh counts keepalive replies as activity, so
        // this timeout alone would never end a connection whose client answers them).
        inactivity_timeout: Some(config.idle_timeout + Duration::from_secs(10)),
        nodelay: true,
        // A client that vanished without a word (sleep, lost network) is noticed within a
        // minute, so its seat starts its grace period instead of looking taken.
        keepalive_interval: Some(KEEPALIVE),
        keepalive_max: 3,
        ..Default::default()
    });
    let tables = Registry::new();
    if let Some(service) = &config.store {
        tables.keep_results(crate::controller::rated::Ratings {
            service: service.clone(),
            rated_same_address: config.rated_same_address,
        });
    }
    let think_ms = config.game.think_ms.min(SHOWCASE_THINK_MS);
    let games: Vec<Show> = (config.showcases.iter())
        .filter_map(|(kind, [a, b])| {
            let seats = [Seat::Computer(a.clone()), Seat::Computer(b.clone())];
            let Some(showcase) = (config.games.showcase)(*kind) else {
                tracing::warn!("no showcase of {kind}: it has no computer players to watch");
                return None;
            };
            Some((showcase.show)(&config.game, seats, think_ms))
        })
        .collect();
    if !games.is_empty() {
        let shows = Showcases {
            games,
            grace: config.grace,
            fixed_seed: config.fixed_seed,
            pace: config.showcase_pace,
            rest: config.showcase_rest,
        };
        open_showcase(&tables, Arc::new(shows), 0);
    }
    memory::map_large_blocks_alone();
    let shared = Arc::new(Shared {
        games: config.games,
        authorized_keys: config.authorized_keys.clone(),
        idle_timeout: config.idle_timeout,
        fixed_seed: config.fixed_seed,
        grace: config.grace,
        data_dir: config.data_dir.clone(),
        tables,
        choices: Arc::new(
            (config.games.choices)(config.game.clone()).starting_with(config.lobby_game),
        ),
        next_client: AtomicU64::new(0),
        dropped_frames: AtomicU64::new(0),
        max_sessions: config.max_sessions,
        connections_per_minute: config.connections_per_minute,
        login_grace: config.login_grace,
        playing: AtomicUsize::new(0),
        open: AtomicUsize::new(0),
        startups: Arc::new(Startups::new(
            config.max_startups,
            config.max_startups_per_address,
        )),
        live: Mutex::new(HashMap::new()),
        recent: Mutex::new(HashMap::new()),
        screens: Mutex::new(HashMap::new()),
        workers: workers::Workers::new(screen_workers())?,
        runtime: tokio::runtime::Handle::current(),
        store: config.store.clone(),
        reserved: account::reserved_names(),
        link_tries: account::LinkTries::default(),
        online: Mutex::new(HashMap::new()),
        pool: Mutex::new(crate::controller::pool::Pool::default()),
        online_view: Mutex::new(presence::Heard::default()),
        stopped: std::sync::atomic::AtomicBool::new(false),
    });
    if config.store.is_some() {
        let address = (config.public_address.clone()).unwrap_or_else(|| local_addr.to_string());
        let name = format!("{local_addr}-{:016x}", rand::random::<u64>());
        presence::start(&shared, name, address)?;
    }
    let (stop, stopped) = watch::channel(false);
    if let Some(dir) = config.data_dir.clone() {
        tokio::spawn(prune_records(dir, config.games.readers, stopped.clone()));
    }
    tokio::spawn(memory::give_back_when_crowds_leave(
        shared.clone(),
        stopped.clone(),
    ));
    let task = tokio::spawn(accept_loop(listener, shared.clone(), ssh_config, stopped));
    tracing::info!(%local_addr, "listening");
    Ok(ServerHandle {
        local_addr,
        stop,
        task,
        shared,
    })
}

/// Keeps the records folder from growing without end on a server that runs for weeks: at
/// start and then hourly, the same pruning as local play (the newest finished matches and
/// every unfinished one with moves are kept).
async fn prune_records(
    dir: PathBuf,
    readers: crate::record::Readers,
    mut stopped: watch::Receiver<bool>,
) {
    let mut hourly = tokio::time::interval(RECORD_PRUNING);
    loop {
        tokio::select! {
            _ = stopped.changed() => return,
            _ = hourly.tick() => {}
        }
        let dir = dir.clone();
        match tokio::task::spawn_blocking(move || crate::record::kept::prune(&dir, readers)).await {
            Ok(Ok(0)) => {}
            Ok(Ok(n)) => tracing::info!(removed = n, "pruned old match records"),
            Ok(Err(e)) => tracing::warn!("cannot prune match records: {e}"),
            Err(e) => tracing::warn!("record pruning stopped: {e}"),
        }
    }
}

async fn accept_loop(
    listener: TcpListener,
    shared: Arc<Shared>,
    ssh_config: Arc<russh::server::Config>,
    stopped: watch::Receiver<bool>,
) {
    let mut stopping = stopped.clone();
    loop {
        let (socket, peer) = tokio::select! {
            _ = stopping.changed() => break,
            accepted = listener.accept() => match accepted {
                Ok(accepted) => accepted,
                Err(e) => {
                    // Out of file descriptors and the like: wait a little instead of spinning.
                    tracing::warn!("accept failed: {e}");
                    tokio::time::sleep(Duration::from_millis(100)).await;
                    continue;
                }
            },
        };
        let most = shared.max_sessions + shared.startups.limit() + REFUSAL_HEADROOM;
        if shared.open.load(Ordering::SeqCst) >= most {
            tracing::warn!(%peer, "connection dropped: too many open connections");
            drop(socket);
            continue;
        }
        // Before anything else: an address (or everyone) with too many unfinished logins
        // gets no handshake at all, so silent sockets cannot crowd out other people.
        let startup = match shared.startups.enter(peer.ip()) {
            Ok(startup) => startup,
            Err(why) => {
                tracing::warn!(%peer, "connection dropped: {why}");
                drop(socket);
                continue;
            }
        };
        let refusal = shared.within_rate(peer.ip(), Instant::now()).err();
        let open = OpenConnection::count(&shared);
        let connection = Connection {
            shared: shared.clone(),
            ssh_config: ssh_config.clone(),
            stopped: stopped.clone(),
            peer,
        };
        tokio::spawn(connection.run(socket, startup, refusal, open));
    }
}

/// How long a closed connection's goodbye may take before its socket is cut.
const CLOSE_WAIT: Duration = Duration::from_secs(2);

/// One accepted connection, from handshake to close.
struct Connection {
    shared: Arc<Shared>,
    ssh_config: Arc<russh::server::Config>,
    stopped: watch::Receiver<bool>,
    peer: SocketAddr,
}

impl Connection {
    /// Speaks SSH on `socket` until the client leaves, the server stops, or the login grace
    /// ends without a game started; `open` counts the connection until then.
    async fn run(
        mut self,
        socket: tokio::net::TcpStream,
        startup: startup::Slot,
        refusal: Option<TurnedAway>,
        _open: OpenConnection,
    ) {
        let (shared, peer) = (self.shared.clone(), self.peer);
        let started = Instant::now();
        tracing::info!(%peer, "connected");
        let deadline = tokio::time::Instant::now() + shared.login_grace;
        // A second handle on the socket, to cut it even when the SSH session is stuck in a
        // handshake that never ends.
        let (socket, cut) = match split_off_cut(socket) {
            Ok(pair) => pair,
            Err(e) => {
                tracing::warn!(%peer, "cannot use the connection: {e}");
                return;
            }
        };
        let playing = Arc::new(std::sync::atomic::AtomicBool::new(false));
        let handler = SshHandler::new(shared.clone(), peer, refusal, startup, playing.clone());
        let running = tokio::time::timeout_at(
            deadline,
            russh::server::run_stream(self.ssh_config.clone(), socket, handler),
        )
        .await;
        match running {
            Err(_) => tracing::info!(%peer, "closed: no SSH greeting within the login grace"),
            Ok(Err(e)) => tracing::debug!(%peer, "handshake failed: {e}"),
            Ok(Ok(session)) => {
                let handle = session.handle();
                tokio::pin!(session);
                let grace = tokio::time::sleep_until(deadline);
                tokio::pin!(grace);
                let mut grace_over = false;
                let goodbye = loop {
                    tokio::select! {
                        result = &mut session => {
                            if let Err(e) = result {
                                tracing::debug!(%peer, "session ended with an error: {e}");
                            }
                            break None;
                        }
                        _ = self.stopped.changed() => {
                            break Some("the trios server is shutting down".to_string());
                        }
                        _ = &mut grace, if !grace_over => {
                            grace_over = true;
                            if !playing.load(Ordering::SeqCst) {
                                tracing::info!(%peer, "closed: no game started within the login grace");
                                break Some(format!(
                                    "trios: no game was started within {} seconds",
                                    shared.login_grace.as_secs()
                                ));
                            }
                        }
                    }
                };
                if let Some(reason) = goodbye {
                    let _ = handle
                        .disconnect(russh::Disconnect::ByApplication, reason, "en".into())
                        .await;
                    // A client that does not take its leave is cut off.
                    if tokio::time::timeout(CLOSE_WAIT, &mut session)
                        .await
                        .is_err()
                    {
                        let _ = cut.shutdown(std::net::Shutdown::Both);
                        let _ = tokio::time::timeout(CLOSE_WAIT, &mut session).await;
                    }
                }
            }
        }
        tracing::info!(%peer, seconds = started.elapsed().as_secs_f64(), "disconnected");
    }
}

/// One connection counted in `Shared::open` for as long as it lives: dropped however its
/// task ends (a panic unwinding included), so the count can never stay high and lock
/// everyone out.
struct OpenConnection(Arc<Shared>);

impl OpenConnection {
    fn count(shared: &Arc<Shared>) -> OpenConnection {
        shared.open.fetch_add(1, Ordering::SeqCst);
        OpenConnection(shared.clone())
    }
}

impl Drop for OpenConnection {
    fn drop(&mut self) {
        self.0.open.fetch_sub(1, Ordering::SeqCst);
    }
}

/// `socket` and a second handle on it that can shut it down from outside.
fn split_off_cut(
    socket: tokio::net::TcpStream,
) -> io::Result<(tokio::net::TcpStream, std::net::TcpStream)> {
    let socket = socket.into_std()?;
    let cut = socket.try_clone()?;
    Ok((tokio::net::TcpStream::from_std(socket)?, cut))
}

/// Why the host key cannot be used.
#[derive(Debug, thiserror::Error)]
pub enum HostKeyError {
    #[error("cannot read the host key: {0}")]
    Read(crate::input_file::InputFileError),
    #[error(
        "the host key {path} is not a valid OpenSSH private key ({reason}); move it away to have a new one made"
    )]
    Corrupt { path: String, reason: String },
    #[error(
        "the host key {path} is empty; --host-key wants an OpenSSH private key (a file that \
         starts with -----BEGIN OPENSSH PRIVATE KEY-----); remove the empty file to have a new \
         one made"
    )]
    Empty { path: String },
    #[error(
        "the host key {path} is a public key ({kind}); --host-key wants the private key, the \
         file without .pub (or a path where a new one may be made)"
    )]
    Public { path: String, kind: String },
    #[error(
        "the host key {path} is protected by a passphrase, which the server cannot ask for; \
         give a key without one (ssh-keygen -p -N '' -f {path} removes it from a copy), or \
         another path to have a new one made"
    )]
    Encrypted { path: String },
    #[error("cannot write a new host key to {path}: {source}")]
    Write { path: String, source: io::Error },
    #[error("cannot make a host key: {0}")]
    Generate(String),
}

/// The host key in `text` (the contents of the file `name`), or what the file is instead.
fn parse_host_key(name: &str, text: &str) -> Result<PrivateKey, HostKeyError> {
    let trimmed = text.trim();
    if trimmed.is_empty() {
        return Err(HostKeyError::Empty { path: name.into() });
    }
    if !trimmed.starts_with("-----BEGIN")
        && let Ok(public) = PublicKey::from_openssh(trimmed)
    {
        return Err(HostKeyError::Public {
            path: name.into(),
            kind: public.algorithm().to_string(),
        });
    }
    let key = PrivateKey::from_openssh(text.as_bytes()).map_err(|e| HostKeyError::Corrupt {
        path: name.into(),
        reason: if trimmed.starts_with("-----BEGIN")
            && !trimmed.starts_with("-----BEGIN OPENSSH PRIVATE KEY-----")
        {
            format!("a key in another PEM format; ssh-keygen -p -f {name} rewrites it as OpenSSH's")
        } else {
            e.to_string()
        },
    })?;
    if key.is_encrypted() {
        return Err(HostKeyError::Encrypted { path: name.into() });
    }
    Ok(key)
}

/// The host key at `path`, made (ed25519, readable by the owner only) when the file does
/// not exist yet. Only a regular file of at most [`crate::input_file::KEY_FILE_LIMIT`] bytes
/// is read; an empty file, a public key or a key behind a passphrase is refused, saying so.
pub fn load_or_create_host_key(path: &Path) -> Result<PrivateKey, HostKeyError> {
    use crate::input_file::{KEY_FILE_LIMIT, read_limited_text};
    let name = path.display().to_string();
    match read_limited_text(path, KEY_FILE_LIMIT) {
        Ok(text) => return parse_host_key(&name, &text),
        Err(e) if e.io_kind() == Some(io::ErrorKind::NotFound) => {}
        Err(e) if e.io_kind() == Some(io::ErrorKind::InvalidData) => {
            return Err(HostKeyError::Corrupt {
                path: name,
                reason: "not text".into(),
            });
        }
        Err(e) => return Err(HostKeyError::Read(e)),
    }
    let key = PrivateKey::random(&mut rand::rng(), Algorithm::Ed25519)
        .map_err(|e| HostKeyError::Generate(e.to_string()))?;
    let text = key
        .to_openssh(LineEnding::LF)
        .map_err(|e| HostKeyError::Generate(e.to_string()))?;
    let write = |path: &Path| -> io::Result<()> {
        if let Some(dir) = path.parent().filter(|d| !d.as_os_str().is_empty()) {
            fs::create_dir_all(dir)?;
        }
        let mut options = OpenOptions::new();
        options.write(true).create_new(true);
        #[cfg(unix)]
        {
            use std::os::unix::fs::OpenOptionsExt;
            options.mode(0o600);
        }
        let mut file = options.open(path)?;
        file.write_all(text.as_bytes())?;
        file.sync_all()
    };
    write(path).map_err(|source| HostKeyError::Write { path: name, source })?;
    tracing::info!(path = %path.display(), "made a new host key");
    Ok(key)
}

/// Checks that match records can be written in `dir`'s matches folder (made if needed) by
/// writing and removing a small file there; returns the folder, or says why not. A server
/// whose records cannot be written still plays, so this is for a warning at start.
pub fn records_writable(dir: &Path) -> Result<PathBuf, RecordsUnwritable> {
    let matches = crate::autosave::create_matches_dir(dir)?;
    let probe = matches.join(format!(".write-check-{}", std::process::id()));
    let written = OpenOptions::new()
        .write(true)
        .create_new(true)
        .open(&probe)
        .and_then(|mut file| {
            file.write_all(b"trios")?;
            file.sync_all()
        });
    let _ = fs::remove_file(&probe);
    if let Err(source) = written {
        return Err(RecordsUnwritable::Write {
            folder: matches,
            source,
        });
    }
    Ok(matches)
}

/// Why match records cannot be written (see [`records_writable`]).
#[derive(Debug, thiserror::Error)]
pub enum RecordsUnwritable {
    /// The matches folder could not be made.
    #[error(transparent)]
    Folder(#[from] crate::autosave::AutosaveError),
    /// A file could not be written in it.
    #[error("cannot write in {}: {source}", folder.display())]
    Write {
        folder: PathBuf,
        #[source]
        source: std::io::Error,
    },
}

/// Where the host key lives by default: `host_key` in the data folder.
pub fn default_host_key_path() -> Option<PathBuf> {
    crate::autosave::data_dir().map(|dir| dir.join("host_key"))
}

/// The public keys in an OpenSSH `authorized_keys` file (options before a key are allowed and
/// ignored; blank lines and `#` comments are skipped). Only a regular file of at most
/// [`crate::input_file::KEY_FILE_LIMIT`] bytes is read.
pub fn read_authorized_keys(path: &Path) -> Result<Vec<PublicKey>, AuthorizedKeysError> {
    let text = crate::input_file::read_limited_text(path, crate::input_file::KEY_FILE_LIMIT)
        .map_err(AuthorizedKeysError::Read)?;
    let mut keys = Vec::new();
    for (n, line) in text.lines().enumerate() {
        let line = line.trim();
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let entry: ssh_key::authorized_keys::Entry =
            line.parse()
                .map_err(|source| AuthorizedKeysError::NotAKey {
                    path: path.to_path_buf(),
                    line: n + 1,
                    source,
                })?;
        keys.push(entry.public_key().clone());
    }
    if keys.is_empty() {
        return Err(AuthorizedKeysError::NoKeys {
            path: path.to_path_buf(),
        });
    }
    Ok(keys)
}

/// Why the `--authorized-keys` file was not taken.
#[derive(Debug, thiserror::Error)]
pub enum AuthorizedKeysError {
    /// The file could not be read (missing, not a regular file, too large, not text).
    #[error("--authorized-keys: {0}")]
    Read(#[source] crate::input_file::InputFileError),
    /// Line `line` (from 1) holds no public key OpenSSH would take.
    #[error("{}:{line}: not a public key: {source}", path.display())]
    NotAKey {
        path: PathBuf,
        line: usize,
        #[source]
        source: ssh_key::Error,
    },
    /// The file has comments and blank lines only.
    #[error("{}: no public keys in the file", path.display())]
    NoKeys { path: PathBuf },
}

/// How long a stopping server waits for its clients to get their goodbyes.
const GOODBYE_WAIT: Duration = Duration::from_secs(3);

/// The guarded value, even if a thread panicked while holding the lock (the map of screens
/// stays usable: each entry is independent).
pub(crate) fn lock<T>(mutex: &Mutex<T>) -> std::sync::MutexGuard<'_, T> {
    mutex
        .lock()
        .unwrap_or_else(std::sync::PoisonError::into_inner)
}
