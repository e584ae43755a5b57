//! What can be wrong with a state string, said so that a person can find and fix it: which
//! item, its text where there is one, and the rule it breaks.

use std::fmt;

use super::geometry::Cell;

/// An item of a state string, numbered from 1 in the order written.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Item {
    Cranny(usize),
    Nook(usize),
    Piece(usize),
}

impl fmt::Display for Item {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Item::Cranny(n) => write!(f, "cranny {n}"),
            Item::Nook(n) => write!(f, "nook {n}"),
            Item::Piece(n) => write!(f, "piece {n}"),
        }
    }
}

/// Why a string of crannies, of nooks or a whole game is not legal.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum StateError {
    #[error("{what} must be {expected} characters long, not {len}")]
    Length {
        what: &'static str,
        expected: &'static str,
        len: usize,
    },
    #[error("character {position} ({ch:?}) is not a digit or a letter A–F")]
    Character { position: usize, ch: char },
    #[error("{item} (`{text}`): a cell is exactly three digits, 000 to 216")]
    Digits { item: Item, text: String },
    #[error("{item} (`{text}`): there is no cell {cell}; cells run from 000 to 216")]
    NoSuchCell { item: Item, text: String, cell: u16 },
    #[error("{item} (`{text}`): letter must be A–F")]
    Letter { item: Item, text: String },
    #[error("{item} at {cell} is not on the outer ring; crannies are at 169 to 216")]
    CrannyOffRing { item: Item, cell: Cell },
    #[error("side {side} ({first:03}–{last:03}) has {count} crannies; each side has exactly one")]
    CranniesPerSide {
        side: u8,
        first: Cell,
        last: Cell,
        count: u8,
    },
    #[error("{item} at {cell} is not a nook cell (the non-corner cells of rings 2 to 6)")]
    NookCell { item: Item, cell: Cell },
    #[error("nook {first} and nook {second} are both at {cell}")]
    NookTwice {
        first: usize,
        second: usize,
        cell: Cell,
    },
    #[error("the nooks at {first} and {second} are neighbours; no two nooks may touch")]
    NooksAdjacent { first: Cell, second: Cell },
    #[error("triangle {triangle} holds {count} nooks; each of the six holds exactly three")]
    Triangle { triangle: u8, count: u8 },
    #[error("{item} at {cell} is not on a nook")]
    PieceOffNook { item: Item, cell: Cell },
    #[error("piece {first} and piece {second} are both at {cell}")]
    PieceTwice {
        first: usize,
        second: usize,
        cell: Cell,
    },
    #[error(
        "a lone piece cannot get from the nook at {from} to the nook at {to}; every nook \
         must reach every other"
    )]
    Unreachable { from: Cell, to: Cell },
}
