//! Hostile input over SSH, end to end: the real `trios serve` as a child process on a free
//! loopback port, one client (russh's) sending what no terminal would (a huge window, an
//! endless paste, bytes that are not UTF-8, random bytes, a name made of terminal commands),
//! and after each attack: the server is still up, its memory (VmRSS) stayed small, its log
//! is clean, and another player still signs in and sees the lobby.

use crate::common::fork::SpawnGuarded;
use crate::common::ssh::{Connection, bounded, login_any};
use std::io::{BufRead, BufReader};
use std::net::SocketAddr;
use std::num::NonZeroU16;
use std::process::{Child, Command, Stdio};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};
use std::time::Duration;

use russh::client;
use russh::{ChannelMsg, ChannelWriteHalf};
use tokio::time::{Instant, sleep, timeout};

/// Every test ends within this, pass or fail.
const TEST_LIMIT: Duration = Duration::from_secs(150);
/// How long to wait for one expected screen.
const WAIT: Duration = Duration::from_secs(20);
/// How much the server's memory may grow while one client attacks it with a huge window, in
/// kB (the screen is drawn at 500x200, a few buffers of 100,000 cells).
const WINDOW_GROWTH_KB: u64 = 100 * 1024;
/// How much it may grow while one client sends a flood of bytes, in kB. A server that keeps
/// what it is sent grows at least by that much: the floods send two to three times this.
const FLOOD_GROWTH_KB: u64 = 16 * 1024;
/// What the lobby shows once it is drawn.
const LOBBY: &str = "Play the computer";

/// `trios serve` on a free loopback port with a data folder of its own; killed when dropped.
struct Server {
    child: Child,
    addr: SocketAddr,
    log: Arc<Mutex<String>>,
    _data: tempfile::TempDir,
}

impl Server {
    fn start() -> Server {
        let data = tempfile::tempdir().expect("temporary data folder");
        let mut child = Command::new(env!("CARGO_BIN_EXE_trios"))
            .args([
                "serve",
                "--listen",
                "127.0.0.1:0",
                "--no-showcase",
                "--no-record",
                "--per-address",
                "100",
                "--opponent",
                "maxflip",
                "--host-key",
            ])
            .arg(data.path().join("host_key"))
            .env("TRIOS_DATA_DIR", data.path())
            .env_remove("RUST_LOG")
            .env_remove("RUST_BACKTRACE")
            .stderr(Stdio::piped())
            .spawn_guarded()
            .expect("start trios serve");
        let stderr = child.stderr.take().expect("piped stderr");
        let log = Arc::new(Mutex::new(String::new()));
        let (port_tx, port_rx) = std::sync::mpsc::channel();
        let lines = log.clone();
        std::thread::spawn(move || {
            for line in BufReader::new(stderr).split(b'\n').map_while(Result::ok) {
                let line = String::from_utf8_lossy(&line).into_owned();
                if let Some(rest) = line.strip_prefix("trios is serving on 127.0.0.1:")
                    && let Some(port) = rest.split(':').next().and_then(|p| p.parse().ok())
                {
                    let _ = port_tx.send(port);
                }
                let mut log = lines.lock().unwrap();
                log.push_str(&line);
                log.push('\n');
            }
        });
        let port: u16 = port_rx
            .recv_timeout(WAIT)
            .expect("the server says where it listens");
        Server {
            child,
            addr: SocketAddr::from(([127, 0, 0, 1], port)),
            log,
            _data: data,
        }
    }

    /// The server's resident memory in kB, from /proc.
    fn rss_kb(&self) -> u64 {
        let status = std::fs::read_to_string(format!("/proc/{}/status", self.child.id()))
            .expect("the server's /proc status");
        status
            .lines()
            .find_map(|l| l.strip_prefix("VmRSS:"))
            .and_then(|v| v.trim().trim_end_matches("kB").trim().parse().ok())
            .expect("a VmRSS line")
    }

    fn log(&self) -> String {
        self.log.lock().unwrap().clone()
    }

    /// The server is still running, and nothing in it panicked.
    fn assert_well(&mut self) {
        let status = self.child.try_wait().expect("server status");
        assert!(
            status.is_none(),
            "the server died: {status:?}\n{}",
            self.log()
        );
        let log = self.log();
        assert!(!log.contains("panicked"), "a panic in the log:\n{log}");
    }

    /// The memory grew by less than `limit` kB from `before` kB.
    fn assert_small(&self, before: u64, limit: u64, after_what: &str) {
        let now = self.rss_kb();
        let grown = now.saturating_sub(before);
        eprintln!("RSS {before} kB before, {now} kB after {after_what} (+{grown} kB)");
        assert!(
            grown < limit,
            "the server grew by {grown} kB after {after_what} (limit {limit} kB)"
        );
    }

    /// Another player still signs in, sees the lobby, and leaves.
    async fn assert_serves_another(&self) {
        let bob = login_any(self.addr, "bob").await;
        let game = open_game(&bob, 80, 24, (80, 24)).await;
        game.wait_for("another player's lobby", |s| s.contains(LOBBY))
            .await;
        game.send(b"q").await;
        game.wait_closed().await;
    }
}

impl Drop for Server {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// A game channel whose output is read by a task of its own (so the client can send a lot
/// while the server draws), into a terminal emulator of the size the server draws at.
struct Game {
    write: ChannelWriteHalf<client::Msg>,
    screen: Arc<Mutex<vt100::Parser>>,
    closed: Arc<AtomicBool>,
}

fn nz(n: u16) -> NonZeroU16 {
    NonZeroU16::new(n).unwrap()
}

/// Opens a pty of `cols` x `rows` and a shell; `drawn` is the size the client's screen is
/// emulated at.
async fn open_game(conn: &Connection, cols: u32, rows: u32, drawn: (u16, u16)) -> Game {
    let channel = conn
        .handle
        .channel_open_session()
        .await
        .expect("session channel");
    channel
        .request_pty(true, "xterm-256color", cols, rows, 0, 0, &[])
        .await
        .expect("pty request");
    channel.request_shell(true).await.expect("shell request");
    let (mut read, write) = channel.split();
    let screen = Arc::new(Mutex::new(vt100::Parser::new(nz(drawn.1), nz(drawn.0), 0)));
    let closed = Arc::new(AtomicBool::new(false));
    let (into, done) = (screen.clone(), closed.clone());
    tokio::spawn(async move {
        while let Some(msg) = read.wait().await {
            match msg {
                ChannelMsg::Data { data } => into.lock().unwrap().process(&data),
                ChannelMsg::Close => break,
                _ => {}
            }
        }
        done.store(true, Ordering::SeqCst);
    });
    Game {
        write,
        screen,
        closed,
    }
}

impl Game {
    fn contents(&self) -> String {
        self.screen.lock().unwrap().screen().contents()
    }

    /// Waits until `done` holds for the screen's text; panics after [`WAIT`] with the screen.
    async fn wait_for(&self, what: &str, done: impl Fn(&str) -> bool) {
        let deadline = Instant::now() + WAIT;
        loop {
            let contents = self.contents();
            if done(&contents) {
                return;
            }
            assert!(
                !self.closed.load(Ordering::SeqCst),
                "channel closed waiting for {what}; screen:\n{contents}"
            );
            assert!(
                Instant::now() < deadline,
                "timed out waiting for {what}; screen:\n{contents}"
            );
            sleep(Duration::from_millis(20)).await;
        }
    }

    async fn wait_closed(&self) {
        let deadline = Instant::now() + WAIT;
        while !self.closed.load(Ordering::SeqCst) {
            assert!(Instant::now() < deadline, "the channel never closed");
            sleep(Duration::from_millis(20)).await;
        }
    }

    async fn send(&self, bytes: &[u8]) {
        let sent = timeout(WAIT, self.write.data_bytes(bytes.to_vec())).await;
        assert!(
            matches!(sent, Ok(Ok(()))),
            "the server did not take the bytes: {sent:?}; screen:\n{}",
            self.contents()
        );
    }

    /// Sends `total` bytes made by `fill` in packets of 32 KiB, as fast as the server's
    /// window lets them through.
    async fn send_many(&self, total: usize, mut fill: impl FnMut(&mut [u8])) {
        let mut block = vec![0u8; 32 * 1024];
        let mut sent = 0;
        while sent < total {
            let n = block.len().min(total - sent);
            fill(&mut block[..n]);
            self.send(&block[..n]).await;
            sent += n;
        }
    }
}

/// Mallory signed in to a new server, a pty of `cols` x `rows` open, the lobby drawn.
async fn mallory_in_the_lobby(cols: u16, rows: u16) -> (Server, Connection, Game) {
    let server = Server::start();
    let conn = login_any(server.addr, "mallory").await;
    let game = open_game(&conn, cols.into(), rows.into(), (cols, rows)).await;
    game.wait_for("the lobby", |s| s.contains(LOBBY)).await;
    (server, conn, game)
}

/// The player's keys work: `?` brings up the help.
async fn assert_help_opens(game: &Game) {
    game.send(b"?").await;
    game.wait_for("the help", |s| s.contains("this help")).await;
}

/// The server's memory with one quiet player in the lobby, in kB.
async fn warm_rss(server: &Server) -> u64 {
    let quiet = login_any(server.addr, "quiet").await;
    let game = open_game(&quiet, 80, 24, (80, 24)).await;
    game.wait_for("the lobby", |s| s.contains(LOBBY)).await;
    game.send(b"q").await;
    game.wait_closed().await;
    server.rss_kb()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_huge_window_is_drawn_at_most_500_by_200() {
    bounded(TEST_LIMIT, async {
        let mut server = Server::start();
        let idle = warm_rss(&server).await;
        let conn = login_any(server.addr, "mallory").await;
        // 65535x65535 used to ask for a 206 GB screen and abort the whole server.
        let game = open_game(&conn, 65535, 65535, (500, 200)).await;
        game.wait_for("the lobby, drawn 500 wide", |s| {
            s.lines()
                .next()
                .is_some_and(|top| top.contains("playing as guest mallory"))
        })
        .await;
        server.assert_small(idle, WINDOW_GROWTH_KB, "a 65535x65535 pty");
        for (cols, rows) in [(10000, 10000), (65535, 1), (1, 65535), (65535, 65535)] {
            game.write.window_change(cols, rows, 0, 0).await.unwrap();
        }
        // A key after the resizes: its answer shows they were all taken.
        assert_help_opens(&game).await;
        server.assert_small(idle, WINDOW_GROWTH_KB, "resizes up to 65535x65535");
        server.assert_well();
        server.assert_serves_another().await;
    })
    .await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_endless_paste_is_cut_short_and_the_player_told() {
    bounded(TEST_LIMIT, async {
        let (mut server, _conn, game) = mallory_in_the_lobby(80, 24).await;
        let before = server.rss_kb();
        // A paste that is not ended: it used to be kept whole, 1:1 with what was sent.
        game.send(b"\x1b[200~").await;
        game.send_many(48 << 20, |block| block.fill(b'x')).await;
        server.assert_small(before, FLOOD_GROWTH_KB, "48 MB of an unended paste");
        // Ending it used to queue one key for every byte.
        game.send(b"\x1b[201~").await;
        game.wait_for("the notice", |s| s.contains("Too much input at once"))
            .await;
        server.assert_small(before, FLOOD_GROWTH_KB, "the paste's end");
        // The player's keys work again.
        assert_help_opens(&game).await;
        server.assert_well();
        server.assert_serves_another().await;
    })
    .await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_flood_of_resizes_and_keys_is_dropped_beyond_the_queue_and_the_player_told() {
    bounded(TEST_LIMIT, async {
        let (mut server, _conn, game) = mallory_in_the_lobby(120, 40).await;
        let before = server.rss_kb();
        // Resizes (each a new screen to build) keep the screen thread busy while keys of no
        // meaning to the lobby pour in behind them: each used to wait in an unbounded queue.
        for i in 0..1000 {
            game.write
                .window_change(120 - i % 2, 40, 0, 0)
                .await
                .expect("window change");
        }
        game.send_many(1 << 20, |block| block.fill(b'x')).await;
        game.wait_for("the notice", |s| s.contains("Too much input at once"))
            .await;
        server.assert_small(before, FLOOD_GROWTH_KB, "1000 resizes and 1 MB of keys");
        assert_help_opens(&game).await;
        server.assert_well();
        server.assert_serves_another().await;
    })
    .await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_paste_that_is_not_utf8_panics_nothing() {
    bounded(TEST_LIMIT, async {
        let (mut server, _conn, game) = mallory_in_the_lobby(80, 24).await;
        // This used to panic the connection's task inside termwiz.
        let mut paste = b"\x1b[200~".to_vec();
        paste.extend_from_slice(&[0xff; 10]);
        paste.extend_from_slice(b"\x1b[201~");
        game.send(&paste).await;
        // A stray byte outside a paste used to hold up every key after it.
        game.send(b"\xff?").await;
        game.wait_for("the help", |s| s.contains("this help")).await;
        server.assert_well();
        server.assert_serves_another().await;
    })
    .await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn random_bytes_keep_the_server_small() {
    bounded(TEST_LIMIT, async {
        let (mut server, _conn, game) = mallory_in_the_lobby(80, 24).await;
        let before = server.rss_kb();
        // Random bytes (a fixed xorshift) above 0x7f: mostly not UTF-8, the rest letters of no
        // meaning to the lobby, so the session goes on and every byte reaches the decoder.
        // (Escape sequences and keys are the decoder's own tests.) A byte that is not UTF-8
        // used to stop termwiz, which then kept everything after it.
        let mut state = 0x9e37_79b9_7f4a_7c15u64;
        let started = Instant::now();
        game.send_many(32 << 20, |block| {
            for byte in block.iter_mut() {
                state ^= state << 13;
                state ^= state >> 7;
                state ^= state << 17;
                *byte = state as u8 | 0x80;
            }
        })
        .await;
        eprintln!("32 MB of random bytes in {:?}", started.elapsed());
        server.assert_small(before, FLOOD_GROWTH_KB, "32 MB of random bytes");
        assert!(!game.closed.load(Ordering::SeqCst), "the session went on");
        server.assert_well();
        server.assert_serves_another().await;
    })
    .await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_name_of_terminal_commands_reaches_neither_the_log_nor_other_screens() {
    bounded(TEST_LIMIT, async {
        let mut server = Server::start();
        let evil = format!(
            "eve\x1b]2;owned\x07\x1b[2J\nFAKE log line \u{202e}\u{200b}{}",
            "東京".repeat(500)
        );
        let conn = login_any(server.addr, &evil).await;
        let eve = open_game(&conn, 80, 24, (80, 24)).await;
        eve.wait_for("the lobby", |s| s.contains(LOBBY)).await;
        // End: the last line, a table for two.
        eve.send(b"G\r").await;
        eve.wait_for("the open table", |s| s.contains("Waiting for an opponent"))
            .await;

        let bob = login_any(server.addr, "bob").await;
        let watcher = open_game(&bob, 80, 24, (80, 24)).await;
        watcher
            .wait_for("eve's table", |s| s.contains("waiting: Enter to join"))
            .await;
        let seen = watcher.contents();
        assert!(seen.contains("two players guest eve]2;owned"), "{seen}");
        assert!(
            !seen.contains('\u{202e}') && !seen.contains('\u{200b}'),
            "{seen:?}"
        );
        // The name is cut by width: the table's line ends inside the screen, and the key
        // hints at the bottom are all there.
        let lines: Vec<&str> = seen.lines().collect();
        let last = lines.last().copied().unwrap_or_default();
        assert!(last.contains("help"), "key hints gone: {seen}");

        // Eve leaves her table, which closes with her name as the reason.
        eve.send(b"q").await;
        eve.wait_for("the lobby again", |s| s.contains(LOBBY)).await;
        let deadline = Instant::now() + WAIT;
        while !server.log().contains("table closed") {
            assert!(
                Instant::now() < deadline,
                "no table closed:\n{}",
                server.log()
            );
            sleep(Duration::from_millis(20)).await;
        }
        let log = server.log();
        assert!(
            !log.contains('\x1b') && !log.contains('\x07') && !log.contains('\u{202e}'),
            "raw control characters in the log:\n{log:?}"
        );
        assert!(
            !log.lines().any(|l| l.starts_with("FAKE")),
            "a forged log line:\n{log}"
        );
        assert!(
            log.contains("eve\\x1b]2;owned\\x07\\x1b[2J\\nFAKE"),
            "{log}"
        );

        // A name with nothing printable in it is shown as guest.
        let nameless = login_any(server.addr, "\u{202e}\u{200b} \t").await;
        let guest = open_game(&nameless, 80, 24, (80, 24)).await;
        guest
            .wait_for("the guest's lobby", |s| s.contains("playing as guest"))
            .await;
        server.assert_well();
        server.assert_serves_another().await;
    })
    .await;
}
