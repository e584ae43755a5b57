//! `trios serve` against a stranger who tries to lock it or wear it out: silent sockets,
//! sessions that never start a game, endless tables, a returning key on a full server, host
//! keys that cannot be used, and records that cannot be written. Each test checks that the
//! hostile behaviour is stopped and that another person is still served afterwards. Servers
//! run in-process on loopback (a free port) with russh clients; host key refusals run the
//! real binary.

use crate::common;
use crate::common::fork::SpawnGuarded;
use crate::common::ssh::{
    self, Connection, WAIT, bounded, connect_from, eventually, game_config, key, key_in,
    login_from, open_game, start,
};

use std::net::SocketAddr;
use std::path::Path;
use std::process::Stdio;
use std::time::Duration;

use russh::keys::PrivateKey;
use tokio::io::AsyncReadExt;
use tokio::net::TcpStream;
use tokio::time::{Instant, timeout};
use trios::controller::Seat;
use trios::setup::three_trios::MatchConfig;
use trios::ssh::ServeConfig;

/// Every test ends within this, pass or fail.
const TEST_LIMIT: Duration = Duration::from_secs(60);
/// How often [`eventually`] looks.
const POLL: Duration = Duration::from_millis(20);

/// A server on a free loopback port, without the showcase (so the only tables are the
/// tests'), and without a rate limit in the way.
fn server_config() -> ServeConfig {
    let mut config = ssh::server_config();
    config.showcases.clear();
    config
}

async fn login(addr: SocketAddr, user: &str) -> Connection {
    login_from(addr, [127, 0, 0, 1], user).await
}

/// Connects from loopback and logs in with `key`, which must be accepted.
async fn login_with_key(addr: SocketAddr, user: &str, key: &PrivateKey) -> Connection {
    let mut conn = connect_from(addr, [127, 0, 0, 1]).await;
    key_in(&mut conn, user, key).await;
    conn
}

/// Signs in as a new person from `from` and reaches the lobby: the server still serves.
async fn still_served(addr: SocketAddr, from: [u8; 4], user: &str) {
    let conn = login_from(addr, from, user).await;
    let mut game = open_game(&conn, 80, 24).await;
    game.wait_lobby().await;
}

/// Reads `socket` until the server closes it (or resets it); panics after `limit`.
async fn wait_eof(socket: &mut TcpStream, limit: Duration) {
    let mut buf = [0u8; 256];
    let deadline = Instant::now() + limit;
    loop {
        let left = deadline.saturating_duration_since(Instant::now());
        match timeout(left, socket.read(&mut buf)).await {
            Ok(Ok(0)) | Ok(Err(_)) => return,
            Ok(Ok(_)) => {}
            Err(_) => panic!("a silent socket is still open after {limit:?}"),
        }
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn silent_sockets_from_one_address_neither_lock_out_another_nor_outlive_the_grace() {
    bounded(TEST_LIMIT, async {
        let mut config = server_config();
        config.login_grace = Duration::from_secs(2);
        let server = start(config).await;
        let addr = server.local_addr();

        // 80 TCP connections from 127.0.0.1 that never say a word: more than
        // --max-sessions (64) plus the refusal headroom (16).
        let mut silent = Vec::new();
        for _ in 0..80 {
            silent.push(TcpStream::connect(addr).await.unwrap());
        }
        eventually("the flood to be taken in", POLL, || {
            server.pending_logins() >= 4
        })
        .await;

        // Someone at another address logs in at once.
        let typed = Instant::now();
        let conn = timeout(
            Duration::from_secs(2),
            login_from(addr, [127, 0, 0, 2], "alice"),
        )
        .await
        .expect("a login from another address within 2 s while 80 sockets are silent");
        eprintln!(
            "login from a second address beside 80 silent sockets: {:?}",
            typed.elapsed()
        );
        let mut game = open_game(&conn, 80, 24).await;
        game.wait_lobby().await;

        // Every silent socket is closed: most at once, the rest at the end of the grace.
        for socket in &mut silent {
            wait_eof(socket, Duration::from_secs(8)).await;
        }
        eventually("no unfinished logins left", POLL, || {
            server.pending_logins() == 0
        })
        .await;
        // A connection's count drops when its task ends, just after its socket closes.
        eventually("the silent sockets uncounted", POLL, || {
            server.open_connections() == 1
        })
        .await;
        assert_eq!(server.open_connections(), 1, "only alice is connected");
        still_served(addr, [127, 0, 0, 1], "bob").await;
        server.shutdown().await;
    })
    .await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn sessions_that_start_no_game_are_closed_after_the_grace() {
    bounded(TEST_LIMIT, async {
        let mut config = server_config();
        config.max_sessions = 3;
        config.login_grace = Duration::from_secs(1);
        let server = start(config).await;
        let addr = server.local_addr();

        // ssh -N (no channel), a session channel with no shell, and a pty with no shell:
        // together they fill --max-sessions 3.
        let mut idle = Vec::new();
        idle.push(login(addr, "n").await);
        let no_shell = login(addr, "s").await;
        let channel = no_shell.handle.channel_open_session().await.unwrap();
        idle.push(no_shell);
        let pty_only = login(addr, "p").await;
        let pty_channel = pty_only.handle.channel_open_session().await.unwrap();
        pty_channel
            .request_pty(true, "xterm", 80, 24, 0, 0, &[])
            .await
            .unwrap();
        idle.push(pty_only);
        for conn in &mut idle {
            let reason = conn.wait_disconnect("a session without a game").await;
            assert!(reason.contains("no game was started"), "{reason}");
        }
        drop((channel, pty_channel));
        eventually("the places to be given back", POLL, || {
            server.open_connections() == 0
        })
        .await;
        still_served(addr, [127, 0, 0, 2], "dora").await;
        server.shutdown().await;
    })
    .await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_idle_game_closes_the_connection_not_only_the_channel() {
    bounded(TEST_LIMIT, async {
        let mut config = server_config();
        config.max_sessions = 1;
        config.idle_timeout = Duration::from_secs(1);
        let server = start(config).await;
        let addr = server.local_addr();
        let mut conn = login(addr, "gina").await;
        let mut game = open_game(&conn, 80, 24).await;
        game.wait_lobby().await;
        game.wait_closed().await;
        // The client stays (it does not exit by itself): the server closes the connection,
        // soon (well before russh's own inactivity timeout, idle timeout + 10 s).
        let reason = timeout(
            Duration::from_secs(5),
            conn.wait_disconnect("the idle connection"),
        )
        .await
        .expect("the connection is closed within 5 s of its game");
        assert!(reason.contains("game has ended"), "{reason}");
        eventually("the place to be given back", POLL, || {
            server.open_connections() == 0
        })
        .await;
        still_served(addr, [127, 0, 0, 2], "hana").await;
        server.shutdown().await;
    })
    .await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn one_person_cannot_keep_seats_at_tables_without_end() {
    bounded(TEST_LIMIT, async {
        let server = start(server_config()).await;
        let addr = server.local_addr();
        let conn = login(addr, "ivy").await;
        let mut game = open_game(&conn, 80, 24).await;
        // Play the computer, one move, leave for the lobby (the seat is kept for the grace),
        // again and again.
        let rounds = trios::controller::tables::SEATS_PER_PERSON + 4;
        for _ in 0..rounds {
            game.play_one_move("ivy").await;
            game.send(b"q").await;
            game.wait_for("the lobby again", |g| g.shows("Back in the lobby"))
                .await;
        }
        let held = || {
            server
                .tables()
                .iter()
                .filter(|t| t.away.iter().chain(&t.present).any(|p| p.user == "ivy"))
                .count()
        };
        eventually("the oldest tables to close", POLL, || {
            held() <= trios::controller::tables::SEATS_PER_PERSON
                && server.tables().len() <= trios::controller::tables::SEATS_PER_PERSON
        })
        .await;
        still_served(addr, [127, 0, 0, 2], "jo").await;
        server.shutdown().await;
    })
    .await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_returning_key_takes_its_own_place_on_a_full_server() {
    bounded(TEST_LIMIT, async {
        let data = tempfile::tempdir().unwrap();
        let mut config = server_config();
        config.max_sessions = 2;
        config.data_dir = Some(data.path().to_path_buf());
        let server = start(config).await;
        let addr = server.local_addr();
        let alice_key = key();

        let carol = login(addr, "carol").await;
        let mut carol_game = open_game(&carol, 80, 24).await;
        carol_game.wait_lobby().await;
        // Alice plays; then her connection goes quiet for good (as a laptop lid closed): the
        // server cannot know yet, and is full.
        let mut old = login_with_key(addr, "alice", &alice_key).await;
        let mut old_game = open_game(&old, 80, 24).await;
        old_game.play_one_move("alice").await;

        // A stranger without a key is told the server is full.
        let mut stranger = connect_from(addr, [127, 0, 0, 2]).await;
        let _ = stranger.handle.authenticate_none("mallory").await;
        let reason = stranger.wait_disconnect("the stranger").await;
        assert!(reason.contains("server is full"), "{reason}");
        // Someone calling themselves alice, with another key, is told so too.
        let mut impostor = login_with_key(addr, "alice", &key()).await;
        let reason = impostor.wait_disconnect("the impostor").await;
        assert!(reason.contains("server is full"), "{reason}");

        // Alice, back with her key, takes her place and her seat over at once.
        let alice = login_with_key(addr, "alice", &alice_key).await;
        let mut game = open_game(&alice, 80, 24).await;
        game.wait_for("the seat again", |g| g.shows("Welcome back"))
            .await;
        let reason = old.wait_disconnect("the replaced connection").await;
        assert!(reason.contains("connected again"), "{reason}");
        assert_eq!(server.open_connections(), 2);

        // Once Alice leaves, someone else gets her place.
        game.send(b"q").await;
        game.wait_lobby().await;
        game.send(b"q").await;
        game.wait_closed().await;
        eventually("alice's place to be given back", POLL, || {
            server.open_connections() == 1
        })
        .await;
        still_served(addr, [127, 0, 0, 2], "kai").await;
        server.shutdown().await;
    })
    .await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn players_are_told_once_when_their_match_cannot_be_recorded() {
    bounded(TEST_LIMIT, async {
        // A data folder whose matches folder cannot be made: a file is in its way.
        let data = tempfile::tempdir().unwrap();
        std::fs::write(data.path().join("matches"), "in the way").unwrap();
        let mut config = server_config();
        config.data_dir = Some(data.path().to_path_buf());
        let server = start(config).await;
        let addr = server.local_addr();
        let conn = login(addr, "lena").await;
        let mut game = open_game(&conn, 80, 24).await;
        game.play_one_move("lena").await;
        game.wait_for("word that the match is not recorded", |g| {
            g.shows("not being recorded")
        })
        .await;
        still_served(addr, [127, 0, 0, 2], "milo").await;
        server.shutdown().await;
    })
    .await;
}

/// Runs `trios serve` with `args` (and a free port, no showcase); returns its exit code and
/// what it wrote on standard error. Killed after a few seconds if it does not exit.
fn serve_binary(dir: &Path, data: &Path, args: &[&str]) -> common::bin::Run {
    let mut all = vec!["serve", "--listen", "127.0.0.1:0", "--no-showcase"];
    all.extend_from_slice(args);
    let mut cmd = common::bin::command(dir, &all);
    cmd.env(common::bin::DATA_DIR_ENV, data);
    common::bin::run_command(cmd, Stdio::null(), None, Duration::from_secs(5))
}

/// Asserts `run` was refused at start with exit code 2 and a message containing each of
/// `needles`.
fn assert_refused(run: &common::bin::Run, needles: &[&str]) {
    assert!(!run.timed_out, "the server started instead: {}", run.stderr);
    assert_eq!(run.code, Some(2), "{}", run.stderr);
    for needle in needles {
        assert!(run.stderr.contains(needle), "{needle:?} in {}", run.stderr);
    }
}

#[test]
fn unusable_host_keys_and_key_files_are_refused_at_start_saying_why() {
    let dir = tempfile::tempdir().unwrap();
    let data = dir.path().join("data");
    let file = |name: &str, text: &[u8]| {
        let path = dir.path().join(name);
        std::fs::write(&path, text).unwrap();
        path.display().to_string()
    };
    let host = key();

    let locked = host
        .encrypt(&mut rand::rng(), "secret")
        .unwrap()
        .to_openssh(russh::keys::ssh_key::LineEnding::LF)
        .unwrap();
    let locked = file("locked_key", locked.as_bytes());
    let run = serve_binary(dir.path(), &data, &["--host-key", &locked]);
    assert_refused(&run, &["passphrase", "locked_key"]);

    let empty = file("empty_key", b"");
    let run = serve_binary(dir.path(), &data, &["--host-key", &empty]);
    assert_refused(&run, &["empty", "OpenSSH private key"]);
    assert!(!run.stderr.contains("NUL byte"), "{}", run.stderr);

    let public = host.public_key().to_openssh().unwrap();
    let public = file("host_key.pub", public.as_bytes());
    let run = serve_binary(dir.path(), &data, &["--host-key", &public]);
    assert_refused(&run, &["public key", "private key"]);
    assert!(!run.stderr.contains("NUL byte"), "{}", run.stderr);

    let pem = file(
        "rsa_key",
        b"-----BEGIN RSA PRIVATE KEY-----\nMIIBOgIBAAJBAKj34GkxFhD9\n-----END RSA PRIVATE KEY-----\n",
    );
    let run = serve_binary(dir.path(), &data, &["--host-key", &pem]);
    assert_refused(&run, &["another PEM format", "ssh-keygen -p"]);

    // Devices and FIFOs are not read (they would grow without end, or block).
    let run = serve_binary(dir.path(), &data, &["--host-key", "/dev/zero"]);
    assert_refused(&run, &["/dev/zero", "not a regular file"]);
    let fifo = dir.path().join("fifo");
    let made = std::process::Command::new("mkfifo")
        .arg(&fifo)
        .status_guarded()
        .unwrap();
    assert!(made.success());
    let fifo = fifo.display().to_string();
    let run = serve_binary(dir.path(), &data, &["--host-key", &fifo]);
    assert_refused(&run, &["fifo", "not a regular file"]);
    let good = file(
        "good_key",
        host.to_openssh(Default::default()).unwrap().as_bytes(),
    );
    for path in ["/dev/zero", fifo.as_str()] {
        let run = serve_binary(
            dir.path(),
            &data,
            &["--host-key", &good, "--authorized-keys", path],
        );
        assert_refused(&run, &["--authorized-keys", "not a regular file"]);
    }

    // A missing host key file is still made, and the server starts (and is stopped here).
    let fresh = dir.path().join("new_key");
    let run = serve_binary(
        dir.path(),
        &data,
        &["--host-key", &fresh.display().to_string(), "--no-record"],
    );
    assert!(run.timed_out, "the server runs: {}", run.stderr);
    assert!(run.stderr.contains("trios is serving"), "{}", run.stderr);
    assert!(fresh.is_file());
}

#[test]
fn a_start_whose_records_cannot_be_written_warns() {
    let dir = tempfile::tempdir().unwrap();
    let data = dir.path().join("data");
    std::fs::create_dir(&data).unwrap();
    std::fs::write(data.join("matches"), "in the way").unwrap();
    let key = dir.path().join("host_key");
    let run = serve_binary(
        dir.path(),
        &data,
        &["--host-key", &key.display().to_string()],
    );
    assert!(run.timed_out, "the server runs on: {}", run.stderr);
    assert!(
        run.stderr
            .contains("warning: matches are NOT being recorded"),
        "{}",
        run.stderr
    );
    assert!(!run.stderr.contains("recording matches"), "{}", run.stderr);
}

#[test]
fn tables_shared_with_other_people_are_not_closed_to_make_room_the_new_one_is_refused() {
    use crate::common::trios_table::{Table, TableSpec};
    use trios::controller::table::{Identity, Kind, Proof, Want};
    use trios::controller::tables::{Registry, SEATS_PER_PERSON};
    let who = |user: &str| Identity {
        user: user.into(),
        proof: Proof::Address([10, 0, 0, 1].into()),
    };
    let spec = |opener: &str| TableSpec {
        kind: Kind::TwoPlayers,
        config: {
            let mut config = game_config();
            config.blue = Seat::Human;
            config
        },
        opener: Some(who(opener)),
        data_dir: None,
        grace: Duration::from_secs(60),
        pace: Duration::ZERO,
        rest: Duration::ZERO,
        reseed: |config: &MatchConfig| config.seed,
        successor: None,
        casual: false,
    };
    let registry = Registry::new();
    let mut listeners = Vec::new();
    let mut client = 0;
    for _ in 0..SEATS_PER_PERSON {
        let id = registry.open(spec("ivy")).unwrap();
        for user in ["ivy", "pat"] {
            client += 1;
            let (tell, news) = std::sync::mpsc::channel();
            registry
                .join::<Table>(
                    id,
                    client,
                    who(user),
                    Want::Seat,
                    Box::new(move |n| tell.send(n).is_ok()),
                )
                .unwrap();
            listeners.push(news);
        }
    }
    let deadline = std::time::Instant::now() + WAIT;
    while !registry
        .list()
        .iter()
        .all(|t| t.present.contains(&who("ivy")) && t.present.contains(&who("pat")))
    {
        assert!(
            std::time::Instant::now() < deadline,
            "{:?}",
            registry.list()
        );
        std::thread::sleep(Duration::from_millis(10));
    }
    let refused = registry.open(spec("ivy")).unwrap_err().to_string();
    let most = format!("at most {SEATS_PER_PERSON}");
    assert!(refused.contains(&most), "{refused}");
    assert_eq!(
        registry.list().len(),
        SEATS_PER_PERSON,
        "no shared table closed"
    );
    // Someone else still opens a table.
    registry.open(spec("quinn")).unwrap();
    registry.stop_all();
}
