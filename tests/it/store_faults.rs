//! The players database failing under a running server: Postgres stopped mid-game (play goes
//! on, the result waits in the journal and is applied once it is back), a server started
//! while it is down, and a database `trios serve` must not touch (corrupt, or from a newer
//! trios).

use crate::common::postgres::Throwaway;
use crate::common::ssh::{self, arrive, bounded, key, start};

use std::path::Path;
use std::process::Stdio;
use std::time::Duration;

use trios::games::GameKind;
use trios::ssh::ServerHandle;
use trios::store::journal::{JOURNAL_FILE, Journal};
use trios::store::lazy::LazyStore;
use trios::store::open::Database;
use trios::store::postgres::PostgresStore;
use trios::store::sqlite::SqliteStore;
use trios::store::worker::StoreService;
use trios::store::{LICHESS, Store};

const TEST_LIMIT: Duration = Duration::from_secs(120);

/// A Reversi server keeping players in `database`, journalling in `data`.
async fn server_on(database: Database, data: &Path) -> ServerHandle {
    let mut config = ssh::server_config();
    config.game.think_ms = 20;
    config.lobby_game = GameKind::Reversi;
    config.showcases.clear();
    config.data_dir = Some(data.to_path_buf());
    let (store, _) = LazyStore::new(database);
    config.store =
        Some(StoreService::start(Box::new(store), Some(Journal::in_dir(data)), LICHESS).unwrap());
    start(config).await
}

/// Waits (up to `limit`) until `holds`.
async fn within(limit: Duration, what: &str, holds: impl Fn() -> bool) {
    let deadline = tokio::time::Instant::now() + limit;
    while !holds() {
        assert!(tokio::time::Instant::now() < deadline, "never: {what}");
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn postgres_stopped_mid_game_loses_nothing_and_the_result_is_applied_once_back() {
    let Some(pg) = Throwaway::start() else {
        return;
    };
    bounded(TEST_LIMIT, async {
        let data = tempfile::tempdir().unwrap();
        let server = server_on(Database::Postgres(pg.url.clone()), data.path()).await;
        let addr = server.local_addr();
        let (_a, mut alice) = arrive(addr, [127, 0, 0, 2], "alice", &key()).await;
        let (_b, mut bob) = arrive(addr, [127, 0, 0, 3], "bob", &key()).await;
        ssh::sign_up(&mut alice, "alice").await;
        ssh::sign_up(&mut bob, "bob").await;
        ssh::open_and_join(&mut alice, &mut bob).await;

        // The database goes away mid-game; the game goes on to its end.
        pg.stop();
        ssh::play_out(&server, [&mut alice, &mut bob], ["Dark", "Light"]).await;
        for view in [&mut alice, &mut bob] {
            view.wait_for("the word that the result waits", |g| {
                g.shows("The database is away")
            })
            .await;
        }
        let journal = data.path().join(JOURNAL_FILE);
        assert_eq!(Journal::in_dir(data.path()).pending().unwrap().len(), 1);

        // Back: the journal is applied, once, and emptied.
        pg.start_again();
        within(Duration::from_secs(20), "the journal applied", || {
            !journal.exists()
        })
        .await;
        // The synchronous client runs off the test's runtime.
        let url = pg.url.clone();
        std::thread::spawn(move || {
            let store = PostgresStore::connect(&url).unwrap();
            for name in ["alice", "bob"] {
                let account = store.account_by_handle(name).unwrap().unwrap();
                let games = store.games(account.id, 10).unwrap();
                assert_eq!(games.len(), 1, "{name}: {games:?}");
                assert!(games[0].rated);
                let ratings = store.ratings(account.id).unwrap();
                assert_eq!(ratings.len(), 1);
                assert_eq!(ratings[0].games, 1, "rated once");
            }
        })
        .join()
        .unwrap();
        server.shutdown().await;
    })
    .await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_server_starts_and_serves_while_its_database_is_down() {
    let Some(pg) = Throwaway::start() else {
        return;
    };
    bounded(TEST_LIMIT, async {
        pg.stop();
        let data = tempfile::tempdir().unwrap();
        let server = server_on(Database::Postgres(pg.url.clone()), data.path()).await;
        let addr = server.local_addr();
        // A keyed player gets in, as a guest this time.
        let (_a, mut alice) = arrive(addr, [127, 0, 0, 2], "alice", &key()).await;
        alice.wait_lobby().await;
        alice
            .wait_for("the word that the database is away", |g| {
                g.shows("The players database is away")
            })
            .await;
        alice.send(b"\r").await;
        alice
            .wait_for("a game against the computer", |g| g.shows("Dark"))
            .await;

        // Once it is back, the next new key signs up.
        pg.start_again();
        tokio::time::sleep(Duration::from_secs(3)).await;
        let (_b, mut bob) = arrive(addr, [127, 0, 0, 3], "bob", &key()).await;
        ssh::sign_up(&mut bob, "bob").await;
        server.shutdown().await;
    })
    .await;
}

/// Runs `trios serve` on a free port with the data folder `data`; killed after a few
/// seconds if it does not exit by itself.
fn serve_binary(data: &Path) -> crate::common::bin::Run {
    let dir = tempfile::tempdir().unwrap();
    let mut cmd = crate::common::bin::command(
        dir.path(),
        &["serve", "--listen", "127.0.0.1:0", "--no-showcase"],
    );
    cmd.env(crate::common::bin::DATA_DIR_ENV, data);
    crate::common::bin::run_command(cmd, Stdio::null(), None, Duration::from_secs(5))
}

#[test]
fn serve_refuses_a_corrupt_or_newer_database_and_leaves_it_untouched() {
    let data = tempfile::tempdir().unwrap();
    let db = data.path().join("trios.db");

    // Not a database at all.
    let junk: Vec<u8> = (0..4096u32).map(|i| (i * 7 + 3) as u8).collect();
    std::fs::write(&db, &junk).unwrap();
    let run = serve_binary(data.path());
    assert!(!run.timed_out, "the server started: {}", run.stderr);
    assert_eq!(run.code, Some(2), "{}", run.stderr);
    assert!(run.stderr.contains("error: "), "{}", run.stderr);
    assert!(run.stderr.contains("trios.db"), "{}", run.stderr);
    crate::common::bin::assert_no_panic(&run.stderr);
    assert_eq!(std::fs::read(&db).unwrap(), junk, "the file was changed");
    // Nothing else was made for a server that did not start: no host key.
    let made: Vec<String> = std::fs::read_dir(data.path())
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    assert_eq!(made, ["trios.db"], "a refused start left files behind");

    // A database from a newer trios.
    std::fs::remove_file(&db).unwrap();
    drop(SqliteStore::open(&db).unwrap());
    {
        let conn = rusqlite::Connection::open(&db).unwrap();
        conn.execute("UPDATE schema_version SET version = version + 1", [])
            .unwrap();
    }
    let before = std::fs::read(&db).unwrap();
    let run = serve_binary(data.path());
    assert_eq!(run.code, Some(2), "{}", run.stderr);
    assert!(run.stderr.contains("newer"), "{}", run.stderr);
    crate::common::bin::assert_no_panic(&run.stderr);
    assert_eq!(std::fs::read(&db).unwrap(), before, "the file was changed");
}

/// A database that stops answering holds up one reader for its wait, not each screen that
/// asks after it: for a few seconds the next reads are refused at once, saying why, and then
/// the database is asked again.
#[test]
fn a_read_left_unanswered_makes_the_next_fail_at_once_for_a_while() {
    let dir = tempfile::tempdir().unwrap();
    let store = SqliteStore::open(&dir.path().join("trios.db")).unwrap();
    let service = StoreService::start(Box::new(store), None, LICHESS).unwrap();
    // A read that takes longer than its asker waits: the database hangs.
    let hung = service.ask(Duration::from_millis(50), |s| {
        std::thread::sleep(Duration::from_millis(400));
        s.account(1)
    });
    assert!(hung.is_err(), "{hung:?}");
    // The store is free again well before this read, yet it is refused without waiting.
    std::thread::sleep(Duration::from_millis(600));
    let asked = std::time::Instant::now();
    let refused = service.ask(Duration::from_secs(5), |s| s.account(1));
    assert!(asked.elapsed() < Duration::from_millis(100));
    let said = format!("{:?}", refused.err());
    assert!(said.contains("did not answer a moment ago"), "{said}");
}
