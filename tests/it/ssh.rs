//! `trios serve` end to end: a server started in-process on 127.0.0.1 (a free port), real SSH
//! clients (russh's), and the screen they receive read back through a terminal emulator.

use crate::common::fork::SpawnGuarded;
use crate::common::ssh::{
    Client, Connection, Game, WAIT, bounded, connect, eventually, game_config, key, login,
    login_with_key, nz, open_game, server_config, start,
};
use std::net::SocketAddr;
use std::process::Command;
use std::sync::Arc;
use std::time::Duration;

use russh::client::{self, AuthResult, Handle};
use russh::keys::PrivateKeyWithHashAlg;
use tokio::sync::mpsc;
use tokio::time::{Instant, timeout};
use trios::games::GameKind;
use trios::ssh::ServeConfig;

/// Every test ends within this, pass or fail.
const TEST_LIMIT: Duration = Duration::from_secs(40);
/// How often [`eventually`] looks.
const POLL: Duration = Duration::from_millis(10);

/// On `conn`, a game against the computer at 80x24, waited for until Red is to move.
async fn playing(conn: &Connection) -> Game {
    let mut game = open_game(conn, 80, 24).await;
    game.play_computer().await;
    game
}

/// `user` logged in with a password and [`playing`]; the connection is kept open with it.
async fn login_and_play(addr: SocketAddr, user: &str) -> (Connection, Game) {
    let conn = login(addr, user).await;
    let game = playing(&conn).await;
    (conn, game)
}

/// The reason the server gives when it turns a fresh connection by `user` away.
async fn turned_away(addr: SocketAddr, user: &str) -> String {
    let mut conn = connect(addr).await;
    let _ = conn.handle.authenticate_none(user).await;
    timeout(WAIT, conn.disconnects.recv())
        .await
        .unwrap()
        .unwrap()
}

/// An SSH connection plus a handle on its TCP socket, to cut it with no SSH goodbye.
async fn connect_cuttable(addr: SocketAddr) -> (Handle<Client>, std::net::TcpStream) {
    let std_stream = std::net::TcpStream::connect(addr).unwrap();
    let cut = std_stream.try_clone().unwrap();
    std_stream.set_nonblocking(true).unwrap();
    let stream = tokio::net::TcpStream::from_std(std_stream).unwrap();
    let (tx, _rx) = mpsc::unbounded_channel();
    let handle = client::connect_stream(
        Arc::new(client::Config::default()),
        stream,
        Client { disconnects: tx },
    )
    .await
    .unwrap();
    (handle, cut)
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_pty_session_plays_redraws_on_resize_and_quits_cleanly() {
    bounded(TEST_LIMIT, async {
        let server = start(server_config()).await;
        let (_conn, mut game) = login_and_play(server.local_addr(), "alice").await;
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
            lines.len() >= 29 && lines[28].contains("to move")
        })
        .await;

        // An arrow key cut in two packets, then quit.
        game.send(b"\x1b[").await;
        game.send(b"B").await;
        // q leaves the table for the lobby, and q there ends the session.
        game.send(b"q").await;
        game.wait_for("the lobby again", |g| g.shows("Back in the lobby"))
            .await;
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
    bounded(TEST_LIMIT, async {
        let server = start(server_config()).await;
        let conn = login(server.local_addr(), "bob").await;

        let channel = conn.handle.channel_open_session().await.unwrap();
        channel.exec(true, "cat /etc/passwd").await.unwrap();
        let mut exec = Game::new(channel, 80, 24);
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
        let mut shell = Game::new(channel, 80, 24);
        shell.wait_closed().await;
        assert!(shell.text.contains("needs a terminal"), "{:?}", shell.text);
        server.shutdown().await;
    })
    .await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn port_forwarding_is_refused() {
    bounded(TEST_LIMIT, async {
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
        let _game = playing(&conn).await;
        server.shutdown().await;
    })
    .await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn authorized_keys_admit_only_their_keys() {
    bounded(TEST_LIMIT, async {
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
        let _game = playing(&conn).await;
        server.shutdown().await;
    })
    .await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_abrupt_disconnect_leaves_the_server_serving() {
    bounded(TEST_LIMIT, async {
        let server = start(server_config()).await;
        let addr = server.local_addr();

        // A client whose TCP connection we can cut without any SSH goodbye.
        let (mut handle, cut) = connect_cuttable(addr).await;
        assert!(
            handle
                .authenticate_password("erin", "")
                .await
                .unwrap()
                .success()
        );
        let conn = Connection::unheard(handle);
        let _game = playing(&conn).await;
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
        let (_conn, _game) = login_and_play(addr, "frank").await;
        server.shutdown().await;
    })
    .await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_idle_game_is_disconnected_with_a_message() {
    bounded(TEST_LIMIT, async {
        let mut config = server_config();
        config.idle_timeout = Duration::from_secs(1);
        let server = start(config).await;
        let (_conn, mut game) = login_and_play(server.local_addr(), "gina").await;
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
    bounded(TEST_LIMIT, async {
        let mut config = server_config();
        config.max_sessions = 1;
        let server = start(config).await;
        let (_first, _game) = login_and_play(server.local_addr(), "henry").await;

        let reason = turned_away(server.local_addr(), "iris").await;
        assert!(reason.contains("server is full"), "{reason}");
        server.shutdown().await;

        let mut config = server_config();
        config.connections_per_minute = 2;
        let server = start(config).await;
        for _ in 0..2 {
            login(server.local_addr(), "jack").await;
        }
        let reason = turned_away(server.local_addr(), "jack").await;
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
        .output_guarded()
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
    let err = trios::ssh::read_authorized_keys(&path)
        .unwrap_err()
        .to_string();
    assert!(err.contains(":1:"), "{err}");
    assert!(
        err.starts_with(&format!("{}:1: not a public key: ", path.display())),
        "{err}"
    );
    std::fs::write(&path, "# nobody yet\n\n").unwrap();
    let err = trios::ssh::read_authorized_keys(&path).unwrap_err();
    assert_eq!(
        err.to_string(),
        format!("{}: no public keys in the file", path.display())
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_fixed_seed_deals_everyone_the_same_game() {
    bounded(TEST_LIMIT, async {
        let mut config = server_config();
        config.game.seed = 42;
        config.fixed_seed = true;
        let server = start(config).await;
        for user in ["kim", "lee"] {
            let conn = login(server.local_addr(), user).await;
            let mut game = open_game(&conn, 80, 24).await;
            // No clock (the Clock line, above Play the computer, steps back to none), so
            // the status row has room for the seed at 80 columns.
            game.wait_lobby().await;
            game.send(b"k\x1b[Dj").await;
            game.wait_for("no clock", |g| g.shows("none (casual)"))
                .await;
            game.play_computer().await;
            game.wait_for("the seeded game", |g| g.shows("seed 42"))
                .await;
        }
        server.shutdown().await;
    })
    .await;
}

/// A server without the showcase, so the first table opened is the first table listed, and
/// with matches recorded in `data`.
fn quiet_config(data: &std::path::Path) -> ServeConfig {
    let mut config = server_config();
    config.showcases.clear();
    config.data_dir = Some(data.to_path_buf());
    config
}

/// The match records in data folder `data`.
fn records(data: &std::path::Path) -> Vec<std::path::PathBuf> {
    std::fs::read_dir(data.join("matches"))
        .unwrap()
        .map(|e| e.unwrap().path())
        .collect()
}

/// Moves the lobby's cursor to its first table (below the five menu lines) and presses
/// Enter: joins when a seat is free or kept, watches otherwise.
async fn enter_first_table(game: &mut Game) {
    game.wait_for("a table in the lobby", |g| g.shows("#1 "))
        .await;
    game.send(b"jjjjj\r").await;
}

/// Opens a two-player table from the lobby and waits at it.
async fn open_table(game: &mut Game) {
    game.wait_lobby().await;
    game.send(b"jjjj\r").await;
    game.wait_for("the open table", |g| g.shows("Waiting for an opponent"))
        .await;
}

/// Alice (Red) plays her first card once it is her turn; waits until it is Bob's (Blue's).
async fn red_plays_first(red: &mut Game, blue: &mut Game) {
    red.wait_for("Red's turn", |g| g.shows("RED (alice) to move"))
        .await;
    red.send(b"1\r").await;
    blue.wait_for("Blue's turn", |g| g.shows("BLUE (bob) to move"))
        .await;
}

/// The number of moves in the battle log's newest line, read from the screen: the log
/// numbers moves, so `N RED` or `N BLUE` at the start of a line is move N.
fn shows_move(game: &Game, n: usize, player: &str) -> bool {
    let needle = format!("{n} {player} ");
    let contents = game.contents();
    contents.match_indices(&needle).any(|(at, _)| {
        !contents[..at]
            .chars()
            .next_back()
            .is_some_and(|c| c.is_ascii_digit())
    })
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_lobby_lists_the_showcase_and_a_game_against_the_computer_plays_to_the_end() {
    bounded(TEST_LIMIT, async {
        let mut config = server_config();
        config.set_showcase(GameKind::ThreeTrios, ["maxflip".into(), "corners".into()]);
        let server = start(config).await;
        let conn = login(server.local_addr(), "olga").await;
        let mut game = open_game(&conn, 80, 24).await;
        game.wait_lobby().await;
        game.wait_for("the showcase", |g| {
            g.shows("showcase") && g.shows("maxflip vs corners")
        })
        .await;
        // The opponent is a choice, the server's own (maxflip here) first.
        game.wait_for("the server's opponent", |g| g.shows("‹ maxflip ›"))
            .await;
        game.send(b"j\x1b[C").await;
        game.wait_for("the next opponent", |g| g.shows("‹ expert ›"))
            .await;
        game.send(b"\x1b[D").await;
        game.wait_for("maxflip again", |g| g.shows("‹ maxflip ›"))
            .await;
        game.send(b"k\r").await;
        game.wait_for("the game", |g| g.shows("you play RED")).await;
        assert!(game.shows("BLUE maxflip"), "{}", game.contents());

        // Card 1 on the first free cell, whenever Red is to move, until the end.
        let mut moves = 0;
        while !game.shows("Game over") {
            game.wait_for("Red's turn or the end", |g| {
                g.shows("RED (olga) to move") || g.shows("Game over")
            })
            .await;
            if game.shows("Game over") {
                break;
            }
            moves += 1;
            game.send(b"1\r").await;
            game.wait_for("the move to be taken", |g| {
                shows_move(g, 2 * moves - 1, "RED")
            })
            .await;
        }
        assert_eq!(moves, 9, "Red places nine cards on the 17-cell board");
        eventually("the lobby's list shows the finished game", POLL, || {
            server
                .tables()
                .iter()
                .any(|t| t.seats[0].name == "olga" && t.moves == 17 && t.outcome.is_some())
        })
        .await;
        server.shutdown().await;
    })
    .await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn two_clients_play_each_other_while_a_spectator_watches_and_cannot_move() {
    bounded(TEST_LIMIT, async {
        let data = tempfile::tempdir().unwrap();
        let server = start(quiet_config(data.path())).await;
        let addr = server.local_addr();
        let (alice, bob, carol) = (
            login(addr, "alice").await,
            login(addr, "bob").await,
            login(addr, "carol").await,
        );
        let mut red = open_game(&alice, 80, 24).await;
        let mut blue = open_game(&bob, 80, 24).await;
        let mut watcher = open_game(&carol, 100, 30).await;
        open_table(&mut red).await;

        blue.wait_lobby().await;
        blue.wait_for("the open table", |g| g.shows("waiting: Enter to join"))
            .await;
        enter_first_table(&mut blue).await;
        blue.wait_for("Blue's seat", |g| g.shows("BLUE bob")).await;
        red.wait_for("the opponent", |g| g.shows("RED (alice) to move"))
            .await;

        watcher.wait_lobby().await;
        enter_first_table(&mut watcher).await;
        watcher
            .wait_for("the spectator's view", |g| g.shows("watching"))
            .await;
        // A spectator's keys move nothing.
        watcher.send(b"1").await;
        watcher
            .wait_for("the refusal", |g| g.shows("You are watching"))
            .await;
        // Blue may not move on Red's turn either.
        blue.send(b"1").await;
        blue.wait_for("the refusal", |g| g.shows("Wait: RED (alice)"))
            .await;
        assert_eq!(server.tables()[0].moves, 0);
        assert_eq!(server.tables()[0].watchers, 1);

        // The whole game: each side plays its first card on the first free cell in turn;
        // both players and the spectator see every move.
        for n in 1..=17 {
            let (mover, player) = if n % 2 == 1 {
                (&mut red, "RED")
            } else {
                (&mut blue, "BLUE")
            };
            let prompt = if n % 2 == 1 {
                "RED (alice) to move"
            } else {
                "BLUE (bob) to move"
            };
            mover
                .wait_for("the mover's turn", |g| g.shows(prompt))
                .await;
            mover.send(b"1\r").await;
            for view in [&mut red, &mut blue, &mut watcher] {
                view.wait_for("the move on every screen", |g| {
                    shows_move(g, n, player) || g.shows("Game over")
                })
                .await;
            }
        }
        for view in [&mut red, &mut blue, &mut watcher] {
            view.wait_for("the end on every screen", |g| g.shows("Game over"))
                .await;
        }
        eventually("the lobby's list shows all moves", POLL, || {
            server.tables()[0].moves == 17
        })
        .await;

        // The match was recorded as it went, and replays.
        let records = records(data.path());
        assert_eq!(records.len(), 1, "{records:?}");
        let output = Command::new(env!("CARGO_BIN_EXE_trios"))
            .args(["replay", "--ui", "text"])
            .arg(&records[0])
            .output_guarded()
            .unwrap();
        assert!(output.status.success(), "{output:?}");
        server.shutdown().await;
    })
    .await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_dropped_player_is_missed_recorded_and_takes_the_seat_back_with_the_same_key() {
    bounded(TEST_LIMIT, async {
        let data = tempfile::tempdir().unwrap();
        let server = start(quiet_config(data.path())).await;
        let addr = server.local_addr();
        let (alice_key, bob_key) = (key(), key());
        let alice = login_with_key(addr, "alice", &alice_key).await;
        let mut red = open_game(&alice, 80, 24).await;
        open_table(&mut red).await;

        // Bob on a TCP connection that can be cut without an SSH goodbye.
        let (mut handle, cut) = connect_cuttable(addr).await;
        let auth = handle
            .authenticate_publickey(
                "bob",
                PrivateKeyWithHashAlg::new(Arc::new(bob_key.clone()), None),
            )
            .await
            .unwrap();
        assert!(auth.success());
        let bob = Connection::unheard(handle);
        let mut blue = open_game(&bob, 80, 24).await;
        enter_first_table(&mut blue).await;
        blue.wait_for("Blue's seat", |g| g.shows("BLUE bob")).await;
        red_plays_first(&mut red, &mut blue).await;

        cut.shutdown(std::net::Shutdown::Both).unwrap();
        red.wait_for("word of the drop", |g| g.shows("lost the connection"))
            .await;
        red.wait_for("the empty seat", |g| g.shows("bob (away)"))
            .await;
        // Nothing is lost: the record on disk holds the move made.
        let records = records(data.path());
        assert_eq!(records.len(), 1);
        let record = std::fs::read_to_string(&records[0]).unwrap();
        let record: serde_json::Value = serde_json::from_str(&record).unwrap();
        assert_eq!(record["moves"].as_array().unwrap().len(), 1);

        // Someone else calling themselves bob does not get the seat.
        let impostor = login_with_key(addr, "bob", &key()).await;
        let mut other = open_game(&impostor, 80, 24).await;
        other.wait_lobby().await;
        other
            .wait_for("the table, not the seat", |g| g.shows("#1 "))
            .await;
        assert!(!other.shows("your seat is kept"), "{}", other.contents());
        other.send(b"q").await;
        other.wait_closed().await;

        // Bob, with his key, is taken straight back to his seat and plays on.
        let bob = login_with_key(addr, "bob", &bob_key).await;
        let mut blue = open_game(&bob, 80, 24).await;
        blue.wait_for("the seat again", |g| g.shows("Welcome back"))
            .await;
        red.wait_for("word of the return", |g| g.shows("bob is back"))
            .await;
        blue.wait_for("Blue's turn", |g| g.shows("BLUE (bob) to move"))
            .await;
        blue.send(b"1\r").await;
        red.wait_for("Blue's move", |g| shows_move(g, 2, "BLUE"))
            .await;
        server.shutdown().await;
    })
    .await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_seat_not_taken_back_in_time_ends_the_match_with_the_record_kept() {
    bounded(TEST_LIMIT, async {
        let data = tempfile::tempdir().unwrap();
        let mut config = quiet_config(data.path());
        config.grace = Duration::from_secs(1);
        let server = start(config).await;
        let addr = server.local_addr();
        let alice = login(addr, "alice").await;
        let mut red = open_game(&alice, 80, 24).await;
        open_table(&mut red).await;
        let bob = login(addr, "bob").await;
        let mut blue = open_game(&bob, 80, 24).await;
        enter_first_table(&mut blue).await;
        red_plays_first(&mut red, &mut blue).await;
        // Bob walks away from the table (q) and then closes the connection.
        blue.send(b"q").await;
        blue.wait_lobby().await;
        drop(blue);
        drop(bob);
        red.wait_for("word of the leave", |g| g.shows("stepped out"))
            .await;
        red.wait_for("the end of the table", |g| {
            g.shows("Table closed") && g.shows("did not come back")
        })
        .await;
        // The closed table is gone from the lobby; the record stays.
        red.send(b"q").await;
        red.wait_for("the lobby", |g| g.shows("Tables: none open"))
            .await;
        assert_eq!(records(data.path()).len(), 1);
        server.shutdown().await;
    })
    .await;
}

/// A TCP stream whose reading can be stopped and resumed, like a client on a stalled link:
/// while stopped the SSH client reads nothing, so it grants the server no more window.
struct Stalling {
    inner: tokio::net::TcpStream,
    stalled: Arc<std::sync::atomic::AtomicBool>,
    waker: Arc<std::sync::Mutex<Option<std::task::Waker>>>,
}

impl tokio::io::AsyncRead for Stalling {
    fn poll_read(
        mut self: std::pin::Pin<&mut Self>,
        cx: &mut std::task::Context<'_>,
        buf: &mut tokio::io::ReadBuf<'_>,
    ) -> std::task::Poll<std::io::Result<()>> {
        if self.stalled.load(std::sync::atomic::Ordering::SeqCst) {
            *self.waker.lock().unwrap() = Some(cx.waker().clone());
            return std::task::Poll::Pending;
        }
        std::pin::Pin::new(&mut self.inner).poll_read(cx, buf)
    }
}

impl tokio::io::AsyncWrite for Stalling {
    fn poll_write(
        mut self: std::pin::Pin<&mut Self>,
        cx: &mut std::task::Context<'_>,
        buf: &[u8],
    ) -> std::task::Poll<std::io::Result<usize>> {
        std::pin::Pin::new(&mut self.inner).poll_write(cx, buf)
    }

    fn poll_flush(
        mut self: std::pin::Pin<&mut Self>,
        cx: &mut std::task::Context<'_>,
    ) -> std::task::Poll<std::io::Result<()>> {
        std::pin::Pin::new(&mut self.inner).poll_flush(cx)
    }

    fn poll_shutdown(
        mut self: std::pin::Pin<&mut Self>,
        cx: &mut std::task::Context<'_>,
    ) -> std::task::Poll<std::io::Result<()>> {
        std::pin::Pin::new(&mut self.inner).poll_shutdown(cx)
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_client_that_stops_reading_loses_frames_not_memory_and_gets_a_full_repaint() {
    bounded(TEST_LIMIT, async {
        let server = start(server_config()).await;
        let stalled = Arc::new(std::sync::atomic::AtomicBool::new(false));
        let waker = Arc::new(std::sync::Mutex::new(None::<std::task::Waker>));
        let stream = Stalling {
            inner: tokio::net::TcpStream::connect(server.local_addr())
                .await
                .unwrap(),
            stalled: stalled.clone(),
            waker: waker.clone(),
        };
        // A small window: the server may send only this much before the client reads.
        let config = client::Config {
            window_size: 32 * 1024,
            ..Default::default()
        };
        let (tx, _rx) = mpsc::unbounded_channel();
        let mut handle =
            client::connect_stream(Arc::new(config), stream, Client { disconnects: tx })
                .await
                .unwrap();
        assert!(
            handle
                .authenticate_password("slow", "")
                .await
                .unwrap()
                .success()
        );
        let conn = Connection::unheard(handle);
        let mut game = playing(&conn).await;

        // The link stalls; full repaints (every resize is one) keep coming, a frame apart.
        stalled.store(true, std::sync::atomic::Ordering::SeqCst);
        let sizes = [(100u16, 30u16), (90, 28)];
        let deadline = Instant::now() + WAIT;
        let mut i = 0;
        while server.dropped_frames() == 0 {
            assert!(Instant::now() < deadline, "no frame was ever dropped");
            let (cols, rows) = sizes[i % 2];
            i += 1;
            game.channel
                .window_change(cols.into(), rows.into(), 0, 0)
                .await
                .unwrap();
            tokio::time::sleep(Duration::from_millis(40)).await;
        }
        // While the link is stalled the help opens: that frame cannot go out either.
        let (cols, rows) = sizes[(i - 1) % 2];
        game.send(b"?").await;
        tokio::time::sleep(Duration::from_millis(300)).await;
        // The link recovers: the client ends up with the whole screen, help included.
        stalled.store(false, std::sync::atomic::Ordering::SeqCst);
        if let Some(waker) = waker.lock().unwrap().take() {
            waker.wake();
        }
        game.screen.screen_mut().set_size(nz(rows), nz(cols));
        game.wait_for("the whole screen with the help", |g| {
            let contents = g.contents();
            let lines: Vec<&str> = contents.lines().collect();
            g.shows("Any key closes")
                && lines.len() == rows as usize
                && lines[rows as usize - 2].contains("to move")
        })
        .await;
        server.shutdown().await;
    })
    .await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_records_folder_is_pruned_as_in_local_play() {
    bounded(TEST_LIMIT, async {
        let data = tempfile::tempdir().unwrap();
        let matches = data.path().join("matches");
        std::fs::create_dir_all(&matches).unwrap();
        // A match left before its first move: nothing worth keeping.
        let empty = matches.join("20260101-000000-1.json");
        trios::record::three_trios::Recorder::create(empty.clone(), &game_config()).unwrap();
        let server = start(quiet_config(data.path())).await;
        eventually("the empty record is pruned", POLL, || !empty.exists()).await;
        server.shutdown().await;
    })
    .await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn stopping_the_server_restores_every_client_terminal_and_says_goodbye() {
    bounded(TEST_LIMIT, async {
        let server = start(server_config()).await;
        let (_player, mut game) = login_and_play(server.local_addr(), "hana").await;
        let lobby = login(server.local_addr(), "ivan").await;
        let mut waiting = open_game(&lobby, 80, 24).await;
        waiting.wait_lobby().await;

        server.shutdown().await;
        for client in [&mut game, &mut waiting] {
            client.wait_closed().await;
            let tail = &client.text[client.text.rfind("\x1b[?2004l").unwrap_or(0)..];
            for (sequence, meaning) in [
                ("\x1b[?1000l", "mouse reporting off"),
                ("\x1b[?25h", "cursor shown"),
                ("\x1b[?1049l", "alternate screen left"),
            ] {
                assert!(tail.contains(sequence), "{meaning} missing in {tail:?}");
            }
            assert!(
                tail.contains("the server is shutting down"),
                "no goodbye in {tail:?}"
            );
            assert!(!client.screen.screen().alternate_screen());
        }
    })
    .await;
}

#[test]
fn a_host_key_in_a_folder_that_does_not_exist_is_refused_not_made() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("no-such-folder").join("host_key");
    let out = Command::new(env!("CARGO_BIN_EXE_trios"))
        .args([
            "serve",
            "--listen",
            "127.0.0.1:0",
            "--no-record",
            "--host-key",
        ])
        .arg(&path)
        .output_guarded()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(
        stderr.contains("does not exist") && stderr.contains("no-such-folder"),
        "{stderr}"
    );
    assert!(!dir.path().join("no-such-folder").exists(), "folder made");
}
