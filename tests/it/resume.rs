//! Autosave and `--resume` through the real binary (each test with its own data folder), and
//! `Match::resume` and pruning through the public API.

use crate::common;

use std::fs::File;
use std::path::{Path, PathBuf};
use std::time::{Duration, SystemTime};

use common::bin::{Dir, Run, Session};
use common::open2::{self, MOVES, play_args, script};
use trios::autosave::{self, KEEP_FINISHED};
use trios::controller::three_trios::{Match, StartError};
use trios::games::three_trios::{Move, text};
use trios::record::RecordError;
use trios::record::three_trios::Record;

const OPEN3: &str = "3 3\nCCC\nCCC\nCCC\n";
/// How that game ends: Cat takes Ant, Bee takes it back, Dog takes nothing.
const GAME_OVER: &str = "Game over: tie 2-2\n";

/// The two-by-two fixtures and a 3x3 board, `open3.txt`.
fn fixtures() -> Dir {
    let dir = open2::fixtures();
    dir.write("open3.txt", OPEN3);
    dir
}

/// The views a run printed, each from its `Player:` line to the empty line after it.
fn views(stdout: &str) -> Vec<String> {
    stdout
        .split_inclusive("\n\n")
        .filter(|v| v.ends_with("\n\n"))
        .filter_map(|v| v.find("Player: ").map(|start| v[start..].to_string()))
        .collect()
}

/// The files in `data`'s matches folder, sorted.
fn saved(data: &Path) -> Vec<PathBuf> {
    let mut files: Vec<PathBuf> = match std::fs::read_dir(autosave::matches_dir(data)) {
        Ok(entries) => entries.map(|e| e.expect("entry").path()).collect(),
        Err(_) => Vec::new(),
    };
    files.sort();
    files
}

/// The only file in `data`'s matches folder.
fn only_save(data: &Path) -> PathBuf {
    let files = saved(data);
    assert_eq!(files.len(), 1, "{files:?}");
    files[0].clone()
}

/// Sets a file's modification time to `secs_ago` seconds before now.
fn age(path: &Path, secs_ago: u64) {
    let when = SystemTime::now() - Duration::from_secs(secs_ago);
    File::options()
        .write(true)
        .open(path)
        .and_then(|f| f.set_modified(when))
        .expect("the file's time can be set");
}

/// Plays the first two moves, then quits; the match stays unfinished in `data`.
fn quit_after_two(dir: &Dir, data: &Path) -> Run {
    let run = dir.run_with_data(data, &play_args(&[]), script(&[MOVES[0], MOVES[1], "quit"]));
    run.assert_clean_exit();
    run
}

fn resume(dir: &Dir, data: &Path, input: &[&str]) -> Run {
    dir.run_with_data(data, &["play", "--resume"], script(input))
}

#[test]
fn a_quit_game_is_resumed_where_it_stopped_and_finished() {
    let dir = fixtures();
    let data = dir.path().join("data");
    let before = quit_after_two(&dir, &data);
    let path = only_save(&data);
    assert_eq!(Record::load(&path).expect("a record").moves.len(), 2);

    let after = resume(&dir, &data, &MOVES[2..]);
    assert_eq!(after.code, Some(0), "{}", after.stderr);
    assert_eq!(
        after.stderr,
        format!("resuming {} (move 3)\n", path.display())
    );
    let (before_views, after_views) = (views(&before.stdout), views(&after.stdout));
    assert_eq!(before_views.len(), 3);
    assert_eq!(after_views[0], before_views[2], "resumed where it stopped");

    // Stopped and resumed, the game printed what it prints when played in one go.
    let whole = dir.run(&play_args(&["--record", "whole.json"]), script(&MOVES));
    whole.assert_clean_exit();
    let joined = [&before.stdout, &after.stdout[after_views[0].len()..]].concat();
    assert_eq!(joined, whole.stdout);
    assert!(after.stdout.ends_with(GAME_OVER));

    // The one file holds every move and the result, as a one-go record does.
    assert_eq!(only_save(&data), path);
    let resumed = Record::load(&path).expect("a record");
    let one_go = Record::load(&dir.path().join("whole.json")).expect("a record");
    assert_eq!(resumed.moves, one_go.moves);
    assert_eq!(resumed.moves.len(), 4);
    assert!(resumed.result.is_some());
    assert_eq!(resumed.result, one_go.result);
    let replay = dir.run(&["replay", &path.display().to_string()], "");
    replay.assert_clean_exit();
}

#[test]
fn a_match_can_be_stopped_and_resumed_more_than_once() {
    let dir = fixtures();
    let data = dir.path().join("data");
    let first = dir.run_with_data(&data, &play_args(&[]), script(&[MOVES[0], "quit"]));
    first.assert_clean_exit();
    let second = resume(&dir, &data, &[MOVES[1]]);
    assert_eq!(second.code, Some(0));
    assert!(second.stderr.ends_with("(move 2)\n"), "{}", second.stderr);
    let third = resume(&dir, &data, &MOVES[2..]);
    assert!(third.stderr.ends_with("(move 3)\n"), "{}", third.stderr);
    assert!(third.stdout.ends_with(GAME_OVER));
    assert_eq!(Record::load(&only_save(&data)).unwrap().moves.len(), 4);
}

#[test]
fn finished_matches_are_not_offered() {
    let dir = fixtures();
    let data = dir.path().join("data");
    dir.run_with_data(&data, &play_args(&[]), script(&MOVES))
        .assert_clean_exit();
    let finished = only_save(&data);
    let run = resume(&dir, &data, &[]);
    run.assert_refused("no unfinished match to resume in");
    assert_eq!(run.error_lines().len(), 1);

    // An older unfinished match is still found past a newer finished one.
    quit_after_two(&dir, &data);
    let unfinished = saved(&data)
        .into_iter()
        .find(|p| *p != finished)
        .expect("a second save");
    age(&unfinished, 3600);
    let run = resume(&dir, &data, &MOVES[2..]);
    assert_eq!(run.code, Some(0), "{}", run.stderr);
    assert!(
        run.stderr
            .starts_with(&format!("resuming {}", unfinished.display())),
        "{}",
        run.stderr
    );
    assert!(resume(&dir, &data, &[]).code == Some(2));
}

#[test]
fn resume_with_nothing_saved_says_where_it_looked() {
    let dir = fixtures();
    for data in [dir.path().join("never-made"), dir.path().join("empty")] {
        std::fs::create_dir_all(dir.path().join("empty")).unwrap();
        let run = resume(&dir, &data, &[]);
        run.assert_refused("error: no unfinished match to resume in ");
        assert!(
            run.stderr.contains(&data.display().to_string()),
            "{}",
            run.stderr
        );
        assert_eq!(run.error_lines().len(), 1, "{}", run.stderr);
    }
}

#[test]
fn a_match_quit_before_its_first_move_is_not_offered() {
    let dir = fixtures();
    let data = dir.path().join("data");
    dir.run_with_data(&data, &play_args(&[]), "quit\n")
        .assert_clean_exit();
    assert_eq!(
        saved(&data).len(),
        0,
        "a record is made with the first move"
    );
    resume(&dir, &data, &[]).assert_refused("error: no unfinished match to resume in ");
}

#[test]
fn resume_refuses_flags_that_set_up_a_new_match() {
    let dir = fixtures();
    for flag in [
        &["--seed", "3"][..],
        &["--board", "open2.txt"],
        &["--cards", "cards.txt"],
        &["--deal", "in-order"],
        &["--rules", "same"],
        &["--red", "maxflip"],
        &["--blue", "human"],
        &["--record", "r.json"],
        &["--no-autosave"],
    ] {
        let mut args = vec!["play", "--resume"];
        args.extend_from_slice(flag);
        let run = dir.run(&args, "");
        assert_eq!(run.code, Some(2), "{args:?}: {}", run.stderr);
        assert_eq!(run.stdout, "");
        assert!(
            run.stderr.contains("--resume") && run.stderr.contains(flag[0]),
            "{args:?}: {}",
            run.stderr
        );
    }
    assert!(!dir.path().join("r.json").exists());
}

#[test]
fn files_that_cannot_be_resumed_are_skipped() {
    let dir = fixtures();
    let data = dir.path().join("data");
    quit_after_two(&dir, &data);
    let good = only_save(&data);
    age(&good, 3600);
    let text = std::fs::read_to_string(&good).unwrap();
    let matches = autosave::matches_dir(&data);
    let write = |name: &str, body: &[u8]| std::fs::write(matches.join(name), body).unwrap();
    write("garbage.json", b"\xff\xfe not json\x00");
    write("cut.json", &text.as_bytes()[..text.len() / 2]);
    write("empty.json", b"");
    write("other.json", b"{\"name\": \"Ant\"}");
    write(
        "future.json",
        text.replace("\"version\": 1", "\"version\": 9").as_bytes(),
    );
    write(
        "tampered.json",
        text.replace("\"Cat\"", "\"Dog\"").as_bytes(),
    );
    write("notes.txt", text.as_bytes());
    std::fs::create_dir(matches.join("folder.json")).unwrap();
    let run = resume(&dir, &data, &MOVES[2..]);
    // Each file passed over is named once, with why; an empty one (a name taken for a match
    // not yet saved) and what is not a `.json` file are passed over without a word.
    let lines = run.error_lines();
    let (last, warnings) = lines.split_last().expect("stderr lines");
    assert_eq!(*last, format!("resuming {} (move 3)", good.display()));
    let skipped = ["garbage", "cut", "other", "future", "tampered"];
    assert_eq!(warnings.len(), skipped.len(), "{warnings:?}");
    for name in skipped {
        let path = matches.join(format!("{name}.json")).display().to_string();
        let about: Vec<_> = warnings.iter().filter(|w| w.contains(&path)).collect();
        assert_eq!(about.len(), 1, "{name}: {warnings:?}");
        assert!(
            about[0].starts_with("warning: cannot resume: "),
            "{about:?}"
        );
    }
    assert!(run.stdout.ends_with(GAME_OVER));
    assert_eq!(run.code, Some(0));
    // Nothing was deleted: only finished records are ever pruned.
    assert_eq!(saved(&data).len(), 9);
}

#[test]
fn an_unwritable_data_folder_warns_once_and_the_game_plays_on() {
    let dir = fixtures();
    dir.write("a-file", "not a folder");
    dir.write("data/matches", "a file where the matches folder goes");
    let whole = dir.run(&play_args(&["--no-autosave"]), script(&MOVES));
    whole.assert_clean_exit();
    for data in [dir.path().join("a-file/data"), dir.path().join("data")] {
        let run = dir.run_with_data(&data, &play_args(&[]), script(&MOVES));
        assert_eq!(run.code, Some(0), "{}", run.stderr);
        assert_eq!(run.stdout, whole.stdout);
        let lines = run.error_lines();
        assert_eq!(lines.len(), 1, "{lines:?}");
        assert!(
            lines[0].starts_with("warning: cannot autosave: ")
                && lines[0].contains(&data.display().to_string())
                && lines[0].ends_with(
                    "; this match will not be recoverable (use --record FILE or --no-autosave)"
                ),
            "{}",
            lines[0]
        );
    }
}

#[test]
fn no_autosave_and_record_leave_the_data_folder_alone() {
    let dir = fixtures();
    let data = dir.path().join("data");
    dir.run_with_data(&data, &play_args(&["--no-autosave"]), script(&MOVES))
        .assert_clean_exit();
    dir.run_with_data(&data, &play_args(&["--record", "r.json"]), script(&MOVES))
        .assert_clean_exit();
    assert!(!data.exists());
    assert!(dir.path().join("r.json").exists());
}

#[test]
fn plain_trios_is_autosaved_too() {
    let dir = fixtures();
    let data = dir.path().join("data");
    let run = dir.run_with_data(&data, &[], "place 0 0 0\nquit\n");
    assert_eq!(run.code, Some(0));
    let path = only_save(&data);
    let name = path.file_name().unwrap().to_string_lossy().into_owned();
    let record = Record::load(&path).expect("a record");
    assert!(
        name.ends_with(&format!("-{}.json", record.setup.seed)),
        "{name}"
    );
    assert!(record.moves.len() == 1 && record.result.is_none());
}

/// Plays through a session as Red, always card 0 on the first free cell, until the game ends
/// or Red has moved `quit_after` times; returns everything printed.
fn play_first_free(game: &mut Session, quit_after: Option<usize>) -> String {
    let mut out = String::new();
    let mut moved = 0;
    loop {
        let view = game.view();
        out.push_str(&view);
        let rows: Vec<&str> = view.lines().skip(1).take_while(|l| *l != "Hand:").collect();
        let free = rows
            .iter()
            .enumerate()
            .find_map(|(r, row)| row.find('_').map(|c| (r, c)));
        let Some((row, col)) = free else {
            out.push_str(&game.line()); // Game over: ...
            out.push('\n');
            return out;
        };
        if !view.starts_with("Player: RED") {
            out.push_str(&game.line()); // BLUE plays ...
            out.push('\n');
            continue;
        }
        if quit_after == Some(moved) {
            game.send("quit");
            return out;
        }
        game.send(&format!("place 0 {row} {col}"));
        moved += 1;
    }
}

#[test]
fn a_resumed_random_seat_plays_on_as_if_never_stopped() {
    let dir = fixtures();
    let args = [
        "play",
        "--board",
        "open3.txt",
        "--blue",
        "random",
        "--seed",
        "9",
    ];
    let data = dir.path().join("data");
    let mut whole = Session::start(&dir, &args);
    let whole_out = play_first_free(&mut whole, None);
    assert_eq!(whole.finish().0, Some(0));

    let mut first = Session::start_with_data(&dir, &data, &args);
    let before = play_first_free(&mut first, Some(2));
    assert_eq!(first.finish(), (Some(0), String::new()));
    let mut second = Session::start_with_data(&dir, &data, &["play", "--resume"]);
    let after = play_first_free(&mut second, None);
    let (code, stderr) = second.finish();
    assert_eq!(code, Some(0));
    assert!(stderr.starts_with("resuming "), "{stderr}");
    let repeated = views(&after)[0].len();
    assert_eq!(views(&before).last(), views(&after).first());
    assert_eq!([&before, &after[repeated..]].concat(), whole_out);
    assert_eq!(whole_out.matches("BLUE plays").count(), 4);
}

/// A record of OPEN2 played by the API up to `moves` moves, at `path`.
fn api_record(dir: &Dir, path: &Path, moves: usize) {
    let config = Record::from_json(
        "x",
        &std::fs::read_to_string(dir.path().join("whole.json")).unwrap(),
    )
    .unwrap()
    .setup;
    let mut game = Match::start(config, Some(path.to_path_buf())).unwrap();
    let all = [(0, 0, 0), (0, 0, 1), (0, 1, 0), (0, 1, 1)];
    for (h, r, c) in all.into_iter().take(moves) {
        game.play(Move::new(h, r, c)).unwrap();
    }
}

#[test]
fn match_resume_restores_the_game_history_and_record() {
    let dir = fixtures();
    dir.run(&play_args(&["--record", "whole.json"]), script(&MOVES))
        .assert_clean_exit();
    let path = dir.path().join("half.json");
    api_record(&dir, &path, 2);
    // `api_record` has just closed the record; see `common::reopen`.
    let mut game = common::reopen::resume_match(&path).expect("it resumes");
    assert_eq!(game.record_path(), Some(path.as_path()));
    assert_eq!(game.history().len(), 2);
    assert_eq!(game.history()[1].card.name(), "Cat");
    assert_eq!(text::render(game.game()).lines().nth(1), Some("BB"));
    game.play(Move::new(0, 1, 0)).unwrap();
    assert_eq!(Record::load(&path).unwrap().moves.len(), 3);
    game.play(Move::new(0, 1, 1)).unwrap();
    assert!(game.take_record_error().is_none());
    let whole = Record::load(&dir.path().join("whole.json")).unwrap();
    let resumed = Record::load(&path).unwrap();
    assert_eq!((resumed.moves, resumed.result), (whole.moves, whole.result));

    let err = Match::resume(path.clone()).err().expect("finished");
    assert!(matches!(err, StartError::Finished { .. }), "{err}");
    let message = err.to_string();
    assert!(
        message.starts_with(&path.display().to_string()),
        "{message}"
    );
    assert!(message.contains("nothing to resume"), "{message}");
    let missing = Match::resume(dir.path().join("nope.json")).err();
    assert!(matches!(
        missing,
        Some(StartError::Record(RecordError::Read { .. }))
    ));
    assert!(
        Match::start(whole.setup, None)
            .unwrap()
            .record_path()
            .is_none()
    );
}

#[test]
fn prune_keeps_the_newest_finished_records_and_every_unfinished_one() {
    let dir = fixtures();
    dir.run(&play_args(&["--record", "whole.json"]), script(&MOVES))
        .assert_clean_exit();
    let data = dir.path().join("data");
    let matches = autosave::create_matches_dir(&data).unwrap();
    let finished = std::fs::read(dir.path().join("whole.json")).unwrap();
    let total = KEEP_FINISHED + 3;
    for i in 0..total {
        let path = matches.join(format!("f{i:03}.json"));
        std::fs::write(&path, &finished).unwrap();
        age(&path, 1000 + i as u64); // f000 is the newest
    }
    for i in 0..2 {
        api_record(&dir, &matches.join(format!("u{i}.json")), 1);
        age(&matches.join(format!("u{i}.json")), 100_000);
    }
    std::fs::write(matches.join("junk.json"), "{").unwrap();
    // A match left before its first move is worth nothing and goes too.
    api_record(&dir, &matches.join("empty.json"), 0);
    assert_eq!(
        trios::record::kept::prune(&data, trios::registry::record_readers).unwrap(),
        4
    );
    assert!(!matches.join("empty.json").exists());
    let left = saved(&data);
    assert_eq!(left.len(), KEEP_FINISHED + 3);
    for gone in [total - 3, total - 2, total - 1] {
        assert!(!matches.join(format!("f{gone:03}.json")).exists());
    }
    assert!(matches.join(format!("f{:03}.json", total - 4)).exists());
    assert!(matches.join("u0.json").exists() && matches.join("junk.json").exists());
    assert_eq!(
        trios::record::kept::prune(&data, trios::registry::record_readers).unwrap(),
        0
    );

    // Finishing an autosaved game prunes too: with KEEP_FINISHED already kept, its own
    // record pushes the oldest one out.
    dir.run_with_data(&data, &play_args(&[]), script(&MOVES))
        .assert_clean_exit();
    assert_eq!(saved(&data).len(), KEEP_FINISHED + 3);
    assert!(!matches.join(format!("f{:03}.json", total - 4)).exists());
}
