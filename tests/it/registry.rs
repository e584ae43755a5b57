//! The refusals written from the registry of games, through the real binary: the games
//! each one names come from the list, and the texts stay word for word what they were.

use crate::common;

use common::bin::{Dir, assert_no_panic};

/// Runs `trios ARGS` with no input and checks it was refused with exactly `message`.
fn refused(args: &[&str], message: &str) {
    let dir = Dir::new();
    let run = dir.run(args, "");
    assert_no_panic(&run.stderr);
    run.assert_refused(message);
    assert_eq!(run.stderr, format!("error: {message}\n"), "{args:?}");
}

#[test]
fn rivals_name_the_games_that_race() {
    refused(
        &[
            "play", "--game", "reversi", "--ui", "text", "--rivals", "easy",
        ],
        "--rivals is a Triad and Hex paths flag; add --game triad or --game hexpaths",
    );
}

#[test]
fn another_games_flags_name_that_game() {
    let dir = Dir::new();
    let run = dir.run(&["play", "--ui", "text", "--dark", "random"], "");
    run.assert_refused("are Reversi flags; add --game reversi");
    let run = dir.run(&["play", "--ui", "text", "--size", "7"], "");
    run.assert_refused("are Islands of Hex flags; add --game islands");
    let run = dir.run(
        &["play", "--game", "reversi", "--ui", "text", "--size", "7"],
        "",
    );
    run.assert_refused("are Islands of Hex flags; Reversi seats are --dark and --light");
    let run = dir.run(
        &[
            "play", "--game", "islands", "--ui", "text", "--dark", "random",
        ],
        "",
    );
    run.assert_refused("are Reversi flags; Islands of Hex seats are --white and --black");
}

#[test]
fn solve_and_perft_name_the_games_they_take() {
    refused(
        &["solve", "--game", "islands"],
        "trios solve solves three-trios and reversi positions (Hex paths moves: trios \
         hexpaths solve)",
    );
    refused(
        &["perft", "--game", "triad", "1"],
        "trios perft counts three-trios and reversi positions",
    );
    refused(
        &["solve", "--position", "x"],
        "--position is a Reversi flag; add --game reversi",
    );
    refused(
        &["perft", "--position", "x", "1"],
        "--position is a Reversi flag; add --game reversi",
    );
}

#[test]
fn sim_names_the_games_it_plays_and_refuses_other_seats() {
    refused(
        &["sim", "--game", "hexpaths"],
        "trios sim plays three-trios, reversi, islands and triad; Hex paths is played with \
         trios play --game hexpaths (its tools: trios hexpaths …)",
    );
    refused(
        &["sim", "--red", "random"],
        "a Three Trios simulation needs --red A --blue B (two strategies) or --round-robin \
         A,B,...; other games: --game reversi, islands or triad",
    );
    // Seats of games listed after the chosen one are refused, the last game's first.
    refused(
        &[
            "sim", "--dark", "random", "--light", "random", "--white", "random", "--black",
            "random",
        ],
        "--white and --black are Islands of Hex seats; add --game islands",
    );
    refused(
        &["sim", "--dark", "random", "--light", "random"],
        "--dark and --light are Reversi seats; add --game reversi",
    );
    refused(
        &[
            "sim", "--game", "reversi", "--white", "random", "--black", "random",
        ],
        "--white and --black are Islands of Hex seats; add --game islands",
    );
    refused(
        &[
            "sim", "--game", "islands", "--dark", "random", "--light", "random",
        ],
        "an Islands of Hex simulation needs --white A --black B (two strategies) or \
         --round-robin A,B,...",
    );
    refused(
        &[
            "sim", "--game", "triad", "--white", "random", "--black", "random",
        ],
        "a Triad simulation plays solitaire games: it takes --games, --seed, --threads and \
         --json, and no strategies",
    );
}

#[test]
fn a_games_own_refusals_read_as_the_game_says_them() {
    refused(
        &["hexpaths", "show", "xx"],
        "illegal game: a game must be 93, 96, 99 or 102 (six crannies of 3, eighteen nooks \
         of 4, one to four pieces of 3) characters long, not 2",
    );
    refused(
        &["triad", "check", "a", "b", "c"],
        "\"a\" is not a card: write shape,color,count,fill, e.g. diamond,green,3,dark",
    );
    refused(
        &["play", "--board", "/nonexistent", "--ui", "text"],
        "/nonexistent: cannot read: No such file or directory (os error 2)",
    );
}
