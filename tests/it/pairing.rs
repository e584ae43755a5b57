//! Quick pairing over SSH: two players who press `f` in the lobby on the same game and clock
//! are seated at one table for two, on that clock, and its game is rated; a player alone can
//! leave the pool with Esc.

use std::time::Duration;

use crate::common::fork::SpawnGuarded;
use crate::common::ssh::{self, arrive, bounded, key};

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn two_players_who_find_an_opponent_meet_at_one_table_on_the_clock() {
    let dir = tempfile::tempdir().expect("folder");
    let data = dir.path().join("data");
    let mut child = crate::common::bin::serve_reversi(dir.path(), &data)
        .spawn_guarded()
        .expect("the server starts");
    let stderr = child.stderr.take().expect("its log");
    let addr = crate::common::bin::serving_address(stderr, |_| {});
    bounded(Duration::from_secs(90), async {
        let (_a, mut alice) = arrive(addr, [127, 0, 0, 2], "alice", &key()).await;
        let (_b, mut bob) = arrive(addr, [127, 0, 0, 3], "bob", &key()).await;
        ssh::sign_up(&mut alice, "alice").await;
        ssh::sign_up(&mut bob, "bob").await;
        // Alice alone: the pool says what for and how many others wait; Esc leaves it.
        alice.send(b"f").await;
        alice
            .wait_for("the pool", |g| {
                g.shows("Looking for an opponent: Reversi 3+2 · 0 others waiting")
            })
            .await;
        alice.send(b"\x1b").await;
        alice
            .wait_for("leaving the pool", |g| g.shows("You left the pool"))
            .await;
        // Both look: they meet at one table for two, on the clock, and it is rated.
        alice.send(b"f").await;
        alice
            .wait_for("the pool", |g| g.shows("Looking for an opponent"))
            .await;
        bob.send(b"f").await;
        for view in [&mut alice, &mut bob] {
            view.wait_for("the paired table", |g| g.shows("Both seats taken"))
                .await;
            view.wait_for("the clocks", |g| g.shows("▸● ") && g.shows("3+2 · ? help"))
                .await;
        }
        assert!(
            alice.shows("alice") && alice.shows("bob"),
            "{}",
            alice.contents()
        );
        assert!(!alice.shows("casual"), "{}", alice.contents());
    })
    .await;
    let _ = child.kill();
    let _ = child.wait();
}
