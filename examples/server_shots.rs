//! Screenshots of a server that keeps players, taken through real SSH sessions: the welcome
//! screen of a new key, the game-over box with the rating change, a profile and a
//! leaderboard, each at 80x24 and 200x60, and the leader's profile at 200x60.
//!
//! A server runs in this process on a players database in a temporary folder, filled with
//! players who have played enough rated Reversi to be on the leaderboard; two clients (russh)
//! sign up, play a rated game to its end, and open their profile and the leaderboard. Each
//! client's screen is read through a terminal emulator (vt100) and written as SVG, as
//! `cargo run --example screenshots` writes the others.
//!
//! Run: `cargo run --release --example server_shots` (writes `screenshots/server-*.svg`).

use std::net::SocketAddr;
use std::path::Path;
use std::sync::Arc;
use std::time::Duration;

use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::style::{Color, Modifier, Style};
use russh::client::{self, Handle};
use russh::keys::{Algorithm, PrivateKey, PrivateKeyWithHashAlg};
use russh::{ChannelMsg, client::Msg};
use tokio::time::{Instant, timeout};
use trios::controller::Seat;
use trios::games::GameKind;
use trios::games::three_trios::source::SourceFile;
use trios::games::three_trios::{DealMode, RuleSet};
use trios::setup::three_trios::MatchConfig;
use trios::shot::{Palette, buffer_to_svg};
use trios::ssh::ServeConfig;
use trios::store::sqlite::SqliteStore;
use trios::store::worker::{StoreService, now};
use trios::store::{DAY, Finished, LICHESS, Participant, Store};

/// A client that trusts the server's key.
struct Client;

impl client::Handler for Client {
    type Error = russh::Error;
    async fn check_server_key(
        &mut self,
        _key: &russh::keys::PublicKeyOrCertificate,
    ) -> Result<bool, Self::Error> {
        Ok(true)
    }
}

/// One player's session and screen.
struct Player {
    _handle: Handle<Client>,
    channel: russh::Channel<Msg>,
    screen: vt100::Parser,
}

impl Player {
    async fn arrive(addr: SocketAddr, user: &str, key: &PrivateKey, size: (u16, u16)) -> Player {
        let config = Arc::new(client::Config::default());
        let mut handle = client::connect(config, addr, Client)
            .await
            .expect("connect");
        let auth = handle
            .authenticate_publickey(
                user,
                PrivateKeyWithHashAlg::new(Arc::new(key.clone()), None),
            )
            .await
            .expect("authenticate");
        assert!(auth.success(), "key refused");
        let channel = handle.channel_open_session().await.expect("session");
        channel
            .request_pty(
                true,
                "xterm-256color",
                size.0.into(),
                size.1.into(),
                0,
                0,
                &[],
            )
            .await
            .expect("pty");
        channel.request_shell(true).await.expect("shell");
        Player {
            _handle: handle,
            channel,
            screen: vt100::Parser::new(nonzero(size.1), nonzero(size.0), 0),
        }
    }

    fn shows(&self, text: &str) -> bool {
        self.screen.screen().contents().contains(text)
    }

    /// Reads until `done` holds; panics after 20 s with the screen.
    async fn wait(&mut self, what: &str, done: impl Fn(&Player) -> bool) {
        let deadline = Instant::now() + Duration::from_secs(20);
        while !done(self) {
            let left = deadline.saturating_duration_since(Instant::now());
            match timeout(left, self.channel.wait()).await {
                Ok(Some(ChannelMsg::Data { data })) => self.screen.process(&data),
                Ok(Some(_)) => {}
                _ => panic!("waiting for {what}:\n{}", self.screen.screen().contents()),
            }
        }
    }

    /// Takes whatever arrives within a short while.
    async fn pump(&mut self) {
        while let Ok(Some(msg)) = timeout(Duration::from_millis(30), self.channel.wait()).await {
            if let ChannelMsg::Data { data } = msg {
                self.screen.process(&data);
            }
        }
    }

    async fn send(&self, bytes: &[u8]) {
        self.channel.data_bytes(bytes.to_vec()).await.expect("send");
    }

    /// The screen as it is, written as `screenshots/<name>.svg`.
    fn save(&self, name: &str) {
        let screen = self.screen.screen();
        let (rows, cols) = screen.size();
        let (rows, cols) = (u16::from(rows), u16::from(cols));
        let mut buf = Buffer::empty(Rect::new(0, 0, cols, rows));
        for row in 0..rows {
            for col in 0..cols {
                let Some(cell) = screen.cell(row, col) else {
                    continue;
                };
                if cell.is_wide_continuation() {
                    continue;
                }
                let mut style = Style::new()
                    .fg(color(cell.fgcolor()))
                    .bg(color(cell.bgcolor()));
                if cell.bold() {
                    style = style.add_modifier(Modifier::BOLD);
                }
                if cell.inverse() {
                    style = style.add_modifier(Modifier::REVERSED);
                }
                let text = cell.contents();
                let text = if text.is_empty() { " " } else { text };
                buf.set_string(col, row, text, style);
            }
        }
        let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("screenshots");
        std::fs::create_dir_all(&dir).expect("screenshots folder");
        let svg = dir.join(format!("{name}.svg"));
        std::fs::write(&svg, buffer_to_svg(&buf, &Palette::default())).expect("write svg");
        println!("wrote {}", svg.display());
    }
}

fn nonzero(n: u16) -> std::num::NonZeroU16 {
    std::num::NonZeroU16::new(n.max(1)).unwrap_or(std::num::NonZeroU16::MIN)
}

/// A terminal colour as ratatui names it.
fn color(c: vt100::Color) -> Color {
    match c {
        vt100::Color::Default => Color::Reset,
        vt100::Color::Idx(n) => Color::Indexed(n),
        vt100::Color::Rgb(r, g, b) => Color::Rgb(r, g, b),
    }
}

/// Players with enough rated Reversi among them to be established, strongest first.
fn fill(store: &SqliteStore) {
    let names = [
        "marit", "jonas", "ilse", "teo", "ruth", "pavel", "noor", "kai",
    ];
    let start = now() - 8 * DAY;
    let accounts: Vec<_> = names
        .iter()
        .map(|n| {
            store
                .create_account(n, &format!("SHA256:example-{n}"), start)
                .expect("account")
        })
        .collect();
    let mut ended = start;
    let mut n = 0u64;
    for round in 0..80 {
        for i in 0..accounts.len() {
            let j = (i + 1 + round % (accounts.len() - 1)) % accounts.len();
            if i >= j {
                continue;
            }
            ended += 1200;
            n += 1;
            // The stronger (earlier) player wins three games in four.
            let upset = (n * 2654435761).is_multiple_of(4);
            let (w, l) = if upset { (j, i) } else { (i, j) };
            let seat = |k: usize, place| Participant {
                account: Some(accounts[k].id),
                name: names[k].to_string(),
                place,
                computer: false,
            };
            let result = Finished {
                id: format!("example-{n}"),
                game: "reversi".into(),
                group: "reversi".into(),
                rated: true,
                started: ended - 900,
                ended,
                summary: format!("{} wins", names[w]),
                record: None,
                players: vec![seat(w, 0), seat(l, 1)],
            };
            store.write_result(&result, &LICHESS).expect("result");
        }
    }
}

fn config(store: StoreService) -> ServeConfig {
    let game = MatchConfig {
        clock: None,
        board: SourceFile::default_board(),
        cards: SourceFile::default_cards(),
        deal: DealMode::Shuffle,
        seed: 7,
        rules: RuleSet::default(),
        red: Seat::Human,
        blue: Seat::Computer("expert".into()),
        think_ms: 50,
    };
    let key = PrivateKey::random(&mut rand::rng(), Algorithm::Ed25519).expect("host key");
    let mut config = ServeConfig::new(key, game, trios::registry::server_games());
    config.listen = SocketAddr::from(([127, 0, 0, 1], 0));
    config.lobby_game = GameKind::Reversi;
    config.showcases.clear();
    config.store = Some(store);
    // Both clients connect from 127.0.0.1, as players behind one NAT would.
    config.rated_same_address = true;
    config
}

fn main() {
    let dir = tempfile::tempdir().expect("temporary folder");
    let db = SqliteStore::open(&dir.path().join("trios.db")).expect("store");
    fill(&db);
    let service = StoreService::start(Box::new(db), None, LICHESS).expect("store threads");
    let runtime = tokio::runtime::Runtime::new().expect("runtime");
    runtime.block_on(async move {
        let server = trios::ssh::serve(config(service)).await.expect("server");
        let addr = server.local_addr();
        let key = || PrivateKey::random(&mut rand::rng(), Algorithm::Ed25519).expect("key");
        let mut alice = Player::arrive(addr, "alice", &key(), (80, 24)).await;
        let mut bob = Player::arrive(addr, "bob", &key(), (200, 60)).await;
        for (player, name, shot) in [
            (&mut alice, "alice", "server-welcome-80x24"),
            (&mut bob, "bob", "server-welcome-200x60"),
        ] {
            player
                .wait("the welcome", |p| p.shows("Choose the handle"))
                .await;
            player.save(shot);
            player.send(b"\r").await;
            player
                .wait("the lobby", |p| p.shows(&format!("Welcome, {name}")))
                .await;
        }

        // Alice opens a table, Bob joins, and they play to the end.
        alice.send(b"jj\r").await;
        alice
            .wait("the open table", |p| p.shows("Waiting for an opponent"))
            .await;
        bob.wait("the table listed", |p| p.shows("waiting: Enter to join"))
            .await;
        bob.send(b"jjj\r").await;
        alice
            .wait("both seated", |p| p.shows("Both seats taken"))
            .await;
        alice.send(b"a??").await;
        bob.send(b"a??").await;
        let deadline = Instant::now() + Duration::from_secs(120);
        while server.tables().first().is_some_and(|t| t.outcome.is_none()) {
            assert!(Instant::now() < deadline, "the game never ended");
            for (player, side) in [(&mut alice, "Dark to move"), (&mut bob, "Light to move")] {
                player.pump().await;
                if player.shows(side) && (player.shows("Enter or click") || player.shows("passes"))
                {
                    let before = server.tables()[0].moves;
                    player.send(b"\r").await;
                    let until = Instant::now() + Duration::from_secs(2);
                    while server.tables()[0].moves == before && Instant::now() < until {
                        tokio::time::sleep(Duration::from_millis(5)).await;
                    }
                }
            }
        }
        for (player, shot) in [
            (&mut alice, "server-game-over-80x24"),
            (&mut bob, "server-game-over-200x60"),
        ] {
            player
                .wait("the rating change", |p| p.shows("Reversi 1500? → "))
                .await;
            player.save(shot);
            player.send(b"q").await;
            player
                .wait("the lobby", |p| p.shows("Play the computer"))
                .await;
            player.send(b"p").await;
            player.wait("the profile", |p| p.shows("Profile of")).await;
        }
        alice.save("server-profile-80x24");
        bob.save("server-profile-200x60");
        for (player, shot) in [
            (&mut alice, "server-leaderboard-80x24"),
            (&mut bob, "server-leaderboard-200x60"),
        ] {
            player.send(b"b").await;
            player.wait("the leaderboard", |p| p.shows("marit")).await;
            player.save(shot);
        }
        // The leader's profile: ranks, a history, a record.
        bob.send(b"\r").await;
        bob.wait("the leader's profile", |p| p.shows("Profile of marit"))
            .await;
        bob.save("server-leader-200x60");
        server.shutdown().await;
    });
}
