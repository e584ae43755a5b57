//! Solitaire games played by a finder (the hint: the first triad in position order), and
//! what they show about the deal: how often twelve cards hold no triad, re-deals, triads
//! found. Pure and seeded: game `i` of a run is dealt from `seed + i`.

use super::find::first_triad;
use super::game::{Found, Game, Redeal, TABLEAU};

/// What one game showed.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct GameStats {
    /// The first twelve cards held no triad.
    pub first_deal_stuck: bool,
    /// Fresh tableaus of twelve (the first deal and every full re-deal) and how many of them
    /// held no triad.
    pub fresh: usize,
    pub fresh_stuck: usize,
    /// Tableaus of twelve formed by replacing a found triad, and how many held no triad.
    pub replaced: usize,
    pub replaced_stuck: usize,
    pub redeals: usize,
    pub found: usize,
}

impl GameStats {
    /// Counts the tableaus a run of re-deals dealt: each full one is fresh, and stuck when
    /// another re-deal followed it.
    fn count_redeals(&mut self, redeals: &[Redeal]) {
        self.redeals += redeals.len();
        for (i, r) in redeals.iter().enumerate() {
            if r.dealt == TABLEAU {
                self.fresh += 1;
                self.fresh_stuck += usize::from(i + 1 < redeals.len());
            }
        }
    }
}

/// Plays one solitaire game from `seed`, always taking the first triad.
pub fn play_one(seed: u64) -> GameStats {
    let mut game = Game::new(seed);
    let opening = game.opening_redeals();
    let mut stats = GameStats {
        first_deal_stuck: !opening.is_empty(),
        fresh: 1,
        fresh_stuck: usize::from(!opening.is_empty()),
        ..GameStats::default()
    };
    stats.count_redeals(opening);
    while let Some(positions) = first_triad(game.tableau()) {
        // A full tableau with three cards in the deck is full again after the pick.
        let refilled = game.deck_left() >= 3 && game.tableau().len() == TABLEAU;
        let Ok(Found { redeals, .. }) = game.pick(positions) else {
            break;
        };
        stats.found += 1;
        if refilled {
            stats.replaced += 1;
            stats.replaced_stuck += usize::from(!redeals.is_empty());
        }
        stats.count_redeals(&redeals);
    }
    stats
}

/// The sums over many games.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct Summary {
    pub games: usize,
    pub first_deal_stuck: usize,
    pub fresh: usize,
    pub fresh_stuck: usize,
    pub replaced: usize,
    pub replaced_stuck: usize,
    pub redeals: usize,
    /// `found_counts[n]`: games that found `n` triads.
    pub found_counts: Vec<usize>,
}

impl Summary {
    pub fn add(&mut self, game: &GameStats) {
        self.games += 1;
        self.first_deal_stuck += usize::from(game.first_deal_stuck);
        self.fresh += game.fresh;
        self.fresh_stuck += game.fresh_stuck;
        self.replaced += game.replaced;
        self.replaced_stuck += game.replaced_stuck;
        self.redeals += game.redeals;
        if self.found_counts.len() <= game.found {
            self.found_counts.resize(game.found + 1, 0);
        }
        self.found_counts[game.found] += 1;
    }

    /// Adds another run's sums.
    pub fn merge(&mut self, other: &Summary) {
        self.games += other.games;
        self.first_deal_stuck += other.first_deal_stuck;
        self.fresh += other.fresh;
        self.fresh_stuck += other.fresh_stuck;
        self.replaced += other.replaced;
        self.replaced_stuck += other.replaced_stuck;
        self.redeals += other.redeals;
        if self.found_counts.len() < other.found_counts.len() {
            self.found_counts.resize(other.found_counts.len(), 0);
        }
        for (n, c) in other.found_counts.iter().enumerate() {
            self.found_counts[n] += c;
        }
    }

    /// The mean number of triads found a game.
    pub fn mean_found(&self) -> f64 {
        let total: usize = self
            .found_counts
            .iter()
            .enumerate()
            .map(|(n, c)| n * c)
            .sum();
        ratio(total, self.games)
    }
}

/// `a / b` as a float, 0 for an empty `b`.
pub fn ratio(a: usize, b: usize) -> f64 {
    if b == 0 { 0.0 } else { a as f64 / b as f64 }
}

/// Plays games `seed + first .. seed + first + count` and sums them.
pub fn play_range(seed: u64, first: u64, count: u64) -> Summary {
    let mut summary = Summary::default();
    for i in first..first + count {
        summary.add(&play_one(seed.wrapping_add(i)));
    }
    summary
}
