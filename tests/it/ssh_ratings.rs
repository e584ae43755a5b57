//! Accounts and ratings over SSH end to end: players with keys sign up at their first login,
//! play a whole rated Reversi game at one table, see their rating change in the game-over
//! box, and find it again on their profile after the server restarts.

use crate::common::ssh::{self, arrive, bounded, key, start};

use std::path::Path;
use std::time::Duration;

use trios::games::GameKind;
use trios::ssh::ServerHandle;
use trios::store::glicko2::{self, Outcome};
use trios::store::journal::Journal;
use trios::store::sqlite::SqliteStore;
use trios::store::worker::{StoreService, now};
use trios::store::{LICHESS, Store};

/// Every test ends within this, pass or fail.
const TEST_LIMIT: Duration = Duration::from_secs(120);

/// A server on Reversi that keeps players in the SQLite file `db`.
async fn rated_server(db: &Path, data: &Path) -> ServerHandle {
    let mut config = ssh::server_config();
    config.game.think_ms = 20;
    config.lobby_game = GameKind::Reversi;
    config.showcases.clear();
    config.data_dir = Some(data.to_path_buf());
    let store = SqliteStore::open(db).unwrap();
    let service =
        StoreService::start(Box::new(store), Some(Journal::in_dir(data)), LICHESS).unwrap();
    config.store = Some(service);
    start(config).await
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn two_keyed_players_sign_up_play_rated_reversi_and_keep_their_ratings() {
    bounded(TEST_LIMIT, async {
        let data = tempfile::tempdir().unwrap();
        let db = data.path().join("trios.db");
        let server = rated_server(&db, data.path()).await;
        let addr = server.local_addr();
        let (alice_key, bob_key) = (key(), key());

        // First logins: the sign-up screen offers the user name; Enter accepts it.
        let (_a, mut alice) = arrive(addr, [127, 0, 0, 2], "alice", &alice_key).await;
        let (_b, mut bob) = arrive(addr, [127, 0, 0, 3], "bob", &bob_key).await;
        for (view, name) in [(&mut alice, "alice"), (&mut bob, "bob")] {
            ssh::sign_up(view, name).await;
            // The lobby offers the profile and the leaderboards.
            assert!(view.shows("p profile"), "{}", view.contents());
        }

        // Alice opens a table; Bob joins it.
        ssh::open_and_join(&mut alice, &mut bob).await;
        ssh::play_out(&server, [&mut alice, &mut bob], ["Dark", "Light"]).await;

        // Both ratings are as Glicko-2 computes them from two new players' 1500/500/0.09.
        let store = SqliteStore::open(&db).unwrap();
        let account = |name: &str| store.account_by_handle(name).unwrap().unwrap();
        let (a, b) = (account("alice"), account("bob"));
        let deadline = tokio::time::Instant::now() + Duration::from_secs(10);
        while store.games(a.id, 5).unwrap().is_empty() {
            assert!(tokio::time::Instant::now() < deadline, "no result stored");
            tokio::time::sleep(Duration::from_millis(20)).await;
        }
        let games = store.games(a.id, 5).unwrap();
        assert_eq!(games.len(), 1);
        let game = &games[0];
        assert!(game.rated, "{game:?}");
        assert_eq!(game.group, "reversi");
        let place = |id| {
            game.players
                .iter()
                .find(|p| p.account == Some(id))
                .unwrap()
                .place
        };
        let score = |me, them| match place(me).cmp(&place(them)) {
            std::cmp::Ordering::Less => 1.0,
            std::cmp::Ordering::Equal => 0.5,
            std::cmp::Ordering::Greater => 0.0,
        };
        for (me, them, view) in [(a.id, b.id, &mut alice), (b.id, a.id, &mut bob)] {
            let expected = glicko2::update(
                LICHESS.initial,
                &[Outcome {
                    opponent: LICHESS.initial,
                    score: score(me, them),
                }],
                &LICHESS,
            );
            let stored = &store.ratings(me).unwrap()[0];
            assert!((stored.rating - expected.rating).abs() < 1e-9, "{stored:?}");
            assert!((stored.deviation - expected.deviation).abs() < 1e-9);
            assert!((stored.volatility - expected.volatility).abs() < 1e-12);
            // The game-over box says so: `Reversi 1500? → 1662? (+162)`.
            let delta = expected.rating.round() as i64 - 1500;
            let line = format!("Reversi 1500? → {} ({delta:+})", expected.shown(&LICHESS));
            view.wait_for("the rating change", |g| g.shows(&line)).await;
        }
        server.shutdown().await;

        // After a restart the key is still Alice's, and her profile has the game.
        let server = rated_server(&db, data.path()).await;
        let (_a2, mut alice) =
            arrive(server.local_addr(), [127, 0, 0, 2], "anyone", &alice_key).await;
        alice
            .wait_for("the welcome back", |g| g.shows("Welcome back, alice"))
            .await;
        alice.send(b"p").await;
        alice
            .wait_for("the profile", |g| g.shows("Profile of alice"))
            .await;
        let mine = store.ratings(a.id).unwrap()[0].as_of(now(), &LICHESS);
        assert!(alice.shows(&mine.shown(&LICHESS)), "{}", alice.contents());
        assert!(alice.shows("bob"), "{}", alice.contents());
        // Enter on the game replays it on the replay screen; q comes back to the profile.
        alice.send(b"\r").await;
        alice
            .wait_for("the replay", |g| !g.shows("Profile of") && g.shows("Dark"))
            .await;
        alice.send(b"q").await;
        alice
            .wait_for("the profile again", |g| g.shows("Profile of alice"))
            .await;
        server.shutdown().await;
    })
    .await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_table_its_opener_makes_casual_is_kept_but_not_rated() {
    bounded(TEST_LIMIT, async {
        let data = tempfile::tempdir().unwrap();
        let db = data.path().join("trios.db");
        let server = rated_server(&db, data.path()).await;
        let addr = server.local_addr();
        let (_a, mut alice) = arrive(addr, [127, 0, 0, 2], "alice", &key()).await;
        let (_b, mut bob) = arrive(addr, [127, 0, 0, 3], "bob", &key()).await;
        ssh::sign_up(&mut alice, "alice").await;
        ssh::sign_up(&mut bob, "bob").await;

        // On "Open a table", c offers and opens a casual one.
        alice.send(b"jj").await;
        alice
            .wait_for("the offer", |g| g.shows("c casual table"))
            .await;
        alice.send(b"c").await;
        alice
            .wait_for("the open table", |g| g.shows("Waiting for an opponent"))
            .await;
        bob.wait_for("the open table", |s| s.shows("waiting: Enter to join"))
            .await;
        bob.send(b"jjj\r").await;
        alice
            .wait_for("the table's notice", |s| {
                s.shows("Both seats taken") && s.shows("(casual: not rated)")
            })
            .await;
        for view in [&alice, &bob] {
            view.send(b"a??").await;
        }
        alice
            .wait_for("the first move", |s| s.shows(ssh::MY_MOVE))
            .await;
        ssh::play_out(&server, [&mut alice, &mut bob], ["Dark", "Light"]).await;
        alice.wait_for("the end", |g| g.shows("Game over")).await;

        let store = SqliteStore::open(&db).unwrap();
        let a = store.account_by_handle("alice").unwrap().unwrap();
        let deadline = tokio::time::Instant::now() + Duration::from_secs(10);
        while store.games(a.id, 5).unwrap().is_empty() {
            assert!(tokio::time::Instant::now() < deadline, "no game kept");
            tokio::time::sleep(Duration::from_millis(20)).await;
        }
        let games = store.games(a.id, 5).unwrap();
        assert!(!games[0].rated, "{games:?}");
        assert!(games[0].change.is_none());
        assert!(store.ratings(a.id).unwrap().is_empty());
        assert!(!alice.shows("Reversi 1500? →"), "{}", alice.contents());
        server.shutdown().await;
    })
    .await;
}
