//! Who plays a colour: a person at this terminal, or a named computer strategy.

use std::fmt;
use std::str::FromStr;

use serde::{Deserialize, Serialize};

use crate::games::three_trios::ai::{self, AiOptions, Strategy};

/// A seat: `human`, or the name of an AI strategy.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(try_from = "String", into = "String")]
pub enum Seat {
    Human,
    Computer(String),
}

impl Seat {
    /// The strategy for a computer seat, seeded; `None` for a human.
    pub fn strategy(&self, seed: u64, options: AiOptions) -> Option<Box<dyn Strategy>> {
        match self {
            Seat::Human => None,
            // The name was checked when the seat was parsed.
            Seat::Computer(name) => ai::by_spec(name, seed, options).ok(),
        }
    }

    /// A seat by name without checking the name against any game's strategies: `human`
    /// (any case) or a computer of that name, lower-cased. Games on the shared platform check
    /// the name when a match starts.
    pub fn named(name: &str) -> Seat {
        let name = name.trim().to_ascii_lowercase();
        if name == "human" {
            Seat::Human
        } else {
            Seat::Computer(name)
        }
    }

    /// Whether this seat's moves depend on the seed.
    pub fn is_random(&self) -> bool {
        matches!(self, Seat::Computer(name) if name == "random")
    }

    pub fn is_human(&self) -> bool {
        matches!(self, Seat::Human)
    }
}

impl fmt::Display for Seat {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Seat::Human => f.write_str("human"),
            Seat::Computer(name) => f.write_str(name),
        }
    }
}

impl FromStr for Seat {
    type Err = String;

    fn from_str(s: &str) -> Result<Seat, String> {
        let name = s.trim().to_ascii_lowercase();
        if name == "human" {
            return Ok(Seat::Human);
        }
        match ai::by_name(&name, 0) {
            Ok(_) => Ok(Seat::Computer(name)),
            Err(_) if name.starts_with("minimax:") => Err(format!(
                "\"{s}\": minimax looks 1 to 64 moves ahead, e.g. minimax:3 (plain minimax is \
                 minimax:{})",
                ai::Minimax::DEFAULT_DEPTH
            )),
            Err(_) => Err(format!(
                "unknown seat \"{s}\"; expected human or a strategy: {}, minimax:N (N = 1 to \
                 64), or a chain like corners>maxflip",
                ai::STRATEGY_NAMES.join(", ")
            )),
        }
    }
}

impl TryFrom<String> for Seat {
    type Error = String;
    fn try_from(s: String) -> Result<Seat, String> {
        s.parse()
    }
}

impl From<Seat> for String {
    fn from(seat: Seat) -> String {
        seat.to_string()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parses_human_and_known_strategies_only() {
        assert_eq!("human".parse(), Ok(Seat::Human));
        assert_eq!("MaxFlip".parse(), Ok(Seat::Computer("maxflip".into())));
        let err = "deep-blue".parse::<Seat>().unwrap_err();
        assert!(
            err.contains("deep-blue") && err.contains("maxflip"),
            "{err}"
        );
        assert!(Seat::Human.strategy(1, AiOptions::default()).is_none());
        assert!(
            Seat::Computer("random".into())
                .strategy(1, AiOptions::default())
                .is_some()
        );
        assert_eq!(
            "corners>Random".parse(),
            Ok(Seat::Computer("corners>random".into()))
        );
    }
}
