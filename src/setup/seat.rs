//! Who plays a side: a person at this terminal, or a named computer strategy. The game a
//! seat sits in checks the name: a platform game when its match starts (`TwoPlayer::strategy`),
//! Three Trios when a seat is read from text (its seat module, beside its controller, reads
//! seats from text and says why a name is no seat).

use std::fmt;

use serde::{Deserialize, Serialize};

/// A seat: `human`, or the name of an AI strategy.
///
/// Read from text (`FromStr`, and so serde) it is a Three Trios seat, the layout of its flags,
/// version-1 records and config files; other games read seats with [`Seat::named`].
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(try_from = "String", into = "String")]
pub enum Seat {
    Human,
    Computer(String),
}

impl Seat {
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

impl From<Seat> for String {
    fn from(seat: Seat) -> String {
        seat.to_string()
    }
}
