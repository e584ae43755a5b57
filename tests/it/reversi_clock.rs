//! Reversi's computers on a clock (`--think-ms`) and on work (`--think-work`): the expert
//! answers every phase on the clock within its hard limit, the two flags are alternatives,
//! other games refuse `--think-work`, and a record says which budget it was played on (one
//! on work reads as records always have).

use std::time::{Duration, Instant};

use trios::games::Strategy;
use trios::games::reversi::Move;
use trios::games::reversi::levels::{Budget, Level};

use crate::common::bin::{Dir, assert_no_panic};
use crate::reversi_levels::random_position;

#[test]
fn on_a_clock_the_expert_answers_every_phase_with_a_legal_move_in_time() {
    // 40 ms a move, the hard limit at 1.5 times a move's time, the time a move may borrow
    // at most twice the allotment: nothing may take near a second even on a loaded machine
    // (the search checks the clock every 1,024 positions, the solver every 16,384).
    let ceiling = Duration::from_millis(1_000);
    let mut expert = Level::expert(Budget::Time(40));
    for (seed, empties) in [(1, 50), (2, 40), (3, 30), (4, 23), (5, 22), (6, 18), (7, 8)] {
        let game = random_position(seed, empties);
        if game.is_over() || game.must_pass() {
            continue;
        }
        let started = Instant::now();
        let mv = expert.choose(&game).expect("a move");
        let took = started.elapsed();
        assert!(
            matches!(mv, Move::Place(_)) && game.legal_moves().contains(&mv),
            "{mv} in {game}"
        );
        assert!(took < ceiling, "{took:?} at {empties} empties");
    }
}

#[test]
fn think_ms_and_think_work_are_alternatives() {
    let dir = Dir::new();
    for command in ["play", "sim"] {
        let run = dir.run(
            &[
                command,
                "--game",
                "reversi",
                "--think-ms",
                "100",
                "--think-work",
                "100",
            ],
            "",
        );
        assert_no_panic(&run.stderr);
        assert_eq!(run.code, Some(2), "{}", run.stderr);
        assert!(
            run.stderr.contains("--think-work") && run.stderr.contains("--think-ms"),
            "{}",
            run.stderr
        );
    }
}

#[test]
fn other_games_refuse_think_work_by_name() {
    let dir = Dir::new();
    let run = dir.run(
        &[
            "play",
            "--game",
            "islands",
            "--ui",
            "text",
            "--think-work",
            "10",
        ],
        "",
    );
    assert_no_panic(&run.stderr);
    run.assert_refused("--think-work");
}

/// The options object of the record a text-mode match between computers leaves, played with
/// `budget` flags.
fn recorded_options(budget: &[&str]) -> serde_json::Value {
    let dir = Dir::new();
    let record = dir.path().join("match.json");
    let record = record.to_string_lossy();
    let mut args = vec![
        "play", "--game", "reversi", "--ui", "text", "--dark", "expert", "--light", "level:9",
        "--seed", "4", "--record", &record,
    ];
    args.extend_from_slice(budget);
    let run = dir.run(&args, "");
    assert_no_panic(&run.stderr);
    assert_eq!(run.code, Some(0), "{}", run.stderr);
    let json: serde_json::Value =
        serde_json::from_str(&dir.read("match.json")).expect("the record is JSON");
    json["setup"]["options"].clone()
}

#[test]
fn a_record_says_when_it_was_played_on_a_clock() {
    let timed = recorded_options(&["--think-ms", "3"]);
    assert_eq!(timed["timed"], serde_json::Value::Bool(true), "{timed}");
    // On work, the options read exactly as records made before the clock.
    let work = recorded_options(&["--think-work", "3"]);
    assert!(work.get("timed").is_none(), "{work}");
}
