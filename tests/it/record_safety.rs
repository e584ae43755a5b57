//! Records are never destroyed and never shared: `--record` writes only regular files (or new
//! paths), continues or refuses a record with moves, and refuses a record another trios is
//! writing; autosaves get a name each; `--resume` replays rather than thinks; `replay` streams
//! and reads only regular files of a bounded size. Through the real binary, each test with its
//! own data folder.

use crate::common;
use crate::common::fork::SpawnGuarded;

use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

use common::bin::{DATA_DIR_ENV, Dir, Run, Session};
use common::open2::{MOVES, fixtures, play_args, script};
use serde_json::{Value, json};
use trios::autosave;
use trios::controller::three_trios::{Match, StartError};
use trios::record::RecordError;
use trios::record::three_trios::Record;

fn moves_in(path: &Path) -> usize {
    Record::load(path).expect("a record").moves.len()
}

/// The `*.json` files of `data`'s matches folder, sorted.
fn saved(data: &Path) -> Vec<PathBuf> {
    let mut files: Vec<PathBuf> = match std::fs::read_dir(autosave::matches_dir(data)) {
        Ok(entries) => entries.map(|e| e.expect("entry").path()).collect(),
        Err(_) => Vec::new(),
    };
    files.retain(|p| p.extension().is_some_and(|e| e == "json"));
    files.sort();
    files
}

fn mkfifo(path: &Path) {
    let status = Command::new("mkfifo")
        .arg(path)
        .status_guarded()
        .expect("mkfifo runs");
    assert!(status.success(), "mkfifo {}", path.display());
}

#[cfg(unix)]
fn is_fifo(path: &Path) -> bool {
    use std::os::unix::fs::FileTypeExt;
    std::fs::symlink_metadata(path).is_ok_and(|m| m.file_type().is_fifo())
}

// ---- What --record may write ----

#[test]
fn a_device_is_refused_before_anything_is_opened() {
    use std::os::unix::fs::FileTypeExt;
    // Only a look at the path (lstat): nothing is opened or written here.
    let err = trios::record::target::check(Path::new("/dev/null")).unwrap_err();
    assert!(matches!(err, RecordError::NotAFile { .. }), "{err}");
    assert!(err.to_string().contains("a device"), "{err}");
    let meta = std::fs::symlink_metadata("/dev/null").expect("/dev/null");
    assert!(meta.file_type().is_char_device());
}

#[test]
fn a_fifo_is_never_replaced_even_with_force() {
    let dir = fixtures();
    let fifo = dir.path().join("pipe.json");
    mkfifo(&fifo);
    for extra in [&[][..], &["--force"][..]] {
        let mut args = play_args(&["--record", "pipe.json"]);
        args.extend_from_slice(extra);
        let run = dir.run(&args, script(&MOVES));
        run.assert_refused("pipe.json: this is a FIFO (named pipe), not a regular file");
        assert!(is_fifo(&fifo), "{args:?} replaced the FIFO");
    }
    // A replay of a FIFO is refused at once rather than waiting for a writer.
    let run = dir.run(&["replay", "pipe.json", "--ui", "text"], "");
    run.assert_refused("FIFO");
    assert!(is_fifo(&fifo));
}

#[test]
fn a_symbolic_link_is_never_replaced_even_with_force() {
    let dir = fixtures();
    dir.write("real.txt", "my precious notes\n");
    let link = dir.path().join("link.json");
    std::os::unix::fs::symlink("real.txt", &link).expect("symlink");
    for game in [&[][..], &["--game", "reversi"][..]] {
        for force in [&[][..], &["--force"][..]] {
            let mut args = vec!["play", "--ui", "text", "--record", "link.json"];
            args.extend_from_slice(game);
            args.extend_from_slice(force);
            let run = dir.run(&args, "quit\n");
            run.assert_refused("link.json: this is a symbolic link");
            let meta = std::fs::symlink_metadata(&link).expect("the link is there");
            assert!(meta.file_type().is_symlink(), "{args:?}");
            assert_eq!(dir.read("real.txt"), "my precious notes\n", "{args:?}");
        }
    }
}

#[test]
fn a_folder_is_named_as_one_and_a_file_path_is_asked_for() {
    let dir = fixtures();
    std::fs::create_dir(dir.path().join("rec")).expect("folder");
    for extra in [&[][..], &["--force"][..]] {
        let mut args = play_args(&["--record", "rec"]);
        args.extend_from_slice(extra);
        let run = dir.run(&args, script(&MOVES));
        run.assert_refused("rec: this is a folder; a record is a file");
        assert!(run.stderr.contains("rec/match.json"), "{}", run.stderr);
        assert!(!run.stderr.contains("--force"), "{}", run.stderr);
        assert!(!run.stderr.contains("Is a directory"), "{}", run.stderr);
    }
    assert_eq!(dir.list("rec"), Vec::<String>::new());
}

#[test]
fn the_same_record_command_twice_continues_or_refuses_but_never_empties() {
    let dir = fixtures();
    let path = dir.path().join("g.json");
    let args = play_args(&["--record", "g.json"]);
    // Stopped after two moves, then the same command again: the match goes on from move 3.
    dir.run(&args, script(&[MOVES[0], MOVES[1], "quit"]))
        .assert_clean_exit();
    assert_eq!(moves_in(&path), 2);
    let again = dir.run(&args, script(&MOVES[2..]));
    assert_eq!(again.code, Some(0), "{}", again.stderr);
    assert!(again.stderr.contains("(move 3)"), "{}", again.stderr);
    assert!(
        again.stdout.ends_with("Game over: tie 2-2\n"),
        "{}",
        again.stdout
    );
    assert_eq!(moves_in(&path), 4);
    // Finished: the same command is refused and the record stays whole.
    let before = dir.read("g.json");
    let third = dir.run(&args, script(&MOVES));
    third.assert_refused("finished after 4 moves");
    assert_eq!(dir.read("g.json"), before);
    // --force is the one way to play it again from the start.
    let mut forced = args.clone();
    forced.push("--force");
    dir.run(&forced, script(&[MOVES[0], "quit"]))
        .assert_clean_exit();
    assert_eq!(moves_in(&path), 1);
}

#[test]
fn the_same_reversi_record_command_twice_continues() {
    let dir = Dir::new();
    let args = [
        "play", "--game", "reversi", "--ui", "text", "--dark", "human", "--light", "greedy",
        "--seed", "3", "--record", "r.json",
    ];
    dir.run(&args, "3 5\n").assert_clean_exit();
    let first: Value = serde_json::from_str(&dir.read("r.json")).expect("JSON");
    assert_eq!(first["moves"].as_array().map(Vec::len), Some(2));
    let again = dir.run(&args, "");
    assert_eq!(again.code, Some(0), "{}", again.stderr);
    assert!(
        again.stderr.contains("resuming r.json (move 3)"),
        "{}",
        again.stderr
    );
    let second: Value = serde_json::from_str(&dir.read("r.json")).expect("JSON");
    assert_eq!(second["moves"], first["moves"], "the moves were kept");
}

#[test]
fn a_second_trios_on_one_record_is_refused_while_the_first_plays_on() {
    let dir = fixtures();
    let args = play_args(&["--record", "g.json"]);
    let mut first = Session::start(&dir, &args);
    first.view();
    first.send(MOVES[0]);
    first.view();
    let second = dir.run(&args, script(&MOVES));
    second.assert_refused("g.json: this record is being written by another trios");
    for mv in &MOVES[1..] {
        first.send(mv);
    }
    let (code, stderr) = first.finish();
    assert_eq!(code, Some(0), "{stderr}");
    assert_eq!(moves_in(&dir.path().join("g.json")), 4);
}

#[test]
fn resume_passes_over_a_match_going_on_in_another_trios() {
    let dir = fixtures();
    let data = dir.path().join("data");
    let mut first = Session::start_with_data(&dir, &data, &play_args(&[]));
    first.view();
    first.send(MOVES[0]);
    first.view();
    let resumed = dir.run_with_data(&data, &["play", "--resume"], "quit\n");
    assert_eq!(resumed.code, Some(2), "{}", resumed.stderr);
    assert!(
        resumed.stderr.contains("is being played in another trios"),
        "{}",
        resumed.stderr
    );
    first.send("quit");
    let (code, stderr) = first.finish();
    assert_eq!(code, Some(0), "{stderr}");
    // Once it has stopped, it is the one to resume.
    let later = dir.run_with_data(&data, &["play", "--resume"], script(&MOVES[1..]));
    assert_eq!(later.code, Some(0), "{}", later.stderr);
    assert!(later.stderr.starts_with("resuming "), "{}", later.stderr);
}

// ---- Autosave names ----

#[test]
fn matches_started_together_with_one_seed_each_get_a_file() {
    const PLAYS: usize = 12;
    let dir = fixtures();
    let data = dir.path().join("data");
    let runs: Vec<Run> = std::thread::scope(|scope| {
        let handles: Vec<_> = (0..PLAYS)
            .map(|_| {
                let (dir, data) = (&dir, &data);
                scope.spawn(move || {
                    dir.run_with_data(data, &play_args(&[]), script(&[MOVES[0], "quit"]))
                })
            })
            .collect();
        handles
            .into_iter()
            .map(|h| h.join().expect("a run"))
            .collect()
    });
    for run in &runs {
        run.assert_clean_exit();
    }
    let files = saved(&data);
    assert_eq!(files.len(), PLAYS, "{files:?}");
    for file in &files {
        assert_eq!(moves_in(file), 1, "{}", file.display());
    }
}

// ---- Resuming replays, it does not think ----

/// `record` (a JSON record) with the second seat made a computer that thinks for ten minutes
/// a move, saved as an autosave in `data`.
fn slow_computer_autosave(data: &Path, record: &str, seat: impl FnOnce(&mut Value)) {
    let mut json: Value = serde_json::from_str(record).expect("JSON");
    seat(&mut json);
    json["setup"]["think_ms"] = json!(600_000);
    let matches = autosave::matches_dir(data);
    std::fs::create_dir_all(&matches).expect("matches folder");
    std::fs::write(matches.join("20260101-000000-1.json"), json.to_string()).expect("write");
}

/// Runs `play --resume` in `data` and checks that it came back well within the deadline (a
/// computer thinking again at ten minutes a move would not).
fn resume_promptly(dir: &Dir, data: &Path, input: &str) -> Run {
    let start = Instant::now();
    let run = dir.run_with_data(data, &["play", "--resume", "--ui", "text"], input);
    let took = start.elapsed();
    eprintln!("resumed in {took:?}");
    assert_eq!(run.code, Some(0), "{}", run.stderr);
    assert!(run.stderr.contains("resuming "), "{}", run.stderr);
    assert!(took < Duration::from_secs(8), "took {took:?}");
    run
}

#[test]
fn resuming_against_a_slow_computer_does_not_think_its_recorded_moves_again() {
    // Three Trios on a 4x4 board, where the expert cannot see to the end.
    let dir = Dir::new();
    dir.write("open4.txt", "4 4\nCCCC\nCCCC\nCCCC\nCCCC\n");
    let cards: String = (0..20)
        .map(|i| {
            format!(
                "C{i} {} {} {} {}\n",
                1 + i % 9,
                1 + i * 3 % 9,
                1 + i * 5 % 9,
                1 + i * 7 % 9
            )
        })
        .collect();
    dir.write("cards16.txt", cards);
    let setup = [
        "play",
        "--board",
        "open4.txt",
        "--cards",
        "cards16.txt",
        "--seed",
        "9",
        "--record",
        "t.json",
    ];
    dir.run(&setup, "place 0 0 0\nplace 0 0 1\nquit\n")
        .assert_clean_exit();
    let data = dir.path().join("trios-data");
    slow_computer_autosave(&data, &dir.read("t.json"), |r| {
        r["setup"]["blue"] = json!("expert")
    });
    let run = resume_promptly(&dir, &data, "quit\n");
    assert!(run.stderr.contains("(move 3)"), "{}", run.stderr);

    // Reversi: light (second) is the expert.
    let dir = Dir::new();
    let args = [
        "play", "--game", "reversi", "--ui", "text", "--light", "greedy", "--record", "r.json",
    ];
    dir.run(&args, "3 5\n").assert_clean_exit();
    let data = dir.path().join("trios-data");
    slow_computer_autosave(&data, &dir.read("r.json"), |r| {
        r["setup"]["seats"][1] = json!("expert")
    });
    resume_promptly(&dir, &data, "");

    // Islands of Hex: black (second) is the expert.
    let dir = Dir::new();
    let args = [
        "play",
        "--game",
        "islands",
        "--ui",
        "text",
        "--size",
        "5",
        "--black",
        "connector",
        "--record",
        "i.json",
    ];
    dir.run(&args, "place 0 0\n").assert_clean_exit();
    let data = dir.path().join("trios-data");
    slow_computer_autosave(&data, &dir.read("i.json"), |r| {
        r["setup"]["seats"][1] = json!("expert")
    });
    resume_promptly(&dir, &data, "");
}

// ---- Replay streams and reads bounded files ----

/// The peak resident memory of a run of the binary (VmHWM, read from /proc until it ends), in
/// kB, and the run's exit status.
fn peak_memory(mut cmd: Command) -> (u64, Option<i32>) {
    let mut child = cmd
        .stdin(Stdio::null())
        .stdout(Stdio::null())
        .stderr(Stdio::piped())
        .spawn_guarded()
        .expect("trios starts");
    let status_file = format!("/proc/{}/status", child.id());
    let mut peak = 0;
    let start = Instant::now();
    loop {
        if let Ok(status) = std::fs::read_to_string(&status_file)
            && let Some(kb) = status
                .lines()
                .find_map(|l| l.strip_prefix("VmHWM:"))
                .and_then(|v| v.trim().trim_end_matches("kB").trim().parse::<u64>().ok())
        {
            peak = peak.max(kb);
        }
        if let Some(status) = child.try_wait().expect("wait") {
            return (peak, status.code());
        }
        if start.elapsed() > Duration::from_secs(60) {
            let _ = child.kill();
            let _ = child.wait();
            panic!("the replay did not finish in time");
        }
        std::thread::sleep(Duration::from_millis(2));
    }
}

#[test]
fn replaying_a_large_islands_board_holds_one_view_at_a_time() {
    use trios::controller::{Duel, DuelConfig, Seat};
    use trios::games::islands::{Game, Place};
    const SIZE: usize = 1200;
    const MOVES: usize = 40;
    let dir = Dir::new();
    let path = dir.path().join("big.json");
    let mut config = DuelConfig::<Game>::new([Seat::Human, Seat::Human], 1, 1000);
    config.options.size = SIZE;
    let mut duel = Duel::start(config, Some(path.clone())).expect("a match");
    for i in 0..MOVES {
        duel.play(Place {
            row: i * 7 % SIZE,
            col: i * 13 % SIZE,
        })
        .expect("an empty cell");
    }
    assert!(duel.take_record_error().is_none());
    drop(duel);
    // Each view of this board is about 3.6 MB: all 41 of them would be about 150 MB.
    let mut cmd = Command::new(env!("CARGO_BIN_EXE_trios"));
    cmd.args(["replay", "--ui", "text"])
        .arg(&path)
        .env(DATA_DIR_ENV, dir.path().join("data"));
    let (peak_kb, code) = peak_memory(cmd);
    eprintln!(
        "replay of {MOVES} moves on {SIZE}x{SIZE}: peak {} MB",
        peak_kb / 1024
    );
    assert_eq!(code, Some(0));
    assert!(peak_kb > 0, "no memory figure read");
    assert!(peak_kb < 80 * 1024, "peak {peak_kb} kB");
}

#[test]
fn replay_reads_only_regular_files_of_a_bounded_size() {
    let dir = Dir::new();
    let run = dir.run(&["replay", "/dev/zero", "--ui", "text"], "");
    run.assert_refused("/dev/zero: this is a device, not a regular file");
    // A sparse file just over the limit is refused without being read.
    let big = std::fs::File::create(dir.path().join("big.json")).expect("file");
    big.set_len(trios::record::RECORD_LIMIT + 1)
        .expect("sparse file");
    let run = dir.run(&["replay", "big.json", "--ui", "text"], "");
    run.assert_refused("big.json: larger than 256 MiB");
}

// ---- Numbers in records are checked ----

#[test]
fn a_think_time_out_of_range_is_refused_naming_the_file_and_field() {
    let dir = fixtures();
    dir.run(&play_args(&["--record", "g.json"]), script(&MOVES))
        .assert_clean_exit();
    let good: Value = serde_json::from_str(&dir.read("g.json")).expect("JSON");
    for (name, value) in [("zero.json", json!(0)), ("huge.json", json!(u64::MAX))] {
        let mut bad = good.clone();
        bad["setup"]["think_ms"] = value;
        dir.write(name, bad.to_string());
        let run = dir.run(&["replay", name, "--ui", "text"], "");
        run.assert_refused(&format!("{name}: setup.think_ms is "));
        assert!(run.stderr.contains("1 to 600000"), "{}", run.stderr);
    }
    // The other games' records too.
    let reversi = Dir::new();
    reversi
        .run(
            &[
                "play", "--game", "reversi", "--ui", "text", "--record", "r.json",
            ],
            "3 5\n",
        )
        .assert_clean_exit();
    let mut bad: Value = serde_json::from_str(&reversi.read("r.json")).expect("JSON");
    bad["setup"]["think_ms"] = json!(3_600_001);
    reversi.write("r.json", bad.to_string());
    reversi
        .run(&["replay", "r.json", "--ui", "text"], "")
        .assert_refused("r.json: setup.think_ms is 3600001");
    // A board side beyond what --size allows.
    let islands = Dir::new();
    islands
        .run(
            &[
                "play", "--game", "islands", "--ui", "text", "--size", "3", "--record", "i.json",
            ],
            "place 0 0\nquit\n",
        )
        .assert_clean_exit();
    let mut bad: Value = serde_json::from_str(&islands.read("i.json")).expect("JSON");
    bad["setup"]["options"]["size"] = json!(1_000_000);
    islands.write("i.json", bad.to_string());
    let run = islands.run(&["replay", "i.json", "--ui", "text"], "");
    run.assert_refused("i.json: setup.options.size is 1000000");
    assert!(run.stderr.contains("1 to 5000"), "{}", run.stderr);
}

// ---- Smaller ones ----

#[test]
fn resume_skips_a_record_whose_seat_its_game_does_not_know_and_names_it() {
    let dir = Dir::new();
    let data = dir.path().join("data");
    let args = [
        "play", "--game", "reversi", "--ui", "text", "--light", "greedy",
    ];
    dir.run_with_data(&data, &args, "3 5\n").assert_clean_exit();
    let good = saved(&data).pop().expect("an autosave");
    let when = std::time::SystemTime::now() - Duration::from_secs(3600);
    std::fs::File::options()
        .write(true)
        .open(&good)
        .and_then(|f| f.set_modified(when))
        .expect("age the good one");
    let mut bad: Value = serde_json::from_str(&std::fs::read_to_string(&good).unwrap()).unwrap();
    bad["setup"]["seats"][1] = json!("deep-blue");
    let bad_path = autosave::matches_dir(&data).join("zz-bad.json");
    std::fs::write(&bad_path, bad.to_string()).expect("write");
    let run = dir.run_with_data(&data, &["play", "--resume", "--ui", "text"], "");
    assert_eq!(run.code, Some(0), "{}", run.stderr);
    let lines = run.error_lines();
    assert_eq!(lines.len(), 2, "{lines:?}");
    assert!(
        lines[0].starts_with("warning: cannot resume: ")
            && lines[0].contains(&bad_path.display().to_string())
            && lines[0].contains("deep-blue"),
        "{lines:?}"
    );
    assert_eq!(lines[1], format!("resuming {} (move 3)", good.display()));
}

#[test]
fn a_finished_game_whose_result_went_missing_is_not_resumed() {
    let dir = fixtures();
    dir.run(&play_args(&["--record", "g.json"]), script(&MOVES))
        .assert_clean_exit();
    let mut json: Value = serde_json::from_str(&dir.read("g.json")).expect("JSON");
    json["result"] = Value::Null;
    let data = dir.path().join("data");
    let matches = autosave::matches_dir(&data);
    std::fs::create_dir_all(&matches).expect("folder");
    let path = matches.join("20260101-000000-42.json");
    std::fs::write(&path, json.to_string()).expect("write");
    let err = Match::resume(path.clone()).err().expect("not resumable");
    assert!(matches!(err, StartError::Finished { .. }), "{err}");
    assert_eq!(
        trios::record::kept::latest_unfinished(&data, trios::registry::record_readers).ok(),
        Some(None)
    );
    let run = dir.run_with_data(&data, &["play", "--resume"], "quit\n");
    run.assert_refused("no unfinished match to resume");
}

#[test]
fn a_version_2_record_of_three_trios_is_told_apart_from_another_game() {
    let dir = fixtures();
    dir.run(&play_args(&["--record", "g.json"]), script(&MOVES))
        .assert_clean_exit();
    let mut json: Value = serde_json::from_str(&dir.read("g.json")).expect("JSON");
    json["version"] = json!(2);
    json["game"] = json!("three-trios");
    dir.write("v2.json", json.to_string());
    let run = dir.run(&["replay", "v2.json", "--ui", "text"], "");
    run.assert_refused("v2.json: a record of Three Trios is version 1");
    assert!(!run.stderr.contains("not of Three Trios"), "{}", run.stderr);
}

#[test]
fn a_link_put_in_place_of_a_record_during_play_is_not_written_through() {
    let dir = fixtures();
    dir.run(&play_args(&["--record", "whole.json"]), script(&MOVES))
        .assert_clean_exit();
    let setup = Record::load(&dir.path().join("whole.json"))
        .expect("a record")
        .setup;
    let path = dir.path().join("live.json");
    let mut game = Match::start(setup, Some(path.clone())).expect("a match");
    game.play(trios::games::three_trios::Move::new(0, 0, 0))
        .expect("a move");
    assert!(game.take_record_error().is_none());
    dir.write("other.txt", "someone else's file\n");
    std::fs::remove_file(&path).expect("remove");
    std::os::unix::fs::symlink("other.txt", &path).expect("symlink");
    game.play(trios::games::three_trios::Move::new(0, 0, 1))
        .expect("a move");
    let err = game.take_record_error().expect("the save is refused");
    assert!(matches!(err, RecordError::Link { .. }), "{err}");
    assert!(std::fs::symlink_metadata(&path).is_ok_and(|m| m.file_type().is_symlink()));
    assert_eq!(dir.read("other.txt"), "someone else's file\n");
}
