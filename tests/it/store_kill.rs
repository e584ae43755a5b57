//! `trios serve` killed with SIGKILL the moment a rated game ends: the players database holds
//! the whole result (the game and both ratings) or none of it, never a part.

use crate::common::fork::SpawnGuarded;
use crate::common::ssh::{self, arrive, bounded, key};

use std::net::SocketAddr;
use std::time::Duration;

use trios::store::Store;
use trios::store::sqlite::SqliteStore;

const TEST_LIMIT: Duration = Duration::from_secs(150);

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn sigkill_at_a_games_end_leaves_the_whole_result_or_none() {
    let dir = tempfile::tempdir().unwrap();
    let data = dir.path().join("data");
    let mut cmd = crate::common::bin::serve_reversi(dir.path(), &data);
    let mut child = cmd.spawn_guarded().unwrap();
    // The address it serves on, from its first words.
    let stderr = child.stderr.take().unwrap();
    let addr: SocketAddr = crate::common::bin::serving_address(stderr, |_| {});

    bounded(TEST_LIMIT, async {
        let (_a, mut alice) = arrive(addr, [127, 0, 0, 2], "alice", &key()).await;
        let (_b, mut bob) = arrive(addr, [127, 0, 0, 3], "bob", &key()).await;
        ssh::sign_up(&mut alice, "alice").await;
        ssh::sign_up(&mut bob, "bob").await;
        ssh::open_and_join(&mut alice, &mut bob).await;
        ssh::play_out_by_screens([&mut alice, &mut bob], ["Dark", "Light"]).await;
    })
    .await;
    // The game is over on both screens: kill at once.
    child.kill().unwrap();
    child.wait().unwrap();

    let store = SqliteStore::open(&data.join("trios.db")).unwrap();
    let a = store.account_by_handle("alice").unwrap().unwrap();
    let b = store.account_by_handle("bob").unwrap().unwrap();
    let games = store.games(a.id, 10).unwrap();
    let ratings = [store.ratings(a.id).unwrap(), store.ratings(b.id).unwrap()];
    match games.len() {
        // None of it.
        0 => assert!(ratings.iter().all(Vec::is_empty), "{ratings:?}"),
        // All of it: the game, both changes, both ratings as the changes say.
        1 => {
            let game = &games[0];
            assert!(game.rated);
            for (account, rating) in [(a.id, &ratings[0]), (b.id, &ratings[1])] {
                assert_eq!(rating.len(), 1, "{ratings:?}");
                assert_eq!(rating[0].games, 1);
                let mine = &store.games(account, 1).unwrap()[0];
                let change = mine.change.as_ref().unwrap();
                assert_eq!(change.after.rating, rating[0].rating);
            }
        }
        n => panic!("{n} games for one played"),
    }
}
