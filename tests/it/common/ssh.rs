//! The SSH test client shared by the `ssh*` tests: servers on loopback, russh clients that
//! trust any host key, sign-in helpers, and the screen read back through a terminal emulator.

use std::future::Future;
use std::net::SocketAddr;
use std::num::NonZeroU16;
use std::sync::Arc;
use std::time::Duration;

use russh::ChannelMsg;
use russh::client::{self, Handle};
use russh::keys::{Algorithm, PrivateKey, PrivateKeyWithHashAlg, PublicKeyOrCertificate};
use tokio::net::TcpSocket;
use tokio::sync::mpsc;
use tokio::time::{Instant, timeout};
use trios::controller::Seat;
use trios::games::three_trios::source::SourceFile;
use trios::games::three_trios::{DealMode, RuleSet};
use trios::setup::three_trios::MatchConfig;
use trios::ssh::{ServeConfig, ServerHandle};

/// How long to wait for one expected screen or message.
pub const WAIT: Duration = Duration::from_secs(15);

/// Runs a test body within `limit`, pass or fail.
pub async fn bounded<F: Future<Output = ()>>(limit: Duration, body: F) {
    timeout(limit, body).await.expect("test took too long");
}

/// Waits until `holds`, looking every `poll`; panics after [`WAIT`].
pub async fn eventually(what: &str, poll: Duration, holds: impl Fn() -> bool) {
    let deadline = Instant::now() + WAIT;
    while !holds() {
        assert!(Instant::now() < deadline, "never: {what}");
        tokio::time::sleep(poll).await;
    }
}

/// Red a person, Blue a quick computer player (it keeps the tests light on CPU).
pub fn game_config() -> MatchConfig {
    MatchConfig {
        clock: None,
        board: SourceFile::default_board(),
        cards: SourceFile::default_cards(),
        deal: DealMode::Shuffle,
        seed: 1,
        rules: RuleSet::default(),
        red: Seat::Human,
        blue: Seat::Computer("maxflip".into()),
        think_ms: 50,
    }
}

/// A fresh Ed25519 key.
pub fn key() -> PrivateKey {
    PrivateKey::random(&mut rand::rng(), Algorithm::Ed25519).unwrap()
}

/// A server on a free loopback port without a rate limit in the way.
pub fn server_config() -> ServeConfig {
    let mut config = ServeConfig::new(key(), game_config(), trios::registry::server_games());
    config.listen = "127.0.0.1:0".parse().unwrap();
    config.connections_per_minute = 1000;
    config
}

pub async fn start(config: ServeConfig) -> ServerHandle {
    trios::ssh::serve(config).await.expect("server starts")
}

/// A Reversi server without the showcase, keeping its players in the SQLite file `db`.
pub async fn store_server(db: &std::path::Path) -> ServerHandle {
    let mut config = server_config();
    config.lobby_game = trios::games::GameKind::Reversi;
    config.showcases.clear();
    let store = trios::store::sqlite::SqliteStore::open(db).unwrap();
    let service =
        trios::store::worker::StoreService::start(Box::new(store), None, trios::store::LICHESS);
    config.store = Some(service.unwrap());
    start(config).await
}

/// [`store_server`] on a new database in a folder of its own (kept while the folder lives).
pub async fn fresh_store_server() -> (tempfile::TempDir, std::path::PathBuf, ServerHandle) {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("trios.db");
    let server = store_server(&db).await;
    (dir, db, server)
}

/// The one-time link code `view`'s profile shows after `l`.
pub async fn link_code(view: &mut Game) -> String {
    view.send(b"l").await;
    view.wait_for("a code", |s| s.shows("(valid 10 minutes)"))
        .await;
    let contents = view.contents();
    let code = contents
        .split("type ")
        .nth(1)
        .and_then(|rest| rest.split_whitespace().next())
        .unwrap()
        .to_string();
    assert_eq!(code.len(), 8, "{code}");
    code
}

/// A client that trusts any host key and remembers why the server disconnected it.
pub struct Client {
    pub disconnects: mpsc::UnboundedSender<String>,
}

impl Client {
    /// A client whose disconnect reasons arrive on the returned receiver.
    pub fn new() -> (Client, mpsc::UnboundedReceiver<String>) {
        let (tx, rx) = mpsc::unbounded_channel();
        (Client { disconnects: tx }, rx)
    }
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

/// An SSH connection and the reasons the server gave for closing it.
pub struct Connection {
    pub handle: Handle<Client>,
    pub disconnects: mpsc::UnboundedReceiver<String>,
}

impl Connection {
    /// A connection made by hand whose disconnect reasons no one reads.
    pub fn unheard(handle: Handle<Client>) -> Connection {
        Connection {
            handle,
            disconnects: mpsc::unbounded_channel().1,
        }
    }

    /// Waits for the server to close the connection; returns the reason it gave.
    pub async fn wait_disconnect(&mut self, what: &str) -> String {
        match timeout(WAIT, self.disconnects.recv()).await {
            Ok(Some(reason)) => reason,
            Ok(None) => String::new(),
            Err(_) => panic!("the server never closed {what}"),
        }
    }
}

pub async fn connect(addr: SocketAddr) -> Connection {
    let (client, disconnects) = Client::new();
    let handle = client::connect(Arc::new(client::Config::default()), addr, client)
        .await
        .expect("ssh handshake");
    Connection {
        handle,
        disconnects,
    }
}

/// An SSH connection from loopback address `from` (any port), so tests can play two
/// addresses on one machine.
pub async fn connect_from(addr: SocketAddr, from: [u8; 4]) -> Connection {
    let socket = TcpSocket::new_v4().unwrap();
    socket.bind(SocketAddr::from((from, 0))).unwrap();
    let stream = socket.connect(addr).await.unwrap();
    let (client, disconnects) = Client::new();
    let handle = client::connect_stream(Arc::new(client::Config::default()), stream, client)
        .await
        .expect("ssh handshake");
    Connection {
        handle,
        disconnects,
    }
}

/// Signs in as `user` with keyboard-interactive, which an open server grants without a
/// question.
pub async fn keyboard_in(conn: &mut Connection, user: &str) {
    let result = conn
        .handle
        .authenticate_keyboard_interactive_start(user, None::<String>)
        .await
        .unwrap();
    assert!(
        matches!(result, client::KeyboardInteractiveAuthResponse::Success),
        "open server admits anyone without a question: {result:?}"
    );
}

/// Connects and logs in as a client without a key does: "none" is turned down, then
/// keyboard-interactive lets anyone in without a question.
pub async fn login(addr: SocketAddr, user: &str) -> Connection {
    let mut conn = connect(addr).await;
    let none = conn.handle.authenticate_none(user).await.unwrap();
    assert!(
        !none.success(),
        "none is turned down so that keys are offered"
    );
    keyboard_in(&mut conn, user).await;
    conn
}

/// Like [`login`], without looking at how "none" is answered.
pub async fn login_any(addr: SocketAddr, user: &str) -> Connection {
    let mut conn = connect(addr).await;
    let _ = conn.handle.authenticate_none(user).await.unwrap();
    keyboard_in(&mut conn, user).await;
    conn
}

/// Logs in from `from` with keyboard-interactive only.
pub async fn login_from(addr: SocketAddr, from: [u8; 4], user: &str) -> Connection {
    let mut conn = connect_from(addr, from).await;
    keyboard_in(&mut conn, user).await;
    conn
}

/// Signs in as `user` with `key`, which must be accepted.
pub async fn key_in(conn: &mut Connection, user: &str, key: &PrivateKey) {
    let result = conn
        .handle
        .authenticate_publickey(
            user,
            PrivateKeyWithHashAlg::new(Arc::new(key.clone()), None),
        )
        .await
        .unwrap();
    assert!(result.success(), "{result:?}");
}

/// Connects and logs in with `key`, which must be accepted.
pub async fn login_with_key(addr: SocketAddr, user: &str, key: &PrivateKey) -> Connection {
    let mut conn = connect(addr).await;
    key_in(&mut conn, user, key).await;
    conn
}

pub fn nz(n: u16) -> NonZeroU16 {
    NonZeroU16::new(n).unwrap()
}

/// A session channel with the client's view of the screen, everything it printed, and how it
/// ended.
pub struct Game {
    pub channel: russh::Channel<client::Msg>,
    pub screen: vt100::Parser,
    pub exit_status: Option<u32>,
    pub closed: bool,
    pub text: String,
}

/// A game channel: a pty of this size and a shell.
pub async fn open_game(conn: &Connection, cols: u16, rows: u16) -> Game {
    let channel = conn.handle.channel_open_session().await.unwrap();
    channel
        .request_pty(true, "xterm-256color", cols.into(), rows.into(), 0, 0, &[])
        .await
        .unwrap();
    channel.request_shell(true).await.unwrap();
    Game::new(channel, cols, rows)
}

impl Game {
    /// `channel` read through an emulated screen of `cols` x `rows`.
    pub fn new(channel: russh::Channel<client::Msg>, cols: u16, rows: u16) -> Game {
        Game {
            channel,
            screen: vt100::Parser::new(nz(rows), nz(cols), 0),
            exit_status: None,
            closed: false,
            text: String::new(),
        }
    }

    /// Reads from the channel until `done` holds for the screen, or panics after [`WAIT`]
    /// with the screen as it is.
    pub async fn wait_for(&mut self, what: &str, done: impl Fn(&Game) -> bool) {
        let deadline = Instant::now() + WAIT;
        while !done(self) {
            if self.closed {
                panic!(
                    "channel closed waiting for {what}; screen:\n{}",
                    self.contents()
                );
            }
            let left = deadline.saturating_duration_since(Instant::now());
            match timeout(left, self.channel.wait()).await {
                Ok(Some(msg)) => self.take(msg),
                Ok(None) => self.closed = true,
                Err(_) => panic!("timed out waiting for {what}; screen:\n{}", self.contents()),
            }
        }
    }

    /// Takes whatever arrives within a short while.
    pub async fn pump(&mut self) {
        while let Ok(Some(msg)) = timeout(Duration::from_millis(15), self.channel.wait()).await {
            self.take(msg);
        }
    }

    pub fn take(&mut self, msg: ChannelMsg) {
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

    /// The screen's text.
    pub fn contents(&self) -> String {
        self.screen.screen().contents()
    }

    pub fn shows(&self, text: &str) -> bool {
        self.contents().contains(text)
    }

    pub async fn send(&self, bytes: &[u8]) {
        self.channel.data_bytes(bytes.to_vec()).await.unwrap();
    }

    pub async fn wait_closed(&mut self) {
        self.wait_for("the channel to close", |g| g.closed).await;
    }

    pub async fn wait_lobby(&mut self) {
        self.wait_for("the lobby", |g| g.shows("Play the computer"))
            .await;
    }

    /// From the lobby, a game against the server's computer (the first line); waits until
    /// Red is to move.
    pub async fn play_computer(&mut self) {
        self.wait_lobby().await;
        self.send(b"\r").await;
        self.wait_for("the game", |g| g.shows("RED (")).await;
        self.wait_for("Red to move", |g| g.shows("to move")).await;
    }

    /// From the lobby, a game against the computer with one move of Red's played.
    pub async fn play_one_move(&mut self, user: &str) {
        self.wait_lobby().await;
        self.send(b"\r").await;
        let turn = format!("RED ({user}) to move");
        self.wait_for("Red's turn", |g| g.shows(&turn)).await;
        self.send(b"1\r").await;
        self.wait_for("the move to be taken", |g| g.shows("1 RED "))
            .await;
    }
}

/// What a player's screen says when it is their move.
pub const MY_MOVE: &str = "Enter or click";

/// Plays the game at the server's first table to its end: whoever's side (named as the
/// screens name it, `Dark`) is to move plays the cell under the cursor, which the screen
/// keeps on a legal one.
pub async fn play_out(server: &ServerHandle, views: [&mut Game; 2], sides: [&str; 2]) {
    let [first, second] = views;
    let deadline = Instant::now() + Duration::from_secs(60);
    let to_move = sides.map(|side| format!("{side} to move"));
    while server.tables()[0].outcome.is_none() {
        assert!(
            Instant::now() < deadline,
            "the game never ended:\n{}\n{}",
            first.contents(),
            second.contents()
        );
        let moves = server.tables()[0].moves;
        for (view, side) in [(&mut *first, &to_move[0]), (&mut *second, &to_move[1])] {
            view.pump().await;
            // Its screen has shown every move so far, and offers one (a forced pass of the
            // opponent's says so in place of the offer).
            let caught_up = moves == 0 || view.shows(&format!(" {moves}. "));
            let offered = view.shows(MY_MOVE) || view.shows("passes");
            if !caught_up || !view.shows(side) || !offered {
                continue;
            }
            view.send(b"\r").await;
            // A screen a frame behind may have asked out of turn: the table refuses and the
            // loop asks again.
            let deadline = Instant::now() + Duration::from_secs(2);
            while server.tables()[0].moves == moves && Instant::now() < deadline {
                tokio::time::sleep(Duration::from_millis(5)).await;
            }
            break;
        }
    }
}

/// A player with `key` connecting from `from`: their connection (keep it: dropping it hangs
/// up), and their screen.
pub async fn arrive(
    addr: SocketAddr,
    from: [u8; 4],
    user: &str,
    key: &PrivateKey,
) -> (Connection, Game) {
    let mut conn = connect_from(addr, from).await;
    key_in(&mut conn, user, key).await;
    let game = open_game(&conn, 80, 24).await;
    (conn, game)
}

/// A new key's first login: the sign-up screen offers `name`, Enter takes it, and the lobby
/// welcomes the new account.
pub async fn sign_up(view: &mut Game, name: &str) {
    view.wait_for("the sign-up", |g| g.shows("Choose the handle"))
        .await;
    assert!(view.shows(name), "{}", view.contents());
    view.send(b"\r").await;
    view.wait_lobby().await;
    view.wait_for("the welcome", |g| g.shows(&format!("Welcome, {name}")))
        .await;
}

/// `alice` opens a table from the lobby's first line (Play the computer) and waits at it;
/// `bob` sees it waiting in his lobby.
pub async fn open_table(alice: &mut Game, bob: &mut Game) {
    alice.send(b"jj\r").await;
    alice
        .wait_for("the open table", |s| s.shows("Waiting for an opponent"))
        .await;
    bob.wait_for("the open table", |s| s.shows("waiting: Enter to join"))
        .await;
}

/// Alice's screen opens a table of the lobby's game and Bob's joins it; both turn the
/// animations off, and Alice is offered the first move.
pub async fn open_and_join(alice: &mut Game, bob: &mut Game) {
    open_table(alice, bob).await;
    bob.send(b"jjj\r").await;
    alice
        .wait_for("the table's notice", |s| s.shows("Both seats taken"))
        .await;
    for view in [&*alice, &*bob] {
        view.send(b"a??").await;
    }
    alice.wait_for("the first move", |s| s.shows(MY_MOVE)).await;
}

/// Plays a game to its end by what the two screens show alone (for a server in another
/// process): whoever's screen offers its side a move plays the cell under the cursor. Ends
/// when both screens say the game is over.
pub async fn play_out_by_screens(views: [&mut Game; 2], sides: [&str; 2]) {
    let [first, second] = views;
    let deadline = Instant::now() + Duration::from_secs(90);
    let to_move = sides.map(|side| format!("{side} to move"));
    loop {
        first.pump().await;
        second.pump().await;
        if first.shows("Game over") && second.shows("Game over") {
            return;
        }
        assert!(
            Instant::now() < deadline,
            "the game never ended:\n{}\n{}",
            first.contents(),
            second.contents()
        );
        for (view, side) in [(&mut *first, &to_move[0]), (&mut *second, &to_move[1])] {
            if view.shows(side) && (view.shows(MY_MOVE) || view.shows("passes")) {
                view.send(b"\r").await;
                // Wait for the move to show before asking again (a repeat is refused).
                let until = Instant::now() + Duration::from_secs(2);
                while view.shows(side) && Instant::now() < until {
                    view.pump().await;
                }
            }
        }
    }
}
