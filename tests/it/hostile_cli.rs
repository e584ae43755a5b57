//! The real binary against input meant to hurt it: endless or huge standard input, devices
//! and FIFOs named as files, numbers that overflow, positions that look like flags. Every
//! run must end promptly with exit 2 and a plain `error:` line, never a panic or a hang.

use crate::common;
use crate::common::fork::SpawnGuarded;

use std::fs::File;
use std::process::Stdio;
use std::time::{Duration, Instant};

use common::bin::{Dir, Run, run_with_deadline};

/// How long a refusal may take: each of these is refused at once, so a run near this long
/// means the binary read on or blocked.
const PROMPT: Duration = Duration::from_secs(5);

/// The text modes, as `trios play` flags (Hex paths has none: it refuses `--ui text`).
const TEXT_MODES: [&[&str]; 4] = [
    &["play", "--ui", "text", "--seed", "1"],
    &["play", "--game", "reversi", "--ui", "text"],
    &["play", "--game", "islands", "--ui", "text", "--size", "5"],
    &["play", "--game", "triad", "--ui", "text", "--seed", "1"],
];

/// Runs `trios ARGS` with `input` piped in, and fails the test if it is not over in
/// [`PROMPT`].
fn run_piped(dir: &Dir, args: &[&str], input: Vec<u8>) -> Run {
    let started = Instant::now();
    let run = run_with_deadline(dir.path(), args, Stdio::piped(), Some(input), PROMPT);
    assert!(!run.timed_out, "trios {args:?} did not end in time");
    assert!(started.elapsed() < PROMPT, "trios {args:?} took too long");
    run
}

/// Checks an exit 2 whose standard error holds `needle` and shows no panic or backtrace hint.
fn assert_error(run: &Run, needle: &str) {
    assert_eq!(run.code, Some(2), "exit code; stderr:\n{}", run.stderr);
    assert!(
        run.stderr.contains(needle),
        "stderr should say {needle:?}: {}",
        run.stderr
    );
    assert!(!run.stderr.contains("RUST_BACKTRACE"), "{}", run.stderr);
    assert!(!run.stderr.contains("panicked"), "{}", run.stderr);
}

#[test]
fn a_line_longer_than_64_kib_ends_every_text_mode_with_exit_2() {
    let dir = Dir::new();
    let mut line = vec![b'x'; 100 * 1024];
    line.push(b'\n');
    for args in TEXT_MODES {
        let run = run_piped(&dir, args, line.clone());
        assert_error(&run, "error: line 1 is longer than 64 KiB");
        // The message does not quote the line.
        assert!(
            run.stderr.len() < 1000,
            "{args:?}: {} bytes",
            run.stderr.len()
        );
    }
}

#[test]
fn a_megabyte_of_zero_bytes_ends_every_text_mode_with_exit_2() {
    let dir = Dir::new();
    for args in TEXT_MODES {
        let run = run_piped(&dir, args, vec![0; 1 << 20]);
        assert_error(&run, "error: line 1 is longer than 64 KiB");
    }
}

#[test]
fn endless_standard_input_ends_promptly() {
    let dir = Dir::new();
    for args in TEXT_MODES {
        let zero = File::open("/dev/zero").expect("/dev/zero");
        let run = run_with_deadline(dir.path(), args, Stdio::from(zero), None, PROMPT);
        assert!(!run.timed_out, "{args:?} read /dev/zero on and on");
        assert_error(&run, "is longer than 64 KiB");
    }
}

#[test]
fn the_long_line_is_counted_and_the_game_so_far_is_kept() {
    let dir = Dir::new();
    let mut input = b"# a comment\n\nplace 0 0 0\n".to_vec();
    input.extend(vec![b'7'; 70_000]);
    let args = [
        "play",
        "--ui",
        "text",
        "--seed",
        "1",
        "--record",
        "game.json",
    ];
    let run = run_piped(&dir, &args, input);
    assert_error(&run, "line 4 is longer than 64 KiB");
    let record = dir.read("game.json");
    assert!(record.contains("\"moves\""), "{record}");
    assert!(
        !record.contains("\"moves\": []"),
        "the move was lost: {record}"
    );
}

#[test]
fn a_line_just_under_the_limit_is_read_and_answered_shortly() {
    let dir = Dir::new();
    let mut input = vec![b'y'; 64 * 1024];
    input.extend_from_slice(b"\nquit\n");
    for args in TEXT_MODES {
        let run = run_piped(&dir, args, input.clone());
        assert_eq!(run.code, Some(0), "{args:?}: {}", run.stderr);
        assert!(run.stderr.contains("65536 bytes in all"), "{}", run.stderr);
        assert!(run.stderr.len() < 1000, "{args:?}: {}", run.stderr);
    }
}

#[test]
fn control_characters_typed_are_shown_escaped() {
    let dir = Dir::new();
    for args in TEXT_MODES {
        let run = run_piped(&dir, args, b"\x1b[31mRED\x07\nquit\n".to_vec());
        assert_eq!(run.code, Some(0), "{args:?}: {}", run.stderr);
        assert!(
            run.stderr.to_lowercase().contains("\\x1b[31mred\\x07"),
            "{args:?}: {}",
            run.stderr
        );
        assert!(!run.stderr.contains('\x1b'), "{args:?}: {:?}", run.stderr);
    }
}

/// Commands that read a board or card file.
fn file_commands(flag: &'static str, path: &str) -> Vec<Vec<String>> {
    let commands: [&[&str]; 3] = [
        &["play", "--ui", "text"],
        &["solve"],
        &["sim", "--red", "random", "--blue", "random", "--games", "1"],
    ];
    commands
        .iter()
        .map(|c| {
            let mut args: Vec<String> = c.iter().map(|s| s.to_string()).collect();
            args.extend([flag.to_string(), path.to_string()]);
            args
        })
        .collect()
}

fn run_args(dir: &Dir, args: &[String]) -> Run {
    let args: Vec<&str> = args.iter().map(String::as_str).collect();
    run_piped(dir, &args, b"quit\n".to_vec())
}

#[test]
fn devices_are_refused_as_board_and_card_files() {
    let dir = Dir::new();
    for (flag, path) in [
        ("--board", "/dev/zero"),
        ("--cards", "/dev/zero"),
        ("--cards", "/dev/urandom"),
    ] {
        for args in file_commands(flag, path) {
            let run = run_args(&dir, &args);
            assert_error(&run, &format!("{path}: not a regular file but a device"));
        }
    }
}

#[test]
fn a_fifo_is_refused_as_a_board_or_card_file_without_blocking() {
    let dir = Dir::new();
    let fifo = dir.path().join("fifo");
    let made = std::process::Command::new("mkfifo")
        .arg(&fifo)
        .status_guarded()
        .expect("mkfifo runs");
    assert!(made.success(), "mkfifo");
    for flag in ["--board", "--cards"] {
        for args in file_commands(flag, "fifo") {
            let run = run_args(&dir, &args);
            assert_error(&run, "fifo: not a regular file but a FIFO");
        }
    }
}

#[test]
fn a_folder_is_refused_as_a_board_file() {
    let dir = Dir::new();
    std::fs::create_dir(dir.path().join("boards")).expect("folder");
    let run = run_piped(
        &dir,
        &["play", "--ui", "text", "--board", "boards"],
        Vec::new(),
    );
    assert_error(&run, "boards: not a regular file but a folder");
}

#[test]
fn a_board_with_lone_cr_line_endings_quotes_only_its_first_line() {
    let dir = Dir::new();
    let rows = "\rCCCCCCCCCC".repeat(1000);
    dir.write("mac.txt", format!("3 3{rows}\r"));
    let run = run_piped(
        &dir,
        &["play", "--ui", "text", "--board", "mac.txt"],
        Vec::new(),
    );
    assert_error(
        &run,
        "mac.txt:1:1: header \"3 3\" is not two positive integers",
    );
    assert!(run.stderr.contains("CR alone"), "{}", run.stderr);
    assert!(run.stderr.len() < 300, "{}", run.stderr);
}

#[test]
fn numbers_out_of_range_are_refused_with_the_range() {
    let dir = Dir::new();
    let cases: [(&[&str], &str); 14] = [
        (
            &["solve", "--max-secs", "9223372036854775807"],
            "at least 1 and at most 86400",
        ),
        (
            &["serve", "--idle-timeout", "18446744073709551615"],
            "at least 1 and at most 86400",
        ),
        (
            &["serve", "--grace", "86401"],
            "at least 1 and at most 86400",
        ),
        (&["serve", "--max-sessions", "4294967296"], "at most 10000"),
        (&["serve", "--per-address", "0"], "at most 10000"),
        (
            &[
                "perft",
                "--game",
                "reversi",
                "5",
                "--threads",
                "9223372036854775807",
            ],
            "at most 256",
        ),
        (
            &["perft", "--game", "reversi", "5", "--threads", "4294967296"],
            "at most 256",
        ),
        (
            &["perft", "--game", "reversi", "5", "--threads", "100000"],
            "at most 256",
        ),
        (
            &["perft", "--game", "reversi", "65"],
            "at least 0 and at most 64",
        ),
        (&["sim", "--threads", "100000"], "at most 256"),
        (&["sim", "--games", "1000001"], "at most 1000000"),
        (
            &["sim", "--game", "reversi", "--openings", "1001"],
            "at most 1000",
        ),
        (&["sim", "--game", "islands", "--size", "5001"], "1 to 5000"),
        (
            &["play", "--think-ms", "600001"],
            "at least 1 and at most 600000",
        ),
    ];
    for (args, range) in cases {
        let run = run_piped(&dir, args, Vec::new());
        assert_error(&run, range);
        assert_eq!(run.stdout, "", "{args:?}");
    }
}

#[test]
fn the_upper_ends_of_the_ranges_are_accepted() {
    let dir = Dir::new();
    let run = run_piped(
        &dir,
        &["perft", "--game", "reversi", "3", "--threads", "256"],
        Vec::new(),
    );
    assert_eq!(run.code, Some(0), "{}", run.stderr);
    assert_eq!(run.stdout, "56\n");
    dir.write("row.txt", "1 3\nCCC\n");
    dir.write("cards.txt", "a 1 2 3 4\nb 2 3 4 5\nc 3 4 5 6\nd 4 5 6 7\n");
    let args = [
        "solve",
        "--board",
        "row.txt",
        "--cards",
        "cards.txt",
        "--seed",
        "1",
        "--max-secs",
        "86400",
    ];
    let run = run_piped(&dir, &args, Vec::new());
    assert_eq!(run.code, Some(0), "{}", run.stderr);
    assert!(run.stdout.starts_with("value: "), "{}", run.stdout);
}

#[test]
fn a_negative_seed_is_told_what_a_seed_is() {
    let dir = Dir::new();
    for args in [
        &["play", "--seed", "-1"][..],
        &["sim", "--seed", "-1"][..],
        &["hexpaths", "new", "--seed", "-1"][..],
    ] {
        let run = run_piped(&dir, args, Vec::new());
        assert_error(
            &run,
            "a seed is a whole number from 0 to 18446744073709551615",
        );
        assert!(!run.stderr.contains("-- -1"), "{}", run.stderr);
    }
}

/// FFO #42: a position that starts with `-`, as most written positions do.
const FFO_42: &str = "--OOO-------XX-OOOOOOXOO-OOOOXOOX-OOOXXO---OOXOO---OOOXO--OOOO-- X";
/// A position near the end that starts with `-`, solved at once.
const NEAR_END: &str = "-OXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXX X";

#[test]
fn positions_that_start_with_a_hyphen_are_taken_as_positions() {
    let dir = Dir::new();
    let run = run_piped(
        &dir,
        &["perft", "--game", "reversi", "1", "--position", FFO_42],
        Vec::new(),
    );
    assert_eq!(run.code, Some(0), "{}", run.stderr);
    let moves: u64 = run.stdout.trim().parse().expect("a count");
    assert!(moves > 0, "{}", run.stdout);

    let run = run_piped(
        &dir,
        &["solve", "--game", "reversi", "--position", NEAR_END],
        Vec::new(),
    );
    assert_eq!(run.code, Some(0), "{}", run.stderr);
    assert!(run.stdout.starts_with("value: "), "{}", run.stdout);

    let run = run_piped(
        &dir,
        &[
            "play",
            "--game",
            "reversi",
            "--ui",
            "text",
            "--position",
            FFO_42,
        ],
        b"quit\n".to_vec(),
    );
    assert_eq!(run.code, Some(0), "{}", run.stderr);
    assert!(
        run.stdout.contains("Enter your move, X player"),
        "{}",
        run.stdout
    );
}

#[test]
fn triad_tools_refuse_a_card_given_twice() {
    let dir = Dir::new();
    let card = "diamond,green,3,dark";
    let run = run_piped(&dir, &["triad", "check", card, card, card], Vec::new());
    assert_error(
        &run,
        "cards 1 and 2 are the same card (diamond,green,3,dark)",
    );
    assert_eq!(run.stdout, "");
    let run = run_piped(
        &dir,
        &[
            "triad",
            "find",
            "oval,purple,1,dark",
            card,
            "oval,purple,1,dark",
        ],
        Vec::new(),
    );
    assert_error(&run, "cards 1 and 3 are the same card");
    assert_eq!(run.stdout, "");
}
