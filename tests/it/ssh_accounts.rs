//! Accounts over SSH under hostile or careless use: handles that must be refused, link codes
//! wrong, reused or guessed at speed, a key that drops before choosing and comes back as
//! another, and a banned account.

use crate::common::ssh::{self, Game, arrive, bounded, fresh_store_server as fresh_server, key};

use std::time::Duration;

use trios::store::Store;
use trios::store::sqlite::SqliteStore;

const TEST_LIMIT: Duration = Duration::from_secs(90);

/// Clears the sign-up screen's field, types `text` and presses Enter.
async fn enter(view: &mut Game, text: &str) {
    view.send(b"\x15").await;
    view.send(text.as_bytes()).await;
    view.send(b"\r").await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn bad_handles_are_refused_on_the_welcome_screen_saying_why() {
    bounded(TEST_LIMIT, async {
        let (_dir, db, server) = fresh_server().await;
        let addr = server.local_addr();
        let (_a, mut alice) = arrive(addr, [127, 0, 0, 2], "alice", &key()).await;
        ssh::sign_up(&mut alice, "alice").await;

        // The user name arrives cleaned: no bidi or zero-width characters, cut to 20 columns.
        let long = format!("\u{202e}\u{200b}{}", "m".repeat(1000));
        let (_b, mut mallory) = arrive(addr, [127, 0, 0, 3], &long, &key()).await;
        mallory
            .wait_for("the welcome", |g| g.shows("Choose the handle"))
            .await;
        assert!(
            mallory.shows(&format!("{}▏", "m".repeat(20))),
            "{}",
            mallory.contents()
        );
        for (typed, why) in [
            ("", "cannot be empty"),
            ("ALICE", "is taken"),
            ("Expert", "is reserved"),
            ("guest", "is reserved"),
        ] {
            enter(&mut mallory, typed).await;
            mallory.wait_for(why, |g| g.shows(why)).await;
        }
        // At most 64 characters go into the field, and a long handle is refused.
        enter(&mut mallory, &"x".repeat(1000)).await;
        mallory
            .wait_for("the length", |g| g.shows("at most 20 columns"))
            .await;
        enter(&mut mallory, "mallory").await;
        mallory
            .wait_for("the welcome", |g| g.shows("Welcome, mallory"))
            .await;
        let store = SqliteStore::open(&db).unwrap();
        assert!(store.account_by_handle("mallory").unwrap().is_some());
        server.shutdown().await;
    })
    .await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_code_links_a_key_once_and_guesses_at_speed_are_cut_off() {
    bounded(TEST_LIMIT, async {
        let (_dir, db, server) = fresh_server().await;
        let addr = server.local_addr();
        let (_a, mut alice) = arrive(addr, [127, 0, 0, 2], "alice", &key()).await;
        ssh::sign_up(&mut alice, "alice").await;
        alice.send(b"p").await;
        alice
            .wait_for("the profile", |g| g.shows("Profile of alice"))
            .await;
        let code = ssh::link_code(&mut alice).await;

        // A second key types the code (in small letters): it is Alice's now.
        let laptop = key();
        let (_b, mut second) = arrive(addr, [127, 0, 0, 2], "laptop", &laptop).await;
        second
            .wait_for("the welcome", |g| g.shows("Choose the handle"))
            .await;
        second.send(b"\t").await;
        enter(&mut second, &code.to_lowercase()).await;
        second
            .wait_for("the link", |g| g.shows("This key is now linked to alice"))
            .await;

        // The same code again, from a third key: used up.
        let (_c, mut third) = arrive(addr, [127, 0, 0, 4], "third", &key()).await;
        third
            .wait_for("the welcome", |g| g.shows("Choose the handle"))
            .await;
        third.send(b"\t").await;
        enter(&mut third, &code).await;
        third
            .wait_for("the refusal", |g| g.shows("wrong or has expired"))
            .await;
        // Guesses at speed: after five wrong codes, no more tries for a while, even a right
        // one.
        for n in 0..5 {
            enter(&mut third, &format!("WRONG{n:03}")).await;
        }
        third
            .wait_for("the lock", |g| g.shows("Too many wrong codes"))
            .await;
        let store = SqliteStore::open(&db).unwrap();
        let alice_id = store.account_by_handle("alice").unwrap().unwrap().id;
        assert_eq!(store.keys(alice_id).unwrap().len(), 2);
        server.shutdown().await;
    })
    .await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_key_that_drops_before_choosing_leaves_nothing_and_another_key_is_a_stranger() {
    bounded(TEST_LIMIT, async {
        let (_dir, db, server) = fresh_server().await;
        let addr = server.local_addr();
        let first = key();
        {
            let (conn, mut view) = arrive(addr, [127, 0, 0, 2], "alice", &first).await;
            view.wait_for("the welcome", |g| g.shows("Choose the handle"))
                .await;
            drop(view);
            drop(conn);
        }
        // Back with another key: a stranger again, who may take the handle.
        let (_b, mut again) = arrive(addr, [127, 0, 0, 2], "alice", &key()).await;
        ssh::sign_up(&mut again, "alice").await;
        // The first key is nobody's: it is offered the welcome, and the handle is taken.
        let (_c, mut first_again) = arrive(addr, [127, 0, 0, 2], "alice", &first).await;
        first_again
            .wait_for("the welcome", |g| g.shows("Choose the handle"))
            .await;
        first_again.send(b"\r").await;
        first_again.wait_for("taken", |g| g.shows("is taken")).await;
        let store = SqliteStore::open(&db).unwrap();
        let alice = store.account_by_handle("alice").unwrap().unwrap();
        assert_eq!(store.keys(alice.id).unwrap().len(), 1);
        server.shutdown().await;
    })
    .await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_banned_account_is_told_and_let_go() {
    bounded(TEST_LIMIT, async {
        let (_dir, db, server) = fresh_server().await;
        let addr = server.local_addr();
        let bobs = key();
        {
            let (_b, mut bob) = arrive(addr, [127, 0, 0, 3], "bob", &bobs).await;
            ssh::sign_up(&mut bob, "bob").await;
        }
        SqliteStore::open(&db)
            .unwrap()
            .set_banned("bob", true)
            .unwrap();
        let (_b, mut bob) = arrive(addr, [127, 0, 0, 3], "bob", &bobs).await;
        bob.wait_closed().await;
        assert!(
            bob.text
                .contains("the account bob is banned from this server"),
            "{}",
            bob.text
        );
        server.shutdown().await;
    })
    .await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn profiles_open_from_a_tables_line_and_by_finding_a_handle() {
    bounded(TEST_LIMIT, async {
        let (_dir, _db, server) = fresh_server().await;
        let addr = server.local_addr();
        let (_a, mut alice) = arrive(addr, [127, 0, 0, 2], "alice", &key()).await;
        let (_b, mut bob) = arrive(addr, [127, 0, 0, 3], "bob", &key()).await;
        ssh::sign_up(&mut alice, "alice").await;
        ssh::sign_up(&mut bob, "bob").await;
        ssh::open_table(&mut alice, &mut bob).await;
        // On the table's line, p opens the profile of the person sitting there.
        bob.send(b"jjjp").await;
        bob.wait_for("alice's profile", |s| s.shows("Profile of alice"))
            .await;
        assert!(!bob.shows("Linked keys"), "{}", bob.contents());
        // / finds a player by handle, in any case; a handle nobody has is said so.
        bob.send(b"/nobody\r").await;
        bob.wait_for("no such player", |s| {
            s.shows("No player is called \"nobody\"")
        })
        .await;
        bob.send(b"/BOB\r").await;
        bob.wait_for("his own profile", |s| {
            s.shows("Profile of bob") && s.shows("Linked keys")
        })
        .await;
        server.shutdown().await;
    })
    .await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_profile_found_from_the_leaderboard_goes_back_to_it_and_ones_own_stays_current() {
    bounded(TEST_LIMIT, async {
        let (_dir, db, server) = fresh_server().await;
        let addr = server.local_addr();
        let (_a, mut alice) = arrive(addr, [127, 0, 0, 2], "alice", &key()).await;
        let (_b, mut bob) = arrive(addr, [127, 0, 0, 3], "bob", &key()).await;
        ssh::sign_up(&mut alice, "alice").await;
        ssh::sign_up(&mut bob, "bob").await;

        // From the leaderboard, / finds bob; Esc comes back to the leaderboard, then leaves.
        alice.send(b"b").await;
        alice
            .wait_for("the leaderboard", |s| s.shows("Leaderboard ‹"))
            .await;
        alice.send(b"/bob\r").await;
        alice
            .wait_for("bob's profile", |s| s.shows("Profile of bob"))
            .await;
        alice.send(b"\x1b").await;
        alice
            .wait_for("the leaderboard again", |s| s.shows("Leaderboard ‹"))
            .await;
        alice.send(b"\x1b").await;
        alice.wait_lobby().await;

        // Her own profile open, a key linked from another session shows without reopening.
        alice.send(b"p").await;
        alice
            .wait_for("her profile", |s| s.shows("Profile of alice"))
            .await;
        let code = ssh::link_code(&mut alice).await;
        let laptop = key();
        let (_c, mut second) = arrive(addr, [127, 0, 0, 2], "laptop", &laptop).await;
        second
            .wait_for("the welcome", |g| g.shows("Choose the handle"))
            .await;
        second.send(b"\t").await;
        enter(&mut second, &code).await;
        second
            .wait_for("the link", |g| g.shows("This key is now linked to alice"))
            .await;
        let store = SqliteStore::open(&db).unwrap();
        let alice_id = store.account_by_handle("alice").unwrap().unwrap().id;
        let keys = store.keys(alice_id).unwrap();
        assert_eq!(keys.len(), 2);
        let fingerprints: Vec<String> = keys.iter().map(|k| k.fingerprint.clone()).collect();
        alice
            .wait_for("both keys listed", |s| {
                fingerprints.iter().all(|f| s.shows(&f[..20]))
            })
            .await;
        server.shutdown().await;
    })
    .await;
}
