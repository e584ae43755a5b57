//! The players database failing under a running server: Postgres stopped mid-game (play goes
//! on, the result waits in the journal and is applied once it is back), a page of a SQLite
//! database going bad under a running server (the same, and the operator is told once that
//! it is damaged), a server started while its database is down, and a database `trios
//! serve` must not touch (corrupt, or from a newer trios).

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
use trios::store::worker::Reported;
use trios::store::worker::StoreService;
use trios::store::{Finished, LICHESS, Participant, Store};

const TEST_LIMIT: Duration = Duration::from_secs(120);

/// A Reversi server keeping players in `database`, journalling in `data`, and its store.
async fn server_on(database: Database, data: &Path) -> (ServerHandle, StoreService) {
    let mut config = ssh::server_config();
    config.game.think_ms = 20;
    config.lobby_game = GameKind::Reversi;
    config.showcases.clear();
    config.data_dir = Some(data.to_path_buf());
    let (store, _) = LazyStore::new(database);
    let service =
        StoreService::start(Box::new(store), Some(Journal::in_dir(data)), LICHESS).unwrap();
    config.store = Some(service.clone());
    (start(config).await, service)
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
        let (server, service) = server_on(Database::Postgres(pg.url.clone()), data.path()).await;
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
                g.shows("this result is kept")
            })
            .await;
        }
        let journal = data.path().join(JOURNAL_FILE);
        let waiting = Journal::in_dir(data.path()).pending().unwrap();
        assert_eq!(waiting.len(), 1);
        assert!(service.is_down());
        // Away, not damaged: a read says the database cannot be reached right now.
        let read = service.clone();
        let away = tokio::task::spawn_blocking(move || {
            read.ask(Duration::from_secs(10), |s| s.account(1))
        })
        .await
        .unwrap();
        match away {
            Err(e) => {
                assert!(e.is_unavailable() && !e.is_untrusted(), "{e:?}");
                assert!(e.to_string().contains("cannot be reached right now"), "{e}");
            }
            Ok(found) => panic!("the stopped database answered: {found:?}"),
        }

        // Back: the journal is applied, once, and emptied.
        pg.start_again();
        within(Duration::from_secs(20), "the journal applied", || {
            !journal.exists()
        })
        .await;
        assert!(!service.is_down());
        // Offered again (a crash between applying a line and forgetting it), it changes
        // nothing.
        Journal::in_dir(data.path()).append(&waiting[0]).unwrap();
        let again = service.clone();
        let left = tokio::task::spawn_blocking(move || again.flush_journal())
            .await
            .unwrap();
        assert_eq!(left, 0);
        assert!(!journal.exists());
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
        let (server, _) = server_on(Database::Postgres(pg.url.clone()), data.path()).await;
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

/// The page of the games' id index in the SQLite database at `path`, read beside whoever has
/// it open, and overwritten on disk with noise: the next look-up of a game by its id (every
/// result's first step) meets the damage, while accounts and keys read as before.
fn damage_the_games_index(path: &Path) {
    let (root, page_size): (i64, i64) = {
        let conn =
            rusqlite::Connection::open_with_flags(path, rusqlite::OpenFlags::SQLITE_OPEN_READ_ONLY)
                .unwrap();
        let root = conn
            .query_row(
                "SELECT rootpage FROM sqlite_master WHERE name = 'sqlite_autoindex_games_1'",
                [],
                |row| row.get(0),
            )
            .unwrap();
        let size = conn
            .query_row("PRAGMA page_size", [], |row| row.get(0))
            .unwrap();
        (root, size)
    };
    use std::io::{Seek, SeekFrom, Write};
    let mut file = std::fs::OpenOptions::new().write(true).open(path).unwrap();
    file.seek(SeekFrom::Start(((root - 1) * page_size) as u64))
        .unwrap();
    let noise: Vec<u8> = (0..page_size as u32)
        .map(|i| (i.wrapping_mul(2_654_435_761) >> 11) as u8)
        .collect();
    file.write_all(&noise).unwrap();
    file.sync_all().unwrap();
}

/// A rated duel `a` beat `b` in, ending at `ended`.
fn duel(id: &str, a: i64, b: i64, ended: i64) -> Finished {
    let seat = |account, place| Participant {
        account: Some(account),
        name: format!("player {account}"),
        place,
        computer: false,
    };
    Finished {
        id: id.into(),
        game: "reversi".into(),
        group: "reversi".into(),
        rated: true,
        started: ended - 600,
        ended,
        summary: "black wins 40–24".into(),
        record: None,
        players: vec![seat(a, 0), seat(b, 1)],
    }
}

/// A page going bad under a running store: the results that meet it wait in the journal as
/// when the database is away (nothing is lost), reads that meet it say the database is
/// damaged, not away, and reads elsewhere go on. Restored from its backup, the journal is
/// applied and every result lands once.
#[test]
fn damage_met_while_running_journals_results_and_the_restored_database_takes_them() {
    let dir = tempfile::tempdir().unwrap();
    let (db, backup) = (dir.path().join("trios.db"), dir.path().join("backup.db"));
    let (a, b) = {
        let store = SqliteStore::open(&db).unwrap();
        let a = store.create_account("alice", "SHA256:a", 1).unwrap().id;
        let b = store.create_account("bob", "SHA256:b", 1).unwrap().id;
        store
            .write_result(&duel("before", a, b, 10_000), &LICHESS)
            .unwrap();
        store.backup_to(&backup).unwrap();
        (a, b)
    };
    let service = StoreService::start(
        Box::new(SqliteStore::open(&db).unwrap()),
        Some(Journal::in_dir(dir.path())),
        LICHESS,
    )
    .unwrap();
    damage_the_games_index(&db);

    let reports: Vec<Reported> = ["during-1", "during-2"]
        .iter()
        .enumerate()
        .map(|(n, id)| {
            let (tx, rx) = std::sync::mpsc::channel();
            service.report(duel(id, b, a, 20_000 + n as i64 * 600), move |r| {
                let _ = tx.send(r);
            });
            rx.recv_timeout(Duration::from_secs(10)).unwrap()
        })
        .collect();
    assert_eq!(reports, [Reported::Waiting, Reported::Waiting]);
    assert!(service.is_down());
    let journal = Journal::in_dir(dir.path());
    assert_eq!(journal.pending().unwrap().len(), 2);
    // Offered again, they stay: damage is no reason to drop a result.
    assert_eq!(service.flush_journal(), 2);
    // A read that meets the damage says so; one that does not is answered.
    let said = service
        .ask(Duration::from_secs(5), move |s| s.games(a, 10))
        .unwrap_err();
    assert!(said.is_untrusted() && !said.is_unavailable(), "{said:?}");
    assert!(said.to_string().contains("is damaged"), "{said}");
    let alice = service
        .ask(Duration::from_secs(5), |s| s.account_by_handle("alice"))
        .unwrap();
    assert_eq!(alice.map(|x| x.id), Some(a));
    drop(service);
    // Its threads let go of the database within a second.
    std::thread::sleep(Duration::from_millis(1_500));

    // The operator restores the backup and starts again: the journal drains, once.
    for side in ["trios.db-wal", "trios.db-shm"] {
        let _ = std::fs::remove_file(dir.path().join(side));
    }
    std::fs::copy(&backup, &db).unwrap();
    let store = SqliteStore::open(&db).unwrap();
    let service = StoreService::start(Box::new(store), Some(journal.clone()), LICHESS).unwrap();
    assert_eq!(service.flush_journal(), 0);
    assert!(journal.pending().unwrap().is_empty());
    let store = SqliteStore::open(&db).unwrap();
    let ids: Vec<String> = store
        .games(a, 10)
        .unwrap()
        .into_iter()
        .map(|g| g.id)
        .collect();
    assert_eq!(ids, ["during-2", "during-1", "before"]);
    assert_eq!(store.ratings(b).unwrap()[0].games, 3);
}

/// `trios serve` whose database gets a bad page while it runs: the finished game's result
/// waits in the journal, the log says once, at ERROR, that the database is damaged (not that
/// it is away), however often the journal is offered to it; started again on the restored
/// backup, the server applies the result.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_page_going_bad_under_trios_serve_is_said_once_and_its_result_waits() {
    use crate::common::fork::SpawnGuarded;
    use std::sync::{Arc, Mutex};

    let dir = tempfile::tempdir().unwrap();
    let data = dir.path().join("data");
    let db = data.join("trios.db");
    let serve = |log: Arc<Mutex<Vec<String>>>| {
        let mut cmd = crate::common::bin::serve_reversi(dir.path(), &data);
        cmd.env("RUST_LOG", "trios=info");
        let mut child = cmd.spawn_guarded().unwrap();
        let stderr = child.stderr.take().unwrap();
        let addr =
            crate::common::bin::serving_address(stderr, move |line| log.lock().unwrap().push(line));
        (child, addr)
    };

    let log = Arc::new(Mutex::new(Vec::new()));
    let (mut child, addr) = serve(log.clone());
    bounded(TEST_LIMIT, async {
        let (_a, mut alice) = arrive(addr, [127, 0, 0, 2], "alice", &key()).await;
        let (_b, mut bob) = arrive(addr, [127, 0, 0, 3], "bob", &key()).await;
        ssh::sign_up(&mut alice, "alice").await;
        ssh::sign_up(&mut bob, "bob").await;
        // The operator's backup, taken while the server runs.
        let backup = dir.path().join("backup.db");
        let run = crate::common::bin::run_with_deadline(
            dir.path(),
            &[
                "players",
                "--database",
                &db.display().to_string(),
                "backup",
                &backup.display().to_string(),
            ],
            Stdio::null(),
            None,
            Duration::from_secs(10),
        );
        run.assert_clean_exit();

        damage_the_games_index(&db);
        ssh::open_and_join(&mut alice, &mut bob).await;
        ssh::play_out_by_screens([&mut alice, &mut bob], ["Dark", "Light"]).await;
        for view in [&mut alice, &mut bob] {
            view.wait_for("the word that the result waits", |g| {
                g.shows("this result is kept")
            })
            .await;
        }
        // The journal is offered to the database every two seconds meanwhile.
        tokio::time::sleep(Duration::from_secs(5)).await;
    })
    .await;
    child.kill().unwrap();
    child.wait().unwrap();

    let waiting = Journal::in_dir(&data).pending().unwrap();
    assert_eq!(waiting.len(), 1, "{waiting:?}");
    let lines = log.lock().unwrap().clone();
    let damage: Vec<&String> = lines
        .iter()
        .filter(|l| l.contains("ERROR") && l.contains("is damaged"))
        .collect();
    assert_eq!(damage.len(), 1, "{lines:#?}");
    assert!(
        damage[0].contains(&db.display().to_string()),
        "{}",
        damage[0]
    );
    assert!(damage[0].contains("journal"), "{}", damage[0]);
    assert!(
        !lines.iter().any(|l| l.contains("cannot be reached")),
        "{lines:#?}"
    );

    // Restored from the backup and started again: the result is applied, once.
    for side in ["trios.db-wal", "trios.db-shm"] {
        let _ = std::fs::remove_file(data.join(side));
    }
    std::fs::copy(dir.path().join("backup.db"), &db).unwrap();
    let (mut child, _) = serve(Arc::new(Mutex::new(Vec::new())));
    let journal = data.join(JOURNAL_FILE);
    within(Duration::from_secs(20), "the journal applied", || {
        !journal.exists()
    })
    .await;
    child.kill().unwrap();
    child.wait().unwrap();
    let store = SqliteStore::open(&db).unwrap();
    for name in ["alice", "bob"] {
        let account = store.account_by_handle(name).unwrap().unwrap();
        let games = store.games(account.id, 10).unwrap();
        assert_eq!(games.len(), 1, "{name}: {games:?}");
        assert_eq!(games[0].id, waiting[0].id);
        assert_eq!(store.ratings(account.id).unwrap()[0].games, 1);
    }
}
