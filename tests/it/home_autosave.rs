//! Autosaves of matches left before their first move: nothing is written until a move is
//! made, so opening a match (from home or `trios play`) and leaving at once leaves no record,
//! while a match with a move keeps every move from the first on.

use crate::common::bin::Dir;
use crate::common::open2::{fixtures, play_args, script};
use trios::record::AnyRecord;

/// The files of the matches folder of data folder `data` (none when it is missing).
fn saved(data: &std::path::Path) -> Vec<std::path::PathBuf> {
    match std::fs::read_dir(data.join("matches")) {
        Ok(entries) => entries.map(|e| e.expect("entry").path()).collect(),
        Err(_) => Vec::new(),
    }
}

#[test]
fn a_match_left_before_its_first_move_leaves_no_record() {
    let dir = fixtures();
    let data = dir.path().join("data");
    // Three Trios, left with quit before any move.
    let run = dir.run_with_data(&data, &play_args(&["--ui", "text"]), script(&["quit"]));
    assert_eq!(run.code, Some(0), "{}", run.stderr);
    assert_eq!(saved(&data), Vec::<std::path::PathBuf>::new());
    // Reversi against the computer, standard input closed before any move.
    let args = [
        "play", "--game", "reversi", "--ui", "text", "--light", "expert",
    ];
    let run = dir.run_with_data(&data, &args, "");
    assert_eq!(run.code, Some(0), "{}", run.stderr);
    assert_eq!(saved(&data), Vec::<std::path::PathBuf>::new());
    // Nothing was warned about: the folder can take the record once there is one.
    assert!(!run.stderr.contains("warning"), "{}", run.stderr);
}

#[test]
fn the_first_move_creates_the_record_with_that_move() {
    let dir = fixtures();
    let data = dir.path().join("data");
    let input = script(&["place 0 0 0", "quit"]);
    let run = dir.run_with_data(&data, &play_args(&["--ui", "text"]), input);
    assert_eq!(run.code, Some(0), "{}", run.stderr);
    let files = saved(&data);
    assert_eq!(files.len(), 1, "{files:?}");
    let name = files[0].file_name().and_then(|n| n.to_str()).unwrap_or("");
    assert!(
        name.ends_with("-42.json"),
        "named by start time and seed: {name}"
    );
    let record = AnyRecord::load(&files[0], trios::registry::record_readers).expect("a record");
    assert_eq!((record.moves(), record.finished()), (1, false));

    // A Reversi match with one move of the person's is kept the same way.
    let other = Dir::new();
    let data = other.path().join("data");
    let args = [
        "play", "--game", "reversi", "--ui", "text", "--light", "expert",
    ];
    let run = other.run_with_data(&data, &args, "3 5\n");
    assert_eq!(run.code, Some(0), "{}", run.stderr);
    let files = saved(&data);
    assert_eq!(files.len(), 1, "{files:?}");
    assert!(
        AnyRecord::load(&files[0], trios::registry::record_readers)
            .expect("a record")
            .moves()
            >= 1
    );
}
