//! `trios players` through the real binary, on a SQLite store filled directly: leaderboards,
//! profiles and histories as tables and as JSON that matches the store, renaming (and the
//! handles it refuses), banning, and the errors of a missing, corrupt or unreachable database
//! (empty, truncated, damaged, foreign and newer files are `store_trust`'s).

use crate::common;

use std::path::{Path, PathBuf};
use std::process::Stdio;

use common::bin::{DATA_DIR_ENV, DEADLINE, Run, command, run_command};
use serde_json::Value;
use trios::store::sqlite::SqliteStore;
use trios::store::worker::now;
use trios::store::{Account, DAY, Finished, LICHESS, Participant, Store};

/// The environment form of `--database`, which must not leak in from the tester's shell.
const DATABASE_ENV: &str = "TRIOS_DATABASE_URL";

/// A data folder holding `trios.db` with three players: alice and bob, established in
/// Reversi after many games with each other (alice winning most), and carol, provisional
/// after two games with alice and one casual game.
struct World {
    dir: tempfile::TempDir,
}

impl World {
    fn new() -> World {
        let world = World {
            dir: tempfile::tempdir().unwrap(),
        };
        let store = world.store();
        let now = now();
        let start = now - 20 * DAY;
        let alice = store
            .create_account("alice", "SHA256:alice-key", start - DAY)
            .unwrap();
        let bob = store
            .create_account("bob", "SHA256:bob-key", start - DAY)
            .unwrap();
        let carol = store
            .create_account("carol", "SHA256:carol-key", start - DAY)
            .unwrap();
        // Eight games a day at most: well under a pair's daily limit of rated games.
        let mut ended = start;
        let mut n = 0;
        loop {
            ended += 3 * 3600;
            let alice_wins = n % 4 != 3;
            store
                .write_result(&game(n, &alice, &bob, alice_wins, true, ended), &LICHESS)
                .unwrap();
            n += 1;
            let both = [&alice, &bob].map(|a| {
                store
                    .ratings(a.id)
                    .unwrap()
                    .iter()
                    .any(|r| r.established(now, &LICHESS))
            });
            if both == [true, true] {
                break;
            }
            assert!(n < 120, "alice and bob never became established");
        }
        for (casual, wins) in [(false, true), (false, false), (true, true)] {
            ended += 3 * 3600;
            store
                .write_result(&game(n, &alice, &carol, wins, !casual, ended), &LICHESS)
                .unwrap();
            n += 1;
        }
        world
    }

    fn data(&self) -> &Path {
        self.dir.path()
    }

    fn db(&self) -> PathBuf {
        self.data().join("trios.db")
    }

    fn store(&self) -> SqliteStore {
        SqliteStore::open(&self.db()).unwrap()
    }

    fn account(&self, handle: &str) -> Account {
        self.store().account_by_handle(handle).unwrap().unwrap()
    }

    /// Runs `trios players ARGS` on this data folder.
    fn run(&self, args: &[&str]) -> Run {
        players(self.data(), args)
    }
}

/// Runs `trios players ARGS` with `data` as the data folder and no database URL.
fn players(data: &Path, args: &[&str]) -> Run {
    let args: Vec<&str> = ["players"].iter().chain(args).copied().collect();
    let mut cmd = command(data, &args);
    cmd.env(DATA_DIR_ENV, data).env_remove(DATABASE_ENV);
    let run = run_command(cmd, Stdio::null(), None, DEADLINE);
    assert!(!run.timed_out, "trios {args:?} did not finish in time");
    run
}

/// The `n`th game: `a` against `b` at Reversi, ending at `ended`.
fn game(n: usize, a: &Account, b: &Account, a_wins: bool, rated: bool, ended: i64) -> Finished {
    let seat = |who: &Account, won: bool| Participant {
        account: Some(who.id),
        name: who.handle.clone(),
        place: if won { 0 } else { 1 },
        computer: false,
    };
    Finished {
        id: format!("game-{n}"),
        game: "reversi".into(),
        group: "reversi".into(),
        rated,
        started: ended - 600,
        ended,
        summary: if a_wins {
            format!("{} wins 40–24", a.handle)
        } else {
            format!("{} wins 36–28", b.handle)
        },
        record: Some(format!("matches/game-{n}.json")),
        players: vec![seat(a, a_wins), seat(b, !a_wins)],
    }
}

fn json(run: &Run) -> Value {
    run.assert_clean_exit();
    assert_eq!(
        run.stdout.lines().count(),
        1,
        "one JSON value: {}",
        run.stdout
    );
    serde_json::from_str(&run.stdout).unwrap()
}

fn close(a: &Value, b: f64, within: f64) {
    let a = a.as_f64().unwrap_or_else(|| panic!("{a} is not a number"));
    assert!((a - b).abs() <= within, "{a} is not {b}");
}

#[test]
fn the_leaderboard_is_the_store_s_in_json_and_as_a_table() {
    let world = World::new();
    let expected = world.store().top("reversi", now(), 50, &LICHESS).unwrap();
    assert_eq!(expected.len(), 2, "{expected:?}");

    let value = json(&world.run(&["top", "--game", "reversi", "--json"]));
    assert_eq!(value["group"], "reversi");
    let listed = value["players"].as_array().unwrap();
    assert_eq!(listed.len(), expected.len());
    for (line, standing) in listed.iter().zip(&expected) {
        assert_eq!(line["rank"], standing.rank);
        assert_eq!(line["handle"], standing.handle.as_str());
        close(&line["rating"], standing.rating, 1e-9);
        // The RD grows with idle time: a second apart it grows by far less than this.
        close(&line["deviation"], standing.deviation, 1e-3);
        assert_eq!(line["games"], standing.games);
        assert_eq!(line.as_object().unwrap().len(), 5, "{line}");
    }

    let text = world.run(&["top", "--game", "reversi"]);
    text.assert_clean_exit();
    let lines: Vec<&str> = text.stdout.lines().collect();
    assert!(
        lines[0].contains("rank") && lines[0].contains("RD"),
        "{lines:?}"
    );
    for (line, standing) in lines[1..].iter().zip(&expected) {
        let cells: Vec<&str> = line.split_whitespace().collect();
        assert_eq!(cells[0], standing.rank.to_string());
        assert_eq!(cells[1], standing.handle);
        assert_eq!(cells[2], (standing.rating.round() as i64).to_string());
    }
    assert_eq!(lines.len(), 1 + expected.len(), "{lines:?}");
    assert!(!text.stdout.contains("carol"), "carol is provisional");

    // --limit, and a game name is its main group.
    let one = json(&world.run(&["top", "--game", "reversi", "--json", "--limit", "1"]));
    assert_eq!(one["players"].as_array().unwrap().len(), 1);
}

#[test]
fn an_empty_or_unknown_group_is_said() {
    let world = World::new();
    let empty = world.run(&["top", "--game", "triad"]);
    empty.assert_clean_exit();
    assert!(
        empty
            .stdout
            .starts_with("No established players in triad yet (a player needs 10 rated games"),
        "{}",
        empty.stdout
    );
    let none = json(&world.run(&["top", "--game", "islands-small", "--json"]));
    assert_eq!(none["players"], Value::Array(vec![]));
    world
        .run(&["top", "--game", "chess"])
        .assert_refused("no rating group is called \"chess\"");
    world
        .run(&["top", "--game", "reversi", "--limit", "1001"])
        .assert_refused("1001");
}

#[test]
fn a_profile_has_every_group_s_rating_and_no_fingerprint() {
    let world = World::new();
    let store = world.store();
    let alice = world.account("alice");
    let stored = store.ratings(alice.id).unwrap();
    let rank = store
        .rank(alice.id, "reversi", now(), &LICHESS)
        .unwrap()
        .unwrap();

    let run = world.run(&["show", "ALICE", "--json"]);
    let value = json(&run);
    assert!(!run.stdout.contains("SHA256"), "{}", run.stdout);
    assert_eq!(value["handle"], "alice");
    assert_eq!(value["created"], alice.created);
    assert_eq!(value["banned"], false);
    assert_eq!(value["keys"], 1);
    let ratings = value["ratings"].as_array().unwrap();
    assert_eq!(ratings.len(), stored.len());
    let line = &ratings[0];
    let reversi = &stored[0];
    let current = reversi.as_of(now(), &LICHESS);
    assert_eq!(line["group"], "reversi");
    close(&line["rating"], reversi.rating, 1e-9);
    close(&line["deviation"], current.deviation, 1e-3);
    close(&line["volatility"], reversi.volatility, 1e-12);
    assert_eq!(line["provisional"], false);
    assert_eq!(line["games"], reversi.games);
    assert_eq!(line["wins"], reversi.wins);
    assert_eq!(line["losses"], reversi.losses);
    assert_eq!(line["draws"], reversi.draws);
    assert_eq!(reversi.wins + reversi.losses + reversi.draws, reversi.games);
    assert_eq!(line["rank"], rank);
    assert_eq!(line["last_played"], reversi.last_played);
    assert_eq!(line.as_object().unwrap().len(), 11, "{line}");

    // Carol is provisional and unranked.
    let carol = json(&world.run(&["show", "carol", "--json"]));
    assert_eq!(carol["ratings"][0]["provisional"], true);
    assert_eq!(carol["ratings"][0]["rank"], Value::Null);
    assert_eq!(carol["ratings"][0]["games"], 2);

    let text = world.run(&["show", "alice"]);
    text.assert_clean_exit();
    assert!(text.stdout.starts_with("alice\n"), "{}", text.stdout);
    assert!(!text.stdout.contains("SHA256"), "{}", text.stdout);
    assert!(text.stdout.contains("1 linked"), "{}", text.stdout);
    assert!(text.stdout.contains(&format!("#{rank}")), "{}", text.stdout);
    assert!(
        text.stdout
            .contains(&(reversi.rating.round() as i64).to_string()),
        "{}",
        text.stdout
    );
}

#[test]
fn a_history_is_newest_first_with_each_rating_change() {
    let world = World::new();
    let carol = world.account("carol");
    let rows = world.store().games(carol.id, 20).unwrap();
    assert_eq!(rows.len(), 3);

    let value = json(&world.run(&["games", "carol", "--json"]));
    assert_eq!(value["handle"], "carol");
    let games = value["games"].as_array().unwrap();
    assert_eq!(games.len(), 3);
    let ended: Vec<i64> = games.iter().map(|g| g["ended"].as_i64().unwrap()).collect();
    assert!(ended.windows(2).all(|w| w[0] > w[1]), "{ended:?}");
    // The newest was casual; the two before it rated, each with carol's change.
    assert_eq!(games[0]["rated"], false);
    assert_eq!(games[0]["change"], Value::Null);
    for (game, row) in games.iter().zip(&rows).skip(1) {
        assert_eq!(game["id"], row.id.as_str());
        assert_eq!(game["game"], "reversi");
        assert_eq!(game["group"], "reversi");
        assert_eq!(game["rated"], true);
        assert_eq!(game["started"], row.started);
        assert_eq!(game["summary"], row.summary.as_str());
        assert_eq!(game["record"], row.record.as_deref().unwrap());
        let players = game["players"].as_array().unwrap();
        assert_eq!(players.len(), 2);
        assert_eq!(players[0]["name"], "alice");
        assert_eq!(players[1]["name"], "carol");
        assert_eq!(players[1]["account"], carol.id);
        assert_eq!(players[1]["computer"], false);
        assert!(players[1]["place"].is_u64());
        let change = row.change.as_ref().unwrap();
        for (side, rating) in [("before", &change.before), ("after", &change.after)] {
            close(&game["change"][side]["rating"], rating.rating, 1e-9);
            close(&game["change"][side]["deviation"], rating.deviation, 1e-9);
            close(
                &game["change"][side]["volatility"],
                rating.volatility,
                1e-12,
            );
        }
    }
    // Her first game started at 1500? and she lost to alice.
    close(&games[2]["change"]["before"]["rating"], 1500.0, 1e-9);
    assert_eq!(
        games[1]["change"]["before"]["rating"],
        games[2]["change"]["after"]["rating"]
    );

    let limited = json(&world.run(&["games", "carol", "--json", "--limit", "1"]));
    assert_eq!(limited["games"].as_array().unwrap().len(), 1);

    let text = world.run(&["games", "carol"]);
    text.assert_clean_exit();
    let lines: Vec<&str> = text.stdout.lines().collect();
    assert_eq!(lines.len(), 4, "{lines:?}");
    assert!(lines[1].contains("casual"), "{}", lines[1]);
    assert!(lines[3].contains("1500? → "), "{}", lines[3]);
    assert!(lines[3].contains("(-"), "{}", lines[3]);
    assert!(lines[2].contains("(+"), "{}", lines[2]);
    assert!(lines[3].contains("alice vs carol"), "{}", lines[3]);
    assert!(lines[3].contains("matches/game-"), "{}", lines[3]);
}

#[test]
fn a_renamed_player_is_found_by_the_new_handle_only() {
    let world = World::new();
    let run = world.run(&["rename", "Alice", "Alicia"]);
    run.assert_clean_exit();
    assert_eq!(run.stdout, "renamed alice to Alicia\n");
    let value = json(&world.run(&["show", "alicia", "--json"]));
    assert_eq!(value["handle"], "Alicia");
    world
        .run(&["show", "alice"])
        .assert_refused("no player is called \"alice\"");
    // Another player's handle in another case, and a reserved name, are refused.
    world
        .run(&["rename", "bob", "ALICIA"])
        .assert_refused("taken");
    world
        .run(&["rename", "bob", "Guest"])
        .assert_refused("reserved");
    world
        .run(&["rename", "bob", " bob"])
        .assert_refused("cannot start or end with a space");
    assert_eq!(world.account("bob").handle, "bob");
}

#[test]
fn a_handle_that_looks_taken_or_like_a_guest_is_refused() {
    let world = World::new();
    // A Cyrillic а and full-width letters look like alice.
    for alike in ["\u{430}lice", "\u{ff41}\u{ff4c}\u{ff49}\u{ff43}\u{ff45}"] {
        let run = world.run(&["rename", "bob", alike]);
        run.assert_refused(&format!(
            "error: \"{alike}\" looks like the taken handle \"alice\"; choose another"
        ));
        assert_eq!(run.stderr.lines().count(), 1, "{}", run.stderr);
    }
    // Guests are shown as "guest NAME": no handle begins so, in any case or look.
    for guest in ["guest carol", "GUEST carol", "gu\u{435}st carol"] {
        world
            .run(&["rename", "carol", guest])
            .assert_refused("guests are shown as \"guest NAME\"");
    }
    assert_eq!(world.account("bob").handle, "bob");
    assert_eq!(world.account("carol").handle, "carol");
    // Its own look in another case is fine.
    world.run(&["rename", "bob", "BOB"]).assert_clean_exit();
}

#[test]
fn a_ban_is_kept_and_lifted() {
    let world = World::new();
    let run = world.run(&["ban", "bob"]);
    run.assert_clean_exit();
    assert_eq!(run.stdout, "banned bob: their keys are refused at login\n");
    assert!(world.account("bob").banned);
    assert_eq!(json(&world.run(&["show", "bob", "--json"]))["banned"], true);
    let run = world.run(&["ban", "BOB", "--undo"]);
    run.assert_clean_exit();
    assert_eq!(run.stdout, "unbanned bob\n");
    assert!(!world.account("bob").banned);
}

#[test]
fn an_unknown_player_is_said_in_one_line() {
    let world = World::new();
    for args in [
        &["show", "nobody"][..],
        &["games", "nobody", "--json"],
        &["ban", "nobody"],
        &["rename", "nobody", "somebody"],
    ] {
        let run = world.run(args);
        run.assert_refused("error: no player is called \"nobody\"");
        assert_eq!(run.stderr.lines().count(), 1, "{}", run.stderr);
    }
}

#[test]
fn a_missing_database_is_said_and_not_created() {
    let data = tempfile::tempdir().unwrap();
    let db = data.path().join("trios.db");
    for args in [
        &["top", "--game", "reversi"][..],
        &["show", "alice", "--json"],
        &["games", "alice"],
    ] {
        let run = players(data.path(), args);
        run.assert_refused(&format!(
            "error: no players database at {} yet (a server creates it when it first runs)",
            db.display()
        ));
        assert!(!db.exists(), "{args:?} created the database");
    }
}

#[test]
fn reading_creates_no_data_folder() {
    let parent = tempfile::tempdir().unwrap();
    let data = parent.path().join("data");
    let mut cmd = command(parent.path(), &["players", "show", "alice"]);
    cmd.env(DATA_DIR_ENV, &data).env_remove(DATABASE_ENV);
    let run = run_command(cmd, Stdio::null(), None, DEADLINE);
    run.assert_refused("no players database at");
    assert!(!data.exists(), "the data folder was created");
}

#[test]
fn a_corrupt_database_is_refused_and_left_as_it_was() {
    let data = tempfile::tempdir().unwrap();
    let db = data.path().join("trios.db");
    // Bytes no database starts with, the same every run.
    let mut x: u64 = 0x9e37_79b9_7f4a_7c15;
    let bytes: Vec<u8> = (0..65_536)
        .map(|_| {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            x as u8
        })
        .collect();
    std::fs::write(&db, &bytes).unwrap();
    for args in [
        &["show", "alice"][..],
        &["top", "--game", "reversi", "--json"],
    ] {
        let run = players(data.path(), args);
        run.assert_refused(&format!("{} is not a SQLite database", db.display()));
        assert_eq!(run.stderr.lines().count(), 1, "{}", run.stderr);
        assert_eq!(std::fs::read(&db).unwrap(), bytes, "the file was changed");
    }
}

#[test]
fn an_unreachable_postgres_is_said_in_one_line() {
    let data = tempfile::tempdir().unwrap();
    // Port 1 on this machine: nothing listens there, so the connection is refused at once.
    let url = "postgres://trios:secret@127.0.0.1:1/trios";
    let run = players(data.path(), &["--database", url, "show", "alice"]);
    run.assert_refused("error: the players database cannot be reached right now: ");
    assert!(run.stderr.contains("127.0.0.1:1"), "{}", run.stderr);
    assert!(!run.stderr.contains("damaged"), "{}", run.stderr);
    assert_eq!(run.stderr.lines().count(), 1, "{}", run.stderr);
    assert!(
        !run.stderr.contains("secret"),
        "the password leaked: {}",
        run.stderr
    );

    // The environment form, too.
    let mut cmd = command(data.path(), &["players", "top", "--game", "reversi"]);
    cmd.env(DATA_DIR_ENV, data.path()).env(DATABASE_ENV, url);
    let run = run_command(cmd, Stdio::null(), None, DEADLINE);
    run.assert_refused("error: ");
    assert!(!data.path().join("trios.db").exists());

    // Help shows where the URL may come from, not the URL.
    let mut cmd = command(data.path(), &["players", "--help"]);
    cmd.env(DATABASE_ENV, url);
    let run = run_command(cmd, Stdio::null(), None, DEADLINE);
    run.assert_clean_exit();
    assert!(run.stdout.contains(DATABASE_ENV), "{}", run.stdout);
    assert!(!run.stdout.contains("secret"), "{}", run.stdout);
}

#[test]
fn a_backup_is_a_whole_database_and_never_overwrites() {
    let world = World::new();
    let dest = world.data().join("copy.db");
    let dest_text = dest.to_str().unwrap();
    let run = world.run(&["backup", dest_text]);
    run.assert_clean_exit();
    assert!(run.stdout.starts_with("backed up "), "{}", run.stdout);
    // The copy is a trios database with the same players and games.
    let copy = SqliteStore::open(&dest).unwrap();
    let alice = world.account("alice");
    let copied = copy.account_by_handle("alice").unwrap().unwrap();
    assert_eq!(copied, alice);
    assert_eq!(
        copy.games(alice.id, 1000).unwrap(),
        world.store().games(alice.id, 1000).unwrap()
    );
    // A second backup to the same file is refused, and the file kept.
    let before = std::fs::read(&dest).unwrap();
    world.run(&["backup", dest_text]).assert_refused("exists");
    assert_eq!(std::fs::read(&dest).unwrap(), before);
}
