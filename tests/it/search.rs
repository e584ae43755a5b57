//! The shared search against plain minimax, through the generic helper every game plugs
//! into (`trios::search::reference::agrees_with_brute_force`): here on small Three Trios
//! positions with every combination of variant rules.
//!
//! More cases locally: `PROPTEST_CASES=2000 cargo test --release --test search`.

use proptest::prelude::*;
use trios::games::three_trios::{Card, Deal, Game, Grid, Position, RuleSet, Value};
use trios::search::reference::agrees_with_brute_force;

/// A random board of 4 to 6 card cells (holes anywhere), a deck, rules, and up to two moves
/// already played.
fn position() -> impl Strategy<Value = Game> {
    (
        prop::sample::select(vec![(1usize, 5usize), (1, 6), (2, 3), (2, 4), (3, 3)]),
        proptest::collection::vec(prop::bool::weighted(0.8), 9),
        proptest::collection::vec(proptest::collection::vec(1u8..=10, 4), 9),
        (any::<bool>(), any::<bool>(), any::<bool>(), any::<bool>()),
        any::<u64>(),
        0usize..3,
    )
        .prop_filter_map(
            "4 to 6 card cells",
            |((rows, cols), cells, values, (reverse, fallen_ace, same, plus), seed, played)| {
                let cells: Vec<bool> = cells[..rows * cols].to_vec();
                let count = cells.iter().filter(|&&c| c).count();
                if !(4..=6).contains(&count) {
                    return None;
                }
                let grid = Grid::new(rows, cols, cells).ok()?;
                let v = |n: u8| Value::new(n).expect("1..=10");
                let deck = values
                    .iter()
                    .take(count + 1)
                    .enumerate()
                    .map(|(i, x)| Card::new(format!("C{i}"), v(x[0]), v(x[1]), v(x[2]), v(x[3])))
                    .collect();
                let rules = RuleSet {
                    reverse,
                    fallen_ace,
                    same,
                    plus,
                };
                let mut game = Game::new(grid, deck, rules, Deal::Shuffle { seed }).ok()?;
                for k in 0..played {
                    let moves: Vec<_> = game.legal_moves().collect();
                    let mv = moves[(seed as usize >> (8 * k)) % moves.len()];
                    game.apply(mv).ok()?;
                }
                Some(game)
            },
        )
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    #[test]
    fn three_trios_search_agrees_with_brute_force(game in position()) {
        let checked = agrees_with_brute_force(&Position::new(&game), 4);
        prop_assert!(checked.is_ok(), "{}", checked.unwrap_err());
    }
}

/// A Reversi position with 5 to 8 empty squares: a random filling of the board (each square
/// dark or light) with a few squares left empty, and a side to move.
fn reversi_position() -> impl Strategy<Value = trios::games::reversi::Game> {
    (
        any::<u64>(),
        proptest::collection::btree_set(0u32..64, 5..=8),
        any::<bool>(),
    )
        .prop_filter_map("a game not yet over", |(dark, empty, light_to_move)| {
            use trios::games::reversi::{Color, Game};
            let empty_bits = empty.iter().fold(0u64, |bits, &sq| bits | 1 << sq);
            let dark = dark & !empty_bits;
            let light = !dark & !empty_bits;
            let turn = if light_to_move {
                Color::Light
            } else {
                Color::Dark
            };
            let game = Game::from_bitboards(dark, light, turn)?;
            (!game.is_over()).then_some(game)
        })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(48))]

    #[test]
    fn reversi_search_agrees_with_brute_force(game in reversi_position()) {
        let checked = agrees_with_brute_force(&game, 3);
        prop_assert!(checked.is_ok(), "{}: {:?}", game, checked);
    }
}
