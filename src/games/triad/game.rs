//! A game of Triad by the brief's rules: a seeded deck, twelve cards on the tableau, a
//! found triad replaced from the deck in the same places, and — only when the tableau holds
//! no triad and the deck is not empty — the whole tableau discarded and dealt anew.

use super::card::{CARDS, Card, why_not_triad};
use super::find::has_triad;
use crate::games::rng::shuffle;

/// Cards on a full tableau.
pub const TABLEAU: usize = 12;

/// The 81 cards in the order a seed shuffles them into: the game deals from the front.
pub fn shuffled_deck(seed: u64) -> Vec<Card> {
    let mut deck: Vec<Card> = Card::all().collect();
    shuffle(&mut deck, seed);
    deck
}

/// A re-deal: the tableau held no triad while the deck had cards.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Redeal {
    pub discarded: usize,
    pub dealt: usize,
}

/// What a found triad did: the cards taken, and any re-deals it led to.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Found {
    pub cards: [Card; 3],
    pub positions: [usize; 3],
    pub redeals: Vec<Redeal>,
}

/// Why a pick is refused; nothing changes.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum PickError {
    #[error("position {position} is not on the tableau; positions run from 0 to {last}")]
    NoSuchPosition { position: usize, last: usize },
    #[error("position {0} is picked twice; pick three different positions")]
    Repeated(usize),
    #[error("not a triad ({0})")]
    NotTriad(String),
    #[error("the game is over")]
    Over,
}

/// A game in progress.
///
/// Invariants: every card is in exactly one of the deck, the tableau, the found triads and
/// the discards; the tableau holds a triad unless the deck is empty.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Game {
    seed: u64,
    /// Cards still to deal, the next one last (so dealing is a pop).
    deck: Vec<Card>,
    tableau: Vec<Card>,
    found: Vec<[Card; 3]>,
    discarded: usize,
    /// Re-deals made when the game was set up (before the first pick).
    opening_redeals: Vec<Redeal>,
}

impl Game {
    /// A new game from `seed`: the shuffled deck, twelve cards dealt, and re-deals while the
    /// tableau holds no triad.
    pub fn new(seed: u64) -> Game {
        let mut deck = shuffled_deck(seed);
        deck.reverse();
        let mut game = Game {
            seed,
            deck,
            tableau: Vec::with_capacity(TABLEAU),
            found: Vec::new(),
            discarded: 0,
            opening_redeals: Vec::new(),
        };
        game.deal_up_to_full();
        game.opening_redeals = game.redeal_while_stuck();
        game
    }

    pub fn seed(&self) -> u64 {
        self.seed
    }

    /// The cards on the tableau, by position.
    pub fn tableau(&self) -> &[Card] {
        &self.tableau
    }

    /// Cards left in the deck.
    pub fn deck_left(&self) -> usize {
        self.deck.len()
    }

    /// The triads found so far, in order.
    pub fn found(&self) -> &[[Card; 3]] {
        &self.found
    }

    /// Cards discarded by re-deals.
    pub fn discarded(&self) -> usize {
        self.discarded
    }

    /// The re-deals made before the first pick.
    pub fn opening_redeals(&self) -> &[Redeal] {
        &self.opening_redeals
    }

    /// Over when the deck is empty and the tableau holds no triad.
    pub fn is_over(&self) -> bool {
        self.deck.is_empty() && !has_triad(&self.tableau)
    }

    /// Picks three positions: a triad is taken and replaced from the deck (then re-dealt
    /// while the tableau holds none); anything else is refused with the reason.
    pub fn pick(&mut self, positions: [usize; 3]) -> Result<Found, PickError> {
        if self.is_over() {
            return Err(PickError::Over);
        }
        let last = self.tableau.len().saturating_sub(1);
        for (n, &p) in positions.iter().enumerate() {
            if p >= self.tableau.len() {
                return Err(PickError::NoSuchPosition { position: p, last });
            }
            if positions[..n].contains(&p) {
                return Err(PickError::Repeated(p));
            }
        }
        let cards = positions.map(|p| self.tableau[p]);
        if let Some(reason) = why_not_triad(cards) {
            return Err(PickError::NotTriad(reason));
        }
        self.found.push(cards);
        // New cards take the same places while the deck lasts; then the tableau closes up.
        let mut emptied = Vec::new();
        let mut sorted = positions;
        sorted.sort_unstable();
        for &p in &sorted {
            match self.deck.pop() {
                Some(card) => self.tableau[p] = card,
                None => emptied.push(p),
            }
        }
        for &p in emptied.iter().rev() {
            self.tableau.remove(p);
        }
        let redeals = self.redeal_while_stuck();
        Ok(Found {
            cards,
            positions,
            redeals,
        })
    }

    /// Deals from the deck until the tableau is full or the deck empty.
    fn deal_up_to_full(&mut self) {
        while self.tableau.len() < TABLEAU {
            let Some(card) = self.deck.pop() else { break };
            self.tableau.push(card);
        }
    }

    /// The brief's only re-deal: while the tableau holds no triad and the deck has cards,
    /// discard the tableau and deal up to twelve.
    fn redeal_while_stuck(&mut self) -> Vec<Redeal> {
        let mut redeals = Vec::new();
        while !self.deck.is_empty() && !has_triad(&self.tableau) {
            let discarded = self.tableau.len();
            self.discarded += discarded;
            self.tableau.clear();
            self.deal_up_to_full();
            redeals.push(Redeal {
                discarded,
                dealt: self.tableau.len(),
            });
        }
        redeals
    }

    /// Every card is somewhere exactly once (a check for tests and debugging).
    pub fn cards_accounted_for(&self) -> bool {
        self.deck.len() + self.tableau.len() + 3 * self.found.len() + self.discarded == CARDS
    }
}
