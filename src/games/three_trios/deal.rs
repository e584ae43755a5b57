//! Dealing: which cards of the deck each player gets, reproducibly from a seed.

use std::fmt;
use std::str::FromStr;

use crate::games::rng::shuffle;
use serde::{Deserialize, Serialize};

/// How the deck is dealt. Red gets the first `(N + 1) / 2` cards of the (possibly shuffled)
/// deck, Blue the next `(N + 1) / 2`, where N is the number of card cells.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(tag = "mode", rename_all = "kebab-case")]
pub enum Deal {
    /// The deck in file order.
    InOrder,
    /// The deck shuffled by a seeded ChaCha8 stream: the same seed deals the same hands on
    /// every machine and every version of trios.
    Shuffle { seed: u64 },
}

impl Deal {
    /// The order in which deck indices are dealt, for a deck of `len` cards.
    pub fn order(&self, len: usize) -> Vec<usize> {
        let mut order: Vec<usize> = (0..len).collect();
        if let Deal::Shuffle { seed } = *self {
            shuffle(&mut order, seed);
        }
        order
    }

    /// The seed of a shuffled deal.
    pub fn seed(&self) -> Option<u64> {
        match *self {
            Deal::InOrder => None,
            Deal::Shuffle { seed } => Some(seed),
        }
    }
}

/// The two dealing modes as named on the command line.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum DealMode {
    InOrder,
    #[default]
    Shuffle,
}

impl fmt::Display for DealMode {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            DealMode::InOrder => "in-order",
            DealMode::Shuffle => "shuffle",
        })
    }
}

impl FromStr for DealMode {
    type Err = DealModeError;

    fn from_str(s: &str) -> Result<DealMode, DealModeError> {
        match s {
            "in-order" => Ok(DealMode::InOrder),
            "shuffle" => Ok(DealMode::Shuffle),
            _ => Err(DealModeError(s.to_string())),
        }
    }
}

/// A deal's name that names none.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("unknown deal \"{0}\"; expected in-order or shuffle")]
pub struct DealModeError(pub String);

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn in_order_keeps_file_order() {
        assert_eq!(Deal::InOrder.order(4), vec![0, 1, 2, 3]);
    }

    #[test]
    fn shuffle_is_a_permutation_that_depends_on_the_seed() {
        let a = Deal::Shuffle { seed: 1 }.order(40);
        let b = Deal::Shuffle { seed: 2 }.order(40);
        assert_ne!(a, b);
        let mut sorted = a.clone();
        sorted.sort();
        assert_eq!(sorted, (0..40).collect::<Vec<_>>());
        assert_eq!(a, Deal::Shuffle { seed: 1 }.order(40));
    }

    #[test]
    fn shuffle_stream_is_stable_across_versions() {
        // Pinned: a change here breaks every recorded seed, so it must never happen silently.
        assert_eq!(Deal::Shuffle { seed: 42 }.order(10), PINNED_SEED_42);
    }

    const PINNED_SEED_42: [usize; 10] = [9, 7, 2, 5, 0, 1, 4, 3, 8, 6];
}
