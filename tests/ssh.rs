//! `trios serve` end to end: a server started in-process on 127.0.0.1 (a free port), real SSH
//! clients (russh's), and the screen they receive read back through a terminal emulator.

use std::net::SocketAddr;
use std::num::NonZeroU16;
use std::process::Command;
use std::sync::Arc;
use std::time::Duration;

use russh::ChannelMsg;
use russh::client::{self, AuthResult, Handle};
use russh::keys::{Algorithm, PrivateKey, PrivateKeyWithHashAlg, PublicKeyOrCertificate};
use tokio::sync::mpsc;
use tokio::time::{Instant, timeout};
use trios::controller::{MatchConfig, Seat, SourceFile};
use trios::ssh::{ServeConfig, ServerHandle};
use trios::trios::{DealMode, RuleSet};

/// Every test ends within this, pass or fail.
const TEST_LIMIT: Duration = Duration::from_secs(40);
/// How long to wait for one expected screen or message.
const WAIT: Duration = Duration::from_secs(15);

fn game_config() -> MatchConfig {
    MatchConfig {
        board: SourceFile::default_board(),
        cards: SourceFile::default_cards(),
        deal: DealMode::Shuffle,
        seed: 1,
        rules: RuleSet::default(),
        red: Seat::Human,
        // A quick computer player keeps the tests light on CPU.
        blue: Seat::Computer("maxflip".into()),
        think_ms: 50,
    }
}

fn key() -> PrivateKey {
    PrivateKey::random(&mut rand::rng(), Algorithm::Ed25519).unwrap()
}

fn server_config() -> ServeConfig {
    let mut config = ServeConfig::new(key(), game_config());
    config.listen = "127.0.0.1:0".parse().unwrap();
    config.connections_per_minute = 1000;
    config
}

async fn start(config: ServeConfig) -> ServerHandle {
    trios::ssh::serve(config).await.expect("server starts")
}

/// A client that trusts any host key and remembers why the server disconnected it.
struct Client {
    disconnects: mpsc::UnboundedSender<String>,
}

impl client::Handler for Client {
    type Error = russh::Error;

    async fn check_server_key(
        &mut self,
        _key: &PublicKeyOrCertificate,
    ) -> Result<bool, Self::Error> {
        Ok(true)
    }

    async fn disconnected(
        &mut self,
        reason: client::DisconnectReason<Self::Error>,
    ) -> Result<(), Self::Error> {
        if let client::DisconnectReason::ReceivedDisconnect(info) = reason {
            let _ = self.disconnects.send(info.message);
        }
        Ok(())
    }
}

struct Connection {
    handle: Handle<Client>,
    disconnects: mpsc::UnboundedReceiver<String>,
}

async fn connect(addr: SocketAddr) -> Connection {
    let (tx, rx) = mpsc::unbounded_channel();
    let handle = client::connect(
        Arc::new(client::Config::default()),
        addr,
        Client { disconnects: tx },
    )
    .await
    .expect("ssh handshake");
    Connection {
        handle,
        disconnects: rx,
    }
}

/// Connects and logs in with no credentials (an open server takes anyone).
async fn login(addr: SocketAddr, user: &str) -> Connection {
    let mut conn = connect(addr).await;
    let result = conn.handle.authenticate_none(user).await.unwrap();
    assert!(result.success(), "open server admits anyone: {result:?}");
    conn
}

/// A game channel: a pty of this size and a shell, with the client's view of the screen.
struct Game {
    channel: russh::Channel<client::Msg>,
    screen: vt100::Parser,
    exit_status: Option<u32>,
    closed: bool,
    text: String,
}

fn nz(n: u16) -> NonZeroU16 {
    NonZeroU16::new(n).unwrap()
}

async fn open_game(conn: &Connection, cols: u16, rows: u16) -> Game {
    let channel = conn.handle.channel_open_session().await.unwrap();
    channel
        .request_pty(true, "xterm-256color", cols.into(), rows.into(), 0, 0, &[])
        .await
        .unwrap();
    channel.request_shell(true).await.unwrap();
    Game {
        channel,
        screen: vt100::Parser::new(nz(rows), nz(cols), 0),
        exit_status: None,
        closed: false,
        text: String::new(),
    }
}

impl Game {
    /// Reads from the channel until `done` holds for the screen, or panics after [`WAIT`]
    /// with the screen as it is.
    async fn wait_for(&mut self, what: &str, done: impl Fn(&Game) -> bool) {
        let deadline = Instant::now() + WAIT;
        while !done(self) {
            if self.closed {
                panic!(
                    "channel closed waiting for {what}; screen:\n{}",
                    self.screen.screen().contents()
                );
            }
            let left = deadline.saturating_duration_since(Instant::now());
            match timeout(left, self.channel.wait()).await {
                Ok(Some(msg)) => self.take(msg),
                Ok(None) => self.closed = true,
                Err(_) => panic!(
                    "timed out waiting for {what}; screen:\n{}",
                    self.screen.screen().contents()
                ),
            }
        }
    }

    fn take(&mut self, msg: ChannelMsg) {
        match msg {
            ChannelMsg::Data { data } => {
                self.screen.process(&data);
                self.text.push_str(&String::from_utf8_lossy(&data));
            }
            ChannelMsg::ExitStatus { exit_status } => self.exit_status = Some(exit_status),
            ChannelMsg::Close => self.closed = true,
            _ => {}
        }
    }

    fn shows(&self, text: &str) -> bool {
        self.screen.screen().contents().contains(text)
    }

    async fn send(&self, bytes: &[u8]) {
        self.channel.data_bytes(bytes.to_vec()).await.unwrap();
    }

    async fn wait_closed(&mut self) {
        self.wait_for("the channel to close", |g| g.closed).await;
    }
}

/// Runs a test body within [`TEST_LIMIT`].
async fn bounded<F: std::future::Future<Output = ()>>(body: F) {
    timeout(TEST_LIMIT, body).await.expect("test took too long");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_pty_session_plays_redraws_on_resize_and_quits_cleanly() {
    bounded(async {
        let server = start(server_config()).await;
        let conn = login(server.local_addr(), "alice").await;
        let mut game = open_game(&conn, 80, 24).await;
        game.wait_for("the game", |g| g.shows("RED to move")).await;
        assert!(game.screen.screen().alternate_screen());

        let typed = Instant::now();
        game.send(b"?").await;
        game.wait_for("the help", |g| g.shows("keys")).await;
        // Keystroke to frame, over SSH on loopback (printed for the curious: --nocapture).
        let latency = typed.elapsed();
        eprintln!("keystroke to frame: {latency:?}");
        assert!(latency < Duration::from_secs(5));
        // Esc alone (no sequence follows) closes the help.
        game.send(b"\x1b").await;
        game.wait_for("the help to close", |g| !g.shows("Any key closes"))
            .await;

        game.channel.window_change(100, 30, 0, 0).await.unwrap();
        game.screen.screen_mut().set_size(nz(30), nz(100));
        game.wait_for("a redraw at 100x30", |g| {
            let contents = g.screen.screen().contents();
            let lines: Vec<&str> = contents.lines().collect();
            lines.len() >= 29 && lines[28].contains("RED to move")
        })
        .await;

        // An arrow key cut in two packets, then quit.
        game.send(b"\x1b[").await;
        game.send(b"B").await;
        game.send(b"q").await;
        game.wait_closed().await;
        assert_eq!(game.exit_status, Some(0));
        assert!(
            !game.screen.screen().alternate_screen(),
            "the terminal is restored"
        );
        server.shutdown().await;
    })
    .await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn exec_and_shells_without_a_pty_are_refused_with_a_message() {
    bounded(async {
        let server = start(server_config()).await;
        let conn = login(server.local_addr(), "bob").await;

        let channel = conn.handle.channel_open_session().await.unwrap();
        channel.exec(true, "cat /etc/passwd").await.unwrap();
        let mut exec = Game {
            channel,
            screen: vt100::Parser::new(nz(24), nz(80), 0),
            exit_status: None,
            closed: false,
            text: String::new(),
        };
        exec.wait_closed().await;
        assert!(
            exec.text.contains("only interactive sessions"),
            "{:?}",
            exec.text
        );
        assert_eq!(exec.exit_status, Some(1));
        drop(conn);

        let conn = login(server.local_addr(), "bob").await;
        let channel = conn.handle.channel_open_session().await.unwrap();
        channel.request_shell(true).await.unwrap();
        let mut shell = Game {
            channel,
            screen: vt100::Parser::new(nz(24), nz(80), 0),
            exit_status: None,
            closed: false,
            text: String::new(),
        };
        shell.wait_closed().await;
        assert!(shell.text.contains("needs a terminal"), "{:?}", shell.text);
        server.shutdown().await;
    })
    .await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn port_forwarding_is_refused() {
    bounded(async {
        let server = start(server_config()).await;
        let conn = login(server.local_addr(), "carol").await;
        let forwarded = conn
            .handle
            .channel_open_direct_tcpip("127.0.0.1", 22, "127.0.0.1", 40000)
            .await;
        assert!(forwarded.is_err(), "direct-tcpip must be refused");
        let remote = conn.handle.tcpip_forward("127.0.0.1", 0).await;
        assert!(remote.is_err(), "tcpip-forward must be refused");
        // The connection still plays after the refusals.
        let mut game = open_game(&conn, 80, 24).await;
        game.wait_for("the game", |g| g.shows("RED to move")).await;
        server.shutdown().await;
    })
    .await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn authorized_keys_admit_only_their_keys() {
    bounded(async {
        let good = key();
        let bad = key();
        let mut config = server_config();
        config.authorized_keys = Some(vec![good.public_key().clone()]);
        let server = start(config).await;

        let mut conn = connect(server.local_addr()).await;
        let none = conn.handle.authenticate_none("mallory").await.unwrap();
        assert!(!none.success());
        let wrong = conn
            .handle
            .authenticate_publickey("mallory", PrivateKeyWithHashAlg::new(Arc::new(bad), None))
            .await
            .unwrap();
        assert!(matches!(wrong, AuthResult::Failure { .. }), "{wrong:?}");
        let password = conn
            .handle
            .authenticate_password("mallory", "hunter2")
            .await
            .unwrap();
        assert!(!password.success());
        drop(conn);

        let mut conn = connect(server.local_addr()).await;
        let right = conn
            .handle
            .authenticate_publickey("dave", PrivateKeyWithHashAlg::new(Arc::new(good), None))
            .await
            .unwrap();
        assert!(right.success(), "{right:?}");
        let mut game = open_game(&conn, 80, 24).await;
        game.wait_for("the game", |g| g.shows("RED to move")).await;
        server.shutdown().await;
    })
    .await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_abrupt_disconnect_leaves_the_server_serving() {
    bounded(async {
        let server = start(server_config()).await;
        let addr = server.local_addr();

        // A client whose TCP connection we can cut without any SSH goodbye.
        let std_stream = std::net::TcpStream::connect(addr).unwrap();
        let cut = std_stream.try_clone().unwrap();
        std_stream.set_nonblocking(true).unwrap();
        let stream = tokio::net::TcpStream::from_std(std_stream).unwrap();
        let (tx, _rx) = mpsc::unbounded_channel();
        let mut handle = client::connect_stream(
            Arc::new(client::Config::default()),
            stream,
            Client { disconnects: tx },
        )
        .await
        .unwrap();
        assert!(handle.authenticate_none("erin").await.unwrap().success());
        let conn = Connection {
            handle,
            disconnects: mpsc::unbounded_channel().1,
        };
        let mut game = open_game(&conn, 80, 24).await;
        game.wait_for("the game", |g| g.shows("RED to move")).await;
        assert_eq!(server.open_connections(), 1);
        cut.shutdown(std::net::Shutdown::Both).unwrap();

        let deadline = Instant::now() + WAIT;
        while server.open_connections() > 0 {
            assert!(
                Instant::now() < deadline,
                "the dropped connection is never cleaned up"
            );
            tokio::time::sleep(Duration::from_millis(50)).await;
        }
        let conn = login(addr, "frank").await;
        let mut game = open_game(&conn, 80, 24).await;
        game.wait_for("the game for a new client", |g| g.shows("RED to move"))
            .await;
        server.shutdown().await;
    })
    .await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_idle_game_is_disconnected_with_a_message() {
    bounded(async {
        let mut config = server_config();
        config.idle_timeout = Duration::from_secs(1);
        let server = start(config).await;
        let conn = login(server.local_addr(), "gina").await;
        let mut game = open_game(&conn, 80, 24).await;
        game.wait_for("the game", |g| g.shows("RED to move")).await;
        let started = Instant::now();
        game.wait_closed().await;
        assert!(game.text.contains("without input"), "{:?}", game.text);
        assert!(started.elapsed() < Duration::from_secs(5));
        server.shutdown().await;
    })
    .await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_full_server_and_a_hammering_address_are_told_why() {
    bounded(async {
        let mut config = server_config();
        config.max_sessions = 1;
        let server = start(config).await;
        let first = login(server.local_addr(), "henry").await;
        let mut game = open_game(&first, 80, 24).await;
        game.wait_for("the game", |g| g.shows("RED to move")).await;

        let mut second = connect(server.local_addr()).await;
        let _ = second.handle.authenticate_none("iris").await;
        let reason = timeout(WAIT, second.disconnects.recv())
            .await
            .unwrap()
            .unwrap();
        assert!(reason.contains("server is full"), "{reason}");
        server.shutdown().await;

        let mut config = server_config();
        config.connections_per_minute = 2;
        let server = start(config).await;
        for _ in 0..2 {
            login(server.local_addr(), "jack").await;
        }
        let mut third = connect(server.local_addr()).await;
        let _ = third.handle.authenticate_none("jack").await;
        let reason = timeout(WAIT, third.disconnects.recv())
            .await
            .unwrap()
            .unwrap();
        assert!(reason.contains("too many connections"), "{reason}");
        server.shutdown().await;
    })
    .await;
}

#[test]
fn the_host_key_is_made_once_private_and_reused() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("keys").join("host_key");
    let made = trios::ssh::load_or_create_host_key(&path).unwrap();
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt;
        let mode = std::fs::metadata(&path).unwrap().permissions().mode();
        assert_eq!(mode & 0o777, 0o600);
    }
    let again = trios::ssh::load_or_create_host_key(&path).unwrap();
    assert_eq!(made.public_key().key_data(), again.public_key().key_data());
}

#[test]
fn a_corrupt_host_key_is_a_clear_error_with_exit_code_2() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("host_key");
    std::fs::write(&path, "not a key\n").unwrap();
    let err = trios::ssh::load_or_create_host_key(&path).unwrap_err();
    assert!(
        err.to_string().contains("not a valid OpenSSH private key"),
        "{err}"
    );

    let out = Command::new(env!("CARGO_BIN_EXE_trios"))
        .args(["serve", "--listen", "127.0.0.1:0", "--host-key"])
        .arg(&path)
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(
        stderr.contains("error:") && stderr.contains("host_key"),
        "{stderr}"
    );
}

#[test]
fn an_authorized_keys_file_is_read_and_checked() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("authorized_keys");
    let k = key();
    let line = k.public_key().to_openssh().unwrap();
    std::fs::write(
        &path,
        format!("# players\n\nno-pty {line} someone\n{line}\n"),
    )
    .unwrap();
    let keys = trios::ssh::read_authorized_keys(&path).unwrap();
    assert_eq!(keys.len(), 2);
    std::fs::write(&path, "ssh-ed25519 garbage\n").unwrap();
    let err = trios::ssh::read_authorized_keys(&path).unwrap_err();
    assert!(err.contains(":1:"), "{err}");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_fixed_seed_deals_everyone_the_same_game() {
    bounded(async {
        let mut config = server_config();
        config.game.seed = 42;
        config.fixed_seed = true;
        let server = start(config).await;
        for user in ["kim", "lee"] {
            let conn = login(server.local_addr(), user).await;
            let mut game = open_game(&conn, 80, 24).await;
            game.wait_for("the seeded game", |g| g.shows("seed 42"))
                .await;
        }
        server.shutdown().await;
    })
    .await;
}
