//! `expert`, the strongest Reversi player: level 10 of [`super::levels`], the full engine
//! (midgame search with multi-ProbCut over the evaluation, and an exact solve once the
//! empties left fit the budget). The name stays, so old records and settings naming it
//! still play.

use super::game::{Game, Move};
use super::levels::{HIGHEST, Level};
use crate::games::Strategy;

/// `expert`: deterministic for a given thinking time.
pub struct Expert(Level);

impl Expert {
    pub fn new(think_ms: u64) -> Expert {
        Expert(Level::named(HIGHEST, "expert".into(), think_ms))
    }
}

impl Strategy<Game> for Expert {
    fn name(&self) -> &str {
        self.0.name()
    }

    fn choose(&mut self, game: &Game) -> Option<Move> {
        self.0.choose(game)
    }
}
