//! Reversi's levels and midgame search: `level:N` specs accepted and refused, every level
//! playing legally (passes included) and deterministically, the search exact when deep
//! enough, `suggest level:N` in text mode, and the ladder through the real binary.

use proptest::prelude::*;
use rand::{RngExt, SeedableRng};
use rand_chacha::ChaCha8Rng;
use trios::games::TwoPlayer;
use trios::games::reversi::endgame::brute_force;
use trios::games::reversi::levels::{self, HIGHEST, LOWEST};
use trios::games::reversi::midgame::{self, Limits, UNITS_PER_DISC};
use trios::games::reversi::probcut::Selectivity;
use trios::games::reversi::{Color, Game, Move};

use crate::common;
use common::bin::{Dir, assert_no_panic};

/// A position `plies` random moves into a seeded game (fewer if it ends first).
pub(crate) fn random_position(seed: u64, empties: u32) -> Game {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let mut game = Game::new();
    while game.empties() > empties && !game.is_over() {
        let moves = game.legal_moves();
        let mv = moves[rng.random_range(0..moves.len())];
        game.play(mv).expect("a legal move");
    }
    game
}

#[test]
fn level_specs_are_accepted_in_any_case_and_bad_ones_refused_with_the_list() {
    for spec in ["level:1", "LEVEL:7", "Level:10", "expert", "expert-classic"] {
        let strategy = Game::strategy(spec, 0, 10).expect(spec);
        let expected = spec.to_ascii_lowercase();
        assert_eq!(strategy.name(), expected);
    }
    for bad in ["level:0", "level:11", "level:x", "level:", "levels:3"] {
        let error = Game::strategy(bad, 0, 10).err().expect(bad).to_string();
        assert_eq!(
            error,
            format!(
                "unknown strategy \"{bad}\"; expected one of random, greedy, positional, \
                 level:1 to level:10 (level:10 is expert), expert"
            )
        );
    }
    // Menus and help list every level but the tenth, which is expert.
    let names = Game::strategy_names();
    assert_eq!(names.first(), Some(&"random"));
    assert_eq!(names.last(), Some(&"expert"));
    assert!(names.contains(&"level:9") && !names.contains(&"level:10"));
}

#[test]
fn every_level_plays_legal_moves_and_passes_when_it_must() {
    let game = random_position(11, 40);
    // Light has no move here, dark does: light must pass.
    let pass = Game::from_bitboards(0b0001, 0b0010, Color::Light).expect("a position");
    let over = Game::from_bitboards(!1, 0, Color::Light).expect("a position");
    for level in LOWEST..=HIGHEST {
        let spec = levels::spec(level);
        let mv = levels::choose(&game, &spec, 5).expect("a move");
        let mut after = game;
        after.play(mv).expect("a legal move");
        assert_eq!(levels::choose(&pass, &spec, 5), Some(Move::Pass), "{level}");
        assert_eq!(levels::choose(&over, &spec, 5), None, "{level}");
    }
}

#[test]
fn level_one_plays_the_move_that_flips_most_discs() {
    let greedy_spec = levels::spec(1);
    for seed in 1..=20 {
        let game = random_position(seed, 30 + seed as u32 % 20);
        let mut greedy = trios::games::reversi::ai::by_spec("greedy", 0).expect("greedy");
        assert_eq!(
            levels::choose(&game, &greedy_spec, 5),
            greedy.choose(&game),
            "{game}"
        );
    }
}

#[test]
fn the_same_position_and_budget_give_the_same_move() {
    for seed in [1, 2, 3] {
        let game = random_position(seed, 36);
        for selectivity in [None, Some(Selectivity(1.5))] {
            let limits = Limits {
                depth: 60,
                nodes: Some(20_000),
                deadline: None,
                selectivity,
                table_bits: 14,
            };
            let first = midgame::search(&game, &limits);
            assert_eq!(first, midgame::search(&game, &limits));
            assert!(first.nodes <= 20_000 && first.depth >= 3, "{first:?}");
        }
        // A fixed-depth level finishes long before its clock: its move is fixed too.
        let spec = levels::spec(4);
        let mv = levels::choose(&game, &spec, 60_000);
        assert_eq!(mv, levels::choose(&game, &spec, 60_000));
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(24))]

    /// Searched at least as deep as the empties, the midgame search is exact, with
    /// ProbCut too (it never probes where the search reaches the end).
    #[test]
    fn deep_enough_midgame_values_are_exact(seed in any::<u64>(), empties in 3u32..=9) {
        let game = random_position(seed, empties);
        let exact = brute_force(&game) * UNITS_PER_DISC;
        for selectivity in [None, Some(Selectivity(1.0))] {
            let found = midgame::search(&game, &Limits {
                selectivity,
                ..Limits::depth(game.empties().max(1))
            });
            if game.placements() != 0 {
                prop_assert_eq!(found.value, exact);
            }
            let value = midgame::value_at(
                game.player_bits(), game.opponent_bits(), game.empties(), 12);
            prop_assert_eq!(value, exact);
        }
    }
}

#[test]
fn text_mode_suggests_a_level_s_move_and_refuses_a_bad_level() {
    let dir = Dir::new();
    let run = dir.run(
        &[
            "play",
            "--game",
            "reversi",
            "--ui",
            "text",
            "--no-autosave",
            "--think-ms",
            "20",
        ],
        "suggest level:7\nsuggest LEVEL:2\nsuggest level:11\n",
    );
    assert_no_panic(&run.stderr);
    assert_eq!(run.code, Some(0), "{}", run.stderr);
    // Two suggestions, each one of dark's four opening moves.
    let moves: Vec<&str> = run
        .stdout
        .lines()
        .filter_map(|l| l.strip_prefix("Enter your move, X player: "))
        .filter(|m| !m.is_empty() && !m.starts_with("Enter"))
        .collect();
    assert_eq!(moves.len(), 2, "{}", run.stdout);
    for mv in moves {
        assert!(["3 5", "4 6", "5 3", "6 4"].contains(&mv), "{mv}");
    }
    assert!(
        run.stderr.contains("unknown strategy \"level:11\"")
            && run.stderr.contains("level:1 to level:10"),
        "{}",
        run.stderr
    );
}

#[test]
fn play_refuses_a_level_out_of_range() {
    let dir = Dir::new();
    let run = dir.run(
        &[
            "play",
            "--game",
            "reversi",
            "--ui",
            "text",
            "--no-autosave",
            "--dark",
            "level:0",
        ],
        "",
    );
    assert_no_panic(&run.stderr);
    run.assert_refused("level:1 to level:10");
}

/// The ladder's report of one game a rung on `budget` (a flag and its value), after
/// checking it ran cleanly.
fn ladder(budget: [&str; 2]) -> String {
    let dir = Dir::new();
    let mut args = vec!["sim", "--game", "reversi", "--games", "1", "--seed", "3"];
    args.extend(budget);
    args.extend(["--threads", "2"]);
    let run = dir.run(&args, "");
    assert_no_panic(&run.stderr);
    assert_eq!(run.code, Some(0), "{}", run.stderr);
    run.stdout
}

#[test]
fn sim_without_strategies_climbs_the_ladder_of_levels() {
    let out = &ladder(["--think-ms", "1"]);
    assert!(out.starts_with("ladder · 10 rungs"), "{out}");
    // On a clock the heading gives the time; on work, the work (below).
    assert!(
        out.lines()
            .next()
            .is_some_and(|l| l.ends_with("· 1 ms a move")),
        "{out}"
    );
    let rungs: Vec<&str> = out.lines().filter(|l| l.contains(" vs ")).collect();
    assert_eq!(rungs.len(), 10, "{out}");
    assert!(rungs[0].starts_with("level:1 vs random"), "{out}");
    assert!(rungs[9].starts_with("level:10 vs level:9"), "{out}");
    for rung in &rungs {
        let cells: Vec<&str> = rung.split_whitespace().collect();
        // wins + losses + ties = the one game of the rung.
        let counts: Vec<u32> = cells[3..6]
            .iter()
            .map(|c| c.parse().expect("a count"))
            .collect();
        assert_eq!(counts.iter().sum::<u32>(), 1, "{rung}");
    }
    assert!(out.contains("10 games in "), "{out}");
    assert!(out.lines().all(|l| l.chars().count() <= 80), "{out}");
}

#[test]
fn a_ladder_on_work_says_so_in_its_heading() {
    let out = ladder(["--think-work", "2"]);
    assert_eq!(
        out.lines().next().unwrap_or_default(),
        "ladder · 10 rungs · each against the one below · 2 units of work a move",
        "{out}"
    );
}
