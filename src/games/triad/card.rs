//! The 81 cards of Triad: a shape, a colour, a count and a fill, each one of three values.
//! A card is its place in the unshuffled deck (shape outermost, then colour, count, fill),
//! so its four properties are the base-3 digits of that number.

use std::fmt;
use std::str::FromStr;

/// The three values of each property, in deck order, as the card text names them.
pub const SHAPES: [&str; 3] = ["triangle", "oval", "diamond"];
pub const COLORS: [&str; 3] = ["orange", "purple", "green"];
pub const COUNTS: [&str; 3] = ["1", "2", "3"];
pub const FILLS: [&str; 3] = ["none", "light", "dark"];

/// The four properties, in the order of a card's text, with their names for messages.
pub const PROPERTIES: [(&str, [&str; 3]); 4] = [
    ("shape", SHAPES),
    ("color", COLORS),
    ("count", COUNTS),
    ("fill", FILLS),
];

/// How many cards there are: every combination of four properties of three values.
pub const CARDS: usize = 81;

/// A Triad card. Invariant: the number is below [`CARDS`].
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Card(u8);

/// The power of three that weighs each property in a card's number, in text order.
const WEIGHTS: [u8; 4] = [27, 9, 3, 1];

impl Card {
    /// The card at `index` of the unshuffled deck, if there is one.
    pub const fn from_index(index: usize) -> Option<Card> {
        if index < CARDS {
            Some(Card(index as u8))
        } else {
            None
        }
    }

    /// The card with these values (each 0, 1 or 2) of shape, colour, count and fill.
    pub const fn from_values(values: [u8; 4]) -> Option<Card> {
        let mut index = 0u8;
        let mut i = 0;
        while i < 4 {
            if values[i] > 2 {
                return None;
            }
            index += values[i] * WEIGHTS[i];
            i += 1;
        }
        Some(Card(index))
    }

    /// Every card, in the unshuffled deck's order.
    pub fn all() -> impl Iterator<Item = Card> {
        (0..CARDS as u8).map(Card)
    }

    /// The card's place in the unshuffled deck.
    pub const fn index(self) -> usize {
        self.0 as usize
    }

    /// The card's value (0, 1 or 2) of property `p` (0 shape, 1 colour, 2 count, 3 fill).
    pub const fn value(self, p: usize) -> u8 {
        (self.0 / WEIGHTS[p]) % 3
    }

    /// All four values, in text order.
    pub const fn values(self) -> [u8; 4] {
        [self.value(0), self.value(1), self.value(2), self.value(3)]
    }

    /// The number of symbols on the card: 1, 2 or 3.
    pub const fn count(self) -> u8 {
        self.value(2) + 1
    }

    /// The one card that makes a triad with `self` and `other`: in each property the same
    /// value when theirs agree, the third value when they differ. (With `self == other` it is
    /// that card again.)
    pub const fn third(self, other: Card) -> Card {
        let mut index = 0u8;
        let mut i = 0;
        while i < 4 {
            let sum = self.value(i) + other.value(i);
            index += ((6 - sum) % 3) * WEIGHTS[i];
            i += 1;
        }
        Card(index)
    }
}

/// Whether three cards are, in every property, all the same or all different: in base 3,
/// exactly when each property's values sum to a multiple of three.
pub const fn is_triad(a: Card, b: Card, c: Card) -> bool {
    let mut i = 0;
    while i < 4 {
        if !(a.value(i) + b.value(i) + c.value(i)).is_multiple_of(3) {
            return false;
        }
        i += 1;
    }
    // Three copies of one card agree everywhere but are not three cards.
    a.0 != b.0 && b.0 != c.0 && a.0 != c.0
}

/// Why three cards are not a triad: the first property that is neither all the same nor all
/// different, said plainly (`shape: two ovals and a diamond`); `None` for a triad.
pub fn why_not_triad(cards: [Card; 3]) -> Option<String> {
    let [a, b, c] = cards;
    if a == b || b == c || a == c {
        return Some("the same card twice".to_string());
    }
    for (p, (name, values)) in PROPERTIES.iter().enumerate() {
        let [x, y, z] = [a.value(p), b.value(p), c.value(p)];
        if (x + y + z) % 3 == 0 {
            continue;
        }
        // Two agree and one differs.
        let (pair, odd) = if x == y {
            (x, z)
        } else if x == z {
            (x, y)
        } else {
            (y, x)
        };
        let word = |v: u8| values[usize::from(v)];
        let text = match p {
            2 => format!(
                "count: two cards with {} and one with {}",
                word(pair),
                word(odd)
            ),
            3 => format!("fill: two {} and one {}", word(pair), word(odd)),
            1 => format!("color: two {} and one {}", word(pair), word(odd)),
            _ => format!("{name}: two {}s and one {}", word(pair), word(odd)),
        };
        return Some(text);
    }
    None
}

impl fmt::Display for Card {
    /// `shape,color,count,fill`, e.g. `diamond,green,3,dark`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let [s, c, n, fill] = self.values().map(usize::from);
        write!(
            f,
            "{},{},{},{}",
            SHAPES[s], COLORS[c], COUNTS[n], FILLS[fill]
        )
    }
}

/// Why a card's text is not a card.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum CardError {
    #[error("\"{0}\" is not a card: write shape,color,count,fill, e.g. diamond,green,3,dark")]
    Shape(String),
    #[error("\"{text}\": {property} is one of {expected}, not \"{got}\"")]
    Value {
        text: String,
        property: &'static str,
        expected: String,
        got: String,
    },
}

impl FromStr for Card {
    type Err = CardError;

    /// Reads `shape,color,count,fill`; spaces around the parts and letter case do not matter.
    fn from_str(text: &str) -> Result<Card, CardError> {
        let parts: Vec<&str> = text.split(',').map(str::trim).collect();
        if parts.len() != 4 {
            return Err(CardError::Shape(crate::escape::quoted(text)));
        }
        let mut values = [0u8; 4];
        for (p, ((property, names), part)) in PROPERTIES.iter().zip(&parts).enumerate() {
            let wanted = part.to_ascii_lowercase();
            let Some(v) = names.iter().position(|n| *n == wanted) else {
                return Err(CardError::Value {
                    text: crate::escape::quoted(text),
                    property,
                    expected: names.join(", "),
                    got: crate::escape::quoted(part),
                });
            };
            values[p] = v as u8;
        }
        Card::from_values(values).ok_or_else(|| CardError::Shape(crate::escape::quoted(text)))
    }
}
