//! Reversi through the real binary: the text mode exactly as the rules document gives it,
//! the brief's seat names, records that replay and resume, perft, solve and sim.

use crate::common;

use common::bin::{Dir, assert_no_panic};

const WELCOME: &str =
    "Welcome to Reversi!  Moves should be entered in \"[row] [column]\" format.\n";

const START: &str = "    1 2 3 4 5 6 7 8
  1 . . . . . . . .
  2 . . . . . . . .
  3 . . . . _ . . .
  4 . . . X O _ . .
  5 . . _ O X . . .
  6 . . . _ . . . .
  7 . . . . . . . .
  8 . . . . . . . .
";

/// After dark's 3 5, light to move; `_` on light's three legal moves.
const AFTER_3_5: &str = "    1 2 3 4 5 6 7 8
  1 . . . . . . . .
  2 . . . . . . . .
  3 . . . _ X _ . .
  4 . . . X X . . .
  5 . . . O X _ . .
  6 . . . . . . . .
  7 . . . . . . . .
  8 . . . . . . . .
";

fn reversi(dir: &Dir, extra: &[&str], input: &str) -> common::bin::Run {
    let mut args = vec!["play", "--game", "reversi", "--ui", "text", "--no-autosave"];
    args.extend_from_slice(extra);
    let run = dir.run(&args, input);
    assert_no_panic(&run.stderr);
    run
}

#[test]
fn the_brief_s_opening_prints_exactly_the_documented_views() {
    let dir = Dir::new();
    let run = reversi(&dir, &[], "3 5\n");
    run.assert_clean_exit();
    let expected = format!(
        "{WELCOME}\n{START}\nEnter your move, X player: \n{AFTER_3_5}\nEnter your move, O \
         player: \n"
    );
    assert_eq!(run.stdout, expected);
}

#[test]
fn bad_and_illegal_moves_are_refused_and_the_same_player_is_asked_again() {
    let dir = Dir::new();
    let run = reversi(
        &dir,
        &[],
        "9 9\n4 4\n1 1\nhello\n# a comment\n\nsuggest greedy\n3 5\n",
    );
    assert_eq!(run.code, Some(0), "{}", run.stderr);
    let errors = run.error_lines();
    assert_eq!(errors.len(), 4, "{errors:?}");
    assert!(
        errors.iter().all(|e| e.starts_with("error: ")),
        "{errors:?}"
    );
    assert!(errors[0].contains("off the board"), "{}", errors[0]);
    assert!(errors[1].contains("taken"), "{}", errors[1]);
    assert!(errors[2].contains("flips nothing"), "{}", errors[2]);
    // Nothing was played until 3 5: one board before it, one after.
    assert_eq!(run.stdout.matches("    1 2 3 4 5 6 7 8").count(), 2);
    assert!(run.stdout.contains(AFTER_3_5));
    // greedy's suggestion: the first of the four one-flip moves in row-major order.
    assert!(run.stdout.contains("X player: 3 5\n"), "{}", run.stdout);
}

#[test]
fn two_computers_play_a_whole_game_with_the_brief_s_class_names() {
    let dir = Dir::new();
    let run = reversi(
        &dir,
        &[
            "--dark",
            "RandomComputerPlayer",
            "--light",
            "IntelligentComputerPlayer",
            "--seed",
            "5",
        ],
        "",
    );
    run.assert_clean_exit();
    let lines: Vec<&str> = run.stdout.lines().collect();
    let last = lines.last().copied().unwrap_or_default();
    assert!(last.starts_with("Game over: "), "{last}");
    let counts: Vec<usize> = last
        .rsplit(' ')
        .next()
        .unwrap_or_default()
        .split('-')
        .map(|n| n.parse().expect("a count"))
        .collect();
    assert!(counts[0] + counts[1] <= 64);
    // The final board shows no legal-move marks.
    let final_board = &lines[lines.len() - 10..lines.len() - 1];
    assert!(
        final_board.iter().all(|l| !l.contains('_')),
        "{final_board:?}"
    );
    assert!(
        run.stdout.contains("O plays "),
        "computer moves are announced"
    );
    // The same seed plays the same game.
    let again = reversi(
        &dir,
        &["--dark", "random", "--light", "positional", "--seed", "5"],
        "",
    );
    assert_eq!(again.stdout, run.stdout);
}

#[test]
fn unknown_seats_and_other_games_flags_are_refused_plainly() {
    let dir = Dir::new();
    reversi(&dir, &["--dark", "deepblue"], "").assert_refused("deepblue");
    reversi(&dir, &["--red", "maxflip"], "").assert_refused("--dark");
    let run = dir.run(&["play", "--ui", "text", "--dark", "random"], "");
    run.assert_refused("--game reversi");
    reversi(&dir, &["--position", "XO"], "").assert_refused("position");
}

#[test]
fn a_recorded_game_names_its_game_and_replays() {
    let dir = Dir::new();
    let run = dir.run(
        &[
            "play",
            "--game",
            "reversi",
            "--ui",
            "text",
            "--record",
            "r.json",
            "--dark",
            "greedy",
            "--light",
            "positional",
        ],
        "",
    );
    run.assert_clean_exit();
    let json: serde_json::Value = serde_json::from_str(&dir.read("r.json")).expect("JSON");
    assert_eq!(json["format"], "trios-record");
    assert_eq!(json["version"], 2);
    assert_eq!(json["game"], "reversi");
    assert_eq!(json["setup"]["seats"][0], "greedy");
    assert!(json["result"]["score"].is_array());
    let replay = dir.run(&["replay", "r.json", "--ui", "text"], "");
    replay.assert_clean_exit();
    let last = run.stdout.lines().last().unwrap_or_default();
    assert_eq!(replay.stdout.lines().last().unwrap_or_default(), last);
    // A tampered record is refused with the move that no longer replays.
    let mut tampered = json.clone();
    tampered["moves"][0]["score"] = serde_json::json!([9, 9]);
    dir.write("bad.json", tampered.to_string());
    let bad = dir.run(&["replay", "bad.json", "--ui", "text"], "");
    assert_eq!(bad.code, Some(2));
    assert!(bad.stderr.contains("move 1"), "{}", bad.stderr);
}

#[test]
fn an_unfinished_game_resumes_where_it_stopped() {
    let dir = Dir::new();
    let data = dir.path().join("data");
    let first = dir.run_with_data(
        &data,
        &["play", "--game", "reversi", "--ui", "text"],
        "3 5\n",
    );
    assert_eq!(first.code, Some(0), "{}", first.stderr);
    let resumed = dir.run_with_data(&data, &["play", "--resume", "--ui", "text"], "");
    assert_eq!(resumed.code, Some(0), "{}", resumed.stderr);
    assert!(resumed.stderr.contains("resuming"), "{}", resumed.stderr);
    assert!(resumed.stdout.contains(AFTER_3_5), "{}", resumed.stdout);
    assert!(resumed.stdout.contains("Enter your move, O player: "));
}

#[test]
fn perft_counts_the_published_numbers() {
    let dir = Dir::new();
    for (depth, count) in [("1", "4"), ("5", "1396"), ("8", "390216")] {
        let run = dir.run(&["perft", "--game", "reversi", depth], "");
        assert_eq!(run.code, Some(0), "{}", run.stderr);
        assert_eq!(run.stdout, format!("{count}\n"));
    }
    let run = dir.run(
        &["perft", "--game", "reversi", "3", "--position", "nonsense"],
        "",
    );
    run.assert_refused("--position");
}

#[test]
fn solve_gives_the_exact_value_of_an_endgame() {
    let dir = Dir::new();
    // Squares 1-20 (row-major) dark, 21-63 light, (8,8) empty, light to move. Light cannot
    // play (8,8): every line from it starts with a light disc. So light passes and dark
    // plays it, flipping five discs up column 8 (to the dark disc at (2,8)) and four on the
    // diagonal (to the dark disc at (3,3)): dark 30, light 34, a full board.
    let board = format!("{}{}", "X".repeat(20), "O".repeat(43));
    let position = format!("{board}- O");
    let run = dir.run(
        &[
            "solve",
            "--game",
            "reversi",
            "--position",
            &position,
            "--json",
        ],
        "",
    );
    assert_eq!(run.code, Some(0), "{}", run.stderr);
    let json: serde_json::Value = serde_json::from_str(run.stdout.trim()).expect("JSON");
    assert_eq!(json["value"], 4, "{json}");
    assert!(json["best"].is_null(), "light must pass: {json}");
    assert!(json["nodes"].is_u64());
    let missing = dir.run(&["solve", "--game", "reversi"], "");
    missing.assert_refused("--position");
}

#[test]
fn sim_plays_reversi_strategies_from_varied_openings() {
    let dir = Dir::new();
    let run = dir.run(
        &[
            "sim", "--game", "reversi", "--dark", "greedy", "--light", "random", "--games", "6",
            "--swap", "--seed", "3", "--json",
        ],
        "",
    );
    assert_eq!(run.code, Some(0), "{}", run.stderr);
    let json: serde_json::Value = serde_json::from_str(run.stdout.trim()).expect("JSON");
    assert_eq!(json["games"], 12);
    assert_eq!(json["a"]["strategy"], "greedy");
    let wins = json["a"]["wins"].as_u64().unwrap_or(0) + json["b"]["wins"].as_u64().unwrap_or(0);
    assert_eq!(wins + json["ties"].as_u64().unwrap_or(0), 12);
    let again = dir.run(
        &[
            "sim",
            "--game",
            "reversi",
            "--dark",
            "greedy",
            "--light",
            "random",
            "--games",
            "6",
            "--swap",
            "--seed",
            "3",
            "--json",
            "--threads",
            "1",
        ],
        "",
    );
    assert_eq!(again.stdout, run.stdout, "the thread count changes nothing");
}

#[test]
fn a_reversi_round_robin_plays_every_pair_and_checks_names_per_game() {
    let dir = Dir::new();
    let run = dir.run(
        &[
            "sim",
            "--game",
            "reversi",
            "--round-robin",
            "random,greedy,IntelligentComputerPlayer",
            "--games",
            "3",
            "--seed",
            "2",
            "--json",
        ],
        "",
    );
    assert_eq!(run.code, Some(0), "{}", run.stderr);
    let json: serde_json::Value = serde_json::from_str(run.stdout.trim()).expect("JSON");
    let text = json.to_string();
    for name in ["random", "greedy", "positional"] {
        assert!(text.contains(name), "{name} in {text}");
    }
    // Three pairs of three deals, seats swapped.
    let games: u64 = json["pairs"]
        .as_array()
        .expect("pairs")
        .iter()
        .map(|p| p["games"].as_u64().unwrap_or(0))
        .sum();
    assert_eq!(games, 18, "{text}");

    let unknown = dir.run(
        &[
            "sim",
            "--game",
            "reversi",
            "--round-robin",
            "random,maxflip",
            "--games",
            "1",
        ],
        "",
    );
    unknown.assert_refused("unknown strategy \"maxflip\"");
    let other_game = dir.run(
        &["sim", "--round-robin", "random,greedy", "--games", "1"],
        "",
    );
    other_game.assert_refused("unknown strategy \"greedy\"");
}
