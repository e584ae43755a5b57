//! Load test for `trios serve`: many SSH players at once against one server, on loopback.
//!
//! Measures, for the server process:
//! 1. memory per idle session: VmRSS (from `/proc/self/status`) before any client and after
//!    every client reached the game screen and sat idle for 2 s, divided by the clients; and
//!    the OS thread count (each game runs on a thread of its own);
//! 2. keystroke-to-frame latency while every client plays for SECONDS: the time from sending
//!    a key to the first received bytes that change the client's screen (parsed by `vt100`).
//!    Most keys are `H` (toggles hints: the status line says "Hints on" / "Hints off"), sent
//!    100–300 ms apart (seeded per client); about one action in eight is a move instead
//!    (`1` picks a card, Enter places it, the computer answers);
//!    Enter follows the pick's frame at once, so it usually waits out the server's 33 ms
//!    frame cap (`FRAME_INTERVAL`): its latency shows that cap, not load;
//! 3. CPU: the process's utime+stime (from `/proc/self/stat`) over the playing phase divided
//!    by its wall time, that is the average number of cores used;
//! 4. recovery: every client is then cut off abruptly (its TCP socket shut down, no SSH
//!    goodbye) and the server's open connections must fall to 0 within 5 s.
//!
//! Blue is the `maxflip` computer player (cheap), so the cost measured is the server's,
//! not the AI's.
//!
//! By default the clients run in this same process, on a tokio runtime of their own, so
//! their CPU competes with the server's on the same cores and their memory is inside the
//! RSS figure; CPU is also reported per thread group (server runtime + game threads vs
//! client runtime). `--split` runs the clients in a child process instead (this binary
//! again, with `--clients-only ADDR`), so the memory and CPU figures are the server's alone.
//!
//! `--store` gives the server a players database (SQLite in a temporary folder, as `trios
//! serve` keeps by default): the clients are guests, so it costs the server its presence beat
//! (who is online, once a second) and the lobby's online line.
//!
//! Run: `cargo run --release --example ssh_load -- [CLIENTS] [SECONDS] [--split] [--store]`
//! (defaults 100 clients and 20 seconds). Linux only (reads `/proc`). It stops by itself:
//! every wait is bounded.

use std::collections::HashMap;
use std::io::{BufRead, Write};
use std::net::SocketAddr;
use std::num::NonZeroU16;
use std::process::{Command, Stdio};
use std::time::Duration;

use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use russh::ChannelMsg;
use russh::client::{self, Handle};
use russh::keys::{Algorithm, PrivateKey};
use tokio::sync::{mpsc, watch};
use tokio::time::{Instant, sleep, timeout};
use trios::controller::Seat;
use trios::games::three_trios::source::SourceFile;
use trios::games::three_trios::{DealMode, RuleSet};
use trios::setup::three_trios::MatchConfig;
use trios::ssh::ServeConfig;

#[path = "support/ssh_guest.rs"]
mod ssh_guest;
use ssh_guest::{Client, guest};

/// Clock ticks a second in `/proc/*/stat` (USER_HZ, 100 on Linux).
const TICKS: f64 = 100.0;
/// How long all clients may take to reach the game screen.
const CONNECT_LIMIT: Duration = Duration::from_secs(120);
/// How long one key may wait for its frame before it counts as lost.
const FRAME_LIMIT: Duration = Duration::from_secs(5);
/// How long the server has to notice the cut connections.
const RECOVERY_LIMIT: Duration = Duration::from_secs(5);

// ---------------------------------------------------------------------------------------
// /proc

fn status_field(name: &str) -> u64 {
    let text = std::fs::read_to_string("/proc/self/status").unwrap_or_default();
    text.lines()
        .find_map(|line| {
            let rest = line.strip_prefix(name)?.strip_prefix(':')?;
            rest.split_whitespace().next()?.parse().ok()
        })
        .unwrap_or(0)
}

fn rss_mb() -> f64 {
    status_field("VmRSS") as f64 / 1024.0
}

fn threads() -> u64 {
    status_field("Threads")
}

/// `(comm, utime + stime)` from a `stat` file's text.
fn parse_stat(text: &str) -> Option<(String, u64)> {
    let open = text.find('(')?;
    let close = text.rfind(')')?;
    let comm = text[open + 1..close].to_string();
    // After ")": state is field 3, utime field 14, stime field 15.
    let fields: Vec<&str> = text[close + 1..].split_whitespace().collect();
    let utime: u64 = fields.get(11)?.parse().ok()?;
    let stime: u64 = fields.get(12)?.parse().ok()?;
    Some((comm, utime + stime))
}

fn process_ticks() -> u64 {
    let text = std::fs::read_to_string("/proc/self/stat").unwrap_or_default();
    parse_stat(&text).map_or(0, |(_, t)| t)
}

/// CPU ticks of the live threads, by group: the server's runtime, the game threads, the
/// clients' runtime, and the rest. (Threads that already ended are not counted.)
fn thread_ticks() -> HashMap<&'static str, u64> {
    let mut groups = HashMap::new();
    let Ok(dir) = std::fs::read_dir("/proc/self/task") else {
        return groups;
    };
    for entry in dir.flatten() {
        let text = std::fs::read_to_string(entry.path().join("stat")).unwrap_or_default();
        if let Some((comm, ticks)) = parse_stat(&text) {
            let group = if comm.starts_with("srv-rt") {
                "server runtime"
            } else if comm.starts_with("trios-ssh") {
                "game threads"
            } else if comm.starts_with("cli-rt") {
                "client runtime"
            } else {
                "other"
            };
            *groups.entry(group).or_insert(0) += ticks;
        }
    }
    groups
}

// ---------------------------------------------------------------------------------------
// Clients

/// One player: the SSH connection, its game channel and its view of the screen.
struct Player {
    _handle: Handle<Client>,
    channel: russh::Channel<client::Msg>,
    screen: vt100::Parser,
    /// A clone of the TCP socket, to cut the connection without an SSH goodbye.
    cut: std::net::TcpStream,
    closed: bool,
}

fn nz(n: u16) -> NonZeroU16 {
    NonZeroU16::new(n).unwrap_or(NonZeroU16::MIN)
}

/// Whether the status bar says the client's own Red seat is to move.
fn red_to_move(player: &Player) -> bool {
    player.shows("RED (load") && player.shows(") to move")
}

async fn join(addr: SocketAddr, id: usize) -> Result<Player, String> {
    let guest = guest(addr, None, format!("load{id}"), (80, 24)).await?;
    let mut player = Player {
        _handle: guest.handle,
        channel: guest.channel,
        screen: vt100::Parser::new(nz(24), nz(80), 0),
        cut: guest.cut,
        closed: false,
    };
    let deadline = Instant::now() + CONNECT_LIMIT;
    // The lobby first; its first line plays the server's computer.
    if player
        .read_until(deadline, |p| p.shows("Play the computer"))
        .await
    {
        player.channel.data_bytes(&b"\r"[..]).await.ok();
    }
    if !player.read_until(deadline, red_to_move).await {
        return Err(format!(
            "no game screen (closed: {}):\n{}",
            player.closed,
            player.screen.screen().contents()
        ));
    }
    Ok(player)
}

impl Player {
    fn shows(&self, text: &str) -> bool {
        self.screen.screen().contents().contains(text)
    }

    fn take(&mut self, msg: Option<ChannelMsg>) {
        match msg {
            Some(ChannelMsg::Data { data }) => self.screen.process(&data),
            Some(ChannelMsg::Close) | Some(ChannelMsg::Eof) | None => self.closed = true,
            _ => {}
        }
    }

    /// Reads until `done` holds (true) or the deadline passes or the channel closes (false).
    async fn read_until(&mut self, deadline: Instant, done: impl Fn(&Player) -> bool) -> bool {
        while !done(self) {
            if self.closed {
                return false;
            }
            let left = deadline.saturating_duration_since(Instant::now());
            match timeout(left, self.channel.wait()).await {
                Ok(msg) => self.take(msg),
                Err(_) => return false,
            }
        }
        true
    }

    /// Reads until nothing arrived for `quiet`, or until `limit` passed.
    async fn settle(&mut self, quiet: Duration, limit: Duration) {
        let deadline = Instant::now() + limit;
        while !self.closed && Instant::now() < deadline {
            match timeout(quiet, self.channel.wait()).await {
                Ok(msg) => self.take(msg),
                Err(_) => return,
            }
        }
    }

    /// Sends `key` and returns the time until the first bytes that change the screen so
    /// that `done(before, after)` holds; `None` if that takes over [`FRAME_LIMIT`].
    async fn press(
        &mut self,
        key: &[u8],
        done: impl Fn(&str, &str) -> bool,
    ) -> Result<Duration, String> {
        // Whatever already arrived is not the answer to this key.
        self.settle(Duration::ZERO, Duration::from_millis(50)).await;
        let before = self.screen.screen().contents_formatted();
        let before_text = self.screen.screen().contents();
        let sent = Instant::now();
        self.channel
            .data_bytes(key.to_vec())
            .await
            .map_err(|e| format!("send: {e}"))?;
        let deadline = sent + FRAME_LIMIT;
        loop {
            if self.closed {
                return Err("channel closed".into());
            }
            let left = deadline.saturating_duration_since(Instant::now());
            match timeout(left, self.channel.wait()).await {
                Ok(msg) => {
                    let data = matches!(msg, Some(ChannelMsg::Data { .. }));
                    self.take(msg);
                    if data {
                        let screen = self.screen.screen();
                        if screen.contents_formatted() != before
                            && done(&before_text, &screen.contents())
                        {
                            return Ok(sent.elapsed());
                        }
                    }
                }
                Err(_) => return Err(format!("no frame within {FRAME_LIMIT:?}")),
            }
        }
    }
}

/// What the clients measured.
#[derive(Default)]
struct Results {
    /// Milliseconds, by kind of key.
    latencies: HashMap<&'static str, Vec<f64>>,
    errors: Vec<String>,
}

fn hints_changed(before: &str, after: &str) -> bool {
    if before.contains("Hints on") {
        after.contains("Hints off")
    } else if before.contains("Hints off") {
        after.contains("Hints on")
    } else {
        after.contains("Hints o")
    }
}

/// One player's playing phase: keys for `seconds`, bounded.
async fn play(player: &mut Player, id: usize, seconds: u64, results: &mut Results) {
    let mut rng = ChaCha8Rng::seed_from_u64(0x5eed_0000 + id as u64);
    let end = Instant::now() + Duration::from_secs(seconds);
    // At most one action every 100 ms, so the loop is bounded by this too.
    let max_actions = seconds * 10 + 1;
    let record = |results: &mut Results, kind: &'static str, r: Result<Duration, String>| match r {
        Ok(d) => results
            .latencies
            .entry(kind)
            .or_default()
            .push(d.as_secs_f64() * 1000.0),
        Err(e) => results.errors.push(format!("client {id}, {kind}: {e}")),
    };
    for _ in 0..max_actions {
        let pause = 100 + rng.next_u64() % 201;
        sleep(Duration::from_millis(pause)).await;
        if Instant::now() >= end || player.closed {
            break;
        }
        if player.shows("Game over") {
            player.channel.data_bytes(&b"n"[..]).await.ok();
            let deadline = Instant::now() + FRAME_LIMIT;
            player.read_until(deadline, red_to_move).await;
            player.settle(Duration::from_millis(300), FRAME_LIMIT).await;
            continue;
        }
        let do_move = rng.next_u64() % 8 == 0 && red_to_move(player);
        if do_move {
            let r = player.press(b"1", |_, _| true).await;
            let ok = r.is_ok();
            record(results, "pick (1)", r);
            if ok {
                let r = player.press(b"\r", |_, _| true).await;
                record(results, "place (Enter)", r);
            }
            // Let the battle animation and the computer's answer finish.
            let deadline = Instant::now() + FRAME_LIMIT;
            player
                .read_until(deadline, |p| red_to_move(p) || p.shows("Game over"))
                .await;
            player.settle(Duration::from_millis(300), FRAME_LIMIT).await;
        } else {
            let r = player.press(b"H", hints_changed).await;
            record(results, "hints (H)", r);
        }
    }
}

/// Phases the coordinator moves the clients through.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Phase {
    Idle,
    Play,
    Cut,
}

/// All clients: join, report ready, wait for `Play`, play, wait for `Cut`, cut. Reports
/// `ready` once (with the number that joined), `played` once, then returns the results.
async fn run_clients(
    addr: SocketAddr,
    count: usize,
    seconds: u64,
    mut phase: watch::Receiver<Phase>,
    events: mpsc::UnboundedSender<String>,
) -> Results {
    let started = Instant::now();
    let mut joins = tokio::task::JoinSet::new();
    for id in 0..count {
        joins.spawn(async move { (id, join(addr, id).await) });
    }
    let mut players = Vec::new();
    let mut results = Results::default();
    let deadline = Instant::now() + CONNECT_LIMIT + Duration::from_secs(5);
    while let Ok(Some(joined)) = timeout(
        deadline.saturating_duration_since(Instant::now()),
        joins.join_next(),
    )
    .await
    {
        match joined {
            Ok((id, Ok(player))) => players.push((id, player)),
            Ok((id, Err(e))) => results.errors.push(format!("client {id} join: {e}")),
            Err(e) => results.errors.push(format!("join task: {e}")),
        }
    }
    joins.abort_all();
    let _ = events.send(format!(
        "ready {} {:.3}",
        players.len(),
        started.elapsed().as_secs_f64()
    ));
    let _ = timeout(
        Duration::from_secs(60),
        phase.wait_for(|p| *p != Phase::Idle),
    )
    .await;

    let mut tasks = tokio::task::JoinSet::new();
    for (id, mut player) in players {
        tasks.spawn(async move {
            let mut results = Results::default();
            play(&mut player, id, seconds, &mut results).await;
            (player, results)
        });
    }
    let mut players = Vec::new();
    let limit = Duration::from_secs(seconds) + FRAME_LIMIT * 4 + Duration::from_secs(10);
    let deadline = Instant::now() + limit;
    while let Ok(Some(done)) = timeout(
        deadline.saturating_duration_since(Instant::now()),
        tasks.join_next(),
    )
    .await
    {
        match done {
            Ok((player, r)) => {
                for (kind, mut l) in r.latencies {
                    results.latencies.entry(kind).or_default().append(&mut l);
                }
                results.errors.extend(r.errors);
                players.push(player);
            }
            Err(e) => results.errors.push(format!("play task: {e}")),
        }
    }
    if !tasks.is_empty() {
        results.errors.push(format!(
            "{} players still playing at the limit",
            tasks.len()
        ));
    }
    tasks.abort_all();
    let _ = events.send("played".into());
    let _ = timeout(
        Duration::from_secs(60),
        phase.wait_for(|p| *p == Phase::Cut),
    )
    .await;
    // Abruptly: shut the sockets down under the SSH sessions, then drop everything.
    for player in &players {
        let _ = player.cut.shutdown(std::net::Shutdown::Both);
    }
    drop(players);
    results
}

fn percentile(sorted: &[f64], p: f64) -> f64 {
    if sorted.is_empty() {
        return f64::NAN;
    }
    let rank = ((p / 100.0) * sorted.len() as f64).ceil() as usize;
    sorted[rank.clamp(1, sorted.len()) - 1]
}

fn print_results(results: &Results) -> f64 {
    let mut all = Vec::new();
    let mut kinds: Vec<_> = results.latencies.iter().collect();
    kinds.sort_by_key(|(k, _)| *k);
    println!("keystroke-to-frame latency (ms):");
    let line = |name: &str, v: &mut Vec<f64>| {
        v.sort_by(f64::total_cmp);
        println!(
            "  {name:<14} count {:>6}  p50 {:>7.2}  p90 {:>7.2}  p99 {:>7.2}  max {:>7.2}",
            v.len(),
            percentile(v, 50.0),
            percentile(v, 90.0),
            percentile(v, 99.0),
            v.last().copied().unwrap_or(f64::NAN)
        );
    };
    for (kind, v) in kinds {
        let mut v = v.clone();
        all.extend_from_slice(&v);
        line(kind, &mut v);
    }
    line("all keys", &mut all);
    println!("errors: {}", results.errors.len());
    for e in results.errors.iter().take(10) {
        println!("  {e}");
    }
    percentile(&all, 99.0)
}

// ---------------------------------------------------------------------------------------
// Server

fn server_config(clients: usize, store: Option<&std::path::Path>) -> ServeConfig {
    let game = MatchConfig {
        clock: None,
        board: SourceFile::default_board(),
        cards: SourceFile::default_cards(),
        deal: DealMode::Shuffle,
        seed: 1,
        rules: RuleSet::default(),
        red: Seat::Human,
        // A cheap computer player: the load is the server's, not the AI's.
        blue: Seat::Computer("maxflip".into()),
        think_ms: 50,
    };
    let key = PrivateKey::random(&mut rand::rng(), Algorithm::Ed25519).expect("host key");
    let mut config = ServeConfig::new(key, game, trios::registry::server_games());
    config.listen = SocketAddr::from(([127, 0, 0, 1], 0));
    config.max_sessions = clients + 8;
    config.connections_per_minute = clients * 4 + 100;
    config.idle_timeout = Duration::from_secs(600);
    // Every client connects from 127.0.0.1 at once: the limits on unfinished logins would
    // turn most away.
    config.max_startups = clients + 8;
    config.max_startups_per_address = clients + 8;
    if let Some(dir) = store {
        let db = trios::store::sqlite::SqliteStore::open(&dir.join("trios.db")).expect("store");
        let journal = trios::store::journal::Journal::in_dir(dir);
        config.store = Some(
            trios::store::worker::StoreService::start(
                Box::new(db),
                Some(journal),
                trios::store::LICHESS,
            )
            .expect("store threads"),
        );
    }
    config
}

/// How the clients are driven from the server's side.
enum Clients {
    InProcess {
        phase: watch::Sender<Phase>,
        events: mpsc::UnboundedReceiver<String>,
        done: tokio::task::JoinHandle<Results>,
    },
    Child {
        child: std::process::Child,
        stdin: std::process::ChildStdin,
        events: mpsc::UnboundedReceiver<String>,
    },
}

impl Clients {
    async fn next_event(&mut self, limit: Duration) -> Option<String> {
        let events = match self {
            Clients::InProcess { events, .. } | Clients::Child { events, .. } => events,
        };
        timeout(limit, events.recv()).await.ok().flatten()
    }

    fn set(&mut self, to: Phase) {
        match self {
            Clients::InProcess { phase, .. } => {
                let _ = phase.send(to);
            }
            Clients::Child { stdin, .. } => {
                let _ = writeln!(stdin, "{to:?}");
                let _ = stdin.flush();
            }
        }
    }
}

fn server_main(clients: usize, seconds: u64, split: bool, store: bool) {
    let server_rt = tokio::runtime::Builder::new_multi_thread()
        .worker_threads(2)
        .thread_name("srv-rt")
        .enable_all()
        .build()
        .expect("server runtime");
    let client_rt = tokio::runtime::Builder::new_multi_thread()
        .worker_threads(2)
        .thread_name("cli-rt")
        .enable_all()
        .build()
        .expect("client runtime");

    println!(
        "trios ssh load: {clients} clients x {seconds} s, 80x24 pty, Blue = maxflip (think_ms 50), \
         clients {}",
        if split {
            "in a child process"
        } else {
            "in this process (their CPU and memory count here too)"
        }
    );
    let rss_start = rss_mb();
    let folder = tempfile::tempdir().expect("temporary folder");
    let store = store.then(|| folder.path());
    if store.is_some() {
        println!(
            "with a players database (SQLite) in {}",
            folder.path().display()
        );
    }
    let server = server_rt
        .block_on(trios::ssh::serve(server_config(clients, store)))
        .expect("server starts");
    let addr = server.local_addr();
    let rss_before = rss_mb();
    let threads_before = threads();
    println!(
        "server on {addr}; before clients: VmRSS {rss_before:.1} MB (process start {rss_start:.1} MB), \
         threads {threads_before}"
    );

    let mut driver = if split {
        let exe = std::env::current_exe().expect("own path");
        let mut child = Command::new(exe)
            .args([
                "--clients-only".to_string(),
                addr.to_string(),
                clients.to_string(),
                seconds.to_string(),
            ])
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::inherit())
            .spawn()
            .expect("client process starts");
        println!("client process pid {}", child.id());
        let stdin = child.stdin.take().expect("stdin");
        let stdout = child.stdout.take().expect("stdout");
        let (tx, rx) = mpsc::unbounded_channel();
        std::thread::spawn(move || {
            for line in std::io::BufReader::new(stdout).lines() {
                let Ok(line) = line else { break };
                if line.starts_with("ready") || line == "played" {
                    let _ = tx.send(line);
                } else {
                    println!("{line}");
                }
            }
        });
        Clients::Child {
            child,
            stdin,
            events: rx,
        }
    } else {
        let (phase, phase_rx) = watch::channel(Phase::Idle);
        let (tx, rx) = mpsc::unbounded_channel();
        let done = client_rt.spawn(run_clients(addr, clients, seconds, phase_rx, tx));
        Clients::InProcess {
            phase,
            events: rx,
            done,
        }
    };

    server_rt.block_on(async {
        // 1. Memory per idle session.
        let ready = driver
            .next_event(CONNECT_LIMIT + Duration::from_secs(30))
            .await
            .unwrap_or_default();
        let mut words = ready.split_whitespace().skip(1);
        let joined: usize = words.next().and_then(|w| w.parse().ok()).unwrap_or(0);
        let join_secs: f64 = words.next().and_then(|w| w.parse().ok()).unwrap_or(f64::NAN);
        println!(
            "{joined}/{clients} clients on the game screen after {join_secs:.2} s; \
             open connections {}",
            server.open_connections()
        );
        sleep(Duration::from_secs(2)).await;
        let rss_idle = rss_mb();
        let threads_idle = threads();
        let per = (rss_idle - rss_before) / joined.max(1) as f64;
        println!(
            "idle: VmRSS {rss_idle:.1} MB, threads {threads_idle} (+{} for {joined} sessions)",
            threads_idle.saturating_sub(threads_before)
        );
        println!(
            "MEMORY per idle session: {per:.3} MB  [target <= 2 MB: {}]",
            if per <= 2.0 { "PASS" } else { "FAIL" }
        );

        // 2 and 3. Play, measuring CPU.
        let ticks0 = process_ticks();
        let groups0 = thread_ticks();
        let t0 = Instant::now();
        driver.set(Phase::Play);
        let played = driver
            .next_event(Duration::from_secs(seconds) + FRAME_LIMIT * 4 + Duration::from_secs(20))
            .await;
        let wall = t0.elapsed().as_secs_f64();
        let ticks1 = process_ticks();
        let groups1 = thread_ticks();
        let rss_played = rss_mb();
        if played.is_none() {
            println!("the clients never reported the end of play");
        }
        let cores = (ticks1 - ticks0) as f64 / TICKS / wall;
        println!(
            "CPU while playing: {cores:.2} cores on average over {wall:.1} s (process); VmRSS {rss_played:.1} MB"
        );
        let mut names: Vec<_> = groups1.keys().copied().collect();
        names.sort();
        for name in names {
            let used = groups1[name].saturating_sub(groups0.get(name).copied().unwrap_or(0));
            println!("  {name:<15} {:.2} cores", used as f64 / TICKS / wall);
        }

        // 4. Cut every client off and watch the server recover.
        let open_before = server.open_connections();
        let cut_at = Instant::now();
        driver.set(Phase::Cut);
        let results = match driver {
            Clients::InProcess { done, .. } => {
                let results = timeout(Duration::from_secs(30), done).await;
                match results {
                    Ok(Ok(results)) => Some(results),
                    _ => None,
                }
            }
            Clients::Child {
                mut child, stdin, ..
            } => {
                drop(stdin);
                let exit_deadline = std::time::Instant::now() + Duration::from_secs(30);
                loop {
                    match child.try_wait() {
                        Ok(Some(_)) => break,
                        Ok(None) if std::time::Instant::now() < exit_deadline => {
                            sleep(Duration::from_millis(20)).await
                        }
                        _ => {
                            let _ = child.kill();
                            let _ = child.wait();
                            break;
                        }
                    }
                }
                None
            }
        };
        let mut recovered = None;
        while cut_at.elapsed() < RECOVERY_LIMIT + Duration::from_secs(1) {
            if server.open_connections() == 0 {
                recovered = Some(cut_at.elapsed());
                break;
            }
            sleep(Duration::from_millis(10)).await;
        }
        match recovered {
            Some(t) if t <= RECOVERY_LIMIT => println!(
                "RECOVERY: open connections {open_before} -> 0 in {:.0} ms after the cut  [PASS]",
                t.as_secs_f64() * 1000.0
            ),
            _ => println!(
                "RECOVERY: open connections still {} after {:?}  [FAIL]",
                server.open_connections(),
                RECOVERY_LIMIT
            ),
        }
        // Game threads end when their connection goes; give them a moment.
        let mut threads_after = threads();
        for _ in 0..50 {
            if threads_after <= threads_before + 4 {
                break;
            }
            sleep(Duration::from_millis(20)).await;
            threads_after = threads();
        }
        println!(
            "after the cut: threads {threads_after} (before clients {threads_before}), VmRSS {:.1} MB",
            rss_mb()
        );
        if let Some(results) = results {
            let p99 = print_results(&results);
            println!(
                "LATENCY p99 {p99:.2} ms  [target < 50 ms: {}]",
                if p99 < 50.0 { "PASS" } else { "FAIL" }
            );
        }
        if timeout(Duration::from_secs(10), server.shutdown())
            .await
            .is_err()
        {
            println!("shutdown took over 10 s");
        } else {
            println!("server shut down");
        }
    });
    client_rt.shutdown_timeout(Duration::from_secs(2));
    server_rt.shutdown_timeout(Duration::from_secs(2));
}

/// The child process of `--split`: clients only, driven by lines on stdin, reporting on
/// stdout.
fn clients_main(addr: SocketAddr, clients: usize, seconds: u64) {
    let rt = tokio::runtime::Builder::new_multi_thread()
        .worker_threads(2)
        .thread_name("cli-rt")
        .enable_all()
        .build()
        .expect("client runtime");
    let (phase, phase_rx) = watch::channel(Phase::Idle);
    std::thread::spawn(move || {
        for line in std::io::stdin().lock().lines() {
            let Ok(line) = line else { break };
            let to = match line.trim() {
                "Play" => Phase::Play,
                "Cut" => Phase::Cut,
                _ => continue,
            };
            if phase.send(to).is_err() {
                break;
            }
        }
        // The server side went away or closed stdin: cut.
        let _ = phase.send(Phase::Cut);
    });
    let (tx, mut rx) = mpsc::unbounded_channel();
    let results = rt.block_on(async move {
        let forward = tokio::spawn(async move {
            while let Some(line) = rx.recv().await {
                println!("{line}");
                let _ = std::io::stdout().flush();
            }
        });
        let results = run_clients(addr, clients, seconds, phase_rx, tx).await;
        let _ = timeout(Duration::from_secs(1), forward).await;
        results
    });
    let p99 = print_results(&results);
    println!(
        "LATENCY p99 {p99:.2} ms  [target < 50 ms: {}]",
        if p99 < 50.0 { "PASS" } else { "FAIL" }
    );
    let _ = std::io::stdout().flush();
    rt.shutdown_timeout(Duration::from_secs(2));
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    if args.first().map(String::as_str) == Some("--clients-only") {
        let addr: SocketAddr = args
            .get(1)
            .and_then(|a| a.parse().ok())
            .expect("--clients-only ADDR CLIENTS SECONDS");
        let clients = args.get(2).and_then(|a| a.parse().ok()).unwrap_or(100);
        let seconds = args.get(3).and_then(|a| a.parse().ok()).unwrap_or(20);
        return clients_main(addr, clients, seconds);
    }
    let split = args.iter().any(|a| a == "--split");
    let store = args.iter().any(|a| a == "--store");
    let mut numbers = args.iter().filter(|a| !a.starts_with("--"));
    let clients: usize = numbers.next().and_then(|a| a.parse().ok()).unwrap_or(100);
    let seconds: u64 = numbers.next().and_then(|a| a.parse().ok()).unwrap_or(20);
    server_main(clients.max(1), seconds.clamp(1, 600), split, store);
}
