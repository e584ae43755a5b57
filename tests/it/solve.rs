//! `trios solve` through the real binary: the exact value and a best move, as text and JSON,
//! checked against plain minimax through the API.

use crate::common::fork::SpawnGuarded;
use std::process::Command;

use trios::games::three_trios::ai::search::brute_force;
use trios::games::three_trios::config::{parse_cards, parse_grid};
use trios::games::three_trios::{Deal, Game, RuleSet};

const BOARD: &str = "2 3\nCCC\nCXC\n";
const CARDS: &str =
    "Ant 1 5 3 7\nBee 9 2 2 4\nCat 4 4 8 1\nDog 2 7 5 5\nEel 6 1 9 3\nFox 3 8 4 6\n";

fn solve(args: &[&str]) -> (String, String, Option<i32>) {
    let dir = tempfile::tempdir().expect("temp dir");
    std::fs::write(dir.path().join("b.txt"), BOARD).expect("board");
    std::fs::write(dir.path().join("c.txt"), CARDS).expect("cards");
    let out = Command::new(env!("CARGO_BIN_EXE_trios"))
        .current_dir(dir.path())
        .args([
            "solve", "--board", "b.txt", "--cards", "c.txt", "--deal", "in-order",
        ])
        .args(args)
        .output_guarded()
        .expect("runs");
    (
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
        out.status.code(),
    )
}

fn truth() -> i32 {
    let grid = parse_grid("b.txt", BOARD.as_bytes()).expect("board");
    let deck = parse_cards("c.txt", CARDS.as_bytes()).expect("cards");
    let game = Game::new(grid, deck, RuleSet::default(), Deal::InOrder).expect("deal");
    brute_force(&game).expect("not over").1
}

#[test]
fn json_gives_the_exact_value_and_a_legal_best_move() {
    let (stdout, stderr, code) = solve(&["--json"]);
    assert_eq!(code, Some(0), "{stderr}");
    let json: serde_json::Value = serde_json::from_str(stdout.trim()).expect("one JSON object");
    assert_eq!(json["value"].as_i64(), Some(i64::from(truth())));
    for key in ["hand", "row", "col"] {
        assert!(json["best"][key].is_u64(), "{json}");
    }
    assert!(json["nodes"].as_u64().is_some_and(|n| n > 0));
    assert!(json["millis"].is_u64());
    assert!(
        stdout.trim_start().starts_with("{\"value\":"),
        "documented field order: {stdout}"
    );
}

#[test]
fn text_names_the_verdict_and_rank_lists_every_first_move() {
    let (stdout, _, code) = solve(&["--rank"]);
    assert_eq!(code, Some(0));
    let value = truth();
    assert!(stdout.starts_with(&format!("value: {value:+}")), "{stdout}");
    // 5 empty cells x 3 distinct cards in Red's hand.
    assert_eq!(
        stdout
            .lines()
            .filter(|l| l.trim_start().starts_with("place "))
            .count(),
        15
    );
}

#[test]
fn bad_setups_exit_2_with_one_line() {
    let dir = tempfile::tempdir().expect("temp dir");
    let out = Command::new(env!("CARGO_BIN_EXE_trios"))
        .current_dir(dir.path())
        .args(["solve", "--board", "missing.txt"])
        .output_guarded()
        .expect("runs");
    assert_eq!(out.status.code(), Some(2));
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(
        stderr.starts_with("error: missing.txt: cannot read"),
        "{stderr}"
    );
    assert_eq!(stderr.lines().count(), 1);
}

/// A solve stopped early reports a bound that holds: its move is worth exactly the value it
/// gives, which the mover's best can only beat.
#[test]
fn a_stopped_solve_gives_a_true_bound() {
    use std::time::{Duration, Instant};
    use trios::games::three_trios::ai::{Solved, solve, solve_within};
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR"));
    let board = std::fs::read(root.join("configs/boards/open-3x3.txt")).expect("board");
    let cards = std::fs::read(root.join("configs/cards/small-10.txt")).expect("cards");
    let grid = parse_grid("open-3x3.txt", &board).expect("board");
    let deck = parse_cards("small-10.txt", &cards).expect("cards");
    let game = Game::new(grid, deck, RuleSet::default(), Deal::InOrder).expect("deal");
    let exact = solve(&game).expect("solvable");
    let mut bounds = 0;
    for ms in [0, 2, 10, 40, 160, 640] {
        let deadline = Instant::now() + Duration::from_millis(ms);
        match solve_within(&game, Some(deadline), None).expect("not over") {
            Solved::Exact(s) => assert_eq!(s.value, exact.value),
            Solved::Bound(None) => {}
            Solved::Bound(Some(s)) => {
                bounds += 1;
                // Red moves first: Red's margin is at least the bound.
                assert!(s.value <= exact.value, "{} > {}", s.value, exact.value);
                let mut after = game.clone();
                after.play(s.best).expect("legal");
                assert_eq!(solve(&after).expect("not over").value, s.value);
            }
        }
    }
    eprintln!("{bounds} partial bounds checked");
}

#[test]
fn max_secs_keeps_an_exact_answer_exact_and_rejects_zero() {
    let (out, err, code) = solve(&["--max-secs", "60"]);
    assert_eq!(code, Some(0), "{err}");
    assert!(out.starts_with("value: "), "{out}");
    assert!(!out.contains("not exact"), "{out}");
    let (_, err, code) = solve(&["--max-secs", "0"]);
    assert_eq!(code, Some(2), "{err}");
}
