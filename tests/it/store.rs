//! The store's contract, written once against `&dyn Store` and run on both real databases:
//! SQLite in a temporary folder, and Postgres at `TRIOS_TEST_POSTGRES` (each test in a schema
//! of its own, dropped afterwards). Then what only one database has: SQLite's refusals that
//! leave the file byte for byte as it was and its online backup, Postgres's refusal of a
//! newer schema and two servers writing one game at once.

use std::collections::HashMap;
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Arc, Barrier};

use trios::store::glicko2::{self, Outcome};
use trios::store::postgres::PostgresStore;
use trios::store::sqlite::SqliteStore;
use trios::store::{
    AccountId, DAY, DailyEntry, Finished, LICHESS, MAX_PLAYERS, Online, PAIR_GAMES_A_DAY,
    Participant, Store, StoreError, Unusable, plan,
};

// ---------------------------------------------------------------------------------------
// The two databases.

/// A SQLite database in a folder of its own.
struct Sqlite {
    _dir: tempfile::TempDir,
    path: PathBuf,
}

impl Sqlite {
    fn new() -> Sqlite {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("trios.db");
        Sqlite { _dir: dir, path }
    }

    fn open(&self) -> Box<dyn Store> {
        Box::new(SqliteStore::open(&self.path).unwrap())
    }
}

/// The Postgres server to test on, if one is named. On CI one must be.
fn postgres_server() -> Option<String> {
    match std::env::var("TRIOS_TEST_POSTGRES") {
        Ok(url) if !url.is_empty() => Some(url),
        _ => {
            assert!(
                std::env::var("CI").as_deref() != Ok("true"),
                "the Postgres store tests must run on CI: set TRIOS_TEST_POSTGRES to a server \
                 URL where tests may create schemas (TRIOS_TEST_POSTGRES=postgres://… cargo \
                 test --test it store)"
            );
            static SAID: std::sync::Once = std::sync::Once::new();
            SAID.call_once(|| {
                eprintln!(
                    "skipping the Postgres store tests; run them with \
                     TRIOS_TEST_POSTGRES=postgres://… cargo test --test it store"
                )
            });
            None
        }
    }
}

/// A schema of its own on the test server, dropped at the end.
struct Postgres {
    server: String,
    schema: String,
    url: String,
}

impl Postgres {
    fn new() -> Option<Postgres> {
        static COUNT: AtomicUsize = AtomicUsize::new(0);
        let server = postgres_server()?;
        let nanos = std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .unwrap()
            .subsec_nanos();
        let schema = format!(
            "trios_test_{}_{}_{nanos}",
            std::process::id(),
            COUNT.fetch_add(1, Ordering::Relaxed)
        );
        let mut admin = postgres::Client::connect(&server, postgres::NoTls).unwrap();
        admin
            .batch_execute(&format!("CREATE SCHEMA {schema}"))
            .unwrap();
        let joiner = if server.contains('?') { '&' } else { '?' };
        let url = format!(
            "{server}{joiner}options=-c%20search_path%3D{schema}&application_name={schema}"
        );
        Some(Postgres {
            server,
            schema,
            url,
        })
    }

    fn open(&self) -> Box<dyn Store> {
        Box::new(PostgresStore::connect(&self.url).unwrap())
    }

    /// A plain client on this schema, for what the store would never do.
    fn admin(&self) -> postgres::Client {
        postgres::Client::connect(&self.url, postgres::NoTls).unwrap()
    }
}

impl Drop for Postgres {
    fn drop(&mut self) {
        if let Ok(mut admin) = postgres::Client::connect(&self.server, postgres::NoTls) {
            let _ = admin.batch_execute(&format!("DROP SCHEMA {} CASCADE", self.schema));
        }
    }
}

/// Runs each contract test on both databases.
macro_rules! contract {
    ($($name:ident),* $(,)?) => {
        mod on_sqlite {
            $(
                #[test]
                fn $name() {
                    let db = super::Sqlite::new();
                    super::$name(&*db.open());
                }
            )*
        }
        mod on_postgres {
            $(
                #[test]
                fn $name() {
                    let Some(db) = super::Postgres::new() else { return };
                    super::$name(&*db.open());
                }
            )*
        }
    };
}

contract!(
    accounts_are_created_once_per_key_and_handle,
    keys_are_added_and_removed_but_never_the_last,
    renames_and_bans_find_the_player_in_any_case,
    link_codes_work_once_and_only_in_time,
    a_duel_is_rated_as_glicko2_says,
    a_second_write_of_a_game_is_a_duplicate_and_changes_nothing,
    a_race_of_three_rates_every_pair,
    a_pair_rates_ten_games_a_day_and_the_eleventh_is_casual,
    results_outside_the_limits_are_refused,
    leaderboards_list_established_players_only,
    a_history_is_newest_first_with_players_and_changes,
    dailies_keep_each_players_best,
    a_daily_place_counts_those_ahead_and_a_best_spans_the_days,
    presence_is_replaced_per_server_and_ages_out,
    tables_are_replaced_per_server_in_order_and_age_out,
    handles_that_look_alike_are_one_handle,
);

// ---------------------------------------------------------------------------------------
// Helpers.

const GROUP: &str = "reversi";

fn account(store: &dyn Store, handle: &str) -> AccountId {
    store
        .create_account(handle, &format!("SHA256:{handle}"), 1_000)
        .unwrap()
        .id
}

fn seat(account: AccountId, place: u32) -> Participant {
    Participant {
        account: Some(account),
        name: format!("player {account}"),
        place,
        computer: false,
    }
}

fn game(id: &str, ended: i64, players: Vec<Participant>) -> Finished {
    Finished {
        id: id.to_string(),
        game: "reversi".into(),
        group: GROUP.into(),
        rated: true,
        started: ended - 300,
        ended,
        summary: format!("summary of {id}"),
        record: Some(format!("records/{id}.json")),
        players,
    }
}

fn duel(id: &str, ended: i64, winner: AccountId, loser: AccountId) -> Finished {
    game(id, ended, vec![seat(winner, 0), seat(loser, 1)])
}

fn close(a: f64, b: f64) -> bool {
    (a - b).abs() < 1e-9
}

// ---------------------------------------------------------------------------------------
// The contract.

fn accounts_are_created_once_per_key_and_handle(store: &dyn Store) {
    let alice = store.create_account("Alice", "SHA256:a", 100).unwrap();
    assert_eq!(alice.handle, "Alice");
    assert_eq!((alice.created, alice.banned), (100, false));
    assert_eq!(
        store.account_by_key("SHA256:a").unwrap(),
        Some(alice.clone())
    );
    assert_eq!(
        store.account_by_handle("aLiCe").unwrap(),
        Some(alice.clone())
    );
    assert_eq!(store.account(alice.id).unwrap(), Some(alice.clone()));
    assert_eq!(store.account_by_key("SHA256:nobody").unwrap(), None);
    assert_eq!(store.account_by_handle("bob").unwrap(), None);
    let keys = store.keys(alice.id).unwrap();
    assert_eq!(keys.len(), 1);
    assert_eq!(
        (keys[0].fingerprint.as_str(), keys[0].added),
        ("SHA256:a", 100)
    );

    assert!(matches!(
        store.create_account("ALICE", "SHA256:b", 101),
        Err(StoreError::HandleTaken(h)) if h == "ALICE"
    ));
    assert!(matches!(
        store.create_account("Bob", "SHA256:a", 101),
        Err(StoreError::KeyTaken)
    ));
    assert!(matches!(
        store.create_account("guest", "SHA256:g", 101),
        Err(StoreError::Handle(_))
    ));
    assert!(matches!(
        store.create_account(" bob", "SHA256:g", 101),
        Err(StoreError::Handle(_))
    ));
    let bob = store.create_account("Bob", "SHA256:b", 102).unwrap();
    assert_ne!(bob.id, alice.id);
    assert_eq!(store.account_by_key("SHA256:b").unwrap(), Some(bob));
}

fn handles_that_look_alike_are_one_handle(store: &dyn Store) {
    let bob = store.create_account("bob", "SHA256:bob", 100).unwrap();
    // A Cyrillic о, full-width letters, and both with another case.
    for alike in [
        "b\u{43e}b",
        "\u{ff42}\u{ff4f}\u{ff42}",
        "B\u{41e}B",
        "\u{ff22}OB",
    ] {
        let refused = store.create_account(alike, &format!("SHA256:{alike}"), 101);
        match refused {
            Err(StoreError::LooksTaken { handle, taken }) => {
                assert_eq!((handle.as_str(), taken.as_str()), (alike, "bob"));
            }
            other => panic!("{alike}: {other:?}"),
        }
        assert_eq!(store.account_by_handle(alike).unwrap(), None);
    }
    let said = StoreError::LooksTaken {
        handle: "b\u{43e}b".into(),
        taken: "bob".into(),
    }
    .to_string();
    assert_eq!(
        said,
        "\"b\u{43e}b\" looks like the taken handle \"bob\"; choose another"
    );
    // The same letters in the same case are taken, as before.
    assert!(matches!(
        store.create_account("BOB", "SHA256:BOB", 101),
        Err(StoreError::HandleTaken(_))
    ));
    // A rename may not take another's look either, but may take its own.
    let carol = store.create_account("carol", "SHA256:carol", 102).unwrap();
    assert!(matches!(
        store.rename("carol", "\u{ff42}ob"),
        Err(StoreError::LooksTaken { taken, .. }) if taken == "bob"
    ));
    assert_eq!(store.account(carol.id).unwrap().unwrap().handle, "carol");
    assert_eq!(store.rename("bob", "b\u{43e}b").unwrap().id, bob.id);
    assert_eq!(store.rename("b\u{43e}b", "bob").unwrap().handle, "bob");
    // Handles that do not look alike pass.
    for other in ["bobby", "rob", "b0b"] {
        store
            .create_account(other, &format!("SHA256:{other}"), 103)
            .unwrap();
    }
    // A guest's name is no handle, in any case or look.
    for guest in ["guest bob", "GUEST bob", "gu\u{435}st bob"] {
        assert!(
            matches!(
                store.create_account(guest, "SHA256:guest", 104),
                Err(StoreError::Handle(trios::store::HandleError::Guest(_)))
            ),
            "{guest}"
        );
        assert!(matches!(
            store.rename("carol", guest),
            Err(StoreError::Handle(trios::store::HandleError::Guest(_)))
        ));
    }
}

fn keys_are_added_and_removed_but_never_the_last(store: &dyn Store) {
    let a = account(store, "alice");
    let b = account(store, "bob");
    store.add_key(a, "SHA256:laptop", 2_000).unwrap();
    let prints: Vec<String> = store
        .keys(a)
        .unwrap()
        .into_iter()
        .map(|k| k.fingerprint)
        .collect();
    assert_eq!(prints, ["SHA256:alice", "SHA256:laptop"]);
    assert_eq!(
        store.account_by_key("SHA256:laptop").unwrap().map(|x| x.id),
        Some(a)
    );
    assert!(matches!(
        store.add_key(a, "SHA256:laptop", 2_001),
        Err(StoreError::KeyTaken)
    ));
    assert!(matches!(
        store.add_key(a, "SHA256:bob", 2_001),
        Err(StoreError::KeyTaken)
    ));
    assert!(matches!(
        store.remove_key(a, "SHA256:bob"),
        Err(StoreError::NoSuchKey)
    ));
    assert!(matches!(
        store.remove_key(a, "SHA256:unknown"),
        Err(StoreError::NoSuchKey)
    ));
    store.remove_key(a, "SHA256:alice").unwrap();
    assert_eq!(store.account_by_key("SHA256:alice").unwrap(), None);
    assert!(matches!(
        store.remove_key(a, "SHA256:laptop"),
        Err(StoreError::LastKey)
    ));
    assert!(matches!(
        store.remove_key(b, "SHA256:bob"),
        Err(StoreError::LastKey)
    ));
    assert_eq!(store.keys(a).unwrap().len(), 1);
    assert_eq!(store.keys(b).unwrap().len(), 1);
}

fn renames_and_bans_find_the_player_in_any_case(store: &dyn Store) {
    let a = account(store, "alice");
    account(store, "bob");
    let renamed = store.rename("ALICE", "Alicia").unwrap();
    assert_eq!((renamed.id, renamed.handle.as_str()), (a, "Alicia"));
    assert_eq!(store.account_by_handle("alice").unwrap(), None);
    assert_eq!(
        store.account_by_handle("alicia").unwrap().map(|x| x.id),
        Some(a)
    );
    // A new case of one's own handle is fine; another's handle in any case is not.
    assert_eq!(store.rename("alicia", "ALICIA").unwrap().handle, "ALICIA");
    assert!(matches!(
        store.rename("alicia", "BOB"),
        Err(StoreError::HandleTaken(h)) if h == "BOB"
    ));
    assert!(matches!(
        store.rename("nobody", "somebody"),
        Err(StoreError::NoSuchPlayer(h)) if h == "nobody"
    ));
    assert!(matches!(
        store.rename("alicia", "Computer"),
        Err(StoreError::Handle(_))
    ));
    assert_eq!(store.account(a).unwrap().unwrap().handle, "ALICIA");

    let banned = store.set_banned("Alicia", true).unwrap();
    assert!(banned.banned);
    assert!(store.account(a).unwrap().unwrap().banned);
    assert!(!store.set_banned("alicia", false).unwrap().banned);
    assert!(!store.account(a).unwrap().unwrap().banned);
    assert!(matches!(
        store.set_banned("nobody", true),
        Err(StoreError::NoSuchPlayer(_))
    ));
}

fn link_codes_work_once_and_only_in_time(store: &dyn Store) {
    let a = account(store, "alice");
    let b = account(store, "bob");
    store.put_link_code(a, "hash-1", 200).unwrap();
    store.put_link_code(b, "hash-b", 150).unwrap();
    assert_eq!(store.take_link_code("wrong", 100).unwrap(), None);
    assert_eq!(store.take_link_code("hash-1", 100).unwrap(), Some(a));
    assert_eq!(store.take_link_code("hash-1", 100).unwrap(), None, "reused");
    // A new code replaces the account's earlier one.
    store.put_link_code(a, "hash-2", 300).unwrap();
    store.put_link_code(a, "hash-3", 300).unwrap();
    assert_eq!(store.take_link_code("hash-2", 100).unwrap(), None);
    assert_eq!(store.take_link_code("hash-3", 100).unwrap(), Some(a));
    // An expired code is gone, even when asked for again before its time.
    store.put_link_code(a, "hash-4", 150).unwrap();
    assert_eq!(store.take_link_code("hash-4", 150).unwrap(), None);
    assert_eq!(store.take_link_code("hash-4", 100).unwrap(), None);
    // Another account's code was purged as expired along the way.
    assert_eq!(store.take_link_code("hash-b", 100).unwrap(), None);
}

fn a_duel_is_rated_as_glicko2_says(store: &dyn Store) {
    let a = account(store, "alice");
    let b = account(store, "bob");
    let result = duel("duel-1", 10 * DAY, a, b);
    let written = store.write_result(&result, &LICHESS).unwrap();
    assert!(!written.duplicate);
    let planned = plan::plan(&result, &HashMap::new(), &HashMap::new(), &LICHESS);
    assert_eq!(written.changes, planned.changes);

    let new = LICHESS.initial;
    let won = glicko2::update(
        new,
        &[Outcome {
            opponent: new,
            score: 1.0,
        }],
        &LICHESS,
    );
    let lost = glicko2::update(
        new,
        &[Outcome {
            opponent: new,
            score: 0.0,
        }],
        &LICHESS,
    );
    assert_eq!(
        (new.rating, new.deviation, new.volatility),
        (1500.0, 500.0, 0.09)
    );
    let change = |id| written.changes.iter().find(|c| c.account == id).unwrap();
    assert_eq!((change(a).before, change(a).after), (new, won));
    assert_eq!((change(b).before, change(b).after), (new, lost));
    assert_eq!(change(a).group, GROUP);

    let ra = store.ratings(a).unwrap();
    assert_eq!(ra.len(), 1);
    assert_eq!(ra[0].group, GROUP);
    assert!(close(ra[0].rating, won.rating) && close(ra[0].deviation, won.deviation));
    assert!(close(ra[0].volatility, won.volatility));
    assert_eq!(
        (ra[0].games, ra[0].wins, ra[0].losses, ra[0].draws),
        (1, 1, 0, 0)
    );
    assert_eq!(ra[0].last_played, 10 * DAY);
    let rb = &store.ratings(b).unwrap()[0];
    assert_eq!((rb.games, rb.wins, rb.losses, rb.draws), (1, 0, 1, 0));
    assert!(close(rb.rating, lost.rating));

    // The second game starts from the stored ratings, grown by a day of idle time.
    let next = duel("duel-2", 11 * DAY, b, a);
    let current = HashMap::from([(a, ra[0].clone()), (b, rb.clone())]);
    let planned = plan::plan(&next, &current, &HashMap::new(), &LICHESS);
    let written = store.write_result(&next, &LICHESS).unwrap();
    assert_eq!(written.changes, planned.changes);
    assert_eq!(store.ratings(a).unwrap()[0].games, 2);
}

fn a_second_write_of_a_game_is_a_duplicate_and_changes_nothing(store: &dyn Store) {
    let a = account(store, "alice");
    let b = account(store, "bob");
    let result = duel("same", 5 * DAY, a, b);
    let first = store.write_result(&result, &LICHESS).unwrap();
    let ratings = (store.ratings(a).unwrap(), store.ratings(b).unwrap());
    // Even a different report under the same id changes nothing.
    let mut again = duel("same", 6 * DAY, b, a);
    again.summary = "something else".into();
    let second = store.write_result(&again, &LICHESS).unwrap();
    assert!(second.duplicate);
    assert_eq!(second.changes, first.changes);
    assert_eq!(
        (store.ratings(a).unwrap(), store.ratings(b).unwrap()),
        ratings
    );
    let games = store.games(a, 10).unwrap();
    assert_eq!(games.len(), 1);
    assert_eq!(games[0].summary, "summary of same");
    // A casual duplicate has no changes to report.
    let mut casual = duel("casual", 5 * DAY, a, b);
    casual.rated = false;
    assert!(!store.write_result(&casual, &LICHESS).unwrap().duplicate);
    let twice = store.write_result(&casual, &LICHESS).unwrap();
    assert!(twice.duplicate && twice.changes.is_empty());
}

fn a_race_of_three_rates_every_pair(store: &dyn Store) {
    let a = account(store, "alice");
    let b = account(store, "bob");
    let c = account(store, "carol");
    let mut result = game("race-1", 3 * DAY, vec![seat(c, 1), seat(a, 0), seat(b, 1)]);
    result.players.push(Participant {
        account: None,
        name: "computer".into(),
        place: 3,
        computer: true,
    });
    let planned = plan::plan(&result, &HashMap::new(), &HashMap::new(), &LICHESS);
    let written = store.write_result(&result, &LICHESS).unwrap();
    assert_eq!(written.changes, planned.changes);
    assert_eq!(written.changes.len(), 3);
    let row = |id| store.ratings(id).unwrap().remove(0);
    assert_eq!((row(a).games, row(a).wins), (1, 1));
    // A loss and a draw make half a point of two: a loss on the record.
    assert_eq!((row(b).games, row(b).losses), (1, 1));
    assert_eq!((row(c).games, row(c).losses), (1, 1));
    assert!(close(row(b).rating, row(c).rating));
    assert!(row(a).rating > 1500.0 && row(b).rating < 1500.0);
    let games = store.games(b, 5).unwrap();
    let names: Vec<&str> = games[0].players.iter().map(|p| p.name.as_str()).collect();
    assert_eq!(
        names,
        [
            format!("player {c}").as_str(),
            &format!("player {a}"),
            &format!("player {b}"),
            "computer"
        ]
    );
    assert_eq!(games[0].players, result.players);
}

fn a_pair_rates_ten_games_a_day_and_the_eleventh_is_casual(store: &dyn Store) {
    let a = account(store, "alice");
    let b = account(store, "bob");
    let c = account(store, "carol");
    let day = 20 * DAY;
    for i in 0..PAIR_GAMES_A_DAY {
        let w = store
            .write_result(&duel(&format!("g{i}"), day + i * 60, a, b), &LICHESS)
            .unwrap();
        assert_eq!(w.changes.len(), 2, "game {i}");
    }
    let eleventh = store
        .write_result(&duel("g10", day + 3_600, b, a), &LICHESS)
        .unwrap();
    assert!(eleventh.changes.is_empty() && !eleventh.duplicate);
    let newest = &store.games(a, 1).unwrap()[0];
    assert_eq!(
        (newest.id.as_str(), newest.rated, newest.change.is_none()),
        ("g10", false, true)
    );
    assert_eq!(store.ratings(a).unwrap()[0].games, PAIR_GAMES_A_DAY);
    // Other pairs, and the next day, still count.
    let other = store
        .write_result(&duel("g11", day + 3_700, a, c), &LICHESS)
        .unwrap();
    assert_eq!(other.changes.len(), 2);
    let tomorrow = store
        .write_result(&duel("g12", day + DAY, b, a), &LICHESS)
        .unwrap();
    assert_eq!(tomorrow.changes.len(), 2);
}

fn results_outside_the_limits_are_refused(store: &dyn Store) {
    let a = account(store, "alice");
    let b = account(store, "bob");
    let long_id = duel(&"x".repeat(65), DAY, a, b);
    assert!(matches!(
        store.write_result(&long_id, &LICHESS),
        Err(StoreError::Invalid(_))
    ));
    let mut crowd = duel("crowd", DAY, a, b);
    crowd.players = (0..=MAX_PLAYERS as u32)
        .map(|i| Participant {
            account: None,
            name: format!("guest {i}"),
            place: i,
            computer: false,
        })
        .collect();
    assert!(matches!(
        store.write_result(&crowd, &LICHESS),
        Err(StoreError::Invalid(_))
    ));
    let mut wordy = duel("wordy", DAY, a, b);
    wordy.summary = "w".repeat(2_000);
    assert!(matches!(
        store.write_result(&wordy, &LICHESS),
        Err(StoreError::Invalid(_))
    ));
    let stranger = duel("stranger", DAY, a, 999_999);
    assert!(matches!(
        store.write_result(&stranger, &LICHESS),
        Err(StoreError::Invalid(_))
    ));
    assert!(store.games(a, 10).unwrap().is_empty());
    assert!(store.ratings(a).unwrap().is_empty());
}

fn leaderboards_list_established_players_only(store: &dyn Store) {
    let players: Vec<AccountId> = ["ann", "ben", "cat", "dan"]
        .iter()
        .map(|h| account(store, h))
        .collect();
    let (ann, ben, cat, dan) = (players[0], players[1], players[2], players[3]);
    // Dan plays twice and stays provisional.
    store
        .write_result(&duel("d1", 1_000, dan, ann), &LICHESS)
        .unwrap();
    store
        .write_result(&duel("d2", 1_100, ann, dan), &LICHESS)
        .unwrap();
    // Ann, Ben and Cat play each other for a while, with a spread of results.
    let mut n = 0;
    let mut last = 0;
    for day in 1..=6 {
        for k in 0..5 {
            for (x, y, upset) in [
                (ann, ben, k % 4 == 3),
                (ben, cat, k % 3 == 2),
                (ann, cat, k == 4),
            ] {
                n += 1;
                last = day * DAY + n * 60;
                let (w, l) = if upset { (y, x) } else { (x, y) };
                let mut result = duel(&format!("t{n}"), last, w, l);
                if k == 1 && x == ann && y == cat {
                    result.players[1].place = 0; // a draw
                }
                store.write_result(&result, &LICHESS).unwrap();
            }
        }
    }
    let now = last + 3_600;
    let established: Vec<AccountId> = players
        .iter()
        .copied()
        .filter(|&p| store.ratings(p).unwrap()[0].established(now, &LICHESS))
        .collect();
    assert_eq!(
        established,
        [ann, ben, cat],
        "three players are established by now"
    );

    let top = store.top(GROUP, now, 50, &LICHESS).unwrap();
    let mut expected: Vec<(AccountId, f64)> = established
        .iter()
        .map(|&p| (p, store.ratings(p).unwrap()[0].rating))
        .collect();
    expected.sort_by(|x, y| y.1.total_cmp(&x.1));
    let listed: Vec<(AccountId, f64)> = top.iter().map(|s| (s.account, s.rating)).collect();
    assert_eq!(listed, expected);
    assert_eq!(top.iter().map(|s| s.rank).collect::<Vec<_>>(), [1, 2, 3]);
    assert_eq!(
        top[0].handle,
        store.account(top[0].account).unwrap().unwrap().handle
    );
    assert!(top.iter().all(|s| s.deviation < 75.0 && s.games >= 10));
    for s in &top {
        assert_eq!(
            store.rank(s.account, GROUP, now, &LICHESS).unwrap(),
            Some(s.rank)
        );
    }
    assert_eq!(store.rank(dan, GROUP, now, &LICHESS).unwrap(), None);
    assert_eq!(store.rank(ann, "islands", now, &LICHESS).unwrap(), None);
    assert_eq!(
        store.top(GROUP, now, 2, &LICHESS).unwrap(),
        top[..2].to_vec()
    );
    assert!(store.top("islands", now, 50, &LICHESS).unwrap().is_empty());
    // A month and more without a game takes everyone off the board.
    let later = now + 31 * DAY;
    assert!(store.top(GROUP, later, 50, &LICHESS).unwrap().is_empty());
    assert_eq!(store.rank(ann, GROUP, later, &LICHESS).unwrap(), None);
}

fn a_history_is_newest_first_with_players_and_changes(store: &dyn Store) {
    let a = account(store, "alice");
    let b = account(store, "bob");
    let first = store
        .write_result(&duel("h1", DAY, a, b), &LICHESS)
        .unwrap();
    let second = store
        .write_result(&duel("h2", 2 * DAY, b, a), &LICHESS)
        .unwrap();
    let mut casual = game(
        "h3",
        3 * DAY,
        vec![
            seat(a, 0),
            Participant {
                account: None,
                name: "computer".into(),
                place: 1,
                computer: true,
            },
        ],
    );
    casual.record = None;
    store.write_result(&casual, &LICHESS).unwrap();
    // Same end time as h3: the larger id comes first.
    store
        .write_result(&duel("h4", 3 * DAY, b, a), &LICHESS)
        .unwrap();

    let games = store.games(a, 10).unwrap();
    let ids: Vec<&str> = games.iter().map(|g| g.id.as_str()).collect();
    assert_eq!(ids, ["h4", "h3", "h2", "h1"]);
    let h1 = &games[3];
    assert_eq!(h1.players, vec![seat(a, 0), seat(b, 1)]);
    assert_eq!((h1.game.as_str(), h1.group.as_str()), ("reversi", GROUP));
    assert_eq!((h1.started, h1.ended, h1.rated), (DAY - 300, DAY, true));
    assert_eq!(h1.summary, "summary of h1");
    assert_eq!(h1.record.as_deref(), Some("records/h1.json"));
    let own = |w: &trios::store::Written| w.changes.iter().find(|c| c.account == a).cloned();
    assert_eq!(h1.change, own(&first));
    assert_eq!(games[2].change, own(&second));
    let h3 = &games[1];
    assert_eq!((h3.rated, &h3.change, &h3.record), (false, &None, &None));
    assert_eq!(h3.players.len(), 2);
    assert_eq!(store.games(a, 2).unwrap().len(), 2);
    assert_eq!(store.games(b, 10).unwrap().len(), 3);
    assert_eq!(
        store.games(b, 10).unwrap()[2]
            .change
            .as_ref()
            .map(|c| c.account),
        Some(b)
    );

    let history = store.rating_history(a, GROUP, 10).unwrap();
    let after: Vec<f64> = store
        .games(a, 10)
        .unwrap()
        .iter()
        .rev()
        .filter_map(|g| g.change.as_ref().map(|c| c.after.rating))
        .collect();
    assert_eq!(history, after);
    assert_eq!(history.len(), 3);
    assert_eq!(store.rating_history(a, GROUP, 2).unwrap(), after[1..]);
    assert!(store.rating_history(a, "islands", 10).unwrap().is_empty());
}

fn dailies_keep_each_players_best(store: &dyn Store) {
    let a = account(store, "alice");
    let b = account(store, "bob");
    let c = account(store, "carol");
    let entry = |account, score, millis| DailyEntry {
        day: 20_000,
        game: "hexpaths".into(),
        account,
        handle: String::new(),
        score,
        millis,
    };
    store.put_daily(&entry(a, 10, 5_000)).unwrap();
    store.put_daily(&entry(a, 9, 1_000)).unwrap(); // worse score
    store.put_daily(&entry(a, 10, 6_000)).unwrap(); // slower
    store.put_daily(&entry(b, 10, 4_000)).unwrap();
    store.put_daily(&entry(b, 12, 9_000)).unwrap(); // better score
    store.put_daily(&entry(c, 10, 7_000)).unwrap();
    store.put_daily(&entry(c, 10, 3_000)).unwrap(); // faster
    let mut other_day = entry(a, 99, 1);
    other_day.day = 20_001;
    store.put_daily(&other_day).unwrap();
    let top = store.daily_top(20_000, "hexpaths", 10).unwrap();
    let lines: Vec<(&str, i64, i64)> = top
        .iter()
        .map(|e| (e.handle.as_str(), e.score, e.millis))
        .collect();
    assert_eq!(
        lines,
        [
            ("bob", 12, 9_000),
            ("carol", 10, 3_000),
            ("alice", 10, 5_000)
        ]
    );
    assert!(top.iter().all(|e| e.day == 20_000 && e.game == "hexpaths"));
    assert_eq!(store.daily_top(20_000, "hexpaths", 1).unwrap().len(), 1);
    assert!(store.daily_top(20_000, "triad", 10).unwrap().is_empty());
}

fn a_daily_place_counts_those_ahead_and_a_best_spans_the_days(store: &dyn Store) {
    let a = account(store, "alice");
    let b = account(store, "bob");
    let c = account(store, "carol");
    let entry = |day, account, score, millis| DailyEntry {
        day,
        game: "triad".into(),
        account,
        handle: String::new(),
        score,
        millis,
    };
    store.put_daily(&entry(30, a, 0, 90_000)).unwrap();
    store.put_daily(&entry(30, b, 0, 60_000)).unwrap();
    store.put_daily(&entry(30, c, 0, 90_000)).unwrap(); // ties alice: the older account first
    store.put_daily(&entry(31, a, 0, 50_000)).unwrap();
    store.put_daily(&entry(32, a, 0, 70_000)).unwrap();
    let place = |day, account| {
        store
            .daily_place(day, "triad", account)
            .unwrap()
            .map(|(place, e)| (place, e.handle, e.millis))
    };
    assert_eq!(place(30, b), Some((1, "bob".to_string(), 60_000)));
    assert_eq!(place(30, a), Some((2, "alice".to_string(), 90_000)));
    assert_eq!(place(30, c), Some((3, "carol".to_string(), 90_000)));
    assert_eq!(place(31, a), Some((1, "alice".to_string(), 50_000)));
    assert_eq!(place(31, b), None, "bob did not play that day");
    assert_eq!(store.daily_place(30, "hexpaths", a).unwrap(), None);
    // The places agree with the day's leaderboard.
    let top: Vec<AccountId> = store
        .daily_top(30, "triad", 10)
        .unwrap()
        .iter()
        .map(|e| e.account)
        .collect();
    assert_eq!(top, [b, a, c]);

    let best = store.daily_best(a, "triad").unwrap().unwrap();
    assert_eq!(
        (best.day, best.millis, best.handle.as_str()),
        (31, 50_000, "alice")
    );
    assert_eq!(
        store.daily_best(b, "triad").unwrap().map(|e| e.day),
        Some(30)
    );
    assert_eq!(store.daily_best(a, "hexpaths").unwrap(), None);
    // Hex paths: the higher score first, then the faster.
    let hex = |day, score, millis| DailyEntry {
        game: "hexpaths".into(),
        ..entry(day, c, score, millis)
    };
    store.put_daily(&hex(30, 12, 80_000)).unwrap();
    store.put_daily(&hex(31, 15, 99_000)).unwrap();
    store.put_daily(&hex(32, 15, 40_000)).unwrap();
    let best = store.daily_best(c, "hexpaths").unwrap().unwrap();
    assert_eq!((best.day, best.score, best.millis), (32, 15, 40_000));
}

fn presence_is_replaced_per_server_and_ages_out(store: &dyn Store) {
    let a = account(store, "alice");
    let online = |account, handle: &str| Online {
        server: String::new(),
        address: String::new(),
        account,
        handle: handle.into(),
    };
    let now = 50_000;
    store
        .put_presence(
            "east",
            "east:22",
            &[online(Some(a), "alice"), online(None, "guest 3")],
            now,
        )
        .unwrap();
    store
        .put_presence("west", "west:22", &[online(None, "guest 9")], now - 100)
        .unwrap();
    let seen = store.presence(now, 60).unwrap();
    assert_eq!(
        seen,
        vec![
            Online {
                server: "east".into(),
                address: "east:22".into(),
                account: Some(a),
                handle: "alice".into()
            },
            Online {
                server: "east".into(),
                address: "east:22".into(),
                account: None,
                handle: "guest 3".into()
            },
        ]
    );
    assert_eq!(store.presence(now, 200).unwrap().len(), 3);
    // The ratings beside who is online: Alice's (she played Bob), not Bob's (away).
    let b = account(store, "bob");
    store
        .write_result(&duel("p1", now, a, b), &LICHESS)
        .unwrap();
    let rated = store.online_ratings(now, 60).unwrap();
    let groups: Vec<(AccountId, &str)> = rated
        .iter()
        .map(|(id, r)| (*id, r.group.as_str()))
        .collect();
    assert_eq!(groups, [(a, GROUP)]);
    assert!(rated[0].1.rating > 1500.0, "{rated:?}");
    store
        .put_presence("east", "east:2222", &[online(None, "guest 4")], now + 10)
        .unwrap();
    let seen = store.presence(now + 10, 60).unwrap();
    assert_eq!(seen.len(), 1);
    assert_eq!(
        (seen[0].handle.as_str(), seen[0].address.as_str()),
        ("guest 4", "east:2222")
    );
}

fn tables_are_replaced_per_server_in_order_and_age_out(store: &dyn Store) {
    let lines = |words: &[&str]| words.iter().map(|w| w.to_string()).collect::<Vec<_>>();
    let now = 60_000;
    let east = lines(&[
        "Reversi alice vs open seat",
        "Trios   bob vs expert",
        "Triad   carol",
    ]);
    store.put_tables("east", "east:2222", &east, now).unwrap();
    store
        .put_tables(
            "west",
            "west:22",
            &lines(&["Islands dan vs erin"]),
            now - 100,
        )
        .unwrap();
    let seen = store.tables(now, 60).unwrap();
    let said: Vec<(&str, &str, &str)> = seen
        .iter()
        .map(|t| (t.server.as_str(), t.address.as_str(), t.line.as_str()))
        .collect();
    assert_eq!(
        said,
        [
            ("east", "east:2222", "Reversi alice vs open seat"),
            ("east", "east:2222", "Trios   bob vs expert"),
            ("east", "east:2222", "Triad   carol"),
        ]
    );
    assert_eq!(store.tables(now, 200).unwrap().len(), 4);
    // Saying again replaces all the server said: here, that it has no tables now.
    store
        .put_tables("east", "east:2222", &[], now + 10)
        .unwrap();
    assert_eq!(store.tables(now + 10, 60).unwrap(), []);
}

/// A result survives closing and reopening the database.
fn a_result_outlives_the_store(open: &dyn Fn() -> Box<dyn Store>) {
    let (a, written) = {
        let store = open();
        let a = account(&*store, "alice");
        let b = account(&*store, "bob");
        (
            a,
            store
                .write_result(&duel("kept", DAY, a, b), &LICHESS)
                .unwrap(),
        )
    };
    let store = open();
    let games = store.games(a, 10).unwrap();
    assert_eq!(games.len(), 1);
    assert_eq!(
        games[0].change.as_ref(),
        written.changes.iter().find(|c| c.account == a)
    );
    assert_eq!(store.ratings(a).unwrap()[0].games, 1);
    assert!(
        store
            .write_result(&duel("kept", DAY, a, a + 1), &LICHESS)
            .unwrap()
            .duplicate
    );
}

// ---------------------------------------------------------------------------------------
// SQLite only.

#[test]
fn sqlite_a_result_outlives_the_store() {
    let db = Sqlite::new();
    a_result_outlives_the_store(&|| db.open());
}

/// Opening `path` fails as `expected` says and leaves the file exactly as it was.
fn refused_untouched(path: &Path, expected: fn(&StoreError) -> bool) {
    let before = std::fs::read(path).unwrap();
    let refused = SqliteStore::open(path).err().unwrap();
    assert!(expected(&refused), "{refused:?}");
    assert_eq!(std::fs::read(path).unwrap(), before, "the file changed");
}

#[test]
fn sqlite_brings_a_version_1_database_up_to_date_keeping_its_players() {
    let db = Sqlite::new();
    let alice = account(&*db.open(), "alice");
    {
        // Version 1 is version 2 without the other servers' tables.
        let conn = rusqlite::Connection::open(&db.path).unwrap();
        conn.execute_batch("DROP TABLE server_tables; UPDATE schema_version SET version = 1")
            .unwrap();
    }
    let store = db.open();
    assert_eq!(
        store.account_by_handle("alice").unwrap().map(|a| a.id),
        Some(alice)
    );
    store
        .put_tables("east", "east:22", &["Reversi".into()], 1)
        .unwrap();
    assert_eq!(store.tables(1, 5).unwrap().len(), 1);
    drop(store);
    let conn = rusqlite::Connection::open(&db.path).unwrap();
    let version: i64 = conn
        .query_row("SELECT version FROM schema_version", [], |row| row.get(0))
        .unwrap();
    assert_eq!(version, trios::store::migrate::SCHEMA_VERSION);
}

#[test]
fn sqlite_refuses_a_newer_database_untouched() {
    let db = Sqlite::new();
    drop(db.open());
    {
        let conn = rusqlite::Connection::open(&db.path).unwrap();
        conn.execute("UPDATE schema_version SET version = 99", [])
            .unwrap();
    }
    refused_untouched(&db.path, |e| {
        matches!(
            e,
            StoreError::Newer {
                found: 99,
                supported: trios::store::migrate::SCHEMA_VERSION,
                ..
            }
        )
    });
    // Refused again, the same way: nothing was half-done.
    refused_untouched(&db.path, |e| matches!(e, StoreError::Newer { .. }));
}

/// Whether `e` says the database is unusable as `kind`.
fn unusable(e: &StoreError, kind: Unusable) -> bool {
    matches!(e, StoreError::Corrupt { kind: k, .. } if *k == kind)
}

#[test]
fn sqlite_refuses_what_is_not_a_trios_database_untouched() {
    let dir = tempfile::tempdir().unwrap();
    let noise = dir.path().join("noise.db");
    let bytes: Vec<u8> = (0..4096u32)
        .map(|i| (i.wrapping_mul(2_654_435_761) >> 13) as u8)
        .collect();
    std::fs::write(&noise, bytes).unwrap();
    refused_untouched(&noise, |e| unusable(e, Unusable::NotSqlite));

    let text = dir.path().join("notes.db");
    std::fs::write(&text, "these are my notes\n").unwrap();
    refused_untouched(&text, |e| unusable(e, Unusable::NotSqlite));

    // A file of 0 bytes is not a database to fill.
    let empty = dir.path().join("empty.db");
    std::fs::write(&empty, b"").unwrap();
    refused_untouched(&empty, |e| unusable(e, Unusable::Empty));
    refused_untouched(&empty, |e| unusable(e, Unusable::Empty));

    // A real SQLite database, but some other program's.
    let foreign = dir.path().join("other.db");
    {
        let conn = rusqlite::Connection::open(&foreign).unwrap();
        conn.execute_batch("CREATE TABLE notes (body TEXT); INSERT INTO notes VALUES ('hi');")
            .unwrap();
    }
    refused_untouched(
        &foreign,
        |e| matches!(e, StoreError::Corrupt { kind: Unusable::Foreign, reason, .. } if reason.contains("schema_version")),
    );
    // Another program's, with no tables yet but its mark on it.
    let marked = dir.path().join("marked.db");
    {
        let conn = rusqlite::Connection::open(&marked).unwrap();
        conn.execute_batch("PRAGMA application_id = 1234; PRAGMA user_version = 7;")
            .unwrap();
    }
    refused_untouched(&marked, |e| unusable(e, Unusable::Foreign));

    // A damaged trios database: its first page overwritten.
    let damaged = dir.path().join("damaged.db");
    drop(SqliteStore::open(&damaged).unwrap());
    let mut bytes = std::fs::read(&damaged).unwrap();
    for b in bytes.iter_mut().take(100) {
        *b = 0x5a;
    }
    std::fs::write(&damaged, bytes).unwrap();
    refused_untouched(&damaged, |e| unusable(e, Unusable::NotSqlite));

    // A page in the middle overwritten: SQLite's check at open finds it.
    let page = dir.path().join("page.db");
    crate::store_trust::damaged(&page);
    refused_untouched(
        &page,
        |e| matches!(e, StoreError::Corrupt { kind: Unusable::Damaged, place, .. } if place.ends_with("page.db")),
    );

    // Cut short: at half its length, and inside its header.
    let cut = dir.path().join("cut.db");
    crate::store_trust::populated(&cut);
    let whole = std::fs::read(&cut).unwrap();
    for len in [whole.len() / 2, whole.len() - 1_000, 60, 10] {
        std::fs::write(&cut, &whole[..len]).unwrap();
        refused_untouched(&cut, |e| unusable(e, Unusable::Truncated));
    }
    // A folder is no database either.
    let folder = dir.path().join("folder.db");
    std::fs::create_dir(&folder).unwrap();
    assert!(matches!(
        SqliteStore::open(&folder),
        Err(StoreError::Corrupt {
            kind: Unusable::NotSqlite,
            ..
        })
    ));
    assert!(folder.is_dir());
}

#[test]
fn sqlite_open_existing_makes_nothing() {
    let dir = tempfile::tempdir().unwrap();
    let absent = dir.path().join("absent.db");
    assert!(matches!(
        SqliteStore::open_existing(&absent),
        Err(StoreError::Missing(place)) if place.ends_with("absent.db")
    ));
    assert!(!absent.exists());
    // A SQLite database without tables is not filled either.
    let bare = dir.path().join("bare.db");
    {
        let conn = rusqlite::Connection::open(&bare).unwrap();
        conn.execute_batch("CREATE TABLE t (x); DROP TABLE t;")
            .unwrap();
    }
    let before = std::fs::read(&bare).unwrap();
    assert!(!before.is_empty());
    assert!(matches!(
        SqliteStore::open_existing(&bare),
        Err(StoreError::Missing(_))
    ));
    assert_eq!(std::fs::read(&bare).unwrap(), before);
    // While the one that writes fills it.
    let store = SqliteStore::open(&bare).unwrap();
    account(&store, "alice");
    drop(store);
    let store = SqliteStore::open_existing(&bare).unwrap();
    assert!(store.account_by_handle("alice").unwrap().is_some());
}

#[test]
fn each_unusable_database_is_said_with_its_place_and_what_to_do() {
    let words = |kind| {
        StoreError::Corrupt {
            place: "/srv/trios.db".into(),
            kind,
            reason: "why".into(),
        }
        .to_string()
    };
    for (kind, says) in [
        (Unusable::Empty, "/srv/trios.db is an empty file"),
        (
            Unusable::NotSqlite,
            "/srv/trios.db is not a SQLite database",
        ),
        (Unusable::Truncated, "/srv/trios.db is truncated"),
        (Unusable::Damaged, "/srv/trios.db is damaged"),
        (
            Unusable::Foreign,
            "/srv/trios.db is another program's database",
        ),
    ] {
        let said = words(kind);
        assert!(said.starts_with(says), "{said}");
        assert!(said.contains("--database"), "{said}");
        assert!(said.contains("left as it is"), "{said}");
    }
    // Damage a query met names no place until told one.
    let found = StoreError::Corrupt {
        place: String::new(),
        kind: Unusable::Damaged,
        reason: "why".into(),
    };
    assert!(
        found
            .to_string()
            .starts_with("the players database is damaged")
    );
    assert!(
        found
            .at("/srv/trios.db")
            .to_string()
            .starts_with("/srv/trios.db is damaged")
    );
    // Away and damaged read differently, to players too.
    let away = StoreError::Unavailable("connection refused".into());
    assert!(away.to_string().contains("cannot be reached right now"));
    assert_ne!(away.for_players(), words_for_players(Unusable::Damaged));
    assert!(!away.for_players().contains('/'));
}

fn words_for_players(kind: Unusable) -> &'static str {
    StoreError::Corrupt {
        place: "/srv/trios.db".into(),
        kind,
        reason: String::new(),
    }
    .for_players()
}

#[test]
fn sqlite_creates_the_file_and_backs_it_up_while_open() {
    let db = Sqlite::new();
    assert!(!db.path.exists());
    let store = SqliteStore::open(&db.path).unwrap();
    assert!(db.path.exists());
    assert_eq!(store.place(), db.path.display().to_string());
    let a = account(&store, "alice");
    let copy = db.path.with_file_name("copy.db");
    store.backup_to(&copy).unwrap();
    let restored = SqliteStore::open(&copy).unwrap();
    assert_eq!(restored.account(a).unwrap().unwrap().handle, "alice");
}

// ---------------------------------------------------------------------------------------
// Postgres only.

#[test]
fn postgres_a_result_outlives_the_store() {
    let Some(db) = Postgres::new() else { return };
    a_result_outlives_the_store(&|| db.open());
}

#[test]
fn postgres_refuses_a_newer_or_foreign_schema() {
    let Some(db) = Postgres::new() else { return };
    drop(db.open());
    db.admin()
        .batch_execute("UPDATE schema_version SET version = 99")
        .unwrap();
    let refused = PostgresStore::connect(&db.url).err().unwrap();
    assert!(
        matches!(
            refused,
            StoreError::Newer {
                found: 99,
                supported: trios::store::migrate::SCHEMA_VERSION,
                ..
            }
        ),
        "{refused:?}"
    );
    // Nothing changed: still 99.
    let version: i64 = db
        .admin()
        .query_one("SELECT version FROM schema_version", &[])
        .unwrap()
        .get(0);
    assert_eq!(version, 99);

    let Some(other) = Postgres::new() else { return };
    other
        .admin()
        .batch_execute("CREATE TABLE notes (body TEXT)")
        .unwrap();
    let refused = PostgresStore::connect(&other.url).err().unwrap();
    assert!(unusable(&refused, Unusable::Foreign), "{refused:?}");
}

#[test]
fn postgres_open_existing_makes_no_schema() {
    let Some(db) = Postgres::new() else { return };
    assert!(matches!(
        PostgresStore::connect_existing(&db.url),
        Err(StoreError::Missing(_))
    ));
    let tables: i64 = db
        .admin()
        .query_one(
            "SELECT count(*) FROM pg_catalog.pg_tables WHERE schemaname = current_schema()",
            &[],
        )
        .unwrap()
        .get(0);
    assert_eq!(tables, 0);
    drop(db.open());
    assert!(PostgresStore::connect_existing(&db.url).is_ok());
}

/// Two servers signing up look-alike handles at the same moment: the table lock lets one
/// compare and write at a time, so exactly one gets it, every time.
#[test]
fn postgres_two_look_alike_signups_at_once_keep_one() {
    let Some(db) = Postgres::new() else { return };
    let one: Arc<dyn Store> = Arc::from(db.open());
    let two: Arc<dyn Store> = Arc::from(db.open());
    for round in 0..10 {
        let barrier = Arc::new(Barrier::new(2));
        let names = [format!("bob{round}"), format!("b\u{43e}b{round}")];
        let threads: Vec<_> = [one.clone(), two.clone()]
            .into_iter()
            .zip(names)
            .map(|(store, name)| {
                let barrier = barrier.clone();
                std::thread::spawn(move || {
                    barrier.wait();
                    store.create_account(&name, &format!("SHA256:{name}"), 1)
                })
            })
            .collect();
        let made: Vec<_> = threads.into_iter().map(|t| t.join().unwrap()).collect();
        assert_eq!(
            made.iter().filter(|m| m.is_ok()).count(),
            1,
            "round {round}: {made:?}"
        );
        assert!(
            made.iter()
                .any(|m| matches!(m, Err(StoreError::LooksTaken { .. }))),
            "round {round}: {made:?}"
        );
    }
}

#[test]
fn postgres_place_hides_the_password_and_a_dead_server_is_unavailable() {
    let refused = PostgresStore::connect("postgres://u:secret@127.0.0.1:1/db")
        .err()
        .unwrap();
    assert!(
        matches!(&refused, StoreError::Unavailable(m) if !m.contains("secret")),
        "{refused:?}"
    );
    let Some(db) = Postgres::new() else { return };
    assert!(!db.open().place().contains("secret"));
}

#[test]
fn postgres_two_servers_writing_one_game_keep_it_once() {
    let Some(db) = Postgres::new() else { return };
    let one: Arc<dyn Store> = Arc::from(db.open());
    let two: Arc<dyn Store> = Arc::from(db.open());
    let a = account(&*one, "alice");
    let b = account(&*one, "bob");
    for round in 0..5 {
        let barrier = Arc::new(Barrier::new(2));
        let result = duel(&format!("shared-{round}"), DAY + round * 60, a, b);
        let threads: Vec<_> = [one.clone(), two.clone()]
            .into_iter()
            .map(|store| {
                let barrier = barrier.clone();
                let result = result.clone();
                std::thread::spawn(move || {
                    barrier.wait();
                    store.write_result(&result, &LICHESS).unwrap()
                })
            })
            .collect();
        let written: Vec<_> = threads.into_iter().map(|t| t.join().unwrap()).collect();
        assert_eq!(
            written.iter().filter(|w| !w.duplicate).count(),
            1,
            "round {round}: {written:?}"
        );
        assert_eq!(written[0].changes, written[1].changes);
    }
    assert_eq!(one.ratings(a).unwrap()[0].games, 5);
    assert_eq!(two.games(b, 10).unwrap().len(), 5);
}

#[test]
fn postgres_reconnects_after_the_connection_is_killed() {
    let Some(db) = Postgres::new() else { return };
    let store = db.open();
    let a = account(&*store, "alice");
    // Kill the store's connection, as a server restart would.
    db.admin()
        .batch_execute(
            "SELECT pg_terminate_backend(pid) FROM pg_stat_activity \
             WHERE pid <> pg_backend_pid() AND application_name = current_schema()",
        )
        .unwrap();
    assert_eq!(store.account(a).unwrap().map(|x| x.id), Some(a));
}
