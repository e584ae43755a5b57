//! The home screen through the real binary in a pseudo-terminal: matches opened from it and
//! left before their first move leave no record in the data folder.

use crate::common::fork::SpawnGuarded;
use crate::common::pty::{TIMEOUT, Terminal};
use std::path::Path;
use std::thread;
use std::time::{Duration, Instant};

/// The records in data folder `data`.
fn records(data: &Path) -> Vec<String> {
    match std::fs::read_dir(data.join("matches")) {
        Ok(entries) => entries
            .map(|e| e.expect("entry").file_name().to_string_lossy().into_owned())
            .collect(),
        Err(_) => Vec::new(),
    }
}

#[test]
fn games_opened_from_home_and_left_before_a_move_leave_no_record() {
    let data = tempfile::tempdir().expect("data folder");
    let mut home = Terminal::start(env!("CARGO_BIN_EXE_trios"), data.path());
    home.wait_for("Play the computer");
    // Three Trios against the computer, left at once.
    home.send(b"\r");
    home.wait_for("RED to move");
    home.send(b"q");
    home.wait_for("Play the computer");
    // Reversi against the computer, the same.
    home.send(b"\x1b[C");
    home.wait_for("‹ Reversi ›");
    home.send(b"\r");
    home.wait_for("Dark to move");
    home.send(b"q");
    home.wait_for("Play the computer");
    // Triad's solitaire and a lone Hex paths game, the same.
    home.send(b"\x1b[C\x1b[C");
    home.wait_for("‹ Triad ›");
    home.send(b"\x1b[A");
    home.wait_for("▸ Play solitaire");
    home.send(b"\r");
    // The deal is random: a tableau without a triad is dealt anew, so the deck may be
    // smaller than 69.
    home.wait_for("found 0 · picked 0/3");
    home.send(b"q");
    home.wait_for("‹ Triad ›");
    home.send(b"\x1b[C");
    home.wait_for("‹ Hex paths ›");
    home.wait_for("▸ Play alone");
    home.send(b"\r");
    home.wait_for("bring");
    home.send(b"q");
    home.wait_for("‹ Hex paths ›");
    assert_eq!(records(data.path()), Vec::<String>::new());
    // Nothing to resume or list either.
    assert!(!home.contents().contains("Resume"), "{}", home.contents());
    home.send(b"q");
    let deadline = Instant::now() + TIMEOUT;
    while let Ok(None) = home.child.try_wait() {
        assert!(Instant::now() < deadline, "trios did not quit");
        thread::sleep(Duration::from_millis(20));
    }
    assert_eq!(records(data.path()), Vec::<String>::new());
}

/// A finished Reversi record of a person (dark) against `random` (light), made by the
/// binary from two `random` seats with the dark seat renamed: who won, from the record.
fn person_against_random(matches: &Path, name: &str) -> bool {
    std::fs::create_dir_all(matches).expect("matches folder");
    let path = matches.join(name);
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_trios"))
        .args([
            "play", "--game", "reversi", "--dark", "random", "--light", "random",
        ])
        .args(["--seed", "3", "--record"])
        .arg(&path)
        .stdin(std::process::Stdio::null())
        .output_guarded()
        .expect("trios runs");
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let text = std::fs::read_to_string(&path).expect("the record");
    let mut record: serde_json::Value = serde_json::from_str(&text).expect("json");
    record["setup"]["seats"][0] = "human".into();
    std::fs::write(&path, record.to_string()).expect("rewritten");
    record["result"]["verdict"]["win"] == "first"
}

#[test]
fn the_home_profile_counts_finished_matches_against_each_computer_and_replays_them() {
    let data = tempfile::tempdir().expect("data folder");
    let matches = data.path().join("matches");
    let mut won = 0;
    for n in 1..=3 {
        won += usize::from(person_against_random(
            &matches,
            &format!("20261129-00000{n}-3.json"),
        ));
    }
    let mut home = Terminal::start(env!("CARGO_BIN_EXE_trios"), data.path());
    home.wait_for("Play the computer");
    home.wait_for("p profile");
    home.send(b"p");
    home.wait_for("Your profile on this computer");
    home.wait_for("Against the computer");
    home.wait_for(&format!("Reversi random: {won}–{}", 3 - won));
    assert_eq!(
        home.contents().matches("you vs random").count(),
        3,
        "{}",
        home.contents()
    );
    // Enter replays the chosen game on the replay screen; leaving it comes back.
    home.send(b"\r");
    home.wait_for("Replay");
    home.send(b"q");
    home.wait_for("Against the computer");
    home.send(b"\x1b");
    home.wait_for("Play the computer");
}
