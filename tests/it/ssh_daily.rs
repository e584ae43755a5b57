//! The daily puzzles over SSH: a keyed player plays today's Triad deal through from the
//! lobby, its result is kept in the store and the day's leaderboard lists them, then and from
//! the lobby's `d`; a guest plays it too but is told their result is not kept.

use crate::common::ssh::{self, Game, arrive, bounded, key, start};

use std::path::Path;
use std::time::Duration;

use trios::games::GameKind;
use trios::games::triad::{Game as Deal, first_triad};
use trios::ssh::ServerHandle;
use trios::store::sqlite::SqliteStore;
use trios::store::worker::{StoreService, now};
use trios::store::{LICHESS, Store, daily};
use trios::tui::triad::key_of;

/// Every test ends within this, pass or fail.
const TEST_LIMIT: Duration = Duration::from_secs(120);

/// A server that keeps players in the SQLite file `db`, its lobby on Three Trios.
async fn daily_server(db: &Path, data: &Path) -> ServerHandle {
    let mut config = ssh::server_config();
    config.showcases.clear();
    config.data_dir = Some(data.to_path_buf());
    let store = SqliteStore::open(db).unwrap();
    config.store = Some(StoreService::start(Box::new(store), None, LICHESS).unwrap());
    start(config).await
}

/// Waits for the lobby on Triad.
async fn wait_triad_lobby(view: &mut Game) {
    view.wait_for("the Triad lobby", |g| {
        g.shows("‹ Triad ›") && g.shows("Open a race table")
    })
    .await;
}

/// From the lobby (on Three Trios, the line to play the computer chosen), today's Triad
/// puzzle (with no tables open, the line after the two table lines), played to the end by picking the first
/// triad of each tableau by its key.
async fn play_todays_triad(view: &mut Game) {
    view.send(b"lll").await;
    wait_triad_lobby(view).await;
    assert!(view.shows("Today's puzzle"), "{}", view.contents());
    assert_eq!(GameKind::all().nth(3), Some(GameKind::Triad));
    view.send(b"jjj\r").await;
    view.wait_for("the puzzle", |g| g.shows("Today's puzzle: clear the deal"))
        .await;
    let (_, seed) = daily::today(now(), "triad");
    let mut deal = Deal::new(seed);
    while !deal.is_over() {
        let triad = first_triad(deal.tableau()).expect("a tableau with a triad");
        let keys: String = triad.iter().map(|&p| key_of(p).unwrap()).collect();
        view.send(keys.as_bytes()).await;
        deal.pick(triad).unwrap();
        view.pump().await;
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_keyed_player_plays_todays_triad_and_the_daily_leaderboard_lists_them() {
    bounded(TEST_LIMIT, async {
        let data = tempfile::tempdir().unwrap();
        let db = data.path().join("trios.db");
        let server = daily_server(&db, data.path()).await;
        let addr = server.local_addr();
        let alice_key = key();
        let (_a, mut alice) = arrive(addr, [127, 0, 0, 2], "alice", &alice_key).await;
        ssh::sign_up(&mut alice, "alice").await;
        assert!(alice.shows("p profile"), "{}", alice.contents());

        play_todays_triad(&mut alice).await;
        // The day's leaderboard opens over the finished deal, with alice first.
        alice
            .wait_for("the daily leaderboard", |g| g.shows("Today's puzzles"))
            .await;
        alice
            .wait_for("alice's place", |g| g.shows("You: 1st today"))
            .await;
        let screen = alice.contents();
        let line = screen
            .lines()
            .find(|l| l.contains("   1  alice"))
            .unwrap_or_else(|| panic!("alice is not listed first:\n{screen}"));
        assert!(line.contains(':'), "a time: {line}");

        // The store kept it, for today, as a time with no score.
        let store = SqliteStore::open(&db).unwrap();
        let me = store.account_by_handle("alice").unwrap().unwrap();
        let day = trios::store::plan::day_of(now());
        let top = store.daily_top(day, "triad", 20).unwrap();
        assert_eq!(top.len(), 1, "{top:?}");
        assert_eq!((top[0].account, top[0].score), (me.id, 0));
        assert!(top[0].millis > 0);
        assert!(store.daily_top(day, "hexpaths", 20).unwrap().is_empty());

        // Back to the finished deal, back to the lobby; `d` shows the board again.
        alice.send(b"\x1b").await;
        alice
            .wait_for("the finished deal", |g| !g.shows("Today's puzzles"))
            .await;
        alice.send(b"q").await;
        wait_triad_lobby(&mut alice).await;
        alice.send(b"d").await;
        alice
            .wait_for("the board from the lobby", |g| {
                g.shows("Today's puzzles") && g.shows("   1  alice")
            })
            .await;
        alice.send(b"q").await;
        wait_triad_lobby(&mut alice).await;
    })
    .await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_guest_plays_todays_triad_but_is_told_it_is_not_kept() {
    bounded(TEST_LIMIT, async {
        let data = tempfile::tempdir().unwrap();
        let db = data.path().join("trios.db");
        let server = daily_server(&db, data.path()).await;
        let conn = ssh::login(server.local_addr(), "visitor").await;
        let mut guest = ssh::open_game(&conn, 80, 24).await;
        guest.wait_lobby().await;
        play_todays_triad(&mut guest).await;
        guest
            .wait_for("the daily leaderboard", |g| g.shows("Today's puzzles"))
            .await;
        guest.wait_for("the words", |g| g.shows("not kept")).await;
        let store = SqliteStore::open(&db).unwrap();
        let day = trios::store::plan::day_of(now());
        assert!(store.daily_top(day, "triad", 20).unwrap().is_empty());
    })
    .await;
}
