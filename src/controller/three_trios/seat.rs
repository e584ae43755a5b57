//! A seat read from text is a Three Trios seat: its name is checked against Three Trios'
//! strategies (flags, version-1 records and config files give seats this way), and a
//! computer seat plays one of them.

use std::str::FromStr;

use super::Seat;
use crate::games::three_trios::ai::{self, AiOptions, Strategy};

impl Seat {
    /// The Three Trios strategy for a computer seat, seeded; `None` for a human.
    pub fn strategy(&self, seed: u64, options: AiOptions) -> Option<Box<dyn Strategy>> {
        match self {
            Seat::Human => None,
            // The name was checked when the seat was parsed.
            Seat::Computer(name) => ai::by_spec(name, seed, options).ok(),
        }
    }
}

/// A seat's name that names no seat.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum SeatError {
    /// `minimax:` with a depth outside 1 to 64, or none.
    #[error(
        "\"{given}\": minimax looks 1 to 64 moves ahead, e.g. minimax:3 (plain minimax is \
         minimax:{})",
        ai::Minimax::DEFAULT_DEPTH
    )]
    MinimaxDepth { given: String },
    /// Neither `human` nor a strategy.
    #[error(
        "unknown seat \"{given}\"; expected human or a strategy: {}, minimax:N (N = 1 to \
         64), or a chain like corners>maxflip",
        ai::STRATEGY_NAMES.join(", ")
    )]
    Unknown { given: String },
}

impl TryFrom<String> for Seat {
    type Error = SeatError;
    fn try_from(s: String) -> Result<Seat, SeatError> {
        s.parse()
    }
}

impl FromStr for Seat {
    type Err = SeatError;

    fn from_str(s: &str) -> Result<Seat, SeatError> {
        let name = s.trim().to_ascii_lowercase();
        if name == "human" {
            return Ok(Seat::Human);
        }
        match ai::by_name(&name, 0) {
            Ok(_) => Ok(Seat::Computer(name)),
            Err(_) if name.starts_with("minimax:") => Err(SeatError::MinimaxDepth {
                given: s.to_string(),
            }),
            Err(_) => Err(SeatError::Unknown {
                given: s.to_string(),
            }),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parses_human_and_known_strategies_only() {
        assert_eq!("human".parse(), Ok(Seat::Human));
        assert_eq!("MaxFlip".parse(), Ok(Seat::Computer("maxflip".into())));
        let err = "deep-blue".parse::<Seat>().unwrap_err().to_string();
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
