//! The two players, Red (moves first) and Blue.

use std::fmt;

use serde::{Deserialize, Serialize};

/// A player colour. Red always moves first.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Player {
    Red = 0,
    Blue = 1,
}

impl Player {
    /// Both players, Red first.
    pub const BOTH: [Player; 2] = [Player::Red, Player::Blue];

    /// The opponent.
    #[inline]
    pub const fn other(self) -> Player {
        match self {
            Player::Red => Player::Blue,
            Player::Blue => Player::Red,
        }
    }

    /// Upper case, as in the textual view: `RED` or `BLUE`.
    pub const fn upper(self) -> &'static str {
        match self {
            Player::Red => "RED",
            Player::Blue => "BLUE",
        }
    }

    /// The single letter the textual view uses for a card this player owns.
    pub const fn letter(self) -> char {
        match self {
            Player::Red => 'R',
            Player::Blue => 'B',
        }
    }
}

impl fmt::Display for Player {
    /// `RED` or `BLUE`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.upper())
    }
}
