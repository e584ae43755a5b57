//! Islands of Hex through the real binary: the text mode exactly as the rules document gives
//! it, refusals, computer players, and records that replay and resume.

use crate::common;

use common::bin::{Dir, assert_no_panic};

fn islands(dir: &Dir, extra: &[&str], input: &str) -> common::bin::Run {
    let mut args = vec!["play", "--game", "islands", "--ui", "text"];
    args.extend_from_slice(extra);
    let run = dir.run(&args, input);
    assert_no_panic(&run.stderr);
    run
}

/// White's column on a 2x2 board: the view at the start and after every move, the chain,
/// and a tie of one island each.
const TWO_BY_TWO: &str = "\
Player: WHITE
 . .
. .
Islands: WHITE 0 BLACK 0

Player: BLACK
 W .
. .
Islands: WHITE 1 BLACK 0

Player: WHITE
 W B
. .
Islands: WHITE 1 BLACK 1

Player: WHITE
 W B
W .
Islands: WHITE 1 BLACK 1

WHITE joined top and bottom
Game over: tie 1-1
";

#[test]
fn a_short_game_prints_exactly_the_documented_views() {
    let dir = Dir::new();
    let run = islands(
        &dir,
        &["--size", "2", "--no-autosave"],
        "place 0 0\nplace 0 1\nplace 1 0\n",
    );
    run.assert_clean_exit();
    assert_eq!(run.stdout, TWO_BY_TWO);
}

#[test]
fn the_default_board_is_11_and_leans_right_at_the_top() {
    let dir = Dir::new();
    let run = islands(&dir, &["--no-autosave"], "quit\n");
    run.assert_clean_exit();
    let lines: Vec<&str> = run.stdout.lines().collect();
    assert_eq!(lines[0], "Player: WHITE");
    assert_eq!(
        lines[1],
        format!("{}{}", " ".repeat(10), ["."; 11].join(" "))
    );
    assert_eq!(lines[11], ["."; 11].join(" "));
    assert_eq!(lines[12], "Islands: WHITE 0 BLACK 0");
}

#[test]
fn bad_moves_are_refused_and_the_same_player_is_asked_again() {
    let dir = Dir::new();
    let run = islands(
        &dir,
        &["--size", "3", "--no-autosave"],
        "place 0 0\nplace 0 0\nplace 3 0\nplace x y\nplace 1\nflip 1 1\n# a comment\n\nplace 2 2\nsuggest random\nsuggest nobody\nquit\n",
    );
    assert_eq!(run.code, Some(0), "{}", run.stderr);
    let errors = run.error_lines();
    assert_eq!(errors.len(), 6, "{}", run.stderr);
    assert!(errors[0].contains("0 0 is taken"));
    assert!(errors[1].contains("3 0 is off the board; rows and columns run from 0 to 2"));
    assert!(errors[2].contains("whole numbers"));
    assert!(errors[3].contains("place takes a row and a column"));
    assert!(errors[4].contains("unknown command \"flip\""));
    assert!(errors[5].contains("unknown strategy \"nobody\""));
    // Black's stone went on 2 2 after all the refusals.
    assert!(
        run.stdout
            .contains("Player: WHITE\n  W . .\n . . .\n. . B\n"),
        "{}",
        run.stdout
    );
    let suggestion = run
        .stdout
        .lines()
        .find(|l| l.starts_with("place "))
        .expect("a suggestion");
    assert!(suggestion.split(' ').count() == 3, "{suggestion}");
}

#[test]
fn two_computers_play_to_the_end_and_the_result_matches_the_last_view() {
    let dir = Dir::new();
    let run = islands(
        &dir,
        &[
            "--size",
            "6",
            "--white",
            "random",
            "--black",
            "random",
            "--seed",
            "9",
            "--no-autosave",
        ],
        "",
    );
    run.assert_clean_exit();
    let lines: Vec<&str> = run.stdout.lines().collect();
    let last = lines.last().expect("output");
    let chain = lines[lines.len() - 2];
    assert!(
        chain == "WHITE joined top and bottom" || chain == "BLACK joined left and right",
        "{chain}"
    );
    let counts = lines
        .iter()
        .rev()
        .find(|l| l.starts_with("Islands: "))
        .expect("a final view");
    let words: Vec<&str> = counts.split(' ').collect();
    let (white, black) = (words[2], words[4]);
    let expected = match white.parse::<u32>().ok().cmp(&black.parse::<u32>().ok()) {
        std::cmp::Ordering::Greater => format!("Game over: WHITE wins {white}-{black}"),
        std::cmp::Ordering::Less => format!("Game over: BLACK wins {white}-{black}"),
        std::cmp::Ordering::Equal => format!("Game over: tie {white}-{black}"),
    };
    assert_eq!(*last, expected);
    assert!(run.stdout.contains("WHITE plays "));
    assert!(run.stdout.contains("BLACK plays "));
    // The same seed plays the same game.
    let again = islands(
        &dir,
        &[
            "--size",
            "6",
            "--white",
            "random",
            "--black",
            "random",
            "--seed",
            "9",
            "--no-autosave",
        ],
        "",
    );
    assert_eq!(again.stdout, run.stdout);
}

#[test]
fn other_games_flags_and_bad_sizes_are_refused_plainly() {
    let dir = Dir::new();
    islands(&dir, &["--size", "0"], "").assert_refused("a board is 1 to 5000 cells a side");
    islands(&dir, &["--size", "5001"], "").assert_refused("not 5001");
    islands(&dir, &["--dark", "human"], "").assert_refused("Islands of Hex seats are --white");
    islands(&dir, &["--white", "master"], "").assert_refused("unknown strategy \"master\"");
    dir.run(&["play", "--ui", "text", "--size", "5"], "")
        .assert_refused("add --game islands");
}

#[test]
fn a_recorded_game_replays_and_an_unfinished_one_resumes() {
    let dir = Dir::new();
    let record = dir.path().join("game.json");
    let path = record.to_str().expect("UTF-8 path");
    let run = islands(
        &dir,
        &["--size", "2", "--record", path],
        "place 0 0\nplace 0 1\nquit\n",
    );
    run.assert_clean_exit();
    let json = dir.read("game.json");
    assert!(json.contains("\"game\": \"islands\""), "{json}");

    // Resumed, the same match goes on: white's column ends it.
    let data = dir.path().join("data");
    std::fs::create_dir_all(data.join("matches")).expect("matches folder");
    std::fs::copy(&record, data.join("matches").join("20260101-000000-1.json")).expect("copy");
    let resumed = dir.run_with_data(&data, &["play", "--resume", "--ui", "text"], "place 1 0\n");
    assert_eq!(resumed.code, Some(0), "{}", resumed.stderr);
    assert!(
        resumed.stderr.starts_with("resuming "),
        "{}",
        resumed.stderr
    );
    assert!(
        resumed
            .stdout
            .ends_with("WHITE joined top and bottom\nGame over: tie 1-1\n")
    );

    let replay = dir.run(&["replay", path, "--ui", "text"], "");
    replay.assert_clean_exit();
    assert!(
        replay.stdout.starts_with("Player: WHITE\n . .\n. .\n"),
        "{}",
        replay.stdout
    );
    assert!(replay.stdout.contains("WHITE plays 0 0\n"));
    assert!(
        replay
            .stdout
            .ends_with("Record ends after 2 moves; the game was not finished.\n")
    );
}

#[test]
fn sim_plays_islands_strategies_on_a_chosen_size() {
    let dir = Dir::new();
    let run = dir.run(
        &[
            "sim",
            "--game",
            "islands",
            "--white",
            "connector",
            "--black",
            "random",
            "--size",
            "7",
            "--games",
            "5",
            "--swap",
            "--seed",
            "4",
            "--json",
        ],
        "",
    );
    assert_eq!(run.code, Some(0), "{}", run.stderr);
    let json: serde_json::Value = serde_json::from_str(run.stdout.trim()).expect("JSON");
    assert_eq!(json["games"], 10);
    assert_eq!(json["a"]["strategy"], "connector");
    let (a, b) = (
        json["a"]["wins"].as_u64().unwrap_or(0),
        json["b"]["wins"].as_u64().unwrap_or(0),
    );
    assert!(a > b, "connector should win most: {json}");
    dir.run(&["sim", "--white", "random", "--black", "random"], "")
        .assert_refused("add --game islands");
    dir.run(
        &[
            "sim", "--game", "islands", "--white", "random", "--black", "x",
        ],
        "",
    )
    .assert_refused("unknown strategy \"x\"");
}

/// The expert grows its trees from the match's seed, so a match with it tells the seed it
/// drew, as a random player's does; the connector's does not need one.
#[test]
fn a_match_with_the_expert_tells_the_drawn_seed() {
    let dir = Dir::new();
    for (white, told) in [("expert", true), ("connector", false)] {
        let run = islands(
            &dir,
            &[
                "--size",
                "4",
                "--white",
                white,
                "--black",
                "connector",
                "--think-ms",
                "5",
                "--no-autosave",
            ],
            "",
        );
        assert_eq!(run.code, Some(0), "{}", run.stderr);
        assert_eq!(
            run.stderr.contains("play this game again with --seed"),
            told,
            "{white}: {}",
            run.stderr
        );
    }
}
