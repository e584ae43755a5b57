//! Triad through the real binary: the text mode exactly as the rules document gives it, the
//! `trios triad check` and `find` tools, and `trios sim --game triad`.

use crate::common;

use common::bin::{Dir, assert_no_panic};
use trios::games::triad::{Game, first_triad, text};

fn triad(dir: &Dir, seed: u64, input: &str) -> common::bin::Run {
    let seed = seed.to_string();
    let run = dir.run(
        &["play", "--game", "triad", "--ui", "text", "--seed", &seed],
        input,
    );
    assert_no_panic(&run.stderr);
    run
}

#[test]
fn the_view_is_the_deck_then_every_position_then_a_blank_line() {
    let dir = Dir::new();
    let run = triad(&dir, 5, "");
    run.assert_clean_exit();
    let lines: Vec<&str> = run.stdout.lines().collect();
    assert_eq!(lines[0], "Deck: 69");
    for (i, line) in lines[1..13].iter().enumerate() {
        let (pos, card) = line.split_once(' ').expect("position and card");
        assert_eq!(pos, i.to_string());
        let parts: Vec<&str> = card.split(',').collect();
        assert_eq!(parts.len(), 4, "{line}");
        assert!(
            ["triangle", "oval", "diamond"].contains(&parts[0]),
            "{line}"
        );
    }
    assert_eq!(lines[13], "");
    assert_eq!(lines.len(), 14);
    // The same seed deals the same table; another seed another.
    assert_eq!(triad(&dir, 5, "").stdout, run.stdout);
    assert_ne!(triad(&dir, 6, "").stdout, run.stdout);
}

#[test]
fn hint_count_and_refusals_answer_as_documented() {
    let dir = Dir::new();
    let game = Game::new(5);
    let [i, j, k] = first_triad(game.tableau()).expect("a triad on the table");
    let count = trios::games::triad::count_triads(game.tableau());
    let run = triad(
        &dir,
        5,
        "# a comment\n\ncount\nhint\npick 0 0 1\npick 0 1 12\npick a b c\nfrob\n",
    );
    assert_eq!(run.code, Some(0), "{}", run.stderr);
    let after_view: Vec<&str> = run.stdout.lines().skip(14).collect();
    assert_eq!(after_view, [count.to_string(), format!("pick {i} {j} {k}")]);
    let errors = run.error_lines();
    assert_eq!(errors.len(), 4, "{}", run.stderr);
    assert!(errors[0].contains("picked twice"), "{}", errors[0]);
    assert!(errors[1].contains("position 12 is not on the tableau"));
    assert!(errors[2].contains("pick takes three positions"));
    assert!(errors[3].contains("unknown command \"frob\""));
}

#[test]
fn a_whole_game_by_hints_ends_with_the_count_of_triads() {
    let dir = Dir::new();
    // The picks a player taking every hint would make, and what the game says after each.
    let mut game = Game::new(11);
    let mut input = String::new();
    let mut expected = text::render(&game);
    while let Some([i, j, k]) = first_triad(game.tableau()) {
        input.push_str(&format!("pick {i} {j} {k}\n"));
        let found = game.pick([i, j, k]).expect("a triad");
        for redeal in &found.redeals {
            expected.push_str(&text::redeal_line(redeal));
            expected.push('\n');
        }
        expected.push_str(&text::render(&game));
    }
    expected.push_str(&format!("Game over: {} triads found\n", game.found().len()));
    let run = triad(&dir, 11, &input);
    run.assert_clean_exit();
    assert!(game.opening_redeals().is_empty());
    assert_eq!(run.stdout, expected);
    assert!(run.stdout.contains("Deck: 0\n"));
}

#[test]
fn a_table_without_a_triad_is_redealt_and_said_so() {
    // A seed whose first twelve cards hold no triad (about one in thirty).
    let seed = (0..10_000u64)
        .find(|&s| !Game::new(s).opening_redeals().is_empty())
        .expect("a stuck first deal");
    let dir = Dir::new();
    let run = triad(&dir, seed, "");
    run.assert_clean_exit();
    assert!(
        run.stdout
            .starts_with("No triad: 12 cards discarded, 12 dealt\n"),
        "{}",
        run.stdout
    );
    // Each re-deal discards twelve and deals twelve more from the 69 left.
    let redeals = run.stdout.matches("No triad: ").count();
    assert_eq!(redeals, Game::new(seed).opening_redeals().len());
    let deck = format!("Deck: {}\n", 69 - 12 * redeals);
    assert!(run.stdout.contains(&deck), "{}", run.stdout);
}

#[test]
fn check_and_find_answer_for_any_cards() {
    let dir = Dir::new();
    let check = |cards: &[&str]| {
        let mut args = vec!["triad", "check"];
        args.extend_from_slice(cards);
        dir.run(&args, "")
    };
    let yes = check(&[
        "triangle,green,3,none",
        "oval,purple,1,dark",
        "diamond,orange,2,light",
    ]);
    yes.assert_clean_exit();
    assert_eq!(yes.stdout, "triad\n");
    let no = check(&[
        "diamond,green,3,dark",
        "oval,green,2,dark",
        "diamond,green,1,dark",
    ]);
    no.assert_clean_exit();
    assert_eq!(no.stdout, "not a triad\n");
    check(&[
        "diamond,green,3,dark",
        "oval,green,2,dark",
        "diamond,red,1,dark",
    ])
    .assert_refused("color is one of orange, purple, green, not \"red\"");

    let find = dir.run(
        &[
            "triad",
            "find",
            "oval,green,3,none",
            "triangle,green,3,none",
            "oval,purple,1,dark",
            "diamond,orange,2,light",
            "triangle,purple,3,none",
            "triangle,orange,3,none",
        ],
        "",
    );
    find.assert_clean_exit();
    assert_eq!(find.stdout, "1 2 3\n1 4 5\n2 triads\n");
    let none = dir.run(&["triad", "find"], "");
    none.assert_clean_exit();
    assert_eq!(none.stdout, "0 triads\n");
    dir.run(&["triad", "find", "oval,green"], "")
        .assert_refused("shape,color,count,fill");
}

#[test]
fn sim_reports_the_deal_as_json_that_adds_up() {
    let dir = Dir::new();
    let run = dir.run(
        &[
            "sim", "--game", "triad", "--games", "3000", "--seed", "4", "--json",
        ],
        "",
    );
    run.assert_clean_exit();
    let v: serde_json::Value = serde_json::from_str(&run.stdout).expect("JSON");
    assert_eq!(v["games"], 3000);
    let by_found: u64 = v["found"]
        .as_object()
        .expect("games by triads found")
        .values()
        .map(|c| c.as_u64().expect("a count"))
        .sum();
    assert_eq!(by_found, 3000);
    // Roughly one first deal in thirty holds no triad: well inside 1% to 6% for 3000 games.
    let stuck = v["first_deal_no_triad"].as_f64().expect("a count") / 3000.0;
    assert!((0.01..0.06).contains(&stuck), "{stuck}");
    // Every re-deal is a stuck table: of a fresh deal, or after a triad was replaced.
    assert_eq!(
        v["redeals"],
        v["fresh_no_triad"].as_u64().unwrap() + v["replaced_no_triad"].as_u64().unwrap()
    );
    // The same seed gives the same report, on any number of threads.
    let again = dir.run(
        &[
            "sim",
            "--game",
            "triad",
            "--games",
            "3000",
            "--seed",
            "4",
            "--json",
            "--threads",
            "1",
        ],
        "",
    );
    assert_eq!(again.stdout, run.stdout);
    dir.run(
        &[
            "sim", "--game", "triad", "--red", "expert", "--blue", "random",
        ],
        "",
    )
    .assert_refused("a Triad simulation plays solitaire games");
}
