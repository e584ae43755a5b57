//! `trios sim`: headless matches through the real binary and through the `trios::sim` API —
//! counts that add up, seats, reproducibility across seeds and thread counts, strength, the
//! round robin, and refused input.

use crate::common;

use std::path::Path;

use common::bin::{Dir, Run};
use serde_json::Value;
use trios::games::three_trios::{DealMode, RuleSet};
use trios::sim::duel::DuelSpec;
use trios::sim::{self, Side, Summary};

const OPEN_3X3: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/configs/boards/open-3x3.txt");

/// Runs `trios sim ARGS` in a fresh folder.
fn sim(args: &[&str]) -> Run {
    let mut all = vec!["sim"];
    all.extend_from_slice(args);
    Dir::new().run(&all, "")
}

/// Runs `trios sim ARGS --json`, checks it succeeded quietly and parses its one line.
fn sim_json(args: &[&str]) -> Value {
    let mut all = args.to_vec();
    all.push("--json");
    let run = sim(&all);
    run.assert_clean_exit();
    assert_eq!(run.stdout.lines().count(), 1, "{}", run.stdout);
    serde_json::from_str(&run.stdout).expect("valid JSON")
}

fn count(json: &Value, pointer: &str) -> u64 {
    json.pointer(pointer)
        .and_then(Value::as_u64)
        .unwrap_or_else(|| panic!("{pointer} in {json}"))
}

fn strategy(json: &Value, side: &str) -> String {
    json[side]["strategy"]
        .as_str()
        .unwrap_or_default()
        .to_string()
}

#[test]
fn json_has_the_issues_shape_and_adds_up() {
    let json = sim_json(&[
        "--red", "maxflip", "--blue", "random", "--games", "30", "--seed", "5", "--board", OPEN_3X3,
    ]);
    assert_eq!(strategy(&json, "a"), "maxflip");
    assert_eq!(strategy(&json, "b"), "random");
    let games = count(&json, "/games");
    assert_eq!(games, 30);
    assert_eq!(
        count(&json, "/a/wins") + count(&json, "/b/wins") + count(&json, "/ties"),
        games
    );
}

#[test]
fn json_keys_come_in_the_issues_order() {
    let run = sim(&[
        "--red", "corners", "--blue", "random", "--games", "3", "--seed", "5", "--json",
    ]);
    run.assert_clean_exit();
    let text = run.stdout;
    let at = |key: &str| text.find(&format!("\"{key}\"")).unwrap_or(usize::MAX);
    let order = [
        at("games"),
        at("ties"),
        at("a"),
        at("strategy"),
        at("wins"),
        at("b"),
    ];
    assert!(order.is_sorted() && order[5] < usize::MAX, "{text}");
}

#[test]
fn swap_doubles_the_games_and_a_stays_the_red_strategy() {
    let args = |red: &'static str, blue: &'static str| {
        vec![
            "--red", red, "--blue", blue, "--games", "12", "--swap", "--seed", "9", "--board",
            OPEN_3X3,
        ]
    };
    let json = sim_json(&args("random", "corners"));
    assert_eq!(count(&json, "/games"), 24);
    assert_eq!(count(&json, "/deals"), 12);
    assert_eq!(strategy(&json, "a"), "random");
    assert_eq!(
        count(&json, "/a/wins") + count(&json, "/b/wins") + count(&json, "/ties"),
        24
    );
    // Players are seeded by colour, so naming the strategies the other way round plays the
    // very same games in the other order: the results are the mirror image.
    let mirrored = sim_json(&args("corners", "random"));
    assert_eq!(strategy(&mirrored, "a"), "corners");
    assert_eq!(count(&mirrored, "/ties"), count(&json, "/ties"));
    assert_eq!(count(&mirrored, "/a/wins"), count(&json, "/b/wins"));
    assert_eq!(count(&mirrored, "/b/wins"), count(&json, "/a/wins"));
}

#[test]
fn the_same_seed_gives_the_same_results_on_any_number_of_threads() {
    let base = [
        "--red", "random", "--blue", "maxflip", "--games", "40", "--swap", "--seed", "21",
    ];
    let one = sim_json(&[&base[..], &["--threads", "1"]].concat());
    let three = sim_json(&[&base[..], &["--threads", "3"]].concat());
    let again = sim_json(&[&base[..], &["--threads", "3"]].concat());
    assert_eq!(one, three);
    assert_eq!(three, again);
    assert_eq!(count(&one, "/games"), 80);
}

#[test]
fn a_drawn_seed_is_printed_and_replays_the_run() {
    let run = sim(&[
        "--red", "random", "--blue", "random", "--games", "10", "--json", "--board", OPEN_3X3,
    ]);
    assert_eq!(run.code, Some(0), "{}", run.stderr);
    let seed = run
        .stderr
        .strip_prefix("seed: ")
        .and_then(|rest| rest.split_whitespace().next())
        .unwrap_or_else(|| panic!("a seed note: {:?}", run.stderr))
        .to_string();
    let again = sim_json(&[
        "--red", "random", "--blue", "random", "--games", "10", "--board", OPEN_3X3, "--seed",
        &seed,
    ]);
    let first: Value = serde_json::from_str(&run.stdout).expect("valid JSON");
    assert_eq!(first, again);
}

#[test]
fn the_text_report_has_a_row_per_strategy() {
    let run = sim(&[
        "--red", "maxflip", "--blue", "random", "--games", "20", "--swap", "--seed", "7",
        "--board", OPEN_3X3,
    ]);
    run.assert_clean_exit();
    let lines: Vec<&str> = run.stdout.lines().collect();
    assert!(lines[0].starts_with("maxflip (a) vs random (b) · 40 games (20 deals, seats swapped)"));
    let header = lines
        .iter()
        .position(|l| l.starts_with("strategy"))
        .expect("a table");
    assert!(
        lines[header - 1].ends_with("seed 7"),
        "{}",
        lines[header - 1]
    );
    assert!(lines[header].contains("95% CI"));
    assert!(lines[header + 1].starts_with("maxflip ") && lines[header + 2].starts_with("random "));
    assert!(lines.last().is_some_and(|l| l.contains("games/s")));
    for line in &lines {
        assert!(line.chars().count() <= 80, "wider than 80 columns: {line}");
    }
}

#[test]
fn expert_plays_with_a_short_think_time() {
    let json = sim_json(&[
        "--red",
        "expert",
        "--blue",
        "random",
        "--games",
        "2",
        "--swap",
        "--seed",
        "1",
        "--think-ms",
        "5",
        "--board",
        OPEN_3X3,
    ]);
    assert_eq!(count(&json, "/games"), 4);
    assert_eq!(strategy(&json, "a"), "expert");
}

#[test]
fn round_robin_reports_every_pair() {
    let list = ["random", "maxflip", "corners"];
    let run = sim(&[
        "--round-robin",
        "random,maxflip,corners",
        "--games",
        "5",
        "--seed",
        "3",
        "--board",
        OPEN_3X3,
    ]);
    run.assert_clean_exit();
    for (i, a) in list.iter().enumerate() {
        for b in &list[i + 1..] {
            assert!(
                run.stdout.contains(&format!("{a} vs {b}: ")),
                "{a} vs {b} in:\n{}",
                run.stdout
            );
        }
    }
    assert!(
        run.stdout
            .lines()
            .any(|l| l.trim_start().starts_with("random ")
                && l.contains("maxflip")
                && l.contains("total")
                && l.contains("corners"))
    );
    let json = sim_json(&[
        "--round-robin",
        "random,maxflip,corners",
        "--games",
        "5",
        "--seed",
        "3",
        "--board",
        OPEN_3X3,
    ]);
    let pairs = json["pairs"].as_array().expect("pairs");
    assert_eq!(pairs.len(), 3);
    for pair in pairs {
        assert_eq!(count(pair, "/games"), 10);
        assert_eq!(
            count(pair, "/a/wins") + count(pair, "/b/wins") + count(pair, "/ties"),
            10
        );
    }
}

#[test]
fn bad_input_is_refused_with_exit_code_2() {
    let board = ["--board", OPEN_3X3];
    for (args, needle) in [
        (vec!["--red", "human", "--blue", "random"], "no human"),
        (vec!["--red", "alphago", "--blue", "random"], "alphago"),
        (
            vec!["--red", "maxflip", "--blue", "random", "--games", "0"],
            "at least 1",
        ),
        (
            vec!["--red", "maxflip", "--blue", "random", "--threads", "0"],
            "at least 1",
        ),
        (vec!["--red", "maxflip"], "--blue"),
        (vec!["--round-robin", "random"], "at least two"),
        (
            vec!["--round-robin", "random,Random"],
            "strategy \"random\" is listed twice",
        ),
        (
            vec!["--round-robin", "random,,maxflip"],
            "an empty strategy name",
        ),
        (vec!["--round-robin", "random,human"], "no human players"),
        (
            vec!["--round-robin", "random,maxflip", "--red", "random"],
            "--round-robin",
        ),
        (
            vec![
                "--red",
                "maxflip",
                "--blue",
                "random",
                "--board",
                "missing.txt",
            ],
            "missing.txt",
        ),
        (
            vec![
                "--red",
                "maxflip",
                "--blue",
                "random",
                "--cards",
                concat!(env!("CARGO_MANIFEST_DIR"), "/configs/cards/small-10.txt"),
                "--board",
                concat!(env!("CARGO_MANIFEST_DIR"), "/configs/boards/seed-5x7.txt"),
            ],
            "16 cards are needed",
        ),
    ] {
        let mut all = args.clone();
        if !args.contains(&"--board") {
            all.extend(board);
        }
        all.extend(["--seed", "1"]);
        let run = sim(&all);
        assert_eq!(run.code, Some(2), "{all:?}: {}", run.stderr);
        assert_eq!(run.stdout, "", "{all:?}");
        assert!(run.stderr.starts_with("error: "), "{all:?}: {}", run.stderr);
        assert!(
            run.stderr.contains(needle),
            "{all:?} should mention {needle:?}: {}",
            run.stderr
        );
    }
}

fn spec(
    a: &str,
    b: &str,
    deals: usize,
    threads: usize,
    board: Option<&Path>,
) -> DuelSpec<trios::games::three_trios::Game> {
    let options = sim::three_trios::load(board, None, RuleSet::default(), DealMode::Shuffle, 1234)
        .expect("shipped files");
    let mut spec = DuelSpec::new(a, b, 1234, 5).expect("known strategies");
    spec.options = options;
    spec.deals = deals;
    spec.swap = true;
    spec.threads = threads;
    spec
}

#[test]
fn api_results_do_not_depend_on_the_thread_count() {
    let one = sim::run(&spec("random", "maxflip", 30, 1, None), |_, _| {}).expect("runs");
    let four = sim::run(&spec("random", "maxflip", 30, 4, None), |_, _| {}).expect("runs");
    assert_eq!(one.len(), 60);
    assert!(one.iter().zip(&four).all(|(x, y)| x.same_result(y)));
    let (s1, s4) = (Summary::of(&one), Summary::of(&four));
    assert_eq!(
        (s1.wins, s1.ties, s1.margin_total),
        (s4.wins, s4.ties, s4.margin_total)
    );
    assert_eq!(s1.wins[0] + s1.wins[1] + s1.ties, s1.games);
}

#[test]
fn maxflip_clearly_beats_random() {
    // 240 games on the built-in board; the report measures the real margin on more games.
    let records = sim::run(&spec("maxflip", "random", 120, 2, None), |_, _| {}).expect("runs");
    let summary = Summary::of(&records);
    let rate = summary
        .win_rate_decided(Side::A)
        .expect("some decided games");
    assert!(
        rate > 0.6,
        "maxflip won only {:.1}% of decided games",
        rate * 100.0
    );
    let (lo, hi) = summary.interval(Side::A).expect("an interval");
    assert!(lo < rate && rate < hi && lo > 0.5);
    assert!(summary.mean_margin(Side::A) > 0.0);
}

#[test]
fn round_robin_api_plays_each_pair_on_the_same_deals() {
    let names: Vec<String> = ["random", "maxflip", "corners"].map(String::from).to_vec();
    let template = spec("random", "random", 4, 2, Some(Path::new(OPEN_3X3)));
    let mut last = (0, 0);
    let pairs =
        sim::round_robin(&names, &template, |done, total| last = (done, total)).expect("runs");
    assert_eq!(last, (24, 24));
    let met: Vec<(&str, &str)> = pairs.iter().map(|p| (p.a.as_str(), p.b.as_str())).collect();
    assert_eq!(
        met,
        [
            ("random", "maxflip"),
            ("random", "corners"),
            ("maxflip", "corners")
        ]
    );
    // A pairing played alone gives the same games.
    let alone = sim::run(
        &spec("maxflip", "corners", 4, 1, Some(Path::new(OPEN_3X3))),
        |_, _| {},
    )
    .expect("runs");
    assert_eq!(Summary::of(&alone).wins, pairs[2].summary.wins);
    let seen_from_corners = sim::head_to_head(&pairs, "corners", "maxflip").expect("met");
    assert_eq!(
        seen_from_corners.wins(Side::A),
        pairs[2].summary.wins(Side::B)
    );
}

#[test]
fn a_round_robin_of_every_strategy_fits_80_columns() {
    let run = sim(&[
        "--round-robin",
        "random,maxflip,corners,defensive,minimax,expert",
        "--games",
        "1",
        "--think-ms",
        "1",
        "--seed",
        "3",
        "--board",
        OPEN_3X3,
    ]);
    run.assert_clean_exit();
    for line in run.stdout.lines() {
        assert!(line.chars().count() <= 80, "wider than 80 columns: {line}");
    }
}
