//! Hex paths' tools through the real binary, as the rules document gives them: `legal` or
//! `illegal: REASON` (exit 0 or 1), paths and moves, new games and the canonical string; an
//! illegal game or a number that is not a cell is `error: …` and exit 2, never a panic.

use crate::common;

use common::bin::Dir;
use trios::games::hexpaths::{Cells, State, Step, legitimate_game, minimal_path, replay};

const BRIEF: &str = "171178187194205215093D038D064E070C100D043D106A108F072A080A051D112F082B016C118D060D125B122D060106100064";

fn hexpaths(dir: &Dir, args: &[&str]) -> common::bin::Run {
    let mut all = vec!["hexpaths"];
    all.extend_from_slice(args);
    dir.run(&all, "")
}

/// Checks a run answered exactly `out` with exit `code` and nothing on standard error.
fn answers(run: &common::bin::Run, out: &str, code: i32) {
    assert_eq!(run.stdout, out, "stderr: {}", run.stderr);
    assert_eq!(run.code, Some(code), "stderr: {}", run.stderr);
    assert_eq!(run.stderr, "");
}

#[test]
fn crannies_nooks_and_games_are_legal_or_illegal_with_a_reason() {
    let dir = Dir::new();
    answers(&hexpaths(&dir, &["crannies", &BRIEF[..18]]), "legal\n", 0);
    answers(&hexpaths(&dir, &["nooks", &BRIEF[18..90]]), "legal\n", 0);
    answers(&hexpaths(&dir, &["game", BRIEF]), "legal\n", 0);

    let run = hexpaths(&dir, &["crannies", "169176187194205215"]);
    answers(
        &run,
        "illegal: side 0 (169–176) has 2 crannies; each side has exactly one\n",
        1,
    );
    let bad_letter = BRIEF.replacen("093D", "093X", 1);
    let run = hexpaths(&dir, &["nooks", &bad_letter[18..90]]);
    answers(&run, "illegal: nook 1 (`093X`): letter must be A–F\n", 1);
    let run = hexpaths(&dir, &["game", &bad_letter]);
    answers(&run, "illegal: nook 1 (`093X`): letter must be A–F\n", 1);
    let off_nook = format!("{}060200", &BRIEF[..90]);
    let run = hexpaths(&dir, &["game", &off_nook]);
    answers(&run, "illegal: piece 2 at 200 is not on a nook\n", 1);
    let run = hexpaths(&dir, &["game", "hello"]);
    assert_eq!(run.code, Some(1));
    assert!(run.stdout.starts_with("illegal: "), "{}", run.stdout);
}

#[test]
fn a_step_is_legal_exactly_where_a_slide_ends() {
    let dir = Dir::new();
    for to in ["62", "212", "216"] {
        answers(&hexpaths(&dir, &["step", BRIEF, "60", to]), "legal\n", 0);
    }
    let run = hexpaths(&dir, &["step", BRIEF, "60", "89"]);
    assert_eq!(run.code, Some(1));
    assert!(run.stdout.starts_with("illegal: "), "{}", run.stdout);
    assert!(run.stdout.contains("89"), "{}", run.stdout);
    let run = hexpaths(&dir, &["step", BRIEF, "61", "62"]);
    answers(&run, "illegal: no piece is at 61\n", 1);
}

#[test]
fn a_path_prints_its_cells_or_no_path() {
    let dir = Dir::new();
    let run = hexpaths(&dir, &["path", BRIEF, "60", "125"]);
    assert_eq!(run.code, Some(0), "{}", run.stderr);
    let cells: Vec<u16> = run
        .stdout
        .split_whitespace()
        .map(|c| c.parse().expect("a cell"))
        .collect();
    assert_eq!(run.stdout.lines().count(), 1);
    assert_eq!(Some(cells.clone()), minimal_path(BRIEF, 60, 125));
    assert_eq!(cells.len(), 4, "three steps");
    // Each step a real one with the other pieces in place.
    let state: State = BRIEF.parse().expect("legal");
    let board = state.board();
    let mut at: Vec<u8> = state.pieces().to_vec();
    for w in cells.windows(2) {
        let occupied = Cells::of(&at);
        assert!(
            board
                .step_direction(w[0] as u8, w[1] as u8, &occupied)
                .is_some()
        );
        at[0] = w[1] as u8;
    }
    // 100 holds a piece, so the piece at 60 cannot stop there.
    answers(
        &hexpaths(&dir, &["path", BRIEF, "60", "100"]),
        "no path\n",
        1,
    );
    // The brief's one-piece path from 60 to 100 has six steps.
    let alone = format!("{}060", &BRIEF[..90]);
    let run = hexpaths(&dir, &["path", &alone, "60", "100"]);
    assert_eq!(run.code, Some(0));
    assert_eq!(run.stdout.split_whitespace().count(), 7, "{}", run.stdout);
}

#[test]
fn solve_prints_the_shortest_move_with_other_pieces_helping() {
    let dir = Dir::new();
    let run = hexpaths(&dir, &["solve", BRIEF, "64", "70"]);
    assert_eq!(run.code, Some(0), "{}", run.stderr);
    let lines: Vec<&str> = run.stdout.lines().collect();
    assert_eq!(lines.last(), Some(&"3 steps"));
    let steps: Vec<Step> = lines[..lines.len() - 1]
        .iter()
        .map(|l| {
            let (from, to) = l.split_once('>').expect("FROM>TO");
            Step {
                from: from.parse().expect("a cell"),
                to: to.parse().expect("a cell"),
            }
        })
        .collect();
    assert_eq!(steps.len(), 3);
    let state: State = BRIEF.parse().expect("legal");
    let end = replay(&state.board(), state.pieces(), &steps).expect("real steps");
    assert_eq!(end[3], 70, "the piece from 64 ends on 70");
}

#[test]
fn new_draws_legal_games_fixed_by_the_seed() {
    let dir = Dir::new();
    let run = hexpaths(&dir, &["new", "--seed", "7"]);
    run.assert_clean_exit();
    let game = run.stdout.trim_end_matches('\n');
    assert!(legitimate_game(game), "{game}");
    assert_eq!(game.len(), 102, "four pieces by default");
    assert_eq!(hexpaths(&dir, &["new", "--seed", "7"]).stdout, run.stdout);
    assert_ne!(hexpaths(&dir, &["new", "--seed", "8"]).stdout, run.stdout);
    for (pieces, len) in [("1", 93), ("2", 96), ("3", 99), ("4", 102)] {
        let run = hexpaths(&dir, &["new", "--seed", "7", "--pieces", pieces]);
        run.assert_clean_exit();
        let game = run.stdout.trim_end();
        assert_eq!(game.len(), len);
        assert!(legitimate_game(game));
    }
    // Without a seed one is drawn and told on standard error; the game is still legal.
    let run = hexpaths(&dir, &["new"]);
    assert_eq!(run.code, Some(0));
    assert!(legitimate_game(run.stdout.trim_end()));
    assert!(run.stderr.contains("--seed"), "{}", run.stderr);
    let run = hexpaths(&dir, &["new", "--pieces", "5"]);
    assert_eq!(run.code, Some(2));
    assert_eq!(run.stdout, "");
}

#[test]
fn show_prints_the_canonical_string() {
    let dir = Dir::new();
    let shuffled = BRIEF.replacen("171178", "178171", 1);
    let run = hexpaths(&dir, &["show", &shuffled]);
    run.assert_clean_exit();
    let shown = run.stdout.trim_end();
    // Crannies and nooks ascending, pieces as given.
    let crannies: Vec<&str> = (0..6).map(|i| &shown[3 * i..3 * i + 3]).collect();
    let nooks: Vec<&str> = (0..18).map(|i| &shown[18 + 4 * i..22 + 4 * i]).collect();
    assert!(crannies.is_sorted() && nooks.is_sorted(), "{shown}");
    assert_eq!(&shown[90..], "060106100064");
    let mut given: Vec<&str> = (0..18).map(|i| &BRIEF[18 + 4 * i..22 + 4 * i]).collect();
    given.sort();
    assert_eq!(nooks, given);
    // Showing the shown string changes nothing.
    assert_eq!(hexpaths(&dir, &["show", shown]).stdout, run.stdout);
}

#[test]
fn an_illegal_game_or_a_bad_cell_is_an_error() {
    let dir = Dir::new();
    let bad = BRIEF.replacen("093D", "093X", 1);
    for args in [
        vec!["step", bad.as_str(), "60", "62"],
        vec!["path", bad.as_str(), "60", "125"],
        vec!["show", bad.as_str()],
        vec!["solve", bad.as_str(), "64", "70"],
    ] {
        hexpaths(&dir, &args).assert_refused("nook 1 (`093X`): letter must be A–F");
    }
    for number in ["999", "abc", "-1", "217", ""] {
        hexpaths(&dir, &["path", BRIEF, number, "125"]).assert_refused("not a cell");
        hexpaths(&dir, &["step", BRIEF, "60", number]).assert_refused("not a cell");
    }
    hexpaths(&dir, &["path", BRIEF, "61", "125"]).assert_refused("no piece is at 61");
    hexpaths(&dir, &["solve", BRIEF, "61", "70"]).assert_refused("no piece is at 61");
}

#[test]
fn play_refuses_what_it_cannot_do_in_words() {
    let dir = Dir::new();
    let play = |args: &[&str]| {
        let mut all = vec!["play", "--game", "hexpaths"];
        all.extend_from_slice(args);
        dir.run(&all, "")
    };
    play(&["--ui", "text"]).assert_refused("played full screen");
    play(&["--ui", "tui", "--difficulty", "brutal"]).assert_refused("--difficulty");
    play(&[
        "--ui",
        "tui",
        "--pieces",
        "1",
        "--difficulty",
        "needs-another",
    ])
    .assert_refused("at least two --pieces");
    play(&["--ui", "tui", "--rivals", "godlike"]).assert_refused("--rivals");
    play(&["--ui", "tui", "--players", "a,b,c,d,e"]).assert_refused("at most four");
    play(&["--pieces", "5"]).assert_refused("--pieces");
    play(&["--rounds", "0"]).assert_refused("--rounds");
    play(&["--resume"]).assert_refused("cannot be used with");
    // Hex paths flags belong to Hex paths.
    dir.run(&["play", "--game", "triad", "--players", "a,b"], "")
        .assert_refused("Hex paths flags");
}

#[test]
fn the_commands_of_other_games_say_where_hex_paths_is() {
    let dir = Dir::new();
    dir.run(&["sim", "--game", "hexpaths"], "")
        .assert_refused("trios play --game hexpaths");
    dir.run(&["perft", "--game", "hexpaths", "2"], "")
        .assert_refused("three-trios and reversi");
    dir.run(&["solve", "--game", "hexpaths"], "")
        .assert_refused("trios hexpaths solve");
    dir.run(&["play", "--game", "hexpaths", "--white", "human"], "")
        .assert_refused("no seats");
}
