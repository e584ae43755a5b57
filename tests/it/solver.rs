//! The search engine against plain minimax: on many small random positions, with every
//! combination of variant rules, the exact value must be the same.

use proptest::prelude::*;
use trios::games::three_trios::ai::search::{Limits, Searcher, brute_force};
use trios::games::three_trios::{Card, Deal, Game, Grid, RuleSet, Value};

/// A random open or holed board with 5 to 7 card cells, a deck, rules, and a few moves
/// already played so positions start mid-game too.
fn position() -> impl Strategy<Value = Game> {
    (
        prop::sample::select(vec![
            (1usize, 5usize),
            (1, 6),
            (1, 7),
            (2, 3),
            (2, 4),
            (3, 3),
        ]),
        proptest::collection::vec(any::<bool>(), 9),
        proptest::collection::vec(proptest::collection::vec(1u8..=10, 4), 9),
        (any::<bool>(), any::<bool>(), any::<bool>(), any::<bool>()),
        any::<u64>(),
        0usize..3,
    )
        .prop_filter_map(
            "5 to 7 card cells",
            |((rows, cols), holes, values, (reverse, fallen_ace, same, plus), seed, played)| {
                let mut cells: Vec<bool> = (0..rows * cols)
                    .map(|i| !holes[i] || rows * cols <= 5)
                    .collect();
                let mut count = cells.iter().filter(|&&c| c).count();
                for c in cells.iter_mut() {
                    if count >= 5 {
                        break;
                    }
                    if !*c {
                        *c = true;
                        count += 1;
                    }
                }
                if !(5..=7).contains(&count) {
                    return None;
                }
                let grid = Grid::new(rows, cols, cells).ok()?;
                let v = |n: u8| Value::new(n).expect("1..=10");
                let deck: Vec<Card> = values
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
                for _ in 0..played {
                    let mv = game
                        .legal_moves()
                        .nth((seed % 7) as usize)
                        .or_else(|| game.legal_moves().next())?;
                    game.apply(mv).ok()?;
                }
                Some(game)
            },
        )
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(120))]

    #[test]
    fn search_value_equals_brute_force(game in position()) {
        let (_, expected) = brute_force(&game).expect("game not over");
        let mut searcher = Searcher::new(&game, 12);
        let moves = searcher.root_moves();
        let empty = game.empty_cells();
        let (best, value) = searcher.best_of(&moves, empty, Limits::default()).expect("no limits");
        prop_assert_eq!(value, expected);
        // The move it names really achieves that value.
        let mut after = game.clone();
        after.apply(best).expect("legal");
        if !after.is_over() {
            let (_, reply) = brute_force(&after).expect("not over");
            prop_assert_eq!(-reply, expected);
        }
        // Ranking every root move with the same (now warm) table agrees too.
        let ranked = searcher.rank(&moves, empty, Limits::default()).expect("no limits");
        prop_assert_eq!(ranked[0].1, expected);
        for (mv, v) in ranked.iter().take(3) {
            let mut next = game.clone();
            next.apply(*mv).expect("legal");
            let truth = if next.is_over() {
                let side = game.turn();
                next.score(side) as i32 - next.score(side.other()) as i32
            } else {
                -brute_force(&next).expect("not over").1
            };
            prop_assert_eq!(*v, truth, "root move {:?}", mv);
        }
    }
}
