//! The search under the stronger strategies and `trios solve`: the shared engine of
//! [`crate::search`] on a Three Trios [`Position`], kept under its old names for the
//! strategies, tools and tests written against them.
//!
//! Values are from the side to move's point of view: its final score minus the opponent's
//! when the search reaches the end of the game (exact), or the current score difference at
//! the depth horizon (an estimate).

use crate::games::three_trios::game::{Game, Move};
use crate::games::three_trios::player::Player;
use crate::games::three_trios::searchable::Position;
use crate::search;

pub use crate::search::{Found, Limits, Progress};

/// A searcher of one Three Trios position: owns a working copy of the game, its table and
/// its counters.
pub struct Searcher {
    inner: search::Searcher<Position>,
}

impl Searcher {
    /// A searcher for `game` with a table of `2^table_bits` entries.
    pub fn new(game: &Game, table_bits: u32) -> Searcher {
        Searcher {
            inner: search::Searcher::new(Position::new(game), table_bits),
        }
    }

    /// Reports to `progress` as it searches.
    pub fn report_to(&mut self, progress: std::sync::Arc<Progress>) {
        self.inner.report_to(progress);
    }

    /// After a `best_of` that the limits stopped: the best root move fully searched before
    /// the stop and its exact value (a bound on the position's value: the mover gets at
    /// least that much), or `None` if no root move was finished.
    pub fn best_so_far(&self) -> Option<(Move, i32)> {
        self.inner.best_so_far()
    }

    /// Nodes visited so far.
    pub fn nodes(&self) -> u64 {
        self.inner.nodes()
    }

    /// Work done so far: nodes plus moves evaluated (what [`Limits::work`] counts).
    pub fn work(&self) -> u64 {
        self.inner.work()
    }

    /// Values of the given root moves (a subset of the legal ones), each searched to
    /// `depth` plies with a full window, best first, ties in board order. `None` if the
    /// limits stopped it.
    pub fn rank(
        &mut self,
        moves: &[Move],
        depth: usize,
        limits: Limits,
    ) -> Option<Vec<(Move, i32)>> {
        let mut ranked = self.inner.rank(moves, depth, limits)?;
        ranked.sort_by_key(|&(mv, v)| (-v, mv.pos, mv.hand));
        Some(ranked)
    }

    /// The best of the given root moves at `depth` plies (alpha-beta across them), or `None`
    /// if the limits stopped it. Ties go to the earlier move.
    pub fn best_of(&mut self, moves: &[Move], depth: usize, limits: Limits) -> Option<(Move, i32)> {
        self.inner.best_of(moves, depth, limits)
    }

    /// Root moves in the order the search tries them (see [`root_moves`]).
    pub fn root_moves(&self) -> Vec<Move> {
        self.inner.root_moves()
    }

    /// The shared searcher underneath.
    pub fn engine(&mut self) -> &mut search::Searcher<Position> {
        &mut self.inner
    }
}

/// The side's score minus the opponent's.
fn score_difference(game: &Game, side: Player) -> i32 {
    game.score(side) as i32 - game.score(side.other()) as i32
}

/// Legal moves in the order the search tries them: distinct cards only, most immediate
/// flips first, then the uppermost-leftmost cell and lowest hand index.
pub fn root_moves(game: &Game) -> Vec<Move> {
    search::root_moves(&Position::new(game))
}

/// The exact value of `game` for the player to move and a best move, by plain minimax over
/// every line with no pruning and no table: slow, and the reference the search is tested
/// against.
pub fn brute_force(game: &Game) -> Option<(Move, i32)> {
    fn value(game: &Game, side: Player) -> i32 {
        if game.is_over() {
            return score_difference(game, side);
        }
        game.legal_moves()
            .map(|mv| {
                let mut next = game.clone();
                let _ = next.apply(mv);
                -value(&next, side.other())
            })
            .max()
            .unwrap_or(0)
    }
    let side = game.turn();
    let mut best: Option<(Move, i32)> = None;
    for mv in game.legal_moves() {
        let mut next = game.clone();
        let _ = next.apply(mv);
        let v = -value(&next, side.other());
        if best.is_none_or(|(_, b)| v > b) {
            best = Some((mv, v));
        }
    }
    best
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::three_trios::{Card, Deal, Grid, RuleSet, Value};

    #[test]
    fn the_search_agrees_with_plain_minimax_on_a_small_board() {
        let v = |n| Value::new(n).expect("1..=10");
        let deck = (0..7u8)
            .map(|i| Card::new(format!("C{i}"), v(i % 9 + 1), v(3), v(10 - i), v(5)))
            .collect();
        let grid = Grid::full(2, 3).expect("2x3");
        let game = Game::new(grid, deck, RuleSet::default(), Deal::InOrder).expect("deal");
        search::reference::agrees_with_brute_force(&Position::new(&game), 6)
            .unwrap_or_else(|e| panic!("{e}"));
        let (_, truth) = brute_force(&game).expect("not over");
        let mut searcher = Searcher::new(&game, 10);
        let moves = searcher.root_moves();
        assert_eq!(
            searcher.best_of(&moves, 6, Limits::default()).map(|b| b.1),
            Some(truth)
        );
    }
}
