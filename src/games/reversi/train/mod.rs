//! Training the learned evaluation from trios's own games: self-play with random openings,
//! labelled by the games' results or by deep searches, exact near the end; a least-squares
//! fit of the pattern weights, a held-out set of exactly solved positions, and the report
//! comparing evaluations on it.
//!
//! Everything is deterministic: each game has its own seed derived from the run's seed, and
//! the fit sums in a fixed order on one thread.

pub mod data;
pub mod deep;
pub mod fit;
pub mod heldout;
pub mod play;
pub mod report;
pub mod selfplay;

/// A small seeded generator (SplitMix64): reproducible on every platform.
#[derive(Debug, Clone)]
pub struct Rng(u64);

impl Rng {
    /// A generator for `seed`.
    pub fn new(seed: u64) -> Rng {
        Rng(seed)
    }

    /// The next 64 random bits.
    pub fn next_u64(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^ (z >> 31)
    }

    /// A value in `0..n` (`n > 0`).
    pub fn below(&mut self, n: u64) -> u64 {
        ((u128::from(self.next_u64()) * u128::from(n)) >> 64) as u64
    }
}

/// The seed of game `index` in stream `stream` of a run seeded with `seed`: streams keep
/// training and held-out games apart.
pub fn game_seed(seed: u64, stream: u64, index: u64) -> u64 {
    let mut r = Rng::new(seed ^ stream.wrapping_mul(0xd6e8_feb8_6659_fd93));
    let a = r.next_u64();
    Rng::new(a ^ index.wrapping_mul(0x9e37_79b9_7f4a_7c15)).next_u64()
}
