//! `trios serve`: the full-screen game over SSH. Each connection with a pty plays its own
//! match against the computer; nothing else (no shell, commands, files or forwarding) is served.
//!
//! This module listens, admits connections within the limits (sessions at once, connections
//! a minute per address), and keeps the host key; `handler` speaks SSH for one connection,
//! `session` runs its game, and `input` turns its bytes into keys.

pub mod handler;
pub mod input;
pub mod lobby;
pub mod lobby_view;
pub mod name;
pub mod session;

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

use crate::controller::duel::DuelConfig;
use crate::controller::table::{Kind, Successor, TableId, TableSpec};
use crate::controller::table_game::TableGame;
use crate::controller::tables::Registry;
use crate::controller::{MatchConfig, Seat};
use crate::games::GameKind;
use crate::games::islands::Game as Islands;
use crate::games::reversi::Game as Reversi;
use handler::SshHandler;
use lobby::Choices;

/// Connections beyond `max_sessions` still get a handshake to be told why they are refused;
/// beyond this many more, they are closed at once without a word.
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
    pub game: MatchConfig,
    /// Deal every game from `game.seed` (the same deal for everyone) instead of a fresh seed
    /// per game.
    pub fixed_seed: bool,
    /// How long a seat is kept for a player who left mid-match.
    pub grace: Duration,
    /// Where matches with people in them are recorded (`<dir>/matches/`); `None` records
    /// nothing.
    pub data_dir: Option<PathBuf>,
    /// The two computers of the always-running showcase table; `None` runs none.
    pub showcase: Option<[String; 2]>,
    /// The game the lobby opens on (its Game row offers every game).
    pub lobby_game: GameKind,
    /// The computer a Reversi table's person plays when the lobby's choice is not one of
    /// Reversi's players.
    pub reversi_opponent: String,
    /// The two computers of Reversi's showcase, which takes turns with Three Trios' (one
    /// game each); `None` keeps the showcase to Three Trios. Runs only with `showcase`.
    pub reversi_showcase: Option<[String; 2]>,
    /// The two computers of Islands of Hex's showcase, which takes its turn after Reversi's;
    /// `None` leaves it out. Runs only with `showcase`.
    pub islands_showcase: Option<[String; 2]>,
    /// The showcase's least time between moves, so watchers can follow.
    pub showcase_pace: Duration,
    /// How long the showcase shows a finished game before the next.
    pub showcase_rest: Duration,
}

impl ServeConfig {
    /// The defaults of `trios serve` for a host key and a game setup.
    pub fn new(host_key: PrivateKey, game: MatchConfig) -> ServeConfig {
        ServeConfig {
            listen: SocketAddr::from(([127, 0, 0, 1], 2222)),
            host_key,
            max_sessions: 64,
            connections_per_minute: 10,
            idle_timeout: Duration::from_secs(1800),
            authorized_keys: None,
            game,
            fixed_seed: false,
            grace: Duration::from_secs(120),
            data_dir: None,
            showcase: Some(["expert".into(), "minimax".into()]),
            lobby_game: GameKind::ThreeTrios,
            reversi_opponent: "expert".into(),
            reversi_showcase: Some(["expert".into(), "positional".into()]),
            islands_showcase: Some(["expert".into(), "connector".into()]),
            showcase_pace: SHOWCASE_PACE,
            showcase_rest: SHOWCASE_REST,
        }
    }
}

/// The showcase plays quickly so watchers see a steady game; it needs no deep search.
const SHOWCASE_THINK_MS: u64 = 300;
/// The showcase's least time between moves (the battle's steps add to it).
const SHOWCASE_PACE: Duration = Duration::from_millis(1500);
/// How long the showcase shows a finished game before dealing the next.
const SHOWCASE_REST: Duration = Duration::from_secs(8);

/// A new random seed for each deal.
pub(crate) fn fresh_seed(_: &MatchConfig) -> u64 {
    rand::random()
}

/// The same seed every deal (a server started with `--seed`).
pub(crate) fn same_seed(config: &MatchConfig) -> u64 {
    config.seed
}

/// [`fresh_seed`] for a table of any game.
pub(crate) fn fresh_seed_of<C: TableGame>(_: &C) -> u64 {
    rand::random()
}

/// [`same_seed`] for a table of any game.
pub(crate) fn same_seed_of<C: TableGame>(config: &C) -> u64 {
    config.seed()
}

/// One game's turn in the showcase, with its setup.
#[derive(Clone)]
enum Show {
    Trios(MatchConfig),
    Reversi(DuelConfig<Reversi>),
    Islands(DuelConfig<Islands>),
}

/// The showcase's games and how to deal them; each showcase table plays one game and then
/// opens the next game's, so the showcase takes turns through the games.
struct Showcases {
    /// Three Trios first, then every other game that has a turn.
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
) -> Result<TableId, String> {
    if fresh {
        config.set_seed(rand::random());
    }
    if lap % 2 == 1 {
        config.swap_seats();
    }
    registry.open_then(
        TableSpec {
            kind: Kind::Showcase,
            config,
            opener: None,
            data_dir: None,
            grace: shows.grace,
            pace: shows.pace,
            rest: shows.rest,
            reseed: if shows.fixed_seed {
                same_seed_of
            } else {
                fresh_seed_of
            },
        },
        next,
    )
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
    let opened = match shows.games.get(game as usize).cloned() {
        Some(Show::Reversi(config)) => open_show(registry, &shows, config, fresh, lap, next),
        Some(Show::Islands(config)) => open_show(registry, &shows, config, fresh, lap, next),
        Some(Show::Trios(config)) => open_show(registry, &shows, config, fresh, lap, next),
        None => Err("no game to show".into()),
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
    pub(crate) authorized_keys: Option<Vec<PublicKey>>,
    pub(crate) idle_timeout: Duration,
    /// Draws the seed of each new deal: fresh each time, or the same (`--seed`).
    pub(crate) reseed: fn(&MatchConfig) -> u64,
    /// Every table deals the same seed (`--seed`).
    pub(crate) fixed_seed: bool,
    /// Reversi's computer opponent when the lobby's choice is not one of its players.
    pub(crate) reversi_opponent: String,
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
    /// Admitted connections (those that may play) now open.
    playing: AtomicUsize,
    /// All connections now open, refused ones included.
    open: AtomicUsize,
    recent: Mutex<HashMap<IpAddr, VecDeque<Instant>>>,
    /// Every screen thread whose output still reaches its client, by connection number: told
    /// to say goodbye when the server stops, and gone once its last bytes are sent.
    pub(crate) screens: Mutex<HashMap<u64, std::sync::mpsc::Sender<crate::tui::Event>>>,
}

impl Shared {
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

    /// Whether a new connection from `ip` may play; `Err` says why not, in plain words.
    /// Admitted connections count toward `playing` until their [`Admission`] is dropped.
    fn admit(self: &Arc<Self>, ip: IpAddr, now: Instant) -> Result<Admission, String> {
        {
            let mut recent = self.recent.lock().unwrap_or_else(|e| e.into_inner());
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
                return Err(format!(
                    "trios: too many connections from your address (at most {} a minute); \
                     try again in a minute",
                    self.connections_per_minute
                ));
            }
        }
        let taken = self.playing.fetch_add(1, Ordering::SeqCst);
        if taken >= self.max_sessions {
            self.playing.fetch_sub(1, Ordering::SeqCst);
            return Err(format!(
                "trios: the server is full (at most {} games at once); try again later",
                self.max_sessions
            ));
        }
        Ok(Admission(self.clone()))
    }
}

/// A place among the `max_sessions` games, given back when dropped.
struct Admission(Arc<Shared>);

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
        let _ = self.task.await;
        self.shared.tables.stop_all();
    }
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
        // The game ends idle players itself, with a message; this only catches connections
        // that never start a game.
        inactivity_timeout: Some(config.idle_timeout + Duration::from_secs(10)),
        nodelay: true,
        // A client that vanished without a word (sleep, lost network) is noticed within a
        // minute, so its seat starts its grace period instead of looking taken.
        keepalive_interval: Some(KEEPALIVE),
        keepalive_max: 3,
        ..Default::default()
    });
    let reseed = if config.fixed_seed {
        same_seed
    } else {
        fresh_seed
    };
    let tables = Registry::new();
    if let Some([red, blue]) = &config.showcase {
        let mut game = config.game.clone();
        game.red = Seat::Computer(red.clone());
        game.blue = Seat::Computer(blue.clone());
        game.think_ms = game.think_ms.min(SHOWCASE_THINK_MS);
        let think_ms = game.think_ms;
        let seats = |[a, b]: &[String; 2]| [Seat::Computer(a.clone()), Seat::Computer(b.clone())];
        let mut games = vec![Show::Trios(game)];
        if let Some(pair) = &config.reversi_showcase {
            let show = DuelConfig::<Reversi>::new(seats(pair), config.game.seed, think_ms);
            games.push(Show::Reversi(show));
        }
        if let Some(pair) = &config.islands_showcase {
            let show = DuelConfig::<Islands>::new(seats(pair), config.game.seed, think_ms);
            games.push(Show::Islands(show));
        }
        let shows = Showcases {
            games,
            grace: config.grace,
            fixed_seed: config.fixed_seed,
            pace: config.showcase_pace,
            rest: config.showcase_rest,
        };
        open_showcase(&tables, Arc::new(shows), 0);
    }
    let shared = Arc::new(Shared {
        authorized_keys: config.authorized_keys.clone(),
        idle_timeout: config.idle_timeout,
        reseed,
        fixed_seed: config.fixed_seed,
        reversi_opponent: config.reversi_opponent.clone(),
        grace: config.grace,
        data_dir: config.data_dir.clone(),
        tables,
        choices: Arc::new(Choices::new(config.game.clone()).starting_with(config.lobby_game)),
        next_client: AtomicU64::new(0),
        dropped_frames: AtomicU64::new(0),
        max_sessions: config.max_sessions,
        connections_per_minute: config.connections_per_minute,
        playing: AtomicUsize::new(0),
        open: AtomicUsize::new(0),
        recent: Mutex::new(HashMap::new()),
        screens: Mutex::new(HashMap::new()),
    });
    let (stop, stopped) = watch::channel(false);
    if let Some(dir) = config.data_dir.clone() {
        tokio::spawn(prune_records(dir, stopped.clone()));
    }
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
async fn prune_records(dir: PathBuf, mut stopped: watch::Receiver<bool>) {
    let mut hourly = tokio::time::interval(RECORD_PRUNING);
    loop {
        tokio::select! {
            _ = stopped.changed() => return,
            _ = hourly.tick() => {}
        }
        let dir = dir.clone();
        match tokio::task::spawn_blocking(move || crate::autosave::prune(&dir)).await {
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
    mut stopped: watch::Receiver<bool>,
) {
    loop {
        let (socket, peer) = tokio::select! {
            _ = stopped.changed() => break,
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
        if shared.open.load(Ordering::SeqCst) >= shared.max_sessions + REFUSAL_HEADROOM {
            tracing::warn!(%peer, "connection dropped: too many open connections");
            drop(socket);
            continue;
        }
        let (admission, refusal) = match shared.admit(peer.ip(), Instant::now()) {
            Ok(admission) => (Some(admission), None),
            Err(reason) => (None, Some(reason)),
        };
        shared.open.fetch_add(1, Ordering::SeqCst);
        let shared = shared.clone();
        let ssh_config = ssh_config.clone();
        let mut stopped = stopped.clone();
        tokio::spawn(async move {
            let started = Instant::now();
            tracing::info!(%peer, "connected");
            let handler = SshHandler::new(shared.clone(), peer, refusal);
            match russh::server::run_stream(ssh_config, socket, handler).await {
                Ok(session) => {
                    let handle = session.handle();
                    tokio::select! {
                        result = session => {
                            if let Err(e) = result {
                                tracing::debug!(%peer, "session ended with an error: {e}");
                            }
                        }
                        _ = stopped.changed() => {
                            let _ = handle
                                .disconnect(
                                    russh::Disconnect::ByApplication,
                                    "the trios server is shutting down".into(),
                                    "en".into(),
                                )
                                .await;
                        }
                    }
                }
                Err(e) => tracing::debug!(%peer, "handshake failed: {e}"),
            }
            drop(admission);
            shared.open.fetch_sub(1, Ordering::SeqCst);
            tracing::info!(%peer, seconds = started.elapsed().as_secs_f64(), "disconnected");
        });
    }
}

/// Why the host key cannot be used.
#[derive(Debug, thiserror::Error)]
pub enum HostKeyError {
    #[error("cannot read the host key {path}: {source}")]
    Read { path: String, source: io::Error },
    #[error(
        "the host key {path} is not a valid OpenSSH private key ({reason}); move it away to have a new one made"
    )]
    Corrupt { path: String, reason: String },
    #[error("cannot write a new host key to {path}: {source}")]
    Write { path: String, source: io::Error },
    #[error("cannot make a host key: {0}")]
    Generate(String),
}

/// The host key at `path`, made (ed25519, readable by the owner only) when the file does
/// not exist yet.
pub fn load_or_create_host_key(path: &Path) -> Result<PrivateKey, HostKeyError> {
    let name = path.display().to_string();
    match fs::read_to_string(path) {
        Ok(text) => {
            return PrivateKey::from_openssh(text.as_bytes()).map_err(|e| HostKeyError::Corrupt {
                path: name,
                reason: e.to_string(),
            });
        }
        Err(e) if e.kind() == io::ErrorKind::NotFound => {}
        Err(e) if e.kind() == io::ErrorKind::InvalidData => {
            return Err(HostKeyError::Corrupt {
                path: name,
                reason: "not text".into(),
            });
        }
        Err(source) => return Err(HostKeyError::Read { path: name, source }),
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

/// Where the host key lives by default: `host_key` in the data folder.
pub fn default_host_key_path() -> Option<PathBuf> {
    crate::autosave::data_dir().map(|dir| dir.join("host_key"))
}

/// The public keys in an OpenSSH `authorized_keys` file (options before a key are allowed and
/// ignored; blank lines and `#` comments are skipped).
pub fn read_authorized_keys(path: &Path) -> Result<Vec<PublicKey>, String> {
    let name = path.display();
    let text = fs::read_to_string(path).map_err(|e| format!("cannot read {name}: {e}"))?;
    let mut keys = Vec::new();
    for (n, line) in text.lines().enumerate() {
        let line = line.trim();
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let entry: ssh_key::authorized_keys::Entry = line
            .parse()
            .map_err(|e| format!("{name}:{}: not a public key: {e}", n + 1))?;
        keys.push(entry.public_key().clone());
    }
    if keys.is_empty() {
        return Err(format!("{name}: no public keys in the file"));
    }
    Ok(keys)
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
