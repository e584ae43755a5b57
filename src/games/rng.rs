//! Seeded randomness whose results depend only on the seed, never on a library version.

use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

/// The generator behind every random choice in a game: ChaCha8, whose output stream
/// rand_chacha keeps stable across releases.
pub type GameRng = ChaCha8Rng;

/// A generator from a 64-bit seed.
pub fn seeded(seed: u64) -> GameRng {
    ChaCha8Rng::seed_from_u64(seed)
}

/// Fisher–Yates driven by [`below`], so the permutation is fixed by the seed alone.
pub fn shuffle<T>(items: &mut [T], seed: u64) {
    let mut rng = seeded(seed);
    for i in (1..items.len()).rev() {
        let j = below(&mut rng, i as u64 + 1) as usize;
        items.swap(i, j);
    }
}

/// A uniform integer in `0..bound` by Lemire's multiply-and-reject method. `bound` must be
/// positive. Written out rather than taken from `rand` because `rand`'s range sampling has
/// changed between versions, which would change every seeded game.
pub fn below(rng: &mut impl Rng, bound: u64) -> u64 {
    debug_assert!(bound > 0);
    let threshold = bound.wrapping_neg() % bound;
    loop {
        let product = u128::from(rng.next_u64()) * u128::from(bound);
        if (product as u64) >= threshold {
            return (product >> 64) as u64;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn below_stays_in_range_and_reaches_every_value() {
        let mut rng = seeded(7);
        let mut seen = [false; 6];
        for _ in 0..500 {
            let x = below(&mut rng, 6);
            seen[x as usize] = true;
        }
        assert!(seen.iter().all(|&s| s));
        for bound in 1..200 {
            assert!(below(&mut rng, bound) < bound);
        }
    }
}
