//! The fixed part of a game: grid, deck and rules, shared by every copy of a game.

use super::card::{Card, Value};
use super::grid::Grid;
use super::rules::RuleSet;

/// What never changes during a game. Shared behind an `Arc`, so cloning a game (as the AIs
/// do) copies only the cells and hands.
#[derive(Debug)]
pub(crate) struct Setup {
    pub grid: Grid,
    pub deck: Vec<Card>,
    pub rules: RuleSet,
    /// `values[i]` = the four values of `deck[i]`, kept flat for the battle loop.
    values: Vec<[Value; 4]>,
    /// `beats[a]` has bit `b` set iff value `a` beats value `b` under `rules`.
    beats: [u16; 11],
}

impl Setup {
    pub fn new(grid: Grid, deck: Vec<Card>, rules: RuleSet) -> Setup {
        let values: Vec<[Value; 4]> = deck.iter().map(Card::values).collect();
        let mut beats = [0u16; 11];
        for a in 1..=10u8 {
            for b in 1..=10u8 {
                if let (Some(va), Some(vb)) = (Value::new(a), Value::new(b))
                    && rules.beats(va, vb)
                {
                    beats[a as usize] |= 1 << b;
                }
            }
        }
        Setup {
            grid,
            deck,
            rules,
            values,
            beats,
        }
    }

    #[inline]
    pub fn values(&self, card: u32) -> [Value; 4] {
        self.values[card as usize]
    }

    /// The comparison rule, from the precomputed table.
    #[inline]
    pub fn beats(&self, attack: Value, defense: Value) -> bool {
        self.beats[attack.get() as usize] & (1 << defense.get()) != 0
    }
}
