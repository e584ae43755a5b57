//! The store's speed targets, on SQLite and (when `TRIOS_TEST_POSTGRES` names a server) on
//! Postgres: writing a rated duel (target < 5 ms on SQLite), the top 50 of 100,000
//! established players (target < 10 ms), a page of 20 from a profile of 1,000 games
//! (target < 20 ms), and a new account among 100,000 (every handle read and compared with
//! it for a look-alike; target < 50 ms on SQLite).

use std::hint::black_box;
use std::sync::atomic::{AtomicU64, Ordering};

use criterion::{Criterion, criterion_group, criterion_main};
use trios::store::postgres::PostgresStore;
use trios::store::sqlite::SqliteStore;
use trios::store::{AccountId, DAY, Finished, LICHESS, Participant, Store};

/// The players on the leaderboard.
const PLAYERS: usize = 100_000;
/// The games on the profile.
const PROFILE_GAMES: i64 = 1_000;
const GROUP: &str = "reversi";
/// The benches' "now": every seeded player has played within the day before it.
const NOW: i64 = 20_000 * DAY;

fn duel(id: String, ended: i64, winner: AccountId, loser: AccountId) -> Finished {
    let seat = |account, place| Participant {
        account: Some(account),
        name: format!("player {account}"),
        place,
        computer: false,
    };
    Finished {
        id,
        game: "reversi".into(),
        group: GROUP.into(),
        rated: true,
        started: ended - 600,
        ended,
        summary: "black wins 40–24".into(),
        record: Some("records/x.json".into()),
        players: vec![seat(winner, 0), seat(loser, 1)],
    }
}

/// Seeds `store` (already holding the 100,000 players) with a profile of 1,000 games against
/// them, and returns its account.
fn seed_profile(store: &dyn Store) -> AccountId {
    let me = store
        .create_account("profile", "SHA256:profile", NOW - 400 * DAY)
        .unwrap()
        .id;
    let first = store.account_by_handle("bench0").unwrap().unwrap().id;
    for i in 0..PROFILE_GAMES {
        let ended = NOW - 300 * DAY + i * 600;
        let (w, l) = if i % 3 == 0 {
            (first + i, me)
        } else {
            (me, first + i)
        };
        store
            .write_result(&duel(format!("profile-{i}"), ended, w, l), &LICHESS)
            .unwrap();
    }
    me
}

/// The benches every database runs, named after it.
fn run(c: &mut Criterion, name: &str, store: &dyn Store, profile: AccountId) {
    let mut group = c.benchmark_group(format!("store_{name}"));
    let a = store
        .create_account("writer a", "SHA256:writer-a", NOW)
        .unwrap()
        .id;
    let b = store
        .create_account("writer b", "SHA256:writer-b", NOW)
        .unwrap()
        .id;
    static NEXT: AtomicU64 = AtomicU64::new(0);
    group.bench_function("write_result_rated_duel", |bench| {
        bench.iter(|| {
            let n = NEXT.fetch_add(1, Ordering::Relaxed) as i64;
            // Five games a day keeps the pair under its daily limit.
            let ended = NOW + n * (DAY / 5);
            let (w, l) = if n % 2 == 0 { (a, b) } else { (b, a) };
            let written = store
                .write_result(&duel(format!("{name}-w{n}"), ended, w, l), &LICHESS)
                .unwrap();
            assert!(!written.changes.is_empty());
        })
    });
    static SIGNUPS: AtomicU64 = AtomicU64::new(0);
    group.bench_function("create_account_among_100k", |bench| {
        bench.iter(|| {
            let n = SIGNUPS.fetch_add(1, Ordering::Relaxed);
            let handle = format!("{name} new {n}");
            store
                .create_account(&handle, &format!("SHA256:{handle}"), NOW)
                .unwrap()
        })
    });
    group.bench_function("top_50_of_100k", |bench| {
        bench.iter(|| {
            let top = store.top(black_box(GROUP), NOW, 50, &LICHESS).unwrap();
            assert_eq!(top.len(), 50);
            top
        })
    });
    group.bench_function("games_20_of_1000", |bench| {
        bench.iter(|| {
            let games = store.games(black_box(profile), 20).unwrap();
            assert_eq!(games.len(), 20);
            games
        })
    });
    group.finish();
}

fn sqlite(c: &mut Criterion) {
    let dir = tempfile::tempdir().unwrap();
    let store = SqliteStore::open(&dir.path().join("bench.db")).unwrap();
    store.seed_ratings_for_bench(GROUP, PLAYERS, NOW).unwrap();
    let profile = seed_profile(&store);
    run(c, "sqlite", &store, profile);
}

fn postgres(c: &mut Criterion) {
    let Ok(server) = std::env::var("TRIOS_TEST_POSTGRES") else {
        eprintln!(
            "skipping the Postgres store benches; run them with \
             TRIOS_TEST_POSTGRES=postgres://… cargo bench --bench store"
        );
        return;
    };
    let schema = format!("trios_bench_{}", std::process::id());
    let mut admin = postgres::Client::connect(&server, postgres::NoTls).unwrap();
    admin
        .batch_execute(&format!("CREATE SCHEMA {schema}"))
        .unwrap();
    let joiner = if server.contains('?') { '&' } else { '?' };
    let url = format!("{server}{joiner}options=-c%20search_path%3D{schema}");
    {
        let store = PostgresStore::connect(&url).unwrap();
        store.seed_ratings_for_bench(GROUP, PLAYERS, NOW).unwrap();
        let profile = seed_profile(&store);
        run(c, "postgres", &store, profile);
    }
    let _ = admin.batch_execute(&format!("DROP SCHEMA {schema} CASCADE"));
}

criterion_group!(benches, sqlite, postgres);
criterion_main!(benches);
