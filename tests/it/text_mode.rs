//! Text mode through the real binary: exact views, computer seats, commands, errors and flags.

use crate::common;
use crate::common::fork::SpawnGuarded;

use std::process::Stdio;
use std::time::Duration;

use common::bin::{Dir, Run, command, run_with_deadline};

/// One row of three card cells.
const ROW3: &str = "1 3\nCCC\n";
/// A 2x2 board whose top-right cell is a hole.
const HOLED: &str = "2 2\nCX\nCC\n";
/// A 2x2 board without holes.
const OPEN2: &str = "2 2\nCC\nCC\n";
/// Both boards above have 3 or 4 card cells: Red is dealt Ant and Bee, Blue Cat and Dog
/// (`--deal in-order`); Eel is never dealt.
const CARDS: &str = "Ant 1 1 1 1\nBee 2 2 9 9\nCat 3 3 5 5\nDog 4 4 4 4\nEel 9 9 9 9\n";
/// For the computer game on OPEN2: Cat ties with Ant everywhere, Dog beats it.
const AI_CARDS: &str = "Ant 1 1 1 1\nBee 5 5 5 5\nCat 1 1 1 1\nDog 2 2 2 2\nEel 9 9 9 9\n";

/// The start view on ROW3: Red to move with the first two cards.
const ROW3_START: &str = "Player: RED\n___\nHand:\nAnt 1 1 1 1\nBee 2 2 9 9\n\n";
/// ROW3 after `place 0 0 0` (Ant at the left end).
const ROW3_ANT_LEFT: &str = "Player: BLUE\nR__\nHand:\nCat 3 3 5 5\nDog 4 4 4 4\n\n";
/// The start view on HOLED; the hole is a space, kept at the end of the line.
const HOLED_START: &str = "Player: RED\n_ \n__\nHand:\nAnt 1 1 1 1\nBee 2 2 9 9\n\n";
/// HOLED after `place 1 0 0` (Bee in the top-left corner); Blue to move.
const HOLED_BEE: &str = "Player: BLUE\nR \n__\nHand:\nCat 3 3 5 5\nDog 4 4 4 4\n\n";
/// The rest of the Blue-wins game on HOLED after HOLED_BEE.
const HOLED_TAIL: &str = concat!(
    // Cat's North 3 beats Bee's South 2.
    "Player: RED\nB \nB_\nHand:\nAnt 1 1 1 1\n\n",
    // Ant's West 1 does not beat Cat's East 5; nothing faces the hole.
    "Player: RED\nB \nBR\nHand:\n\n",
    "Game over: BLUE wins 1-3\n",
);
/// The moves of the Blue-wins game on HOLED, one command a line.
const HOLED_MOVES: [&str; 3] = ["place 1 0 0", "place 0 1 0", "place 0 1 1"];

fn fixtures() -> Dir {
    let dir = Dir::new();
    dir.write("row3.txt", ROW3);
    dir.write("holed.txt", HOLED);
    dir.write("open2.txt", OPEN2);
    dir.write("cards.txt", CARDS);
    dir.write("ai-cards.txt", AI_CARDS);
    dir
}

/// `play` on `board` with CARDS dealt in file order, plus `extra` flags.
fn play<'a>(board: &'a str, extra: &[&'a str]) -> Vec<&'a str> {
    let mut args = vec![
        "play",
        "--board",
        board,
        "--cards",
        "cards.txt",
        "--deal",
        "in-order",
    ];
    args.extend_from_slice(extra);
    args
}

fn script(lines: &[&str]) -> String {
    lines.iter().map(|l| format!("{l}\n")).collect()
}

/// The full output of the Blue-wins game on HOLED with nothing but its moves as input.
fn holed_game() -> String {
    [HOLED_START, HOLED_BEE, HOLED_TAIL].concat()
}

#[test]
fn two_humans_red_wins_with_a_combo() {
    let dir = fixtures();
    let run = dir.run(
        &play("row3.txt", &[]),
        script(&["place 0 0 0", "place 0 0 1", "place 0 0 2"]),
    );
    let expected = [
        ROW3_START,
        ROW3_ANT_LEFT,
        // Cat's West 5 beats Ant's East 1.
        "Player: RED\nBB_\nHand:\nBee 2 2 9 9\n\n",
        // Bee's West 9 beats Cat's East 5; Cat, now Red, beats Ant (5 > 1) in the combo.
        // After the last move the view is the mover's, with an empty hand.
        "Player: RED\nRRR\nHand:\n\n",
        "Game over: RED wins 3-1\n",
    ]
    .concat();
    assert_eq!(run.stdout, expected);
    run.assert_clean_exit();
}

#[test]
fn two_humans_blue_wins_on_a_board_with_a_hole() {
    let dir = fixtures();
    let run = dir.run(&play("holed.txt", &[]), script(&HOLED_MOVES));
    assert_eq!(run.stdout, holed_game());
    run.assert_clean_exit();
}

#[test]
fn two_humans_tie_and_the_hand_keeps_its_order() {
    let dir = fixtures();
    // Red plays its second card first; the remaining Ant is then hand index 0.
    let run = dir.run(
        &play("row3.txt", &[]),
        script(&["place 1 0 0", "place 0 0 2", "place 0 0 1"]),
    );
    let expected = [
        ROW3_START,
        "Player: BLUE\nR__\nHand:\nCat 3 3 5 5\nDog 4 4 4 4\n\n",
        "Player: RED\nR_B\nHand:\nAnt 1 1 1 1\n\n",
        // Ant's East 1 does not beat Cat's West 5: 2 on the grid against Cat + Dog in hand.
        "Player: RED\nRRB\nHand:\n\n",
        "Game over: tie 2-2\n",
    ]
    .concat();
    assert_eq!(run.stdout, expected);
    run.assert_clean_exit();
}

#[test]
fn maxflip_against_maxflip_plays_alone_and_follows_its_tie_breaks() {
    let dir = fixtures();
    let args = [
        "play",
        "--board",
        "open2.txt",
        "--cards",
        "ai-cards.txt",
        "--deal",
        "in-order",
        "--red",
        "maxflip",
        "--blue",
        "maxflip",
    ];
    let expected = concat!(
        "Player: RED\n__\n__\nHand:\nAnt 1 1 1 1\nBee 5 5 5 5\n\n",
        // Nothing can flip on an empty board: uppermost-leftmost cell, hand index 0.
        "RED plays 0 0 0\n",
        "Player: BLUE\nR_\n__\nHand:\nCat 1 1 1 1\nDog 2 2 2 2\n\n",
        // Cat flips nothing (1 against 1); Dog flips Ant from (0, 1) and from (1, 0):
        // the tie goes to the upper cell although (1, 0) is further left.
        "BLUE plays 1 0 1\n",
        "Player: RED\nBB\n__\nHand:\nBee 5 5 5 5\n\n",
        // Bee at (1, 0) takes Ant only; at (1, 1) it takes Dog, whose West 2 then takes Ant.
        "RED plays 0 1 1\n",
        "Player: BLUE\nRR\n_R\nHand:\nCat 1 1 1 1\n\n",
        "BLUE plays 0 1 0\n",
        "Player: BLUE\nRR\nBR\nHand:\n\n",
        "Game over: RED wins 3-1\n",
    );
    // Input is not needed, and not read when both seats are computers.
    for input in ["", "place 0 1 1\nquit\n"] {
        let run = dir.run(&args, input);
        assert_eq!(run.stdout, expected, "input {input:?}");
        run.assert_clean_exit();
    }
}

#[test]
fn a_computer_seat_answers_a_human_move() {
    let dir = fixtures();
    let run = dir.run(
        &play("row3.txt", &["--blue", "maxflip"]),
        script(&["place 0 0 2", "place 0 0 0"]),
    );
    let expected = [
        ROW3_START,
        "Player: BLUE\n__R\nHand:\nCat 3 3 5 5\nDog 4 4 4 4\n\n",
        // (0, 0) flips nothing; at (0, 1) both cards beat Ant's West 1: lowest index wins.
        "BLUE plays 0 0 1\n",
        "Player: RED\n_BB\nHand:\nBee 2 2 9 9\n\n",
        // Bee takes Cat (9 > 5), Cat takes Ant (5 > 1).
        "Player: RED\nRRR\nHand:\n\n",
        "Game over: RED wins 3-1\n",
    ]
    .concat();
    assert_eq!(run.stdout, expected);
    run.assert_clean_exit();
}

#[test]
fn suggest_prints_a_move_and_changes_nothing() {
    let dir = fixtures();
    let run = dir.run(
        &play("row3.txt", &[]),
        script(&[
            "suggest maxflip",
            "place 0 0 2",
            "suggest maxflip",
            "suggest MaxFlip",
            // Blue ignores the advice; the game must be exactly as if it was never asked.
            "place 1 0 0",
            "quit",
        ]),
    );
    let expected = [
        ROW3_START,
        "place 0 0 0\n",
        "Player: BLUE\n__R\nHand:\nCat 3 3 5 5\nDog 4 4 4 4\n\n",
        "place 0 0 1\n",
        "place 0 0 1\n",
        "Player: RED\nB_R\nHand:\nBee 2 2 9 9\n\n",
    ]
    .concat();
    assert_eq!(run.stdout, expected);
    run.assert_clean_exit();
}

#[test]
fn suggest_with_an_unknown_strategy_is_an_error() {
    let dir = fixtures();
    for line in ["suggest nosuch", "suggest", "suggest maxflip corners"] {
        let run = dir.run(&play("row3.txt", &[]), script(&[line, "quit"]));
        assert_eq!(run.stdout, ROW3_START, "{line}");
        assert_eq!(run.code, Some(0));
        let errors = run.error_lines();
        assert_eq!(errors.len(), 1, "{line}: {errors:?}");
        assert!(errors[0].starts_with("error: "), "{line}: {errors:?}");
    }
    let run = dir.run(&play("row3.txt", &[]), "suggest nosuch\n");
    assert!(run.stderr.contains("nosuch"), "{}", run.stderr);
}

/// Commands that are refused with Blue to move on HOLED after `place 1 0 0`, and a word the
/// reason must contain.
const BAD_COMMANDS: [(&str, &str); 14] = [
    ("place 0 0 0", "0,0"),     // occupied by Bee
    ("place 0 0 1", "hole"),    // the hole
    ("place 0 2 0", "2,0"),     // below the grid
    ("place 0 0 2", "0,2"),     // right of the grid
    ("place 2 1 0", "card 2"),  // Blue holds cards 0 and 1
    ("place 99 1 0", "99"),     // far beyond the hand
    ("place 1 x 2", "\"x\""),   // not a number
    ("place -1 1 0", "-1"),     // not a whole number
    ("place 0 1", "place"),     // two values
    ("place 0 1 0 0", "place"), // four values
    ("place", "place"),         // none
    ("dance", "dance"),         // unknown command
    ("place 0 1.0 0", "1.0"),   // not a whole number
    (
        "place 0 99999999999999999999999 0",
        "99999999999999999999999",
    ),
];

#[test]
fn each_bad_command_prints_one_error_line_and_changes_nothing() {
    let dir = fixtures();
    for (bad, needle) in BAD_COMMANDS {
        let mut lines = vec![HOLED_MOVES[0], bad];
        lines.extend_from_slice(&HOLED_MOVES[1..]);
        let run = dir.run(&play("holed.txt", &[]), script(&lines));
        assert_eq!(run.stdout, holed_game(), "{bad:?} must not change the game");
        assert_eq!(run.code, Some(0), "{bad:?}");
        let errors = run.error_lines();
        assert_eq!(errors.len(), 1, "{bad:?}: {errors:?}");
        assert!(errors[0].starts_with("error: "), "{bad:?}: {errors:?}");
        assert!(errors[0].contains(needle), "{bad:?}: {errors:?}");
    }
}

#[test]
fn a_game_full_of_mistakes_still_finishes() {
    let dir = fixtures();
    let mut lines = vec![];
    for (i, mv) in HOLED_MOVES.iter().enumerate() {
        if i > 0 {
            lines.extend(BAD_COMMANDS.iter().map(|(bad, _)| *bad));
        }
        lines.push(mv);
    }
    let run = dir.run(&play("holed.txt", &[]), script(&lines));
    assert_eq!(run.stdout, holed_game());
    assert_eq!(run.code, Some(0));
    let errors = run.error_lines();
    // Every mistake is refused again in Red's last turn, with (1, 0) taken and one card left.
    assert_eq!(errors.len(), 2 * BAD_COMMANDS.len(), "{errors:?}");
    assert!(
        errors.iter().all(|e| e.starts_with("error: ")),
        "{errors:?}"
    );
}

#[test]
fn comments_blank_lines_and_spacing_are_ignored() {
    let dir = fixtures();
    let input = concat!(
        "# Red opens in the corner\n",
        "\n",
        "   \n",
        "\t\n",
        "  place   1\t0 0  \n",
        "#place 0 0 0\n",
        "   # indented comment\n",
        "place 0 1 0\r\n",
        "place 0 1 1", // the last line has no newline
    );
    let run = dir.run(&play("holed.txt", &[]), input);
    assert_eq!(run.stdout, holed_game());
    run.assert_clean_exit();
}

#[test]
fn help_lists_the_commands() {
    let dir = fixtures();
    let run = dir.run(&play("row3.txt", &[]), "help\nquit\n");
    run.assert_clean_exit();
    let help = run
        .stdout
        .strip_prefix(ROW3_START)
        .expect("help comes after the start view");
    let commands: Vec<&str> = help
        .lines()
        .filter_map(|l| l.split_whitespace().next())
        .collect();
    for command in ["place", "suggest", "help", "quit"] {
        assert!(commands.contains(&command), "{command} missing in:\n{help}");
    }
    assert!(!help.contains("Player:"), "help is not a move:\n{help}");
    for strategy in trios::games::three_trios::ai::STRATEGY_NAMES {
        assert!(
            help.contains(strategy),
            "suggest {strategy} missing:\n{help}"
        );
    }
}

#[test]
fn seats_and_rules_that_make_no_sense_are_refused_with_what_is_allowed() {
    let dir = fixtures();
    dir.run(&["play", "--ui", "text", "--red", "minimax:0"], "")
        .assert_refused("1 to 64");
    for rules in ["same,same", "none,same"] {
        dir.run(&["play", "--ui", "text", "--rules", rules], "")
            .assert_refused(rules);
    }
}

#[test]
fn quit_and_end_of_input_stop_the_game_with_exit_code_zero() {
    let dir = fixtures();
    let after_one = [ROW3_START, ROW3_ANT_LEFT].concat();
    for (input, expected) in [
        ("place 0 0 0\nquit\nplace 0 0 1\n", after_one.as_str()),
        ("quit\n", ROW3_START),
        ("", ROW3_START),
        ("place 0 0 0\n", after_one.as_str()),
        ("\n# nothing more\n", ROW3_START),
    ] {
        let run = dir.run(&play("row3.txt", &[]), input);
        assert_eq!(run.stdout, expected, "input {input:?}");
        run.assert_clean_exit();
    }
}

#[test]
fn closed_standard_output_is_not_a_crash() {
    let dir = fixtures();
    let mut child = command(
        dir.path(),
        &["play", "--red", "random", "--blue", "maxflip"],
    )
    .stdin(Stdio::null())
    .stdout(Stdio::piped())
    .stderr(Stdio::piped())
    .spawn_guarded()
    .expect("trios starts");
    drop(child.stdout.take());
    let out = child.wait_with_output().expect("trios ends");
    let stderr = String::from_utf8_lossy(&out.stderr);
    common::bin::assert_no_panic(&stderr);
    assert_eq!(out.status.code(), Some(0), "{stderr}");
}

/// A line that is not UTF-8 is a bad command like any other: one `error:` line, game goes on.
#[test]
fn a_line_that_is_not_utf8_is_reported() {
    let dir = fixtures();
    let mut input = script(&HOLED_MOVES[..1]).into_bytes();
    input.extend_from_slice(b"place 0 1 \xff\n");
    input.extend_from_slice(script(&HOLED_MOVES[1..]).as_bytes());
    let run = dir.run(&play("holed.txt", &[]), input);
    assert_eq!(run.stdout, holed_game());
    assert_eq!(run.code, Some(0));
    let errors = run.error_lines();
    assert_eq!(errors.len(), 1, "expected one error line, got {errors:?}");
    assert!(errors[0].starts_with("error: "), "{errors:?}");
}

/// When standard input cannot be read (here it is a folder), text mode says so and stops
/// with exit code 2 instead of retrying.
#[test]
fn an_unreadable_standard_input_ends_the_game() {
    let dir = fixtures();
    let folder = std::fs::File::open(dir.path()).expect("a folder opens for reading");
    let run = run_with_deadline(
        dir.path(),
        &play("row3.txt", &[]),
        Stdio::from(folder),
        None,
        Duration::from_secs(3),
    );
    assert!(!run.timed_out, "trios was still running after 3 s");
    assert!(run.stdout.starts_with(ROW3_START), "{}", run.stdout);
    assert!(run.stderr.starts_with("error: "), "{:?}", run.stderr);
    assert_eq!(run.code, Some(2));
}

#[test]
fn unknown_flag_values_are_refused_before_play() {
    let dir = fixtures();
    for (args, needle) in [
        (&["play", "--rules", "elemental"][..], "elemental"),
        (&["play", "--rules", "same,elemental"][..], "elemental"),
        (&["play", "--red", "deepblue"][..], "deepblue"),
        (&["play", "--blue", "deepblue"][..], "deepblue"),
        (&["play", "--deal", "sideways"][..], "sideways"),
        (&["play", "--seed", "-3"][..], "-3"),
        (&["play", "--seed=-3"][..], "-3"),
        (&["play", "--seed", "3.5"][..], "3.5"),
        (
            &["play", "--seed", "18446744073709551616"][..],
            "18446744073709551616",
        ),
        (&["play", "--ui", "curses"][..], "curses"),
        (&["play", "--colour"][..], "--colour"),
        (&["dance"][..], "dance"),
        (&["replay"][..], "FILE"),
    ] {
        dir.run(args, "quit\n").assert_refused(needle);
    }
}

#[test]
fn missing_files_are_refused_with_their_name() {
    let dir = fixtures();
    let run = dir.run(&["play", "--board", "nosuch.txt"], "quit\n");
    run.assert_refused("nosuch.txt");
    assert!(
        run.stderr.starts_with("error: nosuch.txt: "),
        "{}",
        run.stderr
    );
    assert_eq!(run.error_lines().len(), 1);
    let run = dir.run(&["play", "--cards", "gone/cards.txt"], "quit\n");
    run.assert_refused("gone/cards.txt");
    assert_eq!(run.error_lines().len(), 1);
}

#[test]
fn malformed_files_are_refused_with_file_and_line() {
    let dir = fixtures();
    dir.write("lower.txt", "2 2\nCC\nCc\n");
    dir.write("short.txt", "2 3\nCCC\nCC\n");
    dir.write("header.txt", "two by two\nCC\nCC\n");
    dir.write("value.txt", "Ant 1 1 1 1\nBee 2 B 9 9\nCat 3 3 5 5\n");
    dir.write("fields.txt", "Ant 1 1 1 1\n\nBee 2 2 9\n");
    dir.write("twice.txt", "Ant 1 1 1 1\nBee 2 2 9 9\nAnt 3 3 5 5\n");
    for (args, place) in [
        (&["play", "--board", "lower.txt"][..], "lower.txt:3:2: "),
        (&["play", "--board", "short.txt"][..], "short.txt:3:"),
        (&["play", "--board", "header.txt"][..], "header.txt:1:"),
        (&["play", "--cards", "value.txt"][..], "value.txt:2:7: "),
        (&["play", "--cards", "fields.txt"][..], "fields.txt:3:"),
        (&["play", "--cards", "twice.txt"][..], "twice.txt:3:"),
    ] {
        let run = dir.run(args, "quit\n");
        run.assert_refused(place);
        assert!(
            run.stderr.starts_with(&format!("error: {place}")),
            "{}",
            run.stderr
        );
        assert_eq!(run.error_lines().len(), 1, "{}", run.stderr);
    }
    let run = dir.run(&["play", "--cards", "value.txt"], "");
    assert!(run.stderr.contains("\"B\""), "{}", run.stderr);
}

#[test]
fn too_few_cards_says_how_many_are_needed() {
    let dir = fixtures();
    dir.write("few.txt", "Ant 1 1 1 1\nBee 2 2 9 9\nCat 3 3 5 5\n");
    // Three card cells need four cards: the five of CARDS are enough.
    dir.run(&play("row3.txt", &[]), "quit\n")
        .assert_clean_exit();
    let run = dir.run(
        &["play", "--board", "row3.txt", "--cards", "few.txt"],
        "quit\n",
    );
    assert_eq!(run.code, Some(2));
    assert_eq!(run.stdout, "");
    assert_eq!(
        run.stderr,
        "error: board has 3 card cells, so 4 cards are needed; few.txt has 3\n"
    );
    // The built-in board (configs/boards/default.txt) has 17 card cells.
    let run = dir.run(&["play", "--cards", "few.txt"], "quit\n");
    assert_eq!(
        run.stderr,
        "error: board has 17 card cells, so 18 cards are needed; few.txt has 3\n"
    );
}

fn computer_game(dir: &Dir, seed: &str, red: &str, blue: &str) -> Run {
    let run = dir.run(&["play", "--seed", seed, "--red", red, "--blue", blue], "");
    run.assert_clean_exit();
    let last = run.stdout.lines().last().unwrap_or_default();
    assert!(last.starts_with("Game over: "), "{}", run.stdout);
    run
}

#[test]
fn the_same_seed_plays_the_same_game() {
    let dir = fixtures();
    for (red, blue) in [("maxflip", "maxflip"), ("random", "corners")] {
        let a = computer_game(&dir, "1", red, blue);
        let b = computer_game(&dir, "1", red, blue);
        assert_eq!(a.stdout, b.stdout, "{red} against {blue}");
    }
    // Checked once by hand: these two deals differ, and so do the games.
    let one = computer_game(&dir, "1", "maxflip", "maxflip");
    let two = computer_game(&dir, "2", "maxflip", "maxflip");
    assert_ne!(one.stdout, two.stdout);
    let hand = |run: &Run| run.stdout.lines().take(15).collect::<Vec<_>>().join("\n");
    assert_ne!(hand(&one), hand(&two), "the first hands already differ");
}

#[test]
fn a_shuffled_deal_deals_cards_from_the_file() {
    let dir = fixtures();
    let run = dir.run(
        &[
            "play",
            "--board",
            "row3.txt",
            "--cards",
            "cards.txt",
            "--seed",
            "9",
        ],
        "",
    );
    run.assert_clean_exit();
    let hand: Vec<&str> = run
        .stdout
        .lines()
        .skip(3)
        .take_while(|l| !l.is_empty())
        .collect();
    assert_eq!(hand.len(), 2, "{}", run.stdout);
    for card in &hand {
        assert!(
            CARDS.lines().any(|c| c == *card),
            "{card} is not in the file"
        );
    }
    let again = dir.run(
        &[
            "play",
            "--board",
            "row3.txt",
            "--cards",
            "cards.txt",
            "--seed",
            "9",
        ],
        "",
    );
    assert_eq!(run.stdout, again.stdout);
}

#[test]
fn all_variant_rules_together_are_accepted() {
    let dir = fixtures();
    let run = dir.run(
        &[
            "play",
            "--seed",
            "7",
            "--rules",
            "reverse,fallen-ace,same,plus",
            "--red",
            "maxflip",
            "--blue",
            "corners",
        ],
        "",
    );
    run.assert_clean_exit();
    let last = run.stdout.lines().last().unwrap_or_default();
    assert!(last.starts_with("Game over: "), "{}", run.stdout);
    // 17 card cells: 9 cards each, so the scores add up to 18.
    let score = last.rsplit(' ').next().unwrap_or_default();
    let total: usize = score.split('-').map(|n| n.parse::<usize>().unwrap()).sum();
    assert_eq!(total, 18, "{last}");
}

#[test]
fn plain_trios_starts_a_game_with_red_to_move() {
    let dir = fixtures();
    let run = dir.run(&[], "quit\n");
    assert_eq!(run.code, Some(0));
    // The shuffle's seed was drawn, so it is shown for replaying this deal.
    let seed_line = run.stderr.trim_end();
    let seed = seed_line
        .strip_prefix("seed: ")
        .and_then(|rest| rest.split(' ').next())
        .expect("stderr names the drawn seed");
    assert_eq!(
        seed_line,
        format!("seed: {seed} (play this game again with --seed {seed})")
    );
    let again = dir.run(&["play", "--blue", "maxflip", "--seed", seed], "quit\n");
    again.assert_clean_exit();
    assert_eq!(
        again.stdout, run.stdout,
        "the shown seed deals the same game"
    );
    let lines: Vec<&str> = run.stdout.lines().collect();
    assert_eq!(lines[0], "Player: RED");
    // The built-in board, one line a row, holes as spaces.
    assert_eq!(lines[1..5], ["_____", "_ _ _", "_____", "__ __"]);
    assert_eq!(lines[5], "Hand:");
    // (17 + 1) / 2 = 9 cards, each NAME N S E W, then the empty line and nothing more.
    assert_eq!(lines.len(), 6 + 9 + 1, "{}", run.stdout);
    assert_eq!(lines[15], "");
    for card in &lines[6..15] {
        assert_eq!(card.split(' ').count(), 5, "{card}");
    }
    // Red is human: no computer move before Red has played.
    assert!(!run.stdout.contains("plays"));
    // End of input straight away is a normal end too.
    assert_eq!(dir.run(&[], "").code, Some(0));
}

#[test]
fn plain_trios_takes_the_flags_of_trios_play() {
    let dir = fixtures();
    let plain = dir.run(
        &["--ui", "text", "--seed", "5", "--blue", "maxflip"],
        "quit\n",
    );
    let play = dir.run(
        &["play", "--ui", "text", "--seed", "5", "--blue", "maxflip"],
        "quit\n",
    );
    plain.assert_clean_exit();
    assert_eq!(plain.stdout, play.stdout);
    assert!(
        plain.stdout.starts_with("Player: RED\n"),
        "{}",
        plain.stdout
    );
}

#[test]
fn describe_says_what_each_move_flipped_and_the_score_and_changes_nothing_without_it() {
    let dir = fixtures();
    let script = "place 0 0 0\nscore\nquit\n";
    let plain = dir.run(&play("row3.txt", &[]), script);
    let described = dir.run(&play("row3.txt", &["--describe"]), script);
    // Without the flag `score` is an unknown command and the output is the protocol's own.
    assert!(
        plain.stderr.contains("unknown command \"score\""),
        "{}",
        plain.stderr
    );
    assert!(!plain.stdout.contains("Score:"), "{}", plain.stdout);
    assert!(!plain.stdout.contains("> "), "{}", plain.stdout);
    assert_eq!(described.code, Some(0), "{}", described.stderr);
    assert_eq!(described.stderr, "");
    let out = &described.stdout;
    assert!(out.starts_with("Player: RED\n"), "{out}");
    assert!(out.contains("RED> "), "a prompt: {out}");
    assert!(out.contains("RED placed "), "{out}");
    assert!(out.contains(" at 0,0: flipped "), "{out}");
    assert!(out.matches("Score: RED ").count() >= 3, "{out}");
}
