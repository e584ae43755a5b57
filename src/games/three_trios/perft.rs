//! Perft for Three Trios: the number of move sequences of a given length, a check of move
//! generation and of make/unmake that any change to them must keep.

use super::game::Game;

/// Leaf positions `depth` moves ahead (every hand index counts, even of equal cards); a game
/// that ends sooner counts once where it ends.
pub fn perft(game: &Game, depth: usize) -> u64 {
    let mut game = game.clone();
    let mut flips = Vec::new();
    count(&mut game, depth, &mut flips)
}

fn count(game: &mut Game, depth: usize, flips: &mut Vec<u32>) -> u64 {
    if depth == 0 || game.is_over() {
        return 1;
    }
    let moves: Vec<_> = game.legal_moves().collect();
    if depth == 1 {
        return moves.len() as u64;
    }
    let mut total = 0;
    for mv in moves {
        let undo = game.make(mv, flips);
        total += count(game, depth - 1, flips);
        game.unmake(undo, flips);
    }
    total
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::three_trios::{Card, Deal, Grid, RuleSet, Value};

    #[test]
    fn counts_every_ordering_of_cards_and_cells() {
        let v = |n| Value::new(n).expect("1..=10");
        let deck = (0..5u8)
            .map(|i| Card::new(format!("C{i}"), v(i + 1), v(3), v(5), v(7)))
            .collect();
        let grid = Grid::full(2, 2).expect("2x2");
        let game = Game::new(grid, deck, RuleSet::default(), Deal::InOrder).expect("deal");
        // Red holds 2 cards, Blue 2; four cells: 2*4, then 2*3, then 1*2, then 1*1.
        assert_eq!(perft(&game, 1), 8);
        assert_eq!(perft(&game, 2), 8 * 6);
        assert_eq!(perft(&game, 4), 8 * 6 * 2);
        assert_eq!(perft(&game, 9), 8 * 6 * 2, "the game ends after four moves");
    }
}
