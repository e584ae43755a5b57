//! A guest is never taken for an account holder: whatever user name a client without an
//! account sends (a registered handle in any case, a banned one, one renamed away, a
//! look-alike), every screen, record and list shows them as `guest NAME`, and every link to
//! a player goes by account, never by the name shown.

use crate::common::bin::run_with;
use crate::common::ssh::{self, Game, arrive, bounded, key, login_from, open_game};

use std::time::Duration;

use trios::controller::table::SeatState;
use trios::store::Store;
use trios::store::sqlite::SqliteStore;

const TEST_LIMIT: Duration = Duration::from_secs(120);
const POLL: Duration = Duration::from_millis(20);

/// A guest's lobby at `cols` x `rows`, logged in without a key as `user` from `from`.
async fn guest(
    addr: std::net::SocketAddr,
    from: [u8; 4],
    user: &str,
    cols: u16,
    rows: u16,
) -> (ssh::Connection, Game) {
    let conn = login_from(addr, from, user).await;
    let mut view = open_game(&conn, cols, rows).await;
    view.wait_lobby().await;
    (conn, view)
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_guest_asking_for_any_form_of_a_handle_is_shown_as_a_guest() {
    bounded(TEST_LIMIT, async {
        let (_dir, db, server) = ssh::fresh_store_server().await;
        let addr = server.local_addr();
        let (_a, mut alice) = arrive(addr, [127, 0, 0, 2], "alice", &key()).await;
        ssh::sign_up(&mut alice, "alice").await;
        {
            let (_b, mut bob) = arrive(addr, [127, 0, 0, 3], "bob", &key()).await;
            ssh::sign_up(&mut bob, "bob").await;
            let (_c, mut carol) = arrive(addr, [127, 0, 0, 4], "carol", &key()).await;
            ssh::sign_up(&mut carol, "carol").await;
        }
        {
            let store = SqliteStore::open(&db).unwrap();
            store.set_banned("bob", true).unwrap();
            store.rename("carol", "caroline").unwrap();
        }
        // Same case, other case, banned, renamed away, a Cyrillic look-alike.
        for (n, asked) in ["alice", "ALICE", "bob", "carol", "\u{430}lice"]
            .into_iter()
            .enumerate()
        {
            let from = [127, 0, 1, n as u8 + 1];
            let (_g, view) = guest(addr, from, asked, 100, 30).await;
            let header = format!("playing as guest {asked}");
            assert!(view.shows(&header), "{asked}: {}", view.contents());
            assert!(!view.shows("signed in as"), "{asked}: {}", view.contents());
            // A guest is offered no profile of their own; asked anyway, they are told why.
            assert!(!view.shows("p profile"), "{asked}: {}", view.contents());
            view.send(b"p").await;
            let mut view = view;
            view.wait_for("no profile", |s| s.shows("Guests have no profile"))
                .await;
        }
        server.shutdown().await;
    })
    .await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_guest_named_like_an_account_plays_it_as_a_guest_on_every_surface() {
    bounded(TEST_LIMIT, async {
        let (dir, db, server) = ssh::fresh_store_server().await;
        let addr = server.local_addr();
        let (_a, mut alice) = arrive(addr, [127, 0, 0, 2], "alice", &key()).await;
        ssh::sign_up(&mut alice, "alice").await;
        let (_g, mut impostor) = guest(addr, [127, 0, 0, 9], "alice", 200, 60).await;

        // Alice's lobby lists the guest as a guest, online and at the open table.
        alice
            .wait_for("the guest online", |s| s.shows("guest alice"))
            .await;
        ssh::open_table(&mut impostor, &mut alice).await;
        assert!(alice.shows("guest alice vs"), "{}", alice.contents());
        // p on the guest's table: no profile, and never the account's of that name.
        alice.send(b"jjjp").await;
        alice
            .wait_for("no profile", |s| s.shows("Guests have no profile"))
            .await;
        assert!(!alice.shows("Profile of"), "{}", alice.contents());

        // At the table: the title and seats say guest.
        alice.send(b"\r").await;
        for view in [&mut impostor, &mut alice] {
            view.wait_for("both seated", |s| {
                s.shows("Dark (guest alice)") && s.shows("Light (alice)")
            })
            .await;
            view.send(b"a??").await;
        }
        ssh::play_out(&server, [&mut impostor, &mut alice], ["Dark", "Light"]).await;
        for view in [&mut impostor, &mut alice] {
            view.wait_for("the end box", |s| s.shows("Game over")).await;
            assert!(view.shows("guest alice"), "{}", view.contents());
        }

        // The history keeps the guest as a guest: no account, and the mark in the name.
        let store = SqliteStore::open(&db).unwrap();
        let me = store.account_by_handle("alice").unwrap().unwrap().id;
        let mut games = Vec::new();
        for _ in 0..100 {
            games = store.games(me, 10).unwrap();
            if !games.is_empty() {
                break;
            }
            tokio::time::sleep(Duration::from_millis(50)).await;
        }
        assert_eq!(games.len(), 1, "{games:?}");
        let seats = &games[0].players;
        let theirs = seats.iter().find(|p| p.account != Some(me)).unwrap();
        assert_eq!(
            (theirs.account, theirs.name.as_str()),
            (None, "guest alice")
        );
        assert!(!games[0].rated, "a guest's game is casual");
        server.shutdown().await;
        drop(store);

        // `trios players games` says so, in words and in JSON.
        let db_arg = db.to_str().unwrap();
        let players = |json: bool| {
            let mut args = vec!["players", "games", "alice", "--database", db_arg];
            args.extend(json.then_some("--json"));
            let run = run_with(dir.path(), &args, std::process::Stdio::null(), None);
            assert_eq!(run.code, Some(0), "{}", run.stderr);
            run.stdout
        };
        let text = players(false);
        assert!(text.contains("guest alice vs alice"), "{text}");
        let json: serde_json::Value = serde_json::from_str(&players(true)).unwrap();
        let seats = json["games"][0]["players"].as_array().unwrap();
        let guest = seats.iter().find(|p| p["account"].is_null()).unwrap();
        assert_eq!(guest["name"], "guest alice", "{json}");
    })
    .await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_renamed_account_keeps_its_seat_and_its_sessions_take_the_new_handle_at_once() {
    bounded(TEST_LIMIT, async {
        let (_dir, db, server) = ssh::fresh_store_server().await;
        let addr = server.local_addr();
        let bobs = key();
        let (_a, mut alice) = arrive(addr, [127, 0, 0, 2], "alice", &key()).await;
        ssh::sign_up(&mut alice, "alice").await;
        let (seated, mut bob) = arrive(addr, [127, 0, 0, 3], "bob", &bobs).await;
        ssh::sign_up(&mut bob, "bob").await;
        // A second session of bob's, idle in the lobby.
        let (_b2, mut lobby) = arrive(addr, [127, 0, 0, 3], "bob", &bobs).await;
        lobby
            .wait_for("signed in", |s| s.shows("signed in as bob"))
            .await;

        ssh::open_and_join(&mut alice, &mut bob).await;
        // Bob's seated connection drops: his seat is kept for him.
        drop(bob);
        drop(seated);
        let seats = |state: SeatState| {
            let server = &server;
            move || (server.tables().first()).is_some_and(|t| t.seats[1].state == state)
        };
        ssh::eventually("bob away", POLL, seats(SeatState::Away)).await;

        // The operator renames him meanwhile.
        SqliteStore::open(&db)
            .unwrap()
            .rename("bob", "robert")
            .unwrap();
        // His idle session takes the new handle at once, and says so.
        lobby
            .wait_for("the new handle", |s| {
                s.shows("signed in as robert") && s.shows("Your account is now called robert")
            })
            .await;
        // Back with his key, he is his account whatever it is called: his seat is his.
        let (_b3, mut back) = arrive(addr, [127, 0, 0, 3], "bob", &bobs).await;
        back.wait_for("the kept seat", |s| {
            s.shows("○ Light") && s.shows("Dark to move")
        })
        .await;
        ssh::eventually("bob back", POLL, seats(SeatState::Present)).await;
        // The game in play keeps the names it began with, as its record does.
        assert!(back.shows("Light (bob)"), "{}", back.contents());
        server.shutdown().await;
    })
    .await;
}
