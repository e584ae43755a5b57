//! Cards: a name and four attack values, one per compass side.

use std::fmt;

use serde::{Deserialize, Serialize};

/// A compass side of a card or a direction on the grid.
///
/// The discriminants follow the card file order (North, South, East, West), which is also the
/// order in which a card battles its neighbours.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Direction {
    North = 0,
    South = 1,
    East = 2,
    West = 3,
}

impl Direction {
    /// All four directions in battle order: N, S, E, W.
    pub const ALL: [Direction; 4] = [
        Direction::North,
        Direction::South,
        Direction::East,
        Direction::West,
    ];

    /// The side that faces back: North and South face each other, as do East and West.
    pub const fn opposite(self) -> Direction {
        match self {
            Direction::North => Direction::South,
            Direction::South => Direction::North,
            Direction::East => Direction::West,
            Direction::West => Direction::East,
        }
    }

    /// The full lower-case name, as used in messages.
    pub const fn name(self) -> &'static str {
        match self {
            Direction::North => "north",
            Direction::South => "south",
            Direction::East => "east",
            Direction::West => "west",
        }
    }
}

/// An attack value: an integer from 1 to 10. Ten is written `A`.
///
/// Invariant: `1 <= get() <= 10`; no other value can be constructed.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(try_from = "u8", into = "u8")]
pub struct Value(u8);

impl Value {
    /// The smallest value, 1.
    pub const MIN: Value = Value(1);
    /// The largest value, 10 (`A`).
    pub const MAX: Value = Value(10);

    /// A value from its number, or `None` outside 1..=10.
    pub const fn new(n: u8) -> Option<Value> {
        if n >= 1 && n <= 10 {
            Some(Value(n))
        } else {
            None
        }
    }

    /// The number, 1..=10.
    pub const fn get(self) -> u8 {
        self.0
    }

    /// Parses the card-file spelling: `1`–`9`, or `A`/`a` for ten.
    pub fn parse(token: &str) -> Option<Value> {
        match token.as_bytes() {
            [d @ b'1'..=b'9'] => Some(Value(d - b'0')),
            [b'A' | b'a'] => Some(Value(10)),
            _ => None,
        }
    }
}

impl TryFrom<u8> for Value {
    type Error = ValueError;

    fn try_from(n: u8) -> Result<Value, ValueError> {
        Value::new(n).ok_or(ValueError(n))
    }
}

/// A number that is not an attack value.
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
#[error("attack value {0} is not 1-10")]
pub struct ValueError(pub u8);

impl From<Value> for u8 {
    fn from(v: Value) -> u8 {
        v.0
    }
}

impl fmt::Display for Value {
    /// Writes `1`–`9`, or `A` for ten.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.0 == 10 {
            f.write_str("A")
        } else {
            write!(f, "{}", self.0)
        }
    }
}

/// A card: a unique name and one attack value per side.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Card {
    name: String,
    values: [Value; 4],
}

impl Card {
    /// A card from its name and values in file order (north, south, east, west).
    pub fn new(
        name: impl Into<String>,
        north: Value,
        south: Value,
        east: Value,
        west: Value,
    ) -> Card {
        Card {
            name: name.into(),
            values: [north, south, east, west],
        }
    }

    /// The card's name, unique within a deck.
    pub fn name(&self) -> &str {
        &self.name
    }

    /// The attack value on one side.
    #[inline]
    pub fn value(&self, side: Direction) -> Value {
        self.values[side as usize]
    }

    /// The four values in file order: north, south, east, west.
    pub fn values(&self) -> [Value; 4] {
        self.values
    }
}

impl fmt::Display for Card {
    /// The card-file line and textual-view line: `NAME N S E W`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let [n, s, e, w] = self.values;
        write!(f, "{} {n} {s} {e} {w}", self.name)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn values_parse_digits_and_ace_only() {
        assert_eq!(Value::parse("1"), Value::new(1));
        assert_eq!(Value::parse("9"), Value::new(9));
        assert_eq!(Value::parse("A"), Some(Value::MAX));
        assert_eq!(Value::parse("a"), Some(Value::MAX));
        for bad in ["0", "10", "B", "", " 1", "11", "-1", "AA"] {
            assert_eq!(Value::parse(bad), None, "{bad:?}");
        }
        assert_eq!(Value::new(0), None);
        assert_eq!(Value::new(11), None);
    }

    #[test]
    fn card_displays_in_file_order_with_ace() {
        let v = |n| Value::new(n).unwrap();
        let card = Card::new("CorruptKing", v(7), v(3), v(9), v(10));
        assert_eq!(card.to_string(), "CorruptKing 7 3 9 A");
        assert_eq!(card.value(Direction::East), v(9));
        assert_eq!(card.value(Direction::West), v(10));
    }

    #[test]
    fn opposite_pairs_north_south_and_east_west() {
        for d in Direction::ALL {
            assert_eq!(d.opposite().opposite(), d);
            assert_ne!(d.opposite(), d);
        }
        assert_eq!(Direction::North.opposite(), Direction::South);
        assert_eq!(Direction::East.opposite(), Direction::West);
    }
}
