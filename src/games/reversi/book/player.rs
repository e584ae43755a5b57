//! A computer player that opens from the book: while the position is one the book has
//! expanded it plays a book move, then its own strategy takes over.

use super::Book;
use crate::games::Strategy;
use crate::games::reversi::game::{Game, Move};
use crate::games::reversi::levels::{self, HIGHEST};

/// How many discs below the best a book move may be for the strategy `name` (canonical
/// spelling), or `None` if it plays without the book: the level's own setting
/// ([`levels::LevelSpec::book`]), with `expert` as level 10.
pub fn book_tolerance(name: &str) -> Option<i32> {
    let level = match name {
        "expert" => HIGHEST,
        _ => levels::parse(name).ok()??,
    };
    levels::spec(level).book
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

    fn think_for(&mut self, budget: std::time::Duration) {
        self.inner.think_for(budget);
    }
}

#[cfg(test)]
mod tests {
    use super::book_tolerance;

    #[test]
    fn only_the_top_levels_open_from_the_book() {
        assert_eq!(book_tolerance("expert"), Some(1));
        assert_eq!(book_tolerance("level:10"), Some(1));
        assert_eq!(book_tolerance("level:9"), Some(2));
        assert_eq!(book_tolerance("level:8"), Some(2));
        for name in ["level:7", "level:1", "positional", "random", "level:11"] {
            assert_eq!(book_tolerance(name), None, "{name}");
        }
    }
}
