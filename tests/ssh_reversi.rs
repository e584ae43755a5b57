//! `trios serve --game reversi` end to end: a server started in-process, real SSH clients
//! (russh's) reading the screen through a terminal emulator. Two people play Reversi at one
//! table while a third watches; the showcase takes turns between the games.

use std::net::SocketAddr;
use std::num::NonZeroU16;
use std::sync::Arc;
use std::time::Duration;

use russh::ChannelMsg;
use russh::client::{self, Handle};
use russh::keys::{Algorithm, PrivateKey, PublicKeyOrCertificate};
use tokio::time::{Instant, timeout};
use trios::controller::table::Kind;
use trios::controller::{MatchConfig, Seat, SourceFile};
use trios::games::GameKind;
use trios::games::reversi::Game as Reversi;
use trios::record::duel::DuelRecord;
use trios::ssh::{ServeConfig, ServerHandle};
use trios::trios::{DealMode, RuleSet};

/// Every test ends within this, pass or fail.
const TEST_LIMIT: Duration = Duration::from_secs(90);
/// How long to wait for one expected screen.
const WAIT: Duration = Duration::from_secs(15);

fn game_config() -> MatchConfig {
    MatchConfig {
        board: SourceFile::default_board(),
        cards: SourceFile::default_cards(),
        deal: DealMode::Shuffle,
        seed: 1,
        rules: RuleSet::default(),
        red: Seat::Human,
        blue: Seat::Computer("maxflip".into()),
        think_ms: 20,
    }
}

fn server_config() -> ServeConfig {
    let key = PrivateKey::random(&mut rand::rng(), Algorithm::Ed25519).unwrap();
    let mut config = ServeConfig::new(key, game_config());
    config.listen = "127.0.0.1:0".parse().unwrap();
    config.connections_per_minute = 1000;
    config.lobby_game = GameKind::Reversi;
    config
}

async fn start(config: ServeConfig) -> ServerHandle {
    trios::ssh::serve(config).await.expect("server starts")
}

struct Client;

impl client::Handler for Client {
    type Error = russh::Error;

    async fn check_server_key(
        &mut self,
        _key: &PublicKeyOrCertificate,
    ) -> Result<bool, Self::Error> {
        Ok(true)
    }
}

/// Connects and logs in without a key (keyboard-interactive admits anyone).
async fn login(addr: SocketAddr, user: &str) -> Handle<Client> {
    let mut handle = client::connect(Arc::new(client::Config::default()), addr, Client)
        .await
        .expect("ssh handshake");
    let _ = handle.authenticate_none(user).await.unwrap();
    let result = handle
        .authenticate_keyboard_interactive_start(user, None::<String>)
        .await
        .unwrap();
    assert!(matches!(
        result,
        client::KeyboardInteractiveAuthResponse::Success
    ));
    handle
}

/// A pty channel with the client's view of the screen.
struct Screen {
    channel: russh::Channel<client::Msg>,
    screen: vt100::Parser,
    closed: bool,
}

async fn open_screen(conn: &Handle<Client>, cols: u16, rows: u16) -> Screen {
    let channel = conn.channel_open_session().await.unwrap();
    channel
        .request_pty(true, "xterm-256color", cols.into(), rows.into(), 0, 0, &[])
        .await
        .unwrap();
    channel.request_shell(true).await.unwrap();
    let nz = |n: u16| NonZeroU16::new(n).unwrap();
    Screen {
        channel,
        screen: vt100::Parser::new(nz(rows), nz(cols), 0),
        closed: false,
    }
}

impl Screen {
    /// Reads until `done` holds, or panics after [`WAIT`] showing the screen.
    async fn wait_for(&mut self, what: &str, done: impl Fn(&Screen) -> bool) {
        let deadline = Instant::now() + WAIT;
        while !done(self) {
            assert!(
                !self.closed,
                "closed waiting for {what}:\n{}",
                self.contents()
            );
            let left = deadline.saturating_duration_since(Instant::now());
            match timeout(left, self.channel.wait()).await {
                Ok(Some(msg)) => self.take(msg),
                Ok(None) => self.closed = true,
                Err(_) => panic!("timed out waiting for {what}:\n{}", self.contents()),
            }
        }
    }

    /// Takes whatever arrives within a short while.
    async fn pump(&mut self) {
        while let Ok(Some(msg)) = timeout(Duration::from_millis(15), self.channel.wait()).await {
            self.take(msg);
        }
    }

    fn take(&mut self, msg: ChannelMsg) {
        match msg {
            ChannelMsg::Data { data } => self.screen.process(&data),
            ChannelMsg::Close => self.closed = true,
            _ => {}
        }
    }

    fn shows(&self, text: &str) -> bool {
        self.contents().contains(text)
    }

    fn contents(&self) -> String {
        self.screen.screen().contents()
    }

    async fn send(&self, bytes: &[u8]) {
        self.channel.data_bytes(bytes.to_vec()).await.unwrap();
    }

    async fn wait_lobby(&mut self) {
        self.wait_for("the lobby", |s| s.shows("Play against the computer"))
            .await;
    }
}

async fn bounded<F: std::future::Future<Output = ()>>(body: F) {
    timeout(TEST_LIMIT, body).await.expect("test took too long");
}

async fn eventually(what: &str, holds: impl Fn() -> bool) {
    let deadline = Instant::now() + WAIT;
    while !holds() {
        assert!(Instant::now() < deadline, "never: {what}");
        tokio::time::sleep(Duration::from_millis(10)).await;
    }
}

/// What a player's screen says when it is their move.
const MY_MOVE: &str = "Enter or click";

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn two_clients_play_reversi_at_one_table_while_a_third_watches() {
    bounded(async {
        let data = tempfile::tempdir().unwrap();
        let mut config = server_config();
        config.showcase = None;
        config.data_dir = Some(data.path().to_path_buf());
        let server = start(config).await;
        let addr = server.local_addr();
        let (alice, bob, carol) = (
            login(addr, "alice").await,
            login(addr, "bob").await,
            login(addr, "carol").await,
        );
        let mut dark = open_screen(&alice, 80, 24).await;
        let mut light = open_screen(&bob, 80, 24).await;
        let mut watcher = open_screen(&carol, 80, 24).await;

        // Alice opens a table: a Reversi one, since the server's lobby opens on Reversi
        // (Game, Play against the computer, Opponent, Open a table, then the tables).
        dark.wait_lobby().await;
        dark.send(b"jj\r").await;
        dark.wait_for("the open table", |s| s.shows("Waiting for an opponent"))
            .await;
        assert_eq!(server.tables()[0].game, GameKind::Reversi);

        light.wait_lobby().await;
        light
            .wait_for("the open table", |s| s.shows("waiting: Enter to join"))
            .await;
        assert_eq!(server.tables()[0].board, "Reversi");
        light.send(b"jjj\r").await;
        light.wait_for("bob's seat", |s| s.shows("bob")).await;
        dark.wait_for("the table's notice", |s| s.shows("Both seats taken"))
            .await;
        assert!(dark.shows("Dark (alice) vs"), "{}", dark.contents());
        // Both turn the flip animations off (`a`) to play quickly; `?` twice clears the
        // notes, and the prompt offers Dark its move.
        for view in [&dark, &light] {
            view.send(b"a??").await;
        }
        dark.wait_for("Dark's first move", |s| s.shows(MY_MOVE))
            .await;

        watcher.wait_lobby().await;
        watcher
            .wait_for("the table in the list", |s| s.shows("alice vs bob"))
            .await;
        watcher.send(b"jjj\r").await;
        watcher
            .wait_for("the spectator's view", |s| {
                s.shows("alice") && s.shows("Dark")
            })
            .await;
        eventually("one watcher", || server.tables()[0].watchers == 1).await;
        watcher.send(b"a").await;

        // Light may not move on Dark's turn.
        light.send(b"\r").await;
        light
            .wait_for("the refusal", |s| s.shows("not your turn"))
            .await;
        assert_eq!(server.tables()[0].moves, 0);

        // The whole game: whoever's side is to move plays the cell under the cursor (the
        // screen keeps it on a legal one).
        let deadline = Instant::now() + Duration::from_secs(35);
        while server.tables()[0].outcome.is_none() {
            assert!(
                Instant::now() < deadline,
                "the game never ended:\n{}\n{}",
                dark.contents(),
                light.contents()
            );
            let moves = server.tables()[0].moves;
            for (view, side) in [(&mut dark, "Dark to move"), (&mut light, "Light to move")] {
                view.pump().await;
                // Its screen has shown every move so far, and offers one (a forced pass of the
                // opponent's says so in place of the offer).
                let caught_up = moves == 0 || view.shows(&format!(" {moves}. "));
                let offered = view.shows(MY_MOVE) || view.shows("passes.");
                if !caught_up || !view.shows(side) || !offered {
                    continue;
                }
                view.send(b"\r").await;
                // A screen a frame behind may have asked out of turn: the table refuses and
                // the loop asks again.
                let deadline = Instant::now() + Duration::from_secs(2);
                while server.tables()[0].moves == moves && Instant::now() < deadline {
                    tokio::time::sleep(Duration::from_millis(5)).await;
                }
                break;
            }
        }
        for view in [&mut dark, &mut light, &mut watcher] {
            view.wait_for("the end on every screen", |s| s.shows("Game over"))
                .await;
        }
        let moves = server.tables()[0].moves;
        assert!(moves >= 9, "a whole game: {moves} moves");

        // The match was recorded as it went: a v2 Reversi record of every move.
        let files: Vec<_> = std::fs::read_dir(data.path().join("matches"))
            .unwrap()
            .map(|e| e.unwrap().path())
            .collect();
        assert_eq!(files.len(), 1, "{files:?}");
        let record = DuelRecord::<Reversi>::load(&files[0]).unwrap();
        assert_eq!(record.moves.len(), moves);
        assert!(record.result.is_some());

        // q goes back to the lobby.
        dark.send(b"q").await;
        dark.wait_lobby().await;
        server.shutdown().await;
    })
    .await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_showcase_takes_turns_between_the_games_and_its_watcher_follows() {
    bounded(async {
        let mut config = server_config();
        config.showcase = Some(["maxflip".into(), "corners".into()]);
        config.reversi_showcase = Some(["greedy".into(), "random".into()]);
        // Unpaced games, each shown a while once over: the watcher has time to sit down.
        config.showcase_pace = Duration::ZERO;
        config.showcase_rest = Duration::from_secs(3);
        let server = start(config).await;
        let first = server.tables();
        assert_eq!(first.len(), 1);
        assert_eq!(first[0].kind, Kind::Showcase);
        assert_eq!(first[0].game, GameKind::ThreeTrios);

        let conn = login(server.local_addr(), "wes").await;
        let mut screen = open_screen(&conn, 80, 24).await;
        screen.wait_lobby().await;
        screen
            .wait_for("the showcase", |s| s.shows("maxflip vs corners"))
            .await;
        screen.send(b"jjj\r").await;
        screen
            .wait_for("the Three Trios showcase", |s| s.shows("BLUE"))
            .await;

        // After the Three Trios game, Reversi; after that, Three Trios again.
        let mut seen = vec![GameKind::ThreeTrios];
        let deadline = Instant::now() + Duration::from_secs(45);
        while seen.len() < 3 {
            assert!(Instant::now() < deadline, "showcases seen: {seen:?}");
            if let [table] = server.tables().as_slice()
                && seen.last() != Some(&table.game)
            {
                assert_eq!(table.kind, Kind::Showcase);
                seen.push(table.game);
            }
            tokio::time::sleep(Duration::from_millis(5)).await;
        }
        assert_eq!(
            seen,
            [
                GameKind::ThreeTrios,
                GameKind::Reversi,
                GameKind::ThreeTrios
            ]
        );
        // The watcher was taken along to Reversi's showcase.
        screen
            .wait_for("the Reversi showcase", |s| {
                s.shows("Reversi ● Dark (greedy) vs ○ Light (random)")
            })
            .await;
        server.shutdown().await;
    })
    .await;
}
