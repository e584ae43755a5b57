//! A crowd in the lobby of `trios serve`: many SSH sessions on loopback that sit in the lobby
//! and press an arrow key once a second, against the real server binary in a process of its
//! own, with the generator beside it.
//!
//! Sessions join at `--ramp` a second, each from its own loopback address (`127.0.x.y`), so
//! the server's limits per address are not what is measured. Once all are in, each presses
//! Down or Up (alternately) once a second, at its own phase, for SECONDS. A key's latency is
//! the time from sending it to the first bytes that carry the lobby's selection marker (`▸`),
//! which only a frame answering the key redraws; frames the server sends unasked (a table's
//! line changing) do not end the wait.
//!
//! Reported, for the server process: latency p50/p99/max, its resident memory (VmRSS) idle,
//! with the crowd in, and a minute after the crowd left, the memory a session, its CPU while
//! the crowd plays (100% = one core), and its threads.
//!
//! Run (the server binary first): `cargo build --release && cargo run --release --example
//! ssh_crowd -- [SESSIONS] [SECONDS] [--ramp N] [--no-showcase] [--rest SECS]` (defaults 100
//! sessions, 20 s, 50 a second, the showcase on, 60 s of rest). Linux only (reads `/proc`).
//! Every wait is bounded; it exits 1 when sessions fail.

use std::net::{IpAddr, Ipv4Addr, SocketAddr};
use std::process::{Child, Command, Stdio};
use std::time::Duration;

use russh::ChannelMsg;
use russh::client::{self, Handle};
use tokio::time::{Instant, sleep, sleep_until, timeout};

#[path = "support/ssh_guest.rs"]
mod ssh_guest;
use ssh_guest::{Client, guest};

/// How long one session may take to reach its lobby.
const JOIN_LIMIT: Duration = Duration::from_secs(60);
/// How long a key may wait for its frame before it counts as lost.
const FRAME_LIMIT: Duration = Duration::from_secs(5);
/// The lobby's selection marker, in UTF-8.
const MARKER: &[u8] = "▸".as_bytes();
/// Clock ticks a second in `/proc/*/stat`.
const TICKS: f64 = 100.0;

struct Args {
    sessions: usize,
    seconds: u64,
    ramp: usize,
    showcase: bool,
    rest: u64,
}

fn args() -> Result<Args, String> {
    let mut args = Args {
        sessions: 100,
        seconds: 20,
        ramp: 50,
        showcase: true,
        rest: 60,
    };
    let mut numbers = Vec::new();
    let mut it = std::env::args().skip(1);
    while let Some(arg) = it.next() {
        let mut value = |name: &str| -> Result<u64, String> {
            it.next()
                .and_then(|v| v.parse().ok())
                .ok_or(format!("{name} takes a number"))
        };
        match arg.as_str() {
            "--ramp" => args.ramp = value("--ramp")?.max(1) as usize,
            "--rest" => args.rest = value("--rest")?,
            "--no-showcase" => args.showcase = false,
            n => numbers.push(
                n.parse::<u64>()
                    .map_err(|_| format!("unknown argument {n}"))?,
            ),
        }
    }
    if let Some(&n) = numbers.first() {
        args.sessions = n.max(1) as usize;
    }
    if let Some(&s) = numbers.get(1) {
        args.seconds = s.max(1);
    }
    Ok(args)
}

// ---------------------------------------------------------------------------------------
// The server process, as /proc sees it

struct Server {
    child: Child,
    _data: tempfile::TempDir,
    addr: SocketAddr,
}

impl Drop for Server {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

impl Server {
    fn status(&self, field: &str) -> u64 {
        let path = format!("/proc/{}/status", self.child.id());
        let text = std::fs::read_to_string(path).unwrap_or_default();
        text.lines()
            .find_map(|line| {
                let rest = line.strip_prefix(field)?.strip_prefix(':')?;
                rest.split_whitespace().next()?.parse().ok()
            })
            .unwrap_or(0)
    }

    fn rss_mb(&self) -> f64 {
        self.status("VmRSS") as f64 / 1024.0
    }

    fn threads(&self) -> u64 {
        self.status("Threads")
    }

    /// VmRSS's parts: the heap and other private memory, and the binary's and libraries'
    /// pages read in (code the crowd ran, which the system may drop at will).
    fn rss_parts(&self) -> String {
        let mb = |field| self.status(field) as f64 / 1024.0;
        format!(
            "anonymous {:.1} MB, files {:.1} MB",
            mb("RssAnon"),
            mb("RssFile")
        )
    }

    /// Its open file descriptors (sockets among them).
    fn open_files(&self) -> usize {
        std::fs::read_dir(format!("/proc/{}/fd", self.child.id())).map_or(0, |fds| fds.count())
    }

    /// User and system time so far, in clock ticks.
    fn ticks(&self) -> u64 {
        ticks_of(&format!("/proc/{}/stat", self.child.id()))
    }
}

/// A process's user and system time so far, in clock ticks, from its `stat` file.
fn ticks_of(path: &str) -> u64 {
    {
        let text = std::fs::read_to_string(path).unwrap_or_default();
        // The fields after the command's closing parenthesis; utime and stime are 14 and 15.
        let rest = text.rsplit_once(')').map_or("", |(_, rest)| rest);
        let fields: Vec<&str> = rest.split_whitespace().collect();
        let field = |n: usize| fields.get(n - 3).and_then(|f| f.parse::<u64>().ok());
        field(14).unwrap_or(0) + field(15).unwrap_or(0)
    }
}

/// Starts `trios serve` from beside this example's binary, with room for the crowd.
fn start_server(args: &Args) -> Result<Server, String> {
    let exe = std::env::current_exe().map_err(|e| e.to_string())?;
    let bin = exe
        .parent()
        .and_then(|examples| examples.parent())
        .map(|dir| dir.join("trios"))
        .filter(|bin| bin.exists())
        .ok_or("no trios binary beside the examples folder: run `cargo build --release` first")?;
    let data = tempfile::tempdir().map_err(|e| e.to_string())?;
    let port = {
        let probe = std::net::TcpListener::bind("127.0.0.1:0").map_err(|e| e.to_string())?;
        probe.local_addr().map_err(|e| e.to_string())?.port()
    };
    let addr = SocketAddr::from(([127, 0, 0, 1], port));
    let room = (args.sessions + 64).min(10_000).to_string();
    let mut command = Command::new(&bin);
    command
        .args([
            "serve",
            "--listen",
            &addr.to_string(),
            "--max-sessions",
            &room,
        ])
        .args(["--per-address", "10000", "--max-startups", "4096"])
        .args(["--max-startups-per-address", "1024", "--no-record"])
        .env("TRIOS_DATA_DIR", data.path())
        .stdin(Stdio::null())
        .stdout(Stdio::null())
        .stderr(Stdio::null());
    if !args.showcase {
        command.arg("--no-showcase");
    }
    let child = command
        .spawn()
        .map_err(|e| format!("{}: {e}", bin.display()))?;
    let server = Server {
        child,
        _data: data,
        addr,
    };
    for _ in 0..100 {
        if std::net::TcpStream::connect(addr).is_ok() {
            return Ok(server);
        }
        std::thread::sleep(Duration::from_millis(100));
    }
    Err("the server did not listen within 10 s".into())
}

// ---------------------------------------------------------------------------------------
// Sessions

/// Session `n`'s own loopback address: 127.0.x.y, y from 1 to 250.
fn source(n: usize) -> IpAddr {
    IpAddr::V4(Ipv4Addr::new(
        127,
        0,
        (n / 250) as u8 + 1,
        (n % 250) as u8 + 1,
    ))
}

/// One session in the lobby.
struct Session {
    handle: Handle<Client>,
    channel: russh::Channel<client::Msg>,
    /// Its TCP socket, kept open as long as the session.
    socket: std::net::TcpStream,
}

impl Session {
    /// Leaves as a person's ssh does: the SSH goodbye, then the socket closes.
    async fn leave(self) {
        let _ = timeout(
            Duration::from_secs(5),
            self.handle
                .disconnect(russh::Disconnect::ByApplication, "bye", "en"),
        )
        .await;
        let _ = self.socket.shutdown(std::net::Shutdown::Both);
    }
}

/// Connects session `n` as a guest and waits for its lobby.
async fn join(addr: SocketAddr, n: usize) -> Result<Session, String> {
    let guest = guest(addr, Some(source(n)), format!("crowd{n}"), (80, 24)).await?;
    let mut session = Session {
        handle: guest.handle,
        channel: guest.channel,
        socket: guest.cut,
    };
    session
        .until_marker(Instant::now() + JOIN_LIMIT)
        .await
        .map_err(|e| format!("no lobby: {e}"))?;
    Ok(session)
}

impl Session {
    /// Reads until bytes with the selection marker arrive.
    async fn until_marker(&mut self, deadline: Instant) -> Result<(), String> {
        loop {
            let left = deadline.saturating_duration_since(Instant::now());
            match timeout(left, self.channel.wait()).await {
                Ok(Some(ChannelMsg::Data { data })) => {
                    if data.windows(MARKER.len()).any(|w| w == MARKER) {
                        return Ok(());
                    }
                }
                Ok(Some(ChannelMsg::Close | ChannelMsg::Eof) | None) => {
                    return Err("closed".into());
                }
                Ok(Some(_)) => {}
                Err(_) => return Err("timed out".into()),
            }
        }
    }

    /// Drops whatever arrived unasked.
    fn drain(&mut self) {
        while let Some(Some(_)) = self.channel.wait().now_or_never_msg() {}
    }
}

/// Polling a channel once without waiting.
trait NowOrNever {
    fn now_or_never_msg(self) -> Option<Option<ChannelMsg>>;
}

impl<F: std::future::Future<Output = Option<ChannelMsg>>> NowOrNever for F {
    fn now_or_never_msg(self) -> Option<Option<ChannelMsg>> {
        let waker = std::task::Waker::noop();
        let mut cx = std::task::Context::from_waker(waker);
        let mut fut = std::pin::pin!(self);
        match fut.as_mut().poll(&mut cx) {
            std::task::Poll::Ready(v) => Some(v),
            std::task::Poll::Pending => None,
        }
    }
}

/// Presses Down and Up in turn, once a second from `start` plus its phase, until `end`:
/// the latencies in milliseconds, and the keys that got no frame.
async fn press(
    mut session: Session,
    phase: Duration,
    start: Instant,
    end: Instant,
) -> (Vec<f64>, usize, Session) {
    let (mut latencies, mut lost) = (Vec::new(), 0);
    let mut at = start + phase;
    let mut down = true;
    while at < end {
        sleep_until(at).await;
        session.drain();
        let key: &[u8] = if down { b"\x1b[B" } else { b"\x1b[A" };
        down = !down;
        let sent = Instant::now();
        if session.channel.data_bytes(key.to_vec()).await.is_err() {
            lost += 1;
            break;
        }
        match session.until_marker(sent + FRAME_LIMIT).await {
            Ok(()) => latencies.push(sent.elapsed().as_secs_f64() * 1000.0),
            Err(_) => lost += 1,
        }
        at += Duration::from_secs(1);
    }
    (latencies, lost, session)
}

fn percentile(sorted: &[f64], p: f64) -> f64 {
    if sorted.is_empty() {
        return f64::NAN;
    }
    let rank = ((p / 100.0) * (sorted.len() - 1) as f64).round() as usize;
    sorted[rank.min(sorted.len() - 1)]
}

async fn crowd(args: &Args, server: &Server) -> Result<bool, String> {
    let idle = server.rss_mb();
    println!(
        "trios serve at {} ({}): {} sessions at {} a second, then {} s of a key a second each",
        server.addr,
        if args.showcase {
            "with the showcase"
        } else {
            "no showcase"
        },
        args.sessions,
        args.ramp,
        args.seconds
    );
    println!(
        "idle: VmRSS {idle:.1} MB ({}), threads {}",
        server.rss_parts(),
        server.threads()
    );
    let (joined_tx, mut joined_rx) = tokio::sync::mpsc::unbounded_channel();
    let ramp_started = Instant::now();
    for n in 0..args.sessions {
        let at = ramp_started + Duration::from_secs_f64(n as f64 / args.ramp as f64);
        let addr = server.addr;
        let joined = joined_tx.clone();
        tokio::spawn(async move {
            sleep_until(at).await;
            let _ = joined.send((n, join(addr, n).await));
        });
    }
    drop(joined_tx);
    let mut sessions = Vec::new();
    let mut failed = Vec::new();
    while let Some((n, result)) = joined_rx.recv().await {
        match result {
            Ok(session) => sessions.push((n, session)),
            Err(e) => failed.push(format!("session {n}: {e}")),
        }
    }
    println!(
        "joined: {} of {} in {:.1} s ({} failed)",
        sessions.len(),
        args.sessions,
        ramp_started.elapsed().as_secs_f64(),
        failed.len()
    );
    for e in failed.iter().take(5) {
        println!("  {e}");
    }
    sleep(Duration::from_secs(2)).await;
    let in_lobby = server.rss_mb();
    let count = sessions.len().max(1) as f64;
    println!(
        "in the lobby: VmRSS {in_lobby:.1} MB, {:.3} MB a session, threads {}",
        (in_lobby - idle) / count,
        server.threads()
    );

    let start = Instant::now() + Duration::from_millis(500);
    let end = start + Duration::from_secs(args.seconds);
    let ticks_before = server.ticks();
    let own_before = ticks_of("/proc/self/stat");
    let timed = std::time::Instant::now();
    let (done_tx, mut done_rx) = tokio::sync::mpsc::unbounded_channel();
    let total = sessions.len();
    for (i, (_, session)) in sessions.into_iter().enumerate() {
        let phase = Duration::from_secs_f64(i as f64 / total.max(1) as f64);
        let done = done_tx.clone();
        tokio::spawn(async move {
            let _ = done.send(press(session, phase, start, end).await);
        });
    }
    drop(done_tx);
    let mut all = Vec::new();
    let mut lost = 0;
    let mut kept = Vec::new();
    while let Some((latencies, missed, session)) = done_rx.recv().await {
        all.extend(latencies);
        lost += missed;
        kept.push(session);
    }
    let wall = timed.elapsed().as_secs_f64();
    let cpu = (server.ticks() - ticks_before) as f64 / TICKS / wall;
    let own = (ticks_of("/proc/self/stat") - own_before) as f64 / TICKS / wall;
    let peak = server.rss_mb();
    all.sort_by(f64::total_cmp);
    println!(
        "keys: {} answered, {lost} lost; p50 {:.1} ms, p99 {:.1} ms, max {:.1} ms",
        all.len(),
        percentile(&all, 50.0),
        percentile(&all, 99.0),
        all.last().copied().unwrap_or(f64::NAN)
    );
    println!(
        "while playing: server CPU {:.0}% of a core (the generator {:.0}%), VmRSS {peak:.1} MB, \
         threads {}",
        cpu * 100.0,
        own * 100.0,
        server.threads()
    );
    for session in kept {
        session.leave().await;
    }
    sleep(Duration::from_secs(args.rest)).await;
    let after = server.rss_mb();
    println!(
        "{} s after the crowd left: VmRSS {after:.1} MB ({:.2}x idle; {}), threads {}, \
         open files {}",
        args.rest,
        after / idle.max(0.1),
        server.rss_parts(),
        server.threads(),
        server.open_files()
    );
    Ok(failed.is_empty() && lost == 0)
}

fn main() {
    let args = match args() {
        Ok(args) => args,
        Err(e) => {
            eprintln!("error: {e}");
            std::process::exit(2);
        }
    };
    let server = match start_server(&args) {
        Ok(server) => server,
        Err(e) => {
            eprintln!("error: {e}");
            std::process::exit(2);
        }
    };
    let runtime = match tokio::runtime::Builder::new_multi_thread()
        .worker_threads(2)
        .enable_all()
        .build()
    {
        Ok(runtime) => runtime,
        Err(e) => {
            eprintln!("error: no runtime: {e}");
            std::process::exit(2);
        }
    };
    let ok = runtime.block_on(crowd(&args, &server));
    drop(server);
    match ok {
        Ok(true) => {}
        Ok(false) => std::process::exit(1),
        Err(e) => {
            eprintln!("error: {e}");
            std::process::exit(2);
        }
    }
}
