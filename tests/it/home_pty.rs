//! The home screen through the real binary in a pseudo-terminal: matches opened from it and
//! left before their first move leave no record in the data folder.

use crate::common::fork::SpawnGuarded;
use std::io::{Read, Write};
use std::num::NonZeroU16;
use std::path::Path;
use std::sync::{Arc, Mutex};
use std::thread;
use std::time::{Duration, Instant};

use portable_pty::{Child, CommandBuilder, MasterPty, PtySize, native_pty_system};

/// How long the screen may take to show what the test waits for.
const TIMEOUT: Duration = Duration::from_secs(10);

/// `trios` with no arguments on an 80x24 terminal, its screen parsed as it draws.
struct Home {
    /// The terminal's near end, open while trios runs.
    _master: Box<dyn MasterPty + Send>,
    screen: Arc<Mutex<vt100::Parser>>,
    keyboard: Box<dyn Write + Send>,
    child: Box<dyn Child + Send + Sync>,
}

impl Home {
    fn start(data: &Path) -> Home {
        let size = PtySize {
            rows: 24,
            cols: 80,
            pixel_width: 0,
            pixel_height: 0,
        };
        // No child may start while the new terminal's ends are still inherited.
        let no_spawns = crate::common::fork::no_spawns();
        let pair = native_pty_system()
            .openpty(size)
            .expect("a pseudo-terminal");
        drop(no_spawns);
        let mut cmd = CommandBuilder::new(env!("CARGO_BIN_EXE_trios"));
        cmd.cwd(data);
        cmd.env("TRIOS_DATA_DIR", data);
        cmd.env("TERM", "xterm-256color");
        let spawning = crate::common::fork::spawning();
        let child = pair.slave.spawn_command(cmd).expect("trios starts");
        drop(spawning);
        drop(pair.slave);
        let rows = NonZeroU16::new(24).expect("rows");
        let cols = NonZeroU16::new(80).expect("columns");
        let screen = Arc::new(Mutex::new(vt100::Parser::new(rows, cols, 0)));
        let mut reader = pair.master.try_clone_reader().expect("pty reader");
        let feed = Arc::clone(&screen);
        thread::spawn(move || {
            let mut buf = [0u8; 16 * 1024];
            while let Ok(n) = reader.read(&mut buf) {
                if n == 0 {
                    break;
                }
                feed.lock()
                    .unwrap_or_else(|e| e.into_inner())
                    .process(&buf[..n]);
            }
        });
        let keyboard = pair.master.take_writer().expect("pty writer");
        Home {
            _master: pair.master,
            screen,
            keyboard,
            child,
        }
    }

    fn contents(&self) -> String {
        let parser = self.screen.lock().unwrap_or_else(|e| e.into_inner());
        parser.screen().contents()
    }

    /// Waits until the screen shows `text`; fails with the screen after [`TIMEOUT`].
    fn wait_for(&self, text: &str) {
        let deadline = Instant::now() + TIMEOUT;
        while !self.contents().contains(text) {
            assert!(
                Instant::now() < deadline,
                "no {text:?} on the screen:\n{}",
                self.contents()
            );
            thread::sleep(Duration::from_millis(20));
        }
    }

    fn send(&mut self, bytes: &[u8]) {
        self.keyboard.write_all(bytes).expect("type");
        self.keyboard.flush().expect("flush");
    }
}

impl Drop for Home {
    fn drop(&mut self) {
        if let Ok(None) = self.child.try_wait() {
            let _ = self.child.kill();
            let _ = self.child.wait();
        }
    }
}

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
    let mut home = Home::start(data.path());
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
    let mut home = Home::start(data.path());
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
