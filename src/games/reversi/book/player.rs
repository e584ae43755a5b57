//! A computer player that opens from the book: while the position is one the book has
//! expanded it plays a book move, then its own strategy takes over.

use super::Book;
use crate::games::Strategy;
use crate::games::reversi::game::{Game, Move};

/// How many discs below the best a book move may be for the strategy `name` (canonical
/// spelling), or `None` if it plays without the book: the strongest level keeps to the
/// best moves, the two below it allow a little more, and the weaker ones find their own.
pub fn book_tolerance(name: &str) -> Option<i32> {
    match name {
        "expert" | "level:10" => Some(1),
        "level:8" | "level:9" => Some(2),
        _ => None,
    }
}

/// `inner`, opening from `book`.
pub struct Booked {
    inner: Box<dyn Strategy<Game>>,
    book: &'static Book,
    seed: u64,
    tolerance: i32,
}

impl Booked {
    pub fn new(
        inner: Box<dyn Strategy<Game>>,
        book: &'static Book,
        seed: u64,
        tolerance: i32,
    ) -> Booked {
        Booked {
            inner,
            book,
            seed,
            tolerance,
        }
    }
}

impl Strategy<Game> for Booked {
    fn name(&self) -> &str {
        self.inner.name()
    }

    fn choose(&mut self, game: &Game) -> Option<Move> {
        self.book
            .choose(game, self.seed, self.tolerance)
            .or_else(|| self.inner.choose(game))
    }
}
