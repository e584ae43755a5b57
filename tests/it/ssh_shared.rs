//! Two servers on one Postgres share accounts, ratings and who is online: a rating earned at
//! one server's table shows in the other's lobby within two seconds, beside the address of
//! the server its player is on, and a key signed up at one is known at the other.

use crate::common::postgres::Throwaway;
use crate::common::ssh::{self, arrive, bounded, key, start};

use std::path::Path;
use std::time::Duration;

use trios::games::GameKind;
use trios::ssh::ServerHandle;
use trios::store::LICHESS;
use trios::store::journal::Journal;
use trios::store::lazy::LazyStore;
use trios::store::open::Database;
use trios::store::worker::StoreService;

const TEST_LIMIT: Duration = Duration::from_secs(120);

/// A Reversi server on the Postgres at `url`, journalling in `data`.
async fn server_on(url: &str, data: &Path) -> ServerHandle {
    let mut config = ssh::server_config();
    config.game.think_ms = 20;
    config.lobby_game = GameKind::Reversi;
    config.showcases.clear();
    config.data_dir = Some(data.to_path_buf());
    let (store, opened) = LazyStore::new(Database::Postgres(url.to_string()));
    opened.unwrap();
    config.store =
        Some(StoreService::start(Box::new(store), Some(Journal::in_dir(data)), LICHESS).unwrap());
    start(config).await
}

/// Two servers on the Postgres at `url`, each journalling in a folder of its own (kept
/// while the returned folders live).
async fn two_servers(url: &str) -> (ServerHandle, ServerHandle, [tempfile::TempDir; 2]) {
    let data = [tempfile::tempdir().unwrap(), tempfile::tempdir().unwrap()];
    let one = server_on(url, data[0].path()).await;
    let other = server_on(url, data[1].path()).await;
    (one, other, data)
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn two_servers_on_one_postgres_share_accounts_ratings_and_who_is_online() {
    let Some(pg) = Throwaway::start() else {
        return;
    };
    bounded(TEST_LIMIT, async {
        let (one, other, _data) = two_servers(&pg.url).await;
        let (at_one, at_other) = (one.local_addr(), other.local_addr());
        let alice_key = key();

        let (_a, mut alice) = arrive(at_one, [127, 0, 0, 2], "alice", &alice_key).await;
        let (_b, mut bob) = arrive(at_one, [127, 0, 0, 3], "bob", &key()).await;
        let (_c, mut carol) = arrive(at_other, [127, 0, 0, 4], "carol", &key()).await;
        ssh::sign_up(&mut alice, "alice").await;
        ssh::sign_up(&mut bob, "bob").await;
        ssh::sign_up(&mut carol, "carol").await;

        // Carol, on the other server, sees Alice online at the first server's address.
        let alice_there = format!("alice – @{at_one}");
        carol
            .wait_for("alice online elsewhere", |g| g.shows(&alice_there))
            .await;

        ssh::open_and_join(&mut alice, &mut bob).await;
        ssh::play_out(&one, [&mut alice, &mut bob], ["Dark", "Light"]).await;
        alice
            .wait_for("the rating change", |g| g.shows("Reversi 1500? → "))
            .await;
        let seen_at = tokio::time::Instant::now();
        let contents = alice.contents();
        let after = contents
            .split("Reversi 1500? → ")
            .nth(1)
            .and_then(|rest| rest.split_whitespace().next())
            .unwrap()
            .to_string();

        // Within two seconds the other server's lobby shows the new rating.
        let rated_there = format!("alice {after} @{at_one}");
        carol
            .wait_for("alice's new rating elsewhere", |g| g.shows(&rated_there))
            .await;
        assert!(
            seen_at.elapsed() <= Duration::from_secs(2),
            "took {:?}",
            seen_at.elapsed()
        );

        // Alice's key is hers at the other server too.
        let (_a2, mut again) = arrive(at_other, [127, 0, 0, 2], "whoever", &alice_key).await;
        again
            .wait_for("the welcome back", |g| g.shows("Welcome back, alice"))
            .await;
        one.shutdown().await;
        other.shutdown().await;
    })
    .await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_lobby_lists_the_other_servers_tables_with_the_command_to_reach_them() {
    let Some(pg) = Throwaway::start() else {
        return;
    };
    bounded(TEST_LIMIT, async {
        let (one, other, _data) = two_servers(&pg.url).await;
        let (at_one, at_other) = (one.local_addr(), other.local_addr());
        let (_a, mut alice) = arrive(at_one, [127, 0, 0, 2], "alice", &key()).await;
        let (_c, mut carol) = arrive(at_other, [127, 0, 0, 4], "carol", &key()).await;
        ssh::sign_up(&mut alice, "alice").await;
        ssh::sign_up(&mut carol, "carol").await;
        alice.send(b"jj\r").await;
        alice
            .wait_for("the open table", |s| s.shows("Waiting for an opponent"))
            .await;
        // Carol's lobby lists it under the other servers, with the command that gets there.
        let command = format!("ssh -p {} 127.0.0.1", at_one.port());
        carol
            .wait_for("alice's table elsewhere", |g| {
                g.shows("On other servers (1)")
                    && g.contents().lines().any(|line| {
                        line.contains("Reversi alice vs open seat  waiting for players")
                            && line.contains(&command)
                    })
            })
            .await;
        // Her own server lists none of its own tables there.
        assert!(!alice.shows("On other servers"), "{}", alice.contents());
        // Once the table closes, the other lobby stops listing it.
        alice.send(b"q").await;
        carol
            .wait_for("the table gone", |g| !g.shows("On other servers"))
            .await;
        one.shutdown().await;
        other.shutdown().await;
    })
    .await;
}
