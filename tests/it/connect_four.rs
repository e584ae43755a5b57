//! A game kept outside the crate: Connect Four, whose whole code is `examples/connect_four/`,
//! installed beside the five built in by that example's `main`. Through the real program it
//! is listed and played from the home screen, played in text mode, recorded, resumed and
//! replayed, and played by two people at a server's table and rated; plain `trios` does not
//! know it and says so.

use std::path::{Path, PathBuf};
use std::process::Stdio;
use std::time::Duration;

use crate::common::bin::{DATA_DIR_ENV, DEADLINE, Run, command_of, run_command};
use crate::common::fork::SpawnGuarded;
use crate::common::pty::Terminal;
use crate::common::ssh::{self, arrive, bounded, key};
use trios::store::Store;
use trios::store::sqlite::SqliteStore;

/// The example program, which `cargo test` builds beside the tests.
fn program() -> PathBuf {
    let trios = Path::new(env!("CARGO_BIN_EXE_trios"));
    let dir = trios.parent().expect("the binaries' folder");
    let path = dir
        .join("examples")
        .join(format!("connect_four{}", std::env::consts::EXE_SUFFIX));
    assert!(
        path.exists(),
        "{} is missing: `cargo test` builds it; for one test target, run \
         `cargo build --example connect_four` first",
        path.display()
    );
    path
}

/// Runs the example with `args` in `dir` (data in `data`), `input` on standard input.
fn run(dir: &Path, data: &Path, args: &[&str], input: &str) -> Run {
    let mut cmd = command_of(program(), dir, args);
    cmd.env(DATA_DIR_ENV, data);
    let run = run_command(
        cmd,
        Stdio::piped(),
        Some(input.as_bytes().to_vec()),
        DEADLINE,
    );
    assert!(!run.timed_out, "connect_four {args:?} did not finish");
    run
}

/// `drop C` lines for the columns given.
fn drops(columns: &str) -> String {
    columns.chars().map(|c| format!("drop {c}\n")).collect()
}

const TEXT: [&str; 6] = [
    "play",
    "--game",
    "connect-four",
    "--ui",
    "text",
    "--no-autosave",
];

#[test]
fn it_plays_in_text_mode_to_four_across_down_or_diagonal() {
    let dir = tempfile::tempdir().expect("folder");
    let data = dir.path().join("data");
    // Four down in column d.
    let down = run(dir.path(), &data, &TEXT, &drops("dedededd"));
    assert_eq!(down.code, Some(0), "{}", down.stderr);
    assert!(down.stdout.ends_with(
        "3 . . . R . . .\n4 . . . R Y . .\n5 . . . R Y . .\n6 . . . R Y . .\n  \
         a b c d e f g\nGame over: Red wins\n"
    ));
    // The eighth line came after the end: nothing more is read.
    assert_eq!(down.stdout.matches("a b c d e f g").count(), 8);
    // A rising diagonal a6 b5 c4 d3 for Red, after eleven moves.
    let diagonal = run(dir.path(), &data, &TEXT, &drops("abbccdcddgd"));
    assert!(
        diagonal
            .stdout
            .contains("3 . . . R . . .\n4 . . R R . . .\n5 . R R Y . . .\n6 R Y Y Y . . Y\n")
    );
    assert!(diagonal.stdout.ends_with("Game over: Red wins\n"));
    // Four across for Yellow on the bottom row, Red stacking above.
    let across = run(dir.path(), &data, &TEXT, &drops("gaabbccdd"));
    assert!(
        across.stdout.ends_with("Game over: Yellow wins\n"),
        "{}",
        across.stdout
    );
}

#[test]
fn its_text_mode_refuses_what_is_not_a_move_and_a_full_column() {
    let dir = tempfile::tempdir().expect("folder");
    let data = dir.path().join("data");
    let input = format!("drop h\nplace 1 2\ndrop\n{}drop d\nquit\n", drops("dddddd"));
    let run = run(dir.path(), &data, &TEXT, &input);
    assert_eq!(run.code, Some(0), "{}", run.stderr);
    assert_eq!(
        run.error_lines(),
        [
            "error: drop takes a column letter from a to g, not \"h\"",
            "error: unknown command \"place\"; type help for the commands",
            "error: drop takes one column letter, e.g. drop d",
            "error: column d is full",
        ]
    );
    // Six stones alternate up column d: no four, the game goes on.
    assert!(run.stdout.contains("1 . . . Y . . .\n2 . . . R . . ."));
    assert!(!run.stdout.contains("Game over"));
}

#[test]
fn its_record_resumes_and_replays_and_plain_trios_names_the_games_it_knows() {
    let dir = tempfile::tempdir().expect("folder");
    let data = dir.path().join("data");
    let record = dir.path().join("game.json");
    let file = record.to_str().expect("a UTF-8 path");
    let args = [
        "play",
        "--game",
        "connect-four",
        "--ui",
        "text",
        "--seed",
        "5",
        "--record",
        file,
    ];
    // Three moves, then the input ends: the record keeps them.
    let first = run(dir.path(), &data, &args, &drops("ded"));
    assert_eq!(first.code, Some(0), "{}", first.stderr);
    let text = std::fs::read_to_string(&record).expect("the record");
    let json: serde_json::Value = serde_json::from_str(&text).expect("JSON");
    assert_eq!(json["game"], "connect-four");
    assert_eq!(json["moves"].as_array().map(Vec::len), Some(3));
    // The same match (its seed given) goes on from the fourth move to the end.
    let second = run(dir.path(), &data, &args, &drops("eded"));
    assert!(second.stderr.contains("(move 4)"), "{}", second.stderr);
    assert!(
        second.stdout.ends_with("Game over: Red wins\n"),
        "{}",
        second.stdout
    );
    // Replayed as text: every move and the view after it, then the end.
    let replay = run(dir.path(), &data, &["replay", file, "--ui", "text"], "");
    assert_eq!(replay.code, Some(0), "{}", replay.stderr);
    let plays: Vec<&str> = (replay.stdout.lines())
        .filter(|l| l.contains(" plays "))
        .collect();
    assert_eq!(
        plays,
        [
            "Red plays d6",
            "Yellow plays e6",
            "Red plays d5",
            "Yellow plays e5",
            "Red plays d4",
            "Yellow plays e4",
            "Red plays d3"
        ]
    );
    assert!(replay.stdout.ends_with("Game over: Red wins\n"));
    // trios alone has no such game, and says which it has.
    let mut plain = crate::common::bin::command(dir.path(), &["replay", file, "--ui", "text"]);
    plain.env(DATA_DIR_ENV, &data);
    let plain = run_command(plain, Stdio::null(), None, DEADLINE);
    assert_eq!(plain.code, Some(2));
    assert!(
        plain.stderr.contains(
            "\"game\" is \"connect-four\"; expected one of three-trios, reversi, islands, \
             triad, hexpaths"
        ),
        "{}",
        plain.stderr
    );
}

#[test]
fn the_home_screen_lists_it_plays_it_and_offers_to_resume_it() {
    let data = tempfile::tempdir().expect("data folder");
    let mut home = Terminal::start(program(), data.path());
    home.wait_for("Connect Four     drop stones in seven columns; four in a row wins");
    home.send(b"\x1b[C\x1b[C\x1b[C\x1b[C\x1b[C");
    home.wait_for("‹ Connect Four ›");
    home.wait_for("Watch two computers · random vs expert");
    home.send(b"\r");
    home.wait_for("Connect Four ● Red (you) vs ○ Yellow (expert)");
    home.wait_for("Red to move");
    // The cursor starts on the middle column's lowest cell; the computer answers.
    home.send(b"\r");
    home.wait_for("1. Red d6");
    home.wait_for("2. Yellow");
    home.wait_for("Red to move");
    home.send(b"q");
    home.wait_for("Resume");
    let matches = data.path().join("matches");
    let saved: Vec<_> = std::fs::read_dir(&matches)
        .expect("the autosave folder")
        .map(|e| e.expect("entry").path())
        .collect();
    assert_eq!(saved.len(), 1, "{saved:?}");
    let text = std::fs::read_to_string(&saved[0]).expect("the autosave");
    assert!(text.contains("\"game\": \"connect-four\""), "{text}");
    home.send(b"q");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn two_people_play_it_at_a_server_table_and_it_is_rated_in_its_own_group() {
    let dir = tempfile::tempdir().expect("folder");
    let data = dir.path().join("data");
    let args = [
        "serve",
        "--listen",
        "127.0.0.1:0",
        "--no-showcase",
        "--game",
        "connect-four",
    ];
    let mut cmd = command_of(program(), dir.path(), &args);
    cmd.env(DATA_DIR_ENV, &data)
        .stdout(Stdio::null())
        .stderr(Stdio::piped());
    let mut child = cmd.spawn_guarded().expect("the server starts");
    let stderr = child.stderr.take().expect("its log");
    let addr = crate::common::bin::serving_address(stderr, |_| {});
    bounded(Duration::from_secs(120), async {
        let (_a, mut alice) = arrive(addr, [127, 0, 0, 2], "alice", &key()).await;
        let (_b, mut bob) = arrive(addr, [127, 0, 0, 3], "bob", &key()).await;
        ssh::sign_up(&mut alice, "alice").await;
        ssh::sign_up(&mut bob, "bob").await;
        assert!(alice.shows("‹ Connect Four ›"), "{}", alice.contents());
        ssh::open_and_join(&mut alice, &mut bob).await;
        assert!(alice.shows("Connect Four"), "{}", alice.contents());
        ssh::play_out_by_screens([&mut alice, &mut bob], ["Red", "Yellow"]).await;
    })
    .await;
    let _ = child.kill();
    let _ = child.wait();
    let store = SqliteStore::open(&data.join("trios.db")).expect("the players database");
    let alice = store
        .account_by_handle("alice")
        .expect("read")
        .expect("alice");
    let games = store.games(alice.id, 10).expect("her games");
    assert_eq!(games.len(), 1, "{games:?}");
    assert_eq!(games[0].game, "connect-four");
    assert_eq!(games[0].group, "connect-four");
    assert!(games[0].rated);
    let record = games[0].record.as_deref().expect("the game's record");
    let text = std::fs::read_to_string(data.join("matches").join(record))
        .or_else(|_| std::fs::read_to_string(record))
        .expect("the record file");
    assert!(text.contains("\"game\": \"connect-four\""));
}
