//! The computer players: exact choices and tie-breaks, legality, and seeded determinism.

mod common;

use common::*;
use trios::trios::ai::{self, Corners, MaxFlip, Random, Strategy};
use trios::trios::{Deal, Game, Move, RuleSet};

fn open3(
    placed: Vec<(trios::trios::Pos, trios::trios::Card, trios::trios::Player)>,
    red: Vec<trios::trios::Card>,
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
            "expert" => Box::new(trios::trios::ai::Expert::with_nodes(20_000)),
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
