//! The computer players: exact choices and tie-breaks, legality, and seeded determinism.

use crate::common;

use common::*;
use trios::games::three_trios::ai::{self, Corners, MaxFlip, Random, Strategy};
use trios::games::three_trios::{Deal, Game, Move, RuleSet};

fn open3(
    placed: Vec<(
        trios::games::three_trios::Pos,
        trios::games::three_trios::Card,
        trios::games::three_trios::Player,
    )>,
    red: Vec<trios::games::three_trios::Card>,
) -> Game {
    let empty = 9 - placed.len();
    let blue = fillers("BlueFill", empty / 2);
    Game::from_position(
        grid(&["CCC", "CCC", "CCC"]),
        RuleSet::default(),
        placed,
        red,
        blue,
        RED,
    )
    .unwrap()
}

#[test]
fn maxflip_takes_the_most_cards_combo_included() {
    // Placing at (1,0) flips (0,0) only; placing at (2,2) flips (2,1), which combos into (1,1).
    let game = open3(
        vec![
            (at(0, 0), card("A", "1 1 1 1"), BLUE),
            (at(2, 1), card("B", "2 1 2 9"), BLUE),
            (at(1, 1), card("C", "9 1 9 9"), BLUE),
        ],
        vec![
            card("Strong", "9 9 9 9"),
            card("Weak", "1 1 1 1"),
            card("W2", "1 1 1 1"),
        ],
    );
    assert_eq!(game.flips_if(Move::new(0, 2, 2)), Ok(2));
    assert_eq!(MaxFlip.choose(&game), Some(Move::new(0, 2, 2)));
}

#[test]
fn maxflip_breaks_ties_up_then_left_then_hand() {
    // Two Blue cards that any 9 flips: (0,2) from (0,1) or (1,2), and (2,0) from (1,0) or (2,1).
    // Every one-flip move ties; the uppermost-leftmost is (0,1), with the first 9 in hand.
    let game = open3(
        vec![
            (at(0, 2), card("A", "1 1 1 1"), BLUE),
            (at(2, 0), card("B", "1 1 1 1"), BLUE),
        ],
        vec![
            card("Weak", "1 1 1 1"),
            card("Nine", "9 9 9 9"),
            card("Nine2", "9 9 9 9"),
            card("W2", "1 1 1 1"),
        ],
    );
    assert_eq!(MaxFlip.choose(&game), Some(Move::new(1, 0, 1)));
}

#[test]
fn maxflip_without_flips_takes_first_empty_cell_and_first_card() {
    let game = open3(
        vec![(at(0, 0), card("A", "9 9 9 9"), BLUE)],
        fillers("R", 4),
    );
    assert_eq!(MaxFlip.choose(&game), Some(Move::new(0, 0, 1)));
}

#[test]
fn corners_plays_the_hardest_card_to_take_in_a_corner() {
    // Top-left faces south and east; top-right south and west; bottom-left north and east.
    let game = open3(
        vec![],
        vec![
            card("SouthEast", "1 8 8 1"), // 16 top-left, 9 top-right
            card("SouthWest", "1 9 1 9"), // 10 top-left, 18 top-right
            card("Plain", "5 5 5 5"),
            card("P2", "5 5 5 5"),
            card("P3", "5 5 5 5"),
        ],
    );
    assert_eq!(Corners.choose(&game), Some(Move::new(1, 0, 2)));
}

#[test]
fn corners_breaks_ties_by_cell_then_hand() {
    let game = open3(vec![], fillers("Same", 5));
    assert_eq!(Corners.choose(&game), Some(Move::new(0, 0, 0)));
}

#[test]
fn corners_falls_back_to_maxflip() {
    let game = open3(
        vec![
            (at(0, 0), card("C1", "1 1 1 1"), BLUE),
            (at(0, 2), card("C2", "1 1 1 1"), RED),
            (at(2, 0), card("C3", "1 1 1 1"), RED),
            (at(2, 2), card("C4", "1 1 1 1"), BLUE),
        ],
        vec![
            card("Nine", "9 9 9 9"),
            card("R1", "1 1 1 1"),
            card("R2", "1 1 1 1"),
        ],
    );
    assert_eq!(Corners.choose(&game), MaxFlip.choose(&game));
    assert_eq!(Corners.choose(&game), Some(Move::new(0, 0, 1)));
}

#[test]
fn every_strategy_plays_legal_moves_to_the_end_and_repeats_with_the_same_seed() {
    let deck: Vec<_> = (0..20)
        .map(|i| {
            card(
                &format!("C{i}"),
                &format!(
                    "{} {} {} {}",
                    i % 9 + 1,
                    (i * 7) % 9 + 1,
                    (i * 5) % 10 + 1,
                    (i * 3) % 9 + 1
                )
                .replace("10", "A"),
            )
        })
        .collect();
    let board = grid(&["CCXCC", "CCCCC", "CXCXC"]);
    // The expert is built with a node budget: a time budget would make a slow (debug) build
    // stop at different points from run to run.
    let build = |name: &str, seed| -> Box<dyn Strategy> {
        match name {
            "expert" => Box::new(trios::games::three_trios::ai::Expert::with_work(20_000)),
            _ => ai::by_name(name, seed).unwrap(),
        }
    };
    let names = ai::STRATEGY_NAMES
        .iter()
        .copied()
        .chain(["corners>random", "minimax:2"]);
    for name in names {
        for (red_name, blue_name) in [(name, "maxflip"), ("random", name)] {
            let play = || {
                let mut game = Game::new(
                    board.clone(),
                    deck.clone(),
                    RuleSet::default(),
                    Deal::Shuffle { seed: 9 },
                )
                .unwrap();
                let mut seats = [build(red_name, 1), build(blue_name, 2)];
                let mut moves = Vec::new();
                while let Some(mv) = seats[game.turn() as usize].choose(&game) {
                    game.play(mv).expect("strategies only play legal moves");
                    moves.push(mv);
                }
                assert!(game.is_over());
                moves
            };
            assert_eq!(play(), play(), "{red_name} vs {blue_name} must repeat");
        }
    }
}

#[test]
fn random_depends_on_its_seed() {
    let deck: Vec<_> = (0..10).map(|i| card(&format!("C{i}"), "5 5 5 5")).collect();
    let game = Game::new(
        grid(&["CCC", "CCC", "CCC"]),
        deck,
        RuleSet::default(),
        Deal::InOrder,
    )
    .unwrap();
    let picks = |seed| {
        (0..8)
            .map(|_| Random::new(seed).choose(&game))
            .collect::<Vec<_>>()
    };
    assert_eq!(picks(5), picks(5));
    let firsts: std::collections::HashSet<_> =
        (0..20).map(|s| Random::new(s).choose(&game)).collect();
    assert!(
        firsts.len() > 5,
        "different seeds should spread over the 45 moves"
    );
}

#[test]
fn defensive_keeps_its_cards_out_of_reach() {
    // 1x4 row: Blue holds a 9-east card. Red placing at (0,2) next to Red's own (0,3) would
    // leave (0,1) open for Blue's 9 to take it; placing at (0,0) leaves Blue nothing to take.
    let g = grid(&["CCCC"]);
    let game = Game::from_position(
        g,
        RuleSet::default(),
        vec![(at(0, 3), card("Own", "1 1 1 1"), RED)],
        vec![card("Weak", "1 1 1 1"), card("W2", "1 1 1 1")],
        vec![card("Nine", "9 9 9 9")],
        RED,
    )
    .unwrap();
    let mv = ai::Defensive.choose(&game).unwrap();
    // Every Red move leaves some cell next to a Red card, except... compute what it avoids:
    let mut after = game.clone();
    after.apply(mv).unwrap();
    let worst_reply = after
        .legal_moves()
        .map(|r| after.flips_if(r).unwrap())
        .max()
        .unwrap();
    for other in game.legal_moves() {
        let mut alt = game.clone();
        alt.apply(other).unwrap();
        let reply = alt
            .legal_moves()
            .map(|r| alt.flips_if(r).unwrap())
            .max()
            .unwrap();
        assert!(
            worst_reply <= reply,
            "{mv:?} leaves {worst_reply}, {other:?} only {reply}"
        );
    }
}

#[test]
fn a_chain_falls_back_only_when_the_first_has_no_opinion() {
    let deck: Vec<_> = (0..10).map(|i| card(&format!("C{i}"), "5 5 5 5")).collect();
    let game = Game::new(
        grid(&["CCC", "CCC", "CCC"]),
        deck,
        RuleSet::default(),
        Deal::InOrder,
    )
    .unwrap();
    // A corner is free: corners decides.
    let mut chain = ai::by_name("corners>random", 3).unwrap();
    assert_eq!(chain.choose(&game), Corners.choose(&game));
    // No corner free: random decides, and its choice is a legal non-corner move.
    let mut full = game.clone();
    for pos in [(0, 0), (0, 2), (2, 0), (2, 2)] {
        full.apply(Move::new(0, pos.0, pos.1)).unwrap();
    }
    let mv = chain.choose(&full).unwrap();
    assert!(full.check(mv).is_ok());
    let picks: std::collections::HashSet<_> = (0..20)
        .map(|s| ai::by_name("corners>random", s).unwrap().choose(&full))
        .collect();
    assert!(picks.len() > 1, "the random fallback varies with the seed");
}

#[test]
fn minimax_and_expert_find_the_exact_best_in_a_small_endgame() {
    // A 2x3 board with 4 cards placed: the rest of the game is small enough to solve.
    let g = grid(&["CCC", "CCC"]);
    let game = Game::from_position(
        g,
        RuleSet::default(),
        vec![
            (at(0, 0), card("A", "3 7 2 5"), BLUE),
            (at(1, 2), card("B", "6 2 4 8"), BLUE),
            (at(1, 0), card("C", "2 9 4 1"), RED),
        ],
        vec![card("R1", "8 1 3 9"), card("R2", "2 6 9 4")],
        vec![card("B1", "7 7 1 6"), card("B2", "5 3 8 2")],
        RED,
    )
    .unwrap();
    let (_, exact) = trios::games::three_trios::ai::search::brute_force(&game).unwrap();
    let value_of = |mv: Move| {
        let mut next = game.clone();
        next.apply(mv).unwrap();
        if next.is_over() {
            next.score(RED) as i32 - next.score(BLUE) as i32
        } else {
            -trios::games::three_trios::ai::search::brute_force(&next)
                .unwrap()
                .1
        }
    };
    let deep = ai::by_name("minimax:6", 1).unwrap().choose(&game).unwrap();
    assert_eq!(value_of(deep), exact);
    let expert = trios::games::three_trios::ai::Expert::with_work(100_000)
        .choose(&game)
        .unwrap();
    assert_eq!(value_of(expert), exact);
}

/// A deck of `n` varied cards.
fn varied_deck(n: usize) -> Vec<trios::games::three_trios::Card> {
    (0..n)
        .map(|i| {
            card(
                &format!("C{i}"),
                &format!(
                    "{} {} {} {}",
                    i % 9 + 1,
                    (i * 7) % 9 + 1,
                    (i * 5) % 9 + 1,
                    (i * 3) % 9 + 1
                ),
            )
        })
        .collect()
}

/// An open board of `rows` x `cols` card cells, dealt from a varied deck.
fn open_board(rows: usize, cols: usize, seed: u64) -> Game {
    let row = "C".repeat(cols);
    let rows: Vec<&str> = (0..rows).map(|_| row.as_str()).collect();
    Game::new(
        grid(&rows),
        varied_deck(rows.len() * cols + 1),
        RuleSet::default(),
        Deal::Shuffle { seed },
    )
    .unwrap()
}

#[test]
fn the_search_stops_at_its_work_budget_and_the_budget_is_deterministic() {
    use trios::games::three_trios::ai::search::{Limits, Searcher};
    let game = open_board(4, 5, 2);
    let budget = 20_000;
    let limits = Limits {
        max_depth: None,
        work: Some(budget),
        deadline: None,
    };
    let mut searcher = Searcher::new(&game, 12);
    let moves = searcher.root_moves();
    assert_eq!(searcher.best_of(&moves, 12, limits), None, "cut short");
    let spent = searcher.work();
    assert!(
        spent >= budget && spent < budget + 1_000,
        "spent {spent} of a {budget} budget"
    );
    // The same budget buys exactly the same work again: moves do not depend on timing.
    let mut again = Searcher::new(&game, 12);
    let _ = again.best_of(&moves, 12, limits);
    assert_eq!(again.work(), spent);
}

/// Every computer player answers on a 20x20 board (two hundred cards a hand, 80,000 moves),
/// where `defensive` and `minimax` used to weigh every reply to every move for minutes.
/// Their budgets are counted in work, so this cannot pass by luck of timing.
#[test]
fn every_strategy_answers_on_a_big_board() {
    let mut game = open_board(20, 20, 5);
    let options = ai::AiOptions { think_ms: 5 };
    for spec in [
        "random",
        "maxflip",
        "corners",
        "defensive",
        "minimax",
        "minimax:4",
        "expert",
    ] {
        let mut strategy = ai::by_spec(spec, 3, options).unwrap();
        let mv = strategy
            .choose(&game)
            .unwrap_or_else(|| panic!("{spec} has no move"));
        assert!(game.check(mv).is_ok(), "{spec} chose an illegal move");
        game.play(mv).unwrap();
    }
}

/// On the boards people play (a few dozen cells) the budgets are never reached: minimax plays
/// exactly the full-depth search, and defensive weighs every reply to every move.
#[test]
fn budgets_change_nothing_on_ordinary_boards() {
    use trios::games::three_trios::ai::search::{Limits, Searcher};
    for seed in 0..6 {
        let mut game = open_board(4, 5, seed);
        while !game.is_over() {
            let mut reference = Searcher::new(&game, 16);
            let moves = reference.root_moves();
            let limits = Limits {
                max_depth: Some(3),
                ..Limits::default()
            };
            let expected = reference.best_of(&moves, 3, limits).map(|(mv, _)| mv);
            let chosen = ai::by_name("minimax", 1).unwrap().choose(&game);
            assert_eq!(
                chosen,
                expected,
                "seed {seed}, move {}",
                20 - game.empty_cells()
            );

            let plain = game.legal_moves().min_by_key(|&mv| {
                let mut after = game.clone();
                let now = after
                    .play(mv)
                    .unwrap()
                    .steps
                    .iter()
                    .filter(|s| s.flipped)
                    .count();
                let reply = after
                    .legal_moves()
                    .map(|r| after.flips_if(r).unwrap_or(0))
                    .max()
                    .unwrap_or(0);
                (reply, std::cmp::Reverse(now))
            });
            assert_eq!(ai::Defensive.choose(&game), plain, "seed {seed}");
            let mv = chosen.unwrap();
            game.play(mv).unwrap();
        }
    }
}
