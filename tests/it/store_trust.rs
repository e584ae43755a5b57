//! Whether a players database can be trusted, said before anything is read from it or written
//! to it: every command that opens one (`trios serve` and each `trios players` subcommand),
//! through the real binary, refuses an empty file, a truncated one, one with a damaged page,
//! another program's SQLite database and a newer trios's, naming the file, saying which it
//! is and what to do, with exit status 2 and the file byte for byte as it was. A database
//! that cannot be reached now (a lock another program holds) is told apart from those.

use crate::common::bin::{self, DATA_DIR_ENV, DEADLINE, Run, command, run_command};

use std::path::{Path, PathBuf};
use std::process::Stdio;
use std::time::Duration;

use sha2::{Digest, Sha256};
use trios::store::sqlite::SqliteStore;
use trios::store::{Account, Finished, LICHESS, Participant, Store};

/// The environment form of `--database`, which must not leak in from the tester's shell.
const DATABASE_ENV: &str = "TRIOS_DATABASE_URL";

/// A real players database at `path`: 40 accounts and 300 rated games between them, written
/// through the store, so its pages hold accounts, ratings, games and their indexes.
pub fn populated(path: &Path) {
    let store = SqliteStore::open(path).unwrap();
    let accounts: Vec<Account> = (0..40)
        .map(|i| {
            let handle = if i == 0 {
                "alice".to_string()
            } else {
                format!("player{i}")
            };
            store
                .create_account(&handle, &format!("SHA256:key-{i}"), 1_000)
                .unwrap()
        })
        .collect();
    for n in 0..300usize {
        let (a, b) = (&accounts[n % 40], &accounts[(n * 7 + 1) % 40]);
        if a.id == b.id {
            continue;
        }
        store
            .write_result(&game(n, a, b, 10_000 + n as i64 * 3_600), &LICHESS)
            .unwrap();
    }
}

/// The `n`th game: `a` beats `b` at Reversi, ending at `ended`.
fn game(n: usize, a: &Account, b: &Account, ended: i64) -> Finished {
    let seat = |who: &Account, place| Participant {
        account: Some(who.id),
        name: who.handle.clone(),
        place,
        computer: false,
    };
    Finished {
        id: format!("game-{n}"),
        game: "reversi".into(),
        group: "reversi".into(),
        rated: true,
        started: ended - 600,
        ended,
        summary: format!("{} wins 40–24", a.handle),
        record: Some(format!("matches/game-{n}.json")),
        players: vec![seat(a, 0), seat(b, 1)],
    }
}

/// Bytes that look like nothing, the same every run.
fn noise(len: usize, mut x: u64) -> Vec<u8> {
    (0..len)
        .map(|_| {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            x as u8
        })
        .collect()
}

/// What `PRAGMA integrity_check` says of a copy of `path` (the file itself is not opened).
fn integrity(path: &Path) -> Vec<String> {
    let dir = tempfile::tempdir().unwrap();
    let copy = dir.path().join("copy.db");
    std::fs::copy(path, &copy).unwrap();
    let conn = rusqlite::Connection::open(&copy).unwrap();
    let mut stmt = conn.prepare("PRAGMA integrity_check").unwrap();
    let rows = stmt.query_map([], |row| row.get::<_, String>(0));
    match rows {
        Ok(rows) => rows.map(|r| r.unwrap_or_else(|e| e.to_string())).collect(),
        Err(e) => vec![e.to_string()],
    }
}

/// A kind of file no command may use, how to make it, and the words that name it.
struct Kind {
    name: &'static str,
    make: fn(&Path),
    says: &'static str,
    /// Whether the message sends the operator to a backup (not for another program's file).
    restore: bool,
}

fn empty(path: &Path) {
    std::fs::write(path, b"").unwrap();
}

/// A real database with 4,200 bytes overwritten at offset 8,192: a page and the start of the
/// next, which SQLite's integrity check then reports.
pub fn damaged(path: &Path) {
    populated(path);
    let mut bytes = std::fs::read(path).unwrap();
    assert!(bytes.len() > 8_192 + 4_200, "{} bytes", bytes.len());
    bytes[8_192..8_192 + 4_200].copy_from_slice(&noise(4_200, 0x2545_f491_4f6c_dd1d));
    std::fs::write(path, bytes).unwrap();
    let said = integrity(path);
    assert_ne!(said, ["ok"], "the damage went unseen");
}

fn truncated(path: &Path) {
    populated(path);
    let len = std::fs::metadata(path).unwrap().len();
    let file = std::fs::OpenOptions::new().write(true).open(path).unwrap();
    file.set_len(len / 2).unwrap();
}

fn foreign(path: &Path) {
    let conn = rusqlite::Connection::open(path).unwrap();
    conn.execute_batch(
        "CREATE TABLE notes (id INTEGER PRIMARY KEY, body TEXT); \
         INSERT INTO notes (body) VALUES ('buy milk'), ('call alice');",
    )
    .unwrap();
}

fn newer(path: &Path) {
    populated(path);
    let conn = rusqlite::Connection::open(path).unwrap();
    conn.execute("UPDATE schema_version SET version = version + 1", [])
        .unwrap();
}

const KINDS: [Kind; 5] = [
    Kind {
        name: "empty",
        make: empty,
        says: "is an empty file",
        restore: true,
    },
    Kind {
        name: "damaged",
        make: damaged,
        says: "is damaged",
        restore: true,
    },
    Kind {
        name: "truncated",
        make: truncated,
        says: "is truncated",
        restore: true,
    },
    Kind {
        name: "foreign",
        make: foreign,
        says: "is another program's database",
        restore: false,
    },
    Kind {
        name: "newer",
        make: newer,
        says: "newer than this trios knows",
        restore: false,
    },
];

/// The commands that open the database, as arguments after `trios`.
fn commands() -> Vec<Vec<&'static str>> {
    vec![
        vec!["players", "top", "--game", "reversi"],
        vec!["players", "top", "--game", "reversi", "--json"],
        vec!["players", "show", "alice"],
        vec!["players", "games", "alice", "--json"],
        vec!["players", "rename", "alice", "alicia"],
        vec!["players", "ban", "alice"],
        vec!["players", "backup", "copy.db"],
        vec!["serve", "--listen", "127.0.0.1:0", "--no-showcase"],
    ]
}

/// Runs `trios ARGS` in `dir` with `data` as the data folder (and no database URL from the
/// tester's shell); a server that starts is stopped at the deadline.
fn run_in(dir: &Path, data: &Path, args: &[&str]) -> Run {
    let mut cmd = command(dir, args);
    cmd.env(DATA_DIR_ENV, data).env_remove(DATABASE_ENV);
    run_command(cmd, Stdio::null(), None, Duration::from_secs(8))
}

fn sha256(path: &Path) -> String {
    let digest = Sha256::digest(std::fs::read(path).unwrap());
    digest.iter().map(|b| format!("{b:02x}")).collect()
}

/// The names in a folder, sorted.
fn listing(dir: &Path) -> Vec<String> {
    let mut names: Vec<String> = std::fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    names.sort();
    names
}

/// Checks a refusal of the database at `db`: exit 2, nothing on standard output, one
/// `error:` line naming the file and saying what it is and what to do.
fn assert_refused(run: &Run, args: &[&str], db: &Path, kind: &Kind) {
    let what = format!("{} on a {} file", args.join(" "), kind.name);
    assert!(!run.timed_out, "{what}: it did not stop: {}", run.stderr);
    assert_eq!(run.code, Some(2), "{what}: {}", run.stderr);
    assert_eq!(run.stdout, "", "{what}");
    assert_eq!(run.stderr.lines().count(), 1, "{what}: {}", run.stderr);
    let said = &run.stderr;
    assert!(said.starts_with("error: "), "{what}: {said}");
    assert!(
        said.contains(&db.display().to_string()),
        "{what}: the file is not named: {said}"
    );
    assert!(said.contains(kind.says), "{what}: {said}");
    assert!(said.contains("--database"), "{what}: {said}");
    if kind.restore {
        assert!(said.contains("trios players backup"), "{what}: {said}");
    }
    for wrong in ["no player is called", "cannot be reached", "unavailable"] {
        assert!(!said.contains(wrong), "{what}: {said}");
    }
}

/// Every command refuses a file of `kind` in the data folder, and leaves it and the folder
/// as they were.
fn every_command_refuses(kind: &Kind) {
    let dir = tempfile::tempdir().unwrap();
    let data = dir.path().join("data");
    std::fs::create_dir(&data).unwrap();
    let db = data.join("trios.db");
    (kind.make)(&db);
    let (digest, len, files) = (
        sha256(&db),
        std::fs::metadata(&db).unwrap().len(),
        listing(&data),
    );
    for args in commands() {
        let run = run_in(dir.path(), &data, &args);
        assert_refused(&run, &args, &db, kind);
        assert_eq!(
            sha256(&db),
            digest,
            "{args:?} changed the {} file",
            kind.name
        );
        assert_eq!(std::fs::metadata(&db).unwrap().len(), len);
        assert_eq!(listing(&data), files, "{args:?} left files behind");
        assert!(
            !dir.path().join("copy.db").exists(),
            "{args:?} wrote a backup"
        );
    }
}

#[test]
fn every_command_refuses_an_empty_file_and_leaves_it_empty() {
    every_command_refuses(&KINDS[0]);
}

#[test]
fn every_command_refuses_a_damaged_database_untouched() {
    every_command_refuses(&KINDS[1]);
}

#[test]
fn every_command_refuses_a_truncated_database_untouched() {
    every_command_refuses(&KINDS[2]);
}

#[test]
fn every_command_refuses_another_programs_database_untouched() {
    every_command_refuses(&KINDS[3]);
}

#[test]
fn every_command_refuses_a_newer_database_untouched() {
    every_command_refuses(&KINDS[4]);
}

/// `--database FILE` names the file in the refusal as given, for `serve` and `players`
/// alike, and `serve --data-dir DIR` looks in DIR rather than in `$TRIOS_DATA_DIR`.
#[test]
fn a_refusal_names_the_file_given_by_flag() {
    let dir = tempfile::tempdir().unwrap();
    let elsewhere = dir.path().join("elsewhere");
    std::fs::create_dir(&elsewhere).unwrap();
    let db = dir.path().join("players.db");
    damaged(&db);
    let digest = sha256(&db);
    let kind = &KINDS[1];
    let given = db.display().to_string();
    for args in [
        vec!["players", "--database", &given, "show", "alice"],
        vec!["serve", "--listen", "127.0.0.1:0", "--database", &given],
    ] {
        let run = run_in(dir.path(), &elsewhere, &args);
        assert_refused(&run, &args, &db, kind);
        assert_eq!(sha256(&db), digest);
    }
    assert!(listing(&elsewhere).is_empty(), "{:?}", listing(&elsewhere));

    // --data-dir: its trios.db, not the environment's folder's.
    let data = dir.path().join("data");
    std::fs::create_dir(&data).unwrap();
    let in_data = data.join("trios.db");
    empty(&in_data);
    let flag = data.display().to_string();
    let args = ["serve", "--listen", "127.0.0.1:0", "--data-dir", &flag];
    let run = run_in(dir.path(), &elsewhere, &args);
    assert_refused(&run, &args, &in_data, &KINDS[0]);
    assert_eq!(std::fs::metadata(&in_data).unwrap().len(), 0);
    assert!(listing(&elsewhere).is_empty(), "{:?}", listing(&elsewhere));
}

/// `serve --data-dir DIR` keeps its database, host key and records in DIR (made if missing),
/// and `$TRIOS_DATA_DIR` is left alone.
#[test]
fn serve_keeps_its_files_in_the_data_dir_it_is_given() {
    let dir = tempfile::tempdir().unwrap();
    let env_data = dir.path().join("env-data");
    let data = dir.path().join("flag-data");
    let flag = data.display().to_string();
    let run = run_in(
        dir.path(),
        &env_data,
        &[
            "serve",
            "--listen",
            "127.0.0.1:0",
            "--no-showcase",
            "--data-dir",
            &flag,
        ],
    );
    assert!(run.timed_out, "the server stopped: {}", run.stderr);
    bin::assert_no_panic(&run.stderr);
    let db = data.join("trios.db");
    assert!(
        run.stderr.contains(&format!("kept in {}", db.display())),
        "{}",
        run.stderr
    );
    for made in ["trios.db", "host_key", "matches"] {
        assert!(data.join(made).exists(), "{made}: {:?}", listing(&data));
    }
    assert!(!env_data.exists(), "the environment's data folder was used");
    // The database it made is a whole trios database.
    let store = SqliteStore::open(&db).unwrap();
    assert_eq!(store.account_by_handle("alice").unwrap(), None);
}

/// A database another program holds locked cannot be reached right now: that is said in
/// other words than damage, and the file is left as it was.
#[test]
fn a_locked_database_cannot_be_reached_and_is_not_called_damaged() {
    let dir = tempfile::tempdir().unwrap();
    let data = dir.path().join("data");
    std::fs::create_dir(&data).unwrap();
    let db = data.join("trios.db");
    populated(&db);
    let holder = rusqlite::Connection::open(&db).unwrap();
    holder
        .execute_batch("PRAGMA locking_mode = EXCLUSIVE; BEGIN EXCLUSIVE;")
        .unwrap();
    let args = ["players", "show", "alice"];
    let mut cmd = command(dir.path(), &args);
    cmd.env(DATA_DIR_ENV, &data).env_remove(DATABASE_ENV);
    let run = run_command(cmd, Stdio::null(), None, DEADLINE);
    assert!(!run.timed_out, "{}", run.stderr);
    assert_eq!(run.code, Some(2), "{}", run.stderr);
    assert_eq!(run.stderr.lines().count(), 1, "{}", run.stderr);
    assert!(
        run.stderr.contains("cannot be reached right now"),
        "{}",
        run.stderr
    );
    assert!(run.stderr.contains("lock"), "{}", run.stderr);
    for wrong in [
        "damaged",
        "truncated",
        "empty file",
        "another program's database",
    ] {
        assert!(!run.stderr.contains(wrong), "{}", run.stderr);
    }
    holder.execute_batch("ROLLBACK").unwrap();
    drop(holder);
    let run = run_in(dir.path(), &data, &args);
    run.assert_clean_exit();
    assert!(run.stdout.starts_with("alice\n"), "{}", run.stdout);
}

/// A new database never leaves an empty file behind: the path holds a whole database or
/// nothing. (Made beside it and then named, so a second command sees all of it.)
#[test]
fn a_new_database_is_whole_when_it_gets_its_name() {
    let dir = tempfile::tempdir().unwrap();
    let db: PathBuf = dir.path().join("trios.db");
    let store = SqliteStore::open(&db).unwrap();
    assert!(std::fs::metadata(&db).unwrap().len() > 0);
    // No temporary file is left beside it.
    let names = listing(dir.path());
    assert!(names.iter().all(|n| n.starts_with("trios.db")), "{names:?}");
    drop(store);
    assert_eq!(listing(dir.path()), ["trios.db"]);
    assert_eq!(integrity(&db), ["ok"]);
}
