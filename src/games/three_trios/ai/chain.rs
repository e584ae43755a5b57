//! Chained strategies: `corners>maxflip` asks corners first and falls back to maxflip.

use super::Strategy;
use crate::games::three_trios::game::{Game, Move};

/// Asks each strategy in turn for a proposal and plays the first; the last one always
/// answers (it chooses rather than proposes), so a chain always moves.
pub struct Chain {
    links: Vec<Box<dyn Strategy>>,
    name: String,
}

impl Chain {
    /// A chain of at least one strategy.
    pub fn new(links: Vec<Box<dyn Strategy>>) -> Chain {
        let name = links.iter().map(|s| s.name()).collect::<Vec<_>>().join(">");
        Chain { links, name }
    }
}

impl Strategy for Chain {
    fn name(&self) -> &str {
        &self.name
    }

    fn choose(&mut self, game: &Game) -> Option<Move> {
        let (last, first) = self.links.split_last_mut()?;
        first
            .iter_mut()
            .find_map(|s| s.propose(game))
            .or_else(|| last.choose(game))
    }

    fn propose(&mut self, game: &Game) -> Option<Move> {
        self.links.iter_mut().find_map(|s| s.propose(game))
    }

    fn think_for(&mut self, budget: std::time::Duration) {
        for link in &mut self.links {
            link.think_for(budget);
        }
    }
}
